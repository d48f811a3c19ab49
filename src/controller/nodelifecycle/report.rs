//! What one pass reads and reports: the informers' lists in, the writes, events and taint
//! decisions out, in the JSON shape the playground and the npm package exchange.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::objects::{Lease, LeaseMeta, LeaseSpec};
use crate::objects::{Node, TaintEffect};
use crate::timestamp::Time;

/// A pod as far as the controller cares: where it runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct PodRef {
    pub namespace: Option<String>,
    pub name: String,
    pub node_name: String,
}

/// A [`PodRef`] borrowed from wherever the caller holds it (its own list, or the JSON text the
/// package was given): what a pass reads of each pod, without a copy of every pod's strings.
/// Decodes exactly what a `PodRef` decodes, except strings with escapes, which a borrow cannot
/// hold (the caller then decodes `PodRef`s).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PodView<'a> {
    #[serde(borrow)]
    pub namespace: Option<&'a str>,
    pub name: &'a str,
    pub node_name: &'a str,
}

impl<'a> From<&'a PodRef> for PodView<'a> {
    fn from(p: &'a PodRef) -> Self {
        PodView {
            namespace: p.namespace.as_deref(),
            name: &p.name,
            node_name: &p.node_name,
        }
    }
}

/// One `monitorNodeHealth` input: what the informers list at `now`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct MonitorInput {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub now: Time,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<Node>>"))]
    pub nodes: Vec<Node>,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<Lease>>"))]
    pub leases: Vec<Lease>,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<PodRef>>"))]
    pub pods: Vec<PodRef>,
}

/// An event the controller recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ControllerEvent {
    pub node: String,
    #[serde(rename = "type")]
    #[cfg_attr(feature = "typescript", ts(type = "\"Normal\""))]
    pub type_: String,
    pub reason: String,
    pub message: String,
}

/// A write to the API server (or the list the pass started with).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct ApiCall {
    #[cfg_attr(
        feature = "typescript",
        ts(type = "\"list\" | \"updateStatus\" | \"patch\"")
    )]
    pub verb: String,
    #[cfg_attr(feature = "typescript", ts(type = "\"nodes\""))]
    pub resource: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A taint decision: `queued` (waits for the zone's rate limiter), `added`, `removed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TaintChange {
    pub node: String,
    #[cfg_attr(
        feature = "typescript",
        ts(type = "\"queued\" | \"added\" | \"removed\"")
    )]
    pub action: String,
    pub key: String,
    pub effect: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PodsMarkedNotReady {
    pub node: String,
    pub pods: Vec<String>,
}

/// A zone's disruption state as `handleDisruption` moved it, with the NoExecute tainting rate it
/// set for the zone (`setLimiterInZone`) and why, in upstream's terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ZoneChange {
    /// `nodetopology.GetZoneKey`: `region:\0:zone`, empty for nodes without zone labels.
    pub zone: String,
    pub from: String,
    pub to: String,
    /// Ready and not-Ready nodes counted in the zone (nodes labelled exclude-disruption are not).
    pub ready: u32,
    pub not_ready: u32,
    /// Nodes per second the zone's NoExecute tainting queue may now taint (0: none).
    pub eviction_rate: f64,
    /// Every zone is fully disrupted: the controller stopped tainting everywhere and removed its
    /// NoExecute taints (upstream's "controller is in full disruption mode").
    pub all_zones_full: bool,
    /// Why this rate applies, naming the flags and upstream functions that decide it.
    pub why: String,
}

/// What one pass did. `nodes` are the nodes as the API server now holds them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct MonitorResult {
    pub nodes: Vec<Node>,
    pub taints: Vec<TaintChange>,
    pub events: Vec<ControllerEvent>,
    pub pods_marked_not_ready: Vec<PodsMarkedNotReady>,
    pub api_calls: Vec<ApiCall>,
    #[cfg_attr(
        feature = "typescript",
        ts(as = "BTreeMap<String, crate::objects::ZoneState>")
    )]
    pub zone_states: BTreeMap<String, String>,
    /// The zones whose state or tainting rate this pass changed. Not part of the JSON a pass
    /// returns (its shape predates it); the simulator's trace carries them.
    #[serde(skip)]
    pub zone_changes: Vec<ZoneChange>,
}

pub(super) fn change(node: &str, action: &str, key: &str, effect: TaintEffect) -> TaintChange {
    TaintChange {
        node: node.to_string(),
        action: action.to_string(),
        key: key.to_string(),
        effect: effect.as_str().to_string(),
    }
}

pub(super) fn call(verb: &str, resource: &str, name: &str) -> ApiCall {
    ApiCall {
        verb: verb.to_string(),
        resource: resource.to_string(),
        name: Some(name.to_string()),
    }
}
