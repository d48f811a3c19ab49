//! The typed `KubeletConfiguration` of `kubelet.config.k8s.io/v1beta1`.
//!
//! Mirrors `staging/src/k8s.io/kubelet/config/v1beta1/types.go`: the union of every release's
//! fields (1.16 to 1.37, plus `podHousekeepingPeriod`, which no release up to 1.37 shipped), with
//! the same JSON names. Which release knew which field is in [`crate::releases::kubelet_config`];
//! resolution removes the fields a release did not have. Every field is an
//! `Option` because the layers must tell "absent" from "zero": upstream defaulting only fills
//! zero/nil fields, a drop-in only carries the keys it writes, and provenance needs to know which
//! layer wrote a key. Serialization skips `None`, so a resolved config prints like the kubelet's
//! `/configz` (defaulted fields present, unset optional fields absent).
//!
//! `logging` stays an untyped JSON object: its schema belongs to `k8s.io/component-base/logs`
//! and the kubelet only defaults and passes it through.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::duration::Duration;

/// The API group/version every kubelet config file must name.
pub const API_VERSION: &str = "kubelet.config.k8s.io/v1beta1";
/// The kind every kubelet config file must name.
pub const KIND: &str = "KubeletConfiguration";

/// `kubelet.config.k8s.io/v1beta1` `KubeletConfiguration`.
///
/// Decoded as the derive decodes it (unknown keys ignored, a repeated key a `duplicate field`
/// error, `null` an absent field) with one rule of Go's decoder on top: an array is refused
/// wherever a struct is expected, at any depth ([`crate::json::strict`]). `remote = "Self"`
/// turns the derives into inherent functions, which the trait impls below wrap.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "camelCase", default)]
pub struct KubeletConfiguration {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_server: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub static_pod_path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pod_logs_dir: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sync_frequency: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_check_frequency: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_check_frequency: Option<Duration>,
    #[serde(rename = "staticPodURL", skip_serializing_if = "Option::is_none")]
    pub static_pod_url: Option<String>,
    #[serde(rename = "staticPodURLHeader", skip_serializing_if = "Option::is_none")]
    pub static_pod_url_header: Option<BTreeMap<String, Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only_port: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls_cert_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls_private_key_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls_cipher_suites: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls_min_version: Option<String>,
    /// 1.36+.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tls_curve_preferences: Option<Vec<i32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotate_certificates: Option<bool>,
    #[serde(rename = "serverTLSBootstrap", skip_serializing_if = "Option::is_none")]
    pub server_tls_bootstrap: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication: Option<KubeletAuthentication>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authorization: Option<KubeletAuthorization>,
    #[serde(rename = "registryPullQPS", skip_serializing_if = "Option::is_none")]
    pub registry_pull_qps: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registry_burst: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_pull_credentials_verification_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preloaded_images_verification_allowlist: Option<Vec<String>>,
    #[serde(rename = "eventRecordQPS", skip_serializing_if = "Option::is_none")]
    pub event_record_qps: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_burst: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_debugging_handlers: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_contention_profiling: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub healthz_port: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub healthz_bind_address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oom_score_adj: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_domain: Option<String>,
    #[serde(rename = "clusterDNS", skip_serializing_if = "Option::is_none")]
    pub cluster_dns: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub streaming_connection_idle_timeout: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_status_update_frequency: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_status_report_frequency: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_lease_duration_seconds: Option<i32>,
    #[serde(rename = "imageMinimumGCAge", skip_serializing_if = "Option::is_none")]
    pub image_minimum_gc_age: Option<Duration>,
    #[serde(rename = "imageMaximumGCAge", skip_serializing_if = "Option::is_none")]
    pub image_maximum_gc_age: Option<Duration>,
    #[serde(
        rename = "imageGCHighThresholdPercent",
        skip_serializing_if = "Option::is_none"
    )]
    pub image_gc_high_threshold_percent: Option<i32>,
    #[serde(
        rename = "imageGCLowThresholdPercent",
        skip_serializing_if = "Option::is_none"
    )]
    pub image_gc_low_threshold_percent: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume_stats_agg_period: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet_cgroups: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_cgroups: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cgroup_root: Option<String>,
    #[serde(rename = "cgroupsPerQOS", skip_serializing_if = "Option::is_none")]
    pub cgroups_per_qos: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cgroup_driver: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_manager_policy: Option<String>,
    #[serde(
        rename = "singleProcessOOMKill",
        skip_serializing_if = "Option::is_none"
    )]
    pub single_process_oom_kill: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_manager_policy_options: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_manager_reconcile_period: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_manager_policy: Option<String>,
    /// 1.36+.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_reservation_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topology_manager_policy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topology_manager_scope: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub topology_manager_policy_options: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qos_reserved: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime_request_timeout: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hairpin_mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_pods: Option<i32>,
    #[serde(rename = "podCIDR", skip_serializing_if = "Option::is_none")]
    pub pod_cidr: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pod_pids_limit: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolv_conf: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_once: Option<bool>,
    #[serde(rename = "cpuCFSQuota", skip_serializing_if = "Option::is_none")]
    pub cpu_cfs_quota: Option<bool>,
    #[serde(rename = "cpuCFSQuotaPeriod", skip_serializing_if = "Option::is_none")]
    pub cpu_cfs_quota_period: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_status_max_images: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_open_files: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    #[serde(rename = "kubeAPIQPS", skip_serializing_if = "Option::is_none")]
    pub kube_api_qps: Option<i32>,
    #[serde(rename = "kubeAPIBurst", skip_serializing_if = "Option::is_none")]
    pub kube_api_burst: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serialize_image_pulls: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_parallel_image_pulls: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_hard: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_soft: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_soft_grace_period: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_pressure_transition_period: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_max_pod_grace_period: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eviction_minimum_reclaim: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merge_default_eviction_settings: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pods_per_core: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_controller_attach_detach: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protect_kernel_defaults: Option<bool>,
    #[serde(
        rename = "makeIPTablesUtilChains",
        skip_serializing_if = "Option::is_none"
    )]
    pub make_ip_tables_util_chains: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iptables_masquerade_bit: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iptables_drop_bit: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature_gates: Option<BTreeMap<String, bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fail_swap_on: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_swap: Option<MemorySwapConfiguration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_log_max_size: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_log_max_files: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_log_max_workers: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_log_monitor_interval: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_map_and_secret_change_detection_strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_reserved: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_reserved: Option<BTreeMap<String, String>>,
    #[serde(rename = "reservedSystemCPUs", skip_serializing_if = "Option::is_none")]
    pub reserved_system_cpus: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub show_hidden_metrics_for_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_reserved_cgroup: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kube_reserved_cgroup: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enforce_node_allocatable: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_unsafe_sysctls: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_pod_sysctls: Option<BTreeMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volume_plugin_dir: Option<String>,
    #[serde(rename = "providerID", skip_serializing_if = "Option::is_none")]
    pub provider_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernel_memcg_notification: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logging: Option<serde_json::Map<String, Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_system_log_handler: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_system_log_query: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shutdown_grace_period: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shutdown_grace_period_critical_pods: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shutdown_grace_period_by_pod_priority: Option<Vec<ShutdownGracePeriodByPodPriority>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crash_loop_back_off: Option<CrashLoopBackOffConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved_memory: Option<Vec<MemoryReservation>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_profiling_handler: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enable_debug_flags_handler: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seccomp_default: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_throttling_factor: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub register_with_taints: Option<Vec<Taint>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub register_node: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracing: Option<TracingConfiguration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_storage_capacity_isolation: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub container_runtime_endpoint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_service_endpoint: Option<String>,
    #[serde(rename = "failCgroupV1", skip_serializing_if = "Option::is_none")]
    pub fail_cgroup_v1: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_namespaces: Option<UserNamespaces>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pod_housekeeping_period: Option<Duration>,
}

