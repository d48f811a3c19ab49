//! Declarative field gating: drop a disabled field on create, keep it on update when the old
//! object already uses it.
//!
//! Upstream writes this by hand in every registry strategy's `PrepareForCreate` /
//! `PrepareForUpdate` (for example `dropDisabledFields` in `pkg/api/service/util.go` and the hints
//! handling of `pkg/api/discovery/util.go`, Kubernetes ≈ v1.30–1.33; the pattern itself is
//! documented in the community guide `api_changes.md`, "New field in existing API version"). The
//! rule is always the same, so here a [`FieldGateSchema`] names, per field path, the gate that
//! guards it, and [`prepare_for_create`] / [`prepare_for_update`] apply it:
//!
//! * a field whose gate is **off** is cleared in the new object, unless the **old** object already
//!   has a value in it (on create there is no old object, so it is always cleared);
//! * the request still succeeds: dropping is silent, never an error.
//!
//! Paths are dotted JSON field names; `[*]` walks every item of a list, so
//! `endpoints[*].hints.forNodes` is EndpointSlice's per-endpoint node hint. A list path is "in
//! use" when **any** item of the old list has it, and then it is kept on **every** item: that is
//! what the EndpointSlice strategy's scan over the old endpoints does. Rules apply parents first,
//! so dropping `endpoints[*].hints` makes the `forNodes` rule a no-op, as upstream's
//! `if dropHints { ... } else if hints != nil { ... }` does.
//!
//! A field counts as set when its key is present with a non-null value; `[]` and `{}` count as
//! set, like a non-nil empty Go slice or struct pointer.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// Which gate guards which field of one API type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct FieldGateSchema {
    /// The API type, for messages only (`Service`, `EndpointSlice`, ...).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub kind: String,
    pub fields: Vec<GatedField>,
}

/// One gated field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct GatedField {
    /// `spec.trafficDistribution`, `endpoints[*].hints`, ...
    pub path: String,
    /// The feature gate that must be on for new uses of the field.
    pub gate: String,
}

/// The prepared object and what was taken out of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PrepareResult {
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown>"))]
    pub object: Value,
    /// Concrete paths of the cleared fields, e.g. `endpoints[1].hints`, in the order cleared.
    pub dropped: Vec<String>,
}

/// A schema that cannot be applied. The object is never half-prepared: every rule is checked
/// before anything changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatingError {
    /// A path that is not `name(.name|[*])*`.
    InvalidPath { path: String, reason: String },
    /// The schema names a gate the caller gave no value for.
    UnknownGate { path: String, gate: String },
    /// A rule (a validation option, the Frobber guide's check) needs a gate the caller gave no
    /// value for.
    GateNotProvided { gate: String },
    /// An enum exclusion names a validation option the operation does not declare.
    UndefinedOption { option: String },
}

error_kind! {
    /// What kind of error the API field rules report ([`GatingError::kind`]).
    pub enum ApiFieldsErrorKind {
        /// A schema, rule or gate set the field rules cannot apply.
        ApiFields = "apiFields",
    }
}

impl GatingError {
    /// Always [`ApiFieldsErrorKind::ApiFields`].
    pub fn kind(&self) -> ApiFieldsErrorKind {
        ApiFieldsErrorKind::ApiFields
    }
}

impl fmt::Display for GatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GatingError::InvalidPath { path, reason } => {
                write!(f, "invalid gated field path {path:?}: {reason}")
            }
            GatingError::UnknownGate { path, gate } => write!(
                f,
                "field {path:?} is guarded by feature gate {gate:?}, which is not in the provided gates"
            ),
            GatingError::GateNotProvided { gate } => {
                write!(f, "feature gate {gate:?} is not in the provided gates")
            }
            GatingError::UndefinedOption { option } => {
                write!(f, "undefined validation option {option:?}")
            }
        }
    }
}

impl std::error::Error for GatingError {}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Key(String),
    Each,
}

fn parse_path(path: &str) -> Result<Vec<Segment>, GatingError> {
    let bad = |reason: &str| GatingError::InvalidPath {
        path: path.to_string(),
        reason: reason.to_string(),
    };
    if path.is_empty() {
        return Err(bad("empty path"));
    }
    let mut segments = Vec::new();
    for part in path.split('.') {
        let (name, mut rest) = match part.find('[') {
            Some(i) => part.split_at(i),
            None => (part, ""),
        };
        if name.is_empty() {
            return Err(bad("empty field name"));
        }
        if name.contains(']') {
            return Err(bad("unexpected \"]\""));
        }
        segments.push(Segment::Key(name.to_string()));
        while !rest.is_empty() {
            match rest.strip_prefix("[*]") {
                Some(r) => {
                    segments.push(Segment::Each);
                    rest = r;
                }
                None => return Err(bad("only \"[*]\" may follow a field name")),
            }
        }
    }
    Ok(segments)
}

/// Every concrete, non-null match of `segments` under `value`, as (rendered path, JSON pointer).
fn matches(value: &Value, segments: &[Segment]) -> Vec<(String, Vec<PointerStep>)> {
    let mut out = Vec::new();
    walk(value, segments, String::new(), Vec::new(), &mut out);
    out
}

#[derive(Debug, Clone)]
enum PointerStep {
    Key(String),
    Index(usize),
}

