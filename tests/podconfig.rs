//! Port of `pkg/kubelet/config/config_test.go` (Kubernetes v1.30–v1.33) plus the derived cases
//! of SEMANTICS.md (d) and bad input.

use kubegate::kubelet::podconfig::pod::{pods_differ_semantically, status_equal};
use kubegate::kubelet::podconfig::{
    MergeInput, NotificationMode, Pod, PodConfig, PodConfigError, PodOperation, PodUpdate,
    Timestamp,
};
use serde_json::{json, Value};

const TEST_SOURCE: &str = "test";
use PodOperation::{Add, Delete, Reconcile, Remove, Set, Update};

fn valid_pod_json(name: &str, namespace: &str) -> Value {
    json!({
        "metadata": {"uid": format!("{name}{namespace}"), "name": name, "namespace": namespace},
        "spec": {
            "restartPolicy": "Always",
            "dnsPolicy": "ClusterFirst",
            "containers": [{
                "name": "ctr",
                "image": "image",
                "imagePullPolicy": "IfNotPresent",
                "securityContext": {"capabilities": {}, "privileged": false, "readOnlyRootFilesystem": false, "allowPrivilegeEscalation": false},
                "terminationMessagePolicy": "File"
            }]
        }
    })
}

/// `CreateValidPod`.
fn valid(name: &str, namespace: &str) -> Pod {
    Pod::from_value(valid_pod_json(name, namespace)).unwrap()
}

fn with(mut v: Value, f: impl FnOnce(&mut Value)) -> Pod {
    f(&mut v);
    Pod::from_value(v).unwrap()
}

/// `P'`: the container replaced by {Name "bar", Image "test"}.
fn changed(name: &str, namespace: &str) -> Pod {
    with(valid_pod_json(name, namespace), |v| {
        v["spec"]["containers"] = json!([{"name": "bar", "image": "test", "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File"}]);
    })
}

fn tester(mode: NotificationMode) -> PodConfig {
    let mut c = PodConfig::new(
        mode,
        Timestamp::parse_rfc3339("2024-05-01T10:00:00Z").unwrap(),
    );
    c.channel(TEST_SOURCE);
    c
}

fn merge(c: &mut PodConfig, op: PodOperation, pods: Vec<Pod>) -> Vec<PodUpdate> {
    c.merge(TEST_SOURCE, op, pods).updates
}

/// `expectPodUpdate` + `expectNoPodUpdate`: same op and source, pods sorted by namespace and
/// compared semantically plus status; and nothing further.
fn expect(actual: Vec<PodUpdate>, expected: &[(PodOperation, &str, Vec<Pod>)]) {
    assert_eq!(
        actual.len(),
        expected.len(),
        "want {} updates, got {:#?}",
        expected.len(),
        actual
            .iter()
            .map(|u| (u.op, u.source.clone(), u.pods.len()))
            .collect::<Vec<_>>()
    );
    for (i, (got, (op, source, pods))) in actual.into_iter().zip(expected).enumerate() {
        assert_eq!((got.op, got.source.as_str()), (*op, *source), "update {i}");
        let mut got_pods = got.pods.clone();
        got_pods.sort_by(|a, b| a.namespace().cmp(b.namespace()));
        let mut want = pods.clone();
        want.sort_by(|a, b| a.namespace().cmp(b.namespace()));
        assert_eq!(got_pods.len(), want.len(), "update {i}: {got:#?}");
        for (g, w) in got_pods.iter().zip(&want) {
            assert!(
                !pods_differ_semantically(w, g) && status_equal(w, g),
                "update {i}: want {w:#?}, got {g:#?}"
            );
        }
    }
}

#[test]
fn new_pod_added() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(vec![c.sync()], &[(Set, "*", vec![valid("foo", "new")])]);
}

#[test]
fn new_pod_added_invalid_namespace() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "")])],
    );
    expect(vec![c.sync()], &[(Set, "*", vec![valid("foo", "")])]);
}

#[test]
fn new_pod_added_default_namespace() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "default")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "default")])],
    );
    expect(vec![c.sync()], &[(Set, "*", vec![valid("foo", "default")])]);
}

#[test]
fn new_pod_added_different_namespaces() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "default")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "default")])],
    );
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(
        vec![c.sync()],
        &[(Set, "*", vec![valid("foo", "default"), valid("foo", "new")])],
    );
}

#[test]
fn invalid_pod_filtered() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(merge(&mut c, Add, vec![valid("foo", "new")]), &[]);
}

