//! Real control-plane artifacts from public projects (`tests/corpus/controlplane/`, each file
//! naming its source in its first line), imported as a cluster holds them and run through the
//! upgrade check at the releases they were written for and the release boundaries after.
//!
//! Each test names the upstream fact it holds kubegate to: a flag's removal as that release's
//! generated command-line reference lists it (kubernetes/website
//! `content/en/docs/reference/command-line-tools-reference/<component>.md`, read by
//! `releases::component_flags`), and what the imports must understand of each file.

#![cfg(all(feature = "control-plane", feature = "kubelet-config"))]

use std::collections::BTreeMap;
use std::path::PathBuf;

use kubegate::components::upgrade::{check_control_plane_upgrade, steps};
use kubegate::components::{check_start, Component, Invocation};
use kubegate::import::invocations::{command_line, Invocations};
use kubegate::import::manifests::{self, ManifestFile};
use kubegate::import::{kubeadm, kubeproxy};
use kubegate::releases::Release;

fn corpus(path: &str) -> (String, String) {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus/controlplane")
        .join(path);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    (path.to_string(), text)
}

fn r(m: u16) -> Release {
    Release::new(m).unwrap()
}

fn manifests_of(paths: &[&str], files: &BTreeMap<String, String>) -> Invocations {
    let read: Vec<(String, String)> = paths.iter().map(|p| corpus(p)).collect();
    let inputs: Vec<ManifestFile<'_>> = read
        .iter()
        .map(|(name, text)| ManifestFile { name, text })
        .collect();
    manifests::parse(&inputs, &|p| files.get(p).cloned()).unwrap()
}

fn of(imported: &Invocations, c: Component) -> &Invocation {
    imported
        .invocations
        .iter()
        .find(|i| i.component == c)
        .unwrap_or_else(|| panic!("no {c:?} in {imported:#?}"))
}

/// kubeadm 1.16's three static pods.
const KUBEADM_1_16: [&str; 3] = [
    "kubeadm-1.16/kube-apiserver.yaml",
    "kubeadm-1.16/kube-controller-manager.yaml",
    "kubeadm-1.16/kube-scheduler.yaml",
];

/// kubeadm 1.16's static pods (MaxxMoney/kubeadm_etc_kubernetes): they start at 1.16, and
/// kube-apiserver's `--insecure-port=0`, which kubeadm wrote until 1.19, stops it from 1.24 on
/// (the 1.24 kube-apiserver reference no longer lists the flag); the others start through 1.26.
#[test]
fn kubeadm_1_16_static_pods() {
    let got = manifests_of(&KUBEADM_1_16, &BTreeMap::new());
    assert_eq!(got.invocations.len(), 3, "{got:#?}");
    assert_eq!(got.release().as_deref(), Some("1.16"));
    let api = of(&got, Component::KubeApiserver);
    assert_eq!(api.args.len(), 26);
    let insecure = api.args.iter().find(|a| a.name == "insecure-port").unwrap();
    assert_eq!(insecure.value.as_deref(), Some("0"));
    assert_eq!(insecure.at.line, Some(25), "the header comment is line 1");
    for inv in &got.invocations {
        assert!(
            check_start(inv, r(16)).starts,
            "{:?} at 1.16",
            inv.component
        );
    }
    let report = check_control_plane_upgrade(&got.invocations, r(16), r(26));
    assert!(!report.starts);
    let api = &report.components[0];
    assert!(api.starts_before && !api.starts);
    assert_eq!(api.problems.len(), 1, "{api:#?}");
    assert_eq!(
        api.problems[0].error.to_string(),
        "unknown flag: --insecure-port"
    );
    assert_eq!(api.problems[0].arrives.as_deref(), Some("1.24"));
    assert!(
        report.components[1..].iter().all(|c| c.starts),
        "{report:#?}"
    );
    // Just before the removal, it still starts.
    assert!(check_control_plane_upgrade(&got.invocations, r(16), r(23)).starts);
    // Gate defaults that flip are listed only for gates the component reads.
    let kcm = &report.components[1];
    assert!(kcm.changes.iter().any(|c| c.gate == "CSIMigrationAWS"));
    assert!(api.changes.iter().all(|c| c.gate != "CSIMigrationAWS"));
}

