//! Static pod manifests: decoding, defaulting and checking, as the file and http sources do it
//! (`tryDecodeSinglePod`, `tryDecodePodList`, `applyDefaults`, `generatePodName` in
//! `pkg/kubelet/config/common.go`, v1.30–v1.33).
//!
//! What a static pod becomes matters for the merge: its name gets the node-name suffix (so the
//! mirror pod is unique in the cluster), a missing namespace becomes `default`, it is bound to the
//! node, carries `kubernetes.io/config.hash`, tolerates every NoExecute taint (file pods only)
//! and starts `Pending`. Its UID, when absent, is a hash of the pod and where it came from.
//!
//! Approximations, each because the exact upstream input is Go-internal:
//! * the UID hash is MD5 over the pod's JSON (upstream hashes a `spew` dump of the internal Go
//!   struct, which cannot be reproduced), followed by `host:<node>file:<path>` or `url:<url>`
//!   exactly as upstream; same inputs give the same UID, but not upstream's digits;
//! * scheme defaulting covers the fields a pod manifest usually omits (restart and DNS policy,
//!   grace period, scheduler, pull policy, termination message), not every defaulter;
//! * validation covers the checks that reject typical broken manifests (name, namespace,
//!   containers, container name and image), with Kubernetes' field-error texts.

use std::fmt;

use serde_json::{json, Map, Value};

use super::md5;
use super::pod::Pod;
use super::types::{PodConfigErrorKind, CONFIG_HASH_ANNOTATION_KEY};

/// Why a manifest was not turned into pods. `parsed` follows upstream: `false` when the data
/// was not a pod (or list) at all, `true` when it was but defaulting or validation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    pub parsed: bool,
    pub message: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ManifestError {}

impl ManifestError {
    /// Always [`PodConfigErrorKind::PodConfig`].
    pub fn kind(&self) -> PodConfigErrorKind {
        PodConfigErrorKind::PodConfig
    }
}

fn not_parsed(message: impl Into<String>) -> ManifestError {
    ManifestError {
        parsed: false,
        message: message.into(),
    }
}

fn parsed_err(message: impl Into<String>) -> ManifestError {
    ManifestError {
        parsed: true,
        message: message.into(),
    }
}

/// Where a manifest came from: decides the UID hash input and the NoExecute toleration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin<'a> {
    /// A file at this path (`isFile = true`).
    File(&'a str),
    /// A manifest URL (`isFile = false`).
    Url(&'a str),
}

/// YAML or JSON text into one JSON value: the first document, like `yaml.ToJSON` (an empty
/// text is `null`).
pub fn to_json(text: &str) -> Result<Value, ManifestError> {
    Ok(to_document(text)?.value)
}

/// [`to_json`], keeping where each key was written (the decoder's first error is the first
/// in the document).
fn to_document(text: &str) -> Result<crate::yaml::Document, ManifestError> {
    crate::yaml::parse(text).map_err(|e| not_parsed(e.to_string()))
}

/// A manifest's JSON text, as Go's `json.Marshal` writes it for the UID hash and the decoder's
/// messages. serde_json writes a `Value` (string keys, finite numbers) without error; should it
/// fail, the manifest is refused rather than hashed or quoted as empty text.
fn json_text(v: &Value) -> Result<String, ManifestError> {
    serde_json::to_string(v)
        .map_err(|e| parsed_err(format!("invalid pod: cannot write it as JSON: {e}")))
}

/// The universal decoder's first step: find `kind` and `apiVersion`.
fn kind_of(doc: &crate::yaml::Document) -> Result<String, ManifestError> {
    let v = &doc.value;
    let position = |key: &str| doc.position(&format!("/{key}")).map(|p| (p.line, p.column));
    let m = crate::go::interpret(v, position).map_err(|(_, e)| not_parsed(e))?;
    // Go's zero value: `interpret` let through only strings, and null or absent keys, which
    // read as "" and are refused.
    let kind = m.get("kind").and_then(Value::as_str).unwrap_or("");
    if kind.is_empty() {
        let text = json_text(v)?;
        return Err(not_parsed(format!("Object 'Kind' is missing in '{text}'")));
    }
    let version = m.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    if version.is_empty() {
        let text = json_text(v)?;
        return Err(not_parsed(format!(
            "Object 'apiVersion' is missing in '{text}'"
        )));
    }
    if version != "v1" {
        return Err(not_parsed(format!(
            "no kind {kind:?} is registered for version {version:?} in scheme \"pkg/api/legacyscheme/scheme.go:30\""
        )));
    }
    Ok(kind.to_string())
}

/// `generatePodName`: `<name>-<lower-cased node name>`.
pub fn generate_pod_name(name: &str, node_name: &str) -> String {
    format!("{name}-{}", node_name.to_lowercase())
}

/// Removes `key` as an object (anything else becomes an empty object); put it back after.
fn take_obj(m: &mut Map<String, Value>, key: &str) -> Map<String, Value> {
    match m.remove(key) {
        Some(Value::Object(o)) => o,
        _ => Map::new(),
    }
}

fn set_default(m: &mut Map<String, Value>, key: &str, value: Value) {
    let absent = match m.get(key) {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        _ => false,
    };
    if absent {
        m.insert(key.to_string(), value);
    }
}

/// The image has no tag (or `:latest`) and no digest: `Always`, else `IfNotPresent`.
fn default_pull_policy(image: &str) -> &'static str {
    if image.contains('@') {
        return "IfNotPresent";
    }
    // `rsplit` yields at least one piece: the fallback is unreachable.
    let last = image.rsplit('/').next().unwrap_or(image);
    match last.rsplit_once(':') {
        Some((_, "latest")) | None => "Always",
        Some(_) => "IfNotPresent",
    }
}

