// A hostile caller of the kubegate package: seeded random plans over every export and method,
// with valid arguments mutated into wrong types, revoked proxies, getters that throw or call back
// into the object being called, BigInt, symbols, lone surrogates, huge and deeply nested values.
//
// After every call it checks that (1) anything thrown is kubegate's own Error (an Error carrying
// a string `kind`, with none of the wasm-bindgen glue or trap texts), and (2) the module still
// works. It is shared by tests/js/hostile.test.mjs (a few seconds, fixed seeds) and
// scripts/fuzz.sh (as long as you like). Each plan is reproducible from its seed.

export const NOW = "2024-05-01T10:00:00Z";

// --- a small seeded generator (mulberry32) --------------------------------------------------
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
  };
  return r;
}

// --- valid templates ----------------------------------------------------------------------------
const capacity = { cpu: "2", memory: "4Gi", pods: "110", "ephemeral-storage": "10Gi" };
export const node = (name = "node-1") => ({
  metadata: { name, creationTimestamp: "2024-05-01T09:00:00Z", labels: { "topology.kubernetes.io/zone": "z1" } },
  spec: {},
  status: {
    capacity: { ...capacity },
    conditions: [{ type: "Ready", status: "True", lastHeartbeatTime: NOW, lastTransitionTime: NOW, reason: "KubeletReady", message: "ok" }],
  },
});
export const pod = (i = 0, nodeName) => ({
  metadata: { name: `p${i}`, uid: `u${i}`, namespace: "default", labels: { app: "a" } },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: "c", image: "img" }] },
});
const podYaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\nspec:\n  containers:\n  - name: c\n    image: nginx\n";
const kubeletYaml = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 50\nevictionHard:\n  memory.available: 100Mi\n";
const kubeletInput = () => ({
  args: ["--config=/etc/kubernetes/kubelet.yaml", "--max-pods=60", "--feature-gates=NodeSwap=true"],
  files: { "/etc/kubernetes/kubelet.yaml": kubeletYaml, "/etc/kubernetes/kubelet.conf.d/10.conf": "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nport: 10251\n" },
  dirs: ["/etc/kubernetes/kubelet.conf.d"],
  kubeletVersion: "1.30",
});
const featureYaml = "- name: MyFeature\n  versionedSpecs:\n  - default: false\n    lockToDefault: false\n    preRelease: Alpha\n    version: \"1.29\"\n  - default: true\n    lockToDefault: false\n    preRelease: Beta\n    version: \"1.30\"\n";
const features = () => ({
  MyFeature: [{ version: "1.29", default: false, preRelease: "Alpha" }, { version: "1.30", default: true, preRelease: "Beta" }],
  Other: [{ version: "1.28", default: true, preRelease: "Beta" }],
});
const metrics = '# HELP kubernetes_feature_enabled x\n# TYPE kubernetes_feature_enabled gauge\nkubernetes_feature_enabled{name="NodeSwap",stage="BETA"} 0\nkubernetes_feature_enabled{name="AllAlpha",stage="ALPHA"} 0\n';
const kubeadm = "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\nfeatureGates:\n  EtcdLearnerMode: true\napiServer:\n  extraArgs:\n    feature-gates: NodeSwap=true\n---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 30\n";
const scenario = () => ({
  nodes: 4, duration: "2m", seed: 1, zones: 2, rateWindow: "10s",
  controller: { nodeMonitorPeriod: "5s", nodeMonitorGracePeriod: "40s" },
  faults: [{ kind: "kubeletStopped", at: "30s", nodes: ["node-1"] }, { kind: "pidPressure", at: "10s", until: "50s", firstNodes: 2 }],
});
const service = () => ({
  metadata: { namespace: "default", name: "web" },
  spec: { type: "NodePort", ports: [{ name: "http", protocol: "TCP", port: 80, targetPort: 8080, nodePort: 30080 }], clusterIP: "10.0.0.20" },
});
const schema = () => ({ kind: "Frobber", fields: [{ path: "width", gate: "Frobber2D" }, { path: "spec.items[].x", gate: "G" }] });

