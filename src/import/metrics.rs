//! The `kubernetes_feature_enabled` gauge of a component's `/metrics` (component-base's
//! `featuregate` metrics, Kubernetes 1.26+): one sample per registered gate,
//! `kubernetes_feature_enabled{name="NodeSwap",stage="BETA"} 1`, where `stage` is `ALPHA`,
//! `BETA`, `DEPRECATED` or empty for GA.
//!
//! The Prometheus text format: `# HELP`/`# TYPE` comments, label values in double quotes with
//! `\\`, `\"` and `\n` escapes, an optional timestamp after the value. Lines of other metrics are
//! counted and ignored; a malformed `kubernetes_feature_enabled` line is an error on its line.
//!
//! [`compare_with_release`] is the whole check a caller holding only texts asks for: the
//! metrics read, the gate of the release the component runs built and set from its
//! `--feature-gates`, the two compared; each step's error keeps its own text and says which
//! step refused ([`FeatureMetricsError`]).

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::{check_size, ImportError, Note};
use crate::featuregate::{FeatureGate, FeatureGateError, PreRelease};
use crate::releases::{gates, Release, ReleaseError};

pub const METRIC: &str = "kubernetes_feature_enabled";

/// One gate as the component reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ReportedFeatureGate")
)]
pub struct ReportedGate {
    pub name: String,
    /// As reported: `ALPHA`, `BETA`, `DEPRECATED`, `` (GA).
    pub stage: String,
    pub enabled: bool,
    pub line: usize,
}

/// What [`parse`] read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct FeatureMetrics {
    pub gates: Vec<ReportedGate>,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

impl FeatureMetrics {
    /// The reported states by name (a name reported twice keeps its last sample).
    pub fn states(&self) -> BTreeMap<String, bool> {
        let mut states = BTreeMap::new();
        states.extend(self.gates.iter().map(|g| (g.name.clone(), g.enabled)));
        states
    }
}

/// Reads the `kubernetes_feature_enabled` samples of a `/metrics` text.
pub fn parse(text: &str) -> Result<FeatureMetrics, ImportError> {
    check_size(text, "metrics")?;
    let mut gates = Vec::new();
    let mut ignored_samples = 0usize;
    let mut comments = 0usize;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() {
            continue;
        }
        if l.starts_with('#') {
            comments += 1;
            continue;
        }
        let Some(rest) = l.strip_prefix(METRIC) else {
            ignored_samples += 1;
            continue;
        };
        if !(rest.starts_with('{') || rest.starts_with(' ')) {
            ignored_samples += 1; // another metric whose name starts the same way
            continue;
        }
        gates.push(sample(rest, line)?);
    }
    if gates.is_empty() {
        return Err(ImportError::new(
            format!("no {METRIC} samples found: expected lines like {METRIC}{{name=\"NodeSwap\",stage=\"BETA\"}} 1 (a kube-apiserver, kubelet, scheduler or controller-manager /metrics, 1.26+)"),
            None,
        ));
    }
    let mut understood = vec![Note::new(None, format!("{} {METRIC} samples", gates.len()))];
    if comments > 0 {
        understood.push(Note::new(None, format!("{comments} # HELP/# TYPE lines")));
    }
    let ignored = if ignored_samples > 0 {
        vec![Note::new(
            None,
            format!("{ignored_samples} samples of other metrics"),
        )]
    } else {
        Vec::new()
    };
    Ok(FeatureMetrics {
        gates,
        understood,
        ignored,
    })
}

