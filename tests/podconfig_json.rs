//! The JSON text of PodConfig results written by `kubegate::json` (what the npm package returns
//! for merges of up to 50,000 pods) is byte for byte what `serde_json::to_string` writes, for
//! every operation, mode and the awkward values a pod can carry.

use kubegate::kubelet::podconfig::{MergeInput, NotificationMode, PodConfig, Timestamp};
use serde_json::{json, Value};

fn same<T: serde::Serialize + ?Sized>(v: &T) {
    assert_eq!(
        kubegate::json::to_string(v).unwrap(),
        serde_json::to_string(v).unwrap()
    );
}

fn pods(image: &str) -> Vec<Value> {
    let mut out: Vec<Value> = (0..40)
        .map(|i| {
            json!({
                "apiVersion": "v1", "kind": "Pod",
                "metadata": {"name": format!("p{i}"), "uid": format!("u{i}"), "namespace": format!("ns{}", i % 3),
                    "labels": {"app": "a\"b"}, "annotations": {"note": "line\nbreak\u{1}"}, "generation": i},
                "spec": {"containers": [{"name": "c", "image": image, "resources": {"limits": {"cpu": 0.5, "memory": 1e9}}}],
                    "priority": -7, "nodeName": "ü€𝄞"},
                "status": {"phase": "Running", "conditions": [], "x": null, "ok": true}
            })
        })
        .collect();
    // A duplicate name (a Warning event and a log) and a pod being deleted.
    out.push(json!({"metadata": {"name": "p1", "uid": "dup", "namespace": "ns1"}}));
    out.push(json!({"metadata": {"name": "gone", "uid": "g", "deletionTimestamp": "2024-05-01T10:00:00Z", "deletionGracePeriodSeconds": 30}}));
    out
}

#[test]
fn every_result_is_written_as_serde_json_writes_it() {
    for mode in ["Incremental", "Snapshot", "SnapshotAndUpdates"] {
        let mode = NotificationMode::parse(mode).unwrap();
        let mut c = PodConfig::new(
            mode,
            Timestamp::parse_rfc3339("2024-05-01T10:00:00Z").unwrap(),
        );
        for (op, image) in [
            ("SET", "i"),
            ("SET", "i"),
            ("UPDATE", "j"),
            ("ADD", "k"),
            ("RECONCILE", "k"),
            ("REMOVE", "k"),
            ("SET", "l"),
        ] {
            let outcome = c
                .merge_input(
                    "file",
                    MergeInput {
                        op: op.into(),
                        pods: pods(image),
                    },
                )
                .unwrap();
            same(&outcome);
            same(&outcome.updates);
            same(&[c.sync()]);
            same(&c.merged_state());
        }
    }
}
