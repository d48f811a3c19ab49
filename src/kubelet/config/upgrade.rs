//! Upgrade check: the same inputs (command line, files, drop-ins) resolved by the kubelet of one
//! release and by the kubelet of another, and what breaks or changes between the two.
//!
//! Kubernetes has no such command: a kubelet finds out at startup. Each finding names the
//! release where the change happened and, where the inputs wrote the value, the file and line or
//! the flag to fix, so a CI job can point at it. The release facts come from
//! [`crate::releases`]:
//!
//! - a gate set in the inputs that the target does not register is refused at startup
//!   (`unrecognized feature gate: X`), one locked to the other value too (`cannot set feature
//!   gate X to v, feature is locked to w`);
//! - a flag the target does not register is refused (`unknown flag: --x`); one it deprecates
//!   prints pflag's notice;
//! - a configuration field written in a file that the target does not know is dropped by its
//!   lenient decoder (the kubelet starts, the setting is gone);
//! - defaults that change between the releases change the effective configuration silently,
//!   and so do gate defaults.
//!
//! Upgrades and downgrades are both answered: "from" and "to" are just two releases.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::flags;
use super::gates::{kubelet_gate, Gates};
use super::provenance::{Layer, Origin};
use super::{parse_version, resolve_with_gates, ConfigError, ResolveInput, Resolved};
use crate::featuregate::FeatureGate;
use crate::releases::{self, Release};

/// One finding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletUpgradeFinding", optional_fields)
)]
pub struct UpgradeFinding {
    /// `gateUnknown`, `gateLocked`, `gateDefaultChanged`, `flagRemoved`, `flagDeprecated`,
    /// `fieldRemoved`, `defaultChanged`, `fieldChanged`, `error`.
    #[cfg_attr(
        feature = "typescript",
        ts(
            type = "\"gateUnknown\" | \"gateLocked\" | \"gateDefaultChanged\" | \"fieldChanged\" | \"error\""
        )
    )]
    pub kind: String,
    /// The gate, field or flag concerned.
    pub subject: String,
    pub message: String,
    /// Whether the target kubelet would refuse to start.
    pub breaking: bool,
    /// The release in which the change happened (between the two compared), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release: Option<String>,
    /// Where the inputs wrote the value: a file (with its line) or a flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
}

impl UpgradeFinding {
    fn new(kind: &str, subject: &str, message: String, breaking: bool) -> Self {
        UpgradeFinding {
            kind: kind.into(),
            subject: subject.into(),
            message,
            breaking,
            release: None,
            file: None,
            line: None,
            flag: None,
        }
    }

    fn in_release(mut self, release: Option<Release>) -> Self {
        self.release = release.map(|r| r.to_string());
        self
    }

    /// Points at where `origin` says the inputs wrote the value (defaults point nowhere).
    fn at(mut self, origin: Option<&Origin>) -> Self {
        match origin {
            Some(o) if o.layer == Layer::Flag => self.flag = Some(o.source.clone()),
            Some(o) if matches!(o.layer, Layer::ConfigFile | Layer::DropIn) => {
                self.file = Some(o.source.clone());
                self.line = o.line;
            }
            _ => {}
        }
        self
    }
}

/// The report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletUpgradeReport", optional_fields)
)]
pub struct UpgradeReport {
    pub from: String,
    pub to: String,
    /// The target kubelet starts with these inputs.
    pub starts: bool,
    /// The target's startup error, if any (its text, as the kubelet prints it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Breaking findings first, then the rest, each group in the order the kubelet meets them.
    pub findings: Vec<UpgradeFinding>,
    /// When the target refuses the inputs, the changes are still computed as if the removed
    /// flags were dropped (what the operator will do); this lists what was dropped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub assuming_removed: Vec<String>,
}

fn gate(input: &ResolveInput, release: Release) -> Result<FeatureGate, ConfigError> {
    kubelet_gate(release.version(), input.feature_list.as_deref())
}

