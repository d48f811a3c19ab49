//! The generated per-release gate data (`kubegate::releases::gates`, built by
//! `scripts/gen-releases/gates.py`): invariants, boundary facts checked against their upstream
//! source (named per assertion), agreement with the built-in preset, and the census per release.

use kubegate::featuregate::preset::FEATURES;
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
    // website KubeletCredentialProviders.md: alpha 1.20, beta 1.24, stable 1.26-1.28, removed.
    // (The page has no `locked`, so the lock of the GA spec is not asserted: see the README.)
    for r in 20..=28 {
        assert!(known("KubeletCredentialProviders", r), "1.{r}");
    }
    assert!(!known("KubeletCredentialProviders", 19) && !known("KubeletCredentialProviders", 29));
    assert_eq!(flat("KubeletCredentialProviders", 26).0, PreRelease::GA);
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
    // versioned specs of gates added as already-GA-then-deprecated start at 1.0.
    assert_eq!(gate("AllowDNSOnlyNodeCSR").since, 31);
    assert_eq!(
        gate("AllowDNSOnlyNodeCSR").specs[0],
        (1, 0, PreRelease::GA, true, false)
    );
}

/// Preset gates the generated data says are gone at 1.35: removed in the 1.35 cycle after the
/// preset's commit (corrections/gates.tsv, evidence: the website after the 1.35 release).
const REMOVED_AFTER_PRESET: &[&str] = &[
    "AllowServiceLBStatusOnNonLB",
    "LoadBalancerIPMode",
    "SizeMemoryBackedVolumes",
    "UserNamespacesPodSecurityStandards",
];

/// Preset gates whose 1.35 entry the generated data takes from a newer exact source: the
/// kubernetes/apiserver kubernetes-1.36.0 tag locks AggregatedDiscoveryRemoveBetaType at 1.35
/// (after the preset's commit; kubernetes/website's page agrees).
const NEWER_AT_1_35: &[&str] = &["AggregatedDiscoveryRemoveBetaType"];

#[test]
fn every_preset_gate_is_known_at_1_35_with_the_preset_specs() {
    for (name, raw) in FEATURES {
        if REMOVED_AFTER_PRESET.contains(name) {
            assert!(known(name, 34) && !known(name, 35), "{name}");
            continue;
        }
        assert!(known(name, 35), "{name} unknown at 1.35");
        let g = gate(name);
        // staging gates take their specs from the 1.36 tag, which may add a newer entry
        let want: Vec<(u16, u16, PreRelease, bool, bool)> = raw
            .iter()
            .map(|&(version, stage, default, lock)| {
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
        let upto = if NEWER_AT_1_35.contains(name) { 34 } else { 35 };
        let got: Vec<_> = g
            .specs
            .iter()
            .copied()
            .filter(|s| (s.0, s.1) <= (1, upto))
            .collect();
        let want: Vec<_> = want
            .into_iter()
            .filter(|s| (s.0, s.1) <= (1, upto))
            .collect();
        assert_eq!(got, want, "{name}");
    }
}

/// Gates known at each release 1.16..=1.36. 1.34 = the 193 gates of upstream's (mid-1.34-cycle)
/// versioned_feature_list.yaml, less the 2 it spells by Go constant, plus 5 client-go gates,
/// plus 11 gates of the preset whose 1.34 entries came after that list (see tests/preset.rs).
const CENSUS: [(u16, usize); 21] = [
    (16, 104),
    (17, 102),
    (18, 105),
    (19, 108),
    (20, 121),
    (21, 141),
    (22, 143),
    (23, 148),
    (24, 144),
    (25, 145),
    (26, 146),
    (27, 146),
    (28, 153),
    (29, 160),
    (30, 166),
    (31, 164),
    (32, 177),
    (33, 189),
    (34, 207),
    (35, 220),
    (36, 229),
];

#[test]
fn census_per_release() {
    for (minor, want) in CENSUS {
        assert_eq!(count_at(minor), want, "gates known at 1.{minor}");
    }
}
