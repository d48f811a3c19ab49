// What the playground's Node and Cluster panels read from the package: the resolved controller
// settings (version-dependent grace period) and each transition's message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { NodeLifecycleController, ClusterSimulator } from "kubegate";

test("settings() reports the defaults in force, grace period by version", () => {
  const at = (v) => { const c = new NodeLifecycleController({ kubernetesVersion: v }); const s = c.settings(); c.free(); return s; };
  assert.deepEqual(at("1.31"), {
    nodeMonitorGracePeriod: "40s", nodeStartupGracePeriod: "1m0s", nodeMonitorPeriod: "5s",
    nodeEvictionRate: 0.1, secondaryNodeEvictionRate: 0.01, largeClusterSizeThreshold: 50, unhealthyZoneThreshold: 0.55,
  });
  assert.equal(at("1.32").nodeMonitorGracePeriod, "50s");
  const custom = new NodeLifecycleController({ nodeMonitorGracePeriod: "2m", nodeMonitorPeriod: "1s" });
  assert.equal(custom.settings().nodeMonitorGracePeriod, "2m0s");
  assert.equal(custom.settings().nodeMonitorPeriod, "1s");
});

test("transitions carry the condition's message", () => {
  const sim = new ClusterSimulator({ nodes: 1, duration: "10m", rateWindow: "1s", faults: [
    { kind: "kubeletStopped", at: "2m" },
  ] });
  const trace = sim.advance("10m");
  const first = trace.transitions.find((t) => t.condition === "Ready" && t.to === "True");
  assert.equal(first.message, "kubelet is posting ready status");
  const unknown = trace.transitions.find((t) => t.condition === "Ready" && t.to === "Unknown");
  assert.equal(unknown.reason, "NodeStatusUnknown");
  assert.equal(unknown.message, "Kubelet stopped posting node status.");
  const mem = trace.transitions.find((t) => t.condition === "MemoryPressure" && t.to === "Unknown");
  assert.equal(mem.message, "Kubelet stopped posting node status.");
  // One-second write buckets are what the Node panel's timeline ticks are drawn from.
  assert.ok(trace.writeRates.length > 150);
  assert.ok(trace.writeRates.every((b) => b.total >= b.statusPatches + b.leaseWrites + b.controllerWrites));
  sim.free();
});
