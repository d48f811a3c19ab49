// A TypeScript user of the package: every export, used with the types the package ships, under
// `tsc --strict` (types.test.mjs). It is type-checked, never run: each `@ts-expect-error` line
// proves a wrong use is refused, so a contract that loosened to `any` would fail the check.
import init, {
  initSync,
  KubegateLoaded,
  ErrorKind,
  LIMITS,
  FeatureGate,
  parseFeatureList,
  kubernetesFeatures,
  kubernetesDependencies,
  renderFeatureList,
  version,
  releases,
  releaseGates,
  releaseFeatures,
  facts,
  toYaml,
  resolveKubeletConfig,
  explainKubeletConfig,
  checkKubeletUpgrade,
  setMemoryPressureCondition,
  setDiskPressureCondition,
  setPIDPressureCondition,
  setReadyCondition,
  nodeStatusHasChanged,
  simulateCluster,
  scenarioStartFromNode,
  NodeLifecycleController,
  ClusterSimulator,
  PodConfig,
  FileSource,
  HttpSource,
  ApiserverSource,
  prepareForCreate,
  prepareForUpdate,
  builtinFieldGateSchemas,
  validateEnum,
  validateFrobberRestartPolicy,
  BootstrapController,
  importKubeletCommandLine,
  importConfigz,
  importNode,
  explainNode,
  importFeatureMetrics,
  compareFeatureMetrics,
  importKubeadmConfig,
  checkComponentStart,
  checkControlPlaneUpgrade,
} from "kubegate";
import type {
  FeatureSpec,
  FeatureState,
  Facts,
  KubegateError,
  PreRelease,
  ReleaseGate,
  ResolvedKubeletConfig,
  Warning,
  PodMergeOutcome,
  PodOperation,
  PodUpdateReason,
  PodUpdate,
  PodConfigEvent,
  InvolvedObject,
  PodSourceStep,
  PodConfigMode,
  NodeEvent,
  ControllerConfig,
  ResolvedControllerSettings,
} from "kubegate";

// --- loading ---------------------------------------------------------------------------------------
export async function load(bytes: BufferSource): Promise<number> {
  const loaded: KubegateLoaded = await init();
  const again: KubegateLoaded = initSync({ module: bytes });
  // @ts-expect-error the summary is read-only
  again.memoryBytes = 0;
  // @ts-expect-error init() gives no raw wasm exports
  again.__wbindgen_malloc(1, 1);
  return loaded.memoryBytes + again.memory.buffer.byteLength;
}
const maxDepth: number = LIMITS.maxDepth;
// @ts-expect-error LIMITS is read-only
LIMITS.maxDepth = 1;

// --- feature gates and releases ----------------------------------------------------------------------
const gate = new FeatureGate("1.31", "1.30");
const plain = new FeatureGate();
gate.addVersioned(kubernetesFeatures());
gate.addDependencies(kubernetesDependencies());
gate.add({ MyFeature: { default: false, preRelease: "Alpha" } });
const warnings: Warning[] = gate.set("AllAlpha=true");
const oldValue: boolean | undefined = warnings[0]?.oldValue;
gate.setFromMap({ MyFeature: true });
const on: boolean = gate.enabled("MyFeature");
const id: number = gate.featureId("MyFeature");
const byId: boolean = gate.enabledById(id);
const help: string[] = gate.knownFeatures();
const flags: string = gate.toString();
gate.overrideDefault("MyFeature", true);
gate.overrideDefaultAtVersion("MyFeature", false, "1.30");
gate.setEmulationVersion("1.32");
gate.setEmulationVersionAndMinCompatibilityVersion("1.32", "1.31");
const emulation: string = gate.emulationVersion() + gate.minCompatibilityVersion();
const explicit: boolean = gate.explicitlySet("MyFeature");
gate.resetFeatureValueToDefault("MyFeature");
const problems: string[] = gate.validate();
const copy: FeatureGate = gate.deepCopy();
const reset: FeatureGate = gate.deepCopyAndReset();
const all: Record<string, FeatureSpec> = gate.getAll();
const history: Record<string, FeatureSpec[]> = gate.getAllVersioned();
const deps: Record<string, string[]> = gate.dependencies();
const states: FeatureState[] = gate.featureStates();
const stage: PreRelease = states[0].preRelease;
const old: FeatureGate = FeatureGate.forRelease("1.28");
gate.close();
copy.free();
reset.free();
plain.free();
old.free();
// @ts-expect-error a feature name is a string
gate.enabled(1);
// @ts-expect-error the package's own cache: not part of the typed API
gate.resolvedTable();
// @ts-expect-error the package's own cache: not part of the typed API
gate.markQueried([1]);
// @ts-expect-error specs are objects of FeatureSpec
gate.add({ X: { default: "yes" } });