// name -> () => args; for classes, a constructor and methods.
export const FUNCTIONS = {
  version: () => [],
  releases: () => [],
  releaseGates: () => ["1.30"],
  releaseFeatures: () => ["1.31"],
  kubernetesFeatures: () => [],
  kubernetesDependencies: () => [],
  parseFeatureList: () => [featureYaml],
  renderFeatureList: () => [features()],
  resolveKubeletConfig: () => [kubeletInput()],
  checkKubeletUpgrade: () => [kubeletInput(), "1.31"],
  explainKubeletConfig: (k) => [k.resolveKubeletConfig({ args: ["--max-pods=10"] }), "maxPods"],
  setMemoryPressureCondition: () => [node(), NOW, true],
  setDiskPressureCondition: () => [node(), NOW, false],
  setPIDPressureCondition: () => [node(), NOW, true],
  setReadyCondition: () => [node(), NOW, { runtimeError: ["a", "b"], networkError: "n", softRequirements: "s" }],
  nodeStatusHasChanged: () => [node().status, node("x").status],
  simulateCluster: () => [scenario()],
  scenarioStartFromNode: () => [node("node-1"), { ...scenario(), nodes: 1, zones: 1, faults: [] }],
  toYaml: () => [{ a: [1, "x", null, true], b: { c: "d" } }],
  facts: () => [],
  prepareForCreate: () => [schema(), { Frobber2D: false, G: true }, { width: 1, height: 2, spec: { items: [{ x: 1 }] } }],
  prepareForUpdate: () => [schema(), { Frobber2D: false, G: false }, { width: 1 }, { width: 2 }],
  builtinFieldGateSchemas: () => [],
  validateEnum: () => [{ path: "spec.policy", value: "A", oldValue: "B", validValues: ["A", "B"], exclusions: [{ value: "A", option: "F", excludeWhen: true }], options: { F: false }, operation: "Update" }],
  validateFrobberRestartPolicy: () => [{ restartPolicy: "OnTuesday", oldRestartPolicy: "Always", gates: { RestartOnTuesday: true } }],
  importKubeletCommandLine: () => ["/usr/bin/kubelet --max-pods=10 $KUBELET_ARGS", { KUBELET_ARGS: "--v=2" }],
  importConfigz: () => ['{"kubeletconfig":{"maxPods":10,"featureGates":{"NodeSwap":true}}}'],
  importNode: () => [JSON.stringify(node())],
  importFeatureMetrics: () => [metrics],
  compareFeatureMetrics: () => [metrics, "1.30", "NodeSwap=true"],
  importKubeadmConfig: () => [kubeadm],
  checkComponentStart: () => [{ component: "kube-apiserver", release: "1.29", cmdlines: [{ name: "ps", text: "kube-apiserver --insecure-port=0 --feature-gates=NodeSwap=true" }] }],
  checkControlPlaneUpgrade: () => [{ from: "1.23", to: "1.29", cmdlines: [{ name: "ps", text: "kube-scheduler --config=/s.yaml" }], files: { "/s.yaml": "apiVersion: kubescheduler.config.k8s.io/v1beta1\nkind: KubeSchedulerConfiguration\n" } }],
};

