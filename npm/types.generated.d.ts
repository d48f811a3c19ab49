// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.
// KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts

// --- Errors ---

/**
 * What an error carries beside its message. Absent fields are not set on the `Error`.
 */
export type KubegateErrorFields = {
  /**
   * What went wrong: the core error's `kind()` (the area whose rule refused, `"podConfig"`,
   * `"kubeletConfig"`, `"import"`..., or a feature-gate problem kind, `"syntax"`,
   * `"unrecognized"`, `"locked"`...), or one of the binding's own (`"invalidInput"`,
   * `"limit"`...).
   */
  kind: ErrorKind;
  /**
   * The path of the bad field in structured input, e.g. `"faults[0].at"`.
   */
  path?: string;
  /**
   * Every failure, when the core reports several at once (feature gates, kubelet validation).
   */
  problems?: Array<ErrorProblem>;
  /**
   * The file (kubelet config file, drop-in or checkpoint) that wrote the value at fault.
   */
  file?: string;
  /**
   * The 1-based line of the value at fault (in `file`, or in the imported text).
   */
  line?: number;
  /**
   * The flag that wrote the value at fault, e.g. `"--port"`.
   */
  flag?: string;
  /**
   * Dotted path of the configuration field at fault, e.g. `"evictionHard.memory.available"`.
   */
  field?: string;
};
/**
 * Where the value at fault was written, as far as the core knows.
 */
export type ErrorLocation = {
  /**
   * The file (kubelet config file, drop-in or checkpoint) that wrote the value at fault.
   */
  file?: string;
  /**
   * The 1-based line of the value at fault (in `file`, or in the imported text).
   */
  line?: number;
  /**
   * The flag that wrote the value at fault, e.g. `"--port"`.
   */
  flag?: string;
  /**
   * Dotted path of the configuration field at fault, e.g. `"evictionHard.memory.available"`.
   */
  field?: string;
};
/**
 * One failure inside an error that reports several.
 */
export type ErrorProblem = {
  /**
   * For feature gates: `"syntax"`, `"unrecognized"`, `"locked"`, `"preAlpha"`,
   * `"dependency"`, `"spec"`...
   */
  kind?: ErrorKind;
  /**
   * Kubernetes' exact text for this failure.
   */
  message: string;
  /**
   * The feature it is about.
   */
  feature?: string;
  /**
   * Where its `Key=value` piece is in the string given to `set()`.
   */
  span?: Span;
  /**
   * The file (kubelet config file, drop-in or checkpoint) that wrote the value at fault.
   */
  file?: string;
  /**
   * The 1-based line of the value at fault (in `file`, or in the imported text).
   */
  line?: number;
  /**
   * The flag that wrote the value at fault, e.g. `"--port"`.
   */
  flag?: string;
  /**
   * Dotted path of the configuration field at fault, e.g. `"evictionHard.memory.available"`.
   */
  field?: string;
};
/**
 * A span in UTF-16 code units (JS string indices), end exclusive.
 */
export type Span = {
  start: number;
  end: number;
};

// --- Feature gates and releases ---

/**
 * The kubegate version and the Kubernetes versions its defaults follow.
 */
export type VersionInfo = {
  /**
   * This package's version.
   */
  kubegate: string;
  /**
   * The binary version a `FeatureGate` emulates by default (component-base's
   * `DefaultKubeBinaryVersion`).
   */
  kubernetes: string;
  /**
   * The newest version the built-in gate list knows.
   */
  featureList: string;
};
/**
 * A feature's maturity. `Display` prints upstream's constant (`ALPHA`, `BETA`, the empty string
 * for GA, `DEPRECATED`, `PRE-ALPHA`), which is what Kubernetes puts in its messages; JSON and YAML
 * use the spelled-out names of `versioned_feature_list.yaml` (`Alpha`, `GA`, ...).
 */
export type PreRelease = "PreAlpha" | "Alpha" | "Beta" | "GA" | "Deprecated";
/**
 * One stage of a feature, valid from `version` on.
 */
export type FeatureSpec = {
  /**
   * Whether the feature is on when nobody sets it.
   */
  default: boolean;
  /**
   * The feature cannot be set to anything but its default (typically GA or deprecated
   * features about to be removed).
   */
  lockToDefault?: boolean;
  /**
   * The stage; a spec that names none is GA, as upstream's zero value.
   */
  preRelease?: PreRelease;
  /**
   * The first version this spec applies to. `None` is refused by
   * `FeatureGate::add_versioned`;
   * `FeatureGate::add` sets `0.0`, so an unversioned feature
   * applies at every emulation version.
   */
  version?: string | null;
  /**
   * The lowest min-compatibility version this spec needs. It lets a feature go Beta at 1.35 but
   * only turn on by default once every control-plane component it talks to is at least 1.35:
   *
   * ```text
   * FeatureA: [{1.35, Beta, default false},
   *            {1.35, Beta, default true, minCompatibilityVersion 1.35}]
   * ```
   *
   * A server at 1.35 with `--min-compatibility-version=1.34` (the default) has FeatureA off;
   * with 1.35, on. It may only follow an entry at the same `version` without it, and later
   * entries that leave it unset inherit it (see `complete_specs`).
   */
  minCompatibilityVersion?: string | null;
};
/**
 * Something upstream would log rather than fail on, returned as data.
 */
export type Warning = {
  /**
   * Upstream's log message, e.g.
   * `Warning: setting GA feature gate. It will be removed in a future release.`
   */
  message: string;
  feature: string;
  /**
   * The value being set, or the new value of a feature whose value changed.
   */
  value: boolean;
  /**
   * For a queried feature that an emulation-version change flips: its value before.
   */
  oldValue?: boolean;
};
/**
 * Why a feature has the value it has (not an upstream concept: upstream only knows the value).
 */
export type Reason = "Explicit" | "AllAlpha" | "AllBeta" | "Override" | "Default";
/**
 * Everything about one feature at the gate's current versions, for tables and explanations.
 */
export type FeatureState = {
  name: string;
  /**
   * The stage at the emulation and min-compatibility versions (PreAlpha: not available yet).
   */
  preRelease: PreRelease;
  /**
   * The spec in force (the synthetic `0.0` pre-alpha spec when none applies).
   */
  spec: FeatureSpec;
  default: boolean;
  enabled: boolean;
  locked: boolean;
  reason: Reason;
  explicitlySet: boolean;
  /**
   * When the feature reached its current stage: the first spec of the unbroken run of specs
   * with this stage that ends at the one in force (a later spec may only flip the default or
   * lock it, e.g. Beta off at 1.30 then Beta on at 1.33 is "Beta since 1.30"). `None` when
   * no spec applies yet.
   */
  stageSince?: string;
};
/**
 * The Kubernetes releases kubegate carries facts for.
 */
export type ReleaseRange = {
  /**
   * The oldest release ("1.16").
   */
  oldest: string;
  /**
   * The newest release: also the binary a default FeatureGate and kubernetesFeatures() stand
   * for.
   */
  newest: string;
  /**
   * Every release, newest first.
   */
  releases: Array<string>;
  /**
   * The first release whose binaries declare versioned gates and accept --emulated-version.
   */
  firstVersioned: string;
};
/**
 * A Kubernetes component whose code may read a gate (every one of them registers the shared
 * gate maps, so a gate string naming any gate is accepted by all; reading is what differs).
 */
export type GateComponent = "kube-apiserver" | "kube-controller-manager" | "kube-scheduler" | "kubelet" | "kube-proxy";
/**
 * A gate as the binaries of one release know it, with when it reached its stage and where the
 * fact comes from: a row of a release's gate table.
 */
export type ReleaseGate = {
  name: string;
  preRelease: PreRelease;
  default: boolean;
  lockToDefault: boolean;
  /**
   * When the gate reached `pre_release` (see `GateRecord::stage_since`).
   */
  stageSince: string | null;
  /**
   * First release whose binaries registered it (`"1.20"`; `"1.16"` also stands for earlier).
   */
  since: string;
  /**
   * First release whose binaries no longer do, if removed.
   */
  removed?: string | null;
  /**
   * The upstream file this release's fact was read from (`repo@commit:path`).
   */
  source: string;
  /**
   * True when the fact rests on a kubernetes/website page (or on the previous release's code
   * carried forward because no page changed it), not on the release's own code.
   */
  fromWebsite: boolean;
  /**
   * The components whose code reads the gate in this release; `null` when unknown (1.19 has
   * no reader facts, nor a few gates of 1.16..1.18); empty when registered but read by none.
   */
  components?: Array<GateComponent> | null;
  /**
   * True when `components` is, in part or whole, another release's answer: carried forward
   * (the newest release) or filled in for a component whose code the release's sources lack
   * (1.16..1.18, 1.22, 1.24: from the nearest release that has it).
   */
  componentsCarried: boolean;
  /**
   * True when the gate is registered but no component's code reads it (`components` empty):
   * setting it changes nothing.
   */
  readByNone: boolean;
};
/**
 * One run of a gate's life: a release, or the patches of it (`fromPatch` to `toPatch`) whose
 * binaries declared the same stage, default and lock.
 */
