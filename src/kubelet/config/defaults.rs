//! Built-in defaults: `SetDefaults_KubeletConfiguration` and the kubelet's other default rules.
//!
//! Upstream: `pkg/kubelet/apis/config/v1beta1/defaults.go` (≈1.33/1.34), the legacy
//! command-line defaults of `cmd/kubelet/app/options/options.go` (`applyLegacyDefaults`) and the
//! default hard-eviction thresholds `loadConfigFile` fills (`pkg/kubelet/eviction/defaults_linux.go`).
//!
//! Go defaults a field only when it holds its zero value (value fields) or is nil (pointer
//! fields), so the two helpers below differ on purpose: `port: 0` in a file still becomes
//! 10250, while `registryPullQPS: 0` stays 0. Gate-dependent defaults read a *copy* of the
//! gate with the object's own `featureGates` applied, as upstream does.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::gates::Gates;
use super::types::*;
use crate::duration::{Duration, MILLISECOND, SECOND};

/// `DefaultMemoryThrottlingFactor`.
pub const DEFAULT_MEMORY_THROTTLING_FACTOR: f64 = 0.9;
/// `DefaultVolumePluginDir`.
pub const DEFAULT_VOLUME_PLUGIN_DIR: &str = "/usr/libexec/kubernetes/kubelet-plugins/volume/exec/";
/// `DefaultPodLogsDir`.
pub const DEFAULT_POD_LOGS_DIR: &str = "/var/log/pods";
/// `ports.KubeletPort`.
pub const KUBELET_PORT: i32 = 10250;
/// `ports.KubeletReadOnlyPort`, the legacy flag default.
pub const KUBELET_READ_ONLY_PORT: i32 = 10255;

/// Zero-valued Go value fields count as unset.
trait GoZero {
    fn is_go_zero(&self) -> bool;
}
impl GoZero for i32 {
    fn is_go_zero(&self) -> bool {
        *self == 0
    }
}
impl GoZero for i64 {
    fn is_go_zero(&self) -> bool {
        *self == 0
    }
}
impl GoZero for String {
    fn is_go_zero(&self) -> bool {
        self.is_empty()
    }
}
impl GoZero for Duration {
    fn is_go_zero(&self) -> bool {
        self.0 == 0
    }
}

/// Default for a Go value field: applies when unset or zero.
fn dz<T: GoZero>(field: &mut Option<T>, value: T) {
    if field.as_ref().is_none_or(GoZero::is_go_zero) {
        *field = Some(value);
    }
}

/// Default for a Go pointer field: applies only when nil.
fn dn<T>(field: &mut Option<T>, value: T) {
    if field.is_none() {
        *field = Some(value);
    }
}

fn s(v: &str) -> String {
    v.to_string()
}

