//! Explain a real node: what the node lifecycle controller and the taint manager have already
//! done to it, read from the object, and what they do next, computed from upstream's rules.
//!
//! The input is the node as `kubectl get node -o yaml` prints it (with its Lease when given),
//! the node's pods when given, and what the caller says about the rest of the cluster. Nothing is
//! replayed from the last heartbeat: the node keeps its name, labels, zone, conditions, taints and
//! their times, and the answer is in real instants. Three lists per node:
//!
//! * **happened**: instants the object records (heartbeats, lease renewals, condition
//!   transitions, taints' `timeAdded`);
//! * **next**: instants strictly after `now` that follow from the object if the kubelet posts
//!   nothing more;
//! * **overdue**: instants that follow from the object, at or before `now`, that the object does
//!   not show (each says what can hold it back).
//!
//! The rules, in the order the controller applies them (`node_lifecycle_controller.go`,
//! `monitorNodeHealth` every `--node-monitor-period`):
//!
//! 1. `tryUpdateNodeHealth`: the first pass strictly after the last contact (the later of the
//!    Ready condition's `lastHeartbeatTime` and the Lease's `renewTime`) plus the grace period
//!    (`--node-monitor-grace-period`, or `--node-startup-grace-period` from `creationTimestamp`
//!    for a node that never posted a Ready condition) sets every condition `Unknown`
//!    (`NodeStatusUnknown`, "Kubelet stopped posting node status."; `NodeStatusNeverUpdated` for
//!    one never posted), with `lastTransitionTime` set to that pass. As the passes' phase is not
//!    known, the instant is given as a window of one period.
//! 2. `processTaintBaseEviction`: through 1.33 it reads the Ready status the pass *observed*
//!    (before its own update), so the pass that marks the node Unknown still sees the old status
//!    and the NoExecute decision for Unknown comes one period later; from 1.34 it reads the
//!    status the pass leaves (`currentReadyCondition`), and decides in the same pass (read in
//!    the 1.33.13 and 1.34.9 sources). Ready False queues `not-ready:NoExecute`,
//!    Unknown queues `unreachable:NoExecute`; a node already carrying the other one has it
//!    swapped at once (`SwapNodeControllerTaint`: add, then remove), without the queue.
//! 3. The queue (`doNoExecuteTaintingPass`, every 100 ms) takes one node per token of its zone's
//!    bucket (burst 1, `--node-eviction-rate` per second in a Normal or FullDisruption zone;
//!    PartialDisruption: `--secondary-node-eviction-rate` above `--large-cluster-size-threshold`
//!    nodes, else 0), and sets `timeAdded` to the time it patches the node. When every zone is
//!    fully disrupted no zone taints, and the controller removes the NoExecute taints it set.
//! 4. `doNoScheduleTaintingPass` runs on every node update, so the NoSchedule taints follow the
//!    conditions at once: `not-ready` for Ready False, `unreachable` for Unknown, the pressure
//!    and network taints for those conditions True, `unschedulable` for `spec.unschedulable`.
//! 5. The taint manager deletes each pod when its tolerations run out
//!    ([`crate::controller::tainteviction`]), from the time it saw the taint: the taint's
//!    `timeAdded`, for a controller that kept running.
//!
//! The zone's state (rule 3) comes from the imported nodes of the zone and from the caller's
//! [`ClusterOptions`]: by default one imported node has healthy peers in its zone, so the
//! disruption rules apply only when the caller says the zone is down; several nodes imported
//! together are taken as the cluster.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::config::{ControllerConfig, NodeLifecycleError, Settings};
use super::zones::zone_key;
use super::{NodeLifecycleController, LABEL_EXCLUDE_DISRUPTION};
use crate::controller::tainteviction::{
    default_tolerations, evict, PodOnNode, Stay, Toleration, DEFAULT_TOLERATION_SECONDS,
};
use crate::duration::Duration;
use crate::objects::{
    ConditionStatus, Lease, Node, Taint, TaintEffect, ZoneState, NODE_DISK_PRESSURE,
    NODE_MEMORY_PRESSURE, NODE_NETWORK_UNAVAILABLE, NODE_PID_PRESSURE, NODE_READY,
    TAINT_DISK_PRESSURE, TAINT_MEMORY_PRESSURE, TAINT_NETWORK_UNAVAILABLE, TAINT_NOT_READY,
    TAINT_PID_PRESSURE, TAINT_UNREACHABLE, TAINT_UNSCHEDULABLE,
};
use crate::timestamp::Time;
use crate::version::Version;

/// How often `doNoExecuteTaintingPass` runs (`scheduler.NodeEvictionPeriod`, 100 ms).
const NODE_EVICTION_PERIOD_MS: i64 = 100;

/// Who writes what (the `by` of a [`Step`]).
const KUBELET: &str = "kubelet";
const CONTROLLER: &str = "node lifecycle controller";
const TAINT_MANAGER: &str = "taint manager";

/// Declares one of the types [`explain`] answers with: serialized in camelCase, and exported to
/// TypeScript under the name given (the Rust names are too generic for the package's one
/// namespace), absent `Option` fields as optional properties.
macro_rules! answer_type {
    ($ts:tt, $(#[$attr:meta])* pub struct $name:ident $body:tt) => {
        $(#[$attr])*
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(rename_all = "camelCase")]
        #[cfg_attr(
            feature = "typescript",
            derive(ts_rs::TS),
            ts(rename = $ts, optional_fields)
        )]
        pub struct $name $body
    };
}

/// What the caller says about the rest of the cluster.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ExplainCluster", optional_fields)
)]
pub struct ClusterOptions {
    /// Ready nodes in each imported node's zone besides the imported ones. Default: 2 when the
    /// input holds one node, 0 when it holds several (they are taken as the cluster).
    #[serde(default)]
    pub healthy_peers: Option<u32>,
    /// Not-Ready nodes in each imported node's zone besides the imported ones (say the zone is
    /// down). Default 0.
    #[serde(default)]
    pub unhealthy_peers: Option<u32>,
    /// Other zones, each with Ready nodes. Default 0: with no other zone, a zone with no Ready
    /// node means every zone is fully disrupted.
    #[serde(default)]
    pub other_zones: Option<u32>,
}

/// Options of [`explain`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ExplainNodeOptions", optional_fields)
)]
pub struct ExplainOptions {
    /// The instant the answer is for. Default: the snapshot's time (the latest instant the
    /// input records).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
    pub now: Option<Time>,
    /// The reader's clock, used only to say whether the snapshot is stale.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
    pub clock: Option<Time>,
    /// kube-controller-manager's settings. Its `kubernetesVersion` defaults to the newest
    /// kubelet version of the input (a control plane is at least as new as its kubelets).
    #[serde(default)]
    pub controller: Option<ControllerConfig>,
    #[serde(default)]
    pub cluster: Option<ClusterOptions>,
}

