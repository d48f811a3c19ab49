//! `nodeStatusHasChanged` (pkg/kubelet/kubelet_node_status.go): whether the kubelet must patch.
//!
//! Heartbeat-only changes must not count, or every 10s sync would write to the API server; that is
//! why conditions are compared with `lastHeartbeatTime` cleared and sorted by type. The rest of the
//! status is compared with apimachinery's `Semantic.DeepEqual`, where a missing field equals its zero
//! value (nil and empty slices/maps are equal) and resource quantities compare by value.

use serde_json::{Map, Value};

use super::types::{NodeCondition, NodeStatus};
use crate::quantity::Quantity;

/// `nodeStatusHasChanged(original, new)`. Never mutates its inputs.
pub fn node_status_has_changed(original: Option<&NodeStatus>, new: Option<&NodeStatus>) -> bool {
    let (a, b) = match (original, new) {
        (None, None) => return false,
        (Some(a), Some(b)) => (a, b),
        _ => return true,
    };
    if conditions_changed(a.conditions(), b.conditions()) {
        return true;
    }
    !rest_equal(a, b)
}

fn conditions_changed(a: &[NodeCondition], b: &[NodeCondition]) -> bool {
    if a.len() != b.len() {
        return true;
    }
    let prep = |cs: &[NodeCondition]| {
        let mut v: Vec<NodeCondition> = cs
            .iter()
            .map(|c| NodeCondition {
                last_heartbeat_time: None,
                ..c.clone()
            })
            .collect();
        // Stable, like sort.SliceStable upstream.
        crate::sort::sort_by(&mut v, |x, y| x.type_.cmp(&y.type_));
        v
    };
    prep(a) != prep(b)
}

fn rest_equal(a: &NodeStatus, b: &NodeStatus) -> bool {
    let norm = |s: &NodeStatus| {
        let mut m = s.extra.0.clone();
        if let Some(cap) = &s.capacity {
            m.insert("capacity".to_string(), Value::Object(cap.clone()));
        }
        normalize(Value::Object(m), "")
    };
    norm(a) == norm(b)
}

/// Drops zero values (Go's omitempty view of a struct) and turns quantities into a canonical form.
fn normalize(v: Value, parent: &str) -> Value {
    match v {
        Value::Object(m) => {
            let quantities = matches!(parent, "capacity" | "allocatable");
            let mut out = Map::new();
            for (k, v) in m {
                let v = if quantities {
                    match &v {
                        Value::String(s) => match Quantity::parse(s) {
                            Ok(q) => Value::String(q.canonical_key()),
                            Err(_) => v,
                        },
                        _ => v,
                    }
                } else {
                    normalize(v, &k)
                };
                if !is_zero(&v) {
                    out.insert(k, v);
                }
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.into_iter().map(|x| normalize(x, "")).collect()),
        other => other,
    }
}

fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
    }
}
