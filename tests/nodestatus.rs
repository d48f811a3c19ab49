//! Ports of upstream tables: setters_test.go, TestNodeStatusHasChanged and the node lifecycle
//! controller's TestMonitorNodeHealth* (SEMANTICS.md C.6).

use kubegate::controller::nodelifecycle::{
    ControllerConfig, Lease, LeaseMeta, LeaseSpec, MonitorInput, NodeLifecycleController,
};
use kubegate::kubelet::nodestatus::*;
use kubegate::timestamp::Time;
use serde_json::json;

fn t(s: &str) -> Time {
    Time::parse(s).unwrap()
}

const NOW: &str = "2015-01-01T12:00:00Z";
const BEFORE: &str = "2015-01-01T11:59:59Z";

fn with_capacity() -> Node {
    serde_json::from_value(json!({"status": {"capacity": {
        "cpu": "2000m", "memory": "10e9", "pods": "100", "ephemeral-storage": "5000"}}}))
    .unwrap()
}

fn ready(status: &str, msg: &str, lt: &str, hb: &str) -> NodeCondition {
    NodeCondition {
        type_: "Ready".into(),
        status: status.into(),
        reason: if status == "True" {
            "KubeletReady"
        } else {
            "KubeletNotReady"
        }
        .into(),
        message: msg.into(),
        last_transition_time: Some(t(lt)),
        last_heartbeat_time: Some(t(hb)),
    }
}

fn errs(s: &str) -> Option<ErrorList> {
    Some(ErrorList::One(s.into()))
}

#[test]
fn ready_condition_table() {
    let base = with_capacity();
    let with = |c: NodeCondition| {
        let mut n = with_capacity();
        n.status.conditions = Some(vec![c]);
        n
    };
    let cases: Vec<(&str, Node, ReadyInputs, NodeCondition, Vec<&str>)> = vec![
        (
            "new, ready",
            base.clone(),
            ReadyInputs::default(),
            ready("True", "kubelet is posting ready status", NOW, NOW),
            vec![],
        ),
        (
            "soft requirement",
            base.clone(),
            ReadyInputs {
                soft_requirements: Some("foo".into()),
                ..Default::default()
            },
            ready(
                "True",
                "kubelet is posting ready status. WARNING: foo",
                NOW,
                NOW,
            ),
            vec![],
        ),
        (
            "storage errors",
            base.clone(),
            ReadyInputs {
                storage_error: errs("some storage error"),
                ..Default::default()
            },
            ready("False", "some storage error", NOW, NOW),
            vec![],
        ),
        (
            "shutdown active",
            base.clone(),
            ReadyInputs {
                shutdown_error: errs("node is shutting down"),
                ..Default::default()
            },
            ready("False", "node is shutting down", NOW, NOW),
            vec![],
        ),
        (
            "runtime + network",
            base.clone(),
            ReadyInputs {
                runtime_error: errs("runtime"),
                network_error: errs("network"),
                ..Default::default()
            },
            ready("False", "[runtime, network]", NOW, NOW),
            vec![],
        ),
        (
            "missing capacities",
            Node::default(),
            ReadyInputs::default(),
            ready(
                "False",
                "missing node capacity for resources: cpu, memory, pods, ephemeral-storage",
                NOW,
                NOW,
            ),
            vec![],
        ),
        (
            "transition to ready",
            with(ready("False", "", BEFORE, BEFORE)),
            ReadyInputs::default(),
            ready("True", "kubelet is posting ready status", NOW, NOW),
            vec!["NodeReady"],
        ),
        (
            "transition to not ready",
            with(ready("True", "", BEFORE, BEFORE)),
            ReadyInputs {
                runtime_error: errs("foo"),
                ..Default::default()
            },
            ready("False", "foo", NOW, NOW),
            vec!["NodeNotReady"],
        ),
        (
            "ready, no transition",
            with(ready("True", "", BEFORE, BEFORE)),
            ReadyInputs::default(),
            ready("True", "kubelet is posting ready status", BEFORE, NOW),
            vec![],
        ),
        (
            "not ready, no transition",
            with(ready("False", "", BEFORE, BEFORE)),
            ReadyInputs {
                runtime_error: errs("foo"),
                ..Default::default()
            },
            ready("False", "foo", BEFORE, NOW),
            vec![],
        ),
    ];
    for (name, node, inputs, want, events) in cases {
        let before = node.clone();
        let out = set_ready(&node, t(NOW), &inputs);
        assert_eq!(node, before, "{name}: input mutated");
        assert_eq!(out.node.status.conditions(), &[want], "{name}");
        let got: Vec<&str> = out.events.iter().map(|e| e.reason.as_str()).collect();
        assert_eq!(got, events, "{name}");
        assert!(out.events.iter().all(|e| e.type_ == "Normal"));
    }
}