/// One imported node.
#[derive(Clone, Copy, Debug)]
pub struct NodeInput<'a> {
    pub node: &'a Node,
    pub lease: Option<&'a Lease>,
    pub kubelet_version: Option<&'a str>,
}

answer_type! {
    "ExplainStep",
    /// One instant: read from the object, or computed.
    pub struct Step {
        #[cfg_attr(feature = "typescript", ts(type = "string"))]
        pub at: Time,
        /// The end of the window when the instant depends on the phase of the controller's passes.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub latest: Option<Time>,
        /// `at` relative to `now`: "in 4m10s", "8m0s ago", "now".
        pub relative: String,
        /// `created`, `heartbeat`, `leaseRenewed`, `condition`, `taintAdded`, `taintRemoved`,
        /// `taintQueued`, `podsNotReady`, `eviction`.
        pub kind: String,
        pub what: String,
        /// Who does it: `kubelet`, `node lifecycle controller`, `taint manager`, `API server`.
        pub by: String,
        /// For an overdue step: what can hold it back.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub why: Option<String>,
    }
}

answer_type! {
    "ExplainTaint",
    /// A taint on the node, and whose it is.
    pub struct TaintView {
        pub key: String,
        #[serde(skip_serializing_if = "String::is_empty")]
        pub value: String,
        pub effect: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub time_added: Option<Time>,
        /// Whether the node lifecycle controller owns it (and so removes it when its cause ends).
        pub controller: bool,
        pub why: String,
    }
}

answer_type! {
    "ExplainEviction",
    /// When a pod (or a kind of pod) is deleted by the taint manager.
    pub struct PodEviction {
        /// `namespace/name` of an imported pod; absent for a kind of pod.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub pod: Option<String>,
        /// Which pods: "pods with the default tolerations", "DaemonSet pods", or the pod's owner.
        pub who: String,
        /// The tolerations that decide: "300s", "forever", "none" (not tolerated).
        pub toleration: String,
        /// When the taint manager saw the first NoExecute taint (the countdown's start).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub start: Option<Time>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub at: Option<Time>,
        /// `due` (at or before now), `next`, `never` (tolerated forever), `none` (no NoExecute taint
        /// is coming), `held` (the taint is queued and the zone takes none).
        pub state: String,
        #[serde(skip_serializing_if = "String::is_empty")]
        pub relative: String,
        /// Whether `start` is a taint's recorded `timeAdded` (else it is computed).
        pub from_object: bool,
    }
}

answer_type! {
    "ExplainZone",
    /// The zone the controller counts a node in.
    pub struct ZoneView {
        /// `region/zone` as the labels say, `""` for nodes without zone labels.
        pub zone: String,
        pub nodes: Vec<String>,
        pub ready: u32,
        pub not_ready: u32,
        /// Of `ready` and `notReady`, how many the caller added ([`ClusterOptions`]).
        pub healthy_peers: u32,
        pub unhealthy_peers: u32,
        pub state: String,
        /// NoExecute taints per second in this zone now (0: none are applied).
        pub eviction_rate: f64,
        pub why: String,
    }
}

answer_type! {
    "NodeExplanation",
    /// One node explained.
    pub struct NodeExplanation {
        pub name: String,
        pub zone: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub kubelet_version: Option<String>,
        /// The Ready condition's status, absent when the kubelet never posted one.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub ready: Option<String>,
        #[serde(skip_serializing_if = "String::is_empty")]
        pub ready_reason: String,
        /// The later of the last status heartbeat and the lease renewal.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub last_contact: Option<Time>,
        /// `lease`, `status heartbeat` or `creation`.
        #[serde(skip_serializing_if = "String::is_empty")]
        pub last_contact_from: String,
        pub has_lease: bool,
        /// The latest instant this node's object (and lease) records.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub snapshot_time: Option<Time>,
        /// One sentence: where the node stands.
        pub summary: String,
        pub taints: Vec<TaintView>,
        pub happened: Vec<Step>,
        pub overdue: Vec<Step>,
        pub next: Vec<Step>,
        pub evictions: Vec<PodEviction>,
        pub notes: Vec<String>,
    }
}

answer_type! {
    "ExplainController",
    /// The controller the answer assumes.
    pub struct ControllerView {
        pub kubernetes_version: String,
        /// Where the version came from.
        pub version_from: String,
        pub settings: Settings,
    }
}

answer_type! {
    "ExplainClusterView",
    /// The cluster the answer assumes.
    pub struct ClusterView {
        pub healthy_peers: u32,
        pub unhealthy_peers: u32,
        pub other_zones: u32,
        /// Whether the peers are the default (not given).
        pub default_peers: bool,
        pub zones: Vec<ZoneView>,
        pub all_zones_full: bool,
    }
}

answer_type! {
    "ExplainStale",
    /// A snapshot older than the controller's grace period plus the eviction window.
    pub struct Staleness {
        /// How old the snapshot is (Go duration).
        pub age: String,
        pub threshold: String,
        pub message: String,
    }
}

answer_type! {
    "NodeExplain",
    /// What [`explain`] answers.
    pub struct Explanation {
        #[cfg_attr(feature = "typescript", ts(type = "string"))]
        pub now: Time,
        /// `given` or `snapshot`.
        pub now_from: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
        pub snapshot_time: Option<Time>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub stale: Option<Staleness>,
        pub controller: ControllerView,
        pub cluster: ClusterView,
        pub nodes: Vec<NodeExplanation>,
        /// Imported pods that run on none of the nodes.
        pub other_pods: Vec<String>,
    }
}

/// `t` relative to `now`.
pub fn relative(now: Time, t: Time) -> String {
    let d = t.millis() - now.millis();
    let shown = Duration::from_millis(d.abs());
    match d {
        0 => "now".to_string(),
        d if d > 0 => format!("in {shown}"),
        _ => format!("{shown} ago"),
    }
}

/// `major.minor` of a kubelet version as the node reports it (`v1.31.4-eks-1234`).
fn minor_of(v: &str) -> Option<Version> {
    let v = v.trim().trim_start_matches('v');
    let mut it = v.split(|c: char| !c.is_ascii_digit());
    let major: u64 = it.next()?.parse().ok()?;
    let minor: u64 = it.next()?.parse().ok()?;
    Some(Version::new(major, minor))
}

