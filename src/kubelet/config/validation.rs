//! `ValidateKubeletConfiguration` on the final merged configuration, with upstream messages.
//!
//! Upstream: `pkg/kubelet/apis/config/validation/validation.go` (≈1.33/1.34). It validates
//! against a copy of the process gate with the object's own `featureGates` applied, collects
//! every failure and returns them as a `utilerrors.Aggregate` (one message alone, several as
//! `[a, b]`). The kubelet validates only the final result, never a single drop-in.
//! Checks that need machine facts (cpuset parsing, OS-specific rules, image patterns, logging
//! and tracing option schemas) are not ported.

use std::collections::BTreeSet;

use super::flagvalue::{go_atoi, GoValueError};
use super::gates::Gates;
use super::types::KubeletConfiguration;
use crate::duration::{Duration, MICROSECOND, MILLISECOND, SECOND};

/// `utilerrors.NewAggregate(errs).Error()`: duplicates dropped, one message alone, several
/// as `[a, b]`.
pub fn aggregate(errs: &[String]) -> String {
    let mut seen = BTreeSet::new();
    let msgs: Vec<&String> = errs.iter().filter(|e| seen.insert(e.as_str())).collect();
    match msgs.as_slice() {
        [one] => (*one).clone(),
        many => format!(
            "[{}]",
            many.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn go_list(items: &[&str]) -> String {
    format!(
        "[{}]",
        items
            .iter()
            .map(|s| crate::go::quote(s))
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// The configuration field a validation message is about, found by its name in the text
/// (`port (--port) 70000 must be …` is about `port`). Upstream's messages name the field
/// first in almost every case; quoted values are skipped so a value cannot pose as a field,
/// and a Go-style capitalised name (`CrashLoopBackOff.MaxContainerRestartPeriod`) is tried
/// in camelCase. `None` when no field of `config` (the effective v1beta1 JSON) is named.
pub fn field_of(message: &str, config: &serde_json::Value) -> Option<String> {
    let text = message
        .strip_prefix("invalid configuration: ")
        .unwrap_or(message);
    let mut unquoted = String::new();
    let mut in_quote = false;
    for c in text.chars() {
        if c == '"' {
            in_quote = !in_quote;
            unquoted.push(' ');
        } else if !in_quote {
            unquoted.push(c);
        }
    }
    let camel = |t: &str| -> String {
        t.split('.')
            .map(|seg| {
                let mut cs = seg.chars();
                match cs.next() {
                    Some(f) => f.to_lowercase().chain(cs).collect(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join(".")
    };
    let known = |path: &str| {
        let mut v = config;
        for seg in path.split('.') {
            match v.get(seg) {
                Some(x) => v = x,
                None => return false,
            }
        }
        true
    };
    unquoted
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .map(|t| t.trim_matches('.'))
        .filter(|t| t.len() > 2)
        .flat_map(|t| [t.to_string(), camel(t)])
        .find(|t| known(t))
}

/// Validates `kc`; `Err` carries the individual upstream messages in order.
/// [`validate`] as release `release`'s kubelet did: a field the release did not have was never
/// checked, so fields absent from `kc` that the release did not know are given the newest
/// defaults (which pass) before the newest rules run.
pub fn validate_at(
    kc: &KubeletConfiguration,
    gates: &dyn Gates,
    release: crate::releases::Release,
) -> Result<(), Vec<String>> {
    let Ok(newest) = super::defaults::defaulted(gates) else {
        return validate_rules_of(kc, gates, release);
    };
    let mut v = kc.to_value();
    if let (serde_json::Value::Object(out), serde_json::Value::Object(def)) =
        (&mut v, newest.to_value())
    {
        for (k, dv) in def {
            if !out.contains_key(&k) && !crate::releases::kubelet_config::known_at(&k, release) {
                out.insert(k, dv);
            }
        }
    }
    match serde_json::from_value::<KubeletConfiguration>(v) {
        Ok(filled) => validate_rules_of(&filled, gates, release),
        Err(_) => validate_rules_of(kc, gates, release),
    }
}

/// `ValidateKubeletConfiguration`: the checks in upstream's order, grouped as upstream groups
/// them; `Err` carries the individual messages in order.
pub fn validate(kc: &KubeletConfiguration, gates: &dyn Gates) -> Result<(), Vec<String>> {
    validate_rules_of(kc, gates, crate::releases::NEWEST)
}

/// [`validate`] with the rules of release `release` where they differ from the newest
/// (which values a check allows, and its wording).
fn validate_rules_of(
    kc: &KubeletConfiguration,
    gates: &dyn Gates,
    release: crate::releases::Release,
) -> Result<(), Vec<String>> {
    let mut local = gates.boxed_clone();
    if let Some(fg) = &kc.feature_gates {
        local.set_from_map(fg).map_err(|e| vec![e.to_string()])?;
    }
    let enabled = |g: &str| local.enabled(g);
    let ctx = Ctx {
        gates: &enabled,
        minor: release.minor(),
    };
    let mut errs: Vec<String> = Vec::new();
    let mut e = |s: String| errs.push(format!("invalid configuration: {s}"));
    for group in GROUPS {
        group(kc, &ctx, &mut e);
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

/// What a check may ask of the kubelet doing the validation.
struct Ctx<'a> {
    /// Whether a gate is on, for the configuration being validated.
    gates: &'a dyn Fn(&str) -> bool,
    /// The kubelet's minor release (its rules where they changed).
    minor: u16,
}

impl Ctx<'_> {
    fn gate(&self, name: &str) -> bool {
        (self.gates)(name)
    }
}

type On<'a, 'b> = &'a Ctx<'b>;
/// Records one failure (the `invalid configuration: ` prefix is added for it).
type Fail<'a> = &'a mut dyn FnMut(String);
type Group = fn(&KubeletConfiguration, On, Fail);

/// The groups of checks, in upstream's order (the order of the messages).
const GROUPS: &[Group] = &[
    node_basics,
    cpu_cfs_quota_period,
    image_garbage_collection,
    iptables_bits,
    limits_and_ports,
    image_pulls,
    tls_run_once_and_taints,
    topology_manager,
    graceful_node_shutdown,
    memory_swap,
    crash_loop_back_off,
    enforce_node_allocatable,
    hairpin_mode,
    image_pull_credentials,
    reserved_system_cpus,
    reserved_memory,
    memory_qos,
    container_runtime,
    system_log_query,
    container_logs,
    pod_logs_dir,
];

/// `%s %d must not be a negative number`, upstream's most common check.
fn non_negative(e: Fail, field: &str, value: i64) {
    if value < 0 {
        e(format!("{field} {value} must not be a negative number"));
    }
}

/// `%s %d must be between lo and hi, inclusive`.
fn between(e: Fail, field: &str, value: i64, lo: i64, hi: i64) {
    if !(lo..=hi).contains(&value) {
        e(format!(
            "{field} {value} must be between {lo} and {hi}, inclusive"
        ));
    }
}

// Validation runs on a defaulted configuration; a field still unset is, in the kubelet's Go
// struct, the type's zero value (0, "", false, an empty duration), which these read.
fn i32v(o: Option<i32>) -> i32 {
    o.unwrap_or(0)
}

fn durv(o: Option<Duration>) -> Duration {
    o.unwrap_or_default()
}

fn strv(o: &Option<String>) -> String {
    o.clone().unwrap_or_default()
}

fn boolv(o: Option<bool>) -> bool {
    o.unwrap_or(false)
}

/// Node lease, system cgroups, event rates and the healthz port.
fn node_basics(kc: &KubeletConfiguration, on: On, e: Fail) {
    if i32v(kc.node_lease_duration_seconds) <= 0 {
        e("nodeLeaseDurationSeconds must be greater than 0".into());
    }
    // Up to 1.30 one check here covered every enforcement; 1.31 checks each in the loop below.
    if on.minor <= 30
        && !boolv(kc.cgroups_per_qos)
        && !kc
            .enforce_node_allocatable
            .clone()
            .unwrap_or_default()
            .is_empty()
    {
        e("enforceNodeAllocatable (--enforce-node-allocatable) is not supported unless cgroupsPerQOS (--cgroups-per-qos) is set to true".into());
    }
    if !strv(&kc.system_cgroups).is_empty() && strv(&kc.cgroup_root).is_empty() {
        e("systemCgroups (--system-cgroups) was specified and cgroupRoot (--cgroup-root) was not specified".into());
    }
    non_negative(e, "eventBurst (--event-burst)", i32v(kc.event_burst).into());
    non_negative(
        e,
        "eventRecordQPS (--event-qps)",
        i32v(kc.event_record_qps).into(),
    );
    let healthz = i32v(kc.healthz_port);
    if healthz != 0 && !(1..=65535).contains(&healthz) {
        e(format!(
            "healthzPort (--healthz-port) {healthz} must be between 1 and 65535, inclusive"
        ));
    }
}

/// `cpuCFSQuotaPeriod`, behind `CustomCPUCFSQuotaPeriod`.
fn cpu_cfs_quota_period(kc: &KubeletConfiguration, on: On, e: Fail) {
    let cfs = durv(kc.cpu_cfs_quota_period);
    // 1.21–1.23 named no flag in the gate message; up to 1.25 the lower bound was 1µs
    // (validation.go at 1.21.4, 1.24.14 and 1.26.7).
    if !on.gate("CustomCPUCFSQuotaPeriod") && cfs != Duration(100 * MILLISECOND) {
        e(if on.minor <= 23 {
            format!("cpuCFSQuotaPeriod {cfs} requires feature gate CustomCPUCFSQuotaPeriod")
        } else {
            format!("cpuCFSQuotaPeriod (--cpu-cfs-quota-period) {cfs} requires feature gate CustomCPUCFSQuotaPeriod")
        });
    }
    let (low, low_text) = if on.minor <= 25 {
        (MICROSECOND, "1usec")
    } else {
        (MILLISECOND, "1ms")
    };
    if on.gate("CustomCPUCFSQuotaPeriod") && !(low..=SECOND).contains(&cfs.0) {
        e(format!("cpuCFSQuotaPeriod (--cpu-cfs-quota-period) {cfs} must be between {low_text} and 1sec, inclusive"));
    }
}

/// Image garbage collection: thresholds, then ages (`ImageMaximumGCAge`).
fn image_garbage_collection(kc: &KubeletConfiguration, on: On, e: Fail) {
    let high = i32v(kc.image_gc_high_threshold_percent);
    let low = i32v(kc.image_gc_low_threshold_percent);
    if !(0..=100).contains(&high) {
        e(format!("imageGCHighThresholdPercent (--image-gc-high-threshold) {high} must be between 0 and 100, inclusive"));
    }
    if !(0..=100).contains(&low) {
        e(format!("imageGCLowThresholdPercent (--image-gc-low-threshold) {low} must be between 0 and 100, inclusive"));
    }
    if low >= high {
        e(format!("imageGCLowThresholdPercent (--image-gc-low-threshold) {low} must be less than imageGCHighThresholdPercent (--image-gc-high-threshold) {high}"));
    }
    let max_age = durv(kc.image_maximum_gc_age);
    let min_age = durv(kc.image_minimum_gc_age);
    if max_age.0 != 0 && !on.gate("ImageMaximumGCAge") {
        e("ImageMaximumGCAge feature gate is required for Kubelet configuration option imageMaximumGCAge".into());
    }
    // Checked from 1.36 (openshift/kubernetes 1.36.3 validation.go; absent at 1.35.6).
    if on.minor >= 36 && min_age.0 < 0 {
        e(format!("imageMinimumGCAge {min_age} must not be negative"));
    }
    if max_age.0 < 0 {
        e(format!("imageMaximumGCAge {max_age} must not be negative"));
    }
    if max_age.0 > 0 && max_age <= min_age {
        e(format!(
            "imageMaximumGCAge {max_age} must be greater than imageMinimumGCAge {min_age}"
        ));
    }
}

/// The iptables drop and masquerade bits.
fn iptables_bits(kc: &KubeletConfiguration, _on: On, e: Fail) {
    between(
        e,
        "iptablesDropBit (--iptables-drop-bit)",
        i32v(kc.iptables_drop_bit).into(),
        0,
        31,
    );
    let masq_bit = i32v(kc.iptables_masquerade_bit);
    if !(0..=31).contains(&masq_bit) {
        e(format!("iptablesMasqueradeBit (--iptables-masquerade-bit) {masq_bit} must be between 0 and 31, inclusive"));
    }
}

/// Client rates, node status images, open files, pods, OOM score, ports and registry rates.
fn limits_and_ports(kc: &KubeletConfiguration, _on: On, e: Fail) {
    non_negative(
        e,
        "kubeAPIBurst (--kube-api-burst)",
        i32v(kc.kube_api_burst).into(),
    );
    non_negative(
        e,
        "kubeAPIQPS (--kube-api-qps)",
        i32v(kc.kube_api_qps).into(),
    );
    let max_images = i32v(kc.node_status_max_images);
    if max_images < -1 {
        e(format!(
            "nodeStatusMaxImages (--node-status-max-images) {max_images} must be -1 or greater"
        ));
    }
    non_negative(
        e,
        "maxOpenFiles (--max-open-files)",
        // Unset: Go's zero value, as for `i32v`.
        kc.max_open_files.unwrap_or(0),
    );
    non_negative(e, "maxPods (--max-pods)", i32v(kc.max_pods).into());
    between(
        e,
        "oomScoreAdj (--oom-score-adj)",
        i32v(kc.oom_score_adj).into(),
        -1000,
        1000,
    );
    non_negative(
        e,
        "podsPerCore (--pods-per-core)",
        i32v(kc.pods_per_core).into(),
    );
    between(e, "port (--port)", i32v(kc.port).into(), 1, 65535);
    let ro = i32v(kc.read_only_port);
    if ro != 0 && !(1..=65535).contains(&ro) {
        e(format!(
            "readOnlyPort (--read-only-port) {ro} must be between 0 and 65535, inclusive"
        ));
    }
    non_negative(
        e,
        "registryBurst (--registry-burst)",
        i32v(kc.registry_burst).into(),
    );
    non_negative(
        e,
        "registryPullQPS (--registry-qps)",
        i32v(kc.registry_pull_qps).into(),
    );
}

/// Parallel and serialized image pulls.
fn image_pulls(kc: &KubeletConfiguration, _on: On, e: Fail) {
    if let Some(n) = kc.max_parallel_image_pulls {
        if n < 1 {
            e(format!(
                "maxParallelImagePulls {n} must be a positive number"
            ));
        }
    }
    if boolv(kc.serialize_image_pulls) && kc.max_parallel_image_pulls.is_some_and(|n| n > 1) {
        e("maxParallelImagePulls cannot be larger than 1 unless SerializeImagePulls (--serialize-image-pulls) is set to false".into());
    }
}

/// Server TLS bootstrap (its gate), run-once mode, and taints registered with a time.
fn tls_run_once_and_taints(kc: &KubeletConfiguration, on: On, e: Fail) {
    if boolv(kc.server_tls_bootstrap) && !on.gate("RotateKubeletServerCertificate") {
        e("serverTLSBootstrap true requires feature gate RotateKubeletServerCertificate".into());
    }
    // runOnce has been refused since 1.32 (validation.go at 1.31.11 has no such check).
    if on.minor >= 32 && boolv(kc.run_once) {
        e(
            "runOnce (--runOnce) true, Runonce mode has been deprecated and should not be set"
                .into(),
        );
    }
    for t in kc.register_with_taints.iter().flatten() {
        if t.time_added.is_some() {
            e("taint.TimeAdded is not nil".into());
        }
    }
}

/// Topology manager policy and scope.
fn topology_manager(kc: &KubeletConfiguration, on: On, e: Fail) {
    let tmp = strv(&kc.topology_manager_policy);
    let tms = strv(&kc.topology_manager_scope);
    // Until 1.26 a policy or scope other than the default needed the TopologyManager gate
    // (GA in 1.27); until 1.23 the values were refused as "non-allowable" (validation.go at
    // 1.23.15, 1.24.14 and 1.26.7).
    let gated = on.minor <= 26;
    if gated && tmp != "none" && !on.gate("TopologyManager") {
        e(format!(
            "topologyManagerPolicy {tmp} requires feature gate TopologyManager"
        ));
    }
    if on.minor <= 23 {
        if !matches!(
            tmp.as_str(),
            "none" | "best-effort" | "restricted" | "single-numa-node"
        ) {
            e(format!("topologyManagerPolicy non-allowable value: {tmp}"));
        }
        if tms != "container" && !on.gate("TopologyManager") {
            e(format!(
                "topologyManagerScope {tms} requires feature gate TopologyManager"
            ));
        }
        if !matches!(tms.as_str(), "container" | "pod") {
            e(format!("topologyManagerScope non-allowable value: {tms}"));
        }
        return;
    }
    if !matches!(
        tmp.as_str(),
        "none" | "best-effort" | "restricted" | "single-numa-node"
    ) {
        e(format!(
            "topologyManagerPolicy (--topology-manager-policy) {} must be one of: {}",
            crate::go::quote(&tmp),
            go_list(&["none", "best-effort", "restricted", "single-numa-node"])
        ));
    }
    if gated && tms != "container" && !on.gate("TopologyManager") {
        e(format!(
            "topologyManagerScope {tms} requires feature gate TopologyManager"
        ));
    }
    if !matches!(tms.as_str(), "container" | "pod") {
        e(format!(
            "topologyManagerScope (--topology-manager-scope) {} must be one of: \"container\", or \"pod\"",
            crate::go::quote(&tms)
        ));
    }
}

/// Graceful node shutdown, plain and by pod priority.
fn graceful_node_shutdown(kc: &KubeletConfiguration, on: On, e: Fail) {
    let sgp = durv(kc.shutdown_grace_period);
    let sgpc = durv(kc.shutdown_grace_period_critical_pods);
    // 1.20–1.23 (the feature's first releases) had one range check and Go's field names
    // (validation.go at 1.21.4 and 1.23.15; the 1.20 kubelet introduced the fields).
    if on.minor <= 23 {
        if on.gate("GracefulNodeShutdown") {
            if sgp.0 < 0 || sgpc.0 < 0 || sgpc > sgp {
                e(format!("ShutdownGracePeriod {sgp} must be >= 0, ShutdownGracePeriodCriticalPods {sgpc} must be >= 0, and ShutdownGracePeriodCriticalPods {sgpc} must be <= ShutdownGracePeriod {sgp}"));
            }
            if sgp.0 > 0 && sgp.0 < SECOND {
                e(format!(
                    "ShutdownGracePeriod {sgp} must be either zero or otherwise >= 1 sec"
                ));
            }
            if sgpc.0 > 0 && sgpc.0 < SECOND {
                e(format!(
                    "ShutdownGracePeriodCriticalPods {sgpc} must be either zero or otherwise >= 1 sec"
                ));
            }
        }
        if (sgp.0 > 0 || sgpc.0 > 0) && !on.gate("GracefulNodeShutdown") {
            e("Specifying ShutdownGracePeriod or ShutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown".into());
        }
    } else if on.gate("GracefulNodeShutdown") {
        if sgpc > sgp {
            e(format!(
                "shutdownGracePeriodCriticalPods {sgpc} must be <= shutdownGracePeriod {sgp}"
            ));
        }
        if sgp.0 < 0 || (sgp.0 > 0 && sgp.0 < SECOND) {
            e(format!(
                "shutdownGracePeriod {sgp} must be either zero or otherwise >= 1 sec"
            ));
        }
        if sgpc.0 < 0 || (sgpc.0 > 0 && sgpc.0 < SECOND) {
            e(format!(
                "shutdownGracePeriodCriticalPods {sgpc} must be either zero or otherwise >= 1 sec"
            ));
        }
    }
    if on.minor > 23 && (sgp.0 > 0 || sgpc.0 > 0) && !on.gate("GracefulNodeShutdown") {
        e("specifying shutdownGracePeriod or shutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown".into());
    }
    let by_prio = kc
        .shutdown_grace_period_by_pod_priority
        .as_ref()
        .is_some_and(|v| !v.is_empty());
    if on.gate("GracefulNodeShutdownBasedOnPodPriority") && by_prio && (sgp.0 > 0 || sgpc.0 > 0) {
        e("Cannot specify both shutdownGracePeriodByPodPriority and shutdownGracePeriod at the same time".into());
    }
    if !on.gate("GracefulNodeShutdownBasedOnPodPriority") && by_prio {
        e("Specifying shutdownGracePeriodByPodPriority requires feature gate GracefulNodeShutdownBasedOnPodPriority".into());
    }
}

/// `memorySwap.swapBehavior`, behind `NodeSwap`.
fn memory_swap(kc: &KubeletConfiguration, on: On, e: Fail) {
    let swap = kc
        .memory_swap
        .as_ref()
        .and_then(|m| m.swap_behavior.clone())
        .unwrap_or_default();
    // UnlimitedSwap was the other behaviour until 1.30 replaced it with NoSwap (KEP-2400 beta 2);
    // 1.22 and 1.23 worded both messages with Go's field names.
    let (other, old_words) = match on.minor {
        ..=23 => ("UnlimitedSwap", true),
        24..=29 => ("UnlimitedSwap", false),
        _ => ("NoSwap", false),
    };
    if on.gate("NodeSwap") && !matches!(swap.as_str(), "" | "LimitedSwap") && swap != other {
        e(match on.minor {
            ..=23 => format!("MemorySwap.SwapBehavior {swap} must be one of: LimitedSwap, UnlimitedSwap"),
            24..=29 => format!(
                "memorySwap.swapBehavior {} must be one of: \"\", \"LimitedSwap\", or \"UnlimitedSwap\"",
                crate::go::quote(&swap)
            ),
            _ => format!(
                "memorySwap.swapBehavior {} must be one of: \"\", \"LimitedSwap\" or \"NoSwap\"",
                crate::go::quote(&swap)
            ),
        });
    }
    if !on.gate("NodeSwap") && !swap.is_empty() {
        e(if old_words {
            "MemorySwap.SwapBehavior cannot be set when NodeSwap feature flag is disabled".into()
        } else {
            "memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled".into()
        });
    }
}

/// `crashLoopBackOff`, behind `KubeletCrashLoopBackOffMax`.
fn crash_loop_back_off(kc: &KubeletConfiguration, on: On, e: Fail) {
    let clbo = kc
        .crash_loop_back_off
        .as_ref()
        .and_then(|c| c.max_container_restart_period);
    if on.gate("KubeletCrashLoopBackOffMax") {
        match clbo {
            None => e("FeatureGate KubeletCrashLoopBackOffMax is enabled, CrashLoopBackOff.MaxContainerRestartPeriod must be set".into()),
            Some(d) if !(1000..=300_000).contains(&(d.0 / MILLISECOND)) => e(format!(
                "CrashLoopBackOff.MaxContainerRestartPeriod (got: {} seconds) must be set between 1s and 300s",
                d.as_secs_f64()
            )),
            _ => {}
        }
    } else if clbo.is_some() {
        e("FeatureGate KubeletCrashLoopBackOffMax not enabled, CrashLoopBackOff.MaxContainerRestartPeriod must not be set".into());
    }
}

/// `enforceNodeAllocatable`: known, not duplicated, its cgroups named, `cgroupsPerQOS` on.
fn enforce_node_allocatable(kc: &KubeletConfiguration, on: On, e: Fail) {
    let ena: Vec<String> = kc.enforce_node_allocatable.clone().unwrap_or_default();
    if on.minor <= 31 {
        return enforce_node_allocatable_before_1_32(&ena, kc, on.minor, e);
    }
    let has = |k: &str| ena.iter().any(|v| v == k);
    if has("system-reserved-compressible") && has("system-reserved") {
        e("both \"system-reserved\" and \"system-reserved-compressible\" cannot be specified together in enforceNodeAllocatable (--enforce-node-allocatable)".into());
    }
    if has("kube-reserved-compressible") && has("kube-reserved") {
        e("both \"kube-reserved\" and \"kube-reserved-compressible\" cannot be specified together in enforceNodeAllocatable (--enforce-node-allocatable)".into());
    }
    let mut unique = BTreeSet::new();
    for val in &ena {
        if duplicated(&mut unique, val, e) {
            continue;
        }
        match val.as_str() {
            "pods" => {}
            "system-reserved" | "system-reserved-compressible" => {
                if strv(&kc.system_reserved_cgroup).is_empty() {
                    e("systemReservedCgroup (--system-reserved-cgroup) must be specified when \"system-reserved\" or \"system-reserved-compressible\" included in enforceNodeAllocatable (--enforce-node-allocatable)".into());
                }
            }
            "kube-reserved" | "kube-reserved-compressible" => {
                if strv(&kc.kube_reserved_cgroup).is_empty() {
                    e("kubeReservedCgroup (--kube-reserved-cgroup) must be specified when \"kube-reserved\" or \"kube-reserved-compressible\" included in enforceNodeAllocatable (--enforce-node-allocatable)".into());
                }
            }
            "none" => {
                if ena.len() > 1 {
                    e("enforceNodeAllocatable (--enforce-node-allocatable) may not contain additional enforcements when \"none\" is specified".into());
                }
                continue;
            }
            other => {
                e(format!("option {} specified for enforceNodeAllocatable (--enforce-node-allocatable). Valid options are \"pods\", \"system-reserved\", \"system-reserved-compressible\", \"kube-reserved\", \"kube-reserved-compressible\" or \"none\"", crate::go::quote(other)));
                continue;
            }
        }
        if !boolv(kc.cgroups_per_qos) {
            e(format!("cgroupsPerQOS (--cgroups-per-qos) must be set to true when {} contained in enforceNodeAllocatable (--enforce-node-allocatable)", crate::go::quote(val)));
        }
    }
}

/// Whether `val` was already seen in enforceNodeAllocatable (and says so, as 1.31+ does).
fn duplicated<'a>(seen: &mut BTreeSet<&'a str>, val: &'a str, e: Fail) -> bool {
    if seen.insert(val) {
        return false;
    }
    e(format!(
        "duplicated enforcements {} in enforceNodeAllocatable (--enforce-node-allocatable)",
        crate::go::quote(val)
    ));
    true
}

/// `enforceNodeAllocatable` before the compressible enforcements (1.32): four options; 1.31
/// added the duplicate check and the per-enforcement `cgroupsPerQOS` check; 1.24 quoted the
/// keys with `%q` where 1.21–1.23 wrote them in single quotes (validation.go at 1.23.15,
/// 1.24.14, 1.30.7 and 1.31.11, kubeedge/kubeedge vendor trees).
fn enforce_node_allocatable_before_1_32(
    ena: &[String],
    kc: &KubeletConfiguration,
    minor: u16,
    e: Fail,
) {
    let key = |k: &str| {
        if minor >= 24 {
            crate::go::quote(k)
        } else {
            format!("'{k}'")
        }
    };
    let mut unique = BTreeSet::new();
    for val in ena {
        if minor >= 31 && duplicated(&mut unique, val, e) {
            continue;
        }
        match val.as_str() {
            "pods" => {}
            "system-reserved" => {
                if strv(&kc.system_reserved_cgroup).is_empty() {
                    e(format!("systemReservedCgroup (--system-reserved-cgroup) must be specified when {} contained in enforceNodeAllocatable (--enforce-node-allocatable)", key("system-reserved")));
                }
            }
            "kube-reserved" => {
                if strv(&kc.kube_reserved_cgroup).is_empty() {
                    e(format!("kubeReservedCgroup (--kube-reserved-cgroup) must be specified when {} contained in enforceNodeAllocatable (--enforce-node-allocatable)", key("kube-reserved")));
                }
            }
            "none" => {
                if ena.len() > 1 {
                    e(format!("enforceNodeAllocatable (--enforce-node-allocatable) may not contain additional enforcements when {} is specified", key("none")));
                }
                continue;
            }
            other => {
                e(format!("option {} specified for enforceNodeAllocatable (--enforce-node-allocatable). Valid options are \"pods\", \"system-reserved\", \"kube-reserved\", or \"none\"", crate::go::quote(other)));
                continue;
            }
        }
        if minor >= 31 && !boolv(kc.cgroups_per_qos) {
            e(format!("cgroupsPerQOS (--cgroups-per-qos) must be set to true when {} contained in enforceNodeAllocatable (--enforce-node-allocatable)", crate::go::quote(val)));
        }
    }
}

/// `hairpinMode`.
fn hairpin_mode(kc: &KubeletConfiguration, _on: On, e: Fail) {
    let hp = strv(&kc.hairpin_mode);
    if !matches!(hp.as_str(), "none" | "hairpin-veth" | "promiscuous-bridge") {
        e(format!("option {} specified for hairpinMode (--hairpin-mode). Valid options are \"none\", \"hairpin-veth\" or \"promiscuous-bridge\"", crate::go::quote(&hp)));
    }
}

/// Image pull credential verification, behind `KubeletEnsureSecretPulledImages`.
fn image_pull_credentials(kc: &KubeletConfiguration, on: On, e: Fail) {
    let ipcvp = strv(&kc.image_pull_credentials_verification_policy);
    let allow = kc
        .preloaded_images_verification_allowlist
        .as_ref()
        .is_some_and(|v| !v.is_empty());
    if on.gate("KubeletEnsureSecretPulledImages") {
        if !matches!(
            ipcvp.as_str(),
            "NeverVerify"
                | "NeverVerifyPreloadedImages"
                | "NeverVerifyAllowlistedImages"
                | "AlwaysVerify"
        ) {
            e(format!("option {} specified for imagePullCredentialsVerificationPolicy. Valid options are \"NeverVerify\", \"NeverVerifyPreloadedImages\", \"NeverVerifyAllowlistedImages\" or \"AlwaysVerify\"", crate::go::quote(&ipcvp)));
        }
        if allow && ipcvp != "NeverVerifyAllowlistedImages" {
            e("can't set `preloadedImagesVerificationAllowlist` if `imagePullCredentialsVertificationPolicy` is not \"NeverVerifyAllowlistedImages\"".into());
        }
    } else {
        if !ipcvp.is_empty() {
            e("`imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled".into());
        }
        if allow {
            e("`preloadedImagesVerificationAllowlist` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled".into());
        }
    }
}

/// `reservedSystemCPUs`: not with reserved cgroups, and a valid cpuset.
fn reserved_system_cpus(kc: &KubeletConfiguration, _on: On, e: Fail) {
    if !strv(&kc.reserved_system_cpus).is_empty()
        && (!strv(&kc.system_reserved_cgroup).is_empty()
            || !strv(&kc.kube_reserved_cgroup).is_empty())
    {
        e("can't use reservedSystemCPUs (--reserved-cpus) with systemReservedCgroup (--system-reserved-cgroup) or kubeReservedCgroup (--kube-reserved-cgroup)".into());
    }
    let rsc = strv(&kc.reserved_system_cpus);
    if !rsc.is_empty() {
        if let Err(err) = parse_cpuset(&rsc) {
            e(format!(
                "unable to parse reservedSystemCPUs (--reserved-cpus) {rsc}, error: {err}"
            ));
        }
    }
}

/// `reservedMemory` (`validateReservedMemoryConfiguration`).
fn reserved_memory(kc: &KubeletConfiguration, _on: On, e: Fail) {
    for m in reserved_memory_errors(kc) {
        e(m);
    }
}

/// `memoryThrottlingFactor` (required by `MemoryQoS` until 1.36; optional from 1.37, when its
/// default became nil) and, from 1.36, `memoryReservationPolicy`.
fn memory_qos(kc: &KubeletConfiguration, on: On, e: Fail) {
    if on.minor <= 36 && on.gate("MemoryQoS") && kc.memory_throttling_factor.is_none() {
        e("memoryThrottlingFactor is required when MemoryQoS feature flag is enabled".into());
    }
    if let Some(f) = kc.memory_throttling_factor {
        if f <= 0.0 || f > 1.0 {
            e(format!(
                "memoryThrottlingFactor {f} must be greater than 0 and less than or equal to 1.0"
            ));
        }
    }
    if on.minor < 36 {
        return;
    }
    let policy = strv(&kc.memory_reservation_policy);
    if !on.gate("MemoryQoS") && policy == "TieredReservation" {
        e(format!(
            "memoryReservationPolicy {} requires MemoryQoS feature gate to be enabled",
            crate::go::quote(&policy)
        ));
    }
    if policy != "None" && policy != "TieredReservation" {
        e(format!(
            "option {} specified for memoryReservationPolicy. Valid options are \"None\" or \"TieredReservation\"",
            crate::go::quote(&policy)
        ));
    }
}

/// `containerRuntimeEndpoint`.
fn container_runtime(kc: &KubeletConfiguration, _on: On, e: Fail) {
    if strv(&kc.container_runtime_endpoint).is_empty() {
        e("the containerRuntimeEndpoint was not specified or empty".into());
    }
}

/// `enableSystemLogQuery`, behind `NodeLogQuery`.
fn system_log_query(kc: &KubeletConfiguration, on: On, e: Fail) {
    let slq = boolv(kc.enable_system_log_query);
    if slq && !on.gate("NodeLogQuery") {
        // Until 1.34 the message named the wrong field (openshift/kubernetes 1.34.9 and
        // 1.35.6 validation.go).
        let field = if on.minor <= 34 {
            "enableSystemLogHandler"
        } else {
            "enableSystemLogQuery"
        };
        e(format!("NodeLogQuery feature gate is required for {field}"));
    }
    if slq && !boolv(kc.enable_system_log_handler) {
        e("enableSystemLogHandler is required for enableSystemLogQuery".into());
    }
}

/// Container log rotation: workers, monitor interval, files.
fn container_logs(kc: &KubeletConfiguration, _on: On, e: Fail) {
    if i32v(kc.container_log_max_workers) < 1 {
        e("containerLogMaxWorkers must be greater than or equal to 1".into());
    }
    if durv(kc.container_log_monitor_interval).as_secs_f64() < 3.0 {
        e("containerLogMonitorInterval must be a positive time duration greater than or equal to 3s".into());
    }
    if i32v(kc.container_log_max_files) <= 1 {
        e("containerLogMaxFiles must be greater than 1".into());
    }
}

/// `podLogsDir`: set, absolute, normalized, ASCII.
fn pod_logs_dir(kc: &KubeletConfiguration, _on: On, e: Fail) {
    let pld = strv(&kc.pod_logs_dir);
    if pld.is_empty() {
        e("podLogsDir was not specified".into());
    }
    if !pld.starts_with('/') {
        e(format!(
            "pod logs path {} must be absolute path",
            crate::go::quote(&pld)
        ));
    }
    if super::file::clean(&pld) != pld {
        e(format!(
            "pod logs path {} must be normalized",
            crate::go::quote(&pld)
        ));
    }
    if !pld.is_ascii() {
        e(format!(
            "pod logs path {} mut contains ASCII characters only",
            crate::go::quote(&pld)
        ));
    }
}

/// `cpuset.Parse` (`k8s.io/utils/cpuset`): a comma-separated list of CPUs and `a-b` ranges.
/// Only the error matters here, so ranges are checked, never expanded.
pub fn parse_cpuset(s: &str) -> Result<(), GoValueError> {
    for r in s.split(',') {
        match r.split_once('-') {
            None => {
                go_atoi(r)?;
            }
            Some((a, b)) => {
                let (start, end) = (go_atoi(a)?, go_atoi(b)?);
                if start > end {
                    return Err(GoValueError::new(format!(
                        "invalid range {} ({start} > {end})",
                        crate::go::quote(r)
                    )));
                }
            }
        }
    }
    Ok(())
}

/// `validateReservedMemoryConfiguration`: each limit is `memory` or `hugepages-<size>`, is not
/// zero, and appears once per NUMA node. Messages carry their own `invalid configuration: `
/// prefix upstream, so they are returned without it here.
fn reserved_memory_errors(kc: &KubeletConfiguration) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: BTreeSet<(i32, String)> = BTreeSet::new();
    for r in kc.reserved_memory.iter().flatten() {
        let node = r.numa_node;
        for (name, q) in &r.limits {
            if name != "memory" && !name.starts_with("hugepages-") {
                out.push(format!("the limit type {} for NUMA node {node} is not supported, only [memory hugepages-<HugePageSize>] is accepted", crate::go::quote(name)));
            }
            if crate::quantity::Quantity::parse(q).is_ok_and(|q| q.0 == 0) {
                out.push(format!(
                    "reserved memory may not be zero for NUMA node {node} and resource {}",
                    crate::go::quote(name)
                ));
            }
            if !seen.insert((node, name.clone())) {
                out.push(format!(
                    "the reserved memory has a duplicate value for NUMA node {node} and resource {}",
                    crate::go::quote(name)
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpuset_parse_errors() {
        let parse_cpuset_text = |s: &str| parse_cpuset(s).map_err(|e| e.to_string());
        assert_eq!(parse_cpuset_text("0-3,8,10-11"), Ok(()));
        assert_eq!(
            parse_cpuset_text("3-1"),
            Err("invalid range \"3-1\" (3 > 1)".to_string())
        );
        assert_eq!(
            parse_cpuset_text("a"),
            Err("strconv.Atoi: parsing \"a\": invalid syntax".to_string())
        );
        assert_eq!(
            parse_cpuset_text("0,"),
            Err("strconv.Atoi: parsing \"\": invalid syntax".to_string())
        );
        assert_eq!(
            parse_cpuset_text("99999999999999999999"),
            Err("strconv.Atoi: parsing \"99999999999999999999\": value out of range".to_string())
        );
    }
}
