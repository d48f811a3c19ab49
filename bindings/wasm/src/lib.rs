//! kubegate's JavaScript binding (crate `kubegate-wasm`): conversion at the boundary, nothing
//! else.
//!
//! Every export does the same four things: one conversion in ([`input`]: the JSON text the
//! package's checking layer made of a structured argument, decoded into the core's serde types
//! with the path of a refused field), one core call, one conversion out ([`output`]: the core's
//! serde types into plain JS values through serde-wasm-bindgen), and one error mapping
//! ([`fail`], the core error's `kind()` and locations, through [`error::throw`], the only place
//! that builds a JS `Error`). No Kubernetes rule lives here: if
//! an export needs an `if` about Kubernetes, that `if` belongs in the core.
//!
//! Why structured arguments arrive as JSON text rather than as JS values read by
//! `serde_wasm_bindgen::from_value`: the package's public API (`npm/core.js`) already copies
//! every argument into checked plain data and JSON text before anything reaches wasm (so no
//! caller getter or proxy ever runs while Rust holds an object), and serde-wasm-bindgen reads a
//! struct's declared fields only, so `deny_unknown_fields` could not name a stray key, and it
//! sees every JS number as a float, where the core's messages say `integer`.
//!
//! The one exception is the bulk path of the two areas whose results reach 50,000 pods or nodes
//! (pod config, the lifecycle controller's passes): they take UTF-8 bytes, decoded by the core's
//! bulk decoders (`podconfig::UpdateInput`, `nodelifecycle::PassInput`), and return JSON text
//! written by `kubegate::json` (its module doc and BENCHMARKS.md say why).
//!
//! Three builds share this crate (Cargo features, `Cargo.toml`): the library's JS API (`api`)
//! over every area, the gate core alone (`api` without the other areas: `kubegate/gates`), and
//! the command line's wasm (`cli`: only `runCli`).
//!
//! No export writes TypeScript in its attributes: wasm-bindgen declares a JSON parameter as
//! `string` and a JSON result as `any`, and the package's build writes in their place the types
//! the export list names (`contracts/exports.rs`, through `npm/signatures.generated.json` and
//! `scripts/type-glue.mjs`), so the Rust types stay the one source of the package's types.

use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
mod alloc;
#[cfg(all(
    target_arch = "wasm32",
    feature = "api",
    any(feature = "pod-config", feature = "node-status")
))]
pub(crate) use alloc::reserve_heap;
/// Native builds (tests) use the system allocator, which needs no reservation.
#[cfg(all(
    not(target_arch = "wasm32"),
    feature = "api",
    any(feature = "pod-config", feature = "node-status")
))]
pub(crate) fn reserve_heap(_input_len: usize) {}
#[cfg(all(feature = "api", feature = "api-fields", feature = "control-plane"))]
mod apifields;
#[cfg(feature = "cli")]
mod cli;
#[cfg(all(feature = "api", feature = "control-plane"))]
mod components;
// Generation runs as a test (the staleness check writes the file when blessed).
#[cfg(all(test, feature = "typescript"))]
mod contracts;
// The command line's wasm throws only plain errors: the location fields go unused there.
#[cfg_attr(not(feature = "api"), allow(dead_code))]
pub(crate) mod error;
// Facts speak for every area: a build without some of them (the gate core's own wasm,
// `kubegate/gates`) would state those areas' defaults as absent, so it does not export facts.
#[cfg(all(
    feature = "api",
    feature = "kubelet-config",
    feature = "node-status",
    feature = "pod-config",
    feature = "api-fields",
    feature = "control-plane"
))]
mod facts;
#[cfg(feature = "api")]
mod featuregate;
// What the imports of cluster output produce are inputs of the kubelet and node areas; the gate
// core's wasm leaves them (and their parsers) out.
#[cfg(all(
    feature = "api",
    any(feature = "kubelet-config", feature = "node-status")
))]
mod import;
#[cfg(all(feature = "api", feature = "kubelet-config"))]
mod kubelet_config;
#[cfg(all(feature = "api", feature = "node-status"))]
mod nodeexplain;
#[cfg(all(feature = "api", feature = "node-status"))]
mod nodestatus;
#[cfg(all(feature = "api", feature = "pod-config"))]
mod podconfig;
#[cfg(feature = "api")]
mod releases;
#[cfg(feature = "api")]
mod yaml;

#[cfg(feature = "api")]
pub(crate) use error::fail;
use error::{throw, BindingErrorKind, ErrorFields};

