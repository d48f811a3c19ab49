//! Imports of what a real cluster shows: the text an operator can copy from a node or from
//! `kubectl`, read into kubegate's typed inputs.
//!
//! | module | reads | gives |
//! |---|---|---|
//! | [`cmdline`] | a kubelet command line as `ps`, a systemd unit's `ExecStart`, `/etc/default/kubelet` or kubeadm's `kubeadm-flags.env` show it | the kubelet's arguments, each with its line |
//! | [`configz`] | `kubectl get --raw /api/v1/nodes/NAME/proxy/configz` | the running KubeletConfiguration, as a config layer |
//! | [`node`] | `kubectl get node NAME -o yaml` (or `-o json`, or a `List`, with Leases) | the Node (and its Lease) |
//! | [`metrics`] | the `kubernetes_feature_enabled` lines of a component's `/metrics` | the gate states the component reports |
//! | [`kubeadm`] | kubeadm `ClusterConfiguration`/`InitConfiguration`/`JoinConfiguration` (v1beta3 and v1beta4) | kubeadm's own `featureGates`, the components' `feature-gates` extra args, `kubeletExtraArgs`, an embedded KubeletConfiguration; the control plane's invocations |
//! | [`manifests`], [`kubeproxy`], [`invocations`] | static pod manifests, the kube-proxy DaemonSet and ConfigMap, systemd units and `ps` lines of the control plane | one [`crate::components::Invocation`] per component start |
//!
//! Every import says what it understood and what it ignored ([`Note`]s with the line they are
//! about), so nothing in the input is dropped silently. Malformed input is an [`ImportError`]
//! naming the line. Input is bounded by [`MAX_IMPORT_BYTES`]; nothing here panics on input.
//!
//! These formats are Kubernetes' and systemd's; kubegate keeps their meaning (systemd's word
//! splitting of `$VAR` against `${VAR}`, the kubelet's last-flag-wins, the two `extraArgs`
//! shapes of kubeadm's v1beta3 and v1beta4 APIs).

pub mod cmdline;
pub mod configz;
#[cfg(feature = "control-plane")]
pub mod control_plane;
#[cfg(feature = "control-plane")]
pub mod invocations;
pub mod kubeadm;
#[cfg(feature = "control-plane")]
pub mod kubeproxy;
#[cfg(feature = "control-plane")]
pub mod manifests;
pub mod metrics;
#[cfg(feature = "node-status")]
pub mod node;
#[cfg(feature = "node-status")]
pub mod pods;

use std::fmt;

use serde::Serialize;

/// Largest input an import reads (bytes): 2 MiB, so that the work of any import within it stays
/// interactive in wasm (BENCHMARKS.md has the figures).
pub const MAX_IMPORT_BYTES: usize = 2 << 20;

/// One thing an import understood or ignored, and the 1-based line it is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ImportNote", optional_fields)
)]
pub struct Note {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    pub what: String,
}

impl Note {
    pub fn new(line: Option<usize>, what: impl Into<String>) -> Self {
        Note {
            line,
            what: what.into(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.what),
            None => f.write_str(&self.what),
        }
    }
}

/// Input an import cannot read: what is wrong and on which line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportError {
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
}

error_kind! {
    /// What kind of error an [`ImportError`] is.
    pub enum ImportErrorKind {
        /// Input an import cannot read.
        Import = "import",
    }
}

impl ImportError {
    pub fn new(message: impl Into<String>, line: Option<usize>) -> Self {
        ImportError {
            message: message.into(),
            line,
        }
    }

    /// The same error on `line`, unless it already names one.
    #[cfg(feature = "node-status")]
    pub(crate) fn or_line(mut self, line: Option<usize>) -> Self {
        self.line = self.line.or(line);
        self
    }

    /// Always [`ImportErrorKind::Import`].
    pub fn kind(&self) -> ImportErrorKind {
        ImportErrorKind::Import
    }

    /// What is wrong, without the line (`Display` prefixes `line N: ` when there is one).
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The 1-based line of the input at fault, when the error is about one line.
    pub fn line(&self) -> Option<usize> {
        self.line
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ImportError {}

pub(crate) fn check_size(text: &str, what: &str) -> Result<(), ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::new(
            format!(
                "{what} too large: {} bytes (limit {MAX_IMPORT_BYTES})",
                text.len()
            ),
            None,
        ));
    }
    Ok(())
}

/// A YAML or JSON parse error as an import error on its line.
pub(crate) fn yaml_error(e: crate::yaml::YamlError) -> ImportError {
    ImportError::new(e.message().to_string(), Some(e.pos().line))
}

/// The line of a JSON pointer in a parsed document (or of its nearest ancestor).
pub(crate) fn line_of(doc: &crate::yaml::Document, pointer: &str) -> Option<usize> {
    doc.nearest_position(pointer).map(|p| p.line)
}
