//! `kubegate node`: a node as kubectl prints it, explained by the library's one engine
//! ([`crate::controller::nodelifecycle::explain`]): what the node lifecycle controller and the
//! taint manager already did (read from the object), what is overdue, and what comes next, in
//! real instants. This file reads the files and prints; every decision is the engine's.

use clap::ArgMatches;
use serde_json::json;

use super::format::{json as to_json, Style};
use super::{get, import_fail, read, Fail, Host, Output, EXIT_FINDINGS, EXIT_OK};
use crate::controller::nodelifecycle::{
    ClusterOptions, ControllerConfig, ExplainOptions, Explanation, Lease, Step,
};
use crate::duration::Duration;
use crate::import::node as import_node;
use crate::timestamp::Time;

fn time_opt(m: &ArgMatches, name: &str) -> Result<Option<Time>, Fail> {
    match get(m, name) {
        Some(t) => Time::parse(t)
            .map(Some)
            .map_err(|e| Fail::usage(format!("--{name}: {e}"))),
        None => Ok(None),
    }
}

pub(crate) fn run(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    let style = Style { on: host.color() };
    // Without a file, the node's YAML comes on standard input.
    let path = get(m, "file").unwrap_or("-");
    let text = read(host, path)?;
    let mut imported = import_node::parse(&text).map_err(|e| import_fail(path, &e))?;
    if let Some(lp) = get(m, "lease") {
        let lt = read(host, lp)?;
        let doc =
            crate::yaml::parse(&lt).map_err(|e| import_fail(lp, &crate::import::yaml_error(e)))?;
        let lease: Lease = serde_json::from_value(doc.value)
            .map_err(|e| Fail::usage(format!("{lp}: not a Lease: {e}")))?;
        for n in &mut imported.nodes {
            if n.node.metadata.name == lease.metadata.name {
                n.lease = Some(lease.clone());
            }
        }
    }
    if let Some(pp) = get(m, "pods") {
        let pt = read(host, pp)?;
        let pods = import_node::parse_pods(&pt).map_err(|e| import_fail(pp, &e))?;
        imported.pods.extend(pods);
    }
    let now = time_opt(m, "now")?;
    let grace = match get(m, "grace") {
        Some(g) => Some(
            Duration::parse(g)
                .map_err(|e| Fail::usage(format!("--node-monitor-grace-period: {e}")))?,
        ),
        None => None,
    };
    let options = ExplainOptions {
        now,
        // The machine's clock only says whether the snapshot is stale, and only when --now does
        // not say what now is.
        clock: if now.is_none() {
            host.now_millis().map(Time::from_millis)
        } else {
            None
        },
        controller: Some(ControllerConfig {
            kubernetes_version: get(m, "controller-version").map(str::to_string),
            node_monitor_grace_period: grace,
            ..ControllerConfig::default()
        }),
        cluster: Some(ClusterOptions {
            healthy_peers: m.get_one::<u32>("peers").copied(),
            unhealthy_peers: m.get_one::<u32>("unhealthy-peers").copied(),
            other_zones: m.get_one::<u32>("other-zones").copied(),
        }),
    };
    let x = imported
        .explain(&options)
        .map_err(|e| Fail::usage(e.to_string()))?;
    let findings = x
        .nodes
        .iter()
        .any(|n| n.ready.as_deref() != Some("True") || n.taints.iter().any(|t| t.controller));
    if get(m, "format") == Some("json") {
        out.stdout.push_str(&to_json(&json!({
            "kubegate": super::JSON_SHAPE_VERSION,
            "command": "node",
            "explanation": x,
            "understood": imported.understood.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "ignored": imported.ignored.iter().map(ToString::to_string).collect::<Vec<_>>(),
        })));
    } else {
        print(&x, &style, &mut out.stdout);
    }
    Ok(if findings { EXIT_FINDINGS } else { EXIT_OK })
}

fn step_line(o: &mut String, s: &Step) {
    let window = s.latest.map(|l| format!(" .. {l}")).unwrap_or_default();
    o.push_str(&format!(
        "    {}{window} ({}): {} [{}]\n",
        s.at, s.relative, s.what, s.by
    ));
}

