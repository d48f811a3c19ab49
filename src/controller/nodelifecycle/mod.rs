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

/// Most nodes in one `monitorNodeHealth` or tainting pass: 50,000 nodes go through a pass in well
/// under a second in wasm; more is refused at once.
pub const MAX_NODES: usize = 50_000;
/// Most pod references in one pass.
pub const MAX_PODS: usize = 500_000;

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

/// `nodeHealthData`, reduced to what the algorithm reads back: the saved status matters only
/// through its Ready condition's heartbeat and transition times, the saved lease only through its
/// renew time. Keeping no strings here is what lets a 5000-node pass run without allocating.
#[derive(Clone, Copy, Debug)]
struct Health {
    probe: Time,
    ready_transition: Time,
    /// `(lastHeartbeatTime, lastTransitionTime)` of the saved status's Ready condition; `None`
    /// when the saved status has no Ready condition.
    saved_ready: Option<(Option<Time>, Option<Time>)>,
    /// The saved lease: `None` when none is saved, else its `spec.renewTime`.
    lease: Option<Option<Time>>,
}

/// `RateLimitedTimedQueue` over a token bucket of burst 1 (`EvictionRateLimiterBurst`).
///
/// Upstream's queue is a set plus a heap: `RemoveFromQueue` (after a node was processed) keeps the
/// name in the set, so a node already tainted is not queued again; only `Remove` (node reachable
/// again, or a taint of the other kind expected) forgets it.
///
/// `Remove` is called for every unhealthy node on every pass (`markNodeForTainting` re-queues a
/// node at the back), so it must not scan the queue: a removed entry stays in `queue` but is dead
/// (its sequence number no longer matches `set`), is skipped when it reaches the front, and the
/// queue is compacted once dead entries outnumber live ones. Order and membership are exactly
/// those of a queue that removes eagerly.
#[derive(Clone, Debug)]
struct ZoneTainter {
    /// As upstream stores it: a float32 QPS (0 = `NewFakeNeverRateLimiter`).
    qps: f32,
    tokens: f64,
    last: Option<Time>,
    /// Entries in queue order, each with the sequence number it was queued under.
    queue: VecDeque<(u64, String)>,
    /// The set: a name maps to the sequence number of its live queue entry, or to `None` once
    /// processed (upstream keeps processed names in the set).
    set: HashMap<String, Option<u64>>,
    next_seq: u64,
    /// Live entries in `queue`.
    live: usize,
}

/// `time.Duration.Seconds()` of a millisecond span, computed the way Go does.
fn go_seconds(ms: i64) -> f64 {
    let nanos = ms.saturating_mul(1_000_000);
    (nanos / 1_000_000_000) as f64 + (nanos % 1_000_000_000) as f64 / 1e9
}

impl ZoneTainter {
    fn new(qps: f64) -> Self {
        let qps = qps as f32;
        ZoneTainter {
            qps,
            tokens: if qps > 0.0 { 1.0 } else { 0.0 },
            last: None,
            queue: VecDeque::new(),
            set: HashMap::new(),
            next_seq: 0,
            live: 0,
        }
    }

