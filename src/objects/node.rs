//! The slice of the core/v1 `Node` object (`k8s.io/api/core/v1/types.go`) that node-condition
//! logic reads and writes. Fields this crate does not model (addresses, nodeInfo, images, ...)
//! are kept in `extra` maps so a node passed in comes back out unchanged except for what the
//! rules touch.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::kept_fields::{kept_fields, UnknownFields};
use super::meta::ObjectMeta;
use super::taint::Taint;
use crate::timestamp::Time;

pub const NODE_READY: &str = "Ready";
pub const NODE_MEMORY_PRESSURE: &str = "MemoryPressure";
pub const NODE_DISK_PRESSURE: &str = "DiskPressure";
pub const NODE_PID_PRESSURE: &str = "PIDPressure";
pub const NODE_NETWORK_UNAVAILABLE: &str = "NetworkUnavailable";

/// The index of a condition type among the four the kubelet heartbeats and the node lifecycle
/// controller marks Unknown: Ready, MemoryPressure, DiskPressure, PIDPressure. Their lengths
/// differ, so at most one string comparison runs (these loops visit every condition of every node
/// on every pass).
#[cfg(feature = "node-status")]
#[inline(always)]
pub(crate) fn heartbeat_type(t: &str) -> Option<usize> {
    match t.len() {
        5 if t == NODE_READY => Some(0),
        14 if t == NODE_MEMORY_PRESSURE => Some(1),
        12 if t == NODE_DISK_PRESSURE => Some(2),
        11 if t == NODE_PID_PRESSURE => Some(3),
        _ => None,
    }
}

/// `v1.ConditionStatus`. One byte, so the simulator can mirror the statuses of 5000 nodes in a
/// few kilobytes and compare them without touching the nodes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[repr(u8)]
pub enum ConditionStatus {
    True = 1,
    False = 2,
    #[default]
    Unknown = 3,
}

pub const CONDITION_TRUE: ConditionStatus = ConditionStatus::True;
pub const CONDITION_FALSE: ConditionStatus = ConditionStatus::False;
pub const CONDITION_UNKNOWN: ConditionStatus = ConditionStatus::Unknown;

impl ConditionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ConditionStatus::True => "True",
            ConditionStatus::False => "False",
            ConditionStatus::Unknown => "Unknown",
        }
    }
}

/// Upstream's `ConditionStatus` is an open string type; every reader here (the controller, the
/// simulator, `IsNodeReady`) treats a value other than True or False like Unknown, so that is what
/// any other text becomes. Keeps `status: "True".into()` working where a `String` was expected.
impl From<&str> for ConditionStatus {
    fn from(s: &str) -> Self {
        match s {
            "True" => ConditionStatus::True,
            "False" => ConditionStatus::False,
            _ => ConditionStatus::Unknown,
        }
    }
}

impl fmt::Display for ConditionStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl PartialEq<str> for ConditionStatus {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ConditionStatus {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A core/v1 Node. Fields kubegate does not model pass through unchanged.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct Node {
    #[cfg_attr(feature = "typescript", ts(as = "Option<ObjectMeta>"))]
    pub metadata: ObjectMeta,
    #[cfg_attr(feature = "typescript", ts(as = "Option<NodeSpec>"))]
    pub spec: NodeSpec,
    #[cfg_attr(feature = "typescript", ts(as = "Option<NodeStatus>"))]
    pub status: NodeStatus,
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub extra: UnknownFields,
}

kept_fields!(Node, "struct Node", {
    metadata: "metadata",
    spec: "spec",
    status: "status",
});

/// `spec` of a Node. Only `unschedulable` and `taints` are typed; the rest is kept verbatim.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct NodeSpec {
    #[cfg_attr(feature = "typescript", ts(as = "Option<bool>"))]
    pub unschedulable: bool,
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<Taint>>"))]
    pub taints: Vec<Taint>,
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub extra: UnknownFields,
}

kept_fields!(NodeSpec, "struct NodeSpec", {
    unschedulable: "unschedulable" skip_if std::ops::Not::not,
    taints: "taints" skip_if Vec::is_empty,
});

/// `status` of a Node. Only `conditions` and `capacity` are typed; the rest is kept verbatim.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct NodeStatus {
    /// Quantities: Kubernetes writes strings (`"4"`, `"16Gi"`); numbers are read as well.
    #[cfg_attr(
        feature = "typescript",
        ts(optional, type = "Record<string, string | number>")
    )]
    pub capacity: Option<Map<String, Value>>,
    pub conditions: Option<Vec<NodeCondition>>,
    #[cfg_attr(feature = "typescript", ts(flatten))]
    pub extra: UnknownFields,
}

kept_fields!(NodeStatus, "struct NodeStatus", {
    capacity: "capacity" skip_if Option::is_none,
    conditions: "conditions" skip_if Option::is_none,
});

/// A node condition. `lastHeartbeatTime`/`lastTransitionTime` are RFC 3339 strings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct NodeCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: ConditionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub last_heartbeat_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub last_transition_time: Option<Time>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

/// String equality with a first-byte test up front: the four condition types the hot loops look
/// up all start differently, so most mismatches cost one byte comparison, not a `memcmp` call.
#[inline(always)]
fn same_type(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

impl NodeStatus {
    #[inline]
    pub fn conditions(&self) -> &[NodeCondition] {
        // Absent: Go's nil slice, no conditions.
        self.conditions.as_deref().unwrap_or(&[])
    }

    /// The condition of a type (`GetNodeCondition`: the first match).
    #[inline]
    pub fn condition(&self, type_: &str) -> Option<&NodeCondition> {
        self.conditions()
            .iter()
            .find(|c| same_type(&c.type_, type_))
    }

    pub fn condition_mut(&mut self, type_: &str) -> Option<&mut NodeCondition> {
        self.conditions
            .as_mut()
            .and_then(|cs| cs.iter_mut().find(|c| same_type(&c.type_, type_)))
    }

    /// The last condition of a type: the pressure setters loop without `break`, so on a status
    /// with duplicate types they update the last one (Ready's setter stops at the first).
    pub fn last_condition_mut(&mut self, type_: &str) -> Option<&mut NodeCondition> {
        self.conditions
            .as_mut()
            .and_then(|cs| cs.iter_mut().rev().find(|c| same_type(&c.type_, type_)))
    }

    pub fn push_condition(&mut self, c: NodeCondition) {
        self.conditions.get_or_insert_with(Vec::new).push(c);
    }
}
