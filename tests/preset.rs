//! The built-in preset of Kubernetes feature gates (`kubegate::featuregate::preset`): it obeys
//! upstream's registration rules and agrees with Kubernetes' own 1.34-era
//! `versioned_feature_list.yaml` wherever the two overlap.
//!
//! The preset was transcribed from kube_features.go just after 1.34 (see the module doc). Of the
//! 193 features of the shared list, 185 are in the preset. They agree exactly up to 1.33. At 1.34
//! the list is a snapshot from the middle of the 1.34 cycle: 19 features gained their 1.34 entry
//! upstream after it was generated (allowed), and two had their 1.34 entry changed
//! ([`CHANGED_AT_1_34`]); every other 1.34 entry of the list is in the preset.
//! Two of the 185 go by another name in the list, which spells them by their Go constant
//! (`CPUCFSQuotaPeriod`, `RuntimeClassInImageCriAPI`) where the gate itself (and so
//! `--feature-gates`) uses the string (`CustomCPUCFSQuotaPeriod`, `RuntimeClassInImageCriApi`).
//! The 8 missing ones are in [`MISSING_FROM_PRESET`] with the reason. The preset's 10 extra
//! features (1.34 additions made after the list was generated, and one 1.35 alpha) are in
//! [`EXTRA_IN_PRESET`].

use std::collections::{BTreeMap, BTreeSet};

use kubegate::featuregate::preset::{raw_spec, FEATURES, PRESET_KUBERNETES_VERSION};
use kubegate::featuregate::{
    kubernetes_dependencies, kubernetes_features, parse_feature_list, spec_at, FeatureGate,
    FeatureSpec,
};
use kubegate::version::Version;

/// Features of the 1.34 list that the preset does not have, and why.
const MISSING_FROM_PRESET: &[(&str, &str)] = &[
    (
        "ComponentSLIs",
        "component-base metrics gate, registered outside kube_features.go's map",
    ),
    (
        "ContextualLogging",
        "component-base logs gate, registered outside kube_features.go's map",
    ),
    (
        "LoggingAlphaOptions",
        "component-base logs gate, registered outside kube_features.go's map",
    ),
    (
        "LoggingBetaOptions",
        "component-base logs gate, registered outside kube_features.go's map",
    ),
    (
        "CronJobsScheduledAnnotation",
        "GA and locked in 1.32; removed upstream after the list",
    ),
    (
        "DevicePluginCDIDevices",
        "GA and locked in 1.31; removed upstream after the list",
    ),
    (
        "LegacySidecarContainers",
        "1.33-only deprecated gate; removed upstream after the list",
    ),
    (
        "StatefulSetAutoDeletePVC",
        "GA and locked in 1.32; removed upstream after the list",
    ),
];

/// Features the preset has and the 1.34 list lacks.
const EXTRA_IN_PRESET: &[&str] = &[
    "ContainerRestartRules",
    "DRAConsumableCapacity",
    "DRADeviceBindingConditions",
    "DRAExtendedResource",
    "EnvFiles",
    "HostnameOverride",
    "InPlacePodVerticalScalingExclusiveMemory",
    "NodeCapabilities",
    "PodCertificateRequest",
    "ProbeHostPodSecurityStandards",
];

/// Features whose 1.34 entry upstream changed after the list was generated (1.34 was still in
/// development): the list has them Beta and on at 1.34; kube_features.go at the transcribed commit,
/// and later upstream versions (which add Beta at 1.35), have them Alpha and off at 1.34.
const CHANGED_AT_1_34: &[&str] = &[
    "ClearingNominatedNodeNameAfterBinding",
    "NominatedNodeNameForExpectation",
];

/// The list's name for a feature -> the gate's (and the preset's) name.
const LIST_ALIASES: &[(&str, &str)] = &[
    ("CPUCFSQuotaPeriod", "CustomCPUCFSQuotaPeriod"),
    ("RuntimeClassInImageCriAPI", "RuntimeClassInImageCriApi"),
];

fn preset_name(list_name: &str) -> &str {
    LIST_ALIASES
        .iter()
        .find(|(l, _)| *l == list_name)
        .map_or(list_name, |(_, p)| p)
}

fn v(s: &str) -> Version {
    Version::parse(s).expect("version")
}

fn shared_list() -> BTreeMap<String, Vec<FeatureSpec>> {
    let text = std::fs::read_to_string("../shared/data/versioned_feature_list.yaml")
        .expect("../shared/data/versioned_feature_list.yaml beside the repository");
    parse_feature_list(&text).expect("the shared list parses")
}

#[test]
fn every_hand_entered_version_parses() {
    for (name, specs) in FEATURES {
        assert!(!specs.is_empty(), "{name} has no spec");
        for raw in specs.iter() {
            assert!(raw_spec(raw).is_some(), "{name}: version {:?}", raw.0);
        }
    }
    let preset = kubernetes_features();
    assert_eq!(
        preset.len(),
        FEATURES.len(),
        "a feature name is listed twice"
    );
    for (name, specs) in FEATURES {
        assert_eq!(preset[*name].len(), specs.len(), "{name} lost a spec");
    }
    // The preset's newest version is the one it claims.
    let newest = preset
        .values()
        .flatten()
        .filter_map(|s| s.version.clone())
        .max()
        .expect("some version");
    assert_eq!(newest, v(PRESET_KUBERNETES_VERSION));
}

