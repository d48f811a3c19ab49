//! The simulator at full size under faults: 5000 nodes for a simulated hour, healthy,
//! with the kubelet stopped on 10% of the nodes, with every node partitioned for 30 minutes, and
//! with 60% of the nodes stopped across three zones (partial disruption). Each trace is pinned by
//! an FNV-1a hash of its JSON, computed by the simulator before the unhealthy-node path was made
//! linear: the speed-ups must not move one byte (their cost is benches/sim.rs's). Ignored by
//! default (seconds each in release, minutes in debug); run with
//! `cargo test --release --test sim_fault_scale -- --ignored --nocapture` (`SCEN=<name>` picks one).
//!
//! What the trace gained after the pins (zone state changes) is left out of the hash
//! (`support/pinned_trace.rs`), so the pins still hold everything they held.

use kubegate::sim::{simulate_cluster, Scenario};

#[path = "support/pinned_trace.rs"]
mod pinned_trace;
use pinned_trace::pinned_json;

fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[test]
#[ignore]
fn fault_scenarios_keep_their_traces() {
    for (name, json, want) in [
        (
            "none",
            r#"{"nodes": 5000, "duration": "1h"}"#,
            0x2b154da7f66f526c_u64,
        ),
        (
            "kubelet10",
            r#"{"nodes": 5000, "duration": "1h", "traceLimit": 1000000, "faults": [{"kind": "kubeletStopped", "at": "5m", "firstNodes": 500}]}"#,
            0x36a20cf2875aff9b,
        ),
        (
            "partition30",
            r#"{"nodes": 5000, "duration": "1h", "traceLimit": 1000000, "faults": [{"kind": "partitioned", "at": "10m", "until": "40m"}]}"#,
            0x832552e2db755947,
        ),
        (
            "zones3",
            r#"{"nodes": 5000, "duration": "1h", "zones": 3, "traceLimit": 1000000, "faults": [{"kind": "kubeletStopped", "at": "5m", "until": "45m", "firstNodes": 3000}]}"#,
            0xfcbb9a235c741f83,
        ),
    ] {
        if std::env::var("SCEN").is_ok_and(|v| v != name) {
            continue;
        }
        let s = Scenario::from_json(json).unwrap();
        let tr = simulate_cluster(s).unwrap();
        let h = fnv(pinned_json(&tr).as_bytes());
        println!(
            "{name}: taints={} events={} hash={h:016x}",
            tr.taints.len(),
            tr.events.len()
        );
        assert_eq!(h, want, "{name}: trace changed");
    }
}
