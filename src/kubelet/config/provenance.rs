//! Provenance: for every effective field and feature gate, which layer and which file or flag
//! set it, and what it overrode.
//!
//! The kubelet itself keeps no such record; this is the explanation kubegate adds on top of the
//! exact resolution. Fields are addressed by dotted JSON paths of the v1beta1 object
//! (`authorization.webhook.cacheAuthorizedTTL`); inside map fields the rest of the path is the
//! map key verbatim (`evictionHard.memory.available`, `featureGates.MemoryQoS`). Lists are
//! leaves: they are only ever replaced whole.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::types::is_map_field;

/// The layer that wrote a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletConfigLayer")
)]
pub enum Layer {
    /// `SetDefaults_KubeletConfiguration` (or another built-in default rule).
    Default,
    /// `applyLegacyDefaults`: the command line's own defaults, used without `--config`.
    LegacyFlagDefault,
    /// The `--config` file.
    ConfigFile,
    /// A `--config-dir` drop-in.
    DropIn,
    /// A command-line flag.
    Flag,
    /// The feature gate's built-in default at the kubelet version.
    FeatureGateDefault,
    /// A dynamic kubelet config checkpoint (1.11–1.23).
    DynamicConfig,
}

/// Where a value came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletConfigOrigin", optional_fields)
)]
pub struct Origin {
    pub layer: Layer,
    /// The file path, the flag (`--port`), or `defaults`.
    pub source: String,
    /// Line in the file, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl Origin {
    pub fn new(layer: Layer, source: impl Into<String>, line: Option<usize>) -> Self {
        Origin {
            layer,
            source: source.into(),
            line,
        }
    }
    fn describe(&self) -> String {
        let layer = match self.layer {
            Layer::Default => "default",
            Layer::LegacyFlagDefault => "command-line default",
            Layer::ConfigFile => "config file",
            Layer::DropIn => "drop-in",
            Layer::Flag => "flag",
            Layer::FeatureGateDefault => "feature gate default",
            Layer::DynamicConfig => "dynamic config",
        };
        // The defaults layer's source is the word "defaults": "default defaults" says it twice.
        if self.layer == Layer::Default && self.source == "defaults" && self.line.is_none() {
            return "defaults".to_string();
        }
        match self.line {
            Some(l) => format!("{layer} {}:{l}", self.source),
            None => format!("{layer} {}", self.source),
        }
    }
}

/// One value a layer wrote, later overridden.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletConfigSetting")
)]
pub struct Setting {
    /// `null` when the layer removed the value (a map flag replacing its map).
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub value: Value,
    pub origin: Origin,
}

/// The history of one field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletFieldProvenance")
)]
pub struct FieldProvenance {
    /// The effective value; `null` if the field ended up unset.
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub value: Value,
    pub origin: Origin,
    /// Earlier values, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub overridden: Vec<Setting>,
}

/// Provenance of a whole resolution, keyed by dotted path.
pub type Provenance = BTreeMap<String, FieldProvenance>;

/// The leaves of a configuration JSON, keyed by dotted path.
pub fn leaves(v: &Value) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    walk(v, "", &mut out);
    out
}

fn walk(v: &Value, prefix: &str, out: &mut BTreeMap<String, Value>) {
    match v {
        Value::Object(m) if !is_map_field(prefix) => {
            for (k, child) in m {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                walk(child, &path, out);
            }
        }
        Value::Object(m) => {
            for (k, child) in m {
                out.insert(format!("{prefix}.{k}"), child.clone());
            }
        }
        Value::Null => {}
        other => {
            if !prefix.is_empty() {
                out.insert(prefix.to_string(), other.clone());
            }
        }
    }
}

/// Records one value for `path`, moving the previous one into the history.
pub fn record(prov: &mut Provenance, path: &str, value: Value, origin: Origin) {
    match prov.get_mut(path) {
        Some(fp) => {
            let old = Setting {
                value: std::mem::replace(&mut fp.value, value),
                origin: std::mem::replace(&mut fp.origin, origin),
            };
            fp.overridden.push(old);
        }
        None => {
            prov.insert(
                path.to_string(),
                FieldProvenance {
                    value,
                    origin,
                    overridden: Vec::new(),
                },
            );
        }
    }
}

