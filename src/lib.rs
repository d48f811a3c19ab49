pub mod featuregate;
pub mod version;
pub mod yaml;

#[cfg(feature = "wasm")]
mod wasm;
