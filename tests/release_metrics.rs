//! Real binaries against the release data: every `kubernetes_feature_enabled{name,stage}` line a
//! released Kubernetes binary served on `/metrics` must be what `kubegate::releases::gates` says
//! that release has.
//!
//! Since 1.26, component-base's feature gate records one gauge per registered feature when a
//! component starts: `name` is the gate, `stage` its `PreRelease` at the binary's version
//! (`ALPHA`, `BETA`, `DEPRECATED`, or empty for GA), the value 1 when the gate is on. A binary
//! started without `--feature-gates` therefore publishes its release's registered gates with
//! their stages and defaults: the exact facts the release data claims. The samples under
//! `tests/corpus/metrics/` are such scrapes, kept verbatim with a header naming where each comes
//! from (see the README there).
//!
//! For every sample and every version it stands for, each gate line is checked three ways
//! against [`release_gate`] (the gate a binary of that release builds): the gate is registered
//! (`known`), its spec in force has the sample's stage (`stage`), and it is on exactly when the
//! value is 1 (`value`; skipped for gates the sample's header says were set explicitly, and for
//! every gate when the overrides are unknown). [`facts_in`], the release's gate table, must give
//! the same stage and default (`facts`). A complete scrape also bounds the data from the other
//! side: a gate the release data registers that no complete upstream scrape of that version
//! serves is an `extra` disagreement.
//!
//! A disagreement fails the test unless `tests/corpus/metrics/KNOWN_DISAGREEMENTS.tsv` lists
//! it with a reason; a listed disagreement that no longer occurs fails too, so the list only
//! shrinks. All disagreements are reported at once, per sample. Set `KUBEGATE_METRICS_REPORT`
//! to a path to also write them there as Markdown (ending with the unlisted ones as allowlist
//! lines to give a reason), and `KUBEGATE_METRICS_PRUNE` to drop the allowlist entries that no
//! longer disagree once the data is fixed.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use kubegate::featuregate::FeatureGate;
use kubegate::releases::gates::{facts_in, release_gate, GateFacts};
use kubegate::releases::Release;

const CORPUS: &str = "tests/corpus/metrics";
const ALLOWLIST: &str = "KNOWN_DISAGREEMENTS.tsv";
const METRIC: &str = "kubernetes_feature_enabled";
/// Registered by component-base itself in every gate, not by a release's feature list.
const BUILTIN: [&str; 2] = ["AllAlpha", "AllBeta"];
const COMPONENTS: [&str; 5] = [
    "kube-apiserver",
    "kube-controller-manager",
    "kube-scheduler",
    "kubelet",
    "kube-proxy",
];

/// What the header says about gates set on the command line or in a config file.
#[derive(Debug, Clone, PartialEq)]
enum Overrides {
    None,
    Unknown,
    /// Gate names whose value is not the release default's business.
    Gates(BTreeSet<String>),
}

#[derive(Debug, Clone)]
struct Line {
    number: usize,
    name: String,
    stage: String,
    value: bool,
}

#[derive(Debug, Clone)]
struct Sample {
    file: String,
    component: String,
    /// The scraped version first, then every version whose scrape had the same lines.
    versions: Vec<String>,
    distribution: String,
    overrides: Overrides,
    complete: bool,
    lines: Vec<Line>,
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS)
}

fn header_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.strip_prefix("# ")?
        .strip_prefix(key)?
        .strip_prefix(':')
        .map(str::trim)
}

