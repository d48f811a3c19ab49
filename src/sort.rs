//! Stable sorting and sorted maps that compile to one sort for the whole crate.
//!
//! Why: the standard library's stable sort (and `BTreeMap`'s `FromIterator`, which sorts its
//! input with it) is instantiated for every element type and every comparator, about 3 KB of
//! wasm each, and the package carried dozens. Here the elements stay where they are and only
//! their positions are sorted, by one sort over `usize` with a comparator behind `dyn`; what is
//! generic per call site is the small step that moves the elements into the sorted order. The
//! result is the standard stable sort's: equal elements keep their order.
//!
//! Some feature sets use only part of this module.
#![cfg_attr(
    not(all(
        feature = "kubelet-config",
        feature = "control-plane",
        feature = "api-fields"
    )),
    allow(dead_code)
)]

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// The stable order of `len` positions under `cmp`: the one sort the crate compiles.
fn order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut positions: Vec<usize> = (0..len).collect();
    positions.sort_by(|a, b| cmp(*a, *b));
    positions
}

/// Moves the elements of `v` into the order `positions` names.
fn apply<T>(v: &mut Vec<T>, positions: Vec<usize>) {
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(
        positions
            .into_iter()
            .filter_map(|p| slots.get_mut(p).and_then(Option::take)),
    );
}

/// `v.sort_by(cmp)`: stable.
pub(crate) fn sort_by<T>(v: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let positions = {
        let items: &[T] = v;
        order(items.len(), &|a, b| match (items.get(a), items.get(b)) {
            (Some(x), Some(y)) => cmp(x, y),
            _ => Ordering::Equal,
        })
    };
    apply(v, positions);
}

/// `v.sort_by_key(key)`: stable.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// `v.sort()`: stable.
pub(crate) fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, T::cmp);
}

/// `iter.collect::<BTreeMap<_, _>>()` without the standard library's sort: inserted one by one,
/// so for a repeated key the last value wins, as with `collect`.
pub(crate) fn map<K: Ord, V>(iter: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut out = BTreeMap::new();
    for (k, v) in iter {
        out.insert(k, v);
    }
    out
}

/// `iter.collect::<BTreeSet<_>>()` without the standard library's sort.
pub(crate) fn set<T: Ord>(iter: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut out = BTreeSet::new();
    for item in iter {
        out.insert(item);
    }
    out
}

/// [`map`] and [`set`] at the end of an iterator chain, where `collect` stood.
pub(crate) trait Collect: Iterator + Sized {
    fn collect_map<K: Ord, V>(self) -> BTreeMap<K, V>
    where
        Self: Iterator<Item = (K, V)>,
    {
        map(self)
    }

    fn collect_set(self) -> BTreeSet<Self::Item>
    where
        Self::Item: Ord,
    {
        set(self)
    }
}

impl<I: Iterator> Collect for I {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_stable_sort() {
        let mut seed = 7u64;
        for len in [0usize, 1, 2, 3, 10, 33, 200, 1000] {
            let v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut ours = v.clone();
            sort_by_key(&mut ours, |x| x.0);
            let mut theirs = v.clone();
            theirs.sort_by_key(|x| x.0);
            assert_eq!(ours, theirs);
            let mut ours = v.clone();
            sort(&mut ours);
            let mut theirs = v;
            theirs.sort();
            assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn maps_as_collect() {
        let pairs = vec![("b", 1), ("a", 2), ("b", 3), ("c", 4), ("a", 5)];
        let ours = map(pairs.clone());
        let theirs: BTreeMap<_, _> = pairs.into_iter().collect();
        assert_eq!(ours, theirs);
        let items = ["b", "a", "b"];
        assert_eq!(
            items.iter().collect_set(),
            items.iter().collect::<BTreeSet<_>>()
        );
    }
}
