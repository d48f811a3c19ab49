// Times one node lifecycle controller pass (NodeLifecycleController.monitorNodeHealth) over N
// realistic nodes (default 50,000, the figure) through the package, wall and CPU time
// (CPU time is what to compare on a shared machine). Each node carries what the controller reads
// (name, creation time, hostname and zone labels, a Ready condition with both times, its reason
// and message, a pod CIDR), a lease, and one pod reference: about 600 characters of JSON per
// node, as much as 50,000 can carry under the package's 32 MiB argument limit (a node as a
// kubelet writes it, with capacity, images and nodeInfo, is several times larger).
//   node tests/fuzz/scale_nodes.mjs [N]
// Passes: the first (every node new), a quiet one 5 s later (nothing changes), and one 10 min
// later where 10% of the nodes have stopped reporting (Unknown conditions, taints, events).
import { NodeLifecycleController } from "kubegate";

const N = Number(process.argv[2] ?? 50_000);
const T0 = Date.parse("2024-05-01T10:00:00Z");
const at = (ms) => new Date(T0 + ms).toISOString().replace(/\.000Z$/, "Z");
const node = (i, beat) => ({
  metadata: {
    name: `node-${i}`,
    creationTimestamp: at(-86_400_000),
    labels: { "kubernetes.io/hostname": `node-${i}`, "topology.kubernetes.io/zone": `us-east-1${"abc"[i % 3]}` },
  },
  spec: { podCIDR: `10.${(i >> 8) & 255}.${i & 255}.0/24` },
  status: {
    conditions: [
      { type: "Ready", status: "True", lastHeartbeatTime: beat, lastTransitionTime: at(-3_600_000), reason: "KubeletReady", message: "kubelet is posting ready status" },
    ],
  },
});
const lease = (i, renew) => ({
  metadata: { name: `node-${i}`, namespace: "kube-node-lease" },
  spec: { holderIdentity: `node-${i}`, leaseDurationSeconds: 40, renewTime: renew },
});
const pods = Array.from({ length: N }, (_, i) => ({ namespace: "default", name: `pod-${i}`, nodeName: `node-${i}` }));
const time = (label, f) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const r = f();
  const d = process.cpuUsage(cpu);
  console.log(`${label.padEnd(44)} wall ${(performance.now() - wall).toFixed(0).padStart(6)} ms, cpu ${((d.user + d.system) / 1000).toFixed(0).padStart(6)} ms`);
  return r;
};

console.log(`${N} nodes`);
const ctl = new NodeLifecycleController({ kubernetesVersion: "1.32" });
const fresh = Array.from({ length: N }, (_, i) => node(i, at(0)));
const leases0 = Array.from({ length: N }, (_, i) => lease(i, at(0)));
// The least any call that takes and returns this much does: the input's JSON round trip.
time("baseline: JSON round trip of the input", () => JSON.parse(JSON.stringify({ now: at(1_000), nodes: fresh, leases: leases0, pods })));
time("first pass (every node new)", () => ctl.monitorNodeHealth({ now: at(1_000), nodes: fresh, leases: leases0, pods }));
time("quiet pass 5 s later", () => ctl.monitorNodeHealth({ now: at(6_000), nodes: fresh, leases: leases0, pods }));
// 10 minutes on: 90% have renewed their lease and posted status; 10% went silent at t=0.
const later = Array.from({ length: N }, (_, i) => (i % 10 === 0 ? fresh[i] : node(i, at(595_000))));
const leases1 = Array.from({ length: N }, (_, i) => (i % 10 === 0 ? leases0[i] : lease(i, at(598_000))));
const r = time("pass 10 min later, 10% silent", () => ctl.monitorNodeHealth({ now: at(600_000), nodes: later, leases: leases1, pods }));
console.log(`  ${r.nodes.length} nodes returned, ${r.taints.length} taint changes, ${r.events.length} events, ${r.podsMarkedNotReady.length} nodes' pods marked not ready`);
ctl.free();