fn release_of(text: Option<&str>) -> Result<Release, ConfigError> {
    let v = parse_version(text)?;
    Release::of(&v).map_err(ConfigError::from_cause)
}

/// The releases strictly after `from` up to `to` (or down to it, for a downgrade), in the order
/// an operator meets them.
fn steps(from: Release, to: Release) -> Vec<Release> {
    let (a, b) = (from.minor(), to.minor());
    let minors: Vec<u16> = if a <= b {
        (a + 1..=b).collect()
    } else {
        (b..a).rev().collect()
    };
    minors
        .into_iter()
        .filter_map(|m| Release::new(m).ok())
        .collect()
}

/// The first release on the way from `from` to `to` where `differs` (comparing with `from`)
/// becomes true.
fn first_step(from: Release, to: Release, differs: impl Fn(Release) -> bool) -> Option<Release> {
    steps(from, to).into_iter().find(|r| differs(*r))
}

/// Compares the resolution of `input` at its release with the resolution at `target`.
pub fn check_kubelet_upgrade(
    input: &ResolveInput,
    target: &str,
) -> Result<UpgradeReport, ConfigError> {
    let from = release_of(input.kubelet_version.as_deref())?;
    let to = release_of(Some(target))?;
    let mut from_gates = gate(input, from)?;
    let before = resolve_with_gates(input, &mut from_gates)?;
    let to_gates = gate(input, to)?;
    let mut findings = Vec::new();

    flag_findings(input, from, to, &mut findings);
    gate_findings(input, &before, from, to, &to_gates, &mut findings);
    field_findings(&before, from, to, &mut findings);

    let target_input = ResolveInput {
        kubelet_version: Some(to.to_string()),
        ..input.clone()
    };
    let mut to_gates_run = to_gates.clone();
    let mut assuming_removed = Vec::new();
    let (starts, error) = match resolve_with_gates(&target_input, &mut to_gates_run) {
        Ok(after) => {
            value_findings(&before, &after, from, to, &mut findings);
            (true, None)
        }
        Err(e) => {
            // What else changes once the removed flags are gone from the command line.
            let removed: Vec<String> = findings
                .iter()
                .filter(|f| f.kind == "flagRemoved")
                .map(|f| f.subject.clone())
                .collect();
            if !removed.is_empty() {
                let fixed = ResolveInput {
                    args: without_flags(&target_input.args, &removed),
                    ..target_input.clone()
                };
                let mut g = to_gates.clone();
                if let Ok(after) = resolve_with_gates(&fixed, &mut g) {
                    value_findings(&before, &after, from, to, &mut findings);
                    assuming_removed = removed;
                }
            }
            // The startup error is usually one a finding already explains (an unknown gate or
            // flag); only a failure nothing above foresaw gets a finding of its own.
            let explained = findings
                .iter()
                .any(|f| f.breaking && e.message.contains(&f.message));
            if !explained {
                let mut f = UpgradeFinding::new(
                    "error",
                    e.field()
                        .or(e.flag.as_deref())
                        .or(e.file.as_deref())
                        .unwrap_or_default(),
                    e.message.clone(),
                    true,
                );
                f.file = e.file.clone();
                f.line = e.line;
                f.flag = e.flag.clone();
                findings.push(f);
            }
            (false, Some(e.message.clone()))
        }
    };
    // Breaking first; the sort is stable, so each group keeps the kubelet's order.
    crate::sort::sort_by_key(&mut findings, |f: &UpgradeFinding| !f.breaking);
    Ok(UpgradeReport {
        from: from.to_string(),
        to: to.to_string(),
        starts,
        error,
        findings,
        assuming_removed,
    })
}

/// `args` without the occurrences of `flags` (`--x`, `--x=v`, and `--x v` for a flag that
/// takes a value).
fn without_flags(args: &[String], flags: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut skip_value = false;
    for a in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        let name = a.split('=').next().unwrap_or(a).replace('_', "-");
        if flags.contains(&name) {
            // `--x v`: the next argument is the value unless the flag is a boolean.
            let boolean = flags::record_kind_is_bool(name.trim_start_matches('-'));
            skip_value = !a.contains('=') && !boolean;
            continue;
        }
        out.push(a.clone());
    }
    out
}