export type GateHistoryRow = {
  /**
   * The minor release (`"1.32"`).
   */
  release: string;
  /**
   * The first patch this row covers (0 also stands for a patch older than any source pins).
   */
  fromPatch: number;
  /**
   * The last patch it covers; `null`: every later patch of the release.
   */
  toPatch?: number | null;
  preRelease: PreRelease;
  default: boolean;
  lockToDefault: boolean;
  /**
   * The components whose code reads it in this release; `null` when unknown.
   */
  components?: Array<GateComponent> | null;
  /**
   * True when `components` is, in part or whole, another release's answer.
   */
  componentsCarried: boolean;
  /**
   * The upstream file the fact was read from (`repo@commit:path`), at `fromPatch`.
   */
  source: string;
  /**
   * True when the fact rests on a kubernetes/website page, not on the release's own code.
   */
  fromWebsite: boolean;
};
/**
 * A gate's whole life, release by release: what every `releaseGates` answer says about it, in
 * one place.
 */
export type GateHistory = {
  name: string;
  /**
   * First release whose binaries registered it (`"1.16"` also stands for earlier).
   */
  since: string;
  /**
   * First release whose binaries no longer do, if removed.
   */
  removed?: string | null;
  /**
   * Its entry on kubernetes.io's feature-gate reference (`…/feature-gates/#Name`, or
   * `…/feature-gates-removed/#Name`), when the website has a page for it; the data knows no
   * KEP numbers.
   */
  reference?: string | null;
  /**
   * Every release that registered it, oldest first; a release whose patches differ has one
   * row per run of patches.
   */
  rows: Array<GateHistoryRow>;
};
/**
 * Which patches of a minor share the answer of a release: what `releaseGates(release)` covers.
 */
export type PatchRange = {
  /**
   * The minor release (`"1.32"`).
   */
  release: string;
  /**
   * The first patch with this answer.
   */
  fromPatch: number;
  /**
   * The last patch with this answer; `null`: every later patch.
   */
  toPatch: number | null;
};

// --- Imports of cluster output ---

/**
 * One thing an import understood or ignored, and the 1-based line it is about.
 */
export type ImportNote = {
  line?: number;
  what: string;
};
/**
 * Which of the forms above the text was.
 */
export type KubeletCommandLineForm = "procCmdline" | "ps" | "shell" | "systemd" | "envFile";
/**
 * One argument and the 1-based line it starts on.
 */
export type KubeletArg = {
  value: string;
  line: number;
};
/**
 * A variable the input defines (`Environment=`, an env file's `NAME=value`).
 */
export type KubeletVariable = {
  name: string;
  value: string;
  line: number;
};
/**
 * What `parse` read.
 */
export type KubeletCommandLine = {
  form: KubeletCommandLineForm;
  /**
   * The program (`/usr/bin/kubelet`), when the text names one.
   */
  program?: string;
  /**
   * The kubelet's arguments, without the program.
   */
  args: Array<KubeletArg>;
  variables: Array<KubeletVariable>;
  /**
   * `$VAR` references the input does not define.
   */
  unresolved: Array<ImportNote>;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};
/**
 * What `parse` read.
 */
export type KubeletConfigz = {
  /**
   * A complete KubeletConfiguration object (apiVersion and kind added).
   */
  config: Record<string, unknown>;
  /**
   * The same as YAML-compatible JSON text, two-space indented: a `--config` file.
   */
  configFile: string;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};
/**
 * One imported node.
 */
export type ImportedNode = {
  node: Record<string, unknown>;
  /**
   * `status.nodeInfo.kubeletVersion` (`v1.31.4`), when present.
   */
  kubeletVersion?: string;
  /**
   * The node's Lease in `kube-node-lease`, when the input held it.
   */
  lease?: Record<string, unknown>;
  /**
   * Line of the object in the input.
   */
  line?: number;
};
/**
 * What `parse` read.
 */
export type NodeImport = {
  nodes: Array<ImportedNode>;
  /**
   * Pods in the input (any node's; the explanation matches them by `spec.nodeName`).
   */
  pods: Array<PodOnNode>;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};
/**
 * One gate as the component reports it.
 */
export type ReportedFeatureGate = {
  name: string;
  /**
   * As reported: `ALPHA`, `BETA`, `DEPRECATED`, `` (GA).
   */
  stage: string;
  enabled: boolean;
  line: number;
};
/**
 * What `parse` read.
 */
export type FeatureMetrics = {
  gates: Array<ReportedFeatureGate>;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};
/**
 * One difference between what a component reports and what a gate says it should.
 */
export type FeatureMetricsMismatch = {
  name: string;
  line: number;
  /**
   * `enabled`, `stage` or `unknown` (the gate does not know this feature).
   */
  kind: "enabled" | "stage" | "unknown";
  message: string;
};
/**
 * One flag from an `extraArgs`/`kubeletExtraArgs`, with its line.
 */
export type KubeadmExtraArg = {
  name: string;
  value: string;
  line?: number;
};
/**
 * What `parse` read.
 */
export type KubeadmConfig = {
  /**
   * The kubeadm API versions seen (`kubeadm.k8s.io/v1beta4`).
   */
  apiVersions: Array<string>;
  /**
   * kubeadm's own feature gates (ClusterConfiguration.featureGates), with their line.
   */
  kubeadmFeatureGates: { [key in string]: boolean };
  /**
   * Extra arguments per component: `apiServer`, `controllerManager`, `scheduler`, `etcd`.
   */
  extraArgs: { [key in string]: Array<KubeadmExtraArg> };
  /**
   * `nodeRegistration.kubeletExtraArgs` of InitConfiguration or JoinConfiguration.
   */
  kubeletExtraArgs: Array<KubeadmExtraArg>;
  /**
   * The KubeletConfiguration document, as a config file whose line numbers are the input's
   * (earlier lines are blank).
   */
  kubeletConfiguration?: string;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};

// --- Kubelet configuration ---

/**
 * A checkpointed ConfigMap source (`Node.Spec.ConfigSource.ConfigMap`) and its payload.
 */
export type KubeletCheckpoint = {
  namespace?: string;
  name?: string;
  uid?: string;
  resourceVersion?: string;
  kubeletConfigKey?: string;
  /**
   * The KubeletConfiguration text stored under `kubeletConfigKey`; `None` means the
   * checkpoint could not be read (a load failure).
   */
  contents?: string | null;
  /**
   * When it was assigned (Unix seconds).
   */
  modified?: number;
};
/**
 * The checkpoint store and the virtual clock.
 */
export type KubeletDynamicInput = {
  assigned?: KubeletCheckpoint | null;
  lastKnownGood?: KubeletCheckpoint | null;
  /**
   * Now (Unix seconds).
   */
  now?: number;
};
/**
 * What to resolve: a kubelet command line plus the files it refers to.
 */
export type ResolveKubeletConfigInput = {
  /**
   * `"1.33"`; defaults to `DEFAULT_KUBELET_VERSION`.
   */
  kubeletVersion?: string | null;
  /**
   * The kubelet's arguments (without the program name).
   */
  args: Array<string>;
  /**
   * Virtual filesystem: absolute path to contents.
   */
  files?: { [key in string]: string };
  /**
   * Directories that exist even though they hold no file (an empty drop-in dir).
   */
  dirs?: Array<string>;
  /**
   * Environment variables (only `KUBELET_CONFIG_DROPIN_DIR_ALPHA` matters, 1.28–1.29).
   */
  env?: { [key in string]: string };
  /**
   * The working directory relative `--config` paths start from; defaults to `/`.
   */
  cwd?: string | null;
  /**
   * Historical dynamic kubelet config (1.11–1.23).
   */
  dynamic?: KubeletDynamicInput | null;
  /**
   * The known feature gates, as `versioned_feature_list.yaml` text.
   */
  featureList?: string | null;
};
/**
 * The layer that wrote a value.
 */
export type KubeletConfigLayer = "default" | "legacyFlagDefault" | "configFile" | "dropIn" | "flag" | "featureGateDefault" | "dynamicConfig";
/**
 * Where a value came from.
 */
export type KubeletConfigOrigin = {
  layer: KubeletConfigLayer;
  /**
   * The file path, the flag (`--port`), or `defaults`.
   */
  source: string;
  /**
   * Line in the file, when known.
   */
  line?: number;
};
/**
 * One value a layer wrote, later overridden.
 */
export type KubeletConfigSetting = {
  /**
   * `null` when the layer removed the value (a map flag replacing its map).
   */
  value: unknown;
  origin: KubeletConfigOrigin;
};
/**
 * The history of one field.
 */
export type KubeletFieldProvenance = {
  /**
   * The effective value; `null` if the field ended up unset.
   */
  value: unknown;
  origin: KubeletConfigOrigin;
  /**
   * Earlier values, oldest first.
   */
  overridden?: Array<KubeletConfigSetting>;
};
/**
 * One field whose effective value differs from the built-in default.
 */
export type KubeletConfigDiffEntry = {
  path: string;
  /**
   * `null` when the default leaves the field unset.
   */
  default: unknown;
  /**
   * `null` when the effective configuration leaves it unset.
   */
  effective: unknown;
};
/**
 * Which config the kubelet ends up running.
 */
export type KubeletDynamicActive = "local" | "assigned" | "lastKnownGood";
/**
 * `Node.Status.Config` plus what Bootstrap decided.
 */
export type KubeletDynamicStatus = {
  active: KubeletDynamicActive;
  /**
   * `Node.Status.Config.Error`.
   */
  error?: string;
  /**
   * The assigned config is still within its trial (`now - modified <= 10m`).
   */
  inTrial: boolean;
  /**
   * The last-known-good after Bootstrap (the assigned one once it graduated).
   */
  lastKnownGood?: KubeletCheckpoint;
  /**
   * What the kubelet logged.
   */
  log: Array<string>;
};
/**
 * The effective configuration and how it came to be.
 */