export const CLASSES = {
  FeatureGate: {
    ctor: () => ["1.30", "1.29"],
    statics: { forRelease: () => ["1.28"] },
    setup: (g, k) => g.addVersioned(k.kubernetesFeatures()),
    methods: {
      add: () => [{ Extra: { default: false, preRelease: "Alpha" } }],
      addVersioned: () => [features()],
      addDependencies: () => [{ MyFeature: ["Other"] }],
      set: () => ["AllAlpha=true,NodeSwap=false"],
      setFromMap: () => [{ NodeSwap: true, AllBeta: false }],
      enabled: () => ["NodeSwap"],
      featureId: () => ["NodeSwap"],
      enabledById: () => [3],
      knownFeatures: () => [],
      toString: () => [],
      overrideDefault: () => ["NodeSwap", true],
      overrideDefaultAtVersion: () => ["NodeSwap", false, "1.29"],
      setEmulationVersion: () => ["1.31"],
      setEmulationVersionAndMinCompatibilityVersion: () => ["1.31", "1.30"],
      emulationVersion: () => [],
      minCompatibilityVersion: () => [],
      explicitlySet: () => ["NodeSwap"],
      resetFeatureValueToDefault: () => ["NodeSwap"],
      validate: () => [],
      close: () => [],
      deepCopy: () => [],
      deepCopyAndReset: () => [],
      getAll: () => [],
      getAllVersioned: () => [],
      dependencies: () => [],
      featureStates: () => [],
    },
  },
  NodeLifecycleController: {
    ctor: () => [{ kubernetesVersion: "1.30", nodeMonitorPeriod: "5s", nodeMonitorGracePeriod: "40s", nodeEvictionRate: 0.1, largeClusterSizeThreshold: 50, unhealthyZoneThreshold: 0.55 }],
    methods: {
      settings: () => [],
      monitorNodeHealth: () => [{ now: NOW, nodes: [node("a"), node("b")], leases: [{ metadata: { name: "a", namespace: "kube-node-lease" }, spec: { holderIdentity: "a", leaseDurationSeconds: 40, renewTime: NOW } }], pods: [{ namespace: "default", name: "p", nodeName: "a" }] }],
      doNoExecuteTaintingPass: () => [{ now: NOW, nodes: [node("a")] }],
    },
  },
  ClusterSimulator: {
    ctor: () => [scenario()],
    methods: {
      advance: () => ["10s"],
      advanceQuiet: () => ["15s"],
      now: () => [],
      trace: () => [],
      readyCodes: () => [],
      isDone: () => [],
      nodes: () => [],
    },
  },
  PodConfig: {
    ctor: () => [{ mode: "Incremental", now: NOW, sources: ["file", "api"] }],
    getters: ["mode", "now"],
    methods: {
      merge: () => ["file", { op: "ADD", pods: [pod(1), pod(2)] }, NOW],
      mergeDetailed: () => ["api", { op: "SET", pods: [pod(3)] }],
      setNow: () => [NOW],
      channel: () => ["http"],
      sync: () => [],
      seenAllSources: () => [["file"]],
      mergedState: () => [],
      sources: () => [],
      events: () => [],
      logs: () => [],
    },
  },
  FileSource: {
    ctor: () => [{ path: "/etc/kubernetes/manifests", nodeName: "n1", period: "20s", watch: true }],
    methods: {
      writeFile: () => ["web.yaml", podYaml],
      removeFile: () => ["web.yaml"],
      tick: () => [NOW],
      files: () => [],
    },
  },
  HttpSource: {
    ctor: () => [{ url: "http://example.com/pods", nodeName: "n1", period: "20s" }],
    methods: {
      serve: () => [{ status: 200, body: podYaml }],
      tick: () => [NOW],
    },
  },
  ApiserverSource: {
    ctor: () => [{ nodeName: "n1" }],
    getters: ["watching"],
    methods: {
      setNodeSynced: () => [true],
      upsertPod: () => [pod(1, "n1")],
      deletePod: () => ["default", "p1"],
      tick: () => [NOW],
      clusterPods: () => [],
    },
  },
  BootstrapController: {
    ctor: () => [{ apiservers: ["192.168.0.2", "192.168.0.3"], serviceCidr: "10.0.0.0/24" }],
    getters: ["now"],
    methods: {
      advance: () => ["11s"],
      startApiserver: () => ["192.168.0.4"],
      stopApiserver: () => ["192.168.0.2"],
      crashApiserver: () => ["192.168.0.3"],
      createService: () => [service(), true],
      deleteService: () => ["default", "web", true],
      allocateClusterIp: () => ["10.0.0.9"],
      allocateNodePort: () => [30001],
      deleteNamespace: () => ["kube-public"],
      namespaces: () => [],
      service: () => [],
      services: () => [],
      endpoints: () => [],
      leases: () => [],
      allocations: () => [],
      events: () => [],
      log: () => [],
      repairRuns: () => [],
      endpointsHistory: () => [],
      state: () => [],
    },
  },
};

