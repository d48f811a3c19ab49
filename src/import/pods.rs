//! Pods as `kubectl get pods -A -o yaml --field-selector spec.nodeName=NAME` prints them (a
//! `List`, or single Pods), read for what the taint manager decides with: the node each runs on,
//! its tolerations, and the kind of its controller.
//!
//! Everything else of a pod (containers, status) plays no part in taint-based eviction and is
//! not reported one field at a time: a pod list is long, and the notes say which pods were read.

use serde_json::Value;

use super::ImportError;
use crate::controller::tainteviction::{PodOnNode, Toleration};

/// Reads one Pod object (already known to be `kind: Pod`); nulls count as absent, as Go's
/// decoder reads them.
pub fn read(v: &Value) -> Result<PodOnNode, ImportError> {
    let meta = v.get("metadata");
    // Go's zero value: an absent or null string field decodes as "".
    let s = |x: Option<&Value>| x.and_then(Value::as_str).unwrap_or("").to_string();
    let name = s(meta.and_then(|m| m.get("name")));
    if name.is_empty() {
        return Err(ImportError::new("a Pod without metadata.name", None));
    }
    let tolerations = match v.pointer("/spec/tolerations") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.is_null())
            .map(|(i, t)| {
                let mut t = t.clone();
                super::node::drop_nulls(&mut t);
                crate::json::strict::from_value::<Toleration>(t).map_err(|e| {
                    ImportError::new(
                        format!("Pod {name}: spec.tolerations[{i}] does not read: {e}"),
                        None,
                    )
                })
            })
            .collect::<Result<_, _>>()?,
        Some(_) => {
            return Err(ImportError::new(
                format!("Pod {name}: spec.tolerations is not a list"),
                None,
            ))
        }
    };
    let owner_kind = meta
        .and_then(|m| m.get("ownerReferences"))
        .and_then(Value::as_array)
        .and_then(|refs| {
            refs.iter()
                .find(|r| r.get("controller").and_then(Value::as_bool) == Some(true))
        })
        .and_then(|r| r.get("kind"))
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok(PodOnNode {
        namespace: s(meta.and_then(|m| m.get("namespace"))),
        name,
        node_name: s(v.pointer("/spec/nodeName")),
        tolerations,
        owner_kind,
    })
}
