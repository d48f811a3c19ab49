//! `ValidateKubeletFlags`: what the kubelet checks of its own flags (`KubeletFlags`, the flags
//! that are not configuration fields) before it reads any config file.
//!
//! Upstream: `cmd/kubelet/app/options/options.go` (`ValidateKubeletFlags`, `isKubernetesLabel`)
//! and `k8s.io/kubelet/pkg/apis/well_known_labels.go` (`IsKubeletLabel`), read at 1.16
//! (openshift/sdn@b40dd9af, openshift/kubernetes 1.16.0) and 1.21–1.32 (kubeedge/kubeedge vendor
//! trees, e.g. @45b44f8b = 1.23.15, @95bc4f55 = 1.24.14, @54926358 = 1.32.10). The checks return
//! the first failure, in upstream's order; server.go wraps it as `failed to validate kubelet
//! flags: …`. The dynamic-config check of 1.11–1.23 comes first and lives in [`super::dynamic`].
//! Not ported: the syntax check of label keys and values (IsQualifiedName/IsValidLabelValue,
//! kubernetes#109263, 1.25+), whose several failures come out in Go's random map order.

use std::collections::BTreeSet;

use super::pflag::CommandLine;
use super::KubeletConfigError;

/// Labels in a `kubernetes.io`/`k8s.io` namespace a kubelet may set on its own Node
/// (`kubeletLabels`; the same eleven from 1.16 on, listed sorted as `sets.String.List` does).
const KUBELET_LABELS: [&str; 11] = [
    "beta.kubernetes.io/arch",
    "beta.kubernetes.io/instance-type",
    "beta.kubernetes.io/os",
    "failure-domain.beta.kubernetes.io/region",
    "failure-domain.beta.kubernetes.io/zone",
    "kubernetes.io/arch",
    "kubernetes.io/hostname",
    "kubernetes.io/os",
    "node.kubernetes.io/instance-type",
    "topology.kubernetes.io/region",
    "topology.kubernetes.io/zone",
];

/// Namespaces (and their subdomains) a kubelet may always label itself in.
const KUBELET_LABEL_NAMESPACES: [&str; 2] = ["kubelet.kubernetes.io", "node.kubernetes.io"];

fn namespace(key: &str) -> &str {
    key.split_once('/').map(|(ns, _)| ns).unwrap_or("")
}

fn in_namespace(ns: &str, domain: &str) -> bool {
    ns == domain || ns.strip_suffix(domain).is_some_and(|p| p.ends_with('.'))
}

fn is_kubernetes_label(key: &str) -> bool {
    let ns = namespace(key);
    in_namespace(ns, "kubernetes.io") || in_namespace(ns, "k8s.io")
}

fn is_kubelet_label(key: &str) -> bool {
    KUBELET_LABELS.contains(&key)
        || KUBELET_LABEL_NAMESPACES
            .iter()
            .any(|allowed| in_namespace(namespace(key), allowed))
}

/// The keys of every `--node-labels` given, as `cliflag.ConfigurationMap.Set` stores them
/// (pieces split on `,`, trimmed, empty pieces skipped, the key before the first `=`).
fn node_label_keys(cl: &CommandLine) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    keys.extend(
        cl.flags
            .iter()
            .filter(|f| f.name == "node-labels")
            .flat_map(|f| f.value.split(','))
            .map(str::trim)
            .filter(|piece| !piece.is_empty())
            // `split` yields at least one piece: the empty default is unreachable.
            .map(|piece| piece.split('=').next().unwrap_or("").trim().to_string()),
    );
    keys
}

/// The checks of `ValidateKubeletFlags` after the dynamic-config one, for a kubelet of minor
/// release `minor` (1.16 or later).
pub fn validate(cl: &CommandLine, minor: u64) -> Result<(), KubeletConfigError> {
    let fail = |text: String, flag: &str| {
        Err(KubeletConfigError::on_flag(
            format!("failed to validate kubelet flags: {text}"),
            Some(flag.into()),
        ))
    };
    let unknown: Vec<String> = node_label_keys(cl)
        .into_iter()
        .filter(|k| is_kubernetes_label(k) && !is_kubelet_label(k))
        .collect();
    if !unknown.is_empty() {
        return fail(
            format!(
                "unknown 'kubernetes.io' or 'k8s.io' labels specified with --node-labels: [{}]\n--node-labels in the 'kubernetes.io' namespace must begin with an allowed prefix ({}) or be in the specifically allowed set ({})",
                unknown.join(" "),
                KUBELET_LABEL_NAMESPACES.join(", "),
                KUBELET_LABELS.join(", ")
            ),
            "--node-labels",
        );
    }
    // 1.24 removed dockershim and made "remote" the default; 1.27 removed the flag.
    if (24..=26).contains(&minor) {
        if let Some(runtime) = cl.last("container-runtime") {
            if runtime != "remote" {
                return fail(
                    format!(
                        "unsupported CRI runtime: {}, only \"remote\" is currently supported",
                        crate::go::quote(runtime)
                    ),
                    "--container-runtime",
                );
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_namespaces() {
        assert!(is_kubernetes_label("node-role.kubernetes.io/worker"));
        assert!(is_kubernetes_label("k8s.io/foo"));
        assert!(!is_kubernetes_label("example.com/kubernetes.io"));
        assert!(!is_kubernetes_label("notkubernetes.io/x"));
        assert!(is_kubelet_label("node.kubernetes.io/node"));
        assert!(is_kubelet_label("foo.node.kubernetes.io/x"));
        assert!(is_kubelet_label("kubernetes.io/os"));
        assert!(!is_kubelet_label("node-role.kubernetes.io/master"));
    }
}
