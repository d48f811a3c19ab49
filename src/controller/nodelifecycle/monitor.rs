//! `monitorNodeHealth` (`pkg/controller/nodelifecycle/node_lifecycle_controller.go`): one pass
//! over the listed nodes: classify added and deleted nodes, update each node's health
//! (`tryUpdateNodeHealth`, [`super::health`]), mark pods of nodes that stopped being Ready, feed
//! taint-based eviction ([`super::taints`]), then count Ready nodes per zone for
//! `handleDisruption` ([`super::zones`]).

use std::collections::HashMap;

use super::fast_path::{quiet_pass, silent_pass, NodeWrite, Settled, WriteLog};
use super::health::{all_unknown, try_update_node_health, Health};
use super::report::{
    call, ApiCall, ControllerEvent, MonitorInput, MonitorResult, PodRef, PodView,
    PodsMarkedNotReady,
};
use super::tainter::NodeId;
use super::zones::{write_zone_key, NO_ZONE};
use super::{NodeLifecycleController, NOT_LISTED};
use crate::objects::{ConditionStatus, Lease, Node, ZoneState, EVENT_NORMAL, NODE_LEASE_NAMESPACE};
use crate::timestamp::Time;

impl NodeLifecycleController {
    /// One `monitorNodeHealth` pass over what the informers list at `input.now`.
    pub fn monitor_node_health(&mut self, input: &MonitorInput) -> MonitorResult {
        let pods: Vec<PodView> = input.pods.iter().map(PodView::from).collect();
        let leases = lease_index(input.leases.iter().map(lease_parts));
        self.monitor_listed(input.now, input.nodes.clone(), &leases, &pods)
    }

    /// [`Self::monitor_node_health`] on an input the caller gives up: its nodes become the
    /// result's instead of being copied (50,000 nodes are a million small allocations to copy
    /// and free again, more than the pass itself costs).
    pub fn monitor_node_health_owned(&mut self, input: MonitorInput) -> MonitorResult {
        let pods: Vec<PodView> = input.pods.iter().map(PodView::from).collect();
        let leases = lease_index(input.leases.iter().map(lease_parts));
        self.monitor_listed(input.now, input.nodes, &leases, &pods)
    }

    /// The pass on listed nodes, the node leases by name (see [`lease_index`]) and pods.
    pub fn monitor_listed(
        &mut self,
        now: Time,
        mut nodes: Vec<Node>,
        leases: &HashMap<&str, Option<Time>>,
        pods: &[PodView],
    ) -> MonitorResult {
        let mut updated = Vec::new();
        let mut out = self.monitor_pass(
            now,
            &mut nodes,
            |_, n| leases.get(n.metadata.name.as_str()).copied(),
            pods,
            &mut updated,
            &super::fast_path::NoPromises,
        );
        out.nodes = nodes;
        out
    }

    /// The pass itself, on the API server's nodes in place.
    /// `lease_of(index, node)` gives the node's lease renew time, `None` when it has no lease.
    pub fn monitor_in_place(
        &mut self,
        now: Time,
        nodes: &mut [Node],
        lease_of: impl Fn(usize, &Node) -> Option<Option<Time>>,
        pods: &[PodRef],
    ) -> MonitorResult {
        let pods: Vec<PodView> = pods.iter().map(PodView::from).collect();
        let mut updated = Vec::new();
        self.monitor_pass(
            now,
            nodes,
            lease_of,
            &pods,
            &mut updated,
            &super::fast_path::NoPromises,
        )
    }

