//! Taint-based eviction: `processTaintBaseEviction`, `markNodeForTainting`,
//! `markNodeAsReachable`, `doNoExecuteTaintingPass` and `doNoScheduleTaintingPass` of
//! `pkg/controller/nodelifecycle/node_lifecycle_controller.go`, with the taint helpers of
//! `pkg/util/taints` and `controllerutil.SwapNodeControllerTaint`.

use std::collections::HashMap;

use super::fast_path::WriteLog;
use super::report::{call, change, MonitorResult, TaintChange};
use super::tainter::{NodeId, ZoneTainter};
use super::zones::write_zone_key;
use super::NodeLifecycleController;
use crate::objects::{
    ConditionStatus, Node, NodeCondition, Taint, TaintEffect, NODE_DISK_PRESSURE,
    NODE_MEMORY_PRESSURE, NODE_NETWORK_UNAVAILABLE, NODE_PID_PRESSURE, NODE_READY,
    TAINT_DISK_PRESSURE, TAINT_MEMORY_PRESSURE, TAINT_NETWORK_UNAVAILABLE, TAINT_NOT_READY,
    TAINT_PID_PRESSURE, TAINT_UNREACHABLE, TAINT_UNSCHEDULABLE,
};
use crate::timestamp::Time;

/// The effects as the trace and [`TaintChange`] write them.
pub const NO_EXECUTE: &str = "NoExecute";
pub const NO_SCHEDULE: &str = "NoSchedule";

/// `nodeConditionToTaintKeyStatusMap`, in condition order.
fn taint_key_for(condition: &NodeCondition) -> Option<&'static str> {
    use ConditionStatus::{False, True, Unknown};
    match (condition.type_.as_str(), condition.status) {
        (NODE_READY, False) => Some(TAINT_NOT_READY),
        (NODE_READY, Unknown) => Some(TAINT_UNREACHABLE),
        (NODE_MEMORY_PRESSURE, True) => Some(TAINT_MEMORY_PRESSURE),
        (NODE_DISK_PRESSURE, True) => Some(TAINT_DISK_PRESSURE),
        (NODE_PID_PRESSURE, True) => Some(TAINT_PID_PRESSURE),
        (NODE_NETWORK_UNAVAILABLE, True) => Some(TAINT_NETWORK_UNAVAILABLE),
        _ => None,
    }
}

/// The NoSchedule taints the controller owns (`taintKeyToNodeConditionMap` plus unschedulable).
const NO_SCHEDULE_KEYS: [&str; 7] = [
    TAINT_NOT_READY,
    TAINT_UNREACHABLE,
    TAINT_MEMORY_PRESSURE,
    TAINT_DISK_PRESSURE,
    TAINT_PID_PRESSURE,
    TAINT_NETWORK_UNAVAILABLE,
    TAINT_UNSCHEDULABLE,
];

pub(super) fn has_taint(node: &Node, key: &str, effect: TaintEffect) -> bool {
    node.spec
        .taints
        .iter()
        .any(|t| t.effect == effect && t.key == key)
}

fn remove_taint(node: &mut Node, key: &str, effect: TaintEffect) -> bool {
    if !has_taint(node, key, effect) {
        return false;
    }
    node.spec
        .taints
        .retain(|t| !(t.key == key && t.effect == effect));
    true
}

fn add_taint(node: &mut Node, key: &str, effect: TaintEffect, now: Time) {
    let t = Taint {
        key: key.to_string(),
        value: String::new(),
        effect,
        time_added: Some(now),
    };
    match node.spec.taints.iter_mut().find(|x| x.matches(&t)) {
        Some(x) => *x = t,
        None => node.spec.taints.push(t),
    }
}

impl NodeLifecycleController {
    /// Whether a NoExecute taint is waiting in some zone's queue.
    pub fn has_queued_taints(&self) -> bool {
        self.tainters.values().any(|t| !t.is_empty())
    }

    pub(super) fn tainter(&mut self, zone: &str) -> &mut ZoneTainter {
        let qps = self.settings.node_eviction_rate;
        self.tainters
            .entry(zone.to_string())
            .or_insert_with(|| ZoneTainter::new(qps))
    }

    /// Creates the zone's tainter if it has none. Looks up before inserting: a new node's zone
    /// is nearly always known already, and `entry` would copy the key for every node of a
    /// 50,000-node first pass.
    pub(super) fn ensure_tainter(&mut self, zone: &str) {
        if !self.tainters.contains_key(zone) {
            self.tainter(zone);
        }
    }

