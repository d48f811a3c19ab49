//! The kubelet command line per release (1.16..1.37). Sources: the kubelet reference pages of
//! kubernetes/website (content/en/docs/reference/command-line-tools-reference/kubelet.md, one
//! generated version per release, commits in `kubelet_flags::PAGE_COMMITS`),
//! k8s.io/component-base logs (klog flags, -v), and pflag's error texts. "openshift/kubernetes
//! 1.N.x" below is the copy of the kubelet's sources that openshift/microshift carries at that
//! patch release (`deps/github.com/openshift/kubernetes` on release-4.18..release-5.0,
//! `vendor/k8s.io/kubernetes` on release-4.12..release-4.17).

use kubegate::kubelet::config::flags::{self, Kind};
use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput};
use kubegate::releases::kubelet_flags::{self as data, FLAGS};
use kubegate::releases::{Release, NEWEST, OLDEST};

const CONFIG_DEPRECATION: &str = "This parameter should be set via the config file specified by the Kubelet's --config flag. See https://kubernetes.io/docs/tasks/administer-cluster/kubelet-config-file/ for more information.";
const KLOG_DEPRECATION: &str = "will be removed in a future release, see https://github.com/kubernetes/enhancements/tree/master/keps/sig-instrumentation/2845-deprecate-klog-specific-flags-in-k8s-components";

fn rel(m: u16) -> Release {
    Release::new(m).unwrap()
}

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

fn parse(m: u16, a: &[&str]) -> Result<flags::CommandLine, String> {
    flags::parse_release(&args(a), rel(m)).map_err(|e| e.to_string())
}

fn warnings(m: u16, a: &[&str]) -> Vec<String> {
    parse(m, a).unwrap().warnings
}

#[test]
fn data_is_sorted_unique_and_consistent() {
    for w in FLAGS.windows(2) {
        assert!(w[0].name < w[1].name, "{} before {}", w[0].name, w[1].name);
    }
    for r in FLAGS {
        assert!(
            r.since >= OLDEST.minor() && r.since <= NEWEST.minor(),
            "{}",
            r.name
        );
        if let Some(removed) = r.removed {
            assert!(r.since < removed, "{}", r.name);
            assert!(removed <= NEWEST.minor(), "{}", r.name);
        }
        assert_eq!(r.spans.first().map(|s| s.from), Some(r.since), "{}", r.name);
        for w in r.spans.windows(2) {
            assert!(w[0].from < w[1].from, "{}", r.name);
            assert_ne!(
                (w[0].kind, w[0].target, w[0].deprecated),
                (w[1].kind, w[1].target, w[1].deprecated),
                "{}: adjacent spans must differ",
                r.name
            );
        }
        assert!(!r.name.contains('_'), "{}", r.name);
    }
    assert_eq!(
        data::PAGE_COMMITS.len(),
        usize::from(NEWEST.minor() - OLDEST.minor() + 1)
    );
    assert!(!data::SOURCES.is_empty());
}

#[test]
fn coverage_per_release() {
    let count = |m| data::flags_of(rel(m)).count();
    // Dockershim, cadvisor and klog flags make the older kubelets' command lines larger.
    assert!(count(16) > count(24));
    assert!(count(24) > count(26));
    for m in OLDEST.minor()..=NEWEST.minor() {
        assert!(count(m) > 120, "1.{m} has {}", count(m));
        // Every release knows the flags every kubelet had.
        for name in [
            "config",
            "kubeconfig",
            "node-ip",
            "runtime-cgroups",
            "v",
            "help",
        ] {
            assert!(flags::lookup(name, rel(m)).is_some(), "--{name} in 1.{m}");
        }
    }
}

#[test]
fn container_runtime_removed_in_1_27() {
    // kubernetes/website kubelet.md, 1.24 and 1.26 pages: "(DEPRECATED: will be removed in 1.27
    // as the only valid value is 'remote')"; absent from the 1.27 page.
    assert_eq!(
        warnings(26, &["--container-runtime=remote"]),
        vec!["Flag --container-runtime has been deprecated, will be removed in 1.27 as the only valid value is 'remote'"]
    );
    assert!(warnings(23, &["--container-runtime=remote"]).is_empty());
    assert_eq!(
        parse(27, &["--container-runtime=remote"]).unwrap_err(),
        "unknown flag: --container-runtime"
    );
}

