//! The system namespaces controller.
//!
//! Upstream: `pkg/controlplane/controller/systemnamespaces` (Kubernetes ≈ v1.28+). Every minute,
//! each namespace of the list that the lister does not have is created; AlreadyExists counts as
//! success and failures are reported, never fatal. The list kube-apiserver passes is
//! `kube-system`, `kube-public`, `kube-node-lease` and `default` (in the older single bootstrap
//! controller, `default` was created by the kubernetes-service loop instead).

use std::collections::BTreeSet;

/// The namespaces kube-apiserver keeps present, in the order it checks them.
pub const SYSTEM_NAMESPACES: [&str; 4] =
    ["kube-system", "kube-public", "kube-node-lease", "default"];

/// The error reported for a failed create (the newer controller capitalises `Namespace`).
pub fn create_error(namespace: &str, err: &str) -> String {
    format!("unable to create required kubernetes system Namespace {namespace}: {err}")
}

/// One sync: the create calls issued, in order. `existing` is updated with what was created.
pub fn sync(existing: &mut BTreeSet<String>, wanted: &[String]) -> Vec<String> {
    let mut created = Vec::new();
    for ns in wanted {
        if !existing.contains(ns) {
            existing.insert(ns.clone());
            created.push(ns.clone());
        }
    }
    created
}
