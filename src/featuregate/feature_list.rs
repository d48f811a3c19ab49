//! The `versioned_feature_list.yaml` format: Kubernetes' own list of every feature gate and its
//! history, generated upstream by the `compatibility_lifecycle` tool
//! (`test/compatibility_lifecycle/reference/versioned_feature_list.yaml` in kubernetes/kubernetes).
//!
//! ```yaml
//! - name: NodeSwap
//!   versionedSpecs:
//!   - default: false
//!     lockToDefault: false
//!     preRelease: Alpha
//!     version: "1.22"
//!   - default: true
//!     lockToDefault: true
//!     preRelease: GA
//!     version: "1.34"
//! ```
//!
//! Stages use the spelled-out names (`Alpha`, `Beta`, `GA`, `Deprecated`). Parsing checks the
//! shape only; [`FeatureGate::add_versioned`](super::FeatureGate::add_versioned) checks the rules.
//! Errors name the entry and the line.

use std::collections::BTreeMap;

use serde::de::Error as _;
use serde_json::Value;

use super::error::{FeatureGateError, Problem};
use super::spec::{FeatureSpec, PreRelease};
use crate::version::Version;
use crate::yaml;

mod direct;

/// Largest `versioned_feature_list.yaml` accepted (1 MiB; upstream's is about 60 KiB), so that
/// any list within it parses in well under a second in wasm.
pub const MAX_FEATURE_LIST_BYTES: usize = 1 << 20;

/// Parses a feature list into the map [`FeatureGate::add_versioned`] takes.
///
/// [`FeatureGate::add_versioned`]: super::FeatureGate::add_versioned
pub fn parse_feature_list(
    text: &str,
) -> Result<BTreeMap<String, Vec<FeatureSpec>>, FeatureGateError> {
    let fail = |message: String| FeatureGateError::from(Problem::FeatureList { message });
    if text.len() > MAX_FEATURE_LIST_BYTES {
        return Err(fail(format!(
            "feature list: {} bytes; the limit is {MAX_FEATURE_LIST_BYTES}",
            text.len()
        )));
    }
    if let Some(features) = direct::read(text) {
        return Ok(features);
    }
    let doc = yaml::parse(text).map_err(|e| fail(format!("feature list: {e}")))?;
    let items = match &doc.value {
        serde_json::Value::Array(items) => items,
        serde_json::Value::Null => return Ok(BTreeMap::new()),
        _ => {
            return Err(fail(
                "feature list: line 1: expected a YAML list of {name, versionedSpecs} entries"
                    .to_string(),
            ))
        }
    };
    let mut features = BTreeMap::new();
    for (i, item) in items.iter().enumerate() {
        // The line and the label are spelled only for an error: the document's positions are
        // indexed on the first lookup, which a list that reads cleanly never asks for.
        let at = |message: &dyn std::fmt::Display| {
            let line = doc.nearest_position(&format!("/{i}")).map_or(1, |p| p.line);
            let label = match item.get("name").and_then(|n| n.as_str()) {
                Some(name) => format!("entry {i} ({name})"),
                None => format!("entry {i}"),
            };
            fail(format!("feature list: line {line}: {label}: {message}"))
        };
        let (name, specs) = entry(item).map_err(|e| at(&e))?;
        if features.insert(name, specs).is_some() {
            return Err(at(&"feature listed twice"));
        }
    }
    Ok(features)
}
// The entries decoded from the YAML tree by hand, as serde's derived `Deserialize` for
// `{name, versionedSpecs}` and `FeatureSpec` (`deny_unknown_fields`) over a `serde_json::Value`
// decodes them, to the byte of every error: the messages are built by serde's own
// `de::Error` constructors and `Unexpected`. Why by hand: serde_json's `Value` deserializer and
// the visitors instantiated for it were a second JSON decoder in the gate core's wasm, beside
// the one its JS inputs go through. `tests` below hold the two to the same answers.

/// serde's plain error: its `Display` is the message alone, as `serde_json::Error`'s is when it
/// has no position.
type DeError = serde::de::value::Error;

/// serde_json's "invalid type" message for a node (`Value::unexpected` as its error prints it:
/// `null` for the unit value, numbers as serde_json writes them). Spelled here rather than
/// through serde's `Unexpected`, whose `Display` would bring Rust's float formatting into the
/// gate core for a case serde_json never prints with it.
fn invalid_type(v: &Value, expected: &str) -> DeError {
    let found = match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::String(s) => format!("string {s:?}"),
        Value::Array(_) => "sequence".to_string(),
        Value::Object(_) => "map".to_string(),
    };
    DeError::custom(format_args!("invalid type: {found}, expected {expected}"))
}

