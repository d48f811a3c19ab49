//! `kubegate node`: a node as kubectl prints it, and what the node lifecycle controller does
//! with it next, computed by running kubegate's controller on a virtual clock.

use clap::ArgMatches;
use serde_json::json;

use super::format::{json as to_json, Style};
use super::{get, import_fail, read, Fail, Host, Output, EXIT_FINDINGS, EXIT_OK};
use crate::controller::nodelifecycle::{
    do_no_schedule_tainting_pass, ControllerConfig, Lease, NodeLifecycleController,
    TAINT_NOT_READY, TAINT_UNREACHABLE,
};
use crate::duration::Duration;
use crate::import::node as import_node;
use crate::kubelet::nodestatus::{Node, NodeCondition, CONDITION_TRUE, NODE_READY};
use crate::timestamp::Time;

/// How long pods tolerate the not-ready and unreachable NoExecute taints by default: the
/// DefaultTolerationSeconds admission plugin's `--default-not-ready-toleration-seconds` and
/// `--default-unreachable-toleration-seconds` (300).
const DEFAULT_TOLERATION_SECONDS: i64 = 300;

/// One thing the controller does, and when.
struct Step {
    at: Time,
    what: String,
    kind: &'static str,
}

fn ago(now: Time, t: Time) -> String {
    let d = t.millis() - now.millis();
    let shown = Duration::from_millis(d.abs());
    if d == 0 {
        "now".into()
    } else if d > 0 {
        format!("in {shown}")
    } else {
        format!("{shown} ago")
    }
}

fn last_contact(node: &Node, lease: Option<&Lease>) -> Option<Time> {
    let hb = node
        .status
        .condition(NODE_READY)
        .and_then(|c| c.last_heartbeat_time);
    let renew = lease.and_then(|l| l.spec.renew_time);
    match (hb, renew) {
        (Some(a), Some(b)) => Some(if a > b { a } else { b }),
        (a, b) => a.or(b).or(node.metadata.creation_timestamp),
    }
}

fn peer(i: u32, like: &Node, t: Time) -> Node {
    let mut n = Node::default();
    n.metadata.name = format!("kubegate-peer-{i}");
    for k in [
        "topology.kubernetes.io/region",
        "topology.kubernetes.io/zone",
        "failure-domain.beta.kubernetes.io/region",
        "failure-domain.beta.kubernetes.io/zone",
    ] {
        if let Some(v) = like.metadata.labels.get(k) {
            n.metadata.labels.insert(k.to_string(), v.clone());
        }
    }
    n.metadata.creation_timestamp = Some(Time::from_millis(0));
    n.status.push_condition(NodeCondition {
        type_: NODE_READY.into(),
        status: CONDITION_TRUE,
        last_heartbeat_time: Some(t),
        last_transition_time: Some(Time::from_millis(0)),
        ..NodeCondition::default()
    });
    n
}