#[test]
fn dockershim_flags_removed_in_1_24() {
    // 1.22 page: "(DEPRECATED: will be removed along with dockershim.)"; absent from 1.24.
    for name in [
        "cni-conf-dir",
        "cni-bin-dir",
        "cni-cache-dir",
        "network-plugin",
        "image-pull-progress-deadline",
        "docker-endpoint",
    ] {
        let value = if name == "image-pull-progress-deadline" {
            "1m"
        } else {
            "/x"
        };
        let arg = format!("--{name}={value}");
        let cl = parse(23, &[&arg]).unwrap();
        assert_eq!(
            cl.warnings,
            vec![format!(
                "Flag --{name} has been deprecated, will be removed along with dockershim."
            )]
        );
        assert_eq!(
            cl.flags[0].target, None,
            "KubeletFlags: no configuration field"
        );
        assert_eq!(
            parse(24, &[&arg]).unwrap_err(),
            format!("unknown flag: --{name}")
        );
    }
    assert_eq!(
        parse(23, &["--network-plugin-mtu=abc"]).unwrap_err(),
        r#"invalid argument "abc" for "--network-plugin-mtu" flag: strconv.ParseInt: parsing "abc": invalid syntax"#
    );
    assert!(warnings(21, &["--network-plugin=cni"]).is_empty());
}

#[test]
fn klog_flags_deprecated_1_23_removed_1_26() {
    // component-base logs/logs.go (kubernetes-1.23.0..1.25.0): klog flags get
    // `pf.Deprecated = deprecated`; 1.26 no longer adds them.
    assert!(warnings(22, &["--logtostderr=false"]).is_empty());
    for m in 23..=25 {
        assert_eq!(
            warnings(m, &["--logtostderr=false", "--log-dir=/var/log"]),
            vec![
                format!("Flag --logtostderr has been deprecated, {KLOG_DEPRECATION}"),
                format!("Flag --log-dir has been deprecated, {KLOG_DEPRECATION}"),
            ]
        );
    }
    for name in [
        "logtostderr",
        "alsologtostderr",
        "log-file",
        "skip-headers",
        "one-output",
    ] {
        assert_eq!(
            parse(26, &[&format!("--{name}")]).unwrap_err(),
            format!("unknown flag: --{name}")
        );
    }
    // klog's flags were named with underscores; the kubelet normalizes.
    assert_eq!(
        parse(25, &["--log_dir=/x"]).unwrap().flags[0].name,
        "log-dir"
    );
}

#[test]
fn dynamic_config_dir_text_per_release() {
    // 1.22 page (f45f677) and 1.23 page (7181361): the message changed with 1.23.
    assert!(warnings(21, &["--dynamic-config-dir=/d"]).is_empty());
    assert_eq!(
        warnings(22, &["--dynamic-config-dir=/d"]),
        vec!["Flag --dynamic-config-dir has been deprecated, Feature DynamicKubeletConfig is deprecated in 1.22 and will not move to GA. It is planned to be removed from Kubernetes in the version 1.23. Please use alternative ways to update kubelet configuration."]
    );
    assert_eq!(
        warnings(23, &["--dynamic-config-dir=/d"]),
        vec!["Flag --dynamic-config-dir has been deprecated, Feature DynamicKubeletConfig is deprecated in 1.22 and will not move to GA. It is planned to be removed from Kubernetes in the version 1.24 or later. Please use alternative ways to update kubelet configuration."]
    );
    assert_eq!(
        parse(24, &["--dynamic-config-dir=/d"]).unwrap_err(),
        "unknown flag: --dynamic-config-dir"
    );
}

#[test]
fn config_dir_from_1_28() {
    // The 1.28 page is the first to list --config-dir.
    assert_eq!(
        parse(27, &["--config-dir=/etc/kubelet.conf.d"]).unwrap_err(),
        "unknown flag: --config-dir"
    );
    assert!(parse(28, &["--config-dir=/etc/kubelet.conf.d"]).is_ok());
}

