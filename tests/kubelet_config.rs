//! Kubelet layered configuration: upstream server_test.go TestMergeKubeletConfigurations, the
//! kubelet drop-in documentation examples, flag precedence, dynamic config, validation and bad
//! input.

use std::collections::BTreeMap;

use kubegate::kubelet::config::dynamic::{Active, Checkpoint, DynamicInput};
use kubegate::kubelet::config::provenance::Layer;
use kubegate::kubelet::config::{
    check_kubelet_upgrade, explain_kubelet_config, resolve_kubelet_config, ResolveInput, Resolved,
};
use serde_json::{json, Value};

const HEADER: &str = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

fn input(args: &[&str], files: &[(&str, &str)]) -> ResolveInput {
    ResolveInput {
        kubelet_version: Some("1.33".into()),
        args: args.iter().map(|s| s.to_string()).collect(),
        files: files
            .iter()
            .map(|(p, c)| (p.to_string(), c.to_string()))
            .collect(),
        ..Default::default()
    }
}

fn ok(args: &[&str], files: &[(&str, &str)]) -> Resolved {
    resolve_kubelet_config(&input(args, files)).unwrap_or_else(|e| panic!("{e}"))
}

fn err(args: &[&str], files: &[(&str, &str)]) -> String {
    match resolve_kubelet_config(&input(args, files)) {
        Ok(_) => format!("unexpected success for {args:?}"),
        Err(e) => e.to_string(),
    }
}

fn doc(body: &str) -> String {
    format!("{HEADER}{body}")
}

#[test]
fn merge_kubelet_configurations_upstream_table() {
    struct Case {
        name: &'static str,
        base: Option<&'static str>,
        d10: Option<&'static str>,
        d20: Option<&'static str>,
        cli: &'static [&'static str],
        want: Value,
    }
    let cases = [
        Case {
            name: "kubelet.conf.d overrides kubelet.conf",
            base: Some("port: 9090\nreadOnlyPort: 10257\n"),
            d10: Some("port: 9090\n"),
            d20: Some("port: 8080\nreadOnlyPort: 10255\n"),
            cli: &[],
            want: json!({"port": 8080, "readOnlyPort": 10255}),
        },
        Case {
            name: "kubelet.conf.d overrides kubelet.conf with subfield override",
            base: Some("readOnlyPort: 10256\nkubeReserved:\n  memory: 100Mi\nsyncFrequency: 5m\n"),
            d10: Some("readOnlyPort: 10255\nkubeReserved:\n  memory: 150Mi\n  cpu: 200m\n"),
            d20: Some("readOnlyPort: 10257\nkubeReserved:\n  memory: 100Mi\n"),
            cli: &[],
            want: json!({"readOnlyPort": 10257, "kubeReserved": {"cpu": "200m", "memory": "100Mi"}, "syncFrequency": "5m0s"}),
        },
        Case {
            name: "kubelet.conf.d overrides kubelet.conf with slices/lists",
            base: Some("port: 9090\nclusterDNS: [192.168.1.3, 192.168.1.4]\n"),
            d10: Some("port: 9090\nsystemReserved:\n  memory: 1Gi\n"),
            d20: Some("port: 8080\nreadOnlyPort: 10255\nsystemReserved:\n  memory: 2Gi\nclusterDNS: [192.168.1.1, 192.168.1.5, 192.168.1.8]\n"),
            cli: &[],
            want: json!({"port": 8080, "readOnlyPort": 10255, "systemReserved": {"memory": "2Gi"}, "clusterDNS": ["192.168.1.1", "192.168.1.5", "192.168.1.8"]}),
        },
        Case {
            name: "cli args override kubelet.conf.d",
            base: None,
            d10: Some("port: 9090\n"),
            d20: Some("port: 8080\nreadOnlyPort: 10255\n"),
            cli: &["--port=8081", "--read-only-port=10256"],
            want: json!({"port": 8081, "readOnlyPort": 10256}),
        },
        Case {
            name: "cli args override kubelet.conf",
            base: Some("port: 9090\nclusterDNS: [192.168.1.3]\n"),
            d10: None,
            d20: None,
            cli: &["--port=9090", "--cluster-dns=192.168.1.2"],
            want: json!({"port": 9090, "clusterDNS": ["192.168.1.2"]}),
        },
    ];
    for c in cases {
        let mut files = Vec::new();
        let base = c.base.map(doc);
        let d10 = c.d10.map(doc);
        let d20 = c.d20.map(doc);
        let mut args: Vec<&str> = Vec::new();
        if let Some(b) = &base {
            files.push(("/etc/kubernetes/kubelet.conf", b.as_str()));
            args.push("--config=/etc/kubernetes/kubelet.conf");
        }
        if let Some(d) = &d10 {
            files.push(("/etc/kubernetes/kubelet.conf.d/10-kubelet.conf", d.as_str()));
        }
        if let Some(d) = &d20 {
            files.push(("/etc/kubernetes/kubelet.conf.d/20-kubelet.conf", d.as_str()));
        }
        if d10.is_some() || d20.is_some() {
            args.push("--config-dir=/etc/kubernetes/kubelet.conf.d");
        }
        args.extend(c.cli.iter());
        let r = ok(&args, &files);
        for (k, v) in c.want.as_object().unwrap() {
            assert_eq!(r.config[k], *v, "{}: {k}", c.name);
        }
    }
}

