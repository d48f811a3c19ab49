//! Static pod manifests (`/etc/kubernetes/manifests/kube-apiserver.yaml` and its siblings, as
//! kubeadm, kind, kubespray and others write them) and the workloads that run a component (the
//! kube-proxy DaemonSet), read into [`Invocation`]s.
//!
//! What decides a component's start is its container's command line: the kubelet runs
//! `command` followed by `args` (`pkg/kubelet/kuberuntime`), after expanding `$(VAR)` references
//! from the container's literal `env` values (`$$` escapes; an undefined or non-literal
//! variable stays as written, `third_party/forked/golang/expansion`). The component is the one
//! whose binary the command runs (`kube-apiserver`, `/hyperkube apiserver`, a `sh -c` script that
//! runs it), else the pod's `component` or `k8s-app` label, else the container's name.
//!
//! Config files: a flag that names one (`--config`, `--admission-control-config-file`, ...)
//! names a path inside the container. It is mapped through the container's `volumeMounts` to a
//! `hostPath` volume's host path (whose text the caller may give) or to a `configMap` volume's
//! key (a ConfigMap in the same input gives the text, with its lines). Everything else of a pod
//! (probes, resources, security context, other containers) plays no part in starting and is
//! said once per pod.

use std::collections::BTreeMap;

use serde_json::Value;

use super::invocations::{
    component_of_binary, component_of_hyperkube, config_files, image_version, program, split_args,
    FileSource, FileTexts, Invocations, SeenVersion, Word, COMPONENTS,
};
use super::{check_size, line_of, yaml_error, ImportError, Note};
use crate::components::{Component, Invocation, SourceLocation};
use crate::yaml::{pointer_segment, Document};

/// One input file: its name (shown in locations) and its text.
pub struct ManifestFile<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// A ConfigMap of the input: its data keys' texts, each padded so its lines are the file's.
struct ConfigMapData {
    file: String,
    keys: BTreeMap<String, String>,
}