export type ResolvedKubeletConfig = {
  kubeletVersion: string;
  /**
   * The effective `KubeletConfiguration` (v1beta1 JSON).
   */
  config: Record<string, unknown>;
  /**
   * Every known feature gate and its effective value.
   */
  featureGates: { [key in string]: boolean };
  provenance: { [key in string]: KubeletFieldProvenance };
  warnings: Array<string>;
  /**
   * Leaves that differ from the built-in defaults.
   */
  diff: Array<KubeletConfigDiffEntry>;
  dynamic?: KubeletDynamicStatus;
};
/**
 * The answer to "why does my kubelet run with this value?".
 */
export type KubeletConfigExplanation = {
  fieldPath: string;
  /**
   * The effective value (`null` when unset).
   */
  value: unknown;
  /**
   * Provenance of the field itself or, for a struct or map, of each leaf under it.
   */
  fields: { [key in string]: KubeletFieldProvenance };
  /**
   * One line per leaf: `path = value (layer source), overriding ...`.
   */
  summary: Array<string>;
};
/**
 * One finding.
 */
export type KubeletUpgradeFinding = {
  /**
   * `gateUnknown`, `gateLocked`, `gateDefaultChanged`, `flagRemoved`, `flagDeprecated`,
   * `fieldRemoved`, `defaultChanged`, `fieldChanged`, `error`.
   */
  kind: "gateUnknown" | "gateLocked" | "gateDefaultChanged" | "fieldChanged" | "error";
  /**
   * The gate, field or flag concerned.
   */
  subject: string;
  message: string;
  /**
   * Whether the target kubelet would refuse to start.
   */
  breaking: boolean;
  /**
   * The release in which the change happened (between the two compared), when known.
   */
  release?: string;
  /**
   * Where the inputs wrote the value: a file (with its line) or a flag.
   */
  file?: string;
  line?: number;
  flag?: string;
  /**
   * The starting release refuses this too: it does not arrive with the upgrade.
   */
  already?: boolean;
  /**
   * A gate the kubelet registers (so a gate string may name it) but whose code it does not
   * read in the target release: the change does not change what the kubelet does.
   */
  notReadByKubelet?: boolean;
};
/**
 * The report.
 */
export type KubeletUpgradeReport = {
  from: string;
  to: string;
  /**
   * The kubelet of `from` starts with these inputs.
   */
  startsBefore: boolean;
  /**
   * Its startup error when it does not (the first, as it prints it).
   */
  errorBefore?: string;
  /**
   * When `from` refuses the inputs, what the comparison dropped to start it: flags (`--x`)
   * and gates (`featureGates.X`).
   */
  beforeWithout?: Array<string>;
  /**
   * The target kubelet starts with these inputs.
   */
  starts: boolean;
  /**
   * The target's startup error, if any (its text, as the kubelet prints it).
   */
  error?: string;
  /**
   * Breaking findings first, then the rest, each group in the order the kubelet meets them.
   */
  findings: Array<KubeletUpgradeFinding>;
  /**
   * When the target refuses the inputs, the changes are still computed as if the removed
   * flags were dropped (what the operator will do); this lists what was dropped.
   */
  assumingRemoved?: Array<string>;
};
/**
 * Which stage of the kubelet's start refused the configuration.
 */
export type KubeletConfigStage = "input" | "featureList" | "flags" | "featureGates" | "flagValidation" | "configFile" | "dropIn" | "flagPrecedence" | "dynamicConfig" | "validation" | "startup";

// --- API fields ---

/**
 * One gated field.
 */
export type GatedField = {
  /**
   * `spec.trafficDistribution`, `endpoints[*].hints`, ...
   */
  path: string;
  /**
   * The feature gate that must be on for new uses of the field.
   */
  gate: string;
};
/**
 * Which gate guards which field of one API type.
 */
export type FieldGateSchema = {
  /**
   * The API type, for messages only (`Service`, `EndpointSlice`, ...).
   */
  kind?: string;
  fields: Array<GatedField>;
};
/**
 * The prepared object and what was taken out of it.
 */
export type PrepareResult = {
  object: Record<string, unknown>;
  /**
   * Concrete paths of the cleared fields, e.g. `endpoints[1].hints`, in the order cleared.
   */
  dropped: Array<string>;
};
/**
 * Upstream `operation.Type`.
 */
export type EnumOperation = "Create" | "Update";
/**
 * Upstream `validate.EnumExclusion`: `value` is excluded while `option` is on
 * (`exclude_when: true`, tag `+k8s:ifEnabled(X)=+k8s:enumExclude`) or while it is off
 * (`exclude_when: false`, tag `+k8s:ifDisabled(X)=+k8s:enumExclude`).
 */
export type EnumExclusion = {
  value: string;
  option: string;
  excludeWhen: boolean;
};
/**
 * What `validate_enum_request` takes: one enum field check, as the JS API passes it.
 */
export type EnumRequest = {
  path: string;
  /**
   * `null`/absent: an unset optional field.
   */
  value?: string | null;
  /**
   * Present on update when the old object exists: the old field value (`null` when unset).
   */
  oldValue?: string | null;
  validValues: Array<string>;
  exclusions?: Array<EnumExclusion>;
  options?: { [key in string]: boolean };
  operation?: EnumOperation;
};
/**
 * The arguments of the guide's `OnTuesday` example: the value, the old object's value on
 * update, and the gates by name.
 */
export type FrobberRestartPolicyRequest = {
  restartPolicy: string;
  /**
   * The old object's value on update; absent on create.
   */
  oldRestartPolicy?: string | null;
  gates: { [key in string]: boolean };
};
/**
 * Both formulations side by side, as the playground shows them.
 */
export type FrobberRestartPolicyReport = {
  /**
   * Whether the strategy allows `OnTuesday` for this request (`allow_on_tuesday`).
   */
  allowed: boolean;
  /**
   * `validate_restart_policy`'s errors, as upstream prints them.
   */
  guide: Array<string>;
  /**
   * `validate_restart_policy_declarative`'s errors, as upstream prints them.
   */
  declarative: Array<string>;
};

// --- Bootstrap controller ---

/**
 * Object metadata. `name` and `namespace` are `omitempty` as upstream's are; the bootstrap
 * controller's objects always carry a namespace, so theirs is always written.
 */
export type ObjectMeta = {
  namespace?: string;
  name?: string;
  creationTimestamp?: string;
  labels?: { [key in string]: string };
  [field: string]: unknown;
};
export type ServicePort = {
  name?: string;
  protocol?: string;
  port: number;
  targetPort?: number;
  nodePort?: number;
};
export type ServiceSpec = {
  ports?: Array<ServicePort>;
  clusterIP?: string;
  clusterIPs?: Array<string>;
  type?: string;
  ipFamilyPolicy?: string;
  sessionAffinity?: string;
  healthCheckNodePort?: number;
};
export type Service = {
  metadata: ObjectMeta;
  spec: ServiceSpec;
};
export type EndpointAddress = {
  ip: string;
};
export type EndpointPort = {
  name: string;
  port: number;
  protocol: string;
};
export type EndpointSubset = {
  addresses: Array<EndpointAddress>;
  ports: Array<EndpointPort>;
};
export type Endpoints = {
  metadata: ObjectMeta;
  subsets: Array<EndpointSubset>;
};
/**
 * One master lease as stored.
 */
export type MasterLease = {
  /**
   * `/masterleases/<ip>`.
   */
  key: string;
  ip: string;
  /**
   * Virtual time of the last renewal (Go duration since the start).
   */
  renewedAt: string;
  /**
   * Virtual time at which the TTL runs out.
   */
  expiresAt: string;
  generation: number;
};
/**
 * The allocation snapshots in storage.
 */
export type Allocations = {
  clusterIpRange: string;
  clusterIps: Array<string>;
  secondaryClusterIpRange: string | null;
  secondaryClusterIps: Array<string>;
  nodePortRange: string;
  nodePorts: Array<number>;
};
/**
 * An apiserver as shown to callers.
 */
export type ApiServerStatus = {
  ip: string;
  startedAt: string;
  /**
   * Leak counters of this apiserver's repair loops. Ports are keyed by their decimal text so
   * the map is a JSON object (JavaScript object keys are strings).
   */
  nodePortLeaks: { [key in string]: number };
  clusterIpLeaks: { [key in string]: number };
};
/**
 * A recorded event (events/v1 shape, flattened).
 */
export type ControlPlaneEvent = {
  /**
   * Virtual time, as a Go duration since the start (`"3m0s"`).
   */
  time: string;
  type: string;
  reason: string;
  /**
   * events/v1 `action`; empty where upstream records none.
   */
  action: string;
  message: string;
  /**
   * `namespace/name` of the object the event is about.
   */
  regarding: string;
  reportingController: string;
  /**
   * The apiserver (its address) whose controller recorded the event.
   */
  reportingInstance: string;
};
/**
 * A reported error or log line (`runtime.HandleError`, `klog`).
 */
export type LogEntry = {
  time: string;
  /**
   * The apiserver that logged it.
   */
  apiserver: string;
  message: string;
};
/**
 * How the control plane is configured (kube-apiserver flags).
 */
export type BootstrapConfig = {
  /**
   * `--service-cluster-ip-range`, primary.
   */
  serviceCidr?: string;
  /**
   * The secondary range of a dual-stack cluster.
   */
  secondaryServiceCidr?: string | null;
  /**
   * The `kubernetes` Service port (443).
   */
  servicePort?: number;
  /**
   * The apiservers' secure port, the Service's targetPort and the endpoint port (6443).
   */
  publicServicePort?: number;
  /**
   * `--kubernetes-service-node-port`; non-zero makes the Service type NodePort.
   */
  kubernetesServiceNodePort?: number;
  /**
   * `--service-node-port-range`.
   */
  nodePortRange?: string;
  /**
   * The namespaces kept present.
   */
  systemNamespaces?: Array<string>;
  /**
   * Namespaces that exist before any apiserver starts.
   */
  existingNamespaces?: Array<string>;
  /**
   * Apiserver addresses started at time zero.
   */
  apiservers?: Array<string>;
};
/**
 * What one repair run did to one leak candidate (an allocation in storage that no service uses).
 */