#[test]
fn dropin_docs_struct_list_map_examples() {
    let main = doc("port: 20250\nauthorization:\n  mode: Webhook\n  webhook:\n    cacheAuthorizedTTL: \"5m\"\n    cacheUnauthorizedTTL: \"30s\"\nserializeImagePulls: false\naddress: \"192.168.0.1\"\nclusterDNS: [\"192.168.0.9\", \"192.168.0.8\"]\nstaticPodURLHeader:\n  kubelet-api-support: [\"Authorization: 234APSDFA\", \"X-Custom-Header: 123\"]\n  custom-static-pod: [\"Authorization: 223EWRWER\", \"X-Custom-Header: 456\"]\n");
    let dropin = doc("authorization:\n  mode: AlwaysAllow\n  webhook:\n    cacheAuthorizedTTL: \"8m\"\n    cacheUnauthorizedTTL: \"45s\"\naddress: \"192.168.0.8\"\nclusterDNS: [\"192.168.0.2\", \"192.168.0.3\", \"192.168.0.5\"]\nstaticPodURLHeader:\n  custom-static-pod: [\"Authorization: 223EWRWER\", \"X-Custom-Header: 345\"]\n");
    let r = ok(
        &[
            "--config=/etc/k/kubelet.yaml",
            "--config-dir=/etc/k/kubelet.conf.d",
        ],
        &[
            ("/etc/k/kubelet.yaml", &main),
            ("/etc/k/kubelet.conf.d/99.conf", &dropin),
        ],
    );
    assert_eq!(r.config["port"], 20250);
    assert_eq!(r.config["serializeImagePulls"], false);
    assert_eq!(r.config["address"], "192.168.0.8");
    assert_eq!(
        r.config["authorization"],
        json!({"mode": "AlwaysAllow", "webhook": {"cacheAuthorizedTTL": "8m0s", "cacheUnauthorizedTTL": "45s"}})
    );
    assert_eq!(
        r.config["clusterDNS"],
        json!(["192.168.0.2", "192.168.0.3", "192.168.0.5"])
    );
    assert_eq!(
        r.config["staticPodURLHeader"],
        json!({"kubelet-api-support": ["Authorization: 234APSDFA", "X-Custom-Header: 123"], "custom-static-pod": ["Authorization: 223EWRWER", "X-Custom-Header: 345"]})
    );
    let ex = explain_kubelet_config(&r, "address").unwrap();
    let f = &ex.fields["address"];
    assert_eq!(f.origin.layer, Layer::DropIn);
    assert_eq!(f.origin.source, "/etc/k/kubelet.conf.d/99.conf");
    assert_eq!(f.origin.line, Some(8));
    assert_eq!(f.overridden.last().unwrap().value, "192.168.0.1");
}

#[test]
fn dropin_docs_feature_gate_map_example() {
    let main = doc("featureGates:\n  AllAlpha: false\n  MemoryQoS: true\n");
    let dropin = doc("featureGates:\n  MemoryQoS: false\n  KubeletTracing: true\n  DynamicResourceAllocation: true\n");
    let r = ok(
        &["--config=/k.yaml", "--config-dir=/d"],
        &[("/k.yaml", &main), ("/d/10.conf", &dropin)],
    );
    assert_eq!(
        r.config["featureGates"],
        json!({"AllAlpha": false, "MemoryQoS": false, "KubeletTracing": true, "DynamicResourceAllocation": true})
    );
    assert!(!r.feature_gates["MemoryQoS"]);
    let ex = explain_kubelet_config(&r, "featureGates.MemoryQoS").unwrap();
    let f = &ex.fields["featureGates.MemoryQoS"];
    assert_eq!(
        (f.origin.layer, f.origin.source.as_str()),
        (Layer::DropIn, "/d/10.conf")
    );
    assert_eq!(f.overridden[0].value, true);
    assert_eq!(f.overridden[0].origin.source, "/k.yaml");
    assert_eq!(f.overridden[0].origin.line, Some(5));
}

