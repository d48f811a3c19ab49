//! A deterministic discrete-event simulator of node heartbeats: kubelets (status loop, lease,
//! eviction pressure), the API server's stored nodes and leases, and the node lifecycle controller,
//! on a virtual clock in milliseconds.
//!
//! Why a simulator: the interesting behaviour (a stopped kubelet going Unknown about 50s later, the
//! 5m pressure hysteresis, write rates with and without leases) only appears when the loops run
//! together. Jitter comes from a seeded hand-written PRNG, so a scenario plus seed is a share link.
//! Events sit in a timing wheel ([`queue`]); a kubelet sync does not allocate unless it writes.
//!
//! Why it is fast (a 5000-node hour is 3.6 million events and 3.6 million node checks by the
//! controller): the common cases are decided from small per-node mirrors instead of the stored
//! `Node` objects. `cached` holds the four condition statuses as the API server stores them, so
//! an idle sync is four bytes compared inline; a due sync of a healthy node only moves the four
//! heartbeats, at positions verified once (`beats`); and the marks in `touched` tell the node
//! lifecycle controller which nodes nobody but itself rewrote, which lets it skip re-reading
//! them (`monitor_pass`'s quiet path). `tests/sim_equivalence.rs` pins every trace byte.

// Indexing here is by node index (< nodes, the length of every per-node vector, fixed when the
// simulator is built) and by condition index into the fixed `[_; 4]` tables (0..4 loops over
// those same tables): none comes from a caller unchecked, and the hot loops stay branch-free.
#![allow(clippy::indexing_slicing)]

mod queue;
mod scenario;
mod start;

pub use scenario::{Fault, FaultKind, Scenario, ScenarioError, MAX_NODES};
pub use start::{start_from_node, NodeStart};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::controller::nodelifecycle::{
    do_no_schedule_tainting_pass, NodeLifecycleController, NodeWrite, Settings, TaintChange,
};
use crate::kubelet::eviction::{
    default_eviction_hard, parse_thresholds, EvictionManager, Observation, Signal,
    DEFAULT_PRESSURE_TRANSITION_PERIOD,
};
use crate::kubelet::lease;
use crate::kubelet::nodestatus::setters_internal::{
    apply_pressure, apply_ready, READY_MESSAGE, READY_REASON,
};
use crate::kubelet::nodestatus::{
    ConditionStatus, Event, Node, NodeCondition, PressureKind, ReadyInputs, CONDITION_FALSE,
    CONDITION_TRUE,
};
use crate::timestamp::Time;

/// Wall-clock origin of the virtual clock: times in the trace are RFC 3339 from here.
pub const EPOCH: Time = Time(1_735_689_600_000); // 2025-01-01T00:00:00Z

/// splitmix64: small, fast and good enough for jitter.
#[derive(Clone, Debug)]
struct Rng(u64);

impl Rng {
    #[inline(always)]
    fn next_f64(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `wait.Jitter(d, 0.04)`.
    #[inline(always)]
    fn jitter(&mut self, ms: i64, factor: f64) -> i64 {
        ms + (self.next_f64() * factor * ms as f64) as i64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Ev {
    FaultStart(u32),
    FaultEnd(u32),
    Register(u32, u32, u32),
    KubeletSync(u32, u32),
    Lease(u32, u32, u32),
    Eviction(u32, u32),
    Monitor,
    TaintPass,
}

#[derive(Clone, Debug, Default)]
struct Kubelet {
    running: bool,
    partitioned: bool,
    epoch: u32,
    server: Option<usize>,
    last_report: Option<i64>,
    pressure: [bool; 3],
    runtime_error: Option<String>,
    network_error: Option<String>,
    eviction: Option<Box<EvictionManager>>,
    eviction_running: bool,
}

/// One condition change on the API server.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    pub time: Time,
    pub node: String,
    pub condition: String,
    pub from: String,
    pub to: String,
    pub reason: String,
    /// The condition's message after the change (the playground shows it as the "why").
    pub message: String,
    /// "kubelet" or "controller".
    pub source: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TraceEvent {
    pub time: Time,
    pub node: String,
    pub source: String,
    #[serde(rename = "type")]
    pub type_: String,
    pub reason: String,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TraceTaint {
    pub time: Time,
    #[serde(flatten)]
    pub change: TaintChange,
}

/// Counts of API writes by kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Writes {
    pub node_creates: u64,
    pub status_patches: u64,
    pub lease_creates: u64,
    pub lease_updates: u64,
    pub controller_status_updates: u64,
    pub taint_patches: u64,
    pub total: u64,
}

/// Writes in one rate window.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RateBucket {
    pub start: Time,
    pub status_patches: u64,
    pub lease_writes: u64,
    pub controller_writes: u64,
    pub total: u64,
    pub per_second: f64,
}

/// Conditions of the nodes on the API server now.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub registered: u32,
    pub ready: u32,
    pub not_ready: u32,
    pub unknown: u32,
    pub memory_pressure: u32,
    pub disk_pressure: u32,
    pub pid_pressure: u32,
}

/// The simulator's output.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Trace {
    pub start: Time,
    pub end: Time,
    pub node_monitor_grace_period: String,
    pub transitions: Vec<Transition>,
    pub events: Vec<TraceEvent>,
    pub taints: Vec<TraceTaint>,
    pub writes: Writes,
    pub write_rates: Vec<RateBucket>,
    pub truncated: bool,
    pub summary: Summary,
}

