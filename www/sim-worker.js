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
import init, { ClusterSimulator } from "./pkg/index.js";

const ready = init();

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
    const start = Date.parse(sim.now());
    // Equal slices of simulated time. Each step brings back only the summary, counts and rates
    // plus one byte of Ready status per node; the full trace crosses once, at the end.
    let step = sim.advanceQuiet("0s");
    while (!sim.isDone()) {
      step = sim.advanceQuiet(slice);
      const elapsed = Date.parse(step.end) - start;
      const grid = sim.readyCodes();
      postMessage({
        type: "progress", id, run: r, label, fraction: (r + Math.min(1, elapsed / durationMs)) / runs.length,
        elapsed, summary: step.summary, rates: rates({ ...step, start: new Date(start).toISOString() }), grid,
      }, [grid.buffer]);
    }
    const trace = sim.trace();
    const g = sim.readyCodes();
    // NoExecute taints queued and not added since, by node: what a zone's rate of 0 holds back.
    const held = new Map();
    for (const c of trace.taints) {
      if (c.effect !== "NoExecute") continue;
      if (c.action === "queued") held.set(c.node, c.key);
      else held.delete(c.node);
    }
    results.push({
      label, nodes: n, summary: trace.summary, writes: trace.writes, bytes: trace.bytes, rates: rates(trace), grid: g,
      transitions: trace.transitions.length, events: trace.events.length, taints: trace.taints.length,
      truncated: trace.truncated, nodeMonitorGracePeriod: trace.nodeMonitorGracePeriod,
      start: trace.start, zones: trace.zones.slice(-100), heldNoExecute: held.size,
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