fn sample(rest: &str, line: usize) -> Result<ReportedGate, ImportError> {
    let err = |m: &str| ImportError::new(format!("malformed {METRIC} sample: {m}"), Some(line));
    let rest = rest.trim_start();
    let Some(body) = rest.strip_prefix('{') else {
        return Err(err("expected {name=...,stage=...}"));
    };
    let mut labels = BTreeMap::new();
    let mut chars = body.char_indices().peekable();
    let mut end = None;
    loop {
        while chars.peek().is_some_and(|(_, c)| *c == ' ' || *c == ',') {
            chars.next();
        }
        match chars.peek() {
            Some((i, '}')) => {
                end = Some(*i);
                break;
            }
            None => break,
            _ => {}
        }
        let mut key = String::new();
        while let Some(&(_, c)) = chars.peek() {
            if c == '=' || c == '}' || c == ' ' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if chars.next().map(|(_, c)| c) != Some('=') {
            return Err(err(&format!("label {key} has no value")));
        }
        if chars.next().map(|(_, c)| c) != Some('"') {
            return Err(err(&format!("label {key}'s value is not quoted")));
        }
        let mut value = String::new();
        let mut closed = false;
        while let Some((_, c)) = chars.next() {
            match c {
                '"' => {
                    closed = true;
                    break;
                }
                '\\' => match chars.next().map(|(_, c)| c) {
                    Some('n') => value.push('\n'),
                    Some(c) => value.push(c),
                    None => break,
                },
                c => value.push(c),
            }
        }
        if !closed {
            return Err(err(&format!("label {key}'s value is not terminated")));
        }
        labels.insert(key, value);
    }
    let Some(end) = end else {
        return Err(err("the label set is not closed with }"));
    };
    // `end` indexes an ASCII `}`, so `end + 1` is a boundary within `body`: the "" is
    // unreachable (and would be refused as "no value").
    let value_text = body
        .get(end + 1..)
        .unwrap_or("")
        .split_whitespace()
        .next()
        .ok_or_else(|| err("no value"))?;
    let enabled = match value_text.parse::<f64>().ok() {
        Some(1.0) => true,
        Some(0.0) => false,
        _ => return Err(err(&format!("value {value_text} is neither 0 nor 1"))),
    };
    let name = labels
        .get("name")
        .cloned()
        .ok_or_else(|| err("no name label"))?;
    Ok(ReportedGate {
        name,
        // A GA gate's `stage` label is empty; a missing label reads the same.
        stage: labels.get("stage").cloned().unwrap_or_default(),
        enabled,
        line,
    })
}

/// How a stage is reported: `PreRelease` as component-base's metric labels it.
pub fn stage_label(p: PreRelease) -> &'static str {
    p.upstream()
}

/// One difference between what a component reports and what a gate says it should.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "FeatureMetricsMismatch")
)]
pub struct Mismatch {
    pub name: String,
    pub line: usize,
    /// `enabled`, `stage` or `unknown` (the gate does not know this feature).
    #[cfg_attr(
        feature = "typescript",
        ts(type = "\"enabled\" | \"stage\" | \"unknown\"")
    )]
    pub kind: String,
    pub message: String,
}

/// Compares reported states with `gate` (the release and flags the component should run with).
/// Gates the gate knows but the metrics do not list are not mismatches: components report only
/// the gates they registered.
pub fn compare(reported: &FeatureMetrics, gate: &FeatureGate) -> Vec<Mismatch> {
    let mut states: BTreeMap<String, (bool, PreRelease)> = BTreeMap::new();
    states.extend(
        gate.feature_states()
            .into_iter()
            .map(|s| (s.name, (s.enabled, s.pre_release))),
    );
    let mut out = Vec::new();
    for g in &reported.gates {
        match states.get(&g.name) {
            None => out.push(Mismatch {
                name: g.name.clone(),
                line: g.line,
                kind: "unknown".into(),
                message: format!(
                    "{} is reported but unknown to the gate checked against",
                    g.name
                ),
            }),
            Some((enabled, stage)) => {
                if *enabled != g.enabled {
                    out.push(Mismatch {
                        name: g.name.clone(),
                        line: g.line,
                        kind: "enabled".into(),
                        message: format!(
                            "{} is reported {} but the flags say {}",
                            g.name, g.enabled, enabled
                        ),
                    });
                }
                if stage_label(*stage) != g.stage {
                    out.push(Mismatch {
                        name: g.name.clone(),
                        line: g.line,
                        kind: "stage".into(),
                        message: format!(
                            "{} is reported at stage {:?} but is {:?} here",
                            g.name,
                            g.stage,
                            stage_label(*stage)
                        ),
                    });
                }
            }
        }
    }
    out
}

