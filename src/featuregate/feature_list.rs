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

mod direct;

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
        // From a reference: the tree is read in place, never copied.
        let entry = Entry::deserialize(item).map_err(|e| at(&e))?;
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
