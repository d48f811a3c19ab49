//! Does a control-plane component of a release start: the start check against each release
//! boundary, named after the upstream source that decides it. Flag sets: the command-line
//! reference pages of kubernetes/website per release and the component sources openshift/microshift
//! carries (`releases::component_flags`); config kinds: the staging repositories' `register.go`
//! at `kubernetes-1.N.0` (`releases::component_configs`).

#![cfg(all(feature = "control-plane", feature = "kubelet-config"))]

use kubegate::components::{
    check_start, Component, ComponentErrorKind, ConfigFile, Invocation, InvocationArg,
    SourceLocation, StartReport, StartWarningKind,
};
use kubegate::releases::Release;

fn rel(m: u16) -> Release {
    Release::new(m).unwrap()
}

fn inv(component: Component, args: &[&str]) -> Invocation {
    Invocation {
        component,
        args: args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                // One dash: pflag's shorthand cluster, kept as written.
                let shorthand = a.starts_with('-') && !a.starts_with("--");
                let a = a.trim_start_matches('-');
                let (name, value) = match a.split_once('=') {
                    Some((n, v)) if !shorthand => (n.to_string(), Some(v.to_string())),
                    _ => (a.to_string(), None),
                };
                InvocationArg {
                    name,
                    value,
                    shorthand,
                    at: SourceLocation {
                        file: Some("kube.yaml".into()),
                        line: Some(i + 1),
                    },
                }
            })
            .collect(),
        files: Vec::new(),
    }
}

fn check(component: Component, m: u16, args: &[&str]) -> StartReport {
    check_start(&inv(component, args), rel(m))
}

fn errors(r: &StartReport) -> Vec<String> {
    r.errors.iter().map(|e| e.to_string()).collect()
}

fn scheduler_config(m: u16, api_version: &str) -> StartReport {
    let mut i = inv(
        Component::KubeScheduler,
        &["--config=/etc/kubernetes/sched.yaml"],
    );
    i.files.push(ConfigFile {
        flag: "config".into(),
        path: "/etc/kubernetes/sched.yaml".into(),
        text: Some(format!(
            "apiVersion: {api_version}\nkind: KubeSchedulerConfiguration\nclientConnection:\n  kubeconfig: /etc/kubernetes/scheduler.conf\n"
        )),
    });
    check_start(&i, rel(m))
}

/// kube-apiserver `--insecure-port`: MarkDeprecated (pkg/kubeapiserver/options/serving.go),
/// inert from 1.20 with the text real binaries print; the 1.24 apiserver no longer registers it
/// (CHANGELOG-1.24; the 1.24 reference page and the 1.25 tree lack it).
#[test]
fn apiserver_insecure_port_deprecated_until_1_23_unknown_from_1_24() {
    let r = check(Component::KubeApiserver, 23, &["--insecure-port=0"]);
    assert!(r.starts, "{:?}", r.errors);
    assert_eq!(
        r.warnings[0].message,
        "Flag --insecure-port has been deprecated, This flag has no effect now and will be removed in v1.24."
    );
    assert_eq!(r.warnings[0].kind, StartWarningKind::DeprecatedFlag);
    let r = check(Component::KubeApiserver, 24, &["--insecure-port=0"]);
    assert!(!r.starts);
    assert_eq!(errors(&r), vec!["unknown flag: --insecure-port"]);
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::UnknownFlag);
    assert_eq!(r.errors[0].location().line, Some(1));
}

/// KubeSchedulerConfiguration kubescheduler.config.k8s.io/v1beta1: registered by
/// k8s.io/kube-scheduler config/v1beta1/register.go at kubernetes-1.19.0..1.22.0, absent at
/// kubernetes-1.23.0; v1beta3 absent at kubernetes-1.29.0; v1 from kubernetes-1.25.0.
#[test]
fn scheduler_config_versions_follow_kube_scheduler_register_go() {
    assert!(scheduler_config(22, "kubescheduler.config.k8s.io/v1beta1").starts);
    let r = scheduler_config(23, "kubescheduler.config.k8s.io/v1beta1");
    assert_eq!(
        errors(&r),
        vec![
            "no kind \"KubeSchedulerConfiguration\" is registered for version \"kubescheduler.config.k8s.io/v1beta1\" in scheme \"k8s.io/kubernetes/pkg/scheduler/apis/config/scheme/scheme.go:30\""
        ]
    );
    assert_eq!(
        r.errors[0].kind(),
        ComponentErrorKind::ConfigKindNotRegistered
    );
    assert_eq!(r.errors[0].location().line, Some(1));
    assert!(scheduler_config(28, "kubescheduler.config.k8s.io/v1beta3").starts);
    assert!(!scheduler_config(29, "kubescheduler.config.k8s.io/v1beta3").starts);
    assert!(!scheduler_config(24, "kubescheduler.config.k8s.io/v1").starts);
    assert!(scheduler_config(25, "kubescheduler.config.k8s.io/v1").starts);
}