/// Where a taint key comes from (`nodeConditionToTaintKeyStatusMap` and the controller's own).
fn taint_cause(key: &str, effect: TaintEffect) -> Option<&'static str> {
    Some(match (key, effect) {
        (TAINT_NOT_READY, TaintEffect::NoExecute) => "Ready is False: pods that do not tolerate it are deleted (taint-based eviction)",
        (TAINT_UNREACHABLE, TaintEffect::NoExecute) => "Ready is Unknown (the kubelet stopped posting): pods that do not tolerate it are deleted (taint-based eviction)",
        (TAINT_NOT_READY, TaintEffect::NoSchedule) => "Ready is False: no new pods are scheduled here",
        (TAINT_UNREACHABLE, TaintEffect::NoSchedule) => "Ready is Unknown: no new pods are scheduled here",
        (TAINT_MEMORY_PRESSURE, TaintEffect::NoSchedule) => "MemoryPressure is True",
        (TAINT_DISK_PRESSURE, TaintEffect::NoSchedule) => "DiskPressure is True",
        (TAINT_PID_PRESSURE, TaintEffect::NoSchedule) => "PIDPressure is True",
        (TAINT_NETWORK_UNAVAILABLE, TaintEffect::NoSchedule) => "NetworkUnavailable is True",
        (TAINT_UNSCHEDULABLE, TaintEffect::NoSchedule) => "spec.unschedulable is true (kubectl cordon)",
        _ => return None,
    })
}

/// The NoSchedule taints `doNoScheduleTaintingPass` wants for these conditions.
fn wanted_no_schedule(node: &Node, ready: Option<ConditionStatus>) -> Vec<&'static str> {
    let mut out = Vec::new();
    match ready {
        Some(ConditionStatus::False) => out.push(TAINT_NOT_READY),
        Some(ConditionStatus::Unknown) => out.push(TAINT_UNREACHABLE),
        _ => {}
    }
    // Every condition goes Unknown with Ready; only then do the pressure taints follow Ready's.
    if ready != Some(ConditionStatus::Unknown) {
        for (cond, key) in [
            (NODE_MEMORY_PRESSURE, TAINT_MEMORY_PRESSURE),
            (NODE_DISK_PRESSURE, TAINT_DISK_PRESSURE),
            (NODE_PID_PRESSURE, TAINT_PID_PRESSURE),
            (NODE_NETWORK_UNAVAILABLE, TAINT_NETWORK_UNAVAILABLE),
        ] {
            if node
                .status
                .condition(cond)
                .is_some_and(|c| c.status == ConditionStatus::True)
            {
                out.push(key);
            }
        }
    }
    if node.spec.unschedulable {
        out.push(TAINT_UNSCHEDULABLE);
    }
    out
}

fn max_time(a: Option<Time>, b: Option<Time>) -> Option<Time> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        (x, y) => x.or(y),
    }
}

/// The latest instant a node and its lease record: what the snapshot shows at the latest.
pub fn snapshot_time(node: &Node, lease: Option<&Lease>) -> Option<Time> {
    let mut t = node.metadata.creation_timestamp;
    for c in node.status.conditions() {
        t = max_time(t, c.last_heartbeat_time);
        t = max_time(t, c.last_transition_time);
    }
    for x in &node.spec.taints {
        t = max_time(t, x.time_added);
    }
    if let Some(serde_json::Value::Array(fields)) = node.metadata.extra.get("managedFields") {
        for f in fields {
            if let Some(s) = f.get("time").and_then(serde_json::Value::as_str) {
                t = max_time(t, Time::parse(s).ok());
            }
        }
    }
    max_time(t, lease.and_then(|l| l.spec.renew_time))
}

/// A NoExecute taint the controller is expected to add or remove.
#[derive(Clone, Debug)]
struct Planned {
    node: usize,
    key: &'static str,
    add: bool,
    at: Time,
    latest: Option<Time>,
    /// Goes through the zone's rate-limited queue (a first taint); a swap does not.
    queued: bool,
    /// Queued in a zone that takes none (rate 0).
    held: bool,
    why: String,
}

/// Per node, what phase one works out before the zones' queues are drained.
struct Work<'a> {
    input: NodeInput<'a>,
    zone: String,
    ready: Option<ConditionStatus>,
    grace: Duration,
    contact: Option<(Time, &'static str)>,
    /// When the node is (or will be) marked Unknown, and whether the object records it.
    unknown: Option<(Time, Option<Time>, bool)>,
    ready_at_now: bool,
    excluded: bool,
    period: i64,
}

