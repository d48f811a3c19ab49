//! A pod as the merge sees it: Kubernetes JSON, with typed access to the fields that matter.
//!
//! # Why JSON and not a typed `v1.Pod`
//!
//! `pkg/kubelet/config/config.go` (v1.30–v1.33) reads only a handful of fields (UID, name,
//! namespace, labels, annotations, deletion timestamp and grace period, generation, spec, status)
//! and compares the rest wholesale (`reflect.DeepEqual` on `Spec` and `Status`). Typing the whole
//! `v1.Pod` would cost a large schema and wasm size and still lose unknown fields; instead we
//! keep the object as `serde_json::Map`, validate the metadata we rely on when the pod enters,
//! and round-trip everything else untouched.
//!
//! # How JSON equality stands in for `reflect.DeepEqual`
//!
//! Go compares decoded structs, where an absent field and its zero value are the same thing
//! only for non-pointer fields. Without the schema we apply the rules that hold for every field:
//! `null` equals absent (Go decodes both to nil/zero), numbers compare by value, and `""` equals
//! absent (almost every string in the Pod API is a non-pointer `string`). At the top level an
//! empty `spec` or `status` object equals an absent one (both are non-pointer structs). Maps and
//! slices keep Go's distinction: `{}`/`[]` differ from absent (nil) — which is why labels `{}`
//! differ from no labels, exactly as upstream. Known gap: `false`/`0` written explicitly on a
//! non-pointer field differs from absent here but not in Go.

use std::collections::BTreeSet;
use std::fmt;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::types::LOCAL_ANNOTATIONS;

/// A Kubernetes pod (JSON object) with a validated `metadata.name` and `metadata.uid`.
///
/// Copies are cheap: the fields other than `metadata` (the spec and status, most of a pod) are
/// shared between copies and copied only when one copy changes them, so storing a pod and
/// emitting it in an update costs no deep copy (a merge of 50,000 pods stays linear and fast).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "Value")]
pub struct Pod {
    /// `metadata`, held apart so that it can be changed without re-checking its type.
    metadata: Arc<Map<String, Value>>,
    /// Every other top-level field, untouched.
    object: Arc<Map<String, Value>>,
}

impl Serialize for Pod {
    /// The pod as one JSON object, keys in order (as `Value` would write it), without copying.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.object.len() + 1))?;
        let mut metadata_done = false;
        for (k, v) in self.object.iter() {
            if !metadata_done && k.as_str() > "metadata" {
                map.serialize_entry("metadata", &*self.metadata)?;
                metadata_done = true;
            }
            map.serialize_entry(k, v)?;
        }
        if !metadata_done {
            map.serialize_entry("metadata", &*self.metadata)?;
        }
        map.end()
    }
}

/// Why a JSON value is not a pod the merge can hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodError(pub String);

impl fmt::Display for PodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PodError {}

impl From<Pod> for Value {
    fn from(p: Pod) -> Value {
        let mut object = Arc::try_unwrap(p.object).unwrap_or_else(|shared| (*shared).clone());
        let metadata = Arc::try_unwrap(p.metadata).unwrap_or_else(|shared| (*shared).clone());
        object.insert("metadata".into(), Value::Object(metadata));
        Value::Object(object)
    }
}

impl TryFrom<Value> for Pod {
    type Error = PodError;
    fn try_from(v: Value) -> Result<Pod, PodError> {
        Pod::from_value(v)
    }
}

fn string_map_ok(v: Option<&Value>, field: &str) -> Result<(), PodError> {
    match v {
        None | Some(Value::Null) => Ok(()),
        Some(Value::Object(m)) => match m.iter().find(|(_, v)| !v.is_string()) {
            Some((k, _)) => Err(PodError(format!(
                "metadata.{field}[{k:?}]: must be a string"
            ))),
            None => Ok(()),
        },
        Some(_) => Err(PodError(format!(
            "metadata.{field}: must be an object of strings"
        ))),
    }
}

