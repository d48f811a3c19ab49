//! The kubelet side of the simulator: registration, the node status loop (`syncNodeStatus` →
//! `updateNodeStatus`, `pkg/kubelet/kubelet_node_status.go`), the node lease heartbeat
//! ([`crate::kubelet::lease`]), the eviction manager's pressure signals
//! ([`crate::kubelet::eviction`]) and the faults that stop or disturb them. The condition rules
//! are the kubelet's setters ([`crate::kubelet::nodestatus`]); the fast paths here only skip
//! writes the setters would make identical.

use serde_json::{Map, Value};

use super::scenario::{Fault, FaultKind};
use super::{code, type_index, Ev, NodeWrite, Simulator, EPOCH, HEALTHY, NO_BEATS};
use crate::kubelet::eviction::{
    default_eviction_hard, parse_thresholds, EvictionManager, Observation, Signal,
    DEFAULT_PRESSURE_TRANSITION_PERIOD,
};
use crate::kubelet::lease;
use crate::kubelet::nodestatus::setters_internal::{
    apply_pressure, apply_ready, READY_MESSAGE, READY_REASON,
};
use crate::kubelet::nodestatus::{
    Event, Node, NodeCondition, PressureKind, ReadyInputs, CONDITION_FALSE, CONDITION_TRUE,
};
use crate::timestamp::Time;

use super::trace::TraceEvent;

#[derive(Clone, Debug, Default)]
pub(super) struct Kubelet {
    pub(super) running: bool,
    pub(super) partitioned: bool,
    pub(super) epoch: u32,
    pub(super) server: Option<usize>,
    pub(super) last_report: Option<i64>,
    pub(super) pressure: [bool; 3],
    pub(super) runtime_error: Option<String>,
    pub(super) network_error: Option<String>,
    pub(super) eviction: Option<Box<EvictionManager>>,
    pub(super) eviction_running: bool,
}

pub(super) const MEM_OBS: [f64; 2] = [4.0 * 1073741824.0, 50.0 * 1048576.0];

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

/// The stored size of node lease `name` renewed at `renew`, as the kubelet writes it (holder
/// identity the node name, its lease duration, a renew time in microseconds).
fn lease_bytes(name: &str, duration: i64, renew: Time) -> u64 {
    use crate::objects::stored_size::{lease_parts_len, TYPICAL_LEASE};
    lease_parts_len(
        name,
        crate::objects::NODE_LEASE_NAMESPACE,
        Some(name),
        // `Scenario::validate` keeps the duration within the int32 of the kubelet's field.
        Some(i32::try_from(duration).unwrap_or(i32::MAX)),
        Some(renew),
        &TYPICAL_LEASE,
    )
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
    pub(super) fn fault_nodes(&self, f: &Fault) -> Vec<usize> {
        match (&f.nodes, f.first_nodes) {
            (Some(ns), _) => ns
                .iter()
                .filter_map(|n| n.strip_prefix("node-").and_then(|x| x.parse().ok()))
                .collect(),
            (None, Some(k)) => (0..(k.min(self.scenario.nodes)) as usize).collect(),
            (None, None) => (0..self.scenario.nodes as usize).collect(),
        }
    }

    pub(super) fn fault(&mut self, idx: u32, on: bool) {
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
                        // The kubelet's own defaults always parse: the empty list is unreachable.
                        let th = parse_thresholds(&hard, &[], &[], &[]).unwrap_or_default();
                        // Unset: the kubelet's default (5m), as for every scenario setting.
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
                    // A fault without its own words gets the simulator's.
                    k.runtime_error = on.then(|| {
                        f.message
                            .clone()
                            .unwrap_or_else(|| "container runtime is down".to_string())
                    })
                }
                FaultKind::NetworkError => {
                    // A fault without its own words gets the kubelet's usual ones.
                    k.network_error = on.then(|| {
                        f.message.clone().unwrap_or_else(|| {
                            "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized".to_string()
                        })
                    })
                }
            }
        }
    }

    pub(super) fn register(&mut self, i: u32, epoch: u32, attempt: u32) {
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
            // Unset: one zone (`Scenario::validate` refuses zero, so the modulus is never 0).
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
            self.sizes.push(0);
            self.lease_sizes.push((0, 0));
            let s = self.server.len() - 1;
            if let Some(k) = self.kubelets.get_mut(i as usize) {
                k.server = Some(s);
            }
            let bytes = self.resize(s);
            self.write(0, bytes);
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
    pub(super) fn sync_is_idle(&self, i: u32) -> bool {
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
    pub(super) fn sync(&mut self, i: u32, force: bool) {
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
                // `beats`, `sizes` and `cached` grow with `server`, one entry per stored node
                // (registration above), so `s` indexes them; NO_BEATS would only re-find them.
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
                        // Same index as `beats` above: the 0 is unreachable.
                        let bytes = self.sizes.get(s).copied().unwrap_or_default();
                        self.write(1, bytes);
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
        let bytes = self.resize(s);
        self.write(1, bytes);
        for e in events {
            if self.room() {
                // `names` holds one per kubelet from the start; `i` is a kubelet's index.
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

    pub(super) fn lease(&mut self, i: u32, epoch: u32, fails: u32) {
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
        // A renewal moves only the renew time, whose encoded length depends on its shape alone:
        // the size is computed once per node and shape.
        let renew = EPOCH.add_millis(self.now);
        let shape = crate::objects::stored_size::micro_time_shape(renew);
        let bytes = match self.lease_sizes.get(s) {
            Some(&(k, b)) if k == shape => b,
            _ => {
                let name = self.names.get(i as usize).map_or("", String::as_str);
                let duration = self
                    .scenario
                    .node_lease_duration_seconds
                    // Unset: the kubelet's default (40).
                    .unwrap_or(lease::DEFAULT_LEASE_DURATION_SECONDS);
                let b = lease_bytes(name, duration, renew);
                if let Some(slot) = self.lease_sizes.get_mut(s) {
                    *slot = (shape, b);
                }
                b
            }
        };
        self.write(if created { 2 } else { 3 }, bytes);
        let jit = self.rng.jitter(self.renew_ms, lease::JITTER_FACTOR);
        self.push(self.now + jit, Ev::Lease(i, epoch, 0));
    }

    pub(super) fn eviction(&mut self, i: u32, epoch: u32) {
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
}