/// `SetDefaults_KubeletConfiguration`. `gates` is the process gate; the object's own
/// `featureGates` are applied to a copy of it first, and a failure there is returned with
/// upstream's (panic) text.
pub fn set_defaults(obj: &mut KubeletConfiguration, gates: &dyn Gates) -> Result<(), String> {
    let mut local = gates.boxed_clone();
    if let Some(fg) = &obj.feature_gates {
        local.set_from_map(fg).map_err(|e| {
            format!("failed to merge global and in-flight KubeletConfiguration while setting defaults, error: {e}")
        })?;
    }
    dn(&mut obj.enable_server, true);
    dz(&mut obj.sync_frequency, Duration::from_mins(1));
    dz(&mut obj.file_check_frequency, Duration::from_secs(20));
    dz(&mut obj.http_check_frequency, Duration::from_secs(20));
    dz(&mut obj.address, s("0.0.0.0"));
    dz(&mut obj.port, KUBELET_PORT);
    let authn = obj.authentication.get_or_insert_with(Default::default);
    dn(
        &mut authn.anonymous.get_or_insert_with(Default::default).enabled,
        false,
    );
    let webhook = authn.webhook.get_or_insert_with(Default::default);
    dn(&mut webhook.enabled, true);
    dz(&mut webhook.cache_ttl, Duration::from_mins(2));
    authn.x509.get_or_insert_with(Default::default);
    let authz = obj.authorization.get_or_insert_with(Default::default);
    dz(&mut authz.mode, s("Webhook"));
    let awh = authz.webhook.get_or_insert_with(Default::default);
    dz(&mut awh.cache_authorized_ttl, Duration::from_mins(5));
    dz(&mut awh.cache_unauthorized_ttl, Duration::from_secs(30));
    dn(&mut obj.registry_pull_qps, 5);
    dz(&mut obj.registry_burst, 10);
    dn(&mut obj.event_record_qps, 50);
    dz(&mut obj.event_burst, 100);
    dn(&mut obj.enable_debugging_handlers, true);
    dn(&mut obj.healthz_port, 10248);
    dz(&mut obj.healthz_bind_address, s("127.0.0.1"));
    dn(&mut obj.oom_score_adj, -999);
    dz(
        &mut obj.streaming_connection_idle_timeout,
        Duration::from_mins(240),
    );
    // Report frequency is defaulted before update frequency so that an explicit update
    // frequency carries over (backward compatibility, upstream comment in defaults.go).
    if obj.node_status_report_frequency.is_none_or(|d| d.0 == 0) {
        obj.node_status_report_frequency = match obj.node_status_update_frequency {
            Some(d) if d.0 != 0 => Some(d),
            _ => Some(Duration::from_mins(5)),
        };
    }
    dz(
        &mut obj.node_status_update_frequency,
        Duration::from_secs(10),
    );
    dz(&mut obj.node_lease_duration_seconds, 40);
    dz(&mut obj.image_minimum_gc_age, Duration::from_mins(2));
    dn(&mut obj.image_gc_high_threshold_percent, 85);
    dn(&mut obj.image_gc_low_threshold_percent, 80);
    dz(&mut obj.volume_stats_agg_period, Duration::from_mins(1));
    dn(&mut obj.cgroups_per_qos, true);
    dz(&mut obj.cgroup_driver, s("cgroupfs"));
    dz(&mut obj.cpu_manager_policy, s("none"));
    dz(
        &mut obj.cpu_manager_reconcile_period,
        Duration::from_secs(10),
    );
    dz(&mut obj.memory_manager_policy, s("None"));
    dz(&mut obj.topology_manager_policy, s("none"));
    dz(&mut obj.topology_manager_scope, s("container"));
    dz(&mut obj.runtime_request_timeout, Duration::from_mins(2));
    dz(&mut obj.hairpin_mode, s("promiscuous-bridge"));
    dz(&mut obj.max_pods, 110);
    if obj.pod_pids_limit.is_none_or(|v| v < 0) {
        obj.pod_pids_limit = Some(-1);
    }
    dn(&mut obj.resolv_conf, s("/etc/resolv.conf"));
    dn(&mut obj.cpu_cfs_quota, true);
    dn(&mut obj.cpu_cfs_quota_period, Duration(100 * MILLISECOND));
    dn(&mut obj.node_status_max_images, 50);
    dz(&mut obj.max_open_files, 1_000_000);
    dz(
        &mut obj.content_type,
        s("application/vnd.kubernetes.protobuf"),
    );
    dn(&mut obj.kube_api_qps, 50);
    dz(&mut obj.kube_api_burst, 100);
    if obj.serialize_image_pulls.is_none() {
        obj.serialize_image_pulls = Some(obj.max_parallel_image_pulls.is_none_or(|n| n < 2));
    }
    dz(
        &mut obj.eviction_pressure_transition_period,
        Duration::from_mins(5),
    );
    dn(&mut obj.merge_default_eviction_settings, false);
    dn(&mut obj.enable_controller_attach_detach, true);
    dn(&mut obj.make_ip_tables_util_chains, true);
    dn(&mut obj.iptables_masquerade_bit, 14);
    dn(&mut obj.iptables_drop_bit, 15);
    dn(&mut obj.fail_swap_on, true);
    dz(&mut obj.container_log_max_size, s("10Mi"));
    dn(&mut obj.container_log_max_files, 5);
    dn(&mut obj.container_log_max_workers, 1);
    dn(
        &mut obj.container_log_monitor_interval,
        Duration::from_secs(10),
    );
    dz(
        &mut obj.config_map_and_secret_change_detection_strategy,
        s("Watch"),
    );
    dn(&mut obj.enforce_node_allocatable, vec![s("pods")]);
    dz(&mut obj.volume_plugin_dir, s(DEFAULT_VOLUME_PLUGIN_DIR));
    set_recommended_logging(obj.logging.get_or_insert_with(Map::new));
    dn(&mut obj.enable_system_log_handler, true);
    dn(&mut obj.enable_profiling_handler, true);
    dn(&mut obj.enable_debug_flags_handler, true);
    dn(&mut obj.seccomp_default, false);
    dn(&mut obj.fail_cgroup_v1, false);
    dn(
        &mut obj.memory_throttling_factor,
        DEFAULT_MEMORY_THROTTLING_FACTOR,
    );
    dn(&mut obj.register_node, true);
    dn(&mut obj.local_storage_capacity_isolation, true);
    dz(
        &mut obj.container_runtime_endpoint,
        s("unix:///run/containerd/containerd.sock"),
    );
    dz(&mut obj.pod_logs_dir, s(DEFAULT_POD_LOGS_DIR));
    if local.enabled("KubeletCrashLoopBackOffMax") {
        dn(
            &mut obj
                .crash_loop_back_off
                .get_or_insert_with(Default::default)
                .max_container_restart_period,
            Duration(300 * SECOND),
        );
    }
    if local.enabled("KubeletEnsureSecretPulledImages") {
        dz(
            &mut obj.image_pull_credentials_verification_policy,
            s("NeverVerifyPreloadedImages"),
        );
    }
    dn(&mut obj.pod_housekeeping_period, Duration(2 * SECOND));
    Ok(())
}

