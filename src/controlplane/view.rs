//! What the bootstrap controller shows: the snapshots and timeline records the playground draws
//! (apiserver status, allocations, repair runs, Endpoints changes, the whole state at once).
//! Nothing here decides anything; the rules stay in [`super::bootstrap`] and the loops' modules,
//! and these are projections of their state (built by the controller's accessors in
//! [`super::bootstrap`], which depends on this module and not the other way round).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::lease::MasterLease;
use super::objects::{Endpoints, Event, LogEntry, Service};
use super::repair::NUM_REPAIRS_BEFORE_LEAK_CLEANUP;

/// An apiserver as shown to callers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApiServerStatus {
    pub ip: String,
    pub started_at: String,
    /// Leak counters of this apiserver's repair loops. Ports are keyed by their decimal text so
    /// the map is a JSON object (JavaScript object keys are strings).
    pub node_port_leaks: BTreeMap<String, i32>,
    pub cluster_ip_leaks: BTreeMap<String, i32>,
}

/// The allocation snapshots in storage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Allocations {
    pub cluster_ip_range: String,
    pub cluster_ips: Vec<String>,
    pub secondary_cluster_ip_range: Option<String>,
    pub secondary_cluster_ips: Vec<String>,
    pub node_port_range: String,
    pub node_ports: Vec<i32>,
}

/// What one repair run did to one leak candidate (an allocation in storage that no service uses).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct LeakCount {
    /// The port or address.
    pub item: String,
    /// `"flagged"` (first detection), `"kept"` (pretended in use while the counter runs down) or
    /// `"released"` (left out of the rebuilt snapshot, so free for reuse).
    #[cfg_attr(
        feature = "typescript",
        ts(type = "\"flagged\" | \"kept\" | \"released\"")
    )]
    pub action: String,
    /// This apiserver's counter after the run (`leaks[item]`); upstream keeps 0 after a release.
    pub count: i32,
    /// The consecutive detection this run was: 1 and 2 keep, 3 releases
    /// (`numRepairsBeforeLeakCleanup`). A counter that was already 0 (an earlier leak of the same
    /// item was released) releases on the first detection.
    pub strike: i32,
}

/// One run of a repair loop, for a timeline. Derived from the run's leak counters before and
/// after and the snapshot it wrote back; the rules themselves live in [`super::repair`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RepairRun {
    pub time: String,
    pub apiserver: String,
    /// `"NodePort"` or `"ClusterIP"`.
    #[cfg_attr(feature = "typescript", ts(type = "\"NodePort\" | \"ClusterIP\""))]
    pub repair: String,
    /// Leak candidates seen by this run, in snapshot order.
    pub leaks: Vec<LeakCount>,
    /// Events the run recorded.
    pub events: usize,
    /// The error the run returned, if it aborted.
    pub failure: Option<String>,
}

/// A change of the `default/kubernetes` Endpoints addresses, for a timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct EndpointsChange {
    pub time: String,
    /// The apiserver whose reconcile wrote the change.
    pub apiserver: String,
    /// The addresses afterwards.
    pub addresses: Vec<String>,
    /// `"reconcile"` (periodic, after a lease was added or expired), `"stop"` (a graceful
    /// shutdown removing its own lease) or `"stale"` (a restart removing its lease of the run
    /// that crashed).
    #[cfg_attr(
        feature = "typescript",
        ts(type = "\"reconcile\" | \"stop\" | \"stale\"")
    )]
    pub cause: String,
}

/// Everything at once, for display.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BootstrapState {
    pub now: String,
    pub namespaces: Vec<String>,
    pub namespace_create_calls: u64,
    pub services: Vec<Service>,
    pub endpoints: Option<Endpoints>,
    pub leases: Vec<MasterLease>,
    pub allocations: Allocations,
    pub apiservers: Vec<ApiServerStatus>,
    pub events: Vec<Event>,
    pub log: Vec<LogEntry>,
    pub repair_runs: Vec<RepairRun>,
    pub endpoints_history: Vec<EndpointsChange>,
}

/// Classifies the leak candidates of one run from the counters before and after it and the
/// items it released (see [`LeakCount`]).
pub(super) fn leak_counts(
    before: &BTreeMap<String, i32>,
    after: &BTreeMap<String, i32>,
    released: &[String],
) -> Vec<LeakCount> {
    let mut out = Vec::new();
    for (item, &count) in after {
        let prev = before.get(item).copied();
        let (action, strike) = if released.contains(item) {
            ("released", NUM_REPAIRS_BEFORE_LEAK_CLEANUP)
        } else if prev.is_none() {
            ("flagged", NUM_REPAIRS_BEFORE_LEAK_CLEANUP - 1 - count)
        } else if prev == Some(count + 1) {
            ("kept", NUM_REPAIRS_BEFORE_LEAK_CLEANUP - 1 - count)
        } else {
            continue;
        };
        out.push(LeakCount {
            item: item.clone(),
            action: action.to_string(),
            count,
            strike,
        });
    }
    // A release leaves a counter of 0 behind, but one released on its first detection (counter
    // already 0) needs no entry in `after` to be found: it is in `released` only.
    for item in released {
        if !after.contains_key(item) {
            out.push(LeakCount {
                item: item.clone(),
                action: "released".to_string(),
                count: 0,
                strike: NUM_REPAIRS_BEFORE_LEAK_CLEANUP,
            });
        }
    }
    out
}
