//! The kubelet's behaviour, one submodule per upstream concern (`pkg/kubelet/...`).
pub mod podconfig;