#[test]
fn every_error_is_reported_and_the_first_is_the_one_printed() {
    let r = check(
        Component::KubeScheduler,
        30,
        &[
            "--nope=1",
            "--leader-elect=maybe",
            "--feature-gates=NoSuchGate=true",
        ],
    );
    assert_eq!(r.first_error, Some(0));
    assert_eq!(
        errors(&r),
        vec![
            "unknown flag: --nope".to_string(),
            "invalid argument \"maybe\" for \"--leader-elect\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax".to_string(),
            "invalid argument \"NoSuchGate=true\" for \"--feature-gates\" flag: unrecognized feature gate: NoSuchGate".to_string(),
        ]
    );
}

fn with_file(mut i: Invocation, flag: &str, path: &str, text: &str) -> Invocation {
    i.files.push(ConfigFile {
        flag: flag.into(),
        path: path.into(),
        text: Some(text.into()),
    });
    i
}

/// pflag: a bool takes `--x=false` and a bare `--x`; a typed flag without a value is refused;
/// names are normalized `_` to `-` (cliflag.WordSepNormalizeFunc); `-v` is a shorthand.
#[test]
fn pflag_rules_for_control_plane_flags() {
    let r = check(
        Component::KubeScheduler,
        30,
        &[
            "--leader-elect=false",
            "--leader_elect",
            "-v=4",
            "--secure-port",
        ],
    );
    assert_eq!(errors(&r), vec!["flag needs an argument: --secure-port"]);
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::FlagNeedsArgument);
    assert_eq!(r.errors[0].flag(), Some("secure-port"));
    let r = check(Component::KubeScheduler, 30, &["-x"]);
    assert_eq!(errors(&r), vec!["unknown shorthand flag: 'x' in -x"]);
    let r = check(Component::KubeApiserver, 30, &["--bind-address=nowhere"]);
    assert_eq!(
        errors(&r),
        vec![
            r#"invalid argument "nowhere" for "--bind-address" flag: failed to parse IP: "nowhere""#
        ]
    );
    let r = check(Component::KubeProxy, 30, &["--bind-address=nowhere"]);
    assert_eq!(
        errors(&r),
        vec![
            r#"invalid argument "nowhere" for "--bind-address" flag: "nowhere" is not a valid IP address"#
        ]
    );
    let r = check(Component::KubeApiserver, 30, &["-v=x"]);
    assert_eq!(
        errors(&r),
        vec![
            r#"invalid argument "x" for "-v, --v" flag: strconv.ParseUint: parsing "x": invalid syntax"#
        ]
    );
}

/// The 1.31+ compatibility registry (k8s.io/component-base compatibility/registry.go `Set`):
/// the gate's own error unwrapped, and `kube:`-prefixed and bare gates may not be mixed.
#[test]
fn feature_gates_through_the_compatibility_registry_from_1_31() {
    let r = check(
        Component::KubeApiserver,
        33,
        &["--feature-gates=NoSuchGate=true"],
    );
    assert_eq!(errors(&r), vec!["unrecognized feature gate: NoSuchGate"]);
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::FeatureGate);
    let r = check(
        Component::KubeApiserver,
        33,
        &["--feature-gates=kube:APIServerTracing=true,MutatingAdmissionPolicy=true"],
    );
    assert_eq!(
        errors(&r),
        vec!["set kube feature gates with default empty prefix or kube: prefix consistently, do not mix use"]
    );
    let r = check(
        Component::KubeScheduler,
        33,
        &["--feature-gates=wardle:Banana=true"],
    );
    assert_eq!(errors(&r), vec!["component not registered: wardle"]);
    // kube-proxy is not in the registry: cliflag.MapStringBool while parsing (syntax), then its
    // Complete step's SetFromMap, wrapped by the command (cmd/kube-proxy/app/server.go of the
    // 1.33 tree: "failed complete: %w").
    let r = check(
        Component::KubeProxy,
        33,
        &["--feature-gates=NoSuchGate=true"],
    );
    assert_eq!(
        errors(&r),
        vec!["failed complete: unrecognized feature gate: NoSuchGate"]
    );
    let r = check(
        Component::KubeProxy,
        33,
        &["--feature-gates=NoSuchGate=maybe"],
    );
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::InvalidFlagValue);
    assert!(
        r.errors[0]
            .to_string()
            .starts_with(r#"invalid argument "NoSuchGate=maybe" for "--feature-gates" flag: "#),
        "{}",
        r.errors[0]
    );
}