// --- hostile values -----------------------------------------------------------------------------
const EDGE_STRINGS = [
  "", " ", ".", "=", ",", "-", "0", "-1", "1e308", "NaN", "true", "null", "[]", "{}", "\0", "\u2028",
  "\ud800", "a\udfffb", "\ud83d", "é", "🙂".repeat(3), "%s%n", "../../etc/passwd", "\\", "\n\n---\n",
  // durations
  "0s", "1ns", "1ms", "-1s", "-1h", "-0s", "1e9h", "2562047h", "2562048h", "9223372036854775807ns", "99999999999999999999h", "1h1h1h", "1.5.5s", "+5m", "3000000h",
  // times
  "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2024-02-30T00:00:00Z", "1970-01-01T00:00:00+99:99", "2024-05-01T10:00:00.9999999999Z", "2024-05-01T10:00:00-23:59", "-2024-01-01T00:00:00Z",
  // versions
  "1.30", "v1.30", "1.30x", "x1.30", "99999999999.1", "1.99999999999", "0.0", "1.-1", "1.30.5", "4294967296.0", "1.4294967296",
  // gate strings, addresses, yaml
  "AllAlpha=true", "A=tru", ",,,", "a=b=c", "10.0.0.1", "::1", "999.1.1.1", "10.0.0.0/0", "::/0", "10.0.0.0/33", "fe80::1%eth0",
  "&a [*a, *a]", "- &a [x]\n- *a\n", "{a: {a: {a: {a: 1}}}}", "!!binary AA==", "? [a]\n: b", "a: !!python/object 1",
];
// Texts that nest past every parser's limit, or hold characters YAML refuses: each must be a
// kubegate error, never a trap (the check after each call asks the module to work again).
const DEEP_TEXTS = [
  "- ".repeat(3700) + "1",
  "- ? ".repeat(3000),
  "- ".repeat(512) + "1",
  "- ".repeat(513) + "1",
  "[".repeat(300) + "1",
  "{a: ".repeat(300),
  '{"a":'.repeat(200) + "1" + "}".repeat(200),
  "- name: x\n  versionedSpecs:\n" + "  - ".repeat(2000) + "x",
  Array.from({ length: 600 }, (_, i) => `${"  ".repeat(i)}a:\n`).join(""),
  "&a [" + "[".repeat(1000),
  "kind: KubeletConfiguration\nmaxPods: 11\0\nmaxPods: 12\n",
  "a: \u0001\n", "a: \u001b[31m\n", "a: \u007f\n", "a: \u0085\u009f\n", "a: \ufffe\n",
];
const EDGE_NUMBERS = [0, -0, 1, -1, 0.5, -0.5, 2 ** 31, -(2 ** 31), 2 ** 32, 2 ** 53, -(2 ** 53), 2 ** 64, 1e308, -1e308, Number.MIN_VALUE, NaN, Infinity, -Infinity, 65535, 65536, 5000, 5001, 100000];

export function deepObject(depth) {
  let o = {};
  for (let i = 0; i < depth; i++) o = { a: o };
  return o;
}
export function deepArray(depth) {
  let o = [];
  for (let i = 0; i < depth; i++) o = [o];
  return o;
}
function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
function throwingGetter(base = {}) {
  const o = { ...base };
  for (const k of Object.keys(base).length ? Object.keys(base) : ["x"]) {
    Object.defineProperty(o, k, { enumerable: true, get() { throw new Error("getter says no"); } });
  }
  return o;
}
// A value whose getters call back into `target` (the object whose method is being called).
function callbackGetter(ctx, base = {}) {
  const o = Array.isArray(base) ? [...base] : { ...base };
  const keys = Object.keys(o).length ? Object.keys(o) : ["x"];
  for (const k of keys) {
    const v = o[k];
    Object.defineProperty(o, k, {
      enumerable: true,
      get() {
        try { ctx.reenter?.(); } catch { /* the re-entrant call's own error is checked elsewhere */ }
        return v;
      },
    });
  }
  return o;
}

