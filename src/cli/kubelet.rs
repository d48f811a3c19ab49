//! `kubegate kubelet` and `kubegate upgrade`: a kubelet's inputs gathered from local files and
//! imports, resolved by [`crate::kubelet::config`].

use std::collections::BTreeMap;

use clap::ArgMatches;
use serde_json::{json, Value};

use super::format::{annotation, json as to_json, show, yaml, Style};
use super::{
    get, get_all, import_fail, read, release_of, DirEntry, Fail, Host, Output, EXIT_FINDINGS,
    EXIT_OK, EXIT_USAGE,
};
use crate::import::{cmdline, configz, kubeadm};
use crate::kubelet::config::{
    check_kubelet_upgrade, explain_kubelet_config, provenance::Layer, resolve_kubelet_config,
    KubeletConfigError, ResolveInput, Resolved,
};

/// Where an argument came from: a file and line, or the command line after `--`.
#[derive(Clone, Debug)]
struct ArgSource {
    file: Option<String>,
    line: Option<usize>,
}

/// The kubelet's arguments as they are gathered, each with where it was written.
#[derive(Default)]
struct Gathered {
    args: Vec<String>,
    sources: Vec<ArgSource>,
}

impl Gathered {
    fn push(&mut self, arg: String, file: Option<&str>, line: Option<usize>) {
        self.args.push(arg);
        self.sources.push(ArgSource {
            file: file.map(str::to_string),
            line,
        });
    }

    /// A `--config`/`--config-dir` kubegate adds for a file it was given; `from` is the input
    /// that holds it, when it is one.
    fn path_flag(&mut self, flag: &str, path: &str, from: Option<&str>) {
        self.push(format!("--{flag}={path}"), from, None);
    }
}

/// The kubelet's inputs, gathered.
struct Inputs {
    input: ResolveInput,
    /// The kubelet's paths read from other local files (`--file PATH=LOCAL`).
    mapped: BTreeMap<String, String>,
    sources: Vec<ArgSource>,
    notes: Vec<String>,
}

impl Inputs {
    /// The local file behind a path the kubelet reads (for a directory mapping, the file in it).
    fn local(&self, path: &str) -> String {
        if let Some(l) = self.mapped.get(path) {
            return l.clone();
        }
        for (virt, local) in &self.mapped {
            if let Some(rest) = path.strip_prefix(&format!("{}/", virt.trim_end_matches('/'))) {
                return format!("{}/{rest}", local.trim_end_matches('/'));
            }
        }
        path.to_string()
    }

    /// Where the last argument setting `--flag` was written.
    fn locate_flag(&self, flag: &str) -> Option<(String, Option<usize>)> {
        let bare = flag.trim_start_matches('-');
        let mut found = None;
        let args = &self.input.args;
        for (i, a) in args.iter().enumerate() {
            let s = a.trim_start_matches('-');
            if a.starts_with('-')
                && (s == bare || s.strip_prefix(bare).is_some_and(|r| r.starts_with('=')))
            {
                found = self.sources.get(i);
            }
        }
        let src = found?;
        Some((src.file.clone()?, src.line))
    }
}

const MAX_DIR_FILES: usize = 1000;
const MAX_DIR_DEPTH: usize = 16;

fn walk(
    host: &dyn Host,
    local: &str,
    virt: &str,
    depth: usize,
    files: &mut BTreeMap<String, String>,
) -> Result<(), Fail> {
    if depth > MAX_DIR_DEPTH {
        return Err(Fail::usage(format!("{local}: directories nested too deep")));
    }
    let mut entries: Vec<DirEntry> = host
        .read_dir(local)
        .map_err(|e| Fail::usage(format!("cannot read directory {local}: {e}")))?;
    crate::sort::sort_by(&mut entries, |a, b| a.name.cmp(&b.name));
    for e in entries {
        let l = format!("{}/{}", local.trim_end_matches('/'), e.name);
        let v = format!("{}/{}", virt.trim_end_matches('/'), e.name);
        if e.is_dir {
            walk(host, &l, &v, depth + 1, files)?;
        } else if e.name.ends_with(".conf") {
            if files.len() >= MAX_DIR_FILES {
                return Err(Fail::usage(format!(
                    "{local}: more than {MAX_DIR_FILES} files"
                )));
            }
            files.insert(v, read(host, &l)?);
        }
    }
    Ok(())
}

