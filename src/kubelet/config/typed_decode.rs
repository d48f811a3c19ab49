//! How a `KubeletConfiguration` is decoded: by hand, from one table of its JSON field names.
//!
//! Why not `#[derive(Deserialize)]`: for 128 optional fields the derive keeps one local per
//! field and, at every early return, code to drop all of them; that single decoder was the
//! largest function in the package's wasm. This one fills a default configuration in place, so
//! an error drops one value. It answers exactly as the derive did with the struct's serde
//! attributes (`rename_all = "camelCase"`, `default`): unknown keys are ignored, a repeated key is
//! a `duplicate field` error, `null` is an absent field. One difference, on purpose: an array is
//! refused wherever a struct is expected, at any depth (serde's derive fills a struct from an
//! array field by field; Go's JSON decoder, the kubelet's, refuses it): each field's value goes
//! through [`crate::json::strict`], the rule every entry point shares. The test at the bottom
//! holds the table to the struct's own `Serialize` names.

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::types::KubeletConfiguration;

macro_rules! table {
    ($($json:literal => $field:ident,)*) => {
        /// The JSON names, in declaration order (the order an array fills them).
        const FIELDS: &[&str] = &[$($json),*];

        /// Decodes the value of field `index` into `c`.
        fn set_field<'de, A: MapAccess<'de>>(
            c: &mut KubeletConfiguration,
            index: usize,
            map: &mut A,
        ) -> Result<(), A::Error> {
            let mut i = 0usize;
            $(
                if i == index {
                    return set(&mut c.$field, map);
                }
                i += 1;
            )*
            let _ = i;
            map.next_value::<IgnoredAny>().map(|_| ())
        }
    };
}

