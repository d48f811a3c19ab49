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
//!   and so do gate defaults. A gate default that changes for a gate the kubelet registers but
//!   whose code it never reads (`releases::gates`' reader facts) changes nothing the kubelet
//!   does: such findings come after the kubelet's own and say so (`notReadByKubelet`); a gate
//!   whose readers are unknown in the target counts as the kubelet's.
//!
//! Upgrades and downgrades are both answered: "from" and "to" are just two releases.
//!
//! The check always answers. A kubelet stops at its first refusal, so one start shows one
//! problem; to list every problem of a release, the check drops what was refused (the flag
//! the error names, the gate a gate error names) and starts again, as an operator fixing them
//! one by one would. The same applies to the starting release: inputs it already refuses are
//! said so, and the comparison starts from what it accepts once those are dropped. Across a
//! jump of several releases, each finding names the release in which it arrives.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::error::{Cause, ConfigProblem};
use super::flags;
use super::gates::{kubelet_gate, GateInfo, GateState, Gates};
use super::provenance::{Layer, Origin};
use super::{parse_version, resolve_with_gates, KubeletConfigError, ResolveInput, Resolved};
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
    /// The starting release refuses this too: it does not arrive with the upgrade.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub already: bool,
    /// A gate the kubelet registers (so a gate string may name it) but whose code it does not
    /// read in the target release: the change does not change what the kubelet does.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub not_read_by_kubelet: bool,
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
            already: false,
            not_read_by_kubelet: false,
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
    /// The kubelet of `from` starts with these inputs.
    #[serde(default = "yes")]
    pub starts_before: bool,
    /// Its startup error when it does not (the first, as it prints it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_before: Option<String>,
    /// When `from` refuses the inputs, what the comparison dropped to start it: flags (`--x`)
    /// and gates (`featureGates.X`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub before_without: Vec<String>,
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

fn yes() -> bool {
    true
}

/// The release's gate with some gates left out of every `SetFromMap`: the kubelet an operator
/// runs once the gates it refused are gone from the inputs.
struct Without {
    inner: FeatureGate,
    skip: Vec<String>,
}

impl Gates for Without {
    fn set_from_map(
        &mut self,
        m: &BTreeMap<String, bool>,
    ) -> Result<Vec<String>, crate::featuregate::FeatureGateError> {
        let mut kept: BTreeMap<String, bool> = BTreeMap::new();
        kept.extend(
            m.iter()
                .filter(|(k, _)| !self.skip.contains(k))
                .map(|(k, v)| (k.clone(), *v)),
        );
        Gates::set_from_map(&mut self.inner, &kept)
    }
    fn state(&self, name: &str) -> GateState {
        Gates::state(&self.inner, name)
    }
    fn boxed_clone(&self) -> Box<dyn Gates> {
        Box::new(Without {
            inner: self.inner.deep_copy(),
            skip: self.skip.clone(),
        })
    }
    fn all(&self) -> BTreeMap<String, bool> {
        Gates::all(&self.inner)
    }
    fn info(&self, name: &str) -> Option<GateInfo> {
        Gates::info(&self.inner, name)
    }
}

/// Every refusal of one release, found by dropping each refused flag or gate and starting again.
struct Starts {
    /// The resolution once nothing more is refused, if it came to that.
    result: Option<Resolved>,
    /// The refusals, in the order the kubelet met them.
    errors: Vec<KubeletConfigError>,
    /// What was dropped: flags (`--x`) and gates (`featureGates.X`).
    dropped: Vec<String>,
}

/// How many refusals one release is asked for at most.
const MAX_REFUSALS: usize = 16;

fn start_all(input: &ResolveInput, gate: &FeatureGate) -> Starts {
    let mut cur = input.clone();
    let mut skip: Vec<String> = Vec::new();
    let mut out = Starts {
        result: None,
        errors: Vec::new(),
        dropped: Vec::new(),
    };
    for _ in 0..MAX_REFUSALS {
        let mut g = Without {
            inner: gate.clone(),
            skip: skip.clone(),
        };
        let e = match resolve_with_gates(&cur, &mut g) {
            Ok(r) => {
                out.result = Some(r);
                return out;
            }
            Err(e) => e,
        };
        let gates: Vec<String> = match e.cause() {
            Some(Cause::FeatureGate(fe)) => fe
                .problems()
                .iter()
                .filter_map(|p| p.feature())
                .filter(|n| !skip.iter().any(|s| s == n))
                .map(String::from)
                .collect(),
            _ => Vec::new(),
        };
        out.errors.push(e.clone());
        if !gates.is_empty() {
            out.dropped
                .extend(gates.iter().map(|n| format!("featureGates.{n}")));
            skip.extend(gates);
            continue;
        }
        let Some(flag) = e.flag().map(str::to_string) else {
            break;
        };
        let args = without_flags(&cur.args, std::slice::from_ref(&flag));
        if args == cur.args {
            break;
        }
        cur.args = args;
        out.dropped.push(flag);
    }
    out
}

/// The messages of every refusal of `input` at `release` (each validation problem on its own).
fn refusals_at(input: &ResolveInput, release: Release) -> Vec<String> {
    let Ok(g) = gate(input, release) else {
        return Vec::new();
    };
    let at = ResolveInput {
        kubelet_version: Some(release.to_string()),
        ..input.clone()
    };
    start_all(&at, &g)
        .errors
        .iter()
        .flat_map(|e| {
            std::iter::once(e.to_string()).chain(e.problems().iter().map(|p| p.message.clone()))
        })
        .collect()
}

