//! The Kubernetes API vocabulary every area shares: object metadata, nodes and their conditions,
//! taints, node leases, recorded events and zone states, in Kubernetes' JSON field names.
//!
//! Upstream: `k8s.io/api/core/v1/types.go` (Node, NodeCondition, Taint, ConditionStatus,
//! TaintEffect), `k8s.io/api/core/v1/well_known_taints.go`, `k8s.io/api/coordination/v1/types.go`
//! (Lease), `k8s.io/apimachinery/pkg/apis/meta/v1/types.go` (ObjectMeta) and the zone states of
//! `pkg/controller/nodelifecycle`. Why one module: the kubelet's setters, the node lifecycle
//! controller, the simulator, the bootstrap controller and the importers talk about the same
//! objects, and two definitions of one object drift (different JSON shapes, different defaults).
//! Each area keeps its own behaviour; only the nouns live here. Old paths (`kubelet::nodestatus::
//! Node`, `controlplane::objects::ObjectMeta`, `controller::nodelifecycle::Lease`) re-export these.

mod event;
mod kept_fields;
mod lease;
mod meta;
mod node;
pub mod stored_size;
mod taint;
mod zone;

pub use event::{Event, EVENT_NORMAL, EVENT_WARNING};
pub use kept_fields::UnknownFields;
pub use lease::{Lease, LeaseMeta, LeaseSpec, NODE_LEASE_NAMESPACE};
pub use meta::ObjectMeta;
#[cfg(feature = "node-status")]
pub(crate) use node::heartbeat_type;
pub use node::{
    ConditionStatus, Node, NodeCondition, NodeSpec, NodeStatus, CONDITION_FALSE, CONDITION_TRUE,
    CONDITION_UNKNOWN, NODE_DISK_PRESSURE, NODE_MEMORY_PRESSURE, NODE_NETWORK_UNAVAILABLE,
    NODE_PID_PRESSURE, NODE_READY,
};
pub use taint::{
    Taint, TaintEffect, TAINT_DISK_PRESSURE, TAINT_MEMORY_PRESSURE, TAINT_NETWORK_UNAVAILABLE,
    TAINT_NOT_READY, TAINT_PID_PRESSURE, TAINT_UNREACHABLE, TAINT_UNSCHEDULABLE,
};
pub use zone::ZoneState;