#[test]
fn new_pod_added_snapshot_and_updates() {
    let mut c = tester(NotificationMode::SnapshotAndUpdates);
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Set, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(vec![c.sync()], &[(Set, "*", vec![valid("foo", "new")])]);
    expect(
        merge(&mut c, Add, vec![changed("foo", "new")]),
        &[(Update, TEST_SOURCE, vec![changed("foo", "new")])],
    );
}

#[test]
fn new_pod_added_snapshot() {
    let mut c = tester(NotificationMode::Snapshot);
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Set, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(vec![c.sync()], &[(Set, "*", vec![valid("foo", "new")])]);
    expect(
        merge(&mut c, Add, vec![changed("foo", "new")]),
        &[(Set, TEST_SOURCE, vec![changed("foo", "new")])],
    );
}

#[test]
fn new_pod_added_updated_removed() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(
        merge(&mut c, Add, vec![changed("foo", "new")]),
        &[(Update, TEST_SOURCE, vec![changed("foo", "new")])],
    );
    // REMOVE names the original pod; the stored (updated) pod is emitted.
    expect(
        merge(&mut c, Remove, vec![valid("foo", "new")]),
        &[(Remove, TEST_SOURCE, vec![changed("foo", "new")])],
    );
}

#[test]
fn new_pod_added_delete() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Add, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    let deleted = with(valid_pod_json("foo", "new"), |v| {
        v["metadata"]["deletionTimestamp"] = json!("2024-05-01T10:00:05Z")
    });
    let out = merge(&mut c, Delete, vec![deleted.clone()]);
    // Upstream compares against the added pod; its comparison checks spec, labels and status only
    // through podsDifferSemantically, which includes the deletion timestamp, so compare with it.
    expect(out.clone(), &[(Delete, TEST_SOURCE, vec![deleted])]);
    assert_eq!(
        out[0].pods[0].deletion_timestamp(),
        Some("2024-05-01T10:00:05Z")
    );
}

#[test]
fn new_pod_added_updated_set() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(
            &mut c,
            Add,
            vec![
                valid("foo", "new"),
                valid("foo2", "new"),
                valid("foo3", "new"),
            ],
        ),
        &[(
            Add,
            TEST_SOURCE,
            vec![
                valid("foo", "new"),
                valid("foo2", "new"),
                valid("foo3", "new"),
            ],
        )],
    );
    expect(
        merge(
            &mut c,
            Set,
            vec![
                changed("foo2", "new"),
                valid("foo3", "new"),
                valid("foo4", "new"),
            ],
        ),
        &[
            (Remove, TEST_SOURCE, vec![valid("foo", "new")]),
            (Add, TEST_SOURCE, vec![valid("foo4", "new")]),
            (Update, TEST_SOURCE, vec![changed("foo2", "new")]),
        ],
    );
}

fn reconcile_pods(touch_status: Option<&str>, touch_spec: Option<&str>) -> (Vec<Pod>, Pod) {
    let mut first = valid_pod_json("changeable-pod-0", "new");
    if let Some(m) = touch_status {
        first["status"] = json!({"message": m});
    }
    if let Some(n) = touch_spec {
        first["spec"]["containers"][0]["name"] = json!(n);
    }
    let first = Pod::from_value(first).unwrap();
    (
        vec![
            first.clone(),
            valid("constant-pod-1", "new"),
            valid("constant-pod-2", "new"),
        ],
        first,
    )
}

#[test]
fn new_pod_added_set_reconciled() {
    for op in [Add, Set] {
        let mut c = tester(NotificationMode::Incremental);
        let (pods, _) = reconcile_pods(None, None);
        expect(
            merge(&mut c, Set, pods.clone()),
            &[(Add, TEST_SOURCE, pods.clone())],
        );
        expect(merge(&mut c, op, pods), &[]);
        let (pods, touched) = reconcile_pods(Some("8123"), None);
        let out = merge(&mut c, op, pods);
        expect(out.clone(), &[(Reconcile, TEST_SOURCE, vec![touched])]);
        assert_eq!(out[0].reasons[0].changed, vec!["status"]);
        let (pods, touched) = reconcile_pods(Some("9001"), Some("renamed-ctr"));
        let out = merge(&mut c, op, pods);
        expect(out.clone(), &[(Update, TEST_SOURCE, vec![touched])]);
        assert_eq!(out[0].reasons[0].changed, vec!["spec"]);
        assert!(
            out[0].reasons[0].message.contains("UPDATE, not RECONCILE"),
            "{op}"
        );
    }
}

