//! KubeletConfiguration per release (1.16 to 1.37): which fields each release's kubelet knew,
//! the defaults its `SetDefaults_KubeletConfiguration` and component-base logging defaults
//! produced, and how its decoder treats fields it did not know.
//!
//! Sources named per test: "types.go 1.N" is `config/v1beta1/types.go` of k8s.io/kubelet at tag
//! `kubernetes-1.N.0` (the field set and its `Default:` doc comments, read into
//! `scripts/gen-releases/facts/kubelet-config-1.N.tsv`); "component-base 1.N" is
//! `logs/api/v1` / `config/v1alpha1` of k8s.io/component-base at that tag; for 1.37, which has
//! no tag in reach, k8s.io/kubelet master at 63b32497 (after kubernetes-1.37.0-beta.0).
//! "defaults.go 1.N.x" / "validation.go 1.N.x" are `pkg/kubelet/apis/config/{v1beta1/defaults.go,
//! validation/validation.go}` of the openshift/kubernetes copy openshift/microshift carries at
//! that patch release (release-4.18..release-5.0: 1.31.14 .. 1.36.3).

use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput, Resolved};
use kubegate::releases::kubelet_config::{self, field, known_at, FIELDS};
use kubegate::releases::{Release, NEWEST, OLDEST};
use serde_json::{json, Value};

const HEADER: &str = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

fn try_resolve(version: &str, file: &str) -> Result<Resolved, String> {
    let input = ResolveInput {
        kubelet_version: Some(version.into()),
        args: vec!["--config=/etc/kubernetes/kubelet.yaml".into()],
        files: [("/etc/kubernetes/kubelet.yaml".to_string(), file.to_string())]
            .into_iter()
            .collect(),
        ..Default::default()
    };
    resolve_kubelet_config(&input).map_err(|e| e.to_string())
}

fn resolve(version: &str, body: &str) -> Resolved {
    try_resolve(version, &format!("{HEADER}{body}"))
        .unwrap_or_else(|e| panic!("kubelet {version}: {e}"))
}

fn get<'a>(r: &'a Resolved, path: &str) -> Option<&'a Value> {
    let ptr: String = path.split('.').map(|s| format!("/{s}")).collect();
    r.config.pointer(&ptr)
}

fn rel(minor: u16) -> Release {
    Release::new(minor).unwrap()
}

// ---- data invariants ----------------------------------------------------------------------

#[test]
fn data_is_sorted_unique_and_consistent() {
    for w in FIELDS.windows(2) {
        assert!(w[0].path < w[1].path, "{} / {}", w[0].path, w[1].path);
    }
    for f in FIELDS {
        assert!(
            f.since >= OLDEST.minor() && f.since <= NEWEST.minor(),
            "{}",
            f.path
        );
        if let Some(rm) = f.removed {
            assert!(f.since < rm && rm <= NEWEST.minor(), "{}", f.path);
        }
        for list in [f.go_types, f.defaults] {
            assert_eq!(list.first().map(|x| x.0), Some(f.since), "{}", f.path);
            for w in list.windows(2) {
                assert!(w[0].0 < w[1].0 && w[0].1 != w[1].1, "{}", f.path);
            }
        }
        // A nested field lives no longer than its parent.
        if let Some((parent, _)) = f.path.rsplit_once('.') {
            let p = field(parent).unwrap_or_else(|| panic!("no parent for {}", f.path));
            assert!(p.since <= f.since, "{}", f.path);
        }
    }
    assert!(!kubelet_config::SOURCES.is_empty());
    // Every correction names its evidence.
    for c in kubelet_config::CORRECTIONS {
        assert!(c.4.contains('('), "{c:?}");
    }
}

#[test]
fn field_counts_per_release() {
    // types.go 1.16, 1.27, 1.36: the number of field paths (nested ones included).
    let count = |m| kubelet_config::fields_at(rel(m)).count();
    assert_eq!(count(16), 92);
    assert!(count(27) > count(26));
    assert!(count(36) > count(27));
}

// ---- field appearance boundaries (types.go of each release) -------------------------------

