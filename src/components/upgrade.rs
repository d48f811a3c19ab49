//! The control plane's upgrade check: the same invocations started by the binaries of one
//! release and of another, for kube-apiserver, kube-controller-manager, kube-scheduler and
//! kube-proxy, and what breaks or changes between the two.
//!
//! Kubernetes has no such check: an operator learns that a flag was removed when the upgraded
//! static pod crash-loops. For each invocation this module answers, from
//! [`check_start`] at every release on the way:
//!
//! - whether the component starts at `from` (a start that already fails is said, and the check
//!   still answers for `to`: each refusal at `to` says whether `from` refused it too);
//! - whether it starts at `to`, with **every** refusal at `to` (a binary prints only its first;
//!   the operator fixing them one by one meets them all), each with the release on the way where
//!   it first arrives and stays (a flag removed in 1.24 when upgrading 1.22 to 1.26 says 1.24);
//! - the warnings `to` prints (deprecated flags, gates set that are GA or deprecated), each
//!   marked new when `from` did not print it;
//! - what changes without a word: feature gates whose default flips between `from` and `to`,
//!   only for gates the component's code reads (the reader facts of [`crate::releases::gates`];
//!   a gate whose readers are unknown at `to` is listed and marked so), and not for gates the
//!   invocation sets itself.
//!
//! Flag defaults that change between releases are not in the release data; the report says so
//! in its limits. Upgrades and downgrades are both answered: `from` and `to` are two releases.

use serde::Serialize;

use super::error::ComponentError;
use super::start::{check_start, StartReport, StartWarning, StartWarningKind};
use super::{Component, Invocation};
use crate::releases::gates;
use crate::releases::Release;

/// The whole check: one entry per invocation of a control-plane component.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneUpgradeReport")
)]
pub struct UpgradeReport {
    /// The release the cluster runs (`1.28`, or `1.28.3`).
    pub from: String,
    /// The release to upgrade (or downgrade) to.
    pub to: String,
    /// Every release checked on the way, `to` included (`["1.29", "1.30"]`).
    pub steps: Vec<String>,
    /// Whether every component starts at `to`.
    pub starts: bool,
    pub components: Vec<ComponentUpgrade>,
    /// Invocations left out (the kubelet: `kubelet::config::check_kubelet_upgrade` answers it).
    pub skipped: Vec<String>,
    /// What this check cannot judge, once for the whole report.
    pub limits: Vec<String>,
}

/// One invocation's upgrade.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentUpgrade", optional_fields)
)]
pub struct ComponentUpgrade {
    pub component: Component,
    /// Its index among the invocations given (a cluster may list a component twice).
    pub invocation: usize,
    /// Where it was written: the file of its first argument.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Whether it starts at `from`.
    pub starts_before: bool,
    /// What `from` refuses already (empty when it starts).
    #[cfg_attr(feature = "typescript", ts(type = "Array<ComponentError>"))]
    pub errors_before: Vec<ComponentError>,
    /// Whether it starts at `to`.
    pub starts: bool,
    /// Every refusal at `to`, in the order the binary meets them (it prints the first).
    pub problems: Vec<UpgradeProblem>,
    /// The warnings `to` prints, and kubegate's notes about its start.
    pub warnings: Vec<UpgradeWarning>,
    /// Gate defaults that flip between `from` and `to` for gates this component reads.
    pub changes: Vec<GateDefaultChange>,
    /// What the start checks could not judge exactly for this invocation.
    pub limits: Vec<String>,
}

/// One refusal at `to`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentUpgradeProblem", optional_fields)
)]
pub struct UpgradeProblem {
    /// The binary's refusal at `to` (its text, kind, flag, file and location).
    #[cfg_attr(feature = "typescript", ts(type = "ComponentError"))]
    pub error: ComponentError,
    /// The first release on the way from which `to`'s binary's refusal holds (`to` itself when
    /// it arrives there); `None` when `from` refuses it too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrives: Option<String>,
    /// `from` refuses it too: it does not come with the upgrade.
    pub already: bool,
}