#[test]
fn initial_empty_set() {
    for (mode, op) in [
        (NotificationMode::Incremental, Add),
        (NotificationMode::Snapshot, Set),
        (NotificationMode::SnapshotAndUpdates, Set),
    ] {
        let mut c = tester(mode);
        expect(merge(&mut c, Set, vec![]), &[(op, TEST_SOURCE, vec![])]);
        let mut out = merge(&mut c, Set, vec![]);
        out.extend(merge(&mut c, Add, vec![valid("foo", "new")]));
        expect(out, &[(op, TEST_SOURCE, vec![valid("foo", "new")])]);
    }
}

#[test]
fn pod_update_annotations() {
    let mut c = tester(NotificationMode::Incremental);
    let mut pod = valid_pod_json("foo2", "new");
    pod["metadata"]["annotations"] = json!({"kubernetes.io/blah": "blah"});
    let p = |v: &Value| Pod::from_value(v.clone()).unwrap();
    let set = |v: &Value| vec![valid("foo1", "new"), p(v), valid("foo3", "new")];
    expect(
        merge(&mut c, Set, set(&pod)),
        &[(Add, TEST_SOURCE, set(&pod))],
    );

    pod["metadata"]["annotations"]["kubernetes.io/blah"] = json!("superblah");
    let out = merge(&mut c, Set, set(&pod));
    assert_eq!(
        out[0].reasons[0].changed,
        vec!["annotations[kubernetes.io/blah]"]
    );
    expect(out, &[(Update, TEST_SOURCE, vec![p(&pod)])]);

    pod["metadata"]["annotations"]["kubernetes.io/otherblah"] = json!("doh");
    expect(
        merge(&mut c, Set, set(&pod)),
        &[(Update, TEST_SOURCE, vec![p(&pod)])],
    );

    if let Some(a) = pod["metadata"]["annotations"].as_object_mut() {
        a.remove("kubernetes.io/blah");
    }
    expect(
        merge(&mut c, Set, set(&pod)),
        &[(Update, TEST_SOURCE, vec![p(&pod)])],
    );
}

#[test]
fn pod_update_labels() {
    let mut c = tester(NotificationMode::Incremental);
    let mut pod = valid_pod_json("foo2", "new");
    pod["metadata"]["labels"] = json!({"key": "value"});
    let p = |v: &Value| Pod::from_value(v.clone()).unwrap();
    expect(
        merge(&mut c, Set, vec![p(&pod)]),
        &[(Add, TEST_SOURCE, vec![p(&pod)])],
    );
    pod["metadata"]["labels"]["key"] = json!("newValue");
    expect(
        merge(&mut c, Set, vec![p(&pod)]),
        &[(Update, TEST_SOURCE, vec![p(&pod)])],
    );
}

#[test]
fn pod_config_race_seen_all_sources() {
    // TestPodConfigRace exercises Channel and SeenAllSources together; here: the rule itself.
    let mut c = PodConfig::new(NotificationMode::Incremental, Timestamp::default());
    let seen = vec![TEST_SOURCE.to_string()];
    assert!(
        c.seen_all_sources(&seen),
        "no sources registered: vacuously true"
    );
    for i in 0..100 {
        c.channel(&i.to_string());
    }
    assert!(!c.seen_all_sources(&seen));
}

// ---- Derived cases (SEMANTICS.md (d)) ----

#[test]
fn duplicate_names_in_one_set_keep_the_first_and_record_an_event() {
    let mut c = tester(NotificationMode::Incremental);
    let first = valid("foo", "new");
    let second = with(valid_pod_json("foo", "new"), |v| {
        v["metadata"]["uid"] = json!("other-uid")
    });
    let out = c.merge(TEST_SOURCE, Set, vec![first.clone(), second]);
    expect(out.updates, &[(Add, TEST_SOURCE, vec![first])]);
    assert_eq!(out.events.len(), 1);
    let e = &out.events[0];
    assert_eq!(
        (e.type_.as_str(), e.reason.as_str()),
        ("Warning", "FailedValidation")
    );
    assert_eq!(
        e.message,
        "Error validating pod foo_new(other-uid) from test due to duplicate pod name \"foo\", ignoring"
    );
    assert_eq!(c.merged_state().len(), 1);
}

#[test]
fn local_annotation_change_only_is_not_an_update() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Set, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    let p = with(valid_pod_json("foo", "new"), |v| {
        v["metadata"]["annotations"] =
            json!({"kubernetes.io/config.seen": "yesterday", "kubernetes.io/config.mirror": "m"})
    });
    expect(merge(&mut c, Set, vec![p]), &[]);
}