const MEM_OBS: [f64; 2] = [4.0 * 1073741824.0, 50.0 * 1048576.0];

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
    /// Rate bucket of the last write and the time it ends.
    bucket: usize,
    bucket_end: i64,
}

/// A status as the one-byte mirror `cached` keeps: 1 True, 2 False, 3 Unknown (the enum's
/// `repr(u8)`), 0 standing for "no such condition".
#[inline(always)]
fn code(s: ConditionStatus) -> u8 {
    s as u8
}

/// Index of a condition type in [`TYPES`]. The four lengths differ, so at most one string
/// comparison runs.
#[inline(always)]
fn type_index(t: &str) -> Option<usize> {
    match t.len() {
        5 if t == "Ready" => Some(0),
        14 if t == "MemoryPressure" => Some(1),
        12 if t == "DiskPressure" => Some(2),
        11 if t == "PIDPressure" => Some(3),
        _ => None,
    }
}

const TYPES: [&str; 4] = ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure"];

/// Status codes of a healthy node: Ready True, the three pressures False.
const HEALTHY: [u8; 4] = [1, 2, 2, 2];

/// No verified condition positions (see [`Simulator::beats`]).
const NO_BEATS: [u8; 4] = [u8::MAX; 4];

/// What `apply_pressure` ×3 and `apply_ready` do to a healthy node whose kubelet still reports it
/// healthy: only the four heartbeats move (Ready's reason and message are rebuilt from the same
/// inputs, so they stay equal). Returns the positions of the four conditions it updated, or
/// `None`, touching nothing, when the node is not in that shape; the caller then runs the setters.
fn heartbeat_only(node: &mut Node, now: Time) -> Option<[u8; 4]> {
    let cs = node.status.conditions.as_mut()?;
    // The Ready setter acts on the first Ready condition, the pressure setters on the last of
    // their type.
    let mut at = [usize::MAX; 4];
    for (j, c) in cs.iter().enumerate() {
        if let Some(k) = type_index(&c.type_) {
            if let Some(slot) = at.get_mut(k) {
                if k != 0 || *slot == usize::MAX {
                    *slot = j;
                }
            }
        }
    }
    let [ready, ..] = at;
    let ready_ok = cs.get(ready).is_some_and(|c| {
        code(c.status) == 1 && c.reason == READY_REASON && c.message == READY_MESSAGE
    });
    let pressure_ok = at
        .iter()
        .skip(1)
        .all(|&j| cs.get(j).is_some_and(|c| code(c.status) == 2));
    if !(ready_ok && pressure_ok) {
        return None;
    }
    let mut pos = NO_BEATS;
    for (p, j) in pos.iter_mut().zip(at) {
        *p = u8::try_from(j).ok()?;
    }
    set_heartbeats(cs, pos, now);
    Some(pos)
}

#[inline(always)]
fn set_heartbeats(cs: &mut [NodeCondition], pos: [u8; 4], now: Time) {
    for j in pos {
        if let Some(c) = cs.get_mut(usize::from(j)) {
            c.last_heartbeat_time = Some(now);
        }
    }
}

