//! Real artifacts from public projects (tests/corpus/, listed with their sources in
//! tests/corpus/README.md), each run through the kubelet of the release it targets: accepted with
//! the effective values that matter, or refused with that release's own text. Each case names the
//! upstream file that decides the answer.

use kubegate::import::cmdline;
use kubegate::kubelet::config::{resolve_kubelet_config, ResolveInput, Resolved};
use serde_json::{json, Value};

/// Where the kubelet reads the artifact's config file (any absolute path does).
const CONFIG_PATH: &str = "/etc/kubernetes/kubelet-config.yaml";

/// An artifact as the kubelet of `release` gets it: a command line (shell words, a systemd unit or
/// an env file; `#` lines are the provenance note) and optionally a `--config` file.
struct Artifact<'a> {
    release: &'a str,
    cmdline: &'a str,
    config: Option<&'a str>,
}

impl Artifact<'_> {
    fn resolve(&self) -> Result<Resolved, String> {
        let text: String = if self.cmdline.trim_start().starts_with('[') {
            self.cmdline.to_string() // a systemd unit keeps its own comments
        } else {
            self.cmdline
                .lines()
                .filter(|l| !l.trim_start().starts_with('#'))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut args = if text.trim().is_empty() {
            Vec::new()
        } else {
            cmdline::parse(&text)
                .map_err(|e| format!("import: {e}"))?
                .arg_strings()
        };
        let mut input = ResolveInput {
            kubelet_version: Some(self.release.into()),
            ..Default::default()
        };
        if let Some(body) = self.config {
            args.retain(|a| !a.starts_with("--config=") && !a.starts_with("--config "));
            args.insert(0, format!("--config={CONFIG_PATH}"));
            input.files.insert(CONFIG_PATH.into(), body.into());
        }
        input.args = args;
        resolve_kubelet_config(&input).map_err(|e| e.message)
    }

    /// Accepted, with `want` (JSON pointer, value) in the effective configuration.
    fn accepted(&self, want: &[(&str, Value)]) -> Resolved {
        let r = match self.resolve() {
            Ok(r) => r,
            Err(e) => panic!("the kubelet {} should accept it: {e}", self.release),
        };
        for (ptr, v) in want {
            assert_eq!(
                r.config.pointer(ptr),
                Some(v),
                "kubelet {}: {ptr}",
                self.release
            );
        }
        r
    }

    fn refused(&self, text: &str) {
        match self.resolve() {
            Ok(_) => panic!("the kubelet {} should refuse it", self.release),
            Err(e) => assert_eq!(e, text, "kubelet {}", self.release),
        }
    }
}

fn at<'a>(release: &'a str, cmdline: &'a str, config: Option<&'a str>) -> Artifact<'a> {
    Artifact {
        release,
        cmdline,
        config,
    }
}

const GARDENER_FLAGS: &str = include_str!("corpus/gardener-kubelet.cmd");
const GARDENER_CONFIG: &str = include_str!("corpus/gardener-kubelet.yaml");
const GARDENER_PULL_POLICY: &str = include_str!("corpus/gardener-image-pull-policy.yaml");

/// Gardener's default kubelet (flags and file) is accepted by every kubelet it supports.
#[test]
fn gardener_default_kubelet() {
    for r in ["1.31", "1.32", "1.33", "1.34", "1.35", "1.36"] {
        at(r, GARDENER_FLAGS, Some(GARDENER_CONFIG)).accepted(&[
            ("/evictionMinimumReclaim/nodefs.inodesFree", json!("0Mi")),
            ("/clusterDomain", json!("cluster.local")),
            ("/streamingConnectionIdleTimeout", json!("5m0s")),
        ]);
    }
}

/// KubeletEnsureSecretPulledImages went beta (on by default) in 1.35, so the 1.35 kubelet accepts
/// the KEP-2535 fields Gardener sets, and 1.33/1.34 refuse them (pkg/features/kube_features.go of
/// the 1.36 cycle: `{Version: 1.35, Default: true, PreRelease: Beta}`; validation.go of 1.33+).
/// A miss: the data had the 1.35-dev preset's alpha spec.
#[test]
fn image_pull_credential_verification_needs_its_gate_until_1_35() {
    let text = "failed to validate kubelet configuration, error: [invalid configuration: `imagePullCredentialsVerificationPolicy` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled, invalid configuration: `preloadedImagesVerificationAllowlist` must not be set if KubeletEnsureSecretPulledImages feature gate is not enabled], path: /etc/kubernetes/kubelet-config.yaml";
    for r in ["1.33", "1.34"] {
        at(r, "", Some(GARDENER_PULL_POLICY)).refused(text);
    }
    for r in ["1.35", "1.36"] {
        let got = at(r, "", Some(GARDENER_PULL_POLICY)).accepted(&[(
            "/imagePullCredentialsVerificationPolicy",
            json!("NeverVerifyAllowlistedImages"),
        )]);
        assert!(got.feature_gates["KubeletEnsureSecretPulledImages"]);
    }
    // 1.32 does not know the fields yet: lenient decoding drops them with a warning.
    let got = at("1.32", "", Some(GARDENER_PULL_POLICY)).accepted(&[]);
    assert!(got
        .config
        .get("imagePullCredentialsVerificationPolicy")
        .is_none());
}
