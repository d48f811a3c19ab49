import { test } from "node:test";
import assert from "node:assert/strict";
import {
  setMemoryPressureCondition, setDiskPressureCondition, setPIDPressureCondition, setReadyCondition,
  nodeStatusHasChanged, NodeLifecycleController, simulateCluster, ClusterSimulator,
} from "kubegate";

const NOW = "2015-01-01T12:00:00Z";
const BEFORE = "2015-01-01T11:59:59Z";
const withCapacity = () => ({ status: { capacity: { cpu: "2000m", memory: "10e9", pods: "100", "ephemeral-storage": "5000" } } });

test("new node becomes ready without an event", () => {
  const input = withCapacity();
  const copy = structuredClone(input);
  const { node, events } = setReadyCondition(input, NOW, {});
  assert.deepEqual(input, copy);
  assert.deepEqual(node.status.conditions, [{ type: "Ready", status: "True", reason: "KubeletReady",
    message: "kubelet is posting ready status", lastHeartbeatTime: NOW, lastTransitionTime: NOW }]);
  assert.deepEqual(events, []);
});

test("ready errors aggregate and transitions emit events", () => {
  assert.equal(setReadyCondition(withCapacity(), NOW, { runtimeError: "runtime", networkError: "network" }).node.status.conditions[0].message, "[runtime, network]");
  assert.equal(setReadyCondition({}, NOW).node.status.conditions[0].message, "missing node capacity for resources: cpu, memory, pods, ephemeral-storage");
  const n = withCapacity();
  n.status.conditions = [{ type: "Ready", status: "False", lastHeartbeatTime: BEFORE, lastTransitionTime: BEFORE }];
  assert.deepEqual(setReadyCondition(n, NOW, {}).events, [{ type: "Normal", reason: "NodeReady" }]);
  assert.equal(setReadyCondition(withCapacity(), NOW, { softRequirements: "foo" }).node.status.conditions[0].message, "kubelet is posting ready status. WARNING: foo");
});

test("pressure setters", () => {
  assert.deepEqual(setMemoryPressureCondition({}, NOW, true).events, [{ type: "Normal", reason: "NodeHasInsufficientMemory" }]);
  assert.deepEqual(setDiskPressureCondition({}, NOW, false).events, [{ type: "Normal", reason: "NodeHasNoDiskPressure" }]);
  const { node } = setPIDPressureCondition({}, NOW, true);
  assert.equal(node.status.conditions[0].reason, "KubeletHasInsufficientPID");
  assert.throws(() => setMemoryPressureCondition({}, "yesterday", true), /parsing time/);
});

test("nodeStatusHasChanged ignores heartbeats and order", () => {
  const ready = { type: "Ready", status: "True", lastHeartbeatTime: NOW, lastTransitionTime: NOW };
  const readyHB = { ...ready, lastHeartbeatTime: "2015-01-01T12:01:00Z" };
  const mem = { type: "MemoryPressure", status: "False", lastHeartbeatTime: NOW, lastTransitionTime: NOW };
  assert.equal(nodeStatusHasChanged(null, null), false);
  assert.equal(nodeStatusHasChanged(null, {}), true);
  assert.equal(nodeStatusHasChanged({ conditions: [ready, mem] }, { conditions: [mem, readyHB] }), false);
  assert.equal(nodeStatusHasChanged({ conditions: [ready] }, { conditions: [ready, mem] }), true);
});

test("monitorNodeHealth marks a silent node Unknown", () => {
  const ctl = new NodeLifecycleController({ kubernetesVersion: "1.32" });
  const node = { metadata: { name: "node0", creationTimestamp: "2012-01-01T00:00:00Z" },
    status: { conditions: [{ type: "Ready", status: "True", lastHeartbeatTime: NOW, lastTransitionTime: NOW }] } };
  const pods = [{ namespace: "default", name: "pod0", nodeName: "node0" }];
  const r1 = ctl.monitorNodeHealth({ now: NOW, nodes: [node], pods });
  assert.deepEqual(r1.apiCalls, [{ verb: "list", resource: "nodes" }]);
  const r2 = ctl.monitorNodeHealth({ now: "2015-01-01T13:00:00Z", nodes: [node], pods });
  assert.equal(r2.apiCalls[1].verb, "updateStatus");
  const ready = r2.nodes[0].status.conditions[0];
  assert.equal(ready.reason, "NodeStatusUnknown");
  assert.equal(ready.lastHeartbeatTime, NOW);
  assert.deepEqual(r2.podsMarkedNotReady, [{ node: "node0", pods: ["default/pod0"] }]);
  assert.equal(r2.events[0].reason, "NodeNotReady");
  assert.throws(() => new NodeLifecycleController({ nodeMonitorGracePeriod: "5 minutes" }), /time: /);
});