fn gate(input: &ResolveInput, release: Release) -> Result<FeatureGate, KubeletConfigError> {
    kubelet_gate(release.version(), input.feature_list.as_deref())
}

fn release_of(text: Option<&str>) -> Result<Release, KubeletConfigError> {
    let v = parse_version(text)?;
    Release::of(&v).map_err(KubeletConfigError::from_cause)
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
) -> Result<UpgradeReport, KubeletConfigError> {
    let from = release_of(input.kubelet_version.as_deref())?;
    let to = release_of(Some(target))?;
    let from_gates = gate(input, from)?;
    let to_gates = gate(input, to)?;
    let start = start_all(input, &from_gates);
    let mut findings = Vec::new();

    flag_findings(input, from, to, &mut findings);
    if let Some(before) = &start.result {
        gate_findings(input, before, from, to, &to_gates, &mut findings);
        field_findings(before, from, to, &mut findings);
    }

    let target_input = ResolveInput {
        kubelet_version: Some(to.to_string()),
        ..input.clone()
    };
    let end = start_all(&target_input, &to_gates);
    // What changes is computed against the target once what it refuses is dropped (what the
    // operator will do); `assuming_removed` says what that was.
    if let (Some(before), Some(after)) = (&start.result, &end.result) {
        value_findings(before, after, from, to, &mut findings);
    }
    let assuming_removed = if end.errors.is_empty() || end.result.is_none() {
        Vec::new()
    } else {
        end.dropped.clone()
    };
    // Each refusal is usually one a finding already explains (an unknown gate or flag); only a
    // failure nothing above foresaw gets findings of its own, one per located problem.
    let mut unexplained = Vec::new();
    for e in &end.errors {
        let explained = findings
            .iter()
            .any(|f| f.breaking && e.message().contains(&f.message));
        if explained {
            continue;
        }
        // Several located problems (a validation) are each a finding; one is the whole error.
        let each = if e.problems().len() > 1 {
            e.problems().to_vec()
        } else {
            vec![ConfigProblem {
                message: e.to_string(),
                field: e.field().map(String::from),
                file: e.file().map(String::from),
                line: e.line(),
                flag: e.flag().map(String::from),
            }]
        };
        for p in each {
            let subject = p
                .field
                .as_deref()
                .or(p.flag.as_deref())
                .or(p.file.as_deref())
                // A refusal with no field, flag or file (a release refused): no subject.
                .unwrap_or_default();
            let mut f = UpgradeFinding::new("error", subject, p.message.clone(), true);
            f.file = p.file;
            f.line = p.line;
            f.flag = p.flag;
            unexplained.push(f);
        }
    }
    // The release each unforeseen refusal arrives in: the first on the way that refuses so,
    // unless the starting release refuses it already.
    let before_refusals: Vec<&str> = start
        .errors
        .iter()
        .flat_map(|e| {
            std::iter::once(e.message()).chain(e.problems().iter().map(|p| p.message.as_str()))
        })
        .collect();
    for f in &mut unexplained {
        f.already = before_refusals.iter().any(|m| m.contains(&f.message));
    }
    let steps = steps(from, to);
    if unexplained.iter().any(|f| !f.already) {
        let at: Vec<(Release, Vec<String>)> = if steps.len() > 1 {
            steps.iter().map(|r| (*r, refusals_at(input, *r))).collect()
        } else {
            Vec::new()
        };
        for f in unexplained.iter_mut().filter(|f| !f.already) {
            let when = if steps.len() == 1 {
                Some(to)
            } else {
                at.iter()
                    .find(|(_, msgs)| msgs.iter().any(|m| m.contains(&f.message)))
                    .map(|(r, _)| *r)
            };
            f.release = when.map(|r| r.to_string());
        }
    }
    findings.extend(unexplained);
    let starts = end.errors.is_empty();
    let error = end.errors.first().map(ToString::to_string);
    // Breaking first, then what changes for the kubelet, then gates it never reads; the sort is
    // stable, so each group keeps the kubelet's order.
    crate::sort::sort_by_key(&mut findings, |f: &UpgradeFinding| {
        (!f.breaking, f.not_read_by_kubelet)
    });
    Ok(UpgradeReport {
        from: from.to_string(),
        to: to.to_string(),
        starts_before: start.errors.is_empty(),
        error_before: start.errors.first().map(ToString::to_string),
        before_without: if start.errors.is_empty() {
            Vec::new()
        } else {
            start.dropped
        },
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
    // The gates the configuration set (none without `featureGates`): the resolved
    // configuration serialized them from a map of booleans, so they read back as one.
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
        // The kubelet registers every gate of the shared maps but reads only some: known
        // readers without the kubelet mean the new default changes nothing it does.
        let unread = releases::gates::record(name)
            .and_then(|r| r.readers_in(to))
            .is_some_and(|r| !r.reads(releases::gates::Component::Kubelet));
        let mut finding = UpgradeFinding::new(
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
        .in_release(when);
        finding.not_read_by_kubelet = unread;
        findings.push(finding);
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
    // A field one side lacks is shown as unset.
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
