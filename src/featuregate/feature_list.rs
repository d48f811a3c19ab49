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

use super::error::{FeatureGateError, Problem};
use super::spec::{FeatureSpec, PreRelease};
use crate::json_tree::{Json, Refusal};
use crate::version::Version;
use crate::yaml;
use serde::de::Error as _;

/// serde's plain error, whose constructors word each refusal.
type DeError = serde::de::value::Error;

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
        let (name, specs) = entry(&Json::from_value(item), Source::Tree).map_err(|e| at(&e))?;
        if features.insert(name, specs).is_some() {
            return Err(at(&"feature listed twice"));
        }
    }
    Ok(features)
}
// Specs and entries are decoded from a [`Json`] tree by hand, as serde's derived `Deserialize`
// for `FeatureSpec` (`deny_unknown_fields`) and `{name, versionedSpecs}` decodes them, to the
// byte of every error and the path of the value at fault. Two readers share these decoders:
// the JS binding's inputs (JSON text, `src/json_tree.rs`) and a feature list's YAML tree. Why by
// hand: serde's decoders for these types, their visitors and serde_json's parser were a fifth
// of the gate core's wasm. `tests` below and the binding's tests hold them to serde's answers.

/// Where a tree came from. It decided one refusal while a spec could be written as a sequence
/// of its fields (too many items: "trailing characters" from JSON text, `invalid length` from
/// the YAML tree); both are refused as a sequence now, so no answer depends on it.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Source {
    /// JSON text.
    #[allow(dead_code)]
    Text,
    Tree,
}

fn pre_release(v: &Json) -> Result<PreRelease, Refusal> {
    match v {
        Json::Str(s) => PreRelease::from_name_or_error(s).map_err(Refusal::new),
        _ => Err(Refusal::invalid_type(v, "a string")),
    }
}