fn walk(
    value: &Value,
    segments: &[Segment],
    rendered: String,
    steps: Vec<PointerStep>,
    out: &mut Vec<(String, Vec<PointerStep>)>,
) {
    let Some((first, rest)) = segments.split_first() else {
        if !value.is_null() {
            out.push((rendered, steps));
        }
        return;
    };
    match first {
        Segment::Key(k) => {
            if let Some(child) = value.as_object().and_then(|o| o.get(k)) {
                let r = if rendered.is_empty() {
                    k.clone()
                } else {
                    format!("{rendered}.{k}")
                };
                let mut s = steps;
                s.push(PointerStep::Key(k.clone()));
                walk(child, rest, r, s, out);
            }
        }
        Segment::Each => {
            if let Some(items) = value.as_array() {
                for (i, item) in items.iter().enumerate() {
                    let mut s = steps.clone();
                    s.push(PointerStep::Index(i));
                    walk(item, rest, format!("{rendered}[{i}]"), s, out);
                }
            }
        }
    }
}

fn remove_at(root: &mut Value, steps: &[PointerStep]) -> bool {
    let Some((last, parents)) = steps.split_last() else {
        return false;
    };
    let mut cur = root;
    for step in parents {
        let next = match step {
            PointerStep::Key(k) => cur.as_object_mut().and_then(|o| o.get_mut(k)),
            PointerStep::Index(i) => cur.as_array_mut().and_then(|a| a.get_mut(*i)),
        };
        match next {
            Some(n) => cur = n,
            None => return false,
        }
    }
    match (last, cur) {
        (PointerStep::Key(k), Value::Object(o)) => o.remove(k).is_some(),
        _ => false,
    }
}

struct Rule {
    segments: Vec<Segment>,
    enabled: bool,
}

fn compile(
    schema: &FieldGateSchema,
    gates: &dyn Fn(&str) -> Option<bool>,
) -> Result<Vec<Rule>, GatingError> {
    let mut rules = Vec::with_capacity(schema.fields.len());
    for field in &schema.fields {
        let segments = parse_path(&field.path)?;
        let enabled = gates(&field.gate).ok_or_else(|| GatingError::UnknownGate {
            path: field.path.clone(),
            gate: field.gate.clone(),
        })?;
        rules.push(Rule { segments, enabled });
    }
    // Parents first, so a dropped parent makes its children's rules no-ops (stable sort keeps
    // the schema's order among equals).
    crate::sort::sort_by_key(&mut rules, |r| r.segments.len());
    Ok(rules)
}

fn prepare(
    schema: &FieldGateSchema,
    gates: &dyn Fn(&str) -> Option<bool>,
    obj: &Value,
    old: Option<&Value>,
) -> Result<PrepareResult, GatingError> {
    let rules = compile(schema, gates)?;
    let mut object = obj.clone();
    let mut dropped = Vec::new();
    for rule in rules {
        if rule.enabled {
            continue;
        }
        let in_use = old.is_some_and(|o| !matches(o, &rule.segments).is_empty());
        if in_use {
            continue;
        }
        for (rendered, steps) in matches(&object, &rule.segments) {
            if remove_at(&mut object, &steps) {
                dropped.push(rendered);
            }
        }
    }
    Ok(PrepareResult { object, dropped })
}

/// `PrepareForCreate`: every gated field whose gate is off is cleared.
pub fn prepare_for_create(
    schema: &FieldGateSchema,
    gates: &dyn Fn(&str) -> Option<bool>,
    obj: &Value,
) -> Result<PrepareResult, GatingError> {
    prepare(schema, gates, obj, None)
}

/// `PrepareForUpdate`: a gated field whose gate is off is cleared unless `old` already uses it.
pub fn prepare_for_update(
    schema: &FieldGateSchema,
    gates: &dyn Fn(&str) -> Option<bool>,
    obj: &Value,
    old: &Value,
) -> Result<PrepareResult, GatingError> {
    prepare(schema, gates, obj, Some(old))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(fields: &[(&str, &str)]) -> FieldGateSchema {
        FieldGateSchema {
            kind: "T".into(),
            fields: fields
                .iter()
                .map(|(p, g)| GatedField {
                    path: p.to_string(),
                    gate: g.to_string(),
                })
                .collect(),
        }
    }

    #[test]
    fn paths_parse_or_fail_clearly() {
        assert!(parse_path("a.b[*].c").is_ok());
        assert!(parse_path("a[*][*]").is_ok());
        for bad in ["", "a..b", "[*]", "a[0]", "a]b", "a.[*]"] {
            assert!(parse_path(bad).is_err(), "{bad}");
        }
        let e = parse_path("a[0]").err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("invalid gated field path \"a[0]\": only \"[*]\" may follow a field name")
        );
    }

    #[test]
    fn unknown_gate_is_an_error_even_for_empty_objects() {
        let s = schema(&[("width", "Frobber2D")]);
        let e = prepare_for_create(&s, &|_| None, &json!({})).err();
        assert_eq!(
            e.map(|e| e.to_string()).as_deref(),
            Some("field \"width\" is guarded by feature gate \"Frobber2D\", which is not in the provided gates")
        );
    }

    #[test]
    fn null_is_unset() {
        let s = schema(&[("width", "G")]);
        let r = prepare_for_update(
            &s,
            &|_| Some(false),
            &json!({"width": 3}),
            &json!({"width": null}),
        )
        .ok();
        assert_eq!(r.map(|r| r.object), Some(json!({})));
    }
}
