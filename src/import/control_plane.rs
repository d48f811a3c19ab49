//! A control plane's texts as a caller without a file system holds them (the JS API, the
//! playground): static pod manifests, a kubeadm config and command lines by name, and the texts
//! of the config files their flags name, by path. [`import`] runs the same imports, in the same
//! order, as `kubegate upgrade --manifests/--manifest/--kubeadm/--component-cmdline` does, so
//! every route sees the same invocations.
//!
//! [`check_upgrade`] and [`check_start`] are the two checks such a caller asks for, whole: the
//! releases and the component named in its input read, the texts imported, the check run, what
//! was read returned beside the report. They live here, beside the import they start with,
//! because the components' checks know nothing of texts (`import` reads into `components`,
//! never the other way).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::invocations::{self, FileSource, Invocations, SeenVersion};
use super::manifests::{self, ManifestFile};
use super::{kubeadm, ImportError, Note};
use crate::components::upgrade::{check_control_plane_upgrade, UpgradeReport};
use crate::components::{self as components, Component, Invocation, StartReport};
use crate::releases::{Release, ReleaseError};

/// A text and the name to point at (a path, `kube-apiserver.yaml`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneText")
)]
pub struct NamedText {
    pub name: String,
    pub text: String,
}

/// The inputs: any of manifests, a kubeadm config and command lines, together.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneTexts", optional_fields)
)]
pub struct ControlPlaneTexts {
    /// Static pod manifests (Pods, DaemonSets, Deployments, Lists, the ConfigMaps they mount).
    #[serde(default)]
    pub manifests: Vec<NamedText>,
    /// A kubeadm config: its ClusterConfiguration and KubeProxyConfiguration.
    #[serde(default)]
    pub kubeadm: Option<NamedText>,
    /// systemd units, `ps` lines or typed command lines.
    #[serde(default)]
    pub cmdlines: Vec<NamedText>,
    /// Texts of the config files the flags name, by the path on the host.
    #[serde(default)]
    pub files: BTreeMap<String, String>,
}

/// Reads every input into invocations (only `component`'s, when given). Errors name the input
/// first (`kubeadm.yaml: ...`) and carry its line; inputs that name no control-plane component
/// are an error too, since nothing could be checked.
pub fn import(
    texts: &ControlPlaneTexts,
    component: Option<Component>,
) -> Result<Invocations, ImportError> {
    let files = |path: &str| texts.files.get(path).cloned();
    let named = |n: &NamedText, e: ImportError| {
        ImportError::new(format!("{}: {}", n.name, e.message()), e.line())
    };
    let mut out = Invocations::default();
    if !texts.manifests.is_empty() {
        let inputs: Vec<ManifestFile<'_>> = texts
            .manifests
            .iter()
            .map(|m| ManifestFile {
                name: &m.name,
                text: &m.text,
            })
            .collect();
        // Its errors name the file already.
        out.extend(manifests::parse(&inputs, &files)?);
    }
    if let Some(k) = &texts.kubeadm {
        out.extend(kubeadm::invocations(&k.text, &k.name, &files).map_err(|e| named(k, e))?);
    }
    for c in &texts.cmdlines {
        let got = invocations::command_line(&c.text, &c.name, component, &BTreeMap::new(), &files)
            .map_err(|e| named(c, e))?;
        out.extend(got);
    }
    if let Some(c) = component {
        out.invocations.retain(|i| i.component == c);
    }
    if out.invocations.is_empty() {
        return Err(ImportError::new(
            match component {
                Some(c) => format!("no {} found in the control-plane inputs", c.name()),
                None => "no control-plane component found in the inputs".to_string(),
            },
            None,
        ));
    }
    Ok(out)
}