#[test]
fn fields_appear_in_their_release() {
    for (path, since) in [
        ("enableServer", 19),
        ("logging", 19),
        ("topologyManagerScope", 20),
        ("shutdownGracePeriod", 20),
        ("memoryManagerPolicy", 21),
        ("memoryThrottlingFactor", 22),
        ("memorySwap.swapBehavior", 22),
        ("registerNode", 23),
        ("shutdownGracePeriodByPodPriority", 23),
        ("localStorageCapacityIsolation", 25),
        ("tracing.samplingRatePerMillion", 25),
        ("containerRuntimeEndpoint", 27),
        ("maxParallelImagePulls", 27),
        ("imageMaximumGCAge", 29),
        ("containerLogMaxWorkers", 30),
        ("podLogsDir", 30),
        ("failCgroupV1", 31),
        ("crashLoopBackOff.maxContainerRestartPeriod", 32),
        ("userNamespaces.idsPerPod", 33),
        ("tlsCurvePreferences", 36),
        ("memoryReservationPolicy", 36),
        ("defaultPodSysctls", 37),
    ] {
        let f = field(path).unwrap_or_else(|| panic!("{path}"));
        assert_eq!(f.since, since, "{path}");
        assert!(!known_at(path, rel(since - 1)), "{path}");
        assert!(known_at(path, rel(since)), "{path}");
    }
    // logging.sanitization: component-base config/v1alpha1 1.20 to 1.23, gone in 1.24.
    assert_eq!(field("logging.sanitization").unwrap().removed, Some(24));
    // podHousekeepingPeriod: in no release up to 1.37.
    assert!(field("podHousekeepingPeriod").is_none());
}

#[test]
fn effective_config_has_only_the_release_fields() {
    // containerRuntimeEndpoint: absent at 1.26; at 1.27 defaulted to the containerd socket
    // (types.go 1.27; defaults.go ContainerRuntimeEndpoint).
    let r = resolve("1.26", "");
    assert_eq!(get(&r, "containerRuntimeEndpoint"), None);
    assert_eq!(get(&r, "failCgroupV1"), None);
    assert_eq!(get(&r, "containerLogMaxWorkers"), None);
    assert_eq!(get(&r, "podHousekeepingPeriod"), None);
    assert!(!r.provenance.contains_key("containerRuntimeEndpoint"));
    let r = resolve("1.27", "");
    assert_eq!(
        get(&r, "containerRuntimeEndpoint"),
        Some(&json!("unix:///run/containerd/containerd.sock"))
    );
    // containerLogMaxWorkers 1 and containerLogMonitorInterval 10s from 1.30 (types.go 1.30).
    assert_eq!(get(&resolve("1.29", ""), "containerLogMaxWorkers"), None);
    let r = resolve("1.30", "");
    assert_eq!(get(&r, "containerLogMaxWorkers"), Some(&json!(1)));
    assert_eq!(get(&r, "containerLogMonitorInterval"), Some(&json!("10s")));
    // 1.16 had no enableServer, logging or volumePluginDir in v1beta1 (types.go 1.16).
    let r = resolve("1.16", "");
    for f in [
        "enableServer",
        "logging",
        "volumePluginDir",
        "memoryThrottlingFactor",
    ] {
        assert_eq!(get(&r, f), None, "{f}");
    }
    // Every key of every release's effective config is a field of that release.
    for m in OLDEST.minor()..=NEWEST.minor() {
        let r = resolve(&format!("1.{m}"), "");
        for k in r.config.as_object().unwrap().keys() {
            assert!(
                k == "apiVersion" || k == "kind" || known_at(k, rel(m)),
                "1.{m}: {k}"
            );
        }
    }
}

// ---- default changes ------------------------------------------------------------------------

#[test]
fn api_and_event_qps_defaults_changed_in_1_27() {
    // types.go 1.26 (kubeAPIQPS 5, kubeAPIBurst 10, eventRecordQPS 5, eventBurst 10) and 1.27
    // (50, 100, 50, 100); kubernetes/kubernetes#116121.
    for (v, qps, burst) in [
        ("1.16", 5, 10),
        ("1.26", 5, 10),
        ("1.27", 50, 100),
        ("1.36", 50, 100),
    ] {
        let r = resolve(v, "");
        assert_eq!(get(&r, "kubeAPIQPS"), Some(&json!(qps)), "{v}");
        assert_eq!(get(&r, "kubeAPIBurst"), Some(&json!(burst)), "{v}");
        assert_eq!(get(&r, "eventRecordQPS"), Some(&json!(qps)), "{v}");
        assert_eq!(get(&r, "eventBurst"), Some(&json!(burst)), "{v}");
    }
    // eventRecordQPS is a pointer: an explicit 0 stays 0; kubeAPIBurst is a value: 0 defaults.
    let r = resolve("1.26", "eventRecordQPS: 0\nkubeAPIBurst: 0\n");
    assert_eq!(get(&r, "eventRecordQPS"), Some(&json!(0)));
    assert_eq!(get(&r, "kubeAPIBurst"), Some(&json!(10)));
}

