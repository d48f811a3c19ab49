//! The control plane on the command line: `kubegate upgrade` with `--manifests`, `--kubeadm`
//! (its ClusterConfiguration) or `--component-cmdline`, and `kubegate component NAME`, one
//! component's start at one release. The inputs are read by [`crate::import`]'s control-plane
//! imports and judged by [`crate::components`]; this module only gathers files and prints.

use std::collections::BTreeMap;

use clap::ArgMatches;
use serde_json::{json, Value};

use super::format::{annotation, json as to_json, Style};
use super::{
    get, get_all, import_fail, read, release_of, Fail, Host, Output, EXIT_FINDINGS, EXIT_OK,
};
use crate::components::upgrade::{
    check_control_plane_upgrade, printed_by_binary, ComponentUpgrade, UpgradeReport,
};
use crate::components::{check_start, Component, Invocation, InvocationArg, SourceLocation};
use crate::import::control_plane::ControlPlaneCheckError;
use crate::import::invocations::{self, Invocations};
use crate::import::manifests::{self, ManifestFile};
use crate::import::{kubeadm, Note};
use crate::releases::Release;

/// Most manifest files read from one directory.
const MAX_MANIFESTS: usize = 200;

/// The control-plane inputs of a command line, imported.
pub(crate) struct Gathered {
    pub imported: Invocations,
    /// Notes to print, each already prefixed with its file.
    pub notes: Vec<String>,
    /// `--file PATH=LOCAL`.
    pub map: BTreeMap<String, String>,
    /// The text of each `--file` mapping, by PATH.
    pub given: BTreeMap<String, String>,
}

impl Gathered {
    /// A location to show: one in a config file a flag names points at the local file its text
    /// was read from (through the volume, the input that holds it, `--file`).
    fn at(&self, at: &SourceLocation) -> SourceLocation {
        let file = at.file.as_deref().map(|f| {
            let from = self.imported.source_of(f);
            self.map.get(from).map_or(from, String::as_str).to_string()
        });
        SourceLocation {
            file,
            line: at.line,
        }
    }

