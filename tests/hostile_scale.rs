//! Legitimately large work stays linear: each case runs well under a second natively (the wasm
//! figures are in SECURITY.md; the JS hostile tests time them through the package).

use std::time::{Duration, Instant};

use kubegate::kubelet::podconfig::{MergeInput, NotificationMode, PodConfig, Timestamp};
use serde_json::json;

fn pods(n: usize, image: &str) -> Vec<serde_json::Value> {
    (0..n)
        .map(|i| {
            json!({
                "metadata": { "name": format!("p{i}"), "uid": format!("u{i}"), "namespace": "default", "labels": { "app": "a" } },
                "spec": { "containers": [{ "name": "c", "image": image }] }
            })
        })
        .collect()
}

/// 50,000 in release builds (the scale the package promises); a tenth in debug builds, where the same code
/// runs many times slower, so `cargo test` stays quick.
const N: usize = if cfg!(debug_assertions) {
    5_000
} else {
    50_000
};

fn timed<T>(what: &str, limit: Duration, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    let took = t.elapsed();
    eprintln!("{what}: {took:?}");
    // Generous: the bound must hold on 2 cores shared with other work.
    assert!(took < limit * 3, "{what} took {took:?}");
    out
}

#[test]
fn podconfig_set_update_add_of_50000_pods_is_linear() {
    let mut c = PodConfig::new(NotificationMode::Incremental, Timestamp::default());
    let input = |op: &str, pods| MergeInput {
        op: op.into(),
        pods,
    };
    let out = timed("SET 50000", Duration::from_secs(1), || {
        c.merge_input("a", input("SET", pods(N, "img"))).unwrap()
    });
    assert_eq!(out.updates[0].pods.len(), N);
    let out = timed("UPDATE 50000", Duration::from_secs(1), || {
        c.merge_input("a", input("UPDATE", pods(N, "img2")))
            .unwrap()
    });
    assert_eq!(out.updates[0].pods.len(), N);
    let mut c = PodConfig::new(NotificationMode::Incremental, Timestamp::default());
    timed("50000 single ADDs", Duration::from_secs(1), || {
        for p in pods(N, "img") {
            c.merge_input("a", input("ADD", vec![p])).unwrap();
        }
    });
}

#[test]
fn monitor_node_health_of_50000_nodes_is_linear() {
    use kubegate::controller::nodelifecycle::{
        ControllerConfig, MonitorInput, NodeLifecycleController,
    };
    // Every node in its own zone, with pods, half of them stale: the worst shape for the pass.
    let nodes: Vec<serde_json::Value> = (0..N)
        .map(|i| {
            let beat = if i % 2 == 0 { "2024-05-01T10:00:00Z" } else { "2024-05-01T09:00:00Z" };
            json!({
                "metadata": { "name": format!("n{i}"), "labels": { "topology.kubernetes.io/zone": format!("z{i}") } },
                "status": { "conditions": [{ "type": "Ready", "status": "True", "lastHeartbeatTime": beat, "lastTransitionTime": beat }] }
            })
        })
        .collect();
    let pods: Vec<serde_json::Value> = (0..N)
        .map(|i| json!({ "namespace": "default", "name": format!("p{i}"), "nodeName": format!("n{i}") }))
        .collect();
    let text = json!({ "now": "2024-05-01T10:00:10Z", "nodes": nodes, "pods": pods }).to_string();
    let mut c = NodeLifecycleController::new(&ControllerConfig::default()).unwrap();
    let out = timed("monitorNodeHealth 50000", Duration::from_secs(1), || {
        let input: MonitorInput = serde_json::from_str(&text).unwrap();
        let out = c.monitor_node_health(&input);
        serde_json::to_string(&out).unwrap()
    });
    assert!(out.len() > N * 20);
}

/// Texts at the YAML limits are refused at once: nesting far past 512 levels stops at level 513
/// (the reader pulls events one at a time, so the rest of the text is never read), and a
/// control character is found in one pass before any parsing. (Bounds for a debug build, about
/// twenty times slower than release here.)
#[test]
fn yaml_past_its_limits_is_refused_at_once() {
    let deep = format!("{}1", "- ".repeat(500_000));
    let err = timed("1 MB of '- '", Duration::from_millis(300), || {
        kubegate::yaml::parse(&deep)
    })
    .expect_err("refused");
    assert_eq!(err.to_string(), "yaml: line 1: exceeded max depth of 512");
    let mut nul = "a: b\n".repeat(200_000);
    nul.push('\0');
    let err = timed("1 MB then a NUL", Duration::from_millis(300), || {
        kubegate::yaml::parse(&nul)
    })
    .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "yaml: line 200001: control characters are not allowed"
    );
    let flow = format!("{}1", "[".repeat(1 << 20));
    timed("1 MiB of '['", Duration::from_millis(300), || {
        kubegate::yaml::parse(&flow)
    })
    .expect_err("refused");
}

/// A feature-values map of 10,000 unknown names (the package's `LIMITS.maxFeatureValues`) is
/// refused with Kubernetes' error well within the second.
#[test]
fn set_from_map_at_the_limit_answers_within_the_second() {
    use kubegate::featuregate::FeatureGate;
    use kubegate::releases::kubernetes_features;
    let mut g = FeatureGate::new();
    g.add_versioned(kubernetes_features()).expect("features");
    let values: std::collections::BTreeMap<String, bool> =
        (0..10_000).map(|i| (format!("Unknown{i}"), true)).collect();
    let err = timed("setFromMap of 10,000", Duration::from_millis(200), || {
        g.set_from_map(&values)
    })
    .expect_err("refused");
    assert_eq!(err.to_string(), "unrecognized feature gate: Unknown0");
}