export type LeakCount = {
  /**
   * The port or address.
   */
  item: string;
  /**
   * `"flagged"` (first detection), `"kept"` (pretended in use while the counter runs down) or
   * `"released"` (left out of the rebuilt snapshot, so free for reuse).
   */
  action: "flagged" | "kept" | "released";
  /**
   * This apiserver's counter after the run (`leaks[item]`); upstream keeps 0 after a release.
   */
  count: number;
  /**
   * The consecutive detection this run was: 1 and 2 keep, 3 releases
   * (`numRepairsBeforeLeakCleanup`). A counter that was already 0 (an earlier leak of the same
   * item was released) releases on the first detection.
   */
  strike: number;
};
/**
 * One run of a repair loop, for a timeline. Derived from the run's leak counters before and
 * after and the snapshot it wrote back; the rules themselves live in `super::repair`.
 */
export type RepairRun = {
  time: string;
  apiserver: string;
  /**
   * `"NodePort"` or `"ClusterIP"`.
   */
  repair: "NodePort" | "ClusterIP";
  /**
   * Leak candidates seen by this run, in snapshot order.
   */
  leaks: Array<LeakCount>;
  /**
   * Events the run recorded.
   */
  events: number;
  /**
   * The error the run returned, if it aborted.
   */
  failure: string | null;
};
/**
 * A change of the `default/kubernetes` Endpoints addresses, for a timeline.
 */
export type EndpointsChange = {
  time: string;
  /**
   * The apiserver whose reconcile wrote the change.
   */
  apiserver: string;
  /**
   * The addresses afterwards.
   */
  addresses: Array<string>;
  /**
   * `"reconcile"` (periodic, after a lease was added or expired), `"stop"` (a graceful
   * shutdown removing its own lease) or `"stale"` (a restart removing its lease of the run
   * that crashed).
   */
  cause: "reconcile" | "stop" | "stale";
};
/**
 * Everything at once, for display.
 */
export type BootstrapState = {
  now: string;
  namespaces: Array<string>;
  namespaceCreateCalls: number;
  services: Array<Service>;
  endpoints: Endpoints | null;
  leases: Array<MasterLease>;
  allocations: Allocations;
  apiservers: Array<ApiServerStatus>;
  events: Array<ControlPlaneEvent>;
  log: Array<LogEntry>;
  repairRuns: Array<RepairRun>;
  endpointsHistory: Array<EndpointsChange>;
};

// --- Nodes and node status ---

/**
 * `v1.ConditionStatus`. One byte, so the simulator can mirror the statuses of 5000 nodes in a
 * few kilobytes and compare them without touching the nodes.
 */
export type ConditionStatus = "True" | "False" | "Unknown";
/**
 * A node condition. `lastHeartbeatTime`/`lastTransitionTime` are RFC 3339 strings.
 */
export type NodeCondition = {
  type: string;
  status: ConditionStatus;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason: string;
  message: string;
};
/**
 * `v1.TaintEffect`: the three values the API accepts.
 */
export type TaintEffect = "NoSchedule" | "PreferNoSchedule" | "NoExecute";
/**
 * A node taint (`key`, `value`, `effect`, `timeAdded`).
 */
export type Taint = {
  key: string;
  value: string;
  effect: TaintEffect;
  timeAdded?: string;
};
/**
 * `status` of a Node. Only `conditions` and `capacity` are typed; the rest is kept verbatim.
 */
export type NodeStatus = {
  /**
   * Quantities: Kubernetes writes strings (`"4"`, `"16Gi"`); numbers are read as well.
   */
  capacity?: Record<string, string | number>;
  conditions?: Array<NodeCondition>;
  [field: string]: unknown;
};
/**
 * `spec` of a Node. Only `unschedulable` and `taints` are typed; the rest is kept verbatim.
 */
export type NodeSpec = {
  unschedulable?: boolean;
  taints?: Array<Taint>;
  [field: string]: unknown;
};
/**
 * A core/v1 Node. Fields kubegate does not model pass through unchanged.
 */
export type Node = {
  metadata?: ObjectMeta;
  spec?: NodeSpec;
  status?: NodeStatus;
  [field: string]: unknown;
};
/**
 * A setter's output: the new node and the events it recorded (`recordNodeStatusEvent`).
 */
export type SetterResult = {
  node: Node;
  events: Array<NodeEvent>;
};
/**
 * One error message or several (an upstream aggregate, e.g. several runtime errors).
 */
export type ErrorList = string | Array<string>;
/**
 * What the Ready setter asks of the rest of the kubelet.
 */
export type ReadyInputs = {
  /**
   * `runtimeErrors()`: container runtime down, PLEG unhealthy, ...
   */
  runtimeError?: ErrorList;
  /**
   * `networkErrors()`: network plugin not ready.
   */
  networkError?: ErrorList;
  /**
   * `storageErrors()`: CSI or volume plugin errors.
   */
  storageError?: ErrorList;
  /**
   * `nodeShutdownManagerErrors()`: e.g. "node is shutting down".
   */
  shutdownError?: ErrorList;
  /**
   * `cmStatus().SoftRequirements`: appended as a warning.
   */
  softRequirements?: string;
  /**
   * The LocalStorageCapacityIsolation setting (default on): ephemeral-storage capacity required.
   */
  localStorageCapacityIsolation?: boolean;
};
/**
 * A lease's metadata: a name, and a namespace that defaults to the node lease namespace (the
 * only leases the node lifecycle controller reads).
 */
export type LeaseMeta = {
  name: string;
  /**
   * Default: `kube-node-lease`.
   */
  namespace?: string;
};
export type LeaseSpec = {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  renewTime?: string;
};
export type Lease = {
  metadata: LeaseMeta;
  spec?: LeaseSpec;
};
export type ZoneState = "Initial" | "Normal" | "FullDisruption" | "PartialDisruption";

// --- Node lifecycle controller ---

/**
 * A pod as far as the controller cares: where it runs.
 */
export type PodRef = {
  namespace?: string;
  name: string;
  nodeName: string;
};
/**
 * One `monitorNodeHealth` input: what the informers list at `now`.
 */
export type MonitorInput = {
  now: string;
  nodes?: Array<Node>;
  leases?: Array<Lease>;
  pods?: Array<PodRef>;
};
/**
 * A taint decision: `queued` (waits for the zone's rate limiter), `added`, `removed`.
 */
export type TaintChange = {
  node: string;
  action: "queued" | "added" | "removed";
  key: string;
  effect: string;
};
/**
 * An event the controller recorded.
 */
export type ControllerEvent = {
  node: string;
  type: "Normal";
  reason: string;
  message: string;
};
/**
 * A write to the API server (or the list the pass started with).
 */
export type ApiCall = {
  verb: "list" | "updateStatus" | "patch";
  resource: "nodes";
  name?: string;
};
export type PodsMarkedNotReady = {
  node: string;
  pods: Array<string>;
};
/**
 * A zone's disruption state as `handleDisruption` moved it, with the NoExecute tainting rate it
 * set for the zone (`setLimiterInZone`) and why, in upstream's terms.
 */
export type ZoneChange = {
  /**
   * `nodetopology.GetZoneKey`: `region:\0:zone`, empty for nodes without zone labels.
   */
  zone: string;
  from: string;
  to: string;
  /**
   * Ready and not-Ready nodes counted in the zone (nodes labelled exclude-disruption are not).
   */
  ready: number;
  notReady: number;
  /**
   * Nodes per second the zone's NoExecute tainting queue may now taint (0: none).
   */
  evictionRate: number;
  /**
   * Every zone is fully disrupted: the controller stopped tainting everywhere and removed its
   * NoExecute taints (upstream's "controller is in full disruption mode").
   */
  allZonesFull: boolean;
  /**
   * Why this rate applies, naming the flags and upstream functions that decide it.
   */
  why: string;
};
/**
 * What one pass did. `nodes` are the nodes as the API server now holds them.
 */
export type MonitorResult = {
  nodes: Array<Node>;
  taints: Array<TaintChange>;
  events: Array<ControllerEvent>;
  podsMarkedNotReady: Array<PodsMarkedNotReady>;
  apiCalls: Array<ApiCall>;
  zoneStates: { [key in string]: ZoneState };
};
/**
 * Controller settings (kube-controller-manager flags); every field optional.
 */
export type ControllerConfig = {
  /**
   * Picks the default grace period: 40s through 1.31, 50s from 1.32. Default: newest (50s).
   */
  kubernetesVersion?: string;
  /**
   * `--node-monitor-grace-period` (the version's default, see `kubernetesVersion`).
   */
  nodeMonitorGracePeriod?: string;
  /**
   * `--node-startup-grace-period` (60s).
   */
  nodeStartupGracePeriod?: string;
  /**
   * `--node-monitor-period` (5s).
   */
  nodeMonitorPeriod?: string;
  /**
   * `--node-eviction-rate` (0.1).
   */
  nodeEvictionRate?: number;
  /**
   * `--secondary-node-eviction-rate` (0.01).
   */
  secondaryNodeEvictionRate?: number;
  /**
   * `--large-cluster-size-threshold` (50).
   */
  largeClusterSizeThreshold?: number;
  /**
   * `--unhealthy-zone-threshold` (0.55).
   */
  unhealthyZoneThreshold?: number;
};
/**
 * The controller's settings after defaults: every field set; durations keep nanoseconds and
 * are written as Go duration strings ("50s") in JSON.
 */