    /// [`Self::monitor_in_place`], also listing the indices of nodes whose status it updated.
    /// `log` is what the caller promises about its list since the last pass (see
    /// [`super::fast_path`]); it only decides how much of each node is re-read, never what the
    /// pass decides.
    pub(crate) fn monitor_pass(
        &mut self,
        now: Time,
        nodes: &mut [Node],
        lease_of: impl Fn(usize, &Node) -> Option<Option<Time>>,
        pods: &[PodView],
        updated: &mut Vec<usize>,
        log: &(impl WriteLog + ?Sized),
    ) -> MonitorResult {
        let append_only = log.append_only();
        let mut out = MonitorResult::default();
        out.api_calls.push(ApiCall {
            verb: "list".to_string(),
            resource: "nodes".to_string(),
            name: None,
        });
        // An append-only caller's list is unchanged exactly when its length is, which spares a
        // name comparison per node per pass.
        let same_list = self.order.len() == nodes.len()
            && (append_only
                || self
                    .order
                    .iter()
                    .zip(nodes.iter())
                    .all(|(&a, n)| self.name(a) == n.metadata.name));
        if !same_list {
            self.realign(nodes);
            self.classify(nodes, &mut out);
        }
        if !same_list || !append_only {
            self.zone_cache.clear();
            self.zone_cache.resize(nodes.len(), NO_ZONE);
            self.quiet.clear();
            self.quiet.resize(nodes.len(), Settled::No);
        }
        let grace_ms = self.settings.node_monitor_grace_period.as_millis();
        let mut ready = std::mem::take(&mut self.scratch);
        let mut pods_by_node: Option<PodsByNode> = None;
        ready.clear();
        ready.resize(nodes.len(), false);
        for (i, node) in nodes.iter_mut().enumerate() {
            let write = log.write(i);
            // `quiet` and `zone_cache` have a slot per listed node (sized above, or unchanged
            // with an unchanged list); a missing slot would only send the node the full way.
            let settled = match write {
                NodeWrite::Other => Settled::No,
                _ => self.quiet.get(i).copied().unwrap_or_default(),
            };
            // `Settled::Ready` also means the node is in no tainting set: it was Ready at the
            // last pass, so `markNodeAsReachable` took it out, and only a not-Ready node is put in.
            if settled == Settled::Ready {
                if let Some(Some(h)) = self.health.get_mut(i) {
                    if quiet_pass(h, node, write, || lease_of(i, node), now, grace_ms) {
                        if let Some(r) = ready.get_mut(i) {
                            *r = true;
                        }
                        continue;
                    }
                }
            }
            // A silent node nobody wrote: only the lease check and taint-based eviction run (on
            // the Ready status Unknown, observed and left); it stays settled.
            let zone = self.zone_cache.get(i).copied().unwrap_or(NO_ZONE);
            if settled == Settled::Unknown && write == NodeWrite::Nothing && zone != NO_ZONE {
                if let (Some(Some(h)), Some(&id)) = (self.health.get_mut(i), self.order.get(i)) {
                    silent_pass(h, lease_of(i, node), now);
                    self.zone_hint = Some((zone >> 1) as usize);
                    self.process_taint_base_eviction(
                        node,
                        id,
                        ConditionStatus::Unknown,
                        now,
                        &mut out,
                    );
                    self.zone_hint = None;
                    continue;
                }
            }
            let lease = lease_of(i, node);
            let (Some(slot), Some(&id)) = (self.health.get_mut(i), self.order.get(i)) else {
                continue;
            };
            let update = try_update_node_health(&self.settings, slot, node, now, lease);
            if update.wrote {
                out.api_calls
                    .push(call("updateStatus", "nodes", &node.metadata.name));
                updated.push(i);
            }
            let is_ready = update.current == Some(ConditionStatus::True);
            if let Some(r) = ready.get_mut(i) {
                *r = is_ready;
            }
            if let Some(current) = update.current {
                let observed = update.observed;
                // Reachable, untainted, nothing queued anywhere: `markNodeAsReachable` would do
                // nothing (the common case on every pass).
                if !(observed == ConditionStatus::True
                    && node.spec.taints.is_empty()
                    && self.members == 0)
                {
                    self.zone_hint = match self.zone_cache.get(i) {
                        Some(&z) if z != NO_ZONE => Some((z >> 1) as usize),
                        _ => None,
                    };
                    self.process_taint_base_eviction(node, id, observed, now, &mut out);
                    self.zone_hint = None;
                }
                // `MarkPodsNotReady` on a Ready node that stopped being Ready. Upstream retries
                // nodes whose pods failed to update (`nodesToRetry`); marking never fails here.
                if current != ConditionStatus::True && observed == ConditionStatus::True {
                    let name = node.metadata.name.as_str();
                    out.events.push(ControllerEvent {
                        node: name.to_string(),
                        type_: EVENT_NORMAL.to_string(),
                        reason: "NodeNotReady".to_string(),
                        message: format!("Node {name} status is now: NodeNotReady"),
                    });
                    // Pods by node, indexed once per pass on first need (linear, not nodes × pods).
                    let by_node = pods_by_node.get_or_insert_with(|| PodsByNode::new(pods));
                    let pods = by_node
                        .of(name)
                        .filter_map(|k| pods.get(k))
                        .map(|p| match p.namespace {
                            Some(ns) => format!("{ns}/{}", p.name),
                            None => p.name.to_string(),
                        })
                        .collect();
                    out.pods_marked_not_ready.push(PodsMarkedNotReady {
                        node: name.to_string(),
                        pods,
                    });
                }
            }
            if let Some(q) = self.quiet.get_mut(i) {
                *q = if is_ready && node.spec.taints.is_empty() {
                    Settled::Ready
                } else if update.observed == ConditionStatus::Unknown
                    && update.current == Some(ConditionStatus::Unknown)
                    && !update.wrote
                    && all_unknown(node)
                {
                    Settled::Unknown
                } else {
                    Settled::No
                };
            }
        }
        let zones = self.count_zones(nodes, &ready);
        self.scratch = ready;
        self.handle_disruption(nodes, &zones, now, &mut out);
        out.zone_states = crate::sort::collect_map(
            self.zone_states
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().to_string())),
        );
        out
    }

    /// Re-aligns the health records with a changed node list (by name).
    fn realign(&mut self, nodes: &[Node]) {
        // Ids are dense, so the old records are found by index, not through a map.
        let mut old: Vec<Option<Health>> = vec![None; self.names.len()];
        for (id, h) in self.order.drain(..).zip(self.health.drain(..)) {
            if let Some(slot) = old.get_mut(id as usize) {
                *slot = h;
            }
        }
        self.position.fill(NOT_LISTED);
        for (p, n) in nodes.iter().enumerate() {
            let id = self.intern(&n.metadata.name);
            self.order.push(id);
            self.health
                .push(old.get_mut(id as usize).and_then(Option::take));
            // A name listed twice keeps its last position, as a map built from the list would.
            if let Some(slot) = self.position.get_mut(id as usize) {
                *slot = p as u32;
            }
        }
    }

    /// Added and deleted nodes relative to the known set (right after [`Self::realign`], whose
    /// positions say which known names are listed).
    fn classify(&mut self, nodes: &mut [Node], out: &mut MonitorResult) {
        for (i, node) in nodes.iter_mut().enumerate() {
            let Some(&id) = self.order.get(i) else {
                continue;
            };
            let Some(known) = self.known.get_mut(id as usize) else {
                continue;
            };
            if !*known {
                *known = true;
                let name = node.metadata.name.as_str();
                out.events.push(ControllerEvent {
                    node: name.to_string(),
                    type_: EVENT_NORMAL.to_string(),
                    reason: "RegisteredNode".to_string(),
                    message: format!("Registered Node {name} in Controller"),
                });
                write_zone_key(node, &mut self.key_buf);
                let zone = std::mem::take(&mut self.key_buf);
                self.ensure_tainter(&zone);
                if !self.zone_states.contains_key(&zone) {
                    self.zone_states.insert(zone.clone(), ZoneState::Initial);
                }
                self.key_buf = zone;
                self.mark_reachable(node, Some(id), out);
            }
        }
        // Known names no longer listed, in name order (upstream walks a sorted set).
        let mut deleted: Vec<usize> = self
            .known
            .iter()
            .zip(self.position.iter())
            .enumerate()
            .filter(|(_, (&known, &p))| known && p == NOT_LISTED)
            .map(|(id, _)| id)
            .collect();
        // Names are distinct: the stable sort orders them as any sort would.
        crate::sort::sort_by(&mut deleted, |&a, &b| {
            self.name(a as NodeId).cmp(self.name(b as NodeId))
        });
        for id in deleted {
            let name = self.name(id as NodeId);
            out.events.push(ControllerEvent {
                node: name.to_string(),
                type_: EVENT_NORMAL.to_string(),
                reason: "RemovingNode".to_string(),
                message: format!("Removing Node {name} from Controller"),
            });
            if let Some(known) = self.known.get_mut(id) {
                *known = false;
            }
        }
    }
}

