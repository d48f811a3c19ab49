//! The kubelet's behaviour, one concern per submodule.
pub mod config;
