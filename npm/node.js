// Node entry of the kubegate package: `import { FeatureGate } from "kubegate"` works with no init
// step and compiles only the gate core's wasm (gates/, a quarter of the full one). The other
// areas (kubelet configuration, node status and the simulator, pod sources, API fields, the
// control plane, imports, facts) live in the full wasm, which is read and compiled the first time
// one of them is used: a script that only evaluates gates never pays for kubelet code.
//
// Both modules are checked by the same layer (core.js) and answer the same for the gate core
// (tests/js/gates_entry.test.mjs); nothing crosses between them except plain JSON values (gate
// maps, feature lists), so an object from one is never handed to the other. Browsers and
// bundlers get index.js instead, where `await init()` fetches the full wasm.
import { readFileSync } from "node:fs";
import * as gateCore from "./gates.js";
import * as all from "./index.js";
import { loadedSummary } from "./core.js";

const wasm = (path) => readFileSync(new URL(path, import.meta.url));

gateCore.initSync({ module: wasm("./gates/kubegate_gates_bg.wasm") });

let areasLoaded = false;
// Throws kubegate's Error of kind "init" if the file cannot be read or compiled (the checked
// initSync words a compile failure); the next use tries again.
function loadAreas() {
  if (!areasLoaded) {
    let bytes;
    try {
      bytes = wasm("./kubegate_bg.wasm");
    } catch (e) {
      const failure = new Error(`initSync: could not load kubegate's WebAssembly (${e.message})`);
      throw Object.assign(failure, { kind: "init", function: "initSync" });
    }
    all.initSync({ module: bytes });
    areasLoaded = true;
  }
}

// A function of another area: loads that area's wasm, then runs the checked export unchanged
// (its name and arity stay the export's own, as error messages and callers see them).
function lazyFunction(checked) {
  const run = function (...args) {
    loadAreas();
    return checked.apply(this, args);
  };
  Object.defineProperty(run, "name", { value: checked.name });
  Object.defineProperty(run, "length", { value: checked.length });
  return run;
}

// A class of another area: construction (and any static method of its own) loads the wasm
// first. The proxy forwards everything else, so `instanceof`, subclassing and the prototype are
// the class's own; what every function inherits (`Symbol.hasInstance`, `call`, `bind`) loads
// nothing, so `x instanceof PodConfig` never compiles the full wasm.
function lazyClass(checked) {
  return new Proxy(checked, {
    construct(target, args, newTarget) {
      loadAreas();
      return Reflect.construct(target, args, newTarget);
    },
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value === "function" && Object.hasOwn(target, key)) loadAreas();
      return value;
    },
  });
}

// The summary counts both modules' memory, so "memory stays flat" checks see every allocation.
const memoryBytes = () => gateCore.initSync().memoryBytes + (areasLoaded ? all.initSync().memoryBytes : 0);
const SUMMARY = loadedSummary(memoryBytes);
// Both loaders are no-ops here (the gate core is loaded, the rest loads on use) and ignore their
// argument, so code written for browsers runs unchanged.
export const initSync = { initSync: () => SUMMARY }.initSync;
const init = { init: async () => SUMMARY }.init;
export default init;

export const { LIMITS, FeatureGate, kubernetesFeatures, kubernetesDependencies, renderFeatureList, toYaml, version, releases, releaseGates, releaseFeatures } = gateCore;

// The gate core reads the YAML every real feature list is written in (block YAML and one-line
// flow collections) and refuses the rest (anchors, tags, block scalars...) rather than carry a
// general YAML parser. The main entry reads any YAML, so a list the gate core refuses for that
// reason alone goes to the full wasm, whose answer (value or error) is the one returned.
const OUTSIDE_GATE_CORE_YAML = /: kubegate\/gates reads block YAML /;
export const parseFeatureList = {
  parseFeatureList(yaml) {
    try {
      return gateCore.parseFeatureList(yaml);
    } catch (e) {
      if (!(e instanceof Error) || !OUTSIDE_GATE_CORE_YAML.test(e.message)) throw e;
      loadAreas();
      return all.parseFeatureList(yaml);
    }
  },
}.parseFeatureList;

export const facts = lazyFunction(all.facts);
export const resolveKubeletConfig = lazyFunction(all.resolveKubeletConfig);
export const explainKubeletConfig = lazyFunction(all.explainKubeletConfig);
export const checkKubeletUpgrade = lazyFunction(all.checkKubeletUpgrade);
export const setMemoryPressureCondition = lazyFunction(all.setMemoryPressureCondition);
export const setDiskPressureCondition = lazyFunction(all.setDiskPressureCondition);
export const setPIDPressureCondition = lazyFunction(all.setPIDPressureCondition);
export const setReadyCondition = lazyFunction(all.setReadyCondition);
export const nodeStatusHasChanged = lazyFunction(all.nodeStatusHasChanged);
export const simulateCluster = lazyFunction(all.simulateCluster);
export const scenarioStartFromNode = lazyFunction(all.scenarioStartFromNode);
export const prepareForCreate = lazyFunction(all.prepareForCreate);
export const prepareForUpdate = lazyFunction(all.prepareForUpdate);
export const builtinFieldGateSchemas = lazyFunction(all.builtinFieldGateSchemas);
export const validateEnum = lazyFunction(all.validateEnum);
export const validateFrobberRestartPolicy = lazyFunction(all.validateFrobberRestartPolicy);
export const importKubeletCommandLine = lazyFunction(all.importKubeletCommandLine);
export const importConfigz = lazyFunction(all.importConfigz);
export const importNode = lazyFunction(all.importNode);
export const importFeatureMetrics = lazyFunction(all.importFeatureMetrics);
export const compareFeatureMetrics = lazyFunction(all.compareFeatureMetrics);
export const importKubeadmConfig = lazyFunction(all.importKubeadmConfig);

export const NodeLifecycleController = lazyClass(all.NodeLifecycleController);
export const ClusterSimulator = lazyClass(all.ClusterSimulator);
export const PodConfig = lazyClass(all.PodConfig);
export const FileSource = lazyClass(all.FileSource);
export const HttpSource = lazyClass(all.HttpSource);
export const ApiserverSource = lazyClass(all.ApiserverSource);
export const BootstrapController = lazyClass(all.BootstrapController);
