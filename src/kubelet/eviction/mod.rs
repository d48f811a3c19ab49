//! The eviction manager's view of node pressure (`pkg/kubelet/eviction`, ≈ v1.30–1.34).
//!
//! The kubelet's MemoryPressure/DiskPressure/PIDPressure conditions are not raw measurements: they
//! come from eviction thresholds on observed signals (`available < threshold`), kept on until the
//! signal recovers past the threshold plus min-reclaim, and reported until the pressure has not been
//! observed for a whole `evictionPressureTransitionPeriod` (5m by default). That hysteresis stops a
//! node from flapping its conditions (and its taints) on every 10s observation.

// Indexing is by `kind_index` (0..3) into `[_; 3]` tables and by threshold position into vectors
// sized to the thresholds when the manager is built: never by a caller's value.
#![allow(clippy::indexing_slicing)]

mod threshold;

pub use threshold::{
    default_eviction_hard, parse_thresholds, EvictionErrorKind, Observation, Signal, Threshold,
    ThresholdError, ThresholdValue,
};

use crate::duration::Duration;
use crate::kubelet::nodestatus::PressureKind;
use crate::timestamp::Time;

/// `evictionMonitoringPeriod`: how often `synchronize` runs.
pub const EVICTION_MONITORING_PERIOD: Duration = Duration(10_000_000_000);
/// Default `evictionPressureTransitionPeriod`.
pub const DEFAULT_PRESSURE_TRANSITION_PERIOD: Duration = Duration(300_000_000_000);

const KINDS: [PressureKind; 3] = [PressureKind::Memory, PressureKind::Disk, PressureKind::Pid];

fn kind_index(k: PressureKind) -> usize {
    match k {
        PressureKind::Memory => 0,
        PressureKind::Disk => 1,
        PressureKind::Pid => 2,
    }
}

/// The state `managerImpl` keeps between `synchronize` calls.
#[derive(Clone, Debug)]
pub struct EvictionManager {
    thresholds: Vec<Threshold>,
    transition_period_ms: i64,
    /// Thresholds met at the last synchronize (indices into `thresholds`).
    met: Vec<bool>,
    first_observed_at: Vec<Option<Time>>,
    last_observed_at: [Option<Time>; 3],
    conditions: [bool; 3],
}

/// What one `synchronize` decided.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SyncOutcome {
    /// Signals of thresholds met now (including ones held by min-reclaim).
    pub thresholds_met: Vec<Signal>,
    /// Signals whose grace period is satisfied: eviction would start (one pod per cycle).
    pub eviction_signals: Vec<Signal>,
}

impl EvictionManager {
    pub fn new(thresholds: Vec<Threshold>, pressure_transition_period: Duration) -> Self {
        let n = thresholds.len();
        EvictionManager {
            thresholds,
            transition_period_ms: pressure_transition_period.as_millis(),
            met: vec![false; n],
            first_observed_at: vec![None; n],
            last_observed_at: [None; 3],
            conditions: [false; 3],
        }
    }

    pub fn thresholds(&self) -> &[Threshold] {
        &self.thresholds
    }

    /// `IsUnderMemoryPressure` / `IsUnderDiskPressure` / `IsUnderPIDPressure`.
    pub fn is_under_pressure(&self, kind: PressureKind) -> bool {
        self.conditions[kind_index(kind)]
    }

    /// One `synchronize` pass at `now` with the observed signals; `None` for a signal means no
    /// observation (summary missing it), which never meets a threshold.
    pub fn synchronize(
        &mut self,
        now: Time,
        observe: impl Fn(Signal) -> Option<Observation>,
    ) -> SyncOutcome {
        let mut out = SyncOutcome::default();
        let mut observed_now = [false; 3];
        for (i, t) in self.thresholds.iter().enumerate() {
            let Some(obs) = observe(t.signal) else {
                self.met[i] = false;
                continue;
            };
            let q = t.value.quantity(obs.capacity);
            let met_fresh = obs.available < q;
            // A previously met threshold stays met until available >= threshold + minReclaim.
            let held = self.met[i] && {
                let reclaim = t.min_reclaim.map_or(0.0, |m| m.quantity(obs.capacity));
                obs.available < q + reclaim
            };
            let met = met_fresh || held;
            if met {
                if self.first_observed_at[i].is_none() || !self.met[i] {
                    self.first_observed_at[i] = Some(now);
                }
                out.thresholds_met.push(t.signal);
                if let Some(k) = t.signal.condition() {
                    observed_now[kind_index(k)] = true;
                }
                let since = self.first_observed_at[i].map_or(0, |f| now.millis() - f.millis());
                if since >= t.grace_period.as_millis() {
                    out.eviction_signals.push(t.signal);
                }
            } else {
                self.first_observed_at[i] = None;
            }
            self.met[i] = met;
        }
        for k in KINDS {
            let idx = kind_index(k);
            if observed_now[idx] {
                self.last_observed_at[idx] = Some(now);
            }
            // Reported while now - lastObservedAt < transition period (strict).
            self.conditions[idx] = self.last_observed_at[idx]
                .is_some_and(|t| now.millis() - t.millis() < self.transition_period_ms);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mgr() -> EvictionManager {
        let t = parse_thresholds(
            &[("memory.available", "100Mi")],
            &[],
            &[],
            &[("memory.available", "50Mi")],
        )
        .unwrap();
        EvictionManager::new(t, DEFAULT_PRESSURE_TRANSITION_PERIOD)
    }

    fn mem(avail_mi: f64) -> impl Fn(Signal) -> Option<Observation> {
        move |s| {
            (s == Signal::MemoryAvailable).then_some(Observation {
                available: avail_mi * 1024.0 * 1024.0,
                capacity: 8.0 * 1024.0 * 1024.0 * 1024.0,
            })
        }
    }

    #[test]
    fn turns_on_at_once_and_off_after_transition_period() {
        let mut m = mgr();
        let t0 = Time::from_millis(0);
        m.synchronize(t0, mem(500.0));
        assert!(!m.is_under_pressure(PressureKind::Memory));
        m.synchronize(Time::from_millis(10_000), mem(50.0));
        assert!(m.is_under_pressure(PressureKind::Memory));
        // recovered at 20s, still reported until 10s + 5m (strict <)
        m.synchronize(Time::from_millis(20_000), mem(500.0));
        assert!(m.is_under_pressure(PressureKind::Memory));
        m.synchronize(Time::from_millis(309_999), mem(500.0));
        assert!(m.is_under_pressure(PressureKind::Memory));
        m.synchronize(Time::from_millis(310_000), mem(500.0));
        assert!(!m.is_under_pressure(PressureKind::Memory));
    }

    #[test]
    fn min_reclaim_holds_threshold() {
        let mut m = mgr();
        let out = m.synchronize(Time::from_millis(0), mem(90.0));
        assert_eq!(out.thresholds_met, vec![Signal::MemoryAvailable]);
        // 120Mi: above 100Mi but below 100Mi + 50Mi: still met.
        let out = m.synchronize(Time::from_millis(10_000), mem(120.0));
        assert_eq!(out.thresholds_met, vec![Signal::MemoryAvailable]);
        let out = m.synchronize(Time::from_millis(20_000), mem(150.0));
        assert!(out.thresholds_met.is_empty());
    }

    #[test]
    fn no_observation_never_meets() {
        let mut m = mgr();
        let out = m.synchronize(Time::from_millis(0), |_| None);
        assert!(out.thresholds_met.is_empty());
        assert!(!m.is_under_pressure(PressureKind::Memory));
    }
}
