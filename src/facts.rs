//! The facts a reader of the playground, the widgets or the docs is told in prose: which
//! releases exist and which is the default, per-release defaults such as
//! `--node-monitor-grace-period`, when a historical mechanism (dynamic kubelet config, the
//! drop-in directory's alpha environment variable) existed, the fault kinds a node scenario takes
//! and the built-in field-gate schemas.
//!
//! Why a module of its own: the front end must not type a Kubernetes version or default, or a
//! new release (or a corrected fact) would leave its prose wrong. Nothing here is a new fact:
//! every value is *asked of* the module that owns the rule (the controller's settings, the
//! kubelet's resolution, the release data), so this module cannot disagree with the behaviour
//! the panels show.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::releases::{self, gates, Release};

/// A run of consecutive releases (`"1.28"` to `"1.29"`, both included); `from` may predate the
/// oldest release kubegate carries when the data says so (dynamic kubelet config began in 1.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "FactSpan"))]
pub struct Span {
    pub from: String,
    pub to: String,
}

/// A run of consecutive releases sharing one value (a default that changed at some release).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "FactValueSpan")
)]
pub struct ValueSpan {
    pub from: String,
    pub to: String,
    pub value: String,
}

/// What one release does, as the panels state it. A field is `None` when the area that owns
/// it is compiled out (Cargo features) or the release has no such value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "ReleaseFacts"))]
pub struct ReleaseFacts {
    /// kube-controller-manager's default `--node-monitor-grace-period` at this version.
    pub node_monitor_grace_period: Option<String>,
    /// Its default `--node-monitor-period`.
    pub node_monitor_period: Option<String>,
    /// Its default `--node-startup-grace-period`.
    pub node_startup_grace_period: Option<String>,
    /// Whether this kubelet had dynamic config (`--dynamic-config-dir`).
    pub dynamic_kubelet_config: bool,
    /// Whether this kubelet had `--config-dir` (drop-in files).
    pub config_dir: bool,
    /// Whether `--config-dir` needs `KUBELET_CONFIG_DROPIN_DIR_ALPHA` in the environment.
    pub dropin_dir_alpha_env: bool,
    /// The default `fileCheckFrequency` (static pod directory listing period).
    pub file_check_frequency: Option<String>,
    /// The default `httpCheckFrequency` (manifest URL polling period).
    pub http_check_frequency: Option<String>,
}

/// Spans of releases over which a mechanism existed or a default held.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "FactSpans"))]
pub struct Spans {
    pub dynamic_kubelet_config: Option<Span>,
    pub dropin_dir_alpha_env: Option<Span>,
    pub node_monitor_grace_period: Vec<ValueSpan>,
    pub file_check_frequency: Vec<ValueSpan>,
}

/// Timers of the apiserver's bootstrap controller (Go duration text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneFacts")
)]
pub struct ControlPlaneFacts {
    pub endpoint_reconciler_interval: String,
    pub endpoint_reconciler_ttl: String,
    pub repair_interval: String,
    pub system_namespaces_interval: String,
}

/// Timers of the kubelet's node status machinery (Go duration text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "NodeFacts"))]
pub struct NodeFacts {
    pub lease_duration_seconds: i64,
    pub lease_renew_interval: String,
    pub eviction_pressure_transition_period: String,
    pub eviction_monitoring_period: String,
}

/// Everything the front ends state as a fact.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Facts"))]
pub struct Facts {
    pub oldest: String,
    pub newest: String,
    /// What every version picker starts on.
    pub default_release: String,
    /// Every release, newest first.
    pub releases: Vec<String>,
    /// The first release whose binaries accept `--emulated-version`.
    pub first_versioned: String,
    /// Per release (`"1.32"`), what it does.
    pub per_release: BTreeMap<String, ReleaseFacts>,
    pub spans: Spans,
    /// The `kind`s a node scenario's fault takes (`kubeletStopped`, …).
    pub fault_kinds: Vec<String>,
    /// The kinds of the built-in field-gate schemas (`Frobber`, `Service`, …).
    pub builtin_schemas: Vec<String>,
    pub control_plane: Option<ControlPlaneFacts>,
    pub node: Option<NodeFacts>,
    /// How long a newly assigned dynamic kubelet config is on trial (Go duration text).
    pub dynamic_config_trial: Option<String>,
}