#[test]
fn runtime_cgroups_on_every_release() {
    // A KubeletFlags flag (ContainerRuntimeOptions.RuntimeCgroups): on every page, never
    // deprecated, no KubeletConfiguration field.
    for m in OLDEST.minor()..=NEWEST.minor() {
        let cl = parse(m, &["--runtime-cgroups=/system.slice/containerd.service"]).unwrap();
        assert!(cl.warnings.is_empty());
        assert_eq!(cl.flags[0].target, None);
    }
    let r = resolve_kubelet_config(&ResolveInput {
        kubelet_version: Some("1.33".into()),
        args: args(&["--runtime-cgroups=/system.slice/containerd.service"]),
        ..Default::default()
    });
    assert!(r.is_ok(), "{:?}", r.err());
}

#[test]
fn node_labels_bare_key() {
    // cliflag.ConfigurationMap.Set stores a piece without '=' as a key with an empty value.
    let cl = parse(33, &["--node-labels=node.kubernetes.io/node"]).unwrap();
    assert_eq!(cl.flags[0].value, "node.kubernetes.io/node");
    assert_eq!(
        flags::configuration_map("a=1, node.kubernetes.io/node ,,b="),
        vec![
            ("a".to_string(), "1".to_string()),
            ("node.kubernetes.io/node".to_string(), String::new()),
            ("b".to_string(), String::new()),
        ]
    );
    let r = resolve_kubelet_config(&ResolveInput {
        kubelet_version: Some("1.33".into()),
        args: args(&["--node-labels=node.kubernetes.io/node"]),
        ..Default::default()
    });
    assert!(r.is_ok(), "{:?}", r.err());
}

#[test]
fn flags_of_the_1_33_page_are_known() {
    // Flags the pre-release table missed or refused, all on the 1.32/1.34 pages.
    for a in [
        "--node-status-max-images=50",
        "--pod-manifest-path=/etc/kubernetes/manifests",
        "--cloud-config=/etc/cloud.conf",
        "--experimental-mounter-path=/bin/mount",
        "--fail-cgroupv1=true",
        "--register-schedulable=true",
    ] {
        assert!(parse(33, &[a]).is_ok(), "{a}");
    }
    // Removed flags: 1.34 page no longer lists them.
    assert_eq!(
        parse(34, &["--register-schedulable=true"]).unwrap_err(),
        "unknown flag: --register-schedulable"
    );
    assert_eq!(
        parse(35, &["--pod-infra-container-image=pause"]).unwrap_err(),
        "unknown flag: --pod-infra-container-image"
    );
}

#[test]
fn configuration_flags_carry_the_config_file_deprecation() {
    for m in [16, 23, 30, 36] {
        assert_eq!(
            warnings(m, &["--max-pods=50"]),
            vec![format!(
                "Flag --max-pods has been deprecated, {CONFIG_DEPRECATION}"
            )]
        );
        // options.go's notDeprecated set.
        assert!(warnings(m, &["--v=2", "--vmodule=a=1"]).is_empty());
    }
    // --provider-id: the pages show the configuration-file deprecation 1.19-1.28 only.
    assert!(warnings(18, &["--provider-id=x"]).is_empty());
    assert_eq!(
        warnings(23, &["--provider-id=x"]),
        vec![format!(
            "Flag --provider-id has been deprecated, {CONFIG_DEPRECATION}"
        )]
    );
    assert!(warnings(29, &["--provider-id=x"]).is_empty());
    assert_eq!(
        flags::lookup("provider-id", rel(33)).unwrap().target,
        Some("providerID")
    );
}

#[test]
fn verbosity_kind_changed_in_1_23() {
    // Up to 1.22 -v is klog's Level (ParseInt base 10, 32 bits): -1 parses. From 1.23
    // component-base's VerbosityLevel (ParseUint base 10, 31 bits).
    assert_eq!(flags::lookup("v", rel(22)).unwrap().kind, Kind::KlogLevel);
    assert!(parse(22, &["-v=-1"]).is_ok());
    assert_eq!(
        parse(23, &["-v=-1"]).unwrap_err(),
        r#"invalid argument "-1" for "-v, --v" flag: strconv.ParseUint: parsing "-1": invalid syntax"#
    );
    assert_eq!(
        parse(30, &["--v=2147483648"]).unwrap_err(),
        r#"invalid argument "2147483648" for "-v, --v" flag: strconv.ParseUint: parsing "2147483648": value out of range"#
    );
    assert_eq!(
        parse(20, &["--v=x"]).unwrap_err(),
        r#"invalid argument "x" for "-v, --v" flag: strconv.ParseInt: parsing "x": invalid syntax"#
    );
    // -v writes logging.verbosity only once it is a LoggingConfiguration flag.
    assert_eq!(parse(22, &["-v3"]).unwrap().flags[0].target, None);
    assert_eq!(
        parse(23, &["-v3"]).unwrap().flags[0].target,
        Some("logging.verbosity")
    );
}