/// One warning at `to`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentUpgradeWarning", optional_fields)
)]
pub struct UpgradeWarning {
    #[cfg_attr(feature = "typescript", ts(type = "ComponentStartWarning"))]
    pub warning: StartWarning,
    /// `from` did not print it: the first release on the way that does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrives: Option<String>,
}

/// A gate whose default flips between the two releases, for a component that reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentGateDefaultChange", optional_fields)
)]
pub struct GateDefaultChange {
    pub gate: String,
    /// The default at `from` and at `to`.
    pub before: bool,
    pub after: bool,
    /// Its stage at `to` (`Alpha`, `Beta`, `GA`, `Deprecated`).
    pub stage: String,
    /// The first release on the way with the new default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arrives: Option<String>,
    /// `true` when the reader facts do not say at `to` which components read the gate.
    pub readers_unknown: bool,
    /// `true` for a gate the `from` binary does not know and the `to` binary turns on by
    /// default: new behaviour with no word in the invocation (`before` is then `false`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub new: bool,
    /// `Foo is on by default instead of off (Beta in 1.30)`, or for a new gate `Foo is new and
    /// on by default (Beta in 1.30)`.
    pub message: String,
}

/// The limit every report carries: the release data holds no flag defaults.
pub const NO_FLAG_DEFAULTS: &str =
    "flag defaults that change between releases are not in kubegate's release data: only gate defaults are compared";

/// The releases checked going from `from` to `to`: each minor on the way, `to` last (with its
/// patch, when it has one).
pub fn steps(from: Release, to: Release) -> Vec<Release> {
    let (a, b) = (from.minor(), to.minor());
    let minors: Vec<u16> = if a < b {
        (a + 1..b).collect()
    } else if a > b {
        (b + 1..a).rev().collect()
    } else {
        Vec::new()
    };
    let mut out: Vec<Release> = minors
        .into_iter()
        .filter_map(|m| Release::new(m).ok())
        .collect();
    if from != to {
        out.push(to);
    }
    out
}

/// Checks every control-plane invocation from `from` to `to`.
pub fn check_control_plane_upgrade(
    invocations: &[Invocation],
    from: Release,
    to: Release,
) -> UpgradeReport {
    let path = steps(from, to);
    let mut report = UpgradeReport {
        from: from.to_string(),
        to: to.to_string(),
        steps: path.iter().map(Release::to_string).collect(),
        starts: true,
        components: Vec::new(),
        skipped: Vec::new(),
        limits: vec![NO_FLAG_DEFAULTS.to_string()],
    };
    for (i, inv) in invocations.iter().enumerate() {
        if inv.component == Component::Kubelet {
            report.skipped.push(format!(
                "invocation {i}: the kubelet (its own upgrade check reads its config files and flags)"
            ));
            continue;
        }
        let c = check_component(i, inv, from, to, &path);
        report.starts &= c.starts;
        report.components.push(c);
    }
    report
}

/// Two refusals are the same problem when the same rule refuses the same flag or file written at
/// the same place; the text may differ between releases.
fn same_problem(a: &ComponentError, b: &ComponentError) -> bool {
    a.kind() == b.kind()
        && a.flag() == b.flag()
        && a.file() == b.file()
        && a.location() == b.location()
}

fn same_warning(a: &StartWarning, b: &StartWarning) -> bool {
    a.kind == b.kind && a.flag == b.flag && a.feature == b.feature && a.at == b.at
}

/// The first release from which `holds` is true at every later step through `to`.
fn arrival(
    path: &[Release],
    starts: &[StartReport],
    holds: impl Fn(&StartReport) -> bool,
) -> Option<String> {
    let mut first = None;
    for (r, s) in path.iter().zip(starts) {
        if holds(s) {
            first.get_or_insert(*r);
        } else {
            first = None;
        }
    }
    first.map(|r| r.to_string())
}