/// Runs the controller from the node's last contact until well past `now` + the grace period,
/// with the node silent and `peers` healthy nodes heartbeating every pass.
fn simulate(
    node: &Node,
    lease: Option<&Lease>,
    now: Time,
    config: &ControllerConfig,
    peers: u32,
) -> Result<(Vec<Step>, Node), Fail> {
    let mut ctl = NodeLifecycleController::new(config).map_err(|e| Fail::usage(e.to_string()))?;
    let s = ctl.settings().clone();
    let period = s.node_monitor_period.as_millis().max(1);
    let grace = s
        .node_monitor_grace_period
        .as_millis()
        .max(s.node_startup_grace_period.as_millis());
    let start = last_contact(node, lease).unwrap_or(now);
    let start = if start > now { now } else { start };
    let end = Time::from_millis(now.millis().max(start.millis() + grace) + grace + 4 * period);
    let mut target = node.clone();
    let mut steps = Vec::new();
    let mut t = start;
    let mut passes = 0;
    while t <= end && passes < 20_000 {
        passes += 1;
        let mut nodes = vec![target.clone()];
        nodes.extend((0..peers).map(|i| peer(i, &target, t)));
        let mut leases: Vec<Option<Option<Time>>> = vec![lease.map(|l| l.spec.renew_time)];
        leases.extend((0..peers).map(|_| Some(Some(t))));
        let before: Vec<NodeCondition> = target.status.conditions().to_vec();
        let res = ctl.monitor_in_place(t, &mut nodes, |i, _| leases.get(i).copied().flatten(), &[]);
        let mut after = nodes.remove(0);
        for (b, a) in before.iter().zip(after.status.conditions()) {
            if b.status != a.status {
                steps.push(Step {
                    at: t,
                    what: format!(
                        "{} {} -> {} ({}: {})",
                        a.type_, b.status, a.status, a.reason, a.message
                    ),
                    kind: "conditionUnknown",
                });
            }
        }
        for a in after.status.conditions().iter().skip(before.len()) {
            steps.push(Step {
                at: t,
                what: format!("{} added as {} ({})", a.type_, a.status, a.reason),
                kind: "conditionUnknown",
            });
        }
        let mut all = vec![after.clone()];
        all.extend(nodes);
        let tainted = ctl.do_no_execute_tainting_pass(t, &mut all);
        after = all.remove(0);
        let no_schedule = do_no_schedule_tainting_pass(&mut after, t);
        for c in res
            .taints
            .iter()
            .chain(tainted.taints.iter())
            .chain(no_schedule.iter())
            .filter(|c| c.node == target.metadata.name)
        {
            steps.push(Step {
                at: t,
                what: format!("taint {}:{} {}", c.key, c.effect, c.action),
                kind: "taint",
            });
            if c.action == "added"
                && c.effect == "NoExecute"
                && (c.key == TAINT_NOT_READY || c.key == TAINT_UNREACHABLE)
            {
                steps.push(Step {
                    at: t.add_millis(DEFAULT_TOLERATION_SECONDS * 1000),
                    what: format!(
                        "pods with the default {DEFAULT_TOLERATION_SECONDS}s toleration of {} are evicted (pods without a toleration: at once)",
                        c.key
                    ),
                    kind: "eviction",
                });
            }
        }
        target = after;
        t = t.add_millis(period);
    }
    steps.sort_by_key(|s| s.at);
    Ok((steps, target))
}