table! {
    "apiVersion" => api_version,
    "kind" => kind,
    "enableServer" => enable_server,
    "staticPodPath" => static_pod_path,
    "podLogsDir" => pod_logs_dir,
    "syncFrequency" => sync_frequency,
    "fileCheckFrequency" => file_check_frequency,
    "httpCheckFrequency" => http_check_frequency,
    "staticPodURL" => static_pod_url,
    "staticPodURLHeader" => static_pod_url_header,
    "address" => address,
    "port" => port,
    "readOnlyPort" => read_only_port,
    "tlsCertFile" => tls_cert_file,
    "tlsPrivateKeyFile" => tls_private_key_file,
    "tlsCipherSuites" => tls_cipher_suites,
    "tlsMinVersion" => tls_min_version,
    "tlsCurvePreferences" => tls_curve_preferences,
    "rotateCertificates" => rotate_certificates,
    "serverTLSBootstrap" => server_tls_bootstrap,
    "authentication" => authentication,
    "authorization" => authorization,
    "registryPullQPS" => registry_pull_qps,
    "registryBurst" => registry_burst,
    "imagePullCredentialsVerificationPolicy" => image_pull_credentials_verification_policy,
    "preloadedImagesVerificationAllowlist" => preloaded_images_verification_allowlist,
    "eventRecordQPS" => event_record_qps,
    "eventBurst" => event_burst,
    "enableDebuggingHandlers" => enable_debugging_handlers,
    "enableContentionProfiling" => enable_contention_profiling,
    "healthzPort" => healthz_port,
    "healthzBindAddress" => healthz_bind_address,
    "oomScoreAdj" => oom_score_adj,
    "clusterDomain" => cluster_domain,
    "clusterDNS" => cluster_dns,
    "streamingConnectionIdleTimeout" => streaming_connection_idle_timeout,
    "nodeStatusUpdateFrequency" => node_status_update_frequency,
    "nodeStatusReportFrequency" => node_status_report_frequency,
    "nodeLeaseDurationSeconds" => node_lease_duration_seconds,
    "imageMinimumGCAge" => image_minimum_gc_age,
    "imageMaximumGCAge" => image_maximum_gc_age,
    "imageGCHighThresholdPercent" => image_gc_high_threshold_percent,
    "imageGCLowThresholdPercent" => image_gc_low_threshold_percent,
    "volumeStatsAggPeriod" => volume_stats_agg_period,
    "kubeletCgroups" => kubelet_cgroups,
    "systemCgroups" => system_cgroups,
    "cgroupRoot" => cgroup_root,
    "cgroupsPerQOS" => cgroups_per_qos,
    "cgroupDriver" => cgroup_driver,
    "cpuManagerPolicy" => cpu_manager_policy,
    "singleProcessOOMKill" => single_process_oom_kill,
    "cpuManagerPolicyOptions" => cpu_manager_policy_options,
    "cpuManagerReconcilePeriod" => cpu_manager_reconcile_period,
    "memoryManagerPolicy" => memory_manager_policy,
    "memoryReservationPolicy" => memory_reservation_policy,
    "topologyManagerPolicy" => topology_manager_policy,
    "topologyManagerScope" => topology_manager_scope,
    "topologyManagerPolicyOptions" => topology_manager_policy_options,
    "qosReserved" => qos_reserved,
    "runtimeRequestTimeout" => runtime_request_timeout,
    "hairpinMode" => hairpin_mode,
    "maxPods" => max_pods,
    "podCIDR" => pod_cidr,
    "podPidsLimit" => pod_pids_limit,
    "resolvConf" => resolv_conf,
    "runOnce" => run_once,
    "cpuCFSQuota" => cpu_cfs_quota,
    "cpuCFSQuotaPeriod" => cpu_cfs_quota_period,
    "nodeStatusMaxImages" => node_status_max_images,
    "maxOpenFiles" => max_open_files,
    "contentType" => content_type,
    "kubeAPIQPS" => kube_api_qps,
    "kubeAPIBurst" => kube_api_burst,
    "serializeImagePulls" => serialize_image_pulls,
    "maxParallelImagePulls" => max_parallel_image_pulls,
    "evictionHard" => eviction_hard,
    "evictionSoft" => eviction_soft,
    "evictionSoftGracePeriod" => eviction_soft_grace_period,
    "evictionPressureTransitionPeriod" => eviction_pressure_transition_period,
    "evictionMaxPodGracePeriod" => eviction_max_pod_grace_period,
    "evictionMinimumReclaim" => eviction_minimum_reclaim,
    "mergeDefaultEvictionSettings" => merge_default_eviction_settings,
    "podsPerCore" => pods_per_core,
    "enableControllerAttachDetach" => enable_controller_attach_detach,
    "protectKernelDefaults" => protect_kernel_defaults,
    "makeIPTablesUtilChains" => make_ip_tables_util_chains,
    "iptablesMasqueradeBit" => iptables_masquerade_bit,
    "iptablesDropBit" => iptables_drop_bit,
    "featureGates" => feature_gates,
    "failSwapOn" => fail_swap_on,
    "memorySwap" => memory_swap,
    "containerLogMaxSize" => container_log_max_size,
    "containerLogMaxFiles" => container_log_max_files,
    "containerLogMaxWorkers" => container_log_max_workers,
    "containerLogMonitorInterval" => container_log_monitor_interval,
    "configMapAndSecretChangeDetectionStrategy" => config_map_and_secret_change_detection_strategy,
    "systemReserved" => system_reserved,
    "kubeReserved" => kube_reserved,
    "reservedSystemCPUs" => reserved_system_cpus,
    "showHiddenMetricsForVersion" => show_hidden_metrics_for_version,
    "systemReservedCgroup" => system_reserved_cgroup,
    "kubeReservedCgroup" => kube_reserved_cgroup,
    "enforceNodeAllocatable" => enforce_node_allocatable,
    "allowedUnsafeSysctls" => allowed_unsafe_sysctls,
    "defaultPodSysctls" => default_pod_sysctls,
    "volumePluginDir" => volume_plugin_dir,
    "providerID" => provider_id,
    "kernelMemcgNotification" => kernel_memcg_notification,
    "logging" => logging,
    "enableSystemLogHandler" => enable_system_log_handler,
    "enableSystemLogQuery" => enable_system_log_query,
    "shutdownGracePeriod" => shutdown_grace_period,
    "shutdownGracePeriodCriticalPods" => shutdown_grace_period_critical_pods,
    "shutdownGracePeriodByPodPriority" => shutdown_grace_period_by_pod_priority,
    "crashLoopBackOff" => crash_loop_back_off,
    "reservedMemory" => reserved_memory,
    "enableProfilingHandler" => enable_profiling_handler,
    "enableDebugFlagsHandler" => enable_debug_flags_handler,
    "seccompDefault" => seccomp_default,
    "memoryThrottlingFactor" => memory_throttling_factor,
    "registerWithTaints" => register_with_taints,
    "registerNode" => register_node,
    "tracing" => tracing,
    "localStorageCapacityIsolation" => local_storage_capacity_isolation,
    "containerRuntimeEndpoint" => container_runtime_endpoint,
    "imageServiceEndpoint" => image_service_endpoint,
    "failCgroupV1" => fail_cgroup_v1,
    "userNamespaces" => user_namespaces,
    "podHousekeepingPeriod" => pod_housekeeping_period,
}

