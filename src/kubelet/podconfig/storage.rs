//! Per-source pod storage and the merge of one update into it (`podStorage.merge`,
//! `checkAndUpdatePod`, `filterInvalidPods` in `pkg/kubelet/config/config.go`, v1.30–v1.33).
//!
//! The merge sorts every pod of an incoming update into exactly one of five buckets — adds,
//! updates, deletes (graceful), removes, reconciles — or none when nothing meaningful changed.
//! Which bucket a pod lands in is what the kubelet acts on, so the priority rules are kept
//! exactly: a semantic change wins over a status change (UPDATE, not RECONCILE), and a semantic
//! change that carries a deletion timestamp is a graceful DELETE. Each decision also records a
//! [`Reason`] so the playground can say why.
//!
//! Upstream keeps pods per source in Go maps, whose iteration order is random; we use ordered
//! maps keyed by UID so that removes and snapshots come out in a stable order (UID order).

use std::collections::{BTreeMap, BTreeSet};

use super::pod::{semantic_differences, status_equal, Pod};
use super::timestamp::Timestamp;
use super::types::{
    Event, InvolvedObject, PodOperation, Reason, CONFIG_FIRST_SEEN_ANNOTATION_KEY,
    CONFIG_SOURCE_ANNOTATION_KEY, FAILED_VALIDATION,
};

/// One bucket: the pods (deep copies, as upstream's `copyPods`) and why each is there.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bucket {
    pub pods: Vec<Pod>,
    pub reasons: Vec<Reason>,
}

impl Bucket {
    fn push(&mut self, pod: &Pod, message: String, changed: Vec<String>) {
        self.reasons.push(Reason::for_pod(pod, message, changed));
        self.pods.push(pod.clone());
    }
    pub fn is_empty(&self) -> bool {
        self.pods.is_empty()
    }
}

/// What one merge produced, before the notification mode decides what to emit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Buckets {
    pub adds: Bucket,
    pub updates: Bucket,
    pub deletes: Bucket,
    pub removes: Bucket,
    pub reconciles: Bucket,
    /// Warning events recorded (duplicate names).
    pub events: Vec<Event>,
    /// What upstream only logs (duplicates, invalid update types), kept for the playground.
    pub logs: Vec<String>,
}

/// The outcome of `checkAndUpdatePod`: at most one bucket.
enum Check {
    Nothing,
    Reconcile,
    Update(Vec<String>),
    GracefulDelete(Vec<String>),
}

/// `checkAndUpdatePod`: updates `existing` in place from `candidate` and says which bucket.
fn check_and_update(existing: &mut Pod, candidate: &mut Pod) -> Check {
    let changed = semantic_differences(existing, candidate);
    if changed.is_empty() {
        if status_equal(existing, candidate) {
            return Check::Nothing;
        }
        existing.take_status_from(candidate);
        return Check::Reconcile;
    }
    // The first-seen time is the kubelet's own; keep the stored one (Go's zero value "" when
    // the stored pod has none, as a missing map key reads in Go).
    let seen = existing
        .annotation(CONFIG_FIRST_SEEN_ANNOTATION_KEY)
        .unwrap_or("")
        .to_string();
    candidate.set_annotation(CONFIG_FIRST_SEEN_ANNOTATION_KEY, &seen);
    let deleting = candidate.deletion_timestamp().is_some();
    // The candidate is dropped after this check: its fields are moved, not copied.
    existing.take_semantic_fields_from(candidate);
    existing.take_annotations_from(candidate);
    if deleting {
        Check::GracefulDelete(changed)
    } else {
        Check::Update(changed)
    }
}

/// `podStorage`: pods per source, and which sources have sent a SET.
#[derive(Clone, Debug, Default)]
pub struct PodStorage {
    pods: BTreeMap<String, BTreeMap<String, Pod>>,
    sources_seen: BTreeSet<String>,
}

fn duplicate_event(pod: &Pod, source: &str) -> Event {
    Event {
        event: crate::objects::Event::warning(FAILED_VALIDATION),
        message: format!(
            "Error validating pod {} from {} due to duplicate pod name {:?}, ignoring",
            pod.describe(),
            source,
            pod.name()
        ),
        involved_object: InvolvedObject {
            kind: "Pod".into(),
            namespace: pod.namespace().into(),
            name: pod.name().into(),
            uid: pod.uid().into(),
            api_version: "v1".into(),
        },
    }
}

