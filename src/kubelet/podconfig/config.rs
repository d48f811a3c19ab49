//! `PodConfig`: the merge of all sources into one stream of operations, in upstream's
//! emission order for each notification mode (`PodConfig`, `podStorage.Merge`, `Sync`,
//! `SeenAllSources` in `pkg/kubelet/config/config.go`, v1.30–v1.33).
//!
//! Upstream pushes updates onto a buffered channel; here `merge` returns the updates it would
//! have pushed, in the same order, so a caller (or the playground) reads them as data. Sources
//! are registered by `channel` (upstream's `Channel(ctx, source)`) and, for convenience, by their
//! first `merge`: a source that sends has a channel.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::pod::{Pod, PodError};
use super::storage::{Bucket, Buckets, PodStorage};
use super::timestamp::Timestamp;
use super::types::{
    Event, NotificationMode, PodConfigError, PodOperation, PodUpdate, Reason, ALL_SOURCE,
};

/// The input of one merge as it arrives from a source: `{ op, pods }`. The operation is kept
/// as text so an unknown name can be reported instead of failing to decode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MergeInput {
    pub op: String,
    #[serde(default)]
    pub pods: Vec<Value>,
}

/// Everything one `merge` produced.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "PodMergeOutcome")
)]
pub struct MergeOutcome {
    /// What upstream would have pushed on the updates channel, in order.
    pub updates: Vec<PodUpdate>,
    /// Events the recorder would have emitted (duplicate pod names).
    pub events: Vec<Event>,
    /// What upstream only logs (duplicate names, invalid update types).
    pub logs: Vec<String>,
}

/// The kubelet's pod configuration mux.
#[derive(Clone, Debug)]
pub struct PodConfig {
    mode: NotificationMode,
    storage: PodStorage,
    sources: BTreeSet<String>,
    now: Timestamp,
}

fn update(op: PodOperation, source: &str, bucket: Bucket) -> PodUpdate {
    PodUpdate {
        op,
        source: source.to_string(),
        pods: bucket.pods,
        reasons: bucket.reasons,
    }
}

impl PodConfig {
    /// `NewPodConfig(mode, recorder)`; the clock starts at `now`.
    /// [`PodConfigOptions`](super::PodConfigOptions) name both, with the kubelet's defaults.
    pub fn new(mode: NotificationMode, now: Timestamp) -> PodConfig {
        PodConfig {
            mode,
            storage: PodStorage::new(),
            sources: BTreeSet::new(),
            now,
        }
    }

    pub fn mode(&self) -> NotificationMode {
        self.mode
    }

    /// The virtual clock (stamped into `kubernetes.io/config.seen` of new pods).
    pub fn now(&self) -> Timestamp {
        self.now
    }
    pub fn set_now(&mut self, now: Timestamp) {
        self.now = now;
    }

    /// `Channel(ctx, source)`: registers a source.
    pub fn channel(&mut self, source: &str) {
        self.sources.insert(source.to_string());
    }

    /// The registered sources.
    pub fn sources(&self) -> Vec<String> {
        self.sources.iter().cloned().collect()
    }

    /// `SeenAllSources`: `seen` covers every registered source and each has sent a SET.
    pub fn seen_all_sources(&self, seen: &[String]) -> bool {
        self.sources.iter().all(|s| seen.contains(s)) && self.storage.seen_all(self.sources.iter())
    }

    /// `MergedState`.
    pub fn merged_state(&self) -> Vec<Pod> {
        self.storage.merged_state()
    }

    /// The stored pods of one source.
    pub fn source_pods(&self, source: &str) -> Vec<Pod> {
        self.storage.source_pods(source)
    }

    /// `Sync()`: the full merged state as a SET from `"*"`.
    pub fn sync(&self) -> PodUpdate {
        PodUpdate {
            op: PodOperation::Set,
            source: ALL_SOURCE.to_string(),
            pods: self.merged_state(),
            reasons: vec![Reason::whole(
                "Sync(): the full merged state of every source, as a SET",
            )],
        }
    }

    /// Decodes `{ op, pods }` and merges it. Bad pods fail the whole call before anything
    /// changes; an op name that is not a `PodOperation` is an error; `RECONCILE` as input is
    /// upstream's "invalid update type" (logged, nothing changes).
    pub fn merge_input(
        &mut self,
        source: &str,
        input: MergeInput,
    ) -> Result<MergeOutcome, PodConfigError> {
        let pods = input.pods.into_iter().map(Pod::from_value).collect();
        self.merge_decoded(source, &input.op, pods)
    }

    /// [`PodConfig::merge_decoded`] at `now` when given: the clock moves to `now` first, and a
    /// refused merge leaves everything as it was, the clock included.
    pub fn merge_decoded_at(
        &mut self,
        source: &str,
        op: &str,
        pods: Vec<Result<Pod, PodError>>,
        now: Option<Timestamp>,
    ) -> Result<MergeOutcome, PodConfigError> {
        let before = self.now;
        if let Some(now) = now {
            self.now = now;
        }
        self.merge_decoded(source, op, pods).inspect_err(|_| {
            self.now = before;
        })
    }

