//! The node explanation on real nodes (`tests/corpus/nodes/`, each file names its source).
//!
//! Every expected instant is worked out here from upstream's rules, not read from kubegate:
//!
//! * `node_lifecycle_controller.go`, `tryUpdateNodeHealth`: a node is marked Unknown at the first
//!   `monitorNodeHealth` pass (every `--node-monitor-period`, 5s) strictly after its last contact
//!   plus `--node-monitor-grace-period` (40s through 1.31, 50s from 1.32);
//! * `processTaintBaseEviction`: through 1.33 it reads the Ready status the pass observed before
//!   its own update (the NoExecute decision for Unknown comes one pass, 5s, after the marking;
//!   `observedReadyCondition` in the 1.33.13 source), from 1.34 the one it leaves
//!   (`currentReadyCondition` in 1.34.9): the same pass; a node carrying the other NoExecute taint
//!   has it swapped at once (`SwapNodeControllerTaint`);
//! * `ComputeZoneState` / `setLimiterInZone` / `handleDisruption`: a zone without a Ready node is
//!   FullDisruption; more than 2 not Ready and at least 55% is PartialDisruption (rate 0 up to 50
//!   nodes); every zone fully disrupted stops tainting and removes the NoExecute taints;
//!   `--node-eviction-rate` 0.1/s is one node per 10s, burst 1;
//! * `tainteviction.processPodOnNode`: a pod is deleted at (the time the taint manager saw the
//!   NoExecute taint, the taint's `timeAdded`) + the smallest matched `tolerationSeconds`; an
//!   untolerated taint deletes at once; matched tolerations without seconds keep it forever; a
//!   deletion already scheduled is kept when another tolerated taint comes (the swap);
//!   DefaultTolerationSeconds gives ordinary pods 300s.

use kubegate::controller::nodelifecycle::{
    ClusterOptions, ControllerConfig, ExplainOptions, Explanation, NodeExplanation,
};
use kubegate::import::node::{parse, NodeImport};
use kubegate::timestamp::Time;

fn corpus(name: &str) -> String {
    let path = format!("{}/tests/corpus/nodes/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn t(s: &str) -> Time {
    Time::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn run(imported: &NodeImport, options: &ExplainOptions) -> Explanation {
    imported.explain(options).expect("explain")
}

fn explain_text(text: &str, options: &ExplainOptions) -> Explanation {
    run(&parse(text).expect("import"), options)
}

/// The first step of a kind whose text contains `what`, in `next`, `overdue` or `happened`.
fn step<'a>(
    list: &'a [kubegate::controller::nodelifecycle::Step],
    kind: &str,
    what: &str,
) -> &'a kubegate::controller::nodelifecycle::Step {
    list.iter()
        .find(|s| s.kind == kind && s.what.contains(what))
        .unwrap_or_else(|| panic!("no {kind} step with {what:?} in {list:#?}"))
}

fn only(x: &Explanation) -> &NodeExplanation {
    assert_eq!(x.nodes.len(), 1);
    &x.nodes[0]
}

const OPENSHIFT: &str = "openshift-4.8-unreachable.yaml";
const GITCD: &str = "gitcd-kind-1.21-ready-stale-taint.yaml";
const MINIKUBE: &str = "minikube-7171-notready.yaml";

