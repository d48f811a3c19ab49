//! The node lifecycle controller's health monitor (kube-controller-manager,
//! `pkg/controller/nodelifecycle/node_lifecycle_controller.go`, ≈ v1.31–1.34).
//!
//! The control plane cannot see a node, only what its kubelet writes: status patches and lease
//! renewals. Every `nodeMonitorPeriod` it refreshes a per-node probe timestamp from those writes and,
//! once a node has been silent for longer than the grace period, sets its conditions Unknown, taints
//! it and marks its pods not ready. The default grace grew from 40s to 50s in 1.32 (PR #126287), so
//! the default depends on the Kubernetes version. NoExecute taints go through a per-zone
//! rate-limited queue whose rate depends on the zone's disruption state.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::duration::Duration;
use crate::kubelet::nodestatus::{
    Node, NodeCondition, Taint, CONDITION_FALSE, CONDITION_TRUE, CONDITION_UNKNOWN,
    NODE_DISK_PRESSURE, NODE_MEMORY_PRESSURE, NODE_NETWORK_UNAVAILABLE, NODE_PID_PRESSURE,
    NODE_READY,
};
use crate::timestamp::Time;
use crate::version::Version;

pub const TAINT_NOT_READY: &str = "node.kubernetes.io/not-ready";
pub const TAINT_UNREACHABLE: &str = "node.kubernetes.io/unreachable";
pub const TAINT_UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";
pub const LABEL_EXCLUDE_DISRUPTION: &str = "node.kubernetes.io/exclude-disruption";
pub const NO_EXECUTE: &str = "NoExecute";
pub const NO_SCHEDULE: &str = "NoSchedule";

/// `nodeConditionToTaintKeyStatusMap`, in condition order.
fn taint_key_for(condition: &NodeCondition) -> Option<&'static str> {
    match (condition.type_.as_str(), condition.status.as_str()) {
        (NODE_READY, CONDITION_FALSE) => Some(TAINT_NOT_READY),
        (NODE_READY, CONDITION_UNKNOWN) => Some(TAINT_UNREACHABLE),
        (NODE_MEMORY_PRESSURE, CONDITION_TRUE) => Some("node.kubernetes.io/memory-pressure"),
        (NODE_DISK_PRESSURE, CONDITION_TRUE) => Some("node.kubernetes.io/disk-pressure"),
        (NODE_PID_PRESSURE, CONDITION_TRUE) => Some("node.kubernetes.io/pid-pressure"),
        (NODE_NETWORK_UNAVAILABLE, CONDITION_TRUE) => {
            Some("node.kubernetes.io/network-unavailable")
        }
        _ => None,
    }
}

const NO_SCHEDULE_KEYS: [&str; 7] = [
    TAINT_NOT_READY,
    TAINT_UNREACHABLE,
    "node.kubernetes.io/memory-pressure",
    "node.kubernetes.io/disk-pressure",
    "node.kubernetes.io/pid-pressure",
    "node.kubernetes.io/network-unavailable",
    TAINT_UNSCHEDULABLE,
];

/// Controller settings (kube-controller-manager flags); every field optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ControllerConfig {
    /// Picks the default grace period: 40s through 1.31, 50s from 1.32. Default: newest (50s).
    #[serde(default)]
    pub kubernetes_version: Option<String>,
    #[serde(default)]
    pub node_monitor_grace_period: Option<Duration>,
    #[serde(default)]
    pub node_startup_grace_period: Option<Duration>,
    #[serde(default)]
    pub node_monitor_period: Option<Duration>,
    /// `--node-eviction-rate` (0.1).
    #[serde(default)]
    pub node_eviction_rate: Option<f64>,
    /// `--secondary-node-eviction-rate` (0.01).
    #[serde(default)]
    pub secondary_node_eviction_rate: Option<f64>,
    /// `--large-cluster-size-threshold` (50).
    #[serde(default)]
    pub large_cluster_size_threshold: Option<u32>,
    /// `--unhealthy-zone-threshold` (0.55).
    #[serde(default)]
    pub unhealthy_zone_threshold: Option<f64>,
}

