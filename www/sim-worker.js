// Runs long cluster simulations off the main thread, so the page never freezes. A module worker:
// import maps do not reach workers, so the package is imported by its path, then init() loads the
// wasm as in any browser use.
//
// Protocol (all plain data):
//   in:  { type: "run", id, runs: [{ label, scenario, durationMs }], chunks }
//   out: { type: "progress", id, run, fraction, elapsed, summary, rates, grid? }
//        { type: "done", id, results: [{ label, ...trace totals, rates, grid }] }
//        { type: "error", id, message }
// Cancelling is terminate(): a simulation chunk is synchronous, and a fresh worker is cheap.
import init, { ClusterSimulator } from "./pkg/kubegate.js";

const ready = init();

/** Ready status of every node as a byte each: 0 not registered, 1 True, 2 False, 3 Unknown. */
function grid(sim, n) {
  const out = new Uint8Array(n);
  for (const node of sim.nodes()) {
    const i = Number(node.metadata?.name?.slice(5));
    if (!Number.isInteger(i) || i < 0 || i >= n) continue;
    const ready = node.status?.conditions?.find((c) => c.type === "Ready")?.status;
    out[i] = ready === "True" ? 1 : ready === "False" ? 2 : ready === "Unknown" ? 3 : 0;
  }
  return out;
}

const rates = (trace) => trace.writeRates.map((b) => ({
  t: (Date.parse(b.start) - Date.parse(trace.start)) / 1000,
  perSecond: b.perSecond,
  statusPatches: b.statusPatches,
  leaseWrites: b.leaseWrites,
  controllerWrites: b.controllerWrites,
}));

async function run({ id, runs, chunks }) {
  await ready;
  const results = [];
  for (let r = 0; r < runs.length; r++) {
    const { label, scenario, durationMs } = runs[r];
    const sim = new ClusterSimulator(scenario);
    const n = scenario.nodes;
    const slice = `${Math.max(1, Math.ceil(durationMs / chunks))}ms`;
    let trace = sim.advance("0s");
    // Equal slices of simulated time; the grid (every node serialized) only every tenth slice.
    for (let k = 1; !sim.isDone(); k++) {
      trace = sim.advance(slice);
      const elapsed = Date.parse(trace.end) - Date.parse(trace.start);
      const message = {
        type: "progress", id, run: r, label, fraction: (r + Math.min(1, elapsed / durationMs)) / runs.length,
        elapsed, summary: trace.summary, rates: rates(trace),
      };
      if (k % 10 === 0) message.grid = grid(sim, n);
      postMessage(message, message.grid ? [message.grid.buffer] : []);
    }
    const g = grid(sim, n);
    results.push({
      label, nodes: n, summary: trace.summary, writes: trace.writes, rates: rates(trace), grid: g,
      transitions: trace.transitions.length, events: trace.events.length, taints: trace.taints.length,
      truncated: trace.truncated, nodeMonitorGracePeriod: trace.nodeMonitorGracePeriod,
      elapsed: Date.parse(trace.end) - Date.parse(trace.start),
    });
    sim.free();
  }
  postMessage({ type: "done", id, results }, results.map((x) => x.grid.buffer));
}

onmessage = (e) => {
  const msg = e.data;
  if (msg?.type !== "run") return;
  run(msg).catch((err) => postMessage({ type: "error", id: msg.id, message: err instanceof Error ? err.message : String(err) }));
};
