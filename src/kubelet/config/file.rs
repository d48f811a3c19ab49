//! Reading one KubeletConfiguration document: the `--config` file, a drop-in, a checkpoint.
//!
//! Upstream: `pkg/kubelet/kubeletconfig/configfiles/configfiles.go` (`Load`, `LoadIntoJSON`,
//! relative path resolution), `pkg/kubelet/kubeletconfig/util/codec/codec.go` (strict decoding,
//! then lenient decoding of v1beta1 with a logged warning) and the apimachinery JSON/YAML
//! serializer (apiVersion/kind checks). The YAML is read by `crate::yaml`, which keeps line
//! numbers so that every problem can also be located in the file (upstream texts mostly lack
//! them; we carry the location beside the text, see [`super::KubeletConfigError`]).

use serde_json::Value;

use super::types::{go_type_of, KubeletConfiguration, API_VERSION, KIND};
use super::KubeletConfigError;
use crate::yaml::{self, Document};

/// Where the kubelet's scheme is registered, as it appears in "no kind is registered" errors.
const SCHEME_LOCATION: &str = "pkg/kubelet/apis/config/scheme/scheme.go:30";
/// Longest file excerpt echoed in a "missing Kind/apiVersion" error (upstream echoes it all).
const MAX_ECHO: usize = 4096;

/// A decoded document: its JSON as written, its positions, and any strict-decoding findings.
#[derive(Debug)]
pub struct Decoded {
    pub value: Value,
    pub doc: Document,
    /// Strict-decoding failures that lenient decoding accepted (unknown / duplicate fields),
    /// with their position.
    pub strict_errors: Vec<(String, Option<usize>)>,
}

fn echo(data: &str) -> String {
    if data.len() <= MAX_ECHO {
        return data.to_string();
    }
    let mut end = MAX_ECHO;
    while !data.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &data[..end])
}

/// The JSON kind name Go prints in `cannot unmarshal X into ...`.
fn json_kind(v: &Value) -> String {
    match v {
        Value::Number(n) => format!("number {n}"),
        other => crate::go::json_type(other).into(),
    }
}

