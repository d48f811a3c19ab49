//! A Node as `kubectl get node NAME -o yaml` (or `-o json`) prints it, or a `List` of them; a
//! node's Lease (`kubectl get lease -n kube-node-lease NAME -o yaml`) may come in the same input
//! (a `List`, or `---`-separated documents).
//!
//! The node's pods (`kubectl get pods -A -o yaml --field-selector spec.nodeName=NAME`) may
//! come in the same input too: their tolerations decide when the taint manager deletes them.
//!
//! A `null` where an object or list belongs (`spec: null`, `taints: null`) reads as empty, as
//! Go's JSON decoder reads it into a struct; `metadata.managedFields` is kept, not read, but its
//! times count towards the snapshot's time.
//!
//! The result is the Node as [`crate::kubelet::nodestatus::Node`] models it (conditions, taints,
//! labels, `unschedulable`, everything else kept verbatim), its kubelet version
//! (`status.nodeInfo.kubeletVersion`) and whether a lease was given: the starting state of the
//! node lifecycle controller's view of it.

use serde::Serialize;
use serde_json::Value;

use super::{check_size, line_of, yaml_error, ImportError, Note};
use crate::controller::nodelifecycle::{explain, ExplainOptions, Explanation, Lease, NodeInput};
use crate::controller::tainteviction::PodOnNode;
use crate::kubelet::nodestatus::Node;

/// One imported node.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct ImportedNode {
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown>"))]
    pub node: Node,
    /// `status.nodeInfo.kubeletVersion` (`v1.31.4`), when present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet_version: Option<String>,
    /// The node's Lease in `kube-node-lease`, when the input held it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown>", optional))]
    pub lease: Option<Lease>,
    /// Line of the object in the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// What [`parse`] read.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct NodeImport {
    pub nodes: Vec<ImportedNode>,
    /// Pods in the input (any node's; the explanation matches them by `spec.nodeName`).
    pub pods: Vec<PodOnNode>,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

impl NodeImport {
    /// The explanation of these nodes with their leases and pods
    /// ([`crate::controller::nodelifecycle::explain`]): what the CLI, the npm package and the
    /// playground all answer.
    pub fn explain(
        &self,
        options: &ExplainOptions,
    ) -> Result<Explanation, crate::controller::nodelifecycle::ControllerConfigError> {
        let inputs: Vec<NodeInput> = self
            .nodes
            .iter()
            .map(|n| NodeInput {
                node: &n.node,
                lease: n.lease.as_ref(),
                kubelet_version: n.kubelet_version.as_deref(),
            })
            .collect();
        explain(&inputs, &self.pods, options)
    }
}

/// Reads Nodes (and Leases, and Pods) from kubectl's YAML or JSON output.
pub fn parse(text: &str) -> Result<NodeImport, ImportError> {
    let out = read_objects(text)?;
    if out.nodes.is_empty() && !out.pods.is_empty() {
        return Err(ImportError::new(
            "no Node found, only Pods: add the Node they run on (kubectl get node NAME -o yaml)",
            None,
        ));
    }
    if out.nodes.is_empty() {
        return Err(ImportError::new(
            "no Node found: expected the output of kubectl get node NAME -o yaml (or -o json)",
            None,
        ));
    }
    Ok(out)
}

/// Reads the Pods of kubectl's output (`kubectl get pods -A -o yaml --field-selector
/// spec.nodeName=NAME`); other objects are left out.
pub fn parse_pods(text: &str) -> Result<Vec<PodOnNode>, ImportError> {
    let out = read_objects(text)?;
    if out.pods.is_empty() {
        return Err(ImportError::new(
            "no Pod found: expected the output of kubectl get pods -A -o yaml --field-selector spec.nodeName=NAME",
            None,
        ));
    }
    Ok(out.pods)
}