    /// `TryAccept` of `golang.org/x/time/rate` with burst 1 (the fake never-limiter when qps = 0).
    fn try_accept(&mut self, now: Time) -> bool {
        if self.qps <= 0.0 {
            return false;
        }
        if let Some(l) = self.last {
            let delta = go_seconds(now.0 - l.0) * f64::from(self.qps);
            self.tokens = (self.tokens + delta).min(1.0);
        }
        self.last = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// `SwapLimiter`: a new bucket starts full, but is drained when the old one had no token left
    /// ("a good approach when Burst value is 1" upstream).
    fn swap_limiter(&mut self, qps: f64, now: Time) {
        let qps = qps as f32;
        if self.qps == qps {
            return;
        }
        let drained = if qps > 0.0 {
            !self.try_accept(now)
        } else {
            true
        };
        self.qps = qps;
        self.tokens = if drained { 0.0 } else { 1.0 };
        self.last = Some(now);
    }

    fn add(&mut self, node: &str) -> bool {
        if self.set.contains_key(node) {
            return false;
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        self.set.insert(node.to_string(), Some(seq));
        self.queue.push_back((seq, node.to_string()));
        self.live += 1;
        true
    }

    fn remove(&mut self, node: &str) -> bool {
        match self.set.remove(node) {
            None => false,
            Some(queued) => {
                if queued.is_some() {
                    self.live -= 1;
                    if self.queue.len() > 2 * self.live + 64 {
                        let set = &self.set;
                        self.queue
                            .retain(|(seq, name)| set.get(name) == Some(&Some(*seq)));
                    }
                }
                true
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The first live entry, dropping dead ones before it.
    fn front(&mut self) -> Option<&str> {
        while let Some((seq, name)) = self.queue.front() {
            if self.set.get(name) == Some(&Some(*seq)) {
                break;
            }
            self.queue.pop_front();
        }
        self.queue.front().map(|(_, name)| name.as_str())
    }

    /// `RemoveFromQueue` of the front entry: out of the queue, still in the set.
    fn pop_front(&mut self) {
        if self.front().is_none() {
            return;
        }
        if let Some((_, name)) = self.queue.pop_front() {
            if let Some(queued) = self.set.get_mut(&name) {
                *queued = None;
            }
            self.live -= 1;
        }
    }
}

/// The region and zone labels `nodetopology.GetZoneKey` reads, borrowed.
fn zone_parts(node: &Node) -> (&str, &str) {
    let l = &node.metadata.labels;
    let get = |a: &str, b: &str| l.get(a).or_else(|| l.get(b)).map_or("", String::as_str);
    (
        get(
            "topology.kubernetes.io/region",
            "failure-domain.beta.kubernetes.io/region",
        ),
        get(
            "topology.kubernetes.io/zone",
            "failure-domain.beta.kubernetes.io/zone",
        ),
    )
}

fn zone_matches(key: &str, (region, zone): (&str, &str)) -> bool {
    if region.is_empty() && zone.is_empty() {
        return key.is_empty();
    }
    key.len() == region.len() + 3 + zone.len()
        && key.starts_with(region)
        && key.ends_with(zone)
        && key.get(region.len()..region.len() + 3) == Some(":\u{0}:")
}

/// `nodetopology.GetZoneKey`: region and zone labels, empty when neither is set.
pub fn zone_key(node: &Node) -> String {
    let (region, zone) = zone_parts(node);
    if region.is_empty() && zone.is_empty() {
        return String::new();
    }
    format!("{region}:\u{0}:{zone}")
}

/// An unknown zone in `zone_cache`.
const NO_ZONE: u32 = u32::MAX;

/// The first Ready condition (`GetNodeCondition(status, NodeReady)`). The monitor reads it for every
/// node on every pass; a byte pattern compiles to a length test and five byte compares where `==`
/// on strings calls `memcmp`.
#[inline(always)]
fn ready_condition(node: &Node) -> Option<&NodeCondition> {
    let cs = node.status.conditions.as_deref()?;
    // An index loop: at `opt-level = "z"` the slice iterator's `next` is not inlined.
    let mut j = 0;
    while let Some(c) = cs.get(j) {
        if matches!(c.type_.as_bytes(), [b'R', b'e', b'a', b'd', b'y']) {
            return Some(c);
        }
        j += 1;
    }
    None
}

/// Ready status as a small code: 1 True, 2 False, 3 Unknown, 0 anything else.
#[inline]
fn status_code(s: &str) -> u8 {
    // Byte patterns: a length switch and a few byte compares, no `memcmp` (see `ready_condition`).
    match s.as_bytes() {
        [b'T', b'r', b'u', b'e'] => 1,
        [b'F', b'a', b'l', b's', b'e'] => 2,
        [b'U', b'n', b'k', b'n', b'o', b'w', b'n'] => 3,
        _ => 0,
    }
}

/// The node lifecycle controller's state between passes.
#[derive(Clone, Debug)]
pub struct NodeLifecycleController {
    settings: Settings,
    /// Names of the nodes listed at the last pass, in list order; `health` is aligned with it.
    order: Vec<String>,
    /// `knownNodeSet`.
    known: BTreeSet<String>,
    health: Vec<Option<Health>>,
    zone_states: BTreeMap<String, String>,
    tainters: BTreeMap<String, ZoneTainter>,
    /// Names in some zone's tainting set (lets a healthy pass skip the zone lookups).
    members: usize,
    /// Nodes whose pods failed to be marked not ready (never fails here, kept for shape).
    nodes_to_retry: BTreeSet<String>,
    /// Per-pass scratch: whether each listed node is Ready (True) after the health update.
    scratch: Vec<bool>,
    /// Per listed node: its zone's index in `zone_names` and whether it is excluded from
    /// disruption checks, when the caller promised labels do not change (the simulator).
    /// Per listed node: it ended the last pass Ready (True) and untainted (see the quiet path in
    /// `monitor_pass`); only maintained for callers that report which nodes they changed.
    quiet: Vec<bool>,
    /// Packed as `zone index << 1 | excluded`, [`NO_ZONE`] when not yet known.
    zone_cache: Vec<u32>,
    zone_names: Vec<String>,
}

fn has_taint(node: &Node, key: &str, effect: &str) -> bool {
    node.spec
        .taints
        .iter()
        .any(|t| t.key == key && t.effect == effect)
}

fn remove_taint(node: &mut Node, key: &str, effect: &str) -> bool {
    if !has_taint(node, key, effect) {
        return false;
    }
    node.spec
        .taints
        .retain(|t| !(t.key == key && t.effect == effect));
    true
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

/// `tryUpdateNodeHealth` on one node and its health record. Returns the observed Ready code, the
/// Ready code after the update (`None` without a Ready condition) and whether `UpdateStatus` ran.
fn try_update_node_health(
    settings: &Settings,
    slot: &mut Option<Health>,
    node: &mut Node,
    now: Time,
    lease: Option<Option<Time>>,
) -> (u8, Option<u8>, bool) {
    let created = node.metadata.creation_timestamp.unwrap_or_default();
    let current = ready_condition(node).map(|c| {
        (
            status_code(&c.status),
            c.last_heartbeat_time,
            c.last_transition_time,
        )
    });
    let (observed, grace) = match current {
        None => {
            // A node that never posted Ready is judged from its creation time. Upstream also
            // stores the current (Ready-less) status as the saved one here, which is why its
            // "Ready condition was removed" branch below can never be taken.
            match slot {
                Some(h) => h.saved_ready = None,
                None => {
                    *slot = Some(Health {
                        probe: created,
                        ready_transition: created,
                        saved_ready: None,
                        lease: None,
                    })
                }
            }
            (3, settings.node_startup_grace_period)
        }
        Some((code, _, _)) => (code, settings.node_monitor_grace_period),
    };
    let current_ts = current.map(|(_, hb, lt)| (hb, lt));
    let saved_lease = slot.as_ref().and_then(|h| h.lease);
    let fresh = Health {
        probe: now,
        ready_transition: now,
        saved_ready: current_ts,
        lease: None,
    };
    let h = match slot {
        None => slot.insert(fresh),
        Some(h) => {
            match (h.saved_ready, current_ts) {
                (None, Some(_)) | (Some(_), None) => *h = fresh,
                (Some((saved_hb, saved_lt)), Some((hb, lt))) if saved_hb != hb => {
                    let ready_transition = if saved_lt != lt {
                        now
                    } else {
                        h.ready_transition
                    };
                    // Rebuilt records carry no lease, as upstream's do: the next pass then
                    // counts the stored lease as newly renewed (an upstream quirk we keep).
                    *h = Health {
                        probe: now,
                        ready_transition,
                        saved_ready: current_ts,
                        lease: None,
                    };
                }
                // Same heartbeat: nothing happened on the node; the saved status stays as it was.
                _ => {}
            }
            h
        }
    };
    // A lease renewal refreshes the probe. `MicroTime.Before` is false when either renew time is
    // missing, so only a strictly newer, present renew time counts against a saved lease.
    if let Some(renew) = lease {
        let newer = match saved_lease {
            None => true,
            Some(saved) => matches!((saved, renew), (Some(a), Some(b)) if a < b),
        };
        if newer {
            h.lease = Some(renew);
            h.probe = now;
        }
    }
    let mut wrote = false;
    let mut after_code = current.map(|(code, _, _)| code);
    if now.0 > h.probe.0.saturating_add(grace.as_millis()) {
        // Only now is the full observed condition needed (rare: the node went silent).
        let observed_cond = node
            .status
            .condition(NODE_READY)
            .cloned()
            .unwrap_or_else(|| NodeCondition {
                type_: NODE_READY.to_string(),
                status: CONDITION_UNKNOWN.to_string(),
                last_heartbeat_time: Some(created),
                last_transition_time: Some(created),
                ..NodeCondition::default()
            });
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
        let after = node.status.condition(NODE_READY);
        if after != Some(&observed_cond) {
            wrote = true;
            *h = Health {
                probe: h.probe,
                ready_transition: now,
                saved_ready: after.map(|c| (c.last_heartbeat_time, c.last_transition_time)),
                lease,
            };
        }
        after_code = node
            .status
            .condition(NODE_READY)
            .map(|c| status_code(&c.status));
    }
    (observed, after_code, wrote)
}

impl NodeLifecycleController {
    pub fn new(config: &ControllerConfig) -> Result<Self, ConfigError> {
        Ok(Self::with_settings(Settings::resolve(config)?))
    }

    pub fn with_settings(settings: Settings) -> Self {
        NodeLifecycleController {
            settings,
            order: Vec::new(),
            known: BTreeSet::new(),
            health: Vec::new(),
            zone_states: BTreeMap::new(),
            tainters: BTreeMap::new(),
            members: 0,
            nodes_to_retry: BTreeSet::new(),
            scratch: Vec::new(),
            zone_cache: Vec::new(),
            quiet: Vec::new(),
            zone_names: Vec::new(),
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Whether a NoExecute taint is waiting in some zone's queue.
    pub fn has_queued_taints(&self) -> bool {
        self.tainters.values().any(|t| !t.is_empty())
    }

    fn tainter(&mut self, zone: &str) -> &mut ZoneTainter {
        let qps = self.settings.node_eviction_rate;
        self.tainters
            .entry(zone.to_string())
            .or_insert_with(|| ZoneTainter::new(qps))
    }

    fn queue_remove(&mut self, node: &Node) -> bool {
        if self.members == 0 {
            return false;
        }
        let parts = zone_parts(node);
        let name = node.metadata.name.as_str();
        let removed = self
            .tainters
            .iter_mut()
            .find(|(k, _)| zone_matches(k, parts))
            .is_some_and(|(_, t)| t.remove(name));
        if removed {
            self.members -= 1;
        }
        removed
    }

    fn queue_add(&mut self, node: &Node) -> bool {
        let zone = zone_key(node);
        let added = self.tainter(&zone).add(&node.metadata.name);
        if added {
            self.members += 1;
        }
        added
    }

    /// `markNodeAsReachable`: `RemoveTaintOffNode` for each NoExecute taint (one PATCH per taint
    /// present), then forget the node in its zone's tainting queue.
    fn mark_reachable(&mut self, node: &mut Node, out: &mut MonitorResult) {
        // The common case of every pass: an untainted node and empty queues.
        if node.spec.taints.is_empty() && self.members == 0 {
            return;
        }
        for key in [TAINT_UNREACHABLE, TAINT_NOT_READY] {
            if remove_taint(node, key, NO_EXECUTE) {
                let name = &node.metadata.name;
                out.taints.push(change(name, "removed", key, NO_EXECUTE));
                out.api_calls.push(call("patch", "nodes", name));
            }
        }
        self.queue_remove(node);
    }

    /// `SwapNodeControllerTaint` for the two NoExecute taints: add (PATCH), then remove the other
    /// one if present (a second PATCH).
    fn swap(node: &mut Node, add: &str, del: &str, now: Time, out: &mut MonitorResult) {
        add_taint(node, add, NO_EXECUTE, now);
        let name = node.metadata.name.clone();
        out.taints.push(change(&name, "added", add, NO_EXECUTE));
        out.api_calls.push(call("patch", "nodes", &name));
        if remove_taint(node, del, NO_EXECUTE) {
            out.taints.push(change(&name, "removed", del, NO_EXECUTE));
            out.api_calls.push(call("patch", "nodes", &name));
        }
    }

    /// `markNodeForTainting`: when the expected taint is missing the node is first removed from
    /// its zone's queue, then added again (so it moves to the back). The trace reports `queued`
    /// only when the node was not waiting already, not on every re-add.
    fn mark_for_tainting(&mut self, node: &Node, taint: &str, out: &mut MonitorResult) {
        let was_queued = if has_taint(node, taint, NO_EXECUTE) {
            None
        } else {
            Some(self.queue_remove(node))
        };
        if self.queue_add(node) && was_queued != Some(true) {
            out.taints
                .push(change(&node.metadata.name, "queued", taint, NO_EXECUTE));
        }
    }

    /// `processTaintBaseEviction`, on the Ready status observed at the start of the pass.
    fn process_taint_base_eviction(
        &mut self,
        node: &mut Node,
        observed: u8,
        now: Time,
        out: &mut MonitorResult,
    ) {
        match observed {
            2 => {
                if has_taint(node, TAINT_UNREACHABLE, NO_EXECUTE) {
                    Self::swap(node, TAINT_NOT_READY, TAINT_UNREACHABLE, now, out);
                } else {
                    self.mark_for_tainting(node, TAINT_NOT_READY, out);
                }
            }
            3 => {
                if has_taint(node, TAINT_NOT_READY, NO_EXECUTE) {
                    Self::swap(node, TAINT_UNREACHABLE, TAINT_NOT_READY, now, out);
                } else {
                    self.mark_for_tainting(node, TAINT_UNREACHABLE, out);
                }
            }
            1 => self.mark_reachable(node, out),
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
        let mut updated = Vec::new();
        self.monitor_pass(now, nodes, lease_of, pods, &mut updated, None)
    }

    /// [`Self::monitor_in_place`], also listing the indices of nodes whose status it updated.
    ///
    /// `changed` is `Some` only for the simulator, which promises two things: it only ever
    /// appends nodes to the list and never renames, removes or relabels one (so the list is
    /// unchanged exactly when its length is, and each node's zone can be cached), and it marks
    /// per node what it wrote since the last pass: 0 nothing, 1 only condition heartbeats, 2
    /// anything else. Those marks let most nodes take the quiet path below.
    pub(crate) fn monitor_pass(
        &mut self,
        now: Time,
        nodes: &mut [Node],
        lease_of: impl Fn(usize, &Node) -> Option<Option<Time>>,
        pods: &[PodRef],
        updated: &mut Vec<usize>,
        changed: Option<&[u8]>,
    ) -> MonitorResult {
        let append_only = changed.is_some();
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
                    .all(|(a, n)| *a == n.metadata.name));
        if !same_list {
            self.realign(nodes);
            self.classify(nodes, &mut out);
        }
        if !same_list || !append_only {
            self.zone_cache.clear();
            self.zone_cache.resize(nodes.len(), NO_ZONE);
        }
        if !same_list || changed.is_none() {
            self.quiet.clear();
            self.quiet.resize(nodes.len(), false);
        }
        let grace_ms = self.settings.node_monitor_grace_period.as_millis();
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut pods_by_node: Option<HashMap<&str, Vec<&PodRef>>> = None;
        scratch.clear();
        scratch.resize(nodes.len(), false);
        for (i, node) in nodes.iter_mut().enumerate() {
            // The quiet path: a node that ended the last pass Ready and untainted, that nobody
            // else wrote since (`changed` 0) or whose writer only moved heartbeats (`changed` 1),
            // with every queue empty. Its Ready heartbeat is then the saved one or a newer one
            // on an unchanged Ready True, so `tryUpdateNodeHealth` reduces to the record rebuild,
            // the lease check and the grace test, and `markNodeAsReachable` has nothing to do.
            // Anything else takes the full path.
            let touch = changed.and_then(|c| c.get(i)).copied();
            let quiet = self.members == 0
                && self.nodes_to_retry.is_empty()
                && self.quiet.get(i).copied().unwrap_or(false)
                && matches!(touch, Some(0 | 1));
            if quiet {
                if let Some(Some(h)) = self.health.get_mut(i) {
                    // Heartbeat-only writes: the new (heartbeat, transition) of a Ready True
                    // whose transition time is the saved one; the record is then rebuilt.
                    let mut rebuilt = None;
                    let mut same_shape = true;
                    if touch == Some(1) {
                        match (h.saved_ready, ready_condition(node)) {
                            (Some((saved_hb, saved_lt)), Some(c))
                                if status_code(&c.status) == 1
                                    && c.last_transition_time == saved_lt =>
                            {
                                if saved_hb != c.last_heartbeat_time {
                                    rebuilt = Some((c.last_heartbeat_time, saved_lt));
                                }
                            }
                            _ => same_shape = false,
                        }
                    }
                    if same_shape {
                        let lease = lease_of(i, node);
                        let renewed = match (lease, h.lease) {
                            (None, _) => None,
                            (Some(renew), None) => Some(renew),
                            (Some(renew), Some(saved)) => {
                                matches!((saved, renew), (Some(a), Some(b)) if a < b)
                                    .then_some(renew)
                            }
                        };
                        let probe = if renewed.is_some() || rebuilt.is_some() {
                            now
                        } else {
                            h.probe
                        };
                        if now.0 <= probe.0.saturating_add(grace_ms) {
                            if rebuilt.is_some() {
                                // Rebuilt records carry no lease (see `try_update_node_health`).
                                h.probe = now;
                                h.saved_ready = rebuilt;
                                h.lease = None;
                            }
                            if renewed.is_some() {
                                h.lease = renewed;
                                h.probe = now;
                            }
                            if let Some(r) = scratch.get_mut(i) {
                                *r = true;
                            }
                            continue;
                        }
                    }
                }
            }
            let lease = lease_of(i, node);
            let Some(slot) = self.health.get_mut(i) else {
                continue;
            };
            let (observed, current, wrote) =
                try_update_node_health(&self.settings, slot, node, now, lease);
            if wrote {
                out.api_calls
                    .push(call("updateStatus", "nodes", &node.metadata.name));
                updated.push(i);
            }
            if let Some(r) = scratch.get_mut(i) {
                *r = current == Some(1);
            }
            if let Some(cur) = current {
                // Reachable, untainted, nothing queued anywhere: `markNodeAsReachable` would do
                // nothing (the common case on every pass).
                if !(observed == 1 && node.spec.taints.is_empty() && self.members == 0) {
                    self.process_taint_base_eviction(node, observed, now, &mut out);
                }
                let name = node.metadata.name.as_str();
                let needs_retry =
                    !self.nodes_to_retry.is_empty() && self.nodes_to_retry.contains(name);
                let transitioned = cur != 1 && observed == 1;
                if transitioned {
                    out.events.push(ControllerEvent {
                        node: name.to_string(),
                        type_: "Normal".to_string(),
                        reason: "NodeNotReady".to_string(),
                        message: format!("Node {name} status is now: NodeNotReady"),
                    });
                }
                if transitioned || (needs_retry && observed != 1) {
                    // Pods by node, indexed once per pass on first need (linear, not nodes × pods).
                    let by_node = pods_by_node.get_or_insert_with(|| {
                        let mut m: HashMap<&str, Vec<&PodRef>> = HashMap::new();
                        for p in pods {
                            m.entry(p.node_name.as_str()).or_default().push(p);
                        }
                        m
                    });
                    let pods = by_node
                        .get(name)
                        .map(Vec::as_slice)
                        .unwrap_or_default()
                        .iter()
                        .map(|p| match &p.namespace {
                            Some(ns) => format!("{ns}/{}", p.name),
                            None => p.name.clone(),
                        })
                        .collect();
                    out.pods_marked_not_ready.push(PodsMarkedNotReady {
                        node: name.to_string(),
                        pods,
                    });
                }
            }
            if !self.nodes_to_retry.is_empty() {
                self.nodes_to_retry.remove(&node.metadata.name);
            }
            if let Some(q) = self.quiet.get_mut(i) {
                *q = current == Some(1) && node.spec.taints.is_empty();
            }
        }
        // Zone tallies: (ready, not ready) per zone; zones are usually few, nodes many, but a
        // zone per node must stay linear too, so new nodes find their zone through an index.
        let mut counts = vec![(0usize, 0usize); self.zone_names.len()];
        let mut zone_index: Option<HashMap<String, usize>> = None;
        for (i, (node, ready)) in nodes.iter().zip(scratch.iter()).enumerate() {
            let cached = self.zone_cache.get(i).copied().unwrap_or(NO_ZONE);
            let (zi, excluded) = match cached {
                NO_ZONE => {
                    let names = &self.zone_names;
                    let index = zone_index.get_or_insert_with(|| {
                        names
                            .iter()
                            .enumerate()
                            .map(|(i, k)| (k.clone(), i))
                            .collect()
                    });
                    let key = zone_key(node);
                    let zi = match index.get(&key) {
                        Some(&zi) => zi,
                        None => {
                            index.insert(key.clone(), self.zone_names.len());
                            self.zone_names.push(key);
                            counts.push((0, 0));
                            self.zone_names.len() - 1
                        }
                    };
                    let z = (
                        zi,
                        node.metadata.labels.contains_key(LABEL_EXCLUDE_DISRUPTION),
                    );
                    if let Some(c) = self.zone_cache.get_mut(i) {
                        *c = ((z.0 as u32) << 1) | u32::from(z.1);
                    }
                    z
                }
                z => ((z >> 1) as usize, z & 1 == 1),
            };
            if excluded {
                continue;
            }
            if let Some(c) = counts.get_mut(zi) {
                if *ready {
                    c.0 += 1;
                } else {
                    c.1 += 1;
                }
            }
        }
        // Zones with no counted node are absent, as from upstream's map.
        let zones: BTreeMap<String, (usize, usize)> = self
            .zone_names
            .iter()
            .zip(counts)
            .filter(|(_, (r, nr))| r + nr > 0)
            .map(|(k, c)| (k.clone(), c))
            .collect();
        self.scratch = scratch;
        self.handle_disruption(nodes, &zones, now, &mut out);
        out.zone_states = self.zone_states.clone();
        out
    }

    /// Re-aligns the health records with a changed node list (by name).
    fn realign(&mut self, nodes: &[Node]) {
        let mut old: HashMap<String, Option<Health>> =
            self.order.drain(..).zip(self.health.drain(..)).collect();
        for n in nodes {
            self.order.push(n.metadata.name.clone());
            self.health.push(old.remove(&n.metadata.name).flatten());
        }
    }

    /// Added and deleted nodes relative to the known set.
    fn classify(&mut self, nodes: &mut [Node], out: &mut MonitorResult) {
        for node in nodes.iter_mut() {
            if !self.known.contains(&node.metadata.name) {
                let name = node.metadata.name.clone();
                out.events.push(ControllerEvent {
                    node: name.clone(),
                    type_: "Normal".to_string(),
                    reason: "RegisteredNode".to_string(),
                    message: format!("Registered Node {name} in Controller"),
                });
                self.known.insert(name);
                let zone = zone_key(node);
                self.tainter(&zone);
                self.zone_states
                    .entry(zone)
                    .or_insert_with(|| "Initial".to_string());
                self.mark_reachable(node, out);
            }
        }
        let listed: BTreeSet<&str> = nodes.iter().map(|n| n.metadata.name.as_str()).collect();
        let deleted: Vec<String> = self
            .known
            .iter()
            .filter(|k| !listed.contains(k.as_str()))
            .cloned()
            .collect();
        for name in deleted {
            out.events.push(ControllerEvent {
                node: name.clone(),
                type_: "Normal".to_string(),
                reason: "RemovingNode".to_string(),
                message: format!("Removing Node {name} from Controller"),
            });
            self.known.remove(&name);
        }
    }

    fn compute_zone_state(&self, ready: usize, not_ready: usize) -> &'static str {
        if ready == 0 && not_ready > 0 {
            "FullDisruption"
        } else if not_ready > 2
            && not_ready as f32 / (not_ready + ready) as f32
                >= self.settings.unhealthy_zone_threshold as f32
        {
            "PartialDisruption"
        } else {
            "Normal"
        }
    }

    /// `setLimiterInZone`: Normal and FullDisruption use `--node-eviction-rate`;
    /// PartialDisruption uses `ReducedQPSFunc` (secondary rate above the large-cluster size, else 0).
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
        zones: &BTreeMap<String, (usize, usize)>,
        now: Time,
        out: &mut MonitorResult,
    ) {
        let mut new_states = BTreeMap::new();
        let mut all_are_full = true;
        for (k, (r, nr)) in zones {
            let s = self.compute_zone_state(*r, *nr);
            all_are_full &= s == "FullDisruption";
            new_states.insert(k.clone(), s);
            if !self.zone_states.contains_key(k) {
                self.zone_states.insert(k.clone(), "Initial".to_string());
            }
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
            let keys: Vec<String> = self.zone_states.keys().cloned().collect();
            for k in keys {
                self.tainter(&k).swap_limiter(0.0, now);
            }
            for v in self.zone_states.values_mut() {
                *v = "FullDisruption".to_string();
            }
            return;
        }
        let keys: Vec<String> = self.zone_states.keys().cloned().collect();
        if all_were_full {
            for h in self.health.iter_mut().flatten() {
                h.probe = now;
                h.ready_transition = now;
            }
        }
        for k in keys {
            let new = new_states.get(&k).copied().unwrap_or("Normal");
            if !all_were_full && self.zone_states.get(&k).map(String::as_str) == Some(new) {
                continue;
            }
            let size = zones.get(&k).map_or(0, |(r, nr)| r + nr);
            let qps = self.limiter_qps(new, size);
            self.tainter(&k).swap_limiter(qps, now);
            self.zone_states.insert(k, new.to_string());
        }
    }

    /// `doNoExecuteTaintingPass`: apply queued NoExecute taints as each zone's limiter allows.
    pub fn do_no_execute_tainting_pass(&mut self, now: Time, nodes: &mut [Node]) -> MonitorResult {
        let mut out = MonitorResult::default();
        if !self.has_queued_taints() {
            return out;
        }
        // Built on the first accepted token only: while a zone's limiter refuses (every 100ms
        // between two taints), the pass must cost nothing per node.
        let mut index: Option<HashMap<String, usize>> = None;
        for tainter in self.tainters.values_mut() {
            while let Some(name) = tainter.front().map(str::to_string) {
                if !tainter.try_accept(now) {
                    break;
                }
                let index = index.get_or_insert_with(|| {
                    nodes
                        .iter()
                        .enumerate()
                        .map(|(i, n)| (n.metadata.name.clone(), i))
                        .collect()
                });
                let Some(node) = index.get(&name).and_then(|i| nodes.get_mut(*i)) else {
                    // Gone from the lister: done with it (it stays in the set).
                    tainter.pop_front();
                    continue;
                };
                let status = node
                    .status
                    .condition(NODE_READY)
                    .map(|c| status_code(&c.status));
                let (add, del) = match status {
                    // No Ready condition: retried 50ms later, so it blocks this zone for now.
                    None => break,
                    Some(2) => (TAINT_NOT_READY, TAINT_UNREACHABLE),
                    Some(3) => (TAINT_UNREACHABLE, TAINT_NOT_READY),
                    // Ready again: nothing to do ("Ignoring taint request").
                    Some(_) => {
                        tainter.pop_front();
                        continue;
                    }
                };
                tainter.pop_front();
                Self::swap(node, add, del, now, &mut out);
                if let Some(q) = index.get(&name).and_then(|i| self.quiet.get_mut(*i)) {
                    *q = false;
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
