// Node entry of the kubegate package: `import { FeatureGate } from "kubegate"` works with no init
// step and loads only the gate core (gates.js over gates/, a wasm of the gate areas alone).
// The other areas (kubelet configuration, node status and the simulator, pod sources, API fields,
// the control plane, imports, facts) are stand-ins until first touched:
// - touching one (reading `PodConfig.prototype`, `x instanceof PodConfig`, `fn.length`) loads
//   their checked API, the same api.js over the same glue that browsers import, bundled at build
//   time into one CommonJS file (areas.cjs, scripts/bundle-node.mjs) because only CommonJS
//   can be loaded synchronously from a constructor; that costs a few milliseconds and no wasm;
// - calling one (a function, `new`, or a static method) also reads and compiles the full wasm.
// So a script that only evaluates gates pays for neither the kubelet's code nor its JavaScript.
//
// Both modules are checked by the same layer (core.js) and answer the same for the gate core
// (tests/js/gates_entry.test.mjs); nothing crosses between them except plain JSON values (gate
// maps, feature lists), so an object from one is never handed to the other. Browsers and
// bundlers get index.js instead, where `await init()` fetches the full wasm.
//
// Built into one file with the part of core.js it uses; the gate core is `kubegate/gates`'s Node
// entry, loaded and initialized there (scripts/bundle-node.mjs).
import * as gateCore from "./gates-node.js";
import { loadedSummary } from "./core.js";

// As in gates-node.js (imported first, which refuses a Node without process.getBuiltinModule):
// builtins without the cost of their ES module views.
const { readFileSync } = process.getBuiltinModule("node:fs");

// Each loader throws kubegate's Error of kind "init" if its file cannot be read or compiled (the
// checked initSync words a compile failure); the next use tries again.
function initError(what, e) {
  const failure = new Error(`initSync: could not load kubegate's ${what} (${e instanceof Error ? e.message : String(e)})`);
  return Object.assign(failure, { kind: "init", function: "initSync" });
}

let areasApi = null;
/** The other areas' checked API, without their wasm. */
function areas() {
  if (areasApi === null) {
    try {
      areasApi = process.getBuiltinModule("node:module").createRequire(import.meta.url)("./areas.cjs");
    } catch (e) {
      throw initError("JavaScript", e);
    }
  }
  return areasApi;
}

let areasLoaded = false;
/** The other areas' checked API over their compiled wasm. */
function loadAreas() {
  const api = areas();
  if (!areasLoaded) {
    let bytes;
    try {
      bytes = readFileSync(new URL("./kubegate_bg.wasm", import.meta.url));
    } catch (e) {
      throw initError("WebAssembly", e);
    }
    api.initSync({ module: bytes });
    areasLoaded = true;
  }
  return api;
}

// A stand-in is a proxy over an empty function of the same kind as the export (a method for a
// function, a constructible function for a class), so what the language checks of a proxy
// (callability, constructibility) matches. The first time anything is asked of it, the export's
// own properties (name, length, prototype, statics) are copied onto that function, which from
// then on answers as the export does; every proxy trap works on it, so the proxy invariants hold
// for any operation, freezing included. A call or `new` runs the export itself, so names and
// arity in error messages stay its own. Every stand-in shares one handler, whose traps find the
// stand-in by their target (a handler of closures per stand-in was a tenth of this import).
const STAND_INS = new WeakMap(); // target -> { name, callable, onGet, synced }

/** The stand-in's target, with the export's own properties copied onto it once. */
function synced(target) {
  const s = STAND_INS.get(target);
  if (!s.synced) {
    const real = areas()[s.name];
    for (const key of Reflect.ownKeys(real)) Object.defineProperty(target, key, Reflect.getOwnPropertyDescriptor(real, key));
    s.synced = true;
  }
  return target;
}

const HANDLER = {
  // A class called without `new` throws before it would use the wasm.
  apply: (target, self, args) => {
    const s = STAND_INS.get(target);
    return Reflect.apply((s.callable ? loadAreas() : areas())[s.name], self, args);
  },
  construct: (target, args, newTarget) => Reflect.construct(loadAreas()[STAND_INS.get(target).name], args, newTarget),
  get: (target, key) => STAND_INS.get(target).onGet(synced(target), key),
};
for (const trap of ["has", "ownKeys", "getOwnPropertyDescriptor", "defineProperty", "deleteProperty", "set", "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions"]) {
  HANDLER[trap] = (target, ...args) => Reflect[trap](synced(target), ...args);
}

