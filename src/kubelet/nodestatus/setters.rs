//! The four condition setters of `pkg/kubelet/nodestatus/setters.go`.
//!
//! Why Ready is computed last and appended last: upstream keeps Ready at the end of the
//! conditions list for version-skew reasons (kubernetes/kubernetes#16961), and `defaultNodeStatusFuncs`
//! runs MemoryPressure, DiskPressure, PIDPressure, then Ready.

use serde::{Deserialize, Serialize};

use super::types::{
    Event, Node, NodeCondition, CONDITION_FALSE, CONDITION_TRUE, CONDITION_UNKNOWN,
    NODE_DISK_PRESSURE, NODE_MEMORY_PRESSURE, NODE_PID_PRESSURE, NODE_READY,
};
use crate::timestamp::Time;

/// A setter's output: the new node and the events it recorded (`recordNodeStatusEvent`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SetterResult {
    pub node: Node,
    pub events: Vec<Event>,
}

/// Which pressure condition a setter manages, with upstream's strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressureKind {
    Memory,
    Disk,
    Pid,
}

struct PressureText {
    type_: &'static str,
    reason: &'static str,
    message: &'static str,
    event: &'static str,
    no_reason: &'static str,
    no_message: &'static str,
    no_event: &'static str,
}

impl PressureKind {
    fn text(self) -> PressureText {
        match self {
            PressureKind::Memory => PressureText {
                type_: NODE_MEMORY_PRESSURE,
                reason: "KubeletHasInsufficientMemory",
                message: "kubelet has insufficient memory available",
                event: "NodeHasInsufficientMemory",
                no_reason: "KubeletHasSufficientMemory",
                no_message: "kubelet has sufficient memory available",
                no_event: "NodeHasSufficientMemory",
            },
            PressureKind::Disk => PressureText {
                type_: NODE_DISK_PRESSURE,
                reason: "KubeletHasDiskPressure",
                message: "kubelet has disk pressure",
                event: "NodeHasDiskPressure",
                no_reason: "KubeletHasNoDiskPressure",
                no_message: "kubelet has no disk pressure",
                no_event: "NodeHasNoDiskPressure",
            },
            PressureKind::Pid => PressureText {
                type_: NODE_PID_PRESSURE,
                reason: "KubeletHasInsufficientPID",
                message: "kubelet has insufficient PID available",
                event: "NodeHasInsufficientPID",
                no_reason: "KubeletHasSufficientPID",
                no_message: "kubelet has sufficient PID available",
                no_event: "NodeHasSufficientPID",
            },
        }
    }

    pub fn condition_type(self) -> &'static str {
        self.text().type_
    }
}

/// The shared algorithm of the three pressure setters, in place (used by the simulator too).
pub(crate) fn apply_pressure(
    node: &mut Node,
    kind: PressureKind,
    now: Time,
    under_pressure: bool,
    events: &mut Vec<Event>,
) {
    let t = kind.text();
    let mut fresh = None;
    let cond = match node.status.last_condition_mut(t.type_) {
        Some(c) => c,
        None => fresh.insert(NodeCondition {
            type_: t.type_.to_string(),
            status: CONDITION_UNKNOWN,
            ..NodeCondition::default()
        }),
    };
    cond.last_heartbeat_time = Some(now);
    if under_pressure {
        if cond.status != CONDITION_TRUE {
            cond.status = CONDITION_TRUE;
            cond.reason = t.reason.to_string();
            cond.message = t.message.to_string();
            cond.last_transition_time = Some(now);
            events.push(Event::normal(t.event));
        }
    } else if cond.status != CONDITION_FALSE {
        cond.status = CONDITION_FALSE;
        cond.reason = t.no_reason.to_string();
        cond.message = t.no_message.to_string();
        cond.last_transition_time = Some(now);
        events.push(Event::normal(t.no_event));
    }
    if let Some(c) = fresh {
        node.status.push_condition(c);
    }
}

fn pressure(node: &Node, kind: PressureKind, now: Time, under_pressure: bool) -> SetterResult {
    let mut node = node.clone();
    let mut events = Vec::new();
    apply_pressure(&mut node, kind, now, under_pressure, &mut events);
    SetterResult { node, events }
}

/// `MemoryPressureCondition` setter.
pub fn set_memory_pressure(node: &Node, now: Time, under_pressure: bool) -> SetterResult {
    pressure(node, PressureKind::Memory, now, under_pressure)
}

/// `DiskPressureCondition` setter.
pub fn set_disk_pressure(node: &Node, now: Time, under_pressure: bool) -> SetterResult {
    pressure(node, PressureKind::Disk, now, under_pressure)
}

/// `PIDPressureCondition` setter.
pub fn set_pid_pressure(node: &Node, now: Time, under_pressure: bool) -> SetterResult {
    pressure(node, PressureKind::Pid, now, under_pressure)
}

/// One error message or several (an upstream aggregate, e.g. several runtime errors).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum ErrorList {
    One(String),
    Many(Vec<String>),
}

