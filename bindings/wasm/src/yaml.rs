//! YAML output for JavaScript: [`kubegate::yaml::to_string`], so the playground and users show YAML
//! exactly as the CLI (and `sigs.k8s.io/yaml`) writes it instead of keeping a writer of their own.

use wasm_bindgen::prelude::*;

use super::input;

/// Any JSON value as YAML text, written as `sigs.k8s.io/yaml` (go-yaml v2) writes it: block
/// style, keys in the value's order, strings quoted only when YAML 1.1 would read them as
/// something else (`"yes"`, `"0755"`, `""`), multi-line strings as literal blocks.
#[wasm_bindgen(js_name = toYaml)]
pub fn to_yaml(value: &str) -> Result<String, JsValue> {
    let value: serde_json::Value = input(value, "value")?;
    Ok(kubegate::yaml::to_string(&value))
}
