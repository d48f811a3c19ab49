//! The control plane's components as clusters hold their command lines, read into
//! [`Invocation`]s: what kube-apiserver, kube-controller-manager, kube-scheduler and kube-proxy
//! are started with, each argument with the file and line that wrote it.
//!
//! | route | module | reads |
//! |---|---|---|
//! | static pod manifests, DaemonSets | [`super::manifests`] | the container's `command` and `args`, hostPath and ConfigMap volumes |
//! | the kube-proxy ConfigMap | [`super::kubeproxy`] | `config.conf`, kube-proxy's `--config` file |
//! | kubeadm `ClusterConfiguration` | [`super::kubeadm::invocations`] | `extraArgs` (v1beta3's map, v1beta4's list), `extraVolumes`, an embedded KubeProxyConfiguration |
//! | systemd units, `ps` lines | [`command_line`] | the forms of [`super::cmdline`], for each component's binary |
//!
//! Every route splits arguments the way pflag reads them ([`split_args`]) without knowing the
//! release's flag set: `--name=value`, `--name value` when the next word is not a flag, a bare
//! `--name`. Config files that flags name are recorded with the path the flag names; their text
//! comes from the files the caller gives (by the host's path, after the route maps a container
//! path through its volumes), never from the machine.

use std::collections::BTreeMap;

use serde::Serialize;

use super::cmdline::{self, Program};
use super::{ImportError, Note};
use crate::components::{Component, ConfigFile, Invocation, InvocationArg, SourceLocation};

/// What an import of control-plane inputs read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentImport")
)]
pub struct Invocations {
    /// One per component start found, in the order of the input.
    pub invocations: Vec<Invocation>,
    /// Releases the input names: image tags, kubeadm's `kubernetesVersion`.
    pub versions: Vec<SeenVersion>,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
    /// Where each config file's text was read from, for pointing at it.
    pub sources: Vec<FileSource>,
}

/// Where the text of a config file came from: the host's file a volume mounts (whose text the
/// caller gave), or the input that holds it (a ConfigMap's key, a kubeadm document, padded so
/// that its lines are that input's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentFileSource")
)]
pub struct FileSource {
    /// The path the flag names (inside the container for a manifest).
    pub path: String,
    /// The host path or the input file the text is (or would be) read from.
    pub from: String,
}

/// A Kubernetes version the input names for a component (`image: .../kube-apiserver:v1.30.2`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentSeenVersion", optional_fields)
)]
pub struct SeenVersion {
    /// The component it is about; `None` for the whole cluster (kubeadm's `kubernetesVersion`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<Component>,
    /// The version without its `v` (`1.30.2`).
    pub version: String,
    #[serde(flatten)]
    pub at: SourceLocation,
}

impl Invocations {
    /// Appends another import's result.
    pub fn extend(&mut self, other: Invocations) {
        self.invocations.extend(other.invocations);
        self.versions.extend(other.versions);
        self.understood.extend(other.understood);
        self.ignored.extend(other.ignored);
        self.sources.extend(other.sources);
    }

    /// The file to point at for a location in a config file the arguments name (the host's
    /// file or the input holding its text), or `file` itself.
    pub fn source_of<'a>(&'a self, file: &'a str) -> &'a str {
        self.sources
            .iter()
            .find(|s| s.path == file)
            .map_or(file, |s| s.from.as_str())
    }

    /// The one release every version seen agrees on (`1.30`), if they all name the same minor.
    pub fn release(&self) -> Option<String> {
        let mut minors = self.versions.iter().filter_map(|v| {
            let mut parts = v.version.split('.');
            Some(format!("{}.{}", parts.next()?, parts.next()?))
        });
        let first = minors.next()?;
        minors.all(|m| m == first).then_some(first)
    }
}

/// The text of a file by its path on the host, when the caller has it (a map's `get`, a
/// directory, nothing at all: `&|_| None`).
pub type FileTexts<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The control-plane components this module reads, with the kubelet left to `kubelet::config`.
pub const COMPONENTS: [Component; 4] = [
    Component::KubeApiserver,
    Component::KubeControllerManager,
    Component::KubeScheduler,
    Component::KubeProxy,
];