#[test]
fn memory_throttling_factor_default_changed_in_1_27() {
    // types.go 1.22 (Default: 0.8) and 1.27 (Default: 0.9).
    assert_eq!(get(&resolve("1.21", ""), "memoryThrottlingFactor"), None);
    assert_eq!(
        get(&resolve("1.22", ""), "memoryThrottlingFactor"),
        Some(&json!(0.8))
    );
    assert_eq!(
        get(&resolve("1.26", ""), "memoryThrottlingFactor"),
        Some(&json!(0.8))
    );
    assert_eq!(
        get(&resolve("1.27", ""), "memoryThrottlingFactor"),
        Some(&json!(0.9))
    );
}

#[test]
fn fail_cgroup_v1_default_flipped_in_1_35() {
    // types.go 1.31 (Default: false) and 1.35 (Default: true); KEP-5573,
    // kubernetes/kubernetes#134298.
    assert_eq!(get(&resolve("1.30", ""), "failCgroupV1"), None);
    assert_eq!(
        get(&resolve("1.31", ""), "failCgroupV1"),
        Some(&json!(false))
    );
    assert_eq!(
        get(&resolve("1.34", ""), "failCgroupV1"),
        Some(&json!(false))
    );
    assert_eq!(
        get(&resolve("1.35", ""), "failCgroupV1"),
        Some(&json!(true))
    );
    // An explicit false (kubeadm's escape hatch for cgroup v1 hosts) is kept.
    assert_eq!(
        get(&resolve("1.35", "failCgroupV1: false\n"), "failCgroupV1"),
        Some(&json!(false))
    );
}

#[test]
fn node_status_report_frequency_default_changed_in_1_17() {
    // kubernetes/kubernetes#84007 (1.17): 1m -> 5m (the doc comment followed in 1.21,
    // kubernetes/kubernetes#95135; see corrections/kubelet_config.tsv).
    assert_eq!(
        get(&resolve("1.16", ""), "nodeStatusReportFrequency"),
        Some(&json!("1m0s"))
    );
    assert_eq!(
        get(&resolve("1.17", ""), "nodeStatusReportFrequency"),
        Some(&json!("5m0s"))
    );
}

#[test]
fn resolv_conf_became_a_pointer_in_1_23() {
    // types.go 1.22 `ResolverConfig string`, 1.23 `*string`: an explicit "" was defaulted
    // before, and disables resolv.conf from 1.23.
    assert_eq!(
        get(&resolve("1.22", "resolvConf: \"\"\n"), "resolvConf"),
        Some(&json!("/etc/resolv.conf"))
    );
    assert_eq!(
        get(&resolve("1.23", "resolvConf: \"\"\n"), "resolvConf"),
        Some(&json!(""))
    );
}