/// Ready Unknown, both unreachable taints, no Lease: the node is kept as it is; the eviction of
/// an ordinary pod is the NoExecute taint's timeAdded (09:55:00) + 300s.
#[test]
fn unknown_and_tainted_node_keeps_its_state() {
    let x = explain_text(&corpus(OPENSHIFT), &ExplainOptions::default());
    assert_eq!(x.now, t("2022-09-26T09:55:00Z"));
    assert_eq!(x.now_from, "snapshot");
    assert_eq!(x.controller.kubernetes_version, "1.21");
    assert_eq!(
        x.controller.settings.node_monitor_grace_period.to_string(),
        "40s"
    );
    assert!(x.stale.is_none());
    let n = only(&x);
    assert_eq!(n.name, "test");
    assert_eq!(n.ready.as_deref(), Some("Unknown"));
    assert_eq!(n.ready_reason, "NodeStatusUnknown");
    assert_eq!(n.taints.len(), 2);
    assert_eq!(n.taints[1].key, "node.kubernetes.io/unreachable");
    assert_eq!(n.taints[1].effect, "NoExecute");
    assert_eq!(n.taints[1].time_added, Some(t("2022-09-26T09:55:00Z")));
    assert!(n.taints.iter().all(|t| t.controller));
    // Already happened: the marking and both taints, read from the object.
    let marked = step(&n.happened, "condition", "Ready became Unknown");
    assert_eq!(marked.at, t("2022-09-26T09:54:54Z"));
    assert_eq!(marked.by, "node lifecycle controller");
    assert_eq!(
        step(&n.happened, "taintAdded", "unreachable:NoExecute").at,
        t("2022-09-26T09:55:00Z")
    );
    // Nothing of the controller is overdue or next: it has done its part.
    assert!(
        n.overdue
            .iter()
            .chain(&n.next)
            .all(|s| s.kind == "eviction"),
        "{:#?}",
        n.next
    );
    let ordinary = &n.evictions[0];
    assert_eq!(ordinary.toleration, "300s");
    assert_eq!(ordinary.start, Some(t("2022-09-26T09:55:00Z")));
    assert!(ordinary.from_object);
    assert_eq!(ordinary.at, Some(t("2022-09-26T10:00:00Z")));
    assert_eq!(ordinary.state, "next");
    assert_eq!(ordinary.relative, "in 5m0s");
    assert_eq!(n.evictions[1].state, "never");
    assert_eq!(step(&n.next, "eviction", "").at, t("2022-09-26T10:00:00Z"));
    // 3m48s between the last status heartbeat and the marking: the Lease kept it alive until
    // about 40s before the marking.
    assert!(
        n.notes
            .iter()
            .any(|s| s.contains("until about 2022-09-26T09:54:14Z")),
        "{:#?}",
        n.notes
    );
}

/// The node's own pods: each one's tolerations decide (processPodOnNode).
#[test]
fn pods_of_the_node_each_get_their_instant() {
    let pods = r#"
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: web-1, namespace: shop, ownerReferences: [{kind: ReplicaSet, name: web, controller: true}]}
  spec:
    nodeName: test
    tolerations:
    - {key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 300}
    - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
- apiVersion: v1
  kind: Pod
  metadata: {name: agent-x, namespace: kube-system, ownerReferences: [{kind: DaemonSet, name: agent, controller: true}]}
  spec:
    nodeName: test
    tolerations:
    - {key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute}
    - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute}
- apiVersion: v1
  kind: Pod
  metadata: {name: bare, namespace: default}
  spec: {nodeName: test, tolerations: null}
- apiVersion: v1
  kind: Pod
  metadata: {name: zero, namespace: default}
  spec:
    nodeName: test
    tolerations: [{operator: Exists, effect: NoExecute, tolerationSeconds: 0}]
- apiVersion: v1
  kind: Pod
  metadata: {name: elsewhere, namespace: default}
  spec: {nodeName: other-node}
"#;
    let text = format!("{}\n---\n{pods}", corpus(OPENSHIFT));
    let x = explain_text(&text, &ExplainOptions::default());
    let n = only(&x);
    let by = |name: &str| {
        n.evictions
            .iter()
            .find(|e| e.pod.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("{name}: {:#?}", n.evictions))
    };
    assert_eq!(by("shop/web-1").at, Some(t("2022-09-26T09:56:00Z")));
    assert_eq!(by("shop/web-1").who, "ReplicaSet pod");
    assert_eq!(by("kube-system/agent-x").state, "never");
    assert_eq!(by("default/bare").toleration, "none");
    assert_eq!(by("default/bare").at, Some(t("2022-09-26T09:55:00Z")));
    assert_eq!(by("default/bare").state, "due");
    assert_eq!(by("default/zero").at, Some(t("2022-09-26T09:55:00Z")));
    assert_eq!(
        x.other_pods,
        vec!["default/elsewhere (on other-node)".to_string()]
    );
    assert_eq!(
        step(&n.next, "eviction", "shop/web-1").at,
        t("2022-09-26T09:56:00Z")
    );
}

