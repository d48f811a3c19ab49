//! What a simulation reports: condition transitions, events, taints, API writes by kind and by
//! rate window, and the final tally; and the bookkeeping that fills them as the loops write.

use serde::Serialize;

use super::{code, type_index, Simulator, EPOCH, TYPES};
use crate::controller::nodelifecycle::{TaintChange, ZoneChange};
use crate::timestamp::Time;

/// One condition change on the API server.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Transition {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub time: Time,
    pub node: String,
    pub condition: String,
    pub from: String,
    pub to: String,
    pub reason: String,
    /// The condition's message after the change (the playground shows it as the "why").
    pub message: String,
    /// "kubelet" or "controller".
    #[cfg_attr(feature = "typescript", ts(type = "\"kubelet\" | \"controller\""))]
    pub source: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TraceEvent {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub time: Time,
    pub node: String,
    #[cfg_attr(feature = "typescript", ts(type = "\"kubelet\" | \"node-controller\""))]
    pub source: String,
    #[serde(rename = "type")]
    pub type_: String,
    pub reason: String,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TraceTaint {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub time: Time,
    #[serde(flatten)]
    pub change: TaintChange,
}

/// A zone's disruption state changing (see [`ZoneChange`]): when it happened.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TraceZone {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub time: Time,
    #[serde(flatten)]
    pub change: ZoneChange,
}

/// Counts of API writes by kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Writes {
    pub node_creates: u64,
    pub status_patches: u64,
    pub lease_creates: u64,
    pub lease_updates: u64,
    pub controller_status_updates: u64,
    pub taint_patches: u64,
    pub total: u64,
}

impl Writes {
    /// Adds `n` to the count of a kind (0 node create, 1 status patch, 2 lease create, 3 lease
    /// update, 4 controller status update, else taint patch) and to the total.
    #[inline(always)]
    fn add(&mut self, kind: u8, n: u64) {
        match kind {
            0 => self.node_creates += n,
            1 => self.status_patches += n,
            2 => self.lease_creates += n,
            3 => self.lease_updates += n,
            4 => self.controller_status_updates += n,
            _ => self.taint_patches += n,
        }
        self.total += n;
    }
}

/// Bytes the API server stored for those writes, by kind: each write stores the whole object
/// (a status patch or a taint patch the whole Node, a renewal the whole Lease) as etcd holds it
/// ([`crate::objects::stored_size`]: protobuf in its storage envelope, with a typical real node's
/// unmodelled fields added). The kinds add up to `total`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct WriteBytes {
    /// Bytes by the kinds [`Writes`] counts, in the same fields.
    #[serde(flatten)]
    pub by_kind: Writes,
    /// The stored size of the last Node and the last Lease written.
    pub last_node: u64,
    pub last_lease: u64,
}

/// Writes in one rate window.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct RateBucket {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub start: Time,
    pub status_patches: u64,
    pub lease_writes: u64,
    pub controller_writes: u64,
    pub total: u64,
    pub per_second: f64,
}

/// Conditions of the nodes on the API server now.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Summary {
    pub registered: u32,
    pub ready: u32,
    pub not_ready: u32,
    pub unknown: u32,
    pub memory_pressure: u32,
    pub disk_pressure: u32,
    pub pid_pressure: u32,
}

/// The simulator's output.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Trace {
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub start: Time,
    #[cfg_attr(feature = "typescript", ts(as = "String"))]
    pub end: Time,
    pub node_monitor_grace_period: String,
    pub transitions: Vec<Transition>,
    pub events: Vec<TraceEvent>,
    pub taints: Vec<TraceTaint>,
    /// Zone disruption states as the node lifecycle controller moved them, oldest first.
    pub zones: Vec<TraceZone>,
    pub writes: Writes,
    /// What those writes stored, in bytes.
    pub bytes: WriteBytes,
    pub write_rates: Vec<RateBucket>,
    pub truncated: bool,
    pub summary: Summary,
}

