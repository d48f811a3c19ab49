//! Does a control-plane component of a given release start with this command line and these
//! config files, and what does it print on the way?
//!
//! [`check_start`] follows a component's start in the order the binary meets each thing:
//!
//! 1. **pflag** reads the arguments against that release's flag set
//!    ([`crate::releases::component_flags`]): an unknown flag (never registered, or removed) is
//!    `unknown flag: --x`; a non-boolean flag without a value is `flag needs an argument`; a value
//!    its type cannot read is `invalid argument "v" for "--x" flag: <why>`; a deprecated flag
//!    prints `Flag --x has been deprecated, <text>` and is accepted. Names are normalized `_` to
//!    `-` (`cliflag.WordSepNormalizeFunc`, set by every component's main). Two dashes name a long
//!    flag only (`--v` is the long `v`; `---x` and `--=x` are `bad flag syntax`); one dash is a
//!    cluster of shorthand letters read one by one (`-v=2`, `-v2`, `-v 2`; `-kubeconfig=x` is
//!    `unknown shorthand flag: 'k' in -kubeconfig=x`). pflag stops at the
//!    first error, so the binary prints only the first; this check goes on and reports every
//!    one, the first marked [`StartReport::first_error`]. (cobra prints a refusal as
//!    `Error: <text>`; the texts here are without that prefix.)
//! 2. **`--emulated-version`** (1.31+): `kube=1.N` or `1.N`, within three minors below the
//!    binary and never below 1.31.
//! 3. **`--feature-gates`** against the whole gate set the release registers
//!    ([`crate::releases::gates::release_gate`], at the emulated version when one is set), the
//!    way each release applies them: the gate's own flag value until 1.30 (a refusal is pflag's
//!    `invalid argument`), component-base's compatibility registry from 1.31 (`kube:` prefixes,
//!    the gate's error as it is), kube-proxy's `cliflag.MapStringBool` and its Complete step
//!    (`failed complete: ` from 1.31). Warnings are the gate's (GA or deprecated gates set),
//!    in that release's wording. A gate that is accepted but that this component's code does
//!    not read in the release is a note.
//! 4. **Checks of the parsed options** that are reproduced: the kube-apiserver's inert insecure
//!    port of 1.20..1.23.
//! 5. **Config files**: each file's `apiVersion`/`kind` against what the release's scheme
//!    registers ([`crate::releases::component_configs`]), with apimachinery's text, the scheme
//!    name and the loader's wrapping where a source of the release shows them.
//!
//! What it cannot be exact about is listed on [`StartReport::limits`] per run: values of custom
//! flag types kubegate does not parse (`FlagKind::Other`, port ranges, cert/key pairs...), a
//! config file's fields (only its kind and version are judged), and any check the component
//! makes after parsing (validation of flag combinations, files it cannot read).

use std::collections::BTreeMap;

use serde::Serialize;

use super::error::{ComponentError, ComponentErrorKind};
use super::{Component, Invocation, InvocationArg, SourceLocation};
use crate::kubelet::config::flagvalue::{self, GoValueError, Kind};
use crate::releases::component_configs;
use crate::releases::component_flags::{self, ComponentFlag, FlagKind, FlagSpan};
use crate::releases::gates;
use crate::releases::Release;
use crate::version::Version;

/// The first release whose components accept `--emulated-version`.
pub const FIRST_EMULATION: u16 = 31;

/// A warning or note the binary prints (or kubegate adds) without refusing to start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentStartWarning", optional_fields)
)]
pub struct StartWarning {
    pub kind: StartWarningKind,
    /// The binary's text (`Flag --x has been deprecated, ...`), or kubegate's for a note.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    /// A feature gate the warning is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    #[serde(flatten)]
    pub at: SourceLocation,
}

/// What a [`StartWarning`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentStartWarningKind")
)]
pub enum StartWarningKind {
    /// pflag's deprecation notice: printed, the flag still works.
    DeprecatedFlag,
    /// The feature gate's warning (a GA or deprecated gate set explicitly, a value an emulation
    /// change flips).
    FeatureGate,
    /// kubegate's note: the gate is accepted but this component's code does not read it here.
    GateNotRead,
    /// kubegate's note: a value of a type kubegate does not parse was taken as it is.
    ValueNotChecked,
    /// kubegate's note: a config file whose kind is not judged, or without its text.
    ConfigNotChecked,
    /// The component's notice for a deprecated config version (the scheduler logs one).
    DeprecatedConfig,
}

