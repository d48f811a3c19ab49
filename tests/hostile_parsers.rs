//! No input makes a parser or entry point panic. A seeded, hand-rolled fuzzer: inputs
//! are mutations and splices of the corpus in `tests/fuzz/corpus/` (real-looking durations,
//! quantities, versions, times, flags, command lines, YAML, JSON), fed to every parser and entry
//! point. Any panic fails the test and prints the seed and input; the release build aborts on a
//! panic, so in wasm it would have left the module dead.
//!
//! `cargo test --test hostile_parsers` runs a fixed budget (ITERATIONS per target);
//! `KUBEGATE_FUZZ_ITERATIONS=200000 KUBEGATE_FUZZ_SEED=7 cargo test --release --test
//! hostile_parsers` (what `scripts/fuzz.sh` does) runs longer, and a failing seed replays.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

const CORPUS_TEXT: &str = include_str!("fuzz/corpus/text.txt");
const CORPUS_YAML: &str = include_str!("fuzz/corpus/yaml.txt");
const CORPUS_NESTED: &str = include_str!("fuzz/corpus/nested.txt");

fn iterations() -> usize {
    std::env::var("KUBEGATE_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 300 } else { 3000 })
}

fn seed() -> u64 {
    std::env::var("KUBEGATE_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(13)
}

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const TOKENS: &[&str] = &[
    "",
    "0",
    "-",
    "+",
    ".",
    ",",
    "=",
    ":",
    ";",
    "/",
    "\\",
    "\"",
    "'",
    "`",
    "$",
    "${",
    "}",
    "{",
    "[",
    "]",
    "&a",
    "*a",
    "!!",
    "|",
    ">",
    "#",
    "\n",
    "\r\n",
    "\t",
    " ",
    "\0",
    "é",
    "🙂",
    "\u{2028}",
    "9223372036854775807",
    "18446744073709551616",
    "1e308",
    "NaN",
    "-0",
    "h",
    "m",
    "s",
    "ms",
    "us",
    "ns",
    "Ki",
    "Mi",
    "Gi",
    "Ei",
    "k",
    "M",
    "e",
    "E",
    "T",
    "Z",
    "+99:99",
    "v",
    "true",
    "null",
    "--",
    "--feature-gates=",
    "--config=",
    "AllAlpha",
    "- ",
    "  ",
    "---",
    "...",
];

/// A corpus line, mutated: bytes replaced, tokens inserted, pieces repeated, lines spliced.
fn mutate(r: &mut Rng, lines: &[&str]) -> String {
    let mut s = r.pick(lines).to_string();
    for _ in 0..1 + r.below(4) {
        let at = {
            let mut i = r.below(s.len() + 1);
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        match r.below(6) {
            0 => s.insert_str(at, r.pick(TOKENS)),
            1 => {
                let mut end = (at + 1 + r.below(8)).min(s.len());
                while !s.is_char_boundary(end) {
                    end -= 1;
                }
                s.replace_range(at..end.max(at), "");
            }
            2 => {
                let piece = r.pick(lines).to_string();
                s.insert_str(at, &piece);
            }
            3 => {
                let tail = s[at..].to_string();
                s.push_str(&tail.repeat(1 + r.below(3)));
            }
            4 => s.insert_str(at, &r.pick(TOKENS).repeat(1 + r.below(64))),
            _ => s.insert(at, char::from_u32(r.below(0x11000) as u32).unwrap_or('x')),
        }
    }
    s
}

/// Runs `f` on many inputs; a panic fails the test with the target, seed, round and input.
fn fuzz(target: &str, corpus: &str, f: impl Fn(&str)) {
    let lines: Vec<&str> = corpus.lines().chain([corpus]).collect();
    let mut r = Rng(seed() ^ target.len() as u64 ^ 0x9e37_79b9_7f4a_7c15);
    for round in 0..iterations() {
        let input = mutate(&mut r, &lines);
        let out = catch_unwind(AssertUnwindSafe(|| f(&input)));
        assert!(
            out.is_ok(),
            "{target} panicked (seed {}, round {round}) on {input:?}",
            seed()
        );
    }
}

#[test]
fn scalar_parsers() {
    use kubegate::duration::{parse_std, Duration};
    use kubegate::quantity::Quantity;
    use kubegate::timestamp::Time;
    use kubegate::version::Version;
    fuzz("Duration::parse", CORPUS_TEXT, |s| {
        if let Ok(d) = Duration::parse(s) {
            let _ = d.to_string();
            let _ = d.as_millis();
        }
        let _ = parse_std(s);
    });
    fuzz("Quantity::parse", CORPUS_TEXT, |s| {
        let _ = Quantity::parse(s);
    });
    fuzz("Version::parse", CORPUS_TEXT, |s| {
        if let Ok(v) = Version::parse(s) {
            let _ = (v.to_string(), v.subtract_minor(u64::MAX), v.major_minor());
        }
        let _ = Version::parse_generic(s);
    });
    fuzz("Time::parse", CORPUS_TEXT, |s| {
        if let Ok(t) = Time::parse(s) {
            let _ = t.to_string();
        }
    });
    fuzz("Timestamp::parse_rfc3339", CORPUS_TEXT, |s| {
        use kubegate::kubelet::podconfig::Timestamp;
        if let Ok(t) = Timestamp::parse_rfc3339(s) {
            let _ = t.rfc3339_nano();
            let _ = t.add_nanos(i64::MAX);
        }
    });
    fuzz("IpNet/PortRange", CORPUS_TEXT, |s| {
        let _ = kubegate::controlplane::cidr::IpNet::parse(s);
        let _ = kubegate::controlplane::cidr::parse_ip(s);
        let _ = kubegate::controlplane::portrange::PortRange::parse(s);
    });
}

#[test]
fn feature_gates() {
    use kubegate::featuregate::{parse_feature_list, FeatureGate};
    use kubegate::releases::kubernetes_features;
    let mut base = FeatureGate::new();
    base.add_versioned(kubernetes_features()).unwrap();
    fuzz("FeatureGate::set", CORPUS_TEXT, |s| {
        let mut g = base.deep_copy();
        let _ = g.set(s);
        let _ = g.validate();
        let _ = g.to_flag_string();
    });
    fuzz("parse_feature_list", CORPUS_YAML, |s| {
        if let Ok(f) = parse_feature_list(s) {
            let mut g = FeatureGate::new();
            let _ = g.add_versioned(f);
        }
    });
}

#[test]
fn yaml_and_kubelet_config() {
    use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput};
    fuzz("yaml::parse_all", CORPUS_YAML, |s| {
        let _ = kubegate::yaml::parse_all(s);
    });
    fuzz("resolve_kubelet_config", CORPUS_YAML, |s| {
        let input = ResolveInput {
            args: vec!["--config=/k.yaml".into(), "--config-dir=/d".into()],
            files: BTreeMap::from([
                ("/k.yaml".to_string(), s.to_string()),
                ("/d/10.conf".to_string(), s.to_string()),
            ]),
            ..ResolveInput::default()
        };
        let _ = resolve_kubelet_config(&input);
    });
    fuzz("resolve_kubelet_config args", CORPUS_TEXT, |s| {
        let input = ResolveInput {
            args: s.split(' ').map(str::to_string).collect(),
            ..ResolveInput::default()
        };
        let _ = resolve_kubelet_config(&input);
    });
}

#[test]
fn imports() {
    use kubegate::import::{cmdline, configz, kubeadm, metrics, node};
    fuzz("import::cmdline", CORPUS_TEXT, |s| {
        let env = BTreeMap::from([("KUBELET_ARGS".to_string(), s.to_string())]);
        let _ = cmdline::parse_with_env(s, &env);
    });
    fuzz("import::configz", CORPUS_TEXT, |s| {
        let _ = configz::parse(s);
    });
    fuzz("import::metrics", CORPUS_TEXT, |s| {
        let _ = metrics::parse(s);
    });
    fuzz("import::node", CORPUS_YAML, |s| {
        let _ = node::parse(s);
    });
    fuzz("import::kubeadm", CORPUS_YAML, |s| {
        let _ = kubeadm::parse(s);
    });
}

#[test]
fn pods_nodes_scenarios_and_control_plane() {
    use kubegate::controller::nodelifecycle::{
        ControllerConfig, MonitorInput, NodeLifecycleController,
    };
    use kubegate::controlplane::bootstrap::{BootstrapConfig, BootstrapController};
    use kubegate::kubelet::podconfig::manifest::{decode_pod_list, decode_single_pod, Origin};
    use kubegate::kubelet::podconfig::{MergeInput, NotificationMode, PodConfig, Timestamp};
    use kubegate::sim::{Scenario, Simulator};
    fuzz("manifest decode", CORPUS_YAML, |s| {
        let _ = decode_single_pod(s, &Origin::File("/m/a.yaml"), "n1");
        let _ = decode_pod_list(s, &Origin::Url("http://x"), "n1");
    });
    fuzz("PodConfig::merge_input", CORPUS_TEXT, |s| {
        let pod = serde_json::json!({ "metadata": { "name": s, "uid": s, "namespace": s, "deletionTimestamp": s, "annotations": { s: s } } });
        let mut c = PodConfig::new(NotificationMode::SnapshotAndUpdates, Timestamp::default());
        for op in ["SET", "UPDATE", "ADD", "DELETE", "REMOVE", "RECONCILE", s] {
            let _ = c.merge_input(
                s,
                MergeInput {
                    op: op.into(),
                    pods: vec![pod.clone(), pod.clone()],
                },
            );
        }
    });
    fuzz("NodeLifecycleController", CORPUS_TEXT, |s| {
        let text = format!(
            r#"{{"now":"2024-05-01T10:00:00Z","nodes":[{{"metadata":{{"name":{s:?},"labels":{{"topology.kubernetes.io/zone":{s:?}}}}},"status":{{"conditions":[{{"type":"Ready","status":{s:?},"lastHeartbeatTime":"2024-05-01T09:00:00Z"}}]}}}}]}}"#
        );
        if let Ok(input) = serde_json::from_str::<MonitorInput>(&text) {
            let config = ControllerConfig {
                node_monitor_grace_period: kubegate::duration::Duration::parse(s).ok(),
                ..ControllerConfig::default()
            };
            if let Ok(mut c) = NodeLifecycleController::new(&config) {
                let _ = c.monitor_node_health(&input);
            }
        }
    });
    fuzz("Scenario", CORPUS_TEXT, |s| {
        let text = format!(
            r#"{{"nodes":3,"duration":"2m","rateWindow":{s:?},"faults":[{{"kind":"pidPressure","at":{s:?}}}]}}"#
        );
        if let Ok(sc) = Scenario::from_json(&text) {
            if let Ok(mut sim) = Simulator::new(sc) {
                if let Ok(d) = kubegate::duration::Duration::parse(s) {
                    if sim.check_advance(d).is_ok() {
                        sim.advance(d.as_millis());
                    }
                }
            }
        }
    });
    fuzz("BootstrapController", CORPUS_TEXT, |s| {
        let config = BootstrapConfig {
            service_cidr: s.to_string(),
            ..BootstrapConfig::default()
        };
        let _ = BootstrapController::new(config);
        if let Ok(mut c) = BootstrapController::new(BootstrapConfig::default()) {
            let _ = c.start_apiserver(s);
            let _ = c.allocate_cluster_ip(s);
            if let Ok(d) = kubegate::duration::parse_std(s) {
                if c.check_advance(d).is_ok() {
                    c.advance(d);
                }
            }
        }
    });
}

/// A nesting unit of `tests/fuzz/corpus/nested.txt` repeated to `depth` levels, then its leaf.
fn nest(unit: &str, depth: usize, leaf: &str) -> String {
    let (open, close) = unit.split_once(" => ").unwrap_or((unit, ""));
    let open = open.replace("\\n", "\n");
    let mut out = String::new();
    for level in 0..depth {
        out.push_str(&open.replace("{i}", &"  ".repeat(level)));
    }
    out.push_str(leaf);
    out.push_str(&close.repeat(depth));
    out
}

/// No parser recurses as deep as its input nests. Every unit of the nested corpus, at
/// depths either side of the limits (100, 128, 512) and far past them, and at seeded random
/// depths, through every entry point that reads YAML or JSON, on a thread with a small stack
/// (512 KiB, half the wasm stack, in a release build; 4 MiB in a debug build, whose frames are
/// several times larger): an overflow aborts the test binary, where the wasm module would have
/// trapped. Recursion that follows the input's depth overflows either at 20,000 levels.
#[test]
fn nested() {
    use kubegate::featuregate::parse_feature_list;
    use kubegate::import::{configz, kubeadm, node};
    use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput};
    use kubegate::kubelet::podconfig::manifest::{decode_pod_list, decode_single_pod, Origin};
    let units: Vec<&str> = CORPUS_NESTED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    let mut r = Rng(seed() ^ 0x6e65_7374);
    let mut depths = vec![1, 100, 128, 129, 512, 513, 3000, 20_000];
    for _ in 0..iterations() / 100 {
        depths.push(r.below(5000));
    }
    let mut inputs = Vec::new();
    for unit in &units {
        for &depth in &depths {
            // Indented units grow as the square of the depth: 600 levels are already 360 KB.
            let depth = if unit.contains("{i}") {
                depth.min(600)
            } else {
                depth
            };
            for leaf in ["1", "x: y"] {
                inputs.push(nest(unit, depth, leaf));
            }
        }
    }
    let run = move || {
        for text in &inputs {
            let trace = std::env::var_os("KUBEGATE_FUZZ_TRACE").is_some();
            if trace {
                eprintln!("{:?} {}", text.get(..40.min(text.len())), text.len());
            }
            let _ = kubegate::yaml::parse_all(text);
            if trace {
                eprintln!("yaml ok");
            }
            let _ = parse_feature_list(text);
            let input = ResolveInput {
                args: vec!["--config=/k.yaml".into(), "--config-dir=/d".into()],
                files: BTreeMap::from([
                    ("/k.yaml".to_string(), text.clone()),
                    ("/d/10.conf".to_string(), text.clone()),
                ]),
                ..ResolveInput::default()
            };
            let _ = resolve_kubelet_config(&input);
            if trace {
                eprintln!("kubelet ok");
            }
            let _ = node::parse(text);
            if trace {
                eprintln!("node ok");
            }
            let _ = kubeadm::parse(text);
            if trace {
                eprintln!("kubeadm ok");
            }
            let _ = configz::parse(text);
            if trace {
                eprintln!("configz ok");
            }
            let _ = decode_single_pod(text, &Origin::File("/m/a.yaml"), "n1");
            let _ = decode_pod_list(text, &Origin::Url("http://x"), "n1");
        }
    };
    let done = std::thread::Builder::new()
        .stack_size(if cfg!(debug_assertions) {
            4 << 20
        } else {
            512 << 10
        })
        .spawn(run)
        .expect("thread")
        .join();
    assert!(done.is_ok(), "a parser panicked on nested input");
}
