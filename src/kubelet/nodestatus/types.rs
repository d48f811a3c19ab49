//! The slice of the core/v1 `Node` object (k8s.io/api/core/v1/types.go) that node-condition logic
//! reads and writes, in Kubernetes' JSON field names.
//!
//! Fields this crate does not model (addresses, nodeInfo, images, annotations, ...) are kept in
//! `extra` maps so a node passed in comes back out unchanged except for what the rules touch.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::timestamp::Time;

pub const NODE_READY: &str = "Ready";
pub const NODE_MEMORY_PRESSURE: &str = "MemoryPressure";
pub const NODE_DISK_PRESSURE: &str = "DiskPressure";
pub const NODE_PID_PRESSURE: &str = "PIDPressure";
pub const NODE_NETWORK_UNAVAILABLE: &str = "NetworkUnavailable";

pub const CONDITION_TRUE: &str = "True";
pub const CONDITION_FALSE: &str = "False";
pub const CONDITION_UNKNOWN: &str = "Unknown";

/// A core/v1 Node.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Node {
    #[serde(default)]
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub spec: NodeSpec,
    #[serde(default)]
    pub status: NodeStatus,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creation_timestamp: Option<Time>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeSpec {
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unschedulable: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taints: Vec<Taint>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A node taint (`key`, `value`, `effect`, `timeAdded`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Taint {
    pub key: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    pub effect: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_added: Option<Time>,
}

impl Taint {
    /// Same key and effect: how `taintutils.TaintExists` / `Taint.MatchTaint` compare.
    pub fn matches(&self, other: &Taint) -> bool {
        self.key == other.key && self.effect == other.effect
    }
}

/// `status` of a Node. Only `conditions` and `capacity` are typed; the rest is kept verbatim.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<Map<String, Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conditions: Option<Vec<NodeCondition>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A node condition. `lastHeartbeatTime`/`lastTransitionTime` are RFC 3339 strings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeCondition {
    #[serde(rename = "type")]
    pub type_: String,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_heartbeat_time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

/// An event a component recorded, as `record.EventRecorder` takes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    #[serde(rename = "type")]
    pub type_: String,
    pub reason: String,
}

impl Event {
    pub fn normal(reason: &str) -> Self {
        Event {
            type_: "Normal".to_string(),
            reason: reason.to_string(),
        }
    }
}
