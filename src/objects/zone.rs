//! `ZoneState` of the node lifecycle controller (`pkg/controller/nodelifecycle`): how disrupted a
//! zone is, which picks its eviction rate.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum ZoneState {
    /// `stateInitial`: a zone first seen, before its first evaluation.
    Initial,
    /// `stateNormal`.
    Normal,
    /// `stateFullDisruption`: no node of the zone is Ready.
    FullDisruption,
    /// `statePartialDisruption`: at least the unhealthy-zone threshold of its nodes is not Ready.
    PartialDisruption,
}

impl ZoneState {
    pub fn as_str(self) -> &'static str {
        match self {
            ZoneState::Initial => "Initial",
            ZoneState::Normal => "Normal",
            ZoneState::FullDisruption => "FullDisruption",
            ZoneState::PartialDisruption => "PartialDisruption",
        }
    }
}

impl fmt::Display for ZoneState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
