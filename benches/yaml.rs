//! YAML reading costs, each against baselines measured in the same run on the same data: the
//! 1.34 release written as upstream's `versioned_feature_list.yaml` (193 features, about 36 KB).
//!
//! * `baseline: serde_json::from_str (same data as JSON)`: what reading the same tree costs when
//!   the format is trivial to scan; kubegate's YAML path cannot expect to beat it.
//! * `baseline: yaml-rust2 events only`: the general YAML parser's own scan of the same bytes,
//!   with a receiver that drops every event (the floor for any tree built from its events).
//!
//! * `yaml::parse`: yaml-rust2's events into a JSON tree with YAML 1.1 scalars and every node's
//!   position, the one YAML path every caller takes.
//!
//! Hostile texts (`hostile: ...`, the cases tests/hostile_scale.rs checks for their answers),
//! against `hostile baseline`: serde_json reading a JSON string of the same 1 MB, one linear pass
//! over as many bytes. A refusal at a limit costs about that pass or less; a ratio far above it
//! would be the blow-up the test cannot time.
//!
//! `scripts/bench.sh` turns the medians into ratios in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use kubegate::featuregate::{parse_feature_list, render_feature_list};
use kubegate::releases::{gates::features_in, Release};
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

struct Drop(usize);
impl MarkedEventReceiver for Drop {
    fn on_event(&mut self, _ev: Event, _mark: Marker) {
        self.0 += 1;
    }
}

fn feature_list(c: &mut Criterion) {
    let release = Release::parse("1.34").expect("1.34 is carried");
    let text = render_feature_list(&features_in(release));
    let json = serde_json::to_string(&kubegate::yaml::parse(&text).expect("parses").value)
        .expect("serializes");
    c.bench_function(
        "yaml baseline: serde_json::from_str (same data as JSON)",
        |b| b.iter(|| serde_json::from_str::<serde_json::Value>(black_box(&json)).expect("json")),
    );
    c.bench_function("yaml baseline: yaml-rust2 events only", |b| {
        b.iter(|| {
            let mut sink = Drop(0);
            Parser::new_from_str(black_box(&text))
                .load(&mut sink, true)
                .expect("scans");
            sink.0
        })
    });
    c.bench_function("yaml: parse(versioned_feature_list.yaml of 1.34)", |b| {
        b.iter(|| kubegate::yaml::parse(black_box(&text)).expect("parses"))
    });
    c.bench_function(
        "yaml: parse_feature_list(versioned_feature_list.yaml of 1.34)",
        |b| b.iter(|| parse_feature_list(black_box(&text)).expect("parses")),
    );
}

fn hostile(c: &mut Criterion) {
    let deep = format!("{}1", "- ".repeat(500_000));
    let mut nul = "a: b\n".repeat(200_000);
    nul.push('\0');
    let flow = format!("{}1", "[".repeat(1 << 20));
    let as_json = serde_json::to_string(&deep).expect("serializes");
    c.bench_function(
        "hostile baseline: serde_json::from_str::<String> of 1 MB",
        |b| b.iter(|| serde_json::from_str::<String>(black_box(&as_json)).expect("json")),
    );
    for (name, text) in [
        (
            "hostile: yaml::parse of 1 MB of '- ' (refused at depth 513)",
            &deep,
        ),
        ("hostile: yaml::parse of 1 MB then a NUL (refused)", &nul),
        ("hostile: yaml::parse of 1 MiB of '[' (refused)", &flow),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| kubegate::yaml::parse(black_box(text)).expect_err("refused"))
        });
    }
}

criterion_group!(benches, feature_list, hostile);
criterion_main!(benches);
