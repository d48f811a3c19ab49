//! The facts the playground, the widgets and the docs state in prose ([`kubegate::facts`]), for
//! JavaScript: one conversion, no rule.

use wasm_bindgen::prelude::*;

use super::output;

/// The facts of this build (release range, per-release defaults, spans, kinds).
#[wasm_bindgen(js_name = facts)]
pub fn facts() -> Result<JsValue, JsValue> {
    output(&kubegate::facts::facts())
}