/// The answer for one component at one release.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentStartReport", optional_fields)
)]
pub struct StartReport {
    pub component: Component,
    /// The release checked (`1.28`, or `1.28.3` with a patch).
    pub release: String,
    /// The emulation version in effect (`--emulated-version`, else the release's own).
    pub emulation_version: String,
    /// Whether the binary starts: no error below.
    pub starts: bool,
    /// Every refusal, in the order the binary meets them; it prints the first and exits.
    #[cfg_attr(feature = "typescript", ts(type = "Array<ComponentError>"))]
    pub errors: Vec<ComponentError>,
    /// Index into `errors` of the one the binary prints (always 0 when there is one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_error: Option<usize>,
    /// Deprecation and gate warnings the binary prints, and kubegate's notes.
    pub warnings: Vec<StartWarning>,
    /// What this check could not judge exactly in this run.
    pub limits: Vec<String>,
}

/// Checks whether `inv.component` of `release` starts with `inv`'s arguments and files.
pub fn check_start(inv: &Invocation, release: Release) -> StartReport {
    let mut report = StartReport {
        component: inv.component,
        release: release.to_string(),
        emulation_version: release.version().to_string(),
        starts: false,
        errors: Vec::new(),
        first_error: None,
        warnings: Vec::new(),
        limits: Vec::new(),
    };
    if !component_flags::COMPONENTS.contains(&inv.component) {
        report.errors.push(ComponentError::new(
            ComponentErrorKind::UnsupportedComponent,
            format!(
                "{} is not checked here: its flags and configuration are the kubelet's own check",
                inv.component.name()
            ),
        ));
        report.first_error = Some(0);
        return report;
    }
    let parsed = parse_args(inv, release, &mut report);
    let emulation = emulation(inv.component, release, &parsed, &mut report);
    if let Some(v) = &emulation {
        report.emulation_version = v.to_string();
    }
    feature_gates(inv.component, release, emulation, &parsed, &mut report);
    validate(inv.component, release, &parsed, &mut report);
    config_files(inv, release, &mut report);
    report.starts = report.errors.is_empty();
    report.first_error = (!report.errors.is_empty()).then_some(0);
    let mut seen = std::collections::BTreeSet::new();
    report.limits.retain(|l| seen.insert(l.clone()));
    report
}

/// One accepted flag occurrence.
struct Parsed<'a> {
    record: &'static ComponentFlag,
    value: String,
    arg: &'a InvocationArg,
}

fn lookup(
    component: Component,
    name: &str,
    release: Release,
) -> Option<(&'static ComponentFlag, &'static FlagSpan)> {
    let rec = component_flags::record(component, name)?;
    Some((rec, rec.at(release)?))
}

fn parse_args<'a>(
    inv: &'a Invocation,
    release: Release,
    report: &mut StartReport,
) -> Vec<Parsed<'a>> {
    let mut out = Vec::new();
    for arg in &inv.args {
        if arg.shorthand {
            shorthand_cluster(inv.component, release, arg, report, &mut out);
            continue;
        }
        // pflag's parseLongArg: `--` then a name that neither is empty nor starts with `-` or
        // `=`; the name before any `=` is normalized `_` to `-` and looked up as a long name
        // only (`--v` is the long flag `v`, not the shorthand).
        if arg.name.is_empty() || arg.name.starts_with(['-', '=']) {
            let written = match &arg.value {
                Some(v) => format!("--{}={v}", arg.name),
                None => format!("--{}", arg.name),
            };
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::BadFlagSyntax,
                    format!("bad flag syntax: {written}"),
                )
                .with_flag(&arg.name)
                .at(&arg.at),
            );
            continue;
        }
        let name = arg.name.replace('_', "-");
        let Some((rec, span)) = lookup(inv.component, &name, release) else {
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::UnknownFlag,
                    format!("unknown flag: --{}", arg.name),
                )
                .with_flag(&name)
                .at(&arg.at),
            );
            continue;
        };
        let bare = matches!(span.kind, FlagKind::Bool | FlagKind::Version);
        let value = match (&arg.value, bare) {
            (Some(v), _) => v.clone(),
            (None, true) => "true".to_string(),
            (None, false) => {
                report.errors.push(
                    ComponentError::new(
                        ComponentErrorKind::FlagNeedsArgument,
                        format!("flag needs an argument: --{}", arg.name),
                    )
                    .with_flag(rec.name)
                    .at(&arg.at),
                );
                continue;
            }
        };
        accept(rec, span, value, arg, report, &mut out);
    }
    out
}