#[test]
fn flag_precedence_cases() {
    let file = doc("kubeReserved:\n  cpu: \"1\"\n  memory: 1Gi\n");
    // A map flag replaces the file's map.
    let r = ok(
        &["--config=/k.yaml", "--kube-reserved=cpu=2"],
        &[("/k.yaml", &file)],
    );
    assert_eq!(r.config["kubeReserved"], json!({"cpu": "2"}));
    let ex = explain_kubelet_config(&r, "kubeReserved.memory").unwrap();
    assert_eq!(ex.fields["kubeReserved.memory"].value, Value::Null);
    assert_eq!(
        ex.fields["kubeReserved.memory"].origin.source,
        "--kube-reserved"
    );
    // Feature gates are the union, the flag winning.
    {
        let file = doc("featureGates:\n  MemoryQoS: true\n  KubeletTracing: false\n");
        let r = ok(
            &["--config=/k.yaml", "--feature-gates=MemoryQoS=false"],
            &[("/k.yaml", &file)],
        );
        assert_eq!(
            r.config["featureGates"],
            json!({"MemoryQoS": false, "KubeletTracing": false})
        );
        assert!(!r.feature_gates["MemoryQoS"]);
        assert_eq!(
            explain_kubelet_config(&r, "featureGates.MemoryQoS")
                .unwrap()
                .fields["featureGates.MemoryQoS"]
                .origin
                .source,
            "--feature-gates"
        );
    }
    // Only flags present win: a flag default never overrides the file.
    let file = doc("readOnlyPort: 0\nauthorization:\n  mode: Webhook\n");
    let r = ok(&["--config=/k.yaml"], &[("/k.yaml", &file)]);
    assert!(r.config.get("readOnlyPort").is_none() || r.config["readOnlyPort"] == 0);
    assert_eq!(r.config["authorization"]["mode"], "Webhook");
    // Without --config the command line's legacy defaults apply.
    let r = ok(&[], &[]);
    assert_eq!(r.config["readOnlyPort"], 10255);
    assert_eq!(r.config["authorization"]["mode"], "AlwaysAllow");
    assert_eq!(r.config["authentication"]["anonymous"]["enabled"], true);
    assert_eq!(
        r.provenance["readOnlyPort"].origin.layer,
        Layer::LegacyFlagDefault
    );
    // Repeated map flags accumulate; repeated scalars: last wins.
    let r = ok(
        &[
            "--system-reserved=cpu=1",
            "--system-reserved=memory=2Gi",
            "--port=1",
            "--port",
            "2",
        ],
        &[],
    );
    assert_eq!(
        r.config["systemReserved"],
        json!({"cpu": "1", "memory": "2Gi"})
    );
    assert_eq!(r.config["port"], 2);
}

#[test]
fn defaults_and_dependent_rules() {
    let r = ok(
        &["--config=/k.yaml"],
        &[("/k.yaml", &doc("nodeStatusUpdateFrequency: 20s\n"))],
    );
    assert_eq!(r.config["nodeStatusReportFrequency"], "20s");
    assert_eq!(r.config["nodeLeaseDurationSeconds"], 40);
    assert_eq!(r.config["evictionHard"]["memory.available"], "100Mi");
    assert_eq!(r.config["syncFrequency"], "1m0s");
    assert_eq!(r.config["port"], 10250);
    assert_eq!(r.config["authorization"]["mode"], "Webhook");
    let r = ok(&["--config=/k.yaml"], &[("/k.yaml", &doc(""))]);
    assert_eq!(r.config["nodeStatusReportFrequency"], "5m0s");
    assert_eq!(r.config["nodeStatusUpdateFrequency"], "10s");
    // Relative paths resolve against the file's directory.
    let r = ok(
        &["--config=etc/k.yaml"],
        &[(
            "/etc/k.yaml",
            &doc("staticPodPath: manifests\ntlsCertFile: /abs/c.crt\n"),
        )],
    );
    assert_eq!(r.config["staticPodPath"], "/etc/manifests");
    assert_eq!(r.config["tlsCertFile"], "/abs/c.crt");
    assert!(r.diff.iter().any(|d| d.path == "staticPodPath"));
}

#[test]
fn lenient_decoding_warns_with_file_and_line() {
    let r = ok(
        &["--config=/k.yaml"],
        &[("/k.yaml", &doc("port: 1\nport: 2\nbogus: 1\n"))],
    );
    assert_eq!(r.config["port"], 2);
    assert!(
        r.warnings.iter().any(
            |w| w.contains("Using lenient decoding as strict decoding failed")
                && w.contains("unknown field \"bogus\"")
                && w.contains("/k.yaml:5")
        ),
        "{:?}",
        r.warnings
    );
    assert!(r
        .warnings
        .iter()
        .any(|w| w.contains("key \"port\" already set in map")));
}

