//! A control plane's texts as a caller without a file system holds them (the JS API, the
//! playground): static pod manifests, a kubeadm config and command lines by name, and the texts
//! of the config files their flags name, by path. [`import`] runs the same imports, in the same
//! order, as `kubegate upgrade --manifests/--manifest/--kubeadm/--component-cmdline` does, so
//! every route sees the same invocations.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::invocations::{self, Invocations};
use super::manifests::{self, ManifestFile};
use super::{kubeadm, ImportError};
use crate::components::Component;

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