/// Reads manifests (several files, each one or more `---`-separated documents: Pods,
/// DaemonSets, Deployments, `List`s of them, and ConfigMaps their volumes name). `files` are
/// texts by host path for the config files hostPath volumes bring in.
pub fn parse(
    inputs: &[ManifestFile<'_>],
    files: FileTexts<'_>,
) -> Result<Invocations, ImportError> {
    let mut out = Invocations::default();
    let mut docs = Vec::new();
    for f in inputs {
        check_size(f.text, "manifest").map_err(|e| located(f.name, e))?;
        let parsed =
            crate::yaml::parse_all(f.text).map_err(|e| located(f.name, super::yaml_error(e)))?;
        for d in parsed {
            docs.push((f, d));
        }
    }
    // ConfigMaps first: a workload's volume may name one written after it.
    let mut config_maps: BTreeMap<(String, String), ConfigMapData> = BTreeMap::new();
    for (f, doc) in &docs {
        for (ptr, obj) in objects(&doc.value) {
            if kind(obj) == "ConfigMap" {
                let key = (namespace(obj), name(obj));
                config_maps.insert(
                    key,
                    ConfigMapData {
                        file: f.name.to_string(),
                        keys: config_map_keys(doc, &ptr, obj, f.text),
                    },
                );
            }
        }
    }
    let mut used_maps = Vec::new();
    for (f, doc) in &docs {
        for (ptr, obj) in objects(&doc.value) {
            let k = kind(obj);
            let spec_ptr = match k {
                "Pod" => format!("{ptr}/spec"),
                "DaemonSet" | "Deployment" | "StatefulSet" | "ReplicaSet" => {
                    format!("{ptr}/spec/template/spec")
                }
                "ConfigMap" => continue,
                "" if obj.is_null() => continue,
                _ => {
                    out.ignored.push(Note::new(
                        line_of(doc, &format!("{ptr}/kind")),
                        format!(
                            "{}: {} {}: not a workload that runs a component",
                            f.name,
                            if k.is_empty() {
                                "a document without kind"
                            } else {
                                k
                            },
                            name(obj)
                        ),
                    ));
                    continue;
                }
            };
            let mut ctx = Pod {
                file: f.name,
                doc,
                ptr: &ptr,
                spec_ptr: &spec_ptr,
                obj,
                files,
                config_maps: &config_maps,
                used_maps: &mut used_maps,
            };
            ctx.read(&mut out)?;
        }
    }
    // A kube-proxy ConfigMap no workload of the input mounts stands for kubeadm's DaemonSet.
    for ((ns, n), data) in &config_maps {
        if used_maps.iter().any(|(a, b)| a == ns && b == n) {
            continue;
        }
        match super::kubeproxy::from_config_map(&data.file, &data.keys) {
            Some(inv) => {
                out.understood.push(Note::new(
                    None,
                    format!(
                        "{}: ConfigMap {n}: KubeProxyConfiguration in {}, read as kubeadm's DaemonSet reads it (--config={})",
                        data.file,
                        inv.1,
                        inv.0.files.first().map_or("", |f| f.path.as_str())
                    ),
                ));
                out.sources.extend(inv.0.files.iter().map(|f| FileSource {
                    path: f.path.clone(),
                    from: data.file.clone(),
                }));
                out.invocations.push(inv.0);
            }
            None => out.ignored.push(Note::new(
                None,
                format!(
                    "{}: ConfigMap {n}: no workload of the input mounts it",
                    data.file
                ),
            )),
        }
    }
    Ok(out)
}

fn located(file: &str, e: ImportError) -> ImportError {
    ImportError::new(format!("{file}: {}", e.message), e.line)
}

// `kind`, `metadata.name` and `metadata.namespace` absent are Go's empty string, as the API
// server decodes them.
fn kind(v: &Value) -> &str {
    v.get("kind").and_then(Value::as_str).unwrap_or("")
}

fn name(v: &Value) -> String {
    v.pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

fn namespace(v: &Value) -> String {
    v.pointer("/metadata/namespace")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// The objects of a document with their pointers: the document itself, or a `List`'s items.
fn objects(v: &Value) -> Vec<(String, &Value)> {
    match v.get("items").and_then(Value::as_array) {
        Some(items) if kind(v).ends_with("List") => items
            .iter()
            .enumerate()
            .map(|(i, it)| (format!("/items/{i}"), it))
            .collect(),
        _ => vec![(String::new(), v)],
    }
}

/// A ConfigMap's `data` keys, each text padded with blank lines so that its lines are the
/// file's (a block scalar's first line is the one after its key; other scalars keep their own
/// text unpadded).
pub(crate) fn config_map_keys(
    doc: &Document,
    ptr: &str,
    obj: &Value,
    text: &str,
) -> BTreeMap<String, String> {
    let mut keys = BTreeMap::new();
    let Some(Value::Object(data)) = obj.get("data") else {
        return keys;
    };
    let raw: Vec<&str> = text.split('\n').collect();
    for (k, v) in data {
        let Some(s) = v.as_str() else { continue };
        let key_line = line_of(doc, &format!("{ptr}/data/{}", pointer_segment(k)));
        let block = key_line
            .and_then(|l| raw.get(l.saturating_sub(1)))
            .and_then(|l| l.split_once(':'))
            .is_some_and(|(_, rest)| {
                let r = rest.trim_start();
                r.starts_with('|') || r.starts_with('>')
            });
        let padded = match key_line {
            Some(l) if block => format!("{}{s}", "\n".repeat(l)),
            _ => s.to_string(),
        };
        keys.insert(k.clone(), padded);
    }
    keys
}

/// One workload being read.
struct Pod<'a> {
    file: &'a str,
    doc: &'a Document,
    ptr: &'a str,
    spec_ptr: &'a str,
    obj: &'a Value,
    files: FileTexts<'a>,
    config_maps: &'a BTreeMap<(String, String), ConfigMapData>,
    used_maps: &'a mut Vec<(String, String)>,
}

/// Where a container path comes from.
enum Mounted {
    Host(String),
    ConfigMap { map: String, key: String },
}

impl Pod<'_> {
    fn line(&self, ptr: &str) -> Option<usize> {
        line_of(self.doc, ptr)
    }

    /// A list field of `v` (at `ptr`) as the kubelet's decoder reads a static pod: absent or
    /// null is Go's nil slice, no items; anything but a list is refused (the kubelet would not
    /// run the pod at all).
    fn list<'v>(
        &self,
        what: &str,
        v: &'v Value,
        ptr: &str,
        key: &str,
    ) -> Result<&'v [Value], ImportError> {
        match v.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(items)) => Ok(items),
            Some(_) => Err(ImportError::new(
                format!("{what}: {key} is not a list"),
                self.line(&format!("{ptr}/{key}")),
            )),
        }
    }

    /// The pod's containers, each a map (or null, Go's zero `Container`) whose `command`, `args`
    /// and `env` are lists: the shapes [`Pod::words`] reads.
    fn containers<'v>(&self, what: &str, spec: &'v Value) -> Result<&'v [Value], ImportError> {
        let containers = self.list(what, spec, self.spec_ptr, "containers")?;
        for (i, c) in containers.iter().enumerate() {
            let cptr = format!("{}/containers/{i}", self.spec_ptr);
            if !(c.is_object() || c.is_null()) {
                return Err(ImportError::new(
                    format!("{what}: containers[{i}] is not a map"),
                    self.line(&cptr),
                ));
            }
            let cname = c.get("name").and_then(Value::as_str).unwrap_or("");
            let in_container = format!("{what}: container {cname}");
            for key in ["command", "args", "env"] {
                self.list(&in_container, c, &cptr, key)?;
            }
        }
        Ok(containers)
    }

    fn read(&mut self, out: &mut Invocations) -> Result<(), ImportError> {
        let what = format!("{}: {} {}", self.file, kind(self.obj), name(self.obj));
        let Some(spec) = self.doc.value.pointer(self.spec_ptr) else {
            out.ignored.push(Note::new(
                self.line(self.ptr),
                format!("{what}: no pod spec"),
            ));
            return Ok(());
        };
        let containers = self.containers(&what, spec)?;
        let labels = |k: &str| {
            self.obj
                .pointer(&format!(
                    "{}/metadata/labels/{k}",
                    if kind(self.obj) == "Pod" {
                        ""
                    } else {
                        "/spec/template"
                    }
                ))
                .or_else(|| self.obj.pointer(&format!("/metadata/labels/{k}")))
                .and_then(Value::as_str)
                .and_then(|v| Component::parse(v).filter(|c| COMPONENTS.contains(c)))
        };
        let label = labels("component").or_else(|| labels("k8s-app"));
        let mut found = 0;
        for (i, c) in containers.iter().enumerate() {
            let cptr = format!("{}/containers/{i}", self.spec_ptr);
            if let Some(inv) = self.container(c, &cptr, label, containers.len(), out) {
                found += 1;
                out.invocations.push(inv);
            } else {
                out.ignored.push(Note::new(
                    self.line(&cptr),
                    format!(
                        "{what}: container {} runs no control-plane component",
                        // Only shown: a container without a name is still named in the note.
                        c.get("name").and_then(Value::as_str).unwrap_or("?")
                    ),
                ));
            }
        }
        if spec.get("initContainers").is_some() {
            out.ignored.push(Note::new(
                self.line(&format!("{}/initContainers", self.spec_ptr)),
                format!("{what}: initContainers (they run before the component)"),
            ));
        }
        if found > 0 {
            out.ignored.push(Note::new(
                self.line(self.ptr),
                format!("{what}: the rest of the pod (probes, resources, security context, priority) plays no part in whether the binary starts"),
            ));
        }
        Ok(())
    }

    /// The words of a container's command line, `$(VAR)` expanded, with their lines. The
    /// container's shape was checked by [`Pod::containers`]: a field that is no list is unset.
    fn words(&self, c: &Value, cptr: &str, out: &mut Invocations) -> Vec<Word> {
        let mut env: BTreeMap<String, Option<String>> = BTreeMap::new();
        env.extend(
            c.get("env")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|e| {
                    Some((
                        e.get("name")?.as_str()?.to_string(),
                        e.get("value").and_then(Value::as_str).map(str::to_string),
                    ))
                }),
        );
        let mut words = Vec::new();
        for field in ["command", "args"] {
            let Some(list) = c.get(field).and_then(Value::as_array) else {
                continue;
            };
            for (i, w) in list.iter().enumerate() {
                let p = format!("{cptr}/{field}/{i}");
                let line = self.line(&p);
                let raw = match w {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                let (text, unresolved) = expand(&raw, &env);
                for u in unresolved {
                    out.ignored.push(Note::new(
                        line,
                        format!(
                            "$({u}) is not a literal env value of the container; kept as written"
                        ),
                    ));
                }
                words.push(Word { text, line });
            }
        }
        words
    }

    fn container(
        &mut self,
        c: &Value,
        cptr: &str,
        label: Option<Component>,
        count: usize,
        out: &mut Invocations,
    ) -> Option<Invocation> {
        // Absent name and image are Go's empty strings (the API would refuse such a pod; a
        // file on disk is read as written).
        let cname = c.get("name").and_then(Value::as_str).unwrap_or("");
        let mut words = self.words(c, cptr, out);
        let image = c.get("image").and_then(Value::as_str).unwrap_or("");
        // The program: the first word, past a hyperkube or a `sh -c` script.
        let first = words.first().map(|w| w.text.clone()).unwrap_or_default();
        let base = first.rsplit('/').next().unwrap_or(&first).to_string();
        let mut component = None;
        let mut skip = 0;
        if let Some(comp) = component_of_binary(&first) {
            component = Some(comp);
            skip = 1;
        } else if base == "hyperkube" {
            if let Some(comp) = words.get(1).and_then(|w| component_of_hyperkube(&w.text)) {
                component = Some(comp);
                skip = 2;
            }
        } else if matches!(base.as_str(), "sh" | "bash" | "ash" | "dash") {
            // `sh -c SCRIPT`, `bash -euxo pipefail -c SCRIPT`: the script is the word after the
            // option cluster that holds `c`.
            let c_at = words.iter().skip(1).position(|w| {
                w.text.starts_with('-') && !w.text.starts_with("--") && w.text.contains('c')
            })? + 1;
            let script = words.get(c_at + 1).cloned()?;
            for comp in COMPONENTS {
                let Ok(parsed) =
                    super::cmdline::parse_program(&script.text, &BTreeMap::new(), program(comp))
                else {
                    continue;
                };
                if parsed
                    .ignored
                    .iter()
                    .any(|n| n.what.contains("binary; its arguments"))
                {
                    continue;
                }
                out.understood.push(Note::new(
                    script.line,
                    format!("{cname}: a shell script that runs {}", comp.name()),
                ));
                let script_words = parsed
                    .args
                    .iter()
                    .map(|a| Word {
                        text: a.value.clone(),
                        line: script.line.map(|l| l + a.line - 1),
                    })
                    .collect();
                words = shell_command(script_words, &mut out.ignored);
                component = Some(comp);
                skip = 0;
                break;
            }
        } else if let Some(pos) = words
            .iter()
            .position(|w| component_of_binary(&w.text).is_some())
        {
            // A wrapper that runs the binary: `/go-runner --log-file=... /usr/local/bin/kube-scheduler`.
            component = words.get(pos).and_then(|w| component_of_binary(&w.text));
            skip = pos + 1;
            // `pos` was found in `words`: the slice exists.
            let before: Vec<&str> = words
                .get(..pos)
                .unwrap_or_default()
                .iter()
                .map(|w| w.text.as_str())
                .collect();
            out.understood.push(Note::new(
                words.first().and_then(|w| w.line),
                format!(
                    "{cname}: wrapper before the binary (skipped with its options): {}",
                    before.join(" ")
                ),
            ));
        }
        if component.is_none() && !first.is_empty() && !first.starts_with('-') {
            return None;
        }
        let component = component
            .or(label.filter(|_| count == 1))
            .or_else(|| Component::parse(cname).filter(|c| COMPONENTS.contains(c)))
            .or_else(|| {
                COMPONENTS.into_iter().find(|comp| {
                    image
                        .rsplit('/')
                        .next()
                        .and_then(|n| n.split([':', '@']).next())
                        == Some(comp.name())
                })
            })?;
        // `skip` counts words found above (the binary, hyperkube and its verb, a wrapper up to
        // the binary), so the slice exists.
        let words = words.get(skip..).unwrap_or_default();
        let label_name = component.name();
        out.understood.push(Note::new(
            self.line(cptr),
            format!(
                "{}: {} {}: container {cname} runs {label_name} with {} words",
                self.file,
                kind(self.obj),
                name(self.obj),
                words.len()
            ),
        ));
        if let Some(v) = image_version(image) {
            out.versions.push(SeenVersion {
                component: Some(component),
                version: v.clone(),
                at: SourceLocation {
                    file: Some(self.file.to_string()),
                    line: self.line(&format!("{cptr}/image")),
                },
            });
            out.understood.push(Note::new(
                self.line(&format!("{cptr}/image")),
                format!("{}: image {image}: Kubernetes {v}", self.file),
            ));
        }
        let args = split_args(words, Some(self.file), label_name, &mut out.ignored);
        let mounts = self.mounts(c);
        let files_given = self.files;
        let config_maps = self.config_maps;
        let mut used = Vec::new();
        let text_of = |path: &str| -> Option<String> {
            match resolve(&mounts, path) {
                Some(Mounted::Host(host)) => files_given(&host),
                Some(Mounted::ConfigMap { map, key }) => {
                    let ns = namespace(self.obj);
                    let data = config_maps.get(&(ns.clone(), map.clone())).or_else(|| {
                        config_maps
                            .iter()
                            .find(|((_, n), _)| *n == map)
                            .map(|(_, d)| d)
                    })?;
                    data.keys.get(&key).cloned()
                }
                None => files_given(path),
            }
        };
        let mut understood = Vec::new();
        let mut ignored = Vec::new();
        let files = config_files(
            component,
            &args,
            &text_of,
            " (give the host file it is mounted from)",
            &mut understood,
            &mut ignored,
        );
        for f in &files {
            match resolve(&mounts, &f.path) {
                Some(Mounted::Host(host)) => {
                    understood.push(Note::new(
                        None,
                        format!(
                            "{}: --{} {} is the host's {host} (hostPath)",
                            self.file, f.flag, f.path
                        ),
                    ));
                    out.sources.push(FileSource {
                        path: f.path.clone(),
                        from: host,
                    });
                }
                Some(Mounted::ConfigMap { map, key }) => {
                    let ns = namespace(self.obj);
                    if let Some(data) = config_maps.get(&(ns.clone(), map.clone())).or_else(|| {
                        config_maps
                            .iter()
                            .find(|((_, n), _)| *n == map)
                            .map(|(_, d)| d)
                    }) {
                        out.sources.push(FileSource {
                            path: f.path.clone(),
                            from: data.file.clone(),
                        });
                    }
                    used.push((ns, map.clone()));
                    understood.push(Note::new(
                        None,
                        format!(
                            "{}: --{} {} is key {key} of ConfigMap {map}",
                            self.file, f.flag, f.path
                        ),
                    ))
                }
                None => out.sources.push(FileSource {
                    path: f.path.clone(),
                    from: f.path.clone(),
                }),
            }
        }
        self.used_maps.extend(used);
        out.understood.extend(understood);
        out.ignored.extend(ignored);
        Some(Invocation {
            component,
            args,
            files,
        })
    }

    /// The container's mounts: mount path, and where it comes from.
    fn mounts(&self, c: &Value) -> Vec<(String, Option<String>, Mount)> {
        let spec = self.doc.value.pointer(self.spec_ptr);
        let volumes: BTreeMap<String, Mount> = crate::sort::collect_map(
            spec.and_then(|s| s.get("volumes"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|v| {
                    let n = v.get("name")?.as_str()?.to_string();
                    if let Some(p) = v.pointer("/hostPath/path").and_then(Value::as_str) {
                        return Some((n, Mount::Host(p.to_string())));
                    }
                    if let Some(m) = v.pointer("/configMap/name").and_then(Value::as_str) {
                        return Some((n, Mount::ConfigMap(m.to_string())));
                    }
                    None
                }),
        );
        c.get("volumeMounts")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|m| {
                let n = m.get("name")?.as_str()?;
                let path = m.get("mountPath")?.as_str()?.to_string();
                let sub = m.get("subPath").and_then(Value::as_str).map(str::to_string);
                Some((path, sub, volumes.get(n)?.clone()))
            })
            .collect()
    }
}

