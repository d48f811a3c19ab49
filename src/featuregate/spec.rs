//! Feature specs: what a feature is at each Kubernetes version, and the rules a spec list obeys.
//!
//! Upstream: `k8s.io/component-base/featuregate/feature_gate.go` (`FeatureSpec`,
//! `VersionedSpecs`, `AddVersioned`, `featureSpecAtEmulationAndMinCompatVersion`), component-base
//! at Kubernetes 1.37.
//!
//! A feature is a list of specs in ascending version order, each saying "from this version on,
//! the feature is at this stage with this default". Which entry applies depends on two versions of
//! the component: the *emulation version* (which release it behaves like) and the
//! *min-compatibility version* (the oldest release of the control plane it must still interoperate
//! with). See [`spec_at`].

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::error::{FeatureGateError, Problem};
pub use super::stage::PreRelease;
use crate::version::Version;

/// One stage of a feature, valid from `version` on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct FeatureSpec {
    /// Whether the feature is on when nobody sets it.
    pub default: bool,
    /// The feature cannot be set to anything but its default (typically GA or deprecated
    /// features about to be removed).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub lock_to_default: bool,
    /// The stage; a spec that names none is GA, as upstream's zero value.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub pre_release: PreRelease,
    /// The first version this spec applies to. `None` is refused by
    /// [`FeatureGate::add_versioned`](super::FeatureGate::add_versioned);
    /// [`FeatureGate::add`](super::FeatureGate::add) sets `0.0`, so an unversioned feature
    /// applies at every emulation version.
    #[serde(default, with = "opt_version")]
    #[cfg_attr(feature = "typescript", ts(type = "string | null", optional = nullable))]
    pub version: Option<Version>,
    /// The lowest min-compatibility version this spec needs. It lets a feature go Beta at 1.35 but
    /// only turn on by default once every control-plane component it talks to is at least 1.35:
    ///
    /// ```text
    /// FeatureA: [{1.35, Beta, default false},
    ///            {1.35, Beta, default true, minCompatibilityVersion 1.35}]
    /// ```
    ///
    /// A server at 1.35 with `--min-compatibility-version=1.34` (the default) has FeatureA off;
    /// with 1.35, on. It may only follow an entry at the same `version` without it, and later
    /// entries that leave it unset inherit it (see [`complete_specs`]).
    #[serde(default, with = "opt_version", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(type = "string | null", optional = nullable))]
    pub min_compatibility_version: Option<Version>,
}

impl FeatureSpec {
    /// A spec at `version` with the given stage and default, unlocked.
    pub fn new(version: Version, pre_release: PreRelease, default: bool) -> Self {
        FeatureSpec {
            default,
            lock_to_default: false,
            pre_release,
            version: Some(version),
            min_compatibility_version: None,
        }
    }

    /// The same spec, locked to its default.
    pub fn locked(mut self) -> Self {
        self.lock_to_default = true;
        self
    }

    /// The same spec, requiring a min-compatibility version.
    pub fn with_min_compatibility(mut self, version: Version) -> Self {
        self.min_compatibility_version = Some(version);
        self
    }

    /// `HelpString`: the `--help` line of a feature at this stage, empty for GA, deprecated and
    /// pre-alpha features (they are hidden from `--feature-gates` help).
    pub fn help_string(&self, feature: &str, include_compat_version: bool) -> String {
        if matches!(
            self.pre_release,
            PreRelease::GA | PreRelease::Deprecated | PreRelease::PreAlpha
        ) {
            return String::new();
        }
        let mut s = format!(
            "{feature}=true|false ({} - default={})",
            self.pre_release, self.default
        );
        if include_compat_version {
            if let Some(mc) = &self.min_compatibility_version {
                s.push_str(&format!(" if --min-compatibility-version>={mc}"));
            }
        }
        s
    }

    fn version_or_zero(&self) -> Cow<'_, Version> {
        match &self.version {
            Some(v) => Cow::Borrowed(v),
            None => Cow::Owned(Version::new(0, 0)),
        }
    }
}

/// Go's `%v` of a `FeatureSpec`, used in "different spec already exists" errors:
/// `{Default LockToDefault PreRelease Version MinCompatibilityVersion}`, nil printed as `<nil>`.
pub(crate) struct GoSpecs<'a>(pub &'a [FeatureSpec]);

impl fmt::Display for GoSpecs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |v: &Option<Version>| match v {
            Some(v) => v.to_string(),
            None => "<nil>".to_string(),
        };
        f.write_str("[")?;
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(
                f,
                "{{{} {} {} {} {}}}",
                s.default,
                s.lock_to_default,
                s.pre_release,
                opt(&s.version),
                opt(&s.min_compatibility_version)
            )?;
        }
        f.write_str("]")
    }
}

