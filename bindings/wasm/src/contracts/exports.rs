//! Every export of the package's JS API and every method of its classes, once: the JS name, each
//! parameter (its name, how the checking layer checks it, the Rust type its JSON decodes into,
//! and the noun its errors use), and how the result crosses and as what Rust type.
//! [`super::generate_js`] writes the checking layer's tables from it
//! (`npm/exports.generated.js`, read by `npm/core.js` and `npm/api.js`), the entries' d.ts
//! re-exports (`npm/gates.d.ts`) come from it too, and [`super::generate_signatures`] renders
//! every parameter's and result's type as TypeScript (`npm/signatures.generated.json`), which the
//! package's build writes into wasm-bindgen's declarations (`scripts/type-glue.mjs`).
//!
//! Why a list here rather than tables written in JS: the parameters are the Rust functions'
//! own, and the package's tests (`tests/js/contract.test.mjs`) hold every entry against the
//! signature wasm-bindgen declares for it, so a parameter added, renamed or retyped in Rust
//! without this list changing fails there. The binding's functions take JSON text and give back
//! JSON values, which wasm-bindgen can only declare as `string` and `any`; the build puts the
//! TypeScript of the Rust type named here in their place, and refuses a declaration that is
//! neither (a Rust parameter whose type is not what the list's check hands the glue).
//!
//! What no Rust type describes (pass-through JSON kept whole, a value built with `json!`, the
//! class a method returns) is written as TypeScript with the reason beside it ([`Ty::Js`]).
//!
//! The loaders (`init`, `initSync`) and `facts()` are the checking layer's own code, not
//! entries of its tables: they take no argument it checks. `facts()` and the command line's
//! `runCli` are declared all the same ([`FACTS`], [`CLI`]).

use std::collections::BTreeMap;

use kubegate::controller::nodelifecycle as lifecycle;
use kubegate::controlplane::{bootstrap, lease, objects as cp, view};
use kubegate::featuregate::{FeatureSpec, FeatureState, Warning};
use kubegate::import::{cmdline, configz, kubeadm, metrics, node};
use kubegate::kubelet::config::{provenance, upgrade, ResolveInput, Resolved};
use kubegate::kubelet::{nodestatus, podconfig};
use kubegate::{api, sim};
use ts_rs::{Config, TS};

use Check::*;
use Ret::*;

/// The TypeScript of a value that crosses the boundary.
#[derive(Clone, Copy)]
pub(crate) enum Ty {
    /// A Rust type, as its ts-rs derive names it (see [`rust`]).
    Rust(fn(&Config) -> String),
    /// What no Rust type describes: the TypeScript, and why no Rust type.
    Js { ts: &'static str, why: &'static str },
}

/// `T` as ts-rs names it. `()` is `void`: a function whose Rust returns nothing returns
/// undefined in JS, which ts-rs (naming the JSON `null` of `()`) cannot say.
fn ts<T: TS + 'static>(cfg: &Config) -> String {
    if std::any::TypeId::of::<T>() == std::any::TypeId::of::<()>() {
        return "void".to_string();
    }
    T::name(cfg)
}

/// The Rust type `T`.
const fn rust<T: TS + 'static>() -> Ty {
    Ty::Rust(ts::<T>)
}

/// TypeScript no Rust type describes, and why.
const fn js(ts: &'static str, why: &'static str) -> Ty {
    Ty::Js { ts, why }
}

