//! Feature-gate costs in Rust, each against a baseline measured in the same run: a `HashMap`
//! lookup of the same name (what a hand-rolled gate would do). `scripts/bench.sh` turns the
//! results into ratios in BENCHMARKS.md. `hostile: ...` joins the hostile inputs' table.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use kubegate::featuregate::{parse_feature_list, FeatureGate};
use kubegate::releases::kubernetes_features;
use kubegate::version::Version;

fn gate() -> FeatureGate {
    let mut g = FeatureGate::with_emulation_version(Version::new(1, 34));
    g.add_versioned(kubernetes_features())
        .expect("the built-in list registers");
    g.set("AllAlpha=true,NodeSwap=true").expect("valid flags");
    g
}

fn lookups(c: &mut Criterion) {
    let g = gate();
    let map: HashMap<String, bool> = g
        .feature_states()
        .into_iter()
        .map(|s| (s.name, s.enabled))
        .collect();
    let id = g.feature_id("NodeSwap").expect("known");
    c.bench_function("baseline: HashMap<String, bool>::get", |b| {
        b.iter(|| map.get(black_box("NodeSwap")).copied())
    });
    c.bench_function("enabled(name)", |b| {
        b.iter(|| g.enabled(black_box("NodeSwap")))
    });
    c.bench_function("enabled_by_id(id)", |b| {
        b.iter(|| g.enabled_by_id(black_box(id)))
    });
}

fn whole_list(c: &mut Criterion) {
    let features = kubernetes_features();
    c.bench_function("new gate + add_versioned(~195 features) + set", |b| {
        b.iter(|| {
            let mut g = FeatureGate::with_emulation_version(Version::new(1, 34));
            g.add_versioned(features.clone()).expect("registers");
            g.set(black_box("AllAlpha=true,NodeSwap=true"))
                .expect("valid");
            g
        })
    });
    // The 1.34 release written as upstream's versioned_feature_list.yaml.
    let text = kubegate::featuregate::render_feature_list(&kubegate::releases::gates::features_in(
        kubegate::releases::Release::parse("1.34").expect("1.34 is carried"),
    ));
    c.bench_function(
        "parse_feature_list(versioned_feature_list.yaml of 1.34)",
        |b| b.iter(|| parse_feature_list(black_box(&text)).expect("parses")),
    );
}

/// A map of 10,000 unknown names (the package's limit) refused with Kubernetes' error: in the
/// hostile inputs' table (its baseline is in benches/yaml.rs).
fn hostile(c: &mut Criterion) {
    let mut g = FeatureGate::new();
    g.add_versioned(kubernetes_features())
        .expect("the built-in list registers");
    let values: std::collections::BTreeMap<String, bool> =
        (0..10_000).map(|i| (format!("Unknown{i}"), true)).collect();
    c.bench_function(
        "hostile: FeatureGate::set_from_map of 10,000 unknown names (refused)",
        |b| b.iter(|| g.set_from_map(black_box(&values)).expect_err("refused")),
    );
}

criterion_group!(benches, lookups, whole_list, hostile);
criterion_main!(benches);