/// The spec in force at an emulation version and min-compatibility version
/// (`featureSpecAtEmulationAndMinCompatVersion`).
///
/// Walks the list from the newest entry back and takes the first one that is not newer than
/// `emulation` and whose min-compatibility requirement (if any) `min_compat` meets. With no
/// `min_compat`, one minor below `emulation` is assumed. When nothing applies the feature does not
/// exist yet: a synthetic `{0.0, PreAlpha, default false}` spec is returned.
pub fn spec_at<'a>(
    specs: &'a [FeatureSpec],
    emulation: &Version,
    min_compat: Option<&Version>,
) -> Cow<'a, FeatureSpec> {
    match spec_index_at(specs, emulation, min_compat) {
        Some(i) => match specs.get(i) {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(pre_alpha()),
        },
        None => Cow::Owned(pre_alpha()),
    }
}

/// Like [`spec_at`], but the index of the entry (None for the synthetic pre-alpha spec).
pub(crate) fn spec_index_at(
    specs: &[FeatureSpec],
    emulation: &Version,
    min_compat: Option<&Version>,
) -> Option<usize> {
    let derived;
    let min_compat = match min_compat {
        Some(v) => v,
        None => {
            derived = emulation.subtract_minor(1);
            &derived
        }
    };
    specs.iter().enumerate().rev().find_map(|(i, spec)| {
        if spec.version_or_zero().as_ref() > emulation {
            return None;
        }
        match &spec.min_compatibility_version {
            Some(mc) if min_compat < mc => None,
            _ => Some(i),
        }
    })
}

pub(crate) fn pre_alpha() -> FeatureSpec {
    FeatureSpec::new(Version::new(0, 0), PreRelease::PreAlpha, false)
}

/// Checks a feature's spec list against upstream's rules and returns it *completed*: every entry
/// after the first that leaves `minCompatibilityVersion` unset inherits the previous entry's, so
/// that the requirement never decreases as a feature matures.
///
/// The rules, in the order upstream checks them (`AddVersioned`, component-base 1.37):
/// 1. every entry has a version, and it is exactly `major.minor`;
/// 2. a min-compatibility version follows an entry at the same version, is `major.minor`, and is
///    not above the entry's version;
/// 3. a feature introduced as deprecated starts at `x.0` (its prior state is implied);
/// 4. versions never decrease, nor do min-compatibility versions;
/// 5. two entries at one version differ only by min-compatibility version and default;
/// 6. every transition changes the stage, the default or the lock;
/// 7. a locked feature never unlocks, a deprecated one never comes back, and stability never
///    regresses (GA or Beta to Alpha, GA to Beta).
pub fn complete_specs(
    name: &str,
    specs: &[FeatureSpec],
) -> Result<Vec<FeatureSpec>, FeatureGateError> {
    check_specs(name, specs).map_err(FeatureGateError::from)
}

