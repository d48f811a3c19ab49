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

pub mod gates;
#[cfg(feature = "kubelet-config")]
pub mod kubelet_config;
#[cfg(feature = "kubelet-config")]
pub mod kubelet_flags;
mod packed;

use std::fmt;

use crate::version::Version;

/// The oldest release whose facts kubegate carries.
pub const OLDEST: Release = Release(16);
/// The newest release whose facts kubegate carries.
pub const NEWEST: Release = Release(36);

/// A Kubernetes 1.x minor release within [`OLDEST`]..=[`NEWEST`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release(u16);

impl Release {
    /// The release `1.minor`, if kubegate has its facts.
    pub fn new(minor: u16) -> Result<Release, ReleaseError> {
        let r = Release(minor);
        if r < OLDEST || r > NEWEST {
            return Err(ReleaseError::OutOfRange {
                asked: format!("1.{minor}"),
            });
        }
        Ok(r)
    }

    /// Reads `"1.28"`, `"v1.28"`, `"1.28.3"` or `"v1.28.3-eks-1234"`: only major.minor matter
    /// (patch releases do not add or remove gates, flags or fields).
    pub fn parse(text: &str) -> Result<Release, ReleaseError> {
        let v = Version::parse_generic(text.trim()).map_err(|e| ReleaseError::Invalid {
            text: text.to_string(),
            reason: e.to_string(),
        })?;
        if v.major() != 1 || v.minor() > u64::from(u16::MAX) {
            return Err(ReleaseError::OutOfRange {
                asked: format!("{}.{}", v.major(), v.minor()),
            });
        }
        Release::new(v.minor() as u16)
    }

    /// The release of a version (major.minor of it).
    pub fn of(version: &Version) -> Result<Release, ReleaseError> {
        if version.major() != 1 || version.minor() > u64::from(u16::MAX) {
            return Err(ReleaseError::OutOfRange {
                asked: format!("{}.{}", version.major(), version.minor()),
            });
        }
        Release::new(version.minor() as u16)
    }

    pub fn minor(self) -> u16 {
        self.0
    }

    pub fn version(self) -> Version {
        Version::new(1, u64::from(self.0))
    }

    /// Every release kubegate carries, oldest first.
    pub fn all() -> impl DoubleEndedIterator<Item = Release> {
        (OLDEST.0..=NEWEST.0).map(Release)
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "1.{}", self.0)
    }
}

/// A version kubegate cannot answer for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReleaseError {
    /// Not a version at all.
    Invalid { text: String, reason: String },
    /// A real version, but outside the releases kubegate carries.
    OutOfRange { asked: String },
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
        }
    }
}

impl std::error::Error for ReleaseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_release_spellings_and_refuses_outside_the_data() {
        assert_eq!(Release::parse("1.28").unwrap().minor(), 28);
        assert_eq!(Release::parse("v1.28.3").unwrap().minor(), 28);
        assert_eq!(Release::parse("v1.30.2-eks-1234").unwrap().minor(), 30);
        assert!(matches!(
            Release::parse("1.15"),
            Err(ReleaseError::OutOfRange { .. })
        ));
        assert_eq!(
            Release::parse("1.99").unwrap_err().to_string(),
            "Kubernetes 1.99 is outside the releases kubegate has data for (1.16 to 1.36)"
        );
        assert!(matches!(
            Release::parse("one.two"),
            Err(ReleaseError::Invalid { .. })
        ));
        assert_eq!(Release::all().count(), 21);
    }
}
