pub mod api;
pub mod controller;
pub mod controlplane;
pub mod duration;
pub mod featuregate;
pub mod go;
pub mod kubelet;
pub mod quantity;
pub mod sim;
pub mod timestamp;
pub mod version;
pub mod yaml;

#[cfg(feature = "wasm")]
mod wasm;
