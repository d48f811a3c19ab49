#[cfg(feature = "api-fields")]
pub mod api;
#[cfg(feature = "node-status")]
pub mod controller;
#[cfg(feature = "control-plane")]
pub mod controlplane;
pub mod duration;
pub mod featuregate;
pub mod go;
#[cfg(any(
    feature = "kubelet-config",
    feature = "node-status",
    feature = "pod-config"
))]
pub mod kubelet;
#[cfg(feature = "node-status")]
pub mod quantity;
#[cfg(feature = "node-status")]
pub mod sim;
#[cfg(feature = "node-status")]
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
