//! Every export of the package's JS API and every method of its classes, once: the JS name, each
//! parameter (its name, how the checking layer checks it, and the noun its errors use), and how
//! the result crosses. [`super::generate_js`] writes the checking layer's tables from it
//! (`npm/exports.generated.js`, read by `npm/core.js` and `npm/api.js`), and the entries'
//! d.ts re-exports (`npm/gates.d.ts`) come from it too.
//!
//! Why a list here rather than tables written in JS: the parameters are the Rust functions'
//! own, and the package's tests (`tests/js/contract.test.mjs`) hold every entry against the
//! signature wasm-bindgen declares for it, so a parameter added, renamed or retyped in Rust
//! without this list changing fails there.
//!
//! The loaders (`init`, `initSync`) and `facts()` are the checking layer's own code, not
//! entries: they take no argument it checks.

use Check::*;
use Ret::*;

/// How the checking layer checks an argument and what it hands the glue (`npm/core.js`'s `T`).
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
    Object,
    /// A plain object, as the UTF-8 bytes of its JSON text (the bulk path).
    ObjectBytes,
    /// A plain object, or undefined/null (`"null"`).
    OptObject,
    /// A plain object or null (`"null"`); undefined is refused.
    NullableObject,
    /// An array of strings.
    Strings,
    /// Any JSON value, as its text.
    Json,
    /// A map of feature values (at most `LIMITS.maxFeatureValues` keys).
    FeatureValues,
    /// A map keyed by feature name (at most `LIMITS.maxFeatures` keys).
    Features,
    /// A `--feature-gates` value (at most `LIMITS.maxFeatureValues` entries).
    FeatureGates,
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
            Object => "object",
            ObjectBytes => "objectBytes",
            OptObject => "optObject",
            NullableObject => "nullableObject",
            Strings => "strings",
            Json => "json",
            FeatureValues => "featureValues",
            Features => "features",
            FeatureGates => "featureGates",
        }
    }
}

/// How a result crosses back (`npm/core.js`'s `RET`).
#[derive(Clone, Copy)]
pub(crate) enum Ret {
    /// A plain JS value already (serde-wasm-bindgen's conversion, or a primitive).
    Plain,
    /// JSON text, parsed in JS (the bulk path).
    Text,
    /// A raw `FeatureGate`, wrapped into the checked class.
    Gate,
}

impl Ret {
    pub(crate) fn js(self) -> &'static str {
        match self {
            Plain => "plain",
            Text => "text",
            Gate => "gate",
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

const FEATURE_NAME: Param = p("name", Str, "feature name");

/// The gate core: both entries (`kubegate`, `kubegate/gates`) export it.
pub(crate) const GATE_CORE: Exports = Exports {
    functions: &[
        f("parseFeatureList", &[p("yaml", Str, "feature list")], Plain),
        f("kubernetesFeatures", &[], Plain),
        f("kubernetesDependencies", &[], Plain),
        f(
            "renderFeatureList",
            &[p("features", Object, "features")],
            Plain,
        ),
        f("toYaml", &[p("value", Json, "value")], Plain),
        f("version", &[], Plain),
        f("releases", &[], Plain),
        f("releaseGates", &[p("release", Str, "release")], Plain),
        f("releaseFeatures", &[p("release", Str, "release")], Plain),
        f("releasePatchRange", &[p("release", Str, "release")], Plain),
        f("gateHistory", &[p("name", Str, "gate name")], Plain),
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
            f("add", &[p("features", Features, "feature specs")], Plain),
            f(
                "addVersioned",
                &[p("features", Features, "versioned feature specs")],
                Plain,
            ),
            f(
                "addDependencies",
                &[p("dependencies", Features, "dependencies")],
                Plain,
            ),
            f("set", &[p("value", FeatureGates, "feature gates")], Plain),
            f(
                "setFromMap",
                &[p("values", FeatureValues, "feature values")],
                Plain,
            ),
            f("enabled", &[FEATURE_NAME], Plain),
            f("featureId", &[FEATURE_NAME], Plain),
            f("enabledById", &[p("id", U32, "feature id")], Plain),
            f("knownFeatures", &[], Plain),
            f("toString", &[], Plain),
            f(
                "overrideDefault",
                &[FEATURE_NAME, p("value", Boolean, "default")],
                Plain,
            ),
            f(
                "overrideDefaultAtVersion",
                &[
                    FEATURE_NAME,
                    p("value", Boolean, "default"),
                    p("at", Str, "version"),
                ],
                Plain,
            ),
            f(
                "setEmulationVersion",
                &[p("emulation", Str, "emulation version")],
                Plain,
            ),
            f(
                "setEmulationVersionAndMinCompatibilityVersion",
                &[
                    p("emulation", Str, "emulation version"),
                    p("minCompatibility", Str, "min compatibility version"),
                ],
                Plain,
            ),
            f("emulationVersion", &[], Plain),
            f("minCompatibilityVersion", &[], Plain),
            f("explicitlySet", &[FEATURE_NAME], Plain),
            f("resetFeatureValueToDefault", &[FEATURE_NAME], Plain),
            f("validate", &[], Plain),
            f("close", &[], Plain),
            f("deepCopy", &[], Gate),
            f("deepCopyAndReset", &[], Gate),
            f("getAll", &[], Plain),
            f("getAllVersioned", &[], Plain),
            f("dependencies", &[], Plain),
            f("featureStates", &[], Plain),
        ],
        getters: &[],
        statics: &[f("forRelease", &[p("release", Str, "release")], Gate)],
    }],
};