/// The value of the last `--name` in `args` (`--name=v` or `--name v`).
fn flag_value(args: &[String], name: &str) -> Option<String> {
    let mut found = None;
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        let Some(s) = a.strip_prefix("--").or_else(|| a.strip_prefix('-')) else {
            continue;
        };
        if s == name {
            found = it.peek().map(|v| v.to_string());
        } else if let Some(v) = s.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
            found = Some(v.to_string());
        }
    }
    found
}

fn gather(m: &ArgMatches, host: &dyn Host, version: Option<String>) -> Result<Inputs, Fail> {
    let mut cl = Gathered::default();
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    let mut notes = Vec::new();
    // Local files standing in for the paths the kubelet reads: --file PATH=LOCAL.
    let mut mapped: BTreeMap<String, String> = BTreeMap::new();
    for spec in get_all(m, "file") {
        let Some((path, local)) = spec.split_once('=') else {
            return Err(Fail::usage(format!("--file {spec}: expected PATH=LOCAL")));
        };
        mapped.insert(path.to_string(), local.to_string());
    }
    // Imports first: the kubelet's recorded command line...
    let cmdlines = get_all(m, "cmdline");
    let mut env: BTreeMap<String, String> = BTreeMap::new();
    let mut parsed = Vec::new();
    for path in &cmdlines {
        let text = read(host, path)?;
        let c = cmdline::parse(&text).map_err(|e| import_fail(path, &e))?;
        if c.form == cmdline::Form::EnvFile {
            for v in &c.variables {
                env.insert(v.name.clone(), v.value.clone());
            }
        }
        parsed.push((path.to_string(), text, c));
    }
    let has_unit = parsed
        .iter()
        .any(|(_, _, c)| c.form != cmdline::Form::EnvFile);
    for (path, text, c) in &parsed {
        // With a unit, env files only define the unit's variables.
        if has_unit && c.form == cmdline::Form::EnvFile {
            notes.push(format!("{path}: variables for the unit's $-expansion"));
            continue;
        }
        let c = if env.is_empty() {
            c.clone()
        } else {
            cmdline::parse_with_env(text, &env).map_err(|e| import_fail(path, &e))?
        };
        for u in &c.unresolved {
            notes.push(match u.line {
                Some(l) => format!("{path}:{l}: {}", u.what),
                None => format!("{path}: {}", u.what),
            });
        }
        for a in &c.args {
            cl.push(a.value.clone(), Some(path.as_str()), Some(a.line));
        }
    }
    // ...kubeadm's kubeletExtraArgs and embedded KubeletConfiguration...
    if let Some(path) = get(m, "kubeadm") {
        let text = read(host, path)?;
        let k = kubeadm::parse(&text).map_err(|e| import_fail(path, &e))?;
        if let Some(kc) = k.kubelet_configuration {
            files.insert(path.to_string(), kc);
            cl.path_flag("config", path, Some(path));
        }
        for a in &k.kubelet_extra_args {
            cl.push(a.to_arg(), Some(path), a.line);
        }
    }
    // ...configz as the config file...
    if let Some(path) = get(m, "configz") {
        let text = read(host, path)?;
        let c = configz::parse(&text).map_err(|e| import_fail(path, &e))?;
        files.insert(path.to_string(), c.config_file);
        cl.path_flag("config", path, None);
    }
    // ...then our own --config/--config-dir, then the kubelet's arguments after --.
    for flag in ["config", "config-dir"] {
        if let Some(path) = get(m, flag) {
            cl.path_flag(flag, path, None);
        }
    }
    for a in get_all(m, "kubelet-args") {
        cl.push(a.to_string(), None, None);
    }
    let Gathered { args, sources } = cl;
    // Read what the kubelet would read: the last --config and --config-dir.
    let mut dirs = Vec::new();
    if let Some(path) = flag_value(&args, "config").filter(|p| !p.is_empty()) {
        if let std::collections::btree_map::Entry::Vacant(slot) = files.entry(path.clone()) {
            let local = mapped.get(&path).cloned().unwrap_or_else(|| path.clone());
            let text = host.read_file(&local).map_err(|e| {
                Fail::usage(format!(
                    "cannot read {local}, the kubelet's --config {path}: {e} (map it to a local file with --file {path}=LOCAL)"
                ))
            })?;
            slot.insert(text);
        }
    }
    if let Some(path) = flag_value(&args, "config-dir").filter(|p| !p.is_empty()) {
        // A directory `--file` does not map is read where the kubelet would read it.
        let local = mapped.get(&path).cloned().unwrap_or_else(|| path.clone());
        walk(host, &local, &path, 0, &mut files).map_err(|f| Fail {
            message: format!(
                "{} (the kubelet's --config-dir {path}; map it with --file {path}=LOCAL)",
                f.message
            ),
            code: f.code,
        })?;
        dirs.push(path);
    }
    Ok(Inputs {
        input: ResolveInput {
            kubelet_version: version,
            args,
            files,
            dirs,
            cwd: Some(".".into()),
            ..ResolveInput::default()
        },
        sources,
        notes,
        mapped,
    })
}

