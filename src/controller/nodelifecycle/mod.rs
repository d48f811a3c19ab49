//! The node lifecycle controller's health monitor (kube-controller-manager,
//! `pkg/controller/nodelifecycle/node_lifecycle_controller.go`, ≈ v1.31–1.34).
//!
//! The control plane cannot see a node, only what its kubelet writes: status patches and lease
//! renewals. Every `nodeMonitorPeriod` it refreshes a per-node probe timestamp from those writes and,
//! once a node has been silent for longer than the grace period, sets its conditions Unknown, taints
//! it and marks its pods not ready. The default grace grew from 40s to 50s in 1.32 (PR #126287), so
//! the default depends on the Kubernetes version. NoExecute taints go through a per-zone
//! rate-limited queue whose rate depends on the zone's disruption state.

mod config;
mod explain;
mod fast_path;
mod health;
mod monitor;
mod pass_input;
mod report;
mod tainter;
mod taints;
mod zones;

use std::collections::{BTreeMap, HashMap};

pub use crate::objects::{TAINT_NOT_READY, TAINT_UNREACHABLE, TAINT_UNSCHEDULABLE};
pub use config::{
    ControllerConfig, ControllerConfigError, NodeLifecycleError, NodeLifecycleErrorKind, Settings,
};
pub use explain::{
    explain, relative, snapshot_time, zone_display, ClusterOptions, ClusterView, ControllerView,
    ExplainOptions, Explanation, NodeExplanation, NodeInput, PodEviction, Staleness, Step,
    TaintView, ZoneView,
};
pub use report::{
    ApiCall, ControllerEvent, Lease, LeaseMeta, LeaseSpec, MonitorInput, MonitorResult, PodRef,
    PodsMarkedNotReady, TaintChange, ZoneChange,
};
pub use taints::{do_no_schedule_tainting_pass, NO_EXECUTE, NO_SCHEDULE};
pub use zones::zone_key;

use crate::objects::ZoneState;
pub(crate) use fast_path::NodeWrite;
use fast_path::Settled;
use health::Health;
pub use monitor::lease_index;
pub use pass_input::PassInput;
pub use report::PodView;
use tainter::{NodeId, ZoneTainter};

/// Most nodes in one `monitorNodeHealth` or tainting pass through the checked entries
/// ([`PassInput`]): the most a pass takes within the package's speed goal for one pass
/// (BENCHMARKS.md); more is refused at once.
pub const MAX_NODES: usize = 50_000;
/// Most pod references in one pass.
pub const MAX_PODS: usize = 500_000;

pub const LABEL_EXCLUDE_DISRUPTION: &str = "node.kubernetes.io/exclude-disruption";

/// The node lifecycle controller's state between passes.
#[derive(Clone, Debug)]
pub struct NodeLifecycleController {
    settings: Settings,
    /// The nodes listed at the last pass, in list order; `health` is aligned with it.
    order: Vec<NodeId>,
    /// Every node name seen, by id: queues and per-node tables hold ids, so the per-pass work
    /// on an unhealthy node hashes, compares and copies no string. Upstream's tainting sets
    /// never forget a name either, so this grows no faster than they do.
    names: Vec<String>,
    ids: HashMap<String, NodeId>,
    /// Per id: its position in `order` ([`NOT_LISTED`] when not listed at the last pass).
    position: Vec<u32>,
    /// `knownNodeSet`, by id.
    known: Vec<bool>,
    health: Vec<Option<Health>>,
    zone_states: BTreeMap<String, ZoneState>,
    tainters: BTreeMap<String, ZoneTainter>,
    /// Names in some zone's tainting set (lets a healthy pass skip the zone lookups).
    members: usize,
    /// Per-pass scratch: whether each listed node is Ready (True) after the health update.
    scratch: Vec<bool>,
    /// Per listed node: how it ended the last pass (see the shortcuts in `monitor_pass`); only
    /// maintained for callers that report which nodes they changed.
    quiet: Vec<Settled>,
    /// Per listed node: its zone's index in `zone_names` and whether it is excluded from
    /// disruption checks, packed as `zone index << 1 | excluded` ([`zones::NO_ZONE`] when not yet
    /// known); kept between passes only for callers whose labels never change (the simulator).
    zone_cache: Vec<u32>,
    zone_names: Vec<String>,
    /// Scratch for zone keys looked up per node (see `with_tainter`).
    key_buf: String,
    /// While `monitor_pass` processes a node whose zone the cache knows: that zone's index in
    /// `zone_names`, so the tainting queues need not read the node's labels again.
    zone_hint: Option<usize>,
}

impl NodeLifecycleController {
    pub fn new(config: &ControllerConfig) -> Result<Self, NodeLifecycleError> {
        Ok(Self::with_settings(Settings::resolve(config)?))
    }

    pub fn with_settings(settings: Settings) -> Self {
        NodeLifecycleController {
            settings,
            order: Vec::new(),
            names: Vec::new(),
            ids: HashMap::new(),
            position: Vec::new(),
            known: Vec::new(),
            health: Vec::new(),
            zone_states: BTreeMap::new(),
            tainters: BTreeMap::new(),
            members: 0,
            scratch: Vec::new(),
            zone_cache: Vec::new(),
            quiet: Vec::new(),
            zone_names: Vec::new(),
            key_buf: String::new(),
            zone_hint: None,
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The id of a node name, given one on first sight.
    fn intern(&mut self, name: &str) -> NodeId {
        if let Some(&id) = self.ids.get(name) {
            return id;
        }
        let id = self.names.len() as NodeId;
        self.names.push(name.to_string());
        self.ids.insert(name.to_string(), id);
        self.position.push(NOT_LISTED);
        self.known.push(false);
        id
    }

    /// The name of an id ("" for an id never given out, which cannot happen).
    fn name(&self, id: NodeId) -> &str {
        self.names.get(id as usize).map_or("", String::as_str)
    }
}

/// A node id's position when it was not in the last list.
const NOT_LISTED: u32 = u32::MAX;