/// How the checking layer checks an argument and what it hands the glue (`npm/core.js`'s `T`).
/// A structured argument carries the Rust type the binding decodes its JSON into; the others'
/// Rust type is the check's own ([`Check::ty`]).
#[derive(Clone, Copy)]
pub(crate) enum Check {
    /// A string within the limits, of well-formed Unicode.
    Str,
    /// A string, or undefined/null (absent).
    OptStr,
    Boolean,
    /// An integer from 0 to 2^32-1.
    U32,
    /// An integer from -2^31 to 2^31-1.
    I32,
    /// A plain object, as its JSON text.
    Object(Ty),
    /// A plain object, as the UTF-8 bytes of its JSON text (the bulk path).
    ObjectBytes(Ty),
    /// A plain object, or undefined/null (`"null"`): the type is an `Option`.
    OptObject(Ty),
    /// A plain object or null (`"null"`); undefined is refused: the type is an `Option`.
    NullableObject(Ty),
    /// An array of strings.
    Strings,
    /// Any JSON value, as its text.
    Json(Ty),
    /// A map of feature values (at most `LIMITS.maxFeatureValues` keys).
    FeatureValues(Ty),
    /// A map keyed by feature name (at most `LIMITS.maxFeatures` keys).
    Features(Ty),
    /// A `--feature-gates` value (at most `LIMITS.maxFeatureValues` entries).
    FeatureGates,
    /// A JS object handed to the glue as it is: the command line's host, which only
    /// `npm/cli.js` builds (no checking layer stands before `runCli`).
    Host(Ty),
}

impl Check {
    /// The kind's name in `npm/core.js`'s `T`.
    pub(crate) fn js(self) -> &'static str {
        match self {
            Str => "string",
            OptStr => "optString",
            Boolean => "boolean",
            U32 => "u32",
            I32 => "i32",
            Object(_) => "object",
            ObjectBytes(_) => "objectBytes",
            OptObject(_) => "optObject",
            NullableObject(_) => "nullableObject",
            Strings => "strings",
            Json(_) => "json",
            FeatureValues(_) => "featureValues",
            Features(_) => "features",
            FeatureGates => "featureGates",
            Host(_) => "host",
        }
    }

    /// The Rust type of what the glue receives.
    pub(crate) fn ty(self) -> Ty {
        match self {
            Str | FeatureGates => rust::<String>(),
            OptStr => rust::<Option<String>>(),
            Boolean => rust::<bool>(),
            U32 => rust::<u32>(),
            I32 => rust::<i32>(),
            Strings => rust::<Vec<String>>(),
            Object(t) | ObjectBytes(t) | OptObject(t) | NullableObject(t) | Json(t)
            | FeatureValues(t) | Features(t) | Host(t) => t,
        }
    }

    /// What wasm-bindgen declares for the Rust parameter that receives the checked value, as a
    /// caller may pass it: for a primitive the check's own type, for JSON the text or bytes
    /// the checking layer made of it, for the host an `any`.
    pub(crate) fn glue(self) -> &'static str {
        match self {
            Str | FeatureGates => "string",
            OptStr => "string | null | undefined",
            Boolean => "boolean",
            U32 | I32 => "number",
            Strings => "string[]",
            Object(_) | OptObject(_) | NullableObject(_) | Json(_) | FeatureValues(_)
            | Features(_) => "string",
            // wasm-bindgen's declaration of a `&[u8]` parameter.
            ObjectBytes(_) => "Uint8Array | number[]",
            Host(_) => "any",
        }
    }

    /// Whether the check lets undefined through (the glue then declares the parameter optional
    /// or `| undefined`).
    pub(crate) fn takes_undefined(self) -> bool {
        matches!(self, OptStr | OptObject(_))
    }
}

/// How a result crosses back (`npm/core.js`'s `RET`), and as what Rust type.
#[derive(Clone, Copy)]
pub(crate) enum Ret {
    /// A plain JS value already (serde-wasm-bindgen's conversion, or a primitive).
    Plain(Ty),
    /// JSON text, parsed in JS (the bulk path).
    Text(Ty),
    /// A unit enum as its serde name, which the binding returns as a Rust `String`: a plain JS
    /// string, like `Plain`, that wasm-bindgen declares as `string`.
    Name(Ty),
    /// A raw `FeatureGate`, wrapped into the checked class.
    Gate,
}

