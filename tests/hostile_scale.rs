//! Legitimately large work, and texts at the limits: what each returns or refuses, at the sizes
//! the package promises. How long they take is measured by the benchmarks, against a baseline of
//! the same run (`scripts/bench.sh`: the "Hostile inputs" table of criterion's and the package's
//! 50,000-pod and 50,000-node rows), never here: a wall-clock bound fails on a loaded machine.

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

#[test]
fn podconfig_set_update_add_of_50000_pods_is_linear() {
    let mut c = PodConfig::new(NotificationMode::Incremental, Timestamp::default());
    let input = |op: &str, pods| MergeInput {
        op: op.into(),
        pods,
    };
    let out = c.merge_input("a", input("SET", pods(N, "img"))).unwrap();
    assert_eq!(out.updates[0].pods.len(), N);
    let out = c
        .merge_input("a", input("UPDATE", pods(N, "img2")))
        .unwrap();
    assert_eq!(out.updates[0].pods.len(), N);
    let mut c = PodConfig::new(NotificationMode::Incremental, Timestamp::default());
    let mut added = 0;
    for p in pods(N, "img") {
        let out = c.merge_input("a", input("ADD", vec![p])).unwrap();
        added += out.updates.iter().map(|u| u.pods.len()).sum::<usize>();
    }
    // Each ADD of a new pod reports that pod alone, not the source's growing set.
    assert_eq!(added, N);
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
    let input: MonitorInput = serde_json::from_str(&text).unwrap();
    let out = c.monitor_node_health(&input);
    assert_eq!(out.nodes.len(), N);
    // Every node in its own zone: one state per zone.
    assert_eq!(out.zone_states.len(), N);
    assert!(serde_json::to_string(&out).unwrap().len() > N * 20);
}

/// Texts at the YAML limits are refused with upstream's words: nesting far past 512 levels stops
/// at level 513 (the reader pulls events one at a time, so the rest of the text is never read:
/// the error is the one a text of 513 levels gets), and a control character is found in one pass
/// before any parsing (at its line, the last).
#[test]
fn yaml_past_its_limits_is_refused_at_once() {
    let deep = format!("{}1", "- ".repeat(500_000));
    let err = kubegate::yaml::parse(&deep).expect_err("refused");
    assert_eq!(err.to_string(), "yaml: line 1: exceeded max depth of 512");
    let just_past = format!("{}1", "- ".repeat(513));
    let small = kubegate::yaml::parse(&just_past).expect_err("refused");
    assert_eq!(small.to_string(), err.to_string());
    let mut nul = "a: b\n".repeat(200_000);
    nul.push('\0');
    let err = kubegate::yaml::parse(&nul).expect_err("refused");
    // go-yaml's reader names no line; the position is kept for pointers.
    assert_eq!(err.to_string(), "yaml: control characters are not allowed");
    assert_eq!(err.pos().line, 200_001);
    let flow = format!("{}1", "[".repeat(1 << 20));
    let err = kubegate::yaml::parse(&flow).expect_err("refused");
    assert_eq!(err.to_string(), "yaml: line 1: recursion limit exceeded");
}

/// A feature-values map of 10,000 unknown names (the package's `LIMITS.maxFeatureValues`) is
/// refused with Kubernetes' error, naming the first unknown name in the map's order.
#[test]
fn set_from_map_at_the_limit_is_refused_at_the_first_unknown_name() {
    use kubegate::featuregate::FeatureGate;
    use kubegate::releases::kubernetes_features;
    let mut g = FeatureGate::new();
    g.add_versioned(kubernetes_features()).expect("features");
    let values: std::collections::BTreeMap<String, bool> =
        (0..10_000).map(|i| (format!("Unknown{i}"), true)).collect();
    let err = g.set_from_map(&values).expect_err("refused");
    assert_eq!(err.to_string(), "unrecognized feature gate: Unknown0");
}
