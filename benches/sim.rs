//! Cluster simulator costs against baselines measured in the same run: a bare binary-heap event
//! loop of the same size as the 5000-node hour (3.6 million events, 10 000 pending), and a
//! one-node hour (the fixed cost of a run). The goal: a simulated hour of 5000 nodes with default
//! settings well under one second, i.e. more than 3600x faster than real time.
//!
//! Names start with "sim" rather than "baseline" so `scripts/criterion-table.mjs` keeps the
//! feature-gate baseline for its ratio column; `scripts/bench-sim.mjs` prints the ratios to
//! simulated time.
//!
//! Faults: the same hour with the kubelet stopped on 10% of the nodes, and with every node cut
//! off from the API server for 30 minutes. Those runs are the node lifecycle controller's
//! unhealthy-node path (tainting queues, zone states, Unknown conditions); they should cost about
//! what the healthy hour costs, which their ratios to the one-node baseline show side by side.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use kubegate::sim::{simulate_cluster, Scenario};

fn scenario(json: &str) -> Scenario {
    Scenario::from_json(json).expect("valid scenario")
}

/// The least a heap-based simulator of this size does: 3.6 million pops and pushes with 10 000
/// events pending, each event rescheduled about 10s later.
fn bare_heap_loop(events: u64) -> u64 {
    let mut heap = BinaryHeap::with_capacity(10_000);
    for i in 0..10_000u64 {
        heap.push(Reverse((i, i)));
    }
    let mut seq = 10_000u64;
    let mut sum = 0u64;
    for _ in 0..events {
        let Some(Reverse((at, id))) = heap.pop() else {
            break;
        };
        sum = sum.wrapping_add(id);
        seq += 1;
        heap.push(Reverse((at + 10_000 + (seq % 400), seq)));
    }
    sum
}

fn sim(c: &mut Criterion) {
    c.bench_function("sim baseline: bare BinaryHeap loop, 3.6M events", |b| {
        b.iter(|| bare_heap_loop(black_box(3_600_000)))
    });
    let one = scenario(r#"{"nodes": 1, "duration": "1h"}"#);
    c.bench_function("sim baseline: 1 node, 1h", |b| {
        b.iter(|| simulate_cluster(black_box(one.clone())).expect("runs"))
    });
    let leases = scenario(r#"{"nodes": 5000, "duration": "1h"}"#);
    c.bench_function("sim: 5000 nodes, 1h, node leases (default)", |b| {
        b.iter(|| simulate_cluster(black_box(leases.clone())).expect("runs"))
    });
    let no_leases = scenario(r#"{"nodes": 5000, "duration": "1h", "nodeLeases": false}"#);
    c.bench_function("sim: 5000 nodes, 1h, no node leases", |b| {
        b.iter(|| simulate_cluster(black_box(no_leases.clone())).expect("runs"))
    });
    for (name, json) in FAULTS {
        let s = scenario(json);
        c.bench_function(&format!("sim: 5000 nodes, 1h, {name}"), |b| {
            b.iter(|| simulate_cluster(black_box(s.clone())).expect("runs"))
        });
    }
}

/// The fault scenarios, by name. The stopped kubelets stop after registering (5m) and never come
/// back; the partition covers every node from 10m to 40m.
const FAULTS: [(&str, &str); 2] = [
    (
        "kubelet stopped on 10% of nodes",
        r#"{"nodes": 5000, "duration": "1h", "faults": [{"kind": "kubeletStopped", "at": "5m", "firstNodes": 500}]}"#,
    ),
    (
        "all nodes partitioned for 30m",
        r#"{"nodes": 5000, "duration": "1h", "faults": [{"kind": "partitioned", "at": "10m", "until": "40m"}]}"#,
    ),
];

criterion_group! {
    name = benches;
    // Whole simulated hours: ten samples are plenty and keep the run short.
    config = Criterion::default().sample_size(10);
    targets = sim
}
criterion_main!(benches);
