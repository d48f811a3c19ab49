//! A deterministic discrete-event simulator of node heartbeats: kubelets (status loop, lease,
//! eviction pressure), the API server's stored nodes and leases, and the node lifecycle controller,
//! on a virtual clock in milliseconds.
//!
//! Why a simulator: the interesting behaviour (a stopped kubelet going Unknown about 50s later, the
//! 5m pressure hysteresis, write rates with and without leases) only appears when the loops run
//! together. Jitter comes from a seeded hand-written PRNG, so a scenario plus seed is a share link.
//! Events sit in a timing wheel (`queue.rs`); a kubelet sync does not allocate unless it writes.
//!
//! Why it is fast (a 5000-node hour is 3.6 million events and 3.6 million node checks by the
//! controller): the common cases are decided from small per-node mirrors instead of the stored
//! `Node` objects. `cached` holds the four condition statuses as the API server stores them, so
//! an idle sync is four bytes compared inline; a due sync of a healthy node only moves the four
//! heartbeats, at positions verified once (`beats`); and the marks in `touched` tell the node
//! lifecycle controller which nodes nobody but itself rewrote, which lets it skip re-reading
//! them (its fast path, `controller::nodelifecycle::fast_path`). `tests/sim_equivalence.rs`
//! pins every trace byte.
//!
//! Under faults the same holds for silent nodes: a node that ended the last pass all Unknown and
//! that nobody wrote since costs the controller a lease check and a re-queue by node id (no
//! name hashed, compared or copied), not a re-read of its conditions. Bytes stored per write are
//! computed when a node's content changes and reused for heartbeats (their times encode to the
//! same length), and once per renew-time shape for leases.
//!
//! Layout: this file is the event loop (what runs when); `kubelet.rs` is everything a node does,
//! `control_plane.rs` what the node lifecycle controller does to the stored nodes, `trace.rs`
//! what is reported.

// Indexing here is by node index (< nodes, the length of every per-node vector, fixed when the
// simulator is built) and by condition index into the fixed `[_; 4]` tables (0..4 loops over
// those same tables): none comes from a caller unchecked, and the hot loops stay branch-free.
#![allow(clippy::indexing_slicing)]

mod control_plane;
mod kubelet;
mod queue;
mod scenario;
mod start;
mod trace;

pub use scenario::{Fault, FaultKind, Scenario, ScenarioError, SimulatorErrorKind, MAX_NODES};
pub use start::{start_from_node, NodeStart};
pub use trace::{
    RateBucket, Summary, Trace, TraceEvent, TraceTaint, TraceZone, Transition, WriteBytes, Writes,
};

use crate::controller::nodelifecycle::{NodeLifecycleController, NodeWrite, Settings};
use crate::kubelet::lease;
use crate::kubelet::nodestatus::{ConditionStatus, Node};
use crate::timestamp::Time;
use kubelet::Kubelet;

/// Wall-clock origin of the virtual clock: times in the trace are RFC 3339 from here.
pub const EPOCH: Time = Time::from_millis(1_735_689_600_000); // 2025-01-01T00:00:00Z

/// splitmix64: small, fast and good enough for jitter.
#[derive(Clone, Debug)]
pub(super) struct Rng(u64);