/// A sequence decoded as a struct: serde takes its items as the fields in order, and refuses
/// one with items left over.
fn too_long(items: &[Value], fields: usize) -> Result<(), DeError> {
    match items.len() > fields {
        true => Err(DeError::invalid_length(
            items.len(),
            &"fewer elements in array",
        )),
        false => Ok(()),
    }
}

fn string(v: &Value) -> Result<String, DeError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        _ => Err(invalid_type(v, "a string")),
    }
}

fn boolean(v: &Value) -> Result<bool, DeError> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(invalid_type(v, "a boolean")),
    }
}

fn pre_release(v: &Value) -> Result<PreRelease, DeError> {
    match v {
        Value::String(s) => PreRelease::from_name_or_error(s).map_err(DeError::custom),
        _ => Err(invalid_type(v, "a string")),
    }
}

/// `opt_version`: `null` or a version string.
fn opt_version(v: &Value) -> Result<Option<Version>, DeError> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => Version::parse(s).map(Some).map_err(DeError::custom),
        _ => Err(invalid_type(v, "a string")),
    }
}

const ENTRY_FIELDS: &[&str] = &["name", "versionedSpecs"];
const SPEC_FIELDS: &[&str] = &[
    "default",
    "lockToDefault",
    "preRelease",
    "version",
    "minCompatibilityVersion",
];

/// One `{name, versionedSpecs}` entry.
fn entry(v: &Value) -> Result<(String, Vec<FeatureSpec>), DeError> {
    let short = |n: usize| DeError::invalid_length(n, &"struct Entry with 2 elements");
    match v {
        Value::Object(map) => {
            let (mut name, mut specs) = (None, None);
            for (key, value) in map {
                match key.as_str() {
                    "name" => name = Some(string(value)?),
                    "versionedSpecs" => specs = Some(spec_list(value)?),
                    _ => return Err(DeError::unknown_field(key, ENTRY_FIELDS)),
                }
            }
            let name = name.ok_or_else(|| DeError::missing_field("name"))?;
            let specs = specs.ok_or_else(|| DeError::missing_field("versionedSpecs"))?;
            Ok((name, specs))
        }
        Value::Array(items) => {
            let name = string(items.first().ok_or_else(|| short(0))?)?;
            let specs = spec_list(items.get(1).ok_or_else(|| short(1))?)?;
            too_long(items, 2)?;
            Ok((name, specs))
        }
        _ => Err(invalid_type(v, "struct Entry")),
    }
}

fn spec_list(v: &Value) -> Result<Vec<FeatureSpec>, DeError> {
    match v {
        Value::Array(items) => {
            // A loop rather than `collect` into a `Result`, whose adapters cost more code.
            let mut specs = Vec::with_capacity(items.len());
            for item in items {
                specs.push(spec(item)?);
            }
            Ok(specs)
        }
        _ => Err(invalid_type(v, "a sequence")),
    }
}

/// A spec with every field at its default, `default` included (which a decoded spec must set).
fn empty_spec() -> FeatureSpec {
    FeatureSpec {
        default: false,
        lock_to_default: false,
        pre_release: PreRelease::GA,
        version: None,
        min_compatibility_version: None,
    }
}

/// The bit of `seen` that says `default` was set.
const DEFAULT_SEEN: u8 = 1;

/// Sets one field of a spec from its node, answering the field's bit (to find a field set
/// twice, or `default` never set).
fn set_field(spec: &mut FeatureSpec, key: &str, v: &Value) -> Result<u8, DeError> {
    Ok(match key {
        "default" => {
            spec.default = boolean(v)?;
            DEFAULT_SEEN
        }
        "lockToDefault" => {
            spec.lock_to_default = boolean(v)?;
            2
        }
        "preRelease" => {
            spec.pre_release = pre_release(v)?;
            4
        }
        "version" => {
            spec.version = opt_version(v)?;
            8
        }
        "minCompatibilityVersion" => {
            spec.min_compatibility_version = opt_version(v)?;
            16
        }
        _ => return Err(DeError::unknown_field(key, SPEC_FIELDS)),
    })
}

fn spec(v: &Value) -> Result<FeatureSpec, DeError> {
    let mut out = empty_spec();
    match v {
        Value::Object(map) => {
            let mut seen = 0;
            for (key, value) in map {
                seen |= set_field(&mut out, key, value)?;
            }
            if seen & DEFAULT_SEEN == 0 {
                return Err(DeError::missing_field("default"));
            }
        }
        Value::Array(items) => {
            if items.is_empty() {
                return Err(DeError::invalid_length(
                    0,
                    &"struct FeatureSpec with 5 elements",
                ));
            }
            // The items are the fields in order; all but `default` have defaults, so a shorter
            // sequence leaves them at theirs.
            for (key, value) in SPEC_FIELDS.iter().zip(items) {
                set_field(&mut out, key, value)?;
            }
            too_long(items, 5)?;
        }
        _ => return Err(invalid_type(v, "struct FeatureSpec")),
    }
    Ok(out)
}

