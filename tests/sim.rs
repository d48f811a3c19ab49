//! Simulator scenarios whose timing follows from the rules (SEMANTICS.md C.3–C.5).

use kubegate::sim::{simulate_cluster, Scenario, EPOCH};

fn run(json: &str) -> kubegate::sim::Trace {
    simulate_cluster(Scenario::from_json(json).unwrap()).unwrap()
}

fn secs(t: kubegate::timestamp::Time) -> f64 {
    (t.millis() - EPOCH.millis()) as f64 / 1000.0
}

#[test]
fn healthy_cluster_stays_ready() {
    let tr = run(r#"{"nodes": 20, "duration": "30m", "seed": 7}"#);
    assert_eq!(tr.summary.ready, 20);
    assert!(tr.transitions.iter().all(|t| t.to != "Unknown"));
    // leases: about one write per node per 10s; status patches about one per node per 5m.
    assert!(tr.writes.lease_updates > 20 * 170 && tr.writes.lease_updates < 20 * 181);
    assert!(tr.writes.status_patches <= 20 * 7 + 20);
}

#[test]
fn stopped_kubelet_goes_unknown_after_grace() {
    let tr = run(
        r#"{"nodes": 3, "duration": "10m", "faults": [{"kind": "kubeletStopped", "at": "5m", "nodes": ["node-1"]}]}"#,
    );
    let t = tr
        .transitions
        .iter()
        .find(|t| t.node == "node-1" && t.condition == "Ready" && t.to == "Unknown")
        .unwrap();
    assert_eq!(t.reason, "NodeStatusUnknown");
    assert_eq!(t.source, "controller");
    let at = secs(t.time);
    // last renewal within 10.4s before 300s; Unknown at the first 5s monitor pass after renewal + 50s.
    assert!(at > 289.6 + 50.0 && at <= 300.0 + 50.0 + 5.0, "{at}");
    assert_eq!(at % 5.0, 0.0);
    assert!(tr.events.iter().any(|e| e.reason == "NodeNotReady"
        && e.node == "node-1"
        && e.source == "node-controller"));
    assert!(tr.taints.iter().any(|x| x.change.node == "node-1"
        && x.change.key == "node.kubernetes.io/unreachable"
        && x.change.effect == "NoExecute"
        && x.change.action == "added"));
    assert_eq!(tr.summary.unknown, 1);
}

#[test]
fn grace_is_40s_before_132() {
    let tr = run(
        r#"{"nodes": 1, "duration": "10m", "kubernetesVersion": "1.31", "faults": [{"kind": "kubeletStopped", "at": "5m"}]}"#,
    );
    assert_eq!(tr.node_monitor_grace_period, "40s");
    let t = tr.transitions.iter().find(|t| t.to == "Unknown").unwrap();
    let at = secs(t.time);
    assert!(at > 289.6 + 40.0 && at <= 345.0, "{at}");
}

#[test]
fn pressure_spike_holds_for_transition_period() {
    let tr = run(
        r#"{"nodes": 1, "duration": "20m", "faults": [{"kind": "memoryPressure", "at": "5m", "until": "5m30s"}]}"#,
    );
    let on = tr
        .transitions
        .iter()
        .find(|t| t.condition == "MemoryPressure" && t.to == "True")
        .unwrap();
    let off = tr
        .transitions
        .iter()
        .find(|t| t.condition == "MemoryPressure" && t.to == "False" && t.from == "True")
        .unwrap();
    let (a, b) = (secs(on.time), secs(off.time));
    assert!((300.0..=311.0).contains(&a), "{a}");
    // last observed < 330s; reported until lastObserved + 5m; kubelet patches at its next sync.
    assert!((620.0..=650.9).contains(&b), "{b}");
    assert!(tr
        .events
        .iter()
        .any(|e| e.reason == "NodeHasInsufficientMemory"));
    assert!(tr
        .taints
        .iter()
        .any(|x| x.change.key == "node.kubernetes.io/memory-pressure"
            && x.change.effect == "NoSchedule"));
}

#[test]
fn without_leases_status_is_patched_every_sync() {
    let tr = run(r#"{"nodes": 10, "duration": "10m", "nodeLeases": false}"#);
    assert_eq!(tr.writes.lease_updates + tr.writes.lease_creates, 0);
    assert!(tr.writes.status_patches > 10 * 55);
    assert_eq!(tr.summary.ready, 10);
}

#[test]
fn without_leases_partition_goes_unknown_and_recovers() {
    let tr = run(
        r#"{"nodes": 2, "duration": "10m", "nodeLeases": false, "faults": [{"kind": "partitioned", "at": "2m", "until": "4m", "nodes": ["node-0"]}]}"#,
    );
    let unknown = tr
        .transitions
        .iter()
        .find(|t| t.node == "node-0" && t.to == "Unknown")
        .unwrap();
    let back = tr
        .transitions
        .iter()
        .find(|t| {
            t.node == "node-0" && t.condition == "Ready" && t.from == "Unknown" && t.to == "True"
        })
        .unwrap();
    assert!(secs(unknown.time) < 240.0);
    assert!(secs(back.time) >= 240.0 && secs(back.time) < 251.0);
}

#[test]
fn runtime_error_makes_not_ready() {
    let tr = run(
        r#"{"nodes": 1, "duration": "3m", "faults": [{"kind": "runtimeError", "at": "1m", "until": "2m"}]}"#,
    );
    let nr = tr
        .transitions
        .iter()
        .find(|t| t.to == "False" && t.condition == "Ready")
        .unwrap();
    assert_eq!(nr.reason, "KubeletNotReady");
    assert!(tr
        .events
        .iter()
        .any(|e| e.reason == "NodeNotReady" && e.source == "kubelet"));
    assert!(tr.events.iter().any(|e| e.reason == "NodeReady"));
}

#[test]
fn deterministic_with_seed() {
    let s = r#"{"nodes": 50, "duration": "5m", "seed": 42}"#;
    assert_eq!(run(s), run(s));
}

#[test]
fn bad_scenarios_are_errors() {
    for (s, want) in [
        (
            r#"{"nodes": 0, "duration": "1h"}"#,
            "nodes must be between 1 and 5000, got 0",
        ),
        (
            r#"{"nodes": 5001, "duration": "1h"}"#,
            "nodes must be between 1 and 5000, got 5001",
        ),
        (
            r#"{"nodes": 1, "duration": "-1h"}"#,
            "duration must be positive, got -1h0m0s",
        ),
        (
            r#"{"nodes": 1, "duration": "1h", "nodeLeaseDurationSeconds": 2147483648}"#,
            "nodeLeaseDurationSeconds must be at most 2147483647, got 2147483648",
        ),
        (
            r#"{"nodes": 1, "duration": "1x"}"#,
            "invalid scenario: time: unknown unit \"x\" in duration \"1x\" at line 1 column 30",
        ),
        (
            r#"{"nodes": 1, "duration": "1h", "faults": [{"kind": "kubeletStopped", "at": "1m", "nodes": ["node-9"]}]}"#,
            "faults[0].nodes: no node named \"node-9\"",
        ),
    ] {
        assert_eq!(Scenario::from_json(s).unwrap_err().to_string(), want);
    }
    let e = Scenario::from_json(r#"{"nodes": 1, "duration": "1h", "colour": 1}"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("invalid scenario: unknown field `colour`"),
        "{e}"
    );
}

#[test]
#[ignore = "timing probe, run by hand"]
fn big_cluster_probe() {
    // SIM_PROBE_NODES / SIM_PROBE_LEASES shrink the run for callgrind.
    let nodes: u32 = std::env::var("SIM_PROBE_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    let leases = std::env::var("SIM_PROBE_LEASES").map_or(true, |v| v != "0");
    let start = std::time::Instant::now();
    let tr = run(&format!(
        r#"{{"nodes": {nodes}, "duration": "1h", "nodeLeases": {leases}}}"#
    ));
    eprintln!(
        "{nodes} nodes x 1h (leases {leases}): {:?}, writes {:?}",
        start.elapsed(),
        tr.writes
    );
}

/// A one-node cluster whose kubelet stops: its only zone is fully disrupted, so every zone is,
/// and upstream's `handleDisruption` stops NoExecute tainting (rate 0): the unreachable taint is
/// queued and never added. The trace says so at the pass it happens.
#[test]
fn full_disruption_of_every_zone_is_in_the_trace() {
    let tr = run(
        r#"{"nodes": 1, "duration": "30m", "faults": [{"kind": "kubeletStopped", "at": "5m"}]}"#,
    );
    let states: Vec<(&str, &str, bool)> = tr
        .zones
        .iter()
        .map(|z| {
            (
                z.change.from.as_str(),
                z.change.to.as_str(),
                z.change.all_zones_full,
            )
        })
        .collect();
    assert_eq!(
        states,
        [
            ("Initial", "Normal", false),
            ("Normal", "FullDisruption", true)
        ]
    );
    let full = &tr.zones[1];
    assert_eq!(full.change.eviction_rate, 0.0);
    assert_eq!((full.change.ready, full.change.not_ready), (0, 1));
    assert!(
        full.change.why.contains("markNodeAsReachable"),
        "{}",
        full.change.why
    );
    let unknown = tr.transitions.iter().find(|t| t.to == "Unknown").unwrap();
    assert_eq!(
        full.time, unknown.time,
        "the zone changes at the pass that marks the node"
    );
    assert!(tr
        .taints
        .iter()
        .any(|t| t.change.action == "queued" && t.change.effect == "NoExecute"));
    assert!(!tr
        .taints
        .iter()
        .any(|t| t.change.action == "added" && t.change.effect == "NoExecute"));
    assert!(tr.zones[0]
        .change
        .why
        .contains("--node-eviction-rate (0.1/s)"));
}

/// Three zones, 60% of the nodes stopped in each (partial disruption, zones of 34 nodes): at most
/// `--large-cluster-size-threshold` (50) nodes per zone, so the rate drops to 0; with 300 nodes
/// per zone it is the secondary rate.
#[test]
fn partial_disruption_rate_depends_on_zone_size() {
    for (nodes, stopped, rate) in [(102, 63, 0.0), (900, 540, 0.01)] {
        let tr = run(&format!(
            r#"{{"nodes": {nodes}, "zones": 3, "duration": "10m", "faults": [{{"kind": "kubeletStopped", "at": "2m", "firstNodes": {stopped}}}]}}"#
        ));
        let partial: Vec<_> = tr
            .zones
            .iter()
            .filter(|z| z.change.to == "PartialDisruption")
            .collect();
        assert_eq!(partial.len(), 3, "{nodes}");
        for z in partial {
            assert_eq!(z.change.eviction_rate, rate, "{nodes}");
            assert!(!z.change.all_zones_full);
            let expect = if rate == 0.0 {
                "stops in it (rate 0"
            } else {
                "--secondary-node-eviction-rate (0.01/s)"
            };
            assert!(z.change.why.contains(expect), "{}", z.change.why);
        }
    }
}

/// Bytes stored per write kind add up, and the lesson of leases is in them: a renewal stores a
/// Lease of a few hundred bytes, a status patch a whole Node of several kilobytes, so with leases
/// the API server stores far fewer bytes although it takes about as many writes.
#[test]
fn bytes_written_add_up_and_leases_are_cheaper_per_write() {
    let on = run(r#"{"nodes": 20, "duration": "30m"}"#);
    let off = run(r#"{"nodes": 20, "duration": "30m", "nodeLeases": false}"#);
    for tr in [&on, &off] {
        let b = &tr.bytes.by_kind;
        assert_eq!(
            b.node_creates
                + b.status_patches
                + b.lease_creates
                + b.lease_updates
                + b.controller_status_updates
                + b.taint_patches,
            b.total
        );
        let last_node = tr.bytes.last_node;
        assert!(last_node > 3000, "a node is several KB: {last_node}");
        // Node names differ by a digit or two, so node sizes do by a byte or two.
        let per_patch = b.status_patches / tr.writes.status_patches;
        assert!(per_patch.abs_diff(last_node) <= 2, "{b:?}");
    }
    let per_lease = on.bytes.by_kind.lease_updates / on.writes.lease_updates;
    assert!(per_lease * 5 < on.bytes.last_node, "{per_lease}");
    assert!(
        on.bytes.by_kind.total * 3 < off.bytes.by_kind.total,
        "{:?} vs {:?}",
        on.bytes,
        off.bytes
    );
}