/// The OpenTelemetry kubeadm demo's kube-apiserver at 1.25.3 (sallyom/otel-kubeadm): its
/// `--tracing-config-file` names a path in the container whose hostPath volume is the host's
/// /tmp/trace; the TracingConfiguration given for that host path is the file checked.
/// `KubeletTracing` arrived in 1.25 (the 1.25 feature gate list), so 1.24 refuses the gates.
#[test]
fn otel_kubeadm_tracing_apiserver() {
    let (_, trace) = corpus("otel-kubeadm-1.25/trace.yaml");
    let mut files = BTreeMap::new();
    files.insert("/tmp/trace/trace.yaml".to_string(), trace);
    let got = manifests_of(&["otel-kubeadm-1.25/kube-apiserver.yaml"], &files);
    let api = of(&got, Component::KubeApiserver);
    assert_eq!(api.files.len(), 1);
    assert_eq!(api.files[0].flag, "tracing-config-file");
    assert_eq!(api.files[0].path, "/var/lib/trace/trace.yaml");
    assert!(api.files[0]
        .text
        .as_deref()
        .is_some_and(|t| t.contains("TracingConfiguration")));
    assert_eq!(got.release().as_deref(), Some("1.25"));
    let at_125 = check_start(api, r(25));
    assert!(at_125.starts, "{at_125:#?}");
    let at_124 = check_start(api, r(24));
    assert!(!at_124.starts);
    assert!(
        at_124.errors.iter().any(|e| e
            .to_string()
            .contains("unrecognized feature gate: KubeletTracing")),
        "{at_124:#?}"
    );
}

/// kubeadm's own v1beta4 example (kubernetes/website kubeadm-config.v1beta4.md): list-shaped
/// extraArgs with their lines, extraVolumes, and `proxy.disabled` (no kube-proxy deployed, so
/// its KubeProxyConfiguration is left out). The example's `scheduler.extraArgs` sets
/// `--address`: the 1.23 kube-scheduler deprecates it ("will be removed in v1.24") and the
/// 1.24 one no longer registers it.
#[test]
fn kubeadm_docs_v1beta4_example() {
    let (name, text) = corpus("kubeadm-docs-v1beta4.yaml");
    let got = kubeadm::invocations(&text, &name, &|_| None).unwrap();
    let comps: Vec<Component> = got.invocations.iter().map(|i| i.component).collect();
    assert_eq!(
        comps,
        vec![
            Component::KubeApiserver,
            Component::KubeControllerManager,
            Component::KubeScheduler
        ]
    );
    assert!(got
        .ignored
        .iter()
        .any(|n| n.what.starts_with("proxy.disabled")));
    assert_eq!(got.release().as_deref(), Some("1.21"));
    let sched = of(&got, Component::KubeScheduler);
    assert_eq!(sched.args[0].name, "address");
    assert_eq!(sched.args[0].at.line, Some(43));
    let report = check_control_plane_upgrade(&got.invocations, r(21), r(25));
    let s = report
        .components
        .iter()
        .find(|c| c.component == Component::KubeScheduler)
        .unwrap();
    assert!(s.starts_before && !s.starts);
    assert_eq!(s.problems[0].error.to_string(), "unknown flag: --address");
    assert_eq!(s.problems[0].arrives.as_deref(), Some("1.24"));
    let on_the_way = check_control_plane_upgrade(&got.invocations, r(21), r(23));
    let s = on_the_way
        .components
        .iter()
        .find(|c| c.component == Component::KubeScheduler)
        .unwrap();
    assert!(s.starts);
    let w = s.printed_warnings().next().expect("the deprecation");
    assert!(
        w.warning
            .message
            .starts_with("Flag --address has been deprecated"),
        "{w:?}"
    );
    assert_eq!(w.arrives.as_deref(), Some("1.23"));
}

