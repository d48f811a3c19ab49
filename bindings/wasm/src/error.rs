//! The one shape of every error the binding throws.
//!
//! Callers catch errors from six areas; they should not need six ways to read them. Every error
//! is a real JS `Error` whose `message` is the core's `Display` text (Kubernetes' own words) and
//! whose other fields are an [`ErrorFields`]: always a `kind`, then whichever location the core
//! knows (`path` of a bad field in structured input, `file`/`line`/`flag`/`field` of a kubelet
//! setting, `line` of an imported text) and, when the core reports several failures at once,
//! `problems`, one [`ErrorProblem`] each. [`throw`] is the only place that builds one, so the
//! fields and their TypeScript contract (`KubegateErrorFields`) cannot drift apart.
//!
//! Every core error reaches it through [`fail`]: its `kind` is the core error's own `kind()`
//! ([`CoreError`]; types with locations add them in `fields`), so the JS caller branches on the
//! same words as a Rust one. The one exception is an export that fails in a step it took on the
//! caller's behalf (reading a release's gate, `releaseGate`): [`InArea`] throws that under the
//! area's kind ([`AreaErrorKind`]). `kind` is typed in TS as `ErrorKind`, the union of every
//! kind list (contracts.rs).

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
    /// What went wrong: the core error's `kind()` (the area whose rule refused, `"podConfig"`,
    /// `"kubeletConfig"`, `"import"`..., or a feature-gate problem kind, `"syntax"`,
    /// `"unrecognized"`, `"locked"`...), or one of the binding's own (`"invalidInput"`,
    /// `"limit"`...).
    #[cfg_attr(feature = "typescript", ts(type = "ErrorKind"))]
    pub kind: &'static str,
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
    #[cfg_attr(feature = "typescript", ts(optional, type = "ErrorKind"))]
    pub kind: Option<&'static str>,
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
    pub(crate) fn kind(kind: &'static str) -> Self {
        ErrorFields {
            kind,
            ..ErrorFields::default()
        }
    }
}

/// Declares a kind enum of the binding's own: serialized (and exported to TS) as its camelCase
/// names, with `as_str` giving that name.
macro_rules! binding_kind {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        #[allow(dead_code)] // Some are thrown by the package's checking layer (npm/core.js) only.
        pub(crate) enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant,)+
        }

        impl $name {
            pub(crate) const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }
    };
}

binding_kind! {
    /// The kinds of errors the binding and the package's checking layer (`npm/core.js`) throw
    /// themselves, beside the core's.
    BindingErrorKind {
        /// A wrong argument type, shape or value, caught by the checking layer.
        InvalidArgument = "invalidArgument",
        /// Structured input the core's types refuse (`path` names the field).
        InvalidInput = "invalidInput",
        /// A size beyond kubegate's limits (the message states the limit).
        Limit = "limit",
        /// A result that could not be converted (not expected to happen).
        Internal = "internal",
        /// A method called after `free()`.
        Freed = "freed",
        /// The WebAssembly stopped after an internal error.
        Trapped = "trapped",
        /// The WebAssembly could not be loaded.
        Init = "init",
    }
}

binding_kind! {
    /// The area an export names when it fails in a step it took on the caller's behalf (reading
    /// a release's gate), rather than the kind of the step's own error: see [`InArea`].
    AreaErrorKind {
        /// Reading a release's gate.
        Release = "release",
    }
}

/// A core error as the binding throws it: its text is `Display`'s, its `kind` the core's
/// `kind()`, and [`fields`](CoreError::fields) adds where the value at fault was written.
pub(crate) trait CoreError: std::fmt::Display {
    /// The JS `kind`: the name of the core error's `kind()`.
    fn kind_name(&self) -> &'static str;
    /// Everything the JS `Error` carries beside its message.
    fn fields(&self) -> ErrorFields {
        ErrorFields::kind(self.kind_name())
    }
}

/// `CoreError` for core error types with a `kind()` and no location.
// Used by the area modules a build includes (none in the command line's).
#[allow(unused_macros)]
macro_rules! core_error {
    ($($t:ty),+ $(,)?) => {
        $(impl $crate::error::CoreError for $t {
            fn kind_name(&self) -> &'static str {
                self.kind().as_str()
            }
        })+
    };
}
#[cfg(feature = "api")]
#[allow(unused_imports)] // The gate core's build has no area module that uses it.
pub(crate) use core_error;

#[cfg(feature = "api")]
core_error!(
    kubegate::version::VersionError,
    kubegate::duration::DurationError,
    kubegate::releases::ReleaseError,
);

// Times are read by the node and pod areas only.
#[cfg(all(feature = "api", any(feature = "node-status", feature = "pod-config")))]
core_error!(kubegate::timestamp::TimeError);

/// A core error thrown under the kind of the area that took the failed step (see
/// [`AreaErrorKind`]); its locations stay the error's own.
pub(crate) struct InArea<E> {
    pub area: AreaErrorKind,
    pub error: E,
}

impl<E: std::fmt::Display> std::fmt::Display for InArea<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl<E: CoreError> CoreError for InArea<E> {
    fn kind_name(&self) -> &'static str {
        self.area.as_str()
    }
    fn fields(&self) -> ErrorFields {
        ErrorFields {
            kind: self.area.as_str(),
            ..self.error.fields()
        }
    }
}

/// The one mapping of a core error into a JS `Error` (`map_err(fail)`).
pub(crate) fn fail<E: CoreError>(e: E) -> JsValue {
    throw(&e.to_string(), &e.fields())
}

/// `map_err` helper: a core error thrown under `area` (see [`InArea`]).
pub(crate) fn fail_in<E: CoreError>(area: AreaErrorKind) -> impl Fn(E) -> JsValue {
    move |error| fail(InArea { area, error })
}

/// A line number as JS receives it (a number; lines beyond u32 do not occur in bounded input).
#[cfg(feature = "api")]
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
            let _ = js_sys::Reflect::set(&err, &"kind".into(), &fields.kind.into());
        }
    }
    err.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A core error with a location, for the mapping's tests.
    struct Located;

    impl std::fmt::Display for Located {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("bad")
        }
    }

    impl CoreError for Located {
        fn kind_name(&self) -> &'static str {
            "import"
        }
        fn fields(&self) -> ErrorFields {
            let mut f = ErrorFields::kind(self.kind_name());
            f.at.line = Some(7);
            f
        }
    }

    #[test]
    fn an_area_wrapper_changes_the_kind_and_keeps_the_text_and_locations() {
        let wrapped = InArea {
            area: AreaErrorKind::Release,
            error: Located,
        };
        assert_eq!(wrapped.to_string(), "bad");
        assert_eq!(wrapped.kind_name(), "release");
        let fields = wrapped.fields();
        assert_eq!((fields.kind, fields.at.line), ("release", Some(7)));
    }

    #[test]
    fn binding_kinds_serialize_as_their_names() {
        for k in [BindingErrorKind::InvalidInput, BindingErrorKind::Limit] {
            assert_eq!(
                serde_json::to_string(&k).unwrap(),
                format!("\"{}\"", k.as_str())
            );
        }
        assert_eq!(
            serde_json::to_string(&AreaErrorKind::Release).unwrap(),
            "\"release\""
        );
    }

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
