//! `kubegate gates`: a `--feature-gates` value as a release's binary parses it.

use clap::ArgMatches;
use serde_json::{json, Value};

use super::format::{json as to_json, Style};
use super::{get, import_fail, read, release_of, Fail, Host, Output, EXIT_FINDINGS, EXIT_OK};
use crate::featuregate::{FeatureGate, FeatureState, PreRelease, Reason};
use crate::import::{kubeadm, metrics};
use crate::releases::gates::{self as data, release_gate, Component, GateFacts, GateHistory};
use crate::releases::{self};
use crate::version::Version;

fn reason_text(s: &FeatureState) -> &'static str {
    match s.reason {
        Reason::Explicit => "set explicitly",
        Reason::AllAlpha => "set by AllAlpha",
        Reason::AllBeta => "set by AllBeta",
        Reason::Override => "overridden default",
        Reason::Default => "default",
    }
}

fn stage_text(s: &FeatureState) -> String {
    let mut t = s.pre_release.name().to_string();
    if let Some(v) = &s.stage_since {
        t.push_str(&format!(" since {v}"));
    }
    if s.locked {
        t.push_str(", locked");
    }
    t
}

fn state_json(s: &FeatureState, set: Option<bool>) -> Value {
    json!({
        "name": s.name,
        "set": set,
        "enabled": s.enabled,
        "default": s.default,
        "stage": s.pre_release.name(),
        "stageSince": s.stage_since.as_ref().map(Version::to_string),
        "locked": s.locked,
        "reason": match s.reason {
            Reason::Explicit => "explicit",
            Reason::AllAlpha => "allAlpha",
            Reason::AllBeta => "allBeta",
            Reason::Override => "override",
            Reason::Default => "default",
        },
    })
}

/// The kube component a `--component` value names (kubeadm's spellings too).
fn component_of(name: &str) -> Option<Component> {
    Component::parse(match name {
        "apiServer" => "kube-apiserver",
        "controllerManager" => "kube-controller-manager",
        "scheduler" => "kube-scheduler",
        other => other,
    })
}

/// kubeadm's key for a component's extra arguments (the kubelet's are `kubeletExtraArgs`).
fn kubeadm_key(name: &str) -> &str {
    match name {
        "kube-apiserver" => "apiServer",
        "kube-controller-manager" => "controllerManager",
        "kube-scheduler" => "scheduler",
        other => other,
    }
}

/// "read by kubelet", "read by none", or why it is unknown: a gate's readers in words.
fn readers_text(components: Option<&[Component]>, carried: bool) -> String {
    let Some(list) = components else {
        return "readers unknown (no component facts for it in this release)".to_string();
    };
    let mut t = if list.is_empty() {
        "read by none: registered (accepted), no component's code reads it".to_string()
    } else {
        let names: Vec<&str> = list.iter().map(|c| c.name()).collect();
        format!("read by {}", names.join(", "))
    };
    if carried {
        t.push_str(" (in part another release's answer: this release's sources lack that code)");
    }
    t
}

fn patches_text(release: &str, from: u16, to: Option<u16>, single: bool) -> String {
    if single {
        return release.to_string();
    }
    match to {
        Some(t) if t == from => format!("{release}.{from}"),
        Some(t) => format!("{release}.{from}-{release}.{t}"),
        None => format!("{release}.{from}+"),
    }
}

