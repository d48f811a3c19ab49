// Memory stays flat. Repeated create/free cycles and repeated resolutions reuse the
// wasm memory the first cycles grew; objects nobody frees are reclaimed by the finalizer.
// (The full counts, 1,000,000 gates and 100,000 resolutions, run in scripts/fuzz.sh.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { FeatureGate, kubernetesFeatures, resolveKubeletConfig, initSync, PodConfig, ApiserverSource, ClusterSimulator } from "kubegate";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
// initSync() is a no-op once loaded and gives a frozen summary; memoryBytes is read afresh.
const memory = () => initSync().memoryBytes;
const GATES = Number(process.env.KUBEGATE_MEMORY_GATES ?? 3000);
const RESOLVES = Number(process.env.KUBEGATE_MEMORY_RESOLVES ?? 2000);
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
};

test(`${GATES} FeatureGate create/free cycles with the real gate list: no growth after warm-up`, () => {
  const features = kubernetesFeatures();
  const cycle = () => {
    const g = new FeatureGate();
    g.addVersioned(features);
    g.set("AllBeta=true");
    g.enabled("NodeSwap");
    g.free();
  };
  for (let i = 0; i < 200; i++) cycle();
  const warm = memory();
  for (let i = 0; i < GATES; i++) cycle();
  assert.equal(memory(), warm, `wasm memory grew from ${warm} to ${memory()} bytes`);
});

test(`${RESOLVES} resolveKubeletConfig calls: no growth after warm-up`, () => {
  const input = { args: ["--config=/k.yaml", "--max-pods=60"], files: { "/k.yaml": "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nport: 10251\n" } };
  for (let i = 0; i < 100; i++) resolveKubeletConfig(input);
  const warm = memory();
  for (let i = 0; i < RESOLVES; i++) resolveKubeletConfig(input);
  assert.equal(memory(), warm, `wasm memory grew from ${warm} to ${memory()} bytes`);
});

test("gates nobody frees are reclaimed by the finalizer", async () => {
  const features = kubernetesFeatures();
  const leak = (n) => {
    for (let i = 0; i < n; i++) new FeatureGate().addVersioned(features);
  };
  leak(300);
  await settle();
  const warm = memory();
  for (let round = 0; round < 4; round++) {
    leak(300);
    await settle();
  }
  assert.equal(memory(), warm, `wasm memory grew from ${warm} to ${memory()} bytes`);
});

test("pod configs, sources and simulators nobody frees are reclaimed by the finalizer", async () => {
  const pods = Array.from({ length: 50 }, (_, i) => ({ metadata: { name: `p${i}`, uid: `u${i}`, namespace: "default" }, spec: { containers: [{ name: "c", image: "i" }] } }));
  const leak = (n) => {
    for (let i = 0; i < n; i++) {
      new PodConfig({ now: "2024-05-01T10:00:00Z" }).merge("file", { op: "SET", pods });
      new ApiserverSource({ nodeName: "n" }).upsertPod(pods[0]);
      new ClusterSimulator({ nodes: 3, duration: "1m" }).advance("10s");
    }
  };
  leak(100);
  await settle();
  const warm = memory();
  for (let round = 0; round < 4; round++) {
    leak(100);
    await settle();
  }
  assert.equal(memory(), warm, `wasm memory grew from ${warm} to ${memory()} bytes`);
});
