pub mod version;
pub mod yaml;
