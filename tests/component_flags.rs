//! The control plane's flag sets per release (1.16..1.37), each boundary named after the
//! upstream source that decides it. "The N page" is kubernetes/website's generated
//! `content/en/docs/reference/command-line-tools-reference/<component>.md` of release 1.N
//! (`component_flags::PAGE_COMMITS`); "the 1.N tree" is openshift/kubernetes as
//! openshift/microshift carries it (`vendor/k8s.io/kubernetes` on release-4.12..4.17,
//! `deps/github.com/openshift/kubernetes` on release-4.18..5.0).

#![cfg(feature = "control-plane")]

use kubegate::releases::component_flags::{self, FlagKind, COMPONENTS, FLAGS};
use kubegate::releases::gates::Component;
use kubegate::releases::{Release, NEWEST, OLDEST};

fn rel(m: u16) -> Release {
    Release::new(m).unwrap()
}

/// (kind, deprecation) of `--name` in release 1.m, `None` when unregistered.
fn flag(c: Component, name: &str, m: u16) -> Option<(FlagKind, Option<&'static str>)> {
    let span = component_flags::record(c, name)?.at(rel(m))?;
    Some((span.kind, span.deprecated))
}

fn count(c: Component, m: u16) -> usize {
    component_flags::flags_of(c, rel(m)).count()
}

/// kube-apiserver `--insecure-port` and its kin: MarkDeprecated (pkg/kubeapiserver/options/
/// serving.go, "This flag will be removed in a future version.") through 1.19, inert from 1.20
/// (kubernetes/kubernetes#95856, the text real 1.20..1.22 binaries print), gone in 1.24 with
/// `--insecure-bind-address`, `--address` and `--port` (CHANGELOG-1.24; nothing in the 1.25 tree).
#[test]
fn apiserver_insecure_port_removed_in_1_24() {
    assert_eq!(
        flag(Component::KubeApiserver, "insecure-port", 19),
        Some((
            FlagKind::Int64,
            Some("This flag will be removed in a future version.")
        ))
    );
    let inert = "This flag has no effect now and will be removed in v1.24.";
    for name in ["insecure-port", "insecure-bind-address", "address", "port"] {
        assert_eq!(
            flag(Component::KubeApiserver, name, 23).and_then(|f| f.1),
            Some(inert),
            "{name}"
        );
        assert_eq!(flag(Component::KubeApiserver, name, 24), None, "{name}");
    }
    assert_eq!(
        flag(Component::KubeApiserver, "address", 16).and_then(|f| f.1),
        Some("see --insecure-bind-address instead.")
    );
}

/// kube-scheduler: the Policy flags are on the 1.22 page, not on the 1.23 page (the Policy API
/// went in 1.23); `--address` and `--port` stay in 1.23 as no-op dummies marked deprecated
/// (cmd/kube-scheduler/app/options/deprecated.go `addDummyInsecureFlags`) and go in 1.24.
#[test]
fn scheduler_insecure_serving_and_policy_flags() {
    for name in ["policy-config-file", "use-legacy-policy-config"] {
        assert!(flag(Component::KubeScheduler, name, 22).is_some(), "{name}");
        assert_eq!(flag(Component::KubeScheduler, name, 23), None, "{name}");
    }
    assert_eq!(
        flag(Component::KubeScheduler, "port", 22),
        Some((FlagKind::Int64, None))
    );
    assert_eq!(
        flag(Component::KubeScheduler, "port", 23).and_then(|f| f.1),
        Some("This flag has no effect now and will be removed in v1.24. You can use --secure-port instead.")
    );
    assert_eq!(flag(Component::KubeScheduler, "port", 24), None);
}

/// kube-controller-manager `--enable-taint-manager` and `--pod-eviction-timeout`: marked
/// deprecated in the 1.25/1.26 trees (cmd/kube-controller-manager/app/options/
/// nodelifecyclecontroller.go) with the release that removes them; the 1.27 tree no longer
/// registers them.
#[test]
fn controller_manager_taint_manager_flags_removed_in_1_27() {
    assert_eq!(
        flag(Component::KubeControllerManager, "enable-taint-manager", 26),
        Some((
            FlagKind::Bool,
            Some("This flag is deprecated and it will be removed in 1.27. The taint-manager is enabled by default and will remain implicitly enabled once this flag is removed.")
        ))
    );
    assert_eq!(
        flag(Component::KubeControllerManager, "pod-eviction-timeout", 26).and_then(|f| f.1),
        Some("This flag is deprecated and it will be removed in 1.27. Once taint manager is enabled, this flag has no effect.")
    );
    assert_eq!(
        flag(Component::KubeControllerManager, "enable-taint-manager", 27),
        None
    );
    assert_eq!(
        flag(Component::KubeControllerManager, "pod-eviction-timeout", 27),
        None
    );
}

