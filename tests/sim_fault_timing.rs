//! Timing probe for the fault scenarios (run with --release --ignored --nocapture).
use kubegate::sim::{simulate_cluster, Scenario};
use std::time::Instant;

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
fn timings() {
    for (name, json) in [
        ("none", r#"{"nodes": 5000, "duration": "1h"}"#),
        (
            "kubelet10",
            r#"{"nodes": 5000, "duration": "1h", "traceLimit": 1000000, "faults": [{"kind": "kubeletStopped", "at": "5m", "firstNodes": 500}]}"#,
        ),
        (
            "partition30",
            r#"{"nodes": 5000, "duration": "1h", "traceLimit": 1000000, "faults": [{"kind": "partitioned", "at": "10m", "until": "40m"}]}"#,
        ),
        (
            "zones3",
            r#"{"nodes": 5000, "duration": "1h", "zones": 3, "traceLimit": 1000000, "faults": [{"kind": "kubeletStopped", "at": "5m", "until": "45m", "firstNodes": 3000}]}"#,
        ),
    ] {
        if std::env::var("SCEN").is_ok_and(|v| v != name) {
            continue;
        }
        let s = Scenario::from_json(json).unwrap();
        let t = Instant::now();
        let tr = simulate_cluster(s).unwrap();
        let el = t.elapsed();
        let h = fnv(serde_json::to_string(&tr).unwrap().as_bytes());
        println!(
            "{name}: {el:?} taints={} events={} hash={h:016x}",
            tr.taints.len(),
            tr.events.len()
        );
    }
}
