// The long memory run, through the package: 1,000,000 FeatureGate create/free cycles
// with the real Kubernetes gate list (one in ten never freed, left to the finalizer) and 100,000
// resolveKubeletConfig calls, printing wasm memory as it goes. Exits non-zero if memory grew after
// the warm-up. tests/js/hostile_memory.test.mjs asserts the same at smaller counts.
//   node --expose-gc tests/fuzz/memory_long.mjs [GATES] [RESOLVES]
import { FeatureGate, kubernetesFeatures, resolveKubeletConfig, initSync } from "kubegate";

const GATES = Number(process.argv[2] ?? 1_000_000);
const RESOLVES = Number(process.argv[3] ?? 100_000);
// Collection runs every CHECK cycles; objects left to the finalizer pile up in between, so the
// warm-up spans one such period and memory is compared from the first check on.
const CHECK = 10_000;
const memory = () => initSync().memoryBytes;
const gc = globalThis.gc ?? (() => {});
const yieldToFinalizers = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
};
const mib = (b) => `${(b / 1048576).toFixed(1)} MiB`;

const features = kubernetesFeatures();
const cycle = (i) => {
  const g = new FeatureGate();
  g.addVersioned(features);
  g.set("AllBeta=true");
  g.enabled("NodeSwap");
  if (i % 10 !== 0) g.free(); // the rest is the finalizer's to reclaim
};
const input = { args: ["--config=/k.yaml", "--max-pods=60"], files: { "/k.yaml": "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nport: 10251\n" } };

let failed = false;
async function phase(name, n, step) {
  const t0 = performance.now();
  let warm = null;
  let peak = 0;
  for (let i = 0; i < n; i++) {
    step(i);
    if (i % CHECK === CHECK - 1) {
      gc();
      await yieldToFinalizers();
      if (warm === null) warm = memory();
      peak = Math.max(peak, memory());
    }
    if (i % 100_000 === 99_999) console.log(`  ${name}: ${i + 1} done, memory ${mib(memory())}`);
  }
  gc();
  await yieldToFinalizers();
  const end = memory();
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`${name}: ${n} in ${s} s; wasm memory after warm-up ${mib(warm)}, peak ${mib(peak)}, end ${mib(end)}`);
  if (warm === null || peak > warm) failed = true;
}

if (GATES < CHECK || RESOLVES < CHECK) console.log(`counts below ${CHECK} only warm up; nothing is compared`);
await phase("FeatureGate create/free (1 in 10 left to the finalizer)", GATES, cycle);
await phase("resolveKubeletConfig", RESOLVES, () => resolveKubeletConfig(input));
if (failed) {
  console.log("FAIL: wasm memory grew after the warm-up");
  process.exit(1);
}