/// Hand-run binaries of a bare-metal guide (jwreagor/k8s-bare-metal): shell scripts whose
/// `${VAR}` references the input does not define stay as written (and said), each argument
/// with its line after the `\` continuations.
#[test]
fn bare_metal_start_scripts() {
    let (name, text) = corpus("k8s-bare-metal/start-kube-scheduler.sh");
    let got = command_line(&text, &name, None, &BTreeMap::new(), &|_| None).unwrap();
    let sched = of(&got, Component::KubeScheduler);
    let names: Vec<&str> = sched.args.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, vec!["leader-elect", "master", "v"]);
    assert_eq!(sched.args[1].at.line, Some(6));
    assert!(check_start(sched, r(16)).starts);

    let (name, text) = corpus("k8s-bare-metal/start-kube-apiserver.sh");
    let got = command_line(&text, &name, None, &BTreeMap::new(), &|_| None).unwrap();
    let api = of(&got, Component::KubeApiserver);
    assert!(
        got.ignored.iter().any(|n| n.what.contains("${IP}")),
        "{:#?}",
        got.ignored
    );
    let adv = api
        .args
        .iter()
        .find(|a| a.name == "advertise-address")
        .unwrap();
    assert_eq!(
        (adv.value.as_deref(), adv.at.line),
        (Some("${IP}"), Some(6))
    );
    // The unexpanded `${IP}` already fails the start at 1.16, and the upgrade check says so and
    // still answers. `--enable-swagger-ui` is in no reference page, but k8s.io/apiserver
    // registers it deprecated (hidden) through 1.23: a notice, not an error.
    let report = check_control_plane_upgrade(&got.invocations, r(16), r(17));
    let c = &report.components[0];
    assert!(!c.starts_before);
    assert!(c.problems.iter().any(|p| p.already
        && p.error.to_string()
            == r#"invalid argument "${IP}" for "--advertise-address" flag: failed to parse IP: "${IP}""#));
    assert!(c
        .problems
        .iter()
        .all(|p| !p.error.to_string().contains("swagger")));
    assert!(c.warnings.iter().any(|w| w
        .warning
        .message
        .starts_with("Flag --enable-swagger-ui has been deprecated")));
}

/// A kube-proxy ConfigMap as kubeadm writes it: `config.conf` is kube-proxy's `--config`.
#[test]
fn kube_proxy_configmap() {
    let cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kube-proxy\n  namespace: kube-system\ndata:\n  config.conf: |-\n    apiVersion: kubeproxy.config.k8s.io/v1alpha1\n    kind: KubeProxyConfiguration\n    mode: ipvs\n";
    let got = kubeproxy::parse(cm, "kube-proxy.yaml").unwrap();
    let p = of(&got, Component::KubeProxy);
    assert!(check_start(p, r(30)).starts, "{:#?}", check_start(p, r(30)));
}

#[test]
fn steps_include_every_minor() {
    assert_eq!(steps(r(16), r(19)), vec![r(17), r(18), r(19)]);
}

/// A unit's config file, given by its path on the host.
fn unit_with_files(unit: &str, files: &[(&str, &str)]) -> Invocations {
    let (name, text) = corpus(unit);
    let map: BTreeMap<String, String> = files
        .iter()
        .map(|(path, fixture)| (path.to_string(), corpus(fixture).1))
        .collect();
    command_line(&text, &name, None, &BTreeMap::new(), &|p| {
        map.get(p).cloned()
    })
    .unwrap()
}

/// Kubernetes the Hard Way at 1.21 (kelseyhightower/kubernetes-the-hard-way 1.21.0): the
/// scheduler's KubeSchedulerConfiguration is `kubescheduler.config.k8s.io/v1beta1`, which the
/// 1.23 kube-scheduler no longer registers (v1beta1 removed in 1.23,
/// `pkg/scheduler/apis/config/v1beta1` gone from that release's tree).
#[test]
fn kthw_1_21_scheduler_config_version() {
    let got = unit_with_files(
        "kthw-1.21/kube-scheduler.service",
        &[(
            "/etc/kubernetes/config/kube-scheduler.yaml",
            "kthw-1.21/kube-scheduler.yaml",
        )],
    );
    let sched = of(&got, Component::KubeScheduler);
    assert_eq!(sched.files.len(), 1);
    assert!(check_start(sched, r(21)).starts);
    assert!(check_start(sched, r(22)).starts);
    let report = check_control_plane_upgrade(&got.invocations, r(21), r(26));
    let c = &report.components[0];
    assert!(c.starts_before && !c.starts);
    let p = &c.problems[0];
    assert!(
        p.error.to_string().starts_with(
            "no kind \"KubeSchedulerConfiguration\" is registered for version \"kubescheduler.config.k8s.io/v1beta1\""
        ),
        "{p:?}"
    );
    assert_eq!(p.arrives.as_deref(), Some("1.23"));
    assert_eq!(
        p.error.location().file.as_deref(),
        Some("/etc/kubernetes/config/kube-scheduler.yaml")
    );
}

/// Kubernetes the Hard Way at 1.32: its scheduler config is `kubescheduler.config.k8s.io/v1`,
/// first registered in 1.25, so a downgrade to 1.24 refuses it; its kube-apiserver (with an
/// EncryptionConfiguration) and kube-proxy (with a KubeProxyConfiguration) start.
#[test]
fn kthw_1_32_units_and_configs() {
    let got = unit_with_files(
        "kthw-1.32/kube-scheduler.service",
        &[(
            "/etc/kubernetes/config/kube-scheduler.yaml",
            "kthw-1.32/kube-scheduler.yaml",
        )],
    );
    let sched = of(&got, Component::KubeScheduler);
    assert!(check_start(sched, r(25)).starts);
    assert!(!check_start(sched, r(24)).starts);
    let down = check_control_plane_upgrade(&got.invocations, r(32), r(24));
    assert_eq!(
        down.components[0].problems[0].arrives.as_deref(),
        Some("1.24")
    );

    let api = unit_with_files(
        "kthw-1.32/kube-apiserver.service",
        &[(
            "/var/lib/kubernetes/encryption-config.yaml",
            "kthw-1.32/encryption-config.yaml",
        )],
    );
    let inv = of(&api, Component::KubeApiserver);
    assert!(inv.files[0].text.is_some());
    let at = check_start(inv, r(32));
    assert!(at.starts, "{at:#?}");

    let proxy = unit_with_files(
        "kthw-1.32/kube-proxy.service",
        &[(
            "/var/lib/kube-proxy/kube-proxy-config.yaml",
            "kthw-1.32/kube-proxy-config.yaml",
        )],
    );
    assert!(check_start(of(&proxy, Component::KubeProxy), r(32)).starts);
}

/// The EncryptionConfig that Kubernetes the Hard Way shipped until 2025 (`kind:
/// EncryptionConfig`, `apiVersion: v1`): kube-apiserver accepts it in every release from 1.16
/// on, because k8s.io/apiserver registers that legacy kind beside EncryptionConfiguration
/// (`pkg/apis/config/v1/register.go`, `pkg/apis/apiserver/v1/register.go` from 1.30:
/// `AddKnownTypeWithName({Group: "", Version: "v1", Kind: "EncryptionConfig"}, ...)`).
#[test]
fn kthw_legacy_encryption_config_is_accepted() {
    let api = unit_with_files(
        "kthw-1.32/kube-apiserver.service",
        &[(
            "/var/lib/kubernetes/encryption-config.yaml",
            "kthw-2024/encryption-config.yaml",
        )],
    );
    let inv = of(&api, Component::KubeApiserver);
    for m in [16, 21, 32] {
        let at = check_start(inv, r(m));
        assert!(at.starts, "1.{m}: {at:#?}");
    }
}

/// A kube-apiserver unit of a 1.16 binary cluster (lijunyong/kubernetes-1.16): it ran at 1.16
/// with `--enable-swagger-ui=true`, a flag the reference pages never list because k8s.io/apiserver
/// registers it deprecated, so hidden (`pkg/server/options/feature.go`, `MarkDeprecated(
/// "enable-swagger-ui", "swagger 1.2 support has been removed")`, kubernetes-1.16.0..1.23.0).
/// It starts through 1.21 with deprecation notices; `--kubelet-https` (removed in 1.22, as its
/// notice says) stops it at 1.22; at 1.24 `--enable-swagger-ui` goes too and, first on the
/// command line, is the error the binary prints.
#[test]
fn lijunyong_1_16_apiserver_unit() {
    let got = unit_with_files("lijunyong-1.16/kube-apiserver.service", &[]);
    let api = of(&got, Component::KubeApiserver);
    for m in [16, 19, 21] {
        let at = check_start(api, r(m));
        assert!(at.starts, "1.{m}: {:#?}", at.errors);
        assert!(
            at.warnings.iter().any(|w| w.message
                == "Flag --enable-swagger-ui has been deprecated, swagger 1.2 support has been removed"),
            "1.{m}: {:#?}",
            at.warnings
        );
    }
    let at = check_start(api, r(22));
    let errors: Vec<String> = at.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors, ["unknown flag: --kubelet-https"]);
    let at = check_start(api, r(24));
    assert_eq!(
        at.errors[at.first_error.unwrap()].to_string(),
        "unknown flag: --enable-swagger-ui"
    );
    assert_eq!(
        at.errors[0].location().line,
        Some(19),
        "the header comment is line 1"
    );
    let report = check_control_plane_upgrade(&got.invocations, r(16), r(24));
    let c = &report.components[0];
    let arrivals: Vec<(String, Option<&str>)> = c
        .problems
        .iter()
        .map(|p| (p.error.to_string(), p.arrives.as_deref()))
        .collect();
    assert_eq!(
        arrivals,
        [
            (
                "unknown flag: --enable-swagger-ui".to_string(),
                Some("1.24")
            ),
            ("unknown flag: --kubelet-https".to_string(), Some("1.22")),
            (
                "unknown flag: --insecure-bind-address".to_string(),
                Some("1.24")
            ),
        ]
    );
}

