//! The kube-proxy ConfigMap (`kubectl -n kube-system get configmap kube-proxy -o yaml`), read as
//! kubeadm's kube-proxy DaemonSet reads it: the ConfigMap is mounted at `/var/lib/kube-proxy`
//! and kube-proxy runs with `--config=/var/lib/kube-proxy/config.conf` (kubeadm's
//! `cmd/kubeadm/app/phases/addons/proxy`, key `config.conf`). The DaemonSet's other argument,
//! `--hostname-override=$(NODE_NAME)`, is registered by every release and is left out; give
//! the DaemonSet itself to [`super::manifests`] to read its command line as written.
//!
//! The key holding a `KubeProxyConfiguration` is the config file, whatever its name; the
//! `kubeconfig.conf` key is a kubeconfig and plays no part in the check.

use std::collections::BTreeMap;

use super::invocations::Invocations;
use super::manifests::{config_map_keys, file_error};
use super::{check_size, line_of, ImportError, Note};
use crate::components::{Component, ConfigFile, Invocation, InvocationArg, SourceLocation};

/// Where kubeadm's DaemonSet mounts the ConfigMap.
pub const MOUNT_PATH: &str = "/var/lib/kube-proxy";

/// Reads a kube-proxy ConfigMap (one document, or a stream holding it). `source` names the
/// input in locations.
pub fn parse(text: &str, source: &str) -> Result<Invocations, ImportError> {
    check_size(text, "ConfigMap")?;
    let docs = crate::yaml::parse_all(text).map_err(|e| file_error(source, e))?;
    let mut out = Invocations::default();
    for doc in &docs {
        let v = &doc.value;
        if v.get("kind").and_then(serde_json::Value::as_str) != Some("ConfigMap") {
            out.ignored.push(Note::new(
                line_of(doc, "/kind"),
                "a document that is not a ConfigMap",
            ));
            continue;
        }
        let keys = config_map_keys(doc, "", v, text);
        match from_config_map(source, &keys) {
            Some((inv, key)) => {
                out.understood.push(Note::new(
                    line_of(doc, &format!("/data/{}", crate::yaml::pointer_segment(&key))),
                    format!("KubeProxyConfiguration in key {key}: kube-proxy's --config file, as kubeadm's DaemonSet mounts it"),
                ));
                for other in keys.keys().filter(|k| **k != key) {
                    out.ignored.push(Note::new(
                        line_of(
                            doc,
                            &format!("/data/{}", crate::yaml::pointer_segment(other)),
                        ),
                        format!("key {other}: not a KubeProxyConfiguration"),
                    ));
                }
                out.sources
                    .extend(inv.files.iter().map(|f| super::invocations::FileSource {
                        path: f.path.clone(),
                        from: source.to_string(),
                    }));
                out.invocations.push(inv);
            }
            None => out.ignored.push(Note::new(
                line_of(doc, "/data"),
                "a ConfigMap without a KubeProxyConfiguration",
            )),
        }
    }
    if out.invocations.is_empty() {
        return Err(ImportError::new(
            "no ConfigMap with a KubeProxyConfiguration found (kubectl -n kube-system get configmap kube-proxy -o yaml)",
            None,
        ));
    }
    Ok(out)
}

/// The invocation a ConfigMap's keys make (with the key that holds the configuration), if one
/// holds a KubeProxyConfiguration.
pub(crate) fn from_config_map(
    file: &str,
    keys: &BTreeMap<String, String>,
) -> Option<(Invocation, String)> {
    let (key, text) = keys.iter().find(|(_, t)| {
        t.lines()
            .any(|l| l.trim_start().starts_with("kind:") && l.contains("KubeProxyConfiguration"))
            || t.contains("\"KubeProxyConfiguration\"")
    })?;
    let line = text
        .lines()
        .position(|l| !l.trim().is_empty())
        .map(|i| i.max(1));
    let path = format!("{MOUNT_PATH}/{key}");
    Some((
        Invocation {
            component: Component::KubeProxy,
            args: vec![InvocationArg {
                name: "config".into(),
                value: Some(path.clone()),
                shorthand: false,
                at: SourceLocation {
                    file: Some(file.to_string()),
                    line,
                },
            }],
            files: vec![ConfigFile {
                flag: "config".into(),
                path,
                text: Some(text.clone()),
            }],
        },
        key.clone(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubeadm_configmap() {
        let cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kube-proxy\n  namespace: kube-system\ndata:\n  config.conf: |-\n    apiVersion: kubeproxy.config.k8s.io/v1alpha1\n    kind: KubeProxyConfiguration\n    mode: \"\"\n  kubeconfig.conf: |-\n    apiVersion: v1\n    kind: Config\n";
        let got = parse(cm, "cm.yaml").unwrap();
        let inv = &got.invocations[0];
        assert_eq!(inv.files[0].path, "/var/lib/kube-proxy/config.conf");
        assert_eq!(
            inv.files[0].text.as_deref().unwrap().lines().nth(9),
            Some("mode: \"\"")
        );
        assert_eq!(got.ignored.len(), 1);
        assert!(parse("kind: ConfigMap\ndata:\n  a: b\n", "x").is_err());
    }
}
