//! The generated per-release gate data (`kubegate::releases::gates`, built by
//! `scripts/gen-releases/gates.py`): invariants, boundary facts checked against their upstream
//! source (named per assertion), and the census per release.

use kubegate::featuregate::PreRelease;
use kubegate::releases::gates::{GateRecord, GATES, POINTS, SOURCES};
use kubegate::releases::{Release, NEWEST};

fn gate(name: &str) -> &'static GateRecord {
    GATES
        .iter()
        .find(|g| g.name == name)
        .unwrap_or_else(|| panic!("{name} missing from the generated data"))
}

fn rel(minor: u16) -> Release {
    Release::new(minor).expect("a carried release")
}

fn known(name: &str, minor: u16) -> bool {
    GATES
        .iter()
        .find(|g| g.name == name)
        .is_some_and(|g| g.known_in(rel(minor)))
}

/// The spec a binary of release `minor` evaluates at its own version.
fn flat(name: &str, minor: u16) -> (PreRelease, bool, bool) {
    let s = gate(name)
        .specs_in(rel(minor))
        .pop()
        .unwrap_or_else(|| panic!("{name} has no spec at 1.{minor}"));
    (s.pre_release, s.default, s.lock_to_default)
}

fn count_at(minor: u16) -> usize {
    GATES.iter().filter(|g| g.known_in(rel(minor))).count()
}

#[test]
fn records_are_sorted_unique_and_well_formed() {
    assert!(GATES.len() > 400);
    for pair in GATES.windows(2) {
        assert!(
            pair[0].name < pair[1].name,
            "{} / {}",
            pair[0].name,
            pair[1].name
        );
    }
    for g in GATES {
        assert!(!g.eras.is_empty(), "{}", g.name);
        assert!(
            !g.eras[0].specs.is_empty(),
            "{}: starts unregistered",
            g.name
        );
        for pair in g.eras.windows(2) {
            assert!(
                (pair[0].minor, pair[0].patch) < (pair[1].minor, pair[1].patch),
                "{}",
                g.name
            );
            assert!(pair[0] != pair[1], "{}", g.name);
        }
        assert!(
            g.eras.iter().all(|e| e.minor <= NEWEST.minor()),
            "{}",
            g.name
        );
    }
    assert!(SOURCES.iter().all(|s| s.contains('@') && s.contains(':')));
    // every release has a pinned point
    for r in Release::all() {
        assert!(POINTS.iter().any(|p| p.minor == r.minor()), "{r}");
    }
}