    /// Runs `f` on the node's zone tainter (created on first use). The key is written into a
    /// buffer kept between calls: this runs for every unhealthy node on every pass.
    fn with_tainter<R>(&mut self, node: &Node, f: impl FnOnce(&mut ZoneTainter) -> R) -> R {
        // The pass knows the zone: look its tainter up by the cached name, copying nothing.
        if let Some(key) = self.zone_hint.and_then(|zi| self.zone_names.get(zi)) {
            if let Some(t) = self.tainters.get_mut(key.as_str()) {
                return f(t);
            }
        }
        self.load_zone_key(node);
        if let Some(t) = self.tainters.get_mut(self.key_buf.as_str()) {
            return f(t);
        }
        let zone = self.key_buf.clone();
        f(self.tainter(&zone))
    }

    /// The node's zone key into `key_buf`: copied from the zone cache when the pass knows the
    /// node's zone (`zone_hint`), else read from its labels.
    fn load_zone_key(&mut self, node: &Node) {
        match self.zone_hint.and_then(|zi| self.zone_names.get(zi)) {
            Some(key) => {
                self.key_buf.clear();
                self.key_buf.push_str(key);
            }
            None => write_zone_key(node, &mut self.key_buf),
        }
    }

    fn queue_remove(&mut self, node: &Node, id: NodeId) -> bool {
        if self.members == 0 {
            return false;
        }
        self.load_zone_key(node);
        let removed = self
            .tainters
            .get_mut(self.key_buf.as_str())
            .is_some_and(|t| t.remove(id));
        if removed {
            self.members -= 1;
        }
        removed
    }

    fn queue_add(&mut self, node: &Node, id: NodeId) -> bool {
        let added = self.with_tainter(node, |t| t.add(id));
        if added {
            self.members += 1;
        }
        added
    }

    /// `markNodeAsReachable`: `RemoveTaintOffNode` for each NoExecute taint (one PATCH per taint
    /// present), then forget the node in its zone's tainting queue. `id` is the node's id when
    /// the caller knows it (its position in the last list), else it is looked up by name.
    pub(super) fn mark_reachable(
        &mut self,
        node: &mut Node,
        id: Option<NodeId>,
        out: &mut MonitorResult,
    ) {
        // The common case of every pass: an untainted node and empty queues.
        if node.spec.taints.is_empty() && self.members == 0 {
            return;
        }
        for key in [TAINT_UNREACHABLE, TAINT_NOT_READY] {
            if remove_taint(node, key, TaintEffect::NoExecute) {
                let name = &node.metadata.name;
                out.taints
                    .push(change(name, "removed", key, TaintEffect::NoExecute));
                out.api_calls.push(call("patch", "nodes", name));
            }
        }
        // A name never seen was never queued.
        let id = id.or_else(|| self.ids.get(node.metadata.name.as_str()).copied());
        if let Some(id) = id {
            self.queue_remove(node, id);
        }
    }

    /// `SwapNodeControllerTaint` for the two NoExecute taints: add (PATCH), then remove the other
    /// one if present (a second PATCH).
    fn swap(node: &mut Node, add: &str, del: &str, now: Time, out: &mut MonitorResult) {
        add_taint(node, add, TaintEffect::NoExecute, now);
        let name = node.metadata.name.clone();
        out.taints
            .push(change(&name, "added", add, TaintEffect::NoExecute));
        out.api_calls.push(call("patch", "nodes", &name));
        if remove_taint(node, del, TaintEffect::NoExecute) {
            out.taints
                .push(change(&name, "removed", del, TaintEffect::NoExecute));
            out.api_calls.push(call("patch", "nodes", &name));
        }
    }

    /// `markNodeForTainting`: when the expected taint is missing the node is first removed from
    /// its zone's queue, then added again (so it moves to the back). The trace reports `queued`
    /// only when the node was not waiting already, not on every re-add.
    fn mark_for_tainting(&mut self, node: &Node, id: NodeId, taint: &str, out: &mut MonitorResult) {
        let newly_queued = if has_taint(node, taint, TaintEffect::NoExecute) {
            self.queue_add(node, id)
        } else {
            // `RemoveFromQueue` then `Add`, as one step on the zone's queue.
            let was_member = self.with_tainter(node, |t| t.requeue(id));
            if !was_member {
                self.members += 1;
            }
            !was_member
        };
        if newly_queued {
            out.taints.push(change(
                &node.metadata.name,
                "queued",
                taint,
                TaintEffect::NoExecute,
            ));
        }
    }

    /// `processTaintBaseEviction`, on the Ready status observed at the start of the pass.
    pub(super) fn process_taint_base_eviction(
        &mut self,
        node: &mut Node,
        id: NodeId,
        observed: ConditionStatus,
        now: Time,
        out: &mut MonitorResult,
    ) {
        match observed {
            ConditionStatus::False => {
                if has_taint(node, TAINT_UNREACHABLE, TaintEffect::NoExecute) {
                    Self::swap(node, TAINT_NOT_READY, TAINT_UNREACHABLE, now, out);
                } else {
                    self.mark_for_tainting(node, id, TAINT_NOT_READY, out);
                }
            }
            ConditionStatus::Unknown => {
                if has_taint(node, TAINT_NOT_READY, TaintEffect::NoExecute) {
                    Self::swap(node, TAINT_UNREACHABLE, TAINT_NOT_READY, now, out);
                } else {
                    self.mark_for_tainting(node, id, TAINT_UNREACHABLE, out);
                }
            }
            ConditionStatus::True => self.mark_reachable(node, Some(id), out),
        }
    }