impl Ret {
    pub(crate) fn js(self) -> &'static str {
        match self {
            Plain(_) | Name(_) => "plain",
            Text(_) => "text",
            Gate => "gate",
        }
    }

    /// The type of the result.
    pub(crate) fn ty(self) -> Ty {
        match self {
            Plain(t) | Text(t) | Name(t) => t,
            Gate => js("FeatureGate", "the checked class itself, not JSON"),
        }
    }

    /// What wasm-bindgen declares for a Rust function that returns it through the JSON path:
    /// a `JsValue` (`any`), JSON text or a name (`string`) or the raw class. A primitive
    /// returned as itself is declared as its own type, which [`Ret::ty`] names.
    pub(crate) fn glue(self) -> &'static str {
        match self {
            Plain(_) => "any",
            Text(_) | Name(_) => "string",
            Gate => "FeatureGate",
        }
    }
}

/// One parameter: its JS name, its check, and the noun of its errors (`invalid <what>: ...`).
pub(crate) struct Param {
    pub name: &'static str,
    pub check: Check,
    pub what: &'static str,
}

const fn p(name: &'static str, check: Check, what: &'static str) -> Param {
    Param { name, check, what }
}

/// A function, a method or a static method.
pub(crate) struct Function {
    pub name: &'static str,
    pub params: &'static [Param],
    pub ret: Ret,
}

const fn f(name: &'static str, params: &'static [Param], ret: Ret) -> Function {
    Function { name, params, ret }
}

/// A class: its constructor's parameters, methods, getters and static methods.
pub(crate) struct Class {
    pub name: &'static str,
    pub ctor: &'static [Param],
    pub methods: &'static [Function],
    pub getters: &'static [(&'static str, Ret)],
    pub statics: &'static [Function],
}

/// One entry's exports: its functions and classes.
pub(crate) struct Exports {
    pub functions: &'static [Function],
    pub classes: &'static [Class],
}

/// One limit of the JS boundary: its name, its value (a JS expression) and its docs.
pub(crate) struct Limit {
    pub name: &'static str,
    pub value: &'static str,
    pub doc: &'static str,
}

/// The limits of the JS boundary (`LIMITS`, SECURITY.md). The core has its own, per area.
pub(crate) const LIMITS: &[Limit] = &[
    Limit {
        name: "maxStringLength",
        value: "8 * 1024 * 1024",
        doc:
            "Longest string argument or string inside a structured argument, in UTF-16 code units.",
    },
    Limit {
        name: "maxJsonLength",
        value: "32 * 1024 * 1024",
        doc: "Largest structured argument, as JSON text (characters).",
    },
    Limit {
        name: "maxDepth",
        value: "100",
        doc: "Deepest nesting of arrays and objects in a structured argument.",
    },
    Limit {
        name: "maxValues",
        value: "2_000_000",
        doc: "Most values (every string, number, array, object...) in one structured argument.",
    },
    Limit {
        name: "maxArrayLength",
        value: "1_000_000",
        doc: "Longest array in a structured argument or list argument.",
    },
    Limit {
        name: "maxFeatureValues",
        value: "10_000",
        doc: "Most entries in one `FeatureGate.setFromMap` map or `FeatureGate.set` string: ten \
              times the features of any release. A map with more entries than a gate has features \
              names an unknown one, which the gate refuses; past this limit it is refused before \
              the names are copied.",
    },
    Limit {
        name: "maxFeatures",
        value: "10_000",
        doc: "Most features one caller adds to a gate (`add`, `addVersioned`, all calls \
              together) and most entries in one `addDependencies` map: ten times any release's, \
              so that every method of the gate answers within the second.",
    },
];

// The types that cross, named once where several entries share them.