/// kube-apiserver `--cloud-provider`: MarkDeprecated from 1.29 (pkg/kubeapiserver/options/
/// cloudprovider.go, "will be removed in a future version"); gone from the 1.33 page and tree.
#[test]
fn apiserver_cloud_provider_deprecated_1_29_removed_1_33() {
    assert_eq!(
        flag(Component::KubeApiserver, "cloud-provider", 28),
        Some((FlagKind::Str, None))
    );
    assert_eq!(
        flag(Component::KubeApiserver, "cloud-provider", 32).and_then(|f| f.1),
        Some("will be removed in a future version")
    );
    assert_eq!(flag(Component::KubeApiserver, "cloud-provider", 33), None);
    // The controller-manager keeps its --cloud-provider.
    assert!(flag(
        Component::KubeControllerManager,
        "cloud-provider",
        NEWEST.minor()
    )
    .is_some());
}

/// kube-apiserver `--enable-logs-handler`: the text pflag prints changed with the trees:
/// "removed in v1.19" through 1.30, "removed in v1.33" in 1.31-1.32, then "Log handler
/// functionality is deprecated" (pkg/controlplane/apiserver/options/options.go).
#[test]
fn apiserver_enable_logs_handler_texts_per_release() {
    let dep = |m| flag(Component::KubeApiserver, "enable-logs-handler", m).and_then(|f| f.1);
    assert_eq!(dep(16), Some("This flag will be removed in v1.19"));
    assert_eq!(dep(30), Some("This flag will be removed in v1.19"));
    assert_eq!(dep(31), Some("This flag will be removed in v1.33"));
    assert_eq!(dep(33), Some("Log handler functionality is deprecated"));
}

/// klog's flags: k8s.io/component-base logs.AddFlags (through cli.Run) registers them
/// deprecated in 1.23-1.25 (KEP-2845 text) and no longer from kubernetes-1.26.0.
#[test]
fn klog_flags_deprecated_1_23_to_1_25_removed_1_26() {
    let kep = "will be removed in a future release, see https://github.com/kubernetes/enhancements/tree/master/keps/sig-instrumentation/2845-deprecate-klog-specific-flags-in-k8s-components";
    for c in [
        Component::KubeApiserver,
        Component::KubeControllerManager,
        Component::KubeScheduler,
    ] {
        assert_eq!(flag(c, "logtostderr", 22), Some((FlagKind::Bool, None)));
        assert_eq!(
            flag(c, "logtostderr", 25),
            Some((FlagKind::Bool, Some(kep)))
        );
        assert_eq!(flag(c, "logtostderr", 26), None);
        // -v stays, read by component-base's LoggingConfiguration from 1.23.
        assert_eq!(flag(c, "v", 22).map(|f| f.0), Some(FlagKind::KlogLevel));
        assert_eq!(flag(c, "v", 26).map(|f| f.0), Some(FlagKind::Verbosity));
    }
}

/// kube-proxy `--healthz-port` / `--metrics-port`: MarkDeprecated from 1.18 (the 1.17 page lists
/// them, 1.18's does not; cmd/kube-proxy/app/server.go), still registered in the 1.36 tree.
#[test]
fn proxy_port_flags_deprecated_since_1_18() {
    assert_eq!(
        flag(Component::KubeProxy, "healthz-port", 17),
        Some((FlagKind::Int32, None))
    );
    let text = "This flag is deprecated and will be removed in a future release. Please use --healthz-bind-address instead.";
    assert_eq!(
        flag(Component::KubeProxy, "healthz-port", 18),
        Some((FlagKind::Int32, Some(text)))
    );
    assert_eq!(
        flag(Component::KubeProxy, "healthz-port", 36),
        Some((FlagKind::Int32, Some(text)))
    );
}

/// kube-proxy before 1.21: its main added Go's flag set (klog's flags, from component-base's
/// logs package) to pflag's, which the page generator never ran; -v was always accepted.
#[test]
fn proxy_accepts_klog_flags_before_the_pages_list_them() {
    assert_eq!(
        flag(Component::KubeProxy, "v", 16).map(|f| f.0),
        Some(FlagKind::KlogLevel)
    );
    assert!(flag(Component::KubeProxy, "logtostderr", 20).is_some());
    assert_eq!(
        component_flags::by_shorthand(Component::KubeProxy, 'v', rel(16)).map(|r| r.name),
        Some("v")
    );
}

