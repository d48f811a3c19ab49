//! JS binding for the layered kubelet configuration (`crate::kubelet::config`). No logic here.

use wasm_bindgen::prelude::*;

use super::{error, fail, from_json, set, to_json};
use crate::kubelet::config::{self, ConfigError, ResolveInput, Resolved};

#[wasm_bindgen(typescript_custom_section)]
const TS: &str = r#"
export interface KubeletCheckpoint {
  namespace?: string; name?: string; uid?: string; resourceVersion?: string;
  kubeletConfigKey?: string;
  /** KubeletConfiguration text; null/absent means the checkpoint cannot be loaded. */
  contents?: string | null;
  /** When it was assigned, Unix seconds. */
  modified?: number;
}
export interface KubeletDynamicInput {
  assigned?: KubeletCheckpoint | null;
  lastKnownGood?: KubeletCheckpoint | null;
  /** Now, Unix seconds. */
  now?: number;
}
export interface ResolveKubeletConfigInput {
  kubeletVersion?: string;
  args: string[];
  files?: Record<string, string>;
  dirs?: string[];
  env?: Record<string, string>;
  cwd?: string;
  dynamic?: KubeletDynamicInput | null;
  /** versioned_feature_list.yaml text: the gates the kubelet knows. */
  featureList?: string;
}
export type KubeletConfigLayer = "default" | "legacyFlagDefault" | "configFile" | "dropIn" | "flag" | "featureGateDefault" | "dynamicConfig";
export interface KubeletConfigOrigin { layer: KubeletConfigLayer; source: string; line?: number; }
export interface KubeletConfigSetting { value: unknown; origin: KubeletConfigOrigin; }
export interface KubeletFieldProvenance { value: unknown; origin: KubeletConfigOrigin; overridden?: KubeletConfigSetting[]; }
export interface KubeletConfigDiffEntry { path: string; default: unknown; effective: unknown; }
export interface KubeletDynamicStatus {
  active: "local" | "assigned" | "lastKnownGood";
  error?: string; inTrial: boolean; lastKnownGood?: KubeletCheckpoint; log: string[];
}
export interface ResolvedKubeletConfig {
  kubeletVersion: string;
  /** The effective kubelet.config.k8s.io/v1beta1 KubeletConfiguration. */
  config: Record<string, unknown>;
  featureGates: Record<string, boolean>;
  provenance: Record<string, KubeletFieldProvenance>;
  warnings: string[];
  diff: KubeletConfigDiffEntry[];
  dynamic?: KubeletDynamicStatus;
}
/** One validation or startup failure and where the value at fault was written. */
export interface KubeletConfigProblem {
  /** The kubelet's exact text for this failure. */
  message: string;
  /** Dotted path of the field at fault, e.g. "evictionHard.memory.available". */
  field?: string;
  /** The file (config file, drop-in or checkpoint) that wrote the value, and its 1-based line. */
  file?: string; line?: number;
  /** The flag that wrote the value, e.g. "--port". */
  flag?: string;
}
/**
 * What resolveKubeletConfig and checkKubeletUpgrade throw: a real Error whose message is the
 * kubelet's exact startup error, with its location; validation lists every failure in problems.
 */
export interface KubeletConfigError extends Error {
  file?: string; line?: number; flag?: string; field?: string;
  problems: KubeletConfigProblem[];
}
export interface KubeletConfigExplanation {
  fieldPath: string; value: unknown;
  fields: Record<string, KubeletFieldProvenance>;
  summary: string[];
}
export interface KubeletUpgradeFinding {
  kind: "gateUnknown" | "gateLocked" | "gateDefaultChanged" | "fieldChanged" | "error";
  subject: string; message: string; breaking: boolean;
}
export interface KubeletUpgradeReport {
  from: string; to: string; starts: boolean; error?: string; findings: KubeletUpgradeFinding[];
}
"#;

/// A core error into a JS `Error` carrying the location fields and the problems.
fn config_error(e: ConfigError) -> JsValue {
    let err = error("kubeletConfig", &e.message);
    let set = |k: &str, v: &JsValue| set(&err, k, v);
    if let Some(f) = &e.file {
        set("file", &f.into());
    }
    if let Some(l) = e.line {
        set("line", &(l as f64).into());
    }
    if let Some(f) = &e.flag {
        set("flag", &f.into());
    }
    if let Some(f) = e.field() {
        set("field", &f.into());
    }
    let problems = to_json(&e.problems)
        .ok()
        .and_then(|t| js_sys::JSON::parse(&t).ok())
        .unwrap_or_else(|| js_sys::Array::new().into());
    set("problems", &problems);
    err
}

#[wasm_bindgen(js_name = resolveKubeletConfig, unchecked_return_type = "ResolvedKubeletConfig")]
pub fn resolve_kubelet_config(
    #[wasm_bindgen(unchecked_param_type = "ResolveKubeletConfigInput")] input: &str,
) -> Result<String, JsValue> {
    let input: ResolveInput = from_json(input, "kubelet config input")?;
    let out = config::resolve_kubelet_config(&input).map_err(config_error)?;
    to_json(&out)
}

#[wasm_bindgen(js_name = explainKubeletConfig, unchecked_return_type = "KubeletConfigExplanation")]
pub fn explain_kubelet_config(
    #[wasm_bindgen(unchecked_param_type = "ResolvedKubeletConfig")] result: &str,
    field_path: &str,
) -> Result<String, JsValue> {
    let result: Resolved = from_json(result, "resolved kubelet config")?;
    let out = config::explain_kubelet_config(&result, field_path).map_err(fail("kubeletConfig"))?;
    to_json(&out)
}

#[wasm_bindgen(js_name = checkKubeletUpgrade, unchecked_return_type = "KubeletUpgradeReport")]
pub fn check_kubelet_upgrade(
    #[wasm_bindgen(unchecked_param_type = "ResolveKubeletConfigInput")] input: &str,
    target_version: &str,
) -> Result<String, JsValue> {
    let input: ResolveInput = from_json(input, "kubelet config input")?;
    let out = config::check_kubelet_upgrade(&input, target_version).map_err(config_error)?;
    to_json(&out)
}