fn check_component(
    index: usize,
    inv: &Invocation,
    from: Release,
    to: Release,
    path: &[Release],
) -> ComponentUpgrade {
    let before = check_start(inv, from);
    let on_the_way: Vec<StartReport> = path.iter().map(|r| check_start(inv, *r)).collect();
    let after = match on_the_way.last() {
        Some(a) => a.clone(),
        // `from == to`: the path is empty and the target is the starting release.
        None => before.clone(),
    };
    let problems = after
        .errors
        .iter()
        .map(|e| {
            let already = before.errors.iter().any(|b| same_problem(b, e));
            UpgradeProblem {
                error: e.clone(),
                arrives: if already {
                    None
                } else {
                    arrival(path, &on_the_way, |s| {
                        s.errors.iter().any(|x| same_problem(x, e))
                    })
                },
                already,
            }
        })
        .collect();
    let warnings = after
        .warnings
        .iter()
        .map(|w| {
            let already = before.warnings.iter().any(|b| same_warning(b, w));
            UpgradeWarning {
                warning: w.clone(),
                arrives: if already {
                    None
                } else {
                    arrival(path, &on_the_way, |s| {
                        s.warnings.iter().any(|x| same_warning(x, w))
                    })
                },
            }
        })
        .collect();
    let mut limits = before.limits.clone();
    for l in &after.limits {
        if !limits.contains(l) {
            limits.push(l.clone());
        }
    }
    ComponentUpgrade {
        component: inv.component,
        invocation: index,
        file: inv.args.iter().find_map(|a| a.at.file.clone()),
        starts_before: before.starts,
        errors_before: before.errors.clone(),
        starts: after.starts,
        problems,
        warnings,
        changes: gate_changes(inv, from, to),
        limits,
    }
}

/// The gates an invocation sets in `--feature-gates` (the last writing wins, as pflag's does).
fn gates_set(inv: &Invocation) -> Vec<String> {
    let Some(value) = inv
        .args
        .iter()
        .rev()
        .find(|a| a.name == "feature-gates" && !a.shorthand)
        .and_then(|a| a.value.as_deref())
    else {
        return Vec::new();
    };
    value
        .split(',')
        .filter_map(|kv| kv.split('=').next())
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .collect()
}

/// Gate defaults that flip between `from` and `to`, and gates new since `from` that `to` turns
/// on by default, for gates `inv.component` reads at `to` and the invocation does not set.
fn gate_changes(inv: &Invocation, from: Release, to: Release) -> Vec<GateDefaultChange> {
    let set = gates_set(inv);
    let all_set = |prefix: &str| set.iter().any(|s| s == prefix);
    let diff = gates::changes(from, to);
    // (gate, its default before, its spec at `to`, new since `from`): a new gate counts as off
    // before, so only one `to` turns on is a change.
    let added = diff.added.into_iter().filter_map(|name| {
        let b = gates::record(name)?.specs_in(to).pop()?;
        Some((name, false, b, true))
    });
    let changed = diff
        .changed
        .into_iter()
        .map(|(name, a, b)| (name, a.default, b, false));
    let mut out = Vec::new();
    for (name, before, b, new) in added.chain(changed) {
        if before == b.default || set.iter().any(|s| s == name) {
            continue;
        }
        // AllAlpha/AllBeta set the default of every gate of their stage.
        let stage = b.pre_release.name();
        if (stage == "Alpha" && all_set("AllAlpha")) || (stage == "Beta" && all_set("AllBeta")) {
            continue;
        }
        let Some(record) = gates::record(name) else {
            continue;
        };
        let readers = record.readers_in(to);
        if readers.is_some_and(|r| !r.reads(inv.component)) {
            continue;
        }
        let arrives = steps(from, to)
            .into_iter()
            .find(|r| {
                record
                    .specs_in(*r)
                    .last()
                    .is_some_and(|s| s.default != before)
            })
            .map(|r| r.to_string());
        let message = if new {
            format!("{name} is new and on by default ({stage} in {to})")
        } else {
            format!(
                "{name} is {} by default instead of {} ({stage} in {to})",
                if b.default { "on" } else { "off" },
                if before { "on" } else { "off" },
            )
        };
        out.push(GateDefaultChange {
            gate: name.to_string(),
            before,
            after: b.default,
            stage: stage.to_string(),
            arrives,
            readers_unknown: readers.is_none(),
            new,
            message,
        });
    }
    crate::sort::sort_by(&mut out, |a, b| a.gate.cmp(&b.gate));
    out
}

