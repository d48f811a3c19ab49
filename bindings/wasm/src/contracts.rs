//! Every file of the package that states its contract, generated from the Rust side: the
//! TypeScript declarations of every JSON shape that crosses the boundary
//! (`npm/types.generated.d.ts`, `npm/cli.generated.d.ts`), the checking layer's parameter
//! tables and limits (`npm/exports.generated.js`, from the export list in [`exports`]), the
//! entries' own declarations (`npm/index.d.ts`, `npm/gates.d.ts`, `npm/node.d.ts`), and every
//! export's signature as the TypeScript of the Rust types the list names
//! (`npm/signatures.generated.json`).
//!
//! Why generated: the JSON is what serde emits from these types and the parameters are the Rust
//! functions', so a contract written by hand drifts the first time a field or a parameter is
//! added or renamed. Each type derives `ts_rs::TS` (behind the `typescript` Cargo feature, so no
//! build but this one compiles ts-rs); [`generate`] writes their declarations in one file, which
//! the binding embeds in the package's `kubegate.d.ts` (`lib.rs`; the command line's wasm embeds
//! `npm/cli.generated.d.ts`, `cli.rs`). What no derive can say (a JS `Error`, pass-through
//! Kubernetes JSON, the CLI's host object with methods, the loaders' signatures) is written once
//! here, so the package's declarations have no other source.
//!
//! The functions' own signatures are wasm-bindgen's, from the Rust signatures, with their docs;
//! but a parameter that takes JSON text is a `&str` to it and a JSON result a `JsValue`, which it
//! can only declare as `string` and `any`. The binding states no TypeScript of its own for them:
//! the package's build (`scripts/type-glue.mjs`) writes in their place the types
//! [`generate_signatures`] renders from the list, and `tests/js/contract.test.mjs` holds what
//! ships to the same file, naming the function that differs.
//!
//! The tests below fail when a checked-in file is not what this module generates;
//! `KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts` rewrites them.
//!
//! Nodes keep the keys kubegate does not model (hand-written serde, `objects::kept_fields`); their
//! `extra` map is an `UnknownFields`, whose declaration flattens to `[field: string]: unknown`.

use ts_rs::{Config, TS};

mod exports;

use super::error::{ErrorFields, ErrorLocation, ErrorProblem, ErrorSpan};
use kubegate::api::{enums, frobber, gating};
use kubegate::controller::nodelifecycle;
use kubegate::facts;
use kubegate::featuregate::{FeatureSpec, FeatureState, PreRelease, Reason, Warning};
use kubegate::import::{cmdline, configz, kubeadm, metrics, Note};
use kubegate::kubelet::config::{dynamic, provenance, upgrade, ResolveInput, Resolved};
use kubegate::kubelet::nodestatus;
use kubegate::kubelet::podconfig;
use kubegate::releases::gates::{Component, GateFacts, GateHistory, HistoryRow};
use kubegate::{objects, sim};

/// One exported declaration, with its docs.
fn decl<T: TS>(cfg: &Config) -> String {
    let mut out = String::new();
    if let Some(docs) = T::docs() {
        out.push_str(&docs);
        if !docs.ends_with('\n') {
            out.push('\n');
        }
    }
    out.push_str("export ");
    out.push_str(&layout(&T::decl(cfg)));
    out.push('\n');
    plain_links(&out)
}

/// An object type one member a line, each after its docs, closed on a line of its own. A
/// flattened field's object (`{ a } & { b }`, e.g. an `UnknownFields` index signature) joins the
/// type's own members, as ts-rs joins flattened fields where it inlines them.
///
/// ts-rs writes a declaration on as few lines as it can; wasm-bindgen re-indents the package's
/// d.ts by counting lines that end in `{` and start with `}`, so that layout would drift every
/// later declaration to the right (and the docs build reads declarations that start a line).
fn layout(decl: &str) -> String {
    let decl = decl.replace(" } & { ", " ");
    let Some((head, rest)) = decl.split_once("= {") else {
        return decl;
    };
    let Some((body, tail)) = rest.rsplit_once('}') else {
        return decl;
    };
    let mut out = format!("{head}= {{\n");
    for member in members(body) {
        let (docs, field) = match member.strip_prefix("/**").and_then(|m| m.split_once("*/")) {
            Some((docs, field)) => (Some(docs), field.trim()),
            None => (None, member.as_str()),
        };
        if let Some(docs) = docs {
            out.push_str("  /**\n");
            for line in docs.lines().map(str::trim).filter(|l| !l.is_empty()) {
                out.push_str(&format!("   {line}\n"));
            }
            out.push_str("   */\n");
        }
        out.push_str(&format!("  {field};\n"));
    }
    out.push('}');
    out.push_str(tail.trim());
    out
}