const list: Record<string, FeatureSpec[]> = parseFeatureList("- name: X\n  versionedSpecs: []\n");
const yaml: string = renderFeatureList(list);
const v = version();
const versions: string = v.kubegate + v.kubernetes + v.featureList;
const range = releases();
const newest: string = range.newest + range.oldest + range.firstVersioned + range.releases.join();
const gates: ReleaseGate[] = releaseGates("1.30");
const removed: string | null | undefined = gates[0].removed;
const features: Record<string, FeatureSpec[]> = releaseFeatures("1.30");
// @ts-expect-error a release is a string
releaseGates(1.3);
const known: Facts = facts();
const grace: string | null = known.perRelease["1.32"]?.nodeMonitorGracePeriod ?? null;
const dropinSpan: string | undefined = known.spans.dropinDirAlphaEnv?.from;
// @ts-expect-error a release's facts are not a number
const wrongFacts: number = known.perRelease["1.32"];
const asYaml: string = toYaml({ kind: "KubeletConfiguration", maxPods: 110 });

// --- errors ------------------------------------------------------------------------------------------
try {
  gate.set("Nope=true");
} catch (e) {
  const err = e as KubegateError;
  const kind: string = err.kind;
  const first = err.problems?.[0];
  const start: number | undefined = first?.span?.start;
  const where: string | undefined = err.path ?? err.file ?? err.flag ?? err.field;
  const line: number | undefined = err.line;
  // @ts-expect-error kind is a string
  const wrong: number = err.kind;
  // kind is one of the generated kinds, not any string.
  const gateKind: boolean = err.kind === "unrecognized" || err.kind === "featureGate";
  // @ts-expect-error no error has this kind
  const unknownKind: boolean = err.kind === "notAKind";
  const problemKind: ErrorKind | undefined = first?.kind;
  void [kind, start, where, line, wrong, gateKind, unknownKind, problemKind];
}

// --- kubelet configuration ---------------------------------------------------------------------------
const resolved: ResolvedKubeletConfig = resolveKubeletConfig({
  kubeletVersion: "1.31",
  args: ["--config=/etc/kubernetes/kubelet.yaml"],
  files: { "/etc/kubernetes/kubelet.yaml": "maxPods: 50\n" },
  dynamic: { assigned: { name: "cm", contents: null, modified: 0 }, now: 60 },
});
const maxPodsLayer: string = resolved.provenance["maxPods"]?.origin.layer ?? "";
const explained = explainKubeletConfig(resolved, "maxPods");
const summary: string[] = explained.summary;
const upgrade = checkKubeletUpgrade({ args: [] }, "1.32");
const starts: boolean = upgrade.starts && upgrade.findings.every((f) => f.breaking !== undefined);
// @ts-expect-error args is required
resolveKubeletConfig({ files: {} });
// @ts-expect-error the layer is one of KubeletConfigLayer
const badLayer: "network" = resolved.provenance["maxPods"]!.origin.layer;

