//! `Node`, `NodeSpec`, `NodeStatus` and `ObjectMeta` keep their unknown fields without
//! `#[serde(flatten)]` (see `src/objects/kept_fields.rs`). They must accept, refuse and write
//! exactly what the flatten derive did: the derive is kept here as the reference, and both are
//! run over the same texts.

use std::collections::BTreeMap;

use kubegate::objects::{Node, NodeCondition, Taint};
use kubegate::timestamp::Time;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The flatten derive, as the four types had it.
mod reference {
    use super::*;

    #[derive(Debug, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Node {
        #[serde(default)]
        pub metadata: ObjectMeta,
        #[serde(default)]
        pub spec: NodeSpec,
        #[serde(default)]
        pub status: NodeStatus,
        #[serde(flatten)]
        pub extra: Map<String, Value>,
    }

    #[derive(Debug, Default, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct ObjectMeta {
        #[serde(default, skip_serializing_if = "String::is_empty")]
        pub namespace: String,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        pub name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub creation_timestamp: Option<Time>,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        pub labels: BTreeMap<String, String>,
        #[serde(flatten)]
        pub extra: Map<String, Value>,
    }

    #[derive(Debug, Default, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct NodeSpec {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub unschedulable: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub taints: Vec<Taint>,
        #[serde(flatten)]
        pub extra: Map<String, Value>,
    }

    #[derive(Debug, Default, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct NodeStatus {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub capacity: Option<Map<String, Value>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub conditions: Option<Vec<NodeCondition>>,
        #[serde(flatten)]
        pub extra: Map<String, Value>,
    }
}

/// The decoded value written back as JSON, or the error text.
fn outcome<T: Serialize + for<'de> Deserialize<'de>>(text: &str) -> Result<String, String> {
    let v: T = serde_json::from_str(text).map_err(|e| e.to_string())?;
    serde_json::to_string(&v).map_err(|e| e.to_string())
}

const TEXTS: &[&str] = &[
    r#"{}"#,
    r#"{"metadata": {"name": "n1", "labels": {"b": "2", "a": "1"}, "uid": "u", "annotations": {"x": "y"}}}"#,
    r#"{"kind": "Node", "apiVersion": "v1", "metadata": {"name": "n"}, "spec": {"podCIDR": "10.0.0.0/24", "unschedulable": true}, "status": {"addresses": [{"type": "InternalIP", "address": "1.2.3.4"}], "capacity": {"cpu": "4", "pods": 110}}}"#,
    r#"{"zeta": 1, "alpha": [1, 2.5, -3, null, true, {"q": "\u00e9\n"}], "metadata": {}, "zeta": 2}"#,
    r#"{"status": {"conditions": [{"type": "Ready", "status": "True", "lastHeartbeatTime": "2024-05-01T10:00:00Z", "lastTransitionTime": "2024-05-01T09:00:00.5Z", "reason": "KubeletReady", "message": "ok"}]}}"#,
    r#"{"spec": {"taints": [{"key": "k", "effect": "NoSchedule", "timeAdded": "2024-05-01T10:00:00Z"}]}}"#,
    r#"{"metadata": {"name": "a"}, "metadata": {"name": "b"}}"#,
    r#"{"spec": {"taints": [], "taints": []}}"#,
    r#"{"status": {"conditions": null, "capacity": null}}"#,
    r#"{"metadata": {"creationTimestamp": null, "labels": {}}}"#,
    r#"{"metadata": {"name": "n", "name": "m"}}"#,
    r#"{"metadata": null}"#,
    r#"{"spec": []}"#,
    r#"[]"#,
    r#"[{"name": "n"}]"#,
    r#""node""#,
    r#"null"#,
    r#"7"#,
    r#"{"metadata": {"labels": {"a": 1}}}"#,
    r#"{"metadata": {"labels": null}}"#,
    r#"{"metadata": {"creationTimestamp": "yesterday"}}"#,
    r#"{"metadata": {"creationTimestamp": 5}}"#,
    r#"{"spec": {"unschedulable": "yes"}}"#,
    r#"{"spec": {"unschedulable": null}}"#,
    r#"{"status": {"conditions": [{"type": "Ready"}]}}"#,
    r#"{"status": {"conditions": [{"type": "Ready", "status": "True", "extra": 1}]}}"#,
    r#"{"status": {"capacity": [1]}}"#,
    r#"{"metadata": {"name": "n"}, "spec": {"podCIDR": "x"}, "status": {}, "x": 1e400}"#,
    r#"{"metadata": {"name": "n"} "spec": {}}"#,
    r#"{"metadata": {"name": "n"},}"#,
    r#"{"metadata": {"name": "n"}} trailing"#,
    r#"{"me\u0074adata": {"n\u0061me": "escaped keys"}, "sp\"ec": 1}"#,
    r#"{"status": {"conditions": [], "phase": "Running", "conditions": []}}"#,
    r#"{"big": 18446744073709551616, "neg": -0, "small": -9223372036854775808, "f": 1.0}"#,
];

#[test]
fn node_json_is_what_the_flatten_derive_read_and_wrote() {
    for text in TEXTS {
        let ours = outcome::<Node>(text);
        let theirs = outcome::<reference::Node>(text);
        assert_eq!(ours, theirs, "{text}");
    }
    // At least the valid shapes decoded, and the refusals were refusals.
    assert!(outcome::<Node>(TEXTS[2]).is_ok());
    assert_eq!(
        outcome::<Node>(r#"{"metadata": {"name": "a"}, "metadata": {}}"#),
        Err("duplicate field `metadata` at line 1 column 38".to_string())
    );
    assert_eq!(
        outcome::<Node>("[]"),
        Err("invalid type: sequence, expected struct Node at line 1 column 0".to_string())
    );
}

#[test]
fn node_json_from_a_value_tree_is_what_the_flatten_derive_read() {
    // The decoders also run on already-parsed values (the importers, the CLI).
    for text in TEXTS {
        let Ok(value) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        let ours = serde_json::from_value::<Node>(value.clone())
            .map(|n| serde_json::to_string(&n).ok())
            .map_err(|e| e.to_string());
        let theirs = serde_json::from_value::<reference::Node>(value)
            .map(|n| serde_json::to_string(&n).ok())
            .map_err(|e| e.to_string());
        assert_eq!(ours, theirs, "{text}");
    }
}

#[test]
fn node_json_is_written_by_the_fast_writer_as_serde_json_writes_it() {
    for text in TEXTS {
        if let Ok(node) = serde_json::from_str::<Node>(text) {
            assert_eq!(
                kubegate::json::to_string(&node).ok(),
                serde_json::to_string(&node).ok(),
                "{text}"
            );
        }
    }
}
