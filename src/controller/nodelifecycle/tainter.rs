//! The per-zone NoExecute tainting queue: `RateLimitedTimedQueue`
//! (`pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go`) over the token bucket of
//! `golang.org/x/time/rate` (`flowcontrol.NewTokenBucketRateLimiter`, burst 1).

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use crate::timestamp::Time;

/// A node as the controller knows it: an index into its table of names (see
/// `NodeLifecycleController::intern`). Queues hold ids, not names: every unhealthy node is
/// re-queued on every pass, and hashing, comparing and copying its name each time was most of
/// what a partitioned cluster cost.
pub(super) type NodeId = u32;

/// A multiplicative hash for [`NodeId`] keys: ids are small dense integers chosen by the
/// controller, never by a caller, so SipHash's flooding resistance buys nothing here.
#[derive(Default)]
pub(super) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u32(&mut self, i: u32) {
        self.0 = u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

pub(super) type IdMap<V> = HashMap<NodeId, V, BuildHasherDefault<IdHasher>>;

/// `RateLimitedTimedQueue` over a token bucket of burst 1 (`EvictionRateLimiterBurst`).
///
/// Upstream's queue is a set plus a heap: `RemoveFromQueue` (after a node was processed) keeps the
/// name in the set, so a node already tainted is not queued again; only `Remove` (node reachable
/// again, or a taint of the other kind expected) forgets it.
///
/// `Remove` is called for every unhealthy node on every pass (`markNodeForTainting` re-queues a
/// node at the back), so it must not scan the queue: a removed entry stays in `queue` but is dead
/// (its sequence number no longer matches `set`), is skipped when it reaches the front, and the
/// queue is compacted once dead entries outnumber live ones. Order and membership are exactly
/// those of a queue that removes eagerly.
#[derive(Clone, Debug)]
pub(super) struct ZoneTainter {
    /// As upstream stores it: a float32 QPS (0 = `NewFakeNeverRateLimiter`).
    qps: f32,
    tokens: f64,
    last: Option<Time>,
    /// Entries in queue order, each with the sequence number it was queued under.
    queue: VecDeque<(u64, NodeId)>,
    /// The set: a node maps to the sequence number of its live queue entry, or to `None` once
    /// processed (upstream keeps processed names in the set).
    set: IdMap<Option<u64>>,
    next_seq: u64,
    /// Live entries in `queue`.
    live: usize,
}

/// `time.Duration.Seconds()` of a millisecond span, computed the way Go does.
fn go_seconds(ms: i64) -> f64 {
    let nanos = ms.saturating_mul(1_000_000);
    (nanos / 1_000_000_000) as f64 + (nanos % 1_000_000_000) as f64 / 1e9
}

impl ZoneTainter {
    pub(super) fn new(qps: f64) -> Self {
        let qps = qps as f32;
        ZoneTainter {
            qps,
            tokens: if qps > 0.0 { 1.0 } else { 0.0 },
            last: None,
            queue: VecDeque::new(),
            set: IdMap::default(),
            next_seq: 0,
            live: 0,
        }
    }

    /// The fake never-limiter (a zone in full disruption, or partial disruption in a small
    /// cluster): `try_accept` would refuse without touching any state.
    pub(super) fn never_accepts(&self) -> bool {
        self.qps <= 0.0
    }

    /// `TryAccept` of `golang.org/x/time/rate` with burst 1 (the fake never-limiter when qps = 0).
    pub(super) fn try_accept(&mut self, now: Time) -> bool {
        if self.qps <= 0.0 {
            return false;
        }
        if let Some(l) = self.last {
            let delta = go_seconds(now.millis() - l.millis()) * f64::from(self.qps);
            self.tokens = (self.tokens + delta).min(1.0);
        }
        self.last = Some(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// `SwapLimiter`: a new bucket starts full, but is drained when the old one had no token left
    /// ("a good approach when Burst value is 1" upstream).
    pub(super) fn swap_limiter(&mut self, qps: f64, now: Time) {
        let qps = qps as f32;
        if self.qps == qps {
            return;
        }
        let drained = if qps > 0.0 {
            !self.try_accept(now)
        } else {
            true
        };
        self.qps = qps;
        self.tokens = if drained { 0.0 } else { 1.0 };
        self.last = Some(now);
    }

    pub(super) fn add(&mut self, node: NodeId) -> bool {
        if self.set.contains_key(&node) {
            return false;
        }
        let seq = self.next_seq;
        self.next_seq += 1;
        self.set.insert(node, Some(seq));
        self.queue.push_back((seq, node));
        self.live += 1;
        true
    }

    pub(super) fn remove(&mut self, node: NodeId) -> bool {
        match self.set.remove(&node) {
            None => false,
            Some(queued) => {
                if queued.is_some() {
                    self.live -= 1;
                    self.compact();
                }
                true
            }
        }
    }

    /// `Remove` then `Add` in one step: the node ends at the back of the queue and in the set.
    /// Returns whether it was in the set before.
    pub(super) fn requeue(&mut self, node: NodeId) -> bool {
        let seq = self.next_seq;
        self.next_seq += 1;
        let was_member = match self.set.get_mut(&node) {
            Some(queued) => {
                if queued.is_none() {
                    self.live += 1;
                }
                *queued = Some(seq);
                true
            }
            None => {
                self.set.insert(node, Some(seq));
                self.live += 1;
                false
            }
        };
        self.queue.push_back((seq, node));
        self.compact();
        was_member
    }

    /// Drops dead entries once they outnumber live ones (amortized constant per removal).
    fn compact(&mut self) {
        if self.queue.len() > 2 * self.live + 64 {
            let set = &self.set;
            self.queue
                .retain(|(seq, id)| set.get(id) == Some(&Some(*seq)));
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The first live entry, dropping dead ones before it.
    pub(super) fn front(&mut self) -> Option<NodeId> {
        while let Some((seq, id)) = self.queue.front() {
            if self.set.get(id) == Some(&Some(*seq)) {
                break;
            }
            self.queue.pop_front();
        }
        self.queue.front().map(|&(_, id)| id)
    }

    /// `RemoveFromQueue` of the front entry: out of the queue, still in the set.
    pub(super) fn pop_front(&mut self) {
        if self.front().is_none() {
            return;
        }
        if let Some((_, id)) = self.queue.pop_front() {
            if let Some(queued) = self.set.get_mut(&id) {
                *queued = None;
            }
            self.live -= 1;
        }
    }
}
