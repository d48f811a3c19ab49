// The cluster simulator in the npm package (wasm under Node): one simulated hour of a 5000-node
// cluster with default settings, against the simulated time (the goal: at least 3600x
// faster than real time, i.e. under one second), and the API write rates with and without node
// leases. Prints a Markdown section; scripts/bench.sh appends it to BENCHMARKS.md.
import { simulateCluster } from "kubegate";

const HOUR_S = 3600;

/** Median wall time in ms of `rounds` runs (after one warm-up run), and the last result. */
function timed(fn, rounds = 3) {
  let result = fn();
  const times = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    result = fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], result };
}

const runs = [
  ["baseline: 1 node, 1h", { nodes: 1, duration: "1h" }],
  ["5000 nodes, 1h, node leases (default)", { nodes: 5000, duration: "1h" }],
  ["5000 nodes, 1h, no node leases", { nodes: 5000, duration: "1h", nodeLeases: false }],
  // The fault scenarios of benches/sim.rs (under faults, the same 1 s goal).
  ["5000 nodes, 1h, kubelet stopped on 10% of nodes", { nodes: 5000, duration: "1h", faults: [{ kind: "kubeletStopped", at: "5m", firstNodes: 500 }] }],
  ["5000 nodes, 1h, all nodes partitioned for 30m", { nodes: 5000, duration: "1h", faults: [{ kind: "partitioned", at: "10m", until: "40m" }] }],
].map(([name, scenario]) => ({ name, scenario, ...timed(() => simulateCluster(scenario)) }));

const fmt = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const out = [];
out.push("## Cluster simulator (wasm under Node)", "");
out.push(
  `Node ${process.version}. Each figure is the median of 3 runs after a warm-up, each run one`,
  "`simulateCluster` call including the conversion of its trace to JS objects.",
  "",
);
out.push("| simulated hour | wall ms | faster than real time | goal |", "|---|---:|---:|---|");
for (const r of runs) {
  const goal = r.name.includes("default") || (r.name.includes("nodes, 1h, ") && r.scenario.faults);
  const target = goal ? `≥ 3600x (under 1000 ms): ${r.ms < 1000 ? "met" : "not met"}` : "";
  out.push(`| ${r.name} | ${fmt(r.ms)} | ${Math.round((HOUR_S * 1000) / r.ms)}x | ${target} |`);
}
out.push("", "| API writes, 5000 nodes | total per second | status patches/s | lease writes/s | controller writes/s |", "|---|---:|---:|---:|---:|");
for (const r of runs.slice(1, 3)) {
  const w = r.result.writes;
  const perS = (n) => (n / HOUR_S).toFixed(1);
  out.push(
    `| ${r.name.replace("5000 nodes, 1h, ", "")} | ${perS(w.total)} | ${perS(w.statusPatches)} | ${perS(w.leaseCreates + w.leaseUpdates)} | ${perS(w.controllerStatusUpdates + w.taintPatches)} |`,
  );
}
console.log(out.join("\n"));