/// The scheme defaults the decoder applies to a v1 Pod (the subset listed in the module doc).
fn scheme_defaults(pod: &mut Map<String, Value>) {
    let mut spec = take_obj(pod, "spec");
    let spec_ref = &mut spec;
    set_default(spec_ref, "restartPolicy", json!("Always"));
    set_default(spec_ref, "dnsPolicy", json!("ClusterFirst"));
    set_default(spec_ref, "terminationGracePeriodSeconds", json!(30));
    set_default(spec_ref, "schedulerName", json!("default-scheduler"));
    set_default(spec_ref, "securityContext", json!({}));
    set_default(spec_ref, "enableServiceLinks", json!(true));
    for list in ["initContainers", "containers"] {
        if let Some(Value::Array(ctrs)) = spec_ref.get_mut(list) {
            for c in ctrs.iter_mut().filter_map(Value::as_object_mut) {
                // Go's zero value: a container without an image has the image "".
                let image = c
                    .get("image")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                set_default(c, "imagePullPolicy", json!(default_pull_policy(&image)));
                set_default(c, "terminationMessagePath", json!("/dev/termination-log"));
                set_default(c, "terminationMessagePolicy", json!("File"));
            }
        }
    }
    pod.insert("spec".into(), Value::Object(spec));
}

/// `helper.AddOrUpdateTolerationInPod` with `{operator: Exists, effect: NoExecute}`.
fn add_or_update_toleration(spec: &mut Map<String, Value>) {
    let wanted = json!({"operator": "Exists", "effect": "NoExecute"});
    // Go's zero value: a missing field of a toleration reads as "".
    let field = |t: &Value, k: &str| t.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let matches = |t: &Value| {
        field(t, "key").is_empty()
            && field(t, "value").is_empty()
            && field(t, "operator") == "Exists"
            && field(t, "effect") == "NoExecute"
    };
    let mut list = match spec.remove("tolerations") {
        Some(Value::Array(l)) => l,
        _ => Vec::new(),
    };
    let mut updated = false;
    for t in list.iter_mut() {
        if matches(t) {
            *t = wanted.clone();
            updated = true;
        }
    }
    if !updated {
        list.push(wanted);
    }
    spec.insert("tolerations".into(), Value::Array(list));
}