#[test]
fn bad_input_errors() {
    type Case<'a> = (&'a [&'a str], Vec<(&'a str, String)>, &'a str);
    let cases: Vec<Case> = vec![
        (&["--config=/missing.yaml"], vec![], "failed to load kubelet config file, path: /missing.yaml, error: failed to load Kubelet config file /missing.yaml, error failed to read kubelet config file \"/missing.yaml\", error: open /missing.yaml: no such file or directory"),
        (&["--config=/k.yaml"], vec![("/k.yaml", String::new())], "failed to load kubelet config file, path: /k.yaml, error: failed to load Kubelet config file /k.yaml, error kubelet config file \"/k.yaml\" was empty"),
        (&["--config=/k.yaml"], vec![("/k.yaml", doc("port: 'abc'\n"))], "failed to decode: json: cannot unmarshal string into Go struct field KubeletConfiguration.port of type int32"),
        (&["--config=/k.yaml"], vec![("/k.yaml", doc("syncFrequency: 1x\n"))], "failed to decode: time: unknown unit \"x\" in duration \"1x\""),
        (&["--config=/k.yaml"], vec![("/k.yaml", format!("{HEADER}port: [\n"))], "failed to decode: error converting YAML to JSON: yaml: line"),
        (&["--config=/k.json"], vec![("/k.json", "{\"apiVersion\": \"kubelet.config.k8s.io/v1beta1\", \"kind\": \"KubeletConfiguration\", \"port\": 1".to_string())], "failed to decode: error converting YAML to JSON"),
        (&["--config=/k.yaml"], vec![("/k.yaml", "port: 1\n".to_string())], "failed to decode: Object 'Kind' is missing in 'port: 1\n'"),
        (&["--config=/k.yaml"], vec![("/k.yaml", "kind: KubeletConfiguration\n".to_string())], "Object 'apiVersion' is missing in"),
        (&["--config=/k.yaml"], vec![("/k.yaml", "apiVersion: foo/v1\nkind: KubeletConfiguration\n".to_string())], "no kind \"KubeletConfiguration\" is registered for version \"foo/v1\""),
        (&["--bogus"], vec![], "failed to parse kubelet flag: unknown flag: --bogus"),
        (&["run"], vec![], "unknown command run"),
        (&["--feature-gates=A"], vec![], "failed to parse kubelet flag: invalid argument \"A\" for \"--feature-gates\" flag: malformed pair, expect string=bool"),
        (&["--feature-gates=A=maybe"], vec![], "invalid value of A: maybe, err: strconv.ParseBool: parsing \"maybe\": invalid syntax"),
        (&["--feature-gates=NoSuchGate=true"], vec![], "failed to set feature gates from initial flags-based config: unrecognized feature gate: NoSuchGate"),
        (&["--config-dir=/nodir"], vec![], "failed to merge kubelet configs: failed to walk through kubelet dropin directory \"/nodir\": lstat /nodir: no such file or directory"),
        (&["--config-dir=/d"], vec![("/d/10.conf", doc("port: abc\n"))], "failed to merge kubelet configs: failed to unmarshal merged JSON into kubelet configuration: json: cannot unmarshal string into Go struct field KubeletConfiguration.Port of type int32"),
    ];
    for (args, files, want) in cases {
        let files: Vec<(&str, &str)> = files.iter().map(|(p, c)| (*p, c.as_str())).collect();
        let got = err(args, &files);
        assert!(got.contains(want), "{args:?}\n got: {got}\nwant: {want}");
    }
    // Locations ride along.
    let e = resolve_kubelet_config(&input(
        &["--config=/k.yaml"],
        &[("/k.yaml", &doc("\n\nport: abc\n"))],
    ))
    .unwrap_err();
    assert_eq!(e.location().as_deref(), Some("/k.yaml:5"));
    let e = resolve_kubelet_config(&input(
        &["--config-dir=/d"],
        &[("/d/10.conf", &doc("port: abc\n"))],
    ))
    .unwrap_err();
    assert_eq!(e.location().as_deref(), Some("/d/10.conf:3"));
}

#[test]
fn empty_dropin_dir_and_huge_input() {
    let mut i = input(&["--config-dir=/d"], &[]);
    i.dirs = vec!["/d".into()];
    let r = resolve_kubelet_config(&i).unwrap();
    assert!(r.warnings.iter().any(|w| w.contains("no *.conf files")));
    let huge = doc(&"x".repeat(9 << 20));
    let e = err(&["--config=/k.yaml"], &[("/k.yaml", &huge)]);
    assert!(e.starts_with("input too large"));
    // Counts are bounded too: many tiny drop-ins or arguments fit in the byte limit.
    let names: Vec<String> = (0..1025).map(|n| format!("/d/{n:04}.conf")).collect();
    let tiny: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "")).collect();
    let e = err(&["--config-dir=/d"], &tiny);
    assert_eq!(e, "input too large: 1025 files (limit 1024)");
    let args: Vec<&str> = std::iter::repeat_n("--v=2", 4097).collect();
    let e = err(&args, &[]);
    assert_eq!(e, "input too large: 4097 arguments (limit 4096)");
    let deep = format!(
        "{HEADER}logging: {}{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let e = err(&["--config=/k.yaml"], &[("/k.yaml", &deep)]);
    assert!(e.contains("failed to decode"), "{e}");
    // Versions before 1.28 have no --config-dir; 1.28-1.29 need the alpha env var.
    let mut i = input(&["--config-dir=/d"], &[("/d/a.conf", &doc("port: 1\n"))]);
    i.kubelet_version = Some("1.27".into());
    assert_eq!(
        resolve_kubelet_config(&i).unwrap_err().to_string(),
        "failed to parse kubelet flag: unknown flag: --config-dir"
    );
    i.kubelet_version = Some("1.29".into());
    i.feature_list = None;
    assert!(resolve_kubelet_config(&i)
        .unwrap_err()
        .to_string()
        .contains("KUBELET_CONFIG_DROPIN_DIR_ALPHA"));
    i.env
        .insert("KUBELET_CONFIG_DROPIN_DIR_ALPHA".into(), String::new());
    assert_eq!(resolve_kubelet_config(&i).unwrap().config["port"], 1);
}

