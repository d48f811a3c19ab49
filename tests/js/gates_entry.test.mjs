// `kubegate/gates`, the lean entry: the same answers as the main entry (it is the same core and
// the same checks over a smaller wasm), and a module graph that never reaches the full wasm.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import * as node from "kubegate";
import * as lean from "kubegate/gates";

// In Node the main entry's gate core *is* kubegate/gates (one wasm, compiled once), so the answers
// are compared with the full wasm's own gate core as browsers get it: the main browser entry,
// loaded here by hand.
const pkg = dirname(fileURLToPath(import.meta.resolve("kubegate/package.json")));
const full = await import(pathToFileURL(join(pkg, "index.js")).href);
full.initSync({ module: readFileSync(join(pkg, "kubegate_bg.wasm")) });

const GATE_CORE = ["LIMITS", "FeatureGate", "parseFeatureList", "kubernetesFeatures", "kubernetesDependencies", "renderFeatureList", "toYaml", "version", "releases", "releaseGates", "releaseFeatures", "releasePatchRange", "gateHistory", "initSync", "default"];

test("kubegate/gates exports the gate core and nothing of the other areas", () => {
  assert.deepEqual(Object.keys(lean).sort(), [...GATE_CORE].sort());
  // facts() speak for every area (kubelet defaults, node timings), which this wasm does not have.
  assert.equal(lean.facts, undefined);
  for (const name of GATE_CORE) assert.equal(typeof lean[name], typeof full[name], name);
  assert.deepEqual(lean.LIMITS, full.LIMITS);
});

// What a gate string does to a gate at a release: the value of every touched feature, or the error.
function outcome(entry, release, flags) {
  const gate = entry.FeatureGate.forRelease(release);
  try {
    gate.set(flags);
  } catch (e) {
    return { kind: e.kind, message: e.message, function: e.function };
  }
  const names = flags.split(",").map((kv) => kv.split("=")[0].trim());
  return Object.fromEntries(names.map((n) => [n, gate.enabled(n)]));
}

test("a gate string gets the same answer, and the same Kubernetes error text, from both entries", () => {
  const cases = [
    ["1.34", "NodeSwap=true"],
    ["1.34", "NodeSwap=false"],
    ["1.31", "InPlacePodVerticalScaling=true,AllAlpha=false"],
    ["1.34", "NoSuchGate=true"],
    ["1.34", "NodeSwap=maybe"],
    ["1.30", "AllBeta=true"],
  ];
  const errors = new Set();
  for (const [release, flags] of cases) {
    const want = outcome(full, release, flags);
    assert.deepEqual(outcome(lean, release, flags), want, `${release} ${flags}`);
    if (want.message) errors.add(want.message);
  }
  // The cases above do reach Kubernetes' own errors, so the comparison covers their texts.
  assert.ok(errors.has("cannot set feature gate NodeSwap to false, feature is locked to true"), [...errors].join("\n"));
  assert.ok(errors.has("unrecognized feature gate: NoSuchGate"), [...errors].join("\n"));
});

test("the rest of the gate core answers as the main entry does", () => {
  assert.deepEqual(lean.version(), full.version());
  assert.deepEqual(lean.releases(), full.releases());
  assert.deepEqual(lean.releaseGates("1.33"), full.releaseGates("1.33"));
  assert.deepEqual(lean.releaseFeatures("1.30"), full.releaseFeatures("1.30"));
  assert.deepEqual(lean.kubernetesFeatures(), full.kubernetesFeatures());
  assert.deepEqual(lean.kubernetesDependencies(), full.kubernetesDependencies());
  const list = "- name: X\n  versionedSpecs:\n  - {default: true, preRelease: Beta, version: '1.30'}\n";
  assert.deepEqual(lean.parseFeatureList(list), full.parseFeatureList(list));
  assert.equal(lean.renderFeatureList(lean.parseFeatureList(list)), full.renderFeatureList(full.parseFeatureList(list)));
  assert.equal(lean.toYaml({ a: [1, "x", null] }), full.toYaml({ a: [1, "x", null] }));
  assert.throws(() => lean.parseFeatureList(42), (e) => {
    let want;
    try { full.parseFeatureList(42); } catch (f) { want = f; }
    return e.kind === want.kind && e.message === want.message && e.kind === "invalidArgument";
  });
});

test("a gate from one entry is not a gate of the other (each wasm keeps its own objects)", () => {
  const g = new lean.FeatureGate("1.34");
  assert.equal(g instanceof lean.FeatureGate, true);
  assert.equal(g instanceof full.FeatureGate, false);
  assert.throws(() => full.FeatureGate.prototype.toString.call(g), { kind: "invalidArgument" });
});