const VOID: Ret = Plain(rust::<()>());
const STRING: Ret = Plain(rust::<String>());
const BOOL: Ret = Plain(rust::<bool>());
const STRINGS: Ret = Plain(rust::<Vec<String>>());
const WARNINGS: Ret = Plain(rust::<Vec<Warning>>());
const SPECS: Ty = rust::<BTreeMap<String, FeatureSpec>>();
const VERSIONED: Ty = rust::<BTreeMap<String, Vec<FeatureSpec>>>();
const DEPENDENCIES: Ty = rust::<BTreeMap<String, Vec<String>>>();
const GATE_VALUES: Ty = rust::<BTreeMap<String, bool>>();
const UNKNOWN_OBJECT: Ty = js(
    "Record<string, unknown>",
    "any Kubernetes object, decoded as a serde_json::Value and kept whole",
);
const POD: Ty = js(
    "PodJson",
    "a pod is Kubernetes JSON kept whole (a serde_json::Value); its declaration is contracts.rs's",
);
const PODS: Ret = Text(js(
    "PodJson[]",
    "pods are Kubernetes JSON kept whole; their declaration is contracts.rs's",
));
const POD_UPDATES: Ret = Text(rust::<Vec<podconfig::PodUpdate>>());
const SOURCE_STEP: Ret = Text(rust::<podconfig::types::SourceStep>());
const MONITOR_RESULT: Ret = Text(rust::<lifecycle::MonitorResult>());
const SETTER_RESULT: Ret = Plain(rust::<nodestatus::SetterResult>());
const TRACE: Ret = Plain(rust::<sim::Trace>());

const FEATURE_NAME: Param = p("name", Str, "feature name");

/// The gate core: both entries (`kubegate`, `kubegate/gates`) export it.
pub(crate) const GATE_CORE: Exports = Exports {
    functions: &[
        f(
            "parseFeatureList",
            &[p("yaml", Str, "feature list")],
            Plain(VERSIONED),
        ),
        f("kubernetesFeatures", &[], Plain(VERSIONED)),
        f("kubernetesDependencies", &[], Plain(DEPENDENCIES)),
        f(
            "renderFeatureList",
            &[p("features", Object(VERSIONED), "features")],
            STRING,
        ),
        f(
            "toYaml",
            &[p(
                "value",
                Json(js(
                    "unknown",
                    "any JSON value, decoded as a serde_json::Value and written back whole",
                )),
                "value",
            )],
            STRING,
        ),
        f("version", &[], Plain(rust::<crate::VersionInfo>())),
        f(
            "releases",
            &[],
            Plain(rust::<crate::releases::ReleaseRange>()),
        ),
        f(
            "releaseGates",
            &[p("release", Str, "release")],
            Plain(rust::<Vec<kubegate::releases::gates::GateFacts>>()),
        ),
        f(
            "releaseFeatures",
            &[p("release", Str, "release")],
            Plain(VERSIONED),
        ),
        f(
            "releasePatchRange",
            &[p("release", Str, "release")],
            Plain(rust::<crate::releases::PatchRange>()),
        ),
        f(
            "gateHistory",
            &[p("name", Str, "gate name")],
            Plain(rust::<kubegate::releases::gates::GateHistory>()),
        ),
    ],
    classes: &[Class {
        name: "FeatureGate",
        ctor: &[
            p("emulationVersion", OptStr, "emulation version"),
            p(
                "minCompatibilityVersion",
                OptStr,
                "min compatibility version",
            ),
        ],
        methods: &[
            f(
                "add",
                &[p("features", Features(SPECS), "feature specs")],
                VOID,
            ),
            f(
                "addVersioned",
                &[p(
                    "features",
                    Features(VERSIONED),
                    "versioned feature specs",
                )],
                VOID,
            ),
            f(
                "addDependencies",
                &[p("dependencies", Features(DEPENDENCIES), "dependencies")],
                VOID,
            ),
            f(
                "set",
                &[p("value", FeatureGates, "feature gates")],
                WARNINGS,
            ),
            f(
                "setFromMap",
                &[p("values", FeatureValues(GATE_VALUES), "feature values")],
                WARNINGS,
            ),
            f("enabled", &[FEATURE_NAME], BOOL),
            f("featureId", &[FEATURE_NAME], Plain(rust::<u32>())),
            f("enabledById", &[p("id", U32, "feature id")], BOOL),
            f("knownFeatures", &[], STRINGS),
            f("toString", &[], STRING),
            f(
                "overrideDefault",
                &[FEATURE_NAME, p("value", Boolean, "default")],
                WARNINGS,
            ),
            f(
                "overrideDefaultAtVersion",
                &[
                    FEATURE_NAME,
                    p("value", Boolean, "default"),
                    p("at", Str, "version"),
                ],
                WARNINGS,
            ),
            f(
                "setEmulationVersion",
                &[p("emulation", Str, "emulation version")],
                WARNINGS,
            ),
            f(
                "setEmulationVersionAndMinCompatibilityVersion",
                &[
                    p("emulation", Str, "emulation version"),
                    p("minCompatibility", Str, "min compatibility version"),
                ],
                WARNINGS,
            ),
            f("emulationVersion", &[], STRING),
            f("minCompatibilityVersion", &[], STRING),
            f("explicitlySet", &[FEATURE_NAME], BOOL),
            f("resetFeatureValueToDefault", &[FEATURE_NAME], VOID),
            f("validate", &[], STRINGS),
            f("close", &[], VOID),
            f("deepCopy", &[], Gate),
            f("deepCopyAndReset", &[], Gate),
            f("getAll", &[], Plain(SPECS)),
            f("getAllVersioned", &[], Plain(VERSIONED)),
            f("dependencies", &[], Plain(DEPENDENCIES)),
            f("featureStates", &[], Plain(rust::<Vec<FeatureState>>())),
        ],
        getters: &[],
        statics: &[f("forRelease", &[p("release", Str, "release")], Gate)],
    }],
};