#[test]
fn missing_capacity_without_local_storage_isolation() {
    let out = set_ready(
        &Node::default(),
        t(NOW),
        &ReadyInputs {
            local_storage_capacity_isolation: Some(false),
            ..Default::default()
        },
    );
    assert_eq!(
        out.node.status.conditions()[0].message,
        "missing node capacity for resources: cpu, memory, pods"
    );
}

#[test]
fn pressure_tables() {
    type Setter = fn(&Node, Time, bool) -> SetterResult;
    let kinds: [(&str, Setter, [&str; 6]); 3] = [
        (
            "MemoryPressure",
            set_memory_pressure,
            [
                "KubeletHasInsufficientMemory",
                "kubelet has insufficient memory available",
                "NodeHasInsufficientMemory",
                "KubeletHasSufficientMemory",
                "kubelet has sufficient memory available",
                "NodeHasSufficientMemory",
            ],
        ),
        (
            "DiskPressure",
            set_disk_pressure,
            [
                "KubeletHasDiskPressure",
                "kubelet has disk pressure",
                "NodeHasDiskPressure",
                "KubeletHasNoDiskPressure",
                "kubelet has no disk pressure",
                "NodeHasNoDiskPressure",
            ],
        ),
        (
            "PIDPressure",
            set_pid_pressure,
            [
                "KubeletHasInsufficientPID",
                "kubelet has insufficient PID available",
                "NodeHasInsufficientPID",
                "KubeletHasSufficientPID",
                "kubelet has sufficient PID available",
                "NodeHasSufficientPID",
            ],
        ),
    ];
    for (ty, setter, s) in kinds {
        let cond = |status: &str, lt: &str, hb: &str| {
            let p = status == "True";
            NodeCondition {
                type_: ty.into(),
                status: status.into(),
                reason: if p { s[0] } else { s[3] }.into(),
                message: if p { s[1] } else { s[4] }.into(),
                last_transition_time: Some(t(lt)),
                last_heartbeat_time: Some(t(hb)),
            }
        };
        let node_with = |c: Option<NodeCondition>| {
            let mut n = Node::default();
            n.status.conditions = c.map(|c| vec![c]);
            n
        };
        let cases = [
            (
                "new, no pressure",
                None,
                false,
                cond("False", NOW, NOW),
                vec![s[5]],
            ),
            (
                "new, pressure",
                None,
                true,
                cond("True", NOW, NOW),
                vec![s[2]],
            ),
            (
                "transition to pressure",
                Some(cond("False", BEFORE, BEFORE)),
                true,
                cond("True", NOW, NOW),
                vec![s[2]],
            ),
            (
                "transition to no pressure",
                Some(cond("True", BEFORE, BEFORE)),
                false,
                cond("False", NOW, NOW),
                vec![s[5]],
            ),
            (
                "pressure, no transition",
                Some(cond("True", BEFORE, BEFORE)),
                true,
                cond("True", BEFORE, NOW),
                vec![],
            ),
            (
                "no pressure, no transition",
                Some(cond("False", BEFORE, BEFORE)),
                false,
                cond("False", BEFORE, NOW),
                vec![],
            ),
        ];
        for (name, existing, p, want, events) in cases {
            let out = setter(&node_with(existing), t(NOW), p);
            assert_eq!(out.node.status.conditions(), &[want], "{ty} {name}");
            let got: Vec<&str> = out.events.iter().map(|e| e.reason.as_str()).collect();
            assert_eq!(got, events, "{ty} {name}");
        }
    }
}