/// Go's internal field name for a v1beta1 JSON name (the internal type has no JSON tags).
pub fn go_field_name(json: &str) -> String {
    let mut c = json.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// An object of one member (inserted: `collect()` would sort it with one more copy of std's sort).
fn one_member(key: String, value: Value) -> Value {
    let mut map = serde_json::Map::new();
    map.insert(key, value);
    Value::Object(map)
}

/// Finds the first top-level field whose value does not fit the typed configuration and words
/// it as Go's JSON decoder does. `struct_prefix` is `KubeletConfiguration.` plus the field
/// spelling (`port` for v1beta1 decoding, `Port` for the internal type).
pub fn type_error(value: &Value, internal: bool) -> Option<(String, String)> {
    let obj = value.as_object()?;
    for (k, v) in obj {
        let single = one_member(k.clone(), v.clone());
        if let Err(e) = serde_json::from_value::<KubeletConfiguration>(single) {
            let text = e.to_string();
            let field = if internal {
                go_field_name(k)
            } else {
                k.clone()
            };
            if let Some(dur) = text.find("time: ") {
                // `split` yields at least one piece: the "" is unreachable.
                let msg = text[dur..]
                    .split(" at line")
                    .next()
                    .unwrap_or("")
                    .to_string();
                return Some((k.clone(), msg));
            }
            if let Some(msg) = nested_struct_error(k, v, &text, internal) {
                return Some((k.clone(), msg));
            }
            let kind = if v.is_number() && text.contains("invalid value") {
                json_kind(v)
            } else if let Value::Object(_) | Value::Array(_) = v {
                // The mismatch may be nested; name the nearest offending value's kind.
                nested_kind(&text).unwrap_or_else(|| json_kind(v))
            } else {
                json_kind(v)
            };
            return Some((
                k.clone(),
                format!(
                    "json: cannot unmarshal {kind} into Go struct field KubeletConfiguration.{field} of type {}",
                    go_type_of(k)
                ),
            ));
        }
    }
    None
}

/// The refusal of an array where a struct is expected, in Go's words when the struct is
/// nested: Go names the innermost struct that holds the field, the field's path from the top
/// (list indexes left out) and the struct type the array stands in for, e.g.
/// `Go struct field KubeletAuthentication.authentication.x509 of type
/// v1beta1.KubeletX509Authentication`. The serde error does not say where, so the offending
/// value is found by decoding the field again with all but one member at each level left out.
fn nested_struct_error(
    key: &str,
    value: &Value,
    serde_text: &str,
    internal: bool,
) -> Option<String> {
    const SEQ: &str = "invalid type: sequence, expected struct ";
    let struct_of = |text: &str| -> Option<String> {
        let rest = text.strip_prefix(SEQ)?;
        Some(rest.split([' ', ',']).next()?.to_string())
    };
    let target = struct_of(serde_text)?;
    let refuses = |doc: &Value| match serde_json::from_value::<KubeletConfiguration>(doc.clone()) {
        Err(e) => struct_of(&e.to_string()).is_some(),
        Ok(_) => false,
    };
    let name = |json: &str| {
        if internal {
            go_field_name(json)
        } else {
            json.to_string()
        }
    };
    let mut doc = one_member(key.to_string(), value.clone());
    let mut ptr = format!("/{}", key.replace('~', "~0").replace('/', "~1"));
    let mut container = "KubeletConfiguration".to_string();
    let mut fields = vec![name(key)];
    // One step per level; the depth of a decoded document is bounded, this is a backstop.
    for _ in 0..64 {
        let current = doc.pointer(&ptr)?.clone();
        match &current {
            Value::Object(members) => {
                let mut step = None;
                for (member, inner) in members {
                    let mut trial = doc.clone();
                    *trial.pointer_mut(&ptr)? = one_member(member.clone(), inner.clone());
                    if refuses(&trial) {
                        step = Some((member.clone(), trial));
                        break;
                    }
                }
                let Some((member, trial)) = step else { break };
                // A struct pushes its field on Go's path; a map's key does not.
                let mut as_array = doc.clone();
                *as_array.pointer_mut(&ptr)? = Value::Array(Vec::new());
                if let Err(e) = serde_json::from_value::<KubeletConfiguration>(as_array) {
                    if let Some(holder) = struct_of(&e.to_string()) {
                        container = holder;
                        fields.push(name(&member));
                    }
                }
                ptr = format!("{ptr}/{}", member.replace('~', "~0").replace('/', "~1"));
                doc = trial;
            }
            Value::Array(items) => {
                let mut empty = doc.clone();
                *empty.pointer_mut(&ptr)? = Value::Array(Vec::new());
                if refuses(&empty) {
                    // The array itself stands where the struct is expected.
                    break;
                }
                let mut found = None;
                for item in items {
                    let mut trial = doc.clone();
                    *trial.pointer_mut(&ptr)? = Value::Array(vec![item.clone()]);
                    if refuses(&trial) {
                        found = Some(trial);
                        ptr = format!("{ptr}/0");
                        break;
                    }
                }
                let Some(trial) = found else { break };
                doc = trial;
            }
            _ => break,
        }
    }
    let package = match key {
        "logging" | "tracing" | "registerWithTaints" => "v1",
        _ => "v1beta1",
    };
    Some(format!(
        "json: cannot unmarshal array into Go struct field {container}.{} of type {package}.{target}",
        fields.join(".")
    ))
}

fn nested_kind(serde_text: &str) -> Option<String> {
    let rest = serde_text.strip_prefix("invalid type: ")?;
    let word = rest.split([',', ' ']).next()?;
    Some(match word {
        "string" => "string".into(),
        "boolean" => "bool".into(),
        "integer" | "floating" => "number".into(),
        "sequence" => "array".into(),
        "map" => "object".into(),
        "null" => "null".into(),
        _ => return None,
    })
}

/// Unknown field paths of `input` against what the typed configuration keeps of it.
pub fn unknown_fields(input: &Value) -> Vec<String> {
    let Ok(typed) = serde_json::from_value::<KubeletConfiguration>(input.clone()) else {
        return Vec::new();
    };
    let kept = typed.to_value();
    let mut out = Vec::new();
    compare(input, &kept, "", &mut out);
    out
}

fn compare(input: &Value, kept: &Value, prefix: &str, out: &mut Vec<String>) {
    match (input, kept) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                if v.is_null() {
                    continue;
                }
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                match b.get(k) {
                    None => out.push(path),
                    Some(kv) => {
                        let is_map = super::types::is_map_field(&path)
                            || path.ends_with(".limits")
                            || path == "logging"
                            || prefix.starts_with("logging");
                        if !is_map {
                            compare(v, kv, &path, out);
                        }
                    }
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                compare(x, y, &format!("{prefix}[{i}]"), out);
            }
        }
        _ => {}
    }
}

fn pointer_of(path: &str) -> String {
    let mut p = String::new();
    for seg in path.split('.') {
        if let Some((name, idx)) = seg.split_once('[') {
            p.push('/');
            p.push_str(&yaml::pointer_segment(name));
            p.push('/');
            p.push_str(idx.trim_end_matches(']'));
        } else {
            p.push('/');
            p.push_str(&yaml::pointer_segment(seg));
        }
    }
    p
}

