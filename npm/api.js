// The package's public API: every export and method of kubegate, as a thin checking layer over
// the wasm-bindgen glue (./kubegate.js). The checks themselves and the gate core's exports live
// in core.js, shared with the lean `kubegate/gates` entry; see there for why the layer exists
// and which error kinds it throws. Every parameter's check comes from the binding's export list
// (exports.generated.js); this module only names the exports. No Kubernetes rule lives here.
import * as raw from "./kubegate.js";
import { checkedCore } from "./core.js";
import { AREA_FUNCTIONS, AREA_CLASSES } from "./exports.generated.js";

const core = checkedCore(raw);
const fn = (name) => core.tableFunction(AREA_FUNCTIONS, name);
const cls = (name) => core.tableClass(AREA_CLASSES, name, raw[name]);
export const { LIMITS, FeatureGate, parseFeatureList, kubernetesFeatures, kubernetesDependencies, renderFeatureList, toYaml, version, releases, releaseGates, releaseFeatures, releasePatchRange, gateHistory, facts, initSync }  = core.exports;
// init(): loads the wasm (a browser fetches it); resolves to a frozen summary, never the raw exports.
export default core.exports.init;

// --- kubelet configuration -------------------------------------------------------------------------

export const resolveKubeletConfig = fn("resolveKubeletConfig");
export const explainKubeletConfig = fn("explainKubeletConfig");
export const checkKubeletUpgrade = fn("checkKubeletUpgrade");

// --- node status, the lifecycle controller, the simulator ----------------------------------------------

export const setMemoryPressureCondition = fn("setMemoryPressureCondition");
export const setDiskPressureCondition = fn("setDiskPressureCondition");
export const setPIDPressureCondition = fn("setPIDPressureCondition");
export const setReadyCondition = fn("setReadyCondition");
export const nodeStatusHasChanged = fn("nodeStatusHasChanged");
export const simulateCluster = fn("simulateCluster");
export const scenarioStartFromNode = fn("scenarioStartFromNode");

export const NodeLifecycleController = cls("NodeLifecycleController");
export const ClusterSimulator = cls("ClusterSimulator");

// --- pod sources ---------------------------------------------------------------------------------------

export const PodConfig = cls("PodConfig");
export const FileSource = cls("FileSource");
export const HttpSource = cls("HttpSource");
export const ApiserverSource = cls("ApiserverSource");

// --- API fields and the bootstrap controller ------------------------------------------------------------

export const prepareForCreate = fn("prepareForCreate");
export const prepareForUpdate = fn("prepareForUpdate");
export const builtinFieldGateSchemas = fn("builtinFieldGateSchemas");
export const validateEnum = fn("validateEnum");
export const validateFrobberRestartPolicy = fn("validateFrobberRestartPolicy");

export const BootstrapController = cls("BootstrapController");

// --- imports of cluster output --------------------------------------------------------------------------

export const importKubeletCommandLine = fn("importKubeletCommandLine");
export const importConfigz = fn("importConfigz");
export const importNode = fn("importNode");
export const explainNode = fn("explainNode");
export const importFeatureMetrics = fn("importFeatureMetrics");
export const compareFeatureMetrics = fn("compareFeatureMetrics");
export const importKubeadmConfig = fn("importKubeadmConfig");

// --- control-plane components -------------------------------------------------------------------------

export const checkComponentStart = fn("checkComponentStart");
export const checkControlPlaneUpgrade = fn("checkControlPlaneUpgrade");