/// The release's gate warnings (component-base feature_gate.go: klog's "Setting GA feature gate"
/// before 1.36), and kubegate's note for a gate this component's code does not read
/// (releases::gates READERS: CPUManager is read by the kubelet alone in 1.30).
#[test]
fn gate_warnings_and_gates_the_component_does_not_read() {
    let r = check(
        Component::KubeApiserver,
        30,
        &["--feature-gates=ServerSideApply=true,CPUManager=true"],
    );
    assert!(r.starts, "{:?}", r.errors);
    let msgs: Vec<_> = r
        .warnings
        .iter()
        .map(|w| (w.kind, w.message.as_str()))
        .collect();
    assert!(msgs.contains(&(
        StartWarningKind::FeatureGate,
        "Setting GA feature gate ServerSideApply=true. It will be removed in a future release."
    )));
    assert!(msgs.contains(&(
        StartWarningKind::GateNotRead,
        "feature gate CPUManager is accepted, but kube-apiserver's code does not read it in 1.30"
    )));
}

/// `--emulated-version` (1.31+): within three minors below the binary, never below 1.31
/// (k8s.io/component-base compatibility: `emulation version X is not between [min, binary]`).
#[test]
fn emulated_version_range() {
    let r = check(Component::KubeApiserver, 36, &["--emulated-version=1.34"]);
    assert!(r.starts, "{:?}", r.errors);
    assert_eq!(r.emulation_version, "1.34");
    let r = check(
        Component::KubeApiserver,
        36,
        &["--emulated-version=kube=1.32"],
    );
    assert_eq!(
        errors(&r),
        vec!["emulation version 1.32 is not between [1.33, 1.36]"]
    );
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::EmulatedVersion);
    // Not a flag before 1.31.
    let r = check(Component::KubeApiserver, 30, &["--emulated-version=1.30"]);
    assert_eq!(errors(&r), vec!["unknown flag: --emulated-version"]);
}

/// The scheduler's notice for a deprecated config version (cmd/kube-scheduler/app/options/
/// configfile.go of the 1.26 tree), and a registered kind that is not the configuration
/// (the legacy Policy of kubescheduler.config.k8s.io/v1, k8s.io/kube-scheduler
/// config/v1/register.go at kubernetes-1.22.0).
#[test]
fn scheduler_config_notices_and_other_kinds() {
    let r = scheduler_config(26, "kubescheduler.config.k8s.io/v1beta2");
    assert!(r.starts);
    assert_eq!(
        r.warnings
            .iter()
            .find(|w| w.kind == StartWarningKind::DeprecatedConfig)
            .map(|w| w.message.as_str()),
        Some("KubeSchedulerConfiguration v1beta2 is deprecated in v1.25, will be removed in v1.28")
    );
    let i = with_file(
        inv(Component::KubeScheduler, &["--config=/p.yaml"]),
        "config",
        "/p.yaml",
        "apiVersion: kubescheduler.config.k8s.io/v1\nkind: Policy\n",
    );
    let r = check_start(&i, rel(22));
    assert_eq!(
        errors(&r),
        vec!["couldn't decode as KubeSchedulerConfiguration, got kubescheduler.config.k8s.io/v1, Kind=Policy: "]
    );
}