/// A component's binary as command lines name it.
pub fn program(component: Component) -> Program {
    match component {
        Component::KubeApiserver => Program {
            binaries: &["kube-apiserver", "kube-apiserver.exe"],
            hyperkube: &["kube-apiserver", "apiserver"],
            label: "kube-apiserver",
        },
        Component::KubeControllerManager => Program {
            binaries: &["kube-controller-manager", "kube-controller-manager.exe"],
            hyperkube: &["kube-controller-manager", "controller-manager"],
            label: "kube-controller-manager",
        },
        Component::KubeScheduler => Program {
            binaries: &["kube-scheduler", "kube-scheduler.exe"],
            hyperkube: &["kube-scheduler", "scheduler"],
            label: "kube-scheduler",
        },
        Component::KubeProxy => Program {
            binaries: &["kube-proxy", "kube-proxy.exe"],
            hyperkube: &["kube-proxy", "proxy"],
            label: "kube-proxy",
        },
        Component::Kubelet => cmdline::KUBELET,
    }
}

/// The component whose binary `word` names (`/usr/local/bin/kube-apiserver`), if any.
pub fn component_of_binary(word: &str) -> Option<Component> {
    let base = word.rsplit('/').next().unwrap_or(word);
    COMPONENTS
        .into_iter()
        .find(|c| program(*c).binaries.contains(&base))
}

/// The component `hyperkube` runs as its subcommand `word` (`apiserver`, `kube-proxy`).
pub fn component_of_hyperkube(word: &str) -> Option<Component> {
    COMPONENTS
        .into_iter()
        .find(|c| program(*c).hyperkube.contains(&word))
}

/// The flags whose value is a config file a component decodes (a kind with an API version),
/// which the start check reads when the input carries the file's text. Certificates, keys and
/// kubeconfigs are files too, but no release refuses to start over their kind.
pub fn config_file_flags(component: Component) -> &'static [&'static str] {
    match component {
        Component::KubeApiserver => &[
            "admission-control-config-file",
            "encryption-provider-config",
            "experimental-encryption-provider-config",
            "authentication-config",
            "authorization-config",
            "audit-policy-file",
            "egress-selector-config-file",
            "tracing-config-file",
        ],
        Component::KubeScheduler => &["config", "policy-config-file"],
        Component::KubeProxy => &["config"],
        Component::KubeControllerManager | Component::Kubelet => &[],
    }
}

/// One word of a command line and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub line: Option<usize>,
}

/// Splits a binary's words (after the program) into arguments as pflag reads them: `--name=v`,
/// `--name v` when the next word does not start with `-`, a bare `--name`, and a one-dash
/// shorthand cluster kept as written (`-v=2`; `-v 2` takes the next word as its value). pflag would
/// know from the flag's type whether a bare boolean takes the next word; the binaries take no
/// positional arguments, so a word after a flag is its value. Words that are no flag (and all
/// after `--`) are reported in `ignored`.
pub fn split_args(
    words: &[Word],
    file: Option<&str>,
    label: &str,
    ignored: &mut Vec<Note>,
) -> Vec<InvocationArg> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        let at = SourceLocation {
            file: file.map(str::to_string),
            line: w.line,
        };
        if w.text == "--" {
            // `i` is past the current word, at most `words.len()`: the slice exists.
            for rest in words.get(i..).unwrap_or_default() {
                ignored.push(Note::new(
                    rest.line,
                    format!(
                        "{}: a positional argument after --, which {label} does not take",
                        rest.text
                    ),
                ));
            }
            break;
        }
        let (body, shorthand) = match w.text.strip_prefix("--") {
            Some(b) => (b, false),
            // A word without a dash has no flag body: reported just below as positional.
            None => (w.text.strip_prefix('-').unwrap_or(""), true),
        };
        if body.is_empty() {
            ignored.push(Note::new(
                w.line,
                format!(
                    "{}: a positional argument, which {label} does not take",
                    w.text
                ),
            ));
            continue;
        }
        // A shorthand cluster keeps its text (its `=value` too): pflag reads it letter by
        // letter. A long name beginning with `-` or `=` is pflag's bad syntax, kept whole.
        let whole = shorthand || body.starts_with(['-', '=']);
        let (name, value) = match body.split_once('=').filter(|_| !whole) {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            // A cluster of several letters takes its value from its own text (`-v2`).
            None if (!shorthand && whole) || (shorthand && body.chars().nth(1).is_some()) => {
                (body.to_string(), None)
            }
            None => match words.get(i) {
                Some(next) if !next.text.starts_with('-') || next.text == "-" => {
                    i += 1;
                    (body.to_string(), Some(next.text.clone()))
                }
                _ => (body.to_string(), None),
            },
        };
        out.push(InvocationArg {
            name,
            value,
            shorthand,
            at,
        });
    }
    out
}