/// A refused controller setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// Resolved settings in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub node_monitor_grace_period: Duration,
    pub node_startup_grace_period: Duration,
    pub node_monitor_period: Duration,
    pub node_eviction_rate: f64,
    pub secondary_node_eviction_rate: f64,
    pub large_cluster_size_threshold: u32,
    pub unhealthy_zone_threshold: f64,
}

impl Settings {
    pub fn resolve(c: &ControllerConfig) -> Result<Settings, ConfigError> {
        let default_grace = match &c.kubernetes_version {
            None => Duration::from_secs(50),
            Some(v) => {
                let v = Version::parse_generic(v).map_err(|e| ConfigError(e.to_string()))?;
                if v >= Version::new(1, 32) {
                    Duration::from_secs(50)
                } else {
                    Duration::from_secs(40)
                }
            }
        };
        let s = Settings {
            node_monitor_grace_period: c.node_monitor_grace_period.unwrap_or(default_grace),
            node_startup_grace_period: c
                .node_startup_grace_period
                .unwrap_or(Duration::from_secs(60)),
            node_monitor_period: c.node_monitor_period.unwrap_or(Duration::from_secs(5)),
            node_eviction_rate: c.node_eviction_rate.unwrap_or(0.1),
            secondary_node_eviction_rate: c.secondary_node_eviction_rate.unwrap_or(0.01),
            large_cluster_size_threshold: c.large_cluster_size_threshold.unwrap_or(50),
            unhealthy_zone_threshold: c.unhealthy_zone_threshold.unwrap_or(0.55),
        };
        for (name, d) in [
            ("nodeMonitorGracePeriod", s.node_monitor_grace_period),
            ("nodeStartupGracePeriod", s.node_startup_grace_period),
        ] {
            if d.0 < 0 {
                return Err(ConfigError(format!("{name} must not be negative: {d}")));
            }
        }
        if s.node_monitor_period.0 <= 0 {
            return Err(ConfigError(format!(
                "nodeMonitorPeriod must be positive: {}",
                s.node_monitor_period
            )));
        }
        if s.node_eviction_rate < 0.0 || s.secondary_node_eviction_rate < 0.0 {
            return Err(ConfigError(
                "eviction rates must not be negative".to_string(),
            ));
        }
        Ok(s)
    }
}

/// A coordination.k8s.io/v1 Lease (the node heartbeat, `kube-node-lease/<node>`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Lease {
    pub metadata: LeaseMeta,
    #[serde(default)]
    pub spec: LeaseSpec,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaseMeta {
    pub name: String,
    #[serde(default = "node_lease_namespace")]
    pub namespace: String,
}

fn node_lease_namespace() -> String {
    "kube-node-lease".to_string()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeaseSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder_identity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_duration_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renew_time: Option<Time>,
}

/// A pod as far as the controller cares: where it runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodRef {
    pub namespace: Option<String>,
    pub name: String,
    pub node_name: String,
}

/// One `monitorNodeHealth` input: what the informers list at `now`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MonitorInput {
    pub now: Time,
    #[serde(default)]
    pub nodes: Vec<Node>,
    #[serde(default)]
    pub leases: Vec<Lease>,
    #[serde(default)]
    pub pods: Vec<PodRef>,
}

/// An event the controller recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ControllerEvent {
    pub node: String,
    #[serde(rename = "type")]
    pub type_: String,
    pub reason: String,
    pub message: String,
}

/// A write to the API server (or the list the pass started with).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiCall {
    pub verb: String,
    pub resource: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A taint decision: `queued` (waits for the zone's rate limiter), `added`, `removed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaintChange {
    pub node: String,
    pub action: String,
    pub key: String,
    pub effect: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PodsMarkedNotReady {
    pub node: String,
    pub pods: Vec<String>,
}

/// What one pass did. `nodes` are the nodes as the API server now holds them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonitorResult {
    pub nodes: Vec<Node>,
    pub taints: Vec<TaintChange>,
    pub events: Vec<ControllerEvent>,
    pub pods_marked_not_ready: Vec<PodsMarkedNotReady>,
    pub api_calls: Vec<ApiCall>,
    pub zone_states: BTreeMap<String, String>,
}