/// The members of an object type's body: split at the commas outside nested types, strings and
/// comments.
fn members(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let (mut depth, mut quote, mut comment) = (0usize, None::<char>, false);
    let mut prev = ' ';
    for c in body.chars() {
        match (comment, quote, c) {
            (true, _, '/') if prev == '*' => comment = false,
            (true, _, _) => {}
            (false, Some(q), _) if c == q && prev != '\\' => quote = None,
            (false, Some(_), _) => {}
            (false, None, '*') if prev == '/' => comment = true,
            (false, None, '"' | '\'') => quote = Some(c),
            (false, None, '{' | '[' | '(' | '<') => depth += 1,
            (false, None, '}' | ']' | ')' | '>') => depth = depth.saturating_sub(1),
            (false, None, ',') if depth == 0 => {
                out.push(std::mem::take(&mut current).trim().to_string());
                prev = c;
                continue;
            }
            _ => {}
        }
        current.push(c);
        prev = c;
    }
    out.push(current.trim().to_string());
    out.retain(|m| !m.is_empty());
    out
}

/// Rustdoc links (`` [`x`] ``, `` [`x`](path) ``) as plain code: their targets mean nothing in
/// TypeScript.
fn plain_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("[`") {
        let (head, tail) = rest.split_at(i);
        out.push_str(head);
        let Some(end) = tail.find("`]") else {
            out.push_str(tail);
            return out;
        };
        let (link, after) = tail.split_at(end + 2);
        out.push_str(link.trim_start_matches('[').trim_end_matches(']'));
        rest = match after.strip_prefix('(').and_then(|a| a.split_once(')')) {
            Some((target, after)) if !target.contains(char::is_whitespace) => after,
            _ => after,
        };
    }
    out.push_str(rest);
    out
}

/// Declares each kind type of the list and `ErrorKind`, the union of them all: the type of the
/// JS `Error`'s `kind` (`ErrorFields.kind`), so a kind added to any list reaches it.
macro_rules! kinds {
    ($cfg:expr; $($t:ty),+ $(,)?) => {{
        let mut decls = vec![$(decl::<$t>($cfg)),+];
        let names = [$(<$t as TS>::name($cfg)),+];
        decls.push(format!(
            "/** What a kubegate Error's `kind` can be: the core's kinds and the binding's own. */\nexport type ErrorKind = {};\n",
            names.join(" | ")
        ));
        decls
    }};
}

/// Every error kind that reaches JS.
fn error_kinds(cfg: &Config) -> Vec<String> {
    use kubegate::{api, controller, controlplane, featuregate, import, kubelet, releases, sim};
    kinds!(cfg;
        featuregate::FeatureGateErrorKind,
        kubelet::config::KubeletConfigErrorKind,
        podconfig::PodConfigErrorKind,
        kubelet::eviction::EvictionErrorKind,
        controller::nodelifecycle::NodeLifecycleErrorKind,
        sim::SimulatorErrorKind,
        api::gating::ApiFieldsErrorKind,
        controlplane::bootstrap::ControlPlaneErrorKind,
        import::ImportErrorKind,
        import::metrics::FeatureMetricsErrorKind,
        import::control_plane::ControlPlaneCheckErrorKind,
        kubegate::components::ComponentErrorKind,
        releases::ReleaseErrorKind,
        kubegate::ValueErrorKind,
        super::error::BindingErrorKind,
        super::error::AreaErrorKind,
    )
}

