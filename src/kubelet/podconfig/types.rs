//! The vocabulary shared by the merge and the sources: operations, source names, the
//! kubelet-local annotation keys, notification modes, emitted updates and events.
//!
//! Upstream keeps these in `pkg/kubelet/types/pod_update.go` and `pkg/kubelet/config/config.go`
//! (v1.30–v1.33). Names and numeric values carry over exactly because the playground shows them
//! and the kubelet's behaviour depends on which operation it receives.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::pod::Pod;
pub use super::pod::PodConfigErrorKind;
use crate::duration::DurationError;

pub use super::annotations::{
    CONFIG_FIRST_SEEN_ANNOTATION_KEY, CONFIG_HASH_ANNOTATION_KEY, CONFIG_MIRROR_ANNOTATION_KEY,
    CONFIG_SOURCE_ANNOTATION_KEY, LOCAL_ANNOTATIONS,
};

/// `kubetypes.FileSource`.
pub const FILE_SOURCE: &str = "file";
/// `kubetypes.HTTPSource`.
pub const HTTP_SOURCE: &str = "http";
/// `kubetypes.ApiserverSource`.
pub const APISERVER_SOURCE: &str = "api";
/// `kubetypes.AllSource`: the source of a `Sync()` snapshot.
pub const ALL_SOURCE: &str = "*";

/// `events.FailedValidation`.
pub const FAILED_VALIDATION: &str = "FailedValidation";

/// `kubetypes.PodOperation`, with upstream's numbering (`SET = 0` … `RECONCILE = 5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum PodOperation {
    #[serde(rename = "SET")]
    Set = 0,
    #[serde(rename = "ADD")]
    Add = 1,
    #[serde(rename = "DELETE")]
    Delete = 2,
    #[serde(rename = "REMOVE")]
    Remove = 3,
    #[serde(rename = "UPDATE")]
    Update = 4,
    #[serde(rename = "RECONCILE")]
    Reconcile = 5,
}

impl PodOperation {
    pub const ALL: [PodOperation; 6] = [
        PodOperation::Set,
        PodOperation::Add,
        PodOperation::Delete,
        PodOperation::Remove,
        PodOperation::Update,
        PodOperation::Reconcile,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PodOperation::Set => "SET",
            PodOperation::Add => "ADD",
            PodOperation::Delete => "DELETE",
            PodOperation::Remove => "REMOVE",
            PodOperation::Update => "UPDATE",
            PodOperation::Reconcile => "RECONCILE",
        }
    }

    /// The operation named `name` (upstream's constant names), if any.
    pub fn parse(name: &str) -> Option<PodOperation> {
        Self::ALL.into_iter().find(|op| op.as_str() == name)
    }
}

impl fmt::Display for PodOperation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `PodConfigNotificationMode`. `Unknown` (0) is not representable: upstream panics on it, we
/// refuse it when the mode is parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "PodConfigMode")
)]
pub enum NotificationMode {
    /// Every change is delivered as a SET of the full merged state.
    Snapshot = 1,
    /// UPDATE and DELETE as they happen, a full SET when pods are added or removed.
    SnapshotAndUpdates = 2,
    /// ADD, UPDATE, DELETE, REMOVE, RECONCILE: what the kubelet uses.
    #[default]
    Incremental = 3,
}

impl NotificationMode {
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationMode::Snapshot => "Snapshot",
            NotificationMode::SnapshotAndUpdates => "SnapshotAndUpdates",
            NotificationMode::Incremental => "Incremental",
        }
    }

    /// Accepts the short names and upstream's constant names (`PodConfigNotificationSnapshot`).
    pub fn parse(name: &str) -> Result<NotificationMode, PodConfigError> {
        // Upstream's constant name or the short one: the prefix is optional.
        let short = name.strip_prefix("PodConfigNotification").unwrap_or(name);
        match short {
            "Snapshot" => Ok(NotificationMode::Snapshot),
            "SnapshotAndUpdates" => Ok(NotificationMode::SnapshotAndUpdates),
            "Incremental" => Ok(NotificationMode::Incremental),
            "Unknown" | "0" => Err(PodConfigError::UnsupportedMode("0".to_string())),
            other => Err(PodConfigError::UnsupportedMode(format!("{other:?}"))),
        }
    }
}

/// Why one pod (or, without `pod`, the whole update) was emitted under this operation. For the
/// playground: "why UPDATE and not RECONCILE".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "PodUpdateReason")
)]
pub struct Reason {
    /// `format.Pod`: `name_namespace(uid)`; absent when the reason is about the whole update.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub pod: Option<String>,
    pub message: String,
    /// The compared fields that differed (`spec`, `labels`, `annotations`, `deletionTimestamp`,
    /// `deletionGracePeriodSeconds`, `status`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>", optional))]
    pub changed: Vec<String>,
}