    /// The same for every `file` of a JSON report.
    fn rewrite(&self, v: &mut Value) {
        match v {
            Value::Object(o) => {
                for (k, x) in o.iter_mut() {
                    match x {
                        Value::String(f) if k == "file" => {
                            let at = self.at(&SourceLocation {
                                file: Some(f.clone()),
                                line: None,
                            });
                            if let Some(shown) = at.file {
                                *f = shown;
                            }
                        }
                        _ => self.rewrite(x),
                    }
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|x| self.rewrite(x)),
            _ => {}
        }
    }
}

/// `--file PATH=LOCAL` pairs.
fn mapped(m: &ArgMatches) -> Result<BTreeMap<String, String>, Fail> {
    let mut out = BTreeMap::new();
    if m.try_contains_id("file").unwrap_or(false) {
        for spec in get_all(m, "file") {
            let Some((path, local)) = spec.split_once('=') else {
                return Err(Fail::usage(format!("--file {spec}: expected PATH=LOCAL")));
            };
            out.insert(path.to_string(), local.to_string());
        }
    }
    Ok(out)
}

fn has(m: &ArgMatches, id: &str) -> bool {
    // `try_contains_id` fails only for an id this subcommand does not define: not given.
    m.try_contains_id(id).unwrap_or(false) && m.contains_id(id)
}

/// Whether the command line names a control-plane input.
pub(crate) fn wanted(m: &ArgMatches) -> bool {
    has(m, "manifests") || has(m, "component-cmdline") || has(m, "manifest")
}

/// Reads the control-plane inputs: `--manifests DIR` (every `*.yaml`, `*.yml`, `*.json`, `*.manifest`), `--manifest FILE`,
/// `--kubeadm FILE` (its ClusterConfiguration and KubeProxyConfiguration) and
/// `--component-cmdline FILE`. A config file a flag names is read from `--file PATH=LOCAL`, else
/// from the path itself when this machine has it, else left without its text (and said).
pub(crate) fn gather(
    m: &ArgMatches,
    host: &dyn Host,
    component: Option<Component>,
    with_kubeadm: bool,
) -> Result<Gathered, Fail> {
    let map = mapped(m)?;
    let given = read_mapped(host, &map)?;
    // A path no `--file` maps is read where the component would read it; one this machine
    // cannot read has no text given, which the import says in a note.
    let text_of = |path: &str| -> Option<String> {
        given
            .get(path)
            .cloned()
            .or_else(|| host.read_file(path).ok())
    };
    let mut imported = Invocations::default();
    let mut notes = Vec::new();
    let push_notes = |file: &str, i: &Invocations, notes: &mut Vec<String>| {
        for n in i.ignored.iter() {
            if n.what.contains("the file's text is not given")
                || n.what.contains("is not a literal env value")
            {
                notes.push(note_text(file, n));
            }
        }
    };
    let mut files: Vec<(String, String)> = Vec::new();
    if has(m, "manifests") {
        for dir in get_all(m, "manifests") {
            let mut entries = host
                .read_dir(dir)
                .map_err(|e| Fail::usage(format!("cannot read directory {dir}: {e}")))?;
            crate::sort::sort_by(&mut entries, |a, b| a.name.cmp(&b.name));
            let before = files.len();
            // What the kubelet's static pod source reads, less files that are not manifests:
            // no hidden files, and YAML or JSON by their extension.
            for e in entries.iter().filter(|e| {
                !e.is_dir
                    && !e.name.starts_with('.')
                    && [".yaml", ".yml", ".json", ".manifest"]
                        .iter()
                        .any(|x| e.name.ends_with(x))
            }) {
                if files.len() >= MAX_MANIFESTS {
                    return Err(Fail::usage(format!(
                        "{dir}: more than {MAX_MANIFESTS} manifests"
                    )));
                }
                let path = format!("{}/{}", dir.trim_end_matches('/'), e.name);
                let text = read(host, &path)?;
                files.push((path, text));
            }
            if files.len() == before {
                return Err(Fail::usage(format!(
                    "{dir}: no *.yaml, *.yml, *.json or *.manifest files in it"
                )));
            }
        }
    }
    if has(m, "manifest") {
        for path in get_all(m, "manifest") {
            let text = read(host, path)?;
            files.push((path.to_string(), text));
        }
    }
    if !files.is_empty() {
        let inputs: Vec<ManifestFile<'_>> = files
            .iter()
            .map(|(name, text)| ManifestFile { name, text })
            .collect();
        let got = manifests::parse(&inputs, &text_of).map_err(|e| {
            // Every error of `manifests::parse` names its file first (the longest name that
            // fits, should one name start another); the "" is unreachable.
            let message = e.message();
            let (file, rest) = files
                .iter()
                .filter_map(|(name, _)| {
                    let rest = message.strip_prefix(name.as_str())?.strip_prefix(": ")?;
                    Some((name.as_str(), rest))
                })
                .max_by_key(|(name, _)| name.len())
                .unwrap_or(("", message));
            import_fail(file, &crate::import::ImportError::new(rest, e.line()))
        })?;
        push_notes("", &got, &mut notes);
        imported.extend(got);
    }
    if with_kubeadm && has(m, "kubeadm") {
        if let Some(path) = get(m, "kubeadm") {
            let text = read(host, path)?;
            if text.contains("ClusterConfiguration") || text.contains("KubeProxyConfiguration") {
                let got = kubeadm::invocations(&text, path, &text_of)
                    .map_err(|e| import_fail(path, &e))?;
                push_notes(path, &got, &mut notes);
                imported.extend(got);
            }
        }
    }
    if has(m, "component-cmdline") {
        for path in get_all(m, "component-cmdline") {
            let text = read(host, path)?;
            let got = invocations::command_line(&text, path, component, &BTreeMap::new(), &text_of)
                .map_err(|e| import_fail(path, &e))?;
            push_notes(path, &got, &mut notes);
            imported.extend(got);
        }
    }
    if let Some(c) = component {
        imported.invocations.retain(|i| i.component == c);
    }
    Ok(Gathered {
        imported,
        notes,
        map,
        given,
    })
}

/// The text of each `--file PATH=LOCAL`: a file the user named must be readable, so its
/// reason is an error, never a note that the text is missing.
fn read_mapped(
    host: &dyn Host,
    map: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, Fail> {
    map.iter()
        .map(|(path, local)| {
            let text = host.read_file(local).map_err(|e| {
                Fail::usage(format!("cannot read {local} (--file {path}={local}): {e}"))
            })?;
            Ok((path.clone(), text))
        })
        .collect()
}

fn note_text(file: &str, n: &Note) -> String {
    match (file.is_empty(), n.line) {
        (false, Some(l)) => format!("{file}:{l}: {}", n.what),
        (false, None) => format!("{file}: {}", n.what),
        (true, _) => n.what.clone(),
    }
}

fn at_text(at: &SourceLocation) -> String {
    match (&at.file, at.line) {
        (Some(f), Some(l)) => format!("{f}:{l}"),
        (Some(f), None) => f.clone(),
        (None, _) => String::new(),
    }
}

fn dim_at(style: Style, at: &SourceLocation) -> String {
    let t = at_text(at);
    if t.is_empty() {
        String::new()
    } else {
        style.dim(&format!("  ({t})"))
    }
}

/// The part of `kubegate upgrade` that checks the control plane: prints the report and returns
/// its exit code and JSON value.
pub(crate) fn upgrade(
    m: &ArgMatches,
    host: &dyn Host,
    from: Release,
    to: Release,
    component: Option<Component>,
    out: &mut Output,
) -> Result<(i32, Value), Fail> {
    let style = Style { on: host.color() };
    // `--format` has a default value: clap always supplies it.
    let format = get(m, "format").unwrap_or("text");
    let g = gather(m, host, component, true)?;
    for n in &g.notes {
        out.stderr.push_str(&format!("note: {n}\n"));
    }
    if g.imported.invocations.is_empty() {
        return Err(Fail::usage(match component {
            Some(c) => format!("no {} found in the control-plane inputs", c.name()),
            None => "no control-plane component found in the inputs".to_string(),
        }));
    }
    // The release the inputs name (image tags, kubeadm's kubernetesVersion), when it is not --from.
    if let Some(seen) = g.imported.release() {
        if seen != from.minor_release().to_string() {
            out.stderr.push_str(&format!(
                "note: the inputs name Kubernetes {seen} (image tags, kubernetesVersion), not --from {from}\n"
            ));
        }
    }
    let report = check_control_plane_upgrade(&g.imported.invocations, from, to);
    let code = if report.starts {
        EXIT_OK
    } else {
        EXIT_FINDINGS
    };
    let mut value = serde_json::to_value(&report).map_err(|e| Fail::usage(e.to_string()))?;
    g.rewrite(&mut value);
    if let Value::Object(o) = &mut value {
        o.insert("notes".into(), json!(g.notes));
    }
    let multi = from.minor().abs_diff(to.minor()) > 1;
    match format {
        "json" => {}
        "github" => github(&report, &g, multi, out),
        _ => text(&report, &g, multi, style, out),
    }
    Ok((code, value))
}

fn arrives(arrives: Option<&str>, already: bool, from: &str, multi: bool) -> String {
    match arrives {
        _ if already => format!(" [already in {from}]"),
        Some(r) if multi => format!(" [in {r}]"),
        _ => String::new(),
    }
}

fn title(c: &ComponentUpgrade, report: &UpgradeReport) -> String {
    format!("{} {} -> {}", c.component.name(), report.from, report.to)
}

fn text(report: &UpgradeReport, g: &Gathered, multi: bool, style: Style, out: &mut Output) {
    for c in &report.components {
        let head = title(c, report);
        if !c.starts_before {
            if let Some(e) = c.errors_before.first() {
                out.stdout.push_str(&format!(
                    "{} {} {} already refuses these inputs: {e}{}\n",
                    style.red("already broken:"),
                    c.component.name(),
                    report.from,
                    dim_at(style, &g.at(e.location()))
                ));
            }
        }
        let verdict = if c.starts {
            style.green("starts")
        } else {
            style.red("does not start")
        };
        let file = c
            .file
            .as_deref()
            .map(|f| format!(" ({f})"))
            .unwrap_or_default();
        out.stdout.push_str(&format!(
            "{} {verdict}\n",
            style.bold(&format!("{head}{file}:"))
        ));
        let warnings: Vec<_> = c.printed_warnings().collect();
        if c.problems.is_empty() && warnings.is_empty() && c.changes.is_empty() {
            out.stdout.push_str("  nothing changes\n");
        }
        for p in &c.problems {
            out.stdout.push_str(&format!(
                "  {} {}{}{}\n",
                style.red("breaks "),
                p.error,
                style.dim(&arrives(
                    p.arrives.as_deref(),
                    p.already,
                    &report.from,
                    multi
                )),
                dim_at(style, &g.at(p.error.location()))
            ));
        }
        for w in warnings {
            out.stdout.push_str(&format!(
                "  {} {}{}{}\n",
                style.yellow("warns  "),
                w.warning.message,
                style.dim(&arrives(w.arrives.as_deref(), false, &report.from, multi)),
                dim_at(style, &g.at(&w.warning.at))
            ));
        }
        for ch in &c.changes {
            out.stdout.push_str(&format!(
                "  {} {}{}{}\n",
                style.yellow("changes"),
                ch.message,
                style.dim(&arrives(ch.arrives.as_deref(), false, &report.from, multi)),
                if ch.readers_unknown {
                    style.dim("  (readers unknown)")
                } else {
                    String::new()
                }
            ));
        }
    }
    for s in &report.skipped {
        out.stdout
            .push_str(&format!("  {}\n", style.dim(&format!("skipped: {s}"))));
    }
}

fn github(report: &UpgradeReport, g: &Gathered, multi: bool, out: &mut Output) {
    for c in &report.components {
        let head = title(c, report);
        if !c.starts_before {
            if let Some(e) = c.errors_before.first() {
                let at = g.at(e.location());
                out.stdout.push_str(&annotation(
                    "error",
                    at.file.as_deref(),
                    at.line,
                    &format!("{} {}", c.component.name(), report.from),
                    &format!(
                        "{} {} already refuses these inputs: {e}",
                        c.component.name(),
                        report.from
                    ),
                ));
            }
        }
        for p in &c.problems {
            let at = g.at(p.error.location());
            out.stdout.push_str(&annotation(
                "error",
                at.file.as_deref(),
                at.line,
                &format!("{head}: does not start"),
                &format!(
                    "{}{}",
                    p.error,
                    arrives(p.arrives.as_deref(), p.already, &report.from, multi)
                ),
            ));
        }
        for w in c.printed_warnings() {
            let at = g.at(&w.warning.at);
            out.stdout.push_str(&annotation(
                "warning",
                at.file.as_deref(),
                at.line,
                &head,
                &format!(
                    "{}{}",
                    w.warning.message,
                    arrives(w.arrives.as_deref(), false, &report.from, multi)
                ),
            ));
        }
        for ch in &c.changes {
            out.stdout.push_str(&annotation(
                "notice",
                c.file.as_deref(),
                None,
                &format!("{head}: {}", ch.gate),
                &format!(
                    "{}{}",
                    ch.message,
                    arrives(ch.arrives.as_deref(), false, &report.from, multi)
                ),
            ));
        }
        if c.starts {
            out.stdout.push_str(&format!(
                "{head}: starts; {} change(s)\n",
                c.changes.len() + c.printed_warnings().count()
            ));
        }
    }
}

/// `kubegate component NAME --release R [--manifest FILE ...] [-- ARGS]`: one component's start.
pub(crate) fn run_component(
    m: &ArgMatches,
    host: &dyn Host,
    out: &mut Output,
) -> Result<i32, Fail> {
    let style = Style { on: host.color() };
    // Required by clap; an empty name would be refused just below as unknown.
    let name = get(m, "name").unwrap_or("");
    let component = Component::parse(name)
        .filter(|c| invocations::COMPONENTS.contains(c))
        .ok_or_else(|| Fail::usage(ControlPlaneCheckError::unknown_component(name).to_string()))?;
    let release = release_of(get(m, "release"))?;
    // `--format` has a default value: clap always supplies it.
    let format = get(m, "format").unwrap_or("text");
    let g = gather(m, host, Some(component), true)?;
    for n in &g.notes {
        out.stderr.push_str(&format!("note: {n}\n"));
    }
    let mut inv = match g.imported.invocations.as_slice() {
        [] => Invocation {
            component,
            args: Vec::new(),
            files: Vec::new(),
        },
        [one] => one.clone(),
        many => {
            return Err(Fail::usage(format!(
                "the inputs hold {} invocations of {}: give one",
                many.len(),
                component.name()
            )))
        }
    };
    // The arguments after --, as typed.
    let typed: Vec<invocations::Word> = get_all(m, "args")
        .into_iter()
        .map(|t| invocations::Word {
            text: t.to_string(),
            line: None,
        })
        .collect();
    let mut ignored = Vec::new();
    let extra: Vec<InvocationArg> =
        invocations::split_args(&typed, None, component.name(), &mut ignored);
    for n in &ignored {
        out.stderr.push_str(&format!("note: {}\n", n.what));
    }
    // Config files the typed arguments name (those of an import keep their volume mapping).
    // As in `gather`: a mapped file's text, else the path itself if this machine has it.
    let text_of = |path: &str| -> Option<String> {
        g.given
            .get(path)
            .cloned()
            .or_else(|| host.read_file(path).ok())
    };
    let mut understood = Vec::new();
    let mut not_given = Vec::new();
    let typed_files = invocations::config_files(
        component,
        &extra,
        &text_of,
        " (map it with --file PATH=LOCAL)",
        &mut understood,
        &mut not_given,
    );
    for n in &not_given {
        out.stderr.push_str(&format!("note: {}\n", n.what));
    }
    inv.args.extend(extra);
    for f in typed_files {
        inv.files.retain(|g| g.flag != f.flag);
        inv.files.push(f);
    }
    let report = check_start(&inv, release);
    let code = if report.starts {
        EXIT_OK
    } else {
        EXIT_FINDINGS
    };
    let head = format!("{} {}", component.name(), report.release);
    match format {
        "json" => {
            let mut v = serde_json::to_value(&report).map_err(|e| Fail::usage(e.to_string()))?;
            g.rewrite(&mut v);
            if let Value::Object(o) = &mut v {
                o.insert("kubegate".into(), json!(super::JSON_SHAPE_VERSION));
                o.insert("command".into(), json!("component"));
            }
            out.stdout.push_str(&to_json(&v));
        }
        "github" => {
            for (i, e) in report.errors.iter().enumerate() {
                let at = g.at(e.location());
                out.stdout.push_str(&annotation(
                    "error",
                    at.file.as_deref(),
                    at.line,
                    &format!(
                        "{head}: {}",
                        if Some(i) == report.first_error {
                            "does not start"
                        } else {
                            "also refused"
                        }
                    ),
                    &e.to_string(),
                ));
            }
            for w in &report.warnings {
                let at = g.at(&w.at);
                out.stdout.push_str(&annotation(
                    if printed_by_binary(w.kind) {
                        "warning"
                    } else {
                        "notice"
                    },
                    at.file.as_deref(),
                    at.line,
                    &head,
                    &w.message,
                ));
            }
            if report.starts {
                out.stdout.push_str(&format!("{head}: starts\n"));
            }
        }
        _ => {
            let verdict = if report.starts {
                style.green("starts")
            } else {
                style.red("does not start")
            };
            out.stdout
                .push_str(&format!("{} {verdict}\n", style.bold(&format!("{head}:"))));
            for (i, e) in report.errors.iter().enumerate() {
                let tag = if Some(i) == report.first_error {
                    style.red("error:")
                } else {
                    style.red("also: ")
                };
                out.stdout.push_str(&format!(
                    "  {tag} {e}{}\n",
                    dim_at(style, &g.at(e.location()))
                ));
            }
            for w in &report.warnings {
                let tag = if printed_by_binary(w.kind) {
                    style.yellow("warning:")
                } else {
                    style.dim("note:")
                };
                out.stdout.push_str(&format!(
                    "  {tag} {}{}\n",
                    w.message,
                    dim_at(style, &g.at(&w.at))
                ));
            }
            for l in &report.limits {
                out.stdout
                    .push_str(&format!("  {}\n", style.dim(&format!("not checked: {l}"))));
            }
        }
    }
    Ok(code)
}

/// `kubegate upgrade`: the kubelet's check when its inputs are given (or nothing else is), the
/// control plane's when its inputs are; one output, the worse exit code.
pub(crate) fn run_upgrade(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    let component = get(m, "component").and_then(Component::parse);
    let from = release_of(get(m, "from"))?;
    let to = release_of(get(m, "to"))?;
    let format = get(m, "format").unwrap_or("text");
    let kubeadm_cp = match get(m, "kubeadm") {
        Some(path) => {
            let text = read(host, path)?;
            text.contains("ClusterConfiguration") || text.contains("KubeProxyConfiguration")
        }
        None => false,
    };
    let kubelet_inputs = [
        "config",
        "config-dir",
        "cmdline",
        "configz",
        "kubeadm",
        "kubelet-args",
    ]
    .iter()
    .any(|id| has(m, id));
    let cp_inputs = wanted(m) || kubeadm_cp;
    let run_kubelet =
        matches!(component, None | Some(Component::Kubelet)) && (kubelet_inputs || !cp_inputs);
    let run_cp = component != Some(Component::Kubelet) && cp_inputs;
    if component.is_some_and(|c| c != Component::Kubelet) && !cp_inputs {
        return Err(Fail::usage(
            "--component names a control-plane component: give its inputs with --manifests, --kubeadm or --component-cmdline",
        ));
    }
    let mut code = EXIT_OK;
    let mut kubelet_json = None;
    if run_kubelet {
        let mut k = Output::default();
        code = super::kubelet::run_upgrade(m, host, &mut k)?;
        out.stderr.push_str(&k.stderr);
        if format == "json" {
            // `run_upgrade` wrote one JSON document (it returned above on any failure).
            kubelet_json = Some(serde_json::from_str::<Value>(&k.stdout).unwrap_or(Value::Null));
        } else {
            out.stdout.push_str(&k.stdout);
        }
    }
    if run_cp {
        let (c, report) = upgrade(m, host, from, to, component, out)?;
        code = code.max(c);
        if format == "json" {
            let mut doc = kubelet_json.take().unwrap_or_else(|| {
                json!({
                    "kubegate": super::JSON_SHAPE_VERSION,
                    "command": "upgrade",
                    "from": from.to_string(),
                    "to": to.to_string(),
                })
            });
            if let Value::Object(o) = &mut doc {
                o.insert("controlPlane".into(), report);
            }
            out.stdout.push_str(&to_json(&doc));
        }
    }
    if let Some(v) = kubelet_json {
        out.stdout.push_str(&to_json(&v));
    }
    Ok(code)
}