#[test]
fn eviction_hard_default_per_release() {
    // types.go evictionHard doc; imagefs.inodesFree joined in 1.30 (kubernetes/kubernetes#121834).
    let keys = |v: &str| -> Vec<String> {
        let r = resolve(v, "");
        get(&r, "evictionHard")
            .unwrap()
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert!(!keys("1.29").contains(&"imagefs.inodesFree".to_string()));
    assert!(keys("1.30").contains(&"imagefs.inodesFree".to_string()));
    assert_eq!(keys("1.16").len(), 4);
}

#[test]
fn documented_defaults_match_the_resolved_defaults() {
    // For every release and every top-level field whose (corrected) documented default is a
    // plain non-zero scalar, the effective config of an empty file holds that value.
    let mut checked = 0;
    for m in OLDEST.minor()..=NEWEST.minor() {
        let r = resolve(&format!("1.{m}"), "");
        for f in kubelet_config::fields_at(rel(m)) {
            if f.path.contains('.') || f.path == "evictionHard" {
                continue;
            }
            let Some(doc) = f.default_at(rel(m)) else {
                continue;
            };
            let doc = doc.split(" (").next().unwrap_or(doc).trim();
            let want: Value =
                if let Some(s) = doc.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
                    json!(s)
                } else if let Ok(n) = doc.parse::<i64>() {
                    json!(n)
                } else if let Ok(x) = doc.parse::<f64>() {
                    json!(x)
                } else if doc == "true" {
                    json!(true)
                } else {
                    continue;
                };
            if want == json!(0) || want == json!("") || want == json!("0s") {
                continue;
            }
            let got = get(&r, f.path).cloned().unwrap_or(Value::Null);
            let same = match (&want, &got) {
                (Value::String(a), Value::String(b)) => {
                    a == b
                        || kubegate::duration::Duration::parse(a).ok()
                            == kubegate::duration::Duration::parse(b).ok()
                            && kubegate::duration::Duration::parse(a).is_ok()
                }
                (a, b) => a == b,
            };
            assert!(same, "1.{m} {}: documented {doc}, resolved {got}", f.path);
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked}");
}

// ---- logging ---------------------------------------------------------------------------------

#[test]
fn logging_flush_frequency_zero_means_default() {
    // component-base 1.28+ SetRecommendedLoggingConfiguration: a zero flushFrequency is unset
    // and becomes 5s (serialized as a string). kubeadm, kops and Cluster API write 0.
    let r = resolve("1.33", "logging:\n  flushFrequency: 0\n  verbosity: 0\n");
    assert_eq!(get(&r, "logging.flushFrequency"), Some(&json!("5s")));
    let r = resolve("1.33", "logging:\n  flushFrequency: \"0s\"\n");
    assert_eq!(get(&r, "logging.flushFrequency"), Some(&json!("5s")));
    // A non-zero value is kept as written.
    let r = resolve("1.33", "logging:\n  flushFrequency: 10s\n");
    assert_eq!(get(&r, "logging.flushFrequency"), Some(&json!("10s")));
    let r = resolve("1.33", "logging:\n  flushFrequency: 2000000000\n");
    assert_eq!(
        get(&r, "logging.flushFrequency"),
        Some(&json!(2_000_000_000u64))
    );
    // component-base 1.23-1.27: time.Duration, printed in nanoseconds.
    let r = resolve("1.25", "logging:\n  flushFrequency: 0\n");
    assert_eq!(
        get(&r, "logging.flushFrequency"),
        Some(&json!(5_000_000_000u64))
    );
    // component-base 1.19-1.22: format only; no flushFrequency field.
    let r = resolve("1.21", "");
    assert_eq!(get(&r, "logging"), Some(&json!({"format": "text"})));
    // text output routing from 1.30.
    assert_eq!(get(&resolve("1.29", ""), "logging.options.text"), None);
    assert_eq!(
        get(&resolve("1.30", ""), "logging.options.text.infoBufferSize"),
        Some(&json!("0"))
    );
}

// ---- unknown fields per release ------------------------------------------------------------

#[test]
fn a_field_unknown_to_the_release_is_dropped_with_the_lenient_warning() {
    // codec.go DecodeKubeletConfiguration: strict decoding fails on the unknown field, lenient
    // decoding drops it and the kubelet logs a warning.
    let body = "containerLogMaxWorkers: 2\ncontainerRuntimeEndpoint: unix:///run/crio/crio.sock\n";
    let r = resolve("1.26", body);
    assert_eq!(get(&r, "containerLogMaxWorkers"), None);
    assert_eq!(get(&r, "containerRuntimeEndpoint"), None);
    let w = r.warnings.join("\n");
    assert!(
        w.contains("unknown field \"containerLogMaxWorkers\""),
        "{w}"
    );
    assert!(
        w.contains("unknown field \"containerRuntimeEndpoint\""),
        "{w}"
    );
    let r = resolve("1.30", body);
    assert_eq!(get(&r, "containerLogMaxWorkers"), Some(&json!(2)));
    assert_eq!(
        get(&r, "containerRuntimeEndpoint"),
        Some(&json!("unix:///run/crio/crio.sock"))
    );
    assert!(
        r.warnings.iter().all(|w| !w.contains("unknown field")),
        "{:?}",
        r.warnings
    );
    // A nested one: logging.options.text only from 1.30.
    let r = resolve(
        "1.29",
        "logging:\n  options:\n    text:\n      splitStream: true\n",
    );
    assert!(r
        .warnings
        .join("\n")
        .contains("unknown field \"logging.options.text\""));
    assert_eq!(get(&r, "logging.options.text"), None);
    // A removed one: logging.sanitization, 1.20-1.23.
    assert!(resolve("1.23", "logging:\n  sanitization: true\n")
        .warnings
        .iter()
        .all(|w| !w.contains("unknown field")));
    assert!(resolve("1.24", "logging:\n  sanitization: true\n")
        .warnings
        .join("\n")
        .contains("unknown field \"logging.sanitization\""));
}

// ---- real files --------------------------------------------------------------------------------

/// As kubeadm 1.24 writes /var/lib/kubelet/config.yaml (cmd/kubeadm componentconfigs/kubelet.go
/// defaults plus the fields its marshalling leaves at zero).
const KUBEADM_124: &str = r#"apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
  webhook:
    cacheAuthorizedTTL: 0s
    cacheUnauthorizedTTL: 0s
cgroupDriver: systemd
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
cpuManagerReconcilePeriod: 0s
evictionPressureTransitionPeriod: 0s
fileCheckFrequency: 0s
healthzBindAddress: 127.0.0.1
healthzPort: 10248
httpCheckFrequency: 0s
imageMinimumGCAge: 0s
kind: KubeletConfiguration
logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: "0"
  verbosity: 0
memorySwap: {}
nodeStatusReportFrequency: 0s
nodeStatusUpdateFrequency: 0s
rotateCertificates: true
runtimeRequestTimeout: 0s
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
staticPodPath: /etc/kubernetes/manifests
streamingConnectionIdleTimeout: 0s
syncFrequency: 0s
volumeStatsAggPeriod: 0s
"#;

#[test]
fn kubeadm_1_24_file_on_its_release() {
    let r = try_resolve("1.24", KUBEADM_124).unwrap();
    assert_eq!(get(&r, "cgroupDriver"), Some(&json!("systemd")));
    assert_eq!(get(&r, "syncFrequency"), Some(&json!("1m0s")));
    assert_eq!(
        get(&r, "authentication.webhook.cacheTTL"),
        Some(&json!("2m0s"))
    );
    assert_eq!(get(&r, "kubeAPIQPS"), Some(&json!(5)));
    assert_eq!(
        get(&r, "logging.flushFrequency"),
        Some(&json!(5_000_000_000u64))
    );
    assert_eq!(get(&r, "memoryThrottlingFactor"), Some(&json!(0.8)));
    assert_eq!(get(&r, "containerRuntimeEndpoint"), None);
    assert!(
        r.warnings.iter().all(|w| !w.contains("unknown field")),
        "{:?}",
        r.warnings
    );
    // The same file on 1.33 (kubeadm upgrades keep it): the 1.33 defaults apply.
    let r = try_resolve("1.33", KUBEADM_124).unwrap();
    assert_eq!(get(&r, "kubeAPIQPS"), Some(&json!(50)));
    assert_eq!(get(&r, "logging.flushFrequency"), Some(&json!("5s")));
}

/// As kubeadm 1.30 writes it (adds containerRuntimeEndpoint: "" and logging text options).
const KUBEADM_130: &str = r#"apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
  webhook:
    cacheAuthorizedTTL: 0s
    cacheUnauthorizedTTL: 0s
cgroupDriver: systemd
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
containerRuntimeEndpoint: ""
cpuManagerReconcilePeriod: 0s
evictionPressureTransitionPeriod: 0s
fileCheckFrequency: 0s
healthzBindAddress: 127.0.0.1
healthzPort: 10248
httpCheckFrequency: 0s
imageMaximumGCAge: 0s
imageMinimumGCAge: 0s
kind: KubeletConfiguration
logging:
  flushFrequency: 0
  options:
    json:
      infoBufferSize: "0"
    text:
      infoBufferSize: "0"
  verbosity: 0
memorySwap: {}
nodeStatusReportFrequency: 0s
nodeStatusUpdateFrequency: 0s
rotateCertificates: true
runtimeRequestTimeout: 0s
shutdownGracePeriod: 0s
shutdownGracePeriodCriticalPods: 0s
staticPodPath: /etc/kubernetes/manifests
streamingConnectionIdleTimeout: 0s
syncFrequency: 0s
volumeStatsAggPeriod: 0s
"#;

#[test]
fn kubeadm_1_30_file_on_its_release_and_downgraded() {
    let r = try_resolve("1.30", KUBEADM_130).unwrap();
    assert_eq!(
        get(&r, "containerRuntimeEndpoint"),
        Some(&json!("unix:///run/containerd/containerd.sock"))
    );
    assert_eq!(get(&r, "logging.flushFrequency"), Some(&json!("5s")));
    assert!(
        r.warnings.iter().all(|w| !w.contains("unknown field")),
        "{:?}",
        r.warnings
    );
    // On a 1.26 kubelet the newer fields are unknown: dropped, with the lenient warning.
    let r = try_resolve("1.26", KUBEADM_130).unwrap();
    let w = r.warnings.join("\n");
    for f in [
        "containerRuntimeEndpoint",
        "imageMaximumGCAge",
        "logging.options.text",
    ] {
        assert!(w.contains(&format!("unknown field \"{f}\"")), "{f}: {w}");
        assert_eq!(get(&r, f), None, "{f}");
    }
}

/// As kops writes a node's kubelet config for 1.28 (nodeup: flags moved into the file).
const KOPS_128: &str = r#"apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
authentication:
  x509:
    clientCAFile: /srv/kubernetes/ca.crt
  webhook:
    enabled: true
authorization:
  mode: Webhook
cgroupDriver: systemd
cgroupRoot: /
clusterDNS:
- 169.254.20.10
clusterDomain: cluster.local
containerRuntimeEndpoint: unix:///run/containerd/containerd.sock
enableDebuggingHandlers: true
evictionHard: memory.available<100Mi,nodefs.available<10%
featureGates: {}
logging:
  flushFrequency: 0
  verbosity: 2
podManifestPath: /etc/kubernetes/manifests
protectKernelDefaults: true
registerNode: true
shutdownGracePeriod: 30s
shutdownGracePeriodCriticalPods: 10s
"#;

#[test]
fn kops_file_with_a_wrong_typed_field_fails_and_a_stray_field_warns() {
    // evictionHard written as the flag string is a decode error on every release.
    let e = try_resolve("1.28", KOPS_128).unwrap_err();
    assert!(e.contains("cannot unmarshal string"), "{e}");
    let fixed = KOPS_128.replace(
        "evictionHard: memory.available<100Mi,nodefs.available<10%",
        "evictionHard:\n  memory.available: 100Mi\n  nodefs.available: 10%",
    );
    let r = try_resolve("1.28", &fixed).unwrap();
    assert!(r
        .warnings
        .join("\n")
        .contains("unknown field \"podManifestPath\""));
    assert_eq!(get(&r, "logging.verbosity"), Some(&json!(2)));
    assert_eq!(get(&r, "logging.flushFrequency"), Some(&json!("5s")));
    assert_eq!(get(&r, "shutdownGracePeriod"), Some(&json!("30s")));
    assert_eq!(get(&r, "kubeAPIQPS"), Some(&json!(50)));
    // A file that sets evictionHard gets no default thresholds merged in (1.28).
    assert_eq!(
        get(&r, "evictionHard").unwrap().as_object().unwrap().len(),
        2
    );
}

/// As Cluster API (kubeadm bootstrap, KubeadmConfig with a patch for the kubelet) writes it for
/// 1.31 on cgroup v1 images, which must turn failCgroupV1 off from 1.35.
const CAPI_131: &str = r#"apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
authentication:
  anonymous:
    enabled: false
  webhook:
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
cgroupDriver: systemd
clusterDNS:
- 10.128.0.10
clusterDomain: cluster.local
failCgroupV1: false
logging:
  flushFrequency: 0
  verbosity: 0
rotateCertificates: true
serverTLSBootstrap: true
staticPodPath: /etc/kubernetes/manifests
"#;

#[test]
fn cluster_api_file_across_releases() {
    let r = try_resolve("1.31", CAPI_131).unwrap();
    assert_eq!(get(&r, "failCgroupV1"), Some(&json!(false)));
    assert_eq!(get(&r, "serverTLSBootstrap"), Some(&json!(true)));
    // On 1.30 failCgroupV1 is unknown: dropped with a warning.
    let r = try_resolve("1.30", CAPI_131).unwrap();
    assert!(r
        .warnings
        .join("\n")
        .contains("unknown field \"failCgroupV1\""));
    assert_eq!(get(&r, "failCgroupV1"), None);
    // On 1.35 the explicit false survives the new default (true).
    let r = try_resolve("1.35", CAPI_131).unwrap();
    assert_eq!(get(&r, "failCgroupV1"), Some(&json!(false)));
}

/// As the EKS Amazon Linux 2 AMI writes /etc/kubernetes/kubelet/kubelet-config.json (1.2x).
const EKS_AL2: &str = r#"{
  "kind": "KubeletConfiguration",
  "apiVersion": "kubelet.config.k8s.io/v1beta1",
  "address": "0.0.0.0",
  "authentication": {
    "anonymous": { "enabled": false },
    "webhook": { "cacheTTL": "2m0s", "enabled": true },
    "x509": { "clientCAFile": "/etc/kubernetes/pki/ca.crt" }
  },
  "authorization": {
    "mode": "Webhook",
    "webhook": { "cacheAuthorizedTTL": "5m0s", "cacheUnauthorizedTTL": "30s" }
  },
  "clusterDomain": "cluster.local",
  "hairpinMode": "hairpin-veth",
  "readOnlyPort": 0,
  "cgroupDriver": "cgroupfs",
  "cgroupRoot": "/",
  "featureGates": { "RotateKubeletServerCertificate": true },
  "protectKernelDefaults": true,
  "serializeImagePulls": false,
  "serverTLSBootstrap": true,
  "tlsCipherSuites": [
    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
    "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"
  ],
  "clusterDNS": ["10.100.0.10"],
  "evictionHard": {
    "memory.available": "100Mi",
    "nodefs.available": "10%",
    "nodefs.inodesFree": "5%"
  },
  "kubeReserved": { "cpu": "70m", "ephemeral-storage": "1Gi", "memory": "442Mi" }
}"#;