// --- node status, the lifecycle controller, the simulator ----------------------------------------------
const node = { metadata: { name: "n1" }, status: { conditions: [] } };
const now = "2024-05-01T10:00:00Z";
const memory = setMemoryPressureCondition(node, now, true);
setDiskPressureCondition(memory.node, now, false);
setPIDPressureCondition(memory.node, now, false);
const ready = setReadyCondition(memory.node, now, { runtimeError: "down" });
const changed: boolean = nodeStatusHasChanged(ready.node.status, memory.node.status);
const trace = simulateCluster({ nodes: 3, duration: "5m" });
const transitions: number = trace.transitions.length;
const start = scenarioStartFromNode(node, { nodes: 1, duration: "1m" });
const controller = new NodeLifecycleController({ nodeMonitorGracePeriod: "40s" });
const settings: ResolvedControllerSettings = controller.settings();
const monitorGrace: string = settings.nodeMonitorGracePeriod;
const controllerConfig: ControllerConfig = { nodeEvictionRate: 0.2 };
// @ts-expect-error a grace period is a Go duration string
new NodeLifecycleController({ nodeMonitorGracePeriod: 40 });
// @ts-expect-error resolved settings always carry the eviction rate as a number
const badRate: string = settings.nodeEvictionRate;
const monitored = controller.monitorNodeHealth({ now, nodes: [node] });
controller.doNoExecuteTaintingPass({ now });
const sim = new ClusterSimulator({ nodes: 2, duration: "10m" });
sim.advance("1m");
sim.advanceQuiet("1m");
const simNow: string = sim.now();
sim.trace();
const codes: Uint8Array = sim.readyCodes();
const done: boolean = sim.isDone();
sim.nodes();
// @ts-expect-error a scenario needs nodes and duration
simulateCluster({ seed: 1 });

// --- pod sources -------------------------------------------------------------------------------------
const pods = new PodConfig({ mode: "Incremental", now });
pods.setNow(now);
pods.channel("file");
pods.merge("file", { op: "ADD", pods: [{ metadata: { name: "p", uid: "u" } }] });
pods.mergeDetailed("file", { op: "SET", pods: [] }, now);
pods.sync();
const seen: boolean = pods.seenAllSources(["file"]);
pods.mergedState();
pods.sources();
pods.events();
pods.logs();
const mode: string = pods.mode;
const files = new FileSource({ path: "/etc/kubernetes/manifests", nodeName: "n1" });
files.writeFile("p.yaml", "apiVersion: v1\nkind: Pod\n");
files.removeFile("p.yaml");
files.tick(now);
files.files();
const http = new HttpSource({ url: "http://example.invalid/pods", nodeName: "n1" });
http.serve({ status: 200, body: "" });
http.tick(now);
const api = new ApiserverSource({ nodeName: "n1" });
api.setNodeSynced(true);
api.upsertPod({ metadata: { name: "p", uid: "u" } });
api.deletePod("default", "p");
api.tick(now);
api.clusterPods();
const watching: boolean = api.watching;
// @ts-expect-error an operation is one of PodOperation
pods.merge("file", { op: "CREATE" });
const outcome: PodMergeOutcome = pods.mergeDetailed("file", { op: "SET", pods: [] });
const firstOp: PodOperation | undefined = outcome.updates[0]?.op;
const why: PodUpdateReason[] = outcome.updates.flatMap((u: PodUpdate) => u.reasons);
const warned: PodConfigEvent[] = outcome.events.filter((e) => e.type === "Warning");
const involved: InvolvedObject | undefined = warned[0]?.involvedObject;
const step: PodSourceStep = files.tick(now);
const podMode: PodConfigMode = "SnapshotAndUpdates";
const recorded: NodeEvent[] = memory.events;
// @ts-expect-error an event's type is Normal or Warning
const badEvent: NodeEvent = { type: "Info", reason: "x" };
// @ts-expect-error a mode is one of PodConfigMode
const badMode: PodConfigMode = "Unknown";
// @ts-expect-error a source step's errors are strings
const badErrors: number[] = step.errors;

// --- API fields and the bootstrap controller ------------------------------------------------------------
const schemas = builtinFieldGateSchemas();
const service = schemas.find((s) => s.kind === "Service")!;
const created = prepareForCreate(service, { TrafficDistribution: false }, { spec: {} });
const dropped: string[] = created.dropped;
prepareForUpdate(service, { TrafficDistribution: false }, { spec: {} }, created.object);
const enumErrors: string[] = validateEnum({ path: "spec.x", value: "A", validValues: ["A"] });
const report = validateFrobberRestartPolicy({ restartPolicy: "OnTuesday", gates: { Tuesday: true } });
const allowed: boolean = report.allowed;
// @ts-expect-error validValues is required
validateEnum({ path: "spec.x" });
// @ts-expect-error gates map names to booleans
prepareForCreate(service, { TrafficDistribution: "on" }, {});

