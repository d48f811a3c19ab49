//! Every `KubeletConfiguration` (`kubelet.config.k8s.io/v1beta1`) field path that a release from
//! [`OLDEST`](super::OLDEST) to [`NEWEST`](super::NEWEST) knew, with the release it appeared in,
//! the release that removed it, its Go type and its default in each release.
//!
//! The records are generated into `kubelet_config_data.rs` by
//! `scripts/gen-releases/kubelet_config.py` from the `config/v1beta1/types.go` of each
//! `kubernetes-1.N.0` tag of k8s.io/kubelet (and the component-base logging and tracing types it
//! embeds), with the corrections in `scripts/gen-releases/corrections/kubelet_config.tsv` where a
//! release's doc comment and its defaulting code disagree. Paths are dotted JSON names; list
//! elements share their list's path (`reservedMemory.numaNode`).

use serde_json::Value;

use super::Release;

/// One field path's whole life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldRecord {
    /// Dotted JSON path (`authentication.webhook.cacheTTL`).
    pub path: &'static str,
    /// First release whose decoder knew the field (1.x minor).
    pub since: u16,
    /// First release whose decoder no longer knew it, if it was removed.
    pub removed: Option<u16>,
    /// The Go type, from the release it took effect (a leading `*` is a pointer: defaulting
    /// tests it for nil, not for the zero value).
    pub go_types: &'static [(u16, &'static str)],
    /// The default as that release's defaulting produced it, from the release it took effect,
    /// written as the doc comment writes it (`"1m"`, `5`, `true`, `nil`); empty when none.
    pub defaults: &'static [(u16, &'static str)],
}

#[path = "kubelet_config_data.rs"]
mod data;
pub use data::{CORRECTIONS, FIELDS, SOURCES};

fn at(list: &'static [(u16, &'static str)], r: Release) -> Option<&'static str> {
    list.iter()
        .rev()
        .find(|(from, _)| *from <= r.minor())
        .map(|(_, v)| *v)
}

impl FieldRecord {
    /// Whether release `r`'s decoder knew this field.
    pub fn exists_in(&self, r: Release) -> bool {
        r.minor() >= self.since && self.removed.is_none_or(|rm| r.minor() < rm)
    }
    /// The Go type in release `r`, if the field existed.
    pub fn go_type_at(&self, r: Release) -> Option<&'static str> {
        if !self.exists_in(r) {
            return None;
        }
        at(self.go_types, r)
    }
    /// Whether the field was a Go pointer in `r` (defaulted only when nil).
    pub fn is_pointer_at(&self, r: Release) -> bool {
        self.go_type_at(r).is_some_and(|t| t.starts_with('*'))
    }
    /// The default in release `r` as its defaulting produced it (doc-comment spelling), or
    /// `None` when the field did not exist or had none.
    pub fn default_at(&self, r: Release) -> Option<&'static str> {
        if !self.exists_in(r) {
            return None;
        }
        at(self.defaults, r).filter(|d| !d.is_empty())
    }
}

/// The record of a dotted path.
pub fn field(path: &str) -> Option<&'static FieldRecord> {
    FIELDS
        .binary_search_by(|f| f.path.cmp(path))
        .ok()
        .and_then(|i| FIELDS.get(i))
}

/// Every field path release `r` knew, sorted.
pub fn fields_at(r: Release) -> impl Iterator<Item = &'static FieldRecord> {
    FIELDS.iter().filter(move |f| f.exists_in(r))
}

/// Whether `path` has sub-fields in release `r` (a struct, walked further by the decoder).
pub fn has_children_at(path: &str, r: Release) -> bool {
    let prefix = format!("{path}.");
    let start = FIELDS.partition_point(|f| f.path < prefix.as_str());
    FIELDS
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(|f| f.path.starts_with(&prefix))
        .any(|f| f.exists_in(r))
}

/// Whether release `r`'s decoder knew the dotted `path`. Keys below a map field (and anything
/// below a leaf type such as a `v1.Taint` list or `logging.vmodule`) count as known when the
/// field itself is; `[i]` list indexes are ignored.
pub fn known_at(path: &str, r: Release) -> bool {
    let clean: String = strip_indexes(path);
    let mut prefix = String::new();
    for seg in clean.split('.') {
        if !prefix.is_empty() {
            prefix.push('.');
        }
        prefix.push_str(seg);
        match field(&prefix) {
            Some(f) if f.exists_in(r) => {
                if !has_children_at(&prefix, r) {
                    return true;
                }
            }
            _ => return false,
        }
    }
    true
}

fn strip_indexes(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut depth = 0usize;
    for c in path.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Removes from a KubeletConfiguration JSON value every field release `r` did not know (as its
/// decoder drops them), returning the removed dotted paths in document order. `apiVersion` and
/// `kind` are kept.
pub fn prune(value: &mut Value, r: Release) -> Vec<String> {
    let mut removed = Vec::new();
    prune_at(value, "", r, &mut removed);
    removed
}

fn prune_at(value: &mut Value, prefix: &str, r: Release, removed: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                if prefix.is_empty() && (k == "apiVersion" || k == "kind") {
                    continue;
                }
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                match field(&path) {
                    Some(f) if f.exists_in(r) => {
                        if has_children_at(&path, r) {
                            if let Some(v) = map.get_mut(&k) {
                                prune_at(v, &path, r, removed);
                            }
                        }
                    }
                    _ => {
                        map.remove(&k);
                        removed.push(path);
                    }
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                prune_at(item, prefix, r, removed);
            }
        }
        _ => {}
    }
}