impl Simulator {
    pub fn new(scenario: Scenario) -> Result<Simulator, ScenarioError> {
        scenario.validate()?;
        let mut cfg = scenario.controller.clone();
        if cfg.kubernetes_version.is_none() {
            cfg.kubernetes_version = scenario.kubernetes_version.clone();
        }
        let settings = Settings::resolve(&cfg).map_err(|e| ScenarioError(e.to_string()))?;
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
    fn push(&mut self, at: i64, ev: Ev) {
        self.queue.push(at, ev);
    }

    pub fn now(&self) -> Time {
        EPOCH.add_millis(self.now)
    }

    fn t(&self) -> Time {
        EPOCH.add_millis(self.now)
    }

    fn room(&mut self) -> bool {
        let used = self.trace.transitions.len() + self.trace.events.len() + self.trace.taints.len();
        if used >= self.limit {
            self.trace.truncated = true;
            false
        } else {
            true
        }
    }

    #[inline(always)]
    fn write(&mut self, kind: u8) {
        let w = &mut self.trace.writes;
        match kind {
            0 => w.node_creates += 1,
            1 => w.status_patches += 1,
            2 => w.lease_creates += 1,
            3 => w.lease_updates += 1,
            4 => w.controller_status_updates += 1,
            _ => w.taint_patches += 1,
        }
        w.total += 1;
        // Writes come in time order, so the current bucket is remembered (no division per write).
        let idx = if self.now < self.bucket_end {
            self.bucket
        } else {
            let idx = (self.now / self.window_ms) as usize;
            self.bucket = idx;
            self.bucket_end = (idx as i64 + 1).saturating_mul(self.window_ms);
            idx
        };
        while self.trace.write_rates.len() <= idx {
            let start = EPOCH.add_millis(self.trace.write_rates.len() as i64 * self.window_ms);
            self.trace.write_rates.push(RateBucket {
                start,
                ..RateBucket::default()
            });
        }
        if let Some(b) = self.trace.write_rates.get_mut(idx) {
            match kind {
                1 => b.status_patches += 1,
                2 | 3 => b.lease_writes += 1,
                4 | 5 => b.controller_writes += 1,
                _ => {}
            }
            b.total += 1;
        }
    }

    fn record_transitions(&mut self, s: usize, source: &str) {
        // One scan, first condition of each type (`GetNodeCondition`).
        let mut now_codes = [0u8; 4];
        let mut seen = [false; 4];
        if let Some(node) = self.server.get(s) {
            for c in node.status.conditions() {
                if let Some(k) = type_index(&c.type_) {
                    if let (Some(seen), Some(code_k)) = (seen.get_mut(k), now_codes.get_mut(k)) {
                        if !*seen {
                            *seen = true;
                            *code_k = code(c.status);
                        }
                    }
                }
            }
        }
        let old = self.cached.get(s).copied().unwrap_or_default();
        if old == now_codes {
            return;
        }
        for k in 0..4 {
            if old[k] != now_codes[k] && self.room() {
                let Some(node) = self.server.get(s) else {
                    return;
                };
                let c = node.status.condition(TYPES[k]);
                let name = |x: u8| ["", "True", "False", "Unknown"][x as usize % 4].to_string();
                self.trace.transitions.push(Transition {
                    time: EPOCH.add_millis(self.now),
                    node: node.metadata.name.clone(),
                    condition: TYPES[k].to_string(),
                    from: name(old[k]),
                    to: name(now_codes[k]),
                    reason: c.map(|c| c.reason.clone()).unwrap_or_default(),
                    message: c.map(|c| c.message.clone()).unwrap_or_default(),
                    source: source.to_string(),
                });
            }
        }
        if let Some(c) = self.cached.get_mut(s) {
            *c = now_codes;
        }
    }

    fn no_schedule(&mut self, s: usize) {
        let now = self.t();
        let Some(node) = self.server.get_mut(s) else {
            return;
        };
        let changes = do_no_schedule_tainting_pass(node, now);
        if !changes.is_empty() {
            if let Some(t) = self.touched.get_mut(s) {
                *t = NodeWrite::Other;
            }
            // `SwapNodeControllerTaint`: one PATCH adding taints, one removing them.
            if changes.iter().any(|c| c.action == "added") {
                self.write(5);
            }
            if changes.iter().any(|c| c.action == "removed") {
                self.write(5);
            }
            for c in changes {
                if self.room() {
                    self.trace.taints.push(TraceTaint {
                        time: now,
                        change: c,
                    });
                }
            }
        }
    }

    fn fault_nodes(&self, f: &Fault) -> Vec<usize> {
        match (&f.nodes, f.first_nodes) {
            (Some(ns), _) => ns
                .iter()
                .filter_map(|n| n.strip_prefix("node-").and_then(|x| x.parse().ok()))
                .collect(),
            (None, Some(k)) => (0..(k.min(self.scenario.nodes)) as usize).collect(),
            (None, None) => (0..self.scenario.nodes as usize).collect(),
        }
    }

    fn fault(&mut self, idx: u32, on: bool) {
        let Some(f) = self.scenario.faults.get(idx as usize).cloned() else {
            return;
        };
        for i in self.fault_nodes(&f) {
            let now = self.now;
            let Some(k) = self.kubelets.get_mut(i) else {
                continue;
            };
            match f.kind {
                FaultKind::KubeletStopped => {
                    k.epoch += 1;
                    k.running = !on;
                    if !on {
                        k.last_report = None;
                        k.eviction_running = false;
                        let e = k.epoch;
                        self.push(now + 100, Ev::Register(i as u32, e, 0));
                    }
                }
                FaultKind::Partitioned => k.partitioned = on,
                FaultKind::MemoryPressure | FaultKind::DiskPressure | FaultKind::PidPressure => {
                    let p = match f.kind {
                        FaultKind::MemoryPressure => 0,
                        FaultKind::DiskPressure => 1,
                        _ => 2,
                    };
                    k.pressure[p] = on;
                    if k.eviction.is_none() {
                        let mut hard = default_eviction_hard();
                        hard.push(("pid.available", "10%"));
                        let th = parse_thresholds(&hard, &[], &[], &[]).unwrap_or_default();
                        let period = self
                            .scenario
                            .eviction_pressure_transition_period
                            .unwrap_or(DEFAULT_PRESSURE_TRANSITION_PERIOD);
                        k.eviction = Some(Box::new(EvictionManager::new(th, period)));
                    }
                    if !k.eviction_running && k.running {
                        k.eviction_running = true;
                        let e = k.epoch;
                        self.push(now, Ev::Eviction(i as u32, e));
                    }
                }
                FaultKind::RuntimeError => {
                    k.runtime_error = on.then(|| {
                        f.message
                            .clone()
                            .unwrap_or_else(|| "container runtime is down".to_string())
                    })
                }
                FaultKind::NetworkError => {
                    k.network_error = on.then(|| {
                        f.message.clone().unwrap_or_else(|| {
                            "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized".to_string()
                        })
                    })
                }
            }
        }
    }

    fn register(&mut self, i: u32, epoch: u32, attempt: u32) {
        let Some(k) = self.kubelets.get(i as usize) else {
            return;
        };
        if !k.running || k.epoch != epoch {
            return;
        }
        if k.partitioned {
            // registerWithAPIServer backoff: 100ms doubling, capped at 7s.
            let step = (100i64 << (attempt + 1).min(10)).min(7000);
            self.push(self.now + step, Ev::Register(i, epoch, attempt + 1));
            return;
        }
        if k.server.is_none() {
            let zone = format!("zone-{}", i % self.scenario.zones.unwrap_or(1));
            let mut node = Node::default();
            node.metadata.name = self.names[i as usize].clone();
            node.metadata.creation_timestamp = Some(self.t());
            let labels = &mut node.metadata.labels;
            labels.insert("kubernetes.io/hostname".into(), node.metadata.name.clone());
            labels.insert("kubernetes.io/os".into(), "linux".into());
            labels.insert("kubernetes.io/arch".into(), "amd64".into());
            labels.insert("topology.kubernetes.io/zone".into(), zone);
            let mut cap = Map::new();
            for (r, v) in [
                ("cpu", "4"),
                ("memory", "8Gi"),
                ("pods", "110"),
                ("ephemeral-storage", "100Gi"),
            ] {
                cap.insert(r.into(), Value::String(v.into()));
            }
            node.status.capacity = Some(cap);
            self.server.push(node);
            self.server_owner.push(i);
            self.leases.push(None);
            self.cached.push([0; 4]);
            self.touched.push(NodeWrite::Other);
            self.beats.push(NO_BEATS);
            if let Some(k) = self.kubelets.get_mut(i as usize) {
                k.server = Some(self.server.len() - 1);
            }
            self.write(0);
        }
        self.sync(i, true);
        let jit = self.rng.jitter(self.update_ms, 0.04);
        self.push(self.now + jit, Ev::KubeletSync(i, epoch));
        if self.scenario.node_leases {
            self.push(self.now, Ev::Lease(i, epoch, 0));
        }
    }

    /// Whether [`Self::sync`] would do nothing: a partitioned kubelet, or a healthy one whose
    /// stored status is healthy and not yet due. Checked inline on every sync tick.
    #[inline(always)]
    fn sync_is_idle(&self, i: u32) -> bool {
        let Some(k) = self.kubelets.get(i as usize) else {
            return true;
        };
        let Some(s) = k.server else { return true };
        k.partitioned
            || (k.eviction.is_none()
                && k.runtime_error.is_none()
                && k.network_error.is_none()
                && self.cached.get(s) == Some(&HEALTHY)
                && k.last_report.is_some_and(|t| self.now - t < self.report_ms))
    }

    /// `syncNodeStatus` → `updateNodeStatus`: patch on change or when the report period passed.
    fn sync(&mut self, i: u32, force: bool) {
        let Some(k) = self.kubelets.get(i as usize) else {
            return;
        };
        let Some(s) = k.server else { return };
        if k.partitioned {
            return;
        }
        // A kubelet with no errors and no eviction manager wants Ready True and every pressure
        // False, and `cached` mirrors the stored statuses (record_transitions runs after every
        // write), so the common sync decides from four bytes without touching the node.
        let healthy =
            k.eviction.is_none() && k.runtime_error.is_none() && k.network_error.is_none();
        if healthy {
            let changed = self.cached.get(s) != Some(&HEALTHY);
            let due = k.last_report.is_none_or(|t| self.now - t >= self.report_ms);
            if !(changed || due || force) {
                return;
            }
            if !changed {
                let now = self.t();
                let known = self.beats.get(s).copied().unwrap_or(NO_BEATS);
                if let Some(node) = self.server.get_mut(s) {
                    // Positions verified by an earlier heartbeat-only write stay valid until a
                    // setter or the controller rewrites the conditions (both reset them).
                    let pos = if known != NO_BEATS {
                        if let Some(cs) = node.status.conditions.as_mut() {
                            set_heartbeats(cs, known, now);
                        }
                        Some(known)
                    } else {
                        heartbeat_only(node, now)
                    };
                    if let Some(pos) = pos {
                        if let Some(b) = self.beats.get_mut(s) {
                            *b = pos;
                        }
                        if let Some(t) = self.touched.get_mut(s) {
                            *t = (*t).max(NodeWrite::Heartbeats);
                        }
                        if let Some(k) = self.kubelets.get_mut(i as usize) {
                            k.last_report = Some(self.now);
                        }
                        self.write(1);
                        return;
                    }
                }
            }
        }
        let under = k.eviction.as_ref().map_or([false; 3], |e| {
            [
                e.is_under_pressure(PressureKind::Memory),
                e.is_under_pressure(PressureKind::Disk),
                e.is_under_pressure(PressureKind::Pid),
            ]
        });
        let ready_msg_ok;
        let changed = {
            let Some(node) = self.server.get(s) else {
                return;
            };
            // One scan of the conditions instead of a lookup per type: this runs for every
            // node every 10s, so it is the simulator's hottest read.
            let mut found: [Option<&crate::kubelet::nodestatus::NodeCondition>; 4] = [None; 4];
            for c in node.status.conditions() {
                if let Some(k) = type_index(&c.type_) {
                    if let Some(slot) = found.get_mut(k) {
                        // Pressure setters act on the last condition of a type, Ready's on the first.
                        if k != 0 || slot.is_none() {
                            *slot = Some(c);
                        }
                    }
                }
            }
            let mut changed = false;
            for p in 0..3 {
                let want = if under[p] {
                    CONDITION_TRUE
                } else {
                    CONDITION_FALSE
                };
                changed |= found[p + 1].is_none_or(|c| c.status != want);
            }
            let want_ready = k.runtime_error.is_none() && k.network_error.is_none();
            ready_msg_ok = found[0].is_some_and(|c| {
                c.status
                    == if want_ready {
                        CONDITION_TRUE
                    } else {
                        CONDITION_FALSE
                    }
                    && (want_ready
                        || Some(c.message.as_str())
                            == crate::kubelet::nodestatus::aggregate_errors(
                                k.runtime_error
                                    .iter()
                                    .chain(k.network_error.iter())
                                    .map(String::as_str),
                            )
                            .as_deref())
            });
            changed || !ready_msg_ok
        };
        let due = k.last_report.is_none_or(|t| self.now - t >= self.report_ms);
        if !(changed || due || force) {
            return;
        }
        let inputs = ReadyInputs {
            runtime_error: k
                .runtime_error
                .clone()
                .map(crate::kubelet::nodestatus::ErrorList::One),
            network_error: k
                .network_error
                .clone()
                .map(crate::kubelet::nodestatus::ErrorList::One),
            ..ReadyInputs::default()
        };
        let now = self.t();
        let mut events: Vec<Event> = Vec::new();
        if let Some(node) = self.server.get_mut(s) {
            for (p, kind) in [PressureKind::Memory, PressureKind::Disk, PressureKind::Pid]
                .into_iter()
                .enumerate()
            {
                apply_pressure(node, kind, now, under[p], &mut events);
            }
            apply_ready(node, now, &inputs, &mut events);
        }
        if let Some(b) = self.beats.get_mut(s) {
            *b = NO_BEATS;
        }
        if let Some(k) = self.kubelets.get_mut(i as usize) {
            k.last_report = Some(self.now);
        }
        if let Some(t) = self.touched.get_mut(s) {
            *t = NodeWrite::Other;
        }
        self.write(1);
        for e in events {
            if self.room() {
                let name = self.names.get(i as usize).cloned().unwrap_or_default();
                self.trace.events.push(TraceEvent {
                    time: now,
                    message: format!("Node {name} status is now: {}", e.reason),
                    node: name.clone(),
                    source: "kubelet".into(),
                    type_: e.type_,
                    reason: e.reason,
                });
            }
        }
        self.record_transitions(s, "kubelet");
        if changed {
            self.no_schedule(s);
        }
    }

    fn lease(&mut self, i: u32, epoch: u32, fails: u32) {
        let Some(k) = self.kubelets.get(i as usize) else {
            return;
        };
        if !k.running || k.epoch != epoch {
            return;
        }
        let Some(s) = k.server else { return };
        if k.partitioned {
            let wait = lease::ensure_backoff_ms(fails);
            self.push(self.now + wait, Ev::Lease(i, epoch, fails + 1));
            return;
        }
        let created = self.leases.get(s).copied().flatten().is_none();
        if let Some(l) = self.leases.get_mut(s) {
            *l = Some(EPOCH.add_millis(self.now));
        }
        self.write(if created { 2 } else { 3 });
        let jit = self.rng.jitter(self.renew_ms, lease::JITTER_FACTOR);
        self.push(self.now + jit, Ev::Lease(i, epoch, 0));
    }

    fn eviction(&mut self, i: u32, epoch: u32) {
        let now = self.t();
        let Some(k) = self.kubelets.get_mut(i as usize) else {
            return;
        };
        if !k.running || k.epoch != epoch {
            return;
        }
        let p = k.pressure;
        if let Some(m) = k.eviction.as_mut() {
            m.synchronize(now, |sig| {
                let (press, cap) = match sig {
                    Signal::MemoryAvailable => (p[0], MEM_OBS[0] * 2.0),
                    Signal::NodeFsAvailable => (p[1], 100.0 * 1073741824.0),
                    Signal::PidAvailable => (p[2], 32768.0),
                    _ => return None,
                };
                let available = match sig {
                    Signal::MemoryAvailable => MEM_OBS[usize::from(press)],
                    _ if press => cap * 0.05,
                    _ => cap * 0.5,
                };
                Some(Observation {
                    available,
                    capacity: cap,
                })
            });
        }
        self.push(self.now + 10_000, Ev::Eviction(i, epoch));
    }

    fn monitor(&mut self) {
        let now = self.t();
        let leases = &self.leases;
        let mut updated = std::mem::take(&mut self.updated);
        updated.clear();
        let out = self.controller.monitor_pass(
            now,
            &mut self.server,
            |i, _| leases.get(i).copied().flatten().map(Some),
            &[],
            &mut updated,
            self.touched.as_slice(),
        );
        self.touched.fill(NodeWrite::Nothing);
        for c in &out.api_calls {
            match c.verb.as_str() {
                "updateStatus" => self.write(4),
                "patch" => self.write(5),
                _ => {}
            }
        }
        for e in out.events {
            if self.room() {
                self.trace.events.push(TraceEvent {
                    time: now,
                    node: e.node,
                    source: "node-controller".into(),
                    type_: e.type_,
                    reason: e.reason,
                    message: e.message,
                });
            }
        }
        for c in out.taints {
            if self.room() {
                self.trace.taints.push(TraceTaint {
                    time: now,
                    change: c,
                });
            }
        }
        for &s in &updated {
            if let Some(b) = self.beats.get_mut(s) {
                *b = NO_BEATS;
            }
            self.record_transitions(s, "controller");
            self.no_schedule(s);
        }
        self.updated = updated;
        self.schedule_taint_pass();
        self.push(self.now + self.monitor_ms, Ev::Monitor);
    }

    fn schedule_taint_pass(&mut self) {
        if !self.taint_pass_scheduled && self.controller.has_queued_taints() {
            self.taint_pass_scheduled = true;
            self.push(self.now + 100, Ev::TaintPass);
        }
    }

    fn taint_pass(&mut self) {
        self.taint_pass_scheduled = false;
        let now = self.t();
        let out = self
            .controller
            .do_no_execute_tainting_pass(now, &mut self.server);
        for _ in &out.api_calls {
            self.write(5);
        }
        for c in out.taints {
            if self.room() {
                self.trace.taints.push(TraceTaint {
                    time: now,
                    change: c,
                });
            }
        }
        self.schedule_taint_pass();
    }

    /// The work of simulating `span_ms` more (see [`scenario::MAX_WORK_PER_CALL`]).
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
    /// duration, and a step whose work exceeds [`scenario::MAX_WORK_PER_CALL`]. Returns the
    /// step in milliseconds.
    pub fn check_advance(&self, d: crate::duration::Duration) -> Result<i64, ScenarioError> {
        if d.0 < 0 {
            return Err(ScenarioError(format!(
                "duration must not be negative, got {d}"
            )));
        }
        let ms = d.as_millis();
        let span = ms.min(self.end.saturating_sub(self.now));
        let work = self.work(span);
        if work > scenario::MAX_WORK_PER_CALL {
            return Err(ScenarioError(format!(
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

    fn finish(&mut self) {
        self.trace.end = EPOCH.add_millis(self.now);
        let w = self.window_ms as f64 / 1000.0;
        for b in &mut self.trace.write_rates {
            b.per_second = b.total as f64 / w;
        }
        let mut s = Summary {
            registered: self.server.len() as u32,
            ..Summary::default()
        };
        for c in &self.cached {
            match c[0] {
                1 => s.ready += 1,
                2 => s.not_ready += 1,
                _ => s.unknown += 1,
            }
            s.memory_pressure += u32::from(c[1] == 1);
            s.disk_pressure += u32::from(c[2] == 1);
            s.pid_pressure += u32::from(c[3] == 1);
        }
        self.trace.summary = s;
    }

    pub fn trace(&self) -> &Trace {
        &self.trace
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
        return Err(ScenarioError(format!(
            "the scenario is {work:.0} node-periods of work; the limit is {:.0} per call: use a ClusterSimulator and advance in steps",
            scenario::MAX_WORK_PER_CALL
        )));
    }
    sim.advance(end);
    Ok(std::mem::take(&mut sim.trace))
}
