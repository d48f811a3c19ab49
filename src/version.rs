//! Kubernetes version numbers, as `k8s.io/apimachinery/pkg/util/version` reads and compares them.
//!
//! Feature gates speak in `major.minor` versions ("1.31"), but what a user types may carry a leading
//! `v`, a patch number or a semver pre-release. Upstream keeps all of that and only *then* decides
//! whether it is acceptable (for example [`FeatureGate::add_versioned`] refuses a patch version with
//! `feature "X" specified patch version: 1.29.1`). To reproduce those errors we keep every component
//! too, and compare the way upstream does: missing trailing components count as zero, so `1.29`
//! equals `1.29.0`.
//!
//! Parsing follows `version.Parse`: semantic first (exactly three components, optional
//! `-pre.release` and `+build`), falling back to "generic" (two or more dot-separated numbers;
//! anything after them is ignored, as upstream ignores it).
//!
//! [`FeatureGate::add_versioned`]: crate::featuregate::FeatureGate::add_versioned

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::go::quote as go_quote;

/// A parsed Kubernetes version: `1.31`, `v1.31.2`, `1.32.0-alpha.1`.
///
/// `Display` prints it as upstream does: the numeric components joined by dots, then `-pre` and
/// `+build` if present. `Version::new(1, 28)` prints `1.28`.
#[derive(Clone, Debug, Eq)]
pub struct Version {
    components: Vec<u64>,
    semver: bool,
    pre_release: String,
    build_metadata: String,
}

/// Why a version string could not be parsed; the text is upstream's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionError {
    message: String,
}

impl VersionError {
    fn new(message: String) -> Self {
        VersionError { message }
    }
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VersionError {}

impl VersionError {
    /// Always [`ValueErrorKind::InvalidVersion`](crate::ValueErrorKind::InvalidVersion).
    pub fn kind(&self) -> crate::ValueErrorKind {
        crate::ValueErrorKind::InvalidVersion
    }
}

impl Version {
    /// `major.minor`, the shape every feature-gate version has (`version.MajorMinor`).
    pub fn new(major: u64, minor: u64) -> Self {
        Version {
            components: vec![major, minor],
            semver: false,
            pre_release: String::new(),
            build_metadata: String::new(),
        }
    }

    /// Parses like upstream's `version.Parse`: semantic versioning first, then generic.
    pub fn parse(text: &str) -> Result<Self, VersionError> {
        // A semantic version has three numbers, so text with fewer than two dots can only be
        // read generically: the semantic attempt, whose error would be dropped, is skipped
        // (a feature list parses hundreds of `"1.30"`s).
        if text.bytes().filter(|b| *b == b'.').count() < 2 {
            return parse(text, false);
        }
        parse(text, true).or_else(|_| parse(text, false))
    }

    /// Parses a version a caller names (an emulation version, a version to override a default
    /// at): what [`Version::parse`] accepts, but only when nothing follows the numbers except a
    /// semver pre-release (`-alpha.1`) and build (`+build.5`) of `[0-9A-Za-z.-]`, after an
    /// optional leading `v`.
    ///
    /// Why stricter than upstream: `version.Parse` falls back to the generic reading, which
    /// ignores whatever follows the numbers, so `"1.31x"` or `"1.31 beta"` read as 1.31. Upstream
    /// only parses versions its own code or release tooling wrote; a version a person types is
    /// more likely a typo than a suffix to drop, so it is refused with the text upstream uses for
    /// text that is no version at all. Errors of the reading itself keep upstream's text
    /// (`illegal version string "1"`).
    ///
    /// ```
    /// use kubegate::version::Version;
    /// assert_eq!(Version::parse_named("v1.31.2").unwrap().to_string(), "1.31.2");
    /// assert!(Version::parse("1.31x").is_ok());
    /// assert_eq!(
    ///     Version::parse_named("1.31x").unwrap_err().to_string(),
    ///     r#"could not parse "1.31x" as version"#
    /// );
    /// ```
    pub fn parse_named(text: &str) -> Result<Self, VersionError> {
        let version = Version::parse(text)?;
        if !is_plain(text) {
            return Err(VersionError::new(format!(
                "could not parse {} as version",
                go_quote(text)
            )));
        }
        Ok(version)
    }

    /// Parses a "generic" version (`version.ParseGeneric`): two or more numeric components.
    pub fn parse_generic(text: &str) -> Result<Self, VersionError> {
        parse(text, false)
    }

    /// The numeric components as written (`[1, 29]` for "1.29", `[1, 29, 1]` for "1.29.1").
    pub fn components(&self) -> &[u64] {
        &self.components
    }

    // Every constructor gives at least two components (`new` two, the parsers refuse fewer),
    // so the zeros below are unreachable.
    pub fn major(&self) -> u64 {
        self.components().first().copied().unwrap_or(0)
    }

    pub fn minor(&self) -> u64 {
        self.components().get(1).copied().unwrap_or(0)
    }