/// Reads `kubernetes_feature_enabled{name="X",stage="Y"} 1`; labels in any order.
fn parse_metric(text: &str) -> Result<(String, String, bool), String> {
    let rest = text
        .strip_prefix(METRIC)
        .and_then(|r| r.strip_prefix('{'))
        .ok_or("does not start with kubernetes_feature_enabled{")?;
    let (labels, value) = rest.split_once('}').ok_or("no closing brace")?;
    let mut name = None;
    let mut stage = None;
    for pair in labels.split(',').filter(|p| !p.trim().is_empty()) {
        let (key, quoted) = pair
            .split_once('=')
            .ok_or_else(|| format!("label {pair:?} has no ="))?;
        let inner = quoted
            .trim()
            .strip_prefix('"')
            .and_then(|q| q.strip_suffix('"'))
            .ok_or_else(|| format!("label {pair:?} is not quoted"))?;
        match key.trim() {
            "name" => name = Some(inner.to_string()),
            "stage" => stage = Some(inner.to_string()),
            other => return Err(format!("unexpected label {other:?}")),
        }
    }
    let value = match value.trim() {
        "0" => false,
        "1" => true,
        other => return Err(format!("value {other:?} is neither 0 nor 1")),
    };
    Ok((
        name.ok_or("no name label")?,
        stage.ok_or("no stage label")?,
        value,
    ))
}

fn parse_sample(file: &str, text: &str) -> Result<Sample, String> {
    let mut component = None;
    let mut version = None;
    let mut distribution = None;
    let mut overrides = None;
    let mut complete = None;
    let mut source = false;
    let mut same = Vec::new();
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        if raw.starts_with('#') {
            if let Some(v) = header_value(raw, "component") {
                component = Some(v.to_string());
            } else if let Some(v) = header_value(raw, "version") {
                version = Some(v.to_string());
            } else if let Some(v) = header_value(raw, "distribution") {
                distribution = Some(v.to_string());
            } else if let Some(v) = header_value(raw, "source") {
                source = !v.is_empty();
            } else if let Some(v) = header_value(raw, "coverage") {
                complete = Some(match v.split_whitespace().next() {
                    Some("complete") => true,
                    Some("partial") => false,
                    _ => return Err(format!("{file}:{number}: coverage is complete or partial")),
                });
            } else if let Some(v) = header_value(raw, "same-lines") {
                let first = v.split_whitespace().next().unwrap_or_default();
                same.push(first.to_string());
            } else if let Some(v) = header_value(raw, "overrides") {
                let word = v.split_whitespace().next().unwrap_or_default();
                overrides = Some(match word {
                    "none" => Overrides::None,
                    "unknown" => Overrides::Unknown,
                    list => Overrides::Gates(
                        list.split(',')
                            .map(|kv| kv.split('=').next().unwrap_or_default().to_string())
                            .collect(),
                    ),
                });
            }
            continue;
        }
        if raw.trim().is_empty() {
            continue;
        }
        let (name, stage, value) =
            parse_metric(raw).map_err(|e| format!("{file}:{number}: {e}: {raw}"))?;
        lines.push(Line {
            number,
            name,
            stage,
            value,
        });
    }
    let need = |what: &str| format!("{file}: header has no `# {what}:` line");
    let version = version.ok_or_else(|| need("version"))?;
    if !source {
        return Err(need("source"));
    }
    let mut versions = vec![version];
    versions.extend(same);
    Ok(Sample {
        file: file.to_string(),
        component: component.ok_or_else(|| need("component"))?,
        versions,
        distribution: distribution.ok_or_else(|| need("distribution"))?,
        overrides: overrides.ok_or_else(|| need("overrides"))?,
        complete: complete.ok_or_else(|| need("coverage"))?,
        lines,
    })
}

fn samples() -> Vec<Sample> {
    let mut files: Vec<_> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus/metrics exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "prom"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{name}: {e}"));
            parse_sample(&name, &text).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

/// One thing the release data says differently from a real binary.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Disagreement {
    /// A sample's file name, or a version for `extra`.
    sample: String,
    gate: String,
    /// `release`, `known`, `stage`, `value`, `facts` or `extra`.
    check: &'static str,
    /// The versions (of those the sample stands for) that disagree this way.
    version: String,
    metrics: String,
    kubegate: String,
}

