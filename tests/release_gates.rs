//! The generated per-release gate data (`kubegate::releases::gates`, built by
//! `scripts/gen-releases/gates.py`): invariants, boundary facts checked against their upstream
//! source (named per assertion), agreement with the built-in preset, and the census per release.

use kubegate::featuregate::PreRelease;
use kubegate::releases::gates::{GateRecord, GATES, SOURCES};

fn gate(name: &str) -> &'static GateRecord {
    GATES
        .iter()
        .find(|g| g.name == name)
        .unwrap_or_else(|| panic!("{name} missing from the generated data"))
}

fn known(name: &str, minor: u16) -> bool {
    let g = gate(name);
    g.since <= minor && g.removed.is_none_or(|r| minor < r)
}

/// The flat spec a binary of release `minor` has: the last spec at or before it.
fn flat(name: &str, minor: u16) -> (PreRelease, bool, bool) {
    let g = gate(name);
    let s = g
        .specs
        .iter()
        .rev()
        .find(|s| (s.0, s.1) <= (1, minor))
        .unwrap_or_else(|| panic!("{name} has no spec at 1.{minor}"));
    (s.2, s.3, s.4)
}

fn count_at(minor: u16) -> usize {
    GATES
        .iter()
        .filter(|g| g.since <= minor && g.removed.is_none_or(|r| minor < r))
        .count()
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
        assert!(!g.specs.is_empty(), "{}", g.name);
        if let Some(r) = g.removed {
            assert!(
                g.since < r,
                "{}: since 1.{} removed 1.{}",
                g.name,
                g.since,
                r
            );
        }
        assert!(g.since <= 36, "{}", g.name);
        for pair in g.specs.windows(2) {
            assert!(
                (pair[0].0, pair[0].1) < (pair[1].0, pair[1].1),
                "{}",
                g.name
            );
        }
        // a gate is recognized from `since`, so a binary of that release has a spec for it
        // (upstream specs may start earlier, at 1.0 for gates added as already-GA)
        assert!(
            (g.specs[0].0, g.specs[0].1) <= (1, g.since.max(16)) || g.since < 16,
            "{}: first spec after since",
            g.name
        );
    }
    assert!(SOURCES.iter().all(|s| s.contains('@') && s.contains(':')));
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
    // versioned specs of gates added as already-GA-then-deprecated start at 1.0.
    assert_eq!(gate("AllowDNSOnlyNodeCSR").since, 31);
    assert_eq!(
        gate("AllowDNSOnlyNodeCSR").specs[0],
        (1, 0, PreRelease::GA, true, false)
    );
}

/// Preset gates the generated data says are gone at 1.35: removed in the 1.35 cycle after the
/// preset's commit (corrections/gates.tsv, evidence: the website after the 1.35 release; and
/// absent from the 1.36-dev kube map, facts/gates-kube-1.36dev.tsv).
const REMOVED_AFTER_PRESET: &[&str] = &[
    "AllowServiceLBStatusOnNonLB",
    "LoadBalancerIPMode",
    "PodIndexLabel",
    "ProbeHostPodSecurityStandards",
    "SizeMemoryBackedVolumes",
    "StrictCostEnforcementForVAP",
    "StrictCostEnforcementForWebhooks",
    "UserNamespacesPodSecurityStandards",
];

/// A 1.35-dev gate that never shipped: the 1.36-dev kube map has no such gate (it became
/// NodeDeclaredFeatures before the 1.35 release).
const NEVER_RELEASED: &[&str] = &["NodeCapabilities"];

/// Gates the 1.36-dev kube map (facts/gates-kube-1.36dev.tsv) gives a spec at 1.35 or later:
/// their 1.35 entry is the release's, not the 1.35-dev preset's.
fn respecified_after_preset() -> Vec<String> {
    include_str!("../scripts/gen-releases/facts/gates-kube-1.36dev.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f.len() == 5 && !f[1].is_empty()).then(|| f[0].to_string())
        })
        .collect()
}

/// Preset gates whose 1.35 entry the generated data takes from a newer exact source: the
/// kubernetes/apiserver kubernetes-1.36.0 tag locks AggregatedDiscoveryRemoveBetaType at 1.35
/// (after the preset's commit; kubernetes/website's page agrees).
const NEWER_AT_1_35: &[&str] = &["AggregatedDiscoveryRemoveBetaType"];

