// JS-side benchmarks of the npm package, each against a baseline measured in the same process.
// Prints a Markdown section for BENCHMARKS.md (scripts/bench.sh assembles the file).
// `node scripts/bench.mjs --imports` prints only the import times and the wasm sizes (each import
// runs in its own fresh process, so it is cheap to rerun alone); `--hostile` only the hostile
// inputs' table.
import { readFileSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const pkg = new URL("../pkg/", import.meta.url);
const fmt = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/**
 * Median ms of each probe's `timed` code (after its `setup`), each run in a fresh Node process.
 * The probes take turns, round after round, so a slow moment of the machine weighs on the
 * baseline as much as on what is compared with it.
 */
function freshTimes(probes, rounds = 21, cwd = new URL("..", import.meta.url)) {
  const times = probes.map(() => []);
  for (let r = 0; r < rounds; r++) {
    probes.forEach(({ setup = "", timed }, i) => {
      const code = `${setup} const t0 = performance.now(); ${timed} process.stdout.write(String(performance.now() - t0));`;
      // From inside the repository by default, so "kubegate" resolves through node_modules/ as in
      // the tests.
      times[i].push(Number(execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd, encoding: "utf8" })));
    });
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]);
}

/** The import table and the wasm sizes table, as Markdown lines. */
function importsAndSizes() {
  const dir = mkdtempSync(join(tmpdir(), "kubegate-bench-"));
  const empty = join(dir, "empty.mjs");
  writeFileSync(empty, "export {};\n");
  const importOf = (specifier) => ({ timed: `await import(${JSON.stringify(specifier)});` });
  const emptyUrl = JSON.stringify(new URL(`file://${empty}`).href);
  // What a wasm alone costs: its compile, once the module loader has started (as it has when an
  // import compiles it).
  const compileOf = (file) => ({
    setup: `await import(${emptyUrl}); const bytes = process.getBuiltinModule("node:fs").readFileSync(${JSON.stringify(new URL(file, pkg).pathname)});`,
    timed: "new WebAssembly.Module(bytes);",
  });
  // A second baseline: an empty package imported by name, with an exports map of the same shape
  // as kubegate's. Resolving a bare specifier (finding node_modules/, reading package.json,
  // matching its exports) is Node's cost for any package, not kubegate's, and the empty module
  // above does not pay it. Both packages sit in the same node_modules/, so they resolve alike.
  const modules = join(dir, "node_modules");
  const baseline = join(modules, "kubegate-empty");
  mkdirSync(baseline, { recursive: true });
  symlinkSync(new URL(".", pkg).pathname, join(modules, "kubegate"), "dir");
  const entry = { types: "./index.d.ts", node: "./node.js", default: "./index.js" };
  writeFileSync(join(baseline, "package.json"), JSON.stringify({ name: "kubegate-empty", type: "module", exports: { ".": entry, "./gates": { ...entry, node: "./gates-node.js" } } }));
  writeFileSync(join(baseline, "gates-node.js"), "export {};\n");
  const [base, basePackage, gates, full, compile, compileAll] = freshTimes(
    [
      importOf(new URL(`file://${empty}`).href),
      importOf("kubegate-empty/gates"),
      importOf("kubegate/gates"),
      importOf("kubegate"),
      compileOf("gates/kubegate_gates_bg.wasm"),
      compileOf("kubegate_bg.wasm"),
    ],
    21,
    dir,
  );
  const out = ["| Node import, fresh process | ms | ratio to an empty module |", "|---|---:|---:|"];
  out.push(`| baseline: \`import()\` of an empty module | ${fmt(base)} | 1.00 |`);
  out.push(`| baseline: \`import()\` of an empty package by name (\`"kubegate-empty/gates"\`, same exports map shape: Node's package resolution, which every package pays) | ${fmt(basePackage)} | ${(basePackage / base).toFixed(2)} |`);
  out.push(`| \`import { FeatureGate } from "kubegate/gates"\` (gate core, its own wasm) | ${fmt(gates)} | ${(gates / base).toFixed(1)} |`);
  out.push(`| \`import { FeatureGate } from "kubegate"\` (Node: the gate core's wasm; the other areas load on first use) | ${fmt(full)} | ${(full / base).toFixed(1)} |`);
  out.push(`| what kubegate itself adds to an import of \`kubegate/gates\` (that import minus the empty package's) | ${fmt(gates - basePackage)} | ${((gates - basePackage) / base).toFixed(1)} |`);
  out.push(`| of either import: compiling the gate core's wasm (\`new WebAssembly.Module\`) | ${fmt(compile)} | ${(compile / base).toFixed(1)} |`);
  out.push(`| not part of either: compiling every area's wasm, on the first use of an area outside the gate core | ${fmt(compileAll)} | ${(compileAll / base).toFixed(1)} |`);
  rmSync(dir, { recursive: true });
  out.push("", "| package wasm | raw bytes | gzipped (-9) |", "|---|---:|---:|");
  for (const [name, file] of [
    ["`kubegate_bg.wasm` (every area: the browser main entry, and Node's once a non-gate area is used)", "kubegate_bg.wasm"],
    ["`gates/kubegate_gates_bg.wasm` (`kubegate/gates`)", "gates/kubegate_gates_bg.wasm"],
    ["`cli/kubegate_cli_bg.wasm` (`npx kubegate`)", "cli/kubegate_cli_bg.wasm"],
  ]) {
    const w = readFileSync(new URL(file, pkg));
    out.push(`| ${name} | ${w.length} | ${gzipSync(w, { level: 9 }).length} |`);
  }
  return out;
}