#[derive(Clone, Debug)]
struct Health {
    probe: Time,
    ready_transition: Time,
    status_ready: Option<NodeCondition>,
    lease_renew: Option<Option<Time>>,
}

/// `RateLimitedTimedQueue` with a token bucket of burst 1 (`EvictionRateLimiterBurst`).
#[derive(Clone, Debug)]
struct ZoneTainter {
    qps: f64,
    tokens: f64,
    last: Option<Time>,
    queue: VecDeque<String>,
    queued: BTreeSet<String>,
}

impl ZoneTainter {
    fn new(qps: f64) -> Self {
        ZoneTainter {
            qps,
            tokens: 1.0,
            last: None,
            queue: VecDeque::new(),
            queued: BTreeSet::new(),
        }
    }

    fn try_accept(&mut self, now: Time) -> bool {
        if self.qps <= 0.0 {
            return false;
        }
        if let Some(l) = self.last {
            self.tokens = (self.tokens + (now.0 - l.0) as f64 / 1000.0 * self.qps).min(1.0);
        }
        self.last = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn swap_limiter(&mut self, qps: f64) {
        if self.qps != qps {
            self.qps = qps;
            self.tokens = if qps > 0.0 { 1.0 } else { 0.0 };
            self.last = None;
        }
    }

    fn add(&mut self, node: &str) -> bool {
        if self.queued.insert(node.to_string()) {
            self.queue.push_back(node.to_string());
            true
        } else {
            false
        }
    }

    fn remove(&mut self, node: &str) {
        if self.queued.remove(node) {
            self.queue.retain(|n| n != node);
        }
    }
}

/// `nodetopology.GetZoneKey`: region and zone labels, empty when neither is set.
pub fn zone_key(node: &Node) -> String {
    let l = &node.metadata.labels;
    let get = |a: &str, b: &str| l.get(a).or_else(|| l.get(b)).cloned().unwrap_or_default();
    let region = get(
        "topology.kubernetes.io/region",
        "failure-domain.beta.kubernetes.io/region",
    );
    let zone = get(
        "topology.kubernetes.io/zone",
        "failure-domain.beta.kubernetes.io/zone",
    );
    if region.is_empty() && zone.is_empty() {
        return String::new();
    }
    format!("{region}:\u{0}:{zone}")
}

/// The node lifecycle controller's state between passes.
#[derive(Clone, Debug)]
pub struct NodeLifecycleController {
    settings: Settings,
    known: BTreeSet<String>,
    health: HashMap<String, Health>,
    zone_states: BTreeMap<String, String>,
    tainters: BTreeMap<String, ZoneTainter>,
    /// Nodes whose pods failed to be marked not ready (never fails here, kept for shape).
    nodes_to_retry: BTreeSet<String>,
}

fn has_taint(node: &Node, key: &str, effect: &str) -> bool {
    node.spec
        .taints
        .iter()
        .any(|t| t.key == key && t.effect == effect)
}

fn remove_taint(node: &mut Node, key: &str, effect: &str) -> bool {
    let before = node.spec.taints.len();
    node.spec
        .taints
        .retain(|t| !(t.key == key && t.effect == effect));
    before != node.spec.taints.len()
}

fn add_taint(node: &mut Node, key: &str, effect: &str, now: Time) {
    let t = Taint {
        key: key.to_string(),
        value: String::new(),
        effect: effect.to_string(),
        time_added: Some(now),
    };
    match node.spec.taints.iter_mut().find(|x| x.matches(&t)) {
        Some(x) => *x = t,
        None => node.spec.taints.push(t),
    }
}

impl NodeLifecycleController {
    pub fn new(config: &ControllerConfig) -> Result<Self, ConfigError> {
        Ok(Self::with_settings(Settings::resolve(config)?))
    }