/// kube-proxy's loader (cmd/kube-proxy/app/options.go of the 1.33 tree) wraps the decoder's
/// error (`failed to decode: no kind ...` in the scheme of pkg/proxy/apis/config/scheme), and
/// its command wraps the Complete step that loads it (`failed complete: `).
#[test]
fn proxy_config_version_not_registered() {
    let i = with_file(
        inv(
            Component::KubeProxy,
            &["--config=/var/lib/kube-proxy/config.conf"],
        ),
        "config",
        "/var/lib/kube-proxy/config.conf",
        "apiVersion: kubeproxy.config.k8s.io/v1alpha2\nkind: KubeProxyConfiguration\n",
    );
    let r = check_start(&i, rel(33));
    assert_eq!(
        errors(&r),
        vec![
            r#"failed complete: failed to decode: no kind "KubeProxyConfiguration" is registered for version "kubeproxy.config.k8s.io/v1alpha2" in scheme "k8s.io/kubernetes/pkg/proxy/apis/config/scheme/scheme.go:29""#
        ]
    );
    let ok = with_file(
        inv(Component::KubeProxy, &[]),
        "config",
        "/c",
        "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\n",
    );
    assert!(check_start(&ok, rel(33)).starts);
}

/// The apiserver's file-valued flags: EncryptionConfiguration apiserver.config.k8s.io/v1 is
/// registered in every release (k8s.io/apiserver pkg/apis/config/v1, later
/// pkg/apis/apiserver/v1); AuthenticationConfiguration v1alpha1 arrives in 1.29 and v1 in 1.34
/// (pkg/apis/apiserver/*/register.go at kubernetes-1.29.0 / 1.34.0).
#[test]
fn apiserver_file_kinds() {
    let file = |m: u16, flag: &str, text: &str| {
        let i = with_file(
            inv(Component::KubeApiserver, &[]),
            flag,
            "/etc/kubernetes/f.yaml",
            text,
        );
        check_start(&i, rel(m))
    };
    let enc =
        "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources: []\n";
    assert!(file(16, "encryption-provider-config", enc).starts);
    assert!(file(37, "encryption-provider-config", enc).starts);
    let authn = "apiVersion: apiserver.config.k8s.io/v1\nkind: AuthenticationConfiguration\n";
    assert!(!file(33, "authentication-config", authn).starts);
    assert!(file(34, "authentication-config", authn).starts);
    let r = file(33, "authentication-config", authn);
    assert_eq!(
        r.errors[0].to_string(),
        r#"no kind "AuthenticationConfiguration" is registered for version "apiserver.config.k8s.io/v1""#
    );
    assert_eq!(r.errors[0].file(), Some("/etc/kubernetes/f.yaml"));
}

#[test]
fn the_kubelet_is_not_checked_here() {
    let r = check(Component::Kubelet, 30, &["--v=2"]);
    assert!(!r.starts);
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::UnsupportedComponent);
}

#[test]
fn report_serializes_in_camel_case() {
    let r = check(Component::KubeApiserver, 24, &["--insecure-port=0"]);
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["component"], "kube-apiserver");
    assert_eq!(v["starts"], false);
    assert_eq!(v["firstError"], 0);
    assert_eq!(v["emulationVersion"], "1.24");
    assert_eq!(v["errors"][0]["kind"], "unknownFlag");
    assert_eq!(v["errors"][0]["message"], "unknown flag: --insecure-port");
    assert_eq!(v["errors"][0]["flag"], "insecure-port");
    assert_eq!(v["errors"][0]["line"], 1);
}

/// kube-apiserver 1.20..1.23 (kubernetes/kubernetes#95856): the insecure flags are inert, print
/// "This flag has no effect now and will be removed in v1.24." and refuse a non-zero port, as
/// real 1.20..1.22 binaries print (kubernetes/kubernetes#102619, kubernetes/kubeadm#2156);
/// kubeadm's `--insecure-port=0` starts.
#[test]
fn apiserver_insecure_port_inert_from_1_20() {
    let r = check(Component::KubeApiserver, 21, &["--insecure-port=0"]);
    assert!(r.starts);
    assert_eq!(
        r.warnings[0].message,
        "Flag --insecure-port has been deprecated, This flag has no effect now and will be removed in v1.24."
    );
    let r = check(Component::KubeApiserver, 22, &["--port=8080"]);
    assert_eq!(
        errors(&r),
        vec!["invalid port value 8080: only zero is allowed"]
    );
    // 1.19: still a real (deprecated) insecure port.
    assert!(check(Component::KubeApiserver, 19, &["--insecure-port=8080"]).starts);
}

