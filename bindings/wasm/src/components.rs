//! JS exports of the control plane's components (`kubegate::components`): a cluster's texts in,
//! the core's whole check (`import::control_plane::check_upgrade`, `check_start`: the same imports
//! the CLI runs, then one check), the report out.

use wasm_bindgen::prelude::*;

use super::error::{CoreError, ErrorFields};
use super::{fail, input, output};
use kubegate::import::control_plane::{self as core, ControlPlaneCheckError};
pub(crate) use kubegate::import::control_plane::{StartInput, UpgradeInput};
// The contracts (`contracts.rs`) name the results by their place in the binding.
#[cfg(all(test, feature = "typescript"))]
pub(crate) use kubegate::import::control_plane::{Read, StartResult, UpgradeResult};

/// The line of the imported text at fault, when an import refused.
impl CoreError for ControlPlaneCheckError {
    fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
    fn fields(&self) -> ErrorFields {
        super::import::on_line(self.kind_name(), self.line())
    }
}

/// Whether every control-plane component of the texts starts after upgrading `from` → `to`,
/// what breaks on the way (and in which release) and which gate defaults change.
#[wasm_bindgen(js_name = checkControlPlaneUpgrade)]
pub fn check_upgrade(request: &str) -> Result<JsValue, JsValue> {
    let request: UpgradeInput = input(request, "control-plane upgrade input")?;
    output(&core::check_upgrade(request).map_err(fail)?)
}

/// Whether `component` of `release` starts with the arguments and config files of the texts.
#[wasm_bindgen(js_name = checkComponentStart)]
pub fn check_component_start(request: &str) -> Result<JsValue, JsValue> {
    let request: StartInput = input(request, "component start input")?;
    output(&core::check_start(request).map_err(fail)?)
}