/// `applyDefaults(pod, source, isFile, nodeName)`. Fails only if the pod cannot be written as
/// JSON for its UID hash (serde_json writes a `Value` without error).
pub fn apply_defaults(
    pod: &mut Map<String, Value>,
    origin: &Origin<'_>,
    node_name: &str,
) -> Result<(), ManifestError> {
    let has_uid = pod
        .get("metadata")
        .and_then(|m| m.get("uid"))
        .and_then(Value::as_str)
        .is_some_and(|u| !u.is_empty());
    if !has_uid {
        // The UID hashes this text: never an empty one, which would give every such pod one UID.
        let mut data = json_text(&Value::Object(pod.clone()))?;
        match origin {
            Origin::File(path) => data.push_str(&format!("host:{node_name}file:{path}")),
            Origin::Url(url) => data.push_str(&format!("url:{url}")),
        }
        let uid = md5::hex_digest(data.as_bytes());
        let mut meta = take_obj(pod, "metadata");
        meta.insert("uid".into(), json!(uid));
        pod.insert("metadata".into(), Value::Object(meta));
    }
    let mut meta = take_obj(pod, "metadata");
    // Go's zero value: a pod without a name has the name "" (validation refuses it later).
    let name = meta
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    meta.insert("name".into(), json!(generate_pod_name(&name, node_name)));
    set_default(&mut meta, "namespace", json!("default"));
    // Set above whenever it was missing or not a non-empty string: the "" is unreachable.
    let uid = meta
        .get("uid")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mut annotations = take_obj(&mut meta, "annotations");
    annotations.insert(CONFIG_HASH_ANNOTATION_KEY.into(), json!(uid));
    meta.insert("annotations".into(), Value::Object(annotations));
    pod.insert("metadata".into(), Value::Object(meta));
    let mut spec = take_obj(pod, "spec");
    spec.insert("nodeName".into(), json!(node_name));
    if matches!(origin, Origin::File(_)) {
        add_or_update_toleration(&mut spec);
    }
    pod.insert("spec".into(), Value::Object(spec));
    let mut status = take_obj(pod, "status");
    status.insert("phase".into(), json!("Pending"));
    pod.insert("status".into(), Value::Object(status));
    Ok(())
}

const DNS1123_SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1123_LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

fn is_dns1123_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 63
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
        && b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
}

fn is_dns1123_subdomain(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_dns1123_label)
}

