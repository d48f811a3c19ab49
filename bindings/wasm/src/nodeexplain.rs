//! JS export of the node explanation (`kubegate::controller::nodelifecycle::explain`): kubectl's
//! text in, one import, one engine call, the answer out. The CLI's `node` and the playground's
//! Node panel read the same answer.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{fail, input, output};
use kubegate::controller::nodelifecycle::{ExplainOptions, Explanation};
use kubegate::import::Note;

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
#[wasm_bindgen(js_name = explainNode)]
pub fn explain_node(text: &str, options: &str) -> Result<JsValue, JsValue> {
    let options: ExplainOptions =
        input::<Option<ExplainOptions>>(options, "explain options")?.unwrap_or_default();
    let imported = kubegate::import::node::parse(text).map_err(fail)?;
    let explanation = imported.explain(&options).map_err(fail)?;
    output(&ExplainResult {
        explanation,
        understood: imported.understood,
        ignored: imported.ignored,
    })
}
