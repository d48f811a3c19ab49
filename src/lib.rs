#[cfg(feature = "api-fields")]
pub mod api;
#[cfg(feature = "node-status")]
pub mod controller;
#[cfg(feature = "control-plane")]
pub mod controlplane;
pub mod duration;
pub mod featuregate;
pub mod go;
#[cfg(any(feature = "kubelet-config", feature = "node-status", feature = "pod-config"))]
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
