//! A pod as the merge sees it: Kubernetes JSON, with typed access to the fields that matter.
//!
//! # Why JSON and not a typed `v1.Pod`
//!
//! `pkg/kubelet/config/config.go` (v1.30–v1.33) reads only a handful of fields (UID, name,
//! namespace, labels, annotations, deletion timestamp and grace period, generation, spec, status)
//! and compares the rest wholesale (`reflect.DeepEqual` on `Spec` and `Status`). Typing the whole
//! `v1.Pod` would cost a large schema and wasm size and still lose unknown fields; instead we
//! keep the object as JSON (see below for how), validate the metadata we rely on when the pod enters,
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
//!
//! # Why the fields are kept as text
//!
//! A merge of 50,000 pods must stay well under a second in wasm, and a decoded `Value` tree
//! costs a map node of several hundred bytes for every JSON object, however small: most of a
//! merge's time went to allocating, searching and walking those trees. The merge only ever
//! compares the spec and status and copies them; so each top-level field except `metadata` is
//! kept as the exact text serde_json would write for its decoded value
//! ([`crate::json::canonical`]), decoded straight from the input without a tree. Equal text
//! means equal values, so an unchanged pod compares as two string comparisons; only differing
//! text is decoded, for the rules above. Output copies the text as it is.
//!
//! `metadata` is kept the same way, entry by entry (labels, deletion timestamp and grace period,
//! generation are compared and copied whole, so their text serves as well as a value; the
//! labels of every incoming pod are checked to be strings on their text, without decoding),
//! except `annotations`, which the merge reads and writes key by key: those stay a map (a
//! sorted list would be faster still, but its code would outweigh what this change may add to
//! the wasm).
//! [`Pod::labels`] decodes its text on first use and keeps the map; the merge never asks.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::annotations::LOCAL_ANNOTATIONS;
use crate::json::Raw;

/// A key of a pod, its metadata or its annotations.
type Key = Cow<'static, str>;

/// Keys nearly every pod carries: shared, not allocated again for each pod.
const KNOWN_KEYS: [&str; 15] = [
    "apiVersion",
    "kind",
    "spec",
    "status",
    "uid",
    "name",
    "namespace",
    "labels",
    "annotations",
    "creationTimestamp",
    "resourceVersion",
    "generation",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "ownerReferences",
];

fn known(k: &str) -> Option<Key> {
    KNOWN_KEYS
        .iter()
        .find(|s| **s == k)
        .map(|s| Cow::Borrowed(*s))
}

fn key(k: &str) -> Key {
    // Not a default: a key outside the shared list is kept as its own string.
    known(k).unwrap_or_else(|| Cow::Owned(k.to_string()))
}

fn key_owned(k: String) -> Key {
    // Not a default: as `key`.
    known(&k).unwrap_or(Cow::Owned(k))
}

/// A Kubernetes pod (JSON object) with a validated `metadata.name` and `metadata.uid`.
///
/// Copies are cheap: the fields other than `metadata` (the spec and status, most of a pod) are
/// shared between copies and copied only when one copy changes them, so storing a pod and
/// emitting it in an update costs no deep copy (a merge of 50,000 pods stays linear and fast).
#[derive(Clone, Debug)]
pub struct Pod {
    /// `metadata`, held apart so that it can be changed without re-checking its type.
    metadata: Arc<Meta>,
    /// Every other top-level field, untouched, sorted by key (see the module doc).
    fields: Arc<Vec<Field>>,
    /// `name_namespace(uid)` ([`Pod::describe`]), which holds the three names every step of a
    /// merge looks up, and [`Pod::full_name`] as its prefix (none of them changes once the pod
    /// is checked, and looking them up in `metadata` each time cost a third of a merge).
    ids: Arc<str>,
    /// Where the name and the namespace end in `ids`.
    name_end: usize,
    namespace_end: usize,
}

/// One entry of a JSON object kept as text: a top-level field of a pod other than `metadata`,
/// or an entry of `metadata` other than `annotations`.
#[derive(Clone, Debug)]
struct Field {
    key: Key,
    /// What serde_json writes for the field's decoded value ([`crate::json::canonical`]).
    text: Box<str>,
    /// The decoded value, once a caller asked for it by reference ([`Pod::spec`]).
    value: OnceLock<Value>,
    /// The [`crate::json::canonical`] hash, when decoded that way: different hashes prove the
    /// values different without decoding them.
    hash: Option<u64>,
}

impl Field {
    fn new(key: Key, text: impl Into<Box<str>>, hash: Option<u64>) -> Field {
        Field {
            key,
            text: text.into(),
            value: OnceLock::new(),
            hash,
        }
    }

    fn value(&self) -> &Value {
        self.value.get_or_init(|| parse(&self.text))
    }

    /// The decoded value without keeping it: comparisons must not grow the stored pods.
    fn decoded(&self) -> Cow<'_, Value> {
        match self.value.get() {
            Some(v) => Cow::Borrowed(v),
            None => Cow::Owned(parse(&self.text)),
        }
    }

    fn is_null(&self) -> bool {
        &*self.text == "null"
    }
}