#[test]
fn empty_set_after_removing_everything_is_not_a_first_set() {
    let mut c = tester(NotificationMode::Incremental);
    expect(
        merge(&mut c, Set, vec![valid("foo", "new")]),
        &[(Add, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(
        merge(&mut c, Remove, vec![valid("foo", "new")]),
        &[(Remove, TEST_SOURCE, vec![valid("foo", "new")])],
    );
    expect(merge(&mut c, Set, vec![]), &[]);
}

#[test]
fn seen_time_is_kept_across_updates_and_source_is_annotated() {
    let mut c = tester(NotificationMode::Incremental);
    let out = merge(&mut c, Add, vec![valid("foo", "new")]);
    let added = &out[0].pods[0];
    assert_eq!(
        added.annotation("kubernetes.io/config.seen"),
        Some("2024-05-01T10:00:00Z")
    );
    assert_eq!(
        added.annotation("kubernetes.io/config.source"),
        Some("test")
    );
    c.set_now(Timestamp::parse_rfc3339("2024-05-01T11:00:00.25Z").unwrap());
    let out = merge(&mut c, Add, vec![changed("foo", "new")]);
    assert_eq!(
        out[0].pods[0].annotation("kubernetes.io/config.seen"),
        Some("2024-05-01T10:00:00Z")
    );
    let out = merge(&mut c, Add, vec![valid("bar", "new")]);
    assert_eq!(
        out[0].pods[0].annotation("kubernetes.io/config.seen"),
        Some("2024-05-01T11:00:00.25Z")
    );
}

#[test]
fn nil_and_empty_labels_differ() {
    let mut c = tester(NotificationMode::Incremental);
    merge(&mut c, Set, vec![valid("foo", "new")]);
    let p = with(valid_pod_json("foo", "new"), |v| {
        v["metadata"]["labels"] = json!({})
    });
    let out = merge(&mut c, Set, vec![p]);
    assert_eq!(out[0].op, Update);
    assert_eq!(out[0].reasons[0].changed, vec!["labels"]);
}

#[test]
fn graceful_delete_wins_over_status_and_grace_period_change_alone_is_update() {
    let mut c = tester(NotificationMode::Incremental);
    merge(&mut c, Set, vec![valid("foo", "new")]);
    let p = with(valid_pod_json("foo", "new"), |v| {
        v["metadata"]["deletionGracePeriodSeconds"] = json!(30)
    });
    assert_eq!(merge(&mut c, Set, vec![p])[0].op, Update);
    let p = with(valid_pod_json("foo", "new"), |v| {
        v["metadata"]["deletionGracePeriodSeconds"] = json!(30);
        v["metadata"]["deletionTimestamp"] = json!("2024-05-01T10:00:30Z");
        v["status"] = json!({"phase": "Running"});
    });
    let out = merge(&mut c, Set, vec![p]);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].op, Delete);
    assert_eq!(out[0].pods[0].as_value()["status"]["phase"], "Running");
}

#[test]
fn incremental_emission_order_with_every_bucket() {
    let mut c = tester(NotificationMode::Incremental);
    merge(
        &mut c,
        Set,
        vec![
            valid("a", "ns"),
            valid("b", "ns"),
            valid("c", "ns"),
            valid("d", "ns"),
        ],
    );
    let status = with(valid_pod_json("b", "ns"), |v| {
        v["status"] = json!({"phase": "Running"})
    });
    let deleting = with(valid_pod_json("c", "ns"), |v| {
        v["metadata"]["deletionTimestamp"] = json!("2024-05-01T10:00:30Z")
    });
    let out = merge(
        &mut c,
        Set,
        vec![valid("e", "ns"), status, deleting, changed("d", "ns")],
    );
    let ops: Vec<_> = out.iter().map(|u| u.op).collect();
    assert_eq!(ops, vec![Remove, Add, Update, Delete, Reconcile]);
}

#[test]
fn snapshot_and_updates_first_set_and_deletes() {
    let mut c = tester(NotificationMode::SnapshotAndUpdates);
    merge(&mut c, Set, vec![valid("a", "ns")]);
    let deleting = with(valid_pod_json("a", "ns"), |v| {
        v["metadata"]["deletionTimestamp"] = json!("2024-05-01T10:00:30Z")
    });
    let out = merge(&mut c, Set, vec![deleting.clone(), valid("b", "ns")]);
    let ops: Vec<_> = out.iter().map(|u| u.op).collect();
    assert_eq!(ops, vec![Set, Delete]);
    assert_eq!(out[0].pods.len(), 2);
    // A status-only change is not reported in SnapshotAndUpdates mode.
    let running = with(valid_pod_json("b", "ns"), |v| {
        v["status"] = json!({"phase": "Running"})
    });
    assert!(merge(&mut c, Set, vec![deleting, running]).is_empty());
}

#[test]
fn merged_state_spans_sources_and_seen_all_sources() {
    let mut c = PodConfig::new(NotificationMode::Incremental, Timestamp::default());
    c.channel("file");
    c.channel("api");
    let both = vec!["file".to_string(), "api".to_string()];
    assert!(!c.seen_all_sources(&both));
    c.merge("file", Add, vec![valid("a", "ns")]);
    assert!(
        !c.seen_all_sources(&both),
        "ADD does not mark a source as seen"
    );
    c.merge("file", Set, vec![valid("a", "ns")]);
    let out = c.merge("api", Set, vec![]);
    assert_eq!(out.updates.len(), 1);
    assert!(out.updates[0].pods.is_empty());
    assert!(c.seen_all_sources(&both));
    assert!(!c.seen_all_sources(&["file".to_string()]));
    c.merge("api", Set, vec![valid("b", "ns")]);
    let sync = c.sync();
    assert_eq!(sync.source, "*");
    assert_eq!(sync.pods.len(), 2);
}

// ---- Bad input ----

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let mut c = tester(NotificationMode::Incremental);
    let err = c
        .merge_input(
            TEST_SOURCE,
            MergeInput {
                op: "FROB".into(),
                pods: vec![],
            },
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown pod operation \"FROB\" (want one of SET, ADD, DELETE, REMOVE, UPDATE, RECONCILE)"
    );
    let err = c
        .merge_input(
            TEST_SOURCE,
            MergeInput {
                op: "ADD".into(),
                pods: vec![
                    valid_pod_json("a", "ns"),
                    json!({"metadata": {"name": "x"}}),
                ],
            },
        )
        .unwrap_err();
    assert_eq!(
        err,
        PodConfigError::InvalidPod {
            index: 1,
            message: "pod \"x\" has no metadata.uid".into()
        }
    );
    assert_eq!(err.to_string(), "pods[1]: pod \"x\" has no metadata.uid");
    assert!(
        c.merged_state().is_empty(),
        "a refused merge changes nothing"
    );
    let err = c
        .merge_input(
            TEST_SOURCE,
            MergeInput {
                op: "SET".into(),
                pods: vec![json!({"metadata": {"uid": "u"}})],
            },
        )
        .unwrap_err();
    assert_eq!(err.to_string(), "pods[0]: pod has no metadata.name");
    assert_eq!(
        NotificationMode::parse("Unknown").unwrap_err().to_string(),
        "unsupported PodConfigNotificationMode: 0"
    );
    assert!(NotificationMode::parse("Banana").is_err());
    assert_eq!(
        NotificationMode::parse("PodConfigNotificationSnapshot"),
        Ok(NotificationMode::Snapshot)
    );
}

