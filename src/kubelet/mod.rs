//! The kubelet, one submodule per upstream concern.
//!
//! * [`config`] is the layered configuration, [`podconfig`] the merge of pod
//!   sources (`pkg/kubelet/config`).
//! * The node-side state machines that report a node's own conditions: condition setters
//!   ([`nodestatus`], `pkg/kubelet/nodestatus` and `kubelet_node_status.go`), pressure signals
//!   ([`eviction`], `pkg/kubelet/eviction`) and the lease heartbeat ([`lease`],
//!   `staging/src/k8s.io/component-helpers/apimachinery/lease`). Each is a pure state machine;
//!   the simulator ([`crate::sim`]) drives them on a virtual clock.

pub mod config;
pub mod eviction;
pub mod lease;
pub mod nodestatus;
pub mod podconfig;