/// A JSON string literal's contents when it has no escapes (then they are the text inside).
fn plain_str(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    (!inner.contains('\\')).then_some(inner)
}

/// What a JSON text stands for, as far as the checks of a pod's metadata care.
enum Kind<'a> {
    Null,
    Str(Cow<'a, str>),
    Other,
}

fn kind(text: &str) -> Kind<'_> {
    if text == "null" {
        Kind::Null
    } else if let Some(s) = plain_str(text) {
        Kind::Str(Cow::Borrowed(s))
    } else if let Value::String(s) = parse(text) {
        Kind::Str(Cow::Owned(s))
    } else {
        Kind::Other
    }
}

/// The text was written from a decoded value, so it always decodes: the `Null` is unreachable.
fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn find<'a>(fields: &'a [Field], key: &str) -> Option<&'a Field> {
    let i = fields.binary_search_by(|f| (*f.key).cmp(key)).ok()?;
    fields.get(i)
}

/// Puts `field` in its place, replacing one of the same key.
fn put(fields: &mut Vec<Field>, field: Field) {
    match fields.binary_search_by(|f| f.key.cmp(&field.key)) {
        Ok(i) => {
            if let Some(slot) = fields.get_mut(i) {
                *slot = field;
            }
        }
        Err(i) => fields.insert(i, field),
    }
}

fn take(fields: &mut Vec<Field>, key: &str) -> Option<Field> {
    let i = fields.binary_search_by(|f| (*f.key).cmp(key)).ok()?;
    Some(fields.remove(i))
}

/// Fields in key order, one per key: of a repeated key the last, the one a JSON object keeps.
fn sorted_unique(mut fields: Vec<Field>) -> Vec<Field> {
    // Stable, so that of a repeated key the last stays last. One field or none is in order.
    if fields.len() > 1 {
        crate::sort::sort_by(&mut fields, |a, b| a.key.cmp(&b.key));
    }
    // Of equal neighbours the later one's value stays, in the earlier one's place.
    fields.dedup_by(|later, kept| {
        let same = later.key == kept.key;
        if same {
            std::mem::swap(later, kept);
        }
        same
    });
    fields
}

/// A pod's `metadata` (see the module doc).
#[derive(Clone, Debug, Default)]
struct Meta {
    /// Every entry but `annotations`, sorted by key, one per key.
    fields: Vec<Field>,
    /// `annotations`: absent, `null` (`Some(None)`) or an object of strings.
    annotations: Option<Option<Map<String, Value>>>,
}

impl Meta {
    fn annotations(&self) -> Option<&Map<String, Value>> {
        self.annotations.as_ref().and_then(Option::as_ref)
    }

    fn annotation(&self, key: &str) -> Option<&Value> {
        self.annotations().and_then(|m| m.get(key))
    }

    /// The annotations to change: an object from now on (`if pod.Annotations == nil { make }`).
    fn annotations_mut(&mut self) -> &mut Map<String, Value> {
        // Go's zero value: absent or null annotations become an empty map (`make`).
        let map = self.annotations.take().flatten().unwrap_or_default();
        self.annotations
            .insert(Some(map))
            .get_or_insert_with(Map::new)
    }
}

impl PartialEq for Meta {
    fn eq(&self, other: &Meta) -> bool {
        fields_equal(&self.fields, &other.fields) && self.annotations == other.annotations
    }
}

/// Equal JSON: canonical text is equal exactly when the decoded values are.
fn fields_equal(a: &[Field], b: &[Field]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b.iter())
            .all(|(a, b)| a.key == b.key && a.text == b.text)
}

impl PartialEq for Pod {
    fn eq(&self, other: &Pod) -> bool {
        self.metadata == other.metadata && fields_equal(&self.fields, &other.fields)
    }
}

/// Sorted fields written as one JSON object, with one more entry in its place (`metadata` in
/// a pod, `annotations` in its metadata), keys in order as `Value` would write them.
struct Entries<'a> {
    fields: &'a [Field],
    extra: Option<Extra<'a>>,
}

/// The entry [`Entries`] adds: one type for both, so each serializer carries one copy.
#[derive(Clone, Copy)]
enum Extra<'a> {
    Metadata(&'a Meta),
    Annotations(&'a Option<Map<String, Value>>),
}

impl Extra<'_> {
    fn key(self) -> &'static str {
        match self {
            Extra::Metadata(_) => "metadata",
            Extra::Annotations(_) => "annotations",
        }
    }
}

impl Serialize for Extra<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Extra::Metadata(meta) => Entries {
                fields: &meta.fields,
                extra: meta.annotations.as_ref().map(Extra::Annotations),
            }
            .serialize(serializer),
            Extra::Annotations(annotations) => annotations.serialize(serializer),
        }
    }
}

impl Serialize for Entries<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let len = self.fields.len() + usize::from(self.extra.is_some());
        let mut map = serializer.serialize_map(Some(len))?;
        let mut extra = self.extra;
        for f in self.fields {
            if let Some(e) = extra.filter(|e| e.key() < &*f.key) {
                map.serialize_entry(e.key(), &e)?;
                extra = None;
            }
            map.serialize_entry(&*f.key, &Raw(&f.text))?;
        }
        if let Some(e) = extra {
            map.serialize_entry(e.key(), &e)?;
        }
        map.end()
    }
}