#[test]
fn eks_al2_file_on_1_22_and_1_29() {
    for (v, qps) in [("1.22", 5), ("1.29", 50)] {
        let r = try_resolve(v, EKS_AL2).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(get(&r, "hairpinMode"), Some(&json!("hairpin-veth")), "{v}");
        assert_eq!(get(&r, "kubeAPIQPS"), Some(&json!(qps)), "{v}");
        assert_eq!(get(&r, "serializeImagePulls"), Some(&json!(false)), "{v}");
        assert_eq!(get(&r, "kubeReserved.memory"), Some(&json!("442Mi")), "{v}");
        assert!(
            r.warnings.iter().all(|w| !w.contains("unknown field")),
            "{v}: {:?}",
            r.warnings
        );
    }
}

#[test]
fn versions_outside_the_data_are_refused() {
    let e = try_resolve("1.15", HEADER).unwrap_err();
    assert!(
        e.contains("outside the releases kubegate has data for"),
        "{e}"
    );
}

// ---- 1.36 and 1.37 against their own defaults.go / validation.go -----------------------------

fn refused(version: &str, body: &str) -> String {
    try_resolve(version, &format!("{HEADER}{body}"))
        .err()
        .unwrap_or_else(|| panic!("kubelet {version} accepted {body:?}"))
}

