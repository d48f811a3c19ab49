// The package's public API: every export and method of kubegate, as a thin checking layer over
// the wasm-bindgen glue (./kubegate.js). The checks themselves and the gate core's exports live
// in core.js, shared with the lean `kubegate/gates` entry; see there for why the layer exists
// and which error kinds it throws. No Kubernetes rule lives here.
import * as raw from "./kubegate.js";
import { checkedCore } from "./core.js";

const core = checkedCore(raw);
const { fnExport, classExport } = core;
export const { LIMITS, FeatureGate, parseFeatureList, kubernetesFeatures, kubernetesDependencies, renderFeatureList, toYaml, version, releases, releaseGates, releaseFeatures, releasePatchRange, gateHistory, facts, initSync }  = core.exports;
// init(): loads the wasm (a browser fetches it); resolves to a frozen summary, never the raw exports.
export default core.exports.init;

// --- kubelet configuration -------------------------------------------------------------------------

export const resolveKubeletConfig = fnExport("resolveKubeletConfig", [["input", "object", "kubelet config input"]]);
export const explainKubeletConfig = fnExport("explainKubeletConfig", [["result", "object", "resolved kubelet config"], ["fieldPath", "string", "field path"]]);
export const checkKubeletUpgrade = fnExport("checkKubeletUpgrade", [["input", "object", "kubelet config input"], ["targetVersion", "string", "target version"]]);

// --- node status, the lifecycle controller, the simulator ----------------------------------------------

export const setMemoryPressureCondition = fnExport("setMemoryPressureCondition", [["node", "object", "node"], ["now", "string", "time"], ["underPressure", "boolean", "pressure"]]);
export const setDiskPressureCondition = fnExport("setDiskPressureCondition", [["node", "object", "node"], ["now", "string", "time"], ["underPressure", "boolean", "pressure"]]);
export const setPIDPressureCondition = fnExport("setPIDPressureCondition", [["node", "object", "node"], ["now", "string", "time"], ["underPressure", "boolean", "pressure"]]);
export const setReadyCondition = fnExport("setReadyCondition", [["node", "object", "node"], ["now", "string", "time"], ["inputs", "optObject", "ready inputs"]]);
export const nodeStatusHasChanged = fnExport("nodeStatusHasChanged", [["original", "optObject", "original status"], ["new", "optObject", "new status"]], "plain");
export const simulateCluster = fnExport("simulateCluster", [["scenario", "object", "scenario"]]);
export const scenarioStartFromNode = fnExport("scenarioStartFromNode", [["node", "object", "node"], ["scenario", "object", "scenario"]]);

export const NodeLifecycleController = classExport(
  "NodeLifecycleController",
  raw.NodeLifecycleController,
  [["config", "optObject", "controller config"]],
  {
    settings: [[]],
    monitorNodeHealth: [[["input", "objectBytes", "monitorNodeHealth input"]], "text"],
    doNoExecuteTaintingPass: [[["input", "objectBytes", "tainting pass input"]], "text"],
  },
);

export const ClusterSimulator = classExport(
  "ClusterSimulator",
  raw.ClusterSimulator,
  [["scenario", "object", "scenario"]],
  {
    advance: [[["duration", "string", "duration"]]],
    advanceQuiet: [[["duration", "string", "duration"]]],
    now: [[], "plain"],
    trace: [[]],
    readyCodes: [[], "plain"],
    isDone: [[], "plain"],
    nodes: [[]],
  },
);

// --- pod sources ---------------------------------------------------------------------------------------

export const PodConfig = classExport(
  "PodConfig",
  raw.PodConfig,
  [["options", "optObject", "PodConfig options"]],
  {
    setNow: [[["now", "string", "time"]], "plain"],
    channel: [[["source", "string", "source"]], "plain"],
    merge: [[["source", "string", "source"], ["update", "objectBytes", "pod update"], ["now", "optString", "time"]], "text"],
    mergeDetailed: [[["source", "string", "source"], ["update", "objectBytes", "pod update"], ["now", "optString", "time"]], "text"],
    sync: [[], "text"],
    seenAllSources: [[["sources", "strings", "sources"]], "plain"],
    mergedState: [[], "text"],
    sources: [[], "plain"],
    events: [[], "text"],
    logs: [[], "plain"],
  },
  { mode: "plain", now: "plain" },
);