#[test]
fn validation_messages() {
    let e = err(
        &["--config=/k.yaml"],
        &[(
            "/k.yaml",
            &doc("imageGCHighThresholdPercent: 50\nimageGCLowThresholdPercent: 60\n"),
        )],
    );
    assert_eq!(e, "failed to validate kubelet configuration, error: invalid configuration: imageGCLowThresholdPercent (--image-gc-low-threshold) 60 must be less than imageGCHighThresholdPercent (--image-gc-high-threshold) 50, path: /k.yaml");
    let e = err(&["--port=70000", "--oom-score-adj=2000"], &[]);
    assert_eq!(e, "failed to validate kubelet configuration, error: [invalid configuration: oomScoreAdj (--oom-score-adj) 2000 must be between -1000 and 1000, inclusive, invalid configuration: port (--port) 70000 must be between 1 and 65535, inclusive], path: ");
    let e = err(
        &["--config=/k.yaml"],
        &[(
            "/k.yaml",
            &doc("topologyManagerPolicy: bogus\nhairpinMode: x\n"),
        )],
    );
    assert!(e.contains("invalid configuration: topologyManagerPolicy (--topology-manager-policy) \"bogus\" must be one of: [\"none\" \"best-effort\" \"restricted\" \"single-numa-node\"]"), "{e}");
    assert!(e.contains("invalid configuration: option \"x\" specified for hairpinMode (--hairpin-mode). Valid options are \"none\", \"hairpin-veth\" or \"promiscuous-bridge\""));
    let e = err(&["--enforce-node-allocatable=pods,system-reserved"], &[]);
    assert!(e.contains("systemReservedCgroup (--system-reserved-cgroup) must be specified when \"system-reserved\" or \"system-reserved-compressible\" included"));
    let e = err(
        &["--config=/k.yaml"],
        &[(
            "/k.yaml",
            &doc("memoryThrottlingFactor: 1.5\ncontainerLogMaxFiles: 1\n"),
        )],
    );
    assert!(e.contains(
        "memoryThrottlingFactor 1.5 must be greater than 0 and less than or equal to 1.0"
    ));
    assert!(e.contains("containerLogMaxFiles must be greater than 1"));
}

fn dyn_input(
    assigned: Option<Checkpoint>,
    lkg: Option<Checkpoint>,
    now: i64,
    version: &str,
) -> ResolveInput {
    let mut i = input(
        &[
            "--dynamic-config-dir=/var/lib/kubelet/dynamic-config",
            "--port=9999",
        ],
        &[],
    );
    i.kubelet_version = Some(version.into());
    i.feature_list = None;
    i.dynamic = Some(DynamicInput {
        assigned,
        last_known_good: lkg,
        now,
    });
    i
}

fn checkpoint(uid: &str, body: Option<&str>, modified: i64) -> Checkpoint {
    Checkpoint {
        namespace: "kube-system".into(),
        name: format!("cfg-{uid}"),
        uid: uid.into(),
        resource_version: "1".into(),
        kubelet_config_key: "kubelet".into(),
        contents: body.map(doc),
        modified,
    }
}

#[test]
fn dynamic_config_paths() {
    // Assigned and valid, still in trial; flags re-applied over it.
    let i = dyn_input(
        Some(checkpoint("a", Some("maxPods: 42\nport: 1234\n"), 1000)),
        None,
        1000 + 600,
        "1.20",
    );
    let r = resolve_kubelet_config(&i).unwrap();
    let s = r.dynamic.clone().unwrap();
    assert_eq!(
        (s.active, s.in_trial, s.error.clone()),
        (Active::Assigned, true, None)
    );
    assert_eq!(r.config["maxPods"], 42);
    assert_eq!(r.config["port"], 9999);
    assert_eq!(r.provenance["maxPods"].origin.layer, Layer::DynamicConfig);
    // Past the 10-minute trial it graduates to last-known-good.
    let i = dyn_input(
        Some(checkpoint("a", Some("maxPods: 42\n"), 1000)),
        None,
        1000 + 601,
        "1.20",
    );
    let s = resolve_kubelet_config(&i).unwrap().dynamic.unwrap();
    assert!(!s.in_trial);
    assert_eq!(s.last_known_good.unwrap().uid, "a");
    assert_eq!(s.log, vec!["updated last-known-good config to API path /api/v1/namespaces/kube-system/configmaps/cfg-a, UID: a, ResourceVersion: 1"]);
    // Invalid assigned config falls back to last-known-good.
    let i = dyn_input(
        Some(checkpoint("b", Some("maxPods: -1\n"), 1000)),
        Some(checkpoint("a", Some("maxPods: 42\n"), 0)),
        2000,
        "1.20",
    );
    let r = resolve_kubelet_config(&i).unwrap();
    let s = r.dynamic.unwrap();
    assert_eq!(s.active, Active::LastKnownGood);
    assert_eq!(
        s.error.as_deref(),
        Some("failed to validate config, see Kubelet log for details")
    );
    assert_eq!(r.config["maxPods"], 42);
    // Unloadable assigned config, no last-known-good: local config.
    let i = dyn_input(Some(checkpoint("b", None, 1000)), None, 2000, "1.20");
    let r = resolve_kubelet_config(&i).unwrap();
    let s = r.dynamic.unwrap();
    assert_eq!(s.active, Active::Local);
    assert_eq!(
        s.error.as_deref(),
        Some("failed to load config, see Kubelet log for details")
    );
    assert_eq!(r.config["maxPods"], 110);
    // Last-known-good failing too is fatal.
    let i = dyn_input(
        Some(checkpoint("b", None, 0)),
        Some(checkpoint("a", Some("port: x\n"), 0)),
        0,
        "1.20",
    );
    assert!(resolve_kubelet_config(&i)
        .unwrap_err()
        .to_string()
        .starts_with("failed to load last-known-good config"));
    // 1.22+ needs the (deprecated, default-off) gate; 1.24+ removed the flag.
    let i = dyn_input(None, None, 0, "1.22");
    assert!(resolve_kubelet_config(&i)
        .unwrap_err()
        .to_string()
        .contains("DynamicKubeletConfig"));
    let i = dyn_input(None, None, 0, "1.24");
    assert_eq!(
        resolve_kubelet_config(&i).unwrap_err().to_string(),
        "failed to parse kubelet flag: unknown flag: --dynamic-config-dir"
    );
    let mut i = dyn_input(None, None, 0, "1.25");
    i.args.clear();
    assert!(resolve_kubelet_config(&i)
        .unwrap_err()
        .to_string()
        .contains("removed in Kubernetes 1.24"));
}