/// Flags on the command line that the target no longer registers, or newly deprecates.
fn flag_findings(
    input: &ResolveInput,
    from: Release,
    to: Release,
    findings: &mut Vec<UpgradeFinding>,
) {
    let Ok(cl) = flags::parse_release(&input.args, from) else {
        return; // the resolution at `from` reports it
    };
    let mut seen = Vec::new();
    for arg in &cl.flags {
        if seen.contains(&arg.name) {
            continue;
        }
        seen.push(arg.name);
        let flag = format!("--{}", arg.name);
        let old = flags::lookup(arg.name, from);
        match flags::lookup(arg.name, to) {
            None => {
                let when = first_step(from, to, |r| flags::lookup(arg.name, r).is_none());
                let mut f = UpgradeFinding::new(
                    "flagRemoved",
                    &flag,
                    format!("failed to parse kubelet flag: unknown flag: {flag}"),
                    true,
                )
                .in_release(when);
                f.flag = Some(flag);
                findings.push(f);
            }
            Some(def) => {
                let newly =
                    def.deprecated.is_some() && old.and_then(|o| o.deprecated) != def.deprecated;
                if let (true, Some(msg)) = (newly, def.deprecated) {
                    let when = first_step(from, to, |r| {
                        flags::lookup(arg.name, r).and_then(|d| d.deprecated) == def.deprecated
                    });
                    let mut f = UpgradeFinding::new(
                        "flagDeprecated",
                        &flag,
                        format!("Flag {flag} has been deprecated, {msg}"),
                        false,
                    )
                    .in_release(when);
                    f.flag = Some(flag);
                    findings.push(f);
                }
            }
        }
    }
}

/// Gates the inputs set that the target refuses, and gate defaults that change.
fn gate_findings(
    _input: &ResolveInput,
    before: &Resolved,
    from: Release,
    to: Release,
    to_gates: &FeatureGate,
    findings: &mut Vec<UpgradeFinding>,
) {
    let set: BTreeMap<String, bool> = before
        .config
        .get("featureGates")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default();
    let origin = |name: &str| {
        before
            .provenance
            .get(&format!("featureGates.{name}"))
            .map(|p| p.origin.clone())
    };
    for (name, value) in &set {
        let record = releases::gates::record(name);
        match to_gates.info(name) {
            None => {
                let when = record.and_then(|r| first_step(from, to, |rel| !r.known_in(rel)));
                findings.push(
                    UpgradeFinding::new(
                        "gateUnknown",
                        name,
                        format!("unrecognized feature gate: {name}"),
                        true,
                    )
                    .in_release(when)
                    .at(origin(name).as_ref()),
                );
            }
            Some(info) if info.lock_to_default && info.default != *value => {
                let when = record.and_then(|r| {
                    first_step(from, to, |rel| {
                        r.specs_in(rel)
                            .last()
                            .is_some_and(|s| s.lock_to_default && s.default != *value)
                    })
                });
                findings.push(
                    UpgradeFinding::new(
                        "gateLocked",
                        name,
                        format!(
                            "cannot set feature gate {name} to {value}, feature is locked to {}",
                            info.default
                        ),
                        true,
                    )
                    .in_release(when)
                    .at(origin(name).as_ref()),
                );
            }
            _ => {}
        }
    }
    for (name, was) in &before.feature_gates {
        if set.contains_key(name) {
            continue;
        }
        let Some(info) = to_gates.info(name) else {
            continue;
        };
        if info.default == *was {
            continue;
        }
        let when = releases::gates::record(name).and_then(|r| {
            first_step(from, to, |rel| {
                r.specs_in(rel).last().is_some_and(|s| s.default != *was)
            })
        });
        findings.push(
            UpgradeFinding::new(
                "gateDefaultChanged",
                name,
                format!(
                    "{name} is {} by default instead of {} ({} in {to})",
                    if info.default { "on" } else { "off" },
                    if *was { "on" } else { "off" },
                    info.pre_release.name(),
                ),
                false,
            )
            .in_release(when),
        );
    }
}

