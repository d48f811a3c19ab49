//! Every feature gate any release from [`OLDEST`](super::OLDEST) to [`NEWEST`](super::NEWEST)
//! registered, with its versioned specs and the releases that carried it.
//!
//! The records themselves are generated into `gates_data.rs` by `scripts/gen-releases/gates.py`.

use crate::featuregate::PreRelease;

/// One gate's whole life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GateRecord {
    /// The feature's string name (`CustomCPUCFSQuotaPeriod`, not the Go constant).
    pub name: &'static str,
    /// First release whose binaries registered the gate (1.x minor).
    pub since: u16,
    /// First release whose binaries no longer registered it, if it was removed.
    pub removed: Option<u16>,
    /// Versioned specs, oldest first: `(major, minor, stage, default, lockToDefault)`. For gates
    /// the 1.31+ binaries declare with versioned specs these are upstream's specs (which may
    /// start before `since`, e.g. at 1.0); for older gates, the stage history.
    pub specs: &'static [(u16, u16, PreRelease, bool, bool)],
}

#[path = "gates_data.rs"]
mod data;
pub use data::{GATES, SOURCES};
