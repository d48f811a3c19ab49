//! Feature-gate errors, printing exactly what Kubernetes prints.
//!
//! Upstream returns either one `fmt.Errorf` or an `utilerrors.NewAggregate` of several. We keep
//! each failure as a typed [`Problem`] (so callers can ask *which* feature and *what* value) and
//! gather them in a [`FeatureGateError`], whose `Display` is the compatibility contract: one
//! problem prints verbatim, several print as `[e1, e2]` with duplicates removed, as
//! `utilerrors.Aggregate` does. Where upstream's order is Go's random map order, ours is sorted by
//! feature name, so output is stable.

use std::fmt;

use serde::Serialize;

use super::stage::PreRelease;
use crate::go::quote as go_quote;
use crate::version::Version;

/// One thing that went wrong, with upstream's text as its `Display`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Problem {
    // --- the --feature-gates syntax (Set) ---
    /// `missing bool value for X`
    MissingBoolValue {
        feature: String,
    },
    /// `invalid value of X=v, err: strconv.ParseBool: parsing "v": invalid syntax`
    InvalidBoolValue {
        feature: String,
        value: String,
    },

    // --- setting values (SetFromMap) ---
    /// `unrecognized feature gate: X`
    Unrecognized {
        feature: String,
    },
    /// `cannot set feature gate X to v, feature is locked to d`
    Locked {
        feature: String,
        value: bool,
        locked_to: bool,
    },
    /// The feature does not exist yet at the emulated version.
    PreAlphaAtVersion {
        feature: String,
        value: bool,
        emulation: Version,
        min_compat: Version,
    },
    /// `X is enabled, but depends on features that are disabled: [A B]`
    DisabledDependencies {
        feature: String,
        disabled: Vec<String>,
    },
    /// `feature:X was explicitly set, but not in enabled map`
    ExplicitButNotEnabled {
        feature: String,
    },
    /// `feature "X" is not registered in FeatureGate` (upstream panics; we return it)
    NotRegistered {
        feature: String,
    },

    // --- registering features (AddVersioned) ---
    AddAfterClose,
    NoVersion {
        feature: String,
    },
    PatchVersion {
        feature: String,
        version: Version,
    },
    MinCompatWithoutPrecedingEntry {
        feature: String,
        min_compat: Version,
    },
    PatchMinCompat {
        feature: String,
        min_compat: Version,
    },
    MinCompatAboveVersion {
        feature: String,
        min_compat: Version,
        version: Version,
    },
    IntroducedAsDeprecated {
        feature: String,
    },
    DecreasingVersions {
        feature: String,
        version: Version,
        previous: Version,
    },
    DecreasingMinCompat {
        feature: String,
        min_compat: Version,
        previous: Version,
    },
    DuplicateVersions {
        feature: String,
        version: Version,
    },
    StabilityChangeAtSameVersion {
        feature: String,
        from: PreRelease,
        to: PreRelease,
    },
    LockChangeAtSameVersion {
        feature: String,
        from: bool,
        to: bool,
    },
    TransitionWithoutChange {
        feature: String,
        from: Version,
        to: Version,
    },
    UnlockAfterLock {
        feature: String,
    },
    ResurrectedFromDeprecated {
        feature: String,
    },
    StabilityRegression {
        feature: String,
        to: PreRelease,
        version: Version,
    },
    /// Re-registering a feature with other specs; `existing` is Go's `%v` of the stored specs.
    DifferentSpecExists {
        feature: String,
        existing: String,
    },

    // --- dependencies (AddDependencies) ---
    DependencyAfterClose,
    DependencyOfUnknown {
        feature: String,
    },
    DependencyOnUnknown {
        feature: String,
        dependency: String,
    },
    DependencyLessStable {
        feature: String,
        stage: PreRelease,
        dependency: String,
        dependency_stage: PreRelease,
        version: Version,
    },
    DependencyDefaultOff {
        feature: String,
        dependency: String,
        version: Version,
    },
    DependencyUnlocked {
        feature: String,
        dependency: String,
        version: Version,
    },
    DependencyCycle {
        feature: String,
    },

    // --- overriding defaults ---
    OverrideAfterClose {
        feature: String,
    },
    OverrideNotRegistered {
        feature: String,
    },
    OverrideLocked {
        feature: String,
        locked_to: bool,
    },
    OverrideNotAvailable {
        feature: String,
        version: Version,
    },

    // --- kubegate's own inputs (not upstream texts; upstream has no such inputs) ---
    /// A version string that does not parse (`version.Parse`'s text), with what it was for.
    InvalidVersion {
        what: &'static str,
        message: String,
    },
    /// A malformed `versioned_feature_list.yaml`, and the line of the text at fault (the one
    /// the problem is on, which a YAML syntax error's go-yaml text may not name).
    FeatureList {
        message: String,
        line: Option<usize>,
    },
}

