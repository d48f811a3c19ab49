// Times the largest text inputs through the package (wall and CPU): kubelet configurations of
// unknown keys and feature lists, at sizes up to and past their limits, to check that anything
// within a limit answers in under a second and anything beyond is refused at once.
//   node tests/fuzz/scale_inputs.mjs [KiB of kubelet config, comma-separated] [KiB of feature list]
import { resolveKubeletConfig, parseFeatureList, kubernetesFeatures, renderFeatureList } from "kubegate";

const time = (label, f) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  let outcome = "answered";
  try {
    f();
  } catch (e) {
    outcome = `${e.kind}: ${e.message.slice(0, 100)}`;
  }
  const d = process.cpuUsage(cpu);
  console.log(`${label.padEnd(44)} wall ${(performance.now() - wall).toFixed(0).padStart(6)} ms, cpu ${((d.user + d.system) / 1000).toFixed(0).padStart(6)} ms  ${outcome}`);
};

const head = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
for (const kib of (process.argv[2] ?? "10240,2048,1023,512").split(",").map(Number)) {
  const lines = [head];
  let size = head.length;
  for (let i = 0; size < kib * 1024 - 40; i++) {
    const line = `unknownKey${i}: v\n`;
    lines.push(line);
    size += line.length;
  }
  time(`kubelet config ${kib} KiB (${lines.length - 1} unknown keys)`, () => resolveKubeletConfig({ files: { "/k.yaml": lines.join("") }, args: ["--config=/k.yaml"] }));
}
const base = renderFeatureList(kubernetesFeatures());
for (const kib of (process.argv[3] ?? "10240,1024,512").split(",").map(Number)) {
  const parts = [base];
  let size = base.length;
  for (let i = 0; size < kib * 1024 - 120; i++) {
    const spec = `- name: Extra${i}\n  versionedSpecs:\n  - default: false\n    lockToDefault: false\n    preRelease: Alpha\n    version: "1.30"\n`;
    parts.push(spec);
    size += spec.length;
  }
  time(`parseFeatureList ${kib} KiB`, () => parseFeatureList(parts.join("")));
}