fn stage_label(stage: &str) -> &str {
    if stage.is_empty() {
        "GA (\"\")"
    } else {
        stage
    }
}

struct ReleaseData {
    gate: FeatureGate,
    facts: BTreeMap<&'static str, GateFacts>,
}

fn release_data(release: Release) -> Result<ReleaseData, String> {
    let gate = release_gate(release).map_err(|e| e.to_string())?;
    let facts = facts_in(release).into_iter().map(|f| (f.name, f)).collect();
    Ok(ReleaseData { gate, facts })
}

fn check_line(
    sample: &Sample,
    version: &str,
    data: &ReleaseData,
    line: &Line,
    out: &mut Vec<Disagreement>,
) {
    let mut push = |check, metrics: String, kubegate: String| {
        out.push(Disagreement {
            sample: sample.file.clone(),
            gate: line.name.clone(),
            check,
            version: version.to_string(),
            metrics,
            kubegate,
        })
    };
    let said = format!("{} {}", stage_label(&line.stage), u8::from(line.value));
    let spec = match data.gate.spec(&line.name) {
        Ok(spec) => spec,
        Err(_) => {
            push("known", said, "not registered".into());
            return;
        }
    };
    let stage = spec.pre_release.upstream();
    if stage != line.stage {
        push(
            "stage",
            stage_label(&line.stage).into(),
            stage_label(stage).into(),
        );
    }
    let value_checked = match &sample.overrides {
        Overrides::None => true,
        Overrides::Unknown => false,
        Overrides::Gates(set) => !set.contains(&line.name),
    };
    let enabled = data.gate.enabled(&line.name).unwrap_or(spec.default);
    if value_checked && enabled != line.value {
        push(
            "value",
            u8::from(line.value).to_string(),
            u8::from(enabled).to_string(),
        );
    }
    if BUILTIN.contains(&line.name.as_str()) {
        return;
    }
    match data.facts.get(line.name.as_str()) {
        None => push(
            "facts",
            said,
            "release_gate registers it, facts_in has no row".into(),
        ),
        Some(f) if f.pre_release != spec.pre_release || f.default != spec.default => push(
            "facts",
            format!("{} {}", stage_label(stage), u8::from(spec.default)),
            format!(
                "facts_in says {} {}",
                stage_label(f.pre_release.upstream()),
                u8::from(f.default)
            ),
        ),
        Some(_) => {}
    }
}

/// Every disagreement of every sample, plus `extra` gates per exact version.
fn disagreements(samples: &[Sample]) -> Vec<Disagreement> {
    // Keyed by the release itself, so per-patch releases stay apart once the API has them.
    let mut cache: BTreeMap<Release, Result<ReleaseData, String>> = BTreeMap::new();
    let mut out = Vec::new();
    // Exact version -> gates served by its complete upstream scrapes, and the releases.
    let mut served: BTreeMap<String, (Release, BTreeSet<String>)> = BTreeMap::new();
    for sample in samples {
        for version in &sample.versions {
            let unusable = |why: String| Disagreement {
                sample: sample.file.clone(),
                gate: "*".into(),
                check: "release",
                version: version.clone(),
                metrics: format!("{} gates", sample.lines.len()),
                kubegate: why,
            };
            let release = match Release::parse(version) {
                Ok(r) => r,
                Err(e) => {
                    out.push(unusable(e.to_string()));
                    continue;
                }
            };
            let data = match cache
                .entry(release)
                .or_insert_with(|| release_data(release))
            {
                Ok(d) => d,
                Err(e) => {
                    out.push(unusable(format!("release_gate failed: {e}")));
                    continue;
                }
            };
            for line in &sample.lines {
                check_line(sample, version, data, line, &mut out);
            }
            if sample.complete && sample.distribution == "upstream" {
                served
                    .entry(version.clone())
                    .or_insert_with(|| (release, BTreeSet::new()))
                    .1
                    .extend(sample.lines.iter().map(|l| l.name.clone()));
            }
        }
    }
    for (version, (release, names)) in &served {
        let Some(Ok(data)) = cache.get(release) else {
            continue;
        };
        for (name, f) in &data.facts {
            if !names.contains(*name) {
                out.push(Disagreement {
                    sample: version.clone(),
                    gate: name.to_string(),
                    check: "extra",
                    version: version.clone(),
                    metrics: "not served by any complete upstream scrape".into(),
                    kubegate: format!(
                        "registered, {} {}",
                        stage_label(f.pre_release.upstream()),
                        u8::from(f.default)
                    ),
                });
            }
        }
    }
    merge_versions(out)
}

