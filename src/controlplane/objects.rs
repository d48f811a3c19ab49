//! The few core/v1 objects the bootstrap controllers read and write, in Kubernetes' JSON shape
//! (`metadata`, `spec`, `subsets`, `clusterIP`, ...), plus the events they record.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::objects::ObjectMeta;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct ServicePort {
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub name: String,
    #[serde(default = "tcp")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub protocol: String,
    pub port: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_port: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_port: Option<i32>,
}

fn tcp() -> String {
    "TCP".to_string()
}

fn cluster_ip_type() -> String {
    "ClusterIP".to_string()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct ServiceSpec {
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<ServicePort>>"))]
    pub ports: Vec<ServicePort>,
    #[serde(rename = "clusterIP", default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub cluster_ip: String,
    #[serde(rename = "clusterIPs", default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>"))]
    pub cluster_ips: Vec<String>,
    #[serde(rename = "type", default = "cluster_ip_type")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub service_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_family_policy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_affinity: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health_check_node_port: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Service {
    pub metadata: ObjectMeta,
    pub spec: ServiceSpec,
}

impl Service {
    /// `IsServiceIPSet`: the ClusterIPs the IP repair checks (`""` and `"None"` need none).
    pub fn cluster_ips(&self) -> Vec<String> {
        let ips: Vec<String> = if self.spec.cluster_ips.is_empty() {
            vec![self.spec.cluster_ip.clone()]
        } else {
            self.spec.cluster_ips.clone()
        };
        if ips.first().is_none_or(|ip| ip.is_empty() || ip == "None") {
            return Vec::new();
        }
        ips
    }

    /// `CollectServiceNodePorts`: the same port and protocol twice is listed twice (and then fails
    /// as a duplicate), the same port under another protocol once; the health-check port is added
    /// unless the port is already known only under non-TCP protocols.
    pub fn node_ports(&self) -> Vec<i32> {
        let mut out = Vec::new();
        let mut seen: BTreeMap<i32, Vec<&str>> = BTreeMap::new();
        for p in &self.spec.ports {
            let Some(np) = p.node_port.filter(|n| *n != 0) else {
                continue;
            };
            let protos = seen.entry(np).or_default();
            if protos.is_empty() || protos.contains(&p.protocol.as_str()) {
                out.push(np);
            }
            if !protos.contains(&p.protocol.as_str()) {
                protos.push(p.protocol.as_str());
            }
        }
        if let Some(h) = self.spec.health_check_node_port.filter(|h| *h != 0) {
            match seen.get(&h) {
                None => out.push(h),
                Some(protos) if protos.contains(&"TCP") => out.push(h),
                Some(_) => {}
            }
        }
        out
    }

    pub fn key(&self) -> String {
        format!("{}/{}", self.metadata.namespace, self.metadata.name)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct EndpointAddress {
    pub ip: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct EndpointPort {
    pub name: String,
    pub port: i32,
    pub protocol: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct EndpointSubset {
    #[serde(default)]
    pub addresses: Vec<EndpointAddress>,
    #[serde(default)]
    pub ports: Vec<EndpointPort>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Endpoints {
    pub metadata: ObjectMeta,
    #[serde(default)]
    pub subsets: Vec<EndpointSubset>,
}

impl Endpoints {
    /// The addresses of all subsets, in order.
    pub fn ips(&self) -> Vec<String> {
        self.subsets
            .iter()
            .flat_map(|s| s.addresses.iter().map(|a| a.ip.clone()))
            .collect()
    }
}

/// A recorded event (events/v1 shape, flattened).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneEvent")
)]
pub struct Event {
    /// Virtual time, as a Go duration since the start (`"3m0s"`).
    pub time: String,
    #[serde(rename = "type")]
    pub event_type: String,
    pub reason: String,
    /// events/v1 `action`; empty where upstream records none.
    pub action: String,
    pub message: String,
    /// `namespace/name` of the object the event is about.
    pub regarding: String,
    pub reporting_controller: String,
    /// The apiserver (its address) whose controller recorded the event.
    pub reporting_instance: String,
}

/// A reported error or log line (`runtime.HandleError`, `klog`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct LogEntry {
    pub time: String,
    /// The apiserver that logged it.
    pub apiserver: String,
    pub message: String,
}
