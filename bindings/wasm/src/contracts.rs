//! The TypeScript contracts of every JSON shape that crosses the boundary, generated from the
//! Rust types (`npm/types.generated.d.ts`).
//!
//! Why generated: the JSON is what serde emits from these types, so a contract written by hand
//! drifts the first time a field is added or renamed. Each type derives `ts_rs::TS` (behind the
//! `typescript` Cargo feature, so no build but this one compiles ts-rs); [`generate`] writes
//! their declarations in one file, which the binding embeds in the package's `kubegate.d.ts`
//! (`lib.rs`). The test below fails when the checked-in file is not what the types generate;
//! `KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts` rewrites it.
//!
//! Node status, the lifecycle controller, the simulator and the control plane keep their
//! hand-written sections for now, as do pod config's inputs (the pod JSON, source options);
//! pod config's outputs and the shared event are generated.

use ts_rs::{Config, TS};

use super::error::{ErrorFields, ErrorLocation, ErrorProblem, ErrorSpan};
use kubegate::api::{enums, frobber, gating};
use kubegate::facts;
use kubegate::featuregate::{FeatureSpec, FeatureState, PreRelease, Reason, Warning};
use kubegate::import::{cmdline, configz, kubeadm, metrics, Note};
use kubegate::kubelet::config::{dynamic, provenance, upgrade, ResolveInput, Resolved};
use kubegate::kubelet::podconfig;
use kubegate::releases::gates::{Component, GateFacts, GateHistory, HistoryRow};

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

/// An object type one member a line, each after its docs, closed on a line of its own.
///
/// ts-rs writes a declaration on as few lines as it can; wasm-bindgen re-indents the package's
/// d.ts by counting lines that end in `{` and start with `}`, so that layout would drift every
/// later declaration to the right (and the docs build reads declarations that start a line).
fn layout(decl: &str) -> String {
    let Some((head, rest)) = decl.split_once("= {") else {
        return decl.to_string();
    };
    let Some((body, tail)) = rest.rsplit_once('}') else {
        return decl.to_string();
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
    let sections: [(&str, Vec<String>); 11] = [
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
                decl::<super::apifields::RestartPolicyRequest>(&cfg),
                decl::<frobber::RestartPolicyReport>(&cfg),
            ],
        ),
        (
            "Node lifecycle controller",
            vec![
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
    out
}

/// The command line's wasm alone (feature `cli` without `api`) does not embed the whole file:
/// this is the one contract it returns (`npm/cli.generated.d.ts`, embedded by `cli.rs`).
pub(crate) fn generate_cli() -> String {
    let cfg = Config::new().with_large_int("number");
    format!("{HEADER}\n{}", decl::<super::CliOutput>(&cfg))
}

/// The first lines of every generated file.
const HEADER: &str =
    "// Generated from kubegate's Rust types by bindings/wasm/src/contracts.rs: do not edit.\n\
     // KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts\n";

#[cfg(test)]
mod tests {
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
    fn generated_contracts_are_current() {
        for (file, fresh) in [
            ("types.generated.d.ts", super::generate()),
            ("cli.generated.d.ts", super::generate_cli()),
        ] {
            let path = format!("{}/../../npm/{file}", env!("CARGO_MANIFEST_DIR"));
            if std::env::var_os("KUBEGATE_BLESS").is_some() {
                std::fs::write(&path, &fresh).unwrap();
            }
            let current = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                current == fresh,
                "npm/{file} is stale: run KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts"
            );
        }
    }
}
