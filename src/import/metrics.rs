//! The `kubernetes_feature_enabled` gauge of a component's `/metrics` (component-base's
//! `featuregate` metrics, Kubernetes 1.26+): one sample per registered gate,
//! `kubernetes_feature_enabled{name="NodeSwap",stage="BETA"} 1`, where `stage` is `ALPHA`,
//! `BETA`, `DEPRECATED` or empty for GA.
//!
//! The Prometheus text format: `# HELP`/`# TYPE` comments, label values in double quotes with
//! `\\`, `\"` and `\n` escapes, an optional timestamp after the value. Lines of other metrics are
//! counted and ignored; a malformed `kubernetes_feature_enabled` line is an error on its line.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{check_size, ImportError, Note};
use crate::featuregate::{FeatureGate, PreRelease};

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
}
