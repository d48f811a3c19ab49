//! Starting a one-node scenario from a real Node (`kubectl get node -o yaml`, read by
//! [`crate::import::node`]): the faults that make the simulated kubelet and controller produce the
//! node's conditions, and the virtual time at which the simulated node first shows them.
//!
//! The simulator always starts with a kubelet registering a fresh node, so a real node's state is
//! reached by replaying what produces it, never by copying the conditions in:
//!
//! - a pressure condition `True` is the eviction manager seeing its signal from the start (the
//!   `memoryPressure`/`diskPressure`/`pidPressure` fault at 0s);
//! - `Ready` `False` is the Ready setter's aggregate of runtime and network errors. The message is
//!   kept verbatim as one error, so the simulated condition has the same status, reason
//!   (`KubeletNotReady`) and message (`aggregate_errors` of one message is that message). A
//!   message from `kl.updateRuntimeUp`'s network check (`container runtime network not ready: ...`)
//!   becomes a `networkError`, anything else a `runtimeError`;
//! - `Ready` `Unknown` is the node lifecycle controller's verdict on a kubelet that stopped posting
//!   status (stopped, or cut off: the Node cannot tell which). It is replayed as the kubelet
//!   stopping one second after it registered, so the controller reaches the verdict itself after
//!   its grace period.
//!
//! The node lifecycle controller's own taints follow from the conditions and are not faults; any
//! other taint, `spec.unschedulable` and other condition types are reported as ignored.

use serde::Serialize;

use super::{Fault, FaultKind, Scenario, ScenarioError, Simulator};
use crate::controller::nodelifecycle::{NO_EXECUTE, TAINT_NOT_READY, TAINT_UNREACHABLE};
use crate::duration::Duration;
use crate::kubelet::nodestatus::{
    ConditionStatus, Node, CONDITION_FALSE, CONDITION_TRUE, CONDITION_UNKNOWN, NODE_DISK_PRESSURE,
    NODE_MEMORY_PRESSURE, NODE_PID_PRESSURE, NODE_READY,
};

/// The kubelet's prefix for a network plugin that is not ready (`kl.updateRuntimeUp`).
const NETWORK_NOT_READY: &str = "container runtime network not ready";

/// Taints the node lifecycle controller manages, by key: (key, the condition they follow).
const CONTROLLER_TAINTS: [(&str, &str); 6] = [
    (TAINT_NOT_READY, "Ready False"),
    (TAINT_UNREACHABLE, "Ready Unknown"),
    ("node.kubernetes.io/memory-pressure", "MemoryPressure True"),
    ("node.kubernetes.io/disk-pressure", "DiskPressure True"),
    ("node.kubernetes.io/pid-pressure", "PIDPressure True"),
    (
        "node.kubernetes.io/network-unavailable",
        "NetworkUnavailable True",
    ),
];

/// How far [`start_from_node`] looks for the imported conditions, at most.
const SEARCH_LIMIT_MS: i64 = 3_600_000;

/// A one-node scenario's start from a real node.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct NodeStart {
    /// Faults that reproduce the node's conditions (`node-0`, every one from a fixed time).
    pub faults: Vec<Fault>,
    /// The first whole second (in milliseconds of virtual time) at which the simulated node shows
    /// the imported statuses and the NoSchedule taints that follow from them; `None` when the
    /// scenario does not get there within its duration (at most an hour).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub at_ms: Option<i64>,
    pub understood: Vec<String>,
    pub ignored: Vec<String>,
}

const TYPES: [&str; 4] = [
    NODE_READY,
    NODE_MEMORY_PRESSURE,
    NODE_DISK_PRESSURE,
    NODE_PID_PRESSURE,
];

/// The statuses of the four conditions (first of each type, as `GetNodeCondition` reads them).
fn statuses(node: &Node) -> [Option<ConditionStatus>; 4] {
    TYPES.map(|t| node.status.condition(t).map(|c| c.status))
}

