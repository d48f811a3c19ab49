//! Equivalence guard for the simulator: four 50-node scenarios with every kind of fault, leases on
//! and off, reduced to a readable summary (write counts per kind, transitions, events and taints by
//! kind, the final condition tally) plus an FNV-1a hash of the whole trace JSON and of the nodes the
//! simulated API server holds at the end.
//!
//! Why: the simulator is performance-tuned (event queue, per-node state), and any tuning must leave
//! every trace byte identical. The expected values were computed by the straightforward simulator
//! before any optimization and checked against the rules (see the comments on each scenario); if a
//! deliberate behaviour change moves them, re-derive the counts before updating the hashes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use kubegate::sim::{Scenario, Simulator, Trace};

// The trace as pinned: without the zone changes added since (tested in tests/sim.rs).
#[path = "support/pinned_trace.rs"]
mod pinned_trace;
use pinned_trace::pinned_json;

/// FNV-1a, 64-bit: stable across platforms and Rust versions, unlike `DefaultHasher`.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn tally<'a>(items: impl Iterator<Item = String> + 'a) -> String {
    let mut m: BTreeMap<String, u32> = BTreeMap::new();
    for k in items {
        *m.entry(k).or_default() += 1;
    }
    m.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn describe(tr: &Trace) -> String {
    let w = &tr.writes;
    let s = &tr.summary;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "writes: nodeCreates={} statusPatches={} leaseCreates={} leaseUpdates={} controllerStatusUpdates={} taintPatches={} total={}",
        w.node_creates,
        w.status_patches,
        w.lease_creates,
        w.lease_updates,
        w.controller_status_updates,
        w.taint_patches,
        w.total
    );
    let _ = writeln!(
        out,
        "transitions {}: {}",
        tr.transitions.len(),
        tally(
            tr.transitions
                .iter()
                .map(|t| format!("{}:{}>{}/{}", t.condition, t.from, t.to, t.source))
        )
    );
    let _ = writeln!(
        out,
        "events {}: {}",
        tr.events.len(),
        tally(
            tr.events
                .iter()
                .map(|e| format!("{}/{}", e.reason, e.source))
        )
    );
    let _ = writeln!(
        out,
        "taints {}: {}",
        tr.taints.len(),
        tally(tr.taints.iter().map(|t| format!(
            "{}:{}:{}",
            t.change.action,
            t.change.key.trim_start_matches("node.kubernetes.io/"),
            t.change.effect
        )))
    );
    let _ = writeln!(
        out,
        "summary: registered={} ready={} notReady={} unknown={} memory={} disk={} pid={}",
        s.registered,
        s.ready,
        s.not_ready,
        s.unknown,
        s.memory_pressure,
        s.disk_pressure,
        s.pid_pressure
    );
    let _ = writeln!(
        out,
        "rates: buckets={} truncated={}",
        tr.write_rates.len(),
        tr.truncated
    );
    out
}

/// Runs the scenario in uneven steps (as the playground's `ClusterSimulator.advance` does), checks
/// each intermediate trace is a prefix-consistent snapshot, and returns the summary and hashes.
fn run(json: &str) -> String {
    let scenario = Scenario::from_json(json).unwrap();
    let mut sim = Simulator::new(scenario.clone()).unwrap();
    let mut step_hash = 0u64;
    for ms in [1, 59_999, 37_500, 120_000, 300_001, 3_600_000] {
        let tr = sim.advance(ms);
        step_hash ^= fnv(pinned_json(tr).as_bytes()).rotate_left(7);
    }
    let tr = sim.trace().clone();
    let nodes = serde_json::to_string(sim.nodes()).unwrap();
    // The one-shot entry point gives the same trace as stepping.
    let whole = kubegate::sim::simulate_cluster(scenario).unwrap();
    assert_eq!(whole, tr);
    let trace_json = pinned_json(&tr);
    format!(
        "{}trace={:016x} nodes={:016x} steps={:016x}\n",
        describe(&tr),
        fnv(trace_json.as_bytes()),
        fnv(nodes.as_bytes()),
        step_hash
    )
}

fn check(name: &str, json: &str, want: &str) {
    let got = run(json);
    if got != want {
        panic!("{name}: simulator output changed\n--- got ---\n{got}--- want ---\n{want}");
    }
}

const FAULTS: &str = r#"[
    {"kind": "kubeletStopped", "at": "5m", "until": "12m", "nodes": ["node-1", "node-2", "node-3"]},
    {"kind": "partitioned", "at": "8m", "until": "10m", "firstNodes": 5},
    {"kind": "memoryPressure", "at": "3m", "until": "3m30s", "nodes": ["node-10"]},
    {"kind": "diskPressure", "at": "4m", "until": "9m", "nodes": ["node-11", "node-12"]},
    {"kind": "pidPressure", "at": "6m", "nodes": ["node-13"]},
    {"kind": "runtimeError", "at": "2m", "until": "4m", "nodes": ["node-20"]},
    {"kind": "networkError", "at": "3m", "until": "7m", "nodes": ["node-20", "node-21"]},
    {"kind": "runtimeError", "at": "3m", "until": "5m", "nodes": ["node-21"], "message": "PLEG is not healthy"}
]"#;

