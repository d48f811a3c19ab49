//! The kubelet's node-side state machines: how a node reports its own conditions.
//!
//! Upstream keeps these in `pkg/kubelet` (condition setters in `pkg/kubelet/nodestatus`, the
//! reporting loop in `pkg/kubelet/kubelet_node_status.go`, pressure signals in
//! `pkg/kubelet/eviction`, the lease heartbeat in
//! `staging/src/k8s.io/component-helpers/apimachinery/lease`). Each is a pure state machine here;
//! the simulator ([`crate::sim`]) drives them on a virtual clock.

pub mod eviction;
pub mod lease;
pub mod nodestatus;