/// kubeadm's controller-manager manifests of 1.16..1.22 carry `--port=0`: accepted with pflag's
/// notice ("Flag --port has been deprecated, see --secure-port instead.", as real binaries
/// print it), gone in 1.24 (CHANGELOG-1.24).
#[test]
fn controller_manager_port_zero_until_1_23() {
    let r = check(Component::KubeControllerManager, 20, &["--port=0"]);
    assert!(r.starts);
    assert_eq!(
        r.warnings[0].message,
        "Flag --port has been deprecated, see --secure-port instead."
    );
    let r = check(Component::KubeControllerManager, 24, &["--port=0"]);
    assert_eq!(errors(&r), vec!["unknown flag: --port"]);
}

/// The flags kubeadm writes into its static pod manifests (kubernetes/kubernetes
/// cmd/kubeadm/app/phases/controlplane/manifests.go of each release: `--insecure-port=0` until
/// kubeadm 1.22 (kubernetes/kubernetes#102121), `--port=0` for the controller-manager and the
/// scheduler from 1.19 (kubernetes/kubernetes#92720) until 1.22 (#104157), the service-account
/// issuer flags from 1.20): every release's binaries start with their own kubeadm's manifest.
#[test]
fn kubeadm_default_manifests_start_in_every_release() {
    for release in Release::all() {
        let m = release.minor();
        let mut apiserver = vec![
            "--advertise-address=192.168.0.10",
            "--allow-privileged=true",
            "--authorization-mode=Node,RBAC",
            "--client-ca-file=/etc/kubernetes/pki/ca.crt",
            "--enable-admission-plugins=NodeRestriction",
            "--enable-bootstrap-token-auth=true",
            "--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt",
            "--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt",
            "--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key",
            "--etcd-servers=https://127.0.0.1:2379",
            "--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt",
            "--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key",
            "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname",
            "--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt",
            "--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key",
            "--requestheader-allowed-names=front-proxy-client",
            "--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt",
            "--requestheader-extra-headers-prefix=X-Remote-Extra-",
            "--requestheader-group-headers=X-Remote-Group",
            "--requestheader-username-headers=X-Remote-User",
            "--secure-port=6443",
            "--service-account-key-file=/etc/kubernetes/pki/sa.pub",
            "--service-cluster-ip-range=10.96.0.0/12",
            "--tls-cert-file=/etc/kubernetes/pki/apiserver.crt",
            "--tls-private-key-file=/etc/kubernetes/pki/apiserver.key",
        ];
        if m <= 21 {
            apiserver.push("--insecure-port=0");
        }
        if m >= 20 {
            apiserver.push("--service-account-issuer=https://kubernetes.default.svc.cluster.local");
            apiserver.push("--service-account-signing-key-file=/etc/kubernetes/pki/sa.key");
        }
        let mut kcm = vec![
            "--allocate-node-cidrs=true",
            "--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf",
            "--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf",
            "--bind-address=127.0.0.1",
            "--client-ca-file=/etc/kubernetes/pki/ca.crt",
            "--cluster-cidr=10.244.0.0/16",
            "--cluster-name=kubernetes",
            "--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt",
            "--cluster-signing-key-file=/etc/kubernetes/pki/ca.key",
            "--controllers=*,bootstrapsigner,tokencleaner",
            "--kubeconfig=/etc/kubernetes/controller-manager.conf",
            "--leader-elect=true",
            "--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt",
            "--root-ca-file=/etc/kubernetes/pki/ca.crt",
            "--service-account-private-key-file=/etc/kubernetes/pki/sa.key",
            "--service-cluster-ip-range=10.96.0.0/12",
            "--use-service-account-credentials=true",
        ];
        let mut scheduler = vec![
            "--authentication-kubeconfig=/etc/kubernetes/scheduler.conf",
            "--authorization-kubeconfig=/etc/kubernetes/scheduler.conf",
            "--bind-address=127.0.0.1",
            "--kubeconfig=/etc/kubernetes/scheduler.conf",
            "--leader-elect=true",
        ];
        if (19..=22).contains(&m) {
            kcm.push("--port=0");
            scheduler.push("--port=0");
        }
        for (c, args) in [
            (Component::KubeApiserver, &apiserver),
            (Component::KubeControllerManager, &kcm),
            (Component::KubeScheduler, &scheduler),
        ] {
            let r = check(c, m, args);
            assert!(r.starts, "{} {release}: {:?}", c.name(), errors(&r));
        }
    }
}