export type ResolvedControllerSettings = {
  nodeMonitorGracePeriod: string;
  nodeStartupGracePeriod: string;
  nodeMonitorPeriod: string;
  nodeEvictionRate: number;
  secondaryNodeEvictionRate: number;
  largeClusterSizeThreshold: number;
  unhealthyZoneThreshold: number;
};
/**
 * A pod's toleration (`core/v1 Toleration`), as the taint manager reads it.
 */
export type Toleration = {
  key: string;
  /**
   * `Exists`, `Equal` (the default when empty), or `Lt`/`Gt` (1.35+, behind an alpha gate).
   */
  operator: string;
  value: string;
  /**
   * Empty matches every effect.
   */
  effect: string;
  tolerationSeconds?: number;
};
/**
 * A pod on a node, as the taint manager reads it: its name, node and tolerations.
 */
export type PodOnNode = {
  namespace: string;
  name: string;
  /**
   * `spec.nodeName`.
   */
  nodeName: string;
  tolerations: Array<Toleration>;
  /**
   * The kind of its controller (`metadata.ownerReferences` with `controller: true`), e.g.
   * `DaemonSet`, `ReplicaSet`.
   */
  ownerKind?: string;
};
/**
 * What the caller says about the rest of the cluster.
 */
export type ExplainCluster = {
  /**
   * Ready nodes in each imported node's zone besides the imported ones. Default: 2 when the
   * input holds one node, 0 when it holds several (they are taken as the cluster).
   */
  healthyPeers?: number;
  /**
   * Not-Ready nodes in each imported node's zone besides the imported ones (say the zone is
   * down). Default 0.
   */
  unhealthyPeers?: number;
  /**
   * Other zones, each with Ready nodes. Default 0: with no other zone, a zone with no Ready
   * node means every zone is fully disrupted.
   */
  otherZones?: number;
};
/**
 * Options of `explain`.
 */
export type ExplainNodeOptions = {
  /**
   * The instant the answer is for. Default: the snapshot's time (the latest instant the
   * input records).
   */
  now?: string;
  /**
   * The reader's clock, used only to say whether the snapshot is stale.
   */
  clock?: string;
  /**
   * kube-controller-manager's settings. Its `kubernetesVersion` defaults to the newest
   * kubelet version of the input (a control plane is at least as new as its kubelets).
   */
  controller?: ControllerConfig;
  cluster?: ExplainCluster;
};
/**
 * One instant: read from the object, or computed.
 */
export type ExplainStep = {
  at: string;
  /**
   * The end of the window when the instant depends on the phase of the controller's passes.
   */
  latest?: string;
  /**
   * `at` relative to `now`: "in 4m10s", "8m0s ago", "now".
   */
  relative: string;
  /**
   * `created`, `heartbeat`, `leaseRenewed`, `condition`, `taintAdded`, `taintRemoved`,
   * `taintQueued`, `podsNotReady`, `eviction`.
   */
  kind: string;
  what: string;
  /**
   * Who does it: `kubelet`, `node lifecycle controller`, `taint manager`, `API server`.
   */
  by: string;
  /**
   * For an overdue step: what can hold it back.
   */
  why?: string;
};
/**
 * A taint on the node, and whose it is.
 */
export type ExplainTaint = {
  key: string;
  value: string;
  effect: string;
  timeAdded?: string;
  /**
   * Whether the node lifecycle controller owns it (and so removes it when its cause ends).
   */
  controller: boolean;
  why: string;
};
/**
 * When a pod (or a kind of pod) is deleted by the taint manager.
 */
export type ExplainEviction = {
  /**
   * `namespace/name` of an imported pod; absent for a kind of pod.
   */
  pod?: string;
  /**
   * Which pods: "pods with the default tolerations", "DaemonSet pods", or the pod's owner.
   */
  who: string;
  /**
   * The tolerations that decide: "300s", "forever", "none" (not tolerated).
   */
  toleration: string;
  /**
   * When the taint manager saw the first NoExecute taint (the countdown's start).
   */
  start?: string;
  at?: string;
  /**
   * `due` (at or before now), `next`, `never` (tolerated forever), `none` (no NoExecute taint
   * is coming), `held` (the taint is queued and the zone takes none).
   */
  state: string;
  relative: string;
  /**
   * Whether `start` is a taint's recorded `timeAdded` (else it is computed).
   */
  fromObject: boolean;
};
/**
 * The zone the controller counts a node in.
 */
export type ExplainZone = {
  /**
   * `region/zone` as the labels say, `""` for nodes without zone labels.
   */
  zone: string;
  nodes: Array<string>;
  ready: number;
  notReady: number;
  /**
   * Of `ready` and `notReady`, how many the caller added (`ClusterOptions`).
   */
  healthyPeers: number;
  unhealthyPeers: number;
  state: string;
  /**
   * NoExecute taints per second in this zone now (0: none are applied).
   */
  evictionRate: number;
  why: string;
};
/**
 * One node explained.
 */
export type NodeExplanation = {
  name: string;
  zone: string;
  kubeletVersion?: string;
  /**
   * The Ready condition's status, absent when the kubelet never posted one.
   */
  ready?: string;
  readyReason: string;
  /**
   * The later of the last status heartbeat and the lease renewal.
   */
  lastContact?: string;
  /**
   * `lease`, `status heartbeat` or `creation`.
   */
  lastContactFrom: string;
  hasLease: boolean;
  /**
   * The latest instant this node's object (and lease) records.
   */
  snapshotTime?: string;
  /**
   * One sentence: where the node stands.
   */
  summary: string;
  taints: Array<ExplainTaint>;
  happened: Array<ExplainStep>;
  overdue: Array<ExplainStep>;
  next: Array<ExplainStep>;
  evictions: Array<ExplainEviction>;
  notes: Array<string>;
};
/**
 * The controller the answer assumes.
 */
export type ExplainController = {
  kubernetesVersion: string;
  /**
   * Where the version came from.
   */
  versionFrom: string;
  settings: ResolvedControllerSettings;
};
/**
 * The cluster the answer assumes.
 */
export type ExplainClusterView = {
  healthyPeers: number;
  unhealthyPeers: number;
  otherZones: number;
  /**
   * Whether the peers are the default (not given).
   */
  defaultPeers: boolean;
  zones: Array<ExplainZone>;
  allZonesFull: boolean;
};
/**
 * A snapshot older than the controller's grace period plus the eviction window.
 */
export type ExplainStale = {
  /**
   * How old the snapshot is (Go duration).
   */
  age: string;
  threshold: string;
  message: string;
};
/**
 * What `explain` answers.
 */
export type NodeExplain = {
  now: string;
  /**
   * `given` or `snapshot`.
   */
  nowFrom: string;
  snapshotTime?: string;
  stale?: ExplainStale;
  controller: ExplainController;
  cluster: ExplainClusterView;
  nodes: Array<NodeExplanation>;
  /**
   * Imported pods that run on none of the nodes.
   */
  otherPods: Array<string>;
};
/**
 * What `explainNode` returns: the engine's answer and what the import read.
 */
export type NodeExplainResult = {
  explanation: NodeExplain;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};

// --- Pod config ---

/**
 * `kubetypes.PodOperation`, with upstream's numbering (`SET = 0` … `RECONCILE = 5`).
 */
export type PodOperation = "SET" | "ADD" | "DELETE" | "REMOVE" | "UPDATE" | "RECONCILE";
/**
 * `PodConfigNotificationMode`. `Unknown` (0) is not representable: upstream panics on it, we
 * refuse it when the mode is parsed.
 */
export type PodConfigMode = "Snapshot" | "SnapshotAndUpdates" | "Incremental";
/**
 * Why one pod (or, without `pod`, the whole update) was emitted under this operation. For the
 * playground: "why UPDATE and not RECONCILE".
 */
export type PodUpdateReason = {
  /**
   * `format.Pod`: `name_namespace(uid)`; absent when the reason is about the whole update.
   */
  pod?: string;
  message: string;
  /**
   * The compared fields that differed (`spec`, `labels`, `annotations`, `deletionTimestamp`,
   * `deletionGracePeriodSeconds`, `status`).
   */
  changed?: Array<string>;
};
/**
 * `kubetypes.PodUpdate` as emitted, plus the explanation of each pod's operation.
 */
export type PodUpdate = {
  op: PodOperation;
  source: string;
  pods: PodJson[];
  reasons: Array<PodUpdateReason>;
};
/**
 * A recorded event's type and reason.
 */
export type NodeEvent = {
  type: "Normal" | "Warning";
  reason: string;
};
/**
 * The object an event is about (`v1.ObjectReference`, the fields the recorder fills for a pod).
 */
export type InvolvedObject = {
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  apiVersion: string;
};
/**
 * An event the kubelet's recorder would have emitted: the shared type and reason
 * (`objects::Event`, flattened so the JSON stays `type`, `reason`, `message`,
 * `involvedObject`) with what the recorder adds around them for a pod.
 */
export type PodConfigEvent = {
  message: string;
  involvedObject: InvolvedObject;
  type: "Normal" | "Warning";
  reason: string;
};
/**
 * Everything one `merge` produced.
 */
