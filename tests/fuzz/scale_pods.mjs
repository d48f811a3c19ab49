// Times every PodConfig operation on N pods (default 50,000, the figure) through the
// package, wall and CPU time (CPU time is what to compare on a shared machine), and the wasm
// memory after the first SET (what 50,000 stored pods cost).
//   node tests/fuzz/scale_pods.mjs [N] [mode]
import { PodConfig, initSync } from "kubegate";

const N = Number(process.argv[2] ?? 50_000);
const mode = process.argv[3] ?? "Incremental";
const pod = (i, image = "image") => ({
  metadata: { uid: `u${i}`, name: `p${i}`, namespace: `ns${i % 50}`, labels: { app: "a" } },
  spec: { restartPolicy: "Always", dnsPolicy: "ClusterFirst", containers: [{ name: "c", image, imagePullPolicy: "IfNotPresent", terminationMessagePolicy: "File" }] },
});
const pods = Array.from({ length: N }, (_, i) => pod(i));
const changed = Array.from({ length: N }, (_, i) => pod(i, "image2"));
const time = (label, f) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  f();
  const d = process.cpuUsage(cpu);
  console.log(`${label.padEnd(36)} wall ${(performance.now() - wall).toFixed(0).padStart(6)} ms, cpu ${((d.user + d.system) / 1000).toFixed(0).padStart(6)} ms`);
};

console.log(`${N} pods, ${mode}`);
let c = new PodConfig({ mode, now: "2024-05-01T10:00:00Z" });
// The least any call that takes and returns this much does: the input's JSON round trip.
time("baseline: JSON round trip of the SET input", () => JSON.parse(JSON.stringify({ op: "SET", pods })));
time("SET", () => c.merge("a", { op: "SET", pods }));
console.log(`wasm memory after the SET: ${(initSync().memoryBytes / 2 ** 20).toFixed(0)} MiB`);
time("SET again (nothing changed)", () => c.merge("a", { op: "SET", pods }));
time("UPDATE of all", () => c.merge("a", { op: "UPDATE", pods: changed }));
time("sync()", () => c.sync());
time("mergedState()", () => c.mergedState());
time("REMOVE of all", () => c.merge("a", { op: "REMOVE", pods: changed }));
c.free();
c = new PodConfig({ mode, now: "2024-05-01T10:00:00Z" });
time(`${N} single ADDs`, () => {
  for (const p of pods) c.merge("a", { op: "ADD", pods: [p] });
});
time("SET of the same pods in source b", () => c.merge("b", { op: "SET", pods: changed }));
time("mergeDetailed SET in b (all change)", () => c.mergeDetailed("b", { op: "SET", pods }));
time("sync() of both sources", () => c.sync());
c.free();
