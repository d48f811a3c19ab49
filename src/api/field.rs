//! Field-level validation errors, printed exactly as Kubernetes prints them.
//!
//! Upstream keeps this in `k8s.io/apimachinery/pkg/util/validation/field/errors.go` (read at
//! apimachinery HEAD, ≈ v1.37). The text of `Error.Error()` is part of the API contract: clients
//! and tests compare it byte for byte, so [`FieldError`]'s `Display` reproduces it:
//!
//! ```text
//! <field>: <type>[: <bad value>][: <detail>]
//! ```
//!
//! * `Required`, `Forbidden`, `Too long`, `Too short` and `Internal error` never print the value.
//! * Strings are quoted Go-style (`strconv.Quote`), numbers and booleans print bare, anything else
//!   prints as JSON.
//! * `NotSupported` lists the supported values quoted and joined by `", "`, or nothing at all when
//!   the list is empty.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::go::quote as go_quote;

/// The machine-readable reason of a [`FieldError`] (upstream `field.ErrorType`). The serialized
/// form is the upstream constant (`FieldValueNotSupported`, ...); `Display` gives the human text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ErrorType {
    #[serde(rename = "FieldValueNotFound")]
    NotFound,
    #[serde(rename = "FieldValueRequired")]
    Required,
    #[serde(rename = "FieldValueDuplicate")]
    Duplicate,
    #[serde(rename = "FieldValueInvalid")]
    Invalid,
    #[serde(rename = "FieldValueNotSupported")]
    NotSupported,
    #[serde(rename = "FieldValueForbidden")]
    Forbidden,
    #[serde(rename = "FieldValueTooLong")]
    TooLong,
    #[serde(rename = "InternalError")]
    Internal,
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorType::NotFound => "Not found",
            ErrorType::Required => "Required value",
            ErrorType::Duplicate => "Duplicate value",
            ErrorType::Invalid => "Invalid value",
            ErrorType::NotSupported => "Unsupported value",
            ErrorType::Forbidden => "Forbidden",
            ErrorType::TooLong => "Too long",
            ErrorType::Internal => "Internal error",
        })
    }
}

/// The offending value, kept typed because Go prints each kind differently.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BadValue {
    /// Printed quoted (`%q`).
    Str(String),
    /// Printed bare (`%v`).
    Int(i64),
    /// Printed bare (`%v`).
    Bool(bool),
    /// Anything else: printed as JSON, like upstream's `json.Marshal` fallback.
    Json(serde_json::Value),
}

/// One field-level error (upstream `field.Error`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    /// The field path, e.g. `spec.ports[0].nodePort`.
    pub field: String,
    pub bad_value: BadValue,
    pub detail: String,
}

impl FieldError {
    /// `field.NotSupported`: the detail lists `valid` in the order given (callers sort).
    pub fn not_supported(field: &str, value: &str, valid: &[String]) -> Self {
        let detail = if valid.is_empty() {
            String::new()
        } else {
            let quoted: Vec<String> = valid.iter().map(|v| go_quote(v)).collect();
            format!("supported values: {}", quoted.join(", "))
        };
        FieldError {
            error_type: ErrorType::NotSupported,
            field: field.to_string(),
            bad_value: BadValue::Str(value.to_string()),
            detail,
        }
    }

    /// `field.Invalid`.
    pub fn invalid(field: &str, value: BadValue, detail: &str) -> Self {
        FieldError {
            error_type: ErrorType::Invalid,
            field: field.to_string(),
            bad_value: value,
            detail: detail.to_string(),
        }
    }

    /// `field.InternalError`: the detail is the wrapped error's text.
    pub fn internal(field: &str, err: &str) -> Self {
        FieldError {
            error_type: ErrorType::Internal,
            field: field.to_string(),
            bad_value: BadValue::Str(err.to_string()),
            detail: err.to_string(),
        }
    }

    /// `ErrorBody()`: the message without the leading field path.
    pub fn body(&self) -> String {
        let mut s = match self.error_type {
            ErrorType::Required
            | ErrorType::Forbidden
            | ErrorType::TooLong
            | ErrorType::Internal => self.error_type.to_string(),
            _ => {
                let value = match &self.bad_value {
                    BadValue::Str(v) => go_quote(v),
                    BadValue::Int(v) => v.to_string(),
                    BadValue::Bool(v) => v.to_string(),
                    BadValue::Json(v) => v.to_string(),
                };
                format!("{}: {}", self.error_type, value)
            }
        };
        if !self.detail.is_empty() {
            s.push_str(": ");
            s.push_str(&self.detail);
        }
        s
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.body())
    }
}

impl std::error::Error for FieldError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_supported_with_and_without_values() {
        let e = FieldError::not_supported("fldpath", "x", &["a".into(), "b".into()]);
        assert_eq!(
            e.to_string(),
            r#"fldpath: Unsupported value: "x": supported values: "a", "b""#
        );
        let e = FieldError::not_supported("f", "", &[]);
        assert_eq!(e.to_string(), r#"f: Unsupported value: """#);
    }

    #[test]
    fn internal_hides_the_value() {
        let e = FieldError::internal("fld", "undefined validation option \"FeatureB\"");
        assert_eq!(
            e.to_string(),
            r#"fld: Internal error: undefined validation option "FeatureB""#
        );
    }

    #[test]
    fn values_print_like_go() {
        let e = FieldError::invalid("a", BadValue::Int(3), "bad");
        assert_eq!(e.to_string(), "a: Invalid value: 3: bad");
        let e = FieldError::invalid("a", BadValue::Json(serde_json::json!(["x"])), "");
        assert_eq!(e.to_string(), r#"a: Invalid value: ["x"]"#);
        assert_eq!(go_quote("a\"b\\\n\u{1}"), r#""a\"b\\\n\x01""#);
    }
}