#[test]
fn reconcile_as_input_is_an_invalid_update_type() {
    let mut c = tester(NotificationMode::Incremental);
    let out = c
        .merge_input(
            TEST_SOURCE,
            MergeInput {
                op: "RECONCILE".into(),
                pods: vec![valid_pod_json("a", "ns")],
            },
        )
        .unwrap();
    assert!(out.updates.is_empty());
    assert_eq!(out.logs, vec!["Received invalid update type: RECONCILE"]);
    assert!(c.merged_state().is_empty());
}

// ---- Sources ----

use kubegate::duration::Duration;
use kubegate::kubelet::podconfig::apiserver::ApiserverSource;
use kubegate::kubelet::podconfig::file::FileSource;
use kubegate::kubelet::podconfig::http::{HttpResponse, HttpSource};

const WEB: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.25\n";
const DB: &str = "{\"apiVersion\": \"v1\", \"kind\": \"Pod\", \"metadata\": {\"name\": \"db\", \"namespace\": \"data\"}, \"spec\": {\"containers\": [{\"name\": \"pg\", \"image\": \"postgres:16\"}]}}";

fn t(s: &str) -> Timestamp {
    Timestamp::parse_rfc3339(s).unwrap()
}

#[test]
fn file_source_lists_watches_and_feeds_the_merge() {
    let mut src = FileSource::new(
        "/etc/kubernetes/manifests/",
        "Node-A",
        Duration::from_secs(20),
        true,
    )
    .unwrap();
    let mut cfg = PodConfig::new(NotificationMode::Incremental, t("2024-05-01T10:00:00Z"));
    src.write_file("web.yaml", WEB).unwrap();
    src.write_file(".hidden.yaml", "garbage: [").unwrap();
    src.write_file("broken.yaml", "kind: [").unwrap();
    let step = src.tick(t("2024-05-01T10:00:00Z"));
    assert_eq!(step.updates.len(), 1);
    assert_eq!(step.errors.len(), 1, "{:?}", step.errors);
    assert!(
        step.errors[0].starts_with(
            "Could not process manifest file: path=\"/etc/kubernetes/manifests/broken.yaml\""
        ),
        "{:?}",
        step.errors
    );
    let sent = &step.updates[0];
    assert_eq!((sent.op, sent.source.as_str()), (Set, "file"));
    assert_eq!(sent.pods[0].name(), "web-node-a");
    let out = cfg.merge("file", sent.op, sent.pods.clone());
    assert_eq!(out.updates.len(), 1);
    assert_eq!(out.updates[0].op, Add);
    assert_eq!(
        out.updates[0].pods[0].annotation("kubernetes.io/config.source"),
        Some("file")
    );

    // Watch event: a second manifest appears; the full list is sent.
    let step = src.write_file("db.json", DB).unwrap();
    assert_eq!(step.updates[0].pods.len(), 2);
    let out = cfg.merge("file", Set, step.updates[0].pods.clone());
    assert_eq!(
        out.updates.iter().map(|u| u.op).collect::<Vec<_>>(),
        vec![Add]
    );
    assert_eq!(out.updates[0].pods[0].name(), "db-node-a");

    // Unchanged listing: the merge sees nothing new.
    assert!(
        src.tick(t("2024-05-01T10:00:10Z")).updates.is_empty(),
        "not due yet"
    );
    let step = src.tick(t("2024-05-01T10:00:20Z"));
    assert!(cfg
        .merge("file", Set, step.updates[0].pods.clone())
        .updates
        .is_empty());

    // A changed manifest: UPDATE (same UID? no: the UID hashes the content, so REMOVE + ADD).
    let step = src
        .write_file("web.yaml", &WEB.replace("nginx:1.25", "nginx:1.26"))
        .unwrap();
    let ops: Vec<_> = cfg
        .merge("file", Set, step.updates[0].pods.clone())
        .updates
        .iter()
        .map(|u| u.op)
        .collect();
    assert_eq!(ops, vec![Remove, Add]);

    // Removal.
    let step = src.remove_file("db.json").unwrap();
    let out = cfg.merge("file", Set, step.updates[0].pods.clone());
    assert_eq!(out.updates[0].op, Remove);
    assert_eq!(out.updates[0].pods[0].name(), "db-node-a");
}