impl Problem {
    /// The line of the input at fault, for a problem of a text (a feature list).
    pub fn line(&self) -> Option<usize> {
        match self {
            Problem::FeatureList { line, .. } => *line,
            _ => None,
        }
    }

    /// The feature this problem is about, if it is about one.
    pub fn feature(&self) -> Option<&str> {
        use Problem::*;
        match self {
            MissingBoolValue { feature }
            | InvalidBoolValue { feature, .. }
            | Unrecognized { feature }
            | Locked { feature, .. }
            | PreAlphaAtVersion { feature, .. }
            | DisabledDependencies { feature, .. }
            | ExplicitButNotEnabled { feature }
            | NotRegistered { feature }
            | NoVersion { feature }
            | PatchVersion { feature, .. }
            | MinCompatWithoutPrecedingEntry { feature, .. }
            | PatchMinCompat { feature, .. }
            | MinCompatAboveVersion { feature, .. }
            | IntroducedAsDeprecated { feature }
            | DecreasingVersions { feature, .. }
            | DecreasingMinCompat { feature, .. }
            | DuplicateVersions { feature, .. }
            | StabilityChangeAtSameVersion { feature, .. }
            | LockChangeAtSameVersion { feature, .. }
            | TransitionWithoutChange { feature, .. }
            | UnlockAfterLock { feature }
            | ResurrectedFromDeprecated { feature }
            | StabilityRegression { feature, .. }
            | DifferentSpecExists { feature, .. }
            | DependencyOfUnknown { feature }
            | DependencyOnUnknown { feature, .. }
            | DependencyLessStable { feature, .. }
            | DependencyDefaultOff { feature, .. }
            | DependencyUnlocked { feature, .. }
            | DependencyCycle { feature }
            | OverrideAfterClose { feature }
            | OverrideNotRegistered { feature }
            | OverrideLocked { feature, .. }
            | OverrideNotAvailable { feature, .. } => Some(feature),
            AddAfterClose | DependencyAfterClose | InvalidVersion { .. } | FeatureList { .. } => {
                None
            }
        }
    }

    /// What kind of problem this is, for callers that branch on it (the JS `Error` carries it
    /// as `kind`).
    pub fn kind(&self) -> FeatureGateErrorKind {
        use FeatureGateErrorKind as K;
        use Problem::*;
        match self {
            MissingBoolValue { .. } | InvalidBoolValue { .. } => K::Syntax,
            Unrecognized { .. } => K::Unrecognized,
            Locked { .. } => K::Locked,
            PreAlphaAtVersion { .. } => K::PreAlpha,
            DisabledDependencies { .. } => K::Dependency,
            ExplicitButNotEnabled { .. } => K::Reset,
            NotRegistered { .. } => K::NotRegistered,
            AddAfterClose | DependencyAfterClose | OverrideAfterClose { .. } => K::Closed,
            DependencyOfUnknown { .. }
            | DependencyOnUnknown { .. }
            | DependencyLessStable { .. }
            | DependencyDefaultOff { .. }
            | DependencyUnlocked { .. }
            | DependencyCycle { .. } => K::DependencySpec,
            OverrideNotRegistered { .. } | OverrideLocked { .. } | OverrideNotAvailable { .. } => {
                K::Override
            }
            InvalidVersion { .. } => K::Version,
            FeatureList { .. } => K::FeatureList,
            _ => K::Spec,
        }
    }
}