/// One row per (sample, gate, check, answers): the versions a sample stands for that disagree
/// the same way are joined with `, `.
fn merge_versions(mut all: Vec<Disagreement>) -> Vec<Disagreement> {
    all.sort();
    let mut out: Vec<Disagreement> = Vec::new();
    for d in all {
        if let Some(last) = out.last_mut() {
            if (
                &last.sample,
                &last.gate,
                last.check,
                &last.metrics,
                &last.kubegate,
            ) == (&d.sample, &d.gate, d.check, &d.metrics, &d.kubegate)
            {
                last.version = format!("{}, {}", last.version, d.version);
                continue;
            }
        }
        out.push(d);
    }
    out
}

/// `sample<TAB>gate<TAB>check<TAB>reason`; `#` lines and blank lines are skipped.
fn allowlist() -> BTreeMap<(String, String, String), String> {
    let path = corpus_dir().join(ALLOWLIST);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [sample, gate, check, reason] = cols[..] else {
            panic!(
                "{ALLOWLIST}:{}: want 4 tab-separated columns, got {}",
                i + 1,
                cols.len()
            );
        };
        assert!(
            !reason.trim().is_empty() && reason.trim() != "TODO",
            "{ALLOWLIST}:{}: every entry needs a reason",
            i + 1
        );
        let key = (sample.into(), gate.into(), check.into());
        assert!(
            out.insert(key, reason.to_string()).is_none(),
            "{ALLOWLIST}:{}: duplicate entry",
            i + 1
        );
    }
    out
}

/// Rewrites the allowlist without the entries that no longer disagree (`KUBEGATE_METRICS_PRUNE`):
/// the only edit a test run may make to it, since dropping a resolved entry hides nothing.
fn prune_allowlist(used: &BTreeSet<(String, String, String)>) {
    let path = corpus_dir().join(ALLOWLIST);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| {
            if line.starts_with('#') || line.trim().is_empty() {
                return true;
            }
            let cols: Vec<&str> = line.split('\t').collect();
            match cols[..] {
                [sample, gate, check, _] => {
                    used.contains(&(sample.into(), gate.into(), check.into()))
                }
                _ => true,
            }
        })
        .collect();
    std::fs::write(&path, kept.join("\n") + "\n").unwrap_or_else(|e| panic!("{ALLOWLIST}: {e}"));
}

fn key(d: &Disagreement) -> (String, String, String) {
    (d.sample.clone(), d.gate.clone(), d.check.to_string())
}