#[test]
fn every_preset_feature_passes_add_versioned() {
    for (name, specs) in kubernetes_features() {
        let mut gate = FeatureGate::new();
        let one = BTreeMap::from([(name.clone(), specs)]);
        if let Err(e) = gate.add_versioned(one) {
            panic!("{name}: {e}");
        }
    }
    let mut gate = FeatureGate::new();
    gate.add_versioned(kubernetes_features())
        .expect("the whole preset registers at once");
    gate.add_dependencies(kubernetes_dependencies())
        .expect("the preset's dependencies register");
    // Registering the same preset again is accepted (identical specs).
    gate.add_versioned(kubernetes_features())
        .expect("re-registering identical specs");
}

#[test]
fn preset_registers_at_every_emulation_version_it_covers() {
    for minor in 31..=35 {
        let mut gate = FeatureGate::with_emulation_version(Version::new(1, minor));
        gate.add_versioned(kubernetes_features())
            .unwrap_or_else(|e| panic!("1.{minor}: {e}"));
        gate.add_dependencies(kubernetes_dependencies())
            .unwrap_or_else(|e| panic!("1.{minor}: {e}"));
    }
}

/// History up to 1.33 must be identical. At 1.34 the list is a snapshot taken while 1.34 was in
/// development: where it has a 1.34 entry the preset must have the same one, but the preset may
/// add 1.34 entries the list has not caught up with (graduations merged later in the cycle).
#[test]
fn preset_agrees_with_the_1_34_list_up_to_1_34() {
    let shared = shared_list();
    let preset = kubernetes_features();
    let upto = |specs: &[FeatureSpec], last: &Version| -> Vec<FeatureSpec> {
        specs
            .iter()
            .filter(|s| s.version.as_ref().is_some_and(|ver| ver <= last))
            .cloned()
            .collect()
    };
    let at = |specs: &[FeatureSpec], ver: &Version| -> Vec<FeatureSpec> {
        specs
            .iter()
            .filter(|s| s.version.as_ref() == Some(ver))
            .cloned()
            .collect()
    };
    let (v133, v134) = (v("1.33"), v("1.34"));

    let mut overlap = 0;
    let mut missing = BTreeSet::new();
    let mut later_1_34 = BTreeSet::new();
    let mut disagreements = Vec::new();
    for (name, theirs) in &shared {
        let Some(ours) = preset.get(preset_name(name)) else {
            missing.insert(name.as_str());
            continue;
        };
        overlap += 1;
        if upto(ours, &v133) != upto(theirs, &v133) {
            disagreements.push(format!(
                "{name} up to 1.33:\n  preset {:?}\n  list   {:?}",
                upto(ours, &v133),
                upto(theirs, &v133)
            ));
        }
        let (ours_134, theirs_134) = (at(ours, &v134), at(theirs, &v134));
        if theirs_134.is_empty() {
            if !ours_134.is_empty() {
                later_1_34.insert(name.as_str());
            }
        } else if ours_134 != theirs_134 && !CHANGED_AT_1_34.contains(&name.as_str()) {
            disagreements.push(format!(
                "{name} at 1.34:\n  preset {ours_134:?}\n  list   {theirs_134:?}"
            ));
        }
        // The same answer at every emulation version up to 1.33, with the default
        // min-compatibility version and with min-compatibility equal to emulation.
        for minor in 0..=33 {
            let emu = Version::new(1, minor);
            for mc in [None, Some(emu.clone())] {
                let a = spec_at(ours, &emu, mc.as_ref());
                let b = spec_at(theirs, &emu, mc.as_ref());
                if (a.pre_release, a.default, a.lock_to_default)
                    != (b.pre_release, b.default, b.lock_to_default)
                {
                    disagreements.push(format!("{name} at 1.{minor} (min compat {mc:?})"));
                }
            }
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreement(s):\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );

    let expected_missing: BTreeSet<&str> = MISSING_FROM_PRESET.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        missing, expected_missing,
        "features of the 1.34 list absent from the preset"
    );
    assert_eq!(shared.len(), 193, "the shared list changed");
    assert!(overlap >= 180, "overlap only {overlap} of {}", shared.len());
    assert_eq!(overlap, 185);
    assert_eq!(overlap + missing.len(), shared.len());
    eprintln!(
        "{} feature(s) gained a 1.34 entry after the list was generated: {later_1_34:?}",
        later_1_34.len()
    );
    assert!(later_1_34.len() <= 25, "{later_1_34:?}");
}

#[test]
fn preset_extras_are_newer_than_the_list() {
    // Features the preset has and the 1.34 list lacks: each must be explained.
    let shared = shared_list();
    let known: BTreeSet<&str> = shared.keys().map(|n| preset_name(n)).collect();
    let extras: BTreeSet<String> = kubernetes_features()
        .into_keys()
        .filter(|n| !known.contains(n.as_str()))
        .collect();
    let expected: BTreeSet<String> = EXTRA_IN_PRESET.iter().map(|n| n.to_string()).collect();
    assert_eq!(extras, expected);
}

#[test]
fn kubelet_relevant_gates_resolve_as_upstream_1_34() {
    let mut gate = FeatureGate::with_emulation_version(v("1.34"));
    gate.add_versioned(kubernetes_features()).expect("preset");
    for (name, want) in [
        ("NodeSwap", true),
        ("KubeletTracing", true),
        ("SidecarContainers", true),
        ("InPlacePodVerticalScaling", true),
        ("MemoryQoS", false),
        ("KubeletPSI", true),
        ("KubeletCrashLoopBackOffMax", false),
        ("DynamicResourceAllocation", true),
        ("KubeletInUserNamespace", false),
        ("GracefulNodeShutdown", true),
    ] {
        assert_eq!(gate.enabled(name).ok(), Some(want), "{name}");
    }
}
