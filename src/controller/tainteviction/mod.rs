//! Taint-based eviction of pods: when the taint manager of kube-controller-manager deletes a pod
//! from a node with `NoExecute` taints (`pkg/controller/tainteviction/taint_eviction.go`,
//! `processPodOnNode`, `getMinTolerationTime`; the matching of `v1.Toleration.ToleratesTaint` and
//! `v1helper.GetMatchingTolerations`), 1.29 to 1.36.
//!
//! The node lifecycle controller only taints; this is the controller that acts on the taint. On
//! every node update it looks at the node's `NoExecute` taints and each of its pods:
//!
//! 1. no `NoExecute` taint: any scheduled deletion is cancelled;
//! 2. some taint no toleration of the pod matches: the pod is deleted at once;
//! 3. every taint matched: the matched tolerations' smallest `tolerationSeconds` (0 or negative
//!    counts as 0) is how long the pod stays; a matched toleration without seconds tolerates
//!    forever only when every matched one has none;
//! 4. a deletion already scheduled is kept, with its start and its fire time: a second taint the
//!    pod also tolerates does not move it (upstream returns early whenever the old start plus the
//!    new wait is before now plus the new wait, which is always).
//!
//! The start is the time the taint manager handled the update that brought the taint, which for
//! a controller that was running is the taint's `timeAdded` (the node lifecycle controller sets
//! it when it patches the node, and the update reaches the taint manager within moments). After a
//! kube-controller-manager restart the taint manager starts over from its own start time; nothing
//! in the node or the pod records that, so the answers here are for a controller that kept running.
//!
//! Pods as `kubectl get pods` prints them have been through admission, so their tolerations
//! already include the `DefaultTolerationSeconds` plugin's pair (`not-ready` and `unreachable`,
//! `NoExecute`, 300 s) unless the pod had its own toleration of those taints: they are read as
//! they are. Without pods, [`default_tolerations`] stands for an ordinary pod.

use serde::{Deserialize, Serialize};

use crate::objects::{Taint, TaintEffect, TAINT_NOT_READY, TAINT_UNREACHABLE};
use crate::timestamp::Time;

/// The DefaultTolerationSeconds admission plugin's `--default-not-ready-toleration-seconds` and
/// `--default-unreachable-toleration-seconds` (both 300).
pub const DEFAULT_TOLERATION_SECONDS: i64 = 300;

/// A pod's toleration (`core/v1 Toleration`), as the taint manager reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct Toleration {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    /// `Exists`, `Equal` (the default when empty), or `Lt`/`Gt` (1.35+, behind an alpha gate).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub operator: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// Empty matches every effect.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub effect: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i64>,
}

impl Toleration {
    /// `Toleration.ToleratesTaint`: effect (empty matches all), key (empty matches all; the API
    /// only allows that with `Exists`), then the operator. `Lt` and `Gt` match only with the alpha
    /// comparison-operators gate on, which this answer takes as off (its default).
    pub fn tolerates(&self, taint: &Taint) -> bool {
        if !self.effect.is_empty() && self.effect != taint.effect.as_str() {
            return false;
        }
        if !self.key.is_empty() && self.key != taint.key {
            return false;
        }
        match self.operator.as_str() {
            "" | "Equal" => self.value == taint.value,
            "Exists" => true,
            _ => false,
        }
    }

    /// How this toleration reads: `300s`, `forever`, or `0s` (evicted at once).
    pub fn describe_seconds(&self) -> String {
        match self.toleration_seconds {
            None => "forever".to_string(),
            Some(s) if s <= 0 => "0s".to_string(),
            Some(s) => format!("{s}s"),
        }
    }
}

/// The pair the DefaultTolerationSeconds admission plugin adds to a pod that tolerates neither
/// taint: `not-ready` and `unreachable`, `Exists`, `NoExecute`, 300 s.
pub fn default_tolerations() -> Vec<Toleration> {
    [TAINT_NOT_READY, TAINT_UNREACHABLE]
        .iter()
        .map(|k| Toleration {
            key: (*k).to_string(),
            operator: "Exists".to_string(),
            value: String::new(),
            effect: TaintEffect::NoExecute.as_str().to_string(),
            toleration_seconds: Some(DEFAULT_TOLERATION_SECONDS),
        })
        .collect()
}

/// How long a pod stays on a node with a given set of `NoExecute` taints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stay {
    /// Some taint is not tolerated: deleted at once. Holds the first such taint.
    NotTolerated(Taint),
    /// Every taint tolerated for at least this many seconds (0 = at once).
    Seconds(i64),
    /// Every matched toleration has no `tolerationSeconds`.
    Forever,
}

/// `GetMatchingTolerations` then `getMinTolerationTime` over the node's `NoExecute` taints.
pub fn stay(taints: &[&Taint], tolerations: &[Toleration]) -> Stay {
    let mut used: Vec<&Toleration> = Vec::new();
    for t in taints {
        match tolerations.iter().find(|x| x.tolerates(t)) {
            Some(x) => used.push(x),
            None => return Stay::NotTolerated((*t).clone()),
        }
    }
    if used.is_empty() {
        return Stay::Seconds(0);
    }
    let mut min: Option<i64> = None;
    for u in used {
        if let Some(s) = u.toleration_seconds {
            if s <= 0 {
                return Stay::Seconds(0);
            }
            min = Some(min.map_or(s, |m| m.min(s)));
        }
    }
    min.map_or(Stay::Forever, Stay::Seconds)
}