/// pflag's parseShortArg: each letter of a one-dash argument is a shorthand; a letter's value is
/// what follows `=`, or `true` for a boolean, or the rest of the cluster, or the next word. An
/// error names the letter and the part of the cluster not yet read (`'x' in -x=2`).
fn shorthand_cluster<'a>(
    component: Component,
    release: Release,
    arg: &'a InvocationArg,
    report: &mut StartReport,
    out: &mut Vec<Parsed<'a>>,
) {
    let mut rest = arg.name.as_str();
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        let found = component_flags::by_shorthand(component, c, release)
            .and_then(|r| Some((r, r.at(release)?)));
        let Some((rec, span)) = found else {
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::UnknownShorthand,
                    format!("unknown shorthand flag: {} in -{rest}", go_byte_quote(c)),
                )
                .with_flag(&c.to_string())
                .at(&arg.at),
            );
            return;
        };
        let (value, remaining) = if let Some(v) = after.strip_prefix('=') {
            (v.to_string(), "")
        } else if matches!(span.kind, FlagKind::Bool | FlagKind::Version) {
            ("true".to_string(), after)
        } else if !after.is_empty() {
            (after.to_string(), "")
        } else if let Some(v) = &arg.value {
            (v.clone(), "")
        } else {
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::FlagNeedsArgument,
                    format!("flag needs an argument: {} in -{rest}", go_byte_quote(c)),
                )
                .with_flag(rec.name)
                .at(&arg.at),
            );
            return;
        };
        if !accept(rec, span, value, arg, report, out) {
            return;
        }
        rest = remaining;
    }
}

/// Go's `%q` of the byte pflag reports for a shorthand (`'v'`): a letter outside ASCII is its
/// first byte, read as the rune of that value.
fn go_byte_quote(c: char) -> String {
    // A char encodes to one byte or more, so the fallback (the char itself) is never taken.
    let first = c
        .encode_utf8(&mut [0u8; 4])
        .bytes()
        .next()
        .map_or(c, char::from);
    match first {
        '\'' => "'\\''".to_string(),
        '"' => "'\"'".to_string(),
        r => {
            let quoted = crate::go::quote(&r.to_string());
            format!("'{}'", quoted.trim_matches('"'))
        }
    }
}

/// Reads one occurrence's value as the release's flag type does, records its deprecation
/// notice, and keeps it; `false` when the value is refused (pflag stops there).
fn accept<'a>(
    rec: &'static ComponentFlag,
    span: &'static FlagSpan,
    value: String,
    arg: &'a InvocationArg,
    report: &mut StartReport,
    out: &mut Vec<Parsed<'a>>,
) -> bool {
    let checked = match (span.kind, kubelet_kind(span.kind)) {
        (FlagKind::PflagIp, _) => Some(pflag_ip(&value)),
        (_, Some(kind)) => Some(flagvalue::check(kind, &value)),
        (_, None) => None,
    };
    match checked {
        Some(result) => {
            if let Err(why) = result {
                let shown = match rec.shorthand {
                    Some(c) => format!("-{c}, --{}", rec.name),
                    None => format!("--{}", rec.name),
                };
                report.errors.push(
                    ComponentError::new(
                        ComponentErrorKind::InvalidFlagValue,
                        format!(
                            "invalid argument {} for {} flag: {why}",
                            crate::go::quote(&value),
                            crate::go::quote(&shown)
                        ),
                    )
                    .with_flag(rec.name)
                    .at(&arg.at),
                );
                return false;
            }
        }
        None => report.warnings.push(StartWarning {
            kind: StartWarningKind::ValueNotChecked,
            message: format!(
                "the value of --{} is read by a type kubegate does not parse; taken as it is",
                rec.name
            ),
            flag: Some(rec.name.to_string()),
            feature: None,
            at: arg.at.clone(),
        }),
    }
    if let Some(text) = span.deprecated {
        report.warnings.push(StartWarning {
            kind: StartWarningKind::DeprecatedFlag,
            message: format!("Flag --{} has been deprecated, {text}", rec.name),
            flag: Some(rec.name.to_string()),
            feature: None,
            at: arg.at.clone(),
        });
    }
    out.push(Parsed {
        record: rec,
        value,
        arg,
    });
    true
}

