//! `tryUpdateNodeHealth` (`pkg/controller/nodelifecycle/node_lifecycle_controller.go`): the
//! per-node probe that turns status writes and lease renewals into "last heard from", and marks
//! the node's conditions Unknown once it has been silent past the grace period.

use super::config::Settings;
use crate::objects::{
    heartbeat_type, ConditionStatus, Node, NodeCondition, NODE_DISK_PRESSURE, NODE_MEMORY_PRESSURE,
    NODE_PID_PRESSURE, NODE_READY,
};
use crate::timestamp::Time;

/// `nodeHealthData`, reduced to what the algorithm reads back: the saved status matters only
/// through its Ready condition's heartbeat and transition times, the saved lease only through its
/// renew time. Keeping no strings here is what lets a 5000-node pass run without allocating.
#[derive(Clone, Copy, Debug)]
pub(super) struct Health {
    pub(super) probe: Time,
    pub(super) ready_transition: Time,
    /// `(lastHeartbeatTime, lastTransitionTime)` of the saved status's Ready condition; `None`
    /// when the saved status has no Ready condition.
    pub(super) saved_ready: Option<(Option<Time>, Option<Time>)>,
    /// The saved lease: `None` when none is saved, else its `spec.renewTime`.
    pub(super) lease: Option<Option<Time>>,
}

/// What [`try_update_node_health`] saw and did.
#[derive(Clone, Copy, Debug)]
pub(super) struct HealthUpdate {
    /// The Ready status at the start of the pass (Unknown when the node has no Ready condition).
    pub(super) observed: ConditionStatus,
    /// The Ready status after the update; `None` without a Ready condition.
    pub(super) current: Option<ConditionStatus>,
    /// Whether `UpdateStatus` ran.
    pub(super) wrote: bool,
}

/// The first Ready condition (`GetNodeCondition(status, NodeReady)`). The monitor reads it for every
/// node on every pass; a byte pattern compiles to a length test and five byte compares where `==`
/// on strings calls `memcmp`.
#[inline(always)]
pub(super) fn ready_condition(node: &Node) -> Option<&NodeCondition> {
    let cs = node.status.conditions.as_deref()?;
    // An index loop: at `opt-level = "z"` the slice iterator's `next` is not inlined.
    let mut j = 0;
    while let Some(c) = cs.get(j) {
        if matches!(c.type_.as_bytes(), [b'R', b'e', b'a', b'd', b'y']) {
            return Some(c);
        }
        j += 1;
    }
    None
}