    /// True when the version is exactly `major.minor`, the only shape a feature spec may use.
    pub fn is_major_minor(&self) -> bool {
        self.components().len() == 2
    }

    /// The version `diff` minors back, with no patch; saturates at minor 0 (`SubtractMinor`).
    ///
    /// This is how a gate derives its default min-compatibility version: 1.34 gives 1.33, and
    /// 1.0 gives 1.0 (upstream never crosses a major boundary).
    pub fn subtract_minor(&self, diff: u64) -> Version {
        Version::new(self.major(), self.minor().saturating_sub(diff))
    }

    /// `major.minor` of this version, dropping patch and pre-release.
    pub fn major_minor(&self) -> Version {
        Version::new(self.major(), self.minor())
    }

    fn compare(&self, other: &Version) -> Ordering {
        let (a, b) = (self.components(), other.components());
        for (x, y) in a.iter().zip(b.iter()) {
            match x.cmp(y) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        // A longer version is larger only if its extra components are not all zero.
        let (common, longer_a) = (a.len().min(b.len()), a.len() > b.len());
        // `common` is the shorter length, so both slices exist.
        let rest = if longer_a {
            a.get(common..)
        } else {
            b.get(common..)
        }
        .unwrap_or_default();
        if rest.iter().any(|c| *c != 0) {
            return if longer_a {
                Ordering::Greater
            } else {
                Ordering::Less
            };
        }
        if !self.semver || !other.semver {
            return Ordering::Equal;
        }
        compare_pre_release(&self.pre_release, &other.pre_release)
    }
}

fn compare_pre_release(a: &str, b: &str) -> Ordering {
    match (a.is_empty(), b.is_empty()) {
        (true, true) => return Ordering::Equal,
        (true, false) => return Ordering::Greater,
        (false, true) => return Ordering::Less,
        _ if a == b => return Ordering::Equal,
        _ => {}
    }
    let (pa, pb): (Vec<&str>, Vec<&str>) = (a.split('.').collect(), b.split('.').collect());
    for (x, y) in pa.iter().zip(pb.iter()) {
        if let (Ok(nx), Ok(ny)) = (x.parse::<u64>(), y.parse::<u64>()) {
            match nx.cmp(&ny) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        match x.cmp(y) {
            Ordering::Equal => {}
            unequal => return unequal,
        }
    }
    pa.len().cmp(&pb.len())
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.compare(other) == Ordering::Equal
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        self.compare(other)
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.components().iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{c}")?;
        }
        if !self.pre_release.is_empty() {
            write!(f, "-{}", self.pre_release)?;
        }
        if !self.build_metadata.is_empty() {
            write!(f, "+{}", self.build_metadata)?;
        }
        Ok(())
    }
}

impl FromStr for Version {
    type Err = VersionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Version::parse(s)
    }
}

fn parse(text: &str, semver: bool) -> Result<Version, VersionError> {
    // ^\s*v?([0-9]+(?:\.[0-9]+)*)(.*)*$
    let trimmed = text.trim_start();
    // The `v` is optional: without it the numbers start the text.
    let body = trimmed.strip_prefix('v').unwrap_or(trimmed);
    let numbers_len = numeric_prefix_len(body);
    if numbers_len == 0 {
        return Err(VersionError::new(format!(
            "could not parse {} as version",
            go_quote(text)
        )));
    }
    let (numbers, extra) = body.split_at(numbers_len);
    let parts: Vec<&str> = numbers.split('.').collect();
    if (semver && parts.len() != 3) || (!semver && parts.len() < 2) {
        return Err(VersionError::new(format!(
            "illegal version string {}",
            go_quote(text)
        )));
    }
    let mut components = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        if (i == 0 || semver) && part.starts_with('0') && *part != "0" {
            return Err(VersionError::new(format!(
                "illegal zero-prefixed version component {} in {}",
                go_quote(part),
                go_quote(text)
            )));
        }
        let n = part.parse::<u64>().map_err(|_| {
            VersionError::new(format!(
                "illegal non-numeric version component {} in {}: strconv.ParseUint: parsing {}: value out of range",
                go_quote(part),
                go_quote(text),
                go_quote(part)
            ))
        })?;
        components.push(n);
    }
    let mut version = Version {
        components,
        semver,
        pre_release: String::new(),
        build_metadata: String::new(),
    };
    if semver && !extra.is_empty() {
        let (pre, build) = split_semver_extra(extra).ok_or_else(|| {
            VersionError::new(format!(
                "could not parse pre-release/metadata ({extra}) in version {}",
                go_quote(text)
            ))
        })?;
        for comp in pre.split('.') {
            if comp.parse::<u64>().is_ok() && comp.starts_with('0') && comp != "0" {
                return Err(VersionError::new(format!(
                    "illegal zero-prefixed version component {} in {}",
                    go_quote(comp),
                    go_quote(text)
                )));
            }
        }
        version.pre_release = pre.to_string();
        version.build_metadata = build.to_string();
    }
    Ok(version)
}

