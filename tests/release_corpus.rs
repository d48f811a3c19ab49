//! The misses found on real artifacts (EKS, kind, kubespray, kops, Gardener, CI
//! jobs; Kubernetes 1.16 to 1.36), each as the kubelet of that release answers it: accepted, or
//! refused with its own text. Each case names where the fact comes from.

use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput, Resolved};

const HEADER: &str = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

fn resolve(release: &str, args: &[&str], config: Option<&str>) -> Result<Resolved, String> {
    let mut input = ResolveInput {
        kubelet_version: Some(release.into()),
        args: args.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    if let Some(body) = config {
        input
            .args
            .insert(0, "--config=/var/lib/kubelet/config.yaml".into());
        input.files.insert(
            "/var/lib/kubelet/config.yaml".into(),
            format!("{HEADER}{body}"),
        );
    }
    resolve_kubelet_config(&input).map_err(|e| e.to_string())
}

fn accepted(release: &str, args: &[&str]) {
    if let Err(e) = resolve(release, args, None) {
        panic!("kubelet {release} should accept {args:?}: {e}");
    }
}

fn refused(release: &str, args: &[&str], text: &str) {
    match resolve(release, args, None) {
        Ok(_) => panic!("kubelet {release} should refuse {args:?}"),
        Err(e) => assert_eq!(e, text, "kubelet {release} {args:?}"),
    }
}

/// Gates removed upstream stay known in the releases that had them (feature-gate pages and the
/// pkg/features maps of each release; data/releases/README.md).
#[test]
fn gates_of_their_own_release_are_accepted() {
    let gate = |g: &str| format!("--feature-gates={g}");
    accepted(
        "1.22",
        &[&gate("CSIMigration=true,InTreePluginGCEUnregister=false")],
    );
    accepted("1.21", &[&gate("DynamicKubeletConfig=false")]);
    accepted("1.22", &[&gate("LocalStorageCapacityIsolation=true")]);
    for r in ["1.24", "1.25", "1.26", "1.27"] {
        accepted(r, &[&gate("KubeletCredentialProviders=true")]);
    }
    // Removed in 1.28 (kubernetes/kubernetes#116901; k3s-io/k3s#8941 quotes the 1.28 error).
    refused(
        "1.28",
        &[&gate("KubeletCredentialProviders=true")],
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: KubeletCredentialProviders",
    );
    for r in ["1.29", "1.30", "1.31", "1.32"] {
        accepted(
            r,
            &[&gate(
                "DisableCloudProviders=true,DisableKubeletCloudCredentialProviders=true",
            )],
        );
    }
    accepted("1.29", &[&gate("MinimizeIPTablesRestore=true")]);
    accepted("1.28", &[&gate("PodDisruptionConditions=true")]);
    // CSIMigration went GA and locked in 1.25, and left the binaries in 1.27.
    refused(
        "1.25",
        &[&gate("CSIMigration=false")],
        "failed to set feature gates from initial flags-based config: cannot set feature gate CSIMigration to false, feature is locked to true",
    );
    refused(
        "1.27",
        &[&gate("CSIMigration=true")],
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: CSIMigration",
    );
}

/// Flags follow their release (kubelet reference pages per release; component-base logs).
#[test]
fn flags_follow_their_release() {
    accepted(
        "1.26",
        &[
            "--container-runtime=remote",
            "--container-runtime-endpoint=unix:///run/containerd/containerd.sock",
        ],
    );
    refused(
        "1.27",
        &["--container-runtime=remote"],
        "failed to parse kubelet flag: unknown flag: --container-runtime",
    );
    accepted(
        "1.23",
        &[
            "--image-pull-progress-deadline=2m",
            "--cni-conf-dir=/etc/cni/net.d",
            "--network-plugin=cni",
        ],
    );
    refused(
        "1.24",
        &["--cni-conf-dir=/etc/cni/net.d"],
        "failed to parse kubelet flag: unknown flag: --cni-conf-dir",
    );
    accepted("1.25", &["--logtostderr=true", "--v=2"]);
    refused(
        "1.26",
        &["--logtostderr=true"],
        "failed to parse kubelet flag: unknown flag: --logtostderr",
    );
    // --runtime-cgroups exists in every release (EKS, kubespray, Gardener pass it).
    for r in ["1.16", "1.20", "1.24", "1.28", "1.32", "1.36"] {
        accepted(r, &["--runtime-cgroups=/system.slice/containerd.service"]);
    }
    // cliflag.ConfigurationMap keeps a bare key with an empty value.
    let r = resolve(
        "1.30",
        &["--node-labels=node.kubernetes.io/node,role=worker"],
        None,
    )
    .unwrap();
    assert!(
        r.warnings.iter().all(|w| !w.contains("node-labels")),
        "{:?}",
        r.warnings
    );
}

/// --dynamic-config-dir was deprecated in 1.22 (the 1.20 and 1.21 kubelets print nothing); from
/// 1.22 the gate is off by default, so the flag needs it on.
#[test]
fn deprecation_notices_belong_to_their_release() {
    let warned = |release: &str| {
        let args = [
            "--dynamic-config-dir=/var/lib/kubelet/dynamic-config",
            "--feature-gates=DynamicKubeletConfig=true",
        ];
        resolve(release, &args, None)
            .map(|r| {
                r.warnings
                    .iter()
                    .any(|w| w.contains("--dynamic-config-dir has been deprecated"))
            })
            .unwrap_or(false)
    };
    assert!(!warned("1.20"));
    assert!(warned("1.22"));
}

/// Defaults and fields of the release (k8s.io/kubelet types.go at each tag; component-base logs).
#[test]
fn defaults_and_fields_follow_their_release() {
    let at = |release: &str, body: &str| resolve(release, &[], Some(body)).unwrap().config;
    // kubeadm, kops and Cluster API write an explicit zero flushFrequency: defaulting makes it 5s.
    let c = at("1.30", "logging:\n  flushFrequency: 0\n");
    assert_eq!(c["logging"]["flushFrequency"], "5s");
    assert_eq!(at("1.26", "maxPods: 110\n")["kubeAPIQPS"], 5);
    assert_eq!(at("1.26", "maxPods: 110\n")["kubeAPIBurst"], 10);
    assert_eq!(at("1.27", "maxPods: 110\n")["kubeAPIQPS"], 50);
    assert!(at("1.26", "maxPods: 110\n")
        .get("containerRuntimeEndpoint")
        .is_none());
    assert_eq!(
        at("1.27", "maxPods: 110\n")["containerRuntimeEndpoint"],
        "unix:///run/containerd/containerd.sock"
    );
    assert!(at("1.29", "maxPods: 110\n")
        .get("containerLogMaxWorkers")
        .is_none());
    assert!(at("1.30", "maxPods: 110\n")
        .get("containerLogMaxWorkers")
        .is_some());
    assert!(at("1.30", "maxPods: 110\n").get("failCgroupV1").is_none());
    assert_eq!(at("1.31", "maxPods: 110\n")["failCgroupV1"], false);
}

#[test]
fn a_release_outside_the_data_is_an_error_not_the_nearest() {
    let e = resolve("1.38", &[], None).unwrap_err();
    assert_eq!(
        e,
        "Kubernetes 1.38 is outside the releases kubegate has data for (1.16 to 1.37)"
    );
    assert!(resolve("1.15", &[], None).is_err());
}