/// A snapshot older than the grace period plus the eviction window is stale; measured against
/// `now`, or against the reader's clock when `now` is the snapshot's.
#[test]
fn stale_snapshots_say_so() {
    let text = corpus(OPENSHIFT);
    let later = ExplainOptions {
        now: Some(t("2022-09-26T10:10:00Z")),
        ..ExplainOptions::default()
    };
    let x = explain_text(&text, &later);
    let s = x.stale.as_ref().expect("stale");
    assert_eq!(s.age, "15m0s");
    assert_eq!(s.threshold, "5m40s");
    assert_eq!(only(&x).evictions[0].state, "due");
    // Exactly grace + window: not yet stale.
    let edge = ExplainOptions {
        now: Some(t("2022-09-26T10:00:40Z")),
        ..ExplainOptions::default()
    };
    assert!(explain_text(&text, &edge).stale.is_none());
    let clock = ExplainOptions {
        clock: Some(t("2026-01-01T00:00:00Z")),
        ..ExplainOptions::default()
    };
    let x = explain_text(&text, &clock);
    assert!(x.stale.is_some());
    assert_eq!(x.now, t("2022-09-26T09:55:00Z"));
}

/// Ready True with the controller's startup taint still on, no Lease: the taint is due to go;
/// if the kubelet stays silent, Unknown at heartbeat + 40s (within one 5s pass), the NoExecute
/// taint one pass later (1.21), ordinary pods 300s after that.
#[test]
fn ready_node_with_a_stale_controller_taint() {
    let imported = parse(&corpus(GITCD)).expect("import");
    assert!(imported
        .ignored
        .iter()
        .any(|n| n.what.starts_with("metadata.managedFields")));
    let x = run(&imported, &ExplainOptions::default());
    assert_eq!(x.now, t("2022-07-13T09:39:36Z"));
    let n = only(&x);
    assert_eq!(n.ready.as_deref(), Some("True"));
    let gone = step(&n.overdue, "taintRemoved", "unreachable:NoSchedule");
    assert_eq!(gone.at, t("2022-07-13T09:39:36Z"));
    let unknown = step(&n.next, "condition", "set Unknown");
    assert_eq!(unknown.at, t("2022-07-13T09:40:16Z"));
    assert_eq!(unknown.latest, Some(t("2022-07-13T09:40:21Z")));
    let taint = step(&n.next, "taintAdded", "unreachable:NoExecute");
    assert_eq!(taint.at, t("2022-07-13T09:40:21Z"));
    assert_eq!(n.evictions[0].at, Some(t("2022-07-13T09:45:21Z")));
    assert!(!n.evictions[0].from_object);
    assert!(n
        .notes
        .iter()
        .any(|s| s.starts_with("No Lease in the input")));

    // 1.34: grace 50s, and the pass that marks the node queues it.
    let v134 = ExplainOptions {
        controller: Some(ControllerConfig {
            kubernetes_version: Some("1.34".into()),
            ..ControllerConfig::default()
        }),
        ..ExplainOptions::default()
    };
    let n = run(&imported, &v134).nodes.remove(0);
    assert_eq!(
        step(&n.next, "condition", "set Unknown").at,
        t("2022-07-13T09:40:26Z")
    );
    assert_eq!(
        step(&n.next, "taintAdded", "unreachable:NoExecute").at,
        t("2022-07-13T09:40:26Z")
    );
    assert_eq!(n.evictions[0].at, Some(t("2022-07-13T09:45:26Z")));

    // 1.33: grace 50s, the decision one pass later.
    let v133 = ExplainOptions {
        controller: Some(ControllerConfig {
            kubernetes_version: Some("1.33".into()),
            ..ControllerConfig::default()
        }),
        ..ExplainOptions::default()
    };
    let n = run(&imported, &v133).nodes.remove(0);
    assert_eq!(
        step(&n.next, "taintAdded", "unreachable:NoExecute").at,
        t("2022-07-13T09:40:31Z")
    );
}