/// The kubelet's value parser for a kind, where it reads exactly as the component's type does.
fn kubelet_kind(kind: FlagKind) -> Option<Kind> {
    Some(match kind {
        FlagKind::Bool => Kind::Bool,
        FlagKind::Int32 => Kind::Int32,
        FlagKind::Int64 => Kind::Int64,
        FlagKind::Uint64 => Kind::Uint64,
        FlagKind::Float64 => Kind::Float64,
        FlagKind::Str | FlagKind::Enum => Kind::Str,
        FlagKind::Dur => Kind::Dur,
        FlagKind::StringSlice | FlagKind::StringArray => Kind::StringSlice,
        FlagKind::MapBool => Kind::MapBool,
        FlagKind::MapStr => Kind::MapStr,
        FlagKind::ColonMultimap => Kind::ColonMultimap,
        FlagKind::Ip => Kind::Ip,
        FlagKind::KlogLevel => Kind::KlogLevel,
        FlagKind::Verbosity => Kind::Verbosity,
        FlagKind::KlogVModule => Kind::KlogVModule,
        FlagKind::VModule => Kind::VModule,
        FlagKind::Version => Kind::Version,
        FlagKind::Float32
        | FlagKind::PflagIp
        | FlagKind::StringToString
        | FlagKind::IpPort
        | FlagKind::Cidrs
        | FlagKind::PortRange
        | FlagKind::NamedCertKey
        | FlagKind::Quantity
        | FlagKind::Severity
        | FlagKind::TraceLocation
        | FlagKind::Other => return None,
    })
}

/// The checks a component makes of its parsed options that this module reproduces.
///
/// kube-apiserver 1.20..1.23: insecure serving is inert (kubernetes/kubernetes#95856) and
/// `--insecure-port` / `--port` refuse any value but 0 (`invalid port value 8080: only zero is
/// allowed`, as real 1.20..1.22 binaries print it).
fn validate(
    component: Component,
    release: Release,
    parsed: &[Parsed<'_>],
    report: &mut StartReport,
) {
    if component != Component::KubeApiserver || !(20..24).contains(&release.minor()) {
        return;
    }
    for name in ["insecure-port", "port"] {
        let Some(p) = parsed.iter().rev().find(|p| p.record.name == name) else {
            continue;
        };
        // The value passed pflag's int parsing already; the invariant makes this total.
        let Ok(port) = flagvalue::parse_go_int(&p.value, 64) else {
            continue;
        };
        if port != 0 {
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::InvalidFlagValue,
                    format!("invalid port value {port}: only zero is allowed"),
                )
                .with_flag(name)
                .at(&p.arg.at),
            );
        }
    }
}

/// pflag's `ipValue.Set`: the trimmed value must be an IP address.
fn pflag_ip(value: &str) -> Result<(), GoValueError> {
    match value.trim().parse::<std::net::IpAddr>() {
        Ok(_) => Ok(()),
        Err(_) => Err(GoValueError::new(format!(
            "failed to parse IP: {}",
            crate::go::quote(value)
        ))),
    }
}

/// The oldest emulation version a binary of `release` accepts: three minors below, never below
/// 1.31 (`kubeEffectiveVersionFloors`, k8s.io/apiserver/pkg/util/compatibility).
fn emulation_floor(release: Release) -> Version {
    Version::new(
        1,
        u64::from(release.minor().saturating_sub(3).max(FIRST_EMULATION)),
    )
}

fn emulation(
    component: Component,
    release: Release,
    parsed: &[Parsed<'_>],
    report: &mut StartReport,
) -> Option<Version> {
    let p = parsed
        .iter()
        .rev()
        .find(|p| p.record.name == "emulated-version")?;
    let _ = component;
    let mut version = None;
    for piece in p.value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (comp, v) = match piece.split_once('=') {
            Some((c, v)) => (c.trim(), v.trim()),
            None => ("kube", piece),
        };
        if comp != "kube" {
            // Other registered components (e.g. a wardle sample) do not exist in these binaries.
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::EmulatedVersion,
                    format!("component not registered: {comp}"),
                )
                .with_flag("emulated-version")
                .at(&p.arg.at),
            );
            continue;
        }
        let parsed_v = match Version::parse_generic(v) {
            Ok(x) => Version::new(x.major(), x.minor()),
            Err(e) => {
                report.errors.push(
                    ComponentError::new(ComponentErrorKind::EmulatedVersion, e.to_string())
                        .with_flag("emulated-version")
                        .at(&p.arg.at),
                );
                continue;
            }
        };
        let floor = emulation_floor(release);
        if parsed_v < floor || parsed_v > release.version() {
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::EmulatedVersion,
                    format!(
                        "emulation version {parsed_v} is not between [{floor}, {}]",
                        release.version()
                    ),
                )
                .with_flag("emulated-version")
                .at(&p.arg.at),
            );
            continue;
        }
        version = Some(parsed_v);
    }
    report.limits.push(
        "--emulated-version: only the kube component's version and its range are checked; the \
         binary's wording of a malformed value may differ"
            .into(),
    );
    version
}