#[test]
fn faults_with_leases() {
    check(
        "faults_with_leases",
        &format!(r#"{{"nodes": 50, "duration": "20m", "seed": 11, "zones": 3, "faults": {FAULTS}}}"#),
        concat!(
            "writes: nodeCreates=50 statusPatches=207 leaseCreates=50 leaseUpdates=5684 controllerStatusUpdates=5 taintPatches=35 total=6031\n",
            "transitions 251: DiskPressure:>False/kubelet=50 DiskPressure:False>True/kubelet=2 DiskPressure:False>Unknown/controller=5 DiskPressure:True>False/kubelet=2 DiskPressure:Unknown>False/kubelet=5 MemoryPressure:>False/kubelet=50 MemoryPressure:False>True/kubelet=1 MemoryPressure:False>Unknown/controller=5 MemoryPressure:True>False/kubelet=1 MemoryPressure:Unknown>False/kubelet=5 PIDPressure:>False/kubelet=50 PIDPressure:False>True/kubelet=1 PIDPressure:False>Unknown/controller=5 PIDPressure:Unknown>False/kubelet=5 Ready:>True/kubelet=50 Ready:False>True/kubelet=2 Ready:True>False/kubelet=2 Ready:True>Unknown/controller=5 Ready:Unknown>True/kubelet=5\n",
            "events 236: NodeHasDiskPressure/kubelet=2 NodeHasInsufficientMemory/kubelet=1 NodeHasInsufficientPID/kubelet=1 NodeHasNoDiskPressure/kubelet=57 NodeHasSufficientMemory/kubelet=56 NodeHasSufficientPID/kubelet=55 NodeNotReady/kubelet=2 NodeNotReady/node-controller=5 NodeReady/kubelet=7 RegisteredNode/node-controller=50\n",
            "taints 42: added:disk-pressure:NoSchedule=2 added:memory-pressure:NoSchedule=1 added:not-ready:NoExecute=2 added:not-ready:NoSchedule=2 added:pid-pressure:NoSchedule=1 added:unreachable:NoExecute=5 added:unreachable:NoSchedule=5 queued:not-ready:NoExecute=2 queued:unreachable:NoExecute=5 removed:disk-pressure:NoSchedule=2 removed:memory-pressure:NoSchedule=1 removed:not-ready:NoExecute=2 removed:not-ready:NoSchedule=2 removed:unreachable:NoExecute=5 removed:unreachable:NoSchedule=5\n",
            "summary: registered=50 ready=50 notReady=0 unknown=0 memory=0 disk=0 pid=1\n",
            "rates: buckets=20 truncated=false\n",
            "trace=0e71797634b64558 nodes=010ed780eb2433c8 steps=e69ba956c6b90149\n",
        ),
    );
}

#[test]
fn faults_without_leases() {
    check(
        "faults_without_leases",
        &format!(
            r#"{{"nodes": 50, "duration": "20m", "seed": 12, "zones": 3, "nodeLeases": false, "faults": {FAULTS}}}"#
        ),
        concat!(
            "writes: nodeCreates=50 statusPatches=5739 leaseCreates=0 leaseUpdates=0 controllerStatusUpdates=5 taintPatches=35 total=5829\n",
            "transitions 251: DiskPressure:>False/kubelet=50 DiskPressure:False>True/kubelet=2 DiskPressure:False>Unknown/controller=5 DiskPressure:True>False/kubelet=2 DiskPressure:Unknown>False/kubelet=5 MemoryPressure:>False/kubelet=50 MemoryPressure:False>True/kubelet=1 MemoryPressure:False>Unknown/controller=5 MemoryPressure:True>False/kubelet=1 MemoryPressure:Unknown>False/kubelet=5 PIDPressure:>False/kubelet=50 PIDPressure:False>True/kubelet=1 PIDPressure:False>Unknown/controller=5 PIDPressure:Unknown>False/kubelet=5 Ready:>True/kubelet=50 Ready:False>True/kubelet=2 Ready:True>False/kubelet=2 Ready:True>Unknown/controller=5 Ready:Unknown>True/kubelet=5\n",
            "events 236: NodeHasDiskPressure/kubelet=2 NodeHasInsufficientMemory/kubelet=1 NodeHasInsufficientPID/kubelet=1 NodeHasNoDiskPressure/kubelet=57 NodeHasSufficientMemory/kubelet=56 NodeHasSufficientPID/kubelet=55 NodeNotReady/kubelet=2 NodeNotReady/node-controller=5 NodeReady/kubelet=7 RegisteredNode/node-controller=50\n",
            "taints 42: added:disk-pressure:NoSchedule=2 added:memory-pressure:NoSchedule=1 added:not-ready:NoExecute=2 added:not-ready:NoSchedule=2 added:pid-pressure:NoSchedule=1 added:unreachable:NoExecute=5 added:unreachable:NoSchedule=5 queued:not-ready:NoExecute=2 queued:unreachable:NoExecute=5 removed:disk-pressure:NoSchedule=2 removed:memory-pressure:NoSchedule=1 removed:not-ready:NoExecute=2 removed:not-ready:NoSchedule=2 removed:unreachable:NoExecute=5 removed:unreachable:NoSchedule=5\n",
            "summary: registered=50 ready=50 notReady=0 unknown=0 memory=0 disk=0 pid=1\n",
            "rates: buckets=20 truncated=false\n",
            "trace=2b56caca358d8978 nodes=1f34f1de9ca36765 steps=db967989b0ab94aa\n",
        ),
    );
}

#[test]
fn full_disruption_with_leases() {
    // Every node partitioned for 5 minutes: all zones go FullDisruption, then recover.
    check(
        "full_disruption_with_leases",
        r#"{"nodes": 50, "duration": "20m", "seed": 3, "zones": 2, "faults": [
            {"kind": "partitioned", "at": "5m", "until": "10m"},
            {"kind": "kubeletStopped", "at": "14m", "nodes": ["node-7"]}
        ]}"#,
        concat!(
            "writes: nodeCreates=50 statusPatches=149 leaseCreates=50 leaseUpdates=4335 controllerStatusUpdates=51 taintPatches=102 total=4737\n",
            "transitions 604: DiskPressure:>False/kubelet=50 DiskPressure:False>Unknown/controller=51 DiskPressure:Unknown>False/kubelet=50 MemoryPressure:>False/kubelet=50 MemoryPressure:False>Unknown/controller=51 MemoryPressure:Unknown>False/kubelet=50 PIDPressure:>False/kubelet=50 PIDPressure:False>Unknown/controller=51 PIDPressure:Unknown>False/kubelet=50 Ready:>True/kubelet=50 Ready:True>Unknown/controller=51 Ready:Unknown>True/kubelet=50\n",
            "events 451: NodeHasNoDiskPressure/kubelet=100 NodeHasSufficientMemory/kubelet=100 NodeHasSufficientPID/kubelet=100 NodeNotReady/node-controller=51 NodeReady/kubelet=50 RegisteredNode/node-controller=50\n",
            "taints 183: added:unreachable:NoExecute=1 added:unreachable:NoSchedule=51 queued:unreachable:NoExecute=81 removed:unreachable:NoSchedule=50\n",
            "summary: registered=50 ready=49 notReady=0 unknown=1 memory=0 disk=0 pid=0\n",
            "rates: buckets=20 truncated=false\n",
            "trace=4394fc65c1879630 nodes=de155e4887198115 steps=dd11e2e2613cf5b8\n",
        ),
    );
}