test("simulator: stopped kubelet goes Unknown after the grace period", () => {
  const trace = simulateCluster({ nodes: 3, duration: "10m", faults: [{ kind: "kubeletStopped", at: "5m", nodes: ["node-1"] }] });
  const t = trace.transitions.find((x) => x.node === "node-1" && x.to === "Unknown" && x.condition === "Ready");
  assert.ok(t);
  const secs = (Date.parse(t.time) - Date.parse(trace.start)) / 1000;
  assert.ok(secs > 339 && secs <= 355, String(secs));
  assert.equal(trace.summary.unknown, 1);
  assert.throws(() => simulateCluster({ nodes: 0, duration: "1h" }), /nodes must be between 1 and 5000/);
  assert.throws(() => simulateCluster({ nodes: 1, duration: "1h", oops: true }), /unknown field/);
});

test("ClusterSimulator steps", () => {
  const sim = new ClusterSimulator({ nodes: 5, duration: "2m", seed: 3 });
  const t1 = sim.advance("30s");
  assert.equal(t1.summary.registered, 5);
  assert.equal(sim.now(), "2025-01-01T00:00:30Z");
  sim.advance("5m");
  assert.equal(sim.isDone(), true);
  assert.equal(sim.nodes().length, 5);
});

// Leases and pods are read from the input text in place unless a string has an escape; then the
// whole input is decoded the general way. Both must decide the same: the same cluster, named with
// and without characters JSON escapes, gives the same pass once the names are mapped back.
test("monitorNodeHealth reads escaped lease and pod names as plain ones", () => {
  const run = (suffix) => {
    const ctl = new NodeLifecycleController({ kubernetesVersion: "1.32" });
    const name = (i) => `node${i}${suffix}`;
    const nodes = [0, 1, 2].map((i) => ({ metadata: { name: name(i), labels: { "topology.kubernetes.io/zone": `z${i % 2}` } },
      status: { conditions: [{ type: "Ready", status: "True", lastHeartbeatTime: NOW, lastTransitionTime: NOW }] } }));
    const lease = (i, renew) => ({ metadata: { name: name(i), namespace: "kube-node-lease" }, spec: { holderIdentity: name(i), renewTime: renew } });
    const pods = [2, 0, 2].map((i, k) => ({ ...(k === 1 ? {} : { namespace: "ns" }), name: `pod${k}${suffix}`, nodeName: name(i) }));
    const passes = [];
    passes.push(ctl.monitorNodeHealth({ now: NOW, nodes, leases: [0, 1, 2].map((i) => lease(i, NOW)), pods }));
    // An hour on: node0 renewed its lease, node1's lease sits in another namespace, node2 is silent.
    const later = "2015-01-01T13:00:00Z";
    const leases = [lease(0, "2015-01-01T12:59:50Z"), { ...lease(1, later), metadata: { name: name(1), namespace: "other" } }, lease(2, NOW)];
    passes.push(ctl.monitorNodeHealth({ now: later, nodes, leases, pods }));
    passes.push(ctl.doNoExecuteTaintingPass({ now: later, nodes: passes[1].nodes, leases, pods }));
    ctl.free();
    return JSON.stringify(passes).replaceAll(JSON.stringify(suffix).slice(1, -1), "");
  };
  const plain = run("");
  assert.equal(run("\"\n"), plain);
  assert.equal(run("\u00e9"), plain);
  const [, second] = JSON.parse(plain);
  assert.deepEqual(second.podsMarkedNotReady.map((p) => p.node), ["node1", "node2"]);
  assert.deepEqual(second.podsMarkedNotReady[1].pods, ["ns/pod0", "ns/pod2"]);
});