impl Pod {
    /// Checks the shape the merge relies on. Upstream never sees such pods (the API server and
    /// the manifest decoders guarantee name and UID); we refuse them rather than store them
    /// under an empty UID.
    pub fn from_value(v: Value) -> Result<Pod, PodError> {
        let Value::Object(mut object) = v else {
            return Err(PodError("pod must be a JSON object".into()));
        };
        let meta = match object.remove("metadata") {
            Some(Value::Object(m)) => m,
            None | Some(Value::Null) => return Err(PodError("pod has no metadata".into())),
            Some(_) => return Err(PodError("metadata: must be an object".into())),
        };
        let name = match meta.get("name") {
            Some(Value::String(s)) if !s.is_empty() => s.clone(),
            Some(Value::String(_)) | None | Some(Value::Null) => {
                return Err(PodError("pod has no metadata.name".into()))
            }
            Some(_) => return Err(PodError("metadata.name: must be a string".into())),
        };
        match meta.get("uid") {
            Some(Value::String(s)) if !s.is_empty() => {}
            Some(Value::String(_)) | None | Some(Value::Null) => {
                return Err(PodError(format!("pod {name:?} has no metadata.uid")))
            }
            Some(_) => return Err(PodError("metadata.uid: must be a string".into())),
        }
        match meta.get("namespace") {
            None | Some(Value::Null) | Some(Value::String(_)) => {}
            Some(_) => return Err(PodError("metadata.namespace: must be a string".into())),
        }
        string_map_ok(meta.get("labels"), "labels")?;
        string_map_ok(meta.get("annotations"), "annotations")?;
        match meta.get("deletionGracePeriodSeconds") {
            None | Some(Value::Null) => {}
            Some(v) if v.as_i64().is_some() => {}
            Some(_) => {
                return Err(PodError(
                    "metadata.deletionGracePeriodSeconds: must be an integer".into(),
                ))
            }
        }
        match meta.get("deletionTimestamp") {
            None | Some(Value::Null) | Some(Value::String(_)) => {}
            Some(_) => {
                return Err(PodError(
                    "metadata.deletionTimestamp: must be a string".into(),
                ))
            }
        }
        Ok(Pod {
            metadata: Arc::new(meta),
            object: Arc::new(object),
        })
    }

    pub fn as_value(&self) -> Value {
        Value::from(self.clone())
    }

    fn meta(&self) -> Option<&Map<String, Value>> {
        Some(&self.metadata)
    }

    fn meta_mut(&mut self) -> &mut Map<String, Value> {
        Arc::make_mut(&mut self.metadata)
    }

