//! What each real Kubernetes release had: its feature gates (removed ones too), the kubelet's
//! flags, its configuration fields and their defaults.
//!
//! Two questions look alike and are not:
//!
//! - **"the kubelet 1.28 binary"**: a [`Release`]. It knows exactly the gates, flags and fields
//!   that 1.28 shipped, with 1.28's defaults and messages; a gate removed in 1.27 is unknown to it
//!   and one added in 1.29 does not exist yet.
//! - **"the newest binary emulating 1.28"** (`--emulated-version`, Kubernetes 1.31+): one binary's
//!   versioned gate list evaluated at an older version ([`crate::featuregate::FeatureGate`] with an
//!   emulation version). Gates that 1.28 had but the newest binary dropped stay unknown.
//!
//! Every picker, API and command line reads the range of releases from [`OLDEST`] and [`NEWEST`];
//! a version outside it is a [`ReleaseError`], never silently the nearest release.
//!
//! The facts are generated (see `scripts/gen-releases/` and `data/releases/README.md`): each data
//! module names the upstream repository, commit and path it was read from.

/// Declares a flag table's record (the kubelet's, [`kubelet_flags::FlagRecord`], and the control
/// plane's, [`component_flags::ComponentFlag`]): the fields given first, then the life every flag
/// has (name, shorthand, the releases that registered it, its spans), and the two questions asked
/// of that life. One declaration, so both tables count a release in or out the same way.
#[cfg(feature = "kubelet-config")]
macro_rules! flag_record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident<$span:ty> {
            $( $(#[$fmeta:meta])* pub $field:ident: $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
            /// The long name, with hyphens (the binaries normalize `_` to `-`).
            pub name: &'static str,
            pub shorthand: Option<char>,
            /// First release that registered it (16 means "1.16 or earlier").
            pub since: u16,
            /// First release that no longer registered it.
            pub removed: Option<u16>,
            /// Oldest first; the first starts at `since`.
            pub spans: &'static [$span],
        }

        impl $name {
            /// Whether `release` registered this flag.
            pub fn in_release(&self, release: Release) -> bool {
                super::lives_in(release, self.since, self.removed)
            }

            /// The flag as `release` registered it, if it did.
            pub fn at(&self, release: Release) -> Option<&'static $span> {
                if !self.in_release(release) {
                    return None;
                }
                super::span_at(self.spans, release, |s| s.from)
            }
        }
    };
}

#[cfg(feature = "control-plane")]
pub mod component_configs;
#[cfg(feature = "control-plane")]
pub mod component_flags;
mod gate_records;
pub mod gates;
#[cfg(feature = "kubelet-config")]
pub mod kubelet_config;
#[cfg(feature = "kubelet-config")]
pub mod kubelet_flags;
mod packed;

use std::fmt;

use crate::version::Version;

/// The oldest release whose facts kubegate carries.
pub const OLDEST: Release = Release::of_minor(16);
/// The newest release whose facts kubegate carries.
pub const NEWEST: Release = Release::of_minor(37);

/// Whether `release` lies in a registration's life: from minor `since` up to, not including,
/// minor `removed`, as the kubelet's and the components' flag records count theirs.
#[cfg(feature = "kubelet-config")]
pub(crate) fn lives_in(release: Release, since: u16, removed: Option<u16>) -> bool {
    let m = release.minor();
    m >= since && removed.is_none_or(|r| m < r)
}

/// The span of a life (oldest first) that `release` falls in: the last one starting at or before
/// its minor.
#[cfg(feature = "kubelet-config")]
pub(crate) fn span_at<S>(spans: &[S], release: Release, from: impl Fn(&S) -> u16) -> Option<&S> {
    spans.iter().rev().find(|s| from(s) <= release.minor())
}

