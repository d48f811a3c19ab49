//! Release boundaries of the per-release gate data, each named after the upstream file (and
//! commit) that decides it: what each release's own code declared, never a later list's
//! back-dated history. Patch releases are answered per patch where a fact changed in one.

use kubegate::featuregate::PreRelease::{self, Alpha, Beta, GA};
use kubegate::releases::gates::{facts_in, patch_range, record, release_gate};
use kubegate::releases::{Release, NEWEST};

fn rel(text: &str) -> Release {
    Release::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// (stage, default, locked) of `name` as the binary of `release` evaluates it.
fn state(name: &str, release: &str) -> Option<(PreRelease, bool, bool)> {
    let r = record(name)?;
    let s = r.specs_in(rel(release)).pop()?;
    Some((s.pre_release, s.default, s.lock_to_default))
}

#[test]
fn apiserving_with_routine_is_beta_and_on_in_1_30_apiserver_9b2e61f6() {
    // kubernetes/apiserver@9b2e61f60b8a (tag kubernetes-1.30.0):pkg/features/kube_features.go
    // APIServingWithRoutine {Default: true, PreRelease: Beta}; later lists back-date it to an
    // Alpha 1.30 spec, which 1.30.0 never shipped (1.30.4 did: see the patch-tag test).
    assert_eq!(
        state("APIServingWithRoutine", "1.30"),
        Some((Beta, true, false))
    );
    assert_eq!(
        state("APIServingWithRoutine", "1.30.1"),
        Some((Beta, true, false))
    );
    assert_eq!(
        state("APIServingWithRoutine", "1.31"),
        Some((Alpha, false, false))
    );
}

#[test]
fn windows_host_network_is_alpha_but_on_in_1_26_to_1_32_kube_features() {
    // ceph/ceph-csi@9c8de947 (k8s.io/kubernetes v1.26.1) .. openshift/microshift deps copies of
    // 1.31/1.32 pkg/features/kube_features.go: WindowsHostNetwork {Default: true, Alpha}.
    for minor in 26..=32 {
        let r = format!("1.{minor}");
        assert_eq!(
            state("WindowsHostNetwork", &r),
            Some((Alpha, true, false)),
            "{r}"
        );
    }
    // the 1.33 code rewrote its history to Alpha/off and deprecated it
    assert_eq!(
        state("WindowsHostNetwork", "1.33").map(|s| s.1),
        Some(false)
    );
}

#[test]
fn ipv6_dual_stack_is_registered_ga_locked_in_1_26_controller_manager_88122d07() {
    // kubernetes/controller-manager@88122d074af9 (kubernetes-1.26.0):pkg/features/kube_features.go
    // IPv6DualStack {Default: true, PreRelease: GA, LockToDefault: true}; gone from the
    // kubernetes-1.27.0 tag (5d9e3aef) and from the 1.27 kube map.
    assert_eq!(state("IPv6DualStack", "1.26"), Some((GA, true, true)));
    assert!(!record("IPv6DualStack").unwrap().known_in(rel("1.27")));
    let gate = release_gate(rel("1.26")).unwrap();
    assert_eq!(gate.enabled("IPv6DualStack").ok(), Some(true));
}

#[test]
fn node_log_query_is_ga_and_locked_in_1_36_microshift_df801070() {
    // openshift/microshift@df8010700a22 deps/github.com/openshift/kubernetes (v1.36.2)
    // pkg/features/kube_features.go: NodeLogQuery 1.27 Alpha, 1.30 Beta, 1.36 GA locked (the
    // fork's carry turning Alpha/Beta on is undone: upstream kept them off).
    assert_eq!(state("NodeLogQuery", "1.36"), Some((GA, true, true)));
    assert_eq!(state("NodeLogQuery", "1.35"), Some((Beta, false, false)));
    let mut gate = release_gate(rel("1.36")).unwrap();
    assert!(gate.set("NodeLogQuery=false").is_err());
}

#[test]
fn extend_websockets_and_pleg_on_demand_relist_exist_in_1_36_microshift_df801070() {
    // the same 1.36.2 kube map registers both (Beta, on); the hand transcription lacked them
    for name in ["ExtendWebSocketsToKubelet", "PLEGOnDemandRelist"] {
        assert_eq!(state(name, "1.36"), Some((Beta, true, false)), "{name}");
        assert!(!record(name).unwrap().known_in(rel("1.35")), "{name}");
    }
}

#[test]
fn service_account_node_audience_restriction_flips_off_in_1_32_2_changelog_1_32() {
    // CHANGELOG-1.32.md (openshift/microshift@release-4.19 deps copy): v1.32.0 adds it enabled
    // by default (kubernetes/kubernetes#128077); v1.32.2 reverts it to disabled (#130015).
    for r in ["1.32", "1.32.0", "1.32.1"] {
        assert_eq!(
            state("ServiceAccountNodeAudienceRestriction", r),
            Some((Beta, true, false)),
            "{r}"
        );
    }
    for r in ["1.32.2", "1.32.4", "1.32.13"] {
        assert_eq!(
            state("ServiceAccountNodeAudienceRestriction", r),
            Some((Beta, false, false)),
            "{r}"
        );
    }
    // the minor's answer covers 1.32.0 and 1.32.1
    assert_eq!(patch_range(rel("1.32")), (0, Some(1)));
    assert_eq!(patch_range(rel("1.32.2")).0, 2);
}

#[test]
fn stateful_set_semantic_revision_comparison_arrives_in_1_34_2_changelog_1_34() {
    // CHANGELOG-1.34.md v1.34.2: the fix guarded by StatefulSetSemanticRevisionComparison;
    // openshift/microshift deps copies of 1.34.1 (absent) and 1.34.2 (Beta, on, spec 1.0).
    let r = record("StatefulSetSemanticRevisionComparison").unwrap();
    assert!(!r.known_in(rel("1.34")));
    assert!(!r.known_in(rel("1.34.1")));
    assert_eq!(
        state("StatefulSetSemanticRevisionComparison", "1.34.2"),
        Some((Beta, true, false))
    );
    // the upgrade from 1.34.1 to 1.34.2 adds it; 1.33 never had it
    assert!(!r.known_in(rel("1.33")));
}

#[test]
fn the_newest_release_is_1_37_and_its_kube_facts_rest_on_the_website() {
    assert_eq!(NEWEST.to_string(), "1.37");
    let facts = facts_in(rel("1.37"));
    // carried or page-decided kube gates say so; staging gates name their beta.0 tag
    let nlq = facts.iter().find(|f| f.name == "NodeLogQuery").unwrap();
    assert!(nlq.from_website, "{}", nlq.source);
    let hae = facts
        .iter()
        .find(|f| f.name == "HugepageAwareEviction")
        .unwrap();
    assert!(hae.from_website && hae.source.starts_with("kubernetes/website@"));
    let apiserver = facts
        .iter()
        .find(|f| f.source.starts_with("kubernetes/apiserver@"))
        .expect("a staging gate at 1.37");
    assert!(!apiserver.from_website);
    // 1.36 facts rest on code
    assert!(facts_in(rel("1.36")).iter().all(|f| !f.from_website));
}

#[test]
fn every_fact_names_its_source() {
    for r in Release::all() {
        for f in facts_in(r) {
            assert!(
                f.source.contains('@') && f.source.contains(':'),
                "{} at {r}",
                f.name
            );
        }
    }
    let f = facts_in(rel("1.30"));
    let a = f
        .iter()
        .find(|f| f.name == "APIServingWithRoutine")
        .unwrap();
    assert!(
        a.source.starts_with("kubernetes/apiserver@9b2e61f60b8a"),
        "{}",
        a.source
    );
}

#[test]
fn patch_versions_are_accepted_and_non_ascii_space_is_not() {
    assert_eq!(rel("v1.32.4-eks-1234").to_string(), "1.32.4");
    assert!(Release::parse("\u{a0}1.30").is_err());
    assert!(Release::parse("1.30\u{3000}").is_err());
}

#[test]
fn volume_reconstruction_gates_are_on_in_1_27_0_and_1_27_1_pr_117752() {
    // kubernetes/kubernetes#117752 (release-1.27 cherry pick, merged after v1.27.1) turned both
    // off; v1.27.0 binaries' /metrics report them BETA 1; ceph/ceph-csi@07b05616 (v1.27.2): off.
    for name in [
        "NewVolumeManagerReconstruction",
        "SELinuxMountReadWriteOncePod",
    ] {
        assert_eq!(state(name, "1.27"), Some((Beta, true, false)), "{name}");
        assert_eq!(state(name, "1.27.1"), Some((Beta, true, false)), "{name}");
        assert_eq!(state(name, "1.27.2"), Some((Beta, false, false)), "{name}");
    }
}

#[test]
fn apiserver_patch_tags_decide_staging_gates_per_patch() {
    // kubernetes/apiserver@8d18eec7c050 (kubernetes-1.29.3): SeparateCacheWatchRPC arrives (Beta,
    // on), absent at 1.29.0; WatchFromStorageWithoutResourceVersion from 1.29.4 (v1.29.4 binaries'
    // /metrics report both).
    assert!(!record("SeparateCacheWatchRPC")
        .unwrap()
        .known_in(rel("1.29")));
    assert_eq!(
        state("SeparateCacheWatchRPC", "1.29.3"),
        Some((Beta, true, false))
    );
    assert!(!record("WatchFromStorageWithoutResourceVersion")
        .unwrap()
        .known_in(rel("1.29.3")));
    assert_eq!(
        state("WatchFromStorageWithoutResourceVersion", "1.29.4"),
        Some((Beta, false, false))
    );
    // kubernetes/apiserver@096874e1dc16 (kubernetes-1.30.4): APIServingWithRoutine back to
    // Alpha, off
    assert_eq!(
        state("APIServingWithRoutine", "1.30.3"),
        Some((Beta, true, false))
    );
    assert_eq!(
        state("APIServingWithRoutine", "1.30.4"),
        Some((Alpha, false, false))
    );
}

#[test]
fn fork_carries_are_undone_event_pleg_and_queueing_hints_in_1_28_3() {
    // the 1.28.3 openshift/kubernetes tree demotes EventedPLEG and turns SchedulerQueueingHints
    // off; upstream's 1.28.0 map (ceph/ceph-csi@ff3e84ad) and v1.28.3 binaries' /metrics keep
    // EventedPLEG Beta (off) and SchedulerQueueingHints Beta (on)
    assert_eq!(state("EventedPLEG", "1.28.3"), Some((Beta, false, false)));
    assert_eq!(
        state("SchedulerQueueingHints", "1.28.3"),
        Some((Beta, true, false))
    );
}