#[test]
fn node_status_has_changed_table() {
    let now = "2015-01-01T12:00:00Z";
    let fut = "2015-01-01T12:01:00Z";
    let c = |ty: &str, st: &str, hb: &str, lt: &str| json!({"type": ty, "status": st, "lastHeartbeatTime": hb, "lastTransitionTime": lt});
    let ready = c("Ready", "True", now, now);
    let ready_hb = c("Ready", "True", fut, now);
    let ready_lt = c("Ready", "True", fut, fut);
    let not_ready = c("Ready", "False", now, now);
    let mem = c("MemoryPressure", "False", now, now);
    let st = |v: serde_json::Value| -> Option<NodeStatus> { serde_json::from_value(v).unwrap() };
    let conds = |cs: Vec<&serde_json::Value>| st(json!({"conditions": cs}));
    let cases = vec![
        ("nil nil", None, None, false),
        ("empty empty", st(json!({})), st(json!({})), false),
        ("nil empty", None, st(json!({})), true),
        ("nil conds", None, conds(vec![&ready, &mem]), true),
        ("empty conds", conds(vec![]), conds(vec![]), false),
        (
            "same",
            conds(vec![&ready, &mem]),
            conds(vec![&ready, &mem]),
            false,
        ),
        (
            "heartbeat only",
            conds(vec![&ready, &mem]),
            conds(vec![&ready_hb, &mem]),
            false,
        ),
        (
            "order",
            conds(vec![&ready, &mem]),
            conds(vec![&mem, &ready_hb]),
            false,
        ),
        (
            "status",
            conds(vec![&ready, &mem]),
            conds(vec![&not_ready, &mem]),
            true,
        ),
        (
            "transition",
            conds(vec![&ready, &mem]),
            conds(vec![&ready_lt, &mem]),
            true,
        ),
        (
            "added",
            conds(vec![&ready]),
            conds(vec![&ready, &mem]),
            true,
        ),
        (
            "phase",
            st(json!({"phase": "Pending", "conditions": [ready]})),
            st(json!({"phase": "Running", "conditions": [ready]})),
            true,
        ),
        (
            "quantities by value",
            st(json!({"capacity": {"memory": "1Gi"}})),
            st(json!({"capacity": {"memory": "1073741824"}})),
            false,
        ),
    ];
    for (name, a, b, want) in cases {
        assert_eq!(
            node_status_has_changed(a.as_ref(), b.as_ref()),
            want,
            "{name}"
        );
    }
}

// ---- node lifecycle controller ----

const C: &str = "2012-01-01T00:00:00Z";
const LATER: &str = "2015-01-01T13:00:00Z";

fn node(created: &str, conds: serde_json::Value) -> Node {
    serde_json::from_value(
        json!({"metadata": {"name": "node0", "creationTimestamp": created},
        "status": {"conditions": conds, "capacity": {"cpu": "10", "memory": "10G"}}}),
    )
    .unwrap()
}

fn lease(renew: &str) -> Lease {
    Lease {
        metadata: LeaseMeta {
            name: "node0".into(),
            namespace: "kube-node-lease".into(),
        },
        spec: LeaseSpec {
            holder_identity: Some("node0".into()),
            lease_duration_seconds: Some(40),
            renew_time: Some(t(renew)),
        },
    }
}