/// Fields the inputs wrote that the target's decoder does not know.
fn field_findings(
    before: &Resolved,
    from: Release,
    to: Release,
    findings: &mut Vec<UpgradeFinding>,
) {
    for (path, p) in &before.provenance {
        if !matches!(p.origin.layer, Layer::ConfigFile | Layer::DropIn) {
            continue;
        }
        if path.starts_with("featureGates.") || releases::kubelet_config::known_at(path, to) {
            continue;
        }
        let when = first_step(from, to, |r| !releases::kubelet_config::known_at(path, r));
        let key = path.rsplit('.').next().unwrap_or(path);
        findings.push(
            UpgradeFinding::new(
                "fieldRemoved",
                path,
                format!(
                    "the {to} kubelet does not know {path}: strict decoding fails with unknown field \"{key}\" and lenient decoding drops it"
                ),
                false,
            )
            .in_release(when)
            .at(Some(&p.origin)),
        );
    }
}

/// How the effective configuration changes: defaults that moved, and values that did.
fn value_findings(
    before: &Resolved,
    after: &Resolved,
    from: Release,
    to: Release,
    findings: &mut Vec<UpgradeFinding>,
) {
    let (b, a) = (
        super::provenance::leaves(&before.config),
        super::provenance::leaves(&after.config),
    );
    let mut paths: Vec<&String> = b.keys().chain(a.keys()).collect();
    crate::sort::sort(&mut paths);
    paths.dedup();
    let show = |v: Option<&Value>| v.map(Value::to_string).unwrap_or_else(|| "unset".into());
    for p in paths {
        if b.get(p) == a.get(p) || p.starts_with("featureGates.") {
            continue;
        }
        if findings
            .iter()
            .any(|f| f.kind == "fieldRemoved" && f.subject == *p)
        {
            continue;
        }
        let layer = |r: &Resolved| r.provenance.get(p.as_str()).map(|x| x.origin.layer);
        let defaulted = |l: Option<Layer>| matches!(l, None | Some(Layer::Default));
        let (kind, message) = if defaulted(layer(before)) && defaulted(layer(after)) {
            let message = match (b.get(p), a.get(p)) {
                (None, Some(v)) => format!("{p} is new in {to}: defaults to {v}"),
                (Some(_), None) => format!("{p} no longer exists in {to}"),
                _ => format!(
                    "the default of {p} changes from {} to {}",
                    show(b.get(p)),
                    show(a.get(p))
                ),
            };
            ("defaultChanged", message)
        } else {
            (
                "fieldChanged",
                format!("{p} changes from {} to {}", show(b.get(p)), show(a.get(p))),
            )
        };
        let when = first_step(from, to, |r| {
            let known = releases::kubelet_config::known_at(p, r);
            let default = releases::kubelet_config::field(p).and_then(|f| f.default_at(r));
            let was = releases::kubelet_config::field(p).and_then(|f| f.default_at(from));
            known != releases::kubelet_config::known_at(p, from) || default != was
        });
        let origin = after
            .provenance
            .get(p.as_str())
            .or_else(|| before.provenance.get(p.as_str()))
            .map(|x| &x.origin);
        findings.push(
            UpgradeFinding::new(kind, p, message, false)
                .in_release(when)
                .at(origin),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_go_both_ways() {
        let r = |m| Release::new(m).unwrap();
        assert_eq!(steps(r(26), r(28)), vec![r(27), r(28)]);
        assert_eq!(steps(r(28), r(26)), vec![r(27), r(26)]);
        assert!(steps(r(28), r(28)).is_empty());
    }
}
