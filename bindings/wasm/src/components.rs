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

/// Declares one of the two inputs: its own fields, then the cluster's texts, which both take and
/// [`texts`](UpgradeInput::texts) hands to the core's import. The macro writes the texts' fields
/// into each input because serde's `flatten` would lose `deny_unknown_fields`.
macro_rules! input_with_texts {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        #[derive(Deserialize)]
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
            /// The texts, as the core's import takes them.
            fn texts(&mut self) -> ControlPlaneTexts {
                ControlPlaneTexts {
                    manifests: std::mem::take(&mut self.manifests),
                    kubeadm: self.kubeadm.take(),
                    cmdlines: std::mem::take(&mut self.cmdlines),
                    files: std::mem::take(&mut self.files),
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
    let mut request: UpgradeInput = input(request, "control-plane upgrade input")?;
    let (from, to) = (release(&request.from)?, release(&request.to)?);
    let only = request.component.as_deref().map(component).transpose()?;
    let read = read(&request.texts(), only)?;
    let report = check_control_plane_upgrade(&read.invocations, from, to);
    output(&UpgradeResult { report, read })
}

/// Whether `component` of `release` starts with the arguments and config files of the texts.
#[wasm_bindgen(js_name = checkComponentStart, unchecked_return_type = "ComponentStartResult")]
pub fn check_component_start(
    #[wasm_bindgen(unchecked_param_type = "ComponentStartInput")] request: &str,
) -> Result<JsValue, JsValue> {
    let mut request: StartInput = input(request, "component start input")?;
    let at = release(&request.release)?;
    let only = component(&request.component)?;
    let read = read(&request.texts(), Some(only))?;
    let reports = read
        .invocations
        .iter()
        .map(|i| check_start(i, at))
        .collect();
    output(&StartResult { reports, read })
}
