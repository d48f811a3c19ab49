//! JS export of the node explanation (`crate::controller::nodelifecycle::explain`): kubectl's
//! text in, one import, one engine call, the answer out. The CLI's `node` and the playground's
//! Node panel read the same answer.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{fail, from_json, to_json};
use crate::controller::nodelifecycle::{ExplainOptions, Explanation};
use crate::import::Note;

/// What `explainNode` returns: the engine's answer and what the import read.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "NodeExplainResult")
)]
pub struct ExplainResult {
    pub explanation: Explanation,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

/// Explains the nodes of `kubectl get node NAME -o yaml|json` (or a List; with Leases and the
/// node's pods in the same text) as they are, as of `options.now` (default: the snapshot's time).
#[wasm_bindgen(js_name = explainNode, unchecked_return_type = "NodeExplainResult")]
pub fn explain_node(
    text: &str,
    #[wasm_bindgen(unchecked_optional_param_type = "ExplainNodeOptions")] options: &str,
) -> Result<String, JsValue> {
    let options: ExplainOptions =
        from_json::<Option<ExplainOptions>>(options, "explain options")?.unwrap_or_default();
    let imported = crate::import::node::parse(text).map_err(super::import::import_error)?;
    let explanation = imported.explain(&options).map_err(fail("nodeLifecycle"))?;
    to_json(&ExplainResult {
        explanation,
        understood: imported.understood,
        ignored: imported.ignored,
    })
}
