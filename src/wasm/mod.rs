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
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("invalid {what}: {e}")))
}

/// A core error into a JS `Error` carrying the core's exact text.
pub(crate) fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
mod kubelet_config;