/// Declares one of the two inputs: its own fields, then the cluster's texts, which both take and
/// `texts` hands to [`import`]. The macro writes the texts' fields into each input because
/// serde's `flatten` would lose `deny_unknown_fields`.
macro_rules! input_with_texts {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        #[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
        $(#[$meta])*
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
            /// Static pod manifests (Pods, DaemonSets, Deployments, Lists, the ConfigMaps they mount).
            #[serde(default)]
            #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<NamedText>>"))]
            pub manifests: Vec<NamedText>,
            /// A kubeadm config: its ClusterConfiguration and KubeProxyConfiguration.
            #[serde(default)]
            pub kubeadm: Option<NamedText>,
            /// systemd units, `ps` lines or typed command lines.
            #[serde(default)]
            #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<NamedText>>"))]
            pub cmdlines: Vec<NamedText>,
            /// Texts of the config files the flags name, by their path on the host.
            #[serde(default)]
            #[cfg_attr(feature = "typescript", ts(as = "Option<BTreeMap<String, String>>"))]
            pub files: BTreeMap<String, String>,
        }

        impl $name {
            /// The texts, as [`import`] takes them.
            fn texts(self) -> ControlPlaneTexts {
                ControlPlaneTexts {
                    manifests: self.manifests,
                    kubeadm: self.kubeadm,
                    cmdlines: self.cmdlines,
                    files: self.files,
                }
            }
        }
    };
}

input_with_texts! {
    /// What `checkControlPlaneUpgrade` takes: the releases and the cluster's texts.
    #[cfg_attr(feature = "typescript", ts(rename = "ControlPlaneUpgradeInput", optional_fields))]
    UpgradeInput {
        /// The release the cluster runs (`1.23`, `1.23.4`).
        from: String,
        /// The release to upgrade to.
        to: String,
        /// Only this component's invocations (`kube-apiserver`...).
        #[serde(default)]
        #[cfg_attr(feature = "typescript", ts(as = "Option<Component>"))]
        component: Option<String>,
    }
}

input_with_texts! {
    /// What `checkComponentStart` takes: one component, one release and the texts that start it.
    #[cfg_attr(feature = "typescript", ts(rename = "ComponentStartInput", optional_fields))]
    StartInput {
        /// `kube-apiserver`, `kube-controller-manager`, `kube-scheduler` or `kube-proxy`.
        #[cfg_attr(feature = "typescript", ts(as = "Component"))]
        component: String,
        /// The release whose binary starts (`1.29`).
        release: String,
    }
}

/// What the imports read besides the invocations, shared by both answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneImportNotes", optional_fields)
)]
pub struct Read {
    /// The invocations checked, in the order of the inputs.
    pub invocations: Vec<Invocation>,
    /// The releases the inputs name (image tags, kubeadm's `kubernetesVersion`).
    pub versions: Vec<SeenVersion>,
    /// The one release they agree on, when they do (`1.16`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub release: Option<String>,
    /// Where each config file's text was read from.
    pub sources: Vec<FileSource>,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

/// What `checkControlPlaneUpgrade` returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneUpgradeResult")
)]
pub struct UpgradeResult {
    pub report: UpgradeReport,
    pub read: Read,
}

/// What `checkComponentStart` returns: one report per invocation of the component found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentStartResult")
)]
pub struct StartResult {
    pub reports: Vec<StartReport>,
    pub read: Read,
}

/// Whether every control-plane component of the texts starts after upgrading `from` → `to`
/// (only `component`'s, when the input names one), with what the imports read.
// Inlined into the JS export that calls it: out of line, the large `Result` it returns
// through memory costs the wasm more bytes than its body.
#[inline(always)]
pub fn check_upgrade(input: UpgradeInput) -> Result<UpgradeResult, ControlPlaneCheckError> {
    let (from, to) = (release(&input.from)?, release(&input.to)?);
    let only = input.component.as_deref().map(component).transpose()?;
    let read = read(&input.texts(), only)?;
    let report = check_control_plane_upgrade(&read.invocations, from, to);
    Ok(UpgradeResult { report, read })
}

/// Whether the input's component of its release starts with the arguments and config files of
/// the texts: one report per invocation of it found.
// Inlined into the JS export that calls it: out of line, the large `Result` it returns
// through memory costs the wasm more bytes than its body.
#[inline(always)]
pub fn check_start(input: StartInput) -> Result<StartResult, ControlPlaneCheckError> {
    let at = release(&input.release)?;
    let only = component(&input.component)?;
    let read = read(&input.texts(), Some(only))?;
    let reports = read
        .invocations
        .iter()
        .map(|i| components::check_start(i, at))
        .collect();
    Ok(StartResult { reports, read })
}