fn nu(ty: &str, lt: &str) -> serde_json::Value {
    json!({"type": ty, "status": "Unknown", "reason": "NodeStatusNeverUpdated", "message": "Kubelet never posted node status.", "lastHeartbeatTime": C, "lastTransitionTime": lt})
}

fn su(ty: &str, hb: &str, lt: &str) -> serde_json::Value {
    json!({"type": ty, "status": "Unknown", "reason": "NodeStatusUnknown", "message": "Kubelet stopped posting node status.", "lastHeartbeatTime": hb, "lastTransitionTime": lt})
}

fn ready_true(hb: &str) -> serde_json::Value {
    json!({"type": "Ready", "status": "True", "lastHeartbeatTime": hb, "lastTransitionTime": NOW})
}

struct Case {
    name: &'static str,
    first: Node,
    first_lease: Option<Lease>,
    second: Option<(Node, Option<Lease>)>,
    calls: usize,
    payload: Option<serde_json::Value>,
    pods_marked: bool,
}

fn run(c: Case) {
    let mut ctl = NodeLifecycleController::new(&ControllerConfig {
        kubernetes_version: Some("1.32".into()),
        ..Default::default()
    })
    .unwrap();
    let pods = vec![kubegate::controller::nodelifecycle::PodRef {
        namespace: Some("default".into()),
        name: "pod0".into(),
        node_name: "node0".into(),
    }];
    let r1 = ctl.monitor_node_health(&MonitorInput {
        now: t(NOW),
        nodes: vec![c.first.clone()],
        leases: c.first_lease.into_iter().collect(),
        pods: pods.clone(),
    });
    let mut calls: Vec<_> = r1.api_calls.clone();
    let mut marked = !r1.pods_marked_not_ready.is_empty();
    let mut last = r1;
    if let Some((n2, l2)) = c.second {
        let r2 = ctl.monitor_node_health(&MonitorInput {
            now: t(LATER),
            nodes: vec![n2],
            leases: l2.into_iter().collect(),
            pods,
        });
        calls.extend(r2.api_calls.clone());
        marked |= !r2.pods_marked_not_ready.is_empty();
        last = r2;
    }
    let calls: Vec<_> = calls
        .into_iter()
        .filter(|c| c.verb == "list" || c.verb == "updateStatus")
        .collect();
    assert_eq!(calls.len(), c.calls, "{}: {:?}", c.name, calls);
    if let Some(p) = c.payload {
        assert_eq!(
            serde_json::to_value(last.nodes[0].status.conditions()).unwrap(),
            p,
            "{}",
            c.name
        );
    } else {
        assert!(
            !calls.iter().any(|x| x.verb == "updateStatus"),
            "{}",
            c.name
        );
    }
    assert_eq!(marked, c.pods_marked, "{}", c.name);
}

#[test]
fn monitor_node_health_without_lease() {
    let never = node(C, json!([]));
    run(Case {
        name: "1 never updated",
        first: never,
        first_lease: None,
        second: None,
        calls: 2,
        payload: Some(json!([
            nu("Ready", NOW),
            nu("MemoryPressure", NOW),
            nu("DiskPressure", NOW),
            nu("PIDPressure", NOW)
        ])),
        pods_marked: false,
    });
    run(Case {
        name: "2 new node",
        first: node(NOW, json!([])),
        first_lease: None,
        second: None,
        calls: 1,
        payload: None,
        pods_marked: false,
    });
    let rn = node(C, json!([ready_true(NOW)]));
    run(Case {
        name: "3 stopped posting",
        first: rn.clone(),
        first_lease: None,
        second: Some((rn.clone(), None)),
        calls: 3,
        payload: Some(json!([
            su("Ready", NOW, LATER),
            nu("MemoryPressure", LATER),
            nu("DiskPressure", LATER),
            nu("PIDPressure", LATER)
        ])),
        pods_marked: true,
    });
    run(Case {
        name: "4 healthy",
        first: rn,
        first_lease: None,
        second: None,
        calls: 1,
        payload: None,
        pods_marked: false,
    });
}