/// The facts, computed from the owning modules (cheap: a few hundred lookups and one kubelet
/// resolution per release).
pub fn facts() -> Facts {
    let mut per_release: BTreeMap<String, ReleaseFacts> = BTreeMap::new();
    per_release.extend(Release::all().map(|r| (r.to_string(), release_facts(r))));
    let ordered: Vec<(Release, &ReleaseFacts)> = Release::all()
        .filter_map(|r| per_release.get(&r.to_string()).map(|f| (r, f)))
        .collect();
    let spans = Spans {
        dynamic_kubelet_config: dynamic_config_span(&ordered),
        dropin_dir_alpha_env: bool_span(&ordered, |f| f.dropin_dir_alpha_env),
        node_monitor_grace_period: value_spans(&ordered, |f| f.node_monitor_grace_period.clone()),
        file_check_frequency: value_spans(&ordered, |f| f.file_check_frequency.clone()),
    };
    Facts {
        oldest: releases::OLDEST.to_string(),
        newest: releases::NEWEST.to_string(),
        default_release: releases::NEWEST.to_string(),
        releases: Release::all().rev().map(|r| r.to_string()).collect(),
        first_versioned: format!("1.{}", gates::FIRST_VERSIONED),
        per_release,
        spans,
        fault_kinds: fault_kinds(),
        builtin_schemas: builtin_schemas(),
        control_plane: control_plane(),
        node: node(),
        dynamic_config_trial: dynamic_config_trial(),
    }
}

#[cfg(feature = "kubelet-config")]
fn dynamic_config_trial() -> Option<String> {
    let secs = crate::kubelet::config::dynamic::CONFIG_TRIAL_SECONDS;
    Some(crate::duration::Duration::from_secs(secs).to_string())
}

#[cfg(not(feature = "kubelet-config"))]
fn dynamic_config_trial() -> Option<String> {
    None
}

fn release_facts(r: Release) -> ReleaseFacts {
    let (grace, period, startup) = controller_defaults(r);
    let config_dir = kubelet_flag(r, "config-dir");
    ReleaseFacts {
        node_monitor_grace_period: grace,
        node_monitor_period: period,
        node_startup_grace_period: startup,
        dynamic_kubelet_config: kubelet_flag(r, "dynamic-config-dir"),
        config_dir,
        dropin_dir_alpha_env: config_dir && dropin_needs_env(r),
        file_check_frequency: kubelet_duration_default(r, "fileCheckFrequency"),
        http_check_frequency: kubelet_duration_default(r, "httpCheckFrequency"),
    }
}

#[cfg(feature = "kubelet-config")]
fn kubelet_flag(r: Release, name: &str) -> bool {
    releases::kubelet_flags::record(name).is_some_and(|rec| rec.in_release(r))
}

#[cfg(not(feature = "kubelet-config"))]
fn kubelet_flag(_: Release, _: &str) -> bool {
    false
}

/// The release data writes a default as its doc comment does (`"20s"`); the playground shows
/// durations as Go prints them.
#[cfg(feature = "kubelet-config")]
fn kubelet_duration_default(r: Release, path: &str) -> Option<String> {
    releases::kubelet_config::field(path)
        .and_then(|f| f.default_at(r))
        .and_then(|d| crate::duration::Duration::parse(d.trim_matches('"')).ok())
        .map(|d| d.to_string())
}

#[cfg(not(feature = "kubelet-config"))]
fn kubelet_duration_default(_: Release, _: &str) -> Option<String> {
    None
}

type ControllerDefaults = (Option<String>, Option<String>, Option<String>);

#[cfg(feature = "node-status")]
fn controller_defaults(r: Release) -> ControllerDefaults {
    use crate::controller::nodelifecycle::{ControllerConfig, Settings};
    let config = ControllerConfig {
        kubernetes_version: Some(r.to_string()),
        ..ControllerConfig::default()
    };
    match Settings::resolve(&config) {
        Ok(s) => (
            Some(s.node_monitor_grace_period.to_string()),
            Some(s.node_monitor_period.to_string()),
            Some(s.node_startup_grace_period.to_string()),
        ),
        Err(_) => (None, None, None),
    }
}

#[cfg(not(feature = "node-status"))]
fn controller_defaults(_: Release) -> ControllerDefaults {
    (None, None, None)
}

/// The kubelet's own rule (its resolution refuses `--config-dir` without the variable at these
/// minors; a test below checks the two agree by resolving).
#[cfg(feature = "kubelet-config")]
fn dropin_needs_env(r: Release) -> bool {
    crate::kubelet::config::DROPIN_DIR_ALPHA_MINORS.contains(&u64::from(r.minor()))
}

