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

/// 50,000 in release builds (the figure); a tenth in debug builds, where the same code
/// runs ~10x slower, so `cargo test` stays quick.
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
