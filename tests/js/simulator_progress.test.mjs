// The ClusterSimulator's light-weight stepping (what the playground's worker uses): the quiet
// step, the Ready grid and the trace at the end agree with a plain run of the same scenario.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ClusterSimulator, simulateCluster } from "kubegate";

const scenario = { nodes: 20, duration: "10m", faults: [{ kind: "kubeletStopped", at: "2m", nodes: ["node-3", "node-7"] }] };

test("advanceQuiet, readyCodes and trace agree with simulateCluster", () => {
  const sim = new ClusterSimulator(scenario);
  assert.deepEqual([...sim.readyCodes()], new Array(20).fill(0), "nothing registered before the clock moves");
  let step;
  while (!sim.isDone()) step = sim.advanceQuiet("45s");
  const whole = simulateCluster(scenario);
  const trace = sim.trace();
  assert.deepEqual(trace, whole);
  assert.deepEqual(step.summary, whole.summary);
  assert.deepEqual(step.writes, whole.writes);
  assert.deepEqual(step.writeRates, whole.writeRates);
  assert.equal(step.end, whole.end);
  const codes = [...sim.readyCodes()];
  assert.equal(codes.length, 20);
  assert.deepEqual(codes.map((c, i) => (c === 3 ? i : -1)).filter((i) => i >= 0), [3, 7], "the stopped kubelets are Unknown");
  assert.ok(codes.every((c, i) => i === 3 || i === 7 || c === 1));
  assert.throws(() => sim.advanceQuiet("soon"), /time: invalid duration "soon"/);
  sim.free();
});