/// Preset gates whose first spec the generated data moves earlier: the 1.30.0 kube map
/// (ceph/ceph-csi@e727bd35) already registers MutatingAdmissionPolicy as alpha (relisted
/// there before the apiserver package's own map has it).
const EARLIER_IN_SNAPSHOTS: &[(&str, u16)] = &[("MutatingAdmissionPolicy", 30)];

/// The 1.35 development binary's versioned specs as transcribed from kube_features.go@00dada9a
/// (scripts/gen-releases/facts/gates-preset.tsv): `(name, [(version, stage, default, lock)])`.
type PresetSpec = (String, PreRelease, bool, bool);

fn preset() -> Vec<(String, Vec<PresetSpec>)> {
    let text = include_str!("../scripts/gen-releases/facts/gates-preset.tsv");
    let mut out: Vec<(String, Vec<PresetSpec>)> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let spec = (
            f[1].to_string(),
            PreRelease::from_name(f[2]).expect("stage"),
            f[3] == "true",
            f[4] == "true",
        );
        match out.last_mut() {
            Some((n, specs)) if n == f[0] => specs.push(spec),
            _ => out.push((f[0].to_string(), vec![spec])),
        }
    }
    out
}

#[test]
fn every_preset_gate_is_known_at_1_35_with_the_preset_specs() {
    let features = preset();
    let respecified = respecified_after_preset();
    assert!(respecified.len() > 40, "{}", respecified.len());
    assert!(features.len() > 180, "{}", features.len());
    for (name, raw) in &features {
        let name = name.as_str();
        let raw = raw.as_slice();
        if REMOVED_AFTER_PRESET.contains(&name) {
            assert!(known(name, 34) && !known(name, 35), "{name}");
            continue;
        }
        if NEVER_RELEASED.contains(&name) {
            assert!(GATES.iter().all(|g| g.name != name), "{name}");
            continue;
        }
        assert!(known(name, 35), "{name} unknown at 1.35");
        let g = gate(name);
        // staging gates take their specs from the 1.36 tag, which may add a newer entry
        let want: Vec<(u16, u16, PreRelease, bool, bool)> = raw
            .iter()
            .map(|(version, stage, default, lock)| {
                let (stage, default, lock) = (*stage, *default, *lock);
                let (major, minor) = version.split_once('.').expect("major.minor");
                (
                    major.parse().unwrap(),
                    minor.parse().unwrap(),
                    stage,
                    default,
                    lock,
                )
            })
            .collect();
        let upto = if NEWER_AT_1_35.contains(&name) || respecified.iter().any(|n| n == name) {
            34
        } else {
            35
        };
        let mut got: Vec<_> = g
            .specs
            .iter()
            .copied()
            .filter(|s| (s.0, s.1) <= (1, upto))
            .collect();
        if let Some(&(_, minor)) = EARLIER_IN_SNAPSHOTS.iter().find(|(n, _)| *n == name) {
            assert_eq!(got[0].1, minor, "{name}");
            got[0].1 = raw[0].0.split_once('.').unwrap().1.parse().unwrap();
        }
        let want: Vec<_> = want
            .into_iter()
            .filter(|s| (s.0, s.1) <= (1, upto))
            .collect();
        assert_eq!(got, want, "{name}");
    }
}

/// Gates known at each release 1.16..=1.36: the pkg/features map of a snapshot of each release
/// 1.16..1.32 and 1.34 (facts/gates-kube-snapshots.tsv) plus the staging packages' gates at their
/// tags; 1.33, 1.35 and 1.36 by the merge rule (README "Feature gates"). 1.35 lost five gates the
/// 1.35-dev preset had and the 1.36-dev kube map does not (facts/gates-kube-1.36dev.tsv), and so 1.36.
const CENSUS: [(u16, usize); 21] = [
    (16, 94),
    (17, 98),
    (18, 99),
    (19, 105),
    (20, 117),
    (21, 123),
    (22, 127),
    (23, 138),
    (24, 138),
    (25, 139),
    (26, 144),
    (27, 145),
    (28, 149),
    (29, 158),
    (30, 164),
    (31, 164),
    (32, 177),
    (33, 189),
    (34, 205),
    (35, 215),
    (36, 221),
];

#[test]
fn census_per_release() {
    for (minor, want) in CENSUS {
        assert_eq!(count_at(minor), want, "gates known at 1.{minor}");
    }
}