#[test]
fn default_pod_sysctls_new_in_1_37() {
    // types.go 1.37 (k8s.io/kubelet 63b32497, kubernetes/kubernetes#140052): a map, not
    // defaulted; unknown to 1.36 (dropped with the lenient warning).
    let f = field("defaultPodSysctls").unwrap();
    assert_eq!(f.go_type_at(rel(37)), Some("map[string]string"));
    assert_eq!(f.default_at(rel(37)), None);
    let body = "defaultPodSysctls:\n  net.ipv4.ip_forward: \"1\"\n";
    let r = resolve("1.37", body);
    assert_eq!(
        get(&r, "defaultPodSysctls"),
        Some(&json!({"net.ipv4.ip_forward": "1"}))
    );
    assert_eq!(get(&resolve("1.37", ""), "defaultPodSysctls"), None);
    let r = resolve("1.36", body);
    assert_eq!(get(&r, "defaultPodSysctls"), None);
    assert!(
        r.warnings.iter().any(|w| w.contains("defaultPodSysctls")),
        "{:?}",
        r.warnings
    );
}

#[test]
fn memory_throttling_factor_not_defaulted_from_1_37() {
    // types.go 1.37 "Default: nil"; kubernetes/kubernetes#140007 (MemoryQoS beta): defaults.go
    // no longer sets it, and validation no longer requires it with MemoryQoS on.
    assert_eq!(
        get(&resolve("1.36", ""), "memoryThrottlingFactor"),
        Some(&json!(0.9))
    );
    assert_eq!(get(&resolve("1.37", ""), "memoryThrottlingFactor"), None);
    let r = resolve("1.37", "featureGates:\n  MemoryQoS: true\n");
    assert_eq!(get(&r, "memoryThrottlingFactor"), None);
    // An explicit factor is still range-checked.
    assert!(refused("1.37", "memoryThrottlingFactor: 1.5\n").contains(
        "memoryThrottlingFactor 1.5 must be greater than 0 and less than or equal to 1.0"
    ));
    assert_eq!(
        get(
            &resolve("1.37", "memoryThrottlingFactor: 0.8\n"),
            "memoryThrottlingFactor"
        ),
        Some(&json!(0.8))
    );
}