// Big values are built once and shared (they are never mutated): the budget goes into calls.
const BIG = new Map();
const big = (key, make) => {
  if (!BIG.has(key)) BIG.set(key, make());
  return BIG.get(key);
};

export function hostile(r, ctx, like) {
  const n = r.int(29);
  switch (n) {
    case 0: return undefined;
    case 1: return null;
    case 2: return r.pick([true, false]);
    case 3: return r.pick(EDGE_NUMBERS);
    case 4: return r.pick([1n, -1n, 2n ** 64n, 0n]);
    case 5: return Symbol("hostile");
    case 6: case 7: case 8: return r.pick(EDGE_STRINGS);
    case 9: { const len = r.pick([1 << 16, 1 << 20, 9 << 20]); return big(`s${len}`, () => "a".repeat(len)); }
    case 10: return "\ud800".repeat(r.pick([1, 1000]));
    case 11: return () => 1;
    case 12: return revoked();
    case 13: return new Proxy({}, { get() { throw new Error("proxy get"); }, ownKeys() { throw new Error("proxy keys"); } });
    case 14: return throwingGetter(typeof like === "object" && like ? like : {});
    case 15: return callbackGetter(ctx, typeof like === "object" && like ? like : {});
    case 16: { const d = r.pick([99, 200, 5000, 100000]); return big(`o${d}`, () => deepObject(d)); }
    case 17: { const d = r.pick([99, 200, 5000, 100000]); return big(`a${d}`, () => deepArray(d)); }
    case 18: { const len = r.pick([1000, 100000, 2000000]); const fill = r.pick([0, "x", null]); return big(`f${len}${fill}`, () => new Array(len).fill(fill)); }
    case 19: return Object.create(null);
    case 20: return r.pick([new Date(0), new Map([["a", 1]]), new Set([1]), new Uint8Array(4), /x/, new Error("e"), Promise.resolve(1)]);
    case 21: return { toString() { throw new Error("toString"); }, valueOf() { throw new Error("valueOf"); } };
    case 22: return { [Symbol.toPrimitive]() { ctx.reenter?.(); return "1.30"; } };
    case 23: { const o = { a: 1 }; o.self = o; return o; }
    case 24: { const len = r.pick([100, 50000]); return big(`k${len}`, () => Object.fromEntries(Array.from({ length: len }, (_, i) => [`k${i}`, i]))); }
    case 25: return [undefined, null, 1n];
    case 26: return Object.defineProperty({}, "__proto__", { value: { polluted: true }, enumerable: true });
    case 27: return r.pick(DEEP_TEXTS);
    default: return r.pick([{}, [], "", 0]);
  }
}

function clone(v) {
  return v === undefined ? undefined : structuredClone(v);
}

// Replaces one random nested value of a valid template with an edge or hostile value.
function mutateDeep(r, ctx, value) {
  if (value === null || typeof value !== "object") {
    if (typeof value === "string" && r.chance(0.6)) return r.pick(EDGE_STRINGS);
    if (typeof value === "number" && r.chance(0.6)) return r.pick(EDGE_NUMBERS);
    return hostile(r, ctx, value);
  }
  const keys = Object.keys(value);
  if (!keys.length || r.chance(0.15)) {
    if (r.chance(0.3) && !Array.isArray(value)) {
      value[r.pick(["unknownField", "kind", "apiVersion", "x"])] = r.chance(0.5) ? 1 : "y";
      return value;
    }
    return hostile(r, ctx, value);
  }
  const k = r.pick(keys);
  value[k] = mutateDeep(r, ctx, value[k]);
  if (Array.isArray(value) && r.chance(0.1)) {
    // repeat an element many times (sizes)
    const big = new Array(r.pick([100, 10000])).fill(value[0]);
    return big;
  }
  return value;
}