#[test]
fn upgrade_check_reports_gate_problems() {
    // Find a gate locked to true at 1.33 that was settable at 1.30.
    // A start that already fails is said so, and the check still answers.
    let i = input(&["--feature-gates=NoSuchGate=true"], &[]);
    let rep = check_kubelet_upgrade(&i, "1.34").unwrap();
    assert!(!rep.starts_before);
    assert!(rep
        .error_before
        .as_deref()
        .unwrap()
        .contains("unrecognized feature gate: NoSuchGate"));
    assert_eq!(rep.before_without, vec!["featureGates.NoSuchGate"]);
    assert!(!rep.starts);
    let i = input(&["--feature-gates=MemoryQoS=true"], &[]);
    let rep = check_kubelet_upgrade(&i, "1.34").unwrap();
    assert_eq!((rep.from.as_str(), rep.to.as_str()), ("1.33", "1.34"));
    let _ = BTreeMap::<String, String>::new();
    assert!(rep.starts || rep.error.is_some());
}

#[test]
fn validation_problems_point_at_file_line_and_flag() {
    let i = input(
        &[
            "--config=/k.yaml",
            "--config-dir=/d",
            "--oom-score-adj=2000",
        ],
        &[
            ("/k.yaml", &doc("maxPods: 10\nport: 1\n")),
            ("/d/10-a.conf", &doc("\n\nport: 70000\n")),
        ],
    );
    let e = resolve_kubelet_config(&i).unwrap_err();
    assert_eq!(e.problems().len(), 2, "{e:?}");
    let oom = &e.problems()[0];
    assert_eq!(oom.message, "invalid configuration: oomScoreAdj (--oom-score-adj) 2000 must be between -1000 and 1000, inclusive");
    assert_eq!(oom.field.as_deref(), Some("oomScoreAdj"));
    assert_eq!(oom.flag.as_deref(), Some("--oom-score-adj"));
    let port = &e.problems()[1];
    assert_eq!(port.field.as_deref(), Some("port"));
    assert_eq!(
        (port.file.as_deref(), port.line),
        (Some("/d/10-a.conf"), Some(5))
    );
    // The error's own location is the first problem's.
    assert_eq!(e.flag(), Some("--oom-score-adj"));
    // A Go-cased name in the message still finds its field.
    let e = resolve_kubelet_config(&input(
        &["--config=/k.yaml"],
        &[(
            "/k.yaml",
            &doc("featureGates:\n  ImageMaximumGCAge: false\nimageMaximumGCAge: 5m\n"),
        )],
    ))
    .unwrap_err();
    assert_eq!(e.problems()[0].message, "invalid configuration: ImageMaximumGCAge feature gate is required for Kubelet configuration option imageMaximumGCAge");
    assert_eq!(e.problems()[0].field.as_deref(), Some("imageMaximumGCAge"));
    assert_eq!(e.problems()[0].line, Some(5));
}

#[test]
fn eviction_thresholds_and_reserved_resources_at_startup() {
    let cases: &[(&str, &str, &str, Option<usize>)] = &[
        (
            "unknown signal",
            "evictionHard:\n  memory.available: 100Mi\n  mem.free: 1Gi\n",
            "failed to run Kubelet: unsupported eviction signal mem.free",
            Some(5),
        ),
        (
            "percentage above 100",
            "evictionHard:\n  nodefs.available: 101%\n",
            "failed to run Kubelet: eviction percentage threshold nodefs.available must be <= 100%: 101%",
            Some(4),
        ),
        (
            "soft threshold without grace period",
            "evictionSoft:\n  memory.available: 1Gi\n",
            "failed to run Kubelet: failed to create kubelet: grace period must be specified for the soft eviction threshold memory.available",
            Some(4),
        ),
        (
            "reserving an unsupported resource",
            "kubeReserved:\n  nvidia.com/gpu: \"1\"\n",
            "failed to run Kubelet: cannot reserve \"nvidia.com/gpu\" resource",
            Some(4),
        ),
        (
            "negative system reservation",
            "systemReserved:\n  memory: -1Gi\n",
            "failed to run Kubelet: resource quantity for \"memory\" cannot be negative: -1Gi",
            Some(4),
        ),
    ];
    for (name, body, want, line) in cases {
        let e = resolve_kubelet_config(&input(&["--config=/k.yaml"], &[("/k.yaml", &doc(body))]))
            .unwrap_err();
        assert_eq!(e.message(), *want, "{name}");
        assert_eq!((e.file(), e.line()), (Some("/k.yaml"), *line), "{name}");
    }
    // A flag-set threshold is blamed on the flag.
    let e =
        resolve_kubelet_config(&input(&["--eviction-hard=memory.available<0"], &[])).unwrap_err();
    assert_eq!(
        e.message(),
        "failed to run Kubelet: eviction threshold memory.available must be positive: 0"
    );
    assert_eq!(e.flag(), Some("--eviction-hard"));
}

