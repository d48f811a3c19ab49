//! The guide's enum example: Frobber's `restartPolicy` gains the value `OnTuesday` behind the
//! `FrobberRestartPolicyOnTuesday` gate.
//!
//! Source: the community guide `contributors/devel/sig-architecture/api_changes.md`, "New enum
//! value in existing field". Release 1 allows the new value only when the gate is on or when the
//! old object already had it (so a newer server's data survives an older server's validation);
//! release 2 enables the gate by default.
//!
//! Two equivalent formulations are provided:
//! * [`validate_restart_policy`], the hand-written validation of the guide (an `Invalid` error
//!   naming the gate, otherwise `NotSupported`);
//! * [`validate_restart_policy_declarative`], the same rule written the declarative way: the
//!   value is tagged `+k8s:ifDisabled(FrobberRestartPolicyOnTuesday)=+k8s:enumExclude`, the
//!   strategy turns the option on when the old object uses the value, and the generated wrapper
//!   ratchets unchanged values.

use super::enums::{validate_enum_ratcheting, EnumExclusion, Operation, OperationType};
use super::field::{BadValue, FieldError};
use super::gating::GatingError;

use std::collections::{BTreeMap, BTreeSet};

pub const RESTART_POLICY_ALWAYS: &str = "Always";
pub const RESTART_POLICY_NEVER: &str = "Never";
pub const RESTART_POLICY_ON_TUESDAY: &str = "OnTuesday";
/// The gate of the new value.
pub const GATE: &str = "FrobberRestartPolicyOnTuesday";

/// The field path the guide reports.
const FIELD: &str = "restartPolicy";

/// `validationOptionsForFrobber`: allowed when the gate is on, or when the old object already
/// used the value. `Err` carries the gate name when `gates` has no value for it.
pub fn allow_on_tuesday(
    old_policy: Option<&str>,
    gates: &dyn Fn(&str) -> Option<bool>,
) -> Result<bool, GatingError> {
    let gate = gates(GATE).ok_or_else(|| GatingError::GateNotProvided {
        gate: GATE.to_string(),
    })?;
    Ok(gate || old_policy == Some(RESTART_POLICY_ON_TUESDAY))
}

/// The guide's `ValidateFrobber` for `restartPolicy`; `old_policy` is `None` on create.
pub fn validate_restart_policy(
    policy: &str,
    old_policy: Option<&str>,
    gates: &dyn Fn(&str) -> Option<bool>,
) -> Result<Vec<FieldError>, GatingError> {
    let allow = allow_on_tuesday(old_policy, gates)?;
    let mut valid: BTreeSet<String> = [RESTART_POLICY_ALWAYS, RESTART_POLICY_NEVER]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if allow {
        valid.insert(RESTART_POLICY_ON_TUESDAY.to_string());
    }
    if policy == RESTART_POLICY_ON_TUESDAY && !allow {
        return Ok(vec![FieldError::invalid(
            FIELD,
            BadValue::Str(policy.to_string()),
            "only allowed if the FrobberRestartPolicyOnTuesday feature is enabled",
        )]);
    }
    if !valid.contains(policy) {
        let list: Vec<String> = valid.into_iter().collect();
        return Ok(vec![FieldError::not_supported(FIELD, policy, &list)]);
    }
    Ok(Vec::new())
}

/// The declarative formulation (see the module docs).
pub fn validate_restart_policy_declarative(
    policy: &str,
    old_policy: Option<&str>,
    gates: &dyn Fn(&str) -> Option<bool>,
) -> Result<Vec<FieldError>, GatingError> {
    let allow = allow_on_tuesday(old_policy, gates)?;
    let op = Operation {
        op_type: if old_policy.is_some() {
            OperationType::Update
        } else {
            OperationType::Create
        },
        options: BTreeMap::from([(GATE.to_string(), allow)]),
    };
    let mut valid: BTreeSet<String> = BTreeSet::new();
    valid.extend(
        [
            RESTART_POLICY_ALWAYS,
            RESTART_POLICY_NEVER,
            RESTART_POLICY_ON_TUESDAY,
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    let exclusions = [EnumExclusion::new(RESTART_POLICY_ON_TUESDAY, GATE, false)];
    Ok(validate_enum_ratcheting(
        &op,
        FIELD,
        Some(policy),
        old_policy.map(Some),
        &valid,
        &exclusions,
    ))
}

/// Both formulations side by side, as the playground shows them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "FrobberRestartPolicyReport")
)]
pub struct RestartPolicyReport {
    /// Whether the strategy allows `OnTuesday` for this request ([`allow_on_tuesday`]).
    pub allowed: bool,
    /// [`validate_restart_policy`]'s errors, as upstream prints them.
    pub guide: Vec<String>,
    /// [`validate_restart_policy_declarative`]'s errors, as upstream prints them.
    pub declarative: Vec<String>,
}

/// The arguments of the guide's `OnTuesday` example: the value, the old object's value on
/// update, and the gates by name.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "FrobberRestartPolicyRequest")
)]
pub struct RestartPolicyRequest {
    pub restart_policy: String,
    /// The old object's value on update; absent on create.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub old_restart_policy: Option<String>,
    pub gates: BTreeMap<String, bool>,
}

impl RestartPolicyRequest {
    /// [`check_restart_policy`] of this request; a gate it does not name has no value.
    pub fn check(&self) -> Result<RestartPolicyReport, GatingError> {
        check_restart_policy(
            &self.restart_policy,
            self.old_restart_policy.as_deref(),
            &|g| self.gates.get(g).copied(),
        )
    }
}

/// Runs both validations of `restartPolicy` (`old_policy` is `None` on create). `Err` says which
/// gate has no value.
pub fn check_restart_policy(
    policy: &str,
    old_policy: Option<&str>,
    gates: &dyn Fn(&str) -> Option<bool>,
) -> Result<RestartPolicyReport, GatingError> {
    let strings = |v: Vec<FieldError>| v.iter().map(|e| e.to_string()).collect();
    Ok(RestartPolicyReport {
        allowed: allow_on_tuesday(old_policy, gates)?,
        guide: strings(validate_restart_policy(policy, old_policy, gates)?),
        declarative: strings(validate_restart_policy_declarative(
            policy, old_policy, gates,
        )?),
    })
}
