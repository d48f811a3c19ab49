//! The kubelet, one submodule per upstream concern.
//!
//! * [`config`] is the layered configuration, [`podconfig`] the merge of pod
//!   sources (`pkg/kubelet/config`).
//! * The node-side state machines that report a node's own conditions: condition setters
//!   ([`nodestatus`], `pkg/kubelet/nodestatus` and `kubelet_node_status.go`), pressure signals
//!   ([`eviction`], `pkg/kubelet/eviction`) and the lease heartbeat ([`lease`],
//!   `staging/src/k8s.io/component-helpers/apimachinery/lease`). Each is a pure state machine;
//!   the simulator ([`crate::sim`]) drives them on a virtual clock.

#[cfg(feature = "kubelet-config")]
pub mod config;
#[cfg(feature = "node-status")]
pub mod eviction;
#[cfg(feature = "node-status")]
pub mod lease;
#[cfg(feature = "node-status")]
pub mod nodestatus;
#[cfg(feature = "pod-config")]
pub mod podconfig;