impl ErrorList {
    fn messages(&self) -> &[String] {
        match self {
            ErrorList::One(s) => std::slice::from_ref(s),
            ErrorList::Many(v) => v,
        }
    }
}

/// What the Ready setter asks of the rest of the kubelet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct ReadyInputs {
    /// `runtimeErrors()`: container runtime down, PLEG unhealthy, ...
    #[serde(default)]
    pub runtime_error: Option<ErrorList>,
    /// `networkErrors()`: network plugin not ready.
    #[serde(default)]
    pub network_error: Option<ErrorList>,
    /// `storageErrors()`: CSI or volume plugin errors.
    #[serde(default)]
    pub storage_error: Option<ErrorList>,
    /// `nodeShutdownManagerErrors()`: e.g. "node is shutting down".
    #[serde(default)]
    pub shutdown_error: Option<ErrorList>,
    /// `cmStatus().SoftRequirements`: appended as a warning.
    #[serde(default)]
    pub soft_requirements: Option<String>,
    /// The LocalStorageCapacityIsolation setting (default on): ephemeral-storage capacity required.
    #[serde(default)]
    pub local_storage_capacity_isolation: Option<bool>,
}

/// `utilerrors.NewAggregate(errs).Error()`: nested lists flatten, duplicates drop, one message is
/// printed bare, several as `[a, b]`. `None` when there is no error at all.
pub fn aggregate_errors<'a>(messages: impl IntoIterator<Item = &'a str>) -> Option<String> {
    // Order of first appearance, duplicates dropped; a set keeps it linear in the count.
    let mut set = std::collections::HashSet::new();
    let mut seen: Vec<&str> = Vec::new();
    for m in messages {
        if set.insert(m) {
            seen.push(m);
        }
    }
    match seen.len() {
        0 => None,
        1 => seen.first().map(|s| s.to_string()),
        _ => Some(format!("[{}]", seen.join(", "))),
    }
}

/// `ReadyCondition` setter.
pub fn set_ready(node: &Node, now: Time, inputs: &ReadyInputs) -> SetterResult {
    let mut node = node.clone();
    let mut events = Vec::new();
    apply_ready(&mut node, now, inputs, &mut events);
    SetterResult { node, events }
}

/// Reason and message of a Ready condition the kubelet reports True.
pub(crate) const READY_REASON: &str = "KubeletReady";
pub(crate) const READY_MESSAGE: &str = "kubelet is posting ready status";

pub(crate) fn apply_ready(
    node: &mut Node,
    now: Time,
    inputs: &ReadyInputs,
    events: &mut Vec<Event>,
) {
    let mut cond = NodeCondition {
        type_: NODE_READY.to_string(),
        status: CONDITION_TRUE,
        reason: READY_REASON.to_string(),
        message: READY_MESSAGE.to_string(),
        last_heartbeat_time: Some(now),
        last_transition_time: None,
    };
    let mut required = vec!["cpu", "memory", "pods"];
    // Unset: the kubelet's default, on (`localStorageCapacityIsolation: true`).
    if inputs.local_storage_capacity_isolation.unwrap_or(true) {
        required.push("ephemeral-storage");
    }
    let missing: Vec<&str> = required
        .into_iter()
        .filter(|r| {
            !node
                .status
                .capacity
                .as_ref()
                .is_some_and(|c| c.contains_key(*r))
        })
        .collect();
    let missing_msg = (!missing.is_empty()).then(|| {
        format!(
            "missing node capacity for resources: {}",
            missing.join(", ")
        )
    });
    // A whole aggregate with one entry still counts once; several collapse as upstream's visit does.
    let all = [
        &inputs.runtime_error,
        &inputs.network_error,
        &inputs.storage_error,
        &inputs.shutdown_error,
    ];
    let messages = all
        .iter()
        .filter_map(|e| e.as_ref())
        .flat_map(|e| e.messages().iter().map(String::as_str))
        .chain(missing_msg.as_deref());
    if let Some(msg) = aggregate_errors(messages) {
        cond.status = CONDITION_FALSE;
        cond.reason = "KubeletNotReady".to_string();
        cond.message = msg;
    }
    if let Some(soft) = &inputs.soft_requirements {
        cond.message = format!("{}. WARNING: {}", cond.message, soft);
    }
    let mut need_event = false;
    match node.status.condition_mut(NODE_READY) {
        Some(existing) => {
            if existing.status == cond.status {
                cond.last_transition_time = existing.last_transition_time;
            } else {
                cond.last_transition_time = Some(now);
                need_event = true;
            }
            *existing = cond.clone();
        }
        None => {
            cond.last_transition_time = Some(now);
            node.status.push_condition(cond.clone());
        }
    }
    if need_event {
        if cond.status == CONDITION_TRUE {
            events.push(Event::normal("NodeReady"));
        } else {
            events.push(Event::normal("NodeNotReady"));
        }
    }
}
