//! Control-plane controllers (kube-controller-manager, `pkg/controller`).

pub mod nodelifecycle;
pub mod tainteviction;
