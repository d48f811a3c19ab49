//! Every entry point that decodes a caller's JSON into a typed value refuses a JSON array where
//! a struct is expected (serde's derive would fill the struct from it, field by field; Go's
//! decoder refuses it), and says where.

use kubegate::import::node::parse;
use kubegate::sim::Scenario;

fn node(status: &str) -> String {
    format!(
        r#"{{"apiVersion": "v1", "kind": "Node", "metadata": {{"name": "n1"}}, "status": {status}}}"#
    )
}

#[test]
fn a_node_import_refuses_a_positional_status() {
    assert!(parse(&node(r#"{"conditions": []}"#)).is_ok());
    for status in [r#"[[], {}]"#, r#"{"conditions": [["Ready", "True"]]}"#] {
        let e = parse(&node(status)).unwrap_err().to_string();
        assert!(
            e.contains("invalid type: sequence, expected struct"),
            "{status}: {e}"
        );
    }
}

#[test]
fn a_scenario_refuses_a_positional_fault() {
    let ok = r#"{"nodes": 1, "duration": "1m", "faults": [{"kind": "kubeletStopped", "at": "5s", "node": 0}]}"#;
    let array = r#"{"nodes": 1, "duration": "1m", "faults": [["kubeletStopped", "5s", 0]]}"#;
    let accepted = Scenario::from_json(ok);
    let e = Scenario::from_json(array).unwrap_err().to_string();
    assert!(
        e.starts_with("invalid scenario: invalid type: sequence, expected struct"),
        "{e} (the object form: {:?})",
        accepted.err()
    );
}

#[test]
fn the_shared_decoder_refuses_at_every_depth() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Taint {
        key: String,
        effect: Option<String>,
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Spec {
        taints: Vec<Taint>,
    }
    let e = kubegate::json::strict::from_str::<Spec>(r#"{"taints": [["k", "NoSchedule"]]}"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("invalid type: sequence, expected struct Taint"),
        "{e}"
    );
    assert!(serde_json::from_str::<Spec>(r#"{"taints": [["k", "NoSchedule"]]}"#).is_ok());
}