/// Compares the `/metrics` `text` with what the binary of `release` makes of `feature_gates`
/// (a `--feature-gates` value): [`parse`], the release's gate
/// ([`gates::release_gate`]) set from the flag, [`compare`].
// Inlined into the JS export that calls it: out of line, the large `Result` it returns
// through memory costs the wasm more bytes than its body.
#[inline(always)]
pub fn compare_with_release(
    text: &str,
    release: &str,
    feature_gates: &str,
) -> Result<Vec<Mismatch>, FeatureMetricsError> {
    let reported = parse(text).map_err(|e| FeatureMetricsError(Cause::Import(e)))?;
    let release = Release::parse(release).map_err(|e| FeatureMetricsError(Cause::Release(e)))?;
    let mut gate =
        gates::release_gate(release).map_err(|e| FeatureMetricsError(Cause::ReleaseGate(e)))?;
    gate.set(feature_gates)
        .map_err(|e| FeatureMetricsError(Cause::FeatureGate(e)))?;
    Ok(compare(&reported, &gate))
}

/// Why [`compare_with_release`] could not compare: the metrics, the release or the feature
/// gates refused. Which one is [`kind`](Self::kind); the step's own error, whose text this
/// prints and whose locations (the metrics' line, the gate's problems) stand, is
/// [`source`](std::error::Error::source).
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureMetricsError(Cause);

#[derive(Clone, Debug, PartialEq)]
enum Cause {
    Import(ImportError),
    Release(ReleaseError),
    /// The release's own gate list refused (its data is checked by the release tests).
    ReleaseGate(FeatureGateError),
    FeatureGate(FeatureGateError),
}

error_kind! {
    /// What kind of error a [`FeatureMetricsError`] is: the step that refused.
    pub enum FeatureMetricsErrorKind {
        /// The metrics text ([`parse`]).
        Import = "import",
        /// The release: not a version, one kubegate has no data for, or its gate list.
        Release = "release",
        /// The `--feature-gates` value the gate was set from.
        FeatureGate = "featureGate",
    }
}

impl FeatureMetricsError {
    /// Which step refused.
    pub fn kind(&self) -> FeatureMetricsErrorKind {
        match self.0 {
            Cause::Import(_) => FeatureMetricsErrorKind::Import,
            Cause::Release(_) | Cause::ReleaseGate(_) => FeatureMetricsErrorKind::Release,
            Cause::FeatureGate(_) => FeatureMetricsErrorKind::FeatureGate,
        }
    }

    /// The 1-based line of the metrics text at fault, when the metrics refused on one line.
    pub fn line(&self) -> Option<usize> {
        match &self.0 {
            Cause::Import(e) => e.line(),
            Cause::Release(_) | Cause::ReleaseGate(_) | Cause::FeatureGate(_) => None,
        }
    }

    /// The gate's own error, with its problems (each with its feature and kind), when the
    /// release's gate list or the feature gates refused: the same value as
    /// [`source`](std::error::Error::source), typed.
    pub fn gate_error(&self) -> Option<&FeatureGateError> {
        match &self.0 {
            Cause::ReleaseGate(e) | Cause::FeatureGate(e) => Some(e),
            Cause::Import(_) | Cause::Release(_) => None,
        }
    }
}