const NODE: Param = p("node", Object(rust::<nodestatus::Node>()), "node");
const TIME: Param = p("now", Str, "time");
const OPT_TIME: Param = p("now", OptStr, "time");
const SCENARIO: Param = p("scenario", Object(rust::<sim::Scenario>()), "scenario");
const DURATION: Param = p("duration", Str, "duration");
const SOURCE: Param = p("source", Str, "source");
const POD_UPDATE: Param = p(
    "update",
    ObjectBytes(js(
        "PodUpdateInput",
        "read by a seed that decodes each pod where it stands, not by a derived type; its \
         declaration is contracts.rs's",
    )),
    "pod update",
);
const FILE_NAME: Param = p("name", Str, "file name");
const NAMESPACE: Param = p("namespace", Str, "namespace");
const NAME: Param = p("name", Str, "name");
const APISERVER: Param = p("ip", Str, "apiserver address");
const KUBELET_INPUT: Param = p(
    "input",
    Object(rust::<ResolveInput>()),
    "kubelet config input",
);
const PRESSURE: [Param; 3] = [NODE, TIME, p("underPressure", Boolean, "pressure")];
const TEXT: Param = p("text", Str, "node");
const SCHEMA: Param = p(
    "schema",
    Object(rust::<api::gating::FieldGateSchema>()),
    "schema",
);
const GATES: Param = p("gates", Object(GATE_VALUES), "gates");
const OBJ: Param = p("obj", Object(UNKNOWN_OBJECT), "object");
const NODE_STATUS: Ty = rust::<Option<nodestatus::NodeStatus>>();
const MONITOR_INPUT: Ty = rust::<lifecycle::MonitorInput>();