const boot = new BootstrapController({ apiservers: ["192.168.0.2"] });
boot.advance("10s");
boot.startApiserver("192.168.0.3");
boot.stopApiserver("192.168.0.3");
boot.crashApiserver("192.168.0.2");
boot.createService({ metadata: { namespace: "default", name: "s" }, spec: {} }, true);
boot.deleteService("default", "s", true);
boot.allocateClusterIp("10.0.0.5");
boot.allocateNodePort(30000);
const deleted: boolean = boot.deleteNamespace("kube-public");
const bootNow: string = boot.now;
boot.namespaces();
const kubernetes = boot.service();
const clusterIP: string | undefined = kubernetes?.spec.clusterIP;
boot.services();
boot.endpoints();
boot.leases();
boot.allocations();
boot.events();
boot.log();
boot.repairRuns();
boot.endpointsHistory();
boot.state();

// --- imports of cluster output ------------------------------------------------------------------------
const cmdline = importKubeletCommandLine("kubelet --max-pods=10", { KUBELET_ARGS: "" });
const form: "procCmdline" | "ps" | "shell" | "systemd" | "envFile" = cmdline.form;
const args: string[] = cmdline.args.map((a) => a.value);
importKubeletCommandLine("kubelet");
const configz = importConfigz("{}");
const configFile: string = configz.configFile;
const nodes = importNode("{}");
const kubeletVersion: string | null | undefined = nodes.nodes[0]?.kubeletVersion;
const nodeAnswer = explainNode("{}", { now: "2025-01-01T00:00:00Z", cluster: { healthyPeers: 0, otherZones: 1 } });
const evictionAt: string | undefined = nodeAnswer.explanation.nodes[0]?.evictions[0]?.at;
const nextSteps: string[] = nodeAnswer.explanation.nodes.flatMap((n) => n.next.map((s) => `${s.at} ${s.what}`));
explainNode("{}");
const metrics = importFeatureMetrics("");
const mismatches = compareFeatureMetrics("", "1.30", "AllAlpha=true");
const mismatchKind: "enabled" | "stage" | "unknown" | undefined = mismatches[0]?.kind;
const kubeadm = importKubeadmConfig("");
const kubeadmGates: Record<string, boolean> = kubeadm.kubeadmFeatureGates;
// @ts-expect-error the environment maps names to strings
importKubeletCommandLine("kubelet", { A: 1 });
const cpUpgrade = checkControlPlaneUpgrade({ from: "1.16", to: "1.26", manifests: [{ name: "a.yaml", text: "" }], files: { "/x": "" } });
const arrives: string | undefined = cpUpgrade.report.components[0]?.problems[0]?.arrives;
const cpKind: string | undefined = cpUpgrade.report.components[0]?.problems[0]?.error.kind;
const cpStart = checkComponentStart({ component: "kube-apiserver", release: "1.24", cmdlines: [{ name: "ps", text: "kube-apiserver" }] });
const cpStarts: boolean | undefined = cpStart.reports[0]?.starts;
// @ts-expect-error the releases are strings
checkControlPlaneUpgrade({ from: 1.16, to: "1.26" });

export const used = [
  maxDepth, oldValue, on, byId, help, flags, emulation, explicit, problems, all, history, deps, stage,
  yaml, versions, newest, removed, features, maxPodsLayer, summary, starts, badLayer, changed,
  transitions, start, settings, monitored, simNow, codes, done, seen, mode, watching, dropped,
  enumErrors, allowed, deleted, bootNow, clusterIP, form, args, configFile, kubeletVersion, metrics,
  mismatchKind, kubeadmGates, arrives, cpKind, cpStarts, grace, dropinSpan, wrongFacts, asYaml,
];
