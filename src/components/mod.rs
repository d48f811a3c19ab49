//! The control plane's components as a release runs them: kube-apiserver,
//! kube-controller-manager, kube-scheduler and kube-proxy (the kubelet has its own, deeper model
//! in `kubelet::config`).
//!
//! A component is started with a command line and, for some, config files. Whether a given
//! release's binary starts with them, and what an upgrade changes, depends on that release's
//! flag set (`releases::component_flags`), the config kinds and API versions its decoders
//! accept (`releases::component_configs`) and the gates it registers and reads
//! (`releases::gates`). This module holds the one input shape every route produces (static pod
//! manifests, kubeadm's `ClusterConfiguration`, a kube-proxy ConfigMap, systemd units, `ps`
//! lines): an [`Invocation`] per component, each argument remembering where it was written.

use serde::Serialize;

pub use crate::releases::gates::Component;

/// Where a piece of input was written: the file (or import) and its 1-based line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentSourceLocation", optional_fields)
)]
pub struct SourceLocation {
    /// The file or import it came from, e.g. `/etc/kubernetes/manifests/kube-apiserver.yaml`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Its 1-based line in that file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// One command-line argument as the binary receives it (`--name=value`, `--name value`, or a
/// bare `--name` for a boolean), before the release's flag set has judged it.
///
/// pflag reads an argument written with one dash as a cluster of shorthand letters (`-v=2`,
/// `-v2`, `-v 2`; `-log-dir=x` is the shorthand `l` followed by `og-dir=x`), so such an argument
/// keeps its text as written: `shorthand` is set and `name` is everything after the dash,
/// `=value` included; `value` is then the next word only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentArg", optional_fields)
)]
pub struct InvocationArg {
    /// The flag's name without dashes, e.g. `feature-gates`; for a shorthand, the text after
    /// its dash as written (`v=2`).
    pub name: String,
    /// Its value; `None` for a bare boolean flag (or a shorthand whose value is in `name`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Written with one dash: pflag's shorthand letters, not a long name.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub shorthand: bool,
    #[serde(flatten)]
    pub at: SourceLocation,
}

/// A config file a component was given (`--config`, `--admission-control-config-file`, ...),
/// with its text when the input held it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentConfigFile", optional_fields)
)]
pub struct ConfigFile {
    /// The flag that names it, without dashes (`config`).
    pub flag: String,
    /// The path the flag names.
    pub path: String,
    /// The file's text, when the input carried it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// One component's start: which binary, with which arguments and files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentInvocation", optional_fields)
)]
pub struct Invocation {
    pub component: Component,
    /// The arguments in the order the binary receives them (a later repeat wins for most flags).
    pub args: Vec<InvocationArg>,
    /// Config files named by the arguments, with their text where known.
    pub files: Vec<ConfigFile>,
}

pub mod error;
#[cfg(feature = "kubelet-config")]
pub mod start;

pub use error::{ComponentError, ComponentErrorKind};
#[cfg(feature = "kubelet-config")]
pub use start::{check_start, StartReport, StartWarning, StartWarningKind};
#[cfg(feature = "kubelet-config")]
pub mod upgrade;