/// Decodes a KubeletConfiguration document as the newest release's kubelet does.
pub fn decode(file: &str, data: &str) -> Result<Decoded, KubeletConfigError> {
    decode_at(file, data, crate::releases::NEWEST)
}

/// Decodes a KubeletConfiguration document as release `release`'s kubelet does: YAML/JSON,
/// apiVersion and kind required, strict findings collected. A field that release did not know
/// fails its strict decoding and is dropped by the lenient decoding that follows, so it is
/// reported among [`Decoded::strict_errors`] and removed from [`Decoded::value`]. `file` names
/// the file in errors.
pub fn decode_at(
    file: &str,
    data: &str,
    release: crate::releases::Release,
) -> Result<Decoded, KubeletConfigError> {
    let doc = yaml::parse(data).map_err(|e| {
        KubeletConfigError::at(
            format!("failed to decode: error converting YAML to JSON: {e}"),
            file,
            Some(e.pos().line),
        )
        .with_cause(e)
    })?;
    let value = doc.value.clone();
    let position = |key: &str| doc.position(&format!("/{key}"));
    let obj = crate::go::interpret(&value, |k| position(k).map(|p| (p.line, p.column))).map_err(
        |(key, message)| {
            KubeletConfigError::at(
                format!("failed to decode: {message}"),
                file,
                // A document that is no map fails on its first line.
                key.map_or(Some(1), |k| position(k).map(|p| p.line)),
            )
        },
    )?;
    // Go's zero values: a missing or null `kind` or `apiVersion` (`interpret` refused any
    // other non-string) reads as "" and is refused below.
    let kind = obj.get("kind").and_then(Value::as_str).unwrap_or("");
    let api_version = obj.get("apiVersion").and_then(Value::as_str).unwrap_or("");
    if kind.is_empty() {
        return Err(KubeletConfigError::at(
            format!(
                "failed to decode: Object 'Kind' is missing in '{}'",
                echo(data)
            ),
            file,
            None,
        ));
    }
    if api_version.is_empty() {
        return Err(KubeletConfigError::at(
            format!(
                "failed to decode: Object 'apiVersion' is missing in '{}'",
                echo(data)
            ),
            file,
            None,
        ));
    }
    if api_version != API_VERSION || kind != KIND {
        let line = doc.position("/apiVersion").map(|p| p.line);
        return Err(KubeletConfigError::at(
            format!(
                "failed to decode: no kind {} is registered for version {} in scheme {}",
                crate::go::quote(kind),
                crate::go::quote(api_version),
                crate::go::quote(SCHEME_LOCATION)
            ),
            file,
            line,
        ));
    }
    if let Some((field, msg)) = type_error(&value, false) {
        let line = doc
            .position(&format!("/{}", yaml::pointer_segment(&field)))
            .map(|p| p.line);
        return Err(KubeletConfigError::at(
            format!("failed to decode: {msg}"),
            file,
            line,
        ));
    }
    let mut strict_errors = Vec::new();
    for (ptr, pos) in doc.duplicate_keys() {
        // `rsplit` yields at least one piece: the "" is unreachable.
        let name = ptr
            .rsplit('/')
            .next()
            .unwrap_or("")
            .replace("~1", "/")
            .replace("~0", "~");
        strict_errors.push((
            format!(
                "yaml: unmarshal errors:\n  line {}: key {} already set in map",
                pos.line,
                crate::go::quote(&name)
            ),
            Some(pos.line),
        ));
    }
    let mut value = value;
    let mut unknown = unknown_fields(&value);
    unknown.extend(crate::releases::kubelet_config::prune(&mut value, release));
    crate::sort::sort(&mut unknown);
    unknown.dedup();
    for path in unknown {
        let line = doc.nearest_position(&pointer_of(&path)).map(|p| p.line);
        strict_errors.push((format!("unknown field {}", crate::go::quote(&path)), line));
    }
    Ok(Decoded {
        value,
        doc,
        strict_errors,
    })
}

/// Path fields resolved against the config file's directory
/// (`KubeletConfigurationPathRefs`, pkg/kubelet/apis/config/helpers.go).
pub const PATH_FIELDS: &[&str] = &[
    "staticPodPath",
    "authentication.x509.clientCAFile",
    "tlsCertFile",
    "tlsPrivateKeyFile",
    "resolvConf",
    "volumePluginDir",
    "podLogsDir",
];

/// `filepath.Join(dir, rel)` for slash paths.
pub fn join(dir: &str, rel: &str) -> String {
    clean(&format!("{dir}/{rel}"))
}

