//! How the kubelet computes its node's conditions and decides whether the status changed.
//!
//! Upstream: `pkg/kubelet/nodestatus/setters.go` (the MemoryPressure, DiskPressure, PIDPressure and
//! Ready setters, unchanged in substance from about 1.20 to 1.34) and `nodeStatusHasChanged` in
//! `pkg/kubelet/kubelet_node_status.go`. The setters are pure here: they take a node and return a
//! new node plus the events upstream would record, never mutating their input.

mod changed;
mod setters;
/// In-place setters for the simulator (no clone per sync).
pub(crate) mod setters_internal {
    pub(crate) use super::setters::{apply_pressure, apply_ready, READY_MESSAGE, READY_REASON};
}
mod types;

pub use changed::node_status_has_changed;
pub use setters::{
    aggregate_errors, set_disk_pressure, set_memory_pressure, set_pid_pressure, set_ready,
    ErrorList, PressureKind, ReadyInputs, SetterResult,
};
pub use types::*;