/// The whole generated file.
pub(crate) fn generate() -> String {
    // Every integer that crosses is far below 2^53: JS numbers, not BigInt.
    let cfg = Config::new().with_large_int("number");
    let sections: [(&str, Vec<String>); 14] = [
        (
            "Errors",
            vec![
                decl::<ErrorFields>(&cfg),
                decl::<ErrorLocation>(&cfg),
                decl::<ErrorProblem>(&cfg),
                decl::<ErrorSpan>(&cfg),
            ],
        ),
        (
            "Feature gates and releases",
            vec![
                decl::<super::VersionInfo>(&cfg),
                decl::<PreRelease>(&cfg),
                decl::<FeatureSpec>(&cfg),
                decl::<Warning>(&cfg),
                decl::<Reason>(&cfg),
                decl::<FeatureState>(&cfg),
                decl::<super::releases::ReleaseRange>(&cfg),
                decl::<Component>(&cfg),
                decl::<GateFacts>(&cfg),
                decl::<HistoryRow>(&cfg),
                decl::<GateHistory>(&cfg),
                decl::<super::releases::PatchRange>(&cfg),
            ],
        ),
        (
            "Imports of cluster output",
            vec![
                decl::<Note>(&cfg),
                decl::<cmdline::Form>(&cfg),
                decl::<cmdline::Arg>(&cfg),
                decl::<cmdline::Variable>(&cfg),
                decl::<cmdline::CommandLine>(&cfg),
                decl::<configz::Configz>(&cfg),
                decl::<kubegate::import::node::ImportedNode>(&cfg),
                decl::<kubegate::import::node::NodeImport>(&cfg),
                decl::<metrics::ReportedGate>(&cfg),
                decl::<metrics::FeatureMetrics>(&cfg),
                decl::<metrics::Mismatch>(&cfg),
                decl::<kubeadm::ExtraArg>(&cfg),
                decl::<kubeadm::KubeadmConfig>(&cfg),
            ],
        ),
        (
            "Kubelet configuration",
            vec![
                decl::<dynamic::Checkpoint>(&cfg),
                decl::<dynamic::DynamicInput>(&cfg),
                decl::<ResolveInput>(&cfg),
                decl::<provenance::Layer>(&cfg),
                decl::<provenance::Origin>(&cfg),
                decl::<provenance::Setting>(&cfg),
                decl::<provenance::FieldProvenance>(&cfg),
                decl::<provenance::DiffEntry>(&cfg),
                decl::<dynamic::Active>(&cfg),
                decl::<dynamic::DynamicStatus>(&cfg),
                decl::<Resolved>(&cfg),
                decl::<provenance::Explanation>(&cfg),
                decl::<upgrade::UpgradeFinding>(&cfg),
                decl::<upgrade::UpgradeReport>(&cfg),
                decl::<kubegate::kubelet::config::KubeletConfigStage>(&cfg),
            ],
        ),
        (
            "API fields",
            vec![
                decl::<gating::GatedField>(&cfg),
                decl::<gating::FieldGateSchema>(&cfg),
                decl::<gating::PrepareResult>(&cfg),
                decl::<enums::OperationType>(&cfg),
                decl::<enums::EnumExclusion>(&cfg),
                decl::<enums::EnumRequest>(&cfg),
                decl::<frobber::RestartPolicyRequest>(&cfg),
                decl::<frobber::RestartPolicyReport>(&cfg),
            ],
        ),
        (
            "Bootstrap controller",
            vec![
                decl::<kubegate::controlplane::objects::ObjectMeta>(&cfg),
                decl::<kubegate::controlplane::objects::ServicePort>(&cfg),
                decl::<kubegate::controlplane::objects::ServiceSpec>(&cfg),
                decl::<kubegate::controlplane::objects::Service>(&cfg),
                decl::<kubegate::controlplane::objects::EndpointAddress>(&cfg),
                decl::<kubegate::controlplane::objects::EndpointPort>(&cfg),
                decl::<kubegate::controlplane::objects::EndpointSubset>(&cfg),
                decl::<kubegate::controlplane::objects::Endpoints>(&cfg),
                decl::<kubegate::controlplane::lease::MasterLease>(&cfg),
                decl::<kubegate::controlplane::view::Allocations>(&cfg),
                decl::<kubegate::controlplane::view::ApiServerStatus>(&cfg),
                decl::<kubegate::controlplane::objects::Event>(&cfg),
                decl::<kubegate::controlplane::objects::LogEntry>(&cfg),
                decl::<kubegate::controlplane::bootstrap::BootstrapConfig>(&cfg),
                decl::<kubegate::controlplane::view::LeakCount>(&cfg),
                decl::<kubegate::controlplane::view::RepairRun>(&cfg),
                decl::<kubegate::controlplane::view::EndpointsChange>(&cfg),
                decl::<kubegate::controlplane::view::BootstrapState>(&cfg),
            ],
        ),
        (
            "Nodes and node status",
            vec![
                decl::<objects::ConditionStatus>(&cfg),
                decl::<objects::NodeCondition>(&cfg),
                decl::<objects::TaintEffect>(&cfg),
                decl::<objects::Taint>(&cfg),
                decl::<objects::NodeStatus>(&cfg),
                decl::<objects::NodeSpec>(&cfg),
                decl::<objects::Node>(&cfg),
                decl::<nodestatus::SetterResult>(&cfg),
                decl::<nodestatus::ErrorList>(&cfg),
                decl::<nodestatus::ReadyInputs>(&cfg),
                decl::<objects::LeaseMeta>(&cfg),
                decl::<objects::LeaseSpec>(&cfg),
                decl::<objects::Lease>(&cfg),
                decl::<objects::ZoneState>(&cfg),
            ],
        ),
        (
            "Node lifecycle controller",
            vec![
                decl::<nodelifecycle::PodRef>(&cfg),
                decl::<nodelifecycle::MonitorInput>(&cfg),
                decl::<nodelifecycle::TaintChange>(&cfg),
                decl::<nodelifecycle::ControllerEvent>(&cfg),
                decl::<nodelifecycle::ApiCall>(&cfg),
                decl::<nodelifecycle::PodsMarkedNotReady>(&cfg),
                decl::<nodelifecycle::ZoneChange>(&cfg),
                decl::<nodelifecycle::MonitorResult>(&cfg),
                decl::<kubegate::controller::nodelifecycle::ControllerConfig>(&cfg),
                decl::<kubegate::controller::nodelifecycle::Settings>(&cfg),
                decl::<kubegate::controller::tainteviction::Toleration>(&cfg),
                decl::<kubegate::controller::tainteviction::PodOnNode>(&cfg),
                decl::<kubegate::controller::nodelifecycle::ClusterOptions>(&cfg),
                decl::<kubegate::controller::nodelifecycle::ExplainOptions>(&cfg),
                decl::<kubegate::controller::nodelifecycle::Step>(&cfg),
                decl::<kubegate::controller::nodelifecycle::TaintView>(&cfg),
                decl::<kubegate::controller::nodelifecycle::PodEviction>(&cfg),
                decl::<kubegate::controller::nodelifecycle::ZoneView>(&cfg),
                decl::<kubegate::controller::nodelifecycle::NodeExplanation>(&cfg),
                decl::<kubegate::controller::nodelifecycle::ControllerView>(&cfg),
                decl::<kubegate::controller::nodelifecycle::ClusterView>(&cfg),
                decl::<kubegate::controller::nodelifecycle::Staleness>(&cfg),
                decl::<kubegate::controller::nodelifecycle::Explanation>(&cfg),
                decl::<super::nodeexplain::ExplainResult>(&cfg),
            ],
        ),
        (
            "Pod config",
            vec![
                decl::<podconfig::PodOperation>(&cfg),
                decl::<podconfig::NotificationMode>(&cfg),
                decl::<podconfig::types::Reason>(&cfg),
                decl::<podconfig::PodUpdate>(&cfg),
                decl::<kubegate::objects::Event>(&cfg),
                decl::<podconfig::types::InvolvedObject>(&cfg),
                decl::<podconfig::Event>(&cfg),
                decl::<podconfig::MergeOutcome>(&cfg),
                decl::<podconfig::types::SourceStep>(&cfg),
                decl::<podconfig::PodConfigOptions>(&cfg),
                decl::<podconfig::FileSourceOptions>(&cfg),
                decl::<podconfig::HttpSourceOptions>(&cfg),
                decl::<podconfig::http::HttpResponse>(&cfg),
                decl::<podconfig::ApiserverSourceOptions>(&cfg),
            ],
        ),
        (
            "Control-plane components",
            vec![
                decl::<kubegate::components::SourceLocation>(&cfg),
                decl::<kubegate::components::InvocationArg>(&cfg),
                decl::<kubegate::components::ConfigFile>(&cfg),
                decl::<kubegate::components::Invocation>(&cfg),
                decl::<kubegate::components::error::ComponentErrorShape>(&cfg),
                decl::<kubegate::components::StartWarningKind>(&cfg),
                decl::<kubegate::components::StartWarning>(&cfg),
                decl::<kubegate::components::StartReport>(&cfg),
                decl::<kubegate::components::upgrade::UpgradeProblem>(&cfg),
                decl::<kubegate::components::upgrade::UpgradeWarning>(&cfg),
                decl::<kubegate::components::upgrade::GateDefaultChange>(&cfg),
                decl::<kubegate::components::upgrade::ComponentUpgrade>(&cfg),
                decl::<kubegate::components::upgrade::UpgradeReport>(&cfg),
                decl::<kubegate::import::invocations::SeenVersion>(&cfg),
                decl::<kubegate::import::invocations::FileSource>(&cfg),
                decl::<kubegate::import::control_plane::NamedText>(&cfg),
                decl::<super::components::UpgradeInput>(&cfg),
                decl::<super::components::StartInput>(&cfg),
                decl::<super::components::Read>(&cfg),
                decl::<super::components::UpgradeResult>(&cfg),
                decl::<super::components::StartResult>(&cfg),
            ],
        ),
        (
            "Cluster simulator",
            vec![
                decl::<sim::FaultKind>(&cfg),
                decl::<sim::Fault>(&cfg),
                decl::<sim::Scenario>(&cfg),
                decl::<sim::Transition>(&cfg),
                decl::<sim::TraceEvent>(&cfg),
                decl::<sim::TraceTaint>(&cfg),
                decl::<sim::TraceZone>(&cfg),
                decl::<sim::Writes>(&cfg),
                decl::<sim::WriteBytes>(&cfg),
                decl::<sim::RateBucket>(&cfg),
                decl::<sim::Summary>(&cfg),
                decl::<sim::Trace>(&cfg),
                decl::<sim::NodeStart>(&cfg),
            ],
        ),
        ("Command line", vec![decl::<super::CliOutput>(&cfg)]),
        (
            "Error kinds (each area's `kind()`, the JS Error's `kind`)",
            error_kinds(&cfg),
        ),
        (
            "Facts",
            vec![
                decl::<facts::Span>(&cfg),
                decl::<facts::ValueSpan>(&cfg),
                decl::<facts::ReleaseFacts>(&cfg),
                decl::<facts::Spans>(&cfg),
                decl::<facts::ControlPlaneFacts>(&cfg),
                decl::<facts::NodeFacts>(&cfg),
                decl::<facts::Facts>(&cfg),
            ],
        ),
    ];
    let mut out = String::from(HEADER);
    for (title, decls) in &sections {
        out.push_str(&format!("\n// --- {title} ---\n\n"));
        for d in decls {
            out.push_str(d);
        }
    }
    out.push_str("\n// --- Shapes no Rust type derives (errors, pass-through JSON) ---\n\n");
    out.push_str(FIXED_TS);
    out
}