fn release(text: &str) -> Result<Release, ControlPlaneCheckError> {
    Release::parse(text).map_err(|e| ControlPlaneCheckError(Cause::Release(e)))
}

// Any component's name is taken, the kubelet's too: its start check answers for it (the
// command line's `component` refuses it; `kubegate kubelet` has its own).
fn component(name: &str) -> Result<Component, ControlPlaneCheckError> {
    Component::parse(name).ok_or_else(|| ControlPlaneCheckError::unknown_component(name))
}

fn read(
    texts: &ControlPlaneTexts,
    only: Option<Component>,
) -> Result<Read, ControlPlaneCheckError> {
    let got = import(texts, only).map_err(|e| ControlPlaneCheckError(Cause::Import(e)))?;
    Ok(Read {
        release: got.release(),
        invocations: got.invocations,
        versions: got.versions,
        sources: got.sources,
        understood: got.understood,
        ignored: got.ignored,
    })
}

/// Why [`check_upgrade`] or [`check_start`] could not check: a release it cannot read, a
/// component it does not know, texts the imports refuse. Which one is [`kind`](Self::kind);
/// the release's or the import's error is [`source`](std::error::Error::source).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControlPlaneCheckError(Cause);

impl ControlPlaneCheckError {
    /// The refusal of `name` as a control-plane component (the command line's `component`
    /// refuses the kubelet's name with it too).
    pub fn unknown_component(name: &str) -> Self {
        ControlPlaneCheckError(Cause::UnknownComponent(name.to_string()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Cause {
    Release(ReleaseError),
    UnknownComponent(String),
    Import(ImportError),
}

error_kind! {
    /// What kind of error a [`ControlPlaneCheckError`] is.
    pub enum ControlPlaneCheckErrorKind {
        /// A release that is not a version, or one kubegate has no data for.
        Release = "release",
        /// A component name that names no component.
        InvalidInput = "invalidInput",
        /// Texts the imports cannot read, or that hold no invocation to check.
        Import = "import",
    }
}

impl ControlPlaneCheckError {
    /// Which input was refused.
    pub fn kind(&self) -> ControlPlaneCheckErrorKind {
        match self.0 {
            Cause::Release(_) => ControlPlaneCheckErrorKind::Release,
            Cause::UnknownComponent(_) => ControlPlaneCheckErrorKind::InvalidInput,
            Cause::Import(_) => ControlPlaneCheckErrorKind::Import,
        }
    }

    /// The 1-based line of the imported text at fault, when the import names one.
    pub fn line(&self) -> Option<usize> {
        match &self.0 {
            Cause::Import(e) => e.line(),
            Cause::Release(_) | Cause::UnknownComponent(_) => None,
        }
    }
}

impl fmt::Display for ControlPlaneCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Cause::Release(e) => e.fmt(f),
            Cause::UnknownComponent(name) => write!(
                f,
                "unknown component {name:?}: expected kube-apiserver, kube-controller-manager, kube-scheduler or kube-proxy"
            ),
            Cause::Import(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ControlPlaneCheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0 {
            Cause::Release(e) => Some(e),
            Cause::Import(e) => Some(e),
            Cause::UnknownComponent(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;

    const PS: &str = "kube-apiserver --insecure-port=0 --etcd-servers=https://127.0.0.1:2379";

    fn named(name: &str, text: &str) -> NamedText {
        NamedText {
            name: name.into(),
            text: text.into(),
        }
    }

    fn start(component: &str, release: &str, cmdline: &str) -> StartInput {
        StartInput {
            component: component.into(),
            release: release.into(),
            manifests: Vec::new(),
            kubeadm: None,
            cmdlines: vec![named("ps", cmdline)],
            files: BTreeMap::new(),
        }
    }

    fn upgrade(from: &str, to: &str, component: Option<&str>) -> UpgradeInput {
        UpgradeInput {
            from: from.into(),
            to: to.into(),
            component: component.map(str::to_string),
            manifests: Vec::new(),
            kubeadm: None,
            cmdlines: vec![named("ps", PS)],
            files: BTreeMap::new(),
        }
    }

    #[test]
    fn a_start_is_checked_per_invocation_with_what_was_read() {
        let got = check_start(start("kube-apiserver", "1.24", PS)).unwrap();
        assert_eq!(got.read.invocations.len(), 1);
        assert_eq!(got.read.invocations[0].component, Component::KubeApiserver);
        let [report] = got.reports.as_slice() else {
            panic!("one report per invocation: {:?}", got.reports);
        };
        assert!(!report.starts);
        assert_eq!(
            report.errors[0].to_string(),
            "unknown flag: --insecure-port"
        );
        assert!(
            check_start(start("kube-apiserver", "1.23", PS))
                .unwrap()
                .reports[0]
                .starts,
            "--insecure-port is removed in 1.24"
        );
    }

    #[test]
    fn an_upgrade_is_checked_across_the_releases() {
        let got = check_upgrade(upgrade("1.23", "1.24", None)).unwrap();
        assert!(!got.report.starts);
        assert_eq!(got.read.invocations.len(), 1);
    }

    #[test]
    fn an_unknown_component_is_refused_as_invalid_input() {
        let e = check_start(start("etcd", "1.29", "etcd")).unwrap_err();
        assert_eq!(e.kind(), ControlPlaneCheckErrorKind::InvalidInput);
        assert_eq!(e.kind().as_str(), "invalidInput");
        assert_eq!(
            e.to_string(),
            r#"unknown component "etcd": expected kube-apiserver, kube-controller-manager, kube-scheduler or kube-proxy"#
        );
        assert_eq!((e.line(), e.source().is_none()), (None, true));
        let e = check_upgrade(upgrade("1.16", "1.20", Some("e\u{301}\"x"))).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"unknown component "e\u{301}\"x": expected kube-apiserver, kube-controller-manager, kube-scheduler or kube-proxy"#
        );
    }

    #[test]
    fn releases_are_read_first_then_the_component_then_the_texts() {
        let e = check_upgrade(upgrade("1.16", "x", Some("etcd"))).unwrap_err();
        assert_eq!(e.kind().as_str(), "release");
        assert_eq!(
            e.to_string(),
            r#"invalid Kubernetes version "x": could not parse "x" as version"#
        );
        assert!(e.source().is_some_and(|s| s.is::<ReleaseError>()));
        let e = check_start(start("etcd", "one", PS)).unwrap_err();
        assert_eq!(e.kind(), ControlPlaneCheckErrorKind::Release);
        let e = check_start(start("etcd", "1.29", "a: [")).unwrap_err();
        assert_eq!(e.kind(), ControlPlaneCheckErrorKind::InvalidInput);
    }

    #[test]
    fn an_import_error_keeps_its_text_and_line() {
        let mut input = start("kube-apiserver", "1.29", PS);
        input.cmdlines.clear();
        input.manifests.push(named("a.yaml", "a: [\n"));
        let e = check_start(input).unwrap_err();
        assert_eq!(e.kind().as_str(), "import");
        assert_eq!(
            e.to_string(),
            "line 2: a.yaml: did not find expected node content"
        );
        assert_eq!(e.line(), Some(2));
        let under = e.source().and_then(|s| s.downcast_ref::<ImportError>());
        assert_eq!(under.and_then(ImportError::line), Some(2));
        let e = check_upgrade(upgrade("1.16", "1.20", Some("kube-scheduler"))).unwrap_err();
        assert_eq!(e.kind(), ControlPlaneCheckErrorKind::Import);
        assert!(
            e.to_string()
                .starts_with("ps: no kube-scheduler command line found"),
            "{e}"
        );
    }

    #[test]
    fn inputs_refuse_unknown_fields_and_default_the_texts() {
        let input: UpgradeInput = serde_json::from_str(r#"{"from":"1.16","to":"1.20"}"#).unwrap();
        assert_eq!((input.component, input.manifests.len()), (None, 0));
        let e = serde_json::from_str::<StartInput>(
            r#"{"component":"kube-proxy","release":"1.29","zz":1}"#,
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("unknown field `zz`"), "{e}");
    }
}
