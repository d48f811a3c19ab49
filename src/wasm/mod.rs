//! The JavaScript binding: conversion at the boundary, nothing else.
//!
//! The public JS API is `npm/api.js`, a thin layer over these exports that checks every argument
//! (types, sizes, well-formed Unicode) and snapshots structured values into JSON text before
//! anything reaches wasm, so no caller value (a getter, a proxy, a BigInt) is ever read from
//! inside Rust, and no JS code runs while a Rust object is borrowed. The exports here therefore
//! take structured input as JSON text and return structured results as JSON text
//! ([`from_json`], [`to_json`]); their TypeScript types (`unchecked_*_type`) describe the values
//! the public API takes and returns.
//!
//! Every export makes one call into the core. A core error becomes a real JS `Error` whose
//! message is the core's `Display` text and whose `kind` names what went wrong ([`error`]). No
//! Kubernetes rule lives in this module tree: if an export needs an `if` about Kubernetes, that
//! `if` belongs in the core.
//!
//! Only built with the `wasm` Cargo feature (wasm-pack turns it on).

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
mod alloc;
#[cfg(all(feature = "api-fields", feature = "control-plane"))]
mod apifields;
#[cfg(all(feature = "cli", feature = "kubelet-config", feature = "node-status"))]
mod cli;
mod facts;
mod featuregate;
mod import;
#[cfg(feature = "kubelet-config")]
mod kubelet_config;
#[cfg(feature = "node-status")]
mod nodestatus;
#[cfg(feature = "pod-config")]
mod podconfig;
mod releases;
mod yaml;

/// Sets `key` on a JS object the binding just made (cannot fail; the impossible error is
/// ignored).
pub(crate) fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(target, &key.into(), value);
}

/// A JS `Error` with `message` and `kind` (what kind of failure: `"invalidInput"`, `"limit"`,
/// or the area whose rule refused, e.g. `"podConfig"`).
pub(crate) fn error(kind: &str, message: &str) -> JsValue {
    let err = js_sys::Error::new(message);
    set(&err, "kind", &kind.into());
    err.into()
}

/// `map_err` helper: a core error of area `kind` into a JS `Error` with the core's text.
pub(crate) fn fail<E: std::fmt::Display>(kind: &'static str) -> impl Fn(E) -> JsValue {
    move |e| error(kind, &e.to_string())
}

/// A typed core value as JSON text (the public API parses it).
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(|e| {
        error(
            "internal",
            &format!("kubegate: cannot convert result to JS: {e}"),
        )
    })
}

/// JSON text of a structured argument into a typed core input. The error names `what` was
/// invalid and the path of the bad field (also in `path`), e.g.
/// `invalid scenario: faults[0].at: time: invalid duration "x"`.
///
/// Every key is seen: `deny_unknown_fields` on the core's types names a stray one.
pub(crate) fn from_json<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, JsValue> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = strip_position(&e.into_inner().to_string());
        if path == "." || path.is_empty() {
            error("invalidInput", &format!("invalid {what}: {inner}"))
        } else {
            let err = error("invalidInput", &format!("invalid {what}: {path}: {inner}"));
            set(&err, "path", &path.into());
            err
        }
    })?;
    de.end().map_err(|e| {
        error(
            "invalidInput",
            &format!("invalid {what}: {}", strip_position(&e.to_string())),
        )
    })?;
    Ok(value)
}

/// serde_json appends " at line 1 column 532" to its errors: meaningless for a value the caller
/// passed as an object, so it is cut.
fn strip_position(message: &str) -> String {
    if let Some(i) = message.rfind(" at line ") {
        let (head, tail) = message.split_at(i);
        let numbers = tail.trim_start_matches(" at line ");
        if numbers
            .split(" column ")
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        {
            return head.to_string();
        }
    }
    message.to_string()
}

/// A byte offset in `text` as a UTF-16 offset (what JS string indices and editors count).
pub(crate) fn utf16_offset(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    let prefix = text.get(..byte).unwrap_or(text);
    u32::try_from(prefix.encode_utf16().count()).unwrap_or(u32::MAX)
}

/// The kubegate version and the Kubernetes version its defaults follow.
///
/// `kubernetes` is the binary version a `FeatureGate` emulates by default (component-base's
/// `DefaultKubeBinaryVersion`); `featureList` is the newest version the built-in gate list knows.
#[wasm_bindgen(
    js_name = version,
    unchecked_return_type = "{ kubegate: string; kubernetes: string; featureList: string }"
)]
pub fn version() -> Result<String, JsValue> {
    to_json(&serde_json::json!({
        "kubegate": env!("CARGO_PKG_VERSION"),
        "kubernetes": crate::featuregate::DEFAULT_KUBE_BINARY_VERSION,
        "featureList": crate::releases::NEWEST.to_string(),
    }))
}