#[test]
fn memory_reservation_policy_defaulted_and_checked_from_1_36() {
    // defaults.go 1.36.3: DefaultMemoryReservationPolicy ("None") when empty; validation.go
    // 1.36.3: only None or TieredReservation, and TieredReservation needs MemoryQoS.
    assert_eq!(get(&resolve("1.35", ""), "memoryReservationPolicy"), None);
    for v in ["1.36", "1.37"] {
        assert_eq!(
            get(&resolve(v, ""), "memoryReservationPolicy"),
            Some(&json!("None")),
            "{v}"
        );
    }
    let e = refused("1.36", "memoryReservationPolicy: Strict\n");
    assert!(
        e.contains(r#"option "Strict" specified for memoryReservationPolicy. Valid options are "None" or "TieredReservation""#),
        "{e}"
    );
    let e = refused(
        "1.36",
        "featureGates:\n  MemoryQoS: false\nmemoryReservationPolicy: TieredReservation\n",
    );
    assert!(
        e.contains(r#"memoryReservationPolicy "TieredReservation" requires MemoryQoS feature gate to be enabled"#),
        "{e}"
    );
    let r = resolve(
        "1.36",
        "featureGates:\n  MemoryQoS: true\nmemoryReservationPolicy: TieredReservation\n",
    );
    assert_eq!(
        get(&r, "memoryReservationPolicy"),
        Some(&json!("TieredReservation"))
    );
}

#[test]
fn negative_image_minimum_gc_age_refused_from_1_36() {
    // validation.go 1.36.3 adds the check; 1.35.6 has none.
    let body = "imageMinimumGCAge: -1m\n";
    assert!(try_resolve("1.35", &format!("{HEADER}{body}")).is_ok());
    let e = refused("1.36", body);
    assert!(
        e.contains("imageMinimumGCAge -1m0s must not be negative"),
        "{e}"
    );
}

#[test]
fn node_log_query_message_named_the_handler_until_1_34() {
    // validation.go 1.34.9: "NodeLogQuery feature gate is required for enableSystemLogHandler";
    // 1.35.6: "... for enableSystemLogQuery".
    let body = "featureGates:\n  NodeLogQuery: false\nenableSystemLogQuery: true\n";
    let e = refused("1.34", body);
    assert!(
        e.contains("NodeLogQuery feature gate is required for enableSystemLogHandler"),
        "{e}"
    );
    let e = refused("1.35", body);
    assert!(
        e.contains("NodeLogQuery feature gate is required for enableSystemLogQuery"),
        "{e}"
    );
}

#[test]
fn eviction_hard_defaulted_without_a_file_until_1_25() {
    // defaults.go at openshift/kubernetes 1.25.10 sets DefaultEvictionHard when nil; from
    // 1.26.5 only loadConfigFile (cmd/kubelet/app/server.go) does (kubernetes/kubernetes#110263).
    let flags_only = |version: &str| {
        let input = ResolveInput {
            kubelet_version: Some(version.into()),
            args: vec!["--max-pods=90".into()],
            ..Default::default()
        };
        resolve_kubelet_config(&input).unwrap_or_else(|e| panic!("{version}: {e}"))
    };
    assert_eq!(
        get(&flags_only("1.25"), "evictionHard"),
        Some(
            &json!({"imagefs.available": "15%", "memory.available": "100Mi", "nodefs.available": "10%", "nodefs.inodesFree": "5%"})
        )
    );
    assert_eq!(
        get(&flags_only("1.16"), "evictionHard").map(|v| v.as_object().unwrap().len()),
        Some(4)
    );
    assert_eq!(get(&flags_only("1.26"), "evictionHard"), None);
}