#[test]
fn partial_disruption_without_leases() {
    // 30 of 50 kubelets stop in one zone: PartialDisruption (≥ 55% not ready) on 1.31 defaults
    // (40s grace), a small rate window and a trace limit that truncates.
    check(
        "partial_disruption_without_leases",
        r#"{"nodes": 50, "duration": "15m", "seed": 99, "nodeLeases": false, "kubernetesVersion": "1.31",
            "rateWindow": "10s", "traceLimit": 600,
            "controller": {"nodeEvictionRate": 0.5, "largeClusterSizeThreshold": 20},
            "faults": [{"kind": "kubeletStopped", "at": "3m", "until": "9m", "firstNodes": 30}]}"#,
        concat!(
            "writes: nodeCreates=50 statusPatches=3371 leaseCreates=0 leaseUpdates=0 controllerStatusUpdates=30 taintPatches=68 total=3519\n",
            "transitions 320: DiskPressure:>False/kubelet=50 DiskPressure:False>Unknown/controller=30 MemoryPressure:>False/kubelet=50 MemoryPressure:False>Unknown/controller=30 PIDPressure:>False/kubelet=50 PIDPressure:False>Unknown/controller=30 Ready:>True/kubelet=50 Ready:True>Unknown/controller=30\n",
            "events 230: NodeHasNoDiskPressure/kubelet=50 NodeHasSufficientMemory/kubelet=50 NodeHasSufficientPID/kubelet=50 NodeNotReady/node-controller=30 RegisteredNode/node-controller=50\n",
            "taints 50: added:unreachable:NoExecute=1 added:unreachable:NoSchedule=30 queued:unreachable:NoExecute=19\n",
            "summary: registered=50 ready=50 notReady=0 unknown=0 memory=0 disk=0 pid=0\n",
            "rates: buckets=90 truncated=true\n",
            "trace=a2fac38ce39ba975 nodes=6fd30aa005371a84 steps=f49cd032342fc719\n",
        ),
    );
}