fn read_objects(text: &str) -> Result<NodeImport, ImportError> {
    check_size(text, "node")?;
    let docs = crate::yaml::parse_all(text).map_err(yaml_error)?;
    let mut out = NodeImport {
        nodes: Vec::new(),
        pods: Vec::new(),
        understood: Vec::new(),
        ignored: Vec::new(),
    };
    let mut leases: Vec<(Lease, Option<usize>)> = Vec::new();
    for doc in &docs {
        let mut objects: Vec<(String, &Value)> = Vec::new();
        match doc.value.get("kind").and_then(Value::as_str) {
            Some(k) if k == "List" || k.ends_with("List") => {
                let items = doc.value.get("items").and_then(Value::as_array);
                for (i, item) in items.into_iter().flatten().enumerate() {
                    objects.push((format!("/items/{i}"), item));
                }
            }
            _ if doc.value.is_null() => {}
            _ => objects.push((String::new(), &doc.value)),
        }
        for (ptr, v) in objects {
            let line = line_of(doc, &ptr).or_else(|| line_of(doc, &format!("{ptr}/kind")));
            // Go's zero value: no `kind` reads as "", which matches no object below.
            let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
            let nulls = null_fields(v);
            let mut v = v.clone();
            drop_nulls(&mut v);
            let v = &v;
            if !nulls.is_empty() && kind != "Pod" {
                out.understood.push(Note::new(
                    line,
                    format!(
                        "{} null (read as empty, as Go's decoder does)",
                        nulls.join(", ")
                    ),
                ));
            }
            match kind {
                "Pod"
                    if v.pointer("/metadata/name")
                        .and_then(Value::as_str)
                        .is_none() =>
                {
                    out.ignored
                        .push(Note::new(line, "a Pod without metadata.name"));
                }
                "Pod" => {
                    let pod = super::pods::read(v).map_err(|e| e.or_line(line))?;
                    out.understood.push(Note::new(
                        line,
                        format!(
                            "Pod {}/{} on {}: {} toleration{}",
                            pod.namespace,
                            pod.name,
                            if pod.node_name.is_empty() {
                                "no node"
                            } else {
                                &pod.node_name
                            },
                            pod.tolerations.len(),
                            if pod.tolerations.len() == 1 { "" } else { "s" }
                        ),
                    ));
                    out.pods.push(pod);
                }
                "Node" => {
                    if v.pointer("/metadata/managedFields").is_some() {
                        out.ignored.push(Note::new(
                            line_of(doc, &format!("{ptr}/metadata/managedFields")),
                            "metadata.managedFields (who wrote which field; its times count towards the snapshot's time)",
                        ));
                    }
                    let node: Node = crate::json::strict::from_value(v.clone()).map_err(|e| {
                        let at = where_error(doc, &ptr, v, &e.to_string());
                        ImportError::new(format!("this Node does not read: {e}"), at.or(line))
                    })?;
                    let kubelet_version = v
                        .pointer("/status/nodeInfo/kubeletVersion")
                        .and_then(Value::as_str)
                        .map(str::to_string);
                    out.understood.push(Note::new(
                        line,
                        format!(
                            "Node {}: {} conditions, {} taints{}",
                            node.metadata.name,
                            node.status.conditions().len(),
                            node.spec.taints.len(),
                            kubelet_version
                                .as_deref()
                                .map(|k| format!(", kubelet {k}"))
                                .unwrap_or_default()
                        ),
                    ));
                    let ignored: Vec<&str> = node
                        .status
                        .extra
                        .keys()
                        .map(String::as_str)
                        .filter(|k| *k != "nodeInfo")
                        .collect();
                    if !ignored.is_empty() {
                        out.ignored.push(Note::new(
                            line_of(doc, &format!("{ptr}/status")),
                            format!(
                                "status.{{{}}} (not used by the lifecycle controller)",
                                ignored.join(",")
                            ),
                        ));
                    }
                    out.nodes.push(ImportedNode {
                        node,
                        kubelet_version,
                        lease: None,
                        line,
                    });
                }
                "Lease" => {
                    let lease: Lease = crate::json::strict::from_value(v.clone()).map_err(|e| {
                        ImportError::new(format!("this Lease does not read: {e}"), line)
                    })?;
                    out.understood.push(Note::new(
                        line,
                        format!("Lease {}/{}", lease.metadata.namespace, lease.metadata.name),
                    ));
                    leases.push((lease, line));
                }
                other => out.ignored.push(Note::new(
                    line,
                    if other.is_empty() {
                        "an object without kind".to_string()
                    } else {
                        format!("a {other}")
                    },
                )),
            }
        }
    }
    for (lease, line) in leases {
        let node = out
            .nodes
            .iter_mut()
            .find(|n| n.node.metadata.name == lease.metadata.name);
        match node {
            Some(n) if lease.metadata.namespace == crate::kubelet::lease::NODE_LEASE_NAMESPACE => {
                n.lease = Some(lease)
            }
            _ => out.ignored.push(Note::new(
                line,
                format!(
                    "Lease {}/{} belongs to no node of this input",
                    lease.metadata.namespace, lease.metadata.name
                ),
            )),
        }
    }
    Ok(out)
}