/// `logsapi.SetRecommendedLoggingConfiguration` (component-base logs/api/v1).
fn set_recommended_logging(c: &mut Map<String, Value>) {
    let empty = |v: Option<&Value>| match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty() || s == "0s",
        _ => false,
    };
    if empty(c.get("format")) {
        c.insert("format".into(), json!("text"));
    }
    if empty(c.get("flushFrequency")) {
        c.insert("flushFrequency".into(), json!("5s"));
    }
    c.entry("verbosity").or_insert(json!(0));
    let opts = c.entry("options").or_insert_with(|| json!({}));
    if let Value::Object(o) = opts {
        for k in ["text", "json"] {
            let sub = o.entry(k).or_insert_with(|| json!({}));
            if let Value::Object(sub) = sub {
                sub.entry("infoBufferSize").or_insert(json!("0"));
            }
        }
    }
}

/// `applyLegacyDefaults`: the command-line API's historical defaults, in effect only when
/// no `--config` file replaces the flag-built configuration.
pub fn apply_legacy_defaults(obj: &mut KubeletConfiguration) {
    let authn = obj.authentication.get_or_insert_with(Default::default);
    authn.anonymous.get_or_insert_with(Default::default).enabled = Some(true);
    authn.webhook.get_or_insert_with(Default::default).enabled = Some(false);
    obj.authorization.get_or_insert_with(Default::default).mode = Some(s("AlwaysAllow"));
    obj.read_only_port = Some(KUBELET_READ_ONLY_PORT);
}

/// The JSON paths `applyLegacyDefaults` writes.
pub const LEGACY_DEFAULT_PATHS: &[&str] = &[
    "authentication.anonymous.enabled",
    "authentication.webhook.enabled",
    "authorization.mode",
    "readOnlyPort",
];

/// `eviction.DefaultEvictionHard` on Linux at kubelet `version`: `imagefs.inodesFree` joined
/// the four older keys in 1.30 (kubernetes/kubernetes#121834, merged for 1.30, not
/// backported). Only `loadConfigFile` fills it, when a file leaves `evictionHard` unset; a
/// kubelet started without `--config` has no hard-eviction thresholds at all.
pub fn default_eviction_hard_at(version: &crate::version::Version) -> BTreeMap<String, String> {
    let mut m = default_eviction_hard();
    if version.major() == 1 && version.minor() < 30 {
        m.remove("imagefs.inodesFree");
    }
    m
}

/// `eviction.DefaultEvictionHard` on Linux (1.30 and later).
pub fn default_eviction_hard() -> BTreeMap<String, String> {
    [
        ("memory.available", "100Mi"),
        ("nodefs.available", "10%"),
        ("nodefs.inodesFree", "5%"),
        ("imagefs.available", "15%"),
        ("imagefs.inodesFree", "5%"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

/// A fully defaulted configuration at `gates`, as `NewKubeletConfiguration` builds before
/// flags are parsed (without the legacy defaults).
pub fn defaulted(gates: &dyn Gates) -> Result<KubeletConfiguration, String> {
    let mut c = KubeletConfiguration::default();
    set_defaults(&mut c, gates)?;
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::featuregate::FeatureGate;
    use crate::version::Version;

    fn gates() -> FeatureGate {
        FeatureGate::with_emulation_version(Version::new(1, 33))
    }

    #[test]
    fn report_frequency_follows_explicit_update_frequency() {
        let mut c = KubeletConfiguration {
            node_status_update_frequency: Some(Duration::from_secs(20)),
            ..Default::default()
        };
        set_defaults(&mut c, &gates()).unwrap();
        assert_eq!(
            c.node_status_report_frequency,
            Some(Duration::from_secs(20))
        );
        let c = defaulted(&gates()).unwrap();
        assert_eq!(c.node_status_report_frequency, Some(Duration::from_mins(5)));
        assert_eq!(
            c.node_status_update_frequency,
            Some(Duration::from_secs(10))
        );
    }

    #[test]
    fn zero_value_fields_are_defaulted_pointer_fields_are_not() {
        let mut c = KubeletConfiguration {
            port: Some(0),
            registry_pull_qps: Some(0),
            pod_pids_limit: Some(-7),
            max_parallel_image_pulls: Some(3),
            ..Default::default()
        };
        set_defaults(&mut c, &gates()).unwrap();
        assert_eq!(c.port, Some(10250));
        assert_eq!(c.registry_pull_qps, Some(0));
        assert_eq!(c.pod_pids_limit, Some(-1));
        assert_eq!(c.serialize_image_pulls, Some(false));
    }
}