/// The newest binary's versioned gate list ([`NEWEST`]), in the shape
/// [`FeatureGate::add_versioned`](crate::featuregate::FeatureGate::add_versioned) takes: with an emulation version, the answer of that binary
/// started with `--emulated-version`. For the real binary of an older release use
/// [`gates::release_gate`].
pub fn kubernetes_features(
) -> std::collections::BTreeMap<String, Vec<crate::featuregate::FeatureSpec>> {
    gates::features_in(NEWEST)
}

/// The dependencies the newest binary declares between its gates, in the shape
/// [`FeatureGate::add_dependencies`](crate::featuregate::FeatureGate::add_dependencies) takes. None of the releases kubegate carries declares any:
/// `pkg/features`' dependency map came after them, so this is empty, and stays the one place to
/// fill when a release does.
pub fn kubernetes_dependencies() -> std::collections::BTreeMap<String, Vec<String>> {
    std::collections::BTreeMap::new()
}

/// A Kubernetes 1.x release within [`OLDEST`]..=[`NEWEST`]: a minor, and the patch when one was
/// given (`1.32.4`). Gates, flags and fields are per minor; a few gate facts changed within a
/// minor, and those are answered per patch ([`gates::patch_range`]). Without a patch a release
/// answers as its first patch the data pins (normally `1.N.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release {
    minor: u16,
    patch: Option<u16>,
}

impl Release {
    /// The release `1.minor`, if kubegate has its facts.
    pub fn new(minor: u16) -> Result<Release, ReleaseError> {
        let r = Release { minor, patch: None };
        if !(OLDEST.minor..=NEWEST.minor).contains(&minor) {
            return Err(ReleaseError::OutOfRange {
                asked: format!("1.{minor}"),
            });
        }
        Ok(r)
    }

    const fn of_minor(minor: u16) -> Release {
        Release { minor, patch: None }
    }

    /// Reads `"1.28"`, `"v1.28"`, `"1.28.3"` or `"v1.28.3-eks-1234"`. The patch is kept (a few
    /// gate facts changed in a patch release); anything after it is ignored. As in Go's
    /// `version.ParseGeneric`, only ASCII whitespace may surround it; a non-ASCII character is
    /// an error.
    pub fn parse(text: &str) -> Result<Release, ReleaseError> {
        // Go's `\s` (version.ParseGeneric) is ASCII whitespace only: a no-break space or any
        // other non-ASCII character is not a version.
        if let Some(c) = text.chars().find(|c| !c.is_ascii()) {
            return Err(ReleaseError::Invalid {
                text: text.to_string(),
                reason: format!(
                    "the character U+{:04X} is not part of a version",
                    u32::from(c)
                ),
            });
        }
        let v = Version::parse_generic(text.trim_matches(|c: char| c.is_ascii_whitespace()))
            .map_err(|e| ReleaseError::Invalid {
                text: text.to_string(),
                reason: e.to_string(),
            })?;
        let mut r = Release::of(&v)?.minor_release();
        if let Some(&patch) = v.components().get(2) {
            r.patch = Some(u16::try_from(patch).map_err(|_| ReleaseError::Invalid {
                text: text.to_string(),
                reason: "the patch number is too large".into(),
            })?);
        }
        Ok(r)
    }

    /// The release of a version (major.minor of it, and its patch).
    pub fn of(version: &Version) -> Result<Release, ReleaseError> {
        if version.major() != 1 || version.minor() > u64::from(u16::MAX) {
            return Err(ReleaseError::OutOfRange {
                asked: format!("{}.{}", version.major(), version.minor()),
            });
        }
        let mut r = Release::new(version.minor() as u16)?;
        r.patch = version
            .components()
            .get(2)
            .and_then(|&p| u16::try_from(p).ok());
        Ok(r)
    }

    pub fn minor(self) -> u16 {
        self.minor
    }

    /// The patch, when one was given.
    pub fn patch(self) -> Option<u16> {
        self.patch
    }

    /// The same release at patch `patch`.
    pub fn with_patch(self, patch: u16) -> Release {
        Release {
            patch: Some(patch),
            ..self
        }
    }