impl PodStorage {
    pub fn new() -> PodStorage {
        PodStorage::default()
    }

    pub fn has_seen(&self, source: &str) -> bool {
        self.sources_seen.contains(source)
    }

    /// `seenSources`: every one of `sources` has sent a SET.
    pub fn seen_all<'a>(&self, mut sources: impl Iterator<Item = &'a String>) -> bool {
        sources.all(|s| self.sources_seen.contains(s))
    }

    /// `MergedState`: every stored pod of every source (sources by name, pods by UID).
    pub fn merged_state(&self) -> Vec<Pod> {
        self.pods
            .values()
            .flat_map(|m| m.values().cloned())
            .collect()
    }

    /// The stored pods of one source.
    pub fn source_pods(&self, source: &str) -> Vec<Pod> {
        self.pods
            .get(source)
            .map(|m| m.values().cloned().collect())
            // A source that never sent anything holds no pods.
            .unwrap_or_default()
    }

    /// How many pods `source` holds.
    pub fn held(&self, source: &str) -> usize {
        self.pods.get(source).map_or(0, BTreeMap::len)
    }

    /// How many pods all sources hold.
    pub fn total(&self) -> usize {
        self.pods.values().map(BTreeMap::len).sum()
    }

    /// How many pods `source` and all sources together would hold after `op` with `pods`
    /// (an upper bound only where a duplicate name inside the update would be dropped).
    pub fn held_after(&self, source: &str, op: PodOperation, pods: &[Pod]) -> (usize, usize) {
        let stored = self.pods.get(source);
        let before = self.held(source);
        let total = self.total();
        // Distinct UIDs counted by sorting borrowed ones: no allocation per pod.
        let distinct = |mut uids: Vec<(&str, usize)>| {
            crate::sort::sort_by(&mut uids, |a, b| a.0.cmp(b.0));
            uids.dedup_by(|a, b| a.0 == b.0);
            uids.len()
        };
        let after = match op {
            PodOperation::Set => distinct(pods.iter().map(|p| (p.uid(), 0)).collect()),
            PodOperation::Add | PodOperation::Update | PodOperation::Delete => {
                let fresh = distinct(
                    pods.iter()
                        .map(|p| (p.uid(), 0))
                        .filter(|(uid, _)| stored.is_none_or(|m| !m.contains_key(*uid)))
                        .collect(),
                );
                before.saturating_add(fresh)
            }
            PodOperation::Remove | PodOperation::Reconcile => before,
        };
        (after, total.saturating_sub(before).saturating_add(after))
    }

    /// `podStorage.merge`. `op == None` is upstream's "invalid update type": logged, no change.
    pub fn merge(
        &mut self,
        source: &str,
        op: Option<PodOperation>,
        pods: Vec<Pod>,
        now: Timestamp,
    ) -> Buckets {
        let mut out = Buckets::default();
        // A source seen for the first time starts empty, as upstream's map lookup does.
        let mut stored = self.pods.remove(source).unwrap_or_default();
        match op {
            Some(PodOperation::Add) | Some(PodOperation::Update) | Some(PodOperation::Delete) => {
                let mut target = std::mem::take(&mut stored);
                update_pods(source, pods, None, &mut target, now, &mut out);
                stored = target;
            }
            Some(PodOperation::Remove) => {
                for pod in pods {
                    if let Some(existing) = stored.remove(pod.uid()) {
                        out.removes.push(
                            &existing,
                            format!("REMOVE from source {source:?} names a stored UID; the stored pod is emitted"),
                            Vec::new(),
                        );
                    }
                }
            }
            Some(PodOperation::Set) => {
                self.sources_seen.insert(source.to_string());
                let mut old = std::mem::take(&mut stored);
                let mut fresh = BTreeMap::new();
                update_pods(source, pods, Some(&mut old), &mut fresh, now, &mut out);
                // Both maps are in UID order: one walk side by side finds the old UIDs missing
                // from the SET (in UID order, as before) without a lookup per pod.
                let message = format!("UID is no longer in the SET from source {source:?}");
                let mut kept = fresh.keys().peekable();
                for (uid, existing) in &old {
                    while kept.next_if(|k| *k < uid).is_some() {}
                    if kept.next_if(|k| *k == uid).is_none() {
                        out.removes.push(existing, message.clone(), Vec::new());
                    }
                }
                stored = fresh;
            }
            Some(PodOperation::Reconcile) | None => {
                out.logs.push(format!(
                    "Received invalid update type: {}",
                    // A missing operation has no name to print; "unknown" says so.
                    op.map(|o| o.as_str()).unwrap_or("unknown")
                ));
            }
        }
        self.pods.insert(source.to_string(), stored);
        out
    }
}