/**
 * Hostile inputs through the package: each refusal or large call (the cases tests/js/
 * hostile_args.test.mjs and tests/hostile_scale.rs check for their answers) against
 * `JSON.parse` of the same input as JSON text, timed the same way in the same process: a
 * linear pass over the same bytes. A ratio that grows with the input would be the quadratic
 * blow-up the tests cannot time.
 */
async function hostileInputs() {
  const k = await import("kubegate");
  const NOW = "2024-05-01T10:00:00Z";
  const names = (n, prefix) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, true]));
  const specs = (n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`F${i}`, { default: false, preRelease: "Alpha" }]));
  let laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n";
  for (let i = 0; i < 20; i++) {
    const p = String.fromCharCode(97 + i), n = String.fromCharCode(98 + i);
    laughs += `${n}: &${n} [${Array(9).fill(`*${p}`).join(", ")}]\n`;
  }
  let deep = {};
  for (let i = 0; i < 10000; i++) deep = { a: deep };
  // Too deep for JSON.stringify's recursion; written out (JSON.parse reads it without recursing).
  const deepJson = `${'{"a":'.repeat(10000)}{}${"}".repeat(10000)}`;
  const errors = Array.from({ length: 100000 }, (_, i) => `e${i % 50000}`);
  const nodes = Array.from({ length: 50001 }, () => ({}));
  const pods = Array.from({ length: 50001 }, () => ({}));
  const cases = [
    ["`FeatureGate.setFromMap` of 500,000 names (over the limit: refused)", names(500_000, "Unknown"), (v) => new k.FeatureGate("1.30").setFromMap(v)],
    ["`FeatureGate.setFromMap` of 10,000 unknown names (Kubernetes' refusal)", names(10_000, "Unknown"), (v) => new k.FeatureGate("1.30").setFromMap(v)],
    ["`FeatureGate.set` of a 400,000-entry flag (over the limit: refused)", Array.from({ length: 400_000 }, (_, i) => `U${i}=true`).join(","), (v) => new k.FeatureGate("1.30").set(v)],
    ["`FeatureGate.add` of 10,000 features, then `getAll` and `featureStates`", specs(10_000), (v) => { const g = new k.FeatureGate("1.30"); g.add(v); g.getAll(); g.featureStates(); g.free(); }],
    ["`resolveKubeletConfig` of a YAML alias bomb (refused past 500,000 nodes)", { args: ["--config=/k"], files: { "/k": laughs } }, (v) => k.resolveKubeletConfig(v)],
    ["`resolveKubeletConfig` of an object 10,000 levels deep (refused at 100)", deep, (v) => k.resolveKubeletConfig(v), deepJson],
    ["`parseFeatureList` of 2 MiB (over the limit: refused)", "#".repeat(2 << 20), (v) => k.parseFeatureList(v)],
    ["`simulateCluster` of 5000 nodes for 24h (over the per-call limit: refused)", { nodes: 5000, duration: "24h" }, (v) => k.simulateCluster(v)],
    ["`setReadyCondition` with 100,000 runtime errors (aggregated)", errors, (v) => k.setReadyCondition({}, NOW, { runtimeError: v })],
    ["`monitorNodeHealth` of 50,001 nodes (over the limit: refused)", nodes, (v) => new k.NodeLifecycleController().monitorNodeHealth({ now: NOW, nodes: v })],
    ["`PodConfig.merge` of 50,001 pods (over the limit: refused)", pods, (v) => new k.PodConfig({}).merge("a", { op: "SET", pods: v })],
  ];
  const quiet = (f) => () => { try { f(); } catch { /* the refusal is what is timed */ } };
  const out = [
    "| hostile input, through the package | ms | baseline: `JSON.parse` of the same input as JSON, ms | ratio to the baseline |",
    "|---|---:|---:|---:|",
  ];
  for (const [label, input, call, json = JSON.stringify(input)] of cases) {
    const base = perRun(() => JSON.parse(json), 7);
    const ms = perRun(quiet(() => call(input)), 7);
    // A few bytes of input whose cost is the limit it runs into: no pass over its bytes compares.
    const ratio = json.length < 1024 ? "n/a (input under 1 KB)" : (ms / base).toFixed(1);
    out.push(`| ${label} (${json.length} bytes as JSON) | ${fmt(ms)} | ${fmt(base)} | ${ratio} |`);
  }
  return out;
}

