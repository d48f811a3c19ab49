//! Simulator scenarios: plain JSON so the playground, share links and docs can carry them.
//!
//! Unknown fields are refused (a typo must not silently become a default), and impossible values
//! (zero nodes, more than 5000, negative durations) are errors, never panics.

use serde::{Deserialize, Serialize};

use crate::controller::nodelifecycle::{ControllerConfig, ControllerConfigError};
use crate::duration::Duration;

/// The simulator's limits, checked before any work, so that every call within them answers in
/// well under a second in wasm and every call beyond them is refused at once, naming the limit.
///
/// Nodes in one scenario.
pub const MAX_NODES: u32 = 5000;
/// Simulated time of one scenario (168h).
pub const MAX_DURATION_MS: i64 = 7 * 24 * 3_600_000;
/// Write-rate buckets over the whole scenario (`duration / rateWindow`).
pub const MAX_RATE_BUCKETS: i64 = 100_000;
/// Work of one call (`simulateCluster`, or one `advance` step): node-periods, that is nodes ×
/// simulated time × (1/nodeStatusUpdateFrequency + 1/lease renew interval + 1/nodeMonitorPeriod).
/// 5000 nodes for 1h at the defaults is 7.2M.
pub const MAX_WORK_PER_CALL: f64 = 8_000_000.0;
/// Faults in one scenario.
pub const MAX_FAULTS: usize = 1000;
/// `traceLimit` (transitions + events + taints kept).
pub const MAX_TRACE_LIMIT: u32 = 1_000_000;

/// A cluster scenario. Every field but `nodes` and `duration` has a Kubernetes default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct Scenario {
    /// Number of nodes, 1..=5000, named `node-0`, `node-1`, ...
    pub nodes: u32,
    /// How much simulated time to run ("1h").
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub duration: Duration,
    /// Seed of the jitter generator; the same scenario and seed give the same trace.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<u64>"))]
    pub seed: u64,
    /// Picks version-dependent defaults (grace period 40s ≤ 1.31, 50s ≥ 1.32). Default: 1.34.
    #[serde(default)]
    pub kubernetes_version: Option<String>,
    /// Node leases on (since 1.14 GA 1.17) or off (the old way: a status patch every sync).
    #[serde(default = "yes")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<bool>"))]
    pub node_leases: bool,
    /// `nodeStatusUpdateFrequency` (10s).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub node_status_update_frequency: Option<Duration>,
    /// `nodeStatusReportFrequency` (5m; equals the update frequency when leases are off).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub node_status_report_frequency: Option<Duration>,
    /// `nodeLeaseDurationSeconds` (40).
    #[serde(default)]
    pub node_lease_duration_seconds: Option<i64>,
    /// `evictionPressureTransitionPeriod` (5m).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub eviction_pressure_transition_period: Option<Duration>,
    /// Spread nodes over this many zones (`topology.kubernetes.io/zone` = `zone-<i mod zones>`).
    #[serde(default)]
    pub zones: Option<u32>,
    /// Node lifecycle controller settings.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<ControllerConfig>"))]
    pub controller: ControllerConfig,
    /// Width of the write-rate buckets (1m).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub rate_window: Option<Duration>,
    /// Cap on transitions + events + taints kept in the trace (100000).
    #[serde(default)]
    pub trace_limit: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<Fault>>"))]
    pub faults: Vec<Fault>,
}

fn yes() -> bool {
    true
}

/// What goes wrong, on which nodes, from `at` until `until` (absent: to the end).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct Fault {
    pub kind: FaultKind,
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub at: Duration,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub until: Option<Duration>,
    /// Node names; absent means every node (or the first `firstNodes`).
    #[serde(default)]
    pub nodes: Option<Vec<String>>,
    #[serde(default)]
    pub first_nodes: Option<u32>,
    /// Error text for runtimeError/networkError (defaults below).
    #[serde(default)]
    pub message: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum FaultKind {
    /// The kubelet process is down; `until` restarts it.
    KubeletStopped,
    /// The node cannot reach the API server.
    Partitioned,
    /// memory.available below the hard threshold.
    MemoryPressure,
    /// nodefs.available below the hard threshold.
    DiskPressure,
    /// pid.available below the threshold.
    PidPressure,
    /// The runtime reports an error (Ready becomes False).
    RuntimeError,
    /// The network plugin is not ready (Ready becomes False).
    NetworkError,
}

impl FaultKind {
    /// Every kind, in declaration order (what a front end offers). The match below stops
    /// compiling when a variant is added without being listed here.
    pub const ALL: [FaultKind; 7] = {
        use FaultKind::*;
        const fn listed(k: FaultKind) -> FaultKind {
            match k {
                KubeletStopped | Partitioned | MemoryPressure | DiskPressure | PidPressure
                | RuntimeError | NetworkError => k,
            }
        }
        [
            listed(KubeletStopped),
            listed(Partitioned),
            listed(MemoryPressure),
            listed(DiskPressure),
            listed(PidPressure),
            listed(RuntimeError),
            listed(NetworkError),
        ]
    };
}