/// The first release whose component-base logs "setting GA/deprecated feature gate" as a
/// structured line (`Warning: setting GA feature gate. ...` with `featureGate` and `value`);
/// earlier binaries printed `Setting GA feature gate X=true. It will be removed in a future
/// release.` (the same rule as the kubelet's, `kubelet::config::gates`).
const STRUCTURED_GATE_WARNINGS: u16 = 36;

fn push_gate_warnings(
    report: &mut StartReport,
    gate: &crate::featuregate::FeatureGate,
    warnings: Vec<crate::featuregate::Warning>,
    at: &SourceLocation,
) {
    use crate::featuregate::PreRelease;
    let structured = gate.emulation_version().minor() >= u64::from(STRUCTURED_GATE_WARNINGS);
    for w in warnings {
        let stage = gate.spec(&w.feature).map(|s| s.pre_release);
        let message = match stage {
            Ok(PreRelease::GA | PreRelease::Deprecated) if !structured => format!(
                "Setting {} feature gate {}={}. It will be removed in a future release.",
                if stage == Ok(PreRelease::GA) {
                    "GA"
                } else {
                    "deprecated"
                },
                w.feature,
                w.value
            ),
            _ => format!("{} featureGate={} value={}", w.message, w.feature, w.value),
        };
        report.warnings.push(StartWarning {
            kind: StartWarningKind::FeatureGate,
            message,
            flag: Some("feature-gates".into()),
            feature: Some(w.feature),
            at: at.clone(),
        });
    }
}

