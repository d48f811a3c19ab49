//! The one error type of the control plane's components: what a binary refuses at start.
//!
//! `Display` prints the binary's own words (pflag's `unknown flag: --x`, the feature gate's
//! `unrecognized feature gate: X`, apimachinery's `no kind "K" is registered for version ...`);
//! the flag, config file and source location are accessors; [`ComponentErrorKind`] says which
//! rule refused.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use super::SourceLocation;

/// Which rule refused (a string in JSON, a string-literal union in TypeScript).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentErrorKind")
)]
pub enum ComponentErrorKind {
    /// The release's flag set has no such flag (never had it, or it was removed).
    UnknownFlag,
    /// A one-letter flag the release does not register as a shorthand.
    UnknownShorthand,
    /// An argument pflag cannot read as a flag at all (`---x`, `--=x`).
    BadFlagSyntax,
    /// A non-boolean flag written without a value.
    FlagNeedsArgument,
    /// A value the flag's type cannot read (`strconv.ParseBool`, a duration, an IP...).
    InvalidFlagValue,
    /// `--feature-gates` refused by the release's gate (unknown gate, locked value, syntax).
    FeatureGate,
    /// `--emulated-version` refused (outside the range, unknown component, or a release
    /// without emulation).
    EmulatedVersion,
    /// A config file whose kind/version the release's scheme does not register.
    ConfigKindNotRegistered,
    /// A config file that could not be read as an object with `apiVersion` and `kind`.
    ConfigUnreadable,
    /// The component is not one this check covers (the kubelet has its own).
    UnsupportedComponent,
}

/// One refusal: the binary's text and where it points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentError {
    kind: ComponentErrorKind,
    message: String,
    flag: Option<String>,
    file: Option<String>,
    at: SourceLocation,
    source: Option<Box<ComponentError>>,
}

// The constructors serve the start check, which reads values with the kubelet's parsers and so
// needs the `kubelet-config` feature too.
#[cfg_attr(not(feature = "kubelet-config"), allow(dead_code))]
impl ComponentError {
    pub(crate) fn new(kind: ComponentErrorKind, message: String) -> Self {
        ComponentError {
            kind,
            message,
            flag: None,
            file: None,
            at: SourceLocation::default(),
            source: None,
        }
    }

    pub(crate) fn with_flag(mut self, flag: &str) -> Self {
        self.flag = Some(flag.to_string());
        self
    }

    pub(crate) fn with_file(mut self, file: &str) -> Self {
        self.file = Some(file.to_string());
        self
    }

    pub(crate) fn at(mut self, at: &SourceLocation) -> Self {
        self.at = at.clone();
        self
    }

    /// Which rule refused.
    pub fn kind(&self) -> ComponentErrorKind {
        self.kind
    }

    /// The flag involved, without dashes (`insecure-port`).
    pub fn flag(&self) -> Option<&str> {
        self.flag.as_deref()
    }

    /// The config file involved (the path its flag names).
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// Where the argument or file was written.
    pub fn location(&self) -> &SourceLocation {
        &self.at
    }
}

impl fmt::Display for ComponentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ComponentError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Serialize for ComponentError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("ComponentError", 6)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("message", &self.message)?;
        if let Some(flag) = &self.flag {
            st.serialize_field("flag", flag)?;
        }
        if let Some(file) = &self.file {
            st.serialize_field("configFile", file)?;
        }
        if let Some(file) = &self.at.file {
            st.serialize_field("file", file)?;
        }
        if let Some(line) = self.at.line {
            st.serialize_field("line", &line)?;
        }
        st.end()
    }
}

/// The TypeScript shape of a serialized [`ComponentError`].
#[cfg(feature = "typescript")]
#[derive(ts_rs::TS)]
#[ts(rename = "ComponentError", optional_fields)]
#[allow(dead_code)]
pub struct ComponentErrorShape {
    kind: ComponentErrorKind,
    message: String,
    flag: Option<String>,
    #[ts(rename = "configFile")]
    config_file: Option<String>,
    file: Option<String>,
    line: Option<usize>,
}
