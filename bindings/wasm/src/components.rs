//! JS exports of the control plane's components (`kubegate::components`): a cluster's texts in
//! (manifests, a kubeadm config, command lines), the same imports the CLI runs
//! (`import::control_plane::import`), one check, the report out.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::error::BindingErrorKind;
use super::{error, fail, input, output};
use kubegate::components::upgrade::{check_control_plane_upgrade, UpgradeReport};
use kubegate::components::{check_start, Component, Invocation, StartReport};
use kubegate::import::control_plane::{self as texts, ControlPlaneTexts, NamedText};
use kubegate::import::invocations::{FileSource, SeenVersion};
use kubegate::import::Note;
use kubegate::releases::Release;

/// What `checkControlPlaneUpgrade` takes: the releases and the cluster's texts.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ControlPlaneUpgradeInput", optional_fields)
)]
pub struct UpgradeInput {
    /// The release the cluster runs (`1.23`, `1.23.4`).
    pub from: String,
    /// The release to upgrade to.
    pub to: String,
    /// Only this component's invocations (`kube-apiserver`...).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Component>"))]
    pub component: Option<String>,
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

/// What `checkComponentStart` takes: one component, one release and the texts that start it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ComponentStartInput", optional_fields)
)]
pub struct StartInput {
    /// `kube-apiserver`, `kube-controller-manager`, `kube-scheduler` or `kube-proxy`.
    #[cfg_attr(feature = "typescript", ts(as = "Component"))]
    pub component: String,
    /// The release whose binary starts (`1.29`).
    pub release: String,
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

/// The texts of either input, as the core's import takes them (serde's `flatten` would lose
/// `deny_unknown_fields`, so the fields are written out in each input).
macro_rules! texts_of {
    ($r:expr) => {
        ControlPlaneTexts {
            manifests: $r.manifests,
            kubeadm: $r.kubeadm,
            cmdlines: $r.cmdlines,
            files: $r.files,
        }
    };
}

/// What the imports read besides the invocations, shared by both answers.
#[derive(Serialize)]
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
#[derive(Serialize)]
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
#[derive(Serialize)]
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

fn release(text: &str) -> Result<Release, JsValue> {
    Release::parse(text).map_err(fail)
}

fn component(name: &str) -> Result<Component, JsValue> {
    Component::parse(name).ok_or_else(|| {
        error(
            BindingErrorKind::InvalidInput,
            &format!("unknown component {name:?}: expected kube-apiserver, kube-controller-manager, kube-scheduler or kube-proxy"),
        )
    })
}

fn read(texts: &ControlPlaneTexts, only: Option<Component>) -> Result<Read, JsValue> {
    let got = texts::import(texts, only).map_err(fail)?;
    Ok(Read {
        release: got.release(),
        invocations: got.invocations,
        versions: got.versions,
        sources: got.sources,
        understood: got.understood,
        ignored: got.ignored,
    })
}

/// Whether every control-plane component of the texts starts after upgrading `from` → `to`,
/// what breaks on the way (and in which release) and which gate defaults change.
#[wasm_bindgen(
    js_name = checkControlPlaneUpgrade,
    unchecked_return_type = "ControlPlaneUpgradeResult"
)]
pub fn check_upgrade(
    #[wasm_bindgen(unchecked_param_type = "ControlPlaneUpgradeInput")] request: &str,
) -> Result<JsValue, JsValue> {
    let request: UpgradeInput = input(request, "control-plane upgrade input")?;
    let (from, to) = (release(&request.from)?, release(&request.to)?);
    let only = request.component.as_deref().map(component).transpose()?;
    let read = read(&texts_of!(request), only)?;
    let report = check_control_plane_upgrade(&read.invocations, from, to);
    output(&UpgradeResult { report, read })
}

/// Whether `component` of `release` starts with the arguments and config files of the texts.
#[wasm_bindgen(js_name = checkComponentStart, unchecked_return_type = "ComponentStartResult")]
pub fn check_component_start(
    #[wasm_bindgen(unchecked_param_type = "ComponentStartInput")] request: &str,
) -> Result<JsValue, JsValue> {
    let request: StartInput = input(request, "component start input")?;
    let at = release(&request.release)?;
    let only = component(&request.component)?;
    let read = read(&texts_of!(request), Some(only))?;
    let reports = read
        .invocations
        .iter()
        .map(|i| check_start(i, at))
        .collect();
    output(&StartResult { reports, read })
}
