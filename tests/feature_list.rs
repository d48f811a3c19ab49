//! The real Kubernetes 1.34 feature list, in upstream's `versioned_feature_list.yaml` format,
//! through the gate: kubegate's release data for 1.34 (generated from upstream's list and the
//! other sources named in `data/releases/README.md`) written as that file and read back, then
//! evaluated at several emulation versions, as the 1.34 binary with `--emulated-version` would.

use std::collections::BTreeMap;

use kubegate::featuregate::{parse_feature_list, render_feature_list, FeatureGate, PreRelease};
use kubegate::releases::{gates::features_in, Release};
use kubegate::version::Version;

fn gate_at(emulation: &str) -> FeatureGate {
    let list = features_in(Release::parse("1.34").unwrap());
    let text = render_feature_list(&list);
    let features = parse_feature_list(&text).expect("the 1.34 list parses");
    assert_eq!(features, list);
    assert_eq!(features.len(), 205);
    let mut gate = FeatureGate::with_emulation_version(Version::parse(emulation).unwrap());
    gate.add_versioned(features)
        .expect("the upstream list obeys the rules");
    gate
}

/// (stage counts, enabled by default, locked), AllAlpha/AllBeta excluded.
fn census(gate: &FeatureGate) -> (BTreeMap<PreRelease, usize>, usize, usize) {
    let mut stages = BTreeMap::new();
    let (mut enabled, mut locked) = (0, 0);
    for s in gate.feature_states() {
        if s.name == "AllAlpha" || s.name == "AllBeta" {
            continue;
        }
        *stages.entry(s.pre_release).or_insert(0) += 1;
        enabled += usize::from(s.enabled);
        locked += usize::from(s.locked);
    }
    (stages, enabled, locked)
}

#[test]
fn census_at_1_34_and_1_33() {
    use PreRelease::*;
    let (stages, enabled, locked) = census(&gate_at("1.34"));
    assert_eq!(
        stages,
        BTreeMap::from([(Alpha, 54), (Beta, 73), (GA, 63), (Deprecated, 15)])
    );
    assert_eq!((enabled, locked), (127, 60));
    let (stages, enabled, locked) = census(&gate_at("1.33"));
    assert_eq!(
        stages,
        BTreeMap::from([
            (PreAlpha, 20),
            (Alpha, 57),
            (Beta, 77),
            (GA, 37),
            (Deprecated, 14)
        ])
    );
    assert_eq!((enabled, locked), (101, 35));
}

#[test]
fn histories_resolve_per_version() {
    let cases = [
        ("1.27", "NodeSwap", false, PreRelease::Alpha),
        ("1.30", "NodeSwap", true, PreRelease::Beta),
        ("1.34", "NodeSwap", true, PreRelease::GA),
        ("1.32", "WatchList", true, PreRelease::Beta),
        ("1.33", "WatchList", false, PreRelease::Beta),
        ("1.28", "KMSv1", true, PreRelease::Deprecated),
        ("1.29", "KMSv1", false, PreRelease::Deprecated),
        ("1.29", "SidecarContainers", true, PreRelease::Beta),
    ];
    for (version, feature, enabled, stage) in cases {
        let gate = gate_at(version);
        assert_eq!(
            gate.enabled(feature).unwrap(),
            enabled,
            "{feature} at {version}"
        );
        assert_eq!(
            gate.spec(feature).unwrap().pre_release,
            stage,
            "{feature} at {version}"
        );
    }
}

#[test]
fn all_alpha_turns_on_every_alpha_gate_but_explicit_values_win() {
    let mut gate = gate_at("1.34");
    let alphas: Vec<String> = gate
        .feature_states()
        .into_iter()
        .filter(|s| s.pre_release == PreRelease::Alpha && s.name != "AllAlpha")
        .map(|s| s.name)
        .collect();
    assert_eq!(alphas.len(), 54);
    let first = alphas[0].clone();
    gate.set(&format!("AllAlpha=true,{first}=false")).unwrap();
    for name in &alphas {
        assert_eq!(gate.enabled(name).unwrap(), *name != first, "{name}");
    }
}

#[test]
fn locked_and_not_yet_existing_gates_are_refused() {
    let mut gate = gate_at("1.34");
    assert_eq!(
        gate.set("NodeSwap=false").unwrap_err().to_string(),
        "cannot set feature gate NodeSwap to false, feature is locked to true"
    );
    gate.set("NodeSwap=true")
        .expect("a locked gate may be set to its default");
    let mut old = gate_at("1.21");
    assert_eq!(
        old.set("NodeSwap=true").unwrap_err().to_string(),
        "cannot set feature gate NodeSwap to true, feature is PreAlpha at emulated version 1.21, min compatibility version 1.20"
    );
}

#[test]
fn malformed_lists_name_the_entry_and_line() {
    let err = parse_feature_list("- name: A\n  versionedSpecs:\n  - default: maybe\n").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("feature list: line 1: entry 0 (A): "),
        "{err}"
    );
    let err = parse_feature_list(
        "- name: A\n  versionedSpecs:\n  - preRelease: Gamma\n    default: true\n",
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("unknown preRelease \"Gamma\""),
        "{err}"
    );
    let err = parse_feature_list("a: [").unwrap_err();
    assert!(
        err.to_string().starts_with("feature list: yaml: line"),
        "{err}"
    );
    // The problem's own line, where go-yaml's text names the one before it.
    let err = parse_feature_list("- name: X\n  versionedSpecs:\n - bad\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "feature list: yaml: line 2: did not find expected '-' indicator"
    );
    assert_eq!(err.problems()[0].line(), Some(3));
    assert!(parse_feature_list("{}").is_err());
}
