//! A feature's stage of maturity ([`PreRelease`]), on its own so that the error texts
//! ([`super::error`]) and the spec rules ([`super::spec`]) both name it without depending on
//! each other.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A feature's maturity. `Display` prints upstream's constant (`ALPHA`, `BETA`, the empty string
/// for GA, `DEPRECATED`, `PRE-ALPHA`), which is what Kubernetes puts in its messages; JSON and YAML
/// use the spelled-out names of `versioned_feature_list.yaml` (`Alpha`, `GA`, ...).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(type = "\"PreAlpha\" | \"Alpha\" | \"Beta\" | \"GA\" | \"Deprecated\"")
)]
pub enum PreRelease {
    /// Not available yet at the emulation version. Never written in a spec list: it is what
    /// [`spec_at`](super::spec::spec_at) answers when no entry applies.
    PreAlpha,
    Alpha,
    Beta,
    /// Upstream's zero value: a spec that names no stage is GA.
    #[default]
    GA,
    /// Terminal: once deprecated, a feature never returns to another stage.
    Deprecated,
}

impl PreRelease {
    /// The name used in `versioned_feature_list.yaml` and in kubegate's JSON.
    pub fn name(self) -> &'static str {
        match self {
            PreRelease::PreAlpha => "PreAlpha",
            PreRelease::Alpha => "Alpha",
            PreRelease::Beta => "Beta",
            PreRelease::GA => "GA",
            PreRelease::Deprecated => "Deprecated",
        }
    }

    /// Upstream's constant, as Kubernetes prints it in errors and `--help`.
    pub fn upstream(self) -> &'static str {
        match self {
            PreRelease::PreAlpha => "PRE-ALPHA",
            PreRelease::Alpha => "ALPHA",
            PreRelease::Beta => "BETA",
            PreRelease::GA => "",
            PreRelease::Deprecated => "DEPRECATED",
        }
    }

    /// Accepts both spellings (`Alpha` and `ALPHA`; `GA` and the empty string).
    pub fn from_name(name: &str) -> Option<PreRelease> {
        Some(match name {
            "PreAlpha" | "PRE-ALPHA" => PreRelease::PreAlpha,
            "Alpha" | "ALPHA" => PreRelease::Alpha,
            "Beta" | "BETA" => PreRelease::Beta,
            "GA" | "" => PreRelease::GA,
            "Deprecated" | "DEPRECATED" => PreRelease::Deprecated,
            _ => return None,
        })
    }

    /// `stabilityOrder`: a feature may only depend on features at least as stable as itself.
    /// Alpha may depend on PreAlpha (both 1); nothing but a deprecated feature may depend on a
    /// deprecated one (0).
    pub(crate) fn stability_order(self) -> i32 {
        match self {
            PreRelease::Deprecated => 0,
            PreRelease::PreAlpha | PreRelease::Alpha => 1,
            PreRelease::Beta => 2,
            PreRelease::GA => 3,
        }
    }
}

impl fmt::Display for PreRelease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.upstream())
    }
}

impl Serialize for PreRelease {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for PreRelease {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = Cow::<str>::deserialize(d)?;
        PreRelease::from_name_or_error(&name).map_err(serde::de::Error::custom)
    }
}

impl PreRelease {
    /// [`PreRelease::from_name`], or the error a stage name that is none gets (wherever it was
    /// read: JSON, or the feature-list decoder).
    pub(crate) fn from_name_or_error(name: &str) -> Result<PreRelease, UnknownPreRelease> {
        // The names only, in their one spelling: `ALPHA` (upstream's Go constant) and the empty
        // string are what Go code writes, never a feature list or JSON.
        let named = matches!(name, "PreAlpha" | "Alpha" | "Beta" | "GA" | "Deprecated");
        named
            .then(|| PreRelease::from_name(name))
            .flatten()
            .ok_or_else(|| UnknownPreRelease(name.to_string()))
    }
}

/// A stage name that is none of the five, as a decoder reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UnknownPreRelease(String);

impl fmt::Display for UnknownPreRelease {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown preRelease {:?}: expected one of \"PreAlpha\", \"Alpha\", \"Beta\", \"GA\", \"Deprecated\"",
            self.0
        )
    }
}