export type PodMergeOutcome = {
  /**
   * What upstream would have pushed on the updates channel, in order.
   */
  updates: Array<PodUpdate>;
  /**
   * Events the recorder would have emitted (duplicate pod names).
   */
  events: Array<PodConfigEvent>;
  /**
   * What upstream only logs (duplicate names, invalid update types).
   */
  logs: Array<string>;
};
/**
 * What one step of a source produced: the updates it sent on its channel (always SETs of the
 * full list, as the real sources send) and the errors it reported (upstream logs them and
 * carries on; a bad manifest never stops the other manifests).
 */
export type PodSourceStep = {
  updates: Array<PodUpdate>;
  errors: Array<string>;
};
/**
 * What a `PodConfig` starts with.
 */
export type PodConfigOptions = {
  /**
   * The notification mode, by its short or upstream name; default `Incremental`, the mode
   * the kubelet runs (`makePodSourceConfig`).
   */
  mode?: PodConfigMode;
  /**
   * RFC 3339 start of the virtual clock (stamped into kubernetes.io/config.seen); default
   * 1970-01-01T00:00:00Z.
   */
  now?: string;
  /**
   * Sources to register up front (upstream Channel()); a source is also registered by its
   * first merge.
   */
  sources?: Array<string>;
};
/**
 * What a `FileSource` starts with.
 */
export type FileSourceOptions = {
  /**
   * The static pod directory, e.g. "/etc/kubernetes/manifests".
   */
  path: string;
  nodeName: string;
  /**
   * fileCheckFrequency as a Go duration; default "20s".
   */
  period?: string;
  /**
   * Deliver inotify events (Linux); default true.
   */
  watch?: boolean;
};
/**
 * What an `HttpSource` starts with.
 */
export type HttpSourceOptions = {
  url: string;
  nodeName: string;
  /**
   * httpCheckFrequency as a Go duration; default "20s".
   */
  period?: string;
};
/**
 * What the manifest URL answers.
 */
export type ManifestResponse = {
  status: number;
  body: string;
};
/**
 * What an `ApiserverSource` starts with.
 */
export type ApiserverSourceOptions = {
  nodeName: string;
};

// --- Control-plane components ---

/**
 * Where a piece of input was written: the file (or import) and its 1-based line.
 */
export type ComponentSourceLocation = {
  /**
   * The file or import it came from, e.g. `/etc/kubernetes/manifests/kube-apiserver.yaml`.
   */
  file?: string;
  /**
   * Its 1-based line in that file.
   */
  line?: number;
};
/**
 * One command-line argument as the binary receives it (`--name=value`, `--name value`, or a
 * bare `--name` for a boolean), before the release's flag set has judged it.
 *
 * pflag reads an argument written with one dash as a cluster of shorthand letters (`-v=2`,
 * `-v2`, `-v 2`; `-log-dir=x` is the shorthand `l` followed by `og-dir=x`), so such an argument
 * keeps its text as written: `shorthand` is set and `name` is everything after the dash,
 * `=value` included; `value` is then the next word only.
 */
export type ComponentArg = {
  /**
   * The flag's name without dashes, e.g. `feature-gates`; for a shorthand, the text after
   * its dash as written (`v=2`).
   */
  name: string;
  /**
   * Its value; `None` for a bare boolean flag (or a shorthand whose value is in `name`).
   */
  value?: string;
  /**
   * Written with one dash: pflag's shorthand letters, not a long name.
   */
  shorthand?: boolean;
  /**
   * The file or import it came from, e.g. `/etc/kubernetes/manifests/kube-apiserver.yaml`.
   */
  file?: string;
  /**
   * Its 1-based line in that file.
   */
  line?: number;
};
/**
 * A config file a component was given (`--config`, `--admission-control-config-file`, ...),
 * with its text when the input held it.
 */
export type ComponentConfigFile = {
  /**
   * The flag that names it, without dashes (`config`).
   */
  flag: string;
  /**
   * The path the flag names.
   */
  path: string;
  /**
   * The file's text, when the input carried it.
   */
  text?: string;
};
/**
 * One component's start: which binary, with which arguments and files.
 */
export type ComponentInvocation = {
  component: GateComponent;
  /**
   * The arguments in the order the binary receives them (a later repeat wins for most flags).
   */
  args: Array<ComponentArg>;
  /**
   * Config files named by the arguments, with their text where known.
   */
  files: Array<ComponentConfigFile>;
};
/**
 * The TypeScript shape of a serialized `ComponentError`.
 */
export type ComponentError = {
  kind: ComponentErrorKind;
  message: string;
  flag?: string;
  configFile?: string;
  file?: string;
  line?: number;
};
/**
 * What a `StartWarning` is about.
 */
export type ComponentStartWarningKind = "deprecatedFlag" | "featureGate" | "gateNotRead" | "valueNotChecked" | "configNotChecked" | "deprecatedConfig";
/**
 * A warning or note the binary prints (or kubegate adds) without refusing to start.
 */
export type ComponentStartWarning = {
  kind: ComponentStartWarningKind;
  /**
   * The binary's text (`Flag --x has been deprecated, ...`), or kubegate's for a note.
   */
  message: string;
  flag?: string;
  /**
   * A feature gate the warning is about.
   */
  feature?: string;
  /**
   * The file or import it came from, e.g. `/etc/kubernetes/manifests/kube-apiserver.yaml`.
   */
  file?: string;
  /**
   * Its 1-based line in that file.
   */
  line?: number;
};
/**
 * The answer for one component at one release.
 */
export type ComponentStartReport = {
  component: GateComponent;
  /**
   * The release checked (`1.28`, or `1.28.3` with a patch).
   */
  release: string;
  /**
   * The emulation version in effect (`--emulated-version`, else the release's own).
   */
  emulationVersion: string;
  /**
   * Whether the binary starts: no error below.
   */
  starts: boolean;
  /**
   * Every refusal, in the order the binary meets them; it prints the first and exits.
   */
  errors: Array<ComponentError>;
  /**
   * Index into `errors` of the one the binary prints (always 0 when there is one).
   */
  firstError?: number;
  /**
   * Deprecation and gate warnings the binary prints, and kubegate's notes.
   */
  warnings: Array<ComponentStartWarning>;
  /**
   * What this check could not judge exactly in this run.
   */
  limits: Array<string>;
};
/**
 * One refusal at `to`.
 */
export type ComponentUpgradeProblem = {
  /**
   * The binary's refusal at `to` (its text, kind, flag, file and location).
   */
  error: ComponentError;
  /**
   * The first release on the way from which `to`'s binary's refusal holds (`to` itself when
   * it arrives there); `None` when `from` refuses it too.
   */
  arrives?: string;
  /**
   * `from` refuses it too: it does not come with the upgrade.
   */
  already: boolean;
};
/**
 * One warning at `to`.
 */
export type ComponentUpgradeWarning = {
  warning: ComponentStartWarning;
  /**
   * `from` did not print it: the first release on the way that does.
   */
  arrives?: string;
};
/**
 * A gate whose default flips between the two releases, for a component that reads it.
 */
export type ComponentGateDefaultChange = {
  gate: string;
  /**
   * The default at `from` and at `to`.
   */
  before: boolean;
  after: boolean;
  /**
   * Its stage at `to` (`Alpha`, `Beta`, `GA`, `Deprecated`).
   */
  stage: string;
  /**
   * The first release on the way with the new default.
   */
  arrives?: string;
  /**
   * `true` when the reader facts do not say at `to` which components read the gate.
   */
  readersUnknown: boolean;
  /**
   * `true` for a gate the `from` binary does not know and the `to` binary turns on by
   * default: new behaviour with no word in the invocation (`before` is then `false`).
   */
  new?: boolean;
  /**
   * `Foo is on by default instead of off (Beta in 1.30)`, or for a new gate `Foo is new and
   * on by default (Beta in 1.30)`.
   */
  message: string;
};
/**
 * One invocation's upgrade.
 */
export type ComponentUpgrade = {
  component: GateComponent;
  /**
   * Its index among the invocations given (a cluster may list a component twice).
   */
  invocation: number;
  /**
   * Where it was written: the file of its first argument.
   */
  file?: string;
  /**
   * Whether it starts at `from`.
   */
  startsBefore: boolean;
  /**
   * What `from` refuses already (empty when it starts).
   */
  errorsBefore: Array<ComponentError>;
  /**
   * Whether it starts at `to`.
   */
  starts: boolean;
  /**
   * Every refusal at `to`, in the order the binary meets them (it prints the first).
   */
  problems: Array<ComponentUpgradeProblem>;
  /**
   * The warnings `to` prints, and kubegate's notes about its start.
   */
  warnings: Array<ComponentUpgradeWarning>;
  /**
   * Gate defaults that flip between `from` and `to` for gates this component reads.
   */
  changes: Array<ComponentGateDefaultChange>;
  /**
   * What the start checks could not judge exactly for this invocation.
   */
  limits: Array<string>;
};
/**
 * The whole check: one entry per invocation of a control-plane component.
 */
export type ControlPlaneUpgradeReport = {
  /**
   * The release the cluster runs (`1.28`, or `1.28.3`).
   */
  from: string;
  /**
   * The release to upgrade (or downgrade) to.
   */
  to: string;
  /**
   * Every release checked on the way, `to` included (`["1.29", "1.30"]`).
   */
  steps: Array<string>;
  /**
   * Whether every component starts at `to`.
   */
  starts: boolean;
  components: Array<ComponentUpgrade>;
  /**
   * Invocations left out (the kubelet: `kubelet::config::check_kubelet_upgrade` answers it).
   */
  skipped: Array<string>;
  /**
   * What this check cannot judge, once for the whole report.
   */
  limits: Array<string>;
};
/**
 * A Kubernetes version the input names for a component (`image: .../kube-apiserver:v1.30.2`).
 */