fn feature_gates<'a>(
    component: Component,
    release: Release,
    emulation: Option<Version>,
    parsed: &'a [Parsed<'a>],
    report: &mut StartReport,
) {
    let sets: Vec<&'a Parsed<'a>> = parsed
        .iter()
        .filter(|p| p.record.name == "feature-gates")
        .collect();
    if sets.is_empty() {
        return;
    }
    let mut gate = match gates::release_gate(release) {
        Ok(g) => g,
        Err(e) => {
            report.errors.push(ComponentError::new(
                ComponentErrorKind::FeatureGate,
                format!("the {release} gate set cannot be built: {e}"),
            ));
            return;
        }
    };
    if let Some(v) = emulation {
        if let Err(e) = gate.set_emulation_version(v) {
            report.errors.push(
                ComponentError::new(ComponentErrorKind::EmulatedVersion, e.to_string())
                    .with_flag("emulated-version"),
            );
            return;
        }
    }
    let mut set_names: BTreeMap<String, &SourceLocation> = BTreeMap::new();
    let mut record_names = |value: &str, at: &'a SourceLocation| {
        for piece in value.split(',') {
            if let Some((k, _)) = piece.split_once('=') {
                set_names.insert(k.trim().to_string(), at);
            }
        }
    };
    if release.minor() >= FIRST_EMULATION && component != Component::KubeProxy {
        // component-base's compatibility registry: `--feature-gates` is a colon-separated
        // multimap (`kube:Name=true`, or `Name=true` under the default empty key) collected while
        // parsing, then each component's pieces are joined with "," and set at once
        // (`componentGlobalsRegistry.Set`), after the emulation version.
        let mut by_key: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let Some(last) = sets.last() else {
            return;
        };
        let at = &last.arg.at;
        for p in &sets {
            for piece in p.value.split(',').filter(|x| !x.is_empty()) {
                let (key, v) = match piece.split_once(':') {
                    Some((k, v)) => (k.trim().to_string(), v.trim().to_string()),
                    None => (String::new(), piece.to_string()),
                };
                by_key.entry(key).or_default().push(v);
            }
        }
        if by_key.contains_key("") && by_key.contains_key("kube") {
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::FeatureGate,
                    "set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use".into(),
                )
                .with_flag("feature-gates")
                .at(at),
            );
            return;
        }
        for (key, values) in by_key {
            if !key.is_empty() && key != "kube" {
                report.errors.push(
                    ComponentError::new(
                        ComponentErrorKind::FeatureGate,
                        format!("component not registered: {key}"),
                    )
                    .with_flag("feature-gates")
                    .at(at),
                );
                continue;
            }
            let joined = values.join(",");
            match gate.set(&joined) {
                Ok(warnings) => {
                    push_gate_warnings(report, &gate, warnings, at);
                    record_names(&joined, at);
                }
                Err(e) => report.errors.push(
                    ComponentError::new(ComponentErrorKind::FeatureGate, e.to_string())
                        .with_flag("feature-gates")
                        .at(at),
                ),
            }
        }
    } else if component == Component::KubeProxy {
        // cliflag.MapStringBool collects every occurrence (syntax checked while parsing, above);
        // the Complete step applies them at once (`SetFromMap`) and its caller wraps the error.
        let Some(last) = sets.last() else {
            return;
        };
        let at = &last.arg.at;
        let joined = sets
            .iter()
            .map(|p| p.value.as_str())
            .collect::<Vec<_>>()
            .join(",");
        match gate.set(&joined) {
            Ok(warnings) => {
                push_gate_warnings(report, &gate, warnings, at);
                record_names(&joined, at);
            }
            Err(e) => {
                let prefix = component_configs::complete_wrap(component, release);
                if prefix.is_none() {
                    report.limits.push(
                        "--feature-gates: kube-proxy's wording around the gate's error in this \
                         release is not known; the gate's own text is given"
                            .into(),
                    );
                }
                // Without the release's wording (said in `limits` above), the gate's text alone.
                report.errors.push(
                    ComponentError::new(
                        ComponentErrorKind::FeatureGate,
                        format!("{}{e}", prefix.unwrap_or_default()),
                    )
                    .with_flag("feature-gates")
                    .at(at),
                );
            }
        }
    } else {
        // The gate's own flag value: each occurrence is set as it is parsed, and pflag wraps a
        // refusal as an invalid argument.
        for p in &sets {
            match gate.set(&p.value) {
                Ok(warnings) => {
                    push_gate_warnings(report, &gate, warnings, &p.arg.at);
                    record_names(&p.value, &p.arg.at);
                }
                Err(e) => report.errors.push(
                    ComponentError::new(
                        ComponentErrorKind::FeatureGate,
                        format!(
                            "invalid argument {} for \"--feature-gates\" flag: {e}",
                            crate::go::quote(&p.value)
                        ),
                    )
                    .with_flag("feature-gates")
                    .at(&p.arg.at),
                ),
            }
        }
    }
    for (name, at) in set_names {
        let Some(rec) = gates::record(&name) else {
            continue;
        };
        if let Some(readers) = rec.readers_in(release) {
            if !readers.reads(component) {
                report.warnings.push(StartWarning {
                    kind: StartWarningKind::GateNotRead,
                    message: format!(
                        "feature gate {name} is accepted, but {}'s code does not read it in {release}",
                        component.name()
                    ),
                    flag: Some("feature-gates".into()),
                    feature: Some(name.clone()),
                    at: at.clone(),
                });
            }
        }
    }
}

