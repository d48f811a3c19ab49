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

use serde::Deserialize;

use super::error::{FeatureGateError, Problem};
use super::spec::FeatureSpec;
use crate::yaml;

/// One `{name, versionedSpecs}` entry of the list.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Entry {
    name: String,
    versioned_specs: Vec<FeatureSpec>,
}

/// Largest `versioned_feature_list.yaml` accepted (1 MiB; upstream's is about 60 KiB), so that
/// any list within it parses in well under a second in wasm.
pub const MAX_FEATURE_LIST_BYTES: usize = 1 << 20;

/// Parses a feature list into the map [`FeatureGate::add_versioned`] takes.
///
/// [`FeatureGate::add_versioned`]: super::FeatureGate::add_versioned
pub fn parse_feature_list(
    text: &str,
) -> Result<BTreeMap<String, Vec<FeatureSpec>>, FeatureGateError> {
    let fail = |message: String, line: Option<usize>| {
        FeatureGateError::from(Problem::FeatureList { message, line })
    };
    if text.len() > MAX_FEATURE_LIST_BYTES {
        return Err(fail(
            format!(
                "feature list: {} bytes; the limit is {MAX_FEATURE_LIST_BYTES}",
                text.len()
            ),
            None,
        ));
    }
    let doc =
        yaml::parse(text).map_err(|e| fail(format!("feature list: {e}"), Some(e.pos().line)))?;
    let items = match &doc.value {
        serde_json::Value::Array(items) => items,
        serde_json::Value::Null => return Ok(BTreeMap::new()),
        _ => {
            return Err(fail(
                "feature list: line 1: expected a YAML list of {name, versionedSpecs} entries"
                    .to_string(),
                Some(1),
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
            fail(
                format!("feature list: line {line}: {label}: {message}"),
                Some(line),
            )
        };
        // Through `json::strict`: an array is refused where an entry or a spec is expected, as
        // Go's decoder refuses it (serde's derive alone would fill a struct from one). By the
        // decoders the binding's inputs use, so a spec's decoder is compiled once.
        let entry: Entry = crate::json::strict::from_value_ref(item).map_err(|e| at(&e))?;
        if features.insert(entry.name, entry.versioned_specs).is_some() {
            return Err(at(&"feature listed twice"));
        }
    }
    Ok(features)
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
    use super::*;

    /// The error `parse_feature_list` gives for `text`.
    fn refusal(text: &str) -> String {
        match parse_feature_list(text) {
            Err(e) => e.to_string(),
            Ok(features) => panic!("accepted {text:?}: {features:?}"),
        }
    }

    #[test]
    fn entries_and_specs_are_refused_with_serdes_words_and_the_entrys_line() {
        for (text, want) in [
            (
                "- name: A\n  versionedSpecs:\n  - version: \"1.30\"\n",
                "line 1: entry 0 (A): missing field `default`",
            ),
            (
                "- name: A\n  versionedSpecs:\n  - default: maybe\n",
                "line 1: entry 0 (A): invalid type: string \"maybe\", expected a boolean",
            ),
            (
                "- name: A\n  versionedSpecs:\n  - default: 1.5\n",
                "line 1: entry 0 (A): invalid type: floating point `1.5`, expected a boolean",
            ),
            (
                "- name: A\n  versionedSpecs:\n  - default: true\n    extra: x\n",
                "line 1: entry 0 (A): unknown field `extra`, expected one of `default`, \
                 `lockToDefault`, `preRelease`, `version`, `minCompatibilityVersion`",
            ),
            (
                "- name: A\n  other: 1\n  versionedSpecs: []\n",
                "line 1: entry 0 (A): unknown field `other`, expected `name` or `versionedSpecs`",
            ),
            (
                "- name: A\n  versionedSpecs:\n",
                "line 1: entry 0 (A): invalid type: null, expected a sequence",
            ),
            (
                "- name: 5\n  versionedSpecs: []\n",
                "line 1: entry 0: invalid type: integer `5`, expected a string",
            ),
            (
                "- name: A\n  versionedSpecs: []\n- versionedSpecs: []\n",
                "line 3: entry 1: missing field `name`",
            ),
            (
                "- name: A\n  versionedSpecs:\n  - default: true\n    version: \"x\"\n",
                "line 1: entry 0 (A): could not parse \"x\" as version",
            ),
            (
                "- name: A\n  versionedSpecs:\n  - default: true\n- name: A\n  \
                 versionedSpecs:\n  - default: true\n",
                "line 4: entry 1 (A): feature listed twice",
            ),
            // Go's decoder refuses an array for a struct; serde's derive alone would take it.
            (
                "- [A, []]\n",
                "line 1: entry 0: invalid type: sequence, expected struct Entry",
            ),
            (
                "- name: A\n  versionedSpecs:\n  - [true, false, GA]\n",
                "line 1: entry 0 (A): invalid type: sequence, expected struct FeatureSpec",
            ),
        ] {
            assert_eq!(refusal(text), format!("feature list: {want}"), "{text}");
        }
    }

    #[test]
    fn stage_names_are_read_in_their_one_spelling() {
        for stage in [
            "ALPHA",
            "BETA",
            "DEPRECATED",
            "PRE-ALPHA",
            "''",
            "alpha",
            "Ga",
        ] {
            let text = format!(
                "- name: A\n  versionedSpecs:\n  - default: false\n    preRelease: {stage}\n"
            );
            let name = stage.trim_matches('\'');
            assert_eq!(
                refusal(&text),
                format!(
                    "feature list: line 1: entry 0 (A): unknown preRelease {name:?}: expected one \
                     of \"PreAlpha\", \"Alpha\", \"Beta\", \"GA\", \"Deprecated\""
                ),
                "{stage}"
            );
        }
    }

    /// YAML 1.1 scalars mean what they mean to the kubelet's reader: `on` is true, `No` false.
    #[test]
    fn yaml_1_1_scalars_as_the_yaml_reader_reads_them() {
        let text = "- name: 'A'\n  versionedSpecs:\n  - default: on\n    lockToDefault: No\n    \
                    preRelease: \"GA\"\n    version: null\n";
        let spec = parse_feature_list(text)
            .ok()
            .and_then(|m| m.get("A").and_then(|s| s.first().cloned()));
        assert_eq!(
            spec,
            Some(FeatureSpec {
                default: true,
                lock_to_default: false,
                pre_release: super::super::spec::PreRelease::GA,
                version: None,
                min_compatibility_version: None,
            })
        );
    }

    #[test]
    fn every_release_reads_back_to_the_same_map() {
        use crate::releases::{gates::features_in, Release};
        for release in Release::all() {
            let features = features_in(release);
            let back = parse_feature_list(&render_feature_list(&features));
            // Debug shows every component of a version, which equality does not compare.
            assert_eq!(
                format!("{back:?}"),
                format!("{:?}", Ok::<_, FeatureGateError>(features)),
                "{release}"
            );
        }
    }
}