/// Explains `nodes` (with their pods) as of `options.now`.
pub fn explain(
    nodes: &[NodeInput],
    pods: &[PodOnNode],
    options: &ExplainOptions,
) -> Result<Explanation, NodeLifecycleError> {
    // Absent: the controller's flag defaults, and the cluster defaults `ClusterOptions` documents.
    let given = options.controller.clone().unwrap_or_default();
    let cluster = options.cluster.clone().unwrap_or_default();
    let (version, version_from) = match &given.kubernetes_version {
        Some(v) => (v.clone(), "given".to_string()),
        None => match nodes
            .iter()
            .filter_map(|n| {
                let v = n.kubelet_version?;
                minor_of(v).map(|m| (m, v, n))
            })
            .max_by(|a, b| a.0.cmp(&b.0))
        {
            Some((m, v, n)) => (
                m.to_string(),
                format!(
                    "kubelet {v} of {} (a control plane is at least as new as its kubelets)",
                    n.node.metadata.name
                ),
            ),
            None => {
                let newest = crate::releases::NEWEST.to_string();
                (
                    newest,
                    "newest release (no kubelet version in the input)".to_string(),
                )
            }
        },
    };
    let config = ControllerConfig {
        kubernetes_version: Some(version.clone()),
        ..given
    };
    let settings = Settings::resolve(&config)?;
    let ctl = NodeLifecycleController::with_settings(settings.clone());
    let period = settings.node_monitor_period.as_millis().max(1);
    // The delay between the marking pass and the NoExecute decision (rule 2).
    // `Settings::resolve` above refused any version `parse_generic` cannot read, so the
    // default below is never used.
    let decides_on_current = Version::parse_generic(&version)
        .map(|v| v >= Version::new(1, 34))
        .unwrap_or(true);
    let lag = if decides_on_current { 0 } else { period };

    let snapshot = nodes
        .iter()
        .filter_map(|n| snapshot_time(n.node, n.lease))
        .max();
    let (now, now_from) = match (options.now, snapshot) {
        (Some(t), _) => (t, "given"),
        (None, Some(t)) => (t, "snapshot"),
        (None, None) => (Time::from_millis(0), "snapshot"),
    };

    // Phase one: each node's contact, grace and Unknown instant.
    let work: Vec<Work> = nodes
        .iter()
        .map(|n| {
            let node = n.node;
            let ready_c = node.status.condition(NODE_READY);
            let ready = ready_c.map(|c| c.status);
            let hb = ready_c.and_then(|c| c.last_heartbeat_time);
            let renew = n.lease.and_then(|l| l.spec.renew_time);
            let contact = match (hb, renew) {
                (Some(a), Some(b)) if b > a => Some((b, "lease")),
                (Some(a), _) => Some((a, "status heartbeat")),
                (None, Some(b)) => Some((b, "lease")),
                (None, None) => node.metadata.creation_timestamp.map(|c| (c, "creation")),
            };
            let grace = if ready_c.is_none() {
                settings.node_startup_grace_period
            } else {
                settings.node_monitor_grace_period
            };
            let unknown = match ready {
                Some(ConditionStatus::Unknown) => {
                    let t = ready_c.and_then(|c| c.last_transition_time);
                    match t {
                        Some(t) => Some((t, None, true)),
                        None => {
                            contact.map(|(c, _)| (c.add_millis(grace.as_millis()), None, false))
                        }
                    }
                }
                _ => contact.map(|(c, _)| {
                    let at = c.add_millis(grace.as_millis());
                    (at, Some(at.add_millis(period)), false)
                }),
            };
            let ready_at_now =
                ready == Some(ConditionStatus::True) && unknown.is_none_or(|(at, _, _)| at >= now);
            Work {
                input: *n,
                zone: zone_key(node),
                ready,
                grace,
                contact,
                unknown,
                ready_at_now,
                excluded: node.metadata.labels.contains_key(LABEL_EXCLUDE_DISRUPTION),
                period,
            }
        })
        .collect();

    // The zones, as `handleDisruption` counts them now.
    let single = nodes.len() == 1;
    // The defaults `ClusterOptions` documents for each count.
    let healthy = cluster.healthy_peers.unwrap_or(if single { 2 } else { 0 });
    let unhealthy = cluster.unhealthy_peers.unwrap_or(0);
    let other_zones = cluster.other_zones.unwrap_or(0);
    let mut counts: BTreeMap<String, (u32, u32, Vec<String>)> = BTreeMap::new();
    for w in &work {
        let e = counts
            .entry(w.zone.clone())
            .or_insert((healthy, unhealthy, Vec::new()));
        e.2.push(w.input.node.metadata.name.clone());
        if w.excluded {
            continue;
        }
        if w.ready_at_now {
            e.0 += 1;
        } else {
            e.1 += 1;
        }
    }
    // Each zone's state, in `counts` order.
    let states: Vec<ZoneState> = counts
        .values()
        .map(|(r, nr, _)| ctl.compute_zone_state(*r as usize, *nr as usize))
        .collect();
    let all_full = other_zones == 0
        && !states.is_empty()
        && states.iter().all(|s| *s == ZoneState::FullDisruption);
    let zones: Vec<ZoneView> = counts
        .iter()
        .zip(states)
        .map(|((k, (r, nr, names)), state)| {
            let counts = (*r as usize, *nr as usize);
            let rate = if all_full {
                0.0
            } else {
                ctl.limiter_qps(state, counts.0 + counts.1)
            };
            ZoneView {
                zone: zone_display(k),
                nodes: names.clone(),
                ready: *r,
                not_ready: *nr,
                healthy_peers: healthy,
                unhealthy_peers: unhealthy,
                state: state.as_str().to_string(),
                eviction_rate: rate,
                why: ctl.why(state, counts, all_full, false),
            }
        })
        .collect();
    // Zones by key, in `zones` order (both follow `counts`).
    let mut zone_index: BTreeMap<&str, usize> = BTreeMap::new();
    zone_index.extend(counts.keys().enumerate().map(|(i, k)| (k.as_str(), i)));

    // Phase two: the NoExecute taints each node is to gain or lose.
    let mut planned: Vec<Planned> = Vec::new();
    for (i, w) in work.iter().enumerate() {
        plan_no_execute(i, w, period, lag, all_full, now, &mut planned);
    }
    // Phase three: the zones' queues, one token per 1/rate seconds, burst 1. The bucket is
    // taken as full unless the zone's last NoExecute taint was added less than 1/rate before.
    let mut queued: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (k, p) in planned.iter().enumerate() {
        if let (true, Some(w)) = (p.queued && p.add, work.get(p.node)) {
            queued.entry(w.zone.as_str()).or_default().push(k);
        }
    }
    // The zone's last NoExecute taint the controller added, which spent the bucket's token.
    let mut last_taint: BTreeMap<&str, Time> = BTreeMap::new();
    for w in &work {
        let latest = w
            .input
            .node
            .spec
            .taints
            .iter()
            .filter(|t| {
                t.effect == TaintEffect::NoExecute
                    && (t.key == TAINT_NOT_READY || t.key == TAINT_UNREACHABLE)
            })
            .filter_map(|t| t.time_added)
            .max();
        if let Some(t) = latest {
            let e = last_taint.entry(w.zone.as_str()).or_insert(t);
            *e = (*e).max(t);
        }
    }
    for (zone, mut idx) in queued {
        // Every node's zone is in `counts` (excluded nodes' too), hence in `zone_index`.
        let rate = zone_index
            .get(zone)
            .and_then(|&i| zones.get(i))
            .map_or(settings.node_eviction_rate, |z| z.eviction_rate);
        crate::sort::sort_by_key(&mut idx, |&k| planned.get(k).map(|p| (p.at, p.node)));
        if rate <= 0.0 {
            for k in idx {
                if let Some(p) = planned.get_mut(k) {
                    p.held = true;
                }
            }
            continue;
        }
        let spacing = (1000.0 / rate).round() as i64;
        let mut next_token: Option<Time> = last_taint.get(zone).map(|t| t.add_millis(spacing));
        for k in idx {
            let Some(p) = planned.get_mut(k) else {
                continue;
            };
            if let Some(tok) = next_token {
                if tok > p.at {
                    let shift = tok.millis() - p.at.millis();
                    p.at = tok;
                    p.latest = p.latest.map(|l| l.add_millis(shift));
                    p.why.push_str(&format!(
                        " The zone's queue takes one node per {} (--node-eviction-rate {}/s), so it waits its turn.",
                        Duration::from_millis(spacing),
                        rate
                    ));
                }
            }
            next_token = Some(p.at.add_millis(spacing));
        }
    }

    let max_window = pods
        .iter()
        .flat_map(|p| p.tolerations.iter())
        .filter_map(|t| t.toleration_seconds)
        .filter(|s| *s > 0)
        .max()
        // No pod with a window of its own: the DefaultTolerationSeconds admission default.
        .unwrap_or(DEFAULT_TOLERATION_SECONDS)
        .max(DEFAULT_TOLERATION_SECONDS);

    // Per node: its planned changes and its pods (a pod without a node belongs to the one
    // node of a single-node input).
    let mut by_node: Vec<Vec<&Planned>> = vec![Vec::new(); work.len()];
    for p in &planned {
        if let Some(v) = by_node.get_mut(p.node) {
            v.push(p);
        }
    }
    let mut names: BTreeMap<&str, usize> = BTreeMap::new();
    names.extend(
        nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.node.metadata.name.as_str(), i)),
    );
    let mut pods_of: Vec<Vec<&PodOnNode>> = vec![Vec::new(); work.len()];
    let mut other_pods = Vec::new();
    for p in pods {
        let at = match names.get(p.node_name.as_str()) {
            Some(&i) => Some(i),
            None if p.node_name.is_empty() && single => Some(0),
            None => None,
        };
        match at.and_then(|i| pods_of.get_mut(i)) {
            Some(v) => v.push(p),
            None => other_pods.push(format!(
                "{}/{} (on {})",
                p.namespace,
                p.name,
                if p.node_name.is_empty() {
                    "no node"
                } else {
                    &p.node_name
                }
            )),
        }
    }
    let mut out_nodes = Vec::new();
    for ((w, planned), pods) in work.iter().zip(&by_node).zip(&pods_of) {
        out_nodes.push(node_explanation(
            w,
            planned,
            pods,
            now,
            zone_index.get(w.zone.as_str()).and_then(|&z| zones.get(z)),
            all_full,
        ));
    }

    let stale = snapshot.and_then(|s| {
        let reference = options.clock.map_or(now, |c| c.max(now));
        // Whole seconds: the object's instants are seconds, the clock's milliseconds are noise.
        let age = (reference.millis() - s.millis()) / 1000 * 1000;
        let threshold = settings.node_monitor_grace_period.as_millis() + max_window * 1000;
        (age > threshold).then(|| Staleness {
            age: Duration::from_millis(age).to_string(),
            threshold: Duration::from_millis(threshold).to_string(),
            message: format!(
                "The snapshot is {} old, more than the grace period ({}) plus the eviction window ({}s): by now the controller has marked a silent node Unknown and the taint manager has deleted the pods that tolerate it for {}s or less, or the kubelet came back and the taints are gone. The instants below follow from the snapshot; take a fresh kubectl get node to see which happened.",
                Duration::from_millis(age),
                settings.node_monitor_grace_period,
                max_window,
                max_window
            ),
        })
    });

    Ok(Explanation {
        now,
        now_from: now_from.to_string(),
        snapshot_time: snapshot,
        stale,
        controller: ControllerView {
            kubernetes_version: version,
            version_from,
            settings,
        },
        cluster: ClusterView {
            healthy_peers: healthy,
            unhealthy_peers: unhealthy,
            other_zones,
            default_peers: cluster.healthy_peers.is_none(),
            zones,
            all_zones_full: all_full,
        },
        nodes: out_nodes,
        other_pods,
    })
}