/// A Lease renewed after the status heartbeat is the last contact.
#[test]
fn the_lease_is_the_later_contact() {
    let lease = "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: trishanku-control-plane, namespace: kube-node-lease}\nspec: {holderIdentity: trishanku-control-plane, leaseDurationSeconds: 40, renewTime: \"2022-07-13T09:40:00.123456Z\"}\n";
    let text = format!("{}\n---\n{lease}", corpus(GITCD));
    let x = explain_text(&text, &ExplainOptions::default());
    let n = only(&x);
    assert!(n.has_lease);
    assert_eq!(n.last_contact_from, "lease");
    assert_eq!(x.now, t("2022-07-13T09:40:00.123456Z"));
    assert_eq!(
        step(&n.next, "condition", "set Unknown").at,
        t("2022-07-13T09:40:40.123456Z")
    );
    assert!(!n.notes.iter().any(|s| s.starts_with("No Lease")));
}

/// Ready False from the kubelet, no NoExecute taint yet, newest controller (1.36: grace 50s,
/// decision in the marking pass): not-ready:NoExecute in the first pass; if the kubelet goes
/// silent, swapped for unreachable at the marking; an ordinary pod keeps the deletion the first
/// taint scheduled (19:49:49 + 300s).
#[test]
fn not_ready_node_without_the_controller_taint() {
    let x = explain_text(&corpus(MINIKUBE), &ExplainOptions::default());
    assert_eq!(
        x.controller.settings.node_monitor_grace_period.to_string(),
        "50s"
    );
    let n = only(&x);
    assert_eq!(n.ready.as_deref(), Some("False"));
    let nr = step(&n.next, "taintAdded", "not-ready:NoExecute");
    assert_eq!(nr.at, t("2020-03-23T19:49:49Z"));
    let ur = step(&n.next, "taintAdded", "unreachable:NoExecute");
    assert_eq!(ur.at, t("2020-03-23T19:50:39Z"));
    assert_eq!(ur.latest, Some(t("2020-03-23T19:50:44Z")));
    assert_eq!(n.evictions[0].at, Some(t("2020-03-23T19:54:49Z")));
}

/// One node alone in its zone and no other zone: every zone is fully disrupted, so no zone
/// taints (upstream's single-node clusters show not-ready:NoSchedule and no NoExecute). With a
/// healthy zone elsewhere the zone is FullDisruption at the normal rate.
#[test]
fn a_node_alone() {
    let text = corpus(MINIKUBE);
    let alone = ExplainOptions {
        cluster: Some(ClusterOptions {
            healthy_peers: Some(0),
            ..ClusterOptions::default()
        }),
        ..ExplainOptions::default()
    };
    let x = explain_text(&text, &alone);
    assert!(x.cluster.all_zones_full);
    assert_eq!(x.cluster.zones[0].state, "FullDisruption");
    assert_eq!(x.cluster.zones[0].eviction_rate, 0.0);
    let n = only(&x);
    assert!(!n
        .next
        .iter()
        .any(|s| s.kind == "taintAdded" && s.what.contains("NoExecute")));
    assert_eq!(n.evictions[0].state, "none");

    let elsewhere = ExplainOptions {
        cluster: Some(ClusterOptions {
            healthy_peers: Some(0),
            other_zones: Some(1),
            ..ClusterOptions::default()
        }),
        ..ExplainOptions::default()
    };
    let x = explain_text(&text, &elsewhere);
    assert!(!x.cluster.all_zones_full);
    assert_eq!(x.cluster.zones[0].eviction_rate, 0.1);
    assert_eq!(only(&x).evictions[0].at, Some(t("2020-03-23T19:54:49Z")));
}