#[test]
fn file_source_empty_directory_sends_empty_set_and_marks_seen() {
    let mut src = FileSource::new("/m", "n", Duration::from_secs(20), false).unwrap();
    let mut cfg = tester(NotificationMode::Incremental);
    cfg.channel("file");
    let step = src.tick(t("2024-05-01T10:00:00Z"));
    assert_eq!(step.updates.len(), 1);
    assert!(step.updates[0].pods.is_empty());
    let out = cfg.merge("file", Set, vec![]);
    assert_eq!((out.updates[0].op, out.updates[0].pods.len()), (Add, 0));
    // Without the watcher a write is only seen at the next listing.
    assert!(src.write_file("web.yaml", WEB).unwrap().updates.is_empty());
    assert_eq!(src.tick(t("2024-05-01T10:00:20Z")).updates[0].pods.len(), 1);
    assert!(FileSource::new("/m", "n", Duration(0), true).is_err());
    assert!(src.write_file("a/b", WEB).is_err());
}

#[test]
fn file_source_same_pod_in_two_files_collapses_by_key() {
    let mut src = FileSource::new("/m", "n", Duration::from_secs(20), true).unwrap();
    src.write_file("a.yaml", WEB).unwrap();
    src.write_file("b.yaml", &WEB.replace("nginx:1.25", "nginx:2"))
        .unwrap();
    let step = src.tick(t("2024-05-01T10:00:00Z"));
    assert_eq!(
        step.updates[0].pods.len(),
        1,
        "keyed by namespace/name: the later file wins"
    );
    assert_eq!(
        step.updates[0].pods[0].as_value()["spec"]["containers"][0]["image"],
        "nginx:2"
    );
}