fn print(x: &Explanation, style: &Style, o: &mut String) {
    let c = &x.controller;
    o.push_str(&format!(
        "now {} ({})\n",
        x.now,
        if x.now_from == "given" {
            "--now".to_string()
        } else {
            "the snapshot's latest instant; --now for another".to_string()
        }
    ));
    if let Some(s) = &x.stale {
        o.push_str(&format!("{}: {}\n", style.red("stale"), s.message));
    }
    o.push_str(&format!(
        "node lifecycle controller: Kubernetes {} ({}), --node-monitor-grace-period {}, --node-monitor-period {}, --node-eviction-rate {}/s\n",
        c.kubernetes_version,
        c.version_from,
        c.settings.node_monitor_grace_period,
        c.settings.node_monitor_period,
        c.settings.node_eviction_rate
    ));
    let cl = &x.cluster;
    o.push_str(&format!(
        "cluster: {} healthy and {} not-Ready peer{} in each zone{}, {} other zone{}{}\n",
        cl.healthy_peers,
        cl.unhealthy_peers,
        if cl.unhealthy_peers == 1 { "" } else { "s" },
        if cl.default_peers {
            " (default: --peers N)"
        } else {
            ""
        },
        cl.other_zones,
        if cl.other_zones == 1 { "" } else { "s" },
        if cl.all_zones_full {
            "; every zone is fully disrupted"
        } else {
            ""
        }
    ));
    for z in &cl.zones {
        o.push_str(&format!(
            "  zone {}: {} Ready, {} not Ready: {}, NoExecute rate {}/s\n",
            if z.zone.is_empty() {
                "(no zone label)"
            } else {
                &z.zone
            },
            z.ready,
            z.not_ready,
            z.state,
            z.eviction_rate
        ));
    }
    for n in &x.nodes {
        o.push_str(&format!(
            "\n{}{}\n  {}\n",
            style.bold(&format!("Node {}", n.name)),
            n.kubelet_version
                .as_deref()
                .map(|v| format!(" (kubelet {v})"))
                .unwrap_or_default(),
            n.summary
        ));
        o.push_str("  taints:\n");
        if n.taints.is_empty() {
            o.push_str("    (none)\n");
        }
        for t in &n.taints {
            o.push_str(&format!(
                "    {}{}:{}{}: {}\n",
                t.key,
                if t.value.is_empty() {
                    String::new()
                } else {
                    format!("={}", t.value)
                },
                t.effect,
                t.time_added
                    .map(|a| format!(
                        " (added {a}, {})",
                        crate::controller::nodelifecycle::relative(x.now, a)
                    ))
                    .unwrap_or_default(),
                t.why
            ));
        }
        o.push_str("  already happened (read from the object):\n");
        for s in &n.happened {
            step_line(o, s);
        }
        if !n.overdue.is_empty() {
            o.push_str("  due by now, not shown in the object:\n");
            for s in &n.overdue {
                step_line(o, s);
                if let Some(w) = &s.why {
                    o.push_str(&format!("      {w}\n"));
                }
            }
        }
        o.push_str("  next, if the kubelet posts nothing more:\n");
        if n.next.is_empty() {
            o.push_str("    nothing\n");
        }
        for s in &n.next {
            step_line(o, s);
        }
        o.push_str("  evictions (taint manager):\n");
        for e in &n.evictions {
            let who = e.pod.clone().unwrap_or_else(|| e.who.clone());
            let when = match (e.state.as_str(), e.at) {
                ("next", Some(a)) | ("due", Some(a)) => format!("{a} ({})", e.relative),
                ("never", _) => "never (tolerated forever)".to_string(),
                ("held", _) => {
                    "not while the NoExecute taint is held in the zone's queue".to_string()
                }
                _ => "not: no NoExecute taint is coming".to_string(),
            };
            o.push_str(&format!(
                "    {who}: tolerationSeconds {}: {when}{}\n",
                e.toleration,
                match (e.start, e.from_object) {
                    (Some(s), true) => format!(", counted from the taint's timeAdded {s}"),
                    (Some(s), false) => format!(", counted from the computed taint time {s}"),
                    _ => String::new(),
                }
            ));
        }
        for note in &n.notes {
            o.push_str(&format!("  note: {note}\n"));
        }
    }
    if !x.other_pods.is_empty() {
        o.push_str(&format!(
            "\npods on other nodes (ignored): {}\n",
            x.other_pods.join(", ")
        ));
    }
}
