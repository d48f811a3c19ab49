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
    // Go's zero value: an absent or null string field decodes as ""; a number, list or map is
    // refused, as Go's decoder refuses it.
    let s = |x: Option<&Value>| match x {
        None | Some(Value::Null) => Some(String::new()),
        Some(Value::String(t)) => Some(t.clone()),
        Some(_) => None,
    };
    let Some(name) = s(meta.and_then(|m| m.get("name"))) else {
        return Err(ImportError::new(
            "a Pod whose metadata.name is not a string",
            None,
        ));
    };
    let string = |x: Option<&Value>, field: &str| {
        s(x).ok_or_else(|| ImportError::new(format!("Pod {name}: {field} is not a string"), None))
    };
    if name.is_empty() {
        return Err(ImportError::new("a Pod without metadata.name", None));
    }
    let namespace = string(meta.and_then(|m| m.get("namespace")), "metadata.namespace")?;
    let node_name = string(v.pointer("/spec/nodeName"), "spec.nodeName")?;
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
        namespace,
        name,
        node_name,
        tolerations,
        owner_kind,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Absent and null strings are Go's ""; any other non-string is refused.
    #[test]
    fn string_fields() {
        let pod = read(&json!({"metadata": {"name": "p", "namespace": null}})).unwrap();
        assert_eq!((pod.namespace.as_str(), pod.node_name.as_str()), ("", ""));
        let err = |v: Value| read(&v).unwrap_err().to_string();
        assert_eq!(
            err(json!({"metadata": {"name": 5}})),
            "a Pod whose metadata.name is not a string"
        );
        assert_eq!(
            err(json!({"metadata": {"name": "p", "namespace": 5}})),
            "Pod p: metadata.namespace is not a string"
        );
        assert_eq!(
            err(json!({"metadata": {"name": "p"}, "spec": {"nodeName": ["n"]}})),
            "Pod p: spec.nodeName is not a string"
        );
    }
}
