//! kubeadm's configuration files (`kubeadm.k8s.io/v1beta3` and `v1beta4`): the parts that decide
//! feature gates and the kubelet's command line.
//!
//! - `ClusterConfiguration.featureGates`: kubeadm's **own** gates (`EtcdLearnerMode`,
//!   `ControlPlaneKubeletLocalMode`, ...), a `map[string]bool`. They are not the components'
//!   gates and are reported apart.
//! - `ClusterConfiguration.{apiServer,controllerManager,scheduler,etcd.local}.extraArgs`: the
//!   components' flags, among them `feature-gates`.
//! - `InitConfiguration`/`JoinConfiguration` `nodeRegistration.kubeletExtraArgs`: the kubelet's
//!   extra flags (kubeadm writes them into `kubeadm-flags.env`).
//! - A `KubeletConfiguration` document in the same file: the kubelet's config file (kubeadm writes
//!   it to `/var/lib/kubelet/config.yaml`).
//!
//! v1beta3 writes extra arguments as a map (`{feature-gates: "A=true"}`); v1beta4 as a list of
//! `{name, value}` where a name may repeat. Both are read, each argument with its line.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use super::{check_size, line_of, yaml_error, ImportError, Note};

/// One flag from an `extraArgs`/`kubeletExtraArgs`, with its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeadmExtraArg", optional_fields)
)]
pub struct ExtraArg {
    pub name: String,
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl ExtraArg {
    /// As a command-line argument: `--name=value`.
    pub fn to_arg(&self) -> String {
        format!("--{}={}", self.name, self.value)
    }
}

/// What [`parse`] read.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct KubeadmConfig {
    /// The kubeadm API versions seen (`kubeadm.k8s.io/v1beta4`).
    pub api_versions: Vec<String>,
    /// kubeadm's own feature gates (ClusterConfiguration.featureGates), with their line.
    pub kubeadm_feature_gates: BTreeMap<String, bool>,
    /// Extra arguments per component: `apiServer`, `controllerManager`, `scheduler`, `etcd`.
    pub extra_args: BTreeMap<String, Vec<ExtraArg>>,
    /// `nodeRegistration.kubeletExtraArgs` of InitConfiguration or JoinConfiguration.
    pub kubelet_extra_args: Vec<ExtraArg>,
    /// The KubeletConfiguration document, as a config file whose line numbers are the input's
    /// (earlier lines are blank).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kubelet_configuration: Option<String>,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

impl KubeadmConfig {
    /// The `feature-gates` argument of a component (`apiServer`, `kubelet`, ...), with its line.
    pub fn feature_gates_of(&self, component: &str) -> Option<&ExtraArg> {
        let list = if component == "kubelet" {
            &self.kubelet_extra_args
        } else {
            self.extra_args.get(component)?
        };
        list.iter().rev().find(|a| a.name == "feature-gates")
    }
}

/// Reads a kubeadm configuration file (one or more `---`-separated documents).
pub fn parse(text: &str) -> Result<KubeadmConfig, ImportError> {
    check_size(text, "kubeadm configuration")?;
    let docs = crate::yaml::parse_all(text).map_err(yaml_error)?;
    let mut out = KubeadmConfig::default();
    for doc in &docs {
        let v = &doc.value;
        if v.is_null() {
            continue;
        }
        // The document's first line: its first key's.
        let line = match v {
            Value::Object(m) => m
                .keys()
                .filter_map(|k| line_of(doc, &format!("/{}", crate::yaml::pointer_segment(k))))
                .min(),
            _ => None,
        };
        // Go's zero values: a document without `apiVersion` or `kind` matches no arm but the
        // last; `split` yields at least one piece, so its "" is unreachable.
        let api = v.get("apiVersion").and_then(Value::as_str).unwrap_or("");
        let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
        match (api.split('/').next().unwrap_or(""), kind) {
            ("kubeadm.k8s.io", "ClusterConfiguration") => {
                note_api(&mut out, api);
                out.understood
                    .push(Note::new(line_of(doc, "/kind"), format!("{kind} ({api})")));
                if let Some(Value::Object(fg)) = v.get("featureGates") {
                    for (k, val) in fg {
                        let l = line_of(
                            doc,
                            &format!("/featureGates/{}", crate::yaml::pointer_segment(k)),
                        );
                        match val.as_bool() {
                            Some(b) => {
                                out.kubeadm_feature_gates.insert(k.clone(), b);
                            }
                            None => {
                                return Err(ImportError::new(
                                    format!(
                                        "featureGates.{k}: expected true or false, found {val}"
                                    ),
                                    l,
                                ))
                            }
                        }
                    }
                    out.understood.push(Note::new(
                        line_of(doc, "/featureGates"),
                        format!(
                            "{} kubeadm feature gates (kubeadm's own, not the components')",
                            fg.len()
                        ),
                    ));
                }
                for (component, ptr) in [
                    ("apiServer", "/apiServer/extraArgs"),
                    ("controllerManager", "/controllerManager/extraArgs"),
                    ("scheduler", "/scheduler/extraArgs"),
                    ("etcd", "/etcd/local/extraArgs"),
                ] {
                    if let Some(args) = v.pointer(ptr) {
                        let list = extra_args(doc, ptr, args)?;
                        out.understood.push(Note::new(
                            line_of(doc, ptr),
                            format!("{component}.extraArgs: {} flags", list.len()),
                        ));
                        out.extra_args.insert(component.to_string(), list);
                    }
                }
                ignore_others(
                    doc,
                    v,
                    &[
                        "apiVersion",
                        "kind",
                        "featureGates",
                        "apiServer",
                        "controllerManager",
                        "scheduler",
                        "etcd",
                    ],
                    kind,
                    &mut out.ignored,
                );
            }
            ("kubeadm.k8s.io", "InitConfiguration" | "JoinConfiguration") => {
                note_api(&mut out, api);
                out.understood
                    .push(Note::new(line_of(doc, "/kind"), format!("{kind} ({api})")));
                let ptr = "/nodeRegistration/kubeletExtraArgs";
                if let Some(args) = v.pointer(ptr) {
                    let list = extra_args(doc, ptr, args)?;
                    out.understood.push(Note::new(
                        line_of(doc, ptr),
                        format!(
                            "nodeRegistration.kubeletExtraArgs: {} kubelet flags",
                            list.len()
                        ),
                    ));
                    out.kubelet_extra_args.extend(list);
                }
                ignore_others(
                    doc,
                    v,
                    &["apiVersion", "kind", "nodeRegistration"],
                    kind,
                    &mut out.ignored,
                );
            }
            (_, "KubeletConfiguration") => {
                // A document the positions do not place starts the text (line 1).
                let start = line.unwrap_or(1);
                out.kubelet_configuration = Some(document_text(text, start));
                out.understood.push(Note::new(
                    line_of(doc, "/kind"),
                    format!("KubeletConfiguration ({api}): the kubelet's config file"),
                ));
            }
            _ => out.ignored.push(Note::new(
                line_of(doc, "/kind").or(line),
                format!(
                    "document {}{}",
                    if kind.is_empty() {
                        "without kind"
                    } else {
                        kind
                    },
                    if api.is_empty() {
                        String::new()
                    } else {
                        format!(" ({api})")
                    }
                ),
            )),
        }
    }
    if out.api_versions.is_empty() && out.kubelet_configuration.is_none() {
        return Err(ImportError::new(
            "no kubeadm ClusterConfiguration, InitConfiguration, JoinConfiguration or KubeletConfiguration document found",
            None,
        ));
    }
    Ok(out)
}

fn note_api(out: &mut KubeadmConfig, api: &str) {
    if !out.api_versions.iter().any(|a| a == api) {
        out.api_versions.push(api.to_string());
    }
}

fn ignore_others(
    doc: &crate::yaml::Document,
    v: &Value,
    keep: &[&str],
    kind: &str,
    ignored: &mut Vec<Note>,
) {
    if let Value::Object(m) = v {
        for k in m.keys().filter(|k| !keep.contains(&k.as_str())) {
            ignored.push(Note::new(
                line_of(doc, &format!("/{}", crate::yaml::pointer_segment(k))),
                format!("{kind}.{k}"),
            ));
        }
    }
}

/// `extraArgs` as either shape: v1beta3's map or v1beta4's `[{name, value}]`.
fn extra_args(
    doc: &crate::yaml::Document,
    ptr: &str,
    v: &Value,
) -> Result<Vec<ExtraArg>, ImportError> {
    let scalar = |x: &Value| match x {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Object(m) => m
            .iter()
            .map(|(k, val)| {
                let p = format!("{ptr}/{}", crate::yaml::pointer_segment(k));
                let value = scalar(val).ok_or_else(|| {
                    ImportError::new(format!("{k}: expected a string value"), line_of(doc, &p))
                })?;
                Ok(ExtraArg {
                    name: k.clone(),
                    value,
                    line: line_of(doc, &p),
                })
            })
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let p = format!("{ptr}/{i}");
                let l = line_of(doc, &p);
                let name = item.get("name").and_then(Value::as_str).ok_or_else(|| {
                    ImportError::new(
                        "extra argument without a name (v1beta4 wants {name, value})",
                        l,
                    )
                })?;
                // Go's zero value: an extra argument without `value` is `--name=`.
                let value = item.get("value").and_then(scalar).unwrap_or_default();
                Ok(ExtraArg {
                    name: name.to_string(),
                    value,
                    line: line_of(doc, &format!("{p}/value")).or(l),
                })
            })
            .collect(),
        other => Err(ImportError::new(
            format!(
                "expected a map (v1beta3) or a list of {{name, value}} (v1beta4), found {other}"
            ),
            line_of(doc, ptr),
        )),
    }
}

