pub mod featuregate;
pub mod api;
pub mod controlplane;
pub mod duration;
pub mod version;
pub mod yaml;

#[cfg(feature = "wasm")]
mod wasm;