/// What a derive cannot say, written once here (so the package's d.ts has no other source):
/// errors are real `Error`s carrying the generated fields; a pod is Kubernetes JSON kept whole
/// (its unknown fields pass through); a pod update is read by a seed that decodes each pod
/// where it stands, not by a derived type; and the names earlier releases exported.
const FIXED_TS: &str = r#"/**
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
"#;

/// The command line's wasm alone (feature `cli` without `api`) does not embed the whole file:
/// these are its own contracts (`npm/cli.generated.d.ts`, embedded by `cli.rs`): the host
/// object `runCli` calls, whose methods no derive declares, and what it returns.
pub(crate) fn generate_cli() -> String {
    let cfg = Config::new().with_large_int("number");
    format!("{HEADER}{CLI_HOST_TS}\n{}", decl::<super::CliOutput>(&cfg))
}

/// The host `runCli` reads files, directories and the clock through (`npm/cli.js` builds it
/// from Node's): a JS object with methods, not a JSON shape.
const CLI_HOST_TS: &str = r#"
/** What the command line needs from Node (npm/cli.js builds it). */
export interface CliHost {
  /** A file's text; "-" is stdin. Throws an Error whose message is the reason. */
  readFile(path: string): string;
  /** A directory's entries, each with both fields (an entry without one is refused, naming what
   *  is missing). Throws an Error whose message is the reason. */
  readDir(path: string): { name: string; isDir: boolean }[];
  /** Now, Unix milliseconds. */
  now(): number;
  /** Colour the output (stdout is a TTY and NO_COLOR is unset). */
  color: boolean;
}
"#;