pub(crate) fn run(m: &ArgMatches, host: &dyn Host, out: &mut Output) -> Result<i32, Fail> {
    let style = Style { on: host.color() };
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
    let now = match get(m, "now") {
        Some(t) => Time::parse(t).map_err(|e| Fail::usage(format!("--now: {e}")))?,
        None => Time::from_millis(
            host.now_millis()
                .ok_or_else(|| Fail::usage("this machine has no clock: give --now"))?,
        ),
    };
    let grace = match get(m, "grace") {
        Some(g) => Some(
            Duration::parse(g)
                .map_err(|e| Fail::usage(format!("--node-monitor-grace-period: {e}")))?,
        ),
        None => None,
    };
    let config = ControllerConfig {
        kubernetes_version: get(m, "controller-version").map(str::to_string),
        node_monitor_grace_period: grace,
        ..ControllerConfig::default()
    };
    let peers = m.get_one::<u32>("peers").copied().unwrap_or(3);
    let settings = crate::controller::nodelifecycle::Settings::resolve(&config)
        .map_err(|e| Fail::usage(e.to_string()))?;

    let mut code = EXIT_OK;
    let mut docs = Vec::new();
    for n in &imported.nodes {
        let node = &n.node;
        let lease = n.lease.as_ref();
        let (steps, _) = simulate(node, lease, now, &config, peers)?;
        let ready = node.status.condition(NODE_READY);
        let healthy = ready.is_some_and(|c| c.status == CONDITION_TRUE);
        let controller_taints: Vec<&crate::kubelet::nodestatus::Taint> = node
            .spec
            .taints
            .iter()
            .filter(|t| t.key.starts_with("node.kubernetes.io/"))
            .collect();
        if !healthy || !controller_taints.is_empty() {
            code = EXIT_FINDINGS;
        }
        let contact = last_contact(node, lease);
        // A saved snapshot keeps saying Ready True long after it was taken, and the timeline
        // then lies in the past. A running controller would already have marked the node
        // Unknown at the first such step, so Ready True with that step before `now` means the
        // snapshot is older than `now`, or no controller watches the node. Said, not counted
        // as a finding: the node itself may be fine.
        let stale_since = steps
            .iter()
            .find(|s| healthy && s.kind == "conditionUnknown" && s.at < now)
            .map(|s| s.at);
        docs.push(json!({
            "name": node.metadata.name,
            "kubeletVersion": n.kubelet_version,
            "ready": ready.map(|c| c.status),
            "lastContact": contact.map(|t| t.to_string()),
            "staleSince": stale_since.map(|t| t.to_string()),
            "lease": lease.map(|l| json!({"renewTime": l.spec.renew_time.map(|t| t.to_string()), "leaseDurationSeconds": l.spec.lease_duration_seconds})),
            "conditions": node.status.conditions().iter().map(|c| json!({
                "type": c.type_, "status": c.status, "reason": c.reason, "message": c.message,
                "lastHeartbeatTime": c.last_heartbeat_time.map(|t| t.to_string()),
                "lastTransitionTime": c.last_transition_time.map(|t| t.to_string()),
            })).collect::<Vec<_>>(),
            "taints": node.spec.taints.iter().map(|t| json!({
                "key": t.key, "value": t.value, "effect": t.effect,
                "timeAdded": t.time_added.map(|t| t.to_string()),
            })).collect::<Vec<_>>(),
            "unschedulable": node.spec.unschedulable,
            "next": steps.iter().map(|s| json!({
                "at": s.at.to_string(), "inMillis": s.at.millis() - now.millis(), "kind": s.kind, "what": s.what,
            })).collect::<Vec<_>>(),
        }));
        if get(m, "format") == Some("json") {
            continue;
        }
        let o = &mut out.stdout;
        o.push_str(&format!(
            "{}{}\n",
            style.bold(&format!("Node {}", node.metadata.name)),
            n.kubelet_version
                .as_deref()
                .map(|v| format!(" (kubelet {v})"))
                .unwrap_or_default()
        ));
        o.push_str(&format!("  now {now}\n"));
        match contact {
            Some(c) => o.push_str(&format!(
                "  last heard from {} ({}){}\n",
                c,
                ago(now, c),
                if lease.is_some() {
                    ", lease included"
                } else {
                    ", no lease given: status heartbeats only"
                }
            )),
            None => o.push_str("  never heard from: no heartbeat, lease or creation time\n"),
        }
        if let Some(t) = stale_since {
            o.push_str(&format!(
                "  {}: Ready is still True, but a running node lifecycle controller would have marked it Unknown at {t} ({}); this snapshot was taken before --now, or no controller watches this node{}\n",
                style.red("stale"),
                ago(now, t),
                contact
                    .map(|c| format!(" (--now {c} reads it as of its last contact)"))
                    .unwrap_or_default()
            ));
        }
        o.push_str("  conditions:\n");
        if node.status.conditions().is_empty() {
            o.push_str("    (none: the kubelet never posted status)\n");
        }
        for c in node.status.conditions() {
            let status = match (c.type_.as_str(), c.status.as_str()) {
                (NODE_READY, "True") => style.green(c.status.as_str()),
                (NODE_READY, _) => style.red(c.status.as_str()),
                (_, "False") => style.green(c.status.as_str()),
                _ => style.red(c.status.as_str()),
            };
            o.push_str(&format!(
                "    {:<20} {status:<7} {}{}\n",
                c.type_,
                c.reason,
                c.last_heartbeat_time
                    .map(|t| format!(" (heartbeat {})", ago(now, t)))
                    .unwrap_or_default()
            ));
        }
        o.push_str("  taints:\n");
        if node.spec.taints.is_empty() {
            o.push_str("    (none)\n");
        }
        for t in &node.spec.taints {
            o.push_str(&format!(
                "    {}{}:{}{}\n",
                t.key,
                if t.value.is_empty() {
                    String::new()
                } else {
                    format!("={}", t.value)
                },
                t.effect,
                t.time_added
                    .map(|x| format!(" (added {})", ago(now, x)))
                    .unwrap_or_default()
            ));
        }
        o.push_str(&format!(
            "  node lifecycle controller (grace period {}, monitor period {}, {} healthy peer{}), if the kubelet posts nothing more:\n",
            settings.node_monitor_grace_period,
            settings.node_monitor_period,
            peers,
            if peers == 1 { "" } else { "s" }
        ));
        if steps.is_empty() {
            o.push_str("    nothing: the node is within its grace period and stays as it is\n");
        }
        for s in &steps {
            o.push_str(&format!("    {} ({}): {}\n", s.at, ago(now, s.at), s.what));
        }
    }
    if get(m, "format") == Some("json") {
        out.stdout.push_str(&to_json(&json!({
            "kubegate": super::JSON_SHAPE_VERSION,
            "command": "node",
            "now": now.to_string(),
            "controller": {
                "nodeMonitorGracePeriod": settings.node_monitor_grace_period.to_string(),
                "nodeMonitorPeriod": settings.node_monitor_period.to_string(),
                "peers": peers,
            },
            "nodes": docs,
            "ignored": imported.ignored.iter().map(ToString::to_string).collect::<Vec<_>>(),
        })));
    }
    Ok(code)
}
