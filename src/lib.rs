pub mod version;
pub mod yaml;
pub mod duration;
pub mod kubelet;