fn config_files(inv: &Invocation, release: Release, report: &mut StartReport) {
    for file in &inv.files {
        let Some(ff) = component_configs::file_flag(inv.component, &file.flag) else {
            report.warnings.push(StartWarning {
                kind: StartWarningKind::ConfigNotChecked,
                message: format!(
                    "the file of --{} ({}) is not judged: kubegate has no facts of its kind",
                    file.flag, file.path
                ),
                flag: Some(file.flag.clone()),
                feature: None,
                at: SourceLocation::default(),
            });
            continue;
        };
        let Some(text) = &file.text else {
            report.warnings.push(StartWarning {
                kind: StartWarningKind::ConfigNotChecked,
                message: format!(
                    "the file of --{} ({}) was not given: its kind and version are not checked",
                    file.flag, file.path
                ),
                flag: Some(file.flag.clone()),
                feature: None,
                at: SourceLocation::default(),
            });
            continue;
        };
        let at = SourceLocation {
            file: Some(file.path.clone()),
            line: None,
        };
        let doc = match crate::yaml::parse(text) {
            Ok(d) => d,
            Err(e) => {
                report.errors.push(
                    ComponentError::new(ComponentErrorKind::ConfigUnreadable, e.to_string())
                        .with_flag(&file.flag)
                        .with_file(&file.path)
                        .at(&at),
                );
                continue;
            }
        };
        let api_version = doc.value.get("apiVersion").and_then(|v| v.as_str());
        let kind = doc.value.get("kind").and_then(|v| v.as_str());
        let line = |ptr: &str| doc.position(ptr).map(|p| p.line);
        // apimachinery's json/yaml serializer: a missing kind is reported before a missing
        // version, each quoting the document as it was read (runtime.NewMissingKindErr,
        // NewMissingVersionErr).
        let (Some(api_version), Some(kind)) = (api_version, kind) else {
            let missing = if kind.is_none() { "Kind" } else { "apiVersion" };
            report.errors.push(
                ComponentError::new(
                    ComponentErrorKind::ConfigUnreadable,
                    format!("Object '{missing}' is missing in '{text}'"),
                )
                .with_flag(&file.flag)
                .with_file(&file.path)
                .at(&at),
            );
            continue;
        };
        let at_api_version = SourceLocation {
            file: Some(file.path.clone()),
            line: line("/apiVersion"),
        };
        let (_, version) = component_configs::split_api_version(api_version);
        if component_configs::registered(api_version, kind, release) {
            if component_configs::decodes_as(api_version, kind) == ff.kind {
                if inv.component == Component::KubeScheduler {
                    if let Some(n) = component_configs::scheduler_notice(version, release) {
                        report.warnings.push(StartWarning {
                            kind: StartWarningKind::DeprecatedConfig,
                            message: n.to_string(),
                            flag: Some(file.flag.clone()),
                            feature: None,
                            at: at_api_version.clone(),
                        });
                    }
                }
                report.limits.push(format!(
                    "--{}: only the file's apiVersion and kind are judged, not its fields (the \
                     decoder is strict: an unknown or duplicate field also refuses it)",
                    file.flag
                ));
                continue;
            }
            // Registered, but another kind of the group (a scheduler plugin's args, the legacy
            // Policy): the loader refuses what is not its configuration type.
            let gvk = format!("{api_version}, Kind={kind}");
            let message = match inv.component {
                Component::KubeScheduler => {
                    format!("couldn't decode as KubeSchedulerConfiguration, got {gvk}: ")
                }
                Component::KubeProxy => format!("got unexpected config type: {gvk}"),
                _ => format!("expected {}, got {gvk}", ff.kind),
            };
            report.errors.push(
                ComponentError::new(ComponentErrorKind::ConfigKindNotRegistered, message)
                    .with_flag(&file.flag)
                    .with_file(&file.path)
                    .at(&at_api_version),
            );
            continue;
        }
        let reader = (inv.component == Component::KubeApiserver)
            .then(|| component_configs::apiserver_reader(&file.flag, release))
            .flatten();
        let scheme = match reader {
            Some((name, _)) => Some((name, true)),
            None => component_configs::scheme_name(inv.component, release),
        };
        let mut message = format!(
            "no kind {} is registered for version {}",
            crate::go::quote(kind),
            crate::go::quote(api_version)
        );
        match scheme {
            Some((name, exact)) => {
                message.push_str(&format!(" in scheme {}", crate::go::quote(name)));
                if !exact {
                    report.limits.push(format!(
                        "--{}: the scheme name is the nearest release's; the line number {release} \
                         prints is unverified",
                        file.flag
                    ));
                }
            }
            None => report.limits.push(format!(
                "--{}: the scheme name the binary prints after the refused kind is not known; \
                 the text stops before it",
                file.flag
            )),
        }
        if let Some((_, template)) = reader {
            message = template
                .replace("{err}", &message)
                .replace("{path}", &file.path);
        }
        if let Some(wrap) = component_configs::decode_wrap(inv.component, release) {
            message.insert_str(0, wrap);
        }
        if let Some(wrap) = component_configs::complete_wrap(inv.component, release) {
            message.insert_str(0, wrap);
        }
        report.errors.push(
            ComponentError::new(ComponentErrorKind::ConfigKindNotRegistered, message)
                .with_flag(&file.flag)
                .with_file(&file.path)
                .at(&at_api_version),
        );
    }
}