export type ComponentSeenVersion = {
  /**
   * The component it is about; `None` for the whole cluster (kubeadm's `kubernetesVersion`).
   */
  component?: GateComponent;
  /**
   * The version without its `v` (`1.30.2`).
   */
  version: string;
  /**
   * The file or import it came from, e.g. `/etc/kubernetes/manifests/kube-apiserver.yaml`.
   */
  file?: string;
  /**
   * Its 1-based line in that file.
   */
  line?: number;
};
/**
 * Where the text of a config file came from: the host's file a volume mounts (whose text the
 * caller gave), or the input that holds it (a ConfigMap's key, a kubeadm document, padded so
 * that its lines are that input's).
 */
export type ComponentFileSource = {
  /**
   * The path the flag names (inside the container for a manifest).
   */
  path: string;
  /**
   * The host path or the input file the text is (or would be) read from.
   */
  from: string;
};
/**
 * A text and the name to point at (a path, `kube-apiserver.yaml`).
 */
export type ControlPlaneText = {
  name: string;
  text: string;
};
/**
 * What `checkControlPlaneUpgrade` takes: the releases and the cluster's texts.
 */
export type ControlPlaneUpgradeInput = {
  /**
   * The release the cluster runs (`1.23`, `1.23.4`).
   */
  from: string;
  /**
   * The release to upgrade to.
   */
  to: string;
  /**
   * Only this component's invocations (`kube-apiserver`...).
   */
  component?: GateComponent;
  /**
   * Static pod manifests (Pods, DaemonSets, Deployments, Lists, the ConfigMaps they mount).
   */
  manifests?: Array<ControlPlaneText>;
  /**
   * A kubeadm config: its ClusterConfiguration and KubeProxyConfiguration.
   */
  kubeadm?: ControlPlaneText;
  /**
   * systemd units, `ps` lines or typed command lines.
   */
  cmdlines?: Array<ControlPlaneText>;
  /**
   * Texts of the config files the flags name, by their path on the host.
   */
  files?: { [key in string]: string };
};
/**
 * What `checkComponentStart` takes: one component, one release and the texts that start it.
 */
export type ComponentStartInput = {
  /**
   * `kube-apiserver`, `kube-controller-manager`, `kube-scheduler` or `kube-proxy`.
   */
  component: GateComponent;
  /**
   * The release whose binary starts (`1.29`).
   */
  release: string;
  /**
   * Static pod manifests (Pods, DaemonSets, Deployments, Lists, the ConfigMaps they mount).
   */
  manifests?: Array<ControlPlaneText>;
  /**
   * A kubeadm config: its ClusterConfiguration and KubeProxyConfiguration.
   */
  kubeadm?: ControlPlaneText;
  /**
   * systemd units, `ps` lines or typed command lines.
   */
  cmdlines?: Array<ControlPlaneText>;
  /**
   * Texts of the config files the flags name, by their path on the host.
   */
  files?: { [key in string]: string };
};
/**
 * What the imports read besides the invocations, shared by both answers.
 */
export type ControlPlaneImportNotes = {
  /**
   * The invocations checked, in the order of the inputs.
   */
  invocations: Array<ComponentInvocation>;
  /**
   * The releases the inputs name (image tags, kubeadm's `kubernetesVersion`).
   */
  versions: Array<ComponentSeenVersion>;
  /**
   * The one release they agree on, when they do (`1.16`).
   */
  release?: string;
  /**
   * Where each config file's text was read from.
   */
  sources: Array<ComponentFileSource>;
  understood: Array<ImportNote>;
  ignored: Array<ImportNote>;
};
/**
 * What `checkControlPlaneUpgrade` returns.
 */
export type ControlPlaneUpgradeResult = {
  report: ControlPlaneUpgradeReport;
  read: ControlPlaneImportNotes;
};
/**
 * What `checkComponentStart` returns: one report per invocation of the component found.
 */
export type ComponentStartResult = {
  reports: Array<ComponentStartReport>;
  read: ControlPlaneImportNotes;
};

// --- Cluster simulator ---

export type FaultKind = "kubeletStopped" | "partitioned" | "memoryPressure" | "diskPressure" | "pidPressure" | "runtimeError" | "networkError";
/**
 * What goes wrong, on which nodes, from `at` until `until` (absent: to the end).
 */
export type Fault = {
  kind: FaultKind;
  at: string;
  until?: string;
  /**
   * Node names; absent means every node (or the first `firstNodes`).
   */
  nodes?: Array<string>;
  firstNodes?: number;
  /**
   * Error text for runtimeError/networkError (defaults below).
   */
  message?: string;
};
/**
 * A cluster scenario. Every field but `nodes` and `duration` has a Kubernetes default.
 */
export type Scenario = {
  /**
   * Number of nodes, 1..=5000, named `node-0`, `node-1`, ...
   */
  nodes: number;
  /**
   * How much simulated time to run ("1h").
   */
  duration: string;
  /**
   * Seed of the jitter generator; the same scenario and seed give the same trace.
   */
  seed?: number;
  /**
   * Picks version-dependent defaults (grace period 40s ≤ 1.31, 50s ≥ 1.32). Default: 1.34.
   */
  kubernetesVersion?: string;
  /**
   * Node leases on (since 1.14 GA 1.17) or off (the old way: a status patch every sync).
   */
  nodeLeases?: boolean;
  /**
   * `nodeStatusUpdateFrequency` (10s).
   */
  nodeStatusUpdateFrequency?: string;
  /**
   * `nodeStatusReportFrequency` (5m; equals the update frequency when leases are off).
   */
  nodeStatusReportFrequency?: string;
  /**
   * `nodeLeaseDurationSeconds` (40).
   */
  nodeLeaseDurationSeconds?: number;
  /**
   * `evictionPressureTransitionPeriod` (5m).
   */
  evictionPressureTransitionPeriod?: string;
  /**
   * Spread nodes over this many zones (`topology.kubernetes.io/zone` = `zone-<i mod zones>`).
   */
  zones?: number;
  /**
   * Node lifecycle controller settings.
   */
  controller?: ControllerConfig;
  /**
   * Width of the write-rate buckets (1m).
   */
  rateWindow?: string;
  /**
   * Cap on transitions + events + taints kept in the trace (100000).
   */
  traceLimit?: number;
  faults?: Array<Fault>;
};
/**
 * One condition change on the API server.
 */
export type Transition = {
  time: string;
  node: string;
  condition: string;
  from: string;
  to: string;
  reason: string;
  /**
   * The condition's message after the change (the playground shows it as the "why").
   */
  message: string;
  /**
   * "kubelet" or "controller".
   */
  source: "kubelet" | "controller";
};
export type TraceEvent = {
  time: string;
  node: string;
  source: "kubelet" | "node-controller";
  type: string;
  reason: string;
  message: string;
};
export type TraceTaint = {
  time: string;
  node: string;
  action: "queued" | "added" | "removed";
  key: string;
  effect: string;
};
/**
 * A zone's disruption state changing (see `ZoneChange`): when it happened.
 */
export type TraceZone = {
  time: string;
  /**
   * `nodetopology.GetZoneKey`: `region:\0:zone`, empty for nodes without zone labels.
   */
  zone: string;
  from: string;
  to: string;
  /**
   * Ready and not-Ready nodes counted in the zone (nodes labelled exclude-disruption are not).
   */
  ready: number;
  notReady: number;
  /**
   * Nodes per second the zone's NoExecute tainting queue may now taint (0: none).
   */
  evictionRate: number;
  /**
   * Every zone is fully disrupted: the controller stopped tainting everywhere and removed its
   * NoExecute taints (upstream's "controller is in full disruption mode").
   */
  allZonesFull: boolean;
  /**
   * Why this rate applies, naming the flags and upstream functions that decide it.
   */
  why: string;
};
/**
 * Counts of API writes by kind.
 */
export type Writes = {
  nodeCreates: number;
  statusPatches: number;
  leaseCreates: number;
  leaseUpdates: number;
  controllerStatusUpdates: number;
  taintPatches: number;
  total: number;
};
/**
 * Bytes the API server stored for those writes, by kind: each write stores the whole object
 * (a status patch or a taint patch the whole Node, a renewal the whole Lease) as etcd holds it
 * (`crate::objects::stored_size`: protobuf in its storage envelope, with a typical real node's
 * unmodelled fields added). The kinds add up to `total`.
 */
export type WriteBytes = {
  /**
   * The stored size of the last Node and the last Lease written.
   */
  lastNode: number;
  lastLease: number;
  nodeCreates: number;
  statusPatches: number;
  leaseCreates: number;
  leaseUpdates: number;
  controllerStatusUpdates: number;
  taintPatches: number;
  total: number;
};
/**
 * Writes in one rate window.
 */
export type RateBucket = {
  start: string;
  statusPatches: number;
  leaseWrites: number;
  controllerWrites: number;
  total: number;
  perSecond: number;
};
/**
 * Conditions of the nodes on the API server now.
 */
export type Summary = {
  registered: number;
  ready: number;
  notReady: number;
  unknown: number;
  memoryPressure: number;
  diskPressure: number;
  pidPressure: number;
};
/**
 * The simulator's output.
 */
export type Trace = {
  start: string;
  end: string;
  nodeMonitorGracePeriod: string;
  transitions: Array<Transition>;
  events: Array<TraceEvent>;
  taints: Array<TraceTaint>;
  /**
   * Zone disruption states as the node lifecycle controller moved them, oldest first.
   */
  zones: Array<TraceZone>;
  writes: Writes;
  /**
   * What those writes stored, in bytes.
   */
  bytes: WriteBytes;
  writeRates: Array<RateBucket>;
  truncated: boolean;
  summary: Summary;
};
/**
 * A one-node scenario's start from a real node.
 */
