//! JS binding for the imports of cluster output (`kubegate::import`). Conversions only.

use std::collections::BTreeMap;

use wasm_bindgen::prelude::*;

use super::error::{line, CoreError, ErrorFields, ErrorLocation};
use super::{fail, input, output};
use kubegate::import::metrics::FeatureMetricsError;
use kubegate::import::{self, ImportError};

/// The fields of an error whose one location is the line of an imported text.
pub(crate) fn on_line(kind: &'static str, at: Option<usize>) -> ErrorFields {
    ErrorFields {
        at: ErrorLocation {
            line: at.map(line),
            ..ErrorLocation::default()
        },
        ..ErrorFields::kind(kind)
    }
}

/// The line of the imported text at fault.
impl CoreError for ImportError {
    fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
    fn fields(&self) -> ErrorFields {
        on_line(self.kind_name(), self.line())
    }
}

/// The kind of the step that refused; the locations of its own error (the metrics' line, the
/// gate's problems), as that error is thrown alone. Read through the core's typed accessors,
/// not `source()`: a `dyn Error` would bring every error's `Debug` into the wasm.
impl CoreError for FeatureMetricsError {
    fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
    fn fields(&self) -> ErrorFields {
        match self.gate_error() {
            Some(e) => ErrorFields {
                kind: self.kind_name(),
                ..e.fields()
            },
            None => on_line(self.kind_name(), self.line()),
        }
    }
}

/// A kubelet command line as ps, /proc/PID/cmdline, a shell, a systemd unit or an env file shows
/// it. `env` defines variables from elsewhere (an EnvironmentFile's contents).
#[wasm_bindgen(js_name = importKubeletCommandLine)]
pub fn import_kubelet_command_line(text: &str, env: &str) -> Result<JsValue, JsValue> {
    let env: BTreeMap<String, String> = input::<Option<_>>(env, "environment")?.unwrap_or_default();
    let out = import::cmdline::parse_with_env(text, &env).map_err(fail)?;
    output(&out)
}

/// `kubectl get --raw /api/v1/nodes/NAME/proxy/configz` as a KubeletConfiguration.
#[wasm_bindgen(js_name = importConfigz)]
pub fn import_configz(text: &str) -> Result<JsValue, JsValue> {
    let out = import::configz::parse(text).map_err(fail)?;
    output(&out)
}

/// `kubectl get node -o yaml|json` (a Node, a List, with Leases).
#[cfg(feature = "node-status")]
#[wasm_bindgen(js_name = importNode)]
pub fn import_node(text: &str) -> Result<JsValue, JsValue> {
    let out = import::node::parse(text).map_err(fail)?;
    output(&out)
}

/// The `kubernetes_feature_enabled` lines of a component's /metrics.
#[wasm_bindgen(js_name = importFeatureMetrics)]
pub fn import_feature_metrics(text: &str) -> Result<JsValue, JsValue> {
    let out = import::metrics::parse(text).map_err(fail)?;
    output(&out)
}

/// Compares /metrics with what a release's binary makes of `featureGates`.
#[wasm_bindgen(js_name = compareFeatureMetrics)]
pub fn compare_feature_metrics(
    text: &str,
    release: &str,
    #[wasm_bindgen(js_name = featureGates)] feature_gates: &str,
) -> Result<JsValue, JsValue> {
    output(&import::metrics::compare_with_release(text, release, feature_gates).map_err(fail)?)
}

/// A kubeadm configuration file (v1beta3 or v1beta4, one or more documents).
#[wasm_bindgen(js_name = importKubeadmConfig)]
pub fn import_kubeadm_config(text: &str) -> Result<JsValue, JsValue> {
    let out = import::kubeadm::parse(text).map_err(fail)?;
    output(&out)
}