/// A JS `Error` the binding makes itself (a limit of its own, a refused input, a result it
/// cannot convert), with no location. Core errors go through [`fail`] instead.
pub(crate) fn error(kind: BindingErrorKind, message: &str) -> JsValue {
    throw(message, &ErrorFields::kind(kind.as_str()))
}

/// The one conversion out: a core value as a plain JS value (objects, not `Map`s; integers as
/// numbers), what `JSON.parse` of serde_json's text would give.
pub(crate) fn output<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(unconvertible)
}

/// The error of a result [`output`] could not convert. Not generic, and kept out of line: one
/// copy for every result type.
#[inline(never)]
fn unconvertible(e: serde_wasm_bindgen::Error) -> JsValue {
    error(
        BindingErrorKind::Internal,
        &format!("kubegate: cannot convert result to JS: {e}"),
    )
}

#[cfg(feature = "api")]
/// The one conversion in: the JSON text of a structured argument into a core type. The error
/// names `what` was invalid and the path of the bad field (also in `path`), e.g.
/// `invalid scenario: faults[0].at: time: invalid duration "x"`. Every key is seen:
/// `deny_unknown_fields` on the core's types names a stray one, and an array is refused where a
/// struct is expected (`kubegate::json::strict`, Go's rule).
///
/// The text is read into a `serde_json::Value` first and each type decoded from that by
/// `strict::from_value_at`, the decoders the core's own `strict::from_value` uses: one decoder
/// per input type in the wasm, and the path costs nothing until a field is refused.
pub(crate) fn input<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, JsValue> {
    let value =
        serde_json::from_str(text).map_err(|e| invalid_input(None, &e.to_string(), what))?;
    decode(value, what)
}

#[cfg(all(feature = "api", any(feature = "pod-config", feature = "node-status")))]
/// The JS error of an input a core bulk decoder refused (the path of the refused field, when
/// the text was JSON), as [`input`] reports it.
pub(crate) fn refused_input(e: &kubegate::json::strict::PathError, what: &str) -> JsValue {
    invalid_input(e.path().map(str::to_string), &e.to_string(), what)
}

#[cfg(feature = "api")]
fn decode<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
    what: &str,
) -> Result<T, JsValue> {
    kubegate::json::strict::from_value_at(value)
        .map_err(|e| invalid_input(e.path().map(str::to_string), &e.to_string(), what))
}

#[cfg(feature = "api")]
/// The JS error of a refused input. Not generic, and kept out of line: one copy for every
/// input type.
#[inline(never)]
fn invalid_input(path: Option<String>, message: &str, what: &str) -> JsValue {
    let inner = strip_position(message);
    match path {
        None => error(
            BindingErrorKind::InvalidInput,
            &format!("invalid {what}: {inner}"),
        ),
        Some(path) => throw(
            &format!("invalid {what}: {path}: {inner}"),
            &ErrorFields {
                path: Some(path),
                ..ErrorFields::kind(BindingErrorKind::InvalidInput.as_str())
            },
        ),
    }
}

#[cfg(feature = "api")]
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

#[cfg(feature = "api")]
/// A byte offset in `text` as a UTF-16 offset (what JS string indices and editors count).
pub(crate) fn utf16_offset(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    let prefix = text.get(..byte).unwrap_or(text);
    u32::try_from(prefix.encode_utf16().count()).unwrap_or(u32::MAX)
}

#[cfg(feature = "api")]
// The JSON contracts generated from the Rust types (`contracts.rs`), in the package's d.ts; every
// declaration the package's types hold beside wasm-bindgen's own comes from there.
#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TS: &str = include_str!("../../../npm/types.generated.d.ts");

#[cfg(feature = "api")]
/// The kubegate version and the Kubernetes versions its defaults follow.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct VersionInfo {
    /// This package's version.
    kubegate: String,
    /// The binary version a `FeatureGate` emulates by default (component-base's
    /// `DefaultKubeBinaryVersion`).
    kubernetes: String,
    /// The newest version the built-in gate list knows.
    feature_list: String,
}

/// What one run of the command line printed and its exit code.
#[cfg(any(feature = "cli", all(test, feature = "typescript")))]
#[derive(serde::Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct CliOutput {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

#[cfg(feature = "api")]
/// The kubegate version and the Kubernetes version its defaults follow.
#[wasm_bindgen(js_name = version)]
pub fn version() -> Result<JsValue, JsValue> {
    output(&VersionInfo {
        kubegate: env!("CARGO_PKG_VERSION").to_string(),
        kubernetes: kubegate::featuregate::DEFAULT_KUBE_BINARY_VERSION.to_string(),
        feature_list: kubegate::releases::NEWEST.to_string(),
    })
}