#[derive(Clone)]
enum Mount {
    Host(String),
    ConfigMap(String),
}

/// The source of a container path: the longest mount path that holds it.
fn resolve(mounts: &[(String, Option<String>, Mount)], path: &str) -> Option<Mounted> {
    let (_, sub, m, rest) = mounts
        .iter()
        .filter_map(|(mp, sub, m)| {
            let mp_trim = mp.trim_end_matches('/');
            let rest = if path == mp_trim {
                ""
            } else {
                path.strip_prefix(mp_trim)?.strip_prefix('/')?
            };
            Some((mp_trim, sub, m, rest))
        })
        .max_by_key(|(mp, ..)| mp.len())?;
    let within = match (sub, rest) {
        (Some(s), "") => s.clone(),
        (Some(s), r) => format!("{}/{r}", s.trim_end_matches('/')),
        (None, r) => r.to_string(),
    };
    Some(match m {
        Mount::Host(host) => Mounted::Host(if within.is_empty() {
            host.clone()
        } else {
            format!("{}/{within}", host.trim_end_matches('/'))
        }),
        Mount::ConfigMap(map) => Mounted::ConfigMap {
            map: map.clone(),
            key: within,
        },
    })
}

/// A shell script's command up to its first control operator (`|`, `;`, `&&`, `||`, `&`),
/// without its redirections (`2>&1`, `1>>/var/log/kube-apiserver.log`, `> file`): the shell
/// handles them and the binary never sees them. Each is said in `ignored`.
fn shell_command(words: Vec<Word>, ignored: &mut Vec<Note>) -> Vec<Word> {
    let mut out = Vec::new();
    let mut it = words.into_iter();
    while let Some(w) = it.next() {
        if matches!(w.text.as_str(), "|" | "||" | "&&" | ";" | "&") {
            ignored.push(Note::new(
                w.line,
                format!(
                    "{}: the script goes on after the command; the rest is not read",
                    w.text
                ),
            ));
            break;
        }
        let op = w.text.trim_start_matches(|c: char| c.is_ascii_digit());
        if op.starts_with('>') || op.starts_with('<') {
            let bare = matches!(op, ">" | ">>" | "<" | ">|");
            let target = if bare {
                it.next().map(|t| t.text)
            } else {
                None
            };
            ignored.push(Note::new(
                w.line,
                format!(
                    "{}{}: a redirection of the shell, not an argument",
                    w.text,
                    target.map(|t| format!(" {t}")).unwrap_or_default()
                ),
            ));
            continue;
        }
        out.push(w);
    }
    out
}