/// A zone key (`region:\0:zone`) as people write it.
pub fn zone_display(key: &str) -> String {
    key.split(":\u{0}:")
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("/")
}

fn has<'a>(node: &'a Node, key: &str, effect: TaintEffect) -> Option<&'a Taint> {
    node.spec
        .taints
        .iter()
        .find(|t| t.key == key && t.effect == effect)
}

/// Rules 1 to 3 for one node: which controller NoExecute taints it gains or loses, and when.
fn plan_no_execute(
    i: usize,
    w: &Work,
    period: i64,
    lag: i64,
    all_full: bool,
    now: Time,
    planned: &mut Vec<Planned>,
) {
    let node = w.input.node;
    let nr = has(node, TAINT_NOT_READY, TaintEffect::NoExecute).is_some();
    let ur = has(node, TAINT_UNREACHABLE, TaintEffect::NoExecute).is_some();
    if all_full {
        // markNodeAsReachable on every node when the cluster enters full-disruption mode.
        for (key, present) in [(TAINT_UNREACHABLE, ur), (TAINT_NOT_READY, nr)] {
            if present {
                planned.push(Planned {
                    node: i,
                    key,
                    add: false,
                    at: now,
                    latest: Some(now.add_millis(period)),
                    queued: false,
                    held: false,
                    why: "Every zone is fully disrupted: the controller takes that for its own loss of contact and removes the NoExecute taints it set (markNodeAsReachable).".to_string(),
                });
            }
        }
        return;
    }
    let ready_c = node.status.condition(NODE_READY);
    let transition = ready_c.and_then(|c| c.last_transition_time);
    // Whether the node carries (or will carry, before it goes Unknown) not-ready:NoExecute.
    let mut will_have_nr = nr;
    match w.ready {
        Some(ConditionStatus::False) => {
            // Since when it is not Ready: the transition, else the last contact; a condition
            // with neither is taken as seen now, the earliest a pass can act on it.
            let f = transition.or(w.contact.map(|c| c.0)).unwrap_or(now);
            if ur {
                // Ready False with unreachable: swapped at once on the first pass.
                planned.push(swap(i, TAINT_NOT_READY, TAINT_UNREACHABLE, f, period));
                will_have_nr = true;
            } else if !nr {
                planned.push(Planned {
                    node: i,
                    key: TAINT_NOT_READY,
                    add: true,
                    at: f,
                    latest: Some(f.add_millis(period + NODE_EVICTION_PERIOD_MS)),
                    queued: true,
                    held: false,
                    why: "The first pass that sees Ready False queues the node for node.kubernetes.io/not-ready:NoExecute; the tainting pass (every 100ms) applies it when the zone's rate allows.".to_string(),
                });
                will_have_nr = true;
            }
        }
        Some(ConditionStatus::True) => {
            for (key, present) in [(TAINT_UNREACHABLE, ur), (TAINT_NOT_READY, nr)] {
                if present {
                    // As above: the transition, else the last contact, else now.
                    let t = transition.or(w.contact.map(|c| c.0)).unwrap_or(now);
                    planned.push(Planned {
                        node: i,
                        key,
                        add: false,
                        at: t,
                        latest: Some(t.add_millis(period)),
                        queued: false,
                        held: false,
                        why: "Ready is True: the first pass that sees it removes the controller's NoExecute taints (markNodeAsReachable).".to_string(),
                    });
                }
            }
            will_have_nr = false;
        }
        _ => {}
    }
    // Going Unknown (now or later): the pass after the marking sees Unknown.
    if let Some((u, latest, _)) = w.unknown {
        let ur_after = ur && w.ready == Some(ConditionStatus::Unknown);
        if !ur_after {
            let at = u.add_millis(lag);
            let latest = latest.map(|l| l.add_millis(lag));
            if will_have_nr {
                let mut p = swap(i, TAINT_UNREACHABLE, TAINT_NOT_READY, at, period);
                p.latest = latest;
                planned.push(p);
            } else {
                planned.push(Planned {
                    node: i,
                    key: TAINT_UNREACHABLE,
                    add: true,
                    at,
                    // No later bound on the marking: the window runs from `at`.
                    latest: Some(latest.unwrap_or(at).add_millis(NODE_EVICTION_PERIOD_MS)),
                    queued: true,
                    held: false,
                    why: if lag > 0 {
                        "The pass after the one that marked the node Unknown sees Unknown (through 1.33 a pass acts on the status it read, before its own update) and queues the node for node.kubernetes.io/unreachable:NoExecute; the tainting pass (every 100ms) applies it when the zone's rate allows.".to_string()
                    } else {
                        "The pass that marks the node Unknown queues it for node.kubernetes.io/unreachable:NoExecute (from 1.34 a pass acts on the status it leaves); the tainting pass (every 100ms) applies it when the zone's rate allows.".to_string()
                    },
                });
            }
        }
    }
}