export type NodeStart = {
  /**
   * Faults that reproduce the node's conditions (`node-0`, every one from a fixed time).
   */
  faults: Array<Fault>;
  /**
   * The first whole second (in milliseconds of virtual time) at which the simulated node shows
   * the imported statuses and the NoSchedule taints that follow from them; `None` when the
   * scenario does not get there within its duration (at most an hour).
   */
  atMs?: number;
  understood: Array<string>;
  ignored: Array<string>;
};

// --- Command line ---

/**
 * What one run of the command line printed and its exit code.
 */
export type CliOutput = {
  stdout: string;
  stderr: string;
  code: number;
};

// --- Error kinds (each area's `kind()`, the JS Error's `kind`) ---

/**
 * What kind of feature-gate problem an error reports (`Problem::kind`,
 * `FeatureGateError::kind`).
 */
export type FeatureGateErrorKind = "syntax" | "unrecognized" | "locked" | "preAlpha" | "dependency" | "reset" | "notRegistered" | "closed" | "dependencySpec" | "override" | "version" | "featureList" | "spec";
/**
 * What kind of error a `KubeletConfigError` is. One kind today: the stage that refused
 * is `KubeletConfigError::stage`.
 */
export type KubeletConfigErrorKind = "kubeletConfig";
/**
 * What kind of error the pod config area reports (`PodConfigError`,
 * `PodError`, `SourceError`).
 */
export type PodConfigErrorKind = "podConfig" | "limit" | "invalidDuration";
/**
 * What kind of error a `ThresholdError` is.
 */
export type EvictionErrorKind = "invalidThreshold";
/**
 * What kind of error a `NodeLifecycleError` is.
 */
export type NodeLifecycleErrorKind = "nodeLifecycle" | "limit";
/**
 * What kind of error a `ScenarioError` is.
 */
export type SimulatorErrorKind = "simulator";
/**
 * What kind of error the API field rules report (`GatingError::kind`).
 */
export type ApiFieldsErrorKind = "apiFields";
/**
 * What kind of error a `BootstrapError` is.
 */
export type ControlPlaneErrorKind = "controlPlane" | "limit";
/**
 * What kind of error an `ImportError` is.
 */
export type ImportErrorKind = "import";
/**
 * What kind of error a `FeatureMetricsError` is: the step that refused.
 */
export type FeatureMetricsErrorKind = "import" | "release" | "featureGate";
/**
 * What kind of error a `ControlPlaneCheckError` is.
 */
export type ControlPlaneCheckErrorKind = "release" | "invalidInput" | "import";
/**
 * Which rule refused (a string in JSON, a string-literal union in TypeScript).
 */
export type ComponentErrorKind = "unknownFlag" | "unknownShorthand" | "badFlagSyntax" | "flagNeedsArgument" | "invalidFlagValue" | "featureGate" | "emulatedVersion" | "configKindNotRegistered" | "configUnreadable" | "unsupportedComponent";
/**
 * What kind of error a `ReleaseError` is.
 */
export type ReleaseErrorKind = "release";
/**
 * What kind of error a value parser reports: a `VersionError`,
 * `DurationError`, `QuantityError` or
 * `TimeError`.
 */
export type ValueErrorKind = "invalidVersion" | "invalidDuration" | "invalidQuantity" | "invalidTime";
/**
 * The kinds of errors the binding and the package's checking layer (`npm/core.js`) throw
 * themselves, beside the core's.
 */
export type BindingErrorKind = "invalidArgument" | "invalidInput" | "limit" | "internal" | "freed" | "trapped" | "init";
/**
 * The area an export names when it fails in a step it took on the caller's behalf (reading
 * a release's gate), rather than the kind of the step's own error: see `InArea`.
 */
export type AreaErrorKind = "release";
/** What a kubegate Error's `kind` can be: the core's kinds and the binding's own. */
export type ErrorKind = FeatureGateErrorKind | KubeletConfigErrorKind | PodConfigErrorKind | EvictionErrorKind | NodeLifecycleErrorKind | SimulatorErrorKind | ApiFieldsErrorKind | ControlPlaneErrorKind | ImportErrorKind | FeatureMetricsErrorKind | ControlPlaneCheckErrorKind | ComponentErrorKind | ReleaseErrorKind | ValueErrorKind | BindingErrorKind | AreaErrorKind;

// --- Facts ---

/**
 * A run of consecutive releases (`"1.28"` to `"1.29"`, both included); `from` may predate the
 * oldest release kubegate carries when the data says so (dynamic kubelet config began in 1.11).
 */
export type FactSpan = {
  from: string;
  to: string;
};
/**
 * A run of consecutive releases sharing one value (a default that changed at some release).
 */
export type FactValueSpan = {
  from: string;
  to: string;
  value: string;
};
/**
 * What one release does, as the panels state it. A field is `None` when the area that owns
 * it is compiled out (Cargo features) or the release has no such value.
 */
export type ReleaseFacts = {
  /**
   * kube-controller-manager's default `--node-monitor-grace-period` at this version.
   */
  nodeMonitorGracePeriod: string | null;
  /**
   * Its default `--node-monitor-period`.
   */
  nodeMonitorPeriod: string | null;
  /**
   * Its default `--node-startup-grace-period`.
   */
  nodeStartupGracePeriod: string | null;
  /**
   * Whether this kubelet had dynamic config (`--dynamic-config-dir`).
   */
  dynamicKubeletConfig: boolean;
  /**
   * Whether this kubelet had `--config-dir` (drop-in files).
   */
  configDir: boolean;
  /**
   * Whether `--config-dir` needs `KUBELET_CONFIG_DROPIN_DIR_ALPHA` in the environment.
   */
  dropinDirAlphaEnv: boolean;
  /**
   * The default `fileCheckFrequency` (static pod directory listing period).
   */
  fileCheckFrequency: string | null;
  /**
   * The default `httpCheckFrequency` (manifest URL polling period).
   */
  httpCheckFrequency: string | null;
};
/**
 * Spans of releases over which a mechanism existed or a default held.
 */
export type FactSpans = {
  dynamicKubeletConfig: FactSpan | null;
  dropinDirAlphaEnv: FactSpan | null;
  nodeMonitorGracePeriod: Array<FactValueSpan>;
  fileCheckFrequency: Array<FactValueSpan>;
};
/**
 * Timers of the apiserver's bootstrap controller (Go duration text).
 */
export type ControlPlaneFacts = {
  endpointReconcilerInterval: string;
  endpointReconcilerTtl: string;
  repairInterval: string;
  systemNamespacesInterval: string;
};
/**
 * Timers of the kubelet's node status machinery (Go duration text).
 */
export type NodeFacts = {
  leaseDurationSeconds: number;
  leaseRenewInterval: string;
  evictionPressureTransitionPeriod: string;
  evictionMonitoringPeriod: string;
};
/**
 * Everything the front ends state as a fact.
 */
export type Facts = {
  oldest: string;
  newest: string;
  /**
   * What every version picker starts on.
   */
  defaultRelease: string;
  /**
   * Every release, newest first.
   */
  releases: Array<string>;
  /**
   * The first release whose binaries accept `--emulated-version`.
   */
  firstVersioned: string;
  /**
   * Per release (`"1.32"`), what it does.
   */
  perRelease: { [key in string]: ReleaseFacts };
  spans: FactSpans;
  /**
   * The `kind`s a node scenario's fault takes (`kubeletStopped`, …).
   */
  faultKinds: Array<string>;
  /**
   * The kinds of the built-in field-gate schemas (`Frobber`, `Service`, …).
   */
  builtinSchemas: Array<string>;
  controlPlane: ControlPlaneFacts | null;
  node: NodeFacts | null;
  /**
   * How long a newly assigned dynamic kubelet config is on trial (Go duration text).
   */
  dynamicConfigTrial: string | null;
};

// --- Shapes no Rust type derives (errors, pass-through JSON) ---

/**
 * What every kubegate function and method throws: a real Error whose message is Kubernetes'
 * exact text (or kubegate's, for a wrong argument), with `kind` and whatever location is known.
 */
export interface KubegateError extends Error, KubegateErrorFields {}
/** Compatibility names of KubegateError and its parts. */
export type FeatureGateError = KubegateError;
export type KubeletConfigError = KubegateError;
export type ImportError = KubegateError;
export type GateProblem = ErrorProblem;
export type KubeletConfigProblem = ErrorProblem;
/** What every import reports beside its result. */
export type ImportReport = Pick<KubeletCommandLine, "understood" | "ignored">;
export type GateValues = Record<string, boolean>;
/** A pod in Kubernetes JSON. metadata.name and metadata.uid are required by merge(). */
export interface PodJson {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    uid: string;
    namespace?: string;
    labels?: Record<string, string> | null;
    annotations?: Record<string, string> | null;
    deletionTimestamp?: string | null;
    deletionGracePeriodSeconds?: number | null;
    generation?: number;
    [field: string]: unknown;
  };
  spec?: { [field: string]: unknown };
  status?: { [field: string]: unknown };
  [field: string]: unknown;
}
/** What a source sends. An op outside PodOperation throws; "RECONCILE" is logged and ignored, as upstream. */
export interface PodUpdateInput {
  op: PodOperation;
  pods?: PodJson[];
  /** A PodUpdate a source emitted can be passed as it is: its source and reasons are not read. */
  source?: string;
  reasons?: PodUpdateReason[];
}
