// Every wrong argument gets kubegate's own Error (kind, function, parameter, path),
// nothing wrong is accepted silently, re-entrant calls work, freed objects say so, and sizes
// beyond the limits are refused with an error that states the limit. How long a refusal or a
// large call takes is a benchmark's question (`node scripts/bench.mjs --hostile`, ratios to a
// baseline of the same run), never a test's: a wall-clock bound fails on a loaded machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as k from "kubegate";

const {
  FeatureGate, ClusterSimulator, PodConfig, BootstrapController, ApiserverSource, HttpSource,
  NodeLifecycleController, resolveKubeletConfig, simulateCluster, setReadyCondition, parseFeatureList,
} = k;

const NOW = "2024-05-01T10:00:00Z";

// Throws kubegate's Error: a real Error with a string kind, and none of the glue's texts.
function refuses(f, expect = {}) {
  let thrown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof Error, `expected an Error, got ${thrown === undefined ? "no throw" : String(thrown)}`);
  assert.equal(typeof thrown.kind, "string", `no kind on: ${thrown.message}`);
  assert.doesNotMatch(thrown.message, /unsafe aliasing|recursive use|Cannot (read|convert)|null pointer|unreachable|memory access/);
  for (const [key, value] of Object.entries(expect)) {
    if (value instanceof RegExp) assert.match(String(thrown[key]), value, `${key}: ${thrown[key]}`);
    else assert.equal(thrown[key], value, `${key} of: ${thrown.message}`);
  }
  return thrown;
}