/// Hostile and odd input never panics, and a document without `kind` is refused with
/// apimachinery's text (runtime.NewMissingKindErr).
#[test]
fn odd_input_is_reported_not_trusted() {
    let mut i = inv(Component::KubeScheduler, &[]);
    for name in ["", "-", "ü", "=", "--", "feature-gates"] {
        i.args.push(InvocationArg {
            name: name.into(),
            value: Some("\u{0}x,=,\n".into()),
            shorthand: false,
            at: SourceLocation::default(),
        });
    }
    for text in [
        "",
        "- a\n- b\n",
        "{",
        "kind: 3\napiVersion: [1]\n",
        "\u{feff}x: y",
    ] {
        i.files.push(ConfigFile {
            flag: "config".into(),
            path: "/c".into(),
            text: Some(text.into()),
        });
    }
    let r = check_start(&i, rel(33));
    assert!(!r.starts);
    assert!(r.errors.len() >= 6, "{:?}", errors(&r));
    let i = with_file(
        inv(Component::KubeScheduler, &[]),
        "config",
        "/c",
        "apiVersion: kubescheduler.config.k8s.io/v1\n",
    );
    assert_eq!(
        errors(&check_start(&i, rel(33))),
        vec!["Object 'Kind' is missing in 'apiVersion: kubescheduler.config.k8s.io/v1\n'"]
    );
}

/// The audit policy file: audit.k8s.io/v1beta1 is registered until 1.23 and gone in 1.24
/// (k8s.io/apiserver pkg/apis/audit/v1beta1 at kubernetes-1.23.0 / 1.24.0); the refusal is the
/// decoder's text in the scheme of pkg/audit/scheme.go, wrapped by pkg/audit/policy/reader.go
/// and pkg/server/options/audit.go of that tag.
#[test]
fn audit_policy_v1beta1_gone_in_1_24() {
    let policy = "apiVersion: audit.k8s.io/v1beta1\nkind: Policy\nrules:\n- level: Metadata\n";
    let run = |m: u16| {
        let i = with_file(
            inv(Component::KubeApiserver, &[]),
            "audit-policy-file",
            "/etc/kubernetes/audit-policy.yaml",
            policy,
        );
        check_start(&i, rel(m))
    };
    assert!(run(23).starts);
    assert_eq!(
        errors(&run(24)),
        vec![
            r#"loading audit policy file: failed decoding: no kind "Policy" is registered for version "audit.k8s.io/v1beta1" in scheme "k8s.io/apiserver/pkg/audit/scheme.go:30": from file /etc/kubernetes/audit-policy.yaml"#
        ]
    );
}

/// One argument as a unit or manifest holds it, through the importers' word splitter.
fn written(component: Component, m: u16, words: &[&str]) -> StartReport {
    let words: Vec<kubegate::import::invocations::Word> = words
        .iter()
        .map(|w| kubegate::import::invocations::Word {
            text: w.to_string(),
            line: None,
        })
        .collect();
    let mut ignored = Vec::new();
    let args = kubegate::import::invocations::split_args(&words, None, "test", &mut ignored);
    check_start(
        &Invocation {
            component,
            args,
            files: Vec::new(),
        },
        rel(m),
    )
}