/// One field's value from a map. Not inlined: one copy per field type, not per field.
#[inline(never)]
fn set<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    slot: &mut Option<T>,
    map: &mut A,
) -> Result<(), A::Error> {
    *slot = map.next_value_seed(crate::json::strict::Strict(std::marker::PhantomData))?;
    Ok(())
}

/// A key: the index of the field it names, `None` for a key the type does not know.
struct FieldIndex;

impl<'de> DeserializeSeed<'de> for FieldIndex {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<usize>, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for FieldIndex {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<usize>, E> {
        Ok(FIELDS.iter().position(|name| *name == v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Option<usize>, E> {
        Ok(usize::try_from(v).ok().filter(|i| *i < FIELDS.len()))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Option<usize>, E> {
        Ok(FIELDS.iter().position(|name| name.as_bytes() == v))
    }
}

struct ConfigVisitor;

impl<'de> Visitor<'de> for ConfigVisitor {
    type Value = KubeletConfiguration;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("struct KubeletConfiguration")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<KubeletConfiguration, A::Error> {
        let mut c = KubeletConfiguration::default();
        // 128 fields: one bit each.
        let mut seen: u128 = 0;
        while let Some(key) = map.next_key_seed(FieldIndex)? {
            match key {
                Some(index) => {
                    let bit = 1u128.checked_shl(u32::try_from(index).unwrap_or(u32::MAX));
                    if let Some(bit) = bit {
                        if seen & bit != 0 {
                            let name = FIELDS.get(index).copied().unwrap_or_default();
                            return Err(de::Error::duplicate_field(name));
                        }
                        seen |= bit;
                    }
                    set_field(&mut c, index, &mut map)?;
                }
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(c)
    }
}

impl<'de> Deserialize<'de> for KubeletConfiguration {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("KubeletConfiguration", FIELDS, ConfigVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// Every field set, through the struct's own `Serialize` names: the table names each one,
    /// in declaration order.
    #[test]
    fn the_table_names_every_field_as_serialize_does() {
        let mut full = serde_json::Map::new();
        for name in FIELDS {
            full.insert((*name).to_string(), Value::Null);
        }
        assert_eq!(FIELDS.len(), 129);
        let mut c = KubeletConfiguration::default();
        fill_all(&mut c);
        let v = serde_json::to_value(&c).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        let mut names: Vec<&str> = FIELDS.to_vec();
        names.sort_unstable();
        assert_eq!(keys, names);
        let back: KubeletConfiguration = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back, c);
    }

    /// Sets every field from a JSON document that holds a plausible value for each.
    fn fill_all(c: &mut KubeletConfiguration) {
        let mut map = serde_json::Map::new();
        for name in FIELDS {
            let mut candidates = vec![
                json!("x"),
                json!(true),
                json!(1),
                json!("1s"),
                json!({"a": "b"}),
                json!(["a"]),
                json!(1.5),
                json!({"a": true}),
                json!({"a": ["b"]}),
                json!([1]),
                json!({}),
                json!([{}]),
                json!([{"key": "k", "effect": "NoSchedule"}]),
            ];
            let found = candidates.drain(..).find(|cand| {
                serde_json::from_value::<KubeletConfiguration>(json!({ *name: cand.clone() }))
                    .map(|k| k.to_value().get(*name).is_some())
                    .unwrap_or(false)
            });
            map.insert(
                (*name).to_string(),
                found.unwrap_or_else(|| panic!("no value for {name}")),
            );
        }
        *c = serde_json::from_value(Value::Object(map)).unwrap();
    }

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
}