#[test]
fn monitor_node_health_with_lease() {
    run(Case {
        name: "a",
        first: node(NOW, json!([])),
        first_lease: None,
        second: None,
        calls: 1,
        payload: None,
        pods_marked: false,
    });
    run(Case {
        name: "b",
        first: node(NOW, json!([])),
        first_lease: Some(lease(NOW)),
        second: None,
        calls: 1,
        payload: None,
        pods_marked: false,
    });
    run(Case {
        name: "c",
        first: node(C, json!([])),
        first_lease: None,
        second: None,
        calls: 2,
        payload: Some(json!([
            nu("Ready", NOW),
            nu("MemoryPressure", NOW),
            nu("DiskPressure", NOW),
            nu("PIDPressure", NOW)
        ])),
        pods_marked: false,
    });
    let n = node(C, json!([]));
    run(Case {
        name: "d",
        first: n.clone(),
        first_lease: Some(lease(NOW)),
        second: Some((n.clone(), Some(lease(LATER)))),
        calls: 2,
        payload: None,
        pods_marked: false,
    });
    run(Case {
        name: "e",
        first: n.clone(),
        first_lease: Some(lease(NOW)),
        second: Some((n, Some(lease(NOW)))),
        calls: 3,
        payload: Some(json!([
            nu("Ready", LATER),
            nu("MemoryPressure", LATER),
            nu("DiskPressure", LATER),
            nu("PIDPressure", LATER)
        ])),
        pods_marked: false,
    });
    let disk = |hb: &str| json!({"type": "DiskPressure", "status": "False", "lastHeartbeatTime": hb, "lastTransitionTime": NOW});
    let f = node(C, json!([ready_true(NOW), disk(NOW)]));
    run(Case {
        name: "f",
        first: f.clone(),
        first_lease: Some(lease(NOW)),
        second: Some((f.clone(), Some(lease(LATER)))),
        calls: 2,
        payload: None,
        pods_marked: false,
    });
    let g2 = node(C, json!([ready_true(LATER), disk(LATER)]));
    run(Case {
        name: "g",
        first: f.clone(),
        first_lease: Some(lease(NOW)),
        second: Some((g2, Some(lease(NOW)))),
        calls: 2,
        payload: None,
        pods_marked: false,
    });
    let h = node(C, json!([ready_true(NOW)]));
    run(Case {
        name: "h",
        first: h.clone(),
        first_lease: Some(lease(NOW)),
        second: Some((h, Some(lease(NOW)))),
        calls: 3,
        payload: Some(json!([
            su("Ready", NOW, LATER),
            nu("MemoryPressure", LATER),
            nu("DiskPressure", LATER),
            nu("PIDPressure", LATER)
        ])),
        pods_marked: true,
    });
}

#[test]
fn grace_period_is_version_aware() {
    use kubegate::controller::nodelifecycle::Settings;
    let g = |v: &str| {
        Settings::resolve(&ControllerConfig {
            kubernetes_version: Some(v.into()),
            ..Default::default()
        })
        .unwrap()
        .node_monitor_grace_period
        .to_string()
    };
    assert_eq!(g("1.31"), "40s");
    assert_eq!(g("1.32"), "50s");
    assert_eq!(g("v1.34.1"), "50s");
}

