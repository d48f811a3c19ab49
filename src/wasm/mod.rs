//! The JavaScript binding: conversion at the boundary, nothing else.
//!
//! Every export follows the same steps: take plain JS values, deserialize them into the core's
//! typed inputs ([`from_js`]), make one call into the core, serialize the typed result back into
//! plain JS objects ([`to_js`]), and turn a core error into a real JS `Error` whose message is the
//! core's `Display` text ([`js_error`]). No Kubernetes rule lives in this module tree: if an
//! export needs an `if` about Kubernetes, that `if` belongs in the core.
//!
//! Only built with the `wasm` Cargo feature (wasm-pack turns it on).

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(all(feature = "api-fields", feature = "control-plane"))]
mod apifields;
#[cfg(all(feature = "cli", feature = "kubelet-config", feature = "node-status"))]
mod cli;
mod featuregate;
mod import;
#[cfg(feature = "kubelet-config")]
mod kubelet_config;
#[cfg(feature = "node-status")]
mod nodestatus;
#[cfg(feature = "pod-config")]
mod podconfig;
mod releases;

/// Serializes like JSON: maps become plain objects, `None` becomes `null`, 64-bit integers
/// become numbers. One serializer for every export, so JS sees one convention.
const SERIALIZER: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::json_compatible();

/// A typed core value into a plain JS value.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&SERIALIZER)
        .map_err(|e| JsError::new(&format!("kubegate: cannot convert result to JS: {e}")))
}

/// A plain JS value into a typed core input; the error names what did not fit.
///
/// The value goes through `serde_json::Value` first: serde-wasm-bindgen reads only the fields a
/// struct declares, so a misspelt field would be silently ignored; JSON's deserializer sees every
/// key and lets `deny_unknown_fields` name the stray one.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    let fail = |e: &dyn std::fmt::Display| JsError::new(&format!("invalid {what}: {e}"));
    let json: serde_json::Value = serde_wasm_bindgen::from_value(value).map_err(|e| fail(&e))?;
    serde_json::from_value(json).map_err(|e| fail(&e))
}

/// A core error into a JS `Error` carrying the core's exact text.
#[allow(dead_code)] // the other bindings use it
pub(crate) fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A byte offset in `text` as a UTF-16 offset (what JS string indices and editors count).
pub(crate) fn utf16_offset(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    let prefix = text.get(..byte).unwrap_or(text);
    prefix.encode_utf16().count() as u32
}

/// The kubegate version and the Kubernetes version its defaults follow.
///
/// `kubernetes` is the binary version a `FeatureGate` emulates by default (component-base's
/// `DefaultKubeBinaryVersion`); `featureList` is the newest version the built-in gate list knows.
#[wasm_bindgen(
    js_name = version,
    unchecked_return_type = "{ kubegate: string; kubernetes: string; featureList: string }"
)]
pub fn version() -> Result<JsValue, JsError> {
    to_js(&serde_json::json!({
        "kubegate": env!("CARGO_PKG_VERSION"),
        "kubernetes": crate::featuregate::DEFAULT_KUBE_BINARY_VERSION,
        "featureList": crate::releases::NEWEST.to_string(),
    }))
}