/// The checking layer's tables (`npm/exports.generated.js`): the limits of the boundary and,
/// per entry, each function's and class's parameters, from [`exports`].
pub(crate) fn generate_js() -> String {
    use exports::{Class, Function, Param, AREAS, GATE_CORE, LIMITS};
    let param = |p: &Param| format!("[{:?}, {:?}, {:?}]", p.name, p.check.js(), p.what);
    let params =
        |ps: &[Param]| format!("[{}]", ps.iter().map(param).collect::<Vec<_>>().join(", "));
    let function = |f: &Function| format!("{}: [{}, {:?}],", f.name, params(f.params), f.ret.js());
    let functions = |indent: &str, fs: &[Function]| {
        fs.iter()
            .map(|f| format!("{indent}{}\n", function(f)))
            .collect::<String>()
    };
    let class = |c: &Class| {
        let getters = c
            .getters
            .iter()
            .map(|(name, ret)| format!("{name}: {:?}", ret.js()))
            .collect::<Vec<_>>()
            .join(", ");
        let block = |fs: &[Function]| match fs {
            [] => "{}".to_string(),
            fs => format!("{{\n{}    }}", functions("      ", fs)),
        };
        format!(
            "  {}: {{\n    ctor: {},\n    methods: {},\n    getters: {{{}}},\n    statics: {},\n  }},\n",
            c.name,
            params(c.ctor),
            block(c.methods),
            if getters.is_empty() { String::new() } else { format!(" {getters} ") },
            block(c.statics),
        )
    };
    let mut out = String::from(HEADER);
    out.push_str(JS_PREAMBLE);
    out.push_str(
        "\n/** Limits of the JS boundary (see SECURITY.md). The core has its own, per area. */\n\
         export const LIMITS = Object.freeze({\n",
    );
    for l in LIMITS {
        out.push_str(&jsdoc("  ", l.doc));
        out.push_str(&format!("  {}: {},\n", l.name, l.value));
    }
    out.push_str("});\n");
    for (doc, name, entry) in [
        (
            "The gate core's (both entries: core.js)",
            "GATE",
            &GATE_CORE,
        ),
        (
            "Every other area's (the main entry: api.js)",
            "AREA",
            &AREAS,
        ),
    ] {
        out.push_str(&format!(
            "\n/** {doc} functions, each a `Fn`. */\nexport const {name}_FUNCTIONS = {{\n{}}};\n",
            functions("  ", entry.functions)
        ));
        out.push_str(&format!(
            "\n/** {doc} classes, each a `Cls`. */\nexport const {name}_CLASSES = {{\n{}}};\n",
            entry.classes.iter().map(class).collect::<String>()
        ));
    }
    out
}