/// A gate the `from` binary does not know and the `to` binary turns on by default changes what
/// the component does without a word in its command line: kubeadm 1.16's kube-apiserver going
/// to 1.17 gains AllowInsecureBackendProxy (k8s.io/apiserver pkg/features, Beta and on from
/// 1.17), listed as new for the kube-apiserver, which reads it, and for no other component.
#[test]
fn gates_new_and_on_by_default_are_changes() {
    let got = manifests_of(&KUBEADM_1_16, &BTreeMap::new());
    let report = check_control_plane_upgrade(&got.invocations, r(16), r(17));
    let api = &report.components[0];
    assert_eq!(api.component, Component::KubeApiserver);
    let c = api
        .changes
        .iter()
        .find(|c| c.gate == "AllowInsecureBackendProxy")
        .unwrap_or_else(|| panic!("{:#?}", api.changes));
    assert!(c.new && !c.before && c.after);
    assert_eq!(c.arrives.as_deref(), Some("1.17"));
    assert_eq!(
        c.message,
        "AllowInsecureBackendProxy is new and on by default (Beta in 1.17)"
    );
    assert!(report.components[1..].iter().all(|c| c
        .changes
        .iter()
        .all(|c| c.gate != "AllowInsecureBackendProxy")));
    // From a release that knows it, it is no change.
    let report = check_control_plane_upgrade(&got.invocations, r(17), r(18));
    assert!(report.components[0]
        .changes
        .iter()
        .all(|c| c.gate != "AllowInsecureBackendProxy"));
}

