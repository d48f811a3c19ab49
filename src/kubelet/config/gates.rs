//! The feature gate as the kubelet's configuration code uses it, behind a small trait.
//!
//! Why a trait: the kubelet touches its feature gate in a few exact ways (`SetFromMap` from
//! the flags, again from the merged config, a deep copy with the object's own gates applied
//! during defaulting and validation, `Enabled` for gate-dependent defaults and checks). Keeping
//! those behind [`Gates`] lets the layering code stay the same whichever gate implementation
//! backs it: the crate's port of `k8s.io/component-base/featuregate`, or the small
//! [`VersionedGates`] below, which knows just enough of that package (versioned specs picked at
//! an emulation version, lock-to-default, `AllAlpha`/`AllBeta`, the GA/deprecated warnings) to
//! resolve a kubelet configuration on its own.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::version::Version;

/// A feature's maturity, as `featuregate.prerelease`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PreRelease {
    #[serde(rename = "ALPHA")]
    Alpha,
    #[serde(rename = "BETA")]
    Beta,
    #[serde(rename = "")]
    Ga,
    #[serde(rename = "DEPRECATED")]
    Deprecated,
}

/// A feature's spec in effect at the gate's version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GateInfo {
    pub default: bool,
    pub lock_to_default: bool,
    pub pre_release: PreRelease,
}

/// What the kubelet's configuration code needs from a feature gate.
pub trait Gates {
    /// `SetFromMap`: warnings on success, upstream error text on failure (no change then).
    fn set_from_map(&mut self, m: &BTreeMap<String, bool>) -> Result<Vec<String>, String>;
    /// `Enabled`; an unknown gate is disabled.
    fn enabled(&self, name: &str) -> bool;
    /// `DeepCopy`.
    fn boxed_clone(&self) -> Box<dyn Gates>;
    /// Every known gate and its effective value.
    fn all(&self) -> BTreeMap<String, bool>;
    /// The spec in effect for `name`, if the gate knows it at its version.
    fn info(&self, name: &str) -> Option<GateInfo>;
}

/// One versioned spec of a feature (`featuregate.FeatureSpec`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSpec {
    pub version: Version,
    pub default: bool,
    pub lock_to_default: bool,
    pub pre_release: PreRelease,
}

/// A feature gate over versioned specs, evaluated at one version.
#[derive(Clone, Debug)]
pub struct VersionedGates {
    version: Version,
    known: BTreeMap<String, Vec<FeatureSpec>>,
    set: BTreeMap<String, bool>,
}

const ALL_ALPHA: &str = "AllAlpha";
const ALL_BETA: &str = "AllBeta";

impl VersionedGates {
    /// A gate at `version` knowing `known` (specs in any order).
    pub fn new(version: Version, mut known: BTreeMap<String, Vec<FeatureSpec>>) -> Self {
        for specs in known.values_mut() {
            specs.sort_by(|a, b| a.version.cmp(&b.version));
        }
        for name in [ALL_ALPHA, ALL_BETA] {
            known.entry(name.to_string()).or_insert_with(|| {
                vec![FeatureSpec {
                    version: Version::new(0, 0),
                    default: false,
                    lock_to_default: false,
                    pre_release: PreRelease::Alpha,
                }]
            });
        }
        VersionedGates {
            version,
            known,
            set: BTreeMap::new(),
        }
    }