if (process.argv.includes("--hostile")) {
  console.log((await hostileInputs()).join("\n"));
  process.exit(0);
}

if (process.argv.includes("--imports")) {
  console.log(importsAndSizes().join("\n"));
  process.exit(0);
}

const { FeatureGate, kubernetesFeatures, parseFeatureList, renderFeatureList, releaseFeatures } = await import("kubegate");

/**
 * ns per call of each probe, the probes taking turns: each round times every probe once, in
 * order, so a slow moment of a shared machine lands on all of them alike. Returns each probe's
 * median ns and its median ratio to the first probe over the rounds (each ratio taken within one
 * round).
 */
function perCallInTurns(probes, rounds = 15) {
  for (const [fn, n] of probes) for (let i = 0; i < n; i++) fn(i); // warm up (JIT)
  const times = probes.map(() => []);
  const ratios = probes.map(() => []);
  for (let r = 0; r < rounds; r++) {
    const round = probes.map(([fn, n]) => {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) fn(i);
      return Number(process.hrtime.bigint() - t0) / n;
    });
    round.forEach((t, p) => {
      times[p].push(t);
      ratios[p].push(t / round[0]);
    });
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return probes.map((_, p) => [median(times[p]), median(ratios[p])]);
}

function perRun(fn, rounds = 31) {
  fn();
  const times = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const features = kubernetesFeatures();
const gate = new FeatureGate("1.34");
gate.addVersioned(features);
gate.set("AllAlpha=true,NodeSwap=true");
const names = Object.keys(features);
const map = new Map(gate.featureStates().map((s) => [s.name, s.enabled]));
const ids = names.map((n) => gate.featureId(n));
const mask = names.length;

let sink = 0;
const [[mapGet], [byName, byNameRatio], [byId, byIdRatio]] = perCallInTurns([
  [(i) => { sink ^= map.get(names[i % mask]) ? 1 : 0; }, 1_000_000],
  [(i) => { sink ^= gate.enabled(names[i % mask]) ? 1 : 0; }, 1_000_000],
  [(i) => { sink ^= gate.enabledById(ids[i % mask]) ? 1 : 0; }, 1_000_000],
]);

const rows = [
  ["baseline: `Map.get(name)` on a plain JS Map", mapGet, 1],
  ["`gate.enabled(name)`", byName, byNameRatio],
  ["`gate.enabledById(id)` (hot path)", byId, byIdRatio],
];

// The 1.34 release written as upstream's versioned_feature_list.yaml (the same format and size).
const text = renderFeatureList(releaseFeatures("1.34"));
const listSize = Object.keys(releaseFeatures("1.34")).length;
const loadBuiltin = perRun(() => {
  const g = new FeatureGate("1.34");
  g.addVersioned(kubernetesFeatures());
  g.set("AllAlpha=true,NodeSwap=true");
  g.free();
});
const loadYaml = text && perRun(() => {
  const g = new FeatureGate("1.34");
  g.addVersioned(parseFeatureList(text));
  g.set("AllAlpha=true,NodeSwap=true");
  g.free();
});
// Reading the list alone, against a raw parse of the same data as JSON text in the same process.
const asJson = text && JSON.stringify(parseFeatureList(text));
const jsonParse = text && perRun(() => JSON.parse(asJson), 101);
const yamlParse = text && perRun(() => parseFeatureList(text), 101);
const out = [];
out.push(`Node ${process.version}, ${names.length} features, each figure the median of repeated rounds (the three reads taking turns in each round; a ratio is the median of the ratios within a round).`, "");
// The goals: `enabled(name)` within 2x and `enabledById` within 1.5x of a `Map.get`.
const against = (ratio, goal) => `within ${goal}x: ${ratio <= goal ? "met" : "not met"}`;
out.push("| per call | ns | ratio to `Map.get` | goal |", "|---|---:|---:|---|");
out.push(`| ${rows[0][0]} | ${fmt(rows[0][1])} | 1.00 | |`);
out.push(`| ${rows[1][0]} | ${fmt(rows[1][1])} | ${rows[1][2].toFixed(2)} | ${against(rows[1][2], 2)} |`);
out.push(`| ${rows[2][0]} | ${fmt(rows[2][1])} | ${rows[2][2].toFixed(2)} | ${against(rows[2][2], 1.5)} |`);
out.push("", "| whole list | ms |", "|---|---:|");
out.push(`| new gate + \`addVersioned(kubernetesFeatures())\` + \`set\` | ${fmt(loadBuiltin)} |`);
if (loadYaml) out.push(`| new gate + \`addVersioned(parseFeatureList(${listSize}-feature YAML))\` + \`set\` | ${fmt(loadYaml)} |`);
if (yamlParse) {
  out.push("", "| reading the list | ms | ratio to `JSON.parse` |", "|---|---:|---:|");
  out.push(`| baseline: \`JSON.parse\` of the same list as JSON (${asJson.length} bytes) | ${fmt(jsonParse)} | 1.00 |`);
  out.push(`| \`parseFeatureList\` of the ${listSize}-feature YAML (${text.length} bytes) | ${fmt(yamlParse)} | ${(yamlParse / jsonParse).toFixed(1)} |`);
}
// The goal: 50,000 pods through each PodConfig operation and 50,000 nodes through one controller
// pass, through the package, each under a second. Each script runs in its own process and prints
// wall and CPU time (CPU time counts V8's garbage collector threads too, so it is the larger and
// the steadier on a shared machine), and a JSON round trip of the same input (stringify + parse)
// timed the same way: the least any call that takes and returns it does. The goal column reads
// the CPU time, as the steadier of the two.
// Each script runs three times, each in a fresh process, and each row is the median of its three
// wall and CPU times, as the tables above take medians of repeated rounds.
function scaleRows(script) {
  const runs = [0, 1, 2].map(() => {
    const text = execFileSync(process.execPath, [script, "50000"], { cwd: new URL("..", import.meta.url), encoding: "utf8" });
    return [...text.matchAll(/^(.+?)\s+wall\s+(\d+) ms, cpu\s+(\d+) ms$/gm)].map((m) => [m[1].trim(), Number(m[2]), Number(m[3])]);
  });
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return runs[0].map(([label]) => {
    const rows = runs.map((r) => r.find((row) => row[0] === label)).filter(Boolean);
    return [label, median(rows.map((r) => r[1])), median(rows.map((r) => r[2]))];
  });
}
out.push("", "| 50,000 pods or nodes through the package (median of three runs) | wall ms | CPU ms | CPU, ratio to the baseline above it | goal: under 1 s |", "|---|---:|---:|---:|---|");
for (const [area, script] of [["PodConfig", "tests/fuzz/scale_pods.mjs"], ["monitorNodeHealth", "tests/fuzz/scale_nodes.mjs"]]) {
  let base = null;
  for (const [label, wall, cpu] of scaleRows(script)) {
    const isBase = label.startsWith("baseline");
    if (isBase) base = cpu;
    const goal = isBase ? "" : `${(cpu / 1000).toFixed(2)} s CPU: ${cpu < 1000 ? "met" : "not met"}`;
    out.push(`| ${isBase ? label : `${area}: ${label}`} | ${wall} | ${cpu} | ${base ? (cpu / base).toFixed(1) : ""} | ${goal} |`);
  }
}
out.push("", ...(await hostileInputs()));
out.push("", ...importsAndSizes());
console.log(out.join("\n"));
if (sink === 42) console.log("");
