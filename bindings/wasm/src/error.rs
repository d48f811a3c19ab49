//! The one shape of every error the binding throws.
//!
//! Callers catch errors from six areas; they should not need six ways to read them. Every error
//! is a real JS `Error` whose `message` is the core's `Display` text (Kubernetes' own words) and
//! whose other fields are an [`ErrorFields`]: always a `kind`, then whichever location the core
//! knows (`path` of a bad field in structured input, `file`/`line`/`flag`/`field` of a kubelet
//! setting, `line` of an imported text) and, when the core reports several failures at once,
//! `problems`, one [`ErrorProblem`] each. [`throw`] is the only place that builds one, so the
//! fields and their TypeScript contract (`KubegateErrorFields`) cannot drift apart.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What an error carries beside its message. Absent fields are not set on the `Error`.
#[derive(Serialize, Default, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubegateErrorFields", optional_fields)
)]
pub(crate) struct ErrorFields {
    /// What went wrong: `"invalidInput"`, `"limit"`, the area whose rule refused (`"podConfig"`,
    /// `"kubeletConfig"`, `"import"`...), or a feature-gate problem kind (`"syntax"`,
    /// `"unrecognized"`, `"locked"`...).
    pub kind: String,
    /// The path of the bad field in structured input, e.g. `"faults[0].at"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(flatten)]
    pub at: ErrorLocation,
    /// Every failure, when the core reports several at once (feature gates, kubelet validation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<ErrorProblem>>,
}

/// One failure inside an error that reports several.
#[derive(Serialize, Default, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ErrorProblem", optional_fields)
)]
pub(crate) struct ErrorProblem {
    /// For feature gates: `"syntax"`, `"unrecognized"`, `"locked"`, `"preAlpha"`,
    /// `"dependency"`, `"spec"`...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Kubernetes' exact text for this failure.
    pub message: String,
    /// The feature it is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    /// Where its `Key=value` piece is in the string given to `set()`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<ErrorSpan>,
    #[serde(flatten)]
    pub at: ErrorLocation,
}

/// Where the value at fault was written, as far as the core knows.
#[derive(Serialize, Default, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ErrorLocation", optional_fields)
)]
pub(crate) struct ErrorLocation {
    /// The file (kubelet config file, drop-in or checkpoint) that wrote the value at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The 1-based line of the value at fault (in `file`, or in the imported text).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The flag that wrote the value at fault, e.g. `"--port"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    /// Dotted path of the configuration field at fault, e.g. `"evictionHard.memory.available"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// A span in UTF-16 code units (JS string indices), end exclusive.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Span"))]
pub(crate) struct ErrorSpan {
    pub start: u32,
    pub end: u32,
}

impl ErrorFields {
    pub(crate) fn kind(kind: &str) -> Self {
        ErrorFields {
            kind: kind.to_string(),
            ..ErrorFields::default()
        }
    }
}

/// A line number as JS receives it (a number; lines beyond u32 do not occur in bounded input).
#[cfg(all(
    feature = "api",
    any(feature = "kubelet-config", feature = "node-status")
))]
pub(crate) fn line(l: usize) -> u32 {
    u32::try_from(l).unwrap_or(u32::MAX)
}

/// The JS `Error` with `message` and `fields`: the only constructor of a thrown error.
pub(crate) fn throw(message: &str, fields: &ErrorFields) -> JsValue {
    let err = js_sys::Error::new(message);
    // The fields cross as one object copied onto the Error, as every result does.
    let copied = super::output(fields)
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::Object>().ok());
    match copied {
        Some(obj) => {
            js_sys::Object::assign(&err, &obj);
        }
        // Unreachable for these plain types; the kind still reaches the caller.
        None => {
            let _ = js_sys::Reflect::set(&err, &"kind".into(), &fields.kind.as_str().into());
        }
    }
    err.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_fields_are_not_set_and_names_are_camel_case() {
        let mut f = ErrorFields::kind("kubeletConfig");
        f.at.line = Some(3);
        f.problems = Some(vec![ErrorProblem {
            message: "m".into(),
            span: Some(ErrorSpan { start: 0, end: 2 }),
            ..ErrorProblem::default()
        }]);
        assert_eq!(
            serde_json::to_string(&f).unwrap(),
            r#"{"kind":"kubeletConfig","line":3,"problems":[{"message":"m","span":{"start":0,"end":2}}]}"#
        );
    }
}