test("in Node, the main entry's gate core is kubegate/gates itself", () => {
  for (const name of GATE_CORE.filter((n) => !["initSync", "default"].includes(n))) assert.equal(node[name], lean[name], name);
  const g = new node.FeatureGate("1.34");
  assert.equal(g instanceof lean.FeatureGate, true);
});

test("every entry reads any YAML feature list with the one YAML reader", () => {
  const anchored = "- name: X\n  versionedSpecs:\n  - &beta {default: true, preRelease: Beta, version: '1.30'}\n- name: Other\n  versionedSpecs:\n  - *beta\n";
  const folded = "- name: X\n  versionedSpecs:\n  - default: true\n    preRelease: >-\n      Beta\n    version: '1.30'\n";
  for (const text of [anchored, folded]) {
    assert.deepEqual(node.parseFeatureList(text), full.parseFeatureList(text));
    assert.deepEqual(lean.parseFeatureList(text), full.parseFeatureList(text));
  }
  assert.deepEqual(node.parseFeatureList(anchored).Other, [{ default: true, lockToDefault: false, preRelease: "Beta", version: "1.30" }]);
  // A list that is wrong gets the same error from every entry.
  const broken = "- name: X\n  versionedSpecs: &a [\n";
  let want;
  try { full.parseFeatureList(broken); } catch (f) { want = f; }
  assert.ok(want, "the full reader refuses the broken list");
  for (const entry of [node, lean]) {
    assert.throws(() => entry.parseFeatureList(broken), (e) => e.kind === want.kind && e.message === want.message);
  }
});

test("in Node, the main entry compiles the full wasm only when another area is first used", () => {
  // A fresh process: memory is counted per module, so the summary equals the gate core's alone
  // until an area outside it runs.
  const script = `
    import * as kg from "kubegate";
    import * as lean from "kubegate/gates";
    const gate = kg.FeatureGate.forRelease("1.34");
    gate.set("NodeSwap=true");
    const notAPodConfig = !({} instanceof kg.PodConfig);
    const before = notAPodConfig && kg.initSync().memoryBytes === lean.initSync().memoryBytes;
    const config = kg.resolveKubeletConfig({ args: ["--max-pods=60"] });
    const after = kg.initSync().memoryBytes > lean.initSync().memoryBytes;
    console.log(JSON.stringify({ before, after, maxPods: config.config.maxPods }));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dirname(fileURLToPath(import.meta.url)), encoding: "utf8" });
  assert.deepEqual(JSON.parse(out), { before: true, after: true, maxPods: 60 });
});

test("in Node before 20.16 (no process.getBuiltinModule), both entries refuse to load with an Error that names the Node version needed", () => {
  const script = `
    delete process.getBuiltinModule;
    const out = [];
    for (const entry of ["kubegate", "kubegate/gates"]) {
      try { await import(entry); out.push("loaded"); } catch (e) { out.push([e.kind, e.message]); }
    }
    console.log(JSON.stringify(out));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dirname(fileURLToPath(import.meta.url)), encoding: "utf8" }));
  const refusal = ["init", `kubegate needs Node.js 20.16 or later (process.getBuiltinModule); this is Node.js ${process.version}`];
  assert.deepEqual(out, [refusal, refusal]);
  const manifest = JSON.parse(readFileSync(new URL("../../pkg/package.json", import.meta.url), "utf8"));
  assert.equal(manifest.engines.node, ">=20.16");
});