impl Rng {
    #[inline(always)]
    pub(super) fn next_f64(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `wait.Jitter(d, 0.04)`.
    #[inline(always)]
    pub(super) fn jitter(&mut self, ms: i64, factor: f64) -> i64 {
        ms + (self.next_f64() * factor * ms as f64) as i64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Ev {
    FaultStart(u32),
    FaultEnd(u32),
    Register(u32, u32, u32),
    KubeletSync(u32, u32),
    Lease(u32, u32, u32),
    Eviction(u32, u32),
    Monitor,
    TaintPass,
}

/// The running simulation; [`Simulator::advance`] moves the virtual clock.
#[derive(Debug)]
pub struct Simulator {
    scenario: Scenario,
    now: i64,
    end: i64,
    queue: queue::Queue<Ev>,
    rng: Rng,
    kubelets: Vec<Kubelet>,
    names: Vec<String>,
    server: Vec<Node>,
    server_owner: Vec<u32>,
    leases: Vec<Option<Time>>,
    cached: Vec<[u8; 4]>,
    controller: NodeLifecycleController,
    taint_pass_scheduled: bool,
    update_ms: i64,
    report_ms: i64,
    renew_ms: i64,
    monitor_ms: i64,
    window_ms: i64,
    limit: usize,
    trace: Trace,
    /// Scratch for the controller pass: indices of nodes it wrote.
    updated: Vec<usize>,
    /// Per stored node: positions of its four conditions as a heartbeat-only write last verified
    /// them ([`NO_BEATS`] when unverified), so the next such write skips the checks.
    beats: Vec<[u8; 4]>,
    /// Per stored node, what was written since the controller's last pass (the controller's fast
    /// path keys on it).
    touched: Vec<NodeWrite>,
    /// Per stored node: its stored size in bytes as of its last write other than a heartbeat
    /// (a heartbeat moves times only, whose encoded length does not change).
    sizes: Vec<u64>,
    /// Per stored node: the stored size of its Lease, and the renew-time shape it was computed
    /// for (`stored_size::micro_time_shape`; 0 before the first renewal).
    lease_sizes: Vec<(u8, u64)>,
    /// Rate bucket of the last write and the time it ends.
    bucket: usize,
    bucket_end: i64,
}

/// A status as the one-byte mirror `cached` keeps: 1 True, 2 False, 3 Unknown (the enum's
/// `repr(u8)`), 0 standing for "no such condition".
#[inline(always)]
pub(super) fn code(s: ConditionStatus) -> u8 {
    s as u8
}

/// Index of a condition type in [`TYPES`].
pub(super) use crate::objects::heartbeat_type as type_index;

pub(super) const TYPES: [&str; 4] = ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure"];

/// Status codes of a healthy node: Ready True, the three pressures False.
pub(super) const HEALTHY: [u8; 4] = [1, 2, 2, 2];

/// No verified condition positions (see [`Simulator::beats`]).
pub(super) const NO_BEATS: [u8; 4] = [u8::MAX; 4];

impl Simulator {
    pub fn new(scenario: Scenario) -> Result<Simulator, ScenarioError> {
        scenario.validate()?;
        let mut cfg = scenario.controller.clone();
        if cfg.kubernetes_version.is_none() {
            cfg.kubernetes_version = scenario.kubernetes_version.clone();
        }
        let settings = Settings::resolve(&cfg).map_err(ScenarioError::from)?;
        let update_ms = scenario
            .node_status_update_frequency
            .map_or(10_000, |d| d.as_millis());
        let report_ms = match scenario.node_status_report_frequency {
            Some(d) => d.as_millis(),
            None if scenario.node_leases => 300_000,
            None => update_ms,
        };
        let renew_ms = lease::renew_interval_ms(
            scenario
                .node_lease_duration_seconds
                // Unset: the kubelet's default (40).
                .unwrap_or(lease::DEFAULT_LEASE_DURATION_SECONDS),
        )
        .max(1);
        let n = scenario.nodes as usize;
        let mut sim = Simulator {
            now: 0,
            end: scenario.duration.as_millis(),
            queue: queue::Queue::with_capacity(n * 4),
            rng: Rng(scenario.seed),
            kubelets: vec![Kubelet::default(); n],
            names: (0..n).map(|i| format!("node-{i}")).collect(),
            server: Vec::with_capacity(n),
            server_owner: Vec::with_capacity(n),
            leases: Vec::with_capacity(n),
            cached: Vec::with_capacity(n),
            monitor_ms: settings.node_monitor_period.as_millis(),
            trace: Trace {
                start: EPOCH,
                end: EPOCH,
                node_monitor_grace_period: settings.node_monitor_grace_period.to_string(),
                ..Trace::default()
            },
            controller: NodeLifecycleController::with_settings(settings),
            taint_pass_scheduled: false,
            update_ms,
            report_ms,
            renew_ms,
            window_ms: scenario.rate_window.map_or(60_000, |d| d.as_millis()),
            limit: scenario.trace_limit.map_or(100_000, |l| l as usize),
            updated: Vec::new(),
            touched: Vec::with_capacity(n),
            beats: Vec::with_capacity(n),
            sizes: Vec::with_capacity(n),
            lease_sizes: Vec::with_capacity(n),
            bucket: 0,
            bucket_end: 0,
            scenario,
        };
        for i in 0..n as u32 {
            // Kubelets start spread over the first sync period, as real nodes never boot in lockstep.
            let start = (sim.rng.next_f64() * update_ms as f64) as i64;
            sim.kubelets[i as usize].running = true;
            sim.push(start + 100, Ev::Register(i, 0, 0));
        }
        for (i, f) in sim.scenario.faults.clone().iter().enumerate() {
            sim.push(f.at.as_millis(), Ev::FaultStart(i as u32));
            if let Some(u) = f.until {
                sim.push(u.as_millis(), Ev::FaultEnd(i as u32));
            }
        }
        sim.push(sim.monitor_ms, Ev::Monitor);
        Ok(sim)
    }

    #[inline(always)]
    pub(super) fn push(&mut self, at: i64, ev: Ev) {
        self.queue.push(at, ev);
    }

    pub fn now(&self) -> Time {
        EPOCH.add_millis(self.now)
    }

    pub(super) fn t(&self) -> Time {
        EPOCH.add_millis(self.now)
    }

    /// The work of simulating `span_ms` more (see `MAX_WORK_PER_CALL`, see SECURITY.md).
    pub fn work(&self, span_ms: i64) -> f64 {
        let per_ms = |p: i64| 1.0 / p.max(1) as f64;
        let rate = per_ms(self.update_ms)
            + if self.scenario.node_leases {
                per_ms(self.renew_ms)
            } else {
                0.0
            }
            + per_ms(self.monitor_ms);
        f64::from(self.scenario.nodes) * span_ms.max(0) as f64 * rate
    }

    /// Checks one step of the clock before [`advance`](Self::advance): refuses a negative
    /// duration, and a step whose work exceeds `MAX_WORK_PER_CALL`. Returns the
    /// step in milliseconds.
    pub fn check_advance(&self, d: crate::duration::Duration) -> Result<i64, ScenarioError> {
        if d.0 < 0 {
            return Err(ScenarioError::new(format!(
                "duration must not be negative, got {d}"
            )));
        }
        let ms = d.as_millis();
        let span = ms.min(self.end.saturating_sub(self.now));
        let work = self.work(span);
        if work > scenario::MAX_WORK_PER_CALL {
            return Err(ScenarioError::new(format!(
                "a step of {d} is {work:.0} node-periods of work; the limit is {:.0} per call: advance in smaller steps",
                scenario::MAX_WORK_PER_CALL
            )));
        }
        Ok(ms)
    }

    /// Runs events up to `now + ms` (never past the scenario's end) and returns the trace so far.
    pub fn advance(&mut self, ms: i64) -> &Trace {
        let target = self.now.saturating_add(ms.max(0)).min(self.end);
        while let Some((at, ev)) = self.queue.pop(target) {
            self.now = at;
            match ev {
                Ev::FaultStart(f) => self.fault(f, true),
                Ev::FaultEnd(f) => self.fault(f, false),
                Ev::Register(i, e, a) => self.register(i, e, a),
                Ev::KubeletSync(i, e) => {
                    let ok = self
                        .kubelets
                        .get(i as usize)
                        .is_some_and(|k| k.running && k.epoch == e);
                    if ok {
                        if !self.sync_is_idle(i) {
                            self.sync(i, false);
                        }
                        let jit = self.rng.jitter(self.update_ms, 0.04);
                        self.push(self.now + jit, Ev::KubeletSync(i, e));
                    }
                }
                Ev::Lease(i, e, f) => self.lease(i, e, f),
                Ev::Eviction(i, e) => self.eviction(i, e),
                Ev::Monitor => self.monitor(),
                Ev::TaintPass => self.taint_pass(),
            }
        }
        self.now = target;
        self.finish();
        &self.trace
    }

    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// Recomputes the stored size of node `s` after a write that may have changed more than
    /// its heartbeats, and returns it.
    pub(super) fn resize(&mut self, s: usize) -> u64 {
        let len = self.server.get(s).map_or(0, |n| {
            crate::objects::stored_size::node_len(n, &crate::objects::stored_size::TYPICAL_NODE)
        });
        if let Some(slot) = self.sizes.get_mut(s) {
            *slot = len;
        }
        len
    }

    /// The stored node written by the controller under `name` (the simulator names node `i`
    /// `node-<i>`).
    pub(super) fn server_index(&self, name: &str) -> Option<usize> {
        let i: usize = name.strip_prefix("node-")?.parse().ok()?;
        self.kubelets.get(i)?.server
    }

    /// The nodes as the API server holds them now.
    pub fn nodes(&self) -> &[Node] {
        &self.server
    }

    pub fn is_done(&self) -> bool {
        self.now >= self.end
    }

    /// The Ready status of every node by its index (`node-<i>`): 0 not registered, 1 True,
    /// 2 False, 3 Unknown. A grid of 5000 nodes needs this many bytes, not 5000 node objects.
    pub fn ready_codes(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.scenario.nodes as usize];
        for node in &self.server {
            let index = node
                .metadata
                .name
                .strip_prefix("node-")
                .and_then(|i| i.parse::<usize>().ok());
            let code = match node.status.condition("Ready").map(|c| c.status.as_str()) {
                Some("True") => 1,
                Some("False") => 2,
                Some("Unknown") => 3,
                _ => 0,
            };
            if let Some(slot) = index.and_then(|i| out.get_mut(i)) {
                *slot = code;
            }
        }
        out
    }
}

/// Runs a whole scenario.
pub fn simulate_cluster(scenario: Scenario) -> Result<Trace, ScenarioError> {
    let mut sim = Simulator::new(scenario)?;
    let end = sim.end;
    let work = sim.work(end);
    if work > scenario::MAX_WORK_PER_CALL {
        return Err(ScenarioError::new(format!(
            "the scenario is {work:.0} node-periods of work; the limit is {:.0} per call: use a ClusterSimulator and advance in steps",
            scenario::MAX_WORK_PER_CALL
        )));
    }
    sim.advance(end);
    Ok(std::mem::take(&mut sim.trace))
}