    fn meta_str(&self, key: &str) -> &str {
        self.meta()
            .and_then(|m| m.get(key))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    pub fn uid(&self) -> &str {
        self.meta_str("uid")
    }
    pub fn name(&self) -> &str {
        self.meta_str("name")
    }
    pub fn namespace(&self) -> &str {
        self.meta_str("namespace")
    }

    /// `kubecontainer.GetPodFullName`: `name_namespace`, the key of the duplicate filter.
    pub fn full_name(&self) -> String {
        format!("{}_{}", self.name(), self.namespace())
    }

    /// `format.Pod`: `name_namespace(uid)`, how the kubelet names a pod in logs and events.
    pub fn describe(&self) -> String {
        format!("{}_{}({})", self.name(), self.namespace(), self.uid())
    }

    fn meta_field(&self, key: &str) -> Option<&Value> {
        self.meta()
            .and_then(|m| m.get(key))
            .filter(|v| !v.is_null())
    }

    pub fn labels(&self) -> Option<&Map<String, Value>> {
        self.meta_field("labels").and_then(Value::as_object)
    }
    pub fn annotations(&self) -> Option<&Map<String, Value>> {
        self.meta_field("annotations").and_then(Value::as_object)
    }
    pub fn annotation(&self, key: &str) -> Option<&str> {
        self.annotations()
            .and_then(|a| a.get(key))
            .and_then(Value::as_str)
    }
    pub fn deletion_timestamp(&self) -> Option<&str> {
        self.meta_field("deletionTimestamp").and_then(Value::as_str)
    }
    pub fn deletion_grace_period_seconds(&self) -> Option<i64> {
        self.meta_field("deletionGracePeriodSeconds")
            .and_then(Value::as_i64)
    }
    pub fn spec(&self) -> Option<&Value> {
        self.object.get("spec")
    }
    pub fn status(&self) -> Option<&Value> {
        self.object.get("status")
    }

    /// Sets one annotation, creating the map if needed (`if pod.Annotations == nil { make }`).
    pub fn set_annotation(&mut self, key: &str, value: &str) {
        let meta = self.meta_mut();
        let ann = meta
            .entry("annotations")
            .or_insert_with(|| Value::Object(Map::new()));
        if !ann.is_object() {
            *ann = Value::Object(Map::new());
        }
        if let Value::Object(m) = ann {
            m.insert(key.to_string(), Value::String(value.to_string()));
        }
    }

    /// Replaces the annotation map.
    pub fn set_annotations(&mut self, annotations: Map<String, Value>) {
        self.meta_mut()
            .insert("annotations".into(), Value::Object(annotations));
    }

    fn copy_meta_from(&mut self, other: &Pod, key: &str) {
        match other.meta().and_then(|m| m.get(key)) {
            Some(v) if !v.is_null() => {
                self.meta_mut().insert(key.to_string(), v.clone());
            }
            _ => {
                self.meta_mut().remove(key);
            }
        }
    }

    fn copy_top_from(&mut self, other: &Pod, key: &str) {
        match other.object.get(key) {
            Some(v) => {
                Arc::make_mut(&mut self.object).insert(key.to_string(), v.clone());
            }
            None => {
                if self.object.contains_key(key) {
                    Arc::make_mut(&mut self.object).remove(key);
                }
            }
        }
    }

    /// `existing.Status = ref.Status`.
    pub fn copy_status_from(&mut self, other: &Pod) {
        self.copy_top_from(other, "status");
    }

    /// Like [`Pod::copy_top_from`], for a pod the caller drops next: the value is moved out of
    /// `other` instead of deep-copied (a candidate pod of a merge is discarded once its fields
    /// are taken, so an UPDATE of 50,000 pods copies no spec).
    fn take_top_from(&mut self, other: &mut Pod, key: &str) {
        match Arc::make_mut(&mut other.object).remove(key) {
            Some(v) => {
                Arc::make_mut(&mut self.object).insert(key.to_string(), v);
            }
            None => {
                if self.object.contains_key(key) {
                    Arc::make_mut(&mut self.object).remove(key);
                }
            }
        }
    }

    fn take_meta_from(&mut self, other: &mut Pod, key: &str) {
        match Arc::make_mut(&mut other.metadata).remove(key) {
            Some(v) if !v.is_null() => {
                self.meta_mut().insert(key.to_string(), v);
            }
            _ => {
                if self.metadata.contains_key(key) {
                    self.meta_mut().remove(key);
                }
            }
        }
    }

    /// [`Pod::copy_status_from`], moving the status out of `other`, which the caller drops next.
    pub fn take_status_from(&mut self, other: &mut Pod) {
        self.take_top_from(other, "status");
    }

    /// The fields `checkAndUpdatePod` copies from the new pod into the stored one on a
    /// semantic change: spec, labels, deletion timestamp and grace period, generation, status.
    /// Everything else of the stored pod (resourceVersion, ownerReferences, …) stays.
    pub fn copy_semantic_fields_from(&mut self, other: &Pod) {
        for &(place, name) in SEMANTIC_FIELDS {
            match place {
                FieldPlace::Top => self.copy_top_from(other, name),
                FieldPlace::Meta => self.copy_meta_from(other, name),
            }
        }
    }

    /// [`Pod::copy_semantic_fields_from`], moving the fields out of `other`, which the caller
    /// drops next.
    pub fn take_semantic_fields_from(&mut self, other: &mut Pod) {
        for &(place, name) in SEMANTIC_FIELDS {
            match place {
                FieldPlace::Top => self.take_top_from(other, name),
                FieldPlace::Meta => self.take_meta_from(other, name),
            }
        }
    }
}

/// Where a field `checkAndUpdatePod` carries over lives: on the pod or in its metadata.
#[derive(Clone, Copy)]
enum FieldPlace {
    Top,
    Meta,
}

/// The fields a semantic update carries from the new pod into the stored one, in upstream's
/// order: one list, so copying and moving can never disagree.
const SEMANTIC_FIELDS: &[(FieldPlace, &str)] = &[
    (FieldPlace::Top, "spec"),
    (FieldPlace::Meta, "labels"),
    (FieldPlace::Meta, "deletionTimestamp"),
    (FieldPlace::Meta, "deletionGracePeriodSeconds"),
    (FieldPlace::Meta, "generation"),
    (FieldPlace::Top, "status"),
];

/// `reflect.DeepEqual` on decoded values, approximated on JSON (see the module doc).
pub fn go_equal(a: Option<&Value>, b: Option<&Value>) -> bool {
    fn zero(v: Option<&Value>) -> bool {
        matches!(v, None | Some(Value::Null)) || matches!(v, Some(Value::String(s)) if s.is_empty())
    }
    if zero(a) && zero(b) {
        return true;
    }
    match (a, b) {
        // Every key of either side, without collecting them: this runs for every object of
        // every pod of a merge.
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            x.iter().all(|(k, v)| go_equal(Some(v), y.get(k)))
                && y.iter()
                    .filter(|(k, _)| !x.contains_key(*k))
                    .all(|(_, v)| go_equal(None, Some(v)))
        }
        (Some(Value::Array(x)), Some(Value::Array(y))) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| go_equal(Some(p), Some(q)))
        }
        (Some(Value::Number(x)), Some(Value::Number(y))) => match (x.as_i64(), y.as_i64()) {
            (Some(p), Some(q)) => p == q,
            _ => x.as_f64() == y.as_f64(),
        },
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// Top-level `spec`/`status` are non-pointer structs: `{}` and absent are the same value.
fn struct_equal(a: Option<&Value>, b: Option<&Value>) -> bool {
    fn empty(v: Option<&Value>) -> bool {
        match v {
            None | Some(Value::Null) => true,
            Some(Value::Object(m)) => m.values().all(|v| go_equal(Some(v), None)),
            _ => false,
        }
    }
    (empty(a) && empty(b)) || go_equal(a, b)
}

