//! Declarative enum validation with options, and the ratcheting that generated code wraps
//! around it.
//!
//! Upstream: `k8s.io/apimachinery/pkg/api/validate/enum.go` and `pkg/api/operation` (read at
//! apimachinery HEAD, ≈ v1.37), plus the wrappers that `validation-gen` (kubernetes/code-generator)
//! emits around every field validation.
//!
//! How a new enum value reaches a stable API (the community guide `api_changes.md`, "New enum
//! value in existing field"): the value is tagged `+k8s:ifDisabled(Gate)=+k8s:enumExclude`, so it
//! is rejected while the option is off; the strategy turns the option on when the gate is on **or**
//! when the old object already holds the value ("ratcheting by options"); and the generated
//! wrapper skips validation entirely on update when the value did not change ("ratcheting by
//! equality").
//!
//! [`validate_enum`] is upstream's `validate.Enum`; [`validate_enum_ratcheting`] adds the
//! generated wrapper.

use super::field::FieldError;
use super::gating::GatingError;

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Upstream `operation.Type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "EnumOperation")
)]
pub enum OperationType {
    #[default]
    Create,
    Update,
}

/// Upstream `operation.Operation`: the request type and the declared validation options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Operation {
    #[serde(rename = "type", default)]
    pub op_type: OperationType,
    /// Option name → enabled. An option that some rule references must be present here: an
    /// undeclared option is a programming error, reported as an internal error.
    #[serde(default)]
    pub options: BTreeMap<String, bool>,
}

impl Operation {
    /// `HasOption`: (enabled, defined).
    pub fn has_option(&self, option: &str) -> (bool, bool) {
        match self.options.get(option) {
            Some(on) => (*on, true),
            None => (false, false),
        }
    }
}

/// Upstream `validate.EnumExclusion`: `value` is excluded while `option` is on
/// (`exclude_when: true`, tag `+k8s:ifEnabled(X)=+k8s:enumExclude`) or while it is off
/// (`exclude_when: false`, tag `+k8s:ifDisabled(X)=+k8s:enumExclude`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct EnumExclusion {
    pub value: String,
    pub option: String,
    pub exclude_when: bool,
}

impl EnumExclusion {
    pub fn new(value: &str, option: &str, exclude_when: bool) -> Self {
        EnumExclusion {
            value: value.to_string(),
            option: option.to_string(),
            exclude_when,
        }
    }
}

/// `isExcluded`: rules are checked in order and the first match wins, so an undeclared option
/// in a later rule is only reported when no earlier rule excluded the value.
fn is_excluded(
    op: &Operation,
    exclusions: &[EnumExclusion],
    value: &str,
) -> Result<bool, GatingError> {
    for rule in exclusions {
        let (on, defined) = op.has_option(&rule.option);
        if !defined {
            return Err(GatingError::UndefinedOption {
                option: rule.option.clone(),
            });
        }
        if rule.value == value && rule.exclude_when == on {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The valid values minus the excluded ones, sorted by bytes (a `BTreeSet` iterates sorted).
pub fn supported_values(
    op: &Operation,
    valid: &BTreeSet<String>,
    exclusions: &[EnumExclusion],
) -> Result<Vec<String>, GatingError> {
    let mut out = Vec::with_capacity(valid.len());
    for v in valid {
        if !is_excluded(op, exclusions, v)? {
            out.push(v.clone());
        }
    }
    Ok(out)
}

/// `validate.Enum`. `None` is an unset optional pointer and is never validated; a non-pointer
/// field passes `Some("")` and is validated like any value.
pub fn validate_enum(
    op: &Operation,
    fld_path: &str,
    value: Option<&str>,
    valid: &BTreeSet<String>,
    exclusions: &[EnumExclusion],
) -> Vec<FieldError> {
    let Some(value) = value else {
        return Vec::new();
    };
    let excluded = match is_excluded(op, exclusions, value) {
        Ok(x) => x,
        Err(e) => return vec![FieldError::internal(fld_path, &e.to_string())],
    };
    if !valid.contains(value) || excluded {
        return match supported_values(op, valid, exclusions) {
            Ok(supported) => vec![FieldError::not_supported(fld_path, value, &supported)],
            Err(e) => vec![FieldError::internal(fld_path, &e.to_string())],
        };
    }
    Vec::new()
}

/// The generated wrapper: on update, when the old value is correlated (the old parent exists)
/// and unchanged, nothing is validated, so data that became invalid can still be kept.
/// `old_value` is `None` when there is no correlated old value.
pub fn validate_enum_ratcheting(
    op: &Operation,
    fld_path: &str,
    value: Option<&str>,
    old_value: Option<Option<&str>>,
    valid: &BTreeSet<String>,
    exclusions: &[EnumExclusion],
) -> Vec<FieldError> {
    if op.op_type == OperationType::Update && old_value == Some(value) {
        return Vec::new();
    }
    validate_enum(op, fld_path, value, valid, exclusions)
}

/// What [`validate_enum_request`] takes: one enum field check, as the JS API passes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct EnumRequest {
    pub path: String,
    /// `null`/absent: an unset optional field.
    #[serde(default)]
    pub value: Option<String>,
    /// Present on update when the old object exists: the old field value (`null` when unset).
    #[serde(default, with = "double_option")]
    #[cfg_attr(feature = "typescript", ts(type = "string | null", optional))]
    pub old_value: Option<Option<String>>,
    pub valid_values: Vec<String>,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub exclusions: Vec<EnumExclusion>,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub options: BTreeMap<String, bool>,
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub operation: OperationType,
}

/// Distinguishes an absent `oldValue` (no old object) from `oldValue: null` (old field unset).
mod double_option {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    pub fn serialize<S: Serializer>(v: &Option<Option<String>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            None => s.serialize_none(),
            Some(inner) => inner.serialize(s),
        }
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<String>>, D::Error> {
        Option::<String>::deserialize(d).map(Some)
    }
}

/// One enum field validated with ratcheting; the errors in upstream's order.
pub fn validate_enum_request(req: &EnumRequest) -> Vec<FieldError> {
    let op = Operation {
        op_type: req.operation,
        options: req.options.clone(),
    };
    let mut valid: BTreeSet<String> = BTreeSet::new();
    valid.extend(req.valid_values.iter().cloned());
    let old = req.old_value.as_ref().map(|o| o.as_deref());
    validate_enum_ratcheting(
        &op,
        &req.path,
        req.value.as_deref(),
        old,
        &valid,
        &req.exclusions,
    )
}

/// Options from gate values: each named option is on exactly when its gate is. A name with no
/// gate value is the error ([`GatingError::GateNotProvided`]).
pub fn options_from_gates(
    names: &[&str],
    gates: &dyn Fn(&str) -> Option<bool>,
) -> Result<BTreeMap<String, bool>, GatingError> {
    let mut out = BTreeMap::new();
    for name in names {
        let on = gates(name).ok_or_else(|| GatingError::GateNotProvided {
            gate: name.to_string(),
        })?;
        out.insert(name.to_string(), on);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(v: &[&str]) -> BTreeSet<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn first_matching_rule_wins_before_an_undeclared_option() {
        let op = Operation {
            op_type: OperationType::Create,
            options: [("A".to_string(), true)].into_iter().collect(),
        };
        let ex = vec![
            EnumExclusion::new("x", "A", true),
            EnumExclusion::new("y", "B", true),
        ];
        assert_eq!(is_excluded(&op, &ex, "x"), Ok(true));
        assert!(is_excluded(&op, &ex, "y").is_err());
        let errs = validate_enum(&op, "f", Some("x"), &set(&["x", "y"]), &ex);
        assert_eq!(
            errs.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
            vec![r#"f: Internal error: undefined validation option "B""#]
        );
    }

    #[test]
    fn ratcheting_only_on_unchanged_update() {
        let mut op = Operation::default();
        let valid = set(&["a"]);
        assert_eq!(
            validate_enum_ratcheting(&op, "f", Some("x"), Some(Some("x")), &valid, &[]).len(),
            1
        );
        op.op_type = OperationType::Update;
        assert!(
            validate_enum_ratcheting(&op, "f", Some("x"), Some(Some("x")), &valid, &[]).is_empty()
        );
        assert_eq!(
            validate_enum_ratcheting(&op, "f", Some("y"), Some(Some("x")), &valid, &[]).len(),
            1
        );
        assert_eq!(
            validate_enum_ratcheting(&op, "f", Some("x"), None, &valid, &[]).len(),
            1
        );
    }

    #[test]
    fn request_old_value_absent_vs_null() {
        let r: EnumRequest = serde_json::from_value(serde_json::json!({
            "path": "p", "value": "x", "validValues": ["a"], "operation": "Update", "oldValue": null
        }))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.old_value, Some(None));
        let r: EnumRequest = serde_json::from_value(serde_json::json!({
            "path": "p", "value": "x", "validValues": ["a"]
        }))
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.old_value, None);
    }
}