/// `tryUpdateNodeHealth` on one node and its health record.
pub(super) fn try_update_node_health(
    settings: &Settings,
    slot: &mut Option<Health>,
    node: &mut Node,
    now: Time,
    lease: Option<Option<Time>>,
) -> HealthUpdate {
    // A node without `creationTimestamp` (input can omit it) is judged from the Unix epoch,
    // which stands in for upstream's zero `metav1.Time`: either way its startup grace is over.
    let created = node.metadata.creation_timestamp.unwrap_or_default();
    let current =
        ready_condition(node).map(|c| (c.status, c.last_heartbeat_time, c.last_transition_time));
    let (observed, grace) = match current {
        None => {
            // A node that never posted Ready is judged from its creation time. Upstream also
            // stores the current (Ready-less) status as the saved one here, which is why its
            // "Ready condition was removed" branch below can never be taken.
            match slot {
                Some(h) => h.saved_ready = None,
                None => {
                    *slot = Some(Health {
                        probe: created,
                        ready_transition: created,
                        saved_ready: None,
                        lease: None,
                    })
                }
            }
            (ConditionStatus::Unknown, settings.node_startup_grace_period)
        }
        Some((code, _, _)) => (code, settings.node_monitor_grace_period),
    };
    let current_ts = current.map(|(_, hb, lt)| (hb, lt));
    let saved_lease = slot.as_ref().and_then(|h| h.lease);
    let fresh = Health {
        probe: now,
        ready_transition: now,
        saved_ready: current_ts,
        lease: None,
    };
    let h = match slot {
        None => slot.insert(fresh),
        Some(h) => {
            match (h.saved_ready, current_ts) {
                (None, Some(_)) | (Some(_), None) => *h = fresh,
                (Some((saved_hb, saved_lt)), Some((hb, lt))) if saved_hb != hb => {
                    let ready_transition = if saved_lt != lt {
                        now
                    } else {
                        h.ready_transition
                    };
                    // Rebuilt records carry no lease, as upstream's do: the next pass then
                    // counts the stored lease as newly renewed (an upstream quirk we keep).
                    *h = Health {
                        probe: now,
                        ready_transition,
                        saved_ready: current_ts,
                        lease: None,
                    };
                }
                // Same heartbeat: nothing happened on the node; the saved status stays as it was.
                _ => {}
            }
            h
        }
    };
    // A lease renewal refreshes the probe. `MicroTime.Before` is false when either renew time is
    // missing, so only a strictly newer, present renew time counts against a saved lease.
    if let Some(renew) = lease {
        let newer = match saved_lease {
            None => true,
            Some(saved) => matches!((saved, renew), (Some(a), Some(b)) if a < b),
        };
        if newer {
            h.lease = Some(renew);
            h.probe = now;
        }
    }
    let mut wrote = false;
    let mut current = current.map(|(status, _, _)| status);
    if now.millis() > h.probe.millis().saturating_add(grace.as_millis()) && !all_unknown(node) {
        // Upstream compares the Ready condition before and after (`DeepEqual`); it differs
        // exactly when Ready was missing (a new one is added) or was not Unknown (it is rewritten),
        // so that is what is recorded instead of a copy of the condition.
        let mut ready_changed = false;
        for t in [
            NODE_READY,
            NODE_MEMORY_PRESSURE,
            NODE_DISK_PRESSURE,
            NODE_PID_PRESSURE,
        ] {
            let changed = match node.status.condition_mut(t) {
                None => {
                    node.status.push_condition(NodeCondition {
                        type_: t.to_string(),
                        status: ConditionStatus::Unknown,
                        reason: "NodeStatusNeverUpdated".to_string(),
                        message: "Kubelet never posted node status.".to_string(),
                        last_heartbeat_time: Some(created),
                        last_transition_time: Some(now),
                    });
                    true
                }
                Some(c) if c.status != ConditionStatus::Unknown => {
                    c.status = ConditionStatus::Unknown;
                    c.reason = "NodeStatusUnknown".to_string();
                    c.message = "Kubelet stopped posting node status.".to_string();
                    c.last_transition_time = Some(now);
                    true
                }
                Some(_) => false,
            };
            if t == NODE_READY {
                ready_changed = changed;
            }
        }
        if ready_changed {
            let after = node.status.condition(NODE_READY);
            wrote = true;
            *h = Health {
                probe: h.probe,
                ready_transition: now,
                saved_ready: after.map(|c| (c.last_heartbeat_time, c.last_transition_time)),
                lease,
            };
        }
        current = node.status.condition(NODE_READY).map(|c| c.status);
    }
    HealthUpdate {
        observed,
        current,
        wrote,
    }
}

/// Whether the first Ready, MemoryPressure, DiskPressure and PIDPressure conditions all exist and
/// are Unknown: a silent node's conditions after its first pass past the grace period, on which
/// marking them Unknown again changes nothing (and writes nothing), so it is skipped. It runs for
/// every silent node on every pass, so types are told apart by length first
/// ([`heartbeat_type`]).
pub(super) fn all_unknown(node: &Node) -> bool {
    let mut seen = [false; 4];
    for c in node.status.conditions() {
        let Some(k) = heartbeat_type(&c.type_) else {
            continue;
        };
        if let Some(first) = seen.get_mut(k) {
            if !*first {
                if c.status != ConditionStatus::Unknown {
                    return false;
                }
                *first = true;
            }
        }
    }
    seen == [true; 4]
}