fn error_location(e: &KubeletConfigError, inputs: &Inputs) -> (Option<String>, Option<usize>) {
    if let Some(f) = e.file() {
        return (Some(inputs.local(f)), e.line());
    }
    if let Some(flag) = e.flag() {
        if let Some((f, l)) = inputs.locate_flag(flag) {
            return (Some(f), l);
        }
    }
    (None, None)
}

fn error_json(e: &KubeletConfigError, inputs: &Inputs) -> Value {
    let (file, line) = error_location(e, inputs);
    json!({
        "message": e.message(),
        "file": file,
        "line": line,
        "flag": e.flag(),
        "problems": e.problems().iter().map(|p| json!({
            "message": p.message, "field": p.field,
            "file": p.file.as_deref().map(|f| inputs.local(f)), "line": p.line, "flag": p.flag,
        })).collect::<Vec<_>>(),
    })
}

fn location_text(file: Option<&str>, line: Option<usize>, flag: Option<&str>) -> String {
    match (file, line, flag) {
        (Some(f), Some(l), _) => format!("{f}:{l}"),
        (Some(f), None, _) => f.to_string(),
        (None, _, Some(fl)) => fl.to_string(),
        _ => String::new(),
    }
}

pub(crate) fn run_kubelet(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    let style = Style { on: host.color() };
    let release = release_of(get(m, "release"))?;
    let inputs = gather(m, host, Some(release.to_string()))?;
    let as_json = get(m, "format") == Some("json");
    for n in &inputs.notes {
        out.stderr.push_str(&format!("note: {n}\n"));
    }
    let resolved = match resolve_kubelet_config(&inputs.input) {
        Ok(r) => r,
        Err(e) => {
            if as_json {
                out.stdout.push_str(&to_json(&json!({
                    "kubegate": super::JSON_SHAPE_VERSION,
                    "command": "kubelet",
                    "kubeletVersion": release.to_string(),
                    "starts": false,
                    "error": error_json(&e, &inputs),
                })));
            } else {
                let (file, line) = error_location(&e, &inputs);
                let at = location_text(file.as_deref(), line, e.flag());
                out.stderr.push_str(&format!(
                    "{} the kubelet {release} would not start{}:\n  {}\n",
                    style.red("error:"),
                    if at.is_empty() {
                        String::new()
                    } else {
                        format!(" ({at})")
                    },
                    e.message()
                ));
                for p in e
                    .problems()
                    .iter()
                    .skip(usize::from(e.problems().len() == 1))
                {
                    let file = p.file.as_deref().map(|f| inputs.local(f));
                    let at = location_text(file.as_deref(), p.line, p.flag.as_deref());
                    out.stderr.push_str(&format!(
                        "  - {} {}\n",
                        p.message,
                        style.dim(&format!("({at})"))
                    ));
                }
            }
            return Ok(EXIT_FINDINGS);
        }
    };
    let explanation = match get(m, "explain") {
        None => None,
        Some(field) => Some(explain(&resolved, field)?),
    };
    if as_json {
        let mut doc = json!({
            "kubegate": super::JSON_SHAPE_VERSION,
            "command": "kubelet",
            "kubeletVersion": resolved.kubelet_version,
            "starts": true,
            "config": resolved.config,
            "warnings": resolved.warnings,
            "diff": resolved.diff,
        });
        if let (Some(e), Value::Object(d)) = (&explanation, &mut doc) {
            d.insert("explain".into(), e.clone());
        }
        out.stdout.push_str(&to_json(&doc));
    } else {
        for w in &resolved.warnings {
            out.stderr
                .push_str(&format!("{} {w}\n", style.yellow("warning:")));
        }
        match &explanation {
            Some(e) => {
                for line in e
                    .get("summary")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    out.stdout.push_str(&show(line));
                    out.stdout.push('\n');
                }
            }
            None => {
                out.stdout.push_str(&format!(
                    "# effective configuration of the kubelet {}\n",
                    resolved.kubelet_version
                ));
                out.stdout.push_str(&yaml(&resolved.config));
            }
        }
    }
    Ok(EXIT_OK)
}

