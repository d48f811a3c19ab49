//! The facts the playground, the widgets and the docs state in prose ([`crate::facts`]), for
//! JavaScript: one conversion, no rule.

use wasm_bindgen::prelude::*;

use super::to_json;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A run of releases, both ends included ("1.28" to "1.29"). */
export interface FactSpan {
  from: string;
  to: string;
}

/** A run of releases over which a default held. */
export interface FactValueSpan extends FactSpan {
  value: string;
}

/** What one release does, as the panels state it (null: the area is not in this build). */
export interface ReleaseFacts {
  nodeMonitorGracePeriod: string | null;
  nodeMonitorPeriod: string | null;
  nodeStartupGracePeriod: string | null;
  dynamicKubeletConfig: boolean;
  configDir: boolean;
  dropinDirAlphaEnv: boolean;
  fileCheckFrequency: string | null;
  httpCheckFrequency: string | null;
}

/** Every fact a front end states: never typed in the front end itself. */
export interface Facts {
  oldest: string;
  newest: string;
  defaultRelease: string;
  /** Newest first. */
  releases: string[];
  firstVersioned: string;
  perRelease: Record<string, ReleaseFacts>;
  spans: {
    dynamicKubeletConfig: FactSpan | null;
    dropinDirAlphaEnv: FactSpan | null;
    nodeMonitorGracePeriod: FactValueSpan[];
    fileCheckFrequency: FactValueSpan[];
  };
  faultKinds: string[];
  builtinSchemas: string[];
  controlPlane: {
    endpointReconcilerInterval: string;
    endpointReconcilerTtl: string;
    repairInterval: string;
    systemNamespacesInterval: string;
  } | null;
  node: {
    leaseDurationSeconds: number;
    leaseRenewInterval: string;
    evictionPressureTransitionPeriod: string;
    evictionMonitoringPeriod: string;
  } | null;
  /** How long a newly assigned dynamic kubelet config is on trial ("10m0s"). */
  dynamicConfigTrial: string | null;
}
"#;

/// The facts of this build (release range, per-release defaults, spans, kinds).
#[wasm_bindgen(js_name = facts, unchecked_return_type = "Facts")]
pub fn facts() -> Result<String, JsValue> {
    to_json(&crate::facts::facts())
}