#[test]
fn http_source_single_list_empty_and_errors() {
    let mut src = HttpSource::new("http://manifests/node", "n1", Duration::from_secs(20)).unwrap();
    let step = src.tick(t("2024-05-01T10:00:00Z"));
    assert_eq!(step.errors, vec!["Failed to read pods from URL: Get \"http://manifests/node\": dial tcp: connect: connection refused"]);
    src.serve(Some(HttpResponse {
        status: 404,
        body: String::new(),
    }));
    let step = src.tick(t("2024-05-01T10:00:20Z"));
    assert_eq!(
        step.errors,
        vec!["Failed to read pods from URL: http://manifests/node: 404 Not Found"]
    );
    src.serve(Some(HttpResponse {
        status: 200,
        body: String::new(),
    }));
    let step = src.tick(t("2024-05-01T10:00:40Z"));
    assert_eq!(step.updates.len(), 1);
    assert_eq!(
        step.errors,
        vec!["Failed to read pods from URL: zero-length data received from http://manifests/node"]
    );
    src.serve(Some(HttpResponse {
        status: 200,
        body: WEB.into(),
    }));
    let step = src.tick(t("2024-05-01T10:01:00Z"));
    assert_eq!(step.updates[0].pods[0].name(), "web-n1");
    assert!(step.updates[0].pods[0].as_value()["spec"]
        .get("tolerations")
        .is_none());
    assert!(
        src.tick(t("2024-05-01T10:01:20Z")).updates.is_empty(),
        "same data: short circuit"
    );
    let list = "apiVersion: v1\nkind: PodList\nitems:\n- metadata: {name: a}\n  spec: {containers: [{name: c, image: i}]}\n- metadata: {name: b}\n  spec: {containers: [{name: c, image: i}]}\n";
    src.serve(Some(HttpResponse {
        status: 200,
        body: list.into(),
    }));
    let step = src.tick(t("2024-05-01T10:01:40Z"));
    assert_eq!(
        step.updates[0]
            .pods
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        vec!["a-n1", "b-n1"]
    );
    src.serve(Some(HttpResponse {
        status: 200,
        body: "hello".into(),
    }));
    let step = src.tick(t("2024-05-01T10:02:00Z"));
    assert!(step.updates.is_empty());
    assert!(
        step.errors[0].contains("received 'hello', but couldn't parse as single ("),
        "{:?}",
        step.errors
    );
    assert!(
        src.tick(t("2024-05-01T10:02:20Z")).errors.is_empty(),
        "a bad document is reported once"
    );
}

#[test]
fn apiserver_source_waits_for_node_sync_and_filters_by_node() {
    let mut src = ApiserverSource::new("node-1");
    let bound = |name: &str, node: &str| json!({"metadata": {"name": name, "namespace": "default", "uid": format!("uid-{name}")}, "spec": {"nodeName": node, "containers": [{"name": "c", "image": "i"}]}});
    assert!(src
        .upsert_pod(bound("a", "node-1"))
        .unwrap()
        .updates
        .is_empty());
    src.upsert_pod(bound("b", "node-2")).unwrap();
    let step = src.tick(t("2024-05-01T10:00:00Z"));
    assert!(step.updates.is_empty());
    assert!(
        src.tick(t("2024-05-01T10:00:00.5Z")).errors.is_empty(),
        "next check after 1s"
    );
    src.set_node_synced(true);
    let step = src.tick(t("2024-05-01T10:00:01Z"));
    assert_eq!(step.updates[0].source, "api");
    assert_eq!(
        step.updates[0]
            .pods
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        vec!["a"]
    );
    let step = src.upsert_pod(bound("c", "node-1")).unwrap();
    assert_eq!(step.updates[0].pods.len(), 2);
    assert!(src
        .upsert_pod(bound("d", "node-3"))
        .unwrap()
        .updates
        .is_empty());
    let step = src.delete_pod("default", "a");
    assert_eq!(
        step.updates[0]
            .pods
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>(),
        vec!["c"]
    );
    assert!(src.upsert_pod(json!({"metadata": {"name": "x"}})).is_err());
}