/// Every other area: the main entry (`kubegate`) alone.
pub(crate) const AREAS: Exports = Exports {
    functions: &[
        // Kubelet configuration.
        f(
            "resolveKubeletConfig",
            &[KUBELET_INPUT],
            Plain(rust::<Resolved>()),
        ),
        f(
            "explainKubeletConfig",
            &[
                p(
                    "result",
                    Object(rust::<Resolved>()),
                    "resolved kubelet config",
                ),
                p("fieldPath", Str, "field path"),
            ],
            Plain(rust::<provenance::Explanation>()),
        ),
        f(
            "checkKubeletUpgrade",
            &[KUBELET_INPUT, p("targetVersion", Str, "target version")],
            Plain(rust::<upgrade::UpgradeReport>()),
        ),
        // Node status, the lifecycle controller, the simulator.
        f("setMemoryPressureCondition", &PRESSURE, SETTER_RESULT),
        f("setDiskPressureCondition", &PRESSURE, SETTER_RESULT),
        f("setPIDPressureCondition", &PRESSURE, SETTER_RESULT),
        f(
            "setReadyCondition",
            &[
                NODE,
                TIME,
                p(
                    "inputs",
                    OptObject(rust::<Option<nodestatus::ReadyInputs>>()),
                    "ready inputs",
                ),
            ],
            SETTER_RESULT,
        ),
        f(
            "nodeStatusHasChanged",
            &[
                p("original", OptObject(NODE_STATUS), "original status"),
                p("new", OptObject(NODE_STATUS), "new status"),
            ],
            BOOL,
        ),
        f("simulateCluster", &[SCENARIO], TRACE),
        f(
            "scenarioStartFromNode",
            &[NODE, SCENARIO],
            Plain(rust::<sim::NodeStart>()),
        ),
        // API fields.
        f(
            "prepareForCreate",
            &[SCHEMA, GATES, OBJ],
            Plain(rust::<api::gating::PrepareResult>()),
        ),
        f(
            "prepareForUpdate",
            &[
                SCHEMA,
                GATES,
                OBJ,
                p("oldObj", Object(UNKNOWN_OBJECT), "old object"),
            ],
            Plain(rust::<api::gating::PrepareResult>()),
        ),
        f(
            "builtinFieldGateSchemas",
            &[],
            Plain(rust::<Vec<api::gating::FieldGateSchema>>()),
        ),
        f(
            "validateEnum",
            &[p(
                "request",
                Object(rust::<api::enums::EnumRequest>()),
                "enum request",
            )],
            STRINGS,
        ),
        f(
            "validateFrobberRestartPolicy",
            &[p(
                "request",
                Object(rust::<api::frobber::RestartPolicyRequest>()),
                "restart policy request",
            )],
            Plain(rust::<api::frobber::RestartPolicyReport>()),
        ),
        // Imports of cluster output.
        f(
            "importKubeletCommandLine",
            &[
                p("text", Str, "command line"),
                p(
                    "env",
                    OptObject(rust::<Option<BTreeMap<String, String>>>()),
                    "environment",
                ),
            ],
            Plain(rust::<cmdline::CommandLine>()),
        ),
        f(
            "importConfigz",
            &[p("text", Str, "configz")],
            Plain(rust::<configz::Configz>()),
        ),
        f("importNode", &[TEXT], Plain(rust::<node::NodeImport>())),
        f(
            "explainNode",
            &[
                TEXT,
                p(
                    "options",
                    OptObject(rust::<Option<lifecycle::ExplainOptions>>()),
                    "explain options",
                ),
            ],
            Plain(rust::<crate::nodeexplain::ExplainResult>()),
        ),
        f(
            "importFeatureMetrics",
            &[p("text", Str, "metrics")],
            Plain(rust::<metrics::FeatureMetrics>()),
        ),
        f(
            "compareFeatureMetrics",
            &[
                p("text", Str, "metrics"),
                p("release", Str, "release"),
                p("featureGates", Str, "feature gates"),
            ],
            Plain(rust::<Vec<metrics::Mismatch>>()),
        ),
        f(
            "importKubeadmConfig",
            &[p("text", Str, "kubeadm config")],
            Plain(rust::<kubeadm::KubeadmConfig>()),
        ),
        // Control-plane components.
        f(
            "checkComponentStart",
            &[p(
                "input",
                Object(rust::<crate::components::StartInput>()),
                "component start input",
            )],
            Plain(rust::<crate::components::StartResult>()),
        ),
        f(
            "checkControlPlaneUpgrade",
            &[p(
                "input",
                Object(rust::<crate::components::UpgradeInput>()),
                "control-plane upgrade input",
            )],
            Plain(rust::<crate::components::UpgradeResult>()),
        ),
    ],
    classes: &[
        Class {
            name: "NodeLifecycleController",
            ctor: &[p(
                "config",
                OptObject(rust::<Option<lifecycle::ControllerConfig>>()),
                "controller config",
            )],
            methods: &[
                f("settings", &[], Plain(rust::<lifecycle::Settings>())),
                f(
                    "monitorNodeHealth",
                    &[p(
                        "input",
                        ObjectBytes(MONITOR_INPUT),
                        "monitorNodeHealth input",
                    )],
                    MONITOR_RESULT,
                ),
                f(
                    "doNoExecuteTaintingPass",
                    &[p(
                        "input",
                        ObjectBytes(MONITOR_INPUT),
                        "tainting pass input",
                    )],
                    MONITOR_RESULT,
                ),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "ClusterSimulator",
            ctor: &[SCENARIO],
            methods: &[
                f("advance", &[DURATION], TRACE),
                f(
                    "advanceQuiet",
                    &[DURATION],
                    Plain(js(
                        "{ end: string; summary: Trace[\"summary\"]; writes: Trace[\"writes\"]; \
                         writeRates: Trace[\"writeRates\"] }",
                        "built with json! from four of the Trace's fields",
                    )),
                ),
                f("now", &[], STRING),
                f("trace", &[], TRACE),
                f(
                    "readyCodes",
                    &[],
                    Plain(js(
                        "Uint8Array",
                        "a Vec<u8>, which wasm-bindgen hands over as a typed array, not JSON",
                    )),
                ),
                f("isDone", &[], BOOL),
                f("nodes", &[], Plain(rust::<Vec<nodestatus::Node>>())),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "PodConfig",
            ctor: &[p(
                "options",
                OptObject(rust::<Option<podconfig::PodConfigOptions>>()),
                "PodConfig options",
            )],
            methods: &[
                f("setNow", &[TIME], VOID),
                f("channel", &[SOURCE], VOID),
                f("merge", &[SOURCE, POD_UPDATE, OPT_TIME], POD_UPDATES),
                f(
                    "mergeDetailed",
                    &[SOURCE, POD_UPDATE, OPT_TIME],
                    Text(rust::<podconfig::MergeOutcome>()),
                ),
                // A one-element array (`[PodUpdate; 1]`) in Rust: the same JSON.
                f("sync", &[], POD_UPDATES),
                f("seenAllSources", &[p("sources", Strings, "sources")], BOOL),
                f("mergedState", &[], PODS),
                f("sources", &[], STRINGS),
                f("events", &[], Text(rust::<Vec<podconfig::Event>>())),
                f("logs", &[], STRINGS),
            ],
            getters: &[
                ("mode", Name(rust::<podconfig::NotificationMode>())),
                ("now", STRING),
            ],
            statics: &[],
        },
        Class {
            name: "FileSource",
            ctor: &[p(
                "options",
                Object(rust::<podconfig::FileSourceOptions>()),
                "FileSource options",
            )],
            methods: &[
                f(
                    "writeFile",
                    &[FILE_NAME, p("content", Str, "file content")],
                    SOURCE_STEP,
                ),
                f("removeFile", &[FILE_NAME], SOURCE_STEP),
                f("tick", &[TIME], SOURCE_STEP),
                f("files", &[], Text(rust::<BTreeMap<String, String>>())),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "HttpSource",
            ctor: &[p(
                "options",
                Object(rust::<podconfig::HttpSourceOptions>()),
                "HttpSource options",
            )],
            methods: &[
                f(
                    "serve",
                    &[p(
                        "response",
                        NullableObject(rust::<Option<podconfig::http::HttpResponse>>()),
                        "manifest response",
                    )],
                    VOID,
                ),
                f("tick", &[TIME], SOURCE_STEP),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "ApiserverSource",
            ctor: &[p(
                "options",
                Object(rust::<podconfig::ApiserverSourceOptions>()),
                "ApiserverSource options",
            )],
            methods: &[
                f("setNodeSynced", &[p("synced", Boolean, "synced")], VOID),
                f("upsertPod", &[p("pod", Object(POD), "pod")], SOURCE_STEP),
                f("deletePod", &[NAMESPACE, NAME], SOURCE_STEP),
                f("tick", &[TIME], SOURCE_STEP),
                f("clusterPods", &[], PODS),
            ],
            getters: &[("watching", BOOL)],
            statics: &[],
        },
        Class {
            name: "BootstrapController",
            ctor: &[p(
                "config",
                Object(rust::<bootstrap::BootstrapConfig>()),
                "bootstrap config",
            )],
            methods: &[
                f("advance", &[DURATION], VOID),
                f("startApiserver", &[APISERVER], VOID),
                f("stopApiserver", &[APISERVER], VOID),
                f("crashApiserver", &[APISERVER], VOID),
                f(
                    "createService",
                    &[
                        p("service", Object(rust::<cp::Service>()), "service"),
                        p("allocate", Boolean, "allocate"),
                    ],
                    VOID,
                ),
                f(
                    "deleteService",
                    &[NAMESPACE, NAME, p("release", Boolean, "release")],
                    VOID,
                ),
                f("allocateClusterIp", &[p("ip", Str, "IP address")], VOID),
                f("allocateNodePort", &[p("port", I32, "node port")], VOID),
                f("deleteNamespace", &[p("name", Str, "namespace")], BOOL),
                f("namespaces", &[], STRINGS),
                f("service", &[], Plain(rust::<Option<cp::Service>>())),
                f("services", &[], Plain(rust::<Vec<cp::Service>>())),
                f("endpoints", &[], Plain(rust::<Option<cp::Endpoints>>())),
                f("leases", &[], Plain(rust::<Vec<lease::MasterLease>>())),
                f("allocations", &[], Plain(rust::<view::Allocations>())),
                f("events", &[], Plain(rust::<Vec<cp::Event>>())),
                f("log", &[], Plain(rust::<Vec<cp::LogEntry>>())),
                f("repairRuns", &[], Plain(rust::<Vec<view::RepairRun>>())),
                f(
                    "endpointsHistory",
                    &[],
                    Plain(rust::<Vec<view::EndpointsChange>>()),
                ),
                f("state", &[], Plain(rust::<view::BootstrapState>())),
            ],
            getters: &[("now", STRING)],
            statics: &[],
        },
    ],
};

/// `facts()`: the main entry hands its result on as it is (no argument to check), so it is no
/// entry of the checking layer's tables; the main wasm declares it all the same.
pub(crate) const FACTS: Exports = Exports {
    functions: &[f("facts", &[], Plain(rust::<kubegate::facts::Facts>()))],
    classes: &[],
};

/// The command line's wasm (`pkg/cli/`): `runCli` alone, which `npm/cli.js` calls with the
/// process's arguments and a host it builds from Node's.
pub(crate) const CLI: Exports = Exports {
    functions: &[f(
        "runCli",
        &[
            p("args", Strings, "arguments"),
            p(
                "host",
                Host(js(
                    "CliHost",
                    "a JS object with methods, not JSON; its declaration is contracts.rs's",
                )),
                "host",
            ),
        ],
        Plain(rust::<crate::CliOutput>()),
    )],
    classes: &[],
};
