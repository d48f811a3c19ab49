//! The upgrade check across real releases: each finding names the release where the change
//! happened and where the inputs wrote the value. The boundaries come from the release data
//! (`data/releases/README.md` names each source); the texts are the kubelet's own.

use kubegate::kubelet::config::{check_kubelet_upgrade, ResolveInput, UpgradeReport};

const HEADER: &str = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

fn check(from: &str, to: &str, args: &[&str], file: Option<&str>) -> UpgradeReport {
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let mut input = ResolveInput {
        kubelet_version: Some(from.into()),
        ..Default::default()
    };
    if let Some(body) = file {
        args.insert(0, "--config=/etc/kubernetes/kubelet.yaml".into());
        input.files.insert(
            "/etc/kubernetes/kubelet.yaml".into(),
            format!("{HEADER}{body}"),
        );
    }
    input.args = args;
    check_kubelet_upgrade(&input, to).unwrap()
}

fn find<'a>(
    r: &'a UpgradeReport,
    kind: &str,
    subject: &str,
) -> &'a kubegate::kubelet::config::UpgradeFinding {
    r.findings
        .iter()
        .find(|f| f.kind == kind && f.subject == subject)
        .unwrap_or_else(|| panic!("no {kind} finding for {subject}: {:#?}", r.findings))
}

/// `--container-runtime` was deprecated in 1.24 and removed in 1.27 (kubelet reference pages;
/// minikube#16124, microk8s#3861 quote the 1.27 error).
#[test]
fn a_removed_flag_breaks_the_upgrade_once_with_the_kubelets_error() {
    let r = check(
        "1.26",
        "1.28",
        &[
            "--container-runtime=remote",
            "--container-runtime-endpoint=unix:///run/containerd/containerd.sock",
        ],
        None,
    );
    assert!(!r.starts);
    assert_eq!(
        r.error.as_deref(),
        Some("failed to parse kubelet flag: unknown flag: --container-runtime")
    );
    let f = find(&r, "flagRemoved", "--container-runtime");
    assert!(f.breaking);
    assert_eq!(f.release.as_deref(), Some("1.27"));
    assert_eq!(f.flag.as_deref(), Some("--container-runtime"));
    // The startup error is that finding: it is not repeated.
    assert_eq!(
        r.findings.iter().filter(|f| f.breaking).count(),
        1,
        "{:#?}",
        r.findings
    );
    // --container-runtime-endpoint moved into the configuration in 1.27 (kubernetes/website#43935).
    let d = find(&r, "flagDeprecated", "--container-runtime-endpoint");
    assert_eq!(d.release.as_deref(), Some("1.27"));
    assert!(d.message.starts_with("Flag --container-runtime-endpoint has been deprecated, This parameter should be set via the config file"));
}

/// DynamicKubeletConfig: deprecated 1.22, gone from the 1.26 binaries (feature-gates page).
#[test]
fn a_removed_gate_in_the_config_file_points_at_its_line() {
    let r = check(
        "1.24",
        "1.26",
        &[],
        Some("featureGates:\n  DynamicKubeletConfig: false\n"),
    );
    assert!(!r.starts);
    let f = find(&r, "gateUnknown", "DynamicKubeletConfig");
    assert_eq!(f.message, "unrecognized feature gate: DynamicKubeletConfig");
    assert_eq!(f.release.as_deref(), Some("1.26"));
    assert_eq!(f.file.as_deref(), Some("/etc/kubernetes/kubelet.yaml"));
    assert_eq!(f.line, Some(4));
}

/// NodeSwap went GA and locked to true in 1.34.
#[test]
fn a_gate_locked_to_the_other_value_breaks() {
    let r = check("1.33", "1.34", &["--feature-gates=NodeSwap=false"], None);
    let f = find(&r, "gateLocked", "NodeSwap");
    assert_eq!(
        f.message,
        "cannot set feature gate NodeSwap to false, feature is locked to true"
    );
    assert_eq!(f.release.as_deref(), Some("1.34"));
    assert_eq!(f.flag.as_deref(), Some("--feature-gates"));
    assert!(!r.starts);
}

/// kubeAPIQPS/kubeAPIBurst: 5/10 until 1.26, 50/100 from 1.27 (k8s.io/kubelet types.go docs).
#[test]
fn defaults_that_flip_are_named_with_their_release() {
    let r = check("1.25", "1.28", &[], Some("maxPods: 110\n"));
    assert!(r.starts);
    let f = find(&r, "defaultChanged", "kubeAPIQPS");
    assert_eq!(f.message, "the default of kubeAPIQPS changes from 5 to 50");
    assert_eq!(f.release.as_deref(), Some("1.27"));
    assert!(!f.breaking);
    let n = find(&r, "defaultChanged", "containerRuntimeEndpoint");
    assert_eq!(n.release.as_deref(), Some("1.27"));
    assert!(
        n.message
            .starts_with("containerRuntimeEndpoint is new in 1.28"),
        "{}",
        n.message
    );
}

/// logging.sanitization existed 1.20 to 1.23 (k8s.io/component-base config types).
#[test]
fn a_field_the_target_does_not_know_is_dropped_not_fatal() {
    let r = check(
        "1.23",
        "1.24",
        &[],
        Some("logging:\n  sanitization: true\n"),
    );
    assert!(r.starts, "{:?}", r.error);
    let f = find(&r, "fieldRemoved", "logging.sanitization");
    assert_eq!(f.release.as_deref(), Some("1.24"));
    assert_eq!(f.line, Some(4));
    assert!(!f.breaking);
}

#[test]
fn releases_outside_the_data_are_refused() {
    let input = ResolveInput {
        kubelet_version: Some("1.30".into()),
        ..Default::default()
    };
    let e = check_kubelet_upgrade(&input, "1.99").unwrap_err();
    assert!(
        e.message()
            .contains("outside the releases kubegate has data for"),
        "{e}"
    );
}

/// The kubelet registers ValidatingAdmissionPolicy and AdmissionWebhookMatchConditions (so a gate
/// string may name them) but only kube-apiserver and kube-controller-manager read them
/// (gate-components.tsv, from cmd/kubelet's import graph): their new defaults in 1.30 come after
/// what changes for the kubelet, marked; NodeSwap, which the kubelet reads, is not.
#[test]
fn gates_the_kubelet_never_reads_come_last_and_say_so() {
    let r = check("1.27", "1.30", &[], None);
    let vap = find(&r, "gateDefaultChanged", "ValidatingAdmissionPolicy");
    assert!(vap.not_read_by_kubelet);
    assert!(find(&r, "gateDefaultChanged", "AdmissionWebhookMatchConditions").not_read_by_kubelet);
    let swap = find(&r, "gateDefaultChanged", "NodeSwap");
    assert!(!swap.not_read_by_kubelet);
    let first_unread = r
        .findings
        .iter()
        .position(|f| f.not_read_by_kubelet)
        .unwrap();
    assert!(r.findings[first_unread..]
        .iter()
        .all(|f| f.not_read_by_kubelet));
    assert!(r.findings[..first_unread]
        .iter()
        .any(|f| f.subject == "NodeSwap"));
    // a release without reader facts (1.19) marks nothing: unknown is never "not read"
    let old = check("1.18", "1.19", &[], None);
    assert!(old.findings.iter().all(|f| !f.not_read_by_kubelet));
}