/// When the taint manager deletes a pod, given the node's `NoExecute` taints with the time each
/// was seen (its `timeAdded`, or `seen` when it has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eviction {
    /// When the taint manager first saw a `NoExecute` taint on the node (the scheduled
    /// deletion's start), `None` when no taint has a time.
    pub start: Option<Time>,
    /// When the pod is deleted; `None` for never (tolerated forever) or unknown (no start).
    pub at: Option<Time>,
    /// How the pod stays (from the taints present at the start, or a later untolerated one).
    pub stay: Stay,
}

/// Replays `processPodOnNode` over the taints in the order they were added: the first update
/// schedules the deletion; later taints the pod tolerates keep it (rule 4 above); a later taint
/// it does not tolerate deletes it when that taint comes. Taints without `timeAdded` are taken as
/// present from the start.
pub fn evict(taints: &[Taint], tolerations: &[Toleration]) -> Eviction {
    let mut no_execute: Vec<&Taint> = taints
        .iter()
        .filter(|t| t.effect == TaintEffect::NoExecute)
        .collect();
    if no_execute.is_empty() {
        return Eviction {
            start: None,
            at: None,
            stay: Stay::Forever,
        };
    }
    crate::sort::sort_by_key(&mut no_execute, |t| t.time_added);
    let start = no_execute.iter().filter_map(|t| t.time_added).min();
    // The taints present at the first update: every one added at the start (or without a time).
    let first: Vec<&Taint> = no_execute
        .iter()
        .copied()
        .filter(|t| t.time_added.is_none() || t.time_added == start)
        .collect();
    let initial = stay(&first, tolerations);
    let mut at = match (&initial, start) {
        (Stay::NotTolerated(_), s) => s,
        (Stay::Seconds(n), Some(s)) => Some(s.add_millis(n.saturating_mul(1000))),
        _ => None,
    };
    let mut result = initial.clone();
    if matches!(initial, Stay::NotTolerated(_)) {
        return Eviction {
            start,
            at,
            stay: result,
        };
    }
    // Later taints, in the order they came.
    let mut present = first;
    for t in no_execute
        .iter()
        .copied()
        .filter(|t| t.time_added.is_some() && t.time_added != start)
    {
        present.push(t);
        match stay(&present, tolerations) {
            Stay::NotTolerated(x) => {
                let when = t.time_added;
                if at.is_none() || when < at {
                    at = when;
                    result = Stay::NotTolerated(x);
                }
                break;
            }
            // Tolerated forever now: the scheduled deletion is cancelled.
            Stay::Forever => {
                at = None;
                result = Stay::Forever;
            }
            // A scheduled deletion stays as it was; a cancelled one (forever) is scheduled anew.
            Stay::Seconds(n) => {
                if result == Stay::Forever {
                    at = t.time_added.map(|s| s.add_millis(n.saturating_mul(1000)));
                    result = Stay::Seconds(n);
                }
            }
        }
    }
    Eviction {
        start,
        at,
        stay: result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taint(key: &str, at: i64) -> Taint {
        Taint {
            key: key.to_string(),
            value: String::new(),
            effect: TaintEffect::NoExecute,
            time_added: Some(Time::from_millis(at * 1000)),
        }
    }

    /// `getMinTolerationTime`: the smallest seconds; 0 or negative is at once; none is forever
    /// only when no matched toleration has seconds.
    #[test]
    fn min_toleration_time_as_upstream() {
        let t = taint(TAINT_UNREACHABLE, 0);
        let tol = |s: Option<i64>| Toleration {
            key: TAINT_UNREACHABLE.into(),
            operator: "Exists".into(),
            effect: "NoExecute".into(),
            toleration_seconds: s,
            ..Toleration::default()
        };
        assert_eq!(stay(&[&t], &[tol(Some(60))]), Stay::Seconds(60));
        assert_eq!(stay(&[&t], &[tol(Some(-5))]), Stay::Seconds(0));
        assert_eq!(stay(&[&t], &[tol(None)]), Stay::Forever);
        assert_eq!(stay(&[&t], &[]), Stay::NotTolerated(t.clone()));
        // The first matching toleration is the one used, as GetMatchingTolerations picks it.
        assert_eq!(stay(&[&t], &[tol(None), tol(Some(10))]), Stay::Forever);
        let any = Toleration {
            operator: "Exists".into(),
            ..Toleration::default()
        };
        assert_eq!(stay(&[&t], &[any]), Stay::Forever);
    }

    /// A second tolerated taint keeps the deletion scheduled by the first; an untolerated one
    /// deletes at once.
    #[test]
    fn later_taints() {
        let d = default_tolerations();
        let e = evict(
            &[taint(TAINT_NOT_READY, 100), taint(TAINT_UNREACHABLE, 200)],
            &d,
        );
        assert_eq!(e.at, Some(Time::from_millis(400_000)));
        let e = evict(&[taint(TAINT_UNREACHABLE, 100), taint("x", 150)], &d);
        assert_eq!(e.at, Some(Time::from_millis(150_000)));
        assert!(matches!(e.stay, Stay::NotTolerated(_)));
    }
}

/// A pod on a node, as the taint manager reads it: its name, node and tolerations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct PodOnNode {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    pub name: String,
    /// `spec.nodeName`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub node_name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<Toleration>,
    /// The kind of its controller (`metadata.ownerReferences` with `controller: true`), e.g.
    /// `DaemonSet`, `ReplicaSet`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner_kind: Option<String>,
}
