//! The feature gate as the kubelet's configuration code uses it.
//!
//! The kubelet touches its gate in a few exact ways: `SetFromMap` from the flags, again from the
//! merged config, a deep copy with the object's own gates applied during defaulting and
//! validation, and `Enabled` for gate-dependent defaults and checks
//! (`cmd/kubelet/app/server.go`). [`Gates`] names just those, so the layering code reads like
//! upstream's; the one implementation is the crate's port of `k8s.io/component-base/featuregate`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ConfigError;
use crate::featuregate::{self, FeatureGate, PreRelease};
use crate::releases::{self, Release};
use crate::version::Version;

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
    /// The spec in effect for `name`, if the gate knows it and it exists at the gate's version.
    fn info(&self, name: &str) -> Option<GateInfo>;
}

impl Gates for FeatureGate {
    fn set_from_map(&mut self, m: &BTreeMap<String, bool>) -> Result<Vec<String>, String> {
        FeatureGate::set_from_map(self, m)
            .map(|ws| {
                ws.into_iter()
                    .map(|w| format!("{} featureGate={} value={}", w.message, w.feature, w.value))
                    .collect()
            })
            .map_err(|e| e.to_string())
    }

    fn enabled(&self, name: &str) -> bool {
        FeatureGate::enabled(self, name).unwrap_or(false)
    }

    fn boxed_clone(&self) -> Box<dyn Gates> {
        Box::new(self.deep_copy())
    }

    fn all(&self) -> BTreeMap<String, bool> {
        self.feature_states()
            .into_iter()
            .filter(|s| s.pre_release != PreRelease::PreAlpha)
            .map(|s| (s.name, s.enabled))
            .collect()
    }

    fn info(&self, name: &str) -> Option<GateInfo> {
        let spec = self.spec(name).ok()?;
        (spec.pre_release != PreRelease::PreAlpha).then_some(GateInfo {
            default: spec.default,
            lock_to_default: spec.lock_to_default,
            pre_release: spec.pre_release,
        })
    }
}

/// The kubelet's gate at `version`: the features of `feature_list` (`versioned_feature_list.yaml`
/// text) evaluated at `version` when given, else the gates the real kubelet of that release
/// registered (see [`crate::releases::gates`]). A version outside the releases kubegate carries
/// is an error, never the nearest release.
pub fn kubelet_gate(
    version: Version,
    feature_list: Option<&str>,
) -> Result<FeatureGate, ConfigError> {
    let Some(text) = feature_list else {
        let release = Release::of(&version).map_err(|e| ConfigError::new(e.to_string()))?;
        return releases::gates::release_gate(release).map_err(|e| ConfigError::new(e.to_string()));
    };
    let mut gate = FeatureGate::with_emulation_version(version);
    let features =
        featuregate::parse_feature_list(text).map_err(|e| ConfigError::new(e.to_string()))?;
    gate.add_versioned(features)
        .map_err(|e| ConfigError::new(e.to_string()))?;
    Ok(gate)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gates() -> FeatureGate {
        let list = r#"
- name: A
  versionedSpecs:
  - {default: false, lockToDefault: false, preRelease: Alpha, version: "1.30"}
  - {default: true, lockToDefault: false, preRelease: Beta, version: "1.32"}
- name: G
  versionedSpecs:
  - {default: true, lockToDefault: true, preRelease: GA, version: "1.31"}
"#;
        kubelet_gate(Version::new(1, 31), Some(list)).unwrap()
    }

    #[test]
    fn versioned_spec_and_errors() {
        let mut g = gates();
        assert!(!Gates::enabled(&g, "A"));
        assert!(Gates::enabled(&g, "G"));
        let m = |k: &str, v: bool| BTreeMap::from([(k.to_string(), v)]);
        assert_eq!(
            Gates::set_from_map(&mut g, &m("X", true)).unwrap_err(),
            "unrecognized feature gate: X"
        );
        // A failed key stays in the raw values (upstream's sticky behaviour); the kubelet exits on
        // the first failure, so each case gets a fresh gate.
        let mut g = gates();
        assert_eq!(
            Gates::set_from_map(&mut g, &m("G", false)).unwrap_err(),
            "cannot set feature gate G to false, feature is locked to true"
        );
        let mut g = gates();
        assert_eq!(
            Gates::set_from_map(&mut g, &m("G", true)).unwrap(),
            vec!["Warning: setting GA feature gate. It will be removed in a future release. featureGate=G value=true"]
        );
        Gates::set_from_map(&mut g, &m("AllAlpha", true)).unwrap();
        assert!(Gates::enabled(&g, "A"));
    }
}