#[cfg(not(feature = "kubelet-config"))]
fn dropin_needs_env(_: Release) -> bool {
    false
}

/// Dynamic config began before the oldest release carried: its start is the first carried
/// release whose own code has the `DynamicKubeletConfig` gate on by default (beta; the gate data
/// holds each release's code from the oldest carried one on, so an earlier start is outside
/// it), its end the last release whose kubelet still had `--dynamic-config-dir`.
fn dynamic_config_span(ordered: &[(Release, &ReleaseFacts)]) -> Option<Span> {
    let to = ordered
        .iter()
        .rev()
        .find(|(_, f)| f.dynamic_kubelet_config)
        .map(|(r, _)| r.to_string())?;
    let from = gates::record("DynamicKubeletConfig")
        .and_then(|g| Release::all().find(|r| g.specs_in(*r).last().is_some_and(|s| s.default)))
        .map(|r| r.to_string())
        .or_else(|| {
            ordered
                .iter()
                .find(|(_, f)| f.dynamic_kubelet_config)
                .map(|(r, _)| r.to_string())
        })?;
    Some(Span { from, to })
}

fn bool_span(
    ordered: &[(Release, &ReleaseFacts)],
    on: impl Fn(&ReleaseFacts) -> bool,
) -> Option<Span> {
    let from = ordered.iter().find(|(_, f)| on(f))?.0;
    let to = ordered.iter().rev().find(|(_, f)| on(f))?.0;
    Some(Span {
        from: from.to_string(),
        to: to.to_string(),
    })
}

fn value_spans(
    ordered: &[(Release, &ReleaseFacts)],
    value: impl Fn(&ReleaseFacts) -> Option<String>,
) -> Vec<ValueSpan> {
    let mut spans: Vec<ValueSpan> = Vec::new();
    for (r, f) in ordered {
        let Some(v) = value(f) else { continue };
        match spans.last_mut() {
            Some(last) if last.value == v => last.to = r.to_string(),
            _ => spans.push(ValueSpan {
                from: r.to_string(),
                to: r.to_string(),
                value: v,
            }),
        }
    }
    spans
}

#[cfg(feature = "node-status")]
fn fault_kinds() -> Vec<String> {
    crate::sim::FaultKind::ALL
        .into_iter()
        .filter_map(|k| match serde_json::to_value(k) {
            Ok(serde_json::Value::String(s)) => Some(s),
            _ => None,
        })
        .collect()
}

#[cfg(not(feature = "node-status"))]
fn fault_kinds() -> Vec<String> {
    Vec::new()
}

#[cfg(feature = "api-fields")]
fn builtin_schemas() -> Vec<String> {
    crate::api::schemas::builtin_schemas()
        .into_iter()
        .map(|s| s.kind)
        .collect()
}

#[cfg(not(feature = "api-fields"))]
fn builtin_schemas() -> Vec<String> {
    Vec::new()
}

#[cfg(feature = "control-plane")]
fn control_plane() -> Option<ControlPlaneFacts> {
    use crate::controlplane::{bootstrap, lease, repair};
    use crate::duration::format_std;
    Some(ControlPlaneFacts {
        endpoint_reconciler_interval: format_std(lease::ENDPOINT_RECONCILER_INTERVAL),
        endpoint_reconciler_ttl: format_std(lease::ENDPOINT_RECONCILER_TTL),
        repair_interval: format_std(repair::REPAIR_LOOP_INTERVAL),
        system_namespaces_interval: format_std(bootstrap::SYSTEM_NAMESPACES_INTERVAL),
    })
}

#[cfg(not(feature = "control-plane"))]
fn control_plane() -> Option<ControlPlaneFacts> {
    None
}

#[cfg(feature = "node-status")]
fn node() -> Option<NodeFacts> {
    use crate::kubelet::{eviction, lease};
    let renew = lease::renew_interval_ms(lease::DEFAULT_LEASE_DURATION_SECONDS);
    Some(NodeFacts {
        lease_duration_seconds: lease::DEFAULT_LEASE_DURATION_SECONDS,
        lease_renew_interval: crate::duration::Duration::from_millis(renew).to_string(),
        eviction_pressure_transition_period: eviction::DEFAULT_PRESSURE_TRANSITION_PERIOD
            .to_string(),
        eviction_monitoring_period: eviction::EVICTION_MONITORING_PERIOD.to_string(),
    })
}

