pub mod duration;
pub mod kubelet;
pub mod version;
pub mod yaml;