    /// `doNoExecuteTaintingPass`: apply queued NoExecute taints as each zone's limiter allows.
    pub fn do_no_execute_tainting_pass(&mut self, now: Time, nodes: &mut [Node]) -> MonitorResult {
        self.no_execute_pass(now, nodes, &super::fast_path::NoPromises)
    }

    /// [`Self::do_no_execute_tainting_pass`] for a caller that promises what `log` says (an
    /// append-only list is the last pass's list exactly when its length is, so a queued node is
    /// found at its remembered position).
    pub(crate) fn no_execute_pass(
        &mut self,
        now: Time,
        nodes: &mut [Node],
        log: &(impl WriteLog + ?Sized),
    ) -> MonitorResult {
        let mut out = MonitorResult::default();
        if !self.has_queued_taints() {
            return out;
        }
        let same_list = log.append_only() && nodes.len() == self.order.len();
        // Built on the first accepted token only, and only for a list that may differ from the
        // last pass's: while a zone's limiter refuses (every 100ms between two taints), the pass
        // must cost nothing per node.
        let mut index: Option<HashMap<String, usize>> = None;
        let names = &self.names;
        let position = &self.position;
        let quiet = &mut self.quiet;
        for tainter in self.tainters.values_mut() {
            // Nothing would be accepted: skip the queue (finding its live front costs a lookup
            // per dead entry, every 100ms while the zone stays disrupted).
            if tainter.never_accepts() {
                continue;
            }
            while let Some(id) = tainter.front() {
                if !tainter.try_accept(now) {
                    break;
                }
                // Queued ids were given out by `intern`, so each has a name.
                let name = names.get(id as usize).map_or("", String::as_str);
                let at = if same_list {
                    position
                        .get(id as usize)
                        .map(|&p| p as usize)
                        .filter(|&p| p < nodes.len())
                } else {
                    index
                        .get_or_insert_with(|| {
                            nodes
                                .iter()
                                .enumerate()
                                .map(|(i, n)| (n.metadata.name.clone(), i))
                                .collect()
                        })
                        .get(name)
                        .copied()
                };
                let Some(node) = at.and_then(|i| nodes.get_mut(i)) else {
                    // Gone from the lister: done with it (it stays in the set).
                    tainter.pop_front();
                    continue;
                };
                let status = node.status.condition(NODE_READY).map(|c| c.status);
                let (add, del) = match status {
                    // No Ready condition: retried 50ms later, so it blocks this zone for now.
                    None => break,
                    Some(ConditionStatus::False) => (TAINT_NOT_READY, TAINT_UNREACHABLE),
                    Some(ConditionStatus::Unknown) => (TAINT_UNREACHABLE, TAINT_NOT_READY),
                    // Ready again: nothing to do ("Ignoring taint request").
                    Some(ConditionStatus::True) => {
                        tainter.pop_front();
                        continue;
                    }
                };
                tainter.pop_front();
                Self::swap(node, add, del, now, &mut out);
                if let Some(q) = at.and_then(|i| quiet.get_mut(i)) {
                    *q = super::fast_path::Settled::No;
                }
            }
        }
        out
    }
}

/// `doNoScheduleTaintingPass` for one node: NoSchedule taints follow its conditions. Returns the
/// changes (empty when nothing was written).
pub fn do_no_schedule_tainting_pass(node: &mut Node, now: Time) -> Vec<TaintChange> {
    let mut want: Vec<&str> = node
        .status
        .conditions()
        .iter()
        .filter_map(taint_key_for)
        .collect();
    if node.spec.unschedulable {
        want.push(TAINT_UNSCHEDULABLE);
    }
    let name = node.metadata.name.clone();
    let have: Vec<String> = node
        .spec
        .taints
        .iter()
        .filter(|t| {
            t.effect == TaintEffect::NoSchedule && NO_SCHEDULE_KEYS.contains(&t.key.as_str())
        })
        .map(|t| t.key.clone())
        .collect();
    let mut changes = Vec::new();
    for k in &want {
        if !have.iter().any(|h| h == k) {
            changes.push(change(&name, "added", k, TaintEffect::NoSchedule));
        }
    }
    for h in &have {
        if !want.contains(&h.as_str()) {
            changes.push(change(&name, "removed", h, TaintEffect::NoSchedule));
        }
    }
    for c in &changes {
        if c.action == "added" {
            add_taint(node, &c.key, TaintEffect::NoSchedule, now);
        } else {
            remove_taint(node, &c.key, TaintEffect::NoSchedule);
        }
    }
    changes
}
