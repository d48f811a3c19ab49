//! kubegate: how Kubernetes turns switches into behaviour, reproduced exactly.
//!
//! Each module reproduces one upstream Kubernetes package, keeps its rules where upstream keeps
//! them, and prints upstream's exact messages. Time is always a parameter (a virtual clock), never
//! read from the system, so every behaviour is deterministic and can run at any speed.
//!
//! | module | upstream | what it answers |
//! |---|---|---|
//! | [`featuregate`] | `k8s.io/component-base/featuregate` | is feature X on, at this version, with these flags? |
//! | `kubelet::config` | `cmd/kubelet/app`, `pkg/kubelet/apis/config`, `pkg/kubelet/kubeletconfig` | why does my kubelet run with this value? |
//! | `kubelet::nodestatus`, `kubelet::eviction`, `kubelet::lease` | `pkg/kubelet/nodestatus`, `pkg/kubelet/eviction`, `component-helpers/.../lease` | how does a node report its conditions? |
//! | `controller::nodelifecycle` | `pkg/controller/nodelifecycle` | when does the control plane mark a node Unknown and taint it? |
//! | `sim` | (kubegate's own) | all of the above on a virtual clock, for 1 to 5000 nodes |
//! | `kubelet::podconfig` | `pkg/kubelet/config` | which ADD/UPDATE/DELETE/REMOVE/RECONCILE does a pod change produce? |
//! | `api` | `pkg/registry/*/strategy.go`, `apimachinery/pkg/api/validate` | which gated fields survive create and update; which enum values validate? |
//! | `controlplane` | `pkg/controlplane/controller`, `reconcilers`, `.../repair.go` | what keeps the `kubernetes` Service, its endpoints and allocations right? |
//! | `objects` | `k8s.io/api/core/v1`, `coordination/v1`, `meta/v1` | the objects every area above shares (Node, Taint, Lease, ObjectMeta) |
//! | [`version`], [`duration`], [`go`] | `apimachinery/pkg/util/version`, Go's `time` and `fmt` | the small formats every message is made of |
//! | [`yaml`] | `sigs.k8s.io/yaml` | YAML 1.1 to JSON, remembering where each value was written |
//! | [`import`] | kubectl, systemd, kubeadm, `/metrics`, `/configz` output | what does this cluster show? (its text into the inputs above) |
//!
//! How data flows: text (a `--feature-gates` string, YAML files, a scenario) is parsed once at the
//! edge into typed values; the core works on typed values and returns typed results with
//! explanations; errors are values whose `Display` is Kubernetes' text. The `wasm` Cargo feature
//! adds a thin JavaScript binding (`src/wasm/`) that only converts.
//!
//! Every area but feature gates sits behind a default Cargo feature (`kubelet-config`,
//! `node-status`, `pod-config`, `api-fields`, `control-plane`), so a crate that needs only gates
//! can use `default-features = false`.
//!
//! ```
//! use kubegate::featuregate::{kubernetes_features, FeatureGate};
//! use kubegate::version::Version;
//!
//! let mut gate = FeatureGate::with_emulation_version(Version::new(1, 34));
//! gate.add_versioned(kubernetes_features())?;
//! let err = gate.set("NodeSwap=false").unwrap_err();
//! assert_eq!(err.to_string(), "cannot set feature gate NodeSwap to false, feature is locked to true");
//! # Ok::<(), kubegate::featuregate::FeatureGateError>(())
//! ```

#![cfg_attr(not(feature = "wasm"), forbid(unsafe_code))]
// No panic reachable from a caller: the wasm release build aborts on panic, which would leave the
// module dead for the rest of the page. Library code may not unwrap, expect, panic or index by a
// value it did not bound; tests may (issue 13).
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

#[cfg(feature = "api-fields")]
pub mod api;
#[cfg(all(feature = "cli", feature = "kubelet-config", feature = "node-status"))]
pub mod cli;
#[cfg(feature = "node-status")]
pub mod controller;
#[cfg(feature = "control-plane")]
pub mod controlplane;
pub mod duration;
pub mod facts;
pub mod featuregate;
pub mod go;
pub mod import;
#[cfg(any(
    feature = "kubelet-config",
    feature = "node-status",
    feature = "pod-config"
))]
pub mod kubelet;
#[cfg(any(
    feature = "node-status",
    feature = "pod-config",
    feature = "control-plane"
))]
pub mod objects;
#[cfg(any(feature = "node-status", feature = "kubelet-config"))]
pub mod quantity;
pub mod releases;
#[cfg(feature = "node-status")]
pub mod sim;
#[cfg(any(
    feature = "node-status",
    feature = "pod-config",
    feature = "control-plane"
))]
pub mod timestamp;
pub mod version;
pub mod yaml;

#[cfg(feature = "wasm")]
mod wasm;

/// The Rust samples of the README and the docs, run as doc tests so the prose cannot drift from
/// the API (the JS samples of the same files run in `tests/docs/snippets.test.mjs`).
#[cfg(doctest)]
mod doc_samples {
    #[doc = include_str!("../README.md")]
    mod readme {}
    #[doc = include_str!("../docs/getting-started.md")]
    mod getting_started {}
    #[doc = include_str!("../docs/cookbook.md")]
    mod cookbook {}
}