/// A source may grow past one update's limit by ADDs, up to MAX_SOURCE_PODS; the update that
/// would take it past is refused whole (nothing changes), and so is one that would take all
/// sources together past MAX_MERGED_PODS. Updates that add no new UID are never refused.
#[test]
fn sources_hold_a_bounded_number_of_pods() {
    use kubegate::kubelet::podconfig::{MAX_MERGED_PODS, MAX_PODS, MAX_SOURCE_PODS};
    let minimal = |i: usize| json!({"metadata": {"name": format!("p{i}"), "uid": format!("u{i}")}});
    let batch = |from: usize, n: usize| (from..from + n).map(minimal).collect::<Vec<_>>();
    let input = |op: &str, pods| MergeInput {
        op: op.into(),
        pods,
    };
    let mut c = tester(NotificationMode::Incremental);
    let mut held = 0;
    while held < MAX_SOURCE_PODS {
        let n = MAX_PODS.min(MAX_SOURCE_PODS - held);
        c.merge_input("a", input("ADD", batch(held, n))).unwrap();
        held += n;
    }
    assert_eq!(c.source_pods("a").len(), MAX_SOURCE_PODS);
    let err = c
        .merge_input("a", input("ADD", batch(held, 1)))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "source \"a\" would hold {} pods; the limit is {MAX_SOURCE_PODS} pods per source",
            MAX_SOURCE_PODS + 1
        )
    );
    assert_eq!(
        c.source_pods("a").len(),
        MAX_SOURCE_PODS,
        "a refused merge changes nothing"
    );
    // Known UIDs do not count again: an UPDATE of stored pods and a REMOVE still go through.
    c.merge_input("a", input("UPDATE", batch(0, 10))).unwrap();
    c.merge_input("a", input("REMOVE", batch(0, 1))).unwrap();
    c.merge_input("a", input("ADD", batch(0, 1))).unwrap();
    // A second full source reaches MAX_MERGED_PODS; a third pod anywhere is refused.
    assert_eq!(MAX_MERGED_PODS, 2 * MAX_SOURCE_PODS);
    let mut held = 0;
    while held < MAX_SOURCE_PODS {
        c.merge_input("b", input("ADD", batch(held, MAX_PODS)))
            .unwrap();
        held += MAX_PODS;
    }
    let err = c.merge_input("c", input("SET", batch(0, 1))).unwrap_err();
    assert_eq!(
        err,
        PodConfigError::TooManyPods {
            source: None,
            would_hold: MAX_MERGED_PODS + 1,
            limit: MAX_MERGED_PODS
        }
    );
    assert!(c.source_pods("c").is_empty());
}

/// The file source's directory and the apiserver source's cluster are bounded: a write or an
/// upsert past the limit is refused with the limit in the message, and nothing changes.
#[test]
fn sources_bound_their_stored_input() {
    use kubegate::duration::Duration;
    use kubegate::kubelet::podconfig::apiserver::ApiserverSource;
    use kubegate::kubelet::podconfig::file::FileSource;
    use kubegate::kubelet::podconfig::{MAX_CLUSTER_PODS, MAX_MANIFEST_BYTES, MAX_MANIFEST_FILES};

    let mut f = FileSource::new(
        "/etc/kubernetes/manifests",
        "n1",
        Duration::from_secs(20),
        true,
    )
    .unwrap();
    for i in 0..MAX_MANIFEST_FILES {
        f.write_file(&format!("m{i}.yaml"), "x").unwrap();
    }
    let err = f.write_file("one-more.yaml", "x").unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("the manifest directory holds {MAX_MANIFEST_FILES} files; the limit is {MAX_MANIFEST_FILES}")
    );
    // Rewriting an existing file is not a new file.
    f.write_file("m0.yaml", "y").unwrap();
    let err = f
        .write_file("m1.yaml", &"a".repeat(MAX_MANIFEST_BYTES))
        .unwrap_err();
    assert!(
        err.to_string()
            .ends_with(&format!("bytes; the limit is {MAX_MANIFEST_BYTES}")),
        "{err}"
    );
    assert_eq!(f.files().get("m1.yaml").map(String::as_str), Some("x"));
    assert_eq!(f.files().len(), MAX_MANIFEST_FILES);

    let mut a = ApiserverSource::new("n1");
    let pod = |i: usize| json!({"metadata": {"name": format!("p{i}"), "uid": format!("u{i}"), "namespace": "default"}});
    for i in 0..MAX_CLUSTER_PODS {
        a.upsert_pod(pod(i)).unwrap();
    }
    let err = a.upsert_pod(pod(MAX_CLUSTER_PODS)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("the cluster holds {MAX_CLUSTER_PODS} pods; the limit is {MAX_CLUSTER_PODS}")
    );
    // An update of a pod already in the cluster still goes through.
    a.upsert_pod(pod(0)).unwrap();
    assert_eq!(a.cluster_pods().len(), MAX_CLUSTER_PODS);
}