error_kind! {
    /// What kind of feature-gate problem an error reports ([`Problem::kind`],
    /// [`FeatureGateError::kind`]).
    pub enum FeatureGateErrorKind {
        /// A `--feature-gates` piece that is not `Name=bool`.
        Syntax = "syntax",
        /// A feature the gate does not know.
        Unrecognized = "unrecognized",
        /// A locked feature set to the other value.
        Locked = "locked",
        /// A feature not yet available at the emulated version.
        PreAlpha = "preAlpha",
        /// An enabled feature whose dependencies are disabled.
        Dependency = "dependency",
        /// A feature set explicitly that the resolved gate does not hold (an internal
        /// inconsistency upstream reports rather than hides).
        Reset = "reset",
        /// A feature asked about that was never registered (upstream panics).
        NotRegistered = "notRegistered",
        /// A change to a gate that is already closed for changes.
        Closed = "closed",
        /// A declared dependency that the rules refuse.
        DependencySpec = "dependencySpec",
        /// An override of a default that is refused.
        Override = "override",
        /// A version that cannot be read or is out of range.
        Version = "version",
        /// A feature list that cannot be read.
        FeatureList = "featureList",
        /// A spec list that breaks the versioning rules.
        Spec = "spec",
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Problem::*;
        let q = Quoted;
        match self {
            MissingBoolValue { feature } => write!(f, "missing bool value for {feature}"),
            InvalidBoolValue { feature, value } => write!(
                f,
                "invalid value of {feature}={value}, err: strconv.ParseBool: parsing {}: invalid syntax",
                q(value)
            ),
            Unrecognized { feature } => write!(f, "unrecognized feature gate: {feature}"),
            Locked {
                feature,
                value,
                locked_to,
            } => write!(
                f,
                "cannot set feature gate {feature} to {value}, feature is locked to {locked_to}"
            ),
            PreAlphaAtVersion {
                feature,
                value,
                emulation,
                min_compat,
            } => write!(
                f,
                "cannot set feature gate {feature} to {value}, feature is PreAlpha at emulated version {emulation}, min compatibility version {min_compat}"
            ),
            DisabledDependencies { feature, disabled } => write!(
                f,
                "{feature} is enabled, but depends on features that are disabled: [{}]",
                disabled.join(" ")
            ),
            ExplicitButNotEnabled { feature } => {
                write!(f, "feature:{feature} was explicitly set, but not in enabled map")
            }
            NotRegistered { feature } => {
                write!(f, "feature {} is not registered in FeatureGate", q(feature))
            }
            AddAfterClose => f.write_str("cannot add a feature gate after adding it to the flag set"),
            NoVersion { feature } => write!(f, "feature {} did not provide a version", q(feature)),
            PatchVersion { feature, version } => {
                write!(f, "feature {} specified patch version: {version}", q(feature))
            }
            MinCompatWithoutPrecedingEntry { feature, min_compat } => write!(
                f,
                "feature {} specified MinCompatibilityVersion: {min_compat} without a preceding entry at the same Version without MinCompatibilityVersion set",
                q(feature)
            ),
            PatchMinCompat { feature, min_compat } => write!(
                f,
                "feature {} specified patch MinCompatibilityVersion: {min_compat}",
                q(feature)
            ),
            MinCompatAboveVersion {
                feature,
                min_compat,
                version,
            } => write!(
                f,
                "feature {} MinCompatibilityVersion {min_compat} greater than Version {version}",
                q(feature)
            ),
            IntroducedAsDeprecated { feature } => write!(
                f,
                "feature {} introduced as deprecated must provide a 1.0 entry indicating initial state",
                q(feature)
            ),
            DecreasingVersions {
                feature,
                version,
                previous,
            } => write!(
                f,
                "feature {} lists version transitions in decreasing order ({version} < {previous})",
                q(feature)
            ),
            DecreasingMinCompat {
                feature,
                min_compat,
                previous,
            } => write!(
                f,
                "feature {} lists min compatibility version transitions in decreasing order ({min_compat} < {previous})",
                q(feature)
            ),
            DuplicateVersions { feature, version } => write!(
                f,
                "feature {} lists duplicate entries with the same versions ({version} = {version})",
                q(feature)
            ),
            StabilityChangeAtSameVersion { feature, from, to } => write!(
                f,
                "feature {} lists stability changes with the same version ({from} -> {to})",
                q(feature)
            ),
            LockChangeAtSameVersion { feature, from, to } => write!(
                f,
                "feature {} lists locked to default changes with the same version ({from} -> {to})",
                q(feature)
            ),
            TransitionWithoutChange { feature, from, to } => write!(
                f,
                "feature {} lists transition without stability change ({from} -> {to})",
                q(feature)
            ),
            UnlockAfterLock { feature } => write!(
                f,
                "feature {} must not unlock after locking to default",
                q(feature)
            ),
            ResurrectedFromDeprecated { feature } => write!(
                f,
                "deprecated feature {} must not resurrect from its terminal state",
                q(feature)
            ),
            StabilityRegression {
                feature,
                to,
                version,
            } => write!(
                f,
                "feature {} regresses stability from more stable level to {to} in {version}",
                q(feature)
            ),
            DifferentSpecExists { feature, existing } => write!(
                f,
                "feature gate {} with different spec already exists: {existing}",
                q(feature)
            ),
            DependencyAfterClose => {
                f.write_str("cannot add a feature gate dependency after adding it to the flag set")
            }
            DependencyOfUnknown { feature } => {
                write!(f, "cannot add dependency for unknown feature {feature}")
            }
            DependencyOnUnknown {
                feature,
                dependency,
            } => write!(
                f,
                "cannot add dependency from {feature} to unknown feature {dependency}"
            ),
            DependencyLessStable {
                feature,
                stage,
                dependency,
                dependency_stage,
                version,
            } => write!(
                f,
                "{stage} feature {feature} cannot depend on {dependency_stage} feature {dependency} at version {version}"
            ),
            DependencyDefaultOff {
                feature,
                dependency,
                version,
            } => write!(
                f,
                "default-enabled feature {feature} cannot depend on default-disabled feature {dependency} at version {version}"
            ),
            DependencyUnlocked {
                feature,
                dependency,
                version,
            } => write!(
                f,
                "locked-to-default feature {feature} cannot depend on unlocked feature {dependency} at version {version}"
            ),
            DependencyCycle { feature } => write!(f, "cycle detected with feature {feature}"),
            OverrideAfterClose { feature } => write!(
                f,
                "cannot override default for feature {}: gates already added to a flag set",
                q(feature)
            ),
            OverrideNotRegistered { feature } => write!(
                f,
                "cannot override default: feature {} is not registered",
                q(feature)
            ),
            OverrideLocked { feature, locked_to } => write!(
                f,
                "cannot override default: feature {} default is locked to {locked_to}",
                q(feature)
            ),
            OverrideNotAvailable { feature, version } => write!(
                f,
                "cannot override default: feature {} is not available before version {version}",
                q(feature)
            ),
            InvalidVersion { what, message } => write!(f, "invalid {what}: {message}"),
            FeatureList { message, .. } => f.write_str(message),
        }
    }
}