/// The faults and the time that start `scenario` (its faults are replaced; it must have one node)
/// from `node`'s conditions.
pub fn start_from_node(node: &Node, scenario: &Scenario) -> Result<NodeStart, ScenarioError> {
    if scenario.nodes != 1 {
        return Err(ScenarioError::new(format!(
            "starting from a node needs a one-node scenario, got {} nodes",
            scenario.nodes
        )));
    }
    let mut out = NodeStart {
        faults: Vec::new(),
        at_ms: None,
        understood: Vec::new(),
        ignored: Vec::new(),
    };
    let zero = Duration::from_millis(0);
    let fault = |kind, at, message: Option<String>| Fault {
        kind,
        at,
        until: None,
        nodes: None,
        first_nodes: None,
        message,
    };
    let [ready, ..] = statuses(node);
    let stopped = ready == Some(CONDITION_UNKNOWN);
    for (t, kind) in [
        (NODE_MEMORY_PRESSURE, FaultKind::MemoryPressure),
        (NODE_DISK_PRESSURE, FaultKind::DiskPressure),
        (NODE_PID_PRESSURE, FaultKind::PidPressure),
    ] {
        match node.status.condition(t).map(|c| c.status) {
            Some(CONDITION_TRUE) => {
                out.faults.push(fault(kind, zero, None));
                out.understood.push(format!(
                    "{t} True: the eviction manager sees pressure from 0s"
                ));
            }
            Some(CONDITION_FALSE) => out.understood.push(format!("{t} False")),
            Some(CONDITION_UNKNOWN) if stopped => out.understood.push(format!(
                "{t} Unknown: set with Ready by the node lifecycle controller"
            )),
            Some(other) => out.ignored.push(format!(
                "{t} {other}: the kubelet only reports True or False"
            )),
            None => out.ignored.push(format!(
                "no {t} condition: the simulated kubelet reports one"
            )),
        }
    }
    match node.status.condition(NODE_READY) {
        Some(c) if c.status == CONDITION_TRUE => {
            out.understood.push("Ready True".to_string());
            if c.reason != "KubeletReady" || c.message != "kubelet is posting ready status" {
                out.ignored.push(format!(
                    "Ready's reason and message ({}: {}): the simulated kubelet reports KubeletReady: kubelet is posting ready status",
                    c.reason, c.message
                ));
            }
        }
        Some(c) if c.status == CONDITION_FALSE => {
            let kind = if c.message.starts_with(NETWORK_NOT_READY) {
                FaultKind::NetworkError
            } else {
                FaultKind::RuntimeError
            };
            out.faults.push(fault(kind, zero, Some(c.message.clone())));
            out.understood.push(format!(
                "Ready False: a {} from 0s with the node's message",
                if kind == FaultKind::NetworkError {
                    "network plugin error"
                } else {
                    "container runtime error"
                }
            ));
            if c.reason != "KubeletNotReady" {
                out.ignored.push(format!(
                    "Ready's reason {}: the simulated kubelet reports KubeletNotReady",
                    c.reason
                ));
            }
        }
        Some(c) if c.status == CONDITION_UNKNOWN => {
            // Registration happens within the first sync period; stop one second after it.
            let mut probe = Simulator::new(Scenario {
                faults: Vec::new(),
                ..scenario.clone()
            })?;
            let mut s = 0;
            while probe.nodes().is_empty() && s * 1000 < SEARCH_LIMIT_MS {
                s += 1;
                probe.advance(1000);
            }
            let at = Duration::from_secs(s + 1);
            out.faults.push(fault(FaultKind::KubeletStopped, at, None));
            out.understood.push(format!(
                "Ready Unknown ({}): the kubelet stopped posting status; replayed as the kubelet stopping at {at}, after it registered",
                c.reason
            ));
        }
        Some(c) => out
            .ignored
            .push(format!("Ready {}: not a condition status", c.status)),
        None => out
            .ignored
            .push("no Ready condition: the simulated kubelet reports one".to_string()),
    }
    for c in node.status.conditions() {
        if !TYPES.contains(&c.type_.as_str()) {
            out.ignored
                .push(format!("condition {} {}: not simulated", c.type_, c.status));
        }
    }
    let mut want_taints: Vec<(&str, &str)> = Vec::new();
    for t in &node.spec.taints {
        match CONTROLLER_TAINTS.iter().find(|(k, _)| *k == t.key) {
            Some((_, from)) => {
                out.understood.push(format!(
                    "taint {}:{}: the node lifecycle controller sets it from {from}",
                    t.key, t.effect
                ));
                // NoExecute taints wait for the zone's rate limiter; only NoSchedule ones are
                // expected at the first match.
                if t.effect != NO_EXECUTE {
                    want_taints.push((&t.key, t.effect.as_str()));
                }
            }
            None => out.ignored.push(format!(
                "taint {}{}:{}: only the node lifecycle controller's taints are simulated",
                t.key,
                if t.value.is_empty() {
                    String::new()
                } else {
                    format!("={}", t.value)
                },
                t.effect
            )),
        }
    }
    if node.spec.unschedulable {
        out.ignored
            .push("spec.unschedulable (cordoned): not simulated".to_string());
    }
    // Find the first whole second at which the simulated node shows the imported picture.
    let target = statuses(node);
    let mut sim = Simulator::new(Scenario {
        faults: out.faults.clone(),
        ..scenario.clone()
    })?;
    let limit = SEARCH_LIMIT_MS.min(scenario.duration.as_millis());
    let mut ms = 0;
    while ms < limit {
        ms += 1000;
        sim.advance(1000);
        let Some(n) = sim.nodes().first() else {
            continue;
        };
        let now = statuses(n);
        let same = target
            .iter()
            .zip(now.iter())
            .all(|(want, have)| want.is_none() || want == have);
        let tainted = want_taints
            .iter()
            .all(|(k, e)| n.spec.taints.iter().any(|t| t.key == *k && t.effect == *e));
        if same && tainted {
            out.at_ms = Some(ms);
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario() -> Scenario {
        Scenario::from_json(
            r#"{"nodes":1,"duration":"1h","seed":1,"kubernetesVersion":"1.33","rateWindow":"1s"}"#,
        )
        .unwrap()
    }

    fn node(yaml: &str) -> Node {
        crate::import::node::parse(yaml)
            .unwrap()
            .nodes
            .remove(0)
            .node
    }

    #[test]
    fn healthy_node_needs_no_fault() {
        let n = node("kind: Node\nmetadata: {name: w}\nspec:\n  taints:\n  - {key: node-role.kubernetes.io/control-plane, effect: NoSchedule}\nstatus:\n  conditions:\n  - {type: MemoryPressure, status: \"False\"}\n  - {type: DiskPressure, status: \"False\"}\n  - {type: PIDPressure, status: \"False\"}\n  - {type: Ready, status: \"True\", reason: KubeletReady, message: kubelet is posting ready status}\n");
        let s = start_from_node(&n, &scenario()).unwrap();
        assert!(s.faults.is_empty());
        assert!(s.at_ms.is_some_and(|t| t <= 11_000), "{s:?}");
        assert!(
            s.ignored.iter().any(|i| i.contains("control-plane")),
            "{s:?}"
        );
    }

    #[test]
    fn not_ready_keeps_the_message_and_pressure_starts_at_zero() {
        let msg = "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized";
        let n = node(&format!("kind: Node\nmetadata: {{name: w}}\nspec:\n  taints:\n  - {{key: node.kubernetes.io/not-ready, effect: NoSchedule}}\nstatus:\n  conditions:\n  - {{type: DiskPressure, status: \"True\"}}\n  - {{type: Ready, status: \"False\", reason: KubeletNotReady, message: \"{msg}\"}}\n"));
        let s = start_from_node(&n, &scenario()).unwrap();
        assert_eq!(s.faults.len(), 2);
        assert_eq!(s.faults[0].kind, FaultKind::DiskPressure);
        assert_eq!(s.faults[1].kind, FaultKind::NetworkError);
        let at = s.at_ms.expect("reached");
        let mut sim = Simulator::new(Scenario {
            faults: s.faults.clone(),
            ..scenario()
        })
        .unwrap();
        sim.advance(at);
        let ready = sim.nodes()[0].status.condition("Ready").unwrap().clone();
        assert_eq!(
            (
                ready.status.as_str(),
                ready.reason.as_str(),
                ready.message.as_str()
            ),
            ("False", "KubeletNotReady", msg)
        );
        assert!(sim.nodes()[0]
            .spec
            .taints
            .iter()
            .any(|t| t.key == TAINT_NOT_READY));
    }

    #[test]
    fn unknown_replays_a_stopped_kubelet() {
        let n = node("kind: Node\nmetadata: {name: w}\nstatus:\n  conditions:\n  - {type: MemoryPressure, status: Unknown, reason: NodeStatusUnknown}\n  - {type: Ready, status: Unknown, reason: NodeStatusUnknown, message: Kubelet stopped posting node status.}\n");
        let s = start_from_node(&n, &scenario()).unwrap();
        assert_eq!(s.faults.len(), 1);
        assert_eq!(s.faults[0].kind, FaultKind::KubeletStopped);
        let at = s.at_ms.expect("reached");
        // The grace period (50s at 1.33) after the last lease renewal (at most 10s before the stop).
        assert!(at >= s.faults[0].at.as_millis() + 40_000, "{s:?}");
        assert!(start_from_node(
            &n,
            &Scenario {
                nodes: 2,
                ..scenario()
            }
        )
        .is_err());
    }
}
