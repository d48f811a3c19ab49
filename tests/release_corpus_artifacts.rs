//! Real artifacts from public projects (tests/corpus/, listed with their sources in
//! tests/corpus/README.md), each run through the kubelet of the release it targets: accepted with
//! the effective values that matter, or refused with that release's own text. Each case names the
//! upstream file that decides the answer.

use kubegate::import::cmdline;
use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput, Resolved};
use serde_json::{json, Value};

/// Where the kubelet reads the artifact's config file when its command line names none.
const CONFIG_PATH: &str = "/etc/kubernetes/kubelet-config.yaml";

/// An artifact as the kubelet of `release` gets it: a command line (shell words, a systemd unit or
/// an env file; `#` lines are the provenance note) and optionally a `--config` file.
struct Artifact<'a> {
    release: &'a str,
    cmdline: &'a str,
    config: Option<&'a str>,
}

impl Artifact<'_> {
    fn resolve(&self) -> Result<Resolved, String> {
        let text: String = if self.cmdline.trim_start().starts_with('[') {
            self.cmdline.to_string() // a systemd unit keeps its own comments
        } else {
            self.cmdline
                .lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut args = if text.trim().is_empty() {
            Vec::new()
        } else {
            cmdline::parse(&text)
                .map_err(|e| format!("import: {e}"))?
                .arg_strings()
        };
        let mut input = ResolveInput {
            kubelet_version: Some(self.release.into()),
            ..Default::default()
        };
        if let Some(body) = self.config {
            // the file goes where the command line's --config points, if it names one
            let named = args.iter().enumerate().find_map(|(i, a)| match a.as_str() {
                "--config" => args.get(i + 1).cloned(),
                _ => a.strip_prefix("--config=").map(str::to_string),
            });
            let path = named.unwrap_or_else(|| {
                args.insert(0, format!("--config={CONFIG_PATH}"));
                CONFIG_PATH.to_string()
            });
            input.files.insert(path, body.into());
        }
        input.args = args;
        resolve_kubelet_config(&input).map_err(|e| e.to_string())
    }

    /// Accepted, with `want` (JSON pointer, value) in the effective configuration.
    fn accepted(&self, want: &[(&str, Value)]) -> Resolved {
        let r = match self.resolve() {
            Ok(r) => r,
            Err(e) => panic!("the kubelet {} should accept it: {e}", self.release),
        };
        for (ptr, v) in want {
            assert_eq!(
                r.config.pointer(ptr),
                Some(v),
                "kubelet {}: {ptr}",
                self.release
            );
        }
        r
    }

    fn refused(&self, text: &str) {
        match self.resolve() {
            Ok(_) => panic!("the kubelet {} should refuse it", self.release),
            Err(e) => assert_eq!(e, text, "kubelet {}", self.release),
        }
    }
}

fn at<'a>(release: &'a str, cmdline: &'a str, config: Option<&'a str>) -> Artifact<'a> {
    Artifact {
        release,
        cmdline,
        config,
    }
}

const GARDENER_FLAGS: &str = include_str!("corpus/gardener-kubelet.cmd");
const GARDENER_CONFIG: &str = include_str!("corpus/gardener-kubelet.yaml");
const GARDENER_PULL_POLICY: &str = include_str!("corpus/gardener-image-pull-policy.yaml");

/// Gardener's default kubelet (flags and file) is accepted by every kubelet it supports.
#[test]
fn gardener_default_kubelet() {
    for r in ["1.31", "1.32", "1.33", "1.34", "1.35", "1.36"] {
        at(r, GARDENER_FLAGS, Some(GARDENER_CONFIG)).accepted(&[
            ("/evictionMinimumReclaim/nodefs.inodesFree", json!("0Mi")),
            ("/clusterDomain", json!("cluster.local")),
            ("/streamingConnectionIdleTimeout", json!("5m0s")),
        ]);
    }
}

/// KubeletEnsureSecretPulledImages went beta (on by default) in 1.35, so the 1.35 kubelet accepts
/// the KEP-2535 fields Gardener sets, and 1.33/1.34 refuse them (pkg/features/kube_features.go of
/// the 1.36 cycle: `{Version: 1.35, Default: true, PreRelease: Beta}`; validation.go of 1.33+).
/// A miss: the data had the 1.35-dev preset's alpha spec.
#[test]
fn image_pull_credential_verification_needs_its_gate_until_1_35() {
    let text = "failed to validate kubelet configuration, error: [invalid configuration: `imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled, invalid configuration: `preloadedImagesVerificationAllowlist` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled], path: /etc/kubernetes/kubelet-config.yaml";
    for r in ["1.33", "1.34"] {
        at(r, "", Some(GARDENER_PULL_POLICY)).refused(text);
    }
    for r in ["1.35", "1.36"] {
        let got = at(r, "", Some(GARDENER_PULL_POLICY)).accepted(&[(
            "/imagePullCredentialsVerificationPolicy",
            json!("NeverVerifyAllowlistedImages"),
        )]);
        assert!(got.feature_gates["KubeletEnsureSecretPulledImages"]);
    }
    // 1.32 does not know the fields yet: lenient decoding drops them with a warning.
    let got = at("1.32", "", Some(GARDENER_PULL_POLICY)).accepted(&[]);
    assert!(got
        .config
        .get("imagePullCredentialsVerificationPolicy")
        .is_none());
}