error_kind! {
    /// What kind of error a [`ScenarioError`] is.
    pub enum SimulatorErrorKind {
        /// A scenario, or a step of its clock, the simulator refuses.
        Simulator = "simulator",
    }
}

/// A scenario that cannot run, or a step of the clock the simulator refuses; with the
/// controller-settings error underneath when the scenario's controller settings were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    message: String,
    settings: Option<ControllerConfigError>,
}

impl ScenarioError {
    pub(crate) fn new(message: String) -> Self {
        ScenarioError {
            message,
            settings: None,
        }
    }

    /// Always [`SimulatorErrorKind::Simulator`].
    pub fn kind(&self) -> SimulatorErrorKind {
        SimulatorErrorKind::Simulator
    }
}

impl From<ControllerConfigError> for ScenarioError {
    fn from(e: ControllerConfigError) -> Self {
        ScenarioError {
            message: e.to_string(),
            settings: Some(e),
        }
    }
}

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScenarioError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.settings
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Scenario {
    /// Parses scenario JSON text.
    pub fn from_json(text: &str) -> Result<Scenario, ScenarioError> {
        let s: Scenario = crate::json::strict::from_str(text)
            .map_err(|e| ScenarioError::new(format!("invalid scenario: {e}")))?;
        s.validate()?;
        Ok(s)
    }

    pub fn validate(&self) -> Result<(), ScenarioError> {
        let err = |m: String| Err(ScenarioError::new(m));
        if self.nodes == 0 || self.nodes > MAX_NODES {
            return err(format!(
                "nodes must be between 1 and {MAX_NODES}, got {}",
                self.nodes
            ));
        }
        if self.duration.0 <= 0 {
            return err(format!("duration must be positive, got {}", self.duration));
        }
        if self.duration.as_millis() > MAX_DURATION_MS {
            return err(format!(
                "duration must be at most 168h0m0s, got {}",
                self.duration
            ));
        }
        for (name, d) in [
            (
                "nodeStatusUpdateFrequency",
                self.node_status_update_frequency,
            ),
            (
                "nodeStatusReportFrequency",
                self.node_status_report_frequency,
            ),
            (
                "evictionPressureTransitionPeriod",
                self.eviction_pressure_transition_period,
            ),
            ("rateWindow", self.rate_window),
        ] {
            if let Some(d) = d {
                if d.as_millis() <= 0 && name != "evictionPressureTransitionPeriod" {
                    return err(format!("{name} must be at least 1ms, got {d}"));
                }
                if d.0 < 0 {
                    return err(format!("{name} must not be negative, got {d}"));
                }
            }
        }
        if let Some(w) = self.rate_window {
            let buckets = self.duration.as_millis() / w.as_millis().max(1);
            if buckets > MAX_RATE_BUCKETS {
                return err(format!(
                    "rateWindow {w} makes {buckets} write-rate buckets over {}; the limit is {MAX_RATE_BUCKETS}",
                    self.duration
                ));
            }
        }
        if self.faults.len() > MAX_FAULTS {
            return err(format!(
                "faults: {} faults; the limit is {MAX_FAULTS}",
                self.faults.len()
            ));
        }
        if let Some(l) = self.trace_limit {
            if l > MAX_TRACE_LIMIT {
                return err(format!(
                    "traceLimit must be at most {MAX_TRACE_LIMIT}, got {l}"
                ));
            }
        }
        if self.zones.is_some_and(|z| z > MAX_NODES) {
            return err(format!("zones must be at most {MAX_NODES}"));
        }
        if let Some(l) = self.node_lease_duration_seconds {
            if l <= 0 {
                return err(format!(
                    "nodeLeaseDurationSeconds must be positive, got {l}"
                ));
            }
            // The kubelet's field is an int32: a larger number is no configuration it reads.
            if l > i64::from(i32::MAX) {
                return err(format!(
                    "nodeLeaseDurationSeconds must be at most {}, got {l}",
                    i32::MAX
                ));
            }
        }
        if self.zones == Some(0) {
            return err("zones must be at least 1".to_string());
        }
        if let Some(p) = self.controller.node_monitor_period {
            if p.as_millis() <= 0 {
                return err(format!(
                    "controller.nodeMonitorPeriod must be at least 1ms, got {p}"
                ));
            }
        }
        for (i, f) in self.faults.iter().enumerate() {
            if f.at.0 < 0 {
                return err(format!("faults[{i}].at must not be negative, got {}", f.at));
            }
            if let Some(u) = f.until {
                if u < f.at {
                    return err(format!("faults[{i}].until ({u}) is before at ({})", f.at));
                }
            }
            if let Some(ns) = &f.nodes {
                for n in ns {
                    let ok = n
                        .strip_prefix("node-")
                        .and_then(|x| x.parse::<u32>().ok())
                        .is_some_and(|x| x < self.nodes && format!("node-{x}") == *n);
                    if !ok {
                        return err(format!("faults[{i}].nodes: no node named {n:?}"));
                    }
                }
            }
        }
        Ok(())
    }
}
