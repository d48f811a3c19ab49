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
//! message is the core's `Display` text and whose `kind` names what went wrong, with the same
//! location fields whatever the area ([`error::throw`], the only place that builds one). No
//! Kubernetes rule lives in this module tree: if an export needs an `if` about Kubernetes, that
//! `if` belongs in the core.
//!
//! Two builds share this module. The `wasm` Cargo feature is the library's JS API (the npm
//! package's main and gate-core wasm); `wasm-cli` is the command line's wasm (`npx kubegate`),
//! which needs only `cli`'s one export, the allocator, [`to_json`] and the error shape. Every
//! item of the library's API says `#[cfg(feature = "wasm")]`, so the command line's wasm carries
//! none of it (it was about a fifth of that wasm).

use wasm_bindgen::prelude::*;

/// Compiles its items only where an area with structured inputs is on (every area but the
/// gate core; the API fields' binding needs the control plane too): serde's reading of the
/// areas' values. The gate core's own wasm (`kubegate/gates`) reads and writes its few shapes by
/// hand ([`crate::json_tree`], [`json_out`]) and carries none of serde's.
macro_rules! for_the_areas {
    ($($item:item)*) => {$(
        #[cfg(all(feature = "wasm", any(
            feature = "kubelet-config",
            feature = "node-status",
            feature = "pod-config",
            all(feature = "api-fields", feature = "control-plane")
        )))]
        $item
    )*};
}

for_the_areas! {
    use serde::de::DeserializeOwned;
}

#[cfg(target_arch = "wasm32")]
mod alloc;
#[cfg(all(feature = "wasm", feature = "api-fields", feature = "control-plane"))]
mod apifields;
#[cfg(feature = "wasm-cli")]
mod cli;
// Generation runs as a test (the staleness check writes the file when blessed).
#[cfg(all(test, feature = "typescript"))]
mod contracts;
for_the_areas! {
    // serde's decoding of the areas' inputs.
    mod decode;
}
// The command line's wasm throws only plain errors: the location fields go unused there.
#[cfg_attr(not(feature = "wasm"), allow(dead_code))]
pub(crate) mod error;
// Facts speak for every area: a build without some of them (the gate core's own wasm,
// `kubegate/gates`) would state those areas' defaults as absent, so it does not export facts.
#[cfg(all(
    feature = "wasm",
    feature = "kubelet-config",
    feature = "node-status",
    feature = "pod-config",
    feature = "api-fields",
    feature = "control-plane"
))]
mod facts;
#[cfg(feature = "wasm")]
mod featuregate;
// The gate core's results and every error's fields as JSON text, without serde.
mod json_out;
// What the imports of cluster output produce are inputs of the kubelet and node areas; the gate
// core's wasm leaves them (and their parsers, a tenth of its size) out.
#[cfg(all(
    feature = "wasm",
    any(feature = "kubelet-config", feature = "node-status")
))]
mod import;
#[cfg(all(feature = "wasm", feature = "kubelet-config"))]
mod kubelet_config;
#[cfg(all(feature = "wasm", feature = "node-status"))]
mod nodeexplain;
#[cfg(all(feature = "wasm", feature = "node-status"))]
mod nodestatus;
#[cfg(all(feature = "wasm", feature = "pod-config"))]
mod podconfig;
#[cfg(feature = "wasm")]
mod releases;
#[cfg(feature = "wasm")]
mod yaml;

use error::{throw, ErrorFields};

/// A JS `Error` with `message` and `kind` (what kind of failure: `"invalidInput"`, `"limit"`,
/// or the area whose rule refused, e.g. `"podConfig"`) and no location.
pub(crate) fn error(kind: &str, message: &str) -> JsValue {
    throw(message, &ErrorFields::kind(kind))
}

#[cfg(feature = "wasm")]
/// `map_err` helper: a core error of area `kind` into a JS `Error` with the core's text.
pub(crate) fn fail<E: std::fmt::Display>(kind: &'static str) -> impl Fn(E) -> JsValue {
    move |e| error(kind, &e.to_string())
}

/// A typed core value as JSON text (the public API parses it), through serde: the areas'
/// results (pod config writes its own, `crate::json`). The gate core's few shapes are written by
/// hand ([`json_out`]).
#[cfg(any(
    feature = "kubelet-config",
    feature = "node-status",
    all(feature = "wasm", feature = "api-fields", feature = "control-plane")
))]
pub(crate) fn to_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(|e| {
        error(
            "internal",
            &format!("kubegate: cannot convert result to JS: {e}"),
        )
    })
}

for_the_areas! {
    /// JSON text of a structured argument into a typed core input. The error names `what` was
    /// invalid and the path of the bad field (also in `path`), e.g.
    /// `invalid scenario: faults[0].at: time: invalid duration "x"`.
    ///
    /// Every key is seen: `deny_unknown_fields` on the core's types names a stray one.
    pub(crate) fn from_json<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, JsValue> {
        decode::decode(text).map_err(|e| invalid_input(e.path, &e.message, what))
    }
}