// Valid arguments, with (most of the time) one of them made hostile.
export function argsFor(r, ctx, make, k) {
  const out = argsFor0(r, ctx, make, k);
  return globalThis.__KG_SANE ? sane(out, make, k) : out;
}
// Exploration aid (globalThis.__KG_SANE): only arguments of the template's types, as plain data.
function sane(args, make, k) {
  let tmpl;
  try { tmpl = make(k); } catch { return args; }
  return tmpl.map((t, i) => {
    const a = args[i];
    try {
      if (typeof t === "string") return typeof a === "string" && a.isWellFormed() ? a : t;
      if (typeof t === "number") return typeof a === "number" && Number.isFinite(a) ? a : t;
      if (typeof t === "boolean") return typeof a === "boolean" ? a : t;
      if (a === undefined) return t;
      const j = JSON.stringify(a);
      if (j === undefined || !j.isWellFormed() || j.length > 5e6) return t;
      let d = 0, m = 0;
      for (const c of j) { if (c === "{" || c === "[") m = Math.max(m, ++d); else if (c === "}" || c === "]") d--; }
      if (m > 60) return t;
      return JSON.parse(j);
    } catch { return t; }
  });
}
function argsFor0(r, ctx, make, k) {
  let args;
  try {
    args = make(k).map(clone);
  } catch {
    args = [];
  }
  const roll = r.next();
  if (roll < 0.15) return args; // valid, to move the object into deeper states
  if (roll < 0.25) return args.slice(0, r.int(args.length + 1)); // missing arguments
  if (roll < 0.3) return [...args, hostile(r, ctx)]; // an extra argument
  if (!args.length) return [hostile(r, ctx)];
  const i = r.int(args.length);
  args[i] = r.chance(0.5) ? hostile(r, ctx, args[i]) : mutateDeep(r, ctx, args[i]);
  return args;
}

// --- what counts as a failure ------------------------------------------------------------------
const GLUE = /unsafe aliasing|recursive use of an object|Cannot convert|Cannot read propert|Cannot destructure|null pointer passed|unreachable|memory access out of bounds|is not a function|is not iterable|Maximum call stack|out of memory|attempted to take ownership|RuntimeError|invalid enum value passed|expected a string argument|expected a number argument|expected a boolean argument|string argument|Invalid array length|Illegal invocation/;

export function checkThrown(e) {
  if (e instanceof WebAssembly.RuntimeError) return `wasm trap: ${e.message}`;
  if (!(e instanceof Error)) return `threw a non-Error: ${describe(e)}`;
  if (typeof e.kind !== "string" || !e.kind) return `Error without kind: ${e.constructor?.name}: ${e.message}`;
  if (GLUE.test(e.message)) return `glue text: ${e.message}`;
  return null;
}

export function describe(v, depth = 0) {
  try {
    if (v === undefined) return "undefined";
    if (typeof v === "bigint") return `${v}n`;
    if (typeof v === "symbol") return "Symbol()";
    if (typeof v === "function") return "function";
    if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v);
    if (v === null || typeof v !== "object") return String(v);
    if (depth > 2) return Array.isArray(v) ? `[…${v.length}]` : "{…}";
    if (Array.isArray(v)) return `[${v.slice(0, 3).map((x) => describe(x, depth + 1)).join(", ")}${v.length > 3 ? `, …${v.length}` : ""}]`;
    const keys = Object.keys(v);
    return `{${keys.slice(0, 4).map((k) => `${k}: ${describe(Object.getOwnPropertyDescriptor(v, k)?.get ? "<getter>" : v[k], depth + 1)}`).join(", ")}${keys.length > 4 ? ", …" : ""}}`;
  } catch {
    return "<unprintable>";
  }
}

// The module still answers correctly: a gate after every call, a kubelet resolution after
// every `full`th (any trap already breaks the gate).
let checks = 0;
export function healthy(k, full = 8) {
  const g = new k.FeatureGate("1.30");
  g.add({ HealthCheck: { default: false, preRelease: "Alpha" } });
  g.set("HealthCheck=true");
  if (g.enabled("HealthCheck") !== true) throw new Error("FeatureGate broken");
  g.free();
  if (checks++ % full === 0) {
    const r = k.resolveKubeletConfig({ args: ["--max-pods=42"] });
    if (r.config.maxPods !== 42) throw new Error("resolveKubeletConfig broken");
  }
}