/// Removes every object member whose value is `null`, at any depth: Go's decoder leaves a
/// struct field, a map or a slice at its zero value for a JSON `null`, which is what an absent
/// member reads as here.
pub(crate) fn drop_nulls(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|_, x| !x.is_null());
            m.values_mut().for_each(drop_nulls);
        }
        Value::Array(a) => a.iter_mut().for_each(drop_nulls),
        _ => {}
    }
}

/// The top-level and second-level members that are `null` (`spec`, `status.conditions`), for
/// the notes.
fn null_fields(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Value::Object(m) = v {
        for (k, x) in m {
            match x {
                Value::Null => out.push(k.clone()),
                Value::Object(inner) => out.extend(
                    inner
                        .iter()
                        .filter(|(_, y)| y.is_null())
                        .map(|(j, _)| format!("{k}.{j}")),
                ),
                _ => {}
            }
        }
    }
    out
}

/// The line of the field a serde error names (`... at status.conditions[1].status`) when we can
/// find it: serde_json's messages name a field but not a path, so we look for the field name.
fn where_error(doc: &crate::yaml::Document, ptr: &str, v: &Value, message: &str) -> Option<usize> {
    let field = message.split('`').nth(1)?;
    fn find(v: &Value, field: &str, path: String) -> Option<String> {
        match v {
            Value::Object(m) => {
                if m.contains_key(field) {
                    return Some(format!("{path}/{}", crate::yaml::pointer_segment(field)));
                }
                m.iter().find_map(|(k, x)| {
                    find(
                        x,
                        field,
                        format!("{path}/{}", crate::yaml::pointer_segment(k)),
                    )
                })
            }
            Value::Array(a) => a
                .iter()
                .enumerate()
                .find_map(|(i, x)| find(x, field, format!("{path}/{i}"))),
            _ => None,
        }
    }
    let p = find(v, field, ptr.to_string())?;
    line_of(doc, &p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_with_lease_and_errors_on_lines() {
        let text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    name: n1\n  status:\n    conditions:\n    - type: Ready\n      status: \"True\"\n      lastHeartbeatTime: \"2024-01-01T00:00:00Z\"\n    nodeInfo:\n      kubeletVersion: v1.31.2\n- apiVersion: coordination.k8s.io/v1\n  kind: Lease\n  metadata: {name: n1, namespace: kube-node-lease}\n  spec: {renewTime: \"2024-01-01T00:00:05.000000Z\"}\n";
        let n = parse(text).unwrap();
        assert_eq!(n.nodes.len(), 1);
        assert_eq!(n.nodes[0].kubelet_version.as_deref(), Some("v1.31.2"));
        assert!(n.nodes[0].lease.is_some());
        let bad = "kind: Node\nmetadata: {name: x}\nstatus:\n  conditions:\n  - type: Ready\n    status: \"True\"\n    lastHeartbeatTime: yesterday\n";
        let e = parse(bad).unwrap_err();
        assert!(e.message().contains("yesterday"), "{e}");
        assert!(parse("kind: Pod\n").is_err());
    }
}
