//! JS binding for the imports of cluster output (`crate::import`). Conversions only.

use std::collections::BTreeMap;

use wasm_bindgen::prelude::*;

use super::{error, fail, from_json, set, to_json};
use crate::import::{self, ImportError};

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
/** Something an import understood or ignored, and the 1-based line it is about. */
export interface ImportNote { line?: number; what: string; }
/** What every import reports beside its result. */
export interface ImportReport { understood: ImportNote[]; ignored: ImportNote[]; }
/** What an import throws: a real Error naming the line (also in `line`). */
export interface ImportError extends Error { line?: number; }

export type KubeletCommandLineForm = "procCmdline" | "ps" | "shell" | "systemd" | "envFile";
export interface KubeletCommandLine extends ImportReport {
  form: KubeletCommandLineForm;
  program?: string;
  /** The kubelet's arguments, each with the line it starts on. */
  args: { value: string; line: number }[];
  /** Variables the input defines (Environment=, NAME=value). */
  variables: { name: string; value: string; line: number }[];
  /** $VAR references the input does not define: left visible. */
  unresolved: ImportNote[];
}
export interface KubeletConfigz extends ImportReport {
  /** A complete KubeletConfiguration object (apiVersion and kind added). */
  config: Record<string, unknown>;
  /** The same as a --config file's text. */
  configFile: string;
}
export interface ImportedNode {
  node: Record<string, unknown>;
  kubeletVersion?: string;
  lease?: Record<string, unknown>;
  line?: number;
}
export interface NodeImport extends ImportReport { nodes: ImportedNode[]; }
export interface ReportedFeatureGate { name: string; stage: string; enabled: boolean; line: number; }
export interface FeatureMetrics extends ImportReport { gates: ReportedFeatureGate[]; }
export interface FeatureMetricsMismatch { name: string; line: number; kind: "enabled" | "stage" | "unknown"; message: string; }
export interface KubeadmExtraArg { name: string; value: string; line?: number; }
export interface KubeadmConfig extends ImportReport {
  apiVersions: string[];
  /** kubeadm's own gates (ClusterConfiguration.featureGates), not the components'. */
  kubeadmFeatureGates: Record<string, boolean>;
  /** apiServer, controllerManager, scheduler, etcd. */
  extraArgs: Record<string, KubeadmExtraArg[]>;
  kubeletExtraArgs: KubeadmExtraArg[];
  /** An embedded KubeletConfiguration, with the input's line numbers. */
  kubeletConfiguration?: string;
}
"#;

fn import_error(e: ImportError) -> JsValue {
    let err = error("import", &e.to_string());
    if let Some(l) = e.line {
        set(&err, "line", &(l as f64).into());
    }
    err
}

/// A kubelet command line as ps, /proc/PID/cmdline, a shell, a systemd unit or an env file shows
/// it. `env` defines variables from elsewhere (an EnvironmentFile's contents).
#[wasm_bindgen(js_name = importKubeletCommandLine, unchecked_return_type = "KubeletCommandLine")]
pub fn import_kubelet_command_line(
    text: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string> | undefined")] env: &str,
) -> Result<String, JsValue> {
    let env: BTreeMap<String, String> =
        from_json::<Option<_>>(env, "environment")?.unwrap_or_default();
    let out = import::cmdline::parse_with_env(text, &env).map_err(import_error)?;
    to_json(&out)
}

/// `kubectl get --raw /api/v1/nodes/NAME/proxy/configz` as a KubeletConfiguration.
#[wasm_bindgen(js_name = importConfigz, unchecked_return_type = "KubeletConfigz")]
pub fn import_configz(text: &str) -> Result<String, JsValue> {
    let out = import::configz::parse(text).map_err(import_error)?;
    to_json(&out)
}

/// `kubectl get node -o yaml|json` (a Node, a List, with Leases).
#[cfg(feature = "node-status")]
#[wasm_bindgen(js_name = importNode, unchecked_return_type = "NodeImport")]
pub fn import_node(text: &str) -> Result<String, JsValue> {
    let out = import::node::parse(text).map_err(import_error)?;
    to_json(&out)
}

/// The `kubernetes_feature_enabled` lines of a component's /metrics.
#[wasm_bindgen(js_name = importFeatureMetrics, unchecked_return_type = "FeatureMetrics")]
pub fn import_feature_metrics(text: &str) -> Result<String, JsValue> {
    let out = import::metrics::parse(text).map_err(import_error)?;
    to_json(&out)
}

/// Compares /metrics with what a release's binary makes of `featureGates`.
#[wasm_bindgen(
    js_name = compareFeatureMetrics,
    unchecked_return_type = "FeatureMetricsMismatch[]"
)]
pub fn compare_feature_metrics(
    text: &str,
    release: &str,
    feature_gates: &str,
) -> Result<String, JsValue> {
    let reported = import::metrics::parse(text).map_err(import_error)?;
    let mut gate = super::releases::release_gate(release)?;
    gate.set(feature_gates).map_err(fail("featureGate"))?;
    to_json(&import::metrics::compare(&reported, &gate))
}

/// A kubeadm configuration file (v1beta3 or v1beta4, one or more documents).
#[wasm_bindgen(js_name = importKubeadmConfig, unchecked_return_type = "KubeadmConfig")]
pub fn import_kubeadm_config(text: &str) -> Result<String, JsValue> {
    let out = import::kubeadm::parse(text).map_err(import_error)?;
    to_json(&out)
}