/// Every export's signature as TypeScript (`npm/signatures.generated.json`), per d.ts that
/// wasm-bindgen writes (the main wasm's, the gate core's, the command line's): per function
/// (`name`), constructor (`new Class`), method and static method (`Class.name`) its parameters
/// and its result, per getter (`Class.name`) its type. Each is the TypeScript of the Rust type
/// the export list names (`type`) beside what wasm-bindgen declares for the Rust value that
/// carries it (`glue`: `string` for JSON text, `any` for a `JsValue`; a primitive's own type).
/// The package's build (`scripts/type-glue.mjs`) writes each `type` where the glue's d.ts says
/// `glue`, and refuses any other declaration; the package's test holds what ships to `type`.
///
/// A parameter whose check lets undefined through (`OptStr`, `OptObject`) reads `T | undefined`,
/// as a caller may pass it; the Rust type of an `OptObject` or a `NullableObject` is an
/// `Option`, whose `| null` is the null the check lets through.
pub(crate) fn generate_signatures() -> String {
    use exports::{Exports, Function, Param, Ret, AREAS, CLI, FACTS, GATE_CORE};
    use serde_json::{json, Map, Value};
    let cfg = Config::new().with_large_int("number");
    let param = |p: &Param| {
        let ts = typescript(p.check.ty(), &cfg);
        let ts = if p.check.takes_undefined() {
            format!("{ts} | undefined")
        } else {
            ts
        };
        json!({ "type": ts, "glue": p.check.glue() })
    };
    let params = |ps: &[Param]| Value::from(ps.iter().map(param).collect::<Vec<_>>());
    let returns = |r: Ret| json!({ "type": typescript(r.ty(), &cfg), "glue": r.glue() });
    let function = |f: &Function| json!({ "params": params(f.params), "returns": returns(f.ret) });
    let file = |entries: &[&Exports]| {
        let mut out = Map::new();
        let mut put = |key: String, value: Value| {
            let repeated = out.insert(key.clone(), value).is_some();
            assert!(!repeated, "{key}: listed twice");
        };
        for entry in entries {
            for f in entry.functions {
                put(f.name.to_string(), function(f));
            }
            for c in entry.classes {
                put(
                    format!("new {}", c.name),
                    json!({ "params": params(c.ctor) }),
                );
                for f in c.methods.iter().chain(c.statics) {
                    put(format!("{}.{}", c.name, f.name), function(f));
                }
                for &(name, ret) in c.getters {
                    put(
                        format!("{}.{name}", c.name),
                        json!({ "returns": returns(ret) }),
                    );
                }
            }
        }
        Value::Object(out)
    };
    let files = json!({
        "kubegate.d.ts": file(&[&GATE_CORE, &AREAS, &FACTS]),
        "gates/kubegate_gates.d.ts": file(&[&GATE_CORE]),
        "cli/kubegate_cli.d.ts": file(&[&CLI]),
    });
    let mut text = serde_json::to_string_pretty(&files).expect("strings only");
    text.push('\n');
    text
}

/// The TypeScript a declaration shows for a type of the export list: ts-rs's name of a Rust
/// type, spelled as the package's declarations spell it (`X[]`, `Record<string, X>`).
fn typescript(ty: exports::Ty, cfg: &Config) -> String {
    match ty {
        exports::Ty::Rust(name) => spelled(&name(cfg)),
        exports::Ty::Js { ts, .. } => ts.to_string(),
    }
}

/// ts-rs's `Array<X>` as `X[]` (`(A | B)[]` for a union) and its map `{ [key in string]?: X }`
/// as `Record<string, X>`, at any depth.
fn spelled(ts: &str) -> String {
    const MAPS: [&str; 2] = ["{ [key in string]?: ", "{ [key in string]: "];
    let mut out = String::new();
    let mut rest = ts;
    loop {
        let array = rest.find("Array<").map(|i| (i, "Array<", '<', '>'));
        let map = MAPS
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, *m, '{', '}')))
            .min();
        let Some((i, open, left, right)) = [array, map].into_iter().flatten().min() else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..i]);
        let body = &rest[i + open.len()..];
        // The body's end: the bracket that closes the one `open` ends with.
        let mut depth = 1usize;
        let end = body.char_indices().find_map(|(j, c)| {
            if c == left {
                depth += 1;
            } else if c == right {
                depth -= 1;
            }
            (depth == 0).then_some(j)
        });
        let Some(end) = end else {
            // Unbalanced: not ts-rs's; left as it is.
            out.push_str(&rest[i..]);
            return out;
        };
        let inner = spelled(body[..end].trim());
        if left == '<' {
            if members_of_union(&inner) {
                out.push_str(&format!("({inner})[]"));
            } else {
                out.push_str(&format!("{inner}[]"));
            }
        } else {
            out.push_str(&format!("Record<string, {inner}>"));
        }
        rest = &body[end + 1..];
    }
}