/// A subset of `validation.ValidatePodCreate`, printed as upstream prints an `ErrorList`.
pub fn validate(pod: &Map<String, Value>) -> Result<(), ManifestError> {
    let mut errs: Vec<String> = Vec::new();
    let meta = pod.get("metadata").and_then(Value::as_object);
    // Go's zero values: a missing field reads as "", which the checks below refuse.
    let get = |k: &str| {
        meta.and_then(|m| m.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let name = get("name");
    if name.is_empty() {
        errs.push("metadata.name: Required value: name or generateName is required".into());
    } else if !is_dns1123_subdomain(name) {
        errs.push(format!(
            "metadata.name: Invalid value: {name:?}: {DNS1123_SUBDOMAIN_MSG}"
        ));
    }
    let ns = get("namespace");
    if !is_dns1123_label(ns) {
        errs.push(format!(
            "metadata.namespace: Invalid value: {ns:?}: {DNS1123_LABEL_MSG}"
        ));
    }
    let containers = pod
        .get("spec")
        .and_then(|s| s.get("containers"))
        .and_then(Value::as_array);
    match containers {
        None => errs.push("spec.containers: Required value".into()),
        Some(list) if list.is_empty() => errs.push("spec.containers: Required value".into()),
        Some(list) => {
            for (i, c) in list.iter().enumerate() {
                // Go's zero value "" for a missing field, refused below as Required.
                let f = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or("");
                if f("name").is_empty() {
                    errs.push(format!("spec.containers[{i}].name: Required value"));
                }
                if f("image").is_empty() {
                    errs.push(format!("spec.containers[{i}].image: Required value"));
                }
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(parsed_err(format!("invalid pod: [{}]", errs.join(" "))))
    }
}

fn finish(
    mut pod: Map<String, Value>,
    origin: &Origin<'_>,
    node_name: &str,
) -> Result<Pod, ManifestError> {
    scheme_defaults(&mut pod);
    apply_defaults(&mut pod, origin, node_name)?;
    validate(&pod)?;
    Pod::from_value(Value::Object(pod)).map_err(|e| parsed_err(format!("invalid pod: {e}")))
}

/// `tryDecodeSinglePod`.
pub fn decode_single_pod(
    text: &str,
    origin: &Origin<'_>,
    node_name: &str,
) -> Result<Pod, ManifestError> {
    let doc = to_document(text)?;
    let kind = kind_of(&doc)?;
    let v = doc.value;
    if kind != "Pod" {
        return Err(not_parsed(format!(
            "invalid pod: kind {kind:?} is not a Pod"
        )));
    }
    let Value::Object(pod) = v else {
        return Err(not_parsed("invalid pod: not an object"));
    };
    finish(pod, origin, node_name)
}

/// `tryDecodePodList`: every item defaulted and checked; the first failure wins.
pub fn decode_pod_list(
    text: &str,
    origin: &Origin<'_>,
    node_name: &str,
) -> Result<Vec<Pod>, ManifestError> {
    let doc = to_document(text)?;
    let kind = kind_of(&doc)?;
    let v = doc.value;
    if kind != "PodList" {
        return Err(not_parsed(format!(
            "invalid pods list: kind {kind:?} is not a PodList"
        )));
    }
    let items = match v.get("items") {
        Some(Value::Array(items)) => items.clone(),
        None | Some(Value::Null) => Vec::new(),
        Some(_) => return Err(not_parsed("invalid pods list: items must be a list")),
    };
    items
        .into_iter()
        .map(|item| match item {
            Value::Object(pod) => finish(pod, origin, node_name),
            other => Err(parsed_err(format!(
                "invalid pod: a list item is a {}, not a pod",
                crate::go::json_type(&other)
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NGINX: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n";

    #[test]
    fn static_pod_defaults() {
        let pod = decode_single_pod(
            NGINX,
            &Origin::File("/etc/kubernetes/manifests/web.yaml"),
            "Node-1",
        )
        .unwrap();
        assert_eq!(pod.name(), "web-node-1");
        assert_eq!(pod.namespace(), "default");
        assert_eq!(pod.uid().len(), 32);
        assert_eq!(pod.annotation("kubernetes.io/config.hash"), Some(pod.uid()));
        let v = pod.as_value();
        assert_eq!(v["spec"]["nodeName"], "Node-1");
        assert_eq!(
            v["spec"]["tolerations"],
            json!([{"operator": "Exists", "effect": "NoExecute"}])
        );
        assert_eq!(v["status"]["phase"], "Pending");
        assert_eq!(
            v["spec"]["containers"][0]["imagePullPolicy"],
            "IfNotPresent"
        );
        // Same input, same UID; another path, another UID.
        let again = decode_single_pod(
            NGINX,
            &Origin::File("/etc/kubernetes/manifests/web.yaml"),
            "Node-1",
        )
        .unwrap();
        assert_eq!(again.uid(), pod.uid());
        let other = decode_single_pod(NGINX, &Origin::File("/m/other.yaml"), "Node-1").unwrap();
        assert_ne!(other.uid(), pod.uid());
        let url = decode_single_pod(NGINX, &Origin::Url("http://x/m"), "Node-1").unwrap();
        assert!(url.as_value()["spec"].get("tolerations").is_none());
    }

    #[test]
    fn decode_errors() {
        let e = decode_single_pod("metadata: {name: a}", &Origin::Url("u"), "n").unwrap_err();
        assert!(!e.parsed);
        assert_eq!(
            e.message,
            "Object 'Kind' is missing in '{\"metadata\":{\"name\":\"a\"}}'"
        );
        // A kind that is no string fails `Interpret`'s unmarshal; of two misfits, the first
        // written is named (Go's decoder keeps its first error).
        for (text, field, ty) in [
            ("apiVersion: v1\nkind: 7\n", "kind", "number"),
            ("kind: [Pod]\napiVersion: {v: 1}\n", "kind", "array"),
            ("apiVersion: true\nkind: [Pod]\n", "apiVersion", "bool"),
        ] {
            let e = decode_single_pod(text, &Origin::Url("u"), "n").unwrap_err();
            assert!(!e.parsed);
            assert_eq!(
                e.message,
                format!("couldn't get version/kind; json parse error: json: cannot unmarshal {ty} into Go struct field .{field} of type string")
            );
        }
        let e = decode_single_pod("kind: Pod\nmetadata: {name: a}", &Origin::Url("u"), "n")
            .unwrap_err();
        assert_eq!(
            e.message,
            "Object 'apiVersion' is missing in '{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"}}'"
        );
        let e = decode_single_pod(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: a}",
            &Origin::Url("u"),
            "n",
        )
        .unwrap_err();
        assert!(e.parsed);
        assert_eq!(e.message, "invalid pod: [spec.containers: Required value]");
        let e = decode_single_pod(
            "apiVersion: v1\nkind: Pod\nmetadata: {name: A}\nspec: {containers: [{name: c}]}",
            &Origin::Url("u"),
            "n",
        )
        .unwrap_err();
        assert!(e.message.starts_with(
            "invalid pod: [metadata.name: Invalid value: \"A-n\": a lowercase RFC 1123 subdomain"
        ));
        assert!(e
            .message
            .ends_with(" spec.containers[0].image: Required value]"));
    }
}
