//! The one error of the kubelet configuration: the kubelet's exact text, which stage of its
//! start refused, where the value at fault was written, and the error underneath.
//!
//! A kubelet that refuses to start prints one line: each stage of `RunE`
//! (`cmd/kubelet/app/server.go`) wraps the error of the step below with its own words
//! (`failed to load kubelet config file, path: …, error: …`). [`KubeletConfigError`]'s `Display` is
//! that line, byte for byte. Beside it, and never inside it, it carries what the line only
//! implies: the [`KubeletConfigStage`] (the stage), the file and line or the flag, every
//! validation failure as a located [`ConfigProblem`], and as [`std::error::Error::source`] the
//! structured error it wraps (a [`FeatureGateError`], a [`YamlError`], a [`FlagError`], …), so
//! that a caller can match on it rather than on text.

use std::fmt;

use serde::Serialize;

use super::pflag::FlagError;
use super::provenance::{Layer, Origin, Provenance};
use crate::featuregate::FeatureGateError;
use crate::releases::ReleaseError;
use crate::version::VersionError;
use crate::yaml::YamlError;

error_kind! {
    /// What kind of error a [`KubeletConfigError`] is. One kind today: the stage that refused
    /// is [`KubeletConfigError::stage`].
    pub enum KubeletConfigErrorKind {
        /// The kubelet refused to start with this configuration.
        KubeletConfig = "kubeletConfig",
    }
}

/// Which stage of the kubelet's start refused the configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum KubeletConfigStage {
    /// The request itself: too large, a version kubegate does not carry, a field path that is
    /// not in the result.
    #[default]
    Input,
    /// The gates the kubelet registers: the release's, or the feature list given.
    FeatureList,
    /// `cleanFlagSet.Parse`: `failed to parse kubelet flag: …`, `unknown command …`.
    Flags,
    /// A `SetFromMap` refused the gates (from the flags, or from the merged configuration).
    FeatureGates,
    /// `ValidateKubeletFlags`: `failed to validate kubelet flags: …`.
    FlagValidation,
    /// `loadConfigFile`: the `--config` file.
    ConfigFile,
    /// `mergeKubeletConfigurations`: the `--config-dir` drop-ins.
    DropIn,
    /// `kubeletConfigFlagPrecedence`.
    FlagPrecedence,
    /// The dynamic kubelet config controller (1.11–1.23).
    DynamicConfig,
    /// `ValidateKubeletConfiguration`: every failure is in [`KubeletConfigError::problems`].
    Validation,
    /// What `run()` and `NewMainKubelet` parse after validation.
    Startup,
}

/// The structured error a [`KubeletConfigError`] wraps, as its `source()`.
#[derive(Clone, Debug, PartialEq)]
pub enum Cause {
    FeatureGate(FeatureGateError),
    Yaml(YamlError),
    Flag(FlagError),
    Version(VersionError),
    Release(ReleaseError),
}

// The wrapped errors compare by value; none holds a float or anything else without a total
// equality, so `Eq` holds (and keeps `KubeletConfigError: Eq`, as it was).
impl Eq for Cause {}

impl Cause {
    fn as_error(&self) -> &(dyn std::error::Error + 'static) {
        match self {
            Cause::FeatureGate(e) => e,
            Cause::Yaml(e) => e,
            Cause::Flag(e) => e,
            Cause::Version(e) => e,
            Cause::Release(e) => e,
        }
    }
}

/// Each wrapped error converts into its variant.
macro_rules! cause_from {
    ($($variant:ident($ty:ty)),* $(,)?) => {$(
        impl From<$ty> for Cause {
            fn from(e: $ty) -> Self {
                Cause::$variant(e)
            }
        }
    )*};
}

cause_from!(
    FeatureGate(FeatureGateError),
    Yaml(YamlError),
    Flag(FlagError),
    Version(VersionError),
    Release(ReleaseError),
);

/// A resolution failure: the kubelet's exact text, plus where it comes from when known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KubeletConfigError {
    /// The kubelet's text (also `Display`).
    message: String,
    /// The stage that refused, and the error underneath (serialized as `stage`).
    #[serde(rename = "stage", serialize_with = "stage_of")]
    detail: Box<Detail>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    flag: Option<String>,
    /// For validation, which reports every failure at once: each message with its own
    /// location. The top-level location is the first problem's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    problems: Vec<ConfigProblem>,
}

/// What only a program needs: boxed, so that a `Result` carrying the error stays small.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Detail {
    stage: KubeletConfigStage,
    cause: Option<Cause>,
}

fn stage_of<S: serde::Serializer>(d: &Detail, s: S) -> Result<S::Ok, S::Error> {
    d.stage.serialize(s)
}

/// One validation or startup failure and where the value at fault was written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigProblem {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
}