impl Simulator {
    pub(super) fn room(&mut self) -> bool {
        let used = self.trace.transitions.len() + self.trace.events.len() + self.trace.taints.len();
        if used >= self.limit {
            self.trace.truncated = true;
            false
        } else {
            true
        }
    }

    #[inline(always)]
    pub(super) fn write(&mut self, kind: u8, bytes: u64) {
        let b = &mut self.trace.bytes;
        b.by_kind.add(kind, bytes);
        if matches!(kind, 2 | 3) {
            b.last_lease = bytes;
        } else {
            b.last_node = bytes;
        }
        self.trace.writes.add(kind, 1);
        // Writes come in time order, so the current bucket is remembered (no division per write).
        let idx = if self.now < self.bucket_end {
            self.bucket
        } else {
            let idx = (self.now / self.window_ms) as usize;
            self.bucket = idx;
            self.bucket_end = (idx as i64 + 1).saturating_mul(self.window_ms);
            idx
        };
        while self.trace.write_rates.len() <= idx {
            let start = EPOCH.add_millis(self.trace.write_rates.len() as i64 * self.window_ms);
            self.trace.write_rates.push(RateBucket {
                start,
                ..RateBucket::default()
            });
        }
        if let Some(b) = self.trace.write_rates.get_mut(idx) {
            match kind {
                1 => b.status_patches += 1,
                2 | 3 => b.lease_writes += 1,
                4 | 5 => b.controller_writes += 1,
                _ => {}
            }
            b.total += 1;
        }
    }

    pub(super) fn record_transitions(&mut self, s: usize, source: &str) {
        // One scan, first condition of each type (`GetNodeCondition`).
        let mut now_codes = [0u8; 4];
        let mut seen = [false; 4];
        if let Some(node) = self.server.get(s) {
            for c in node.status.conditions() {
                if let Some(k) = type_index(&c.type_) {
                    if let (Some(seen), Some(code_k)) = (seen.get_mut(k), now_codes.get_mut(k)) {
                        if !*seen {
                            *seen = true;
                            *code_k = code(c.status);
                        }
                    }
                }
            }
        }
        // `cached` grows with `server` (one entry per stored node), so `s` indexes it.
        let old = self.cached.get(s).copied().unwrap_or_default();
        if old == now_codes {
            return;
        }
        for k in 0..4 {
            if old[k] != now_codes[k] && self.room() {
                let Some(node) = self.server.get(s) else {
                    return;
                };
                // A condition that is gone (code 0) has no reason or message to report.
                let c = node.status.condition(TYPES[k]);
                let name = |x: u8| ["", "True", "False", "Unknown"][x as usize % 4].to_string();
                self.trace.transitions.push(Transition {
                    time: EPOCH.add_millis(self.now),
                    node: node.metadata.name.clone(),
                    condition: TYPES[k].to_string(),
                    from: name(old[k]),
                    to: name(now_codes[k]),
                    reason: c.map(|c| c.reason.clone()).unwrap_or_default(),
                    message: c.map(|c| c.message.clone()).unwrap_or_default(),
                    source: source.to_string(),
                });
            }
        }
        if let Some(c) = self.cached.get_mut(s) {
            *c = now_codes;
        }
    }

    pub(super) fn finish(&mut self) {
        self.trace.end = EPOCH.add_millis(self.now);
        let w = self.window_ms as f64 / 1000.0;
        for b in &mut self.trace.write_rates {
            b.per_second = b.total as f64 / w;
        }
        let mut s = Summary {
            registered: self.server.len() as u32,
            ..Summary::default()
        };
        for c in &self.cached {
            match c[0] {
                1 => s.ready += 1,
                2 => s.not_ready += 1,
                _ => s.unknown += 1,
            }
            s.memory_pressure += u32::from(c[1] == 1);
            s.disk_pressure += u32::from(c[2] == 1);
            s.pid_pressure += u32::from(c[3] == 1);
        }
        self.trace.summary = s;
    }
}