fn check_specs(name: &str, specs: &[FeatureSpec]) -> Result<Vec<FeatureSpec>, Box<Problem>> {
    let mut completed: Vec<FeatureSpec> = Vec::with_capacity(specs.len());
    let (mut was_beta, mut was_ga, mut was_deprecated, mut was_locked) =
        (false, false, false, false);
    let name = name.to_string();
    for (i, spec) in specs.iter().enumerate() {
        let Some(version) = &spec.version else {
            return Err(Box::new(Problem::NoVersion { feature: name }));
        };
        if !version.is_major_minor() {
            return Err(Box::new(Problem::PatchVersion {
                feature: name,
                version: version.clone(),
            }));
        }
        let last = completed.last();
        let last_version = last.and_then(|l| l.version.as_ref());
        if let Some(mc) = &spec.min_compatibility_version {
            if i == 0 || last_version != Some(version) {
                return Err(Box::new(Problem::MinCompatWithoutPrecedingEntry {
                    feature: name,
                    min_compat: mc.clone(),
                }));
            }
            if !mc.is_major_minor() {
                return Err(Box::new(Problem::PatchMinCompat {
                    feature: name,
                    min_compat: mc.clone(),
                }));
            }
            if mc > version {
                return Err(Box::new(Problem::MinCompatAboveVersion {
                    feature: name,
                    min_compat: mc.clone(),
                    version: version.clone(),
                }));
            }
        }
        if i == 0 && spec.pre_release == PreRelease::Deprecated && version.minor() != 0 {
            return Err(Box::new(Problem::IntroducedAsDeprecated { feature: name }));
        }
        if let (Some(last), Some(last_version)) = (last, last_version) {
            if version < last_version {
                return Err(Box::new(Problem::DecreasingVersions {
                    feature: name,
                    version: version.clone(),
                    previous: last_version.clone(),
                }));
            }
            if let (Some(mc), Some(last_mc)) = (
                &spec.min_compatibility_version,
                &last.min_compatibility_version,
            ) {
                if mc < last_mc {
                    return Err(Box::new(Problem::DecreasingMinCompat {
                        feature: name,
                        min_compat: mc.clone(),
                        previous: last_mc.clone(),
                    }));
                }
            }
            if version == last_version {
                if spec.min_compatibility_version == last.min_compatibility_version {
                    return Err(Box::new(Problem::DuplicateVersions {
                        feature: name,
                        version: version.clone(),
                    }));
                }
                if spec.pre_release != last.pre_release {
                    return Err(Box::new(Problem::StabilityChangeAtSameVersion {
                        feature: name,
                        from: last.pre_release,
                        to: spec.pre_release,
                    }));
                }
                if spec.lock_to_default != last.lock_to_default {
                    return Err(Box::new(Problem::LockChangeAtSameVersion {
                        feature: name,
                        from: last.lock_to_default,
                        to: spec.lock_to_default,
                    }));
                }
            }
            if spec.pre_release == last.pre_release
                && spec.default == last.default
                && spec.lock_to_default == last.lock_to_default
            {
                return Err(Box::new(Problem::TransitionWithoutChange {
                    feature: name,
                    from: last_version.clone(),
                    to: version.clone(),
                }));
            }
            if was_locked && !spec.lock_to_default {
                return Err(Box::new(Problem::UnlockAfterLock { feature: name }));
            }
            if spec.pre_release != PreRelease::Deprecated && was_deprecated {
                return Err(Box::new(Problem::ResurrectedFromDeprecated {
                    feature: name,
                }));
            }
            if (spec.pre_release == PreRelease::Alpha && (was_beta || was_ga))
                || (spec.pre_release == PreRelease::Beta && was_ga)
            {
                return Err(Box::new(Problem::StabilityRegression {
                    feature: name,
                    to: spec.pre_release,
                    version: version.clone(),
                }));
            }
        }
        let mut c = spec.clone();
        if c.min_compatibility_version.is_none() && i > 0 {
            c.min_compatibility_version = last.and_then(|l| l.min_compatibility_version.clone());
        }
        was_beta |= spec.pre_release == PreRelease::Beta;
        was_ga |= spec.pre_release == PreRelease::GA;
        was_deprecated |= spec.pre_release == PreRelease::Deprecated;
        was_locked |= spec.lock_to_default;
        completed.push(c);
    }
    Ok(completed)
}

/// Versions as "major.minor" strings in JSON (a leading `v` accepted on input).
pub mod opt_version {
    use super::Version;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Version>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.collect_str(v),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Version>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        text.map(|t| Version::parse(&t).map_err(serde::de::Error::custom))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap()
    }

    /// TestFeatureSpecAtEmulationAndMinCompatVersion.
    #[test]
    fn spec_at_emulation_and_min_compat() {
        // Built directly, as upstream's test does (AddVersioned would refuse the stage change).
        let specs = [
            FeatureSpec::new(v("1.25"), PreRelease::Alpha, false),
            FeatureSpec::new(v("1.25"), PreRelease::Beta, false).with_min_compatibility(v("1.25")),
            FeatureSpec::new(v("1.29"), PreRelease::GA, true).with_min_compatibility(v("1.25")),
        ];
        let cases: &[(&str, Option<&str>, Option<usize>)] = &[
            ("1.30", None, Some(2)),
            ("1.29", None, Some(2)),
            ("1.28", None, Some(1)),
            ("1.26", None, Some(1)),
            ("1.25", Some("1.25"), Some(1)),
            ("1.25", None, Some(0)),
            ("1.24", None, None),
            ("1.26", Some("1.23"), Some(0)),
            ("1.29", Some("1.23"), Some(0)),
        ];
        for (emu, mc, want) in cases {
            let mc = mc.map(v);
            assert_eq!(
                spec_index_at(&specs, &v(emu), mc.as_ref()),
                *want,
                "emu {emu} mc {mc:?}"
            );
        }
        assert_eq!(
            spec_at(&specs, &v("1.24"), None).pre_release,
            PreRelease::PreAlpha
        );
    }

    #[test]
    fn go_formatting_of_specs() {
        let specs = [FeatureSpec::new(v("1.27"), PreRelease::Alpha, false)];
        assert_eq!(
            GoSpecs(&specs).to_string(),
            "[{false false ALPHA 1.27 <nil>}]"
        );
        let ga = [FeatureSpec::new(v("1.0"), PreRelease::GA, true)];
        assert_eq!(GoSpecs(&ga).to_string(), "[{true false  1.0 <nil>}]");
    }
}