/// Kubernetes' `$(VAR)` expansion of a container's command and args: `$(NAME)` becomes a
/// defined literal value, `$$` is one `$`, anything else stays as written. Returns the text and
/// the names that stayed unexpanded.
fn expand(s: &str, env: &BTreeMap<String, Option<String>>) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut unresolved = Vec::new();
    let mut rest = s;
    while let Some((head, after)) = rest.split_once('$') {
        out.push_str(head);
        if let Some(r) = after.strip_prefix('$') {
            out.push('$');
            rest = r;
        } else if let Some(r) = after.strip_prefix('(') {
            match r.split_once(')') {
                Some((name, tail)) => {
                    match env.get(name) {
                        Some(Some(v)) => out.push_str(v),
                        _ => {
                            unresolved.push(name.to_string());
                            out.push_str(&format!("$({name})"));
                        }
                    }
                    rest = tail;
                }
                None => {
                    out.push_str("$(");
                    rest = r;
                }
            }
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    (out, unresolved)
}

/// A parse error of `file` as an import error naming it.
pub(crate) fn file_error(file: &str, e: crate::yaml::YamlError) -> ImportError {
    located(file, yaml_error(e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::MAX_IMPORT_BYTES;

    const APISERVER: &str = "apiVersion: v1
kind: Pod
metadata:
  labels:
    component: kube-apiserver
    tier: control-plane
  name: kube-apiserver
  namespace: kube-system
spec:
  containers:
  - command:
    - kube-apiserver
    - --advertise-address=172.18.0.2
    - --insecure-port=0
    - --admission-control-config-file=/etc/kubernetes/adm/admission.yaml
    image: k8s.gcr.io/kube-apiserver:v1.19.1
    name: kube-apiserver
    volumeMounts:
    - mountPath: /etc/kubernetes/adm
      name: adm
      readOnly: true
  hostNetwork: true
  volumes:
  - hostPath:
      path: /srv/adm
      type: DirectoryOrCreate
    name: adm
";

    #[test]
    fn a_kubeadm_static_pod() {
        let mut files = BTreeMap::new();
        files.insert(
            "/srv/adm/admission.yaml".to_string(),
            "kind: AdmissionConfiguration\n".to_string(),
        );
        let got = parse(
            &[ManifestFile {
                name: "kube-apiserver.yaml",
                text: APISERVER,
            }],
            &|p| files.get(p).cloned(),
        )
        .unwrap();
        assert_eq!(got.invocations.len(), 1, "{got:?}");
        let inv = &got.invocations[0];
        assert_eq!(inv.component, Component::KubeApiserver);
        let a: Vec<(&str, Option<&str>, Option<usize>)> = inv
            .args
            .iter()
            .map(|a| (a.name.as_str(), a.value.as_deref(), a.at.line))
            .collect();
        assert_eq!(a[1], ("insecure-port", Some("0"), Some(14)));
        assert_eq!(inv.files.len(), 1);
        assert!(inv.files[0].text.is_some());
        assert_eq!(got.release().as_deref(), Some("1.19"));
    }

    #[test]
    fn kube_proxy_daemonset_with_its_configmap() {
        let text = "apiVersion: v1
kind: ConfigMap
metadata:
  name: kube-proxy
  namespace: kube-system
data:
  config.conf: |-
    apiVersion: kubeproxy.config.k8s.io/v1alpha1
    kind: KubeProxyConfiguration
    mode: ipvs
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: kube-proxy
  namespace: kube-system
spec:
  template:
    spec:
      containers:
      - name: kube-proxy
        image: registry.k8s.io/kube-proxy:v1.28.0
        command:
        - /usr/local/bin/kube-proxy
        - --config=/var/lib/kube-proxy/config.conf
        - --hostname-override=$(NODE_NAME)
        env:
        - name: NODE_NAME
          valueFrom:
            fieldRef:
              fieldPath: spec.nodeName
        volumeMounts:
        - mountPath: /var/lib/kube-proxy
          name: kube-proxy
      volumes:
      - name: kube-proxy
        configMap:
          name: kube-proxy
";
        let got = parse(
            &[ManifestFile {
                name: "kp.yaml",
                text,
            }],
            &|_| None,
        )
        .unwrap();
        assert_eq!(got.invocations.len(), 1, "{got:?}");
        let f = &got.invocations[0].files[0];
        let t = f.text.as_deref().unwrap();
        assert_eq!(t.lines().nth(9), Some("mode: ipvs"), "{t:?}");
        assert_eq!(
            got.invocations[0].args[1].value.as_deref(),
            Some("$(NODE_NAME)")
        );
    }

    /// GCE's manifests run the binary under `/go-runner` (cluster/gce/manifests) and older ones
    /// through `/bin/sh -c "... 1>>/var/log/x.log 2>&1"`; OpenShift's through `bash -euxo
    /// pipefail -c`.
    #[test]
    fn wrappers_and_shell_scripts() {
        let go_runner = "kind: Pod\nmetadata:\n  name: kube-scheduler\nspec:\n  containers:\n  - name: kube-scheduler\n    command: [\"/go-runner\", \"--log-file=/var/log/kube-scheduler.log\", \"--also-stdout=false\", \"/usr/local/bin/kube-scheduler\", \"--v=2\", \"--leader-elect=true\"]\n";
        let got = parse(
            &[ManifestFile {
                name: "s.manifest",
                text: go_runner,
            }],
            &|_| None,
        )
        .unwrap();
        let inv = &got.invocations[0];
        assert_eq!(inv.component, Component::KubeScheduler);
        let names: Vec<&str> = inv.args.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, vec!["v", "leader-elect"]);
        let sh = "kind: Pod\nmetadata:\n  name: kube-apiserver\nspec:\n  containers:\n  - name: kube-apiserver\n    command:\n    - /bin/bash\n    - -euxo\n    - pipefail\n    - -c\n    - exec /usr/local/bin/kube-apiserver --v=2 --secure-port=443 1>>/var/log/kube-apiserver.log 2>&1\n";
        let got = parse(
            &[ManifestFile {
                name: "a.yaml",
                text: sh,
            }],
            &|_| None,
        )
        .unwrap();
        let inv = &got.invocations[0];
        assert_eq!(inv.component, Component::KubeApiserver);
        let names: Vec<&str> = inv.args.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, vec!["v", "secure-port"]);
        assert_eq!(inv.args[1].at.line, Some(12));
        assert_eq!(
            got.ignored
                .iter()
                .filter(|n| n.what.contains("redirection"))
                .count(),
            2
        );
    }

    #[test]
    fn expansion() {
        let mut env = BTreeMap::new();
        env.insert("A".to_string(), Some("x".to_string()));
        env.insert("B".to_string(), None);
        assert_eq!(
            expand("--a=$(A) $$(A) $(B) $(C", &env),
            ("--a=x $(A) $(B) $(C".to_string(), vec!["B".to_string()])
        );
    }

    /// A list field that is something else is refused on its line, as the kubelet's decoder
    /// refuses the whole pod; null and absent are Go's nil slice. Every error names the file
    /// first (the CLI relies on it).
    #[test]
    fn shapes_the_kubelet_would_not_decode() {
        let err = |text: &str| {
            parse(
                &[ManifestFile {
                    name: "m.yaml",
                    text,
                }],
                &|_| None,
            )
            .unwrap_err()
            .to_string()
        };
        let pod =
            "kind: Pod\nmetadata:\n  name: p\n  labels:\n    component: kube-apiserver\nspec:\n";
        assert_eq!(
            err(&format!("{pod}  containers: kube-apiserver\n")),
            "line 7: m.yaml: Pod p: containers is not a list"
        );
        assert_eq!(
            err(&format!("{pod}  containers:\n  - kube-apiserver\n")),
            "line 8: m.yaml: Pod p: containers[0] is not a map"
        );
        assert_eq!(
            err(&format!(
                "{pod}  containers:\n  - name: c\n    command: kube-apiserver --v=2\n"
            )),
            "line 9: m.yaml: Pod p: container c: command is not a list"
        );
        assert_eq!(
            err(&format!("{pod}  containers:\n  - name: c\n    env: {{}}\n")),
            "line 9: m.yaml: Pod p: container c: env is not a list"
        );
        let got = parse(
            &[ManifestFile {
                name: "m.yaml",
                text: &format!("{pod}  containers: null\n"),
            }],
            &|_| None,
        )
        .unwrap();
        assert!(got.invocations.is_empty());
        let big = "#".repeat(MAX_IMPORT_BYTES + 1);
        assert_eq!(
            err(&big),
            format!(
                "m.yaml: manifest too large: {} bytes (limit {MAX_IMPORT_BYTES})",
                MAX_IMPORT_BYTES + 1
            )
        );
    }
}