impl Reason {
    pub fn whole(message: impl Into<String>) -> Reason {
        Reason {
            pod: None,
            message: message.into(),
            changed: Vec::new(),
        }
    }
    pub fn for_pod(pod: &Pod, message: impl Into<String>, changed: Vec<String>) -> Reason {
        Reason {
            pod: Some(pod.describe()),
            message: message.into(),
            changed,
        }
    }
}

/// `kubetypes.PodUpdate` as emitted, plus the explanation of each pod's operation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct PodUpdate {
    pub op: PodOperation,
    pub source: String,
    #[cfg_attr(feature = "typescript", ts(type = "PodJson[]"))]
    pub pods: Vec<Pod>,
    #[serde(default)]
    pub reasons: Vec<Reason>,
}

/// The object an event is about (`v1.ObjectReference`, the fields the recorder fills for a pod).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct InvolvedObject {
    pub kind: String,
    pub namespace: String,
    pub name: String,
    pub uid: String,
    pub api_version: String,
}

/// An event the kubelet's recorder would have emitted: the shared type and reason
/// (`objects::Event`, flattened so the JSON stays `type`, `reason`, `message`,
/// `involvedObject`) with what the recorder adds around them for a pod.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "PodConfigEvent")
)]
pub struct Event {
    #[serde(flatten)]
    pub event: crate::objects::Event,
    pub message: String,
    pub involved_object: InvolvedObject,
}

/// `e.type_` and `e.reason` read through to the shared event, as they did when the fields were
/// this struct's own.
impl std::ops::Deref for Event {
    type Target = crate::objects::Event;

    fn deref(&self) -> &crate::objects::Event {
        &self.event
    }
}

/// Errors of the PodConfig API: refused input, never a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PodConfigError {
    /// Upstream: `panic(fmt.Sprintf("unsupported PodConfigNotificationMode: %#v", s.mode))`.
    UnsupportedMode(String),
    /// An operation name that is not one of SET, ADD, DELETE, REMOVE, UPDATE, RECONCILE.
    UnknownOperation(String),
    /// A pod that cannot be stored (not an object, no name, no UID, badly typed metadata).
    InvalidPod { index: usize, message: String },
    /// `kubetypes.GetValidatedSources`: `unknown pod source %q`.
    UnknownSource(String),
    /// An update that would take a source past [`super::MAX_SOURCE_PODS`], or all sources past
    /// [`super::MAX_MERGED_PODS`] (`source` is `None` for the latter); nothing changed.
    TooManyPods {
        source: Option<String>,
        would_hold: usize,
        limit: usize,
    },
    /// An update of more than [`super::MAX_PODS`] pods; nothing changed.
    TooLargeUpdate { pods: usize, limit: usize },
}

impl fmt::Display for PodConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PodConfigError::UnsupportedMode(m) => write!(f, "unsupported PodConfigNotificationMode: {m}"),
            PodConfigError::UnknownOperation(op) => write!(
                f,
                "unknown pod operation {op:?} (want one of SET, ADD, DELETE, REMOVE, UPDATE, RECONCILE)"
            ),
            PodConfigError::InvalidPod { index, message } => write!(f, "pods[{index}]: {message}"),
            PodConfigError::UnknownSource(s) => write!(f, "unknown pod source {s:?}"),
            PodConfigError::TooManyPods {
                source: Some(source),
                would_hold,
                limit,
            } => write!(
                f,
                "source {source:?} would hold {would_hold} pods; the limit is {limit} pods per source"
            ),
            PodConfigError::TooManyPods {
                source: None,
                would_hold,
                limit,
            } => write!(
                f,
                "all sources together would hold {would_hold} pods; the limit is {limit} pods"
            ),
            PodConfigError::TooLargeUpdate { pods, limit } => write!(
                f,
                "pod update: {pods} pods; the limit is {limit} per update"
            ),
        }
    }
}

impl std::error::Error for PodConfigError {}

impl PodConfigError {
    /// [`PodConfigErrorKind::Limit`] for [`PodConfigError::TooManyPods`] and
    /// [`PodConfigError::TooLargeUpdate`], else [`PodConfigErrorKind::PodConfig`].
    pub fn kind(&self) -> PodConfigErrorKind {
        match self {
            PodConfigError::TooManyPods { .. } | PodConfigError::TooLargeUpdate { .. } => {
                PodConfigErrorKind::Limit
            }
            _ => PodConfigErrorKind::PodConfig,
        }
    }
}

