//! The keyed store the file and apiserver sources push through: client-go's `UndeltaStore`
//! with `MetaNamespaceKeyFunc` (`k8s.io/client-go/tools/cache/undelta_store.go`).
//!
//! Every change (add, update, delete, replace) pushes the *whole* list, which the source sends
//! as a SET. Keying by `namespace/name` is why two manifests declaring the same pod collapse into
//! one before the merge ever sees them. Go's store lists in map order; we list by key.

use std::collections::BTreeMap;

use super::pod::Pod;

/// `cache.MetaNamespaceKeyFunc`: `namespace/name`, or `name` when the namespace is empty.
pub fn meta_namespace_key(pod: &Pod) -> String {
    if pod.namespace().is_empty() {
        pod.name().to_string()
    } else {
        format!("{}/{}", pod.namespace(), pod.name())
    }
}

/// An `UndeltaStore`: each mutation returns the full list to push.
#[derive(Clone, Debug, Default)]
pub struct UndeltaStore {
    items: BTreeMap<String, Pod>,
}

impl UndeltaStore {
    pub fn new() -> UndeltaStore {
        UndeltaStore::default()
    }

    pub fn list(&self) -> Vec<Pod> {
        self.items.values().cloned().collect()
    }

    pub fn get(&self, key: &str) -> Option<&Pod> {
        self.items.get(key)
    }

    /// `Add`/`Update` (identical for a store): insert or replace, then push.
    pub fn add(&mut self, pod: Pod) -> Vec<Pod> {
        self.items.insert(meta_namespace_key(&pod), pod);
        self.list()
    }

    /// `Delete`, then push (a push happens even if the key was absent, as upstream).
    pub fn delete(&mut self, key: &str) -> Vec<Pod> {
        self.items.remove(key);
        self.list()
    }

    /// `Replace`: the new contents (a later item with the same key wins), then push.
    pub fn replace(&mut self, pods: Vec<Pod>) -> Vec<Pod> {
        // Inserted one by one, not collected: the same map, without a second sort of pods in
        // the wasm (the lists are small).
        self.items.clear();
        for p in pods {
            self.items.insert(meta_namespace_key(&p), p);
        }
        self.list()
    }
}