/// `--history NAME`: one gate's whole life.
fn history(name: &str, as_json: bool, style: Style, out: &mut Output) -> Result<i32, Fail> {
    let h: GateHistory =
        data::history(name).ok_or_else(|| Fail::usage(data::unknown_gate(name).to_string()))?;
    if as_json {
        let doc = json!({
            "kubegate": super::JSON_SHAPE_VERSION,
            "command": "gates",
            "history": h,
        });
        out.stdout.push_str(&to_json(&doc));
        return Ok(EXIT_OK);
    }
    let o = &mut out.stdout;
    let life = match &h.removed {
        Some(r) => format!("registered from {} until {r} (removed in {r})", h.since),
        None => format!("registered from {} to {}", h.since, releases::NEWEST),
    };
    o.push_str(&format!("{} {life}\n", style.bold(&format!("{}:", h.name))));
    if h.since == releases::OLDEST.to_string() {
        o.push_str(&format!(
            "  {}\n",
            style.dim(&format!(
                "{} also stands for earlier releases (no older data)",
                h.since
            ))
        ));
    }
    match &h.reference {
        Some(url) => o.push_str(&format!("  reference: {url}\n")),
        None => o.push_str("  reference: no entry on kubernetes.io's feature-gate pages\n"),
    }
    let label = |r: &data::HistoryRow| {
        let single = h.rows.iter().filter(|x| x.release == r.release).count() == 1;
        patches_text(&r.release, r.from_patch, r.to_patch, single)
    };
    let width = h.rows.iter().map(|r| label(r).len()).fold(7, usize::max);
    o.push_str(&format!(
        "  {:<width$}  {:<10}  {:<7}  {:<6}  read by\n",
        "release", "stage", "default", "locked"
    ));
    for r in &h.rows {
        let who = match &r.components {
            None => "unknown".to_string(),
            Some(list) if list.is_empty() => "none".to_string(),
            Some(list) => list.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "),
        };
        o.push_str(&format!(
            "  {:<width$}  {:<10}  {:<7}  {:<6}  {who}{}\n",
            label(r),
            r.pre_release.name(),
            r.default,
            if r.lock_to_default { "yes" } else { "no" },
            if r.components_carried {
                " (in part another release's)"
            } else {
                ""
            },
        ));
        let web = if r.from_website {
            " (rests on the website)"
        } else {
            ""
        };
        o.push_str(&format!(
            "    {}\n",
            style.dim(&format!("from {}{web}", r.source))
        ));
    }
    if let Some(r) = &h.removed {
        o.push_str(&format!("  {r}: removed (a binary refuses the name)\n"));
    }
    if h.rows.iter().any(|r| r.components.is_none()) {
        o.push_str(&format!(
            "  {}\n",
            style.dim(
                "read by: unknown where no component facts exist (1.19, some gates of 1.16..1.18)"
            )
        ));
    }
    Ok(EXIT_OK)
}