/// Writes features in the `versioned_feature_list.yaml` format, as upstream's generator lays it
/// out (entries by name, specs in the order given, keys sorted). [`parse_feature_list`] reads it
/// back to the same map.
pub fn render_feature_list(features: &BTreeMap<String, Vec<FeatureSpec>>) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for (name, specs) in features {
        let _ = writeln!(out, "- name: {name}\n  versionedSpecs:");
        for s in specs {
            let _ = writeln!(out, "  - default: {}", s.default);
            let _ = writeln!(out, "    lockToDefault: {}", s.lock_to_default);
            if let Some(mc) = &s.min_compatibility_version {
                let _ = writeln!(out, "    minCompatibilityVersion: \"{mc}\"");
            }
            let _ = writeln!(out, "    preRelease: {}", s.pre_release.name());
            if let Some(v) = &s.version {
                let _ = writeln!(out, "    version: \"{v}\"");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    /// The decoder this module's hand-written one replaces: serde's derive over the tree.
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    #[allow(dead_code)]
    struct Entry {
        name: String,
        versioned_specs: Vec<FeatureSpec>,
    }

    /// The hand decoder answers each entry as serde does: the same specs (in Debug, which shows
    /// every version component) or the same message.
    #[test]
    fn entries_decode_as_serde_decodes_them() {
        let specs = [
            json!({"default": true}),
            json!({"default": true, "lockToDefault": true, "preRelease": "Beta", "version": "1.30",
                   "minCompatibilityVersion": "v1.29.1"}),
            json!({"version": "1.30"}),
            json!({"default": "true"}),
            json!({"default": 1}),
            json!({"default": -1}),
            json!({"default": 1.5}),
            json!({"default": 1e22}),
            json!({"default": null}),
            json!({"default": [true]}),
            json!({"default": {"a": 1}}),
            json!({"default": true, "lockToDefault": "no"}),
            json!({"default": true, "preRelease": "Gamma"}),
            json!({"default": true, "preRelease": "Ünï\"\n\u{301}"}),
            json!({"default": true, "preRelease": 3}),
            json!({"default": true, "preRelease": null}),
            json!({"default": true, "version": null}),
            json!({"default": true, "version": 1.3}),
            json!({"default": true, "version": "x"}),
            json!({"default": true, "version": ""}),
            json!({"default": true, "version": "01.30"}),
            json!({"default": true, "version": "1.030"}),
            json!({"default": true, "version": "1."}),
            json!({"default": true, "version": ".1"}),
            json!({"default": true, "version": "1.30-x"}),
            json!({"default": true, "version": "1.30.0"}),
            json!({"default": true, "version": "1.2.3-rc.1"}),
            json!({"default": true, "version": "99999999999999999999.1"}),
            json!({"default": true, "minCompatibilityVersion": "1.2.x.y"}),
            json!({"default": true, "extra": 1}),
            json!({"aaa": 1, "default": "x"}),
            json!({"default": "x", "zzz": 1}),
            json!({}),
            json!([]),
            json!([true]),
            json!([true, true, "GA", "1.30", "1.29"]),
            json!([true, true, "GA", "1.30", "1.29", 6]),
            json!([true, "x"]),
            json!([true, false, "Gamma"]),
            json!("spec"),
            json!(null),
            json!(7),
            json!(true),
        ];
        let mut entries = vec![
            json!({}),
            json!({"name": "A"}),
            json!({"versionedSpecs": []}),
            json!({"name": 5, "versionedSpecs": []}),
            json!({"name": "A", "versionedSpecs": {"default": true}}),
            json!({"name": "A", "versionedSpecs": "x"}),
            json!({"name": "A", "versionedSpecs": null}),
            json!({"name": "A", "other": 1, "versionedSpecs": []}),
            json!({"Name": "A"}),
            json!([]),
            json!(["A"]),
            json!(["A", []]),
            json!(["A", [], 3]),
            json!([1, []]),
            json!("A"),
            json!(null),
            json!(-3),
            json!(2.5),
            json!(false),
        ];
        for s in &specs {
            entries.push(json!({"name": "A", "versionedSpecs": [s]}));
            entries.push(json!({"name": "A", "versionedSpecs": [{"default": false}, s]}));
            entries.push(json!(["A", [s]]));
        }
        for e in &entries {
            let by_serde = Entry::deserialize(e)
                .map(|x| format!("{:?}", (x.name, x.versioned_specs)))
                .map_err(|err| err.to_string());
            let by_hand = entry(e)
                .map(|x| format!("{x:?}"))
                .map_err(|err| err.to_string());
            assert_eq!(by_hand, by_serde, "{e}");
        }
    }
}
