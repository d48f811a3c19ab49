//! The kubelet command line per release (1.16..1.36). Sources: the kubelet reference pages of
//! kubernetes/website (content/en/docs/reference/command-line-tools-reference/kubelet.md, one
//! generated version per release, commits in `kubelet_flags::PAGE_COMMITS`),
//! k8s.io/component-base logs (klog flags, -v), and pflag's error texts.

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
    flags::parse_release(&args(a), rel(m))
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
    assert_eq!(data::PAGE_COMMITS.len(), 21);
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
        flags::parse(&args(&["--port=1"]), &v).unwrap_err(),
        "Kubernetes 1.15 is outside the releases kubegate has data for (1.16 to 1.37)"
    );
}