    /// [`PodConfig::merge_input`] for pods already decoded (each one, or why it is not a pod:
    /// see [`super::pod::DecodePod`]), with the same checks in the same order: the size of the
    /// update ([`super::MAX_PODS`]), the operation, each pod, what the sources would hold.
    pub fn merge_decoded(
        &mut self,
        source: &str,
        op: &str,
        pods: Vec<Result<Pod, PodError>>,
    ) -> Result<MergeOutcome, PodConfigError> {
        if pods.len() > super::MAX_PODS {
            return Err(PodConfigError::TooLargeUpdate {
                pods: pods.len(),
                limit: super::MAX_PODS,
            });
        }
        let op = PodOperation::parse(op)
            .ok_or_else(|| PodConfigError::UnknownOperation(op.to_string()))?;
        let pods = pods
            .into_iter()
            .enumerate()
            .map(|(index, pod)| {
                pod.map_err(|e| PodConfigError::InvalidPod {
                    index,
                    message: e.to_string(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.check_capacity(source, op, &pods)?;
        Ok(self.merge(source, op, pods))
    }

    /// Refuses an update that would take `source` past [`super::MAX_SOURCE_PODS`] or all sources
    /// past [`super::MAX_MERGED_PODS`], before anything changes. Counting is skipped when the
    /// update cannot reach either limit even if every pod in it were new and distinct, so the
    /// common case (a SET or UPDATE of up to [`super::MAX_PODS`] pods) costs nothing.
    pub fn check_capacity(
        &self,
        source: &str,
        op: PodOperation,
        pods: &[Pod],
    ) -> Result<(), PodConfigError> {
        use super::{MAX_MERGED_PODS, MAX_SOURCE_PODS};
        let before = self.storage.held(source);
        // What `held_after` counts, at most.
        let held_at_most = match op {
            PodOperation::Set => pods.len(),
            PodOperation::Add | PodOperation::Update | PodOperation::Delete => {
                before.saturating_add(pods.len())
            }
            PodOperation::Remove | PodOperation::Reconcile => before,
        };
        let total_at_most = self
            .storage
            .total()
            .saturating_sub(before)
            .saturating_add(held_at_most);
        if held_at_most <= MAX_SOURCE_PODS && total_at_most <= MAX_MERGED_PODS {
            return Ok(());
        }
        let (held, total) = self.storage.held_after(source, op, pods);
        if held > MAX_SOURCE_PODS {
            return Err(PodConfigError::TooManyPods {
                source: Some(source.to_string()),
                would_hold: held,
                limit: MAX_SOURCE_PODS,
            });
        }
        if total > MAX_MERGED_PODS {
            return Err(PodConfigError::TooManyPods {
                source: None,
                would_hold: total,
                limit: MAX_MERGED_PODS,
            });
        }
        Ok(())
    }

    /// `Merge(source, update)` at the current virtual time.
    pub fn merge(&mut self, source: &str, op: PodOperation, pods: Vec<Pod>) -> MergeOutcome {
        self.channel(source);
        let seen_before = self.storage.has_seen(source);
        let b: Buckets = self.storage.merge(source, Some(op), pods, self.now);
        let first_set = !seen_before && self.storage.has_seen(source);
        let mut updates = Vec::new();
        match self.mode {
            NotificationMode::Incremental => {
                let ready =
                    first_set && b.adds.is_empty() && b.updates.is_empty() && b.deletes.is_empty();
                if !b.removes.is_empty() {
                    updates.push(update(PodOperation::Remove, source, b.removes));
                }
                if !b.adds.is_empty() {
                    updates.push(update(PodOperation::Add, source, b.adds));
                }
                if !b.updates.is_empty() {
                    updates.push(update(PodOperation::Update, source, b.updates));
                }
                if !b.deletes.is_empty() {
                    updates.push(update(PodOperation::Delete, source, b.deletes));
                }
                if ready {
                    updates.push(PodUpdate {
                        op: PodOperation::Add,
                        source: source.to_string(),
                        pods: Vec::new(),
                        reasons: vec![Reason::whole(format!(
                            "first SET from source {source:?} with no adds, updates or deletes: an empty ADD tells the kubelet the source is ready"
                        ))],
                    });
                }
                if !b.reconciles.is_empty() {
                    updates.push(update(PodOperation::Reconcile, source, b.reconciles));
                }
            }
            NotificationMode::SnapshotAndUpdates => {
                if !b.removes.is_empty() || !b.adds.is_empty() || first_set {
                    let why = if first_set && b.removes.is_empty() && b.adds.is_empty() {
                        format!("SnapshotAndUpdates: first SET from source {source:?}, so the full merged state is sent as a SET")
                    } else {
                        "SnapshotAndUpdates: pods were added or removed, so the full merged state is sent as a SET".to_string()
                    };
                    let mut reasons = vec![Reason::whole(why)];
                    reasons.extend(b.adds.reasons);
                    reasons.extend(b.removes.reasons);
                    updates.push(self.snapshot(source, reasons));
                }
                if !b.updates.is_empty() {
                    updates.push(update(PodOperation::Update, source, b.updates));
                }
                if !b.deletes.is_empty() {
                    updates.push(update(PodOperation::Delete, source, b.deletes));
                }
            }
            NotificationMode::Snapshot => {
                let changed = !b.updates.is_empty()
                    || !b.deletes.is_empty()
                    || !b.adds.is_empty()
                    || !b.removes.is_empty();
                if changed || first_set {
                    let why = if changed {
                        "Snapshot: something changed, so the full merged state is sent as a SET"
                            .to_string()
                    } else {
                        format!("Snapshot: first SET from source {source:?}, so the full merged state is sent as a SET")
                    };
                    let mut reasons = vec![Reason::whole(why)];
                    for bucket in [b.removes, b.adds, b.updates, b.deletes] {
                        reasons.extend(bucket.reasons);
                    }
                    updates.push(self.snapshot(source, reasons));
                }
            }
        }
        MergeOutcome {
            updates,
            events: b.events,
            logs: b.logs,
        }
    }

    fn snapshot(&self, source: &str, reasons: Vec<Reason>) -> PodUpdate {
        PodUpdate {
            op: PodOperation::Set,
            source: source.to_string(),
            pods: self.merged_state(),
            reasons,
        }
    }
}
