//! Ports of the upstream tables for gated fields and enum validation (SEMANTICS.md section (f)):
//! apimachinery `enum_test.go` (TestEnum, TestEnumTypedef, TestEnumExclude), code-generator
//! `output_tests/tags/enum` and `options/ConditionalEnum`, the drop-field rules of the Service
//! and EndpointSlice strategies, and the guide's Frobber examples.

use kubegate::api::enums::{
    supported_values, validate_enum, validate_enum_ratcheting, validate_enum_request,
    EnumExclusion, EnumRequest, Operation, OperationType,
};
use kubegate::api::field::ErrorType;
use kubegate::api::frobber;
use kubegate::api::gating::{
    prepare_for_create, prepare_for_update, FieldGateSchema, GatedField, GatingError,
};
use kubegate::api::schemas;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn opts(o: &[(&str, bool)]) -> Operation {
    Operation {
        op_type: OperationType::Create,
        options: o.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
    }
}

fn strings(errs: &[kubegate::api::field::FieldError]) -> Vec<String> {
    errs.iter().map(|e| e.to_string()).collect()
}

#[test]
fn test_enum_and_typedef() {
    let op = opts(&[]);
    assert!(validate_enum(&op, "fldpath", Some("a"), &set(&["a", "b", "c"]), &[]).is_empty());
    assert_eq!(
        strings(&validate_enum(
            &op,
            "fldpath",
            Some("x"),
            &set(&["a", "b", "c"]),
            &[]
        )),
        vec![r#"fldpath: Unsupported value: "x": supported values: "a", "b", "c""#]
    );
    assert!(validate_enum(
        &op,
        "fldpath",
        Some("foo"),
        &set(&["foo", "bar", "qux"]),
        &[]
    )
    .is_empty());
    assert_eq!(
        strings(&validate_enum(
            &op,
            "fldpath",
            Some("x"),
            &set(&["foo", "bar", "qux"]),
            &[]
        )),
        vec![r#"fldpath: Unsupported value: "x": supported values: "bar", "foo", "qux""#]
    );
}

#[test]
fn test_enum_exclude() {
    let values = set(&["A", "B", "C", "D"]);
    let ex = vec![
        EnumExclusion::new("A", "FeatureA", true),
        EnumExclusion::new("B", "FeatureB", false),
        EnumExclusion::new("D", "FeatureA", true),
        EnumExclusion::new("D", "FeatureB", false),
    ];
    let rows: &[(&str, bool, bool, &str, &str)] = &[
        ("no options, A is valid", false, false, "A", ""),
        (
            "no options, B is invalid",
            false,
            false,
            "B",
            r#"fld: Unsupported value: "B": supported values: "A", "C""#,
        ),
        (
            "no options, D is invalid",
            false,
            false,
            "D",
            r#"fld: Unsupported value: "D": supported values: "A", "C""#,
        ),
        (
            "FeatureA enabled, A is invalid",
            true,
            false,
            "A",
            r#"fld: Unsupported value: "A": supported values: "C""#,
        ),
        (
            "FeatureA enabled, B is invalid",
            true,
            false,
            "B",
            r#"fld: Unsupported value: "B": supported values: "C""#,
        ),
        ("FeatureB enabled, A is valid", false, true, "A", ""),
        ("FeatureB enabled, B is valid", false, true, "B", ""),
        (
            "FeatureA and FeatureB enabled, A is invalid",
            true,
            true,
            "A",
            r#"fld: Unsupported value: "A": supported values: "B", "C""#,
        ),
        (
            "FeatureA and FeatureB enabled, B is valid",
            true,
            true,
            "B",
            "",
        ),
        (
            "FeatureA and FeatureB enabled, D is invalid",
            true,
            true,
            "D",
            r#"fld: Unsupported value: "D": supported values: "B", "C""#,
        ),
    ];
    for (name, a, b, value, want) in rows {
        let op = opts(&[("FeatureA", *a), ("FeatureB", *b)]);
        let got = strings(&validate_enum(&op, "fld", Some(value), &values, &ex));
        let want: Vec<String> = if want.is_empty() {
            vec![]
        } else {
            vec![want.to_string()]
        };
        assert_eq!(got, want, "{name}");
    }
    // undeclared option is an internal error
    let errs = validate_enum(
        &opts(&[("FeatureA", false)]),
        "fld",
        Some("B"),
        &values,
        &ex,
    );
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].error_type, ErrorType::Internal);
    assert_eq!(
        errs[0].to_string(),
        r#"fld: Internal error: undefined validation option "FeatureB""#
    );
}