    pub fn with_settings(settings: Settings) -> Self {
        NodeLifecycleController {
            settings,
            known: BTreeSet::new(),
            health: HashMap::new(),
            zone_states: BTreeMap::new(),
            tainters: BTreeMap::new(),
            nodes_to_retry: BTreeSet::new(),
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Whether a NoExecute taint is waiting in some zone's queue.
    pub fn has_queued_taints(&self) -> bool {
        self.tainters.values().any(|t| !t.queue.is_empty())
    }

    /// `tryUpdateNodeHealth`: returns (observed Ready, current Ready, wrote status).
    fn try_update_node_health(
        &mut self,
        node: &mut Node,
        now: Time,
        lease: Option<Option<Time>>,
    ) -> (NodeCondition, Option<NodeCondition>, bool) {
        let name = node.metadata.name.clone();
        let created = node.metadata.creation_timestamp.unwrap_or_default();
        let current = node.status.condition(NODE_READY).cloned();
        let mut health = self.health.get(&name).cloned();
        let (observed, grace) = match &current {
            None => {
                let obs = NodeCondition {
                    type_: NODE_READY.to_string(),
                    status: CONDITION_UNKNOWN.to_string(),
                    last_heartbeat_time: Some(created),
                    last_transition_time: Some(created),
                    ..NodeCondition::default()
                };
                // A node without Ready is judged from its creation time, not from first sight.
                if health.is_none() {
                    health = Some(Health {
                        probe: created,
                        ready_transition: created,
                        status_ready: None,
                        lease_renew: None,
                    });
                }
                (obs, self.settings.node_startup_grace_period)
            }
            Some(c) => (c.clone(), self.settings.node_monitor_grace_period),
        };
        let saved = health.as_ref().and_then(|h| h.status_ready.clone());
        let saved_lease = health.as_ref().and_then(|h| h.lease_renew);
        let fresh = |status_ready: Option<NodeCondition>| Health {
            probe: now,
            ready_transition: now,
            status_ready,
            lease_renew: None,
        };
        let mut h = match (health, &saved, &current) {
            (None, _, _) => fresh(current.clone()),
            (Some(_), None, Some(_)) | (Some(_), Some(_), None) => fresh(current.clone()),
            (Some(h), Some(s), Some(c)) if s.last_heartbeat_time != c.last_heartbeat_time => {
                let transition = if s.last_transition_time != c.last_transition_time {
                    now
                } else {
                    h.ready_transition
                };
                Health {
                    probe: now,
                    ready_transition: transition,
                    status_ready: current.clone(),
                    lease_renew: None,
                }
            }
            (Some(h), _, _) => Health {
                status_ready: current.clone(),
                ..h
            },
        };
        // Rebuilt records above carry no lease, as upstream's do: the next pass then counts the
        // stored lease as newly renewed (an upstream quirk we keep).
        let observed_lease = lease;
        if let Some(renew) = observed_lease {
            let newer = match saved_lease {
                None => true,
                Some(s) => s.unwrap_or_default() < renew.unwrap_or_default(),
            };
            if newer {
                h.lease_renew = Some(renew);
                h.probe = now;
            }
        }
        let mut wrote = false;
        let mut current_after = current.clone();
        if now.0 > h.probe.0.saturating_add(grace.as_millis()) {
            for t in [
                NODE_READY,
                NODE_MEMORY_PRESSURE,
                NODE_DISK_PRESSURE,
                NODE_PID_PRESSURE,
            ] {
                match node.status.condition_mut(t) {
                    None => node.status.push_condition(NodeCondition {
                        type_: t.to_string(),
                        status: CONDITION_UNKNOWN.to_string(),
                        reason: "NodeStatusNeverUpdated".to_string(),
                        message: "Kubelet never posted node status.".to_string(),
                        last_heartbeat_time: Some(created),
                        last_transition_time: Some(now),
                    }),
                    Some(c) => {
                        if c.status != CONDITION_UNKNOWN {
                            c.status = CONDITION_UNKNOWN.to_string();
                            c.reason = "NodeStatusUnknown".to_string();
                            c.message = "Kubelet stopped posting node status.".to_string();
                            c.last_transition_time = Some(now);
                        }
                    }
                }
            }
            current_after = node.status.condition(NODE_READY).cloned();
            if current_after.as_ref() != Some(&observed) {
                wrote = true;
                h = Health {
                    probe: h.probe,
                    ready_transition: now,
                    status_ready: current_after.clone(),
                    lease_renew: observed_lease,
                };
            }
        }
        self.health.insert(name, h);
        (observed, current_after, wrote)
    }

    fn tainter(&mut self, zone: &str) -> &mut ZoneTainter {
        let qps = self.settings.node_eviction_rate;
        self.tainters
            .entry(zone.to_string())
            .or_insert_with(|| ZoneTainter::new(qps))
    }

    /// `markNodeAsReachable`: drop both NoExecute taints and any queued tainting.
    fn mark_reachable(&mut self, node: &mut Node, out: &mut MonitorResult) {
        let name = node.metadata.name.clone();
        let mut removed = false;
        for key in [TAINT_UNREACHABLE, TAINT_NOT_READY] {
            if remove_taint(node, key, NO_EXECUTE) {
                removed = true;
                out.taints.push(change(&name, "removed", key, NO_EXECUTE));
            }
        }
        if removed {
            out.api_calls.push(call("patch", "nodes", &name));
        }
        let zone = zone_key(node);
        self.tainter(&zone).remove(&name);
    }

    /// `processTaintBaseEviction`, on the Ready status observed at the start of the pass.
    fn process_taint_base_eviction(
        &mut self,
        node: &mut Node,
        observed: &str,
        now: Time,
        out: &mut MonitorResult,
    ) {
        let name = node.metadata.name.clone();
        let zone = zone_key(node);
        let swap = |node: &mut Node, add: &str, del: &str, out: &mut MonitorResult| {
            add_taint(node, add, NO_EXECUTE, now);
            remove_taint(node, del, NO_EXECUTE);
            out.taints.push(change(&name, "added", add, NO_EXECUTE));
            out.taints.push(change(&name, "removed", del, NO_EXECUTE));
            out.api_calls.push(call("patch", "nodes", &name));
        };
        match observed {
            CONDITION_FALSE => {
                if has_taint(node, TAINT_UNREACHABLE, NO_EXECUTE) {
                    swap(node, TAINT_NOT_READY, TAINT_UNREACHABLE, out);
                } else if self.tainter(&zone).add(&name) {
                    out.taints
                        .push(change(&name, "queued", TAINT_NOT_READY, NO_EXECUTE));
                }
            }
            CONDITION_UNKNOWN => {
                if has_taint(node, TAINT_NOT_READY, NO_EXECUTE) {
                    swap(node, TAINT_UNREACHABLE, TAINT_NOT_READY, out);
                } else if self.tainter(&zone).add(&name) {
                    out.taints
                        .push(change(&name, "queued", TAINT_UNREACHABLE, NO_EXECUTE));
                }
            }
            CONDITION_TRUE => self.mark_reachable(node, out),
            _ => {}
        }
    }

    /// One `monitorNodeHealth` pass over what the informers list at `input.now`.
    pub fn monitor_node_health(&mut self, input: &MonitorInput) -> MonitorResult {
        let mut nodes = input.nodes.clone();
        let leases: HashMap<&str, &Lease> = input
            .leases
            .iter()
            .filter(|l| l.metadata.namespace == "kube-node-lease")
            .map(|l| (l.metadata.name.as_str(), l))
            .collect();
        let mut out = self.monitor_in_place(
            input.now,
            &mut nodes,
            |_, n| {
                leases
                    .get(n.metadata.name.as_str())
                    .map(|l| l.spec.renew_time)
            },
            &input.pods,
        );
        out.nodes = nodes;
        out
    }

    /// The pass itself, on the API server's nodes in place (the simulator's entry point).
    /// `lease_of(index, node)` gives the node's lease renew time, `None` when it has no lease.
    pub fn monitor_in_place(
        &mut self,
        now: Time,
        nodes: &mut [Node],
        lease_of: impl Fn(usize, &Node) -> Option<Option<Time>>,
        pods: &[PodRef],
    ) -> MonitorResult {
        let mut out = MonitorResult::default();
        out.api_calls.push(ApiCall {
            verb: "list".to_string(),
            resource: "nodes".to_string(),
            name: None,
        });
        if self.known.len() != nodes.len()
            || nodes.iter().any(|n| !self.known.contains(&n.metadata.name))
        {
            self.classify(nodes, &mut out);
        }
        let mut zone_conditions: BTreeMap<String, Vec<bool>> = BTreeMap::new();
        for (i, node) in nodes.iter_mut().enumerate() {
            let name = node.metadata.name.clone();
            let lease = lease_of(i, node);
            let (observed, current, wrote) = self.try_update_node_health(node, now, lease);
            if wrote {
                out.api_calls.push(call("updateStatus", "nodes", &name));
            }
            if !node.metadata.labels.contains_key(LABEL_EXCLUDE_DISRUPTION) {
                zone_conditions
                    .entry(zone_key(node))
                    .or_default()
                    .push(current.as_ref().is_some_and(|c| c.status == CONDITION_TRUE));
            }
            if let Some(cur) = &current {
                self.process_taint_base_eviction(node, &observed.status, now, &mut out);
                let needs_retry = self.nodes_to_retry.contains(&name);
                let transitioned =
                    cur.status != CONDITION_TRUE && observed.status == CONDITION_TRUE;
                if transitioned {
                    out.events.push(ControllerEvent {
                        node: name.clone(),
                        type_: "Normal".to_string(),
                        reason: "NodeNotReady".to_string(),
                        message: format!("Node {name} status is now: NodeNotReady"),
                    });
                }
                if transitioned || (needs_retry && observed.status != CONDITION_TRUE) {
                    let pods = pods
                        .iter()
                        .filter(|p| p.node_name == name)
                        .map(|p| match &p.namespace {
                            Some(ns) => format!("{ns}/{}", p.name),
                            None => p.name.clone(),
                        })
                        .collect();
                    out.pods_marked_not_ready.push(PodsMarkedNotReady {
                        node: name.clone(),
                        pods,
                    });
                }
            }
            self.nodes_to_retry.remove(&name);
        }
        self.handle_disruption(nodes, &zone_conditions, now, &mut out);
        out.zone_states = self.zone_states.clone();
        out
    }

    /// Added and deleted nodes relative to the known set.
    fn classify(&mut self, nodes: &mut [Node], out: &mut MonitorResult) {
        let listed: BTreeSet<String> = nodes.iter().map(|n| n.metadata.name.clone()).collect();
        for node in nodes.iter_mut() {
            let name = node.metadata.name.clone();
            if !self.known.contains(&name) {
                out.events.push(ControllerEvent {
                    node: name.clone(),
                    type_: "Normal".to_string(),
                    reason: "RegisteredNode".to_string(),
                    message: format!("Registered Node {name} in Controller"),
                });
                self.known.insert(name.clone());
                let zone = zone_key(node);
                self.tainter(&zone);
                self.mark_reachable(node, out);
            }
        }
        let deleted: Vec<String> = self.known.difference(&listed).cloned().collect();
        for name in deleted {
            out.events.push(ControllerEvent {
                node: name.clone(),
                type_: "Normal".to_string(),
                reason: "RemovingNode".to_string(),
                message: format!("Removing Node {name} from Controller"),
            });
            self.known.remove(&name);
            self.health.remove(&name);
            for t in self.tainters.values_mut() {
                t.remove(&name);
            }
        }
    }

    fn compute_zone_state(&self, ready: &[bool]) -> &'static str {
        let r = ready.iter().filter(|x| **x).count();
        let nr = ready.len() - r;
        if r == 0 && nr > 0 {
            "FullDisruption"
        } else if nr > 2
            && nr as f32 / (nr + r) as f32 >= self.settings.unhealthy_zone_threshold as f32
        {
            "PartialDisruption"
        } else {
            "Normal"
        }
    }

    fn limiter_qps(&self, state: &str, zone_size: usize) -> f64 {
        match state {
            "PartialDisruption" => {
                if zone_size > self.settings.large_cluster_size_threshold as usize {
                    self.settings.secondary_node_eviction_rate
                } else {
                    0.0
                }
            }
            _ => self.settings.node_eviction_rate,
        }
    }

    fn handle_disruption(
        &mut self,
        nodes: &mut [Node],
        zones: &BTreeMap<String, Vec<bool>>,
        now: Time,
        out: &mut MonitorResult,
    ) {
        let mut new_states = BTreeMap::new();
        let mut all_are_full = true;
        for (k, v) in zones {
            let s = self.compute_zone_state(v);
            all_are_full &= s == "FullDisruption";
            new_states.insert(k.clone(), s);
            self.zone_states
                .entry(k.clone())
                .or_insert_with(|| "Initial".to_string());
        }
        self.zone_states.retain(|k, _| zones.contains_key(k));
        let all_were_full = self.zone_states.values().all(|v| v == "FullDisruption");
        if all_are_full && all_were_full {
            return;
        }
        if all_are_full {
            for n in nodes.iter_mut() {
                self.mark_reachable(n, out);
            }
            for t in self.tainters.values_mut() {
                t.swap_limiter(0.0);
            }
            for v in self.zone_states.values_mut() {
                *v = "FullDisruption".to_string();
            }
            return;
        }
        let keys: Vec<String> = self.zone_states.keys().cloned().collect();
        if all_were_full {
            for n in nodes.iter() {
                if let Some(h) = self.health.get_mut(&n.metadata.name) {
                    h.probe = now;
                    h.ready_transition = now;
                }
            }
        }
        for k in keys {
            let new = new_states.get(&k).copied().unwrap_or("Normal");
            if !all_were_full && self.zone_states.get(&k).map(String::as_str) == Some(new) {
                continue;
            }
            let size = zones.get(&k).map_or(0, Vec::len);
            let qps = self.limiter_qps(new, size);
            self.tainter(&k).swap_limiter(qps);
            self.zone_states.insert(k, new.to_string());
        }
    }

    /// `doNoExecuteTaintingPass`: apply queued NoExecute taints as each zone's limiter allows.
    pub fn do_no_execute_tainting_pass(&mut self, now: Time, nodes: &mut [Node]) -> MonitorResult {
        let mut out = MonitorResult::default();
        let index: HashMap<String, usize> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.metadata.name.clone(), i))
            .collect();
        for tainter in self.tainters.values_mut() {
            while let Some(name) = tainter.queue.front().cloned() {
                if !tainter.try_accept(now) {
                    break;
                }
                tainter.queue.pop_front();
                tainter.queued.remove(&name);
                let Some(node) = index.get(&name).and_then(|i| nodes.get_mut(*i)) else {
                    continue;
                };
                let status = node.status.condition(NODE_READY).map(|c| c.status.clone());
                let (add, del) = match status.as_deref() {
                    Some(CONDITION_FALSE) => (TAINT_NOT_READY, TAINT_UNREACHABLE),
                    Some(CONDITION_UNKNOWN) => (TAINT_UNREACHABLE, TAINT_NOT_READY),
                    _ => continue,
                };
                add_taint(node, add, NO_EXECUTE, now);
                out.taints.push(change(&name, "added", add, NO_EXECUTE));
                if remove_taint(node, del, NO_EXECUTE) {
                    out.taints.push(change(&name, "removed", del, NO_EXECUTE));
                }
                out.api_calls.push(call("patch", "nodes", &name));
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
        .filter(|t| t.effect == NO_SCHEDULE && NO_SCHEDULE_KEYS.contains(&t.key.as_str()))
        .map(|t| t.key.clone())
        .collect();
    let mut changes = Vec::new();
    for k in &want {
        if !have.iter().any(|h| h == k) {
            changes.push(change(&name, "added", k, NO_SCHEDULE));
        }
    }
    for h in &have {
        if !want.contains(&h.as_str()) {
            changes.push(change(&name, "removed", h, NO_SCHEDULE));
        }
    }
    for c in &changes {
        if c.action == "added" {
            add_taint(node, &c.key, NO_SCHEDULE, now);
        } else {
            remove_taint(node, &c.key, NO_SCHEDULE);
        }
    }
    changes
}

fn change(node: &str, action: &str, key: &str, effect: &str) -> TaintChange {
    TaintChange {
        node: node.to_string(),
        action: action.to_string(),
        key: key.to_string(),
        effect: effect.to_string(),
    }
}

fn call(verb: &str, resource: &str, name: &str) -> ApiCall {
    ApiCall {
        verb: verb.to_string(),
        resource: resource.to_string(),
        name: Some(name.to_string()),
    }
}