impl ConfigProblem {
    /// Locates `field` through the provenance: the file and line, or the flag, that wrote the
    /// effective value (for a struct or map, its first leaf written by a file or flag).
    pub(crate) fn locate(message: String, field: Option<String>, prov: &Provenance) -> Self {
        let origin = field.as_deref().and_then(|f| {
            let prefix = format!("{f}.");
            let written = |o: &Origin| {
                matches!(
                    o.layer,
                    Layer::ConfigFile | Layer::DropIn | Layer::Flag | Layer::DynamicConfig
                )
            };
            prov.get(f)
                .map(|p| p.origin.clone())
                .filter(written)
                .or_else(|| {
                    prov.iter()
                        .filter(|(k, _)| k.starts_with(&prefix))
                        .map(|(_, p)| p.origin.clone())
                        .find(written)
                })
        });
        let (mut file, mut line, mut flag) = (None, None, None);
        if let Some(o) = origin {
            if o.layer == Layer::Flag {
                flag = Some(o.source);
            } else {
                file = Some(o.source);
                line = o.line;
            }
        }
        ConfigProblem {
            message,
            field,
            file,
            line,
            flag,
        }
    }
}

impl KubeletConfigError {
    /// An error of kind [`KubeletConfigStage::Input`] until a stage claims it.
    pub fn new(message: impl Into<String>) -> Self {
        KubeletConfigError {
            message: message.into(),
            detail: Box::default(),
            file: None,
            line: None,
            flag: None,
            problems: Vec::new(),
        }
    }
    /// An error about `file` (at `line` when known).
    pub fn at(message: impl Into<String>, file: &str, line: Option<usize>) -> Self {
        KubeletConfigError {
            file: Some(file.to_string()),
            line,
            ..KubeletConfigError::new(message)
        }
    }
    /// An error made of located problems; the first one's location is the error's.
    pub(crate) fn from_problems(message: String, problems: Vec<ConfigProblem>) -> Self {
        let first = problems.first().cloned();
        KubeletConfigError {
            file: first.as_ref().and_then(|p| p.file.clone()),
            line: first.as_ref().and_then(|p| p.line),
            flag: first.and_then(|p| p.flag),
            problems,
            ..KubeletConfigError::new(message)
        }
    }
    /// An error about `flag`, when one is named.
    pub(crate) fn on_flag(message: impl Into<String>, flag: Option<String>) -> Self {
        KubeletConfigError::new(message).with_flag(flag)
    }
    /// Keeps `cause`, the error the text was made from, reachable as `source()`.
    pub(crate) fn with_cause(mut self, cause: impl Into<Cause>) -> Self {
        self.detail.cause = Some(cause.into());
        self
    }
    /// An error whose text is the wrapped error's own.
    pub(crate) fn from_cause(cause: impl Into<Cause>) -> Self {
        let cause = cause.into();
        KubeletConfigError::new(cause.as_error().to_string()).with_cause(cause)
    }
    /// Names the flag at fault.
    pub(crate) fn with_flag(mut self, flag: Option<String>) -> Self {
        self.flag = flag;
        self
    }
    /// Claims the error for a stage.
    pub(crate) fn at_stage(mut self, stage: KubeletConfigStage) -> Self {
        self.detail.stage = stage;
        self
    }
    /// Sets the location, unless the error already has one.
    pub(crate) fn or_at(mut self, file: &str, line: Option<usize>) -> Self {
        if self.file.is_none() {
            self.file = Some(file.to_string());
            self.line = line;
        }
        self
    }
    /// Rewraps the text, keeping the location and the cause.
    pub fn wrap(mut self, f: impl FnOnce(&str) -> String) -> Self {
        self.message = f(&self.message);
        self
    }
    /// The structured error underneath, if the text was made from one.
    pub fn cause(&self) -> Option<&Cause> {
        self.detail.cause.as_ref()
    }
    /// What kind of error this is: always [`KubeletConfigErrorKind::KubeletConfig`] (the
    /// area); which step refused is [`stage`](Self::stage).
    pub fn kind(&self) -> KubeletConfigErrorKind {
        KubeletConfigErrorKind::KubeletConfig
    }
    /// The stage of the kubelet's start that refused.
    pub fn stage(&self) -> KubeletConfigStage {
        self.detail.stage
    }
    /// The configuration field at fault (dotted path): the first problem's, if any.
    pub fn field(&self) -> Option<&str> {
        self.problems.first().and_then(|p| p.field.as_deref())
    }
    /// The kubelet's text, as `Display` prints it.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// The file that holds the value at fault, when known.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
    /// The line (1-based) in [`file`](Self::file), when known.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
    /// The flag at fault (`--port`), when one is named.
    pub fn flag(&self) -> Option<&str> {
        self.flag.as_deref()
    }
    /// Every validation or startup failure, each with its own location (empty for the other
    /// stages, which refuse with one error).
    pub fn problems(&self) -> &[ConfigProblem] {
        &self.problems
    }
    /// Replaces the location with `file` and `line`.
    pub(crate) fn relocated(mut self, file: Option<String>, line: Option<usize>) -> Self {
        self.file = file;
        self.line = line;
        self
    }
    /// `file:line` when known.
    pub fn location(&self) -> Option<String> {
        let file = self.file.as_ref()?;
        Some(match self.line {
            Some(l) => format!("{file}:{l}"),
            None => file.clone(),
        })
    }
}

impl fmt::Display for KubeletConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for KubeletConfigError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.detail.cause.as_ref().map(Cause::as_error)
    }
}
