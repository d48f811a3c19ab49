//! Layered kubelet configuration with provenance: defaults, `--config` file, `--config-dir`
//! drop-ins, command-line flags, historical dynamic config; feature gates set the way the
//! kubelet sets them; validation of the final result; an explanation of every value.
//!
//! Upstream: `cmd/kubelet/app/server.go` (`NewKubeletCommand` RunE, `loadConfigFile`,
//! `mergeKubeletConfigurations`, `kubeletConfigFlagPrecedence`, Kubernetes ≈1.30–1.34) and the
//! packages named in each submodule. [`resolve_kubelet_config`] follows RunE step by step and
//! wraps every error with the same text the kubelet prints, so that a failure reads exactly as
//! it would on a node; the stage, the file, line or flag involved and the structured error
//! underneath are carried beside the text ([`KubeletConfigError`]).
//!
//! The command line is read in three layers: [`pflag`] (how a Go flag set reads arguments),
//! [`flagvalue`] (how each kind of value is read) and [`flags`] (which flags a release's kubelet
//! registered and which configuration field each one writes).

pub mod defaults;
pub mod dropins;
pub mod dynamic;
pub mod error;
pub mod file;
pub mod flags;
pub mod flagvalidation;
pub mod flagvalue;
pub mod gates;
pub mod pflag;
mod precedence;
pub mod provenance;
mod server;
pub mod startup;
pub mod types;
pub mod upgrade;
pub mod validation;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::releases::Release;
use crate::version::Version;
use gates::Gates;
use provenance::Provenance;
use server::Startup;

pub use error::{
    Cause, ConfigProblem, KubeletConfigError, KubeletConfigErrorKind, KubeletConfigStage,
};

/// The kubelet version assumed when the input names none.
pub const DEFAULT_KUBELET_VERSION: &str = "1.33";
/// Kubelet minors (1.x) whose `--config-dir` is alpha and needs `KUBELET_CONFIG_DROPIN_DIR_ALPHA`
/// in the environment (`kubelet.go`, 1.28–1.29); [`crate::facts`] states it from here.
pub const DROPIN_DIR_ALPHA_MINORS: std::ops::RangeInclusive<u64> = 28..=29;
/// Largest accepted file, argument list or virtual filesystem (bytes), to bound work on
/// hostile input: the whole input of one resolution (2 MiB; real kubelet configs are a few KiB),
/// so that any input within it resolves in well under a second in wasm.
pub const MAX_INPUT_BYTES: usize = 2 << 20;
/// Most files (config file, drop-ins, checkpoints) in one resolution's virtual filesystem, and
/// most command-line arguments. Bytes alone do not bound the work: every drop-in is decoded and
/// merged over the whole configuration, so 2 MiB of tiny files would cost seconds. Real nodes
/// have a handful of drop-ins and well under a hundred arguments.
pub const MAX_INPUT_FILES: usize = 1024;
/// See [`MAX_INPUT_FILES`].
pub const MAX_INPUT_ARGS: usize = 4096;

/// What to resolve: a kubelet command line plus the files it refers to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "ResolveKubeletConfigInput", optional_fields = nullable))]
pub struct ResolveInput {
    /// `"1.33"`; defaults to [`DEFAULT_KUBELET_VERSION`].
    pub kubelet_version: Option<String>,
    /// The kubelet's arguments (without the program name).
    pub args: Vec<String>,
    /// Virtual filesystem: absolute path to contents.
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub files: BTreeMap<String, String>,
    /// Directories that exist even though they hold no file (an empty drop-in dir).
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub dirs: Vec<String>,
    /// Environment variables (only `KUBELET_CONFIG_DROPIN_DIR_ALPHA` matters, 1.28–1.29).
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub env: BTreeMap<String, String>,
    /// The working directory relative `--config` paths start from; defaults to `/`.
    pub cwd: Option<String>,
    /// Historical dynamic kubelet config (1.11–1.23).
    pub dynamic: Option<dynamic::DynamicInput>,
    /// The known feature gates, as `versioned_feature_list.yaml` text.
    pub feature_list: Option<String>,
}

/// The effective configuration and how it came to be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ResolvedKubeletConfig", optional_fields)
)]
pub struct Resolved {
    pub kubelet_version: String,
    /// The effective `KubeletConfiguration` (v1beta1 JSON).
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown>"))]
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
pub fn resolve_kubelet_config(input: &ResolveInput) -> Result<Resolved, KubeletConfigError> {
    let version = parse_version(input.kubelet_version.as_deref())?;
    let mut gates = gates::kubelet_gate(version, input.feature_list.as_deref())?;
    resolve_with_gates(input, &mut gates)
}

pub(crate) fn parse_version(v: Option<&str>) -> Result<Version, KubeletConfigError> {
    // Unset: the release `ResolveInput::kubelet_version` documents as the default.
    let text = v.unwrap_or(DEFAULT_KUBELET_VERSION);
    Version::parse(text).map_err(KubeletConfigError::from_cause)
}

impl ResolveInput {
    /// Refuses an input whose files (paths and texts) and arguments hold more than `limit`
    /// bytes together: [`MAX_INPUT_BYTES`] for every resolution, a lower one where a caller
    /// decodes more slowly (the wasm binding).
    pub fn check_bytes(&self, limit: usize) -> Result<(), KubeletConfigError> {
        let total = self
            .files
            .iter()
            .map(|(k, v)| k.len().saturating_add(v.len()))
            .chain(self.args.iter().map(String::len))
            .fold(0usize, usize::saturating_add);
        if total > limit {
            return Err(KubeletConfigError::new(format!(
                "input too large: {total} bytes (limit {limit})"
            )));
        }
        Ok(())
    }
}

fn check_sizes(input: &ResolveInput) -> Result<(), KubeletConfigError> {
    input.check_bytes(MAX_INPUT_BYTES)?;
    if input.files.len() > MAX_INPUT_FILES {
        return Err(KubeletConfigError::new(format!(
            "input too large: {} files (limit {MAX_INPUT_FILES})",
            input.files.len()
        )));
    }
    if input.args.len() > MAX_INPUT_ARGS {
        return Err(KubeletConfigError::new(format!(
            "input too large: {} arguments (limit {MAX_INPUT_ARGS})",
            input.args.len()
        )));
    }
    Ok(())
}

/// Resolves against a caller-provided gate (the process gate at the kubelet's version): the
/// kubelet's start, stage by stage in `RunE`'s order (each stage is a function of
/// `server.rs`), stopping at the first stage that fails.
pub fn resolve_with_gates(
    input: &ResolveInput,
    gates: &mut dyn Gates,
) -> Result<Resolved, KubeletConfigError> {
    check_sizes(input)?;
    let version = parse_version(input.kubelet_version.as_deref())?;
    let release = Release::of(&version).map_err(KubeletConfigError::from_cause)?;
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
) -> Result<provenance::Explanation, KubeletConfigError> {
    provenance::explain(&result.provenance, field_path).ok_or_else(|| {
        KubeletConfigError::new(format!(
            "no field {} in the resolved kubelet configuration",
            crate::go::quote(field_path)
        ))
    })
}

pub use precedence::flag_precedence;
pub use upgrade::{check_kubelet_upgrade, UpgradeFinding, UpgradeReport};
