//! A shortcut through `monitorNodeHealth` for callers that know what they wrote (the simulator),
//! kept apart from the upstream logic it must agree with ([`super::health`]).
//!
//! A caller that owns the node list can promise, through [`WriteLog`], that the list only grows
//! by appending and what it wrote to each node since the last pass. For a node that ended the
//! last pass Ready and untainted (so `markNodeAsReachable` took it out of every tainting set,
//! and nothing put it back) and that nobody wrote since or whose writer only moved condition
//! heartbeats, `tryUpdateNodeHealth` reduces to the record
//! rebuild, the lease check and the grace test, and `markNodeAsReachable` has nothing to do:
//! [`quiet_pass`] does exactly that much and, when anything else could happen (a changed
//! transition time, a status other than True, the grace period passed), declines, and the node
//! takes the full path. The shortcut therefore changes how much of a node is read, never what
//! the pass decides; `tests/sim_equivalence.rs` holds the simulator's traces to that.

use super::health::{ready_condition, Health};
use crate::objects::{ConditionStatus, Node};
use crate::timestamp::Time;

/// How a listed node ended the controller's last pass, as far as the shortcuts care.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Settled {
    /// Neither shape below (or not known): the node takes the full path.
    #[default]
    No,
    /// Ready True and untainted, hence in no tainting set ([`quiet_pass`]).
    Ready,
    /// Silent past its grace period: Ready and the three pressures all Unknown, and the pass
    /// wrote nothing to its status ([`silent_pass`]).
    Unknown,
}

/// What was written to a stored node since the controller's last pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum NodeWrite {
    /// Nothing.
    #[default]
    Nothing,
    /// Only the conditions' heartbeat times moved.
    Heartbeats,
    /// Anything else, or not known.
    Other,
}

/// What a caller promises about its node list between two passes.
pub(crate) trait WriteLog {
    /// The list only ever grows by appending; no listed node is renamed, removed or relabelled,
    /// so it is unchanged exactly when its length is and each node's zone can be cached.
    fn append_only(&self) -> bool;
    /// What was written to node `i` since the last pass.
    fn write(&self, i: usize) -> NodeWrite;
}

/// `tryUpdateNodeHealth` for a node that ended the last pass [`Settled::Unknown`] and that nobody
/// wrote since. Its Ready condition still carries the heartbeat the record saved, so nothing is
/// rebuilt; its conditions are all Unknown, so nothing is marked (upstream's `DeepEqual` finds no
/// change and skips `UpdateStatus`). What remains is the lease check, which may move the probe
/// time; the Ready status observed and left is Unknown either way. This is the whole per-node
/// cost of a partitioned or stopped node on every pass, so it must not read the node.
pub(super) fn silent_pass(h: &mut Health, lease: Option<Option<Time>>, now: Time) {
    if let Some(renew) = lease {
        let newer = match h.lease {
            None => true,
            Some(saved) => matches!((saved, renew), (Some(a), Some(b)) if a < b),
        };
        if newer {
            h.lease = Some(renew);
            h.probe = now;
        }
    }
}

/// A caller that promises nothing: every node takes the full path.
pub(crate) struct NoPromises;

impl WriteLog for NoPromises {
    fn append_only(&self) -> bool {
        false
    }

    fn write(&self, _: usize) -> NodeWrite {
        NodeWrite::Other
    }
}

/// The simulator's log: one entry per stored node, its list append-only.
impl WriteLog for [NodeWrite] {
    fn append_only(&self) -> bool {
        true
    }

    fn write(&self, i: usize) -> NodeWrite {
        // A node beyond the log is one nothing is known about, which is what `Other` means.
        self.get(i).copied().unwrap_or(NodeWrite::Other)
    }
}

/// `tryUpdateNodeHealth` for a node that ended the last pass Ready and untainted and was written
/// at most `write` ([`NodeWrite::Nothing`] or [`NodeWrite::Heartbeats`]) since. Returns true, with
/// the record updated as the full path would, when the node is still Ready and within its grace
/// period; false, touching nothing, when the full path must decide.
pub(super) fn quiet_pass(
    h: &mut Health,
    node: &Node,
    write: NodeWrite,
    lease_of: impl FnOnce() -> Option<Option<Time>>,
    now: Time,
    grace_ms: i64,
) -> bool {
    // Heartbeat-only writes: the new (heartbeat, transition) of a Ready True whose transition
    // time is the saved one; the record is then rebuilt.
    let mut rebuilt = None;
    if write == NodeWrite::Heartbeats {
        match (h.saved_ready, ready_condition(node)) {
            (Some((saved_hb, saved_lt)), Some(c))
                if c.status == ConditionStatus::True && c.last_transition_time == saved_lt =>
            {
                if saved_hb != c.last_heartbeat_time {
                    rebuilt = Some((c.last_heartbeat_time, saved_lt));
                }
            }
            _ => return false,
        }
    }
    let lease = lease_of();
    // `MicroTime.Before` is false when either renew time is missing.
    let renewed = match (lease, h.lease) {
        (None, _) => None,
        (Some(renew), None) => Some(renew),
        (Some(renew), Some(saved)) => {
            matches!((saved, renew), (Some(a), Some(b)) if a < b).then_some(renew)
        }
    };
    let probe = if renewed.is_some() || rebuilt.is_some() {
        now
    } else {
        h.probe
    };
    if now.millis() > probe.millis().saturating_add(grace_ms) {
        return false;
    }
    if rebuilt.is_some() {
        // Rebuilt records carry no lease (see `try_update_node_health`).
        h.probe = now;
        h.saved_ready = rebuilt;
        h.lease = None;
    }
    if renewed.is_some() {
        h.lease = renewed;
        h.probe = now;
    }
    true
}
