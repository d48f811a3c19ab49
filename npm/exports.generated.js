// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts
//
// The checking layer's tables (npm/core.js): every parameter as [name, check, the noun of its
// errors], every function and method as [parameters, how the result crosses]; every class as its
// constructor's parameters, methods, getters and static methods.

// Their shapes (the tables are left to inference: a `toString` method typed as a Record member
// meets Object's own):
//   Param: [name: string, check: string, what: string]
//   Fn:    [params: Param[], ret: "plain" | "text" | "gate"]
//   Cls:   { ctor: Param[], methods: Record<string, Fn>, getters: Record<string, Ret>, statics: Record<string, Fn> }

/** Limits of the JS boundary (see SECURITY.md). The core has its own, per area. */
export const LIMITS = Object.freeze({
  /** Longest string argument or string inside a structured argument, in UTF-16 code units. */
  maxStringLength: 8 * 1024 * 1024,
  /** Largest structured argument, as JSON text (characters). */
  maxJsonLength: 32 * 1024 * 1024,
  /** Deepest nesting of arrays and objects in a structured argument. */
  maxDepth: 100,
  /** Most values (every string, number, array, object...) in one structured argument. */
  maxValues: 2_000_000,
  /** Longest array in a structured argument or list argument. */
  maxArrayLength: 1_000_000,
  /**
   * Most entries in one `FeatureGate.setFromMap` map or `FeatureGate.set` string: ten times the
   * features of any release. A map with more entries than a gate has features names an unknown one,
   * which the gate refuses; past this limit it is refused before the names are copied.
   */
  maxFeatureValues: 10_000,
  /**
   * Most features one caller adds to a gate (`add`, `addVersioned`, all calls together) and most
   * entries in one `addDependencies` map: ten times any release's, so that every method of the gate
   * answers within the second.
   */
  maxFeatures: 10_000,
});

/** The gate core's (both entries: core.js) functions, each a `Fn`. */
export const GATE_FUNCTIONS = {
  parseFeatureList: [[["yaml", "string", "feature list"]], "plain"],
  kubernetesFeatures: [[], "plain"],
  kubernetesDependencies: [[], "plain"],
  renderFeatureList: [[["features", "object", "features"]], "plain"],
  toYaml: [[["value", "json", "value"]], "plain"],
  version: [[], "plain"],
  releases: [[], "plain"],
  releaseGates: [[["release", "string", "release"]], "plain"],
  releaseFeatures: [[["release", "string", "release"]], "plain"],
  releasePatchRange: [[["release", "string", "release"]], "plain"],
  gateHistory: [[["name", "string", "gate name"]], "plain"],
};

/** The gate core's (both entries: core.js) classes, each a `Cls`. */
export const GATE_CLASSES = {
  FeatureGate: {
    ctor: [["emulationVersion", "optString", "emulation version"], ["minCompatibilityVersion", "optString", "min compatibility version"]],
    methods: {
      add: [[["features", "features", "feature specs"]], "plain"],
      addVersioned: [[["features", "features", "versioned feature specs"]], "plain"],
      addDependencies: [[["dependencies", "features", "dependencies"]], "plain"],
      set: [[["value", "featureGates", "feature gates"]], "plain"],
      setFromMap: [[["values", "featureValues", "feature values"]], "plain"],
      enabled: [[["name", "string", "feature name"]], "plain"],
      featureId: [[["name", "string", "feature name"]], "plain"],
      enabledById: [[["id", "u32", "feature id"]], "plain"],
      knownFeatures: [[], "plain"],
      toString: [[], "plain"],
      overrideDefault: [[["name", "string", "feature name"], ["value", "boolean", "default"]], "plain"],
      overrideDefaultAtVersion: [[["name", "string", "feature name"], ["value", "boolean", "default"], ["at", "string", "version"]], "plain"],
      setEmulationVersion: [[["emulation", "string", "emulation version"]], "plain"],
      setEmulationVersionAndMinCompatibilityVersion: [[["emulation", "string", "emulation version"], ["minCompatibility", "string", "min compatibility version"]], "plain"],
      emulationVersion: [[], "plain"],
      minCompatibilityVersion: [[], "plain"],
      explicitlySet: [[["name", "string", "feature name"]], "plain"],
      resetFeatureValueToDefault: [[["name", "string", "feature name"]], "plain"],
      validate: [[], "plain"],
      close: [[], "plain"],
      deepCopy: [[], "gate"],
      deepCopyAndReset: [[], "gate"],
      getAll: [[], "plain"],
      getAllVersioned: [[], "plain"],
      dependencies: [[], "plain"],
      featureStates: [[], "plain"],
    },
    getters: {},
    statics: {
      forRelease: [[["release", "string", "release"]], "gate"],
    },
  },
};