#[test]
fn unknown_shorthand_and_removed_float_flag() {
    assert_eq!(
        parse(30, &["-x"]).unwrap_err(),
        "unknown shorthand flag: 'x' in -x"
    );
    // --chaos-chance (float64) until 1.21.
    assert!(parse(21, &["--chaos-chance=0.5"]).is_ok());
    assert_eq!(
        parse(21, &["--chaos-chance=half"]).unwrap_err(),
        r#"invalid argument "half" for "--chaos-chance" flag: strconv.ParseFloat: parsing "half": invalid syntax"#
    );
    assert_eq!(
        parse(22, &["--chaos-chance=0.5"]).unwrap_err(),
        "unknown flag: --chaos-chance"
    );
}

/// Command lines modelled on public projects' kubelet invocations.
#[test]
fn realistic_command_lines() {
    // amazon-eks-ami bootstrap.sh (1.24-1.26 era): KUBELET_ARGS plus --node-labels.
    let eks = [
        "--node-ip=10.0.12.34",
        "--pod-infra-container-image=602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/pause:3.5",
        "--v=2",
        "--cloud-provider=aws",
        "--container-runtime=remote",
        "--container-runtime-endpoint=unix:///run/containerd/containerd.sock",
        "--node-labels=eks.amazonaws.com/nodegroup-image=ami-0123,eks.amazonaws.com/capacityType=ON_DEMAND",
        "--max-pods=29",
    ];
    for m in 24..=26 {
        assert!(parse(m, &eks).is_ok(), "EKS on 1.{m}");
    }
    assert_eq!(
        parse(27, &eks).unwrap_err(),
        "unknown flag: --container-runtime"
    );
    // kubeadm's /var/lib/kubelet/kubeadm-flags.env, 1.2x: KUBELET_KUBEADM_ARGS.
    let kubeadm_126 = [
        "--container-runtime=remote",
        "--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock",
        "--pod-infra-container-image=registry.k8s.io/pause:3.9",
    ];
    assert!(parse(26, &kubeadm_126).is_ok());
    let kubeadm_128 = [
        "--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock",
        "--pod-infra-container-image=registry.k8s.io/pause:3.9",
    ];
    assert!(parse(28, &kubeadm_128).is_ok());
    // kubespray's kubelet.env (containerd, 1.2x).
    let kubespray = [
        "--v=2",
        "--node-ip=10.0.0.5",
        "--hostname-override=node1",
        "--bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf",
        "--config=/etc/kubernetes/kubelet-config.yaml",
        "--kubeconfig=/etc/kubernetes/kubelet.conf",
        "--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock",
        "--runtime-cgroups=/system.slice/containerd.service",
    ];
    for m in [22, 25, 29, 33] {
        assert!(parse(m, &kubespray).is_ok(), "kubespray on 1.{m}");
    }
    // kind's node (kubeletExtraArgs + kubeadm flags), 1.2x.
    let kind = [
        "--container-runtime-endpoint=unix:///run/containerd/containerd.sock",
        "--node-ip=172.18.0.2",
        "--node-labels=",
        "--provider-id=kind://docker/kind/kind-control-plane",
        "--fail-swap-on=false",
        "--cgroup-root=/kubelet",
    ];
    for m in [21, 27, 31, 36] {
        assert!(parse(m, &kind).is_ok(), "kind on 1.{m}");
    }
    // Docker-era kubeadm (1.20): dockershim networking flags.
    let kubeadm_120 = [
        "--network-plugin=cni",
        "--pod-infra-container-image=k8s.gcr.io/pause:3.2",
    ];
    assert!(parse(20, &kubeadm_120).is_ok());
    assert_eq!(
        parse(24, &kubeadm_120).unwrap_err(),
        "unknown flag: --network-plugin"
    );
}

