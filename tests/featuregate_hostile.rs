//! Random and hostile input into every feature-gate entry point that takes text: each call
//! returns a value or an error with a message, never a panic. A small deterministic generator
//! (no extra dependency) builds strings from pieces that matter to the parsers.

use std::collections::BTreeMap;

use kubegate::featuregate::{parse_feature_list, FeatureGate, FeatureSpec};
use kubegate::releases::kubernetes_features;
use kubegate::version::Version;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const PIECES: &[&str] = &[
    "=",
    ",",
    " ",
    "\t",
    "\n",
    "true",
    "false",
    "T",
    "0",
    "1",
    "yes",
    "AllAlpha",
    "AllBeta",
    "NodeSwap",
    "v",
    "1",
    ".",
    "34",
    "-",
    "+",
    "é",
    "😀",
    "\u{0}",
    "\u{202e}",
    ":",
    "-",
    "[",
    "{",
    "}",
    "]",
    "name",
    "versionedSpecs",
    "default",
    "preRelease",
    "Alpha",
    "version",
    "'",
    "\"",
    "&a",
    "*a",
    "!!str",
    "#",
    "99999999999999999999999",
];

fn random_text(rng: &mut Rng) -> String {
    let n = rng.next() % 24;
    (0..n).map(|_| rng.pick(PIECES)).collect()
}

#[test]
fn random_text_never_panics() {
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let mut gate = FeatureGate::with_emulation_version(Version::new(1, 34));
    gate.add_versioned(kubernetes_features()).unwrap();
    for _ in 0..4_000 {
        let text = random_text(&mut rng);
        if let Err(e) = gate.set(&text) {
            assert!(!e.to_string().is_empty());
        }
        let _ = gate.reset_feature_value_to_default(&text);
        let _ = gate.enabled(&text);
        let _ = gate.override_default(&text, true);
        if let Err(e) = parse_feature_list(&text) {
            assert!(!e.to_string().is_empty());
        }
        match Version::parse(&text) {
            Ok(v) => {
                let mut g = gate.deep_copy();
                let _ = g.set_emulation_version(v.clone());
                let _ = g.set_emulation_version_and_min_compatibility_version(v.clone(), v);
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        let map = BTreeMap::from([(text.clone(), rng.next() % 2 == 0)]);
        let _ = gate.set_from_map(&map);
        let _ = gate.add(BTreeMap::from([(
            text,
            FeatureSpec {
                default: true,
                lock_to_default: false,
                pre_release: Default::default(),
                version: None,
                min_compatibility_version: None,
            },
        )]));
    }
    // The gate still answers after all that.
    assert!(gate.validate().iter().all(|p| !p.to_string().is_empty()));
    let _ = gate.known_features();
}

#[test]
fn huge_inputs_give_errors_not_stalls() {
    let mut gate = FeatureGate::new();
    let long_key = "x".repeat(2_000_000);
    assert!(gate.set(&format!("{long_key}=true")).is_err());
    let many = "A=true,".repeat(200_000);
    assert_eq!(
        gate.set(&many).unwrap_err().to_string(),
        "unrecognized feature gate: A"
    );
    assert!(parse_feature_list(&"- [".repeat(100_000)).is_err());
    assert!(Version::parse(&"9".repeat(100_000)).is_err());
}
