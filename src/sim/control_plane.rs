//! The control-plane side of the simulator: the node lifecycle controller's passes
//! ([`crate::controller::nodelifecycle`]) on the API server's stored nodes, every
//! `nodeMonitorPeriod` and, while NoExecute taints wait, every 100ms; and the NoSchedule taints
//! that follow a node's conditions after each write.

use super::trace::{TraceTaint, TraceZone};
use super::{NodeWrite, Simulator, NO_BEATS};
use crate::controller::nodelifecycle::do_no_schedule_tainting_pass;

use super::trace::TraceEvent;
use super::Ev;

impl Simulator {
    pub(super) fn no_schedule(&mut self, s: usize) {
        let now = self.t();
        let Some(node) = self.server.get_mut(s) else {
            return;
        };
        let changes = do_no_schedule_tainting_pass(node, now);
        if !changes.is_empty() {
            if let Some(t) = self.touched.get_mut(s) {
                *t = NodeWrite::Other;
            }
            // `SwapNodeControllerTaint`: one PATCH adding taints, one removing them.
            // Both PATCHes are counted at the node's size after them.
            let bytes = self.resize(s);
            if changes.iter().any(|c| c.action == "added") {
                self.write(5, bytes);
            }
            if changes.iter().any(|c| c.action == "removed") {
                self.write(5, bytes);
            }
            for c in changes {
                if self.room() {
                    self.trace.taints.push(TraceTaint {
                        time: now,
                        change: c,
                    });
                }
            }
        }
    }

    pub(super) fn monitor(&mut self) {
        let now = self.t();
        let leases = &self.leases;
        let mut updated = std::mem::take(&mut self.updated);
        updated.clear();
        let out = self.controller.monitor_pass(
            now,
            &mut self.server,
            |i, _| leases.get(i).copied().flatten().map(Some),
            &[],
            &mut updated,
            self.touched.as_slice(),
        );
        self.touched.fill(NodeWrite::Nothing);
        // A node's writes in one pass are counted at its size after the pass.
        for c in &out.api_calls {
            let kind = match c.verb.as_str() {
                "updateStatus" => 4,
                "patch" => 5,
                _ => continue,
            };
            let s = c.name.as_deref().and_then(|n| self.server_index(n));
            let bytes = s.map_or(0, |s| self.resize(s));
            self.write(kind, bytes);
        }
        for e in out.events {
            if self.room() {
                self.trace.events.push(TraceEvent {
                    time: now,
                    node: e.node,
                    source: "node-controller".into(),
                    type_: e.type_,
                    reason: e.reason,
                    message: e.message,
                });
            }
        }
        for c in out.taints {
            if self.room() {
                self.trace.taints.push(TraceTaint {
                    time: now,
                    change: c,
                });
            }
        }
        // Zone changes are not counted against the trace limit (keeping the other lists'
        // truncation where it was), but bounded by it all the same.
        for change in out.zone_changes {
            if self.room() && self.trace.zones.len() < self.limit {
                self.trace.zones.push(TraceZone { time: now, change });
            }
        }
        for &s in &updated {
            if let Some(b) = self.beats.get_mut(s) {
                *b = NO_BEATS;
            }
            self.record_transitions(s, "controller");
            self.no_schedule(s);
        }
        self.updated = updated;
        self.schedule_taint_pass();
        self.push(self.now + self.monitor_ms, Ev::Monitor);
    }

    pub(super) fn schedule_taint_pass(&mut self) {
        if !self.taint_pass_scheduled && self.controller.has_queued_taints() {
            self.taint_pass_scheduled = true;
            self.push(self.now + 100, Ev::TaintPass);
        }
    }

    pub(super) fn taint_pass(&mut self) {
        self.taint_pass_scheduled = false;
        let now = self.t();
        let out = self
            .controller
            .no_execute_pass(now, &mut self.server, self.touched.as_slice());
        for c in &out.api_calls {
            let s = c.name.as_deref().and_then(|n| self.server_index(n));
            let bytes = s.map_or(0, |s| self.resize(s));
            self.write(5, bytes);
        }
        for c in out.taints {
            if self.room() {
                self.trace.taints.push(TraceTaint {
                    time: now,
                    change: c,
                });
            }
        }
        self.schedule_taint_pass();
    }
}
