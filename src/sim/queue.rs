//! The simulator's event queue: a timing wheel of one-millisecond slots for the near future and a
//! binary heap for events further out.
//!
//! Why not one binary heap: a 5000-node hour is about 3.6 million events, nearly all due within the
//! next 10.4s (a jittered sync or lease renewal), and a heap pays log2(10 000) ≈ 13 levels of
//! comparisons and moves per push and per pop. Here a push is an append to a slot's list and a pop
//! takes a slot's head, both O(1); finding the next occupied slot scans a bitmap one word at a time.
//!
//! Order is exactly the heap's `(time, push order)`: a slot is a FIFO list, and an event moves from
//! the heap into the wheel (in heap order) as soon as its time enters the wheel's window, which is
//! before any push can target that slot directly, so earlier pushes always come out first.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// log2 of the wheel's span in milliseconds: 16.384s covers the default sync and lease periods with
/// their 4% jitter, the 10s eviction loop, the 5s monitor period and the 7s backoff caps.
const BITS: u32 = 14;
const SPAN: i64 = 1 << BITS;
const MASK: i64 = SPAN - 1;
const SLOTS: usize = SPAN as usize;
const WORDS: usize = SLOTS / 64;
/// End of a slot's list.
const NIL: u32 = u32::MAX;

/// The wheel slot of a time.
#[inline(always)]
fn slot(at: i64) -> usize {
    (at & MASK) as usize
}

#[derive(Clone, Copy, Debug)]
struct Entry<E> {
    ev: E,
    next: u32,
}

#[derive(Debug)]
pub(super) struct Queue<E: Copy + Ord> {
    /// Time of the current slot; no pending event is earlier. The wheel holds events in
    /// `[now, now + SPAN)`, the heap the ones at `now + SPAN` or later.
    now: i64,
    /// Per slot: first and last entry of its FIFO list (indices into `entries`). Fixed-size
    /// arrays indexed by `time & MASK`, so the compiler drops the bounds checks.
    head: Box<[u32; SLOTS]>,
    tail: Box<[u32; SLOTS]>,
    /// One bit per non-empty slot.
    occupied: Box<[u64; WORDS]>,
    /// Slab of list entries; `free` chains the unused ones through `next`.
    entries: Vec<Entry<E>>,
    free: u32,
    /// Far events: `(time, push order, event)`.
    far: BinaryHeap<Reverse<(i64, u64, E)>>,
    seq: u64,
}

impl<E: Copy + Ord> Queue<E> {
    pub(super) fn with_capacity(n: usize) -> Self {
        Queue {
            now: 0,
            head: Box::new([NIL; SLOTS]),
            tail: Box::new([NIL; SLOTS]),
            occupied: Box::new([0; WORDS]),
            entries: Vec::with_capacity(n),
            free: NIL,
            far: BinaryHeap::new(),
            seq: 0,
        }
    }

    /// Queues `ev` at `at` (never before the current time: earlier times are due now).
    #[inline(always)]
    pub(super) fn push(&mut self, at: i64, ev: E) {
        let at = at.max(self.now);
        if at - self.now < SPAN {
            self.push_slot(at, ev);
        } else {
            self.seq += 1;
            self.far.push(Reverse((at, self.seq, ev)));
        }
    }

    #[inline(always)]
    fn push_slot(&mut self, at: i64, ev: E) {
        let e = Entry { ev, next: NIL };
        let idx = match self.entries.get_mut(self.free as usize) {
            Some(slot) => {
                let idx = self.free;
                self.free = slot.next;
                *slot = e;
                idx
            }
            None => {
                self.entries.push(e);
                (self.entries.len() - 1) as u32
            }
        };
        let s = slot(at);
        let Some(tail) = self.tail.get_mut(s) else {
            return;
        };
        let last = std::mem::replace(tail, idx);
        if last == NIL {
            if let Some(h) = self.head.get_mut(s) {
                *h = idx;
            }
            if let Some(w) = self.occupied.get_mut(s / 64) {
                *w |= 1 << (s % 64);
            }
        } else if let Some(prev) = self.entries.get_mut(last as usize) {
            prev.next = idx;
        }
    }