/// `isAnnotationMapEqual`: equal ignoring the kubelet-local keys; a nil map counts as empty.
pub fn annotations_equal(
    existing: Option<&Map<String, Value>>,
    candidate: Option<&Map<String, Value>>,
) -> bool {
    let empty = Map::new();
    let existing = existing.unwrap_or(&empty);
    let candidate = candidate.unwrap_or(&empty);
    let local = |k: &str| LOCAL_ANNOTATIONS.contains(&k);
    candidate
        .iter()
        .filter(|(k, _)| !local(k))
        .all(|(k, v)| existing.get(k) == Some(v))
        && existing
            .keys()
            .filter(|k| !local(k))
            .all(|k| candidate.contains_key(k))
}

/// The annotation keys (local keys excluded) whose presence or value differs.
fn changed_annotation_keys(
    a: Option<&Map<String, Value>>,
    b: Option<&Map<String, Value>>,
) -> Vec<String> {
    let empty = Map::new();
    let a = a.unwrap_or(&empty);
    let b = b.unwrap_or(&empty);
    let keys: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    keys.into_iter()
        .filter(|k| !LOCAL_ANNOTATIONS.contains(&k.as_str()) && a.get(*k) != b.get(*k))
        .cloned()
        .collect()
}

/// Labels compare as maps where nil differs from empty (`reflect.DeepEqual`).
fn labels_equal(a: &Pod, b: &Pod) -> bool {
    match (a.labels(), b.labels()) {
        (None, None) => true,
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// What `podsDifferSemantically` looks at, listed field by field for the explanation.
/// Empty means "not different". Annotation changes are listed as `annotations[key]`.
pub fn semantic_differences(existing: &Pod, candidate: &Pod) -> Vec<String> {
    let mut out = Vec::new();
    if !struct_equal(existing.spec(), candidate.spec()) {
        out.push("spec".to_string());
    }
    if !labels_equal(existing, candidate) {
        out.push("labels".to_string());
    }
    if existing.deletion_timestamp() != candidate.deletion_timestamp() {
        out.push("deletionTimestamp".to_string());
    }
    if existing.deletion_grace_period_seconds() != candidate.deletion_grace_period_seconds() {
        out.push("deletionGracePeriodSeconds".to_string());
    }
    if !annotations_equal(existing.annotations(), candidate.annotations()) {
        let keys = changed_annotation_keys(existing.annotations(), candidate.annotations());
        out.extend(keys.into_iter().map(|k| format!("annotations[{k}]")));
    }
    out
}

/// `podsDifferSemantically`.
pub fn pods_differ_semantically(existing: &Pod, candidate: &Pod) -> bool {
    !semantic_differences(existing, candidate).is_empty()
}

/// `reflect.DeepEqual(existing.Status, ref.Status)`.
pub fn status_equal(a: &Pod, b: &Pod) -> bool {
    struct_equal(a.status(), b.status())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod(v: Value) -> Pod {
        Pod::from_value(v).unwrap()
    }

    #[test]
    fn refuses_pods_without_name_or_uid() {
        assert_eq!(
            Pod::from_value(json!({"metadata": {"uid": "u"}}))
                .unwrap_err()
                .to_string(),
            "pod has no metadata.name"
        );
        assert_eq!(
            Pod::from_value(json!({"metadata": {"name": "n"}}))
                .unwrap_err()
                .to_string(),
            "pod \"n\" has no metadata.uid"
        );
        assert_eq!(
            Pod::from_value(json!([1])).unwrap_err().to_string(),
            "pod must be a JSON object"
        );
        assert!(Pod::from_value(
            json!({"metadata": {"name": "n", "uid": "u", "labels": {"a": 1}}})
        )
        .is_err());
    }

    #[test]
    fn nil_and_empty_labels_differ_but_annotations_do_not() {
        let a = pod(json!({"metadata": {"name": "n", "uid": "u"}}));
        let b = pod(json!({"metadata": {"name": "n", "uid": "u", "labels": {}}}));
        assert_eq!(semantic_differences(&a, &b), vec!["labels"]);
        let c = pod(json!({"metadata": {"name": "n", "uid": "u", "annotations": {}}}));
        assert!(!pods_differ_semantically(&a, &c));
    }

    #[test]
    fn local_annotations_are_ignored() {
        let a = pod(
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {"kubernetes.io/config.seen": "x"}}}),
        );
        let b = pod(
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {"kubernetes.io/config.seen": "y", "kubernetes.io/config.source": "file"}}}),
        );
        assert!(!pods_differ_semantically(&a, &b));
        let c = pod(
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {"kubernetes.io/config.hash": "h"}}}),
        );
        assert_eq!(
            semantic_differences(&a, &c),
            vec!["annotations[kubernetes.io/config.hash]"]
        );
    }

    #[test]
    fn empty_status_equals_absent() {
        let a = pod(json!({"metadata": {"name": "n", "uid": "u"}}));
        let b = pod(
            json!({"metadata": {"name": "n", "uid": "u"}, "status": {}, "spec": {"nodeName": ""}}),
        );
        assert!(status_equal(&a, &b));
        assert!(!pods_differ_semantically(&a, &b));
    }
}