    /// Parses the `versioned_feature_list.yaml` shape
    /// (`[{name, versionedSpecs: [{default, lockToDefault, preRelease, version}]}]`).
    pub fn parse_feature_list(text: &str) -> Result<BTreeMap<String, Vec<FeatureSpec>>, String> {
        let doc = crate::yaml::parse(text).map_err(|e| e.to_string())?;
        let mut out = BTreeMap::new();
        let items = match &doc.value {
            Value::Array(items) => items.as_slice(),
            Value::Null => &[],
            _ => return Err("feature list must be a YAML list".to_string()),
        };
        for item in items {
            let name = item
                .get("name")
                .and_then(Value::as_str)
                .ok_or("feature list entry without a name")?;
            let mut specs = Vec::new();
            for s in item
                .get("versionedSpecs")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or(&[])
            {
                let version_text = match s.get("version") {
                    Some(Value::String(v)) => v.clone(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => return Err(format!("feature {name}: spec without a version")),
                };
                let version = Version::parse(&version_text).map_err(|e| e.to_string())?;
                let pre_release = match s.get("preRelease").and_then(Value::as_str) {
                    Some("Alpha") | Some("ALPHA") => PreRelease::Alpha,
                    Some("Beta") | Some("BETA") => PreRelease::Beta,
                    Some("Deprecated") | Some("DEPRECATED") => PreRelease::Deprecated,
                    _ => PreRelease::Ga,
                };
                specs.push(FeatureSpec {
                    version,
                    default: s.get("default").and_then(Value::as_bool).unwrap_or(false),
                    lock_to_default: s
                        .get("lockToDefault")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    pre_release,
                });
            }
            out.insert(name.to_string(), specs);
        }
        Ok(out)
    }

    fn spec(&self, name: &str) -> Option<&FeatureSpec> {
        self.known
            .get(name)?
            .iter()
            .rev()
            .find(|s| s.version <= self.version)
    }
}

impl Gates for VersionedGates {
    fn set_from_map(&mut self, m: &BTreeMap<String, bool>) -> Result<Vec<String>, String> {
        let mut warnings = Vec::new();
        let mut next = self.set.clone();
        for (k, v) in m {
            let Some(spec) = self.spec(k) else {
                return Err(format!("unrecognized feature gate: {k}"));
            };
            if spec.lock_to_default && spec.default != *v {
                return Err(format!(
                    "cannot set feature gate {k} to {v}, feature is locked to {}",
                    spec.default
                ));
            }
            next.insert(k.clone(), *v);
            match spec.pre_release {
                PreRelease::Deprecated => warnings.push(format!(
                    "Setting deprecated feature gate {k}={v}. It will be removed in a future release."
                )),
                PreRelease::Ga => warnings.push(format!(
                    "Setting GA feature gate {k}={v}. It will be removed in a future release."
                )),
                _ => {}
            }
        }
        self.set = next;
        Ok(warnings)
    }

    fn enabled(&self, name: &str) -> bool {
        if let Some(v) = self.set.get(name) {
            return *v;
        }
        let Some(spec) = self.spec(name) else {
            return false;
        };
        if !spec.lock_to_default {
            let all = match spec.pre_release {
                PreRelease::Alpha if name != ALL_ALPHA && name != ALL_BETA => {
                    self.set.get(ALL_ALPHA)
                }
                PreRelease::Beta => self.set.get(ALL_BETA),
                _ => None,
            };
            if let Some(v) = all {
                return *v;
            }
        }
        spec.default
    }

    fn boxed_clone(&self) -> Box<dyn Gates> {
        Box::new(self.clone())
    }

    fn all(&self) -> BTreeMap<String, bool> {
        self.known
            .keys()
            .filter(|k| self.spec(k).is_some())
            .map(|k| (k.clone(), self.enabled(k)))
            .collect()
    }

    fn info(&self, name: &str) -> Option<GateInfo> {
        self.spec(name).map(|s| GateInfo {
            default: s.default,
            lock_to_default: s.lock_to_default,
            pre_release: s.pre_release,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gates() -> VersionedGates {
        let list = r#"
- name: A
  versionedSpecs:
  - {default: false, lockToDefault: false, preRelease: Alpha, version: "1.30"}
  - {default: true, lockToDefault: false, preRelease: Beta, version: "1.32"}
- name: G
  versionedSpecs:
  - {default: true, lockToDefault: true, preRelease: GA, version: "1.31"}
"#;
        let known = VersionedGates::parse_feature_list(list).unwrap();
        VersionedGates::new(Version::new(1, 31), known)
    }

    #[test]
    fn versioned_spec_and_errors() {
        let mut g = gates();
        assert!(!g.enabled("A"));
        assert!(g.enabled("G"));
        let m = |k: &str, v: bool| BTreeMap::from([(k.to_string(), v)]);
        assert_eq!(
            g.set_from_map(&m("X", true)).unwrap_err(),
            "unrecognized feature gate: X"
        );
        assert_eq!(
            g.set_from_map(&m("G", false)).unwrap_err(),
            "cannot set feature gate G to false, feature is locked to true"
        );
        assert_eq!(
            g.set_from_map(&m("G", true)).unwrap(),
            vec!["Setting GA feature gate G=true. It will be removed in a future release."]
        );
        g.set_from_map(&m("AllAlpha", true)).unwrap();
        assert!(g.enabled("A"));
    }
}