pub(crate) fn run(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    let style = Style { on: host.color() };
    let as_json = get(m, "format") == Some("json");
    if let Some(name) = get(m, "history") {
        return history(name, as_json, style, out);
    }
    // An explicit --component without --kubeadm: list only the gates its code reads.
    let explicit = m.value_source("component") == Some(clap::parser::ValueSource::CommandLine);
    let filter = match get(m, "component") {
        Some(c) if explicit => component_of(c),
        _ => None,
    };
    // The value: positional, stdin, or a kubeadm config's extra argument.
    let mut source = String::from("argument");
    let mut kubeadm_notes = Vec::new();
    let value = match (get(m, "feature-gates"), get(m, "kubeadm")) {
        (Some(_), Some(_)) => {
            return Err(Fail::usage(
                "give either FEATURE_GATES or --kubeadm, not both",
            ))
        }
        (Some("-"), None) => {
            source = "<stdin>".into();
            read(host, "-")?.trim().to_string()
        }
        (Some(v), None) => v.to_string(),
        (None, Some(path)) => {
            let text = read(host, path)?;
            let cfg = kubeadm::parse(&text).map_err(|e| import_fail(path, &e))?;
            // Without `--component`, the kubelet's gates (kubeadm's KubeletConfiguration).
            let component = kubeadm_key(get(m, "component").unwrap_or("kubelet"));
            for (k, v) in &cfg.kubeadm_feature_gates {
                kubeadm_notes.push(format!(
                    "kubeadm's own gate {k}={v} (ClusterConfiguration.featureGates) is kubeadm's, not checked here"
                ));
            }
            match cfg.feature_gates_of(component) {
                Some(a) => {
                    source = match a.line {
                        Some(l) => format!("{path}:{l}"),
                        None => path.to_string(),
                    };
                    a.value.clone()
                }
                None => {
                    source = format!("{path} (no feature-gates for {component})");
                    String::new()
                }
            }
        }
        (None, None) => String::new(),
    };
    let value = value
        .strip_prefix("--feature-gates=")
        .unwrap_or(&value)
        .to_string();

    let (mut gate, binary, emulation) = match get(m, "emulate") {
        Some(v) => {
            let version = Version::parse_generic(v)
                .map_err(|e| Fail::usage(format!("invalid --emulate {v:?}: {e}")))?;
            let emu = Version::new(version.major(), version.minor());
            let mut g = FeatureGate::with_emulation_version(emu.clone());
            g.add_versioned(crate::releases::kubernetes_features())
                .map_err(|e| Fail::usage(e.to_string()))?;
            (g, releases::NEWEST, emu)
        }
        None => {
            let r = release_of(get(m, "release"))?;
            let g = release_gate(r).map_err(|e| Fail::usage(e.to_string()))?;
            (g, r, r.version())
        }
    };
    let result = gate.set(&value);
    // Only to mark the gates the value set: a value `set` refused is reported from `result`,
    // and then no gate is marked.
    let entries = crate::featuregate::flag::parse_entries(&value).unwrap_or_default();
    let set_values: std::collections::BTreeMap<String, bool> = entries
        .iter()
        .map(|e| (e.feature.clone(), e.value))
        .collect();
    let mut states = gate.feature_states();
    // A release's binary: which upstream file decided each gate's facts there.
    let mut sources = std::collections::BTreeMap::new();
    let mut facts: std::collections::BTreeMap<&str, GateFacts> = Default::default();
    if get(m, "emulate").is_none() {
        // When each gate reached its stage is in the release records (flat pre-1.31 specs
        // carry no version).
        for s in &mut states {
            s.stage_since = releases::gates::record(&s.name).and_then(|r| r.stage_since(binary));
        }
        for f in releases::gates::facts_in(binary) {
            sources.insert(f.name, (f.source, f.from_website));
            facts.insert(f.name, f);
        }
    } else {
        // the newest release's binary: its readers
        for f in releases::gates::facts_in(binary) {
            facts.insert(f.name, f);
        }
    }
    // Whether `filter`'s code reads the gate (`None`: unknown, before the component facts).
    let reads = |name: &str| -> Option<bool> {
        let c = filter?;
        let list = facts.get(name)?.components.as_ref()?;
        Some(list.contains(&c))
    };
    let listed: Vec<&FeatureState> = states
        .iter()
        .filter(|s| {
            m.get_flag("all")
                || set_values.contains_key(&s.name)
                || (s.reason != Reason::Default && s.reason != Reason::Override)
        })
        .filter(|s| s.pre_release != PreRelease::PreAlpha || set_values.contains_key(&s.name))
        .filter(|s| set_values.contains_key(&s.name) || reads(&s.name) != Some(false))
        .collect();
    // gates whose readers are unknown are kept, never guessed (AllAlpha and AllBeta have no
    // reader facts in any release; 1.19 has none at all)
    let unknown_kept = listed
        .iter()
        .filter(|s| filter.is_some() && reads(&s.name).is_none())
        .filter(|s| s.name != "AllAlpha" && s.name != "AllBeta")
        .count();

    // --metrics: what a component reports against what the flags say.
    let mut mismatches = Vec::new();
    let mut metrics_json = Value::Null;
    if let Some(path) = get(m, "metrics") {
        let text = read(host, path)?;
        let reported = metrics::parse(&text).map_err(|e| import_fail(path, &e))?;
        if result.is_ok() {
            mismatches = metrics::compare(&reported, &gate);
        }
        metrics_json = json!({
            "file": path,
            "reported": reported.gates.len(),
            "mismatches": mismatches.iter().map(|x| json!({
                "name": x.name, "line": x.line, "kind": x.kind, "message": x.message,
            })).collect::<Vec<_>>(),
            "ignored": reported.ignored.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
    }

    let binary_text = match get(m, "emulate") {
        Some(_) => format!("Kubernetes {binary} binary, --emulated-version={emulation}"),
        None => {
            let (first, last) = releases::gates::patch_range(binary);
            let minor = binary.minor();
            let patches = match last {
                Some(l) if l == first => format!("1.{minor}.{first}"),
                Some(l) => format!("1.{minor}.{first} to 1.{minor}.{l}"),
                None => format!("1.{minor}.{first} and later patches"),
            };
            format!("Kubernetes {binary} binary (gates as in {patches})")
        }
    };
    let code = if result.is_err() || !mismatches.is_empty() {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    };

    if as_json {
        let (error, problems, warnings) = match &result {
            Ok(ws) => (
                Value::Null,
                Vec::new(),
                ws.iter()
                    .map(|w| json!({"feature": w.feature, "value": w.value, "message": w.message}))
                    .collect::<Vec<_>>(),
            ),
            Err(e) => (
                Value::String(e.to_string()),
                e.problems()
                    .iter()
                    .zip(e.spans().iter().chain(std::iter::repeat(&None)))
                    .map(|(p, span)| {
                        json!({
                            "message": p.to_string(),
                            "feature": p.feature(),
                            "span": span.map(|s| json!({"start": s.start, "end": s.end})),
                        })
                    })
                    .collect(),
                Vec::new(),
            ),
        };
        let doc = json!({
            "kubegate": super::JSON_SHAPE_VERSION,
            "command": "gates",
            "binary": binary.to_string(),
            "emulationVersion": emulation.to_string(),
            "featureGates": value,
            "source": source,
            "ok": result.is_ok(),
            "error": error,
            "problems": problems,
            "warnings": warnings,
            "component": filter.map(Component::name),
            "gates": listed.iter().map(|s| {
                let mut v = state_json(s, set_values.get(&s.name).copied());
                if let (Some((src, web)), Value::Object(o)) = (sources.get(s.name.as_str()), &mut v) {
                    o.insert("source".into(), json!(src));
                    o.insert("fromWebsite".into(), json!(web));
                }
                if let (Some(f), Value::Object(o)) = (facts.get(s.name.as_str()), &mut v) {
                    o.insert("components".into(), json!(f.components));
                    o.insert("componentsCarried".into(), json!(f.components_carried));
                    o.insert("readByNone".into(), json!(f.read_by_none));
                }
                v
            }).collect::<Vec<_>>(),
            "metrics": metrics_json,
            "notes": kubeadm_notes,
        });
        out.stdout.push_str(&to_json(&doc));
        return Ok(code);
    }

    let o = &mut out.stdout;
    o.push_str(&format!(
        "{} --feature-gates={}\n",
        style.bold(&binary_text),
        if value.is_empty() { "\"\"" } else { &value }
    ));
    if source != "argument" {
        o.push_str(&format!("  from {source}\n"));
    }
    if let Some(c) = filter {
        o.push_str(&format!(
            "  listing the gates {}'s code reads, and every gate set\n",
            c.name()
        ));
        if unknown_kept > 0 {
            o.push_str(&format!(
                "  {}\n",
                style.dim(&format!(
                    "{unknown_kept} listed gates have no component facts in this release: kept, not guessed"
                ))
            ));
        }
    }
    for n in &kubeadm_notes {
        o.push_str(&format!("  note: {n}\n"));
    }
    match &result {
        Err(e) => {
            out.stderr.push_str(&format!(
                "{} invalid argument {} for \"--feature-gates\" flag: {e}\n",
                style.red("Error:"),
                crate::go::quote(&value)
            ));
            o.push_str(&format!(
                "{} the binary refuses this value: {e}\n",
                style.red("refused:")
            ));
        }
        Ok(warnings) => {
            if listed.is_empty() {
                o.push_str("  no gates set: every gate has its default\n");
            }
            let width = listed.iter().map(|s| s.name.len()).fold(0, usize::max);
            for s in &listed {
                let set = set_values
                    .get(&s.name)
                    .map(|v| format!("={v}"))
                    .unwrap_or_default();
                let name = format!("{}{set}", s.name);
                let onoff = if s.enabled {
                    style.green("enabled ")
                } else {
                    style.dim("disabled")
                };
                o.push_str(&format!(
                    "  {name:<w$}  {onoff}  {} ({}; default {})\n",
                    reason_text(s),
                    stage_text(s),
                    s.default,
                    w = width + 6
                ));
                if let Some((src, web)) = sources.get(s.name.as_str()) {
                    let note = match (*web, src.starts_with("kubernetes/website@")) {
                        (true, true) => " (a kubernetes/website page: no source of this release's code is reachable)",
                        (true, false) => " (carried from the previous release: no source of this release's code, and no website page changed it)",
                        _ => "",
                    };
                    o.push_str(&format!(
                        "    {}\n",
                        style.dim(&format!("from {src}{note}"))
                    ));
                }
                if let Some(f) = facts.get(s.name.as_str()) {
                    let mut t = readers_text(f.components.as_deref(), f.components_carried);
                    if let (Some(c), Some(false)) = (filter, reads(&s.name)) {
                        t = format!("registered but not read by {}; {t}", c.name());
                    }
                    o.push_str(&format!("    {}\n", style.dim(&t)));
                }
            }
            for w in warnings {
                o.push_str(&format!(
                    "{} {} featureGate={} value={}\n",
                    style.yellow("warning:"),
                    w.message,
                    w.feature,
                    w.value
                ));
            }
        }
    }
    // The metrics were read when `--metrics` names a file.
    if let Some(path) = get(m, "metrics") {
        if mismatches.is_empty() {
            o.push_str(&format!(
                "{} {path}: every reported gate matches\n",
                style.green("metrics:")
            ));
        }
        for x in &mismatches {
            o.push_str(&format!(
                "{} {path}:{}: {}\n",
                style.red("mismatch:"),
                x.line,
                x.message
            ));
        }
    }
    Ok(code)
}