    /// Removes and returns the next event if it is due at or before `until`, with its time.
    #[inline(always)]
    pub(super) fn pop(&mut self, until: i64) -> Option<(i64, E)> {
        loop {
            let s = slot(self.now);
            // `slot` masks into `0..SLOTS`, the length of `head`: NIL is unreachable.
            let first = self.head.get(s).copied().unwrap_or(NIL);
            if let Some(entry) = self.entries.get_mut(first as usize) {
                if self.now > until {
                    return None;
                }
                let (ev, next) = (entry.ev, entry.next);
                entry.next = self.free;
                self.free = first;
                if let Some(h) = self.head.get_mut(s) {
                    *h = next;
                }
                if next == NIL {
                    if let Some(t) = self.tail.get_mut(s) {
                        *t = NIL;
                    }
                    if let Some(w) = self.occupied.get_mut(s / 64) {
                        *w &= !(1 << (s % 64));
                    }
                }
                return Some((self.now, ev));
            }
            let next = match self.next_in_wheel() {
                Some(t) => t,
                None => self.far.peek()?.0 .0,
            };
            if next > until {
                return None;
            }
            self.now = next;
            self.migrate();
        }
    }

    /// Time of the first occupied slot after the current one, if any.
    fn next_in_wheel(&self) -> Option<i64> {
        let start = slot(self.now + 1);
        let first_word = start / 64;
        // The first word masked to positions at or after `start`, then whole words, wrapping
        // around, and finally the first word's positions before `start`.
        let mut word = start / 64;
        let mut bits = self.occupied.get(word)? & (!0u64 << (start % 64));
        let mut left = WORDS + 1;
        while left > 0 {
            left -= 1;
            if bits != 0 {
                let pos = (word * 64 + bits.trailing_zeros() as usize) as i64;
                let base = self.now & MASK;
                let ahead = (pos - base) & MASK;
                return Some(self.now + if ahead == 0 { SPAN } else { ahead });
            }
            word = (word + 1) % WORDS;
            bits = *self.occupied.get(word)?;
            if word == first_word {
                bits &= !(!0u64 << (start % 64));
            }
        }
        None
    }

    /// Moves far events whose time entered the window into the wheel, in heap order.
    fn migrate(&mut self) {
        while let Some(Reverse((at, _, ev))) = self.far.peek().copied() {
            if at - self.now >= SPAN {
                break;
            }
            self.far.pop();
            self.push_slot(at, ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wheel gives exactly the order of a heap keyed by (time, push order).
    #[test]
    fn same_order_as_a_heap() {
        let mut q = Queue::with_capacity(0);
        let mut heap = BinaryHeap::new();
        let mut seq = 0u64;
        let mut x: u64 = 12345;
        let mut rnd = |m: i64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % m as u64) as i64
        };
        let mut now = 0;
        let mut popped = Vec::new();
        let mut expected = Vec::new();
        for round in 0..20_000u32 {
            // Pushes near and far, at now and in bursts on the same millisecond.
            for _ in 0..rnd(3) {
                let d = match rnd(4) {
                    0 => 0,
                    1 => rnd(100),
                    2 => rnd(SPAN + 50),
                    _ => rnd(5 * SPAN),
                };
                seq += 1;
                q.push(now + d, round);
                heap.push(Reverse((now + d, seq, round)));
            }
            let until = now + rnd(300);
            while let Some((t, e)) = q.pop(until) {
                popped.push((t, e));
            }
            while let Some(Reverse((t, _, e))) = heap.peek().copied() {
                if t > until {
                    break;
                }
                heap.pop();
                expected.push((t, e));
            }
            assert_eq!(popped, expected, "round {round}");
            now = until;
        }
        while let Some(x) = q.pop(i64::MAX) {
            popped.push(x);
        }
        while let Some(Reverse((t, _, e))) = heap.pop() {
            expected.push((t, e));
        }
        assert_eq!(popped, expected);
        assert!(popped.len() > 10_000);
    }

    #[test]
    fn empty_and_sparse() {
        let mut q: Queue<u8> = Queue::with_capacity(0);
        assert_eq!(q.pop(i64::MAX), None);
        q.push(7 * 24 * 3_600_000, 1);
        q.push(5, 2);
        q.push(SPAN - 1, 3);
        q.push(SPAN, 4);
        assert_eq!(q.pop(4), None);
        assert_eq!(q.pop(i64::MAX), Some((5, 2)));
        assert_eq!(q.pop(i64::MAX), Some((SPAN - 1, 3)));
        assert_eq!(q.pop(i64::MAX), Some((SPAN, 4)));
        assert_eq!(q.pop(i64::MAX), Some((7 * 24 * 3_600_000, 1)));
        assert_eq!(q.pop(i64::MAX), None);
    }
}