/** Every other area's (the main entry: api.js) functions, each a `Fn`. */
export const AREA_FUNCTIONS = {
  resolveKubeletConfig: [[["input", "object", "kubelet config input"]], "plain"],
  explainKubeletConfig: [[["result", "object", "resolved kubelet config"], ["fieldPath", "string", "field path"]], "plain"],
  checkKubeletUpgrade: [[["input", "object", "kubelet config input"], ["targetVersion", "string", "target version"]], "plain"],
  setMemoryPressureCondition: [[["node", "object", "node"], ["now", "string", "time"], ["underPressure", "boolean", "pressure"]], "plain"],
  setDiskPressureCondition: [[["node", "object", "node"], ["now", "string", "time"], ["underPressure", "boolean", "pressure"]], "plain"],
  setPIDPressureCondition: [[["node", "object", "node"], ["now", "string", "time"], ["underPressure", "boolean", "pressure"]], "plain"],
  setReadyCondition: [[["node", "object", "node"], ["now", "string", "time"], ["inputs", "optObject", "ready inputs"]], "plain"],
  nodeStatusHasChanged: [[["original", "optObject", "original status"], ["new", "optObject", "new status"]], "plain"],
  simulateCluster: [[["scenario", "object", "scenario"]], "plain"],
  scenarioStartFromNode: [[["node", "object", "node"], ["scenario", "object", "scenario"]], "plain"],
  prepareForCreate: [[["schema", "object", "schema"], ["gates", "object", "gates"], ["obj", "object", "object"]], "plain"],
  prepareForUpdate: [[["schema", "object", "schema"], ["gates", "object", "gates"], ["obj", "object", "object"], ["oldObj", "object", "old object"]], "plain"],
  builtinFieldGateSchemas: [[], "plain"],
  validateEnum: [[["request", "object", "enum request"]], "plain"],
  validateFrobberRestartPolicy: [[["request", "object", "restart policy request"]], "plain"],
  importKubeletCommandLine: [[["text", "string", "command line"], ["env", "optObject", "environment"]], "plain"],
  importConfigz: [[["text", "string", "configz"]], "plain"],
  importNode: [[["text", "string", "node"]], "plain"],
  explainNode: [[["text", "string", "node"], ["options", "optObject", "explain options"]], "plain"],
  importFeatureMetrics: [[["text", "string", "metrics"]], "plain"],
  compareFeatureMetrics: [[["text", "string", "metrics"], ["release", "string", "release"], ["featureGates", "string", "feature gates"]], "plain"],
  importKubeadmConfig: [[["text", "string", "kubeadm config"]], "plain"],
  checkComponentStart: [[["input", "object", "component start input"]], "plain"],
  checkControlPlaneUpgrade: [[["input", "object", "control-plane upgrade input"]], "plain"],
};

/** Every other area's (the main entry: api.js) classes, each a `Cls`. */
export const AREA_CLASSES = {
  NodeLifecycleController: {
    ctor: [["config", "optObject", "controller config"]],
    methods: {
      settings: [[], "plain"],
      monitorNodeHealth: [[["input", "objectBytes", "monitorNodeHealth input"]], "text"],
      doNoExecuteTaintingPass: [[["input", "objectBytes", "tainting pass input"]], "text"],
    },
    getters: {},
    statics: {},
  },
  ClusterSimulator: {
    ctor: [["scenario", "object", "scenario"]],
    methods: {
      advance: [[["duration", "string", "duration"]], "plain"],
      advanceQuiet: [[["duration", "string", "duration"]], "plain"],
      now: [[], "plain"],
      trace: [[], "plain"],
      readyCodes: [[], "plain"],
      isDone: [[], "plain"],
      nodes: [[], "plain"],
    },
    getters: {},
    statics: {},
  },
  PodConfig: {
    ctor: [["options", "optObject", "PodConfig options"]],
    methods: {
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
    getters: { mode: "plain", now: "plain" },
    statics: {},
  },
  FileSource: {
    ctor: [["options", "object", "FileSource options"]],
    methods: {
      writeFile: [[["name", "string", "file name"], ["content", "string", "file content"]], "text"],
      removeFile: [[["name", "string", "file name"]], "text"],
      tick: [[["now", "string", "time"]], "text"],
      files: [[], "text"],
    },
    getters: {},
    statics: {},
  },
  HttpSource: {
    ctor: [["options", "object", "HttpSource options"]],
    methods: {
      serve: [[["response", "nullableObject", "manifest response"]], "plain"],
      tick: [[["now", "string", "time"]], "text"],
    },
    getters: {},
    statics: {},
  },
  ApiserverSource: {
    ctor: [["options", "object", "ApiserverSource options"]],
    methods: {
      setNodeSynced: [[["synced", "boolean", "synced"]], "plain"],
      upsertPod: [[["pod", "object", "pod"]], "text"],
      deletePod: [[["namespace", "string", "namespace"], ["name", "string", "name"]], "text"],
      tick: [[["now", "string", "time"]], "text"],
      clusterPods: [[], "text"],
    },
    getters: { watching: "plain" },
    statics: {},
  },
  BootstrapController: {
    ctor: [["config", "object", "bootstrap config"]],
    methods: {
      advance: [[["duration", "string", "duration"]], "plain"],
      startApiserver: [[["ip", "string", "apiserver address"]], "plain"],
      stopApiserver: [[["ip", "string", "apiserver address"]], "plain"],
      crashApiserver: [[["ip", "string", "apiserver address"]], "plain"],
      createService: [[["service", "object", "service"], ["allocate", "boolean", "allocate"]], "plain"],
      deleteService: [[["namespace", "string", "namespace"], ["name", "string", "name"], ["release", "boolean", "release"]], "plain"],
      allocateClusterIp: [[["ip", "string", "IP address"]], "plain"],
      allocateNodePort: [[["port", "i32", "node port"]], "plain"],
      deleteNamespace: [[["name", "string", "namespace"]], "plain"],
      namespaces: [[], "plain"],
      service: [[], "plain"],
      services: [[], "plain"],
      endpoints: [[], "plain"],
      leases: [[], "plain"],
      allocations: [[], "plain"],
      events: [[], "plain"],
      log: [[], "plain"],
      repairRuns: [[], "plain"],
      endpointsHistory: [[], "plain"],
      state: [[], "plain"],
    },
    getters: { now: "plain" },
    statics: {},
  },
};