#[cfg(feature = "wasm")]
/// [`from_json`] without serde, for the gate core's inputs: the text read into a tree
/// ([`crate::json_tree`]) and checked by `decode`, with the same errors serde would give.
pub(crate) fn read_input<T>(
    text: &str,
    what: &str,
    decode: impl FnOnce(&crate::json_tree::Json) -> Result<T, crate::json_tree::Refusal>,
) -> Result<T, JsValue> {
    let refused = |e: crate::json_tree::Refusal| {
        let path = (!e.path.is_empty()).then_some(e.path);
        invalid_input(path, &e.message, what)
    };
    let tree =
        crate::json_tree::parse(text).map_err(|m| refused(crate::json_tree::Refusal::new(m)))?;
    decode(&tree).map_err(refused)
}

#[cfg(feature = "wasm")]
/// The JS error of a refused input. Not generic, and kept out of line: one copy for every
/// input type.
#[inline(never)]
fn invalid_input(path: Option<String>, message: &str, what: &str) -> JsValue {
    let inner = strip_position(message);
    match path {
        None => error("invalidInput", &format!("invalid {what}: {inner}")),
        Some(path) => throw(
            &format!("invalid {what}: {path}: {inner}"),
            &ErrorFields {
                path: Some(path),
                ..ErrorFields::kind("invalidInput")
            },
        ),
    }
}

/// [`from_json`] for the largest inputs (a PodConfig update of up to 50,000 pods): valid input
/// is decoded directly from the text and only input that fails is decoded again through
/// [`decode`], which first builds a tree of the whole input. Not the default: each type decoded
/// here carries a second copy of its decoder in the wasm.
#[cfg(all(feature = "wasm", feature = "pod-config"))]
pub(crate) fn from_json_large<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, JsValue> {
    match crate::json::strict::from_str::<T>(text) {
        Ok(value) => Ok(value),
        Err(_) => from_json(text, what),
    }
}

#[cfg(feature = "wasm")]
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

#[cfg(feature = "wasm")]
/// A byte offset in `text` as a UTF-16 offset (what JS string indices and editors count).
pub(crate) fn utf16_offset(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    let prefix = text.get(..byte).unwrap_or(text);
    u32::try_from(prefix.encode_utf16().count()).unwrap_or(u32::MAX)
}

#[cfg(feature = "wasm")]
// The JSON contracts generated from the Rust types (`contracts.rs`), in the package's d.ts.
#[wasm_bindgen(typescript_custom_section)]
const GENERATED_TS: &str = include_str!("../../npm/types.generated.d.ts");

#[cfg(feature = "wasm")]
// Pass-through objects the generated contracts refer to (their unknown fields are kept, which a
// derive cannot say). In every build, since the generated file is: the gates-only package's d.ts
// names `PodJson` too.
#[wasm_bindgen(typescript_custom_section)]
const PASS_THROUGH_TS: &str = r#"
/** A pod in Kubernetes JSON. metadata.name and metadata.uid are required by merge(). */
export interface PodJson {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    uid: string;
    namespace?: string;
    labels?: Record<string, string> | null;
    annotations?: Record<string, string> | null;
    deletionTimestamp?: string | null;
    deletionGracePeriodSeconds?: number | null;
    generation?: number;
    [field: string]: unknown;
  };
  spec?: { [field: string]: unknown };
  status?: { [field: string]: unknown };
  [field: string]: unknown;
}
"#;

#[cfg(feature = "wasm")]
// What the generated contracts cannot say: errors are real `Error`s carrying the generated
// fields, and the names earlier releases of the package exported.
#[wasm_bindgen(typescript_custom_section)]
const ERROR_TS: &str = r#"
/**
 * What every kubegate function and method throws: a real Error whose message is Kubernetes'
 * exact text (or kubegate's, for a wrong argument), with `kind` and whatever location is known.
 */
export interface KubegateError extends Error, KubegateErrorFields {}
/** Compatibility names of KubegateError and its parts. */
export type FeatureGateError = KubegateError;
export type KubeletConfigError = KubegateError;
export type ImportError = KubegateError;
export type GateProblem = ErrorProblem;
export type KubeletConfigProblem = ErrorProblem;
/** What every import reports beside its result. */
export type ImportReport = Pick<KubeletCommandLine, "understood" | "ignored">;
export type GateValues = Record<string, boolean>;
"#;

#[cfg(feature = "wasm")]
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

#[cfg(feature = "wasm")]
impl json_out::ToJson for VersionInfo {
    fn write(&self, out: &mut Vec<u8>) {
        json_out::Object::open(out)
            .field("kubegate", &self.kubegate)
            .field("kubernetes", &self.kubernetes)
            .field("featureList", &self.feature_list)
            .close();
    }
}

/// What one run of the command line printed and its exit code.
#[cfg(any(feature = "wasm-cli", all(test, feature = "typescript")))]
#[derive(serde::Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct CliOutput {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

#[cfg(feature = "wasm")]
/// The kubegate version and the Kubernetes version its defaults follow.
#[wasm_bindgen(js_name = version, unchecked_return_type = "VersionInfo")]
pub fn version() -> String {
    json_out::to_text(&VersionInfo {
        kubegate: env!("CARGO_PKG_VERSION").to_string(),
        kubernetes: crate::featuregate::DEFAULT_KUBE_BINARY_VERSION.to_string(),
        feature_list: crate::releases::NEWEST.to_string(),
    })
}

#[cfg(all(test, feature = "wasm"))]
mod tests {
    #[test]
    fn version_info_is_written_as_serde_json_writes_it() {
        super::json_out::same(&super::VersionInfo {
            kubegate: "0.1.0".into(),
            kubernetes: "1.37".into(),
            feature_list: "1.36".into(),
        });
    }
}
