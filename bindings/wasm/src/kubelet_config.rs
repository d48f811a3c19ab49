//! JS binding for the layered kubelet configuration (`kubegate::kubelet::config`). No logic here.

use wasm_bindgen::prelude::*;

use super::error::{line, CoreError, ErrorFields, ErrorLocation, ErrorProblem};
use super::{fail, input, output};
use kubegate::kubelet::config::{self, KubeletConfigError, ResolveInput, Resolved};

/// The location of the value at fault; validation lists every failure in `problems`.
impl CoreError for KubeletConfigError {
    fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
    fn fields(&self) -> ErrorFields {
        let problems = self
            .problems()
            .iter()
            .map(|p| ErrorProblem {
                message: p.message.clone(),
                at: ErrorLocation {
                    file: p.file.clone(),
                    line: p.line.map(line),
                    flag: p.flag.clone(),
                    field: p.field.clone(),
                },
                ..ErrorProblem::default()
            })
            .collect();
        ErrorFields {
            at: ErrorLocation {
                file: self.file().map(str::to_string),
                line: self.line().map(line),
                flag: self.flag().map(str::to_string),
                field: self.field().map(str::to_string),
            },
            problems: Some(problems),
            ..ErrorFields::kind(self.kind_name())
        }
    }
}

/// Most bytes of files (paths and contents) and arguments in one resolution through the package:
/// half of the core's [`config::MAX_INPUT_BYTES`], because wasm runs the YAML decoding at about
/// half native speed: 1 MiB of unknown keys (55,000 of them) resolves in about 0.4 s in wasm,
/// 2 MiB took 0.8 s of CPU and more on a busy machine. Checked before anything is decoded.
pub const MAX_WASM_INPUT_BYTES: usize = 1 << 20;

/// The core's size check, at the package's lower byte limit.
fn check_size(input: &ResolveInput) -> Result<(), JsValue> {
    input.check_bytes(MAX_WASM_INPUT_BYTES).map_err(fail)
}

#[wasm_bindgen(js_name = resolveKubeletConfig)]
pub fn resolve_kubelet_config(input: &str) -> Result<JsValue, JsValue> {
    let input: ResolveInput = super::input(input, "kubelet config input")?;
    check_size(&input)?;
    let out = config::resolve_kubelet_config(&input).map_err(fail)?;
    output(&out)
}

#[wasm_bindgen(js_name = explainKubeletConfig)]
pub fn explain_kubelet_config(
    result: &str,
    #[wasm_bindgen(js_name = fieldPath)] field_path: &str,
) -> Result<JsValue, JsValue> {
    let result: Resolved = input(result, "resolved kubelet config")?;
    let out = config::explain_kubelet_config(&result, field_path).map_err(fail)?;
    output(&out)
}

#[wasm_bindgen(js_name = checkKubeletUpgrade)]
pub fn check_kubelet_upgrade(
    input: &str,
    #[wasm_bindgen(js_name = targetVersion)] target_version: &str,
) -> Result<JsValue, JsValue> {
    let input: ResolveInput = super::input(input, "kubelet config input")?;
    check_size(&input)?;
    let out = config::check_kubelet_upgrade(&input, target_version).map_err(fail)?;
    output(&out)
}