test("wrong types name the function, the parameter and what was expected", () => {
  const g = new FeatureGate("1.30");
  refuses(() => g.set(42), { kind: "invalidArgument", function: "FeatureGate.set", parameter: "value", expected: "a string", message: /FeatureGate\.set\(value\).*expected a string, got the number 42/ });
  refuses(() => g.enabled(1n), { kind: "invalidArgument", message: /got a BigInt/ });
  refuses(() => g.enabled(Symbol("s")), { kind: "invalidArgument", message: /got a symbol/ });
  refuses(() => g.set("\ud800"), { kind: "invalidArgument", message: /lone surrogate/ });
  refuses(() => g.enabledById(undefined), { kind: "invalidArgument", parameter: "id" });
  refuses(() => g.enabledById(1.5), { kind: "invalidArgument", parameter: "id" });
  refuses(() => g.enabledById(-1), { kind: "invalidArgument", parameter: "id" });
  refuses(() => g.overrideDefault("X", "yes"), { kind: "invalidArgument", parameter: "value", expected: "a boolean" });
  refuses(() => new ApiserverSource({ nodeName: "n" }).setNodeSynced(undefined), { kind: "invalidArgument", parameter: "synced" });
  refuses(() => new BootstrapController(), { kind: "invalidArgument", function: "new BootstrapController", parameter: "config" });
  const b = new BootstrapController({ apiservers: ["192.168.0.2"] });
  refuses(() => b.createService(undefined, true), { kind: "invalidArgument", parameter: "service" });
  refuses(() => b.createService({ metadata: { namespace: "default", name: "s" }, spec: {} }, undefined), { kind: "invalidArgument", parameter: "allocate" });
  refuses(() => b.allocateNodePort(2 ** 40), { kind: "invalidArgument", parameter: "port" });
  refuses(() => FeatureGate("1.30"), { kind: "invalidArgument", message: /use `new FeatureGate/ });
});

test("structured input: the path of the bad field", () => {
  refuses(() => resolveKubeletConfig({ args: ["--v=2"], dynamic: { assigned: { modified: "yesterday" } } }), { kind: "invalidInput", path: "dynamic.assigned.modified", message: /resolveKubeletConfig: invalid kubelet config input: dynamic\.assigned\.modified: invalid type/ });
  refuses(() => simulateCluster({ nodes: 1, duration: "1h", faults: [{ kind: "kubeletStopped", at: 5 }] }), { kind: "invalidInput", path: "faults[0].at" });
  refuses(() => simulateCluster({ nodes: 1, duration: "1h", controller: { nodeMonitorPeriod: 1n } }), { kind: "invalidArgument", path: "controller.nodeMonitorPeriod", message: /got a BigInt/ });
  refuses(() => simulateCluster({ nodes: 1, duration: "1h", seed: NaN }), { kind: "invalidArgument", path: "seed", expected: "a finite number" });
  refuses(() => resolveKubeletConfig({ args: [undefined] }), { kind: "invalidArgument", path: "args[0]" });
  const cyclic = { args: [] };
  cyclic.self = cyclic;
  refuses(() => resolveKubeletConfig(cyclic), { kind: "invalidArgument", path: "self", message: /without cycles/ });
  refuses(() => resolveKubeletConfig({ args: [], files: new Map() }), { kind: "invalidArgument", path: "files", message: /plain object/ });
});

test("no silent acceptance: unknown keys, negative durations, version suffixes, undefined", () => {
  refuses(() => resolveKubeletConfig({ args: [], arg: ["--v=2"] }), { kind: "invalidInput", message: /unknown field `arg`/ });
  refuses(() => new PodConfig({ mode: "Incremental", node: "x" }), { kind: "invalidInput", message: /unknown field `node`/ });
  refuses(() => new HttpSource({ url: "http://x", nodeName: "n", perod: "1s" }), { kind: "invalidInput", message: /unknown field `perod`/ });
  const sim = new ClusterSimulator({ nodes: 2, duration: "1m" });
  refuses(() => sim.advance("-1s"), { kind: "simulator", message: "duration must not be negative, got -1s" });
  refuses(() => sim.advanceQuiet("-5m"), { kind: "simulator", message: /must not be negative/ });
  refuses(() => new FeatureGate("1.30x"), { message: /could not parse "1\.30x" as version/ });
  // Go's %q, as Kubernetes' own version parser words it: \x01, not Rust's \u{1}.
  refuses(() => new FeatureGate("1.30\u0001"), { message: 'invalid emulation version: could not parse "1.30\\x01" as version' });
  refuses(() => new FeatureGate(" 1.30"), { message: /could not parse/ });
  assert.equal(new FeatureGate("v1.30").emulationVersion(), "1.30");
  assert.equal(new FeatureGate("1.30.2").emulationVersion(), "1.30.2");
  refuses(() => new HttpSource({ url: "http://x", nodeName: "n" }).serve(undefined), { kind: "invalidArgument", parameter: "response" });
  // An undefined member is refused where JSON.stringify would drop it.
  refuses(() => new FeatureGate("1.30").setFromMap({ A: undefined }), { kind: "invalidArgument", parameter: "values", path: "A", message: /no undefined members/ });
  refuses(() => resolveKubeletConfig({ args: [], files: { "/a": "x", "/b": undefined } }), { kind: "invalidArgument", path: 'files["/b"]' });
  // Positional arrays where a struct is expected, stage names in Go's spelling.
  refuses(() => new FeatureGate("1.30").add({ X: [false, false, "Alpha"] }), { kind: "invalidInput", path: "X", message: /invalid type: sequence, expected struct FeatureSpec/ });
  refuses(() => new FeatureGate("1.30").addVersioned({ X: [[false, false, "Alpha", "1.30"]] }), { kind: "invalidInput", path: "X[0]", message: /expected struct FeatureSpec/ });
  refuses(() => new ClusterSimulator({ nodes: 1, duration: "1m", faults: [["kubeletStopped", "5s"]] }), { kind: "invalidInput", path: "faults[0]", message: /invalid type: sequence, expected struct Fault/ });
  for (const stage of ["ALPHA", "alpha", "BETA", ""]) {
    refuses(() => new FeatureGate("1.30").add({ X: { default: false, preRelease: stage } }), { kind: "invalidInput", path: "X.preRelease", message: /unknown preRelease/ });
  }
});

test("hostile objects: throwing getters, revoked proxies, callbacks into the same object", () => {
  const g = new FeatureGate("1.30");
  g.add({ A: { default: false, preRelease: "Alpha" } });
  const throwing = Object.defineProperty({}, "A", { enumerable: true, get() { throw new Error("no"); } });
  refuses(() => g.setFromMap(throwing), { kind: "invalidArgument", path: "A", message: /cannot be read \(no\)/ });
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  refuses(() => g.setFromMap(proxy), { kind: "invalidArgument" });
  refuses(() => g.addVersioned(new Proxy({}, { ownKeys() { throw new Error("keys"); } })), { kind: "invalidArgument" });
  // A getter that calls back into the gate being called: the argument is read before wasm runs.
  const reentrant = Object.defineProperty({}, "A", { enumerable: true, get() { g.set("A=true"); return g.enabled("A") === true ? false : true; } });
  g.setFromMap(reentrant);
  assert.equal(g.enabled("A"), false);
  const pc = new PodConfig({});
  const pods = Object.defineProperty({ op: "ADD" }, "pods", { enumerable: true, get() { pc.channel("inner"); return []; } });
  pc.merge("outer", pods);
  assert.deepEqual(pc.sources(), ["inner", "outer"]);
});

test("using an object after free() is a clear error; free() twice is harmless", () => {
  const g = new FeatureGate("1.30");
  g.free();
  g.free();
  refuses(() => g.enabled("AllAlpha"), { kind: "freed", message: "FeatureGate.enabled: this FeatureGate was freed (free() was called); create a new one" });
  refuses(() => g.enabledById(0), { kind: "freed" });
  const s = new ClusterSimulator({ nodes: 1, duration: "1m" });
  s[Symbol.dispose]();
  refuses(() => s.advance("1s"), { kind: "freed" });
  refuses(() => FeatureGate.prototype.enabled.call({}, "A"), { kind: "invalidArgument", parameter: "this" });
  refuses(() => PodConfig.prototype.sync.call(g), { kind: "invalidArgument", message: /not a PodConfig/ });
});

test("sizes beyond the limits are refused, stating the limit", () => {
  refuses(() => simulateCluster({ nodes: 5000, duration: "168h", rateWindow: "1ms" }), { kind: "simulator", message: /the limit is 100000/ });
  refuses(() => simulateCluster({ nodes: 5000, duration: "24h" }), { kind: "simulator", message: /the limit is 8000000 per call/ });
  refuses(() => new ClusterSimulator({ nodes: 5000, duration: "1h", controller: { nodeMonitorPeriod: "1ms" } }).advance("1h"), { kind: "simulator", message: /advance in smaller steps/ });
  refuses(() => simulateCluster({ nodes: 5001, duration: "1h" }), { message: /nodes must be between 1 and 5000/ });
  refuses(() => new BootstrapController({ apiservers: Array.from({ length: 10000 }, (_, i) => `10.${i >> 8}.${i & 255}.1`) }), { kind: "limit", message: /the limit is 32/ });
  refuses(() => new BootstrapController({ apiservers: ["192.168.0.2"] }).advance("48h"), { kind: "limit", message: /at most 1h0m0s/ });
  refuses(() => new FeatureGate().enabled("x".repeat(9 * 1024 * 1024)), { kind: "limit", message: /limit of 8388608/ });
  let laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n";
  for (let i = 0; i < 20; i++) {
    const p = String.fromCharCode(97 + i), n = String.fromCharCode(98 + i);
    laughs += `${n}: &${n} [${Array(9).fill(`*${p}`).join(", ")}]\n`;
  }
  refuses(() => resolveKubeletConfig({ args: ["--config=/k"], files: { "/k": laughs } }), { kind: "kubeletConfig", message: /more than 500000 nodes/ });
  refuses(() => parseFeatureList("#".repeat(2 << 20)), { message: /the limit is 1048576/ });
  let deep = {};
  for (let i = 0; i < 10000; i++) deep = { a: deep };
  refuses(() => resolveKubeletConfig(deep), { kind: "limit", message: /deeper than the limit of 100/ });
  refuses(() => resolveKubeletConfig({ args: [], files: { "/k": "a".repeat(3 << 20) } }), { message: /input too large/ });
  // The package's own byte limit is half the core's (wasm decodes YAML at about half speed).
  refuses(() => resolveKubeletConfig({ args: [], files: { "/k": "a".repeat((1 << 20) - 1) } }), { kind: "kubeletConfig", message: /^input too large: 1048577 bytes \(limit 1048576\)$/ });
  refuses(() => k.checkKubeletUpgrade({ args: [], files: { "/k": "a".repeat(1 << 20) } }, "1.31"), { kind: "kubeletConfig", message: /\(limit 1048576\)/ });
  refuses(() => new PodConfig({}).merge("a", { op: "SET", pods: Array.from({ length: 50001 }, () => ({})) }), { kind: "limit", message: /the limit is 50000 per update/ });
  refuses(() => new HttpSource({ url: "http://x/pods", nodeName: "n" }).serve({ status: 200, body: "#".repeat((1 << 20) + 1) }), { kind: "limit", message: /a body of 1048577 bytes; the limit is 1048576$/ });
  const files = new k.FileSource({ path: "/m", nodeName: "n" });
  refuses(() => files.writeFile("big.yaml", "#".repeat(1 << 20)), { kind: "podConfig", message: /the limit is 1048576$/ });
  assert.deepEqual(files.files(), {});
  refuses(() => new NodeLifecycleController().monitorNodeHealth({ now: NOW, nodes: Array.from({ length: 50001 }, () => ({})) }), { kind: "limit", message: /the limit is 50000 per pass/ });
  // A map of feature values past LIMITS.maxFeatureValues is refused before it is copied.
  const unknown = Object.fromEntries(Array.from({ length: 500_000 }, (_, i) => [`Unknown${i}`, true]));
  refuses(() => new FeatureGate("1.30").setFromMap(unknown), { kind: "limit", parameter: "values", message: "FeatureGate.setFromMap(values): 500000 feature values; the limit is 10000" });
  // At the limit, every entry unknown: Kubernetes' own refusal, within the second.
  const atLimit = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`Unknown${i}`, true]));
  refuses(() => new FeatureGate("1.30").setFromMap(atLimit), { kind: "unrecognized", message: "unrecognized feature gate: Unknown0" });
  const flag = Array.from({ length: 400_000 }, (_, i) => `U${i}=true`).join(",");
  refuses(() => new FeatureGate("1.30").set(flag), { kind: "limit", parameter: "value", message: "FeatureGate.set(value): more than 10000 entries; the limit is 10000" });
  refuses(() => new FeatureGate("1.30").set(Array.from({ length: 10_000 }, (_, i) => `U${i}=true`).join(",")), { kind: "unrecognized" });
  // Features added to one gate: per call and all calls together.
  const specs = (n, prefix) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { default: false, preRelease: "Alpha" }]));
  const many = specs(500_000, "F");
  refuses(() => new FeatureGate("1.30").add(many), { kind: "limit", parameter: "features", message: "FeatureGate.add(features): 500000 features; the limit is 10000" });
  const g = new FeatureGate("1.30");
  const before = Object.keys(g.getAll()).length;
  g.add(specs(10_000, "F"));
  assert.equal(Object.keys(g.getAll()).length, before + 10_000);
  assert.equal(g.featureStates().filter((f) => /^F\d+$/.test(f.name)).length, 10_000);
  refuses(() => g.add(specs(1, "G")), { kind: "limit", message: "FeatureGate.add(features): 10000 features added before and 1 now; the limit is 10000 per gate" });
  refuses(() => g.deepCopy().addVersioned({ G: [{ default: false, version: "1.30" }] }), { kind: "limit", message: /the limit is 10000 per gate/ });
  refuses(() => new FeatureGate("1.30").addDependencies(Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`F${i}`, []]))), { kind: "limit", message: "FeatureGate.addDependencies(dependencies): 10001 features; the limit is 10000" });
});

test("unknown keys in kubegate's own shapes nested in an argument are refused, with their path", () => {
  refuses(() => new NodeLifecycleController().monitorNodeHealth({ now: NOW, nodes: [], pods: [{ namespace: "a", name: "b", nodeName: "c", nodename: "c" }] }), { kind: "invalidInput", path: "pods[0].nodename" });
  refuses(() => simulateCluster({ nodes: 2, duration: "1m", controller: { nodeMonitorPeriod: "5s", zz: 1 } }), { kind: "invalidInput", path: "controller.zz" });
  refuses(() => new HttpSource({ url: "http://x/pods", nodeName: "n" }).serve({ status: 200, body: "", zz: 1 }), { kind: "invalidInput", path: "zz" });
});

test("ready errors are aggregated: duplicates dropped, first appearance kept", () => {
  const { node } = setReadyCondition({}, NOW, { runtimeError: Array.from({ length: 100000 }, (_, i) => `e${i % 50000}`) });
  const message = node.status.conditions[0].message;
  // Each of the 50,000 distinct errors once, in order, then the node's own missing capacity.
  const distinct = Array.from({ length: 50000 }, (_, i) => `e${i}`).join(", ");
  assert.ok(message.startsWith(`[${distinct}, missing node capacity for resources: `), message.slice(0, 40));
});

test("an object freed from a getter of its own argument answers kind freed", () => {
  const pc = new PodConfig({ mode: "Incremental" });
  const update = { op: "set", get pods() { pc.free(); return []; } };
  refuses(() => pc.merge("file", update), { kind: "freed", message: /was freed/ });
  const g = new FeatureGate("1.30");
  g.add({ A: { default: false, preRelease: "Alpha" } });
  refuses(() => g.setFromMap({ get A() { g.free(); return true; } }), { kind: "freed" });
});

// A positional array where a struct is expected: refused at every entry point, with the path
// (serde's derive alone would fill the struct from it, field by field).
const { prepareForCreate, builtinFieldGateSchemas, explainNode } = k;
const SEQ = /invalid type: sequence, expected struct/;

test("a node's status as an array: the controller pass and the node status API", () => {
  const ctl = new NodeLifecycleController({ kubernetesVersion: "1.32" });
  const node = (status) => ({ metadata: { name: "node0", creationTimestamp: "2012-01-01T00:00:00Z" }, status });
  const ready = { type: "Ready", status: "True", lastHeartbeatTime: NOW, lastTransitionTime: NOW };
  ctl.monitorNodeHealth({ now: NOW, nodes: [node({ conditions: [ready] })], pods: [] });
  refuses(() => ctl.monitorNodeHealth({ now: NOW, nodes: [node([[ready]])], pods: [] }), { kind: "invalidInput", path: "nodes[0].status", message: SEQ });
  refuses(() => ctl.monitorNodeHealth({ now: NOW, nodes: [node({ conditions: [["Ready", "True"]] })], pods: [] }), { kind: "invalidInput", path: "nodes[0].status.conditions[0]", message: SEQ });
  refuses(() => setReadyCondition({ status: [{}] }, NOW, {}), { message: SEQ });
});

test("a node's status as an array: explainNode", () => {
  const text = JSON.stringify({ apiVersion: "v1", kind: "Node", metadata: { name: "n1" }, status: [[], {}] });
  refuses(() => explainNode(text), { message: SEQ });
});

test("pods whose spec or metadata is an array, through PodConfig", () => {
  const c = new PodConfig({ sources: ["file"] });
  const pod = { metadata: { name: "p", namespace: "default", uid: "u" }, spec: { containers: [] } };
  c.merge("file", { op: "ADD", pods: [pod] });
  for (const op of ["ADD", "UPDATE", "SET"]) {
    refuses(() => c.merge("file", { op, pods: [{ ...pod, spec: [{ containers: [] }] }] }), {
      message: /^pods\[0\]: json: cannot unmarshal array into Go struct field Pod\.spec of type v1\.PodSpec/,
    });
    refuses(() => c.merge("file", { op, pods: [{ ...pod, status: ["Running"] }] }), { message: /Go struct field Pod\.status of type v1\.PodStatus/ });
    refuses(() => c.merge("file", { op, pods: [{ ...pod, metadata: ["p", "default", "u"] }] }), { message: /metadata: must be an object/ });
  }
  c.free();
});

test("a simulator fault as an array", () => {
  refuses(() => new ClusterSimulator({ nodes: 1, duration: "1m", faults: [["kubeletStopped", "5s"]] }), { kind: "invalidInput", path: "faults[0]", message: SEQ });
});

test("prepareForCreate with fields as arrays", () => {
  const schema = builtinFieldGateSchemas().find((s) => s.kind === "Frobber");
  refuses(() => prepareForCreate({ kind: "Frobber", fields: [["width", "Frobber2D"]] }, { Frobber2D: false }, { width: 1 }), { kind: "invalidInput", message: SEQ });
  refuses(() => prepareForCreate({ ...schema, fields: [Object.values(schema.fields[0])] }, { Frobber2D: false }, { width: 1 }), { kind: "invalidInput", message: SEQ });
});