/// `knownNodeSet` across list changes: new names register in list order (a name listed twice
/// once), names no longer listed are removed in name order, a removed name registers again, and
/// health records follow names, not positions.
#[test]
fn monitor_node_health_registers_and_removes_nodes() {
    let mut ctl = NodeLifecycleController::new(&ControllerConfig::default()).unwrap();
    let named = |name: &str| {
        let mut n = node(
            "2024-05-01T09:00:00Z",
            serde_json::json!([ready_true("2024-05-01T10:00:00Z")]),
        );
        n.metadata.name = name.to_string();
        n
    };
    let mut pass = |names: &[&str], now: &str| {
        let input = MonitorInput {
            now: t(now),
            nodes: names.iter().map(|n| named(n)).collect(),
            ..MonitorInput::default()
        };
        let owned = ctl.clone().monitor_node_health_owned(input.clone());
        let r = ctl.monitor_node_health(&input);
        assert_eq!(owned, r);
        r.events
            .iter()
            .map(|e| format!("{} {} {}", e.reason, e.node, e.message))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        pass(&["node-b", "node-a", "node-c"], "2024-05-01T10:00:01Z"),
        [
            "RegisteredNode node-b Registered Node node-b in Controller",
            "RegisteredNode node-a Registered Node node-a in Controller",
            "RegisteredNode node-c Registered Node node-c in Controller",
        ]
    );
    assert!(pass(&["node-b", "node-a", "node-c"], "2024-05-01T10:00:02Z").is_empty());
    assert_eq!(
        pass(&["node-c"], "2024-05-01T10:00:03Z"),
        [
            "RemovingNode node-a Removing Node node-a from Controller",
            "RemovingNode node-b Removing Node node-b from Controller",
        ]
    );
    assert_eq!(
        pass(&["node-a", "node-c", "node-a"], "2024-05-01T10:00:04Z"),
        ["RegisteredNode node-a Registered Node node-a in Controller"]
    );
    assert_eq!(
        pass(&[], "2024-05-01T10:00:05Z"),
        [
            "RemovingNode node-a Removing Node node-a from Controller",
            "RemovingNode node-c Removing Node node-c from Controller",
        ]
    );
    // Silent long enough: every listed node, whatever its position, goes NotReady once.
    assert_eq!(pass(&["node-c", "node-b"], "2024-05-01T10:00:06Z").len(), 2);
    assert_eq!(
        pass(&["node-b", "node-c"], "2024-05-01T10:10:00Z"),
        [
            "NodeNotReady node-b Node node-b status is now: NodeNotReady",
            "NodeNotReady node-c Node node-c status is now: NodeNotReady",
        ]
    );
}

/// `MarkPodsNotReady` lists each node's pods in list order, however the list interleaves them.
#[test]
fn monitor_node_health_marks_each_nodes_pods_in_list_order() {
    use kubegate::controller::nodelifecycle::PodRef;
    let mut ctl = NodeLifecycleController::new(&ControllerConfig::default()).unwrap();
    let named = |name: &str| {
        let mut n = node(
            "2024-05-01T09:00:00Z",
            json!([ready_true("2024-05-01T10:00:00Z")]),
        );
        n.metadata.name = name.to_string();
        n
    };
    let pod = |ns: Option<&str>, name: &str, node: &str| PodRef {
        namespace: ns.map(str::to_string),
        name: name.to_string(),
        node_name: node.to_string(),
    };
    let input = |now: &str| MonitorInput {
        now: t(now),
        nodes: vec![named("a"), named("b"), named("c")],
        pods: vec![
            pod(Some("ns"), "p0", "a"),
            pod(Some("ns"), "p1", "b"),
            pod(None, "p2", "a"),
            pod(Some("ns"), "p3", "elsewhere"),
            pod(Some("other"), "p4", "a"),
        ],
        ..MonitorInput::default()
    };
    assert!(ctl
        .monitor_node_health(&input("2024-05-01T10:00:01Z"))
        .pods_marked_not_ready
        .is_empty());
    let r = ctl.monitor_node_health_owned(input("2024-05-01T10:10:00Z"));
    let marked: Vec<(String, Vec<String>)> = r
        .pods_marked_not_ready
        .into_iter()
        .map(|p| (p.node, p.pods))
        .collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        marked,
        [
            ("a".to_string(), s(&["ns/p0", "p2", "other/p4"])),
            ("b".to_string(), s(&["ns/p1"])),
            ("c".to_string(), s(&[])),
        ]
    );
}