/// Three nodes of one zone in a List (the OpenShift node and two copies: `test-b` also tainted,
/// `test-c` marked Unknown at the same instant but not yet tainted): the zone state comes from
/// them.
#[test]
fn a_zone_of_several() {
    let node = corpus(OPENSHIFT);
    let body: String = node
        .lines()
        .skip_while(|l| !l.starts_with("apiVersion"))
        .map(|l| format!("  {l}\n"))
        .collect();
    let b = body.replace("name: test\n", "name: test-b\n");
    let c = body
        .replace("name: test\n", "name: test-c\n")
        .replace(
            "  - effect: NoExecute\n      key: node.kubernetes.io/unreachable\n      timeAdded: \"2022-09-26T09:55:00Z\"\n",
            "",
        );
    assert_ne!(
        c,
        body.replace("name: test\n", "name: test-c\n"),
        "test-c lost its taint"
    );
    let list = format!(
        "apiVersion: v1\nkind: List\nitems:\n-{}\n-{}\n-{}",
        &body[1..],
        &b[1..],
        &c[1..]
    );
    // The three alone: no Ready node anywhere, every zone fully disrupted: the controller
    // removes the NoExecute taints and taints nothing.
    let x = explain_text(&list, &ExplainOptions::default());
    assert_eq!(x.cluster.healthy_peers, 0);
    assert!(x.cluster.all_zones_full);
    assert_eq!(x.nodes.len(), 3);
    assert!(x.nodes[0]
        .next
        .iter()
        .chain(&x.nodes[0].overdue)
        .any(|s| s.kind == "taintRemoved" && s.what.contains("unreachable:NoExecute")));
    // With one healthy peer: 3 of 4 not Ready is PartialDisruption, a small zone: rate 0, test-c's
    // taint held.
    let partial = ExplainOptions {
        cluster: Some(ClusterOptions {
            healthy_peers: Some(1),
            ..ClusterOptions::default()
        }),
        ..ExplainOptions::default()
    };
    let x = explain_text(&list, &partial);
    assert_eq!(x.cluster.zones[0].state, "PartialDisruption");
    assert_eq!(x.cluster.zones[0].eviction_rate, 0.0);
    assert_eq!(x.nodes[2].evictions[0].state, "held");
    // With ten healthy peers the zone is Normal: test-c is queued at the pass after its marking
    // (09:54:59, 1.21) but the zone tainted test and test-b at 09:55:00, so its token comes 10s
    // later.
    let normal = ExplainOptions {
        cluster: Some(ClusterOptions {
            healthy_peers: Some(10),
            ..ClusterOptions::default()
        }),
        ..ExplainOptions::default()
    };
    let x = explain_text(&list, &normal);
    assert_eq!(x.cluster.zones[0].state, "Normal");
    let c = &x.nodes[2];
    assert_eq!(
        step(&c.next, "taintAdded", "unreachable:NoExecute").at,
        t("2022-09-26T09:55:10Z")
    );
    assert_eq!(c.evictions[0].at, Some(t("2022-09-26T10:00:10Z")));
}

/// kubectl's other shapes: -o json, a null spec and status, a List.
#[test]
fn json_null_spec_and_lists() {
    let json = r#"{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Node","metadata":{"name":"n1","creationTimestamp":"2024-05-01T10:00:00Z","labels":{"failure-domain.beta.kubernetes.io/zone":"us-east-1a"}},"spec":null,"status":null}],"metadata":{"resourceVersion":""}}"#;
    let imported = parse(json).expect("import");
    assert!(
        imported
            .understood
            .iter()
            .any(|n| n.what.contains("spec, status null")),
        "{:#?}",
        imported.understood
    );
    let x = run(&imported, &ExplainOptions::default());
    let n = only(&x);
    assert_eq!(n.zone, "us-east-1a");
    assert!(n.ready.is_none());
    // Never posted: Unknown after --node-startup-grace-period (60s) from creation.
    let unknown = step(&n.next, "condition", "NodeStatusNeverUpdated");
    assert_eq!(unknown.at, t("2024-05-01T10:01:00Z"));
}

/// kubernetes/kubernetes#101599: pods tolerating unreachable for 1s were deleted at 10:26:19
/// (the taint manager's log in the issue), one second after the NoExecute taint's timeAdded.
#[test]
fn a_one_second_toleration_matches_the_taint_managers_log() {
    let pod = "---\napiVersion: v1\nkind: Pod\nmetadata: {name: pause-deployment-5dbc495dbb-j8jlj, namespace: default}\nspec:\n  nodeName: 172.160.14.239\n  tolerations:\n  - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 1}\n  - {key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 1}\n";
    let text = format!("{}{pod}", corpus("k8s-101599-unreachable.yaml"));
    let x = explain_text(&text, &ExplainOptions::default());
    let n = only(&x);
    assert_eq!(n.name, "172.160.14.239");
    let e = &n.evictions[0];
    assert_eq!(
        e.pod.as_deref(),
        Some("default/pause-deployment-5dbc495dbb-j8jlj")
    );
    assert_eq!(e.start, Some(t("2021-04-23T10:26:18Z")));
    assert_eq!(e.at, Some(t("2021-04-23T10:26:19Z")));
    assert_eq!(e.state, "next");
}
