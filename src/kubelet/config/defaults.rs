//! Built-in defaults: `SetDefaults_KubeletConfiguration` and the kubelet's other default rules.
//!
//! Upstream: `pkg/kubelet/apis/config/v1beta1/defaults.go` (compared line by line with the
//! openshift/kubernetes copies of 1.31 to 1.36; 1.37 from its changelog), the legacy
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
use super::{KubeletConfigError, KubeletConfigStage};
use crate::duration::{Duration, MILLISECOND, SECOND};
use crate::releases::Release;

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

/// `SetDefaults_KubeletConfiguration` of the newest release kubegate carries.
pub fn set_defaults(
    obj: &mut KubeletConfiguration,
    gates: &dyn Gates,
) -> Result<(), KubeletConfigError> {
    set_defaults_at(obj, gates, crate::releases::NEWEST)
}

/// `SetDefaults_KubeletConfiguration` as release `release` had it. `gates` is the process gate;
/// the object's own `featureGates` are applied to a copy of it first, and a failure there is
/// returned with upstream's (panic) text.
///
/// The rules are the newest release's, with the values that changed over time taken at
/// `release` (see `scripts/gen-releases/facts/` and `tests/release_config.rs`); fields the
/// release did not have are defaulted here too and removed afterwards by
/// [`crate::releases::kubelet_config::prune`] (see [`defaulted_at`]).
pub fn set_defaults_at(
    obj: &mut KubeletConfiguration,
    gates: &dyn Gates,
    release: Release,
) -> Result<(), KubeletConfigError> {
    let minor = release.minor();
    let mut local = gates.boxed_clone();
    if let Some(fg) = &obj.feature_gates {
        let merged = local.set_from_map(fg);
        // Defaulting has read the object's gates since 1.32 (KubeletCrashLoopBackOffMax), and
        // panics on a bad one. Before, a bad gate in a file got through loading and was
        // refused by the SetFromMap after flag precedence (cmd/kubelet/app/server.go).
        if minor >= 32 {
            merged.map_err(|e| {
                KubeletConfigError::new(format!("failed to merge global and in-flight KubeletConfiguration while setting defaults, error: {e}"))
                    .with_cause(e)
                    .at_stage(KubeletConfigStage::FeatureGates)
            })?;
        } else if merged.is_err() {
            local = gates.boxed_clone();
        }
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
    // eventRecordQPS 5 -> 50, eventBurst 10 -> 100 in 1.27 (kubernetes/kubernetes#116121).
    dn(&mut obj.event_record_qps, if minor < 27 { 5 } else { 50 });
    dz(&mut obj.event_burst, if minor < 27 { 10 } else { 100 });
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
            // 1m until 1.16; 5m from 1.17 (kubernetes/kubernetes#84007).
            _ if minor < 17 => Some(Duration::from_mins(1)),
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
    // A plain string until 1.22 (an empty value was defaulted), a pointer from 1.23 (an
    // explicit "" disables DNS config files).
    if minor < 23 {
        dz(&mut obj.resolv_conf, s("/etc/resolv.conf"));
    } else {
        dn(&mut obj.resolv_conf, s("/etc/resolv.conf"));
    }
    dn(&mut obj.cpu_cfs_quota, true);
    dn(&mut obj.cpu_cfs_quota_period, Duration(100 * MILLISECOND));
    dn(&mut obj.node_status_max_images, 50);
    dz(&mut obj.max_open_files, 1_000_000);
    dz(
        &mut obj.content_type,
        s("application/vnd.kubernetes.protobuf"),
    );
    // kubeAPIQPS 5 -> 50, kubeAPIBurst 10 -> 100 in 1.27 (kubernetes/kubernetes#116121).
    dn(&mut obj.kube_api_qps, if minor < 27 { 5 } else { 50 });
    dz(&mut obj.kube_api_burst, if minor < 27 { 10 } else { 100 });
    if obj.serialize_image_pulls.is_none() {
        obj.serialize_image_pulls = Some(obj.max_parallel_image_pulls.is_none_or(|n| n < 2));
    }
    // Until 1.25 defaulting itself filled `DefaultEvictionHard`, so a kubelet without
    // `--config` had hard thresholds too; from 1.26 only `loadConfigFile` fills it
    // (kubernetes/kubernetes#110263; openshift/kubernetes 1.25.10 and 1.26.5 defaults.go).
    if minor <= 25 && obj.eviction_hard.is_none() {
        obj.eviction_hard = Some(default_eviction_hard_at(&release.version()));
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
    set_recommended_logging(obj.logging.get_or_insert_with(Map::new), release);
    dn(&mut obj.enable_system_log_handler, true);
    dn(&mut obj.enable_profiling_handler, true);
    dn(&mut obj.enable_debug_flags_handler, true);
    dn(&mut obj.seccomp_default, false);
    // false from 1.31, true from 1.35 (KEP-5573, kubernetes/kubernetes#134298).
    dn(&mut obj.fail_cgroup_v1, minor >= 35);
    // 0.8 from 1.22, 0.9 from 1.27 (memory QoS formula change); not defaulted from 1.37, when
    // MemoryQoS went beta: memory.high is then set only for a configured factor.
    if minor < 37 {
        dn(
            &mut obj.memory_throttling_factor,
            if minor < 27 {
                0.8
            } else {
                DEFAULT_MEMORY_THROTTLING_FACTOR
            },
        );
    }
    // `NoneMemoryReservationPolicy`, from 1.36 (the field's first release).
    dz(&mut obj.memory_reservation_policy, s("None"));
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

/// Whether a logging duration is Go's zero: absent, null, `0`, `""` or a string that parses
/// to zero (`"0s"`, `"0m"`). component-base treats a zero `flushFrequency` as unset.
fn zero_duration(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::Number(n)) => n.as_f64() == Some(0.0),
        Some(Value::String(s)) => {
            s.is_empty() || crate::duration::Duration::parse(s).is_ok_and(|d| d.0 == 0)
        }
        _ => false,
    }
}

/// component-base logging defaults at `release` (`RecommendedLoggingConfiguration` of
/// `config/v1alpha1` until 1.24, `SetRecommendedLoggingConfiguration` of `logs/api/v1` from
/// 1.25), serialized as that release's `/configz` shows them: `format` text from 1.19;
/// `flushFrequency` 5s when zero and `options.json.infoBufferSize` "0" from 1.23 (a
/// `time.Duration`, so nanoseconds, until 1.27; a string from 1.28, when it became
/// `TimeOrMetaDuration`); `options.text.infoBufferSize` from 1.30. `verbosity` and
/// `flushFrequency` have no `omitempty` and always print.
fn set_recommended_logging(c: &mut Map<String, Value>, release: Release) {
    let minor = release.minor();
    if c.get("format")
        .is_none_or(|v| v.is_null() || v.as_str() == Some(""))
    {
        c.insert("format".into(), json!("text"));
    }
    if minor < 23 {
        return;
    }
    if zero_duration(c.get("flushFrequency")) {
        let five = if minor < 28 {
            json!(5_000_000_000u64)
        } else {
            json!("5s")
        };
        c.insert("flushFrequency".into(), five);
    }
    c.entry("verbosity").or_insert(json!(0));
    let opts = c.entry("options").or_insert_with(|| json!({}));
    if let Value::Object(o) = opts {
        let kinds: &[&str] = if minor < 30 {
            &["json"]
        } else {
            &["text", "json"]
        };
        for k in kinds {
            let sub = o.entry(*k).or_insert_with(|| json!({}));
            if let Value::Object(sub) = sub {
                let empty = sub
                    .get("infoBufferSize")
                    .is_none_or(|v| v.is_null() || v.as_str() == Some(""));
                if empty {
                    sub.insert("infoBufferSize".into(), json!("0"));
                }
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
/// backported). From 1.26 only `loadConfigFile` fills it, when a file leaves `evictionHard`
/// unset, and a kubelet started without `--config` has no hard-eviction thresholds at all;
/// until 1.25 `SetDefaults_KubeletConfiguration` filled it in both cases.
pub fn default_eviction_hard_at(version: &crate::version::Version) -> BTreeMap<String, String> {
    let mut m = default_eviction_hard();
    if version.major() == 1 && version.minor() < 30 {
        m.remove("imagefs.inodesFree");
    }
    m
}

/// `eviction.DefaultEvictionHard` on Linux (1.30 and later).
pub fn default_eviction_hard() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.extend(
        [
            ("memory.available", "100Mi"),
            ("nodefs.available", "10%"),
            ("nodefs.inodesFree", "5%"),
            ("imagefs.available", "15%"),
            ("imagefs.inodesFree", "5%"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string())),
    );
    m
}

/// A fully defaulted configuration at `gates`, as `NewKubeletConfiguration` builds before
/// flags are parsed (without the legacy defaults), for the newest release.
pub fn defaulted(gates: &dyn Gates) -> Result<KubeletConfiguration, KubeletConfigError> {
    defaulted_at(gates, crate::releases::NEWEST)
}

/// [`defaulted`] as release `release` built it: its defaults, only its fields.
pub fn defaulted_at(
    gates: &dyn Gates,
    release: Release,
) -> Result<KubeletConfiguration, KubeletConfigError> {
    let mut c = KubeletConfiguration::default();
    set_defaults_at(&mut c, gates, release)?;
    Ok(only_fields_of(&c, release))
}

/// `c` without the fields release `release` did not have (its decoder would never have set
/// them, and its defaulting did not know them).
pub fn only_fields_of(c: &KubeletConfiguration, release: Release) -> KubeletConfiguration {
    let mut v = c.to_value();
    crate::releases::kubelet_config::prune(&mut v, release);
    // The configuration's own value with fields removed reads back (every field is optional):
    // the unpruned copy is unreachable.
    serde_json::from_value(v).unwrap_or_else(|_| c.clone())
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