    /// The minor alone (`1.32.4` -> `1.32`).
    pub fn minor_release(self) -> Release {
        Release::of_minor(self.minor)
    }

    /// `1.minor`: the version a binary of this release emulates by default.
    pub fn version(self) -> Version {
        Version::new(1, u64::from(self.minor))
    }

    /// Every release kubegate carries, oldest first.
    pub fn all() -> impl DoubleEndedIterator<Item = Release> {
        (OLDEST.minor..=NEWEST.minor).map(Release::of_minor)
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.patch {
            Some(p) => write!(f, "1.{}.{p}", self.minor),
            None => write!(f, "1.{}", self.minor),
        }
    }
}

/// A version (or a gate) kubegate cannot answer for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReleaseError {
    /// Not a version at all.
    Invalid { text: String, reason: String },
    /// A real version, but outside the releases kubegate carries.
    OutOfRange { asked: String },
    /// A gate name no release registered (see [`gates::unknown_gate`]), with the known names
    /// close to it, nearest first.
    UnknownGate {
        name: String,
        close: Vec<&'static str>,
    },
}

impl fmt::Display for ReleaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReleaseError::Invalid { text, reason } => {
                write!(f, "invalid Kubernetes version {text:?}: {reason}")
            }
            ReleaseError::OutOfRange { asked } => write!(
                f,
                "Kubernetes {asked} is outside the releases kubegate has data for ({OLDEST} to {NEWEST})"
            ),
            ReleaseError::UnknownGate { name, .. } if name == "AllAlpha" || name == "AllBeta" => {
                write!(
                    f,
                    "{name} is not a feature of its own: every release's gate registers it to set all {} gates at once, so it has no history",
                    if name == "AllAlpha" { "alpha" } else { "beta" }
                )
            }
            ReleaseError::UnknownGate { name, close } => {
                write!(
                    f,
                    "no release from {OLDEST} to {NEWEST} registered a feature gate named {name:?}"
                )?;
                if !close.is_empty() {
                    write!(f, "; close names: {}", close.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ReleaseError {}

error_kind! {
    /// What kind of error a [`ReleaseError`] is.
    pub enum ReleaseErrorKind {
        /// A version or gate kubegate has no release data for.
        Release = "release",
    }
}

impl ReleaseError {
    /// Always [`ReleaseErrorKind::Release`].
    pub fn kind(&self) -> ReleaseErrorKind {
        ReleaseErrorKind::Release
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_release_spellings_and_refuses_outside_the_data() {
        assert_eq!(Release::parse("1.28").unwrap().minor(), 28);
        assert_eq!(Release::parse("v1.28.3").unwrap().minor(), 28);
        assert_eq!(Release::parse("1.32.4").unwrap().patch(), Some(4));
        assert_eq!(Release::parse("1.32.4").unwrap().to_string(), "1.32.4");
        assert_eq!(Release::parse("1.32").unwrap().patch(), None);
        assert_eq!(Release::parse(" 1.30\n").unwrap().minor(), 30);
        for spaced in ["\u{a0}1.30", "1.30\u{2003}", "\u{feff}1.30"] {
            assert!(
                matches!(Release::parse(spaced), Err(ReleaseError::Invalid { .. })),
                "{spaced:?}"
            );
        }
        assert_eq!(Release::parse("v1.30.2-eks-1234").unwrap().minor(), 30);
        assert!(matches!(
            Release::parse("1.15"),
            Err(ReleaseError::OutOfRange { .. })
        ));
        assert_eq!(
            Release::parse("1.99").unwrap_err().to_string(),
            "Kubernetes 1.99 is outside the releases kubegate has data for (1.16 to 1.37)"
        );
        assert!(matches!(
            Release::parse("one.two"),
            Err(ReleaseError::Invalid { .. })
        ));
        assert_eq!(Release::all().count(), 22);
    }
}