test("in Node, the other areas are stand-ins: their JavaScript loads when one is touched, their wasm when one is called", () => {
  // A fresh process. `loaded()` says which of the two the process has: the bundled JavaScript of
  // the other areas (areas.cjs, in the require cache once required) and the full wasm (counted in
  // the memory summary).
  const script = `
    import * as kg from "kubegate";
    import * as lean from "kubegate/gates";
    import { createRequire } from "node:module";
    const cache = createRequire(import.meta.url).cache;
    const loaded = () => [Object.keys(cache).some((f) => f.endsWith("areas.cjs")), kg.initSync().memoryBytes > lean.initSync().memoryBytes];
    const steps = { imported: loaded() };
    kg.FeatureGate.forRelease("1.34").set("NodeSwap=true");
    steps.gates = loaded();
    const shape = {
      fn: [kg.resolveKubeletConfig.name, kg.resolveKubeletConfig.length, typeof kg.resolveKubeletConfig, Object.getOwnPropertyNames(kg.resolveKubeletConfig).sort()],
      cls: [kg.PodConfig.name, kg.PodConfig.length, Object.getOwnPropertyNames(kg.PodConfig).sort(), Object.getOwnPropertyNames(kg.PodConfig.prototype).sort(), "prototype" in kg.PodConfig],
      notInstance: {} instanceof kg.PodConfig,
      // Any operation on an export keeps the proxy invariants, freezing included.
      frozen: [Object.isFrozen(Object.freeze(kg.BootstrapController)), Object.getOwnPropertyNames(kg.BootstrapController.prototype).includes("free"), Object.isFrozen(Object.freeze(kg.importNode))],
    };
    steps.touched = loaded();
    let noNew;
    try { kg.PodConfig(); } catch (e) { noNew = [e.kind, e.message]; }
    steps.calledWithoutNew = loaded();
    const pc = new kg.PodConfig();
    class Mine extends kg.NodeLifecycleController {}
    const mine = new Mine();
    shape.instances = [pc instanceof kg.PodConfig, mine instanceof kg.NodeLifecycleController, mine instanceof Mine, typeof mine.settings().nodeMonitorPeriod];
    steps.constructed = loaded();
    console.log(JSON.stringify({ steps, shape, noNew }));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dirname(fileURLToPath(import.meta.url)), encoding: "utf8" }));
  assert.deepEqual(out.steps, {
    imported: [false, false],
    gates: [false, false],
    touched: [true, false],
    calledWithoutNew: [true, false],
    constructed: [true, true],
  });
  // The stand-ins look like the browser entry's exports.
  assert.deepEqual(out.shape.fn, [full.resolveKubeletConfig.name, full.resolveKubeletConfig.length, "function", Object.getOwnPropertyNames(full.resolveKubeletConfig).sort()]);
  assert.deepEqual(out.shape.cls, [full.PodConfig.name, full.PodConfig.length, Object.getOwnPropertyNames(full.PodConfig).sort(), Object.getOwnPropertyNames(full.PodConfig.prototype).sort(), true]);
  assert.equal(out.shape.notInstance, false);
  assert.deepEqual(out.shape.frozen, [true, true, true]);
  assert.deepEqual(out.shape.instances, [true, true, true, "string"]);
  let want;
  try { full.PodConfig(); } catch (e) { want = [e.kind, e.message]; }
  assert.deepEqual(out.noNew, want);
});

// The files a module graph can load: every relative static import, followed; and every file a
// module names through `new URL("...", import.meta.url)` (how the Node entries read their wasm).
function graph(entry) {
  const seen = new Set();
  const urls = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"|import\s*"(\.{1,2}\/[^"]+)"/g)) {
      walk(join(dirname(file), m[1] ?? m[2]));
    }
    for (const m of text.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)) urls.add(join(dirname(file), m[1]));
  };
  walk(entry);
  return { modules: seen, urls };
}

test("importing kubegate/gates never references kubegate_bg.wasm or the full glue", () => {
  for (const entry of [fileURLToPath(import.meta.resolve("kubegate/gates")), join(pkg, "gates.js")]) {
    const { modules, urls } = graph(entry);
    const files = [...modules, ...urls].map((f) => relative(pkg, f));
    assert.ok(!files.includes("kubegate_bg.wasm"), files.join(" "));
    assert.ok(!files.includes("kubegate.js"), files.join(" "));
    assert.ok(!files.includes("api.js"), files.join(" "));
    // The gate core's glue is imported (gates.js) or bundled in (the Node entry is one file:
    // scripts/bundle-node.mjs, whose module comments name what it holds); either way the entry
    // reaches the gate core's wasm, so the checks above looked at the right graph.
    const text = [...modules].map((f) => readFileSync(f, "utf8")).join("\n");
    assert.ok(files.includes("gates/kubegate_gates.js") || /^\/\/ pkg\/gates\/kubegate_gates\.js$/m.test(text), files.join(" "));
    assert.ok(!/^\/\/ pkg\/(kubegate|api|index|node)\.js$/m.test(text), "a bundled entry holds the full glue");
    assert.ok(files.includes("gates/kubegate_gates_bg.wasm"), files.join(" "));
  }
  // The Node entry reads exactly the gate core's wasm (the glue's own default URL points there too).
  const node = graph(fileURLToPath(import.meta.resolve("kubegate/gates")));
  const wasm = [...node.urls].map((f) => relative(pkg, f)).filter((f) => f.endsWith(".wasm"));
  assert.deepEqual([...new Set(wasm)].sort(), ["gates/kubegate_gates_bg.wasm"]);
  // And the main entry's graph does reach the full wasm, so the check above can fail.
  const main = graph(fileURLToPath(import.meta.resolve("kubegate")));
  assert.ok([...main.urls].some((f) => relative(pkg, f) === "kubegate_bg.wasm"));
});