fn report(samples: &[Sample], found: &[Disagreement], allowed: &BTreeSet<usize>) -> String {
    let mut by_sample: BTreeMap<&str, Vec<(usize, &Disagreement)>> = BTreeMap::new();
    for (i, d) in found.iter().enumerate() {
        by_sample.entry(&d.sample).or_default().push((i, d));
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} samples, {} disagreements ({} in {ALLOWLIST})\n",
        samples.len(),
        found.len(),
        allowed.len()
    );
    for (sample, items) in &by_sample {
        let _ = writeln!(s, "### {sample} ({} disagreements)\n", items.len());
        let _ = writeln!(
            s,
            "| gate | check | version | metrics says | kubegate says | listed |"
        );
        let _ = writeln!(s, "|---|---|---|---|---|---|");
        for (i, d) in items {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} |",
                d.gate,
                d.check,
                d.version,
                d.metrics,
                d.kubegate,
                if allowed.contains(i) { "yes" } else { "" }
            );
        }
        let _ = writeln!(s);
    }
    let unlisted: Vec<_> = found
        .iter()
        .enumerate()
        .filter(|(i, _)| !allowed.contains(i))
        .collect();
    if !unlisted.is_empty() {
        let _ = writeln!(
            s,
            "### Unlisted, as {ALLOWLIST} lines (the reason is for a person to write)\n\n```"
        );
        for (_, d) in unlisted {
            let _ = writeln!(s, "{}\t{}\t{}\tTODO", d.sample, d.gate, d.check);
        }
        let _ = writeln!(s, "```");
    }
    s
}

#[test]
fn corpus_is_well_formed() {
    let samples = samples();
    assert!(!samples.is_empty(), "no samples under {CORPUS}");
    for s in &samples {
        assert!(
            COMPONENTS.contains(&s.component.as_str()),
            "{}: unknown component {}",
            s.file,
            s.component
        );
        let version = &s.versions[0];
        let prefix = format!("{}-{}-", s.component, version.replace('+', "-"));
        assert!(
            s.file.starts_with(&prefix),
            "{}: file name should start with {prefix}",
            s.file
        );
        assert!(!s.lines.is_empty(), "{}: no gate lines", s.file);
        let mut seen = BTreeSet::new();
        for l in &s.lines {
            assert!(
                seen.insert(&l.name),
                "{}:{}: {} twice",
                s.file,
                l.number,
                l.name
            );
            assert!(
                ["", "ALPHA", "BETA", "DEPRECATED"].contains(&l.stage.as_str()),
                "{}:{}: stage {:?} is not one component-base records",
                s.file,
                l.number,
                l.stage
            );
        }
    }
}

#[test]
fn parse_metric_reads_both_label_orders_and_refuses_garbage() {
    assert_eq!(
        parse_metric(r#"kubernetes_feature_enabled{name="A",stage=""} 1"#),
        Ok(("A".into(), String::new(), true))
    );
    assert_eq!(
        parse_metric(r#"kubernetes_feature_enabled{stage="BETA",name="B"} 0"#),
        Ok(("B".into(), "BETA".into(), false))
    );
    assert!(parse_metric(r#"kubernetes_feature_enabled{name="A"} 1"#).is_err());
    assert!(parse_metric(r#"kubernetes_feature_enabled{name="A",stage=""} 2"#).is_err());
    assert!(parse_metric(r#"kubernetes_build_info{name="A",stage=""} 1"#).is_err());
}

#[test]
fn every_sample_agrees_with_the_release_data() {
    let samples = samples();
    let found = disagreements(&samples);
    let listed = allowlist();
    let mut allowed = BTreeSet::new();
    let mut used = BTreeSet::new();
    for (i, d) in found.iter().enumerate() {
        let k = key(d);
        if listed.contains_key(&k) {
            allowed.insert(i);
            used.insert(k);
        }
    }
    let text = report(&samples, &found, &allowed);
    if let Ok(path) = std::env::var("KUBEGATE_METRICS_REPORT") {
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let mut stale: Vec<_> = listed.keys().filter(|k| !used.contains(*k)).collect();
    if !stale.is_empty() && std::env::var_os("KUBEGATE_METRICS_PRUNE").is_some() {
        prune_allowlist(&used);
        stale.clear();
    }
    let unlisted = found.len() - allowed.len();
    if unlisted > 0 || !stale.is_empty() {
        panic!(
            "{unlisted} disagreements with real binaries not in {ALLOWLIST}; {} entries there \
             no longer disagree: {stale:?}\n\n{text}",
            stale.len()
        );
    }
}
