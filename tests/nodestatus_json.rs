//! The JSON text of a node lifecycle controller pass written by `kubegate::json` (what the npm
//! package returns for passes of up to 50,000 nodes) is byte for byte what
//! `serde_json::to_string` writes: healthy nodes, silent ones (Unknown conditions, taints,
//! events, pods marked not ready) and the fields a node carries along untouched.

use kubegate::controller::nodelifecycle::{
    ControllerConfig, MonitorInput, NodeLifecycleController,
};
use serde_json::json;

fn input(now: &str, beat: &str) -> MonitorInput {
    let nodes: Vec<_> = (0..30)
        .map(|i| {
            json!({
                "metadata": {"name": format!("node-{i}"), "creationTimestamp": "2024-04-01T00:00:00Z",
                    "labels": {"topology.kubernetes.io/zone": format!("z{}", i % 3)}, "annotations": {"a": "q\"\n"}},
                "spec": {"podCIDR": "10.0.0.0/24", "unschedulable": i == 3,
                    "taints": if i == 4 { json!([{"key": "k", "value": "v", "effect": "NoSchedule"}]) } else { json!([]) }},
                "status": {"capacity": {"cpu": "2", "pods": 110},
                    "conditions": [{"type": "Ready", "status": "True", "lastHeartbeatTime": if i % 5 == 0 { "2024-05-01T09:00:00Z" } else { beat },
                        "lastTransitionTime": "2024-05-01T08:00:00.123456Z", "reason": "KubeletReady", "message": "ü€ ready"}],
                    "nodeInfo": {"kubeletVersion": "v1.32.0"}, "allocatable": {"memory": 1.5e9}}
            })
        })
        .collect();
    let pods: Vec<_> = (0..30)
        .map(|i| json!({"namespace": "default", "name": format!("pod-{i}"), "nodeName": format!("node-{i}")}))
        .collect();
    serde_json::from_value(json!({"now": now, "nodes": nodes, "pods": pods})).unwrap()
}

#[test]
fn every_pass_result_is_written_as_serde_json_writes_it() {
    let mut ctl = NodeLifecycleController::new(&ControllerConfig {
        kubernetes_version: Some("1.32".into()),
        ..Default::default()
    })
    .unwrap();
    let mut silent = 0;
    for (now, beat) in [
        ("2024-05-01T10:00:00Z", "2024-05-01T10:00:00Z"),
        ("2024-05-01T10:00:05Z", "2024-05-01T10:00:04Z"),
        ("2024-05-01T10:10:00Z", "2024-05-01T10:09:59Z"),
        ("2024-05-01T10:20:00Z", "2024-05-01T10:19:59Z"),
    ] {
        let mut input = input(now, beat);
        let r = ctl.monitor_node_health(&input);
        silent += r.events.len();
        assert_eq!(
            kubegate::json::to_string(&r).unwrap(),
            serde_json::to_string(&r).unwrap()
        );
        let t = ctl.do_no_execute_tainting_pass(input.now, &mut input.nodes);
        assert_eq!(
            kubegate::json::to_string(&t).unwrap(),
            serde_json::to_string(&t).unwrap()
        );
    }
    assert!(
        silent > 0,
        "some nodes went silent, so the result had events to write"
    );
}