function standIn(name, target, callable, onGet = Reflect.get) {
  STAND_INS.set(target, { name, callable, onGet, synced: false });
  return new Proxy(target, HANDLER);
}

/** A function of another area. */
const lazyFunction = (name) => standIn(name, { [name]() {} }[name], true);

/** A class of another area. Its own functions (statics) load the wasm when read, as calling them
 * will; what every function inherits (`Symbol.hasInstance`, `call`, `bind`) loads none, so
 * `x instanceof PodConfig` never compiles the full wasm. */
const lazyClass = (name) =>
  standIn(name, { [name]: function () {} }[name], false, (cls, key) => {
    const value = Reflect.get(cls, key);
    if (typeof value === "function" && Object.hasOwn(cls, key)) loadAreas();
    return value;
  });

// The summary counts both modules' memory, so "memory stays flat" checks see every allocation.
const memoryBytes = () => gateCore.initSync().memoryBytes + (areasLoaded ? areas().initSync().memoryBytes : 0);
const SUMMARY = loadedSummary(memoryBytes);
// Both loaders are no-ops here (the gate core is loaded, the rest loads on use) and ignore their
// argument, so code written for browsers runs unchanged.
export const initSync = { initSync: () => SUMMARY }.initSync;
const init = { init: async () => SUMMARY }.init;
export default init;

export const { LIMITS, FeatureGate, parseFeatureList, kubernetesFeatures, kubernetesDependencies, renderFeatureList, toYaml, version, releases, releaseGates, releaseFeatures, releasePatchRange, gateHistory } = gateCore;

export const facts = lazyFunction("facts");
export const resolveKubeletConfig = lazyFunction("resolveKubeletConfig");
export const explainKubeletConfig = lazyFunction("explainKubeletConfig");
export const checkKubeletUpgrade = lazyFunction("checkKubeletUpgrade");
export const setMemoryPressureCondition = lazyFunction("setMemoryPressureCondition");
export const setDiskPressureCondition = lazyFunction("setDiskPressureCondition");
export const setPIDPressureCondition = lazyFunction("setPIDPressureCondition");
export const setReadyCondition = lazyFunction("setReadyCondition");
export const nodeStatusHasChanged = lazyFunction("nodeStatusHasChanged");
export const simulateCluster = lazyFunction("simulateCluster");
export const scenarioStartFromNode = lazyFunction("scenarioStartFromNode");
export const prepareForCreate = lazyFunction("prepareForCreate");
export const prepareForUpdate = lazyFunction("prepareForUpdate");
export const builtinFieldGateSchemas = lazyFunction("builtinFieldGateSchemas");
export const validateEnum = lazyFunction("validateEnum");
export const validateFrobberRestartPolicy = lazyFunction("validateFrobberRestartPolicy");
export const importKubeletCommandLine = lazyFunction("importKubeletCommandLine");
export const importConfigz = lazyFunction("importConfigz");
export const importNode = lazyFunction("importNode");
export const explainNode = lazyFunction("explainNode");
export const importFeatureMetrics = lazyFunction("importFeatureMetrics");
export const compareFeatureMetrics = lazyFunction("compareFeatureMetrics");
export const importKubeadmConfig = lazyFunction("importKubeadmConfig");
export const checkComponentStart = lazyFunction("checkComponentStart");
export const checkControlPlaneUpgrade = lazyFunction("checkControlPlaneUpgrade");

export const NodeLifecycleController = lazyClass("NodeLifecycleController");
export const ClusterSimulator = lazyClass("ClusterSimulator");
export const PodConfig = lazyClass("PodConfig");
export const FileSource = lazyClass("FileSource");
export const HttpSource = lazyClass("HttpSource");
export const ApiserverSource = lazyClass("ApiserverSource");
export const BootstrapController = lazyClass("BootstrapController");