/// Records a layer's effect: every leaf it wrote (`written`, with its origin) and every leaf
/// whose value changed or disappeared between `before` and `after` (attributed to `fallback`).
pub fn record_step(
    prov: &mut Provenance,
    before: &Value,
    after: &Value,
    written: &BTreeMap<String, Origin>,
    fallback: &Origin,
) {
    let (b, a) = (leaves(before), leaves(after));
    for (path, v) in &a {
        let origin = written
            .get(path)
            .or_else(|| {
                // A flag or file writing a whole map or struct owns its leaves.
                written
                    .iter()
                    .find(|(w, _)| path.starts_with(&format!("{w}.")))
                    .map(|(_, o)| o)
            })
            .cloned();
        match origin {
            Some(o) => record(prov, path, v.clone(), o),
            None if b.get(path) != Some(v) => record(prov, path, v.clone(), fallback.clone()),
            None => {}
        }
    }
    for path in b.keys() {
        if !a.contains_key(path) {
            let origin = written
                .iter()
                .find(|(w, _)| path == *w || path.starts_with(&format!("{w}.")))
                .map(|(_, o)| o.clone())
                // Removed by no written value: the layer's own doing, as for changes above.
                .unwrap_or_else(|| fallback.clone());
            record(prov, path, Value::Null, origin);
        }
    }
}

/// The answer to "why does my kubelet run with this value?".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletConfigExplanation")
)]
pub struct Explanation {
    pub field_path: String,
    /// The effective value (`null` when unset).
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub value: Value,
    /// Provenance of the field itself or, for a struct or map, of each leaf under it.
    pub fields: BTreeMap<String, FieldProvenance>,
    /// One line per leaf: `path = value (layer source), overriding ...`.
    pub summary: Vec<String>,
}

fn summarize(path: &str, fp: &FieldProvenance) -> String {
    let mut s = format!("{path} = {} ({})", fp.value, fp.origin.describe());
    for o in fp.overridden.iter().rev() {
        s.push_str(&format!(
            ", overriding {} ({})",
            o.value,
            o.origin.describe()
        ));
    }
    s
}

/// Explains `field_path` from a provenance table; `None` if nothing is known under it.
pub fn explain(prov: &Provenance, field_path: &str) -> Option<Explanation> {
    let prefix = format!("{field_path}.");
    let mut fields: BTreeMap<String, FieldProvenance> = BTreeMap::new();
    fields.extend(
        prov.iter()
            .filter(|(p, _)| *p == field_path || p.starts_with(&prefix))
            .map(|(p, f)| (p.clone(), f.clone())),
    );
    if fields.is_empty() {
        return None;
    }
    let value = match fields.get(field_path) {
        Some(f) => f.value.clone(),
        None => {
            let mut obj = serde_json::Map::new();
            for (p, f) in &fields {
                if !f.value.is_null() {
                    obj.insert(p[prefix.len()..].to_string(), f.value.clone());
                }
            }
            Value::Object(obj)
        }
    };
    let summary = fields.iter().map(|(p, f)| summarize(p, f)).collect();
    Some(Explanation {
        field_path: field_path.to_string(),
        value,
        fields,
        summary,
    })
}

/// One field whose effective value differs from the built-in default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletConfigDiffEntry")
)]
pub struct DiffEntry {
    pub path: String,
    /// `null` when the default leaves the field unset.
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub default: Value,
    /// `null` when the effective configuration leaves it unset.
    #[cfg_attr(feature = "typescript", ts(type = "unknown"))]
    pub effective: Value,
}

/// Leaf-by-leaf difference of `effective` against `defaults`.
pub fn diff(defaults: &Value, effective: &Value) -> Vec<DiffEntry> {
    let (d, e) = (leaves(defaults), leaves(effective));
    let mut paths: Vec<&String> = d.keys().chain(e.keys()).collect();
    crate::sort::sort(&mut paths);
    paths.dedup();
    paths
        .into_iter()
        // The type header is not a setting; the defaults object carries none.
        .filter(|p| *p != "apiVersion" && *p != "kind")
        .filter(|p| d.get(*p) != e.get(*p))
        .map(|p| DiffEntry {
            path: p.clone(),
            default: d.get(p).cloned().unwrap_or(Value::Null),
            effective: e.get(p).cloned().unwrap_or(Value::Null),
        })
        .collect()
}
