//! Upgrade check: resolve the same inputs at the current and at a target kubelet version and
//! report what breaks or changes.
//!
//! Kubernetes has no such command; this combines the resolution of this module with the
//! versioned feature specs (`k8s.io/component-base/featuregate`, `versioned_feature_list.yaml`):
//! a gate that disappears or is not yet known at the target is refused at startup
//! (`unrecognized feature gate`), a gate locked to the opposite value is refused (`cannot set
//! feature gate X to v, feature is locked to w`), and gates left at their default may silently
//! flip.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::gates::{kubelet_gate, Gates};
use super::{parse_version, resolve_with_gates, ConfigError, ResolveInput};
use crate::featuregate::FeatureGate;

/// One finding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpgradeFinding {
    /// `gateUnknown`, `gateLocked`, `gateDefaultChanged`, `fieldChanged`, `error`.
    pub kind: String,
    /// The gate, field or flag concerned.
    pub subject: String,
    pub message: String,
    /// Whether the kubelet would refuse to start.
    pub breaking: bool,
}

/// The report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpgradeReport {
    pub from: String,
    pub to: String,
    /// The target kubelet starts with these inputs.
    pub starts: bool,
    /// The target's startup error, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub findings: Vec<UpgradeFinding>,
}

fn gate(input: &ResolveInput, version: &str) -> Result<FeatureGate, ConfigError> {
    let v = parse_version(Some(version))?;
    kubelet_gate(v, input.feature_list.as_deref())
}

/// Compares the resolution of `input` at its version with the resolution at `target`.
pub fn check_kubelet_upgrade(
    input: &ResolveInput,
    target: &str,
) -> Result<UpgradeReport, ConfigError> {
    let from_version = parse_version(input.kubelet_version.as_deref())?.to_string();
    let mut from_gates = gate(input, &from_version)?;
    let before = resolve_with_gates(input, &mut from_gates)?;
    let to_version = parse_version(Some(target))?.to_string();
    let to_gates = gate(input, &to_version)?;
    let mut findings = Vec::new();

    let set: BTreeMap<String, bool> = before
        .config
        .get("featureGates")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default();
    for (name, value) in &set {
        match to_gates.info(name) {
            None => findings.push(UpgradeFinding {
                kind: "gateUnknown".into(),
                subject: name.clone(),
                message: format!("unrecognized feature gate: {name}"),
                breaking: true,
            }),
            Some(info) if info.lock_to_default && info.default != *value => {
                findings.push(UpgradeFinding {
                    kind: "gateLocked".into(),
                    subject: name.clone(),
                    message: format!(
                        "cannot set feature gate {name} to {value}, feature is locked to {}",
                        info.default
                    ),
                    breaking: true,
                })
            }
            _ => {}
        }
    }
    for (name, was) in &before.feature_gates {
        if set.contains_key(name) {
            continue;
        }
        if let Some(info) = to_gates.info(name) {
            if info.default != *was {
                findings.push(UpgradeFinding {
                    kind: "gateDefaultChanged".into(),
                    subject: name.clone(),
                    message: format!(
                        "default of {name} changes from {was} to {} in {to_version}",
                        info.default
                    ),
                    breaking: false,
                });
            }
        }
    }

    let target_input = ResolveInput {
        kubelet_version: Some(to_version.clone()),
        ..input.clone()
    };
    let mut to_gates_run = to_gates.clone();
    let after = resolve_with_gates(&target_input, &mut to_gates_run);
    let (starts, error) = match &after {
        Ok(after) => {
            let (b, a) = (
                super::provenance::leaves(&before.config),
                super::provenance::leaves(&after.config),
            );
            let mut paths: Vec<&String> = b.keys().chain(a.keys()).collect();
            paths.sort();
            paths.dedup();
            for p in paths {
                if b.get(p) != a.get(p) {
                    let show = |v: Option<&Value>| {
                        v.map(Value::to_string).unwrap_or_else(|| "unset".into())
                    };
                    findings.push(UpgradeFinding {
                        kind: "fieldChanged".into(),
                        subject: p.clone(),
                        message: format!(
                            "{p} changes from {} to {}",
                            show(b.get(p)),
                            show(a.get(p))
                        ),
                        breaking: false,
                    });
                }
            }
            (true, None)
        }
        Err(e) => {
            findings.push(UpgradeFinding {
                kind: "error".into(),
                subject: e
                    .flag
                    .clone()
                    .or_else(|| e.file.clone())
                    .unwrap_or_default(),
                message: e.message.clone(),
                breaking: true,
            });
            (false, Some(e.message.clone()))
        }
    };
    Ok(UpgradeReport {
        from: from_version,
        to: to_version,
        starts,
        error,
        findings,
    })
}

#[allow(dead_code)]
fn _assert_object_safe(_: &dyn Gates) {}
