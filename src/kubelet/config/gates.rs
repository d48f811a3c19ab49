//! The feature gate as the kubelet's configuration code uses it.
//!
//! The kubelet touches its gate in a few exact ways: `SetFromMap` from the flags, again from the
//! merged config, a deep copy with the object's own gates applied during defaulting and
//! validation, and `Enabled` for gate-dependent defaults and checks
//! (`cmd/kubelet/app/server.go`). [`Gates`] names just those, so the layering code reads like
//! upstream's; the one implementation is the crate's port of `k8s.io/component-base/featuregate`.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{KubeletConfigError, KubeletConfigStage};
use crate::featuregate::{self, FeatureGate, FeatureGateError, PreRelease};
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

/// What reading a gate found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GateState {
    On,
    Off,
    /// The kubelet did not register the gate.
    ///
    /// Upstream, `Enabled` on an unregistered gate is a programming error (it panics): one
    /// kubelet binary only reads the gates it registers. kubegate runs the newest release's
    /// defaulting and validation for every release, so the rules read gates an older kubelet
    /// (or a feature list given as input) never registered; in that release the code reading
    /// the gate did not exist, so the field it guards did not either. [`Gates::enabled`]
    /// therefore reads such a gate as off, which leaves the older configuration as it was;
    /// [`Gates::state`] tells the two apart for callers that must not conflate them.
    Unregistered,
}

/// The first kubelet whose gate logs "setting GA/deprecated feature gate" as a structured line
/// (component-base v0.36: `logger.Info("Warning: setting GA feature gate. ...", "featureGate",
/// k, "value", v)`). Every earlier release, back to 1.16, printed
/// `klog.Warningf("Setting GA feature gate %s=%t. It will be removed in a future release.")`.
fn structured_warnings_since() -> Version {
    Version::new(1, 36)
}

/// What the kubelet's configuration code needs from a feature gate.
pub trait Gates {
    /// `SetFromMap`: warnings on success, upstream's error on failure (no change then).
    fn set_from_map(&mut self, m: &BTreeMap<String, bool>)
        -> Result<Vec<String>, FeatureGateError>;
    /// `Enabled`, telling an unregistered gate apart.
    fn state(&self, name: &str) -> GateState;
    /// `Enabled` as the configuration rules read it: an unregistered gate is off (see
    /// [`GateState::Unregistered`] for why that is the faithful reading).
    fn enabled(&self, name: &str) -> bool {
        self.state(name) == GateState::On
    }
    /// `DeepCopy`.
    fn boxed_clone(&self) -> Box<dyn Gates>;
    /// Every known gate and its effective value.
    fn all(&self) -> BTreeMap<String, bool>;
    /// The spec in effect for `name`, if the gate knows it and it exists at the gate's version.
    fn info(&self, name: &str) -> Option<GateInfo>;
}

impl Gates for FeatureGate {
    fn set_from_map(
        &mut self,
        m: &BTreeMap<String, bool>,
    ) -> Result<Vec<String>, FeatureGateError> {
        let structured = *self.emulation_version() >= structured_warnings_since();
        FeatureGate::set_from_map(self, m).map(|ws| {
            ws.into_iter()
                .map(|w| {
                    let stage = self.spec(&w.feature).map(|s| s.pre_release);
                    match stage {
                        Ok(PreRelease::GA | PreRelease::Deprecated) if !structured => {
                            let stage = if stage == Ok(PreRelease::GA) {
                                "GA"
                            } else {
                                "deprecated"
                            };
                            format!(
                                "Setting {stage} feature gate {}={}. It will be removed in a future release.",
                                w.feature, w.value
                            )
                        }
                        _ => format!("{} featureGate={} value={}", w.message, w.feature, w.value),
                    }
                })
                .collect()
        })
    }

    fn state(&self, name: &str) -> GateState {
        match FeatureGate::enabled(self, name) {
            Ok(true) => GateState::On,
            Ok(false) => GateState::Off,
            Err(_) => GateState::Unregistered,
        }
    }

