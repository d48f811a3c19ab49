//! A coordination.k8s.io/v1 Lease: the node heartbeat `kube-node-lease/<node>`.

use serde::{Deserialize, Serialize};

use crate::timestamp::Time;

/// Namespace of node leases.
pub const NODE_LEASE_NAMESPACE: &str = "kube-node-lease";

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct Lease {
    pub metadata: LeaseMeta,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<LeaseSpec>"))]
    pub spec: LeaseSpec,
}

/// A lease's metadata: a name, and a namespace that defaults to the node lease namespace (the
/// only leases the node lifecycle controller reads).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct LeaseMeta {
    pub name: String,
    /// Default: `kube-node-lease`.
    #[serde(default = "node_lease_namespace")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub namespace: String,
}

fn node_lease_namespace() -> String {
    NODE_LEASE_NAMESPACE.to_string()
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct LeaseSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder_identity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_duration_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub renew_time: Option<Time>,
}