// Runs plans from `seed` until `budgetMs` is spent. `onCall(desc)` is told about each call before
// it is made (so a watchdog can name a hang). Returns { calls, failures: [{seed, call, problem}] }.
export function run(k, { seed, budgetMs, maxFailures = 20, onCall = () => {}, slowMs = 5000 }) {
  const failures = [];
  let calls = 0;
  const deadline = Date.now() + budgetMs;
  const classNames = Object.keys(CLASSES);
  const fnNames = Object.keys(FUNCTIONS);
  let s = seed;
  let broken = false;
  while (Date.now() < deadline && failures.length < maxFailures && !broken) {
    const r = rng(s);
    const planSeed = s++;
    const ctx = { reenter: null };
    const call = (desc, f) => {
      onCall(`seed ${planSeed}: ${desc}`);
      calls++;
      const t0 = Date.now();
      let problem = null;
      try {
        f();
      } catch (e) {
        problem = checkThrown(e);
      }
      const ms = Date.now() - t0;
      if (!problem && ms > slowMs) problem = `took ${ms} ms`;
      if (!problem) {
        try {
          healthy(k);
        } catch (e) {
          problem = `module broken after the call: ${e?.message ?? e}`;
        }
      }
      if (problem) {
        failures.push({ seed: planSeed, call: desc, problem });
        if (/^module broken|^wasm trap/.test(problem)) broken = true;
        return false;
      }
      return true;
    };
    if (r.chance(0.35)) {
      for (let i = 0; i < 4 && failures.length < maxFailures; i++) {
        const name = r.pick(fnNames);
        const args = argsFor(r, ctx, FUNCTIONS[name], k);
        ctx.reenter = () => k[name](...argsFor(rng(planSeed + 1), {}, FUNCTIONS[name], k));
        if (!call(`${name}(${args.map((a) => describe(a)).join(", ")})`, () => k[name](...args))) break;
      }
      continue;
    }
    const cname = r.pick(classNames);
    const spec = CLASSES[cname];
    const Cls = k[cname];
    let obj = null;
    const ctorArgs = r.chance(0.75) ? spec.ctor().map(clone) : argsFor(r, ctx, spec.ctor, k);
    if (spec.statics && r.chance(0.2)) {
      const [sname, make] = r.pick(Object.entries(spec.statics));
      const sargs = argsFor(r, ctx, make, k);
      if (!call(`${cname}.${sname}(${sargs.map((a) => describe(a)).join(", ")})`, () => { obj = Cls[sname](...sargs); })) continue;
    } else if (!call(`new ${cname}(${ctorArgs.map((a) => describe(a)).join(", ")})`, () => { obj = new Cls(...ctorArgs); })) continue;
    if (!obj) continue;
    if (spec.setup && r.chance(0.5)) {
      try { spec.setup(obj, k); } catch { /* setup on a hostile object may fail */ }
    }
    const methods = Object.keys(spec.methods);
    const steps = 3 + r.int(10);
    for (let i = 0; i < steps && failures.length < maxFailures; i++) {
      const roll = r.next();
      if (roll < 0.04) {
        if (!call(`${cname}#free()`, () => obj.free())) break;
        continue;
      }
      if (roll < 0.08 && spec.getters) {
        const g = r.pick(spec.getters);
        if (!call(`${cname}#${g}`, () => obj[g])) break;
        continue;
      }
      if (roll < 0.1) {
        // a method called on something that is not one of these objects
        const m = r.pick(methods);
        const self = hostile(r, ctx);
        if (!call(`${cname}.prototype.${m}.call(${describe(self)})`, () => Cls.prototype[m].call(self, ...spec.methods[m]().map(clone)))) break;
        continue;
      }
      const m = r.pick(methods);
      const args = argsFor(r, ctx, spec.methods[m], k);
      const other = r.pick(methods);
      ctx.reenter = () => obj[other](...spec.methods[other]().map(clone));
      if (!call(`${cname}#${m}(${args.map((a) => describe(a)).join(", ")})`, () => obj[m](...args))) break;
    }
    try { obj.free(); } catch { /* already freed */ }
  }
  return { calls, failures, nextSeed: s, broken };
}