/// `--explain FIELD` (or every written field when FIELD is empty) as JSON with a summary.
fn explain(r: &Resolved, field: &str) -> Result<Value, Fail> {
    if !field.is_empty() {
        let e = explain_kubelet_config(r, field).map_err(|e| Fail {
            message: e.to_string(),
            code: EXIT_USAGE,
        })?;
        return serde_json::to_value(&e).map_err(|e| Fail::usage(e.to_string()));
    }
    let mut summary = Vec::new();
    let mut fields = serde_json::Map::new();
    for (path, fp) in &r.provenance {
        let written = matches!(
            fp.origin.layer,
            Layer::ConfigFile | Layer::DropIn | Layer::Flag | Layer::DynamicConfig
        ) || fp.overridden.iter().any(|o| {
            matches!(
                o.origin.layer,
                Layer::ConfigFile | Layer::DropIn | Layer::Flag | Layer::DynamicConfig
            )
        });
        if !written {
            continue;
        }
        if let Ok(e) = explain_kubelet_config(r, path) {
            if let Some(fp) = e.fields.get(path) {
                fields.insert(
                    path.clone(),
                    serde_json::to_value(fp).map_err(|e| Fail::usage(e.to_string()))?,
                );
            }
            summary.extend(
                e.summary
                    .into_iter()
                    .filter(|s| s.starts_with(&format!("{path} = "))),
            );
        }
    }
    if summary.is_empty() {
        summary.push("every field has its default: no file, drop-in or flag set one".into());
    }
    Ok(json!({ "fieldPath": "", "fields": fields, "summary": summary }))
}