#[test]
fn versions_outside_the_data_are_refused() {
    let v = kubegate::version::Version::new(1, 15);
    assert_eq!(
        flags::parse(&args(&["--port=1"]), &v)
            .unwrap_err()
            .to_string(),
        format!(
            "Kubernetes 1.15 is outside the releases kubegate has data for (1.16 to 1.{})",
            NEWEST.minor()
        )
    );
}

// ---- 1.37 and the corrections from the openshift/kubernetes trees ---------------------------

fn deprecation(m: u16, arg: &str) -> Vec<String> {
    warnings(m, &[arg])
}

#[test]
fn release_1_37_carries_the_1_36_command_line() {
    // No kubelet.md was regenerated for 1.37 in reach and no 1.37 options.go; CHANGELOG-1.37
    // (v1.37.0-alpha.1) names no kubelet flag change, and component-base master after
    // kubernetes-1.37.0-beta.0 (349fbe06) registers the same logging flags as 1.36.
    assert_eq!(data::PAGE_COMMITS.last(), Some(&(37, None)));
    let names = |m| data::flags_of(rel(m)).map(|r| r.name).collect::<Vec<_>>();
    assert_eq!(names(37), names(36));
    // defaultPodSysctls (new in 1.37) has no flag: new configuration fields get none.
    assert_eq!(
        parse(37, &["--default-pod-sysctls=net.ipv4.ip_forward=1"]).unwrap_err(),
        "unknown flag: --default-pod-sysctls"
    );
}

#[test]
fn json_logging_flags_stay_registered_from_1_34() {
    // openshift/kubernetes 1.34.9, 1.35.6, 1.36.3: cmd/kubelet/kubelet.go imports
    // k8s.io/component-base/logs/json/register, so logs/api/v1 addFlags registers the JSON
    // options; the 1.34 and 1.35 pages omit them.
    for m in [33, 34, 35, 36, 37] {
        let cl = parse(
            m,
            &[
                "--log-json-split-stream=true",
                "--log-json-info-buffer-size=1Mi",
            ],
        )
        .unwrap_or_else(|e| panic!("1.{m}: {e}"));
        assert_eq!(
            cl.warnings,
            vec![
                format!("Flag --log-json-split-stream has been deprecated, {CONFIG_DEPRECATION}"),
                format!(
                    "Flag --log-json-info-buffer-size has been deprecated, {CONFIG_DEPRECATION}"
                ),
            ],
            "1.{m}"
        );
        assert_eq!(
            cl.flags[0].target,
            Some("logging.options.json.splitStream"),
            "1.{m}"
        );
    }
}

#[test]
fn fail_cgroupv1_was_never_deprecated() {
    // openshift/kubernetes 1.31.14..1.36.3 cmd/kubelet/app/options/options.go: notDeprecated
    // lists fail-cgroupv1 next to provider-id; the 1.32+ pages agree.
    for m in [31, 32, 36, 37] {
        let cl = parse(m, &["--fail-cgroupv1=false"]).unwrap();
        assert!(cl.warnings.is_empty(), "1.{m}: {:?}", cl.warnings);
        assert_eq!(cl.flags[0].target, Some("failCgroupV1"), "1.{m}");
    }
    assert_eq!(
        parse(30, &["--fail-cgroupv1=false"]).unwrap_err(),
        "unknown flag: --fail-cgroupv1"
    );
}

#[test]
fn provider_id_undeprecated_in_1_28() {
    // kubernetes/kubernetes#116530 (1.28 cycle); openshift/kubernetes 1.27.7 still marks it,
    // 1.28.3 lists it in notDeprecated. The hand-edited 1.28 page kept the deprecation.
    assert_eq!(
        deprecation(27, "--provider-id=aws:///x"),
        vec![format!(
            "Flag --provider-id has been deprecated, {CONFIG_DEPRECATION}"
        )]
    );
    for m in [28, 29] {
        let cl = parse(m, &["--provider-id=aws:///x"]).unwrap();
        assert!(cl.warnings.is_empty(), "1.{m}");
        assert_eq!(cl.flags[0].target, Some("providerID"));
    }
}