/// Whether `text` is `v?N(.N)+`, then optionally `-pre` and `+build` of `[0-9A-Za-z.-]`: the
/// shape [`Version::parse_named`] accepts.
fn is_plain(text: &str) -> bool {
    // The `v` is optional: without it the numbers start the text.
    let rest = text.strip_prefix('v').unwrap_or(text);
    // No character past the numbers: all of `rest` is numbers.
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let (numbers, suffix) = rest.split_at(end);
    let numeric = numbers.split('.').count() >= 2
        && numbers
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let ident = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
    };
    let suffix_ok = match suffix.strip_prefix('-') {
        Some(pre) => match pre.split_once('+') {
            Some((pre, build)) => ident(pre) && ident(build),
            None => ident(pre),
        },
        None => suffix.is_empty() || suffix.strip_prefix('+').is_some_and(ident),
    };
    numeric && suffix_ok
}

/// Length of the leading `[0-9]+(\.[0-9]+)*` run.
// A byte scanner: every `bytes[i]` sits behind an `i < bytes.len()` test in the same
// condition, so no index can pass the end (the fuzz tests in tests/hostile_parsers.rs agree).
#[allow(clippy::indexing_slicing)]
fn numeric_prefix_len(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut end = 0;
    let mut i = 0;
    loop {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return end;
        }
        end = i;
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
        } else {
            return end;
        }
    }
}

/// `^(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\s*$`
fn split_semver_extra(extra: &str) -> Option<(&str, &str)> {
    let extra = extra.trim_end();
    let ident_list = |s: &str| {
        !s.is_empty()
            && s.split('.').all(|id| {
                !id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
    };
    let (pre, build) = match extra.split_once('+') {
        Some((pre, build)) => (pre, Some(build)),
        None => (extra, None),
    };
    let pre = if pre.is_empty() {
        ""
    } else {
        let p = pre.strip_prefix('-')?;
        if !ident_list(p) {
            return None;
        }
        p
    };
    let build = match build {
        Some(b) if ident_list(b) => b,
        Some(_) => return None,
        None => "",
    };
    Some((pre, build))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap()
    }

    #[test]
    fn parses_and_prints_like_upstream() {
        assert_eq!(v("1.29").to_string(), "1.29");
        assert_eq!(v("v1.29").to_string(), "1.29");
        assert_eq!(v("1.29.1").to_string(), "1.29.1");
        assert_eq!(v("1.32.0-alpha.1").to_string(), "1.32.0-alpha.1");
        assert!(!v("1.29.1").is_major_minor());
        assert_eq!(
            Version::parse("banana").unwrap_err().to_string(),
            "could not parse \"banana\" as version"
        );
        assert_eq!(
            Version::parse("1").unwrap_err().to_string(),
            "illegal version string \"1\""
        );
        assert_eq!(
            Version::parse("01.2").unwrap_err().to_string(),
            "illegal zero-prefixed version component \"01\" in \"01.2\""
        );
    }

    #[test]
    fn a_named_version_refuses_what_the_generic_reading_would_drop() {
        let named = |s: &str| Version::parse_named(s).map(|v| v.to_string());
        for (text, want) in [
            ("1.31", "1.31"),
            ("v1.31", "1.31"),
            ("1.31.2", "1.31.2"),
            ("1.32.0-alpha.1", "1.32.0-alpha.1"),
            ("1.32.0-alpha.1+build.5", "1.32.0-alpha.1+build.5"),
            ("1.32.0+abc", "1.32.0+abc"),
        ] {
            assert_eq!(named(text).as_deref(), Ok(want), "{text}");
        }
        for text in [
            "1.31x", "1.31 ", " 1.31", "1.31-", "1.31+", "1.31.x", "1.31-a_b",
        ] {
            assert!(Version::parse(text).is_ok(), "{text}: upstream reads it");
            assert_eq!(
                Version::parse_named(text).unwrap_err().to_string(),
                format!("could not parse {} as version", go_quote(text)),
                "{text}"
            );
        }
        // The reading's own errors keep their text.
        for text in ["banana", "1", "01.2", ""] {
            assert_eq!(
                Version::parse_named(text).unwrap_err(),
                Version::parse(text).unwrap_err(),
                "{text}"
            );
        }
    }

    #[test]
    fn compares_with_zero_padding_and_subtracts_minors() {
        assert_eq!(v("1.29"), v("1.29.0"));
        assert!(v("1.29") < v("1.30"));
        assert!(v("1.29.1") > v("1.29"));
        assert_eq!(v("1.34").subtract_minor(1), v("1.33"));
        assert_eq!(v("1.0").subtract_minor(1), v("1.0"));
        assert_eq!(Version::new(0, 0).to_string(), "0.0");
    }
}