/// spf13/pflag `parseLongArg` / `parseShortArg`: two dashes name a long flag only, one dash is a
/// cluster of shorthand letters (`-v=2`, `-v2`, `-v 2`), and their refusals name what was
/// written: `unknown shorthand flag: 'k' in -kubeconfig=/x` (a Go-style single-dash long flag),
/// `flag needs an argument: 'v' in -v`, `bad flag syntax: ---v=2`, `unknown flag: --x`.
#[test]
fn pflag_shorthands_and_long_names_are_told_apart() {
    for words in [
        &["--v=2"][..],
        &["--v", "2"],
        &["-v=2"],
        &["-v2"],
        &["-v", "2"],
    ] {
        for c in [
            Component::KubeApiserver,
            Component::KubeControllerManager,
            Component::KubeScheduler,
            Component::KubeProxy,
        ] {
            for m in [16, 24, 37] {
                let r = written(c, m, words);
                assert!(r.starts, "{words:?} {c:?} 1.{m}: {:?}", errors(&r));
            }
        }
    }
    let r = written(Component::KubeProxy, 30, &["-kubeconfig=/x"]);
    assert_eq!(
        errors(&r),
        vec!["unknown shorthand flag: 'k' in -kubeconfig=/x"]
    );
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::UnknownShorthand);
    let r = written(Component::KubeProxy, 30, &["-kubeconfig", "/x"]);
    assert_eq!(
        errors(&r),
        vec!["unknown shorthand flag: 'k' in -kubeconfig"]
    );
    let r = written(Component::KubeScheduler, 30, &["-v"]);
    assert_eq!(errors(&r), vec!["flag needs an argument: 'v' in -v"]);
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::FlagNeedsArgument);
    let r = written(Component::KubeScheduler, 30, &["-vx"]);
    assert_eq!(
        errors(&r),
        vec![
            r#"invalid argument "x" for "-v, --v" flag: strconv.ParseUint: parsing "x": invalid syntax"#
        ]
    );
    let r = written(Component::KubeScheduler, 30, &["---v=2"]);
    assert_eq!(errors(&r), vec!["bad flag syntax: ---v=2"]);
    assert_eq!(r.errors[0].kind(), ComponentErrorKind::BadFlagSyntax);
    let r = written(Component::KubeScheduler, 30, &["--=2"]);
    assert_eq!(errors(&r), vec!["bad flag syntax: --=2"]);
    // A single letter with two dashes is a long name: no long flag `x`.
    let r = written(Component::KubeScheduler, 30, &["--x=1"]);
    assert_eq!(errors(&r), vec!["unknown flag: --x"]);
    // A one-dash feature-gates is no --feature-gates: it is refused, and sets no gate.
    let r = written(Component::KubeApiserver, 30, &["-feature-gates=Foo=true"]);
    assert_eq!(
        errors(&r),
        vec!["unknown shorthand flag: 'f' in -feature-gates=Foo=true"]
    );
}

/// k8s.io/apiserver `pkg/apis/config/v1/register.go` (1.16..1.29, then `pkg/apis/apiserver/v1`)
/// registers `v1, Kind=EncryptionConfig` for EncryptionConfiguration with
/// `AddKnownTypeWithName`, so that legacy kind is accepted through 1.37; and
/// `--experimental-encryption-provider-config` (EtcdOptions, deprecated) names the same file
/// until 1.24 removes it.
#[test]
fn legacy_encryption_config_kind_and_flag() {
    let legacy = "kind: EncryptionConfig\napiVersion: v1\nresources:\n  - resources: [secrets]\n    providers:\n      - identity: {}\n";
    for flag in [
        "encryption-provider-config",
        "experimental-encryption-provider-config",
    ] {
        let i = with_file(
            inv(Component::KubeApiserver, &[&format!("--{flag}=/e.yaml")]),
            flag,
            "/e.yaml",
            legacy,
        );
        let r = check_start(&i, rel(16));
        assert!(r.starts, "{flag}: {:?}", errors(&r));
        let deprecated = r
            .warnings
            .iter()
            .any(|w| w.message == "Flag --experimental-encryption-provider-config has been deprecated, use --encryption-provider-config.");
        assert_eq!(deprecated, flag.starts_with("experimental"));
        let r = check_start(&i, rel(24));
        assert_eq!(r.starts, !flag.starts_with("experimental"), "{flag}");
    }
    let with_text = |text: &str| {
        with_file(
            inv(
                Component::KubeApiserver,
                &["--encryption-provider-config=/e.yaml"],
            ),
            "encryption-provider-config",
            "/e.yaml",
            text,
        )
    };
    assert!(check_start(&with_text(legacy), rel(37)).starts);
    // Under the configuration group the short name is no kind.
    let grouped = legacy.replace("apiVersion: v1", "apiVersion: apiserver.config.k8s.io/v1");
    assert!(!check_start(&with_text(&grouped), rel(30)).starts);
}