export const FileSource = classExport(
  "FileSource",
  raw.FileSource,
  [["options", "object", "FileSource options"]],
  {
    writeFile: [[["name", "string", "file name"], ["content", "string", "file content"]], "text"],
    removeFile: [[["name", "string", "file name"]], "text"],
    tick: [[["now", "string", "time"]], "text"],
    files: [[], "text"],
  },
);

export const HttpSource = classExport(
  "HttpSource",
  raw.HttpSource,
  [["options", "object", "HttpSource options"]],
  {
    serve: [[["response", "nullableObject", "manifest response"]], "plain"],
    tick: [[["now", "string", "time"]], "text"],
  },
);

export const ApiserverSource = classExport(
  "ApiserverSource",
  raw.ApiserverSource,
  [["options", "object", "ApiserverSource options"]],
  {
    setNodeSynced: [[["synced", "boolean", "synced"]], "plain"],
    upsertPod: [[["pod", "object", "pod"]], "text"],
    deletePod: [[["namespace", "string", "namespace"], ["name", "string", "name"]], "text"],
    tick: [[["now", "string", "time"]], "text"],
    clusterPods: [[], "text"],
  },
  { watching: "plain" },
);

// --- API fields and the bootstrap controller ------------------------------------------------------------

export const prepareForCreate = fnExport("prepareForCreate", [["schema", "object", "schema"], ["gates", "object", "gates"], ["obj", "object", "object"]]);
export const prepareForUpdate = fnExport("prepareForUpdate", [["schema", "object", "schema"], ["gates", "object", "gates"], ["obj", "object", "object"], ["oldObj", "object", "old object"]]);
export const builtinFieldGateSchemas = fnExport("builtinFieldGateSchemas", []);
export const validateEnum = fnExport("validateEnum", [["request", "object", "enum request"]]);
export const validateFrobberRestartPolicy = fnExport("validateFrobberRestartPolicy", [["request", "object", "restart policy request"]]);

export const BootstrapController = classExport(
  "BootstrapController",
  raw.BootstrapController,
  [["config", "object", "bootstrap config"]],
  {
    advance: [[["duration", "string", "duration"]], "plain"],
    startApiserver: [[["ip", "string", "apiserver address"]], "plain"],
    stopApiserver: [[["ip", "string", "apiserver address"]], "plain"],
    crashApiserver: [[["ip", "string", "apiserver address"]], "plain"],
    createService: [[["service", "object", "service"], ["allocate", "boolean", "allocate"]], "plain"],
    deleteService: [[["namespace", "string", "namespace"], ["name", "string", "name"], ["release", "boolean", "release"]], "plain"],
    allocateClusterIp: [[["ip", "string", "IP address"]], "plain"],
    allocateNodePort: [[["port", "i32", "node port"]], "plain"],
    deleteNamespace: [[["name", "string", "namespace"]], "plain"],
    namespaces: [[]],
    service: [[]],
    services: [[]],
    endpoints: [[]],
    leases: [[]],
    allocations: [[]],
    events: [[]],
    log: [[]],
    repairRuns: [[]],
    endpointsHistory: [[]],
    state: [[]],
  },
  { now: "plain" },
);

// --- imports of cluster output --------------------------------------------------------------------------

export const importKubeletCommandLine = fnExport("importKubeletCommandLine", [["text", "string", "command line"], ["env", "optObject", "environment"]]);
export const importConfigz = fnExport("importConfigz", [["text", "string", "configz"]]);
export const importNode = fnExport("importNode", [["text", "string", "node"]]);
export const explainNode = fnExport("explainNode", [["text", "string", "node"], ["options", "optObject", "explain options"]]);
export const importFeatureMetrics = fnExport("importFeatureMetrics", [["text", "string", "metrics"]]);
export const compareFeatureMetrics = fnExport("compareFeatureMetrics", [["text", "string", "metrics"], ["release", "string", "release"], ["featureGates", "string", "feature gates"]]);
export const importKubeadmConfig = fnExport("importKubeadmConfig", [["text", "string", "kubeadm config"]]);

// --- control-plane components -------------------------------------------------------------------------

export const checkComponentStart = fnExport("checkComponentStart", [["input", "object", "component start input"]]);
export const checkControlPlaneUpgrade = fnExport("checkControlPlaneUpgrade", [["input", "object", "control-plane upgrade input"]]);
