//! Does a control-plane component of a release start: the start check against each release
//! boundary, named after the upstream source that decides it. Flag sets: the command-line
//! reference pages of kubernetes/website per release and the component sources openshift/microshift
//! carries (`releases::component_flags`); config kinds: the staging repositories' `register.go`
//! at `kubernetes-1.N.0` (`releases::component_configs`).

#![cfg(feature = "kubelet-config")]

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
                let a = a.trim_start_matches('-');
                let (name, value) = match a.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (a.to_string(), None),
                };
                InvocationArg {
                    name,
                    value,
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

/// kube-apiserver `--insecure-port`: MarkDeprecated in pkg/kubeapiserver/options/serving.go
/// until 1.23; the 1.24 apiserver no longer registers it (the 1.24 reference page and the
/// 1.25 tree lack it).
#[test]
fn apiserver_insecure_port_deprecated_until_1_23_unknown_from_1_24() {
    let r = check(Component::KubeApiserver, 23, &["--insecure-port=0"]);
    assert!(r.starts, "{:?}", r.errors);
    assert_eq!(
        r.warnings[0].message,
        "Flag --insecure-port has been deprecated, This flag will be removed in a future version."
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
