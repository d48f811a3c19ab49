//! Layered kubelet configuration with provenance: defaults, `--config` file, `--config-dir`
//! drop-ins, command-line flags, historical dynamic config; feature gates set the way the
//! kubelet sets them; validation of the final result; an explanation of every value.
//!
//! Upstream: `cmd/kubelet/app/server.go` (`NewKubeletCommand` RunE, `loadConfigFile`,
//! `mergeKubeletConfigurations`, `kubeletConfigFlagPrecedence`, Kubernetes ≈1.30–1.34) and the
//! packages named in each submodule. [`resolve_kubelet_config`] follows RunE step by step and
//! wraps every error with the same text the kubelet prints, so that a failure reads exactly as
//! it would on a node; the file, line or flag involved is carried beside the text.

pub mod defaults;
pub mod dropins;
pub mod dynamic;
pub mod file;
pub mod flags;
pub mod flagvalue;
pub mod gates;
pub mod pflag;
pub mod provenance;
mod server;
pub mod startup;
pub mod types;
pub mod upgrade;
pub mod validation;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::releases::Release;
use crate::version::Version;
use gates::Gates;
use provenance::{Layer, Origin, Provenance};
use server::Startup;

/// The kubelet version assumed when the input names none.
pub const DEFAULT_KUBELET_VERSION: &str = "1.33";
/// Largest accepted file, argument list or virtual filesystem (bytes), to bound work on
/// hostile input: the whole input of one resolution (2 MiB; real kubelet configs are a few KiB),
/// so that any input within it resolves in well under a second in wasm.
pub const MAX_INPUT_BYTES: usize = 2 << 20;

/// What to resolve: a kubelet command line plus the files it refers to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ResolveInput {
    /// `"1.33"`; defaults to [`DEFAULT_KUBELET_VERSION`].
    pub kubelet_version: Option<String>,
    /// The kubelet's arguments (without the program name).
    pub args: Vec<String>,
    /// Virtual filesystem: absolute path to contents.
    pub files: BTreeMap<String, String>,
    /// Directories that exist even though they hold no file (an empty drop-in dir).
    pub dirs: Vec<String>,
    /// Environment variables (only `KUBELET_CONFIG_DROPIN_DIR_ALPHA` matters, 1.28–1.29).
    pub env: BTreeMap<String, String>,
    /// The working directory relative `--config` paths start from; defaults to `/`.
    pub cwd: Option<String>,
    /// Historical dynamic kubelet config (1.11–1.23).
    pub dynamic: Option<dynamic::DynamicInput>,
    /// The known feature gates, as `versioned_feature_list.yaml` text.
    pub feature_list: Option<String>,
}