impl Serialize for Pod {
    /// The pod as one JSON object, keys in order (as `Value` would write it), without copying.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Entries {
            fields: &self.fields,
            extra: Some(Extra::Metadata(&self.metadata)),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Pod {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pod, D::Error> {
        DecodePod {
            metadata_only: false,
        }
        .deserialize(deserializer)?
        .map_err(de::Error::custom)
    }
}

/// Decodes a pod straight from JSON: the pod, or why the JSON is not a pod the merge can hold
/// (a caller decoding many pods reports the first bad one by its index, as
/// [`Pod::from_value`] would). Only JSON syntax fails the decoding itself.
#[derive(Clone, Copy, Debug)]
pub struct DecodePod {
    /// Skip every field but `metadata` (a REMOVE reads nothing else of the pods it is given).
    pub metadata_only: bool,
}

/// Hands a field's value to [`crate::json::canonical`].
struct CanonicalSeed;

impl<'de> DeserializeSeed<'de> for CanonicalSeed {
    type Value = (String, u64);
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(String, u64), D::Error> {
        crate::json::canonical(deserializer)
    }
}

/// A JSON value as the checks of [`Pod::from_parts`] take it: an object's entries as text,
/// sorted, one per key (a pod's `metadata` held apart), or what else it was.
enum Parsed {
    Object {
        fields: Vec<Field>,
        metadata: Option<Box<Parsed>>,
    },
    Null,
    Other,
}

/// Decodes a pod, or (`pod == false`) its metadata, into [`Parsed`] without a tree: one visitor
/// for both, so that each decoder the package uses carries one copy of it.
#[derive(Clone, Copy)]
struct ObjectSeed {
    pod: bool,
    metadata_only: bool,
}

impl<'de> DeserializeSeed<'de> for ObjectSeed {
    type Value = Parsed;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Parsed, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ObjectSeed {
    type Value = Parsed;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a pod")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Parsed, A::Error> {
        let mut fields = Vec::new();
        let mut metadata = None;
        while let Some(k) = map.next_key_seed(crate::json::KeySeed)? {
            // The known keys cost no allocation.
            let k = match k {
                Cow::Borrowed(k) => key(k),
                Cow::Owned(k) => key_owned(k),
            };
            if self.pod && k == "metadata" {
                let seed = ObjectSeed {
                    pod: false,
                    metadata_only: false,
                };
                metadata = Some(Box::new(map.next_value_seed(seed)?));
            } else if self.metadata_only {
                map.next_value::<de::IgnoredAny>()?;
            } else {
                let (text, hash) = map.next_value_seed(CanonicalSeed)?;
                fields.push(Field::new(k, text, Some(hash)));
            }
        }
        Ok(Parsed::Object {
            fields: sorted_unique(fields),
            metadata,
        })
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Parsed, A::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(Parsed::Other)
    }
    fn visit_bool<E>(self, _: bool) -> Result<Parsed, E> {
        Ok(Parsed::Other)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Parsed, E> {
        Ok(Parsed::Other)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Parsed, E> {
        Ok(Parsed::Other)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Parsed, E> {
        Ok(Parsed::Other)
    }
    fn visit_str<E>(self, _: &str) -> Result<Parsed, E> {
        Ok(Parsed::Other)
    }
    fn visit_unit<E>(self) -> Result<Parsed, E> {
        Ok(Parsed::Null)
    }
}

impl<'de> DeserializeSeed<'de> for DecodePod {
    type Value = Result<Pod, PodError>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        let seed = ObjectSeed {
            pod: true,
            metadata_only: self.metadata_only,
        };
        Ok(match seed.deserialize(deserializer)? {
            Parsed::Object { fields, metadata } => {
                Pod::from_parts(metadata.map_or(Parsed::Null, |m| *m), fields)
            }
            Parsed::Null | Parsed::Other => not_an_object(),
        })
    }
}

/// `spec` and `status` are structs in a `v1.Pod`: anything but an object or `null` is refused
/// in the words of Go's JSON decoder (serde's derive, and a merge that keeps them as text, would
/// take an array).
fn struct_fields_ok(fields: &[Field]) -> Result<(), PodError> {
    for (key, go_type) in [("spec", "v1.PodSpec"), ("status", "v1.PodStatus")] {
        let Some(field) = find(fields, key) else {
            continue;
        };
        let kind = match field.text.as_bytes().first() {
            Some(b'{') | Some(b'n') | None => continue,
            Some(b'[') => "array",
            Some(b'"') => "string",
            Some(b't') | Some(b'f') => "bool",
            Some(_) => "number",
        };
        return Err(PodError::new(format!(
            "json: cannot unmarshal {kind} into Go struct field Pod.{key} of type {go_type}"
        )));
    }
    Ok(())
}

fn not_an_object() -> Result<Pod, PodError> {
    Err(PodError::new("pod must be a JSON object".into()))
}

/// Whether canonical text is an object whose values are all strings, with nothing escaped
/// (most labels): told without decoding it (a merge checks the labels of every pod it is given).
fn plain_string_map(text: &str) -> bool {
    let Some(mut rest) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) else {
        return false;
    };
    if rest.contains('\\') {
        return false;
    }
    // Without escapes every string ends at the next quote; keys and values alternate.
    let mut strings = 0usize;
    while let Some(body) = rest.strip_prefix('"') {
        let Some(end) = body.find('"') else {
            return false;
        };
        strings += 1;
        // `end` is the index of an ASCII quote, so `end + 1` is a char boundary within `body`.
        rest = body.get(end + 1..).unwrap_or_default();
        let sep = if strings % 2 == 1 { ':' } else { ',' };
        // The separator is optional here (none after the last string).
        rest = rest.strip_prefix(sep).unwrap_or(rest);
    }
    rest.is_empty() && strings % 2 == 0
}

fn string_map_ok(v: Option<&Value>, field: &str) -> Result<(), PodError> {
    match v {
        None | Some(Value::Null) => Ok(()),
        Some(Value::Object(m)) => match m.iter().find(|(_, v)| !v.is_string()) {
            Some((k, _)) => Err(PodError::new(format!(
                "metadata.{field}[{k:?}]: must be a string"
            ))),
            None => Ok(()),
        },
        Some(_) => Err(PodError::new(format!(
            "metadata.{field}: must be an object of strings"
        ))),
    }
}

error_kind! {
    /// What kind of error the pod config area reports ([`PodConfigError`](super::PodConfigError),
    /// [`PodError`], [`SourceError`](super::types::SourceError)).
    pub enum PodConfigErrorKind {
        /// Input the merge or a source refuses.
        PodConfig = "podConfig",
        /// An update past the pod limits ([`PodConfigError::TooManyPods`](super::PodConfigError::TooManyPods)); nothing changed.
        Limit = "limit",
        /// A source's polling period that is not a Go duration (the kind a
        /// [`DurationError`](crate::duration::DurationError) has everywhere).
        InvalidDuration = "invalidDuration",
    }
}

/// Why a JSON value is not a pod the merge can hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PodError {
    message: String,
}

impl PodError {
    pub(crate) fn new(message: String) -> Self {
        PodError { message }
    }