/// `authentication`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubeletAuthentication {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x509: Option<KubeletX509Authentication>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook: Option<KubeletWebhookAuthentication>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub anonymous: Option<KubeletAnonymousAuthentication>,
}

/// `authentication.x509`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubeletX509Authentication {
    #[serde(rename = "clientCAFile", skip_serializing_if = "Option::is_none")]
    pub client_ca_file: Option<String>,
}

/// `authentication.webhook`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubeletWebhookAuthentication {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(rename = "cacheTTL", skip_serializing_if = "Option::is_none")]
    pub cache_ttl: Option<Duration>,
}

/// `authentication.anonymous`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubeletAnonymousAuthentication {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

/// `authorization`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubeletAuthorization {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook: Option<KubeletWebhookAuthorization>,
}

/// `authorization.webhook`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubeletWebhookAuthorization {
    #[serde(rename = "cacheAuthorizedTTL", skip_serializing_if = "Option::is_none")]
    pub cache_authorized_ttl: Option<Duration>,
    #[serde(
        rename = "cacheUnauthorizedTTL",
        skip_serializing_if = "Option::is_none"
    )]
    pub cache_unauthorized_ttl: Option<Duration>,
}

/// `memorySwap`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MemorySwapConfiguration {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap_behavior: Option<String>,
}

/// `crashLoopBackOff`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CrashLoopBackOffConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_container_restart_period: Option<Duration>,
}

/// One `shutdownGracePeriodByPodPriority` entry.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ShutdownGracePeriodByPodPriority {
    pub priority: i32,
    pub shutdown_grace_period_seconds: i64,
}

