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
//! kubeadm refuses a file before reading any of these when a piece between `---` lines names
//! no group, version or kind (a header comment cut off by `---` is such a piece), or a kind
//! twice; kubegate refuses it with kubeadm's words.
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
///
/// A file kubeadm itself refuses is refused with kubeadm's words.
pub fn parse(text: &str) -> Result<KubeadmConfig, ImportError> {
    check_size(text, "kubeadm configuration")?;
    split_documents(text)?;
    let docs = crate::yaml::parse_all(text).map_err(yaml_error)?;
    let mut out = KubeadmConfig::default();
    for doc in &docs {
        let v = &doc.value;
        // YAML's reading may see an empty document where kubeadm's cutting saw none (after a
        // last `---`); kubeadm's pieces all passed `split_documents`.
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
        // Both are strings here (`split_documents` refused any other type and any document
        // without them; YAML's null document is skipped above), so the "" defaults cannot
        // happen; `split` yields at least one piece, so its "" cannot either.
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
            // Every document names a group, a version and a kind ([`split_documents`]).
            _ => out.ignored.push(Note::new(
                line_of(doc, "/kind").or(line),
                format!("document {kind} ({api})"),
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

/// One document of a kubeadm configuration file as kubeadm cuts it: its text and first line.
struct Piece<'a> {
    text: &'a str,
    line: usize,
}

/// kubeadm's first reading of a configuration file (`SplitConfigDocuments`, kubeadm's
/// `util/marshal.go`), which refuses a file before any of its settings is looked at.
///
/// Why by hand: kubeadm does not cut the file as YAML does. apimachinery's `YAMLReader` cuts it
/// at every line that starts with `---`, as text; the rest of that line may be spaces or a
/// comment and nothing else (`invalid Yaml document separator: x`), and a piece that holds
/// only comments or blank lines is a document too. Each piece must then name an `apiVersion`
/// with a group and a version and a `kind`: a comment block cut off from the first document by
/// a `---` is refused as `invalid configuration for GroupVersionKind /, Kind=`, and so is a
/// core-group document such as a `v1` ConfigMap (`/v1, Kind=ConfigMap`). A kind written twice is
/// refused once every piece is read. The rule of the separator's rest is apimachinery's from
/// 1.22 on; earlier readers took `--- x` as a line of the document.
fn split_documents(text: &str) -> Result<(), ImportError> {
    let mut kinds: Vec<String> = Vec::new();
    let mut twice: Vec<String> = Vec::new();
    for piece in kubeadm_pieces(text)? {
        let kind = interpret(&piece)?;
        if kinds.contains(&kind) {
            let error =
                format!("invalid configuration: kind {kind:?} is specified twice in YAML file");
            if !twice.contains(&error) {
                twice.push(error);
            }
        } else {
            kinds.push(kind);
        }
    }
    // apimachinery's aggregate: one message as it is, several in brackets.
    match twice.as_slice() {
        [] => Ok(()),
        [one] => Err(ImportError::new(one.clone(), None)),
        many => Err(ImportError::new(format!("[{}]", many.join(", ")), None)),
    }
}

/// The pieces `YAMLReader` cuts `text` into. A separator line ends the piece before it; the
/// one at the very start, with nothing before it, stays in the piece it opens.
fn kubeadm_pieces(text: &str) -> Result<Vec<Piece<'_>>, ImportError> {
    let mut pieces = Vec::new();
    let mut start: Option<(usize, usize)> = None; // byte offset and line of the open piece
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if let Some(rest) = line.strip_prefix("---") {
            let rest = rest.trim();
            if !rest.is_empty() && !rest.starts_with('#') {
                return Err(ImportError::new(
                    format!("invalid Yaml document separator: {rest}"),
                    Some(i + 1),
                ));
            }
            if let Some((from, first)) = start.take() {
                pieces.push(Piece {
                    text: &text[from..offset],
                    line: first,
                });
                offset += line.len();
                continue;
            }
        }
        start.get_or_insert((offset, i + 1));
        offset += line.len();
    }
    if let Some((from, first)) = start {
        pieces.push(Piece {
            text: &text[from..],
            line: first,
        });
    }
    Ok(pieces)
}

/// apimachinery's YAML `SimpleMetaFactory.Interpret` of one piece, then kubeadm's demand for a
/// group, a version and a kind: the piece's kind, or kubeadm's error on the piece's line (or
/// the line at fault).
fn interpret(piece: &Piece<'_>) -> Result<String, ImportError> {
    const PREFIX: &str = "could not interpret GroupVersionKind; unmarshal error:";
    let at = |line: usize| Some(piece.line + line - 1);
    let doc = crate::yaml::parse(piece.text).map_err(|e| {
        ImportError::new(
            format!("{PREFIX} error converting YAML to JSON: {e}"),
            at(e.pos().line),
        )
    })?;
    let field = |key: &str| {
        match doc.value.get(key) {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(other) => Err(ImportError::new(
            format!(
                "{PREFIX} error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {} into Go struct field TypeMeta.{key} of type string",
                crate::go::json_type(other)
            ),
            line_of(&doc, &format!("/{key}")).and_then(at),
        )),
    }
    };
    let (api, kind) = match &doc.value {
        Value::Object(_) | Value::Null => {
            // Go decodes the keys in the document's order and reports the first misfit.
            let mut keys = ["apiVersion", "kind"];
            keys.sort_by_key(|k| doc.position(&format!("/{k}")));
            for key in keys {
                field(key)?;
            }
            (field("apiVersion")?, field("kind")?)
        }
        other => {
            return Err(ImportError::new(
                format!(
                    "{PREFIX} error unmarshaling JSON: while decoding JSON: json: cannot unmarshal {} into Go value of type runtime.TypeMeta",
                    crate::go::json_type(other)
                ),
                Some(piece.line),
            ))
        }
    };
    // schema.ParseGroupVersion: "" and "/" are empty; no slash is a version of the core group.
    let (group, version) = match api.split_once('/') {
        _ if api.is_empty() || api == "/" => ("", ""),
        None => ("", api),
        Some((group, version)) if !version.contains('/') => (group, version),
        Some(_) => {
            return Err(ImportError::new(
                format!("unexpected GroupVersion string: {api}"),
                line_of(&doc, "/apiVersion").and_then(at),
            ))
        }
    };
    if group.is_empty() || version.is_empty() || kind.is_empty() {
        return Err(ImportError::new(
            format!("invalid configuration for GroupVersionKind {group}/{version}, Kind={kind}: kind and apiVersion is mandatory information that must be specified"),
            line_of(&doc, "/kind").and_then(at).or(Some(piece.line)),
        ));
    }
    Ok(kind.to_string())
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
                let value = match item.get("value") {
                    // Go's zero value: an extra argument without `value` is `--name=`.
                    None | Some(Value::Null) => String::new(),
                    // As for v1beta3's map: kubeadm's decoder refuses a list or a map here.
                    Some(v) => scalar(v).ok_or_else(|| {
                        ImportError::new(
                            format!("{name}: expected a string value"),
                            line_of(doc, &format!("{p}/value")),
                        )
                    })?,
                };
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

/// The control-plane components kubeadm starts from a configuration file, as
/// [`super::invocations`] reads them (feature `control-plane`).
///
/// kubeadm writes each component's static pod from its own defaults (certificates, kubeconfigs,
/// etcd endpoints, bind addresses, `--authorization-mode=Node,RBAC`, ...) and then the
/// component's `extraArgs`, an extra argument replacing kubeadm's own of the same name
/// (`cmd/kubeadm/app/phases/controlplane/manifests.go`). kubeadm of each release writes flags its
/// own release accepts, so its defaults are not modelled here: the invocations hold the
/// `extraArgs` (v1beta3's map in kubeadm's sorted order, v1beta4's list as written, a name that
/// repeats kept each time), the config files they name (mapped through `extraVolumes` to the
/// host's paths, whose texts `files` may give) and, for kube-proxy, a `KubeProxyConfiguration`
/// document of the same file as its `--config` file. The notes say all this.
#[cfg(feature = "control-plane")]
pub fn invocations(
    text: &str,
    source: &str,
    files: super::invocations::FileTexts<'_>,
) -> Result<super::invocations::Invocations, ImportError> {
    use super::invocations::{config_files, Invocations, SeenVersion};
    use crate::components::{Component, ConfigFile, Invocation, InvocationArg, SourceLocation};

    let k = parse(text)?;
    let docs = crate::yaml::parse_all(text).map_err(yaml_error)?;
    let mut out = Invocations::default();
    let at = |line: Option<usize>| SourceLocation {
        file: Some(source.to_string()),
        line,
    };
    for doc in &docs {
        let v = &doc.value;
        // No `kind`: the empty string Go decodes, which names no document of interest.
        let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
        if kind == "KubeProxyConfiguration" {
            let start = v
                .as_object()
                .and_then(|m| {
                    m.keys()
                        .filter_map(|key| {
                            line_of(doc, &format!("/{}", crate::yaml::pointer_segment(key)))
                        })
                        .min()
                })
                // A document with no key written has no better line than its first.
                .unwrap_or(1);
            let path = format!("{}/config.conf", super::kubeproxy::MOUNT_PATH);
            out.understood.push(Note::new(
                line_of(doc, "/kind"),
                format!("KubeProxyConfiguration: kube-proxy's --config file ({path}, as kubeadm's DaemonSet mounts it)"),
            ));
            out.sources.push(super::invocations::FileSource {
                path: path.clone(),
                from: source.to_string(),
            });
            out.invocations.push(Invocation {
                component: Component::KubeProxy,
                args: vec![InvocationArg {
                    name: "config".into(),
                    value: Some(path.clone()),
                    shorthand: false,
                    at: at(line_of(doc, "/kind")),
                }],
                files: vec![ConfigFile {
                    flag: "config".into(),
                    path,
                    text: Some(document_text(text, start)),
                }],
            });
            continue;
        }
        if kind != "ClusterConfiguration" {
            continue;
        }
        if let Some(ver) = v.get("kubernetesVersion").and_then(Value::as_str) {
            let line = line_of(doc, "/kubernetesVersion");
            match super::invocations::image_version(&format!("x:{ver}")) {
                Some(version) => {
                    out.understood.push(Note::new(
                        line,
                        format!("kubernetesVersion {ver}: the control plane's release"),
                    ));
                    out.versions.push(SeenVersion {
                        component: None,
                        version,
                        at: at(line),
                    });
                }
                None => out.ignored.push(Note::new(
                    line,
                    format!("kubernetesVersion {ver}: not a release version (a label like stable-1 is resolved by kubeadm online)"),
                )),
            }
        }
        for (field, component) in [
            ("apiServer", Component::KubeApiserver),
            ("controllerManager", Component::KubeControllerManager),
            ("scheduler", Component::KubeScheduler),
        ] {
            let args: Vec<InvocationArg> = k
                .extra_args
                .get(field)
                .into_iter()
                .flatten()
                .map(|a| InvocationArg {
                    name: a.name.clone(),
                    value: Some(a.value.clone()),
                    shorthand: false,
                    at: at(a.line),
                })
                .collect();
            // extraVolumes: [{name, hostPath, mountPath}] in both API versions.
            let volumes: Vec<(String, String)> = v
                .pointer(&format!("/{field}/extraVolumes"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|vol| {
                    Some((
                        vol.get("mountPath")?
                            .as_str()?
                            .trim_end_matches('/')
                            .to_string(),
                        vol.get("hostPath")?
                            .as_str()?
                            .trim_end_matches('/')
                            .to_string(),
                    ))
                })
                .collect();
            let text_of = |path: &str| -> Option<String> {
                host_path(&volumes, path)
                    .and_then(|h| files(&h))
                    .or_else(|| files(path))
            };
            let files = config_files(
                component,
                &args,
                &text_of,
                " (give the host file its extraVolumes mounts)",
                &mut out.understood,
                &mut out.ignored,
            );
            for f in &files {
                // No extraVolumes mount covers it: the path as the container sees it.
                let from = host_path(&volumes, &f.path).unwrap_or_else(|| f.path.clone());
                out.sources.push(super::invocations::FileSource {
                    path: f.path.clone(),
                    from,
                });
            }
            out.understood.push(Note::new(
                line_of(doc, &format!("/{field}")).or_else(|| line_of(doc, "/kind")),
                format!(
                    "{}: {} extra arguments from {field}.extraArgs; kubeadm's own flags (certificates, kubeconfigs, etcd, bind addresses) are not modelled: each kubeadm release writes ones its release accepts",
                    component.name(),
                    args.len()
                ),
            ));
            out.invocations.push(Invocation {
                component,
                args,
                files,
            });
        }
    }
    // v1beta4's `proxy.disabled` (and the kube-proxy addon phase skipped) deploy no kube-proxy.
    let proxy_off = docs.iter().find_map(|d| {
        (d.value.get("kind").and_then(Value::as_str) == Some("ClusterConfiguration")
            && d.value.pointer("/proxy/disabled").and_then(Value::as_bool) == Some(true))
        .then(|| line_of(d, "/proxy/disabled"))
    });
    if let Some(line) = proxy_off {
        if out
            .invocations
            .iter()
            .any(|i| i.component == Component::KubeProxy)
        {
            out.invocations
                .retain(|i| i.component != Component::KubeProxy);
            out.ignored.push(Note::new(
                line,
                "proxy.disabled: kubeadm deploys no kube-proxy, so its KubeProxyConfiguration is not checked",
            ));
        }
    } else if !out
        .invocations
        .iter()
        .any(|i| i.component == Component::KubeProxy)
        && !k.api_versions.is_empty()
    {
        out.ignored.push(Note::new(
            None,
            "kube-proxy: no KubeProxyConfiguration document; the configuration kubeadm generates for it is not modelled",
        ));
    }
    if out.invocations.is_empty() {
        return Err(ImportError::new(
            "no kubeadm ClusterConfiguration or KubeProxyConfiguration document found",
            None,
        ));
    }
    Ok(out)
}

/// The host path an `extraVolumes` mount (`(mountPath, hostPath)`, trailing `/` trimmed) gives a
/// path inside the container: the longest mount that holds it.
#[cfg(feature = "control-plane")]
fn host_path(volumes: &[(String, String)], path: &str) -> Option<String> {
    volumes
        .iter()
        .filter_map(|(mount, host)| {
            let rest = if path == mount {
                ""
            } else {
                path.strip_prefix(mount.as_str())?.strip_prefix('/')?
            };
            Some((mount.len(), host, rest))
        })
        .max_by_key(|(len, ..)| *len)
        .map(|(_, host, rest)| {
            if rest.is_empty() {
                host.clone()
            } else {
                format!("{host}/{rest}")
            }
        })
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

    /// kubeadm cuts the file at `---` lines as text and wants a group, a version and a kind in
    /// every piece, before it reads any setting.
    #[test]
    fn documents_as_kubeadm_cuts_them() {
        let cluster = "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\n";
        let err = |text: &str| {
            parse(text)
                .map(|_| ())
                .map_err(|e| (e.message().to_string(), e.line()))
        };
        let mandatory = |gvk: &str| {
            format!("invalid configuration for GroupVersionKind {gvk}: kind and apiVersion is mandatory information that must be specified")
        };
        // A header comment cut off by `---`, a blank piece, a piece of comments.
        assert_eq!(
            err(&format!("# our cluster\n---\n{cluster}")),
            Err((mandatory("/, Kind="), Some(1)))
        );
        assert_eq!(
            err(&format!("{cluster}---\n\n")),
            Err((mandatory("/, Kind="), Some(4)))
        );
        assert_eq!(
            err(&format!("---\n---\n{cluster}")),
            Err((mandatory("/, Kind="), Some(1)))
        );
        // A leading `---`, one with a comment, a trailing one: all fine.
        assert_eq!(err(&format!("---\n{cluster}---\n")), Ok(()));
        assert_eq!(err(&format!("--- # init\n{cluster}--- # end\n")), Ok(()));
        // Core group, no kind, no version, a bad group-version.
        assert_eq!(
            err("apiVersion: v1\nkind: ConfigMap\n"),
            Err((mandatory("/v1, Kind=ConfigMap"), Some(2)))
        );
        assert_eq!(
            err(&format!(
                "{cluster}---\napiVersion: kubeadm.k8s.io/v1beta3\n"
            )),
            Err((mandatory("kubeadm.k8s.io/v1beta3, Kind="), Some(4)))
        );
        assert_eq!(
            err("apiVersion: a/b/c\nkind: X\n"),
            Err(("unexpected GroupVersion string: a/b/c".to_string(), Some(1)))
        );
        // The separator's rest.
        assert_eq!(
            err(&format!("{cluster}--- x\n")),
            Err(("invalid Yaml document separator: x".to_string(), Some(3)))
        );
        // Types, in the document's order.
        assert_eq!(
            err("kind: 1\napiVersion: [a]\n"),
            Err(("could not interpret GroupVersionKind; unmarshal error: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal number into Go struct field TypeMeta.kind of type string".to_string(), Some(1)))
        );
        assert_eq!(
            err(&format!("{cluster}---\n- a\n")),
            Err(("could not interpret GroupVersionKind; unmarshal error: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type runtime.TypeMeta".to_string(), Some(4)))
        );
        // YAML errors in go-yaml's words, the line counted in the piece; the error's own line
        // is the file's.
        assert_eq!(
            err(&format!("{cluster}---\napiVersion: kubeadm.k8s.io/v1beta3\nkind: [\n")),
            Err(("could not interpret GroupVersionKind; unmarshal error: error converting YAML to JSON: yaml: line 2: did not find expected node content".to_string(), Some(6)))
        );
        // A kind twice, reported once every piece is read.
        assert_eq!(
            err(&format!("{cluster}---\n{cluster}---\n{cluster}")),
            Err(("invalid configuration: kind \"ClusterConfiguration\" is specified twice in YAML file".to_string(), None))
        );
        let init = "apiVersion: kubeadm.k8s.io/v1beta3\nkind: InitConfiguration\n";
        assert_eq!(
            err(&format!("{cluster}---\n{init}---\n{cluster}---\n{init}")),
            Err(("[invalid configuration: kind \"ClusterConfiguration\" is specified twice in YAML file, invalid configuration: kind \"InitConfiguration\" is specified twice in YAML file]".to_string(), None))
        );
    }

    /// v1beta4's `value` is a string: absent or null is `--name=`, and a list or a map is
    /// refused on its line, as v1beta3's map form refuses one.
    #[test]
    fn extra_arg_values() {
        let doc = |value: &str| {
            format!("apiVersion: kubeadm.k8s.io/v1beta4\nkind: ClusterConfiguration\napiServer:\n  extraArgs:\n  - name: v\n{value}")
        };
        let c = parse(&doc("    value: null\n")).unwrap();
        assert_eq!(c.extra_args["apiServer"][0].value, "");
        let c = parse(&doc("")).unwrap();
        assert_eq!(c.extra_args["apiServer"][0].value, "");
        let c = parse(&doc("    value: 2\n")).unwrap();
        assert_eq!(c.extra_args["apiServer"][0].value, "2");
        let e = parse(&doc("    value: [2]\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 6: v: expected a string value");
        let e = parse(&doc("    value: {a: b}\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 6: v: expected a string value");
    }
}