pub(crate) fn run_upgrade(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    let style = Style { on: host.color() };
    let from = release_of(get(m, "from"))?;
    let to = release_of(get(m, "to"))?;
    // `--format` has a default value: clap always supplies it.
    let format = get(m, "format").unwrap_or("text");
    let inputs = gather(m, host, Some(from.to_string()))?;
    for n in &inputs.notes {
        out.stderr.push_str(&format!("note: {n}\n"));
    }
    // Inputs the current release already refuses are said so first; the check still compares
    // what it can (the core drops the refused flags and gates to find a start).
    let (before, before_error) = match resolve_kubelet_config(&inputs.input) {
        Ok(b) => (Some(b), None),
        Err(e) => {
            let (file, line) = error_location(&e, &inputs);
            (None, Some((e, file, line)))
        }
    };
    let report = check_kubelet_upgrade(&inputs.input, &to.to_string()).map_err(|e| Fail {
        message: e.to_string(),
        code: EXIT_USAGE,
    })?;

    // Each finding with the file and line to fix.
    let located: Vec<(Value, Option<String>, Option<usize>)> = report
        .findings
        .iter()
        .map(|f| {
            let own = || {
                if let Some(file) = &f.file {
                    (Some(inputs.local(file)), f.line)
                } else if let Some((file, line)) = f.flag.as_deref().and_then(|fl| inputs.locate_flag(fl)) {
                    (Some(file), line)
                } else {
                    (None, None)
                }
            };
            let (file, line) = match (f.kind.as_str(), &before) {
                ("error", _) | (_, None) => own(),
                (_, Some(b)) => locate_path(b, &inputs, &finding_path(&f.kind, &f.subject)),
            };
            let v = json!({
                "kind": f.kind, "subject": f.subject, "message": f.message,
                "breaking": f.breaking, "release": f.release, "already": f.already, "file": file, "line": line,
                "notReadByKubelet": f.not_read_by_kubelet,
            });
            (v, file, line)
        })
        .collect();
    let breaking = report.findings.iter().any(|f| f.breaking) || before_error.is_some();
    let code = if breaking { EXIT_FINDINGS } else { EXIT_OK };
    let already = before_error.as_ref().map(|(e, _, _)| {
        format!(
            "the kubelet {from} already refuses these inputs: {}",
            e.message()
        )
    });
    // The release a finding arrives in, when the jump spans more than one.
    let multi = from.minor().abs_diff(to.minor()) > 1;
    let arrives = |f: &crate::kubelet::config::UpgradeFinding| match &f.release {
        _ if f.already => format!(" [already in {from}]"),
        Some(r) if multi => format!(" [in {r}]"),
        _ => String::new(),
    };
    match format {
        "json" => out.stdout.push_str(&to_json(&json!({
            "kubegate": super::JSON_SHAPE_VERSION,
            "command": "upgrade",
            "from": report.from, "to": report.to,
            "startsBefore": report.starts_before,
            "errorBefore": before_error.as_ref().map(|(e, _, _)| error_json(e, &inputs)),
            "beforeWithout": report.before_without,
            "starts": report.starts,
            "error": report.error,
            "findings": located.iter().map(|(v, _, _)| v.clone()).collect::<Vec<_>>(),
        }))),
        "github" => {
            if let (Some(msg), Some((_, file, line))) = (&already, &before_error) {
                out.stdout.push_str(&annotation(
                    "error",
                    file.as_deref(),
                    *line,
                    &format!("kubelet {from}"),
                    msg,
                ));
            }
            for ((_, file, line), f) in located.iter().zip(&report.findings) {
                let level = if f.breaking {
                    "error"
                } else if f.kind == "fieldChanged" || f.not_read_by_kubelet {
                    "notice"
                } else {
                    "warning"
                };
                out.stdout.push_str(&annotation(
                    level,
                    file.as_deref(),
                    *line,
                    &format!("kubelet {} -> {}: {}", report.from, report.to, f.subject),
                    &format!("{}{}", f.message, arrives(f)),
                ));
            }
            if !breaking && report.findings.is_empty() {
                out.stdout.push_str(&format!(
                    "kubelet {} -> {}: starts; nothing changes\n",
                    report.from, report.to
                ));
            } else if !breaking {
                out.stdout.push_str(&format!(
                    "kubelet {} -> {}: starts; {} change(s)\n",
                    report.from,
                    report.to,
                    report.findings.len()
                ));
            }
        }
        _ => {
            let verdict = if report.starts {
                style.green("starts")
            } else {
                style.red("does not start")
            };
            if let (Some(msg), Some((e, file, line))) = (&already, &before_error) {
                let at = location_text(file.as_deref(), *line, e.flag());
                out.stdout.push_str(&format!(
                    "{} {msg}{}\n",
                    style.red("already broken:"),
                    if at.is_empty() {
                        String::new()
                    } else {
                        style.dim(&format!("  ({at})"))
                    }
                ));
                if !report.before_without.is_empty() {
                    out.stdout.push_str(&format!(
                        "  compared as if {} were dropped from the {from} inputs\n",
                        report.before_without.join(", ")
                    ));
                }
            }
            out.stdout.push_str(&format!(
                "{} {verdict}\n",
                style.bold(&format!("kubelet {} -> {}:", report.from, report.to))
            ));
            if report.findings.is_empty() {
                out.stdout.push_str("  nothing changes\n");
            }
            let mut unread_said = false;
            for ((_, file, line), f) in located.iter().zip(&report.findings) {
                if f.not_read_by_kubelet && !unread_said {
                    unread_said = true;
                    out.stdout.push_str(&format!(
                        "  {}\n",
                        style.dim("registered but not read by the kubelet (its code never reads these gates):")
                    ));
                }
                let tag = if f.breaking {
                    style.red("breaks ")
                } else if f.not_read_by_kubelet {
                    style.dim("unread ")
                } else {
                    style.yellow("changes")
                };
                let at = location_text(file.as_deref(), *line, None);
                out.stdout.push_str(&format!(
                    "  {tag} {}{}{}\n",
                    f.message,
                    style.dim(&arrives(f)),
                    if at.is_empty() {
                        String::new()
                    } else {
                        style.dim(&format!("  ({at})"))
                    }
                ));
            }
        }
    }
    Ok(code)
}

/// The configuration path a finding is about.
fn finding_path(kind: &str, subject: &str) -> String {
    match kind {
        "gateUnknown" | "gateLocked" | "gateDefaultChanged" => format!("featureGates.{subject}"),
        _ => subject.to_string(),
    }
}

/// Where the current inputs wrote `path`: a config file or drop-in line, or the file and line of
/// the flag (through the imports).
fn locate_path(r: &Resolved, inputs: &Inputs, path: &str) -> (Option<String>, Option<usize>) {
    let Some(fp) = r.provenance.get(path) else {
        return (None, None);
    };
    match fp.origin.layer {
        Layer::ConfigFile | Layer::DropIn | Layer::DynamicConfig => {
            (Some(inputs.local(&fp.origin.source)), fp.origin.line)
        }
        // A flag no imported file wrote (typed with --kubelet-args) has no file to point at.
        Layer::Flag => inputs
            .locate_flag(&fp.origin.source)
            .map(|(f, l)| (Some(f), l))
            .unwrap_or((None, None)),
        _ => (None, None),
    }
}