#[test]
fn reserved_memory_and_cpuset_validation() {
    let e = err(
        &["--config=/k.yaml"],
        &[(
            "/k.yaml",
            &doc("reservedSystemCPUs: \"3-1\"\nreservedMemory:\n- numaNode: 0\n  limits: {memory: \"0\", cpu: \"1\"}\n- numaNode: 0\n  limits: {memory: 1Gi}\n"),
        )],
    );
    assert_eq!(e, "failed to validate kubelet configuration, error: [invalid configuration: unable to parse reservedSystemCPUs (--reserved-cpus) 3-1, error: invalid range \"3-1\" (3 > 1), invalid configuration: the limit type \"cpu\" for NUMA node 0 is not supported, only [memory hugepages-<HugePageSize>] is accepted, invalid configuration: reserved memory may not be zero for NUMA node 0 and resource \"memory\", invalid configuration: the reserved memory has a duplicate value for NUMA node 0 and resource \"memory\"], path: /k.yaml");
}

#[test]
fn eviction_hard_defaults_by_version_and_without_config() {
    // Without --config nothing fills evictionHard: the kubelet runs with no hard thresholds.
    let r = ok(&[], &[]);
    assert_eq!(r.config.get("evictionHard"), None);
    // loadConfigFile fills DefaultEvictionHard; imagefs.inodesFree joined it in 1.30.
    let f = [("/k.yaml", doc("port: 10250\n"))];
    let files: Vec<(&str, &str)> = f.iter().map(|(a, b)| (*a, b.as_str())).collect();
    let r = ok(&["--config=/k.yaml"], &files);
    assert_eq!(r.config["evictionHard"]["imagefs.inodesFree"], "5%");
    let mut i = input(&["--config=/k.yaml"], &files);
    i.kubelet_version = Some("1.29".into());
    i.feature_list = None;
    let r = resolve_kubelet_config(&i).unwrap();
    assert_eq!(
        r.config["evictionHard"],
        json!({"imagefs.available": "15%", "memory.available": "100Mi", "nodefs.available": "10%", "nodefs.inodesFree": "5%"})
    );
}

#[test]
fn dynamic_config_dir_needs_the_gate_on_the_command_line() {
    // ValidateKubeletFlags runs before the config file is read: only --feature-gates counts.
    let mut i = input(
        &["--dynamic-config-dir=/var/lib/kubelet/dynamic-config"],
        &[],
    );
    i.kubelet_version = Some("1.22".into());
    i.feature_list = None;
    let e = resolve_kubelet_config(&i).unwrap_err();
    assert_eq!(e.message(), "failed to validate kubelet flags: the DynamicKubeletConfig feature gate must be enabled in order to use the --dynamic-config-dir flag");
    assert_eq!(e.flag(), Some("--dynamic-config-dir"));
    // On by default before 1.22.
    i.kubelet_version = Some("1.21".into());
    assert!(resolve_kubelet_config(&i).is_ok());
}

#[test]
fn feature_gate_union_keeps_the_file_origin_of_added_back_gates() {
    let r = ok(
        &["--config=/k.yaml", "--feature-gates=MemoryQoS=false"],
        &[(
            "/k.yaml",
            &doc("featureGates:\n  MemoryQoS: true\n  KubeletTracing: false\n"),
        )],
    );
    let p = &r.provenance;
    assert_eq!(p["featureGates.MemoryQoS"].origin.source, "--feature-gates");
    assert_eq!(
        p["featureGates.KubeletTracing"].origin.layer,
        Layer::ConfigFile
    );
    assert_eq!(p["featureGates.KubeletTracing"].origin.line, Some(5));
}