const EKS_DOCKER_UNIT: &str = include_str!("corpus/eks-docker-kubelet.service");
const EKS_CONTAINERD_UNIT: &str = include_str!("corpus/eks-containerd-kubelet.service");
const EKS_CONFIG: &str = include_str!("corpus/eks-kubelet-config.json");

/// The EKS AMI's dockershim-era unit runs up to 1.23; 1.24 no longer has --network-plugin
/// (dockershim removal, kubernetes#106907) and pflag stops first. The file's `CPUManagerPolicy`
/// is not the field `cpuManagerPolicy` (JSON field names are case-sensitive): lenient decoding
/// drops it, so the policy stays `none`.
#[test]
fn eks_dockershim_unit() {
    for r in ["1.16", "1.20", "1.23"] {
        let got = at(r, EKS_DOCKER_UNIT, Some(EKS_CONFIG)).accepted(&[
            ("/cpuManagerPolicy", json!("none")),
            ("/hairpinMode", json!("hairpin-veth")),
            ("/serverTLSBootstrap", json!(true)),
        ]);
        assert!(
            got.warnings
                .iter()
                .any(|w| w.contains("unknown field \"CPUManagerPolicy\"")),
            "{r}: {:?}",
            got.warnings
        );
    }
    at("1.24", EKS_DOCKER_UNIT, Some(EKS_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --network-plugin");
}

/// `--container-runtime` must be `remote` from 1.24 (cmd/kubelet/app/options/options.go
/// `ValidateKubeletFlags`, kubeedge/kubeedge@95bc4f55 vendoring 1.24.14) until the flag goes in
/// 1.27. A miss: the check was not modelled, so `docker` was accepted at 1.24–1.26.
#[test]
fn container_runtime_must_be_remote_from_1_24() {
    let docker = "kubelet --container-runtime=docker";
    at("1.23", docker, None).accepted(&[]);
    for r in ["1.24", "1.25", "1.26"] {
        at(r, docker, None).refused(
            "failed to validate kubelet flags: unsupported CRI runtime: \"docker\", only \"remote\" is currently supported",
        );
        at(r, EKS_CONTAINERD_UNIT, Some(EKS_CONFIG))
            .accepted(&[("/cgroupDriver", json!("cgroupfs"))]);
    }
    at("1.27", EKS_CONTAINERD_UNIT, Some(EKS_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --container-runtime");
}

const RKE2_LABEL: &str = include_str!("corpus/rke2-control-plane-label.cmd");

/// `--node-labels` in a kubernetes.io/k8s.io namespace must be one the kubelet may set on itself
/// (options.go `ValidateKubeletFlags` and k8s.io/kubelet pkg/apis/well_known_labels.go, from
/// 1.16; rancher/rancher#45906 quotes this text from a 1.28 kubelet). A miss: not modelled.
#[test]
fn node_role_labels_are_refused_from_1_16() {
    let text = "failed to validate kubelet flags: unknown 'kubernetes.io' or 'k8s.io' labels specified with --node-labels: [node-role.kubernetes.io/control-plane]\n--node-labels in the 'kubernetes.io' namespace must begin with an allowed prefix (kubelet.kubernetes.io, node.kubernetes.io) or be in the specifically allowed set (beta.kubernetes.io/arch, beta.kubernetes.io/instance-type, beta.kubernetes.io/os, failure-domain.beta.kubernetes.io/region, failure-domain.beta.kubernetes.io/zone, kubernetes.io/arch, kubernetes.io/hostname, kubernetes.io/os, node.kubernetes.io/instance-type, topology.kubernetes.io/region, topology.kubernetes.io/zone)";
    for r in ["1.16", "1.24", "1.28", "1.36"] {
        at(r, RKE2_LABEL, None).refused(text);
    }
    // allowed: the node.kubernetes.io namespace and the listed labels (Typhoon, Gardener)
    at(
        "1.28",
        "kubelet --node-labels=node.kubernetes.io/node --node-labels=kubernetes.io/arch=amd64,worker.gardener.cloud/pool=a",
        None,
    )
    .accepted(&[]);
}

const KOPS_ENV: &str = include_str!("corpus/kops-sysconfig-kubelet");
const KOPS_CONFIG: &str = include_str!("corpus/kops-kubelet.conf");

/// kops writes every zero duration out; SetDefaults_KubeletConfiguration (pkg/kubelet/apis/config/
/// v1beta1/defaults.go) treats a zero as unset, so the effective values are the defaults. Fields
/// the release lacks (crashLoopBackOff before 1.32) are dropped by lenient decoding.
/// --register-schedulable left the kubelet in 1.34 (kubelet reference page of 1.34).
#[test]
fn kops_nodeup_kubelet() {
    for r in ["1.24", "1.27", "1.29", "1.31", "1.32", "1.33"] {
        at(r, KOPS_ENV, Some(KOPS_CONFIG)).accepted(&[
            ("/syncFrequency", json!("1m0s")),
            ("/nodeStatusUpdateFrequency", json!("10s")),
            ("/cpuManagerReconcilePeriod", json!("10s")),
            ("/imageMinimumGCAge", json!("2m0s")),
            ("/streamingConnectionIdleTimeout", json!("4h0m0s")),
            ("/runtimeRequestTimeout", json!("15m0s")),
            ("/authentication/webhook/cacheTTL", json!("2m0s")),
            ("/logging/verbosity", json!(2)),
            ("/kubeletCgroups", json!("/kubelet")),
        ]);
    }
    // flushFrequency was a time.Duration (JSON nanoseconds) until component-base made it
    // TimeOrMetaDuration; either way the explicit 0 is defaulted to 5s.
    at("1.24", KOPS_ENV, Some(KOPS_CONFIG))
        .accepted(&[("/logging/flushFrequency", json!(5_000_000_000u64))]);
    at("1.33", KOPS_ENV, Some(KOPS_CONFIG)).accepted(&[("/logging/flushFrequency", json!("5s"))]);
    at("1.34", KOPS_ENV, Some(KOPS_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --register-schedulable");
}

const TYPHOON_119: &str = include_str!("corpus/typhoon-1.19-worker.cmd");
const TYPHOON_128: &str = include_str!("corpus/typhoon-1.28-worker.cmd");
const TYPHOON_128_CONFIG: &str = include_str!("corpus/typhoon-1.28-kubelet.yaml");

/// Typhoon's flags-only kubelet of 1.19: `--cluster_dns` is normalized by cliflag's
/// WordSepNormalizeFunc; a bare `--node-labels` key is kept with an empty value. The dockershim
/// flags end it at 1.24.
#[test]
fn typhoon_flags_only_kubelet() {
    for r in ["1.18", "1.19", "1.23"] {
        at(r, TYPHOON_119, None).accepted(&[
            ("/clusterDNS", json!(["10.3.0.10"])),
            ("/authentication/webhook/enabled", json!(true)),
            ("/authentication/anonymous/enabled", json!(false)),
            ("/healthzPort", json!(0)),
            ("/rotateCertificates", json!(true)),
        ]);
    }
    at("1.24", TYPHOON_119, None)
        .refused("failed to parse kubelet flag: unknown flag: --cni-conf-dir");
    for r in ["1.26", "1.28", "1.30", "1.34"] {
        at(r, TYPHOON_128, Some(TYPHOON_128_CONFIG)).accepted(&[
            ("/shutdownGracePeriod", json!("45s")),
            ("/healthzPort", json!(0)),
            (
                "/providerID",
                json!("aws:///us-east-1a/i-0123456789abcdef0"),
            ),
        ]);
    }
}

const SWAP_BLOG: &str = include_str!("corpus/swap-alpha-blog.yaml");
const KUBEVIRTCI_SWAP: &str = include_str!("corpus/kubevirtci-unlimited-swap.yaml");

/// `UnlimitedSwap` was a swap behaviour from 1.22 to 1.29; 1.30 replaced it with `NoSwap`
/// (validation.go: 1.22 `LimitedSwap, UnlimitedSwap`; 1.24–1.29 `"", %q, or %q`; 1.30+
/// `"", %q or %q` with NoSwap; kubeedge/kubeedge vendor trees of 1.22.6, 1.29.6, 1.30.7).
/// A miss: every release was held to the 1.30 rule.
#[test]
fn unlimited_swap_until_1_29() {
    for r in ["1.22", "1.23", "1.28", "1.29"] {
        for file in [SWAP_BLOG, KUBEVIRTCI_SWAP] {
            at(r, "", Some(file)).accepted(&[("/memorySwap/swapBehavior", json!("UnlimitedSwap"))]);
        }
    }
    for r in ["1.30", "1.34"] {
        at(r, "", Some(SWAP_BLOG)).refused(
            "failed to validate kubelet configuration, error: invalid configuration: memorySwap.swapBehavior \"UnlimitedSwap\" must be one of: \"\", \"LimitedSwap\" or \"NoSwap\", path: /etc/kubernetes/kubelet-config.yaml",
        );
    }
    // and NoSwap did not exist before 1.30
    let no_swap = SWAP_BLOG.replace("UnlimitedSwap", "NoSwap");
    at("1.29", "", Some(&no_swap)).refused(
        "failed to validate kubelet configuration, error: invalid configuration: memorySwap.swapBehavior \"NoSwap\" must be one of: \"\", \"LimitedSwap\", or \"UnlimitedSwap\", path: /etc/kubernetes/kubelet-config.yaml",
    );
    at("1.22", "", Some(&no_swap)).refused(
        "failed to validate kubelet configuration, error: invalid configuration: MemorySwap.SwapBehavior NoSwap must be one of: LimitedSwap, UnlimitedSwap, path: /etc/kubernetes/kubelet-config.yaml",
    );
}

/// enforceNodeAllocatable's messages per release (validation.go at 1.23.15, 1.24.14, 1.30.7,
/// 1.31.11 and 1.32.10). A miss: the 1.32 wording (compressible enforcements) for every release.
#[test]
fn enforce_node_allocatable_wording_per_release() {
    let args = "kubelet --enforce-node-allocatable=pods,kube-reserved";
    let text = |key: &str| {
        format!("failed to validate kubelet configuration, error: invalid configuration: kubeReservedCgroup (--kube-reserved-cgroup) must be specified when {key} in enforceNodeAllocatable (--enforce-node-allocatable), path: ")
    };
    at("1.23", args, None).refused(&text("'kube-reserved' contained"));
    at("1.24", args, None).refused(&text("\"kube-reserved\" contained"));
    at("1.31", args, None).refused(&text("\"kube-reserved\" contained"));
    at("1.32", args, None).refused(&text(
        "\"kube-reserved\" or \"kube-reserved-compressible\" included",
    ));
    // Windows nodes run without QoS cgroups and no enforcement (kubernetes docs, Windows nodes)
    let windows = "kubelet --cgroups-per-qos=false --enforce-node-allocatable=";
    for r in ["1.20", "1.30", "1.34"] {
        at(r, windows, None).accepted(&[("/cgroupsPerQOS", json!(false))]);
    }
    at("1.30", "kubelet --cgroups-per-qos=false", None).refused("failed to validate kubelet configuration, error: invalid configuration: enforceNodeAllocatable (--enforce-node-allocatable) is not supported unless cgroupsPerQOS (--cgroups-per-qos) is set to true, path: ");
    at("1.31", "kubelet --cgroups-per-qos=false", None).refused("failed to validate kubelet configuration, error: invalid configuration: cgroupsPerQOS (--cgroups-per-qos) must be set to true when \"pods\" contained in enforceNodeAllocatable (--enforce-node-allocatable), path: ");
}

const MINIKUBE_UNIT: &str = include_str!("corpus/minikube-crio-kubelet.service");
const MINIKUBE_CONFIG: &str = include_str!("corpus/minikube-kubelet.yaml");

/// minikube's cri-o drop-in for 1.18: an endpoint without `unix://` is still accepted; an
/// explicit evictionHard replaces the defaults (no memory.available); --container-runtime goes
/// in 1.27.
#[test]
fn minikube_crio_kubelet() {
    for r in ["1.16", "1.18", "1.23", "1.24", "1.26"] {
        at(r, MINIKUBE_UNIT, Some(MINIKUBE_CONFIG)).accepted(&[
            (
                "/evictionHard",
                json!({"imagefs.available": "0%", "nodefs.available": "0%", "nodefs.inodesFree": "0%"}),
            ),
            ("/imageGCHighThresholdPercent", json!(100)),
            ("/failSwapOn", json!(false)),
        ]);
    }
    at("1.27", MINIKUBE_UNIT, Some(MINIKUBE_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --container-runtime");
}

const GRACEFUL_SHUTDOWN: &str = include_str!("corpus/graceful-shutdown-docs.yaml");

/// GracefulNodeShutdown was alpha (off) in 1.20 and beta (on) from 1.21; the 1.20–1.23 texts
/// use Go's field names (validation.go at 1.21.4 and 1.23.15). A miss: 1.20 answered with the
/// 1.24 wording.
#[test]
fn graceful_shutdown_needs_its_gate_in_1_20() {
    at("1.20", "", Some(GRACEFUL_SHUTDOWN)).refused("failed to validate kubelet configuration, error: invalid configuration: Specifying ShutdownGracePeriod or ShutdownGracePeriodCriticalPods requires feature gate GracefulNodeShutdown, path: /etc/kubernetes/kubelet-config.yaml");
    at(
        "1.20",
        "kubelet --feature-gates=GracefulNodeShutdown=true",
        Some(GRACEFUL_SHUTDOWN),
    )
    .accepted(&[("/shutdownGracePeriod", json!("30s"))]);
    for r in ["1.21", "1.25", "1.34"] {
        at(r, "", Some(GRACEFUL_SHUTDOWN))
            .accepted(&[("/shutdownGracePeriodCriticalPods", json!("10s"))]);
    }
    let inverted = GRACEFUL_SHUTDOWN.replace("10s", "40s");
    at("1.21", "", Some(&inverted)).refused("failed to validate kubelet configuration, error: invalid configuration: ShutdownGracePeriod 30s must be >= 0, ShutdownGracePeriodCriticalPods 40s must be >= 0, and ShutdownGracePeriodCriticalPods 40s must be <= ShutdownGracePeriod 30s, path: /etc/kubernetes/kubelet-config.yaml");
    at("1.24", "", Some(&inverted)).refused("failed to validate kubelet configuration, error: invalid configuration: shutdownGracePeriodCriticalPods 40s must be <= shutdownGracePeriod 30s, path: /etc/kubernetes/kubelet-config.yaml");
}

const KIND_ROOTLESS: &str = include_str!("corpus/kind-rootless-kubelet.yaml");
const KIND_NODE: &str = include_str!("corpus/kind-node.cmd");

/// kind's rootless nodes: KubeletInUserNamespace exists from 1.22; LocalStorageCapacityIsolation
/// went GA and locked to true in 1.25 and left in 1.27 (kind#2524). A file's bad gate is refused
/// by the SetFromMap after flag precedence (cmd/kubelet/app/server.go) until 1.31; from 1.32
/// defaulting reads the gates first and panics with its own text (pkg/kubelet/apis/config/
/// v1beta1/defaults.go at 1.32.10). A miss: the 1.32 text was given for every release.
#[test]
fn kind_rootless_gates() {
    at("1.21", KIND_NODE, Some(KIND_ROOTLESS)).refused(
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: KubeletInUserNamespace",
    );
    for r in ["1.22", "1.24"] {
        let got =
            at(r, KIND_NODE, Some(KIND_ROOTLESS)).accepted(&[("/cgroupRoot", json!("/kubelet"))]);
        assert!(!got.feature_gates["LocalStorageCapacityIsolation"]);
        assert!(got.feature_gates["KubeletInUserNamespace"]);
    }
    at("1.25", KIND_NODE, Some(KIND_ROOTLESS)).refused(
        "failed to set feature gates from initial flags-based config: cannot set feature gate LocalStorageCapacityIsolation to false, feature is locked to true",
    );
    at("1.27", KIND_NODE, Some(KIND_ROOTLESS)).refused(
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: LocalStorageCapacityIsolation",
    );
    at("1.32", KIND_NODE, Some(KIND_ROOTLESS)).refused(
        "failed to load kubelet config file, path: /etc/kubernetes/kubelet-config.yaml, error: failed to load Kubelet config file /etc/kubernetes/kubelet-config.yaml, error failed to merge global and in-flight KubeletConfiguration while setting defaults, error: unrecognized feature gate: LocalStorageCapacityIsolation",
    );
    // without the removed gate (kind sets the localStorageCapacityIsolation field instead)
    let modern = KIND_ROOTLESS.replace("  \"LocalStorageCapacityIsolation\": false\n", "")
        + "localStorageCapacityIsolation: false\n";
    for r in ["1.25", "1.30", "1.36"] {
        at(r, KIND_NODE, Some(&modern))
            .accepted(&[("/localStorageCapacityIsolation", json!(false))]);
    }
}

const LOCAL_UP_FLAGS: &str = include_str!("corpus/local-up-cluster.cmd");
const LOCAL_UP_CONFIG: &str = include_str!("corpus/local-up-cluster-kubelet.yaml");

/// hack/local-up-cluster.sh writes featureGates twice: strict decoding fails on the duplicate
/// key and lenient decoding (go-yaml v2 under sigs.k8s.io/yaml) keeps the last one, so
/// ContainerCheckpoint is not set. An empty cgroupDriver is defaulted. --cloud-config left the
/// kubelet in 1.34 (kubernetes#130161; rancher/rke2#8926 dropped it for 1.34).
#[test]
fn local_up_cluster_kubelet() {
    for r in ["1.30", "1.31", "1.33"] {
        let got = at(r, LOCAL_UP_FLAGS, Some(LOCAL_UP_CONFIG)).accepted(&[
            ("/featureGates", json!({"AllAlpha": false})),
            ("/cgroupDriver", json!("cgroupfs")),
            ("/evictionPressureTransitionPeriod", json!("1m0s")),
            (
                "/containerRuntimeEndpoint",
                json!("unix:///var/run/crio/crio.sock"),
            ),
        ]);
        assert!(
            got.warnings
                .iter()
                .any(|w| w.contains("key \"featureGates\" already set in map")),
            "{r}: {:?}",
            got.warnings
        );
    }
    at("1.34", LOCAL_UP_FLAGS, Some(LOCAL_UP_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --cloud-config");
}

const NODEADM_ENV: &str = include_str!("corpus/nodeadm-kubelet.env");
const NODEADM_CONFIG: &str = include_str!("corpus/nodeadm-kubelet-config.json");

/// nodeadm's kubelet for 1.27 sets KubeletCredentialProviders (GA and locked in 1.26, gone in
/// 1.28, kubernetes#116901); containerRuntimeEndpoint is a field from 1.27 on.
#[test]
fn nodeadm_kubelet_1_27() {
    for r in ["1.26", "1.27"] {
        let got = at(r, NODEADM_ENV, Some(NODEADM_CONFIG)).accepted(&[
            (
                "/registerWithTaints",
                json!([{"key": "foo", "value": "bar", "effect": "NoSchedule"}]),
            ),
            ("/logging/verbosity", json!(5)),
            ("/kubeReservedCgroup", json!("/runtime")),
        ]);
        assert!(got.feature_gates["KubeletCredentialProviders"]);
    }
    at("1.27", NODEADM_ENV, Some(NODEADM_CONFIG)).accepted(&[(
        "/containerRuntimeEndpoint",
        json!("unix:///run/containerd/containerd.sock"),
    )]);
    at("1.28", NODEADM_ENV, Some(NODEADM_CONFIG)).refused(
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: KubeletCredentialProviders",
    );
}

const KUBEADM_FLAGS_124: &str = include_str!("corpus/kubeadm-flags-1.24-crio.env");
const KUBEADM_FLAGS_134: &str = include_str!("corpus/kubeadm-flags-1.34.env");

/// kubeadm's kubeadm-flags.env of 1.24 (kubeadm#2742 quotes the v1.24.4 help: both flags
/// deprecated) and of 1.3x (kubeadm#3281). --container-runtime left in 1.27;
/// --pod-infra-container-image in 1.35 (kubernetes#133779; kubermatic/operating-system-manager#555,
/// Azure/AKSFlexNode#57 quote the refusal). A miss: 1.24 and 1.25 printed no deprecation for
/// --pod-infra-container-image.
#[test]
fn kubeadm_flags_env_across_releases() {
    let deprecation = "Flag --pod-infra-container-image has been deprecated, will be removed in 1.27. Image garbage collector will get sandbox image information from CRI.";
    for r in ["1.24", "1.25", "1.26"] {
        let got = at(r, KUBEADM_FLAGS_124, None).accepted(&[]);
        assert!(
            got.warnings.iter().any(|w| w == deprecation),
            "{r}: {:?}",
            got.warnings
        );
    }
    at("1.27", KUBEADM_FLAGS_124, None)
        .refused("failed to parse kubelet flag: unknown flag: --container-runtime");
    for r in ["1.27", "1.30", "1.34"] {
        at(r, KUBEADM_FLAGS_134, None).accepted(&[]);
    }
    at("1.35", KUBEADM_FLAGS_134, None)
        .refused("failed to parse kubelet flag: unknown flag: --pod-infra-container-image");
}

const MICROK8S: &str = include_str!("corpus/microk8s-kubelet.args");

/// microk8s passes cadvisor's `--containerd`, which kubelets kept registering (deprecated, so the
/// reference pages hide it from 1.20) long after; --enable-cadvisor-json-endpoints left in 1.21
/// (canonical/microk8s#2771 quotes `unknown flag: --enable-cadvisor-json-endpoints`); --log-dir in
/// 1.26. A miss: the cadvisor flags were unknown from 1.20 (the reference pages' view).
#[test]
fn microk8s_kubelet_args() {
    let cadvisor = "Flag --containerd has been deprecated, This is a cadvisor flag that was mistakenly registered with the Kubelet. Due to legacy concerns, it will follow the standard CLI deprecation timeline before being removed.";
    for r in ["1.19", "1.20"] {
        let got = at(r, MICROK8S, None).accepted(&[("/readOnlyPort", json!(0))]);
        assert!(got.warnings.iter().any(|w| w == cadvisor), "{r}");
    }
    at("1.21", MICROK8S, None)
        .refused("failed to parse kubelet flag: unknown flag: --enable-cadvisor-json-endpoints");
    let without = MICROK8S.replace(" \\\n  --enable-cadvisor-json-endpoints=true", "");
    for r in ["1.21", "1.23", "1.25"] {
        let got = at(r, &without, None).accepted(&[(
            "/evictionHard",
            json!({"memory.available": "100Mi", "nodefs.available": "1Gi", "imagefs.available": "1Gi"}),
        )]);
        assert!(got.warnings.iter().any(|w| w == cadvisor), "{r}");
    }
    at("1.26", &without, None).refused("failed to parse kubelet flag: unknown flag: --log-dir");
    // the cadvisor flags the e2e node tests rely on, and the docker ones that went with dockershim
    for r in ["1.22", "1.28", "1.34"] {
        at(r, "kubelet --housekeeping-interval=10s", None).accepted(&[]);
    }
    at(
        "1.23",
        "kubelet --docker-root=/var/lib/docker --docker-only=true",
        None,
    )
    .accepted(&[]);
    at("1.24", "kubelet --docker-root=/var/lib/docker", None)
        .refused("failed to parse kubelet flag: unknown flag: --docker-root");
}

/// Files that every release from 1.16 accepts as they are.
#[test]
fn accepted_by_every_release() {
    let docs = include_str!("corpus/docs-kubelet-config-file.yaml");
    let e2e = include_str!("corpus/e2e-node-default-kubelet-config.yaml");
    for r in ["1.16", "1.20", "1.24", "1.28", "1.32", "1.36"] {
        at(r, "", Some(docs)).accepted(&[
            ("/port", json!(20250)),
            ("/address", json!("192.168.0.8")),
            ("/evictionHard/imagefs.inodesFree", json!("5%")),
        ]);
        at(r, "", Some(e2e)).accepted(&[
            ("/podCIDR", json!("10.100.0.0/24")),
            ("/evictionMinimumReclaim/nodefs.available", json!("5%")),
            ("/volumeStatsAggPeriod", json!("10s")),
        ]);
    }
}

/// What the kubelets' own options.go registered where the reference pages say otherwise
/// (kubeedge/kubeedge vendor trees of 1.21.4 .. 1.32.10): the Memory Manager flags from 1.21,
/// the no-op iptables bit flags until 1.30, and the deprecation texts pflag prints. Misses: the
/// pages had the Memory Manager flags from 1.22, the iptables flags gone in 1.28, and reworded
/// or stale texts.
#[test]
fn flags_as_options_go_registered_them() {
    at(
        "1.21",
        "kubelet --memory-manager-policy=Static --reserved-memory=0:memory=1Gi --feature-gates=MemoryManager=true --kube-reserved=memory=1Gi",
        None,
    )
    .accepted(&[("/memoryManagerPolicy", json!("Static"))]);
    for r in ["1.28", "1.30"] {
        at(
            r,
            "kubelet --iptables-masquerade-bit=14 --iptables-drop-bit=15",
            None,
        )
        .accepted(&[]);
    }
    at("1.31", "kubelet --iptables-masquerade-bit=14", None)
        .refused("failed to parse kubelet flag: unknown flag: --iptables-masquerade-bit");
    let warned = |r: &str, args: &str| {
        at(r, args, None)
            .resolve()
            .map(|got| got.warnings)
            .unwrap_or_default()
    };
    assert!(warned("1.27", "kubelet --experimental-allocatable-ignore-eviction=true").contains(
        &"Flag --experimental-allocatable-ignore-eviction has been deprecated, will be removed in 1.25 or later.".to_string()
    ));
    assert!(warned("1.22", "kubelet --experimental-mounter-path=/m").contains(
        &"Flag --experimental-mounter-path has been deprecated, will be removed in 1.23. in favor of using CSI.".to_string()
    ));
}

/// Validation rules that arrived after the releases that lacked them (validation.go at 1.23.15,
/// 1.26.7, 1.31.11 and 1.32.10): runOnce is refused from 1.32 only; the TopologyManager gate
/// guarded a non-default policy until 1.26, and 1.23 worded a bad policy "non-allowable".
#[test]
fn validation_rules_of_their_release() {
    at("1.31", "kubelet --runonce=true", None).accepted(&[("/runOnce", json!(true))]);
    at("1.32", "kubelet --runonce=true", None).refused("failed to validate kubelet configuration, error: invalid configuration: runOnce (--runOnce) true, Runonce mode has been deprecated and should not be set, path: ");
    at("1.23", "kubelet --topology-manager-policy=single-numa", None).refused("failed to validate kubelet configuration, error: invalid configuration: topologyManagerPolicy non-allowable value: single-numa, path: ");
    at("1.24", "kubelet --topology-manager-policy=single-numa", None).refused("failed to validate kubelet configuration, error: invalid configuration: topologyManagerPolicy (--topology-manager-policy) \"single-numa\" must be one of: [\"none\" \"best-effort\" \"restricted\" \"single-numa-node\"], path: ");
    at("1.17", "kubelet --topology-manager-policy=best-effort --feature-gates=TopologyManager=false", None).refused("failed to validate kubelet configuration, error: invalid configuration: topologyManagerPolicy best-effort requires feature gate TopologyManager, path: ");
    at(
        "1.18",
        "kubelet --topology-manager-policy=single-numa-node",
        None,
    )
    .accepted(&[("/topologyManagerPolicy", json!("single-numa-node"))]);
}

const KTHW_121_UNIT: &str = include_str!("corpus/kthw-1.21-kubelet.service");
const KTHW_121_CONFIG: &str = include_str!("corpus/kthw-1.21-kubelet-config.yaml");
const KTHW_CONFIG: &str = include_str!("corpus/kthw-kubelet-config.yaml");

/// Kubernetes the Hard Way: the containerd-era unit runs to 1.23 and stops at the dockershim
/// flags in 1.24; the current config sets swapBehavior, which needs NodeSwap on (beta and on by
/// default from 1.30).
#[test]
fn kubernetes_the_hard_way() {
    for r in ["1.16", "1.21", "1.23"] {
        at(r, KTHW_121_UNIT, Some(KTHW_121_CONFIG)).accepted(&[
            ("/runtimeRequestTimeout", json!("15m0s")),
            ("/podCIDR", json!("10.200.0.0/24")),
            ("/resolvConf", json!("/run/systemd/resolve/resolv.conf")),
        ]);
    }
    at("1.24", KTHW_121_UNIT, Some(KTHW_121_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --image-pull-progress-deadline");
    let flags = "kubelet --config=/var/lib/kubelet/kubelet-config.yaml --kubeconfig=/var/lib/kubelet/kubeconfig --v=2";
    for r in ["1.27", "1.29"] {
        at(r, flags, Some(KTHW_CONFIG)).refused("failed to validate kubelet configuration, error: invalid configuration: memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled, path: /var/lib/kubelet/kubelet-config.yaml");
    }
    for r in ["1.30", "1.32", "1.36"] {
        at(r, flags, Some(KTHW_CONFIG)).accepted(&[
            ("/memorySwap/swapBehavior", json!("LimitedSwap")),
            ("/maxPods", json!(16)),
        ]);
    }
}

const KUBESPRAY_UNIT: &str = include_str!("corpus/kubespray-1.16-kubelet.service");
const KUBESPRAY_CONFIG: &str = include_str!("corpus/kubespray-1.16-kubelet-config.yaml");

/// kubespray's kubelet of the 1.16 era: Jinja's `True` is a YAML boolean, an empty
/// `--node-labels=` sets nothing, the runtime endpoint has no `unix://`. The dockershim network
/// flags end it at 1.24.
#[test]
fn kubespray_kubelet_of_1_16() {
    for r in ["1.16", "1.20", "1.23"] {
        at(r, KUBESPRAY_UNIT, Some(KUBESPRAY_CONFIG)).accepted(&[
            ("/failSwapOn", json!(true)),
            ("/authentication/webhook/enabled", json!(true)),
            ("/kubeReserved", json!({"cpu": "200m", "memory": "512M"})),
            ("/enforceNodeAllocatable", json!(["pods"])),
        ]);
    }
    at("1.24", KUBESPRAY_UNIT, Some(KUBESPRAY_CONFIG))
        .refused("failed to parse kubelet flag: unknown flag: --network-plugin");
}

/// Flags that no kubelet had, as issues quote the refusal: kops#17463 (1.30,
/// --image-maximum-gc-age) and learn-k8s-from-scratch#45 (1.27-era kubeadm, --image-repository).
#[test]
fn flags_no_kubelet_had() {
    at(
        "1.30",
        include_str!("corpus/kops-image-maximum-gc-age.cmd"),
        None,
    )
    .refused("failed to parse kubelet flag: unknown flag: --image-maximum-gc-age");
    at(
        "1.27",
        include_str!("corpus/kubeadm-image-repository.env"),
        None,
    )
    .refused("failed to parse kubelet flag: unknown flag: --image-repository");
}

/// Upgrades that stopped at a removed flag, as the projects report them: kURL's kubeadm-flags.env
/// of 1.26 at 1.27 (replicatedhq/kURL#4451), RKE2's --cloud-config at 1.34 (rancher/rke2#8926).
#[test]
fn upgrades_stopped_by_a_removed_flag() {
    let kurl = include_str!("corpus/kurl-1.26-kubeadm-flags.env");
    at("1.26", kurl, None).accepted(&[]);
    at("1.27", kurl, None)
        .refused("failed to parse kubelet flag: unknown flag: --container-runtime");
    let rke2 = include_str!("corpus/rke2-1.34-cloud-config.cmd");
    at("1.33", rke2, None).accepted(&[]);
    at("1.34", rke2, None).refused("failed to parse kubelet flag: unknown flag: --cloud-config");
}