/// A name as Go's `%q` prints it, written straight into the formatter: one `Display` for every
/// message instead of a quoted `String` built and dropped in each.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&go_quote(self.0))
    }
}

/// A byte range in a parsed `--feature-gates` text (`start..end`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// What a feature-gate operation returns on failure: one or more [`Problem`]s.
///
/// `Display` prints like `utilerrors.NewAggregate(errs).Error()`: a single problem verbatim,
/// several as `[first, second]`, duplicates removed.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureGateError {
    problems: Vec<Problem>,
    /// For errors from a `--feature-gates` string: where in it each problem's piece is.
    spans: Vec<Option<Span>>,
}

impl FeatureGateError {
    pub(crate) fn new(problems: Vec<Problem>) -> Self {
        let spans = vec![None; problems.len()];
        FeatureGateError { problems, spans }
    }

    /// Attaches to each problem the span of the piece it is about, when `span_of` knows one.
    pub(crate) fn with_spans(mut self, span_of: impl Fn(&Problem) -> Option<Span>) -> Self {
        self.spans = self.problems.iter().map(span_of).collect();
        self
    }

    /// For each problem (same order as [`problems`](Self::problems)), the byte span of the
    /// `Key=value` piece it is about in the `--feature-gates` text given to
    /// [`FeatureGate::set`](super::FeatureGate::set), if any.
    pub fn spans(&self) -> &[Option<Span>] {
        &self.spans
    }

    /// Every problem, in the order they were found.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The first problem's kind. Never empty: every constructor is given at least one problem
    /// (the gate returns an error only when its list of problems is not empty), so the fallback
    /// is unreachable.
    pub fn kind(&self) -> FeatureGateErrorKind {
        self.problems
            .first()
            .map_or(FeatureGateErrorKind::Spec, Problem::kind)
    }

    /// Each problem's text, as `Validate()` returns them upstream.
    pub fn messages(&self) -> Vec<String> {
        self.problems.iter().map(|p| p.to_string()).collect()
    }
}

impl From<Box<Problem>> for FeatureGateError {
    fn from(p: Box<Problem>) -> Self {
        FeatureGateError::new(vec![*p])
    }
}

impl From<Problem> for FeatureGateError {
    fn from(p: Problem) -> Self {
        FeatureGateError::new(vec![p])
    }
}

impl fmt::Display for FeatureGateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut seen: Vec<String> = Vec::with_capacity(self.problems.len());
        for p in &self.problems {
            let s = p.to_string();
            if !seen.contains(&s) {
                seen.push(s);
            }
        }
        match seen.as_slice() {
            [one] => f.write_str(one),
            many => write!(f, "[{}]", many.join(", ")),
        }
    }
}

impl std::error::Error for FeatureGateError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aggregates_print_like_utilerrors() {
        let a = Problem::Unrecognized {
            feature: "A".into(),
        };
        let b = Problem::MissingBoolValue {
            feature: "B".into(),
        };
        assert_eq!(
            FeatureGateError::from(a.clone()).to_string(),
            "unrecognized feature gate: A"
        );
        assert_eq!(
            FeatureGateError::new(vec![a.clone(), b, a]).to_string(),
            "[unrecognized feature gate: A, missing bool value for B]"
        );
    }
}
