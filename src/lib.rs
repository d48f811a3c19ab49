pub mod featuregate;
pub mod version;
pub mod yaml;