#[test]
fn code_generator_enum_outputs() {
    let op = opts(&[]);
    let e0 = set(&[]);
    let e1 = set(&["e1v1"]);
    let e2 = set(&["e2v1", "e2v2"]);
    // all fields zero: non-pointer fields are validated with "", nil pointers are not.
    assert_eq!(
        strings(&validate_enum(&op, "enum0Field", Some(""), &e0, &[])),
        vec![r#"enum0Field: Unsupported value: """#]
    );
    assert_eq!(
        strings(&validate_enum(&op, "enum1Field", Some(""), &e1, &[])),
        vec![r#"enum1Field: Unsupported value: "": supported values: "e1v1""#]
    );
    assert_eq!(
        strings(&validate_enum(&op, "enum2Field", Some(""), &e2, &[])),
        vec![r#"enum2Field: Unsupported value: "": supported values: "e2v1", "e2v2""#]
    );
    assert!(validate_enum(&op, "enum1PtrField", None, &e1, &[]).is_empty());
    // every field "x"
    for (f, s, want) in [
        ("enum0Field", &e0, r#"enum0Field: Unsupported value: "x""#),
        (
            "enum0PtrField",
            &e0,
            r#"enum0PtrField: Unsupported value: "x""#,
        ),
        (
            "enum1Field",
            &e1,
            r#"enum1Field: Unsupported value: "x": supported values: "e1v1""#,
        ),
        (
            "enum1PtrField",
            &e1,
            r#"enum1PtrField: Unsupported value: "x": supported values: "e1v1""#,
        ),
        (
            "enum2Field",
            &e2,
            r#"enum2Field: Unsupported value: "x": supported values: "e2v1", "e2v2""#,
        ),
        (
            "enum2PtrField",
            &e2,
            r#"enum2PtrField: Unsupported value: "x": supported values: "e2v1", "e2v2""#,
        ),
    ] {
        assert_eq!(
            strings(&validate_enum(&op, f, Some("x"), s, &[])),
            vec![want.to_string()]
        );
    }
    // valid values pass
    assert!(validate_enum(&op, "enum2Field", Some("e2v2"), &e2, &[]).is_empty());
}

fn conditional_enum() -> (BTreeSet<String>, Vec<EnumExclusion>) {
    (
        set(&["A", "B", "C", "D", "E", "F"]),
        vec![
            EnumExclusion::new("A", "FeatureA", true),
            EnumExclusion::new("B", "FeatureB", false),
            EnumExclusion::new("D", "FeatureA", true),
            EnumExclusion::new("D", "FeatureB", true),
            EnumExclusion::new("E", "FeatureC", false),
            EnumExclusion::new("E", "FeatureD", false),
            EnumExclusion::new("F", "FeatureC", false),
            EnumExclusion::new("F", "FeatureD", true),
        ],
    )
}

#[test]
fn conditional_enum_option_table() {
    let (values, ex) = conditional_enum();
    let rows: &[(&[&str], &[&str])] = &[
        (&[], &["A", "C", "D"]),
        (&["FeatureA"], &["C"]),
        (&["FeatureB"], &["A", "B", "C"]),
        (&["FeatureA", "FeatureB"], &["B", "C"]),
        (&["FeatureC", "FeatureD"], &["A", "C", "D", "E"]),
        (&["FeatureB", "FeatureC"], &["A", "B", "C", "F"]),
    ];
    for (enabled, valid) in rows {
        let op = Operation {
            op_type: OperationType::Create,
            options: ["FeatureA", "FeatureB", "FeatureC", "FeatureD"]
                .iter()
                .map(|o| (o.to_string(), enabled.contains(o)))
                .collect(),
        };
        let want: Vec<String> = valid.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            supported_values(&op, &values, &ex),
            Ok(want.clone()),
            "{enabled:?}"
        );
        let quoted: Vec<String> = want.iter().map(|v| format!("{v:?}")).collect();
        for v in ["", "A", "B", "C", "D", "E", "F"] {
            let errs = strings(&validate_enum(&op, "field", Some(v), &values, &ex));
            if valid.contains(&v) {
                assert!(errs.is_empty(), "{enabled:?} {v}");
            } else {
                assert_eq!(
                    errs,
                    vec![format!(
                        "field: Unsupported value: {v:?}: supported values: {}",
                        quoted.join(", ")
                    )],
                    "{enabled:?} {v}"
                );
            }
        }
    }
}

#[test]
fn ratcheting_accepts_unchanged_invalid_values_only() {
    let (values, ex) = conditional_enum();
    let mut op = Operation {
        op_type: OperationType::Update,
        options: ["FeatureA", "FeatureB", "FeatureC", "FeatureD"]
            .iter()
            .map(|o| (o.to_string(), false))
            .collect(),
    };
    // B is excluded with no options: unchanged is fine, a change to B or to another invalid value is not.
    assert!(
        validate_enum_ratcheting(&op, "f", Some("B"), Some(Some("B")), &values, &ex).is_empty()
    );
    assert_eq!(
        validate_enum_ratcheting(&op, "f", Some("B"), Some(Some("A")), &values, &ex).len(),
        1
    );
    assert_eq!(
        validate_enum_ratcheting(&op, "f", Some("E"), Some(Some("B")), &values, &ex).len(),
        1
    );
    assert!(
        validate_enum_ratcheting(&op, "f", Some("x"), Some(Some("x")), &values, &ex).is_empty()
    );
    op.op_type = OperationType::Create;
    assert_eq!(
        validate_enum_ratcheting(&op, "f", Some("B"), Some(Some("B")), &values, &ex).len(),
        1
    );
}

#[test]
fn enum_request_shape() {
    let req: EnumRequest = serde_json::from_value(json!({
        "path": "spec.policy", "value": "OnTuesday", "oldValue": "OnTuesday",
        "validValues": ["Always", "Never", "OnTuesday"],
        "exclusions": [{"value": "OnTuesday", "option": "FrobberRestartPolicyOnTuesday", "excludeWhen": false}],
        "options": {"FrobberRestartPolicyOnTuesday": false}, "operation": "Update"
    }))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(validate_enum_request(&req).is_empty());
    let create = EnumRequest {
        operation: OperationType::Create,
        old_value: None,
        ..req
    };
    assert_eq!(
        strings(&validate_enum_request(&create)),
        vec![r#"spec.policy: Unsupported value: "OnTuesday": supported values: "Always", "Never""#]
    );
}

// ---- field gating ----

fn gates(v: &[(&'static str, bool)]) -> impl Fn(&str) -> Option<bool> {
    let m: BTreeMap<String, bool> = v.iter().map(|(k, b)| (k.to_string(), *b)).collect();
    move |g: &str| m.get(g).copied()
}

fn create(
    schema: &FieldGateSchema,
    g: &dyn Fn(&str) -> Option<bool>,
    obj: Value,
) -> (Value, Vec<String>) {
    let r = prepare_for_create(schema, g, &obj).unwrap_or_else(|e| panic!("{e}"));
    (r.object, r.dropped)
}

fn update(
    schema: &FieldGateSchema,
    g: &dyn Fn(&str) -> Option<bool>,
    obj: Value,
    old: Value,
) -> (Value, Vec<String>) {
    let r = prepare_for_update(schema, g, &obj, &old).unwrap_or_else(|e| panic!("{e}"));
    (r.object, r.dropped)
}

#[test]
fn frobber_width() {
    let s = schemas::frobber();
    let off = gates(&[("Frobber2D", false)]);
    let on = gates(&[("Frobber2D", true)]);
    let with = json!({"height": 1, "param": "p", "width": 2});
    let without = json!({"height": 1, "param": "p"});
    assert_eq!(
        create(&s, &off, with.clone()),
        (without.clone(), vec!["width".to_string()])
    );
    assert_eq!(create(&s, &on, with.clone()), (with.clone(), vec![]));
    assert_eq!(
        update(&s, &off, with.clone(), without.clone()),
        (without.clone(), vec!["width".to_string()])
    );
    assert_eq!(
        update(&s, &off, with.clone(), with.clone()),
        (with.clone(), vec![])
    );
    assert_eq!(
        update(&s, &on, with.clone(), without.clone()),
        (with, vec![])
    );
}

#[test]
fn service_traffic_distribution() {
    let s = schemas::service();
    let svc = |td: Option<&str>| match td {
        Some(td) => json!({"spec": {"type": "ClusterIP", "trafficDistribution": td}}),
        None => json!({"spec": {"type": "ClusterIP"}}),
    };
    for gate in [false, true] {
        let g = gates(&[("ServiceTrafficDistribution", gate)]);
        for old in [None, Some(None), Some(Some("PreferClose"))] {
            let new = svc(Some("PreferClose"));
            let (obj, dropped) = match old {
                None => create(&s, &g, new),
                Some(o) => update(&s, &g, new, svc(o)),
            };
            let in_use = matches!(old, Some(Some(_)));
            let keep = gate || in_use;
            assert_eq!(
                obj,
                if keep {
                    svc(Some("PreferClose"))
                } else {
                    svc(None)
                },
                "gate={gate} old={old:?}"
            );
            assert_eq!(dropped.is_empty(), keep);
        }
    }
}

#[test]
fn endpoint_slice_hints() {
    let s = schemas::endpoint_slice();
    let ep = |hints: Value| json!({"addresses": ["10.1.2.3"], "hints": hints});
    let zones = json!({"forZones": [{"name": "zone-a"}]});
    let nodes = json!({"forZones": [{"name": "zone-a"}], "forNodes": [{"name": "node-1"}]});
    let slice = |eps: Vec<Value>| json!({"addressType": "IPv4", "endpoints": eps});
    let plain = json!({"addresses": ["10.1.2.4"]});

    // create, both gates on: everything kept
    let g = gates(&[
        ("TopologyAwareHints", true),
        ("PreferSameTrafficDistribution", true),
    ]);
    let full = slice(vec![ep(nodes.clone()), plain.clone()]);
    assert_eq!(create(&s, &g, full.clone()), (full.clone(), vec![]));
    // create, TAH off: all hints dropped
    let g = gates(&[
        ("TopologyAwareHints", false),
        ("PreferSameTrafficDistribution", true),
    ]);
    assert_eq!(
        create(&s, &g, slice(vec![ep(nodes.clone()), ep(zones.clone())])),
        (
            slice(vec![
                json!({"addresses": ["10.1.2.3"]}),
                json!({"addresses": ["10.1.2.3"]})
            ]),
            vec![
                "endpoints[0].hints".to_string(),
                "endpoints[1].hints".to_string()
            ]
        )
    );
    // create, only PSTD off: forNodes dropped, zones kept
    let g = gates(&[
        ("TopologyAwareHints", true),
        ("PreferSameTrafficDistribution", false),
    ]);
    assert_eq!(
        create(&s, &g, slice(vec![ep(nodes.clone())])),
        (
            slice(vec![ep(zones.clone())]),
            vec!["endpoints[0].hints.forNodes".to_string()]
        )
    );
    // update, both off, old has hints with forNodes on one endpoint: kept on every endpoint
    let g = gates(&[
        ("TopologyAwareHints", false),
        ("PreferSameTrafficDistribution", false),
    ]);
    let new = slice(vec![ep(nodes.clone()), ep(nodes.clone())]);
    let old = slice(vec![plain.clone(), ep(nodes.clone())]);
    assert_eq!(update(&s, &g, new.clone(), old), (new.clone(), vec![]));
    // update, both off, old has zone hints only: hints kept, forNodes dropped
    let old = slice(vec![ep(zones.clone())]);
    assert_eq!(
        update(
            &s,
            &g,
            slice(vec![ep(nodes.clone()), ep(nodes.clone())]),
            old
        ),
        (
            slice(vec![ep(zones.clone()), ep(zones.clone())]),
            vec![
                "endpoints[0].hints.forNodes".to_string(),
                "endpoints[1].hints.forNodes".to_string()
            ]
        )
    );
    // update, both off, old without hints: dropped
    assert_eq!(
        update(&s, &g, slice(vec![ep(nodes)]), slice(vec![plain])).1,
        vec!["endpoints[0].hints".to_string()]
    );
}

#[test]
fn schema_naming_unknown_gate_is_an_error() {
    let s = schemas::endpoint_slice();
    let g = gates(&[("TopologyAwareHints", true)]);
    let err = prepare_for_create(&s, &g, &json!({}))
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("field \"endpoints[*].hints.forNodes\" is guarded by feature gate \"PreferSameTrafficDistribution\", which is not in the provided gates")
    );
    let bad = FieldGateSchema {
        kind: String::new(),
        fields: vec![GatedField {
            path: "a[1]".into(),
            gate: "G".into(),
        }],
    };
    assert!(prepare_for_create(&bad, &gates(&[("G", true)]), &json!({})).is_err());
}

#[test]
fn frobber_restart_policy_on_tuesday() {
    let off = gates(&[("FrobberRestartPolicyOnTuesday", false)]);
    let on = gates(&[("FrobberRestartPolicyOnTuesday", true)]);
    let v = |p: &str, old: Option<&str>, g: &dyn Fn(&str) -> Option<bool>| {
        strings(&frobber::validate_restart_policy(p, old, g).unwrap_or_else(|e| panic!("{e}")))
    };
    let invalid = r#"restartPolicy: Invalid value: "OnTuesday": only allowed if the FrobberRestartPolicyOnTuesday feature is enabled"#;
    assert_eq!(v("OnTuesday", None, &off), vec![invalid]);
    assert_eq!(v("OnTuesday", Some("Always"), &off), vec![invalid]);
    assert!(v("OnTuesday", Some("OnTuesday"), &off).is_empty());
    assert!(v("OnTuesday", None, &on).is_empty());
    assert_eq!(
        v("Sometimes", None, &off),
        vec![
            r#"restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never""#
        ]
    );
    assert_eq!(
        v("Sometimes", None, &on),
        vec![
            r#"restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnTuesday""#
        ]
    );
    let d = |p: &str, old: Option<&str>, g: &dyn Fn(&str) -> Option<bool>| {
        strings(
            &frobber::validate_restart_policy_declarative(p, old, g)
                .unwrap_or_else(|e| panic!("{e}")),
        )
    };
    assert_eq!(
        d("OnTuesday", None, &off),
        vec![
            r#"restartPolicy: Unsupported value: "OnTuesday": supported values: "Always", "Never""#
        ]
    );
    assert!(d("OnTuesday", Some("OnTuesday"), &off).is_empty());
    assert_eq!(d("OnTuesday", Some("Never"), &off).len(), 1);
    assert!(d("OnTuesday", None, &on).is_empty());
    assert_eq!(
        frobber::validate_restart_policy("Always", None, &gates(&[])),
        Err(GatingError::GateNotProvided {
            gate: "FrobberRestartPolicyOnTuesday".to_string()
        })
    );
}

#[test]
fn frobber_restart_policy_report_shows_both_formulations() {
    let off = gates(&[("FrobberRestartPolicyOnTuesday", false)]);
    let r = frobber::check_restart_policy("OnTuesday", Some("OnTuesday"), &off)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(r.allowed);
    assert!(r.guide.is_empty() && r.declarative.is_empty());
    let r =
        frobber::check_restart_policy("OnTuesday", None, &off).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.allowed);
    assert_eq!(
        r.guide,
        vec![
            r#"restartPolicy: Invalid value: "OnTuesday": only allowed if the FrobberRestartPolicyOnTuesday feature is enabled"#
        ]
    );
    assert_eq!(
        r.declarative,
        vec![
            r#"restartPolicy: Unsupported value: "OnTuesday": supported values: "Always", "Never""#
        ]
    );
    assert_eq!(
        frobber::check_restart_policy("Always", None, &gates(&[])).map_err(|e| e.to_string()),
        Err(
            r#"feature gate "FrobberRestartPolicyOnTuesday" is not in the provided gates"#
                .to_string()
        )
    );
}