/// A resolution failure: the kubelet's exact text, plus where it comes from when known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigError {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    /// For validation, which reports every failure at once: each message with its own
    /// location. The top-level location is the first problem's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<ConfigProblem>,
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
    fn locate(message: String, field: Option<String>, prov: &Provenance) -> Self {
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

impl ConfigError {
    pub fn new(message: impl Into<String>) -> Self {
        ConfigError {
            message: message.into(),
            file: None,
            line: None,
            flag: None,
            problems: Vec::new(),
        }
    }
    pub fn at(message: impl Into<String>, file: &str, line: Option<usize>) -> Self {
        ConfigError {
            file: Some(file.to_string()),
            line,
            ..ConfigError::new(message)
        }
    }
    /// An error made of located problems; the first one's location is the error's.
    fn from_problems(message: String, problems: Vec<ConfigProblem>) -> Self {
        let first = problems.first().cloned();
        ConfigError {
            message,
            file: first.as_ref().and_then(|p| p.file.clone()),
            line: first.as_ref().and_then(|p| p.line),
            flag: first.and_then(|p| p.flag),
            problems,
        }
    }
    pub(crate) fn flag(message: impl Into<String>, flag: Option<String>) -> Self {
        ConfigError {
            flag,
            ..ConfigError::new(message)
        }
    }
    /// Rewraps the text, keeping the location.
    pub fn wrap(mut self, f: impl FnOnce(&str) -> String) -> Self {
        self.message = f(&self.message);
        self
    }
    /// The configuration field at fault (dotted path): the first problem's, if any.
    pub fn field(&self) -> Option<&str> {
        self.problems.first().and_then(|p| p.field.as_deref())
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

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The effective configuration and how it came to be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resolved {
    pub kubelet_version: String,
    /// The effective `KubeletConfiguration` (v1beta1 JSON).
    pub config: Value,
    /// Every known feature gate and its effective value.
    pub feature_gates: BTreeMap<String, bool>,
    pub provenance: Provenance,
    pub warnings: Vec<String>,
    /// Leaves that differ from the built-in defaults.
    pub diff: Vec<provenance::DiffEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dynamic: Option<dynamic::DynamicStatus>,
}

/// Builds the gate for `input` and resolves. The gate knows the gates of `input.featureList`
/// (none if absent).
pub fn resolve_kubelet_config(input: &ResolveInput) -> Result<Resolved, ConfigError> {
    let version = parse_version(input.kubelet_version.as_deref())?;
    let mut gates = gates::kubelet_gate(version, input.feature_list.as_deref())?;
    resolve_with_gates(input, &mut gates)
}

pub(crate) fn parse_version(v: Option<&str>) -> Result<Version, ConfigError> {
    let text = v.unwrap_or(DEFAULT_KUBELET_VERSION);
    Version::parse(text).map_err(|e| ConfigError::new(e.to_string()))
}

fn check_sizes(input: &ResolveInput) -> Result<(), ConfigError> {
    let total: usize = input
        .files
        .iter()
        .map(|(k, v)| k.len() + v.len())
        .sum::<usize>()
        + input.args.iter().map(String::len).sum::<usize>();
    if total > MAX_INPUT_BYTES {
        return Err(ConfigError::new(format!(
            "input too large: {total} bytes (limit {MAX_INPUT_BYTES})"
        )));
    }
    Ok(())
}

/// Resolves against a caller-provided gate (the process gate at the kubelet's version): the
/// kubelet's start, stage by stage ([`server`]), stopping at the first stage that fails.
pub fn resolve_with_gates(
    input: &ResolveInput,
    gates: &mut dyn Gates,
) -> Result<Resolved, ConfigError> {
    check_sizes(input)?;
    let version = parse_version(input.kubelet_version.as_deref())?;
    let release = Release::of(&version).map_err(|e| ConfigError::new(e.to_string()))?;
    let mut run = Startup::new(input, version, release);

    let cl = run.parse_command_line()?;
    let mut layers = run.flags_onto_defaults(&cl, &*gates)?;
    run.set_gates_from_flags(gates, &layers)?;
    run.validate_kubelet_flags(&cl, &*gates)?;
    let files = run.config_files(&cl);
    if let Some(path) = &files.config {
        run.load_config_file(path, &*gates, &mut layers)?;
    }
    if let Some(dir) = &files.dir {
        run.merge_config_dir(dir, &mut layers)?;
    }
    if files.config.is_some() || files.dir.is_some() {
        run.flag_precedence(&cl, gates, &mut layers)?;
    }
    let dynamic = run.dynamic_config(&cl, gates, &mut layers)?;
    run.release_fields_only(&mut layers);
    run.validate(&layers, &*gates, files.config.as_deref())?;
    run.startup_checks(&layers)?;
    Ok(run.finish(layers, &*gates, dynamic))
}

/// Explains one field of a resolution (`featureGates.MemoryQoS`, `evictionHard`,
/// `authorization.webhook`).
pub fn explain_kubelet_config(
    result: &Resolved,
    field_path: &str,
) -> Result<provenance::Explanation, ConfigError> {
    provenance::explain(&result.provenance, field_path).ok_or_else(|| {
        ConfigError::new(format!(
            "no field {} in the resolved kubelet configuration",
            crate::go::quote(field_path)
        ))
    })
}

pub use server::flag_precedence;
pub use upgrade::{check_kubelet_upgrade, UpgradeFinding, UpgradeReport};