/// `filepath.Clean` for slash paths.
pub fn clean(path: &str) -> String {
    let abs = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !abs {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let body = parts.join("/");
    match (abs, body.is_empty()) {
        (true, _) => format!("/{body}"),
        (false, true) => ".".to_string(),
        (false, false) => body,
    }
}

/// The directory of a slash path (`filepath.Dir`).
pub fn dir_of(path: &str) -> String {
    match path.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => clean(&path[..i]),
        None => ".".to_string(),
    }
}

/// Resolves relative path fields of a decoded file against `dir`, in the JSON form.
pub fn resolve_relative_paths(value: &mut Value, dir: &str) {
    for field in PATH_FIELDS {
        let ptr: String = field.split('.').map(|s| format!("/{s}")).collect();
        if let Some(Value::String(s)) = value.pointer_mut(&ptr) {
            if !s.is_empty() && !s.starts_with('/') {
                *s = join(dir, s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        assert_eq!(join("/etc/kubernetes", "pods"), "/etc/kubernetes/pods");
        assert_eq!(join("/etc/kubernetes", "../x/./y"), "/etc/x/y");
        assert_eq!(dir_of("/etc/kubernetes/kubelet.yaml"), "/etc/kubernetes");
        assert_eq!(clean("a/../../b"), "../b");
    }

    #[test]
    fn strict_findings() {
        let d = decode(
            "/k.yaml",
            "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nport: 1\nport: 2\nfoo: bar\nauthentication:\n  webhook:\n    nope: true\n",
        )
        .unwrap();
        let texts: Vec<_> = d
            .strict_errors
            .iter()
            .map(|(t, l)| (t.as_str(), *l))
            .collect();
        assert_eq!(
            texts,
            vec![
                (
                    "yaml: unmarshal errors:\n  line 4: key \"port\" already set in map",
                    Some(4)
                ),
                ("unknown field \"authentication.webhook.nope\"", Some(8)),
                ("unknown field \"foo\"", Some(5)),
            ]
        );
        assert_eq!(d.value["port"], 2);
    }

    #[test]
    fn type_errors_name_field_and_line() {
        let e = decode(
            "/k.yaml",
            "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nport: abc\n",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "failed to decode: json: cannot unmarshal string into Go struct field KubeletConfiguration.port of type int32"
        );
        assert_eq!(e.line(), Some(3));
    }

    /// An array where a nested struct is expected: Go names the struct holding the field and
    /// the field's whole path, list indexes left out.
    #[test]
    fn a_nested_array_for_a_struct_names_the_nested_field() {
        let head = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
        for (body, expected) in [
            (
                "authentication:\n  x509: [ca]\n",
                "KubeletAuthentication.authentication.x509 of type v1beta1.KubeletX509Authentication",
            ),
            (
                "authentication:\n  anonymous: {}\n  webhook: [true]\n",
                "KubeletAuthentication.authentication.webhook of type v1beta1.KubeletWebhookAuthentication",
            ),
            (
                "authentication: [true]\n",
                "KubeletConfiguration.authentication of type v1beta1.KubeletAuthentication",
            ),
            (
                "registerWithTaints:\n- {key: a, effect: NoSchedule}\n- [k, v]\n",
                "KubeletConfiguration.registerWithTaints of type v1.Taint",
            ),
        ] {
            let e = decode("/k.yaml", &format!("{head}{body}")).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("failed to decode: json: cannot unmarshal array into Go struct field {expected}"),
                "{body}"
            );
        }
    }

    /// apimachinery's `Interpret` reads `apiVersion` and `kind` before anything else: a
    /// document that is no map, or either key of another type than a string, fails there with
    /// its prefix; null is Go's "" and reads as missing.
    #[test]
    fn type_meta_of_another_type() {
        let err = |text: &str| decode("/k.yaml", text).unwrap_err();
        let e = err("- a\n");
        assert_eq!(
            e.to_string(),
            "failed to decode: couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }"
        );
        let e = err("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: 5\n");
        assert_eq!(
            e.to_string(),
            "failed to decode: couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string"
        );
        assert_eq!(e.line(), Some(2));
        let e = err("kind: [KubeletConfiguration]\napiVersion: true\n");
        assert_eq!(
            e.to_string(),
            "failed to decode: couldn't get version/kind; json parse error: json: cannot unmarshal array into Go struct field .kind of type string"
        );
        let e = err("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: null\n");
        assert!(
            e.to_string()
                .starts_with("failed to decode: Object 'Kind' is missing in "),
            "{e}"
        );
    }
}