const NODE: Param = p("node", Object, "node");
const TIME: Param = p("now", Str, "time");
const OPT_TIME: Param = p("now", OptStr, "time");
const SCENARIO: Param = p("scenario", Object, "scenario");
const DURATION: Param = p("duration", Str, "duration");
const SOURCE: Param = p("source", Str, "source");
const POD_UPDATE: Param = p("update", ObjectBytes, "pod update");
const FILE_NAME: Param = p("name", Str, "file name");
const NAMESPACE: Param = p("namespace", Str, "namespace");
const NAME: Param = p("name", Str, "name");
const APISERVER: Param = p("ip", Str, "apiserver address");
const KUBELET_INPUT: Param = p("input", Object, "kubelet config input");
const PRESSURE: [Param; 3] = [NODE, TIME, p("underPressure", Boolean, "pressure")];
const TEXT: Param = p("text", Str, "node");

/// Every other area: the main entry (`kubegate`) alone.
pub(crate) const AREAS: Exports = Exports {
    functions: &[
        // Kubelet configuration.
        f("resolveKubeletConfig", &[KUBELET_INPUT], Plain),
        f(
            "explainKubeletConfig",
            &[
                p("result", Object, "resolved kubelet config"),
                p("fieldPath", Str, "field path"),
            ],
            Plain,
        ),
        f(
            "checkKubeletUpgrade",
            &[KUBELET_INPUT, p("targetVersion", Str, "target version")],
            Plain,
        ),
        // Node status, the lifecycle controller, the simulator.
        f("setMemoryPressureCondition", &PRESSURE, Plain),
        f("setDiskPressureCondition", &PRESSURE, Plain),
        f("setPIDPressureCondition", &PRESSURE, Plain),
        f(
            "setReadyCondition",
            &[NODE, TIME, p("inputs", OptObject, "ready inputs")],
            Plain,
        ),
        f(
            "nodeStatusHasChanged",
            &[
                p("original", OptObject, "original status"),
                p("new", OptObject, "new status"),
            ],
            Plain,
        ),
        f("simulateCluster", &[SCENARIO], Plain),
        f("scenarioStartFromNode", &[NODE, SCENARIO], Plain),
        // API fields.
        f(
            "prepareForCreate",
            &[
                p("schema", Object, "schema"),
                p("gates", Object, "gates"),
                p("obj", Object, "object"),
            ],
            Plain,
        ),
        f(
            "prepareForUpdate",
            &[
                p("schema", Object, "schema"),
                p("gates", Object, "gates"),
                p("obj", Object, "object"),
                p("oldObj", Object, "old object"),
            ],
            Plain,
        ),
        f("builtinFieldGateSchemas", &[], Plain),
        f(
            "validateEnum",
            &[p("request", Object, "enum request")],
            Plain,
        ),
        f(
            "validateFrobberRestartPolicy",
            &[p("request", Object, "restart policy request")],
            Plain,
        ),
        // Imports of cluster output.
        f(
            "importKubeletCommandLine",
            &[
                p("text", Str, "command line"),
                p("env", OptObject, "environment"),
            ],
            Plain,
        ),
        f("importConfigz", &[p("text", Str, "configz")], Plain),
        f("importNode", &[TEXT], Plain),
        f(
            "explainNode",
            &[TEXT, p("options", OptObject, "explain options")],
            Plain,
        ),
        f("importFeatureMetrics", &[p("text", Str, "metrics")], Plain),
        f(
            "compareFeatureMetrics",
            &[
                p("text", Str, "metrics"),
                p("release", Str, "release"),
                p("featureGates", Str, "feature gates"),
            ],
            Plain,
        ),
        f(
            "importKubeadmConfig",
            &[p("text", Str, "kubeadm config")],
            Plain,
        ),
        // Control-plane components.
        f(
            "checkComponentStart",
            &[p("input", Object, "component start input")],
            Plain,
        ),
        f(
            "checkControlPlaneUpgrade",
            &[p("input", Object, "control-plane upgrade input")],
            Plain,
        ),
    ],
    classes: &[
        Class {
            name: "NodeLifecycleController",
            ctor: &[p("config", OptObject, "controller config")],
            methods: &[
                f("settings", &[], Plain),
                f(
                    "monitorNodeHealth",
                    &[p("input", ObjectBytes, "monitorNodeHealth input")],
                    Text,
                ),
                f(
                    "doNoExecuteTaintingPass",
                    &[p("input", ObjectBytes, "tainting pass input")],
                    Text,
                ),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "ClusterSimulator",
            ctor: &[SCENARIO],
            methods: &[
                f("advance", &[DURATION], Plain),
                f("advanceQuiet", &[DURATION], Plain),
                f("now", &[], Plain),
                f("trace", &[], Plain),
                f("readyCodes", &[], Plain),
                f("isDone", &[], Plain),
                f("nodes", &[], Plain),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "PodConfig",
            ctor: &[p("options", OptObject, "PodConfig options")],
            methods: &[
                f("setNow", &[TIME], Plain),
                f("channel", &[SOURCE], Plain),
                f("merge", &[SOURCE, POD_UPDATE, OPT_TIME], Text),
                f("mergeDetailed", &[SOURCE, POD_UPDATE, OPT_TIME], Text),
                f("sync", &[], Text),
                f("seenAllSources", &[p("sources", Strings, "sources")], Plain),
                f("mergedState", &[], Text),
                f("sources", &[], Plain),
                f("events", &[], Text),
                f("logs", &[], Plain),
            ],
            getters: &[("mode", Plain), ("now", Plain)],
            statics: &[],
        },
        Class {
            name: "FileSource",
            ctor: &[p("options", Object, "FileSource options")],
            methods: &[
                f(
                    "writeFile",
                    &[FILE_NAME, p("content", Str, "file content")],
                    Text,
                ),
                f("removeFile", &[FILE_NAME], Text),
                f("tick", &[TIME], Text),
                f("files", &[], Text),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "HttpSource",
            ctor: &[p("options", Object, "HttpSource options")],
            methods: &[
                f(
                    "serve",
                    &[p("response", NullableObject, "manifest response")],
                    Plain,
                ),
                f("tick", &[TIME], Text),
            ],
            getters: &[],
            statics: &[],
        },
        Class {
            name: "ApiserverSource",
            ctor: &[p("options", Object, "ApiserverSource options")],
            methods: &[
                f("setNodeSynced", &[p("synced", Boolean, "synced")], Plain),
                f("upsertPod", &[p("pod", Object, "pod")], Text),
                f("deletePod", &[NAMESPACE, NAME], Text),
                f("tick", &[TIME], Text),
                f("clusterPods", &[], Text),
            ],
            getters: &[("watching", Plain)],
            statics: &[],
        },
        Class {
            name: "BootstrapController",
            ctor: &[p("config", Object, "bootstrap config")],
            methods: &[
                f("advance", &[DURATION], Plain),
                f("startApiserver", &[APISERVER], Plain),
                f("stopApiserver", &[APISERVER], Plain),
                f("crashApiserver", &[APISERVER], Plain),
                f(
                    "createService",
                    &[
                        p("service", Object, "service"),
                        p("allocate", Boolean, "allocate"),
                    ],
                    Plain,
                ),
                f(
                    "deleteService",
                    &[NAMESPACE, NAME, p("release", Boolean, "release")],
                    Plain,
                ),
                f("allocateClusterIp", &[p("ip", Str, "IP address")], Plain),
                f("allocateNodePort", &[p("port", I32, "node port")], Plain),
                f("deleteNamespace", &[p("name", Str, "namespace")], Plain),
                f("namespaces", &[], Plain),
                f("service", &[], Plain),
                f("services", &[], Plain),
                f("endpoints", &[], Plain),
                f("leases", &[], Plain),
                f("allocations", &[], Plain),
                f("events", &[], Plain),
                f("log", &[], Plain),
                f("repairRuns", &[], Plain),
                f("endpointsHistory", &[], Plain),
                f("state", &[], Plain),
            ],
            getters: &[("now", Plain)],
            statics: &[],
        },
    ],
};