/// The text of one document of a stream, with the lines before it blanked so that line numbers
/// stay the input's.
fn document_text(text: &str, start: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let first = start.saturating_sub(1).min(lines.len());
    let mut end = lines.len();
    for (i, l) in lines.iter().enumerate().skip(first + 1) {
        if l.starts_with("---") {
            end = i;
            break;
        }
    }
    let mut out = "\n".repeat(first);
    // `first..end` are the document's own line numbers, within `lines`: the empty slice is
    // unreachable.
    for l in lines.get(first..end).unwrap_or(&[]) {
        out.push_str(l);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_extra_args_shapes() {
        let v3 = "apiVersion: kubeadm.k8s.io/v1beta3\nkind: InitConfiguration\nnodeRegistration:\n  kubeletExtraArgs:\n    node-ip: 10.0.0.5\n    feature-gates: NodeSwap=true\n";
        let c = parse(v3).unwrap();
        assert_eq!(c.kubelet_extra_args.len(), 2);
        assert_eq!(c.feature_gates_of("kubelet").unwrap().line, Some(6));
        let v4 = "apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\nfeatureGates:\n  EtcdLearnerMode: true\napiServer:\n  extraArgs:\n  - name: feature-gates\n    value: A=true\n---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 50\n";
        let c = parse(v4).unwrap();
        assert_eq!(c.kubeadm_feature_gates.get("EtcdLearnerMode"), Some(&true));
        let fg = c.feature_gates_of("apiServer").unwrap();
        assert_eq!((fg.value.as_str(), fg.line), ("A=true", Some(8)));
        let kc = c.kubelet_configuration.unwrap();
        assert_eq!(kc.lines().nth(11), Some("maxPods: 50"));
        assert!(parse("apiVersion: v1\nkind: ConfigMap\n").is_err());
        assert_eq!(parse("kind: [\n").unwrap_err().line, Some(2));
    }
}