    /// Always [`PodConfigErrorKind::PodConfig`].
    pub fn kind(&self) -> PodConfigErrorKind {
        PodConfigErrorKind::PodConfig
    }
}

impl fmt::Display for PodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PodError {}

/// Entries kept as text, decoded into a map.
fn to_map(fields: Vec<Field>) -> Map<String, Value> {
    fields
        .into_iter()
        .map(|f| {
            // Not a default: a field not decoded yet is decoded from its text.
            let value = f.value.into_inner().unwrap_or_else(|| parse(&f.text));
            (f.key.into_owned(), value)
        })
        .collect()
}

impl From<Pod> for Value {
    fn from(p: Pod) -> Value {
        // Not a default: a value shared with another pod is copied instead of moved.
        let meta = Arc::try_unwrap(p.metadata).unwrap_or_else(|shared| (*shared).clone());
        let fields = Arc::try_unwrap(p.fields).unwrap_or_else(|shared| (*shared).clone());
        let mut metadata = to_map(meta.fields);
        if let Some(annotations) = meta.annotations {
            let v = annotations.map_or(Value::Null, Value::Object);
            metadata.insert("annotations".into(), v);
        }
        let mut object = to_map(fields);
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

/// Entries of a decoded object as text (a `Map` is already in key order, one entry per key).
fn text_fields(object: Map<String, Value>) -> Vec<Field> {
    object
        .into_iter()
        .map(|(k, v)| Field::new(key_owned(k), v.to_string(), None))
        .collect()
}

impl Pod {
    /// Checks the shape the merge relies on. Upstream never sees such pods (the API server and
    /// the manifest decoders guarantee name and UID); we refuse them rather than store them
    /// under an empty UID.
    pub fn from_value(v: Value) -> Result<Pod, PodError> {
        let Value::Object(mut object) = v else {
            return not_an_object();
        };
        let metadata = match object.remove("metadata") {
            Some(Value::Object(m)) => Parsed::Object {
                fields: text_fields(m),
                metadata: None,
            },
            None | Some(Value::Null) => Parsed::Null,
            Some(_) => Parsed::Other,
        };
        Pod::from_parts(metadata, text_fields(object))
    }

    /// The checks of [`Pod::from_value`] on a pod taken apart: `fields` sorted by key, one each.
    fn from_parts(metadata: Parsed, fields: Vec<Field>) -> Result<Pod, PodError> {
        let mut meta = match metadata {
            Parsed::Object { fields, .. } => fields,
            Parsed::Null => return Err(PodError::new("pod has no metadata".into())),
            Parsed::Other => return Err(PodError::new("metadata: must be an object".into())),
        };
        struct_fields_ok(&fields)?;
        let text = |k: &str| find(&meta, k).map(|f| kind(&f.text));
        // `name` and `uid` must be non-empty strings.
        let required = |k: &str, missing: &dyn Fn() -> String| match text(k) {
            Some(Kind::Str(s)) if !s.is_empty() => Ok(s),
            Some(Kind::Other) => Err(PodError::new(format!("metadata.{k}: must be a string"))),
            _ => Err(PodError::new(missing())),
        };
        let name = required("name", &|| "pod has no metadata.name".into())?;
        let uid = required("uid", &|| format!("pod {name:?} has no metadata.uid"))?;
        let namespace = match text("namespace") {
            None | Some(Kind::Null) => Cow::Borrowed(""),
            Some(Kind::Str(s)) => s,
            Some(Kind::Other) => {
                return Err(PodError::new("metadata.namespace: must be a string".into()))
            }
        };
        let ids = format!("{name}_{namespace}({uid})");
        let (name_end, namespace_end) = (name.len(), name.len() + 1 + namespace.len());
        match find(&meta, "labels") {
            Some(f) if !plain_string_map(&f.text) => {
                string_map_ok(Some(&parse(&f.text)), "labels")?;
            }
            _ => {}
        }
        let annotations = take(&mut meta, "annotations").map(|f| parse(&f.text));
        string_map_ok(annotations.as_ref(), "annotations")?;
        let annotations = annotations.map(|v| match v {
            Value::Object(m) => Some(m),
            _ => None,
        });
        match find(&meta, "deletionGracePeriodSeconds") {
            None => {}
            Some(f) if f.is_null() || parse(&f.text).as_i64().is_some() => {}
            Some(_) => {
                return Err(PodError::new(
                    "metadata.deletionGracePeriodSeconds: must be an integer".into(),
                ))
            }
        }
        match find(&meta, "deletionTimestamp").map(|f| kind(&f.text)) {
            None | Some(Kind::Null) | Some(Kind::Str(_)) => {}
            Some(Kind::Other) => {
                return Err(PodError::new(
                    "metadata.deletionTimestamp: must be a string".into(),
                ))
            }
        }
        Ok(Pod {
            name_end,
            namespace_end,
            ids: ids.into(),
            metadata: Arc::new(Meta {
                fields: meta,
                annotations,
            }),
            fields: Arc::new(fields),
        })
    }

    pub fn as_value(&self) -> Value {
        Value::from(self.clone())
    }

    fn meta_mut(&mut self) -> &mut Meta {
        Arc::make_mut(&mut self.metadata)
    }

    // `ids` is `{name}_{namespace}({uid})`, built in one place with `name_end` and
    // `namespace_end` at its two separators (ASCII, so char boundaries): these slices always
    // exist and the empty strings below are unreachable.
    pub fn uid(&self) -> &str {
        let end = self.ids.len().saturating_sub(1);
        self.ids.get(self.namespace_end + 1..end).unwrap_or("")
    }
    pub fn name(&self) -> &str {
        self.ids.get(..self.name_end).unwrap_or("")
    }
    pub fn namespace(&self) -> &str {
        self.ids
            .get(self.name_end + 1..self.namespace_end)
            .unwrap_or("")
    }

    /// `kubecontainer.GetPodFullName`: `name_namespace`, the key of the duplicate filter.
    pub fn full_name(&self) -> String {
        self.full_name_str().to_string()
    }

    /// [`Pod::full_name`], borrowed.
    pub fn full_name_str(&self) -> &str {
        self.ids.get(..self.namespace_end).unwrap_or("")
    }

    /// `format.Pod`: `name_namespace(uid)`, how the kubelet names a pod in logs and events.
    pub fn describe(&self) -> String {
        self.ids.to_string()
    }

    /// A metadata entry other than `annotations`, unless absent or `null`.
    fn meta_field(&self, key: &str) -> Option<&Field> {
        find(&self.metadata.fields, key).filter(|f| !f.is_null())
    }

    pub fn labels(&self) -> Option<&Map<String, Value>> {
        self.meta_field("labels")
            .and_then(|f| f.value().as_object())
    }
    pub fn annotations(&self) -> Option<&Map<String, Value>> {
        self.metadata.annotations()
    }
    pub fn annotation(&self, key: &str) -> Option<&str> {
        self.metadata.annotation(key).and_then(Value::as_str)
    }
    pub fn deletion_timestamp(&self) -> Option<&str> {
        self.meta_field("deletionTimestamp")
            .and_then(|f| f.value().as_str())
    }
    pub fn deletion_grace_period_seconds(&self) -> Option<i64> {
        self.meta_field("deletionGracePeriodSeconds")
            .and_then(|f| f.value().as_i64())
    }
    pub fn spec(&self) -> Option<&Value> {
        self.field("spec").map(Field::value)
    }
    pub fn status(&self) -> Option<&Value> {
        self.field("status").map(Field::value)
    }

    fn field(&self, key: &str) -> Option<&Field> {
        find(&self.fields, key)
    }

    fn set_field(&mut self, field: Field) {
        put(Arc::make_mut(&mut self.fields), field);
    }

    fn remove_field(&mut self, key: &str) -> Option<Field> {
        find(&self.fields, key)?;
        take(Arc::make_mut(&mut self.fields), key)
    }

    /// Sets one annotation, creating the map if needed (`if pod.Annotations == nil { make }`).
    pub fn set_annotation(&mut self, key: &str, value: &str) {
        self.meta_mut()
            .annotations_mut()
            .insert(key.to_string(), Value::String(value.to_string()));
    }

    /// Replaces the annotation map.
    pub fn set_annotations(&mut self, annotations: Map<String, Value>) {
        self.meta_mut().annotations = Some(Some(annotations));
    }

    /// `updateAnnotations`: the annotations of `other` (which the caller drops next), plus the
    /// values this pod holds for the kubelet-local keys.
    pub fn take_annotations_from(&mut self, other: &mut Pod) {
        let theirs = other.meta_mut().annotations_mut();
        for local in LOCAL_ANNOTATIONS {
            if let Some(v) = self.metadata.annotation(local) {
                theirs.insert(local.to_string(), v.clone());
            }
        }
        let annotations = std::mem::take(theirs);
        self.set_annotations(annotations);
    }

    fn copy_meta_from(&mut self, other: &Pod, key: &str) {
        match other.meta_field(key) {
            Some(f) => put(&mut self.meta_mut().fields, f.clone()),
            None => {
                if find(&self.metadata.fields, key).is_some() {
                    take(&mut self.meta_mut().fields, key);
                }
            }
        }
    }

    fn copy_top_from(&mut self, other: &Pod, key: &str) {
        match other.field(key) {
            Some(f) => self.set_field(f.clone()),
            None => {
                self.remove_field(key);
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
        match other.remove_field(key) {
            Some(f) => self.set_field(f),
            None => {
                self.remove_field(key);
            }
        }
    }

    fn take_meta_from(&mut self, other: &mut Pod, key: &str) {
        let taken = match find(&other.metadata.fields, key) {
            Some(_) => take(&mut other.meta_mut().fields, key),
            None => None,
        };
        match taken.filter(|f| !f.is_null()) {
            Some(f) => put(&mut self.meta_mut().fields, f),
            None => {
                if find(&self.metadata.fields, key).is_some() {
                    take(&mut self.meta_mut().fields, key);
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
    // Both in key order, one entry per key: equal exactly when the same entries remain once
    // the local keys are left out.
    fn shared(m: Option<&Map<String, Value>>) -> impl Iterator<Item = (&String, &Value)> {
        m.into_iter()
            .flat_map(|m| m.iter())
            .filter(|(k, _)| !LOCAL_ANNOTATIONS.contains(&k.as_str()))
    }
    shared(existing).eq(shared(candidate))
}

/// The annotation keys (local keys excluded) whose presence or value differs.
fn changed_annotation_keys(
    a: Option<&Map<String, Value>>,
    b: Option<&Map<String, Value>>,
) -> Vec<String> {
    // Go's zero value: a pod without annotations compares as one with none.
    let empty = Map::new();
    let a = a.unwrap_or(&empty);
    let b = b.unwrap_or(&empty);
    let mut keys: BTreeSet<&String> = BTreeSet::new();
    keys.extend(a.keys().chain(b.keys()));
    keys.into_iter()
        .filter(|k| !LOCAL_ANNOTATIONS.contains(&k.as_str()) && a.get(*k) != b.get(*k))
        .cloned()
        .collect()
}

/// A metadata entry's text, `null` counted as absent: for the entries that hold strings, an
/// integer or a map of strings, equal text is exactly equal values (labels compare as maps
/// where nil differs from empty, `reflect.DeepEqual`).
fn meta_equal(a: &Pod, b: &Pod, key: &str) -> bool {
    a.meta_field(key).map(|f| &*f.text) == b.meta_field(key).map(|f| &*f.text)
}

/// What `podsDifferSemantically` looks at, listed field by field for the explanation.
/// Empty means "not different". Annotation changes are listed as `annotations[key]`.
pub fn semantic_differences(existing: &Pod, candidate: &Pod) -> Vec<String> {
    let mut out = Vec::new();
    if !field_equal(existing.field("spec"), candidate.field("spec")) {
        out.push("spec".to_string());
    }
    for key in ["labels", "deletionTimestamp", "deletionGracePeriodSeconds"] {
        if !meta_equal(existing, candidate, key) {
            out.push(key.to_string());
        }
    }
    let (a, b) = (existing.annotations(), candidate.annotations());
    if !annotations_equal(a, b) {
        let keys = changed_annotation_keys(a, b);
        out.extend(keys.into_iter().map(|k| format!("annotations[{k}]")));
    }
    out
}

/// [`struct_equal`] on two pods' top-level field: equal text is equal, only other text is
/// decoded.
fn field_equal(a: Option<&Field>, b: Option<&Field>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) if x.text == y.text => true,
        _ if different_hashes(a, b) => false,
        _ => {
            let a = a.map(Field::decoded);
            let b = b.map(Field::decoded);
            struct_equal(a.as_deref(), b.as_deref())
        }
    }
}

/// Whether the fields' hashes prove them different as top-level structs (absent, null, `""`
/// and an object of such values are all the same there).
fn different_hashes(a: Option<&Field>, b: Option<&Field>) -> bool {
    use crate::json::{EMPTY_OBJECT_HASH, ZERO_HASH};
    let top = |f: Option<&Field>| match f {
        None => Some(ZERO_HASH),
        Some(f) => f
            .hash
            .map(|h| if h == EMPTY_OBJECT_HASH { ZERO_HASH } else { h }),
    };
    matches!((top(a), top(b)), (Some(p), Some(q)) if p != q)
}

/// `podsDifferSemantically`.
pub fn pods_differ_semantically(existing: &Pod, candidate: &Pod) -> bool {
    !semantic_differences(existing, candidate).is_empty()
}

/// `reflect.DeepEqual(existing.Status, ref.Status)`.
pub fn status_equal(a: &Pod, b: &Pod) -> bool {
    field_equal(a.field("status"), b.field("status"))
}

#[cfg(test)]
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
        // `spec` and `status` are structs: Go's decoder refuses an array (or a scalar) there.
        for (pod, expected) in [
            (
                json!({"metadata": {"name": "n", "uid": "u"}, "spec": [{"containers": []}]}),
                "json: cannot unmarshal array into Go struct field Pod.spec of type v1.PodSpec",
            ),
            (
                json!({"metadata": {"name": "n", "uid": "u"}, "status": "Running"}),
                "json: cannot unmarshal string into Go struct field Pod.status of type v1.PodStatus",
            ),
        ] {
            assert_eq!(Pod::from_value(pod.clone()).unwrap_err().to_string(), expected);
            let text = pod.to_string();
            let mut d = serde_json::Deserializer::from_str(&text);
            let decoded = DecodePod {
                metadata_only: false,
            }
            .deserialize(&mut d)
            .unwrap();
            assert_eq!(decoded.unwrap_err().to_string(), expected);
        }
        let null_spec = json!({"metadata": {"name": "n", "uid": "u"}, "spec": null, "status": {}});
        assert!(Pod::from_value(null_spec).is_ok());
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

    /// A pod decoded the way the package decodes it (canonical text and hash).
    fn decoded(spec: Option<&str>) -> Pod {
        let text = match spec {
            Some(t) => format!(r#"{{"metadata":{{"name":"n","uid":"u"}},"spec":{t}}}"#),
            None => r#"{"metadata":{"name":"n","uid":"u"}}"#.to_string(),
        };
        let mut de = serde_json::Deserializer::from_str(&text);
        DecodePod {
            metadata_only: false,
        }
        .deserialize(&mut de)
        .unwrap()
        .unwrap()
    }

    #[test]
    fn hashes_never_part_values_the_loose_rules_call_equal() {
        // Objects and `null` only: any other `spec` is refused (`struct_fields_ok`).
        let specs = [
            None,
            Some("null"),
            Some("{}"),
            Some(r#"{"a":null}"#),
            Some(r#"{"a":""}"#),
            Some(r#"{"a":"","b":{"c":null}}"#),
            Some(r#"{"a":{}}"#),
            Some(r#"{"a":{"b":null}}"#),
            Some(r#"{"a":1}"#),
            Some(r#"{"a":1.0}"#),
            Some(r#"{"a":0}"#),
            Some(r#"{"a":-0.0}"#),
            Some(r#"{"a":9007199254740993}"#),
            Some(r#"{"a":9007199254740992.0}"#),
            Some(r#"{"a":[null]}"#),
            Some(r#"{"a":[""]}"#),
            Some(r#"{"a":[]}"#),
            Some(r#"{"a":true}"#),
            Some(r#"{"a":false}"#),
            Some(r#"{"b":"x","a":"y"}"#),
            Some(r#"{"a":"y","b":"x","c":null}"#),
            Some(r#"{"a":"y","b":"x","c":"z"}"#),
        ];
        for a in specs {
            for b in specs {
                let (p, q) = (decoded(a), decoded(b));
                let expected = struct_equal(p.spec(), q.spec());
                let (fp, fq) = (p.field("spec"), q.field("spec"));
                assert_eq!(field_equal(fp, fq), expected, "{a:?} vs {b:?}");
                if expected {
                    assert!(!different_hashes(fp, fq), "{a:?} vs {b:?}");
                }
            }
        }
        // The pair the hash exists for: a changed image is told apart without decoding.
        let (p, q) = (
            decoded(Some(r#"{"containers":[{"image":"a"}]}"#)),
            decoded(Some(r#"{"containers":[{"image":"b"}]}"#)),
        );
        assert!(different_hashes(p.field("spec"), q.field("spec")));
    }

    #[test]
    fn serde_round_trips_through_any_serializer_and_deserializer() {
        let v = json!({"spec": {"b": [1, 2.5, null], "a": ""}, "metadata": {"name": "n", "uid": "u"}, "kind": "Pod"});
        let from_value: Pod = serde_json::from_value(v.clone()).unwrap();
        let from_text: Pod = serde_json::from_str(&v.to_string()).unwrap();
        assert_eq!(from_value, from_text);
        assert_eq!(from_text, pod(v.clone()));
        assert_eq!(serde_json::to_value(&from_text).unwrap(), v);
        assert_eq!(from_text.as_value(), v);
        assert_eq!(
            crate::json::to_string(&from_text).unwrap(),
            serde_json::to_string(&v).unwrap()
        );
        assert_eq!(from_text.spec(), v.get("spec"));
        let err = serde_json::from_str::<Pod>("[1]").unwrap_err().to_string();
        assert!(err.starts_with("pod must be a JSON object"), "{err}");
    }

    /// The package's decoder and `from_value` agree on every pod, good or bad: the same pod,
    /// written back as serde_json writes the value, or the same error.
    #[test]
    fn decoding_text_and_values_agree_on_metadata() {
        let cases = [
            json!({"metadata": {"name": "n", "uid": "u", "labels": {"b": "2", "a": "1"}}}),
            json!({"metadata": {"name": "n\"q", "uid": "u\\", "namespace": "ns", "labels": {"k\"": "v\n"}}}),
            json!({"metadata": {"name": "n", "uid": "u", "annotations": null, "labels": null}}),
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {}, "labels": {}}}),
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {"z": "1", "a": ""}, "zz": [1, {"b": 2, "a": 1}], "creationTimestamp": null, "deletionGracePeriodSeconds": 30, "deletionTimestamp": "2024-05-01T10:00:00Z"}, "spec": {}}),
            json!({"metadata": {"name": "n", "uid": "u", "labels": {"a": "x", "b": 1}}}),
            json!({"metadata": {"name": "n", "uid": "u", "labels": ["a"]}}),
            json!({"metadata": {"name": "n", "uid": "u", "labels": "a"}}),
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {"a": {"b": "c"}}}}),
            json!({"metadata": {"name": "n", "uid": "u", "annotations": 1}}),
            json!({"metadata": {"name": "n", "uid": "u", "deletionGracePeriodSeconds": 1.5}}),
            json!({"metadata": {"name": "n", "uid": "u", "deletionTimestamp": 1}}),
            json!({"metadata": {"name": "n", "uid": "u", "namespace": 1}}),
            json!({"metadata": {"name": "", "uid": "u"}}),
            json!({"metadata": {"name": 1, "uid": "u"}}),
            json!({"metadata": {"name": "n", "uid": null}}),
            json!({"metadata": {"name": "n", "uid": 2}}),
            json!({"metadata": []}),
            json!({"metadata": null}),
            json!({"spec": {}}),
        ];
        for v in cases {
            let text = v.to_string();
            let mut de = serde_json::Deserializer::from_str(&text);
            let decoded = DecodePod {
                metadata_only: false,
            }
            .deserialize(&mut de)
            .unwrap();
            let from_value = Pod::from_value(v.clone());
            assert_eq!(decoded, from_value, "{text}");
            if let Ok(pod) = decoded {
                assert_eq!(crate::json::to_string(&pod).unwrap(), text);
                assert_eq!(pod.as_value(), v);
                let meta = &v["metadata"];
                assert_eq!(pod.labels(), meta["labels"].as_object(), "{text}");
                assert_eq!(pod.annotations(), meta["annotations"].as_object());
                assert_eq!(pod.deletion_timestamp(), meta["deletionTimestamp"].as_str());
                let grace = meta["deletionGracePeriodSeconds"].as_i64();
                assert_eq!(pod.deletion_grace_period_seconds(), grace);
                let name = meta["name"].as_str().unwrap();
                assert_eq!(pod.name(), name);
                assert_eq!(pod.uid(), meta["uid"].as_str().unwrap());
            }
        }
    }

    #[test]
    fn annotations_set_and_taken_keep_their_place_and_the_local_values() {
        let mut stored = pod(
            json!({"metadata": {"name": "n", "uid": "u", "annotations": null, "resourceVersion": "1"}}),
        );
        stored.set_annotation("kubernetes.io/config.seen", "t0");
        stored.set_annotation("kubernetes.io/config.source", "file");
        assert_eq!(
            crate::json::to_string(&stored).unwrap(),
            r#"{"metadata":{"annotations":{"kubernetes.io/config.seen":"t0","kubernetes.io/config.source":"file"},"name":"n","resourceVersion":"1","uid":"u"}}"#
        );
        let mut candidate = pod(
            json!({"metadata": {"name": "n", "uid": "u", "annotations": {"x": "1", "kubernetes.io/config.source": "http"}}}),
        );
        assert_eq!(
            semantic_differences(&stored, &candidate),
            vec!["annotations[x]"]
        );
        stored.take_annotations_from(&mut candidate);
        assert_eq!(
            stored.as_value()["metadata"]["annotations"],
            json!({"x": "1", "kubernetes.io/config.source": "file", "kubernetes.io/config.seen": "t0"})
        );
        assert_eq!(stored.annotation("x"), Some("1"));
    }

    #[test]
    fn repeated_keys_keep_the_last_value_however_many_keys() {
        for n in [3usize, 40] {
            let mut text = String::from(r#"{"metadata":{"name":"n","uid":"u","name":"m"}"#);
            for i in (0..n).rev() {
                text.push_str(&format!(r#","k{i}":{i},"k{i}":"last{i}""#));
            }
            text.push('}');
            let pod: Pod = serde_json::from_str(&text).unwrap();
            let v: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(pod.name(), "m");
            assert_eq!(crate::json::to_string(&pod).unwrap(), v.to_string());
        }
    }
}