/// The config files an invocation's arguments name (the last writing of each flag), with their
/// text from `text_of(path)` when the caller has it. A file named but not given is said in
/// `ignored`, with `hint` saying how to give it.
pub fn config_files(
    component: Component,
    args: &[InvocationArg],
    text_of: &dyn Fn(&str) -> Option<String>,
    hint: &str,
    understood: &mut Vec<Note>,
    ignored: &mut Vec<Note>,
) -> Vec<ConfigFile> {
    let mut files: Vec<ConfigFile> = Vec::new();
    let mut lines = Vec::new();
    for a in args {
        if a.shorthand || !config_file_flags(component).contains(&a.name.as_str()) {
            continue;
        }
        let Some(path) = a.value.clone().filter(|p| !p.is_empty()) else {
            continue;
        };
        if let Some(pos) = files.iter().position(|f| f.flag == a.name) {
            files.remove(pos);
            lines.remove(pos);
        }
        files.push(ConfigFile {
            flag: a.name.clone(),
            text: text_of(&path),
            path,
        });
        lines.push(a.at.line);
    }
    for (f, line) in files.iter().zip(lines) {
        if f.text.is_some() {
            understood.push(Note::new(
                line,
                format!("--{} {}: the file's text is given", f.flag, f.path),
            ));
        } else {
            ignored.push(Note::new(
                line,
                format!(
                    "--{} {}: the file's text is not given{hint}; its kind and version are not checked",
                    f.flag, f.path
                ),
            ));
        }
    }
    files
}

/// Reads systemd units and `ps` lines of control-plane components: a unit's `ExecStart=`, each
/// line of a `ps` listing that runs one of them (several components in one listing), a command
/// typed or pasted. With `component`, only that component is looked for, and an env file's
/// `*_ARGS` variables (`/etc/kubernetes/apiserver` of old distribution packages) are its
/// arguments. `source` names the input in each argument's location; `files` are texts by path for
/// the config files the arguments name.
pub fn command_line(
    text: &str,
    source: &str,
    component: Option<Component>,
    env: &BTreeMap<String, String>,
    files: FileTexts<'_>,
) -> Result<Invocations, ImportError> {
    super::check_size(text, "command line")?;
    let mut out = Invocations::default();
    // A `grep kube-apiserver` in a ps listing names the binary too; its line is no component's.
    let mut text = text.to_string();
    let lines: Vec<&str> = text.split('\n').collect();
    let mut kept = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let words: Vec<&str> = l.split_whitespace().collect();
        let grep = words.iter().position(|w| {
            let b = w.rsplit('/').next().unwrap_or(w);
            b == "grep" || b == "egrep" || b == "pgrep"
        });
        let named = words.iter().position(|w| component_of_binary(w).is_some());
        if matches!((grep, named), (Some(g), Some(n)) if g < n) {
            out.ignored
                .push(Note::new(Some(i + 1), "a grep process naming the binary"));
            kept.push("");
        } else {
            kept.push(l);
        }
    }
    text = kept.join("\n");
    let wanted: Vec<Component> = match component {
        Some(c) => vec![c],
        None => COMPONENTS.to_vec(),
    };
    let mut first_error = None;
    for c in wanted {
        let p = program(c);
        let parsed = match cmdline::parse_program(&text, env, p) {
            Ok(parsed) => parsed,
            Err(e) => {
                first_error.get_or_insert(e);
                continue;
            }
        };
        let foreign = parsed
            .ignored
            .iter()
            .any(|n| n.what.contains(&format!("not a {} binary", p.label)));
        let env_file = parsed.form == cmdline::Form::EnvFile;
        if (foreign || env_file) && component.is_none() {
            continue;
        }
        if env_file && parsed.args.is_empty() {
            continue;
        }
        let own = |n: &Note| !n.what.starts_with(&format!("no {} program", p.label));
        out.understood
            .extend(parsed.understood.iter().filter(|n| own(n)).cloned());
        out.ignored
            .extend(parsed.ignored.iter().filter(|n| own(n)).cloned());
        out.ignored.extend(parsed.unresolved.iter().cloned());
        let words: Vec<Word> = parsed
            .args
            .iter()
            .map(|a| Word {
                text: a.value.clone(),
                line: Some(a.line),
            })
            .collect();
        let args = split_args(&words, Some(source), p.label, &mut out.ignored);
        let text_of = |path: &str| files(path);
        let files = config_files(
            c,
            &args,
            &text_of,
            "",
            &mut out.understood,
            &mut out.ignored,
        );
        out.sources.extend(files.iter().map(|f| FileSource {
            path: f.path.clone(),
            from: f.path.clone(),
        }));
        out.invocations.push(Invocation {
            component: c,
            args,
            files,
        });
    }
    if out.invocations.is_empty() {
        return Err(match (component, first_error) {
            (Some(_), Some(e)) => e,
            _ => ImportError::new(
                "no control-plane component found: expected a systemd unit whose ExecStart= runs kube-apiserver, kube-controller-manager, kube-scheduler or kube-proxy, or ps lines naming one",
                None,
            ),
        });
    }
    Ok(out)
}