/// `kubetypes.GetValidatedSources`: `"*"` means all three; `""` is skipped.
pub fn validated_sources(sources: &[String]) -> Result<Vec<String>, PodConfigError> {
    let mut out = Vec::with_capacity(sources.len());
    for s in sources {
        match s.as_str() {
            ALL_SOURCE => {
                return Ok(vec![
                    FILE_SOURCE.into(),
                    HTTP_SOURCE.into(),
                    APISERVER_SOURCE.into(),
                ]);
            }
            FILE_SOURCE | HTTP_SOURCE | APISERVER_SOURCE => out.push(s.clone()),
            "" => {}
            other => return Err(PodConfigError::UnknownSource(other.to_string())),
        }
    }
    Ok(out)
}

/// `kubetypes.IsStaticPod`-style rule: a pod is static iff its source is not the API server.
pub fn is_static_source(source: &str) -> bool {
    source != APISERVER_SOURCE
}

/// What one step of a source produced: the updates it sent on its channel (always SETs of the
/// full list, as the real sources send) and the errors it reported (upstream logs them and
/// carries on; a bad manifest never stops the other manifests).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "PodSourceStep")
)]
pub struct SourceStep {
    pub updates: Vec<PodUpdate>,
    pub errors: Vec<String>,
}

impl SourceStep {
    pub(crate) fn send(&mut self, source: &str, pods: Vec<Pod>, why: String) {
        self.updates.push(PodUpdate {
            op: PodOperation::Set,
            source: source.to_string(),
            pods,
            reasons: vec![Reason::whole(why)],
        });
    }
}

/// A source call that could not be carried out (bad arguments), or a manifest or URL a source
/// could not read (which the source reports in [`SourceStep::errors`] and carries on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    kind: PodConfigErrorKind,
    message: String,
    source: Option<DurationError>,
}

impl SourceError {
    pub(crate) fn new(message: String) -> Self {
        SourceError {
            kind: PodConfigErrorKind::PodConfig,
            message,
            source: None,
        }
    }

    /// A call refused for its size (see [`super::http::HttpSource::try_serve`]); nothing changed.
    pub(crate) fn limit(message: String) -> Self {
        SourceError {
            kind: PodConfigErrorKind::Limit,
            message,
            source: None,
        }
    }

    /// A polling period of the options that is not a Go duration: Go's text, and the
    /// duration's own kind.
    pub(crate) fn period(e: DurationError) -> Self {
        SourceError {
            kind: PodConfigErrorKind::InvalidDuration,
            message: e.to_string(),
            source: Some(e),
        }
    }

    /// [`PodConfigErrorKind::Limit`] for a call refused for its size,
    /// [`PodConfigErrorKind::InvalidDuration`] for a period that is not a duration, else
    /// [`PodConfigErrorKind::PodConfig`].
    pub fn kind(&self) -> PodConfigErrorKind {
        self.kind
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SourceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// `time.NewTicker` refuses a non-positive period (Go panics with this text).
pub(crate) fn check_period(period: crate::duration::Duration) -> Result<(), SourceError> {
    if period.nanos() <= 0 {
        return Err(SourceError::new(
            "non-positive interval for NewTicker".into(),
        ));
    }
    Ok(())
}

/// The first tick after `now` on a ticker whose next tick was `next` (or that starts `now`).
/// Missed ticks collapse into one, as a Go ticker drops ticks nobody received.
pub(crate) fn next_tick(
    next: Option<super::timestamp::Timestamp>,
    now: super::timestamp::Timestamp,
    period: crate::duration::Duration,
) -> super::timestamp::Timestamp {
    let period = period.nanos().max(1);
    // Not a default: the first tick is due now.
    let base = next.unwrap_or(now);
    if base > now {
        return base;
    }
    let behind = now.nanos().saturating_sub(base.nanos());
    let steps = behind / period + 1;
    base.add_nanos(steps.saturating_mul(period))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_json_keeps_its_shape_around_the_shared_event() {
        let e = Event {
            event: crate::objects::Event::warning("FailedValidation"),
            message: "m".into(),
            involved_object: InvolvedObject {
                kind: "Pod".into(),
                namespace: "ns".into(),
                name: "p".into(),
                uid: "u".into(),
                api_version: "v1".into(),
            },
        };
        let text = serde_json::to_string(&e).unwrap();
        assert_eq!(
            text,
            r#"{"type":"Warning","reason":"FailedValidation","message":"m","involvedObject":{"kind":"Pod","namespace":"ns","name":"p","uid":"u","apiVersion":"v1"}}"#
        );
        assert_eq!(
            (e.type_.as_str(), e.reason.as_str()),
            ("Warning", "FailedValidation")
        );
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e);
    }
}