#[test]
fn pod_infra_container_image_removal_target_per_release() {
    // pkg/kubelet/config/flags.go MarkDeprecated: "a future release" at openshift/kubernetes
    // 1.29.1, 1.30.1, 1.31.14; "1.35" from 1.32.13 (and on the 1.34 page); removed in 1.35.
    let text = |m| deprecation(m, "--pod-infra-container-image=pause");
    for m in [29, 30, 31] {
        assert_eq!(text(m), vec!["Flag --pod-infra-container-image has been deprecated, will be removed in a future release. Image garbage collector will get sandbox image information from CRI."], "1.{m}");
    }
    for m in [32, 33, 34] {
        assert_eq!(text(m), vec!["Flag --pod-infra-container-image has been deprecated, will be removed in 1.35. Image garbage collector will get sandbox image information from CRI."], "1.{m}");
    }
}

#[test]
fn azure_acr_flag_hidden_but_registered_until_1_30() {
    // openshift/kubernetes 1.28.3 and 1.29.1 cmd/kubelet/app/options/globalflags_providers.go
    // (the default, non-providerless build) register it deprecated; gone at 1.30.1.
    for m in [28, 29] {
        assert_eq!(
            deprecation(m, "--azure-container-registry-config=/etc/acr.json"),
            vec!["Flag --azure-container-registry-config has been deprecated, Use --image-credential-provider-config and --image-credential-provider-bin-dir to setup acr credential provider instead. Will be removed in a future release."],
            "1.{m}"
        );
    }
    assert!(deprecation(27, "--azure-container-registry-config=/etc/acr.json").is_empty());
    assert_eq!(
        parse(30, &["--azure-container-registry-config=/etc/acr.json"]).unwrap_err(),
        "unknown flag: --azure-container-registry-config"
    );
}

#[test]
fn release_1_25_flag_set_from_its_own_tree() {
    // openshift/kubernetes 1.25.10 cmd/kubelet/app/options/options.go: the flag for
    // localStorageCapacityIsolation exists and the experimental memcg alias is gone (the
    // 1.25 page predates both); the removal targets say "1.25 or later".
    assert_eq!(
        deprecation(25, "--local-storage-capacity-isolation=false"),
        vec![format!(
            "Flag --local-storage-capacity-isolation has been deprecated, {CONFIG_DEPRECATION}"
        )]
    );
    assert!(parse(24, &["--experimental-kernel-memcg-notification=true"]).is_ok());
    assert_eq!(
        parse(25, &["--experimental-kernel-memcg-notification=true"]).unwrap_err(),
        "unknown flag: --experimental-kernel-memcg-notification"
    );
    assert_eq!(
        deprecation(25, "--experimental-mounter-path=/m"),
        vec!["Flag --experimental-mounter-path has been deprecated, will be removed in 1.25 or later. in favor of using CSI."]
    );
}

#[test]
fn release_1_33_deprecation_texts_from_its_own_tree() {
    // 1.33 had no page; openshift/kubernetes 1.33.13 options.go MarkDeprecated texts (the 1.32
    // page had reworded them).
    assert_eq!(
        deprecation(33, "--cloud-config=/c"),
        vec!["Flag --cloud-config has been deprecated, will be removed in 1.25 or later, in favor of removing cloud provider code from Kubelet."]
    );
    assert_eq!(
        deprecation(33, "--experimental-allocatable-ignore-eviction=true"),
        vec!["Flag --experimental-allocatable-ignore-eviction has been deprecated, will be removed in 1.25 or later."]
    );
    assert_eq!(
        parse(34, &["--cloud-config=/c"]).unwrap_err(),
        "unknown flag: --cloud-config"
    );
}

#[test]
fn openshift_only_flags_are_not_upstream() {
    // openshift/kubernetes registers --max-housekeeping-interval (a carried patch); the
    // upstream proposals (kubernetes/kubernetes#104339, #124520) were closed unmerged.
    for m in [25, 31, 36, 37] {
        assert_eq!(
            parse(m, &["--max-housekeeping-interval=30s"]).unwrap_err(),
            "unknown flag: --max-housekeeping-interval"
        );
    }
    assert!(parse(36, &["--housekeeping-interval=10s"]).is_ok());
}