    fn boxed_clone(&self) -> Box<dyn Gates> {
        Box::new(self.deep_copy())
    }

    fn all(&self) -> BTreeMap<String, bool> {
        let mut all = BTreeMap::new();
        all.extend(
            self.feature_states()
                .into_iter()
                .filter(|s| s.pre_release != PreRelease::PreAlpha)
                .map(|s| (s.name, s.enabled)),
        );
        all
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
) -> Result<FeatureGate, KubeletConfigError> {
    let Some(text) = feature_list else {
        let release = Release::of(&version).map_err(KubeletConfigError::from_cause)?;
        return releases::gates::release_gate(release).map_err(feature_list_error);
    };
    let mut gate = FeatureGate::with_emulation_version(version);
    let features = featuregate::parse_feature_list(text).map_err(feature_list_error)?;
    gate.add_versioned(features).map_err(feature_list_error)?;
    Ok(gate)
}

/// The gates could not be registered: the release's data or the feature list given.
fn feature_list_error(e: FeatureGateError) -> KubeletConfigError {
    KubeletConfigError::from_cause(e).at_stage(KubeletConfigStage::FeatureList)
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
            Gates::set_from_map(&mut g, &m("X", true))
                .unwrap_err()
                .to_string(),
            "unrecognized feature gate: X"
        );
        // A failed key stays in the raw values (upstream's sticky behaviour); the kubelet exits on
        // the first failure, so each case gets a fresh gate.
        let mut g = gates();
        assert_eq!(
            Gates::set_from_map(&mut g, &m("G", false))
                .unwrap_err()
                .to_string(),
            "cannot set feature gate G to false, feature is locked to true"
        );
        let mut g = gates();
        assert_eq!(
            Gates::set_from_map(&mut g, &m("G", true)).unwrap(),
            vec!["Setting GA feature gate G=true. It will be removed in a future release."]
        );
        Gates::set_from_map(&mut g, &m("AllAlpha", true)).unwrap();
        assert!(Gates::enabled(&g, "A"));
    }

    /// component-base's klog.Warningf line (1.16 to 1.35) became a structured logger.Info line
    /// in v0.36 (kubernetes-1.36.0); both name the gate and the value.
    #[test]
    fn the_ga_warning_is_worded_as_the_release_logs_it() {
        let list = "- name: G\n  versionedSpecs:\n  - {default: true, lockToDefault: false, preRelease: GA, version: \"1.20\"}\n- name: D\n  versionedSpecs:\n  - {default: true, lockToDefault: false, preRelease: Beta, version: \"1.19\"}\n  - {default: false, lockToDefault: false, preRelease: Deprecated, version: \"1.20\"}\n";
        let m = BTreeMap::from([("G".to_string(), true), ("D".to_string(), false)]);
        let warnings = |minor| {
            let mut g = kubelet_gate(Version::new(1, minor), Some(list)).unwrap();
            Gates::set_from_map(&mut g, &m).unwrap()
        };
        assert_eq!(
            warnings(35),
            [
                "Setting deprecated feature gate D=false. It will be removed in a future release.",
                "Setting GA feature gate G=true. It will be removed in a future release."
            ]
        );
        assert_eq!(
            warnings(36),
            [
                "Warning: setting deprecated feature gate. It will be removed in a future release. featureGate=D value=false",
                "Warning: setting GA feature gate. It will be removed in a future release. featureGate=G value=true"
            ]
        );
    }

    #[test]
    fn an_unregistered_gate_is_told_apart_and_reads_as_off() {
        let g = gates();
        assert_eq!(Gates::state(&g, "G"), GateState::On);
        assert_eq!(Gates::state(&g, "A"), GateState::Off);
        assert_eq!(Gates::state(&g, "NotThere"), GateState::Unregistered);
        assert!(!Gates::enabled(&g, "NotThere"));
    }
}
