//! One node lifecycle controller pass over 50,000 nodes, natively, the way the npm package runs
//! it: the input's JSON text decoded, `monitorNodeHealth` (or `doNoExecuteTaintingPass`) on it,
//! the result written back as JSON text. The input is the one `tests/fuzz/scale_nodes.mjs` builds
//! (each node with a Ready condition, hostname and zone labels, a pod CIDR, a lease and a pod).
//!
//! Baseline, measured in the same run: a JSON round trip of the same text through
//! `serde_json::Value` (read into a generic tree and written back), what a call that took and
//! returned the same data without its types would cost; a pass reads typed nodes and borrows
//! what it can, so it may well come in under it. `scripts/criterion-table.mjs` prints each pass
//! as a ratio to it; the wasm figures against the one-second goal come from the package
//! (`scripts/bench.mjs`).

use std::fmt::Write;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};
use kubegate::controller::nodelifecycle::{
    ControllerConfig, MonitorInput, MonitorResult, NodeLifecycleController,
};
use kubegate::timestamp::Time;

const N: usize = 50_000;
/// 2024-05-01T10:00:00Z in Unix seconds.
const T0: i64 = 1_714_557_600;

/// An RFC 3339 time `s` seconds after `T0`.
fn at(s: i64) -> String {
    let t = T0 + s;
    let (days, secs) = (t.div_euclid(86_400), t.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The pass input as JSON text: every node heard from at `beat(i)` (seconds), its lease renewed
/// at `renew(i)`, the pass at `now`.
fn input(now: i64, beat: impl Fn(usize) -> i64, renew: impl Fn(usize) -> i64) -> String {
    let (created, transition) = (at(-86_400), at(-3_600));
    let mut s = format!("{{\"now\":\"{}\",\"nodes\":[", at(now));
    for i in 0..N {
        let zone = ["a", "b", "c"][i % 3];
        let _ = write!(
            s,
            "{}{{\"metadata\":{{\"name\":\"node-{i}\",\"creationTimestamp\":\"{created}\",\
             \"labels\":{{\"kubernetes.io/hostname\":\"node-{i}\",\"topology.kubernetes.io/zone\":\"us-east-1{zone}\"}}}},\
             \"spec\":{{\"podCIDR\":\"10.{}.{}.0/24\"}},\
             \"status\":{{\"conditions\":[{{\"type\":\"Ready\",\"status\":\"True\",\"lastHeartbeatTime\":\"{}\",\
             \"lastTransitionTime\":\"{transition}\",\"reason\":\"KubeletReady\",\"message\":\"kubelet is posting ready status\"}}]}}}}",
            if i == 0 { "" } else { "," },
            (i >> 8) & 255,
            i & 255,
            at(beat(i)),
        );
    }
    s.push_str("],\"leases\":[");
    for i in 0..N {
        let _ = write!(
            s,
            "{}{{\"metadata\":{{\"name\":\"node-{i}\",\"namespace\":\"kube-node-lease\"}},\
             \"spec\":{{\"holderIdentity\":\"node-{i}\",\"leaseDurationSeconds\":40,\"renewTime\":\"{}\"}}}}",
            if i == 0 { "" } else { "," },
            at(renew(i)),
        );
    }
    s.push_str("],\"pods\":[");
    for i in 0..N {
        let _ = write!(
            s,
            "{}{{\"namespace\":\"default\",\"name\":\"pod-{i}\",\"nodeName\":\"node-{i}\"}}",
            if i == 0 { "" } else { "," },
        );
    }
    s.push_str("]}");
    s
}

fn controller() -> NodeLifecycleController {
    let config: ControllerConfig =
        serde_json::from_str(r#"{"kubernetesVersion": "1.32"}"#).expect("valid config");
    NodeLifecycleController::new(&config).expect("valid config")
}

/// A pass as the package runs it: text in, text out.
fn pass(
    ctl: &mut NodeLifecycleController,
    text: &str,
    f: fn(&mut NodeLifecycleController, MonitorInput) -> MonitorResult,
) -> String {
    let input: MonitorInput = serde_json::from_str(text).expect("valid input");
    let out = f(ctl, input);
    kubegate::json::to_string_sized(&out, text.len()).expect("serializes")
}

fn monitor(ctl: &mut NodeLifecycleController, input: MonitorInput) -> MonitorResult {
    ctl.monitor_node_health_owned(input)
}

fn tainting(ctl: &mut NodeLifecycleController, input: MonitorInput) -> MonitorResult {
    let mut nodes = input.nodes;
    let mut out = ctl.do_no_execute_tainting_pass(input.now, &mut nodes);
    out.nodes = nodes;
    out
}

fn passes(c: &mut Criterion) {
    let fresh = input(1, |_| 0, |_| 0);
    let quiet = input(6, |_| 0, |_| 0);
    // Ten minutes on: 90% have posted status and renewed their lease; 10% went silent at 0.
    let silent = |t: i64| move |i: usize| if i % 10 == 0 { 0 } else { t };
    let later = input(600, silent(595), silent(598));

    // Whole passes: ten samples of one pass each (criterion's default sampling would run each
    // pass 55 times, and each sample's setup runs up to two more).
    let mut c = c.benchmark_group("nodes");
    c.sample_size(10).sampling_mode(SamplingMode::Flat);
    c.bench_function(
        "baseline: JSON round trip of the input (serde_json::Value)",
        |b| {
            b.iter(|| {
                let v: serde_json::Value = serde_json::from_str(black_box(&fresh)).expect("json");
                serde_json::to_string(&v).expect("json")
            })
        },
    );
    c.bench_function("monitorNodeHealth, first pass (every node new)", |b| {
        b.iter_batched(
            controller,
            |mut ctl| pass(&mut ctl, black_box(&fresh), monitor),
            BatchSize::PerIteration,
        )
    });
    // Each later pass starts from a copy of the controller as the passes before it left it.
    let mut first = controller();
    pass(&mut first, &fresh, monitor);
    c.bench_function("monitorNodeHealth, quiet pass 5 s later", |b| {
        b.iter_batched(
            || first.clone(),
            |mut ctl| pass(&mut ctl, black_box(&quiet), monitor),
            BatchSize::PerIteration,
        )
    });
    c.bench_function("monitorNodeHealth, pass 10 min later, 10% silent", |b| {
        b.iter_batched(
            || first.clone(),
            |mut ctl| pass(&mut ctl, black_box(&later), monitor),
            BatchSize::PerIteration,
        )
    });
    // The silent nodes are marked Unknown at 600 s and queued for the NoExecute taint by the
    // next pass, on the nodes as the controller wrote them; the tainting pass then takes from
    // the zones' queues what their rate limiters allow.
    let mut queued = first;
    let marked: MonitorInput = serde_json::from_str(&later).expect("valid input");
    let marked_nodes = queued.monitor_node_health_owned(marked.clone()).nodes;
    let next = MonitorInput {
        now: Time::parse(&at(605)).expect("valid time"),
        nodes: marked_nodes,
        ..marked
    };
    let tainting_nodes = queued.monitor_node_health_owned(next.clone()).nodes;
    assert!(queued.has_queued_taints(), "the silent nodes are queued");
    let tainting_input = serde_json::to_string(&MonitorInput {
        nodes: tainting_nodes,
        leases: Vec::new(),
        pods: Vec::new(),
        ..next
    })
    .expect("serializes");
    c.bench_function("doNoExecuteTaintingPass, 5000 nodes queued", |b| {
        b.iter_batched(
            || queued.clone(),
            |mut ctl| pass(&mut ctl, black_box(&tainting_input), tainting),
            BatchSize::PerIteration,
        )
    });
    c.finish();
}

criterion_group!(benches, passes);
criterion_main!(benches);
