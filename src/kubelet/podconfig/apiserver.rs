//! The apiserver source: pods bound to this node, as the kubelet lists and watches them
//! (`NewSourceApiserver` in `pkg/kubelet/config/apiserver.go`, v1.30–v1.33).
//!
//! The kubelet watches `pods` with the field selector `spec.nodeName=<node>`, but only after its
//! node informer has synced (checked every `WaitForAPIServerSyncPeriod` = 1s). The reflector feeds
//! an `UndeltaStore`, so the initial list (even an empty one) and every later watch event are
//! sent as a SET of all pods bound to the node. Here the cluster's pods are kept as data and the
//! clock steps the sync wait.

use std::collections::BTreeMap;

use serde_json::Value;

use super::pod::{Pod, PodError};
use super::store::{meta_namespace_key, UndeltaStore};
use super::timestamp::Timestamp;
use super::types::{SourceStep, APISERVER_SOURCE};
use crate::duration::Duration;

/// `WaitForAPIServerSyncPeriod`.
pub const WAIT_FOR_API_SERVER_SYNC_PERIOD: Duration = Duration(Duration::SECOND);

/// `pod.Spec.NodeName`, with Go's zero value "" when the spec names no node.
fn node_of(pod: &Pod) -> String {
    pod.spec()
        .and_then(|s| s.get("nodeName"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// The apiserver source for one node.
#[derive(Clone, Debug)]
pub struct ApiserverSource {
    node_name: String,
    cluster: BTreeMap<String, Pod>,
    store: UndeltaStore,
    node_synced: bool,
    watching: bool,
    next_check: Option<Timestamp>,
}

impl ApiserverSource {
    pub fn new(node_name: &str) -> ApiserverSource {
        ApiserverSource {
            node_name: node_name.to_string(),
            cluster: BTreeMap::new(),
            store: UndeltaStore::new(),
            node_synced: false,
            watching: false,
            next_check: None,
        }
    }

    /// Whether the node informer has synced (`nodeHasSynced()`).
    pub fn set_node_synced(&mut self, synced: bool) {
        self.node_synced = synced;
    }

    pub fn watching(&self) -> bool {
        self.watching
    }

    /// All pods the API server holds, on any node.
    pub fn cluster_pods(&self) -> Vec<Pod> {
        self.cluster.values().cloned().collect()
    }

    fn on_this_node(&self, pod: &Pod) -> bool {
        node_of(pod) == self.node_name
    }

    /// Steps the wait for the node sync; once synced, the reflector lists and sends a SET.
    pub fn tick(&mut self, now: Timestamp) -> SourceStep {
        let mut step = SourceStep::default();
        if self.watching || self.next_check.is_some_and(|t| now < t) {
            return step;
        }
        if !self.node_synced {
            self.next_check = Some(now.add_nanos(WAIT_FOR_API_SERVER_SYNC_PERIOD.nanos()));
            step.errors.push("node sync has not completed yet".into());
            return step;
        }
        self.watching = true;
        let bound: Vec<Pod> = self
            .cluster
            .values()
            .filter(|p| self.on_this_node(p))
            .cloned()
            .collect();
        let n = bound.len();
        let list = self.store.replace(bound);
        step.send(
            APISERVER_SOURCE,
            list,
            format!("node synced: the initial list of {n} pod(s) with spec.nodeName={} is sent as a SET", self.node_name),
        );
        step
    }

    /// A pod is created or changed in the cluster (a watch ADDED/MODIFIED event when bound here).
    pub fn upsert_pod(&mut self, pod: Value) -> Result<SourceStep, PodError> {
        let pod = Pod::from_value(pod)?;
        let key = meta_namespace_key(&pod);
        if self.cluster.len() >= super::MAX_CLUSTER_PODS && !self.cluster.contains_key(&key) {
            return Err(PodError::new(format!(
                "the cluster holds {} pods; the limit is {}",
                self.cluster.len(),
                super::MAX_CLUSTER_PODS
            )));
        }
        let mut step = SourceStep::default();
        let here = self.on_this_node(&pod);
        let was_here = self.store.get(&key).is_some();
        self.cluster.insert(key.clone(), pod.clone());
        if !self.watching {
            return Ok(step);
        }
        if here {
            let list = self.store.add(pod);
            step.send(
                APISERVER_SOURCE,
                list,
                format!(
                    "watch event for {key} bound to {}: the store sends all bound pods as a SET",
                    self.node_name
                ),
            );
        } else if was_here {
            let list = self.store.delete(&key);
            step.send(
                APISERVER_SOURCE,
                list,
                format!(
                    "{key} no longer matches spec.nodeName={}: deleted from the store, SET sent",
                    self.node_name
                ),
            );
        }
        Ok(step)
    }

    /// A pod is deleted from the cluster (a watch DELETED event when bound here).
    pub fn delete_pod(&mut self, namespace: &str, name: &str) -> SourceStep {
        let key = if namespace.is_empty() {
            name.to_string()
        } else {
            format!("{namespace}/{name}")
        };
        let mut step = SourceStep::default();
        self.cluster.remove(&key);
        if self.watching && self.store.get(&key).is_some() {
            let list = self.store.delete(&key);
            step.send(
                APISERVER_SOURCE,
                list,
                format!("{key} was deleted from the API server: the store sends the remaining bound pods as a SET"),
            );
        }
        step
    }
}