impl ComponentUpgrade {
    /// The warnings the binary itself prints (deprecations, gate warnings), not kubegate's notes.
    pub fn printed_warnings(&self) -> impl Iterator<Item = &UpgradeWarning> {
        self.warnings
            .iter()
            .filter(|w| printed_by_binary(w.warning.kind))
    }
}

/// Whether the binary itself prints a warning of this kind; the other kinds are kubegate's notes.
pub fn printed_by_binary(kind: StartWarningKind) -> bool {
    matches!(
        kind,
        StartWarningKind::DeprecatedFlag | StartWarningKind::FeatureGate
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::{InvocationArg, SourceLocation};

    fn r(m: u16) -> Release {
        Release::new(m).unwrap()
    }

    fn inv(component: Component, args: &[&str]) -> Invocation {
        Invocation {
            component,
            args: args
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let (n, v) = a.split_once('=').map_or((*a, None), |(n, v)| (n, Some(v)));
                    InvocationArg {
                        name: n.to_string(),
                        value: v.map(str::to_string),
                        shorthand: false,
                        at: SourceLocation {
                            file: Some("m.yaml".into()),
                            line: Some(i + 1),
                        },
                    }
                })
                .collect(),
            files: Vec::new(),
        }
    }

    #[test]
    fn steps_go_both_ways() {
        assert_eq!(steps(r(26), r(28)), vec![r(27), r(28)]);
        assert_eq!(steps(r(28), r(26)), vec![r(27), r(26)]);
        assert!(steps(r(28), r(28)).is_empty());
    }

    /// `--insecure-port` was removed from kube-apiserver in 1.24 (kubernetes/kubernetes
    /// CHANGELOG-1.24: "The deprecated --insecure-port flag ... removed").
    #[test]
    fn a_removed_flag_arrives_in_its_release() {
        let i = inv(
            Component::KubeApiserver,
            &["insecure-port=0", "secure-port=6443"],
        );
        let rep = check_control_plane_upgrade(std::slice::from_ref(&i), r(22), r(26));
        let c = &rep.components[0];
        assert!(c.starts_before, "{c:?}");
        assert!(!c.starts);
        assert!(!rep.starts);
        let p = &c.problems[0];
        assert_eq!(p.error.to_string(), "unknown flag: --insecure-port");
        assert_eq!(p.arrives.as_deref(), Some("1.24"));
        assert!(!p.already);
        assert_eq!(p.error.location().line, Some(1));
    }

    #[test]
    fn an_already_broken_start_is_said_and_answered() {
        let i = inv(Component::KubeScheduler, &["no-such-flag=1"]);
        let rep = check_control_plane_upgrade(&[i], r(28), r(29));
        let c = &rep.components[0];
        assert!(!c.starts_before);
        assert_eq!(c.errors_before.len(), 1);
        assert!(c.problems[0].already);
        assert_eq!(c.problems[0].arrives, None);
    }

    #[test]
    fn gate_defaults_flip_only_for_readers() {
        let i = inv(Component::KubeProxy, &[]);
        let rep = check_control_plane_upgrade(&[i], r(28), r(30));
        for ch in &rep.components[0].changes {
            let readers = gates::record(&ch.gate).unwrap().readers_in(r(30));
            assert!(
                readers.is_none_or(|x| x.reads(Component::KubeProxy)),
                "{ch:?}"
            );
            assert_ne!(ch.before, ch.after);
        }
        let k = inv(Component::Kubelet, &[]);
        let rep = check_control_plane_upgrade(&[k], r(28), r(30));
        assert!(rep.components.is_empty());
        assert_eq!(rep.skipped.len(), 1);
    }
}