/// Each error says which stage of the kubelet's start refused and keeps the structured error it
/// was made from as `source()`, while its text stays the kubelet's.
#[test]
fn errors_carry_their_stage_and_the_error_underneath() {
    use kubegate::featuregate::FeatureGateError;
    use kubegate::kubelet::config::flags::FlagError;
    use kubegate::kubelet::config::{Cause, KubeletConfigStage};
    use kubegate::yaml::YamlError;
    use std::error::Error;

    let e = resolve_kubelet_config(&input(&["--feature-gates=Nope=true"], &[])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: Nope"
    );
    assert_eq!(e.stage(), KubeletConfigStage::FeatureGates);
    assert_eq!(e.flag(), Some("--feature-gates"));
    let gate = e
        .source()
        .and_then(|s| s.downcast_ref::<FeatureGateError>());
    assert_eq!(
        gate.map(|g| g.to_string()).as_deref(),
        Some("unrecognized feature gate: Nope")
    );

    let e = resolve_kubelet_config(&input(&["--port=a--b"], &[])).unwrap_err();
    assert_eq!(e.stage(), KubeletConfigStage::Flags);
    // The flag is pflag's, not a piece of the value that happens to hold `--`.
    assert_eq!(e.flag(), Some("--port"));
    let flag = e.source().and_then(|s| s.downcast_ref::<FlagError>());
    assert_eq!(flag.and_then(|f| f.flag()), Some("--port"));

    let e = resolve_kubelet_config(&input(&["--config=/k.yaml"], &[("/k.yaml", "a: [\n")]))
        .unwrap_err();
    assert_eq!(e.stage(), KubeletConfigStage::ConfigFile);
    assert!(matches!(e.cause(), Some(Cause::Yaml(_))), "{e:?}");
    assert!(e.source().is_some_and(|s| s.is::<YamlError>()));

    let e = resolve_kubelet_config(&input(&["--oom-score-adj=2000"], &[])).unwrap_err();
    assert_eq!(e.stage(), KubeletConfigStage::Validation);
    assert!(e.source().is_none());
    assert_eq!(
        serde_json::to_value(&e).unwrap()["stage"],
        json!("validation")
    );

    let e = resolve_kubelet_config(&ResolveInput {
        kubelet_version: Some("1.x".into()),
        ..Default::default()
    })
    .unwrap_err();
    assert_eq!(e.stage(), KubeletConfigStage::Input);
    assert!(matches!(e.cause(), Some(Cause::Version(_))));
}

#[test]
fn a_refused_gate_in_a_file_points_at_its_line() {
    let mut i = input(
        &["--config=/k.yaml"],
        &[(
            "/k.yaml",
            &doc("cgroupDriver: systemd\nfeatureGates:\n  KubeletCredentialProviders: true\n"),
        )],
    );
    i.kubelet_version = Some("1.28".into());
    let e = resolve_kubelet_config(&i).unwrap_err();
    assert_eq!(
        e.to_string(),
        "failed to set feature gates from initial flags-based config: unrecognized feature gate: KubeletCredentialProviders"
    );
    assert_eq!((e.file(), e.line()), (Some("/k.yaml"), Some(5)));
    assert_eq!(e.problems().len(), 1);
    assert_eq!(
        e.problems()[0].message,
        "unrecognized feature gate: KubeletCredentialProviders"
    );
}

#[test]
fn upgrade_check_lists_every_refusal_and_when_it_arrives() {
    // Two refusals at the target: a removed gate in the file, and (once it is dropped) a
    // validation failure present from the start; a --config-dir the start refuses.
    let mut i = input(
        &["--config=/k.yaml", "--config-dir=/d"],
        &[
            (
                "/k.yaml",
                &doc("maxPods: -3\nfeatureGates:\n  CSIMigrationAzureFile: true\n"),
            ),
            ("/d/10-port.conf", &doc("port: 10260\n")),
        ],
    );
    i.dirs = vec!["/d".into()];
    i.kubelet_version = Some("1.27".into());
    let rep = check_kubelet_upgrade(&i, "1.31").unwrap();
    assert!(!rep.starts_before);
    assert_eq!(
        rep.error_before.as_deref(),
        Some("failed to parse kubelet flag: unknown flag: --config-dir")
    );
    assert!(rep.before_without.contains(&"--config-dir".to_string()));
    assert!(!rep.starts);
    // The start never comes (maxPods), so the gate is found as the target's own refusal.
    let gate = rep
        .findings
        .iter()
        .find(|f| {
            f.message
                .contains("unrecognized feature gate: CSIMigrationAzureFile")
        })
        .unwrap();
    assert!(gate.breaking && !gate.already);
    assert_eq!(gate.release.as_deref(), Some("1.30"));
    assert_eq!(
        (gate.file.as_deref(), gate.line),
        (Some("/k.yaml"), Some(5))
    );
    let invalid = rep
        .findings
        .iter()
        .find(|f| f.kind == "error" && f.message.contains("maxPods"))
        .unwrap();
    assert!(invalid.breaking && invalid.already);
}

#[test]
fn a_gate_refused_while_defaulting_points_at_its_line() {
    // The Amazon EKS AL2 kubelet config sets NodeSwap: false; at 1.34 the gate is locked on.
    let mut i = input(
        &["--config=/k.json"],
        &[(
            "/k.json",
            "{\n  \"kind\": \"KubeletConfiguration\",\n  \"apiVersion\": \"kubelet.config.k8s.io/v1beta1\",\n  \"featureGates\": {\n    \"NodeSwap\": false\n  }\n}\n",
        )],
    );
    i.kubelet_version = Some("1.34".into());
    let e = resolve_kubelet_config(&i).unwrap_err();
    assert!(e
        .to_string()
        .ends_with("cannot set feature gate NodeSwap to false, feature is locked to true"));
    assert_eq!((e.file(), e.line()), (Some("/k.json"), Some(5)));
}