/// `SwapNodeControllerTaint`: `add` added, `del` removed, at the first pass after `at`.
fn swap(i: usize, add: &'static str, del: &'static str, at: Time, period: i64) -> Planned {
    Planned {
        node: i,
        key: add,
        add: true,
        at,
        latest: Some(at.add_millis(period)),
        queued: false,
        held: false,
        why: format!("The node carries {del}:NoExecute, so the controller swaps it for {add}:NoExecute at once (SwapNodeControllerTaint: add, then remove), without the zone's queue."),
    }
}

#[allow(clippy::too_many_arguments)]
fn node_explanation(
    w: &Work,
    planned: &[&Planned],
    mine: &[&PodOnNode],
    now: Time,
    zone: Option<&ZoneView>,
    all_full: bool,
) -> NodeExplanation {
    let node = w.input.node;
    let name = node.metadata.name.clone();
    let ready_c = node.status.condition(NODE_READY);
    let mut happened = Vec::new();
    let mut computed = Vec::new();
    let mut notes = Vec::new();
    let step = |at: Time,
                latest: Option<Time>,
                kind: &str,
                what: String,
                by: &str,
                why: Option<String>| Step {
        at,
        latest,
        relative: relative(now, at),
        kind: kind.to_string(),
        what,
        by: by.to_string(),
        why,
    };

    // Read from the object.
    if let Some(c) = node.metadata.creation_timestamp {
        happened.push(step(
            c,
            None,
            "created",
            "node registered".into(),
            "kubelet",
            None,
        ));
    }
    for c in node.status.conditions() {
        let by = if matches!(
            c.reason.as_str(),
            "NodeStatusUnknown" | "NodeStatusNeverUpdated"
        ) {
            CONTROLLER
        } else {
            KUBELET
        };
        if let Some(t) = c.last_transition_time {
            happened.push(step(
                t,
                None,
                "condition",
                format!(
                    "{} became {}{}{}",
                    c.type_,
                    c.status.as_str(),
                    if c.reason.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", c.reason)
                    },
                    if c.message.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", c.message)
                    }
                ),
                by,
                None,
            ));
        }
    }
    if let Some(t) = ready_c.and_then(|c| c.last_heartbeat_time) {
        happened.push(step(
            t,
            None,
            "heartbeat",
            "last status heartbeat (Ready lastHeartbeatTime)".into(),
            KUBELET,
            None,
        ));
    }
    if let Some(t) = w.input.lease.and_then(|l| l.spec.renew_time) {
        happened.push(step(
            t,
            None,
            "leaseRenewed",
            "last lease renewal (kube-node-lease renewTime)".into(),
            KUBELET,
            None,
        ));
    }
    let mut taints = Vec::new();
    for t in &node.spec.taints {
        let cause = taint_cause(&t.key, t.effect);
        if let Some(x) = t.time_added {
            happened.push(step(
                x,
                None,
                "taintAdded",
                format!("taint {}:{} added", t.key, t.effect),
                if cause.is_some() {
                    CONTROLLER
                } else {
                    "someone (not the node lifecycle controller)"
                },
                None,
            ));
        }
        taints.push(TaintView {
            key: t.key.clone(),
            value: t.value.clone(),
            effect: t.effect.as_str().to_string(),
            time_added: t.time_added,
            controller: cause.is_some(),
            why: cause.map_or_else(
                || "not a node lifecycle controller taint: it stays until whoever set it removes it".to_string(),
                str::to_string,
            ),
        });
    }
    by_time(&mut happened);

    // Rule 1: Unknown.
    let grace = w.grace;
    if let Some((u, latest, read)) = w.unknown {
        if !read && w.ready != Some(ConditionStatus::Unknown) {
            // A node never heard from: silent since it went Unknown, by no kind of contact.
            let (from, c) = w.contact.unwrap_or((u, ""));
            let never = ready_c.is_none();
            computed.push(step(
                u,
                latest,
                "condition",
                if never {
                    format!("every condition set Unknown (NodeStatusNeverUpdated: Kubelet never posted node status.): nothing posted within --node-startup-grace-period {grace} of creation")
                } else {
                    format!("Ready and every other condition set Unknown (NodeStatusUnknown: Kubelet stopped posting node status.): the first pass after the last contact ({c}, {from}) plus --node-monitor-grace-period {grace}")
                },
                CONTROLLER,
                Some("The kubelet posted again (status or lease) after the snapshot, or the node lifecycle controller is not running.".into()),
            ));
            computed.push(step(
                u,
                latest,
                "podsNotReady",
                "the node's pods get Ready False (MarkPodsNotReady) and event NodeNotReady".into(),
                CONTROLLER,
                None,
            ));
        }
    }
    // Rule 4: NoSchedule taints follow the conditions on every update.
    let status_at = |unknown: bool| {
        if unknown {
            Some(ConditionStatus::Unknown)
        } else {
            w.ready
        }
    };
    let want_now = wanted_no_schedule(node, w.ready);
    for key in &want_now {
        if has(node, key, TaintEffect::NoSchedule).is_none() {
            let t = if *key == TAINT_NOT_READY || *key == TAINT_UNREACHABLE {
                ready_c.and_then(|c| c.last_transition_time)
            } else {
                None
            }
            // Other taints, or a Ready condition without a transition time: due now.
            .unwrap_or(now);
            computed.push(step(
                t,
                None,
                "taintAdded",
                format!("taint {key}:NoSchedule added (doNoScheduleTaintingPass, on the node update)"),
                CONTROLLER,
                Some("The controller applies it on the node update that changed the condition; the snapshot may be from the moment between.".into()),
            ));
        }
    }
    for t in node
        .spec
        .taints
        .iter()
        .filter(|t| t.effect == TaintEffect::NoSchedule)
    {
        if taint_cause(&t.key, t.effect).is_some() && !want_now.contains(&t.key.as_str()) {
            computed.push(step(
                now,
                None,
                "taintRemoved",
                format!("taint {}:NoSchedule removed: its condition no longer holds (doNoScheduleTaintingPass)", t.key),
                CONTROLLER,
                Some("The controller removes it on the next node update.".into()),
            ));
        }
    }
    if let Some((u, latest, read)) = w.unknown {
        if !read && w.ready != Some(ConditionStatus::Unknown) {
            let want = wanted_no_schedule(node, status_at(true));
            for key in &want {
                if !want_now.contains(key) && has(node, key, TaintEffect::NoSchedule).is_none() {
                    computed.push(step(
                        u,
                        latest,
                        "taintAdded",
                        format!("taint {key}:NoSchedule added"),
                        CONTROLLER,
                        None,
                    ));
                }
            }
            for key in want_now.iter().filter(|k| !want.contains(k)) {
                computed.push(step(
                    u,
                    latest,
                    "taintRemoved",
                    format!("taint {key}:NoSchedule removed (its condition is Unknown now)"),
                    CONTROLLER,
                    None,
                ));
            }
        }
    }
    // Rules 2 and 3: NoExecute.
    let mut future_taints: Vec<Taint> = node.spec.taints.clone();
    let mut held_keys = Vec::new();
    for p in planned {
        let verb = if p.add { "added" } else { "removed" };
        if p.add && p.held {
            held_keys.push(p.key);
            let z = zone
                .map(|z| {
                    format!(
                        "zone {} is {} ({} Ready, {} not Ready), NoExecute rate 0",
                        if z.zone.is_empty() {
                            "(no zone label)"
                        } else {
                            &z.zone
                        },
                        z.state,
                        z.ready,
                        z.not_ready
                    )
                })
                // A node whose zone is not counted adds no zone to the step's text.
                .unwrap_or_default();
            computed.push(step(
                p.at,
                None,
                "taintQueued",
                format!("queued for {}:NoExecute, not applied: {z}", p.key),
                CONTROLLER,
                None,
            ));
            continue;
        }
        computed.push(step(
            p.at,
            p.latest,
            if p.add { "taintAdded" } else { "taintRemoved" },
            format!("taint {}:NoExecute {verb}", p.key),
            CONTROLLER,
            Some(p.why.clone()),
        ));
        if p.add {
            future_taints.retain(|t| !(t.key == p.key && t.effect == TaintEffect::NoExecute));
            future_taints.push(Taint {
                key: p.key.to_string(),
                value: String::new(),
                effect: TaintEffect::NoExecute,
                time_added: Some(p.at),
            });
        } else if !p.add && (all_full || w.ready == Some(ConditionStatus::True)) {
            future_taints.retain(|t| !(t.key == p.key && t.effect == TaintEffect::NoExecute));
        }
    }
    if all_full {
        notes.push("Every zone is fully disrupted (no Ready node in any zone the answer knows of): the controller takes that for its own loss of contact, taints no node NoExecute and removes the NoExecute taints it set, so no pod is evicted. If the cluster has Ready nodes, say so (healthy peers, other zones).".to_string());
    }
    if !held_keys.is_empty() {
        if let Some(z) = zone {
            notes.push(z.why.clone());
        }
    }
    if w.input.lease.is_none() && w.ready == Some(ConditionStatus::True) {
        notes.push("No Lease in the input: the kubelet renews its Lease every 10s but posts its status only when something changes or every 5m (nodeStatusReportFrequency), so the last contact may be later than the status heartbeat, and the Unknown instant later than computed. Add kubectl get lease -n kube-node-lease NAME -o yaml.".into());
    }
    if let (Some((u, _, true)), Some((c, from))) = (w.unknown, w.contact) {
        let gap = u.millis() - c.millis();
        if w.input.lease.is_none() && gap > grace.as_millis() + w.period {
            notes.push(format!(
                "Marked Unknown at {u}, {} after the last {from} ({c}), more than the grace period ({grace}): the controller heard from the node until about {} (the kubelet renews its Lease every 10s and posts its status only every 5m when nothing changes); the Lease is not in the input.",
                Duration::from_millis(gap),
                u.add_millis(-grace.as_millis())
            ));
        }
    }
    if let Some((u, _, true)) = w.unknown {
        if let Some(nr) =
            has(node, TAINT_UNREACHABLE, TaintEffect::NoExecute).and_then(|t| t.time_added)
        {
            let d = nr.millis() - u.millis();
            notes.push(format!(
                "Marked Unknown at {u}, tainted unreachable:NoExecute {} later.",
                Duration::from_millis(d),
            ));
        }
    }

    // Rule 5: evictions.
    let any_no_execute = future_taints
        .iter()
        .any(|t| t.effect == TaintEffect::NoExecute);
    let from_object = |e_start: Option<Time>| {
        e_start.is_some_and(|s| {
            node.spec
                .taints
                .iter()
                .any(|t| t.effect == TaintEffect::NoExecute && t.time_added == Some(s))
        })
    };
    let evict_row = |pod: Option<String>, who: String, tol: &[Toleration]| {
        let e = evict(&future_taints, tol);
        let toleration = match &e.stay {
            Stay::NotTolerated(_) => "none".to_string(),
            Stay::Seconds(n) => format!("{n}s"),
            Stay::Forever => "forever".to_string(),
        };
        let state = if !any_no_execute {
            if held_keys.is_empty() {
                "none"
            } else {
                "held"
            }
        } else {
            match (e.at, &e.stay) {
                (_, Stay::Forever) => "never",
                (Some(a), _) if a <= now => "due",
                (Some(_), _) => "next",
                (None, _) => "none",
            }
        };
        PodEviction {
            pod,
            who,
            toleration,
            start: e.start,
            at: e.at,
            state: state.to_string(),
            // No time yet: nothing to say relative to now.
            relative: e.at.map(|a| relative(now, a)).unwrap_or_default(),
            from_object: from_object(e.start),
        }
    };
    let mut evictions = Vec::new();
    if mine.is_empty() {
        evictions.push(evict_row(None, format!("pods with the default tolerations (DefaultTolerationSeconds admission: {DEFAULT_TOLERATION_SECONDS}s for not-ready and unreachable)"), &default_tolerations()));
        let ds: Vec<Toleration> = default_tolerations()
            .into_iter()
            .map(|t| Toleration {
                toleration_seconds: None,
                ..t
            })
            .collect();
        evictions.push(evict_row(None, "DaemonSet pods (the DaemonSet controller adds both tolerations without tolerationSeconds)".into(), &ds));
        evictions.push(evict_row(None, "pods that tolerate neither taint (admission adds the defaults, so only pods created past it)".into(), &[]));
    } else {
        for p in mine {
            let who = p
                .owner_kind
                .clone()
                .map_or_else(|| "pod".to_string(), |k| format!("{k} pod"));
            evictions.push(evict_row(
                Some(format!("{}/{}", p.namespace, p.name)),
                who,
                &p.tolerations,
            ));
        }
    }
    // Without pods, only the ordinary pod's instant goes on the timeline; the other kinds of
    // pod are in `evictions`.
    let on_timeline = if mine.is_empty() { 1 } else { evictions.len() };
    for e in evictions.iter().take(on_timeline) {
        if let (Some(at), "next" | "due") = (e.at, e.state.as_str()) {
            computed.push(step(
                at,
                None,
                "eviction",
                format!(
                    "{} deleted (tolerationSeconds {}, from {})",
                    // Not a default: a row without a pod name is named by who it stands for.
                    e.pod.clone().unwrap_or_else(|| e.who.clone()),
                    e.toleration,
                    e.start.map_or("?".to_string(), |s| s.to_string())
                ),
                TAINT_MANAGER,
                None,
            ));
        }
    }

    let mut next = Vec::new();
    let mut overdue = Vec::new();
    for s in computed {
        // A window still open at `now` may yet close: it is next, not overdue.
        // A step without a window happens at `at`.
        if s.latest.unwrap_or(s.at) > now {
            next.push(Step { why: None, ..s });
        } else {
            overdue.push(s);
        }
    }
    for s in overdue
        .iter_mut()
        .filter(|s| s.kind == "taintAdded" && s.what.contains("NoExecute"))
    {
        let why = s.why.get_or_insert_with(String::new);
        why.push_str(" Not on the node by now: the zone's queue may be held (a zone with most of its nodes not Ready, or every zone without a Ready node: say so with the peers), the controller may have restarted, or the snapshot was taken in between.");
    }
    // An eviction is "overdue" only in the sense that it is due: say so plainly.
    for s in overdue.iter_mut().filter(|s| s.kind == "eviction") {
        s.why = Some("Due at or before now: the taint manager has deleted these pods, unless it restarted since the taint (it then counts from its own start) or the pods carry a finalizer.".into());
    }
    by_time(&mut next);
    by_time(&mut overdue);

    let summary = summary(w, &taints, &evictions, now, grace);
    NodeExplanation {
        name,
        zone: zone_display(&w.zone),
        kubelet_version: w.input.kubelet_version.map(str::to_string),
        ready: w.ready.map(|s| s.as_str().to_string()),
        // No Ready condition (a node never heard from): no reason and no contact to name.
        ready_reason: ready_c.map(|c| c.reason.clone()).unwrap_or_default(),
        last_contact: w.contact.map(|c| c.0),
        last_contact_from: w.contact.map(|c| c.1.to_string()).unwrap_or_default(),
        has_lease: w.input.lease.is_some(),
        snapshot_time: snapshot_time(node, w.input.lease),
        summary,
        taints,
        happened,
        overdue,
        next,
        evictions,
        notes,
    }
}