/// A lease as a pass reads it: `(namespace, name, spec.renewTime)`.
fn lease_parts(l: &Lease) -> (&str, &str, Option<Time>) {
    (&l.metadata.namespace, &l.metadata.name, l.spec.renew_time)
}

/// The node leases' renew times by node name, from `(namespace, name, renewTime)`: leases in
/// other namespaces are not node heartbeats, and of two leases with one name the later wins, as
/// the lease informer's store keeps the last write.
pub fn lease_index<'a>(
    leases: impl Iterator<Item = (&'a str, &'a str, Option<Time>)>,
) -> HashMap<&'a str, Option<Time>> {
    // An iterator without an upper bound: the map grows as it fills.
    let mut index = HashMap::with_capacity(leases.size_hint().1.unwrap_or(0));
    for (ns, name, renew) in leases {
        if ns == NODE_LEASE_NAMESPACE {
            index.insert(name, renew);
        }
    }
    index
}

/// Pods by node name, in list order: per node the first and last of its pods, per pod the next
/// one on its node. Built once per pass on first need (linear, not nodes × pods), in two
/// allocations however many nodes the pods run on (a list per node was one each).
struct PodsByNode<'a> {
    ends: HashMap<&'a str, (u32, u32)>,
    next: Vec<u32>,
}

const NO_POD: u32 = u32::MAX;

impl<'a> PodsByNode<'a> {
    fn new(pods: &[PodView<'a>]) -> Self {
        let mut ends: HashMap<&'a str, (u32, u32)> = HashMap::new();
        let mut next = vec![NO_POD; pods.len()];
        for (k, p) in pods.iter().enumerate() {
            let k = k as u32;
            match ends.get_mut(p.node_name) {
                Some((_, last)) => {
                    if let Some(link) = next.get_mut(*last as usize) {
                        *link = k;
                    }
                    *last = k;
                }
                None => {
                    ends.insert(p.node_name, (k, k));
                }
            }
        }
        PodsByNode { ends, next }
    }

    /// The indices of the pods on `node`, in list order.
    fn of(&self, node: &str) -> impl Iterator<Item = usize> + '_ {
        let first = self.ends.get(node).map_or(NO_POD, |&(first, _)| first);
        std::iter::successors((first != NO_POD).then_some(first), |&k| {
            self.next.get(k as usize).copied().filter(|&n| n != NO_POD)
        })
        .map(|k| k as usize)
    }
}
