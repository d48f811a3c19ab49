//! Runs the upstream feature-gate tables in `tests/cases/featuregate.json` against the Rust API.
//! The same file is run against the npm package by `tests/js/featuregate.test.mjs`, so the two
//! APIs cannot drift apart.

use std::collections::BTreeMap;

use kubegate::featuregate::{FeatureGate, FeatureGateError, FeatureSpec};
use kubegate::version::Version;
use serde_json::{json, Value};

fn arg<T: serde::de::DeserializeOwned>(step: &Value, i: usize) -> T {
    serde_json::from_value(step["args"][i].clone())
        .unwrap_or_else(|e| panic!("bad argument {i} in {step}: {e}"))
}

fn version(step: &Value, i: usize) -> Version {
    Version::parse(&arg::<String>(step, i)).expect("version")
}

fn ok<T: serde::Serialize>(r: Result<T, FeatureGateError>) -> Result<Value, String> {
    r.map(|v| serde_json::to_value(v).expect("serializable"))
        .map_err(|e| e.to_string())
}

/// Applies one step; returns its JSON result or the error text.
fn apply(
    gates: &mut BTreeMap<String, FeatureGate>,
    target: &str,
    step: &Value,
) -> Result<Value, String> {
    let op = step["op"].as_str().expect("op");
    if let Some(name) = step.get("as").and_then(Value::as_str) {
        let g = &gates[target];
        let copy = match op {
            "deepCopy" => g.deep_copy(),
            "deepCopyAndReset" => g.deep_copy_and_reset(),
            other => panic!("{other} cannot name a copy"),
        };
        gates.insert(name.to_string(), copy);
        return Ok(Value::Null);
    }
    let g = gates.get_mut(target).expect("gate exists");
    match op {
        "add" => ok(g.add(arg::<BTreeMap<String, FeatureSpec>>(step, 0))),
        "addVersioned" => ok(g.add_versioned(arg(step, 0))),
        "addDependencies" => ok(g.add_dependencies(arg(step, 0))),
        "set" => ok(g.set(&arg::<String>(step, 0))),
        "setFromMap" => ok(g.set_from_map(&arg(step, 0))),
        "enabled" => ok(g.enabled(&arg::<String>(step, 0))),
        "knownFeatures" => Ok(json!(g.known_features())),
        "toString" => Ok(json!(g.to_flag_string())),
        "overrideDefault" => ok(g.override_default(&arg::<String>(step, 0), arg(step, 1))),
        "overrideDefaultAtVersion" => ok(g.override_default_at_version(
            &arg::<String>(step, 0),
            arg(step, 1),
            &version(step, 2),
        )),
        "setEmulationVersion" => ok(g.set_emulation_version(version(step, 0))),
        "setEmulationVersionAndMinCompatibilityVersion" => ok(g
            .set_emulation_version_and_min_compatibility_version(
                version(step, 0),
                version(step, 1),
            )),
        "emulationVersion" => Ok(json!(g.emulation_version().to_string())),
        "minCompatibilityVersion" => Ok(json!(g.min_compatibility_version().to_string())),
        "explicitlySet" => Ok(json!(g.explicitly_set(&arg::<String>(step, 0)))),
        "resetFeatureValueToDefault" => {
            ok(g.reset_feature_value_to_default(&arg::<String>(step, 0)))
        }
        "validate" => Ok(json!(g
            .validate()
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>())),
        "close" => {
            g.close();
            Ok(Value::Null)
        }
        "getAll" => Ok(serde_json::to_value(g.get_all()).expect("json")),
        "getAllVersioned" => Ok(serde_json::to_value(g.get_all_versioned()).expect("json")),
        "dependencies" => Ok(serde_json::to_value(g.dependencies()).expect("json")),
        other => panic!("unknown op {other}"),
    }
}

fn keys(v: &Value) -> Vec<String> {
    match v {
        Value::Array(a) => a
            .iter()
            .map(|x| x.as_str().unwrap_or_default().to_string())
            .collect(),
        Value::Object(m) => m.keys().cloned().collect(),
        _ => vec![],
    }
}

#[test]
fn upstream_feature_gate_tables() {
    let text = std::fs::read_to_string("tests/cases/featuregate.json").expect("fixture");
    let corpus: Value = serde_json::from_str(&text).expect("fixture is JSON");
    let cases = corpus["cases"].as_array().expect("cases");
    assert!(cases.len() > 100, "the corpus lost cases");
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap_or("?");
        let gate = match case.get("gate") {
            None => FeatureGate::new(),
            Some(g) => {
                let emu = Version::parse(g["emulation"].as_str().expect("emulation")).unwrap();
                match g.get("minCompat").and_then(Value::as_str) {
                    Some(mc) => FeatureGate::with_versions(emu, Version::parse(mc).unwrap()),
                    None => FeatureGate::with_emulation_version(emu),
                }
            }
        };
        let mut gates = BTreeMap::from([("main".to_string(), gate)]);
        for (i, step) in case["steps"].as_array().expect("steps").iter().enumerate() {
            let target = step.get("gate").and_then(Value::as_str).unwrap_or("main");
            let got = apply(&mut gates, target, step);
            let fail = |why: String| format!("{name}, step {i} ({}): {why}", step["op"]);
            match (&got, step.get("error"), step.get("errorContains")) {
                (Err(e), Some(want), _) if e == want.as_str().unwrap_or_default() => {}
                (Err(e), None, Some(want)) if e.contains(want.as_str().unwrap_or_default()) => {}
                (Err(e), _, _) => failures.push(fail(format!("unexpected error {e:?}"))),
                (Ok(_), Some(want), _) | (Ok(_), None, Some(want)) => {
                    failures.push(fail(format!("expected error {want}")))
                }
                (Ok(v), None, None) => {
                    if let Some(want) = step.get("result") {
                        if v != want {
                            failures.push(fail(format!("got {v}, want {want}")));
                        }
                    }
                    for k in keys(step.get("contains").unwrap_or(&Value::Null)) {
                        if !keys(v).contains(&k) {
                            failures.push(fail(format!("{v} lacks {k}")));
                        }
                    }
                    for k in keys(step.get("excludes").unwrap_or(&Value::Null)) {
                        if keys(v).contains(&k) {
                            failures.push(fail(format!("{v} has {k}")));
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
