//! One stable sort for the crate.
//!
//! The standard library's stable sort is generic over the element type and the comparison, so
//! each `sort_by` on another element type (and each `collect()` into a B-tree map or set, which
//! sorts its pairs first) compiles one more copy of it: a few kilobytes of wasm each, for lists
//! that hold a handful of entries. Here std sorts only a list of indices, always through the same
//! `dyn` comparison, so the package carries one copy of its sort; the items are then moved into
//! that order. The result is std's stable sort's: equal elements keep their order.

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Sorts `items` by `cmp`, equal elements kept in their order (`slice::sort_by`).
pub fn sort_by<T>(items: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let order = {
        let items = &*items;
        order(items.len(), &|a, b| match (items.get(a), items.get(b)) {
            (Some(x), Some(y)) => cmp(x, y),
            // `order` compares indices below the length only.
            _ => Ordering::Equal,
        })
    };
    permute(order, &mut |a, b| items.swap(a, b));
}

/// Sorts `items` by the key `key` gives each, stably (`slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their own order, stably (`slice::sort`).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// A map of `pairs`, the last value of a repeated key kept, as `collect()` makes it, but by
/// inserting each pair: `collect()` sorts them first, with one more copy of std's sort.
pub fn collect_map<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    map.extend(pairs);
    map
}

/// The indices `0..len` in the order `cmp` gives them, equal ones kept in index order: the one
/// place std's stable sort is instantiated.
fn order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..len).collect();
    indices.sort_by(|&a, &b| cmp(a, b));
    indices
}

/// Moves the item at `order[k]` to place `k` for every `k`, by swaps along each cycle of the
/// permutation (no item copied, nothing allocated). A place done is marked by pointing at itself.
fn permute(mut order: Vec<usize>, swap: &mut dyn FnMut(usize, usize)) {
    for start in 0..order.len() {
        let mut at = start;
        // `order` is a permutation of its indices, so every `get` finds its entry and each
        // cycle comes back to `start`.
        while let Some(slot) = order.get_mut(at) {
            let from = std::mem::replace(slot, at);
            if from == start {
                break;
            }
            swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_std_stable_sort_does() {
        // Keys with many ties, so stability shows; every length up to 40 and a few larger.
        for len in (0..40).chain([100, 257, 1000]) {
            let items: Vec<(u32, usize)> =
                (0..len).map(|i| (((i * 7919) % 13) as u32, i)).collect();
            let mut ours = items.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = items.clone();
            std.sort_by_key(|a| a.0);
            assert_eq!(ours, std, "length {len}");
            let mut by_key = items.clone();
            sort_by_key(&mut by_key, |x| std::cmp::Reverse(x.0));
            let mut std = items;
            std.sort_by_key(|x| std::cmp::Reverse(x.0));
            assert_eq!(by_key, std, "length {len}");
        }
    }

    #[test]
    fn sorts_owned_items_without_copying() {
        let mut v: Vec<String> = ["b", "a", "c", "a"].iter().map(|s| s.to_string()).collect();
        sort(&mut v);
        assert_eq!(v, ["a", "a", "b", "c"]);
    }
}