/// New in 1.36 without a 1.36 page: `--tls-curve-preferences` (k8s.io/apiserver
/// pkg/server/options/serving.go at kubernetes-1.36.0) for the three serving components, and
/// the controller-manager's `--concurrent-resourceclaim-syncs` (the 1.36 tree).
#[test]
fn flags_new_in_1_36_from_the_tree_and_staging_tag() {
    for c in [
        Component::KubeApiserver,
        Component::KubeControllerManager,
        Component::KubeScheduler,
    ] {
        assert_eq!(flag(c, "tls-curve-preferences", 35), None);
        assert!(flag(c, "tls-curve-preferences", 36).is_some());
    }
    assert_eq!(
        flag(Component::KubeProxy, "tls-curve-preferences", 36),
        None
    );
    assert_eq!(
        flag(
            Component::KubeControllerManager,
            "concurrent-resourceclaim-syncs",
            36
        ),
        Some((FlagKind::Int32, None))
    );
}

/// `--emulated-version` arrives with component-base's compatibility registry in 1.31.
#[test]
fn emulated_version_from_1_31() {
    for c in [
        Component::KubeApiserver,
        Component::KubeControllerManager,
        Component::KubeScheduler,
    ] {
        assert_eq!(flag(c, "emulated-version", 30), None);
        assert!(flag(c, "emulated-version", 31).is_some());
    }
    assert_eq!(
        flag(Component::KubeProxy, "emulated-version", NEWEST.minor()),
        None
    );
}

/// The census `component_flags.py build` prints, held here so a regeneration that changes it
/// is reviewed.
#[test]
fn census_per_component_and_release() {
    let want: [(Component, [usize; 22]); 4] = [
        (
            Component::KubeApiserver,
            [
                156, 160, 162, 165, 171, 176, 176, 177, 168, 170, 158, 160, 163, 166, 167, 168,
                170, 170, 173, 174, 175, 175,
            ],
        ),
        (
            Component::KubeControllerManager,
            [
                123, 125, 127, 141, 145, 150, 150, 150, 147, 150, 139, 137, 141, 142, 144, 141,
                143, 143, 143, 146, 148, 148,
            ],
        ),
        (
            Component::KubeScheduler,
            [
                67, 67, 68, 70, 72, 75, 72, 68, 66, 66, 55, 55, 53, 54, 55, 57, 58, 58, 58, 59, 60,
                60,
            ],
        ),
        (
            Component::KubeProxy,
            [
                54, 53, 58, 59, 59, 65, 65, 65, 62, 62, 62, 62, 63, 67, 67, 66, 66, 66, 66, 66, 66,
                66,
            ],
        ),
    ];
    for (c, counts) in want {
        let got: Vec<usize> = Release::all().map(|r| count(c, r.minor())).collect();
        assert_eq!(got, counts.to_vec(), "{}", c.name());
    }
}

#[test]
fn every_record_is_well_formed() {
    assert_eq!(Release::all().count(), 22);
    for r in FLAGS {
        assert!(COMPONENTS.contains(&r.component));
        assert!(r.since >= OLDEST.minor());
        assert!(r.removed.is_none_or(|x| x > r.since && x <= NEWEST.minor()));
        assert!(!r.name.contains('_'), "{} is not normalized", r.name);
        assert_eq!(r.spans.first().map(|s| s.from), Some(r.since));
    }
}

/// The controller-manager reads no versioned config file: no release's page lists a `--config`
/// for it (KubeControllerManagerConfiguration stays internal), while the scheduler and kube-proxy
/// have `--config` and `--write-config-to` in every release.
#[test]
fn only_scheduler_and_proxy_take_a_config_file() {
    for r in Release::all() {
        let m = r.minor();
        assert_eq!(flag(Component::KubeControllerManager, "config", m), None);
        assert_eq!(flag(Component::KubeApiserver, "config", m), None);
        for c in [Component::KubeScheduler, Component::KubeProxy] {
            assert_eq!(flag(c, "config", m), Some((FlagKind::Str, None)), "{m}");
            assert!(flag(c, "write-config-to", m).is_some());
        }
    }
    use kubegate::releases::component_configs::file_flag;
    assert!(file_flag(Component::KubeControllerManager, "config").is_none());
    assert_eq!(
        file_flag(Component::KubeScheduler, "config").map(|f| f.kind),
        Some("KubeSchedulerConfiguration")
    );
}