/// A CKS lab's kubeadm v1beta2 config (vmware-ysung/cks-centos) turns EphemeralContainers on
/// for all three control-plane components (and the kubelet). Alpha from 1.16 (so the lab set
/// it), GA and locked on in 1.25 (the binaries print `Setting GA feature gate
/// EphemeralContainers=true. It will be removed in a future release.`), and gone from the gate
/// list in 1.27: every component refuses the gate there, the kube-apiserver on its line.
#[test]
fn cks_kubeadm_ephemeral_containers() {
    let (name, text) = corpus("cks-centos/kubeadm-config.yaml");
    let got = kubeadm::invocations(&text, &name, &|_| None).unwrap();
    assert_eq!(got.invocations.len(), 3, "{got:#?}");
    assert_eq!(
        got.release(),
        None,
        "kubernetesVersion is a template variable"
    );
    for inv in &got.invocations {
        assert!(
            check_start(inv, r(20)).starts,
            "{:?} at 1.20",
            inv.component
        );
        let at = check_start(inv, r(25));
        assert!(at.starts, "{:?}", inv.component);
        assert!(at.warnings.iter().any(|w| w.message
            == "Setting GA feature gate EphemeralContainers=true. It will be removed in a future release."));
    }
    let report = check_control_plane_upgrade(&got.invocations, r(20), r(27));
    assert!(!report.starts);
    for c in &report.components {
        assert!(c.starts_before && !c.starts, "{:?}", c.component);
        assert_eq!(c.problems.len(), 1, "{c:#?}");
        assert_eq!(
            c.problems[0].error.to_string(),
            r#"invalid argument "EphemeralContainers=true" for "--feature-gates" flag: unrecognized feature gate: EphemeralContainers"#
        );
        assert_eq!(c.problems[0].arrives.as_deref(), Some("1.27"));
    }
    let api = of(&got, Component::KubeApiserver);
    assert_eq!(
        check_start(api, r(27)).errors[0].location().line,
        Some(21),
        "the header comment is line 1"
    );
    assert!(check_control_plane_upgrade(&got.invocations, r(20), r(26)).starts);
}