/// `updatePodsFunc`. With `old == None` the stored map is both the old and the new cache
/// (ADD/UPDATE/DELETE); with `Some(old)` (SET) matches are moved from `old` into `into`.
fn update_pods(
    source: &str,
    pods: Vec<Pod>,
    mut old: Option<&mut BTreeMap<String, Pod>>,
    into: &mut BTreeMap<String, Pod>,
    now: Timestamp,
    out: &mut Buckets,
) {
    // filterInvalidPods: the first pod with a given full name wins within one update. Found by
    // sorting borrowed names once, not by a set of copies built pod by pod.
    let mut duplicate = vec![false; pods.len()];
    {
        let mut names: Vec<(&str, usize)> = pods
            .iter()
            .enumerate()
            .map(|(i, p)| (p.full_name_str(), i))
            .collect();
        crate::sort::sort_by(&mut names, |a, b| a.0.cmp(b.0));
        for pair in names.windows(2) {
            if let [(a, _), (b, later)] = pair {
                if a == b {
                    if let Some(d) = duplicate.get_mut(*later) {
                        *d = true;
                    }
                }
            }
        }
    }
    // Every new pod of one update is first seen at the same instant: formatted once.
    let seen = now.rfc3339_nano();
    let added = format!("UID not yet known from source {source:?}: ADD");
    let is_set = old.is_some();
    for (index, mut candidate) in pods.into_iter().enumerate() {
        // `duplicate` has one entry per pod: the `false` is unreachable.
        if duplicate.get(index).copied().unwrap_or(false) {
            out.logs.push(format!(
                "Pod failed validation due to duplicate pod name, ignoring: index={index} pod={:?} source={source:?}",
                format!("{}/{}", candidate.namespace(), candidate.name())
            ));
            out.events.push(duplicate_event(&candidate, source));
            continue;
        }
        // A pod already stored is updated where it lies (SET: in `old`, which keeps it for a
        // later duplicate UID of the same SET, as upstream reads oldPods, which SET does not
        // shrink; otherwise in the stored map itself).
        let slot = match old.as_deref_mut() {
            Some(old) => old.get_mut(candidate.uid()),
            None => into.get_mut(candidate.uid()),
        };
        if let Some(existing) = slot {
            // The source annotation upstream sets first is a local key: the comparison ignores
            // it and an update keeps the stored pod's own, so an existing pod's candidate
            // needs none.
            match check_and_update(existing, &mut candidate) {
                Check::Nothing => {}
                Check::Reconcile => out.reconciles.push(
                    existing,
                    "spec, labels, annotations (kubelet-local keys ignored) and deletion fields are unchanged; only status differs: RECONCILE, not UPDATE".into(),
                    vec!["status".into()],
                ),
                Check::Update(changed) => {
                    let msg = format!(
                        "pod differs semantically ({}): UPDATE, not RECONCILE (a status change, if any, rides along)",
                        changed.join(", ")
                    );
                    out.updates.push(existing, msg, changed);
                }
                Check::GracefulDelete(changed) => {
                    let msg = format!(
                        "pod differs semantically ({}) and has a deletionTimestamp: graceful DELETE",
                        changed.join(", ")
                    );
                    out.deletes.push(existing, msg, changed);
                }
            }
            if is_set {
                let copy = existing.clone();
                into.insert(copy.uid().to_string(), copy);
            }
            continue;
        }
        candidate.set_annotation(CONFIG_SOURCE_ANNOTATION_KEY, source);
        let uid = candidate.uid().to_string();
        candidate.set_annotation(CONFIG_FIRST_SEEN_ANNOTATION_KEY, &seen);
        out.adds.push(&candidate, added.clone(), Vec::new());
        into.insert(uid, candidate);
    }
}