#[cfg(not(feature = "node-status"))]
fn node() -> Option<NodeFacts> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_follows_the_release_module() {
        let f = facts();
        assert_eq!(f.oldest, "1.16");
        assert_eq!(f.newest, releases::NEWEST.to_string());
        assert_eq!(f.default_release, f.newest);
        assert_eq!(f.releases.first(), Some(&f.newest));
        assert_eq!(f.releases.last(), Some(&f.oldest));
        assert_eq!(f.per_release.len(), f.releases.len());
        assert_eq!(f.first_versioned, "1.31");
    }

    #[cfg(feature = "node-status")]
    #[test]
    fn grace_period_is_40s_through_1_31_and_50s_from_1_32() {
        let f = facts();
        let g = &f.spans.node_monitor_grace_period;
        assert_eq!(g.len(), 2);
        assert_eq!(
            (g[0].from.as_str(), g[0].to.as_str(), g[0].value.as_str()),
            ("1.16", "1.31", "40s")
        );
        assert_eq!((g[1].from.as_str(), g[1].value.as_str()), ("1.32", "50s"));
        assert_eq!(
            f.per_release["1.34"].node_monitor_period.as_deref(),
            Some("5s")
        );
        assert_eq!(
            f.fault_kinds.first().map(String::as_str),
            Some("kubeletStopped")
        );
        assert_eq!(f.fault_kinds.len(), 7);
        let n = f.node.unwrap();
        assert_eq!(n.eviction_pressure_transition_period, "5m0s");
        assert_eq!(n.lease_renew_interval, "10s");
    }

    #[cfg(feature = "kubelet-config")]
    #[test]
    fn kubelet_spans_come_from_release_data_and_resolution() {
        let f = facts();
        let dynamic = f.spans.dynamic_kubelet_config.unwrap();
        // on by default in the 1.16 kube map (openshift/sdn@b40dd9af, the oldest release the
        // gate data carries); off from 1.22 (deprecated)
        assert_eq!(
            (dynamic.from.as_str(), dynamic.to.as_str()),
            ("1.16", "1.23")
        );
        let alpha = f.spans.dropin_dir_alpha_env.unwrap();
        assert_eq!((alpha.from.as_str(), alpha.to.as_str()), ("1.28", "1.29"));
        assert!(f.per_release["1.30"].config_dir);
        assert!(!f.per_release["1.30"].dropin_dir_alpha_env);
        assert!(!f.per_release["1.24"].dynamic_kubelet_config);
        assert_eq!(
            f.per_release["1.34"].file_check_frequency.as_deref(),
            Some("20s")
        );
        assert_eq!(
            f.per_release["1.34"].http_check_frequency.as_deref(),
            Some("20s")
        );
        assert_eq!(f.dynamic_config_trial.as_deref(), Some("10m0s"));
    }

    /// The stated span is what resolution does: refused without the variable, accepted with it.
    #[cfg(feature = "kubelet-config")]
    #[test]
    fn dropin_span_agrees_with_resolution() {
        use crate::kubelet::config::{resolve_kubelet_config, ResolveInput};
        const VAR: &str = "KUBELET_CONFIG_DROPIN_DIR_ALPHA";
        let f = facts();
        for r in Release::all().filter(|r| f.per_release[&r.to_string()].config_dir) {
            let mut input = ResolveInput {
                kubelet_version: Some(r.to_string()),
                args: vec!["--config-dir=/etc/kubernetes/kubelet.conf.d".to_string()],
                dirs: vec!["/etc/kubernetes/kubelet.conf.d".to_string()],
                ..ResolveInput::default()
            };
            let refused = resolve_kubelet_config(&input)
                .err()
                .is_some_and(|e| e.to_string().contains(VAR));
            input.env.insert(VAR.to_string(), "on".to_string());
            assert!(resolve_kubelet_config(&input).is_ok(), "{r}");
            assert_eq!(
                refused,
                f.per_release[&r.to_string()].dropin_dir_alpha_env,
                "{r}"
            );
        }
    }

    #[cfg(all(feature = "api-fields", feature = "control-plane"))]
    #[test]
    fn schemas_and_control_plane_timers() {
        let f = facts();
        assert_eq!(f.builtin_schemas, ["Frobber", "Service", "EndpointSlice"]);
        let cp = f.control_plane.unwrap();
        assert_eq!(cp.endpoint_reconciler_interval, "10s");
        assert_eq!(cp.endpoint_reconciler_ttl, "15s");
        assert_eq!(cp.repair_interval, "3m0s");
    }
}