/// The `1.N.P` of an image tag (`registry.k8s.io/kube-apiserver:v1.30.2`,
/// `...:v1.30.2-eks-1-30-7`, `...@sha256:...` has none).
pub fn image_version(image: &str) -> Option<String> {
    let name = image.split('@').next()?;
    let tag = name.rsplit_once(':')?.1;
    if tag.contains('/') {
        return None;
    }
    let v = tag.strip_prefix('v').unwrap_or(tag);
    let core: String = v
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let parts: Vec<&str> = core.split('.').filter(|p| !p.is_empty()).collect();
    (parts.len() >= 2 && parts.first() == Some(&"1")).then(|| parts.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(list: &[&str]) -> Vec<Word> {
        list.iter()
            .enumerate()
            .map(|(i, t)| Word {
                text: t.to_string(),
                line: Some(i + 1),
            })
            .collect()
    }

    #[test]
    fn pflag_shapes() {
        let mut ignored = Vec::new();
        let args = split_args(
            &w(&[
                "--a=1", "--b", "2", "--c", "--d", "-v=3", "x", "-v", "4", "-v5", "y", "---e=1",
                "--", "z",
            ]),
            Some("f"),
            "kube-apiserver",
            &mut ignored,
        );
        let got: Vec<(&str, Option<&str>, bool, Option<usize>)> = args
            .iter()
            .map(|a| (a.name.as_str(), a.value.as_deref(), a.shorthand, a.at.line))
            .collect();
        // A shorthand cluster keeps its text; a single letter takes the next word.
        assert_eq!(
            got,
            vec![
                ("a", Some("1"), false, Some(1)),
                ("b", Some("2"), false, Some(2)),
                ("c", None, false, Some(4)),
                ("d", None, false, Some(5)),
                ("v=3", None, true, Some(6)),
                ("v", Some("4"), true, Some(8)),
                ("v5", None, true, Some(10)),
                ("-e=1", None, false, Some(12)),
            ]
        );
        assert_eq!(ignored.len(), 3, "{ignored:?}");
    }

    #[test]
    fn ps_listing_of_several_components() {
        let ps = "root  101  1.0  2.0 /usr/local/bin/kube-apiserver --secure-port=6443 --insecure-port=0\nroot  102  1.0  2.0 kube-scheduler --config=/etc/kubernetes/sched.yaml\nroot  103  0.0  0.0 grep --color=auto kube-controller-manager\nroot  104  1.0  1.0 /usr/bin/kubelet --v=2\n";
        let mut files = BTreeMap::new();
        files.insert(
            "/etc/kubernetes/sched.yaml".to_string(),
            "kind: X".to_string(),
        );
        let got = command_line(ps, "ps.txt", None, &BTreeMap::new(), &|p| {
            files.get(p).cloned()
        })
        .unwrap();
        let comps: Vec<Component> = got.invocations.iter().map(|i| i.component).collect();
        assert_eq!(
            comps,
            vec![Component::KubeApiserver, Component::KubeScheduler]
        );
        let sched = &got.invocations[1];
        assert_eq!(sched.args[0].at.line, Some(2));
        assert_eq!(sched.files[0].text.as_deref(), Some("kind: X"));
    }

    #[test]
    fn systemd_unit_of_the_apiserver() {
        let unit = "[Service]\nExecStart=/usr/local/bin/kube-apiserver \\\n  --advertise-address=10.0.0.1 \\\n  --insecure-port 0\n";
        let got = command_line(
            unit,
            "kube-apiserver.service",
            None,
            &BTreeMap::new(),
            &|_| None,
        )
        .unwrap();
        assert_eq!(got.invocations.len(), 1);
        let a = &got.invocations[0].args;
        assert_eq!(
            (a[1].name.as_str(), a[1].value.as_deref(), a[1].at.line),
            ("insecure-port", Some("0"), Some(4))
        );
        assert!(command_line(
            "[Service]\nExecStart=/bin/true\n",
            "x",
            None,
            &BTreeMap::new(),
            &|_| None
        )
        .is_err());
    }

    #[test]
    fn image_tags() {
        assert_eq!(
            image_version("registry.k8s.io/kube-apiserver:v1.30.2").as_deref(),
            Some("1.30.2")
        );
        assert_eq!(
            image_version("k8s.gcr.io/kube-proxy:v1.16.0-eks-1").as_deref(),
            Some("1.16.0")
        );
        assert_eq!(image_version("localhost:5000/kube-apiserver"), None);
        assert_eq!(image_version("x/kube-apiserver@sha256:abc"), None);
    }
}