/// Whether `ts` is a union at its top level (`A | B`, not `{ a: A | B }`).
fn members_of_union(ts: &str) -> bool {
    let mut depth = 0usize;
    for c in ts.chars() {
        match c {
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// The entries' own declarations: `npm/index.d.ts` (the loaders, `KubegateLoaded`, `LIMITS`;
/// everything else is the glue's `kubegate.d.ts`, which embeds the generated contracts),
/// `npm/gates.d.ts` (the gate core's exports, from [`exports::GATE_CORE`]) and `npm/node.d.ts`.
pub(crate) fn generate_entries() -> [(&'static str, String); 3] {
    use exports::{GATE_CORE, LIMITS};
    let mut limits = String::new();
    for l in LIMITS {
        limits.push_str(&jsdoc("  ", l.doc));
        limits.push_str(&format!("  {}: number;\n", l.name));
    }
    let index =
        format!("{HEADER}{INDEX_DTS}export declare const LIMITS: Readonly<{{\n{limits}}}>;\n");
    let names: Vec<&str> = GATE_CORE
        .classes
        .iter()
        .map(|c| c.name)
        .chain(GATE_CORE.functions.iter().map(|f| f.name))
        .collect();
    let gates = format!(
        "{HEADER}{GATES_DTS}export {{\n{}}} from \"./gates/kubegate_gates.js\";\n\
         export type * from \"./gates/kubegate_gates.js\";\n\
         export {{ default, initSync, LIMITS, type KubegateLoaded }} from \"./index.js\";\n",
        names
            .iter()
            .map(|n| format!("  {n},\n"))
            .collect::<String>()
    );
    let node = format!(
        "{HEADER}// Node's entry declares what the browser entry does.\n\
         export * from \"./index.js\";\nexport {{ default }} from \"./index.js\";\n"
    );
    [
        ("index.d.ts", index),
        ("gates.d.ts", gates),
        ("node.d.ts", node),
    ]
}

/// The main entry's d.ts before `LIMITS`: the loaders as the checking layer wraps them (their
/// parameters are the glue's `InitInput`/`SyncInitInput`; they resolve to a summary, not the
/// glue's raw exports).
const INDEX_DTS: &str = r#"export * from "./kubegate.js";
import type { InitInput, SyncInitInput } from "./kubegate.js";

/** What `init()` and `initSync()` give back: a frozen summary, never the raw WebAssembly exports
 * (calling those directly would skip every check and could trap the module). */
export interface KubegateLoaded {
  /** The size of the module's WebAssembly memory now, in bytes (read afresh on every access). */
  readonly memoryBytes: number;
  /** The same number, where code written against the raw instance reads it. */
  readonly memory: { readonly buffer: { readonly byteLength: number } };
}

/** Loads the WebAssembly synchronously (a no-op once loaded, as in Node, where the package loads it on import). */
export declare function initSync(module?: { module: SyncInitInput } | SyncInitInput): KubegateLoaded;

/** Loads the WebAssembly (a browser fetches `kubegate_bg.wasm`; a no-op once loaded). */
export default function init(
  module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>,
): Promise<KubegateLoaded>;

/** Limits of the JS boundary (see SECURITY.md); beyond them a call throws an Error of kind "limit". */
"#;

/// The gate entry's d.ts before its exports.
const GATES_DTS: &str =
    "// `kubegate/gates`: the gate core alone, with the same types and answers as the main entry's
// gate exports.
";

/// The tables' shapes, for the type check of the package's JavaScript.
const JS_PREAMBLE: &str = "//
// The checking layer's tables (npm/core.js): every parameter as [name, check, the noun of its
// errors], every function and method as [parameters, how the result crosses]; every class as its
// constructor's parameters, methods, getters and static methods.

// Their shapes (the tables are left to inference: a `toString` method typed as a Record member
// meets Object's own):
//   Param: [name: string, check: string, what: string]
//   Fn:    [params: Param[], ret: \"plain\" | \"text\" | \"gate\"]
//   Cls:   { ctor: Param[], methods: Record<string, Fn>, getters: Record<string, Ret>, statics: Record<string, Fn> }
";

/// `doc` as a JSDoc comment at `indent`, wrapped before the 100th column.
fn jsdoc(indent: &str, doc: &str) -> String {
    let width = 100 - indent.len() - 3;
    let mut lines = vec![String::new()];
    for word in doc.split_whitespace() {
        let line = lines.last_mut().expect("starts with one line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    if lines.len() == 1 && indent.len() + lines[0].len() + 7 <= 100 {
        return format!("{indent}/** {} */\n", lines[0]);
    }
    let mut out = format!("{indent}/**\n");
    for line in lines {
        out.push_str(&format!("{indent} * {line}\n"));
    }
    out.push_str(&format!("{indent} */\n"));
    out
}

/// The first lines of every generated file.
const HEADER: &str =
    "// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.\n\
     // KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts\n";

#[cfg(test)]
mod tests {
    use super::exports::{Check, Function, Param, Ty, AREAS, CLI, FACTS, GATE_CORE};

    #[test]
    fn rustdoc_links_become_code() {
        assert_eq!(
            super::plain_links("see [`a`] and [`b`](super::B) (c) [x]"),
            "see `a` and `b` (c) [x]"
        );
    }

    #[test]
    fn object_types_get_one_member_a_line() {
        let decl = "type X = { a: Record<string, number>, \n/**\n * Doc, with a comma.\n */\nb?: { [key in string]: \"x,y\" }, };";
        assert_eq!(
            super::layout(decl),
            "type X = {\n  a: Record<string, number>;\n  /**\n   * Doc, with a comma.\n   */\n  b?: { [key in string]: \"x,y\" };\n};"
        );
        assert_eq!(
            super::layout("type U = \"a\" | \"b\";"),
            "type U = \"a\" | \"b\";"
        );
    }

    #[test]
    fn ts_rs_spellings_become_the_declarations() {
        assert_eq!(super::spelled("Array<Warning>"), "Warning[]");
        assert_eq!(
            super::spelled("{ [key in string]?: Array<FeatureSpec> }"),
            "Record<string, FeatureSpec[]>"
        );
        assert_eq!(
            super::spelled("Array<Array<string | null>>"),
            "(string | null)[][]"
        );
        assert_eq!(super::spelled("Service | null"), "Service | null");
    }

    /// Every function, method and static method of the list, and every constructor's parameters.
    fn every_function() -> (Vec<&'static Function>, Vec<&'static Param>) {
        let (mut functions, mut ctors) = (Vec::new(), Vec::new());
        for entry in [&GATE_CORE, &AREAS, &FACTS, &CLI] {
            functions.extend(entry.functions);
            for c in entry.classes {
                functions.extend(c.methods.iter().chain(c.statics));
                ctors.extend(c.ctor);
            }
        }
        (functions, ctors)
    }

    #[test]
    fn every_type_no_rust_type_names_says_why() {
        let (functions, ctors) = every_function();
        let getters = [&GATE_CORE, &AREAS, &FACTS, &CLI]
            .into_iter()
            .flat_map(|e| e.classes)
            .flat_map(|c| c.getters.iter().map(|(_, r)| r.ty()));
        let types = functions
            .iter()
            .flat_map(|f| f.params.iter().map(|p| p.check.ty()).chain([f.ret.ty()]))
            .chain(ctors.iter().map(|p| p.check.ty()))
            .chain(getters);
        for ty in types {
            if let Ty::Js { ts, why } = ty {
                assert!(
                    !why.trim().is_empty(),
                    "{ts}: no reason it names no Rust type"
                );
            }
        }
    }

    /// The build writes a parameter's type only where the glue declares the JSON it carries; a
    /// primitive is declared by wasm-bindgen as itself, so its type must be its glue's, or a
    /// Rust parameter of another primitive type would pass unnoticed.
    #[test]
    fn a_primitive_is_declared_as_itself() {
        let cfg = ts_rs::Config::new().with_large_int("number");
        let (functions, ctors) = every_function();
        for p in functions.iter().flat_map(|f| f.params).chain(ctors) {
            if let Check::Str
            | Check::OptStr
            | Check::Boolean
            | Check::U32
            | Check::I32
            | Check::Strings
            | Check::FeatureGates = p.check
            {
                let mut ts = super::typescript(p.check.ty(), &cfg);
                if p.check.takes_undefined() {
                    ts.push_str(" | undefined");
                }
                assert_eq!(ts, p.check.glue(), "{}", p.name);
            }
        }
    }

    #[test]
    fn an_absent_object_decodes_into_an_option() {
        let cfg = ts_rs::Config::new();
        let (functions, ctors) = every_function();
        for p in functions.iter().flat_map(|f| f.params).chain(ctors) {
            if let Check::OptObject(ty) | Check::NullableObject(ty) = p.check {
                // The check hands the glue `"null"` for an absent object.
                let ts = super::typescript(ty, &cfg);
                assert!(
                    ts.ends_with(" | null"),
                    "{}: {ts} cannot decode null",
                    p.name
                );
            }
        }
    }

    #[test]
    fn generated_contracts_are_current() {
        let npm = super::generate_entries().map(|(file, fresh)| (format!("npm/{file}"), fresh));
        let named = [
            ("npm/types.generated.d.ts", super::generate()),
            ("npm/cli.generated.d.ts", super::generate_cli()),
            ("npm/exports.generated.js", super::generate_js()),
            (
                "npm/signatures.generated.json",
                super::generate_signatures(),
            ),
        ];
        let named = named.map(|(file, fresh)| (file.to_string(), fresh));
        for (file, fresh) in named.into_iter().chain(npm) {
            let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
            if std::env::var_os("KUBEGATE_BLESS").is_some() {
                std::fs::write(&path, &fresh).unwrap();
            }
            let current = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                current == fresh,
                "{file} is stale: run KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts"
            );
        }
    }
}