/// `opt_version`: `null` or a version string.
fn opt_version(v: &Json) -> Result<Option<Version>, Refusal> {
    match v {
        Json::Null => Ok(None),
        Json::Str(s) => Version::parse(s)
            .map(Some)
            .map_err(|e| Refusal::new(e.to_string())),
        _ => Err(Refusal::invalid_type(v, "a string")),
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
fn entry(v: &Json, source: Source) -> Result<(String, Vec<FeatureSpec>), Refusal> {
    match v {
        Json::Map(map) => {
            let (mut name, mut specs) = (None, None);
            let missing = |field| Refusal::serde(DeError::missing_field(field));
            let duplicate = |field| Refusal::serde(DeError::duplicate_field(field));
            for (key, value) in map {
                let at = |e: Refusal| e.at_key(key);
                match key.as_str() {
                    "name" if name.is_some() => return Err(duplicate("name")),
                    "versionedSpecs" if specs.is_some() => return Err(duplicate("versionedSpecs")),
                    "name" => name = Some(value.string().map_err(at)?),
                    "versionedSpecs" => specs = Some(spec_list(value, source).map_err(at)?),
                    _ => return Err(unknown(key, ENTRY_FIELDS)),
                }
            }
            let name = name.ok_or_else(|| missing("name"))?;
            let specs = specs.ok_or_else(|| missing("versionedSpecs"))?;
            Ok((name, specs))
        }
        _ => Err(Refusal::invalid_type(v, "struct Entry")),
    }
}

/// A feature's specs, as serde decodes a `Vec<FeatureSpec>`.
pub(crate) fn spec_list(v: &Json, source: Source) -> Result<Vec<FeatureSpec>, Refusal> {
    v.seq_of(|item| spec(item, source))
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

/// serde's refusal of a field the struct does not have: at the field's own path, as serde
/// reports it (the key is refused while it is read).
fn unknown(key: &str, fields: &'static [&'static str]) -> Refusal {
    Refusal::serde(DeError::unknown_field(key, fields)).at_key(key)
}

/// The bit of `default` among [`field_bit`]'s.
const DEFAULT_SEEN: u8 = 1;

/// The bit of a spec's field (to find one set twice, or `default` never set), or `None` for a
/// name that is none of them.
fn field_bit(key: &str) -> Option<u8> {
    SPEC_FIELDS.iter().position(|f| *f == key).map(|i| 1 << i)
}

/// The field of a bit of [`field_bit`]'s.
fn field_name(bit: u8) -> &'static str {
    SPEC_FIELDS
        .get(bit.trailing_zeros() as usize)
        .copied()
        .unwrap_or("default")
}

/// Sets the field of `bit` from its node.
fn set_field(spec: &mut FeatureSpec, bit: u8, v: &Json) -> Result<(), Refusal> {
    match bit {
        1 => spec.default = v.boolean()?,
        2 => spec.lock_to_default = v.boolean()?,
        4 => spec.pre_release = pre_release(v)?,
        8 => spec.version = opt_version(v)?,
        _ => spec.min_compatibility_version = opt_version(v)?,
    }
    Ok(())
}

/// One `FeatureSpec`, from a map only: serde's derive would also fill it from a sequence of its
/// fields in order (`[false, false, "Alpha"]`), a shape no Kubernetes file or JS caller means.
pub(crate) fn spec(v: &Json, _source: Source) -> Result<FeatureSpec, Refusal> {
    let mut out = empty_spec();
    match v {
        Json::Map(map) => {
            let mut seen = 0;
            for (key, value) in map {
                let bit = field_bit(key).ok_or_else(|| unknown(key, SPEC_FIELDS))?;
                if seen & bit != 0 {
                    return Err(Refusal::serde(DeError::duplicate_field(field_name(bit))));
                }
                seen |= bit;
                set_field(&mut out, bit, value).map_err(|e| e.at_key(key))?;
            }
            if seen & DEFAULT_SEEN == 0 {
                return Err(Refusal::serde(DeError::missing_field("default")));
            }
        }
        _ => return Err(Refusal::invalid_type(v, "struct FeatureSpec")),
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
            // serde's derive fills a struct from a sequence of its fields; this decoder refuses
            // that shape, at the entry or at the spec.
            let specs = e.get("versionedSpecs").and_then(|s| s.as_array());
            let positional_spec = specs.and_then(|s| s.iter().position(|x| x.is_array()));
            if e.is_array() || positional_spec.is_some() {
                let want = match positional_spec {
                    Some(i) if !e.is_array() => (
                        format!("versionedSpecs[{i}]"),
                        "invalid type: sequence, expected struct FeatureSpec",
                    ),
                    _ => (
                        String::new(),
                        "invalid type: sequence, expected struct Entry",
                    ),
                };
                let got =
                    entry(&Json::from_value(e), Source::Tree).map_err(|r| (r.path, r.message));
                assert_eq!(got.err(), Some((want.0, want.1.to_string())), "{e}");
                continue;
            }
            let by_serde = Entry::deserialize(e)
                .map(|x| format!("{:?}", (x.name, x.versioned_specs)))
                .map_err(|err| err.to_string());
            let by_hand = entry(&Json::from_value(e), Source::Tree)
                .map(|x| format!("{x:?}"))
                .map_err(|err| err.to_string());
            assert_eq!(by_hand, by_serde, "{e}");
        }
    }

    #[test]
    fn stage_names_are_read_in_their_one_spelling() {
        for stage in [
            "ALPHA",
            "BETA",
            "DEPRECATED",
            "PRE-ALPHA",
            "",
            "alpha",
            "Ga",
        ] {
            let spec = json!({"default": false, "preRelease": stage});
            let got = spec_of(&spec);
            assert_eq!(
                got,
                Err(format!(
                    "unknown preRelease {stage:?}: expected one of \"PreAlpha\", \"Alpha\", \"Beta\", \"GA\", \"Deprecated\""
                )),
                "{stage}"
            );
        }
        assert!(spec_of(&json!({"default": false, "preRelease": "Alpha"})).is_ok());
    }

    fn spec_of(v: &serde_json::Value) -> Result<String, String> {
        spec(&Json::from_value(v), Source::Tree)
            .map(|s| format!("{s:?}"))
            .map_err(|e| {
                assert_eq!(e.path, "preRelease");
                e.message
            })
    }

    /// Repeated keys, which a `serde_json::Value` cannot hold, are refused with serde's words for
    /// the first repeat (serde_json adds where in the text; the tree's refusal has no position).
    #[test]
    fn repeated_entry_fields_are_refused_as_serde_refuses_them() {
        for text in [
            r#"{"name": "A", "name": "B", "versionedSpecs": []}"#,
            r#"{"versionedSpecs": [], "name": "A", "versionedSpecs": []}"#,
            r#"{"name": "A", "versionedSpecs": [{"default": true, "default": false}]}"#,
        ] {
            let by_serde = match serde_json::from_str::<Entry>(text) {
                Err(e) => e.to_string(),
                Ok(_) => panic!("serde accepted {text}"),
            };
            let tree = crate::json_tree::parse(text).expect("valid JSON");
            let by_hand = match entry(&tree, Source::Tree) {
                Err(e) => e.to_string(),
                Ok(x) => panic!("accepted {text}: {x:?}"),
            };
            assert!(
                by_hand.starts_with("duplicate field `"),
                "{text}: {by_hand}"
            );
            assert!(
                by_serde.starts_with(&by_hand),
                "{text}: {by_hand} / {by_serde}"
            );
        }
    }
}