impl fmt::Display for FeatureMetricsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Cause::Import(e) => e.fmt(f),
            Cause::Release(e) => e.fmt(f),
            Cause::ReleaseGate(e) | Cause::FeatureGate(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FeatureMetricsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0 {
            Cause::Import(e) => Some(e),
            Cause::Release(e) => Some(e),
            Cause::ReleaseGate(e) | Cause::FeatureGate(e) => Some(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_samples_and_refuses_malformed_ones() {
        let m = parse("# HELP kubernetes_feature_enabled [BETA] ...\n# TYPE kubernetes_feature_enabled gauge\nkubernetes_feature_enabled{name=\"AllAlpha\",stage=\"ALPHA\"} 0\nkubernetes_feature_enabled{name=\"NodeSwap\",stage=\"BETA\"} 1 1700000000000\nprocess_cpu_seconds_total 1.5\n").unwrap();
        assert_eq!(m.gates.len(), 2);
        assert!(m.gates[1].enabled);
        assert_eq!(m.gates[1].line, 4);
        let e = parse("kubernetes_feature_enabled{name=\"X\",stage=\"BETA} 1\n").unwrap_err();
        assert_eq!(e.line, Some(1));
        let e = parse("a 1\nkubernetes_feature_enabled{name=\"X\"} 2\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(parse("up 1\n").is_err());
    }

    const METRICS: &str = "kubernetes_feature_enabled{name=\"NodeSwap\",stage=\"BETA\"} 0\n";

    #[test]
    fn compares_with_the_gate_a_release_sets_from_its_flags() {
        let got = compare_with_release(METRICS, "1.30", "NodeSwap=true").unwrap();
        assert_eq!(
            got,
            vec![Mismatch {
                name: "NodeSwap".into(),
                line: 1,
                kind: "enabled".into(),
                message: "NodeSwap is reported false but the flags say true".into(),
            }]
        );
        assert_eq!(
            compare_with_release(METRICS, "1.30", "NodeSwap=false").unwrap(),
            vec![]
        );
    }

    #[test]
    fn each_step_refuses_under_its_own_kind_with_its_own_text_and_error() {
        use std::error::Error;
        // The metrics are read first: their error wins over a bad release and bad flags.
        let e = compare_with_release(
            "a 1\nkubernetes_feature_enabled{name=\"X\"} 2\n",
            "zz",
            "==",
        )
        .unwrap_err();
        assert_eq!(e.kind(), FeatureMetricsErrorKind::Import);
        assert_eq!(e.kind().as_str(), "import");
        assert_eq!(
            e.to_string(),
            "line 2: malformed kubernetes_feature_enabled sample: value 2 is neither 0 nor 1"
        );
        let under = e.source().and_then(|s| s.downcast_ref::<ImportError>());
        assert_eq!(under.and_then(ImportError::line), Some(2));
        assert_eq!((e.line(), e.gate_error()), (Some(2), None));

        let e = compare_with_release(METRICS, "zz", "==").unwrap_err();
        assert_eq!(e.kind().as_str(), "release");
        assert_eq!(
            e.to_string(),
            r#"invalid Kubernetes version "zz": could not parse "zz" as version"#
        );
        assert!(e.source().is_some_and(|s| s.is::<ReleaseError>()));
        let e = compare_with_release(METRICS, "1.99", "").unwrap_err();
        assert_eq!(
            (e.kind(), e.to_string()),
            (
                FeatureMetricsErrorKind::Release,
                format!(
                    "Kubernetes 1.99 is outside the releases kubegate has data for ({} to {})",
                    crate::releases::OLDEST,
                    crate::releases::NEWEST
                )
            )
        );

        let e = compare_with_release(METRICS, "1.30", "NodeSwap=maybe").unwrap_err();
        assert_eq!(e.kind().as_str(), "featureGate");
        assert_eq!(
            e.to_string(),
            r#"invalid value of NodeSwap=maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax"#
        );
        let under = e
            .source()
            .and_then(|s| s.downcast_ref::<FeatureGateError>());
        assert_eq!(under, e.gate_error());
        let features: Vec<_> = e
            .gate_error()
            .map(|g| g.problems().iter().filter_map(|p| p.feature()).collect())
            .unwrap_or_default();
        assert_eq!(features, ["NodeSwap"]);
        assert_eq!(e.line(), None);
    }
}