#[test]
fn boundary_facts() {
    // kubernetes/website feature-gates/CSIMigration.md: stable 1.25-1.26, removed.
    assert!(known("CSIMigration", 25) && known("CSIMigration", 26));
    assert!(!known("CSIMigration", 27));
    // 1.25.0 kube map (ceph/ceph-csi@e3bf3750, go.mod k8s.io/kubernetes v1.25.0):
    // CSIMigration {Default: true, PreRelease: GA, LockToDefault: true}, so a 1.25 kubelet
    // refuses CSIMigration=false; 1.24.0 (ceph/ceph-csi@c4f79d45): Beta, default on, unlocked.
    assert_eq!(flat("CSIMigration", 25), (PreRelease::GA, true, true));
    assert_eq!(flat("CSIMigration", 24), (PreRelease::Beta, true, false));
    // website DynamicKubeletConfig.md: deprecated (default false) from 1.22 to 1.25, removed.
    assert!(known("DynamicKubeletConfig", 25));
    assert_eq!(
        flat("DynamicKubeletConfig", 25),
        (PreRelease::Deprecated, false, false)
    );
    assert!(!known("DynamicKubeletConfig", 26));
    // website LocalStorageCapacityIsolation.md: beta 1.10-1.24, stable 1.25-1.26, removed.
    assert!(known("LocalStorageCapacityIsolation", 22));
    assert!(known("LocalStorageCapacityIsolation", 26));
    assert!(!known("LocalStorageCapacityIsolation", 27));
    // website KubeletCredentialProviders.md: alpha 1.20, beta 1.24, stable 1.26-1.28, removed;
    // but the 1.28.0 kube map (ceph/ceph-csi@ff3e84ad vendoring k8s.io/kubernetes v1.28.0) has
    // no such entry and the 1.27.2 one (ceph/ceph-csi@07b05616) has it GA, LockToDefault: the
    // website's last toVersion is one release late.
    for r in 20..=27 {
        assert!(known("KubeletCredentialProviders", r), "1.{r}");
    }
    assert!(!known("KubeletCredentialProviders", 19) && !known("KubeletCredentialProviders", 28));
    assert_eq!(
        flat("KubeletCredentialProviders", 26),
        (PreRelease::GA, true, true)
    );
    // website DisableCloudProviders.md / DisableKubeletCloudCredentialProviders.md: stable
    // 1.31-1.32, removed; neither is in versioned_feature_list.yaml at 1.34.
    for name in [
        "DisableCloudProviders",
        "DisableKubeletCloudCredentialProviders",
    ] {
        assert!(known(name, 32) && !known(name, 33), "{name}");
    }
    // website MinimizeIPTablesRestore.md: stable 1.28-1.29, removed.
    assert!(known("MinimizeIPTablesRestore", 29) && !known("MinimizeIPTablesRestore", 30));
    // website PodDisruptionConditions.md: GA 1.31-1.33, removed; absent from the 1.34 list.
    assert!(known("PodDisruptionConditions", 28));
    assert_eq!(flat("PodDisruptionConditions", 31).0, PreRelease::GA);
    assert!(known("PodDisruptionConditions", 33) && !known("PodDisruptionConditions", 34));
    // website InTreePluginGCEUnregister.md: alpha 1.21-1.30, removed.
    assert!(known("InTreePluginGCEUnregister", 21) && known("InTreePluginGCEUnregister", 30));
    assert!(!known("InTreePluginGCEUnregister", 31));
    // preset (kube_features.go@00dada9a) NodeSwap: alpha 1.22, beta 1.28 (off), 1.30 (on),
    // GA locked 1.34.
    assert_eq!(flat("NodeSwap", 22), (PreRelease::Alpha, false, false));
    assert_eq!(flat("NodeSwap", 28), (PreRelease::Beta, false, false));
    assert_eq!(flat("NodeSwap", 34), (PreRelease::GA, true, true));
    assert!(!known("NodeSwap", 21));
    // preset SidecarContainers: alpha 1.28, beta 1.29, GA locked 1.33.
    assert!(!known("SidecarContainers", 27));
    assert_eq!(flat("SidecarContainers", 28).0, PreRelease::Alpha);
    assert_eq!(
        flat("SidecarContainers", 29),
        (PreRelease::Beta, true, false)
    );
    assert_eq!(flat("SidecarContainers", 33), (PreRelease::GA, true, true));
    // kubernetes/component-base tags: ContextualLogging from 1.24 (logs/kube_features.go),
    // LoggingAlphaOptions/LoggingBetaOptions from 1.25 (logs/api/v1), though their versioned
    // specs say 1.24.
    assert!(known("ContextualLogging", 24) && !known("ContextualLogging", 23));
    assert!(!known("LoggingAlphaOptions", 24) && known("LoggingAlphaOptions", 25));
    // kubernetes/client-go tags: WatchListClient from 1.30 (beta, off), on by default in 1.35.
    assert!(!known("WatchListClient", 29) && known("WatchListClient", 30));
    assert_eq!(flat("WatchListClient", 35), (PreRelease::Beta, true, false));
    // kubernetes/apiextensions-apiserver tags: the CRD gates are gone from the 1.18 tag.
    assert!(known("CustomResourceValidation", 17) && !known("CustomResourceValidation", 18));
    // pkg/features snapshots (facts/gates-kube-snapshots.tsv):
    // - 1.16.0 kube map (openshift/sdn@b40dd9af, openshift/kubernetes sdn-4.3-kubernetes-1.16.0)
    //   no longer has HugePages, PodReadinessGates or VolumeScheduling (the website said GA until
    //   1.17..1.19); these records are gone, a 1.16 kubelet refuses them.
    for name in ["HugePages", "PodReadinessGates", "VolumeScheduling"] {
        assert!(GATES.iter().all(|g| g.name != name), "{name}");
    }
    // - PodDisruptionBudget first appears in the 1.17.0 map (ceph/ceph-csi@3af1e26d), GA locked
    //   in 1.21.2 (ceph/ceph-csi@1b23d781), gone from 1.25.0 (ceph/ceph-csi@e3bf3750).
    assert!(!known("PodDisruptionBudget", 16) && known("PodDisruptionBudget", 17));
    assert_eq!(
        flat("PodDisruptionBudget", 21),
        (PreRelease::GA, true, true)
    );
    assert!(known("PodDisruptionBudget", 24) && !known("PodDisruptionBudget", 25));
    // - DefaultIngressClass: in the 1.18.0 and 1.19.1 maps only (kubeedge/kubeedge@9f0a4c7b);
    //   no website page. csiMigrationRBD: the 1.23.0 map registers that lower-case string
    //   (constant CSIMigrationRBD), the 1.24.0 map "CSIMigrationRBD".
    assert!(!known("DefaultIngressClass", 17) && known("DefaultIngressClass", 19));
    assert!(!known("DefaultIngressClass", 20));
    assert!(known("csiMigrationRBD", 23) && !known("csiMigrationRBD", 24));
    assert!(!known("CSIMigrationRBD", 23) && known("CSIMigrationRBD", 24));
    // - MutatingAdmissionPolicy is relisted in the kube map of 1.30.0 (ceph/ceph-csi@e727bd35)
    //   before the apiserver package registers it (1.32 tag): alpha from 1.30.
    assert!(!known("MutatingAdmissionPolicy", 29) && known("MutatingAdmissionPolicy", 30));
    // - DevicePluginCDIDevices / LegacySidecarContainers: absent from the 1.34.3 map
    //   (stashed/stash@844e1bc8) though the mid-cycle 1.34 list had them.
    assert!(known("DevicePluginCDIDevices", 33) && !known("DevicePluginCDIDevices", 34));
    assert!(known("LegacySidecarContainers", 33) && !known("LegacySidecarContainers", 34));
    // 1.36 removals (corrections/gates.tsv): kubernetes/kubernetes#135335 "[1.36] Remove feature
    // gate HonorPVReclaimPolicy"; kubernetes/website#54063 (Portworx gates removed). The
    // AnyVolumeDataSource removal is kubernetes/kubernetes#135336 "[1.37]": still known at 1.36.
    for name in [
        "HonorPVReclaimPolicy",
        "CSIMigrationPortworx",
        "InTreePluginPortworxUnregister",
    ] {
        assert!(known(name, 35) && !known(name, 36), "{name}");
    }
    assert!(known("AnyVolumeDataSource", 36));
    // AllowDNSOnlyNodeCSR: registered from 1.31; the 1.32 code declares only a 1.31 Deprecated
    // spec (openshift/microshift deps copy of 1.32.1, pkg/features/kube_features.go), the 1.33
    // code adds the 1.0 GA entry (component-base 1.33 wants one for a gate introduced as
    // deprecated).
    assert_eq!(gate("AllowDNSOnlyNodeCSR").life().0, 31);
    assert_eq!(gate("AllowDNSOnlyNodeCSR").specs_in(rel(32)).len(), 1);
    assert_eq!(
        gate("AllowDNSOnlyNodeCSR").specs_in(rel(33))[0].pre_release,
        PreRelease::GA
    );
}

/// Gates known at each release 1.16..=1.37 (its first pinned patch): the pinned trees of
/// scripts/gen-releases/facts (README "Feature gates", census).
const CENSUS: [(u16, usize); 22] = [
    (16, 94),
    (17, 98),
    (18, 99),
    (19, 105),
    (20, 117),
    (21, 124),
    (22, 127),
    (23, 138),
    (24, 138),
    (25, 140),
    (26, 145),
    (27, 145),
    (28, 149),
    (29, 158),
    (30, 164),
    (31, 164),
    (32, 176),
    (33, 189),
    (34, 205),
    (35, 216),
    (36, 240),
    (37, 242),
];

#[test]
fn census_per_release() {
    for (minor, want) in CENSUS {
        assert_eq!(count_at(minor), want, "gates known at 1.{minor}");
    }
}