/// One `reservedMemory` entry (`--reserved-memory 0:memory=1Gi`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MemoryReservation {
    pub numa_node: i32,
    pub limits: BTreeMap<String, String>,
}

/// A core/v1 `Taint` (`registerWithTaints`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Taint {
    pub key: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    pub effect: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_added: Option<String>,
}

/// `tracing` (component-base tracing/api/v1).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TracingConfiguration {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sampling_rate_per_million: Option<i32>,
}

/// `userNamespaces`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UserNamespaces {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ids_per_pod: Option<i64>,
}

impl Serialize for KubeletConfiguration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The derived serializer (an inherent function, see the struct's doc).
        KubeletConfiguration::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for KubeletConfiguration {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The derived decoder (an inherent function) under Go's rule for arrays.
        KubeletConfiguration::deserialize(crate::json::strict::deserializer(d))
    }
}

impl KubeletConfiguration {
    /// The JSON form (camelCase, absent fields omitted).
    pub fn to_value(&self) -> Value {
        // Strings, numbers, booleans and string-keyed maps always serialize: the null is
        // unreachable.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// Go type names of the top-level fields, for the `cannot unmarshal X into Go struct field
/// KubeletConfiguration.f of type T` errors that Go's JSON decoder prints.
pub fn go_type_of(field: &str) -> &'static str {
    match field {
        "apiVersion"
        | "kind"
        | "staticPodPath"
        | "podLogsDir"
        | "staticPodURL"
        | "address"
        | "tlsCertFile"
        | "tlsPrivateKeyFile"
        | "tlsMinVersion"
        | "healthzBindAddress"
        | "clusterDomain"
        | "kubeletCgroups"
        | "systemCgroups"
        | "cgroupRoot"
        | "cgroupDriver"
        | "cpuManagerPolicy"
        | "memoryManagerPolicy"
        | "topologyManagerPolicy"
        | "topologyManagerScope"
        | "hairpinMode"
        | "podCIDR"
        | "resolvConf"
        | "contentType"
        | "containerLogMaxSize"
        | "reservedSystemCPUs"
        | "showHiddenMetricsForVersion"
        | "systemReservedCgroup"
        | "kubeReservedCgroup"
        | "volumePluginDir"
        | "providerID"
        | "containerRuntimeEndpoint"
        | "imageServiceEndpoint" => "string",
        "imagePullCredentialsVerificationPolicy" => {
            "v1beta1.ImagePullCredentialsVerificationPolicy"
        }
        "configMapAndSecretChangeDetectionStrategy" => "v1beta1.ResourceChangeDetectionStrategy",
        "memoryReservationPolicy" => "v1beta1.MemoryReservationPolicy",
        "tlsCurvePreferences" => "[]int32",
        "podPidsLimit" | "maxOpenFiles" => "int64",
        "memoryThrottlingFactor" => "float64",
        "staticPodURLHeader" => "map[string][]string",
        "featureGates" => "map[string]bool",
        "cpuManagerPolicyOptions"
        | "topologyManagerPolicyOptions"
        | "qosReserved"
        | "evictionHard"
        | "evictionSoft"
        | "evictionSoftGracePeriod"
        | "evictionMinimumReclaim"
        | "systemReserved"
        | "kubeReserved"
        | "defaultPodSysctls" => "map[string]string",
        "tlsCipherSuites"
        | "preloadedImagesVerificationAllowlist"
        | "clusterDNS"
        | "enforceNodeAllocatable"
        | "allowedUnsafeSysctls" => "[]string",
        "authentication" => "v1beta1.KubeletAuthentication",
        "authorization" => "v1beta1.KubeletAuthorization",
        "memorySwap" => "v1beta1.MemorySwapConfiguration",
        "logging" => "v1.LoggingConfiguration",
        "shutdownGracePeriodByPodPriority" => "[]v1beta1.ShutdownGracePeriodByPodPriority",
        "crashLoopBackOff" => "v1beta1.CrashLoopBackOffConfig",
        "reservedMemory" => "[]v1beta1.MemoryReservation",
        "registerWithTaints" => "[]v1.Taint",
        "tracing" => "v1.TracingConfiguration",
        "userNamespaces" => "v1beta1.UserNamespaces",
        f if is_duration_field(f) => "v1.Duration",
        f if is_bool_field(f) => "bool",
        _ => "int32",
    }
}

fn is_duration_field(f: &str) -> bool {
    matches!(
        f,
        "syncFrequency"
            | "fileCheckFrequency"
            | "httpCheckFrequency"
            | "streamingConnectionIdleTimeout"
            | "nodeStatusUpdateFrequency"
            | "nodeStatusReportFrequency"
            | "imageMinimumGCAge"
            | "imageMaximumGCAge"
            | "volumeStatsAggPeriod"
            | "cpuManagerReconcilePeriod"
            | "runtimeRequestTimeout"
            | "cpuCFSQuotaPeriod"
            | "evictionPressureTransitionPeriod"
            | "containerLogMonitorInterval"
            | "shutdownGracePeriod"
            | "shutdownGracePeriodCriticalPods"
            | "podHousekeepingPeriod"
    )
}

fn is_bool_field(f: &str) -> bool {
    matches!(
        f,
        "enableServer"
            | "rotateCertificates"
            | "serverTLSBootstrap"
            | "enableDebuggingHandlers"
            | "enableContentionProfiling"
            | "cgroupsPerQOS"
            | "singleProcessOOMKill"
            | "runOnce"
            | "cpuCFSQuota"
            | "serializeImagePulls"
            | "mergeDefaultEvictionSettings"
            | "enableControllerAttachDetach"
            | "protectKernelDefaults"
            | "makeIPTablesUtilChains"
            | "failSwapOn"
            | "kernelMemcgNotification"
            | "enableSystemLogHandler"
            | "enableSystemLogQuery"
            | "enableProfilingHandler"
            | "enableDebugFlagsHandler"
            | "seccompDefault"
            | "registerNode"
            | "localStorageCapacityIsolation"
            | "failCgroupV1"
    )
}

/// Fields whose JSON value is a map merged key by key by the drop-in merge (and replaced
/// whole by their command-line flag).
pub const MAP_FIELDS: &[&str] = &[
    "staticPodURLHeader",
    "cpuManagerPolicyOptions",
    "topologyManagerPolicyOptions",
    "qosReserved",
    "evictionHard",
    "evictionSoft",
    "evictionSoftGracePeriod",
    "evictionMinimumReclaim",
    "featureGates",
    "systemReserved",
    "kubeReserved",
    "defaultPodSysctls",
];

/// Whether a JSON pointer-ish dotted path names a map-valued field (its keys are data).
pub fn is_map_field(path: &str) -> bool {
    MAP_FIELDS.contains(&path) || path == "reservedMemory.limits"
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_as_the_derive_did() {
        let dup = serde_json::from_str::<KubeletConfiguration>(r#"{"port": 1, "port": 2}"#);
        assert_eq!(
            dup.unwrap_err().to_string(),
            "duplicate field `port` at line 1 column 18"
        );
        let null_then =
            serde_json::from_str::<KubeletConfiguration>(r#"{"port": null, "port": 2}"#);
        assert!(null_then
            .unwrap_err()
            .to_string()
            .starts_with("duplicate field `port`"));
        let unknown: KubeletConfiguration =
            serde_json::from_value(json!({"nope": {"deep": [1]}, "port": 3})).unwrap();
        assert_eq!(unknown.port, Some(3));
        let wrong = serde_json::from_value::<KubeletConfiguration>(json!({"port": "x"}));
        assert_eq!(
            wrong.unwrap_err().to_string(),
            "invalid type: string \"x\", expected i32"
        );
        let not_object = serde_json::from_value::<KubeletConfiguration>(json!("x"));
        assert_eq!(
            not_object.unwrap_err().to_string(),
            "invalid type: string \"x\", expected struct KubeletConfiguration"
        );
        // Unlike the derive: no struct is filled from an array, at any depth (Go's decoder
        // refuses an array for a struct too).
        for (value, expected) in [
            (json!(["v1", "K"]), "struct KubeletConfiguration"),
            (
                json!({"authentication": []}),
                "struct KubeletAuthentication",
            ),
            (
                json!({"authentication": [true]}),
                "struct KubeletAuthentication",
            ),
            (
                json!({"authentication": {"x509": ["ca"]}}),
                "struct KubeletX509Authentication",
            ),
            (json!({"registerWithTaints": [["k", "v"]]}), "struct Taint"),
        ] {
            let err = serde_json::from_value::<KubeletConfiguration>(value.clone()).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("invalid type: sequence, expected {expected}"),
                "{value}"
            );
        }
        let null: KubeletConfiguration = serde_json::from_value(json!({"port": null})).unwrap();
        assert_eq!(null, KubeletConfiguration::default());
    }

    /// Every field of a full configuration written and read back.
    #[test]
    fn a_configuration_round_trips_through_json() {
        let value = json!({
            "apiVersion": API_VERSION, "kind": KIND, "port": 10250, "staticPodURL": "u",
            "authentication": {"x509": {"clientCAFile": "/ca"}, "webhook": {"cacheTTL": "2m0s"}},
            "evictionHard": {"memory.available": "100Mi"}, "featureGates": {"A": true},
            "registerWithTaints": [{"key": "k", "effect": "NoSchedule"}],
            "memoryThrottlingFactor": 0.9, "logging": {"format": "text"},
        });
        let c: KubeletConfiguration = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(c.port, Some(10250));
        assert_eq!(c.to_value(), value);
    }
}