fn summary(
    w: &Work,
    taints: &[TaintView],
    evictions: &[PodEviction],
    now: Time,
    grace: Duration,
) -> String {
    let ready = match w.ready {
        None => "has no Ready condition (the kubelet never posted status)".to_string(),
        Some(s) => format!("is Ready {}", s.as_str()),
    };
    let tainted: Vec<String> = taints
        .iter()
        .filter(|t| t.controller && t.effect == "NoExecute")
        .map(|t| format!("{}:NoExecute", t.key))
        .collect();
    let mut s = format!("Node {} {ready}", w.input.node.metadata.name);
    if let Some((c, from)) = w.contact {
        s.push_str(&format!(", last contact {} ({from})", relative(now, c)));
    }
    if !tainted.is_empty() {
        s.push_str(&format!(", tainted {}", tainted.join(", ")));
    }
    let who = |e: &PodEviction| {
        e.pod
            .clone()
            // Not a default: the row without a pod name stands for the ordinary pod.
            .unwrap_or_else(|| "pods with the default tolerations".to_string())
    };
    let due = evictions.iter().filter(|e| e.state == "due").count();
    if due > 0 && evictions.iter().any(|e| e.pod.is_some()) {
        s.push_str(&format!(
            "; {due} pod{} due for deletion by now",
            if due == 1 { "" } else { "s" }
        ));
    }
    // Without pods the first row is the ordinary pod; the others are for reference.
    let rows = if evictions.iter().any(|e| e.pod.is_some()) {
        evictions
    } else {
        // No evictions at all: no rows.
        evictions.get(..1).unwrap_or_default()
    };
    let next = rows
        .iter()
        .filter(|e| e.state == "next")
        .filter_map(|e| e.at.map(|at| (at, e)))
        .min_by_key(|(at, _)| *at);
    let silent = if w.ready == Some(ConditionStatus::True) {
        "; if the kubelet posts nothing more, "
    } else {
        "; "
    };
    match next {
        Some((at, e)) => s.push_str(&format!(
            "{silent}{} go{} {} ({at})",
            who(e),
            if e.pod.is_some() { "es" } else { "" },
            relative(now, at)
        )),
        None if evictions.iter().any(|e| e.state == "held") => {
            s.push_str("; its NoExecute taint is queued and held by the zone's state")
        }
        None if w.ready_at_now => {
            s.push_str(&format!("; healthy within the grace period ({grace})"))
        }
        None => {}
    }
    s.push('.');
    s
}

/// Steps in time order, equal times in the order they were found (a stable sort).
fn by_time(steps: &mut [Step]) {
    crate::sort::sort_by_key(steps, |s| s.at);
}
