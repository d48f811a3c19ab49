//! Where each node of a document was written, stored flat.
//!
//! Why not a map from pointer to position: a document records a position for every node and is
//! asked for few of them (an error's line, a provenance), most often none. One pointer `String`
//! plus a hash per node cost more than reading the YAML itself. So a record is its parent's
//! record number and its own segment (a key's text in one shared buffer, or a sequence index),
//! and the pointers are spelled out, sorted and searched only when the first question is asked.

use std::sync::OnceLock;

use super::Pos;

/// The last segment of a record's pointer. Offsets and numbers are `u32`: a record is 24 bytes,
/// and a document's records stay in the allocator's cheap sizes.
#[derive(Clone, Copy)]
enum Segment {
    /// Bytes `start..end` of the segment buffer, already escaped (a key, or a whole pointer
    /// for a record without a parent).
    Text(u32, u32),
    /// A sequence index.
    Index(u32),
}

#[derive(Clone, Copy)]
struct Entry {
    /// The record this one's pointer extends, `NO_PARENT` when the segment is the whole pointer.
    parent: u32,
    segment: Segment,
    line: u32,
    column: u32,
    /// `true`: a later record of the same pointer replaces this one (a mapping key, the root);
    /// `false`: this one is kept only if nothing was recorded for the pointer before (a
    /// sequence item, which a key written twice may have recorded under its first value).
    replaces: bool,
}

/// The pointers spelled out, each record's at `ends[i-1]..ends[i]`, and the record numbers
/// sorted by pointer (records of one pointer in the order they were made).
#[derive(Clone, Default)]
struct Index {
    pointers: String,
    ends: Vec<usize>,
    sorted: Vec<usize>,
}

impl Index {
    // `i` is a record number (below `ends.len()`), and `ends` rises and falls on segment
    // boundaries of `pointers`: the slice exists, and the defaults are unreachable.
    fn pointer(&self, i: usize) -> &str {
        let start = match i.checked_sub(1) {
            Some(p) => self.ends.get(p).copied().unwrap_or(0),
            None => 0,
        };
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.pointers.get(start..end).unwrap_or("")
    }
}

/// A document's recorded positions (see the module doc).
#[derive(Clone, Default)]
pub(super) struct Positions {
    segments: String,
    entries: Vec<Entry>,
    index: OnceLock<Index>,
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut len = 0;
    for d in digits.iter_mut() {
        *d = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits.iter().take(len).rev());
}

const NO_PARENT: u32 = u32::MAX;

/// A record number or text offset as stored: a document stays far below 4 GiB and 2^32
/// records (the input limits and `MAX_NODES`), so the saturation is unreachable.
fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Positions {
    fn push(&mut self, parent: u32, segment: Segment, pos: Pos, replaces: bool) -> usize {
        self.entries.push(Entry {
            parent,
            segment,
            line: narrow(pos.line),
            column: narrow(pos.column),
            replaces,
        });
        // An index built before this record is stale.
        self.index.take();
        self.entries.len() - 1
    }

    fn text(&mut self, text: &str) -> Segment {
        let start = narrow(self.segments.len());
        self.segments.push_str(text);
        Segment::Text(start, narrow(self.segments.len()))
    }

    /// Records `pos` for a document's root (the pointer `""`); returns the record's number.
    pub(super) fn root(&mut self, pos: Pos) -> usize {
        let segment = self.text("");
        self.push(NO_PARENT, segment, pos, true)
    }

    /// The pointer of record `id`, spelled from its parents (for the rare question that needs
    /// one before the index is built: a duplicate key).
    pub(super) fn pointer(&self, id: usize) -> String {
        let mut segments = Vec::new();
        let mut at = self.entries.get(id);
        while let Some(e) = at {
            // A segment's range was taken from `segments` when it was stored: it exists.
            segments.push(match e.segment {
                Segment::Text(s, t) => self
                    .segments
                    .get(s as usize..t as usize)
                    .unwrap_or_default()
                    .to_string(),
                Segment::Index(n) => n.to_string(),
            });
            at = match e.parent {
                NO_PARENT => None,
                p => self.entries.get(p as usize),
            };
        }
        segments.reverse();
        segments.join("/")
    }

    /// Records `pos` for the mapping key `key` under record `parent`; returns the new record's
    /// number, the parent of the value's own children.
    pub(super) fn key(&mut self, parent: usize, key: &str, pos: Pos) -> usize {
        let segment = if key.bytes().any(|b| b == b'~' || b == b'/') {
            self.text(&super::pointer_segment(key))
        } else {
            self.text(key)
        };
        self.push(narrow(parent), segment, pos, true)
    }

    /// Records `pos` for item `n` of the sequence recorded as `parent`; returns its number.
    pub(super) fn item(&mut self, parent: usize, n: usize, pos: Pos) -> usize {
        self.push(narrow(parent), Segment::Index(narrow(n)), pos, false)
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| {
            let mut bytes: Vec<u8> = Vec::new();
            let mut ends: Vec<usize> = Vec::with_capacity(self.entries.len());
            for e in &self.entries {
                // A parent is always recorded before its children, so its pointer is spelled.
                if e.parent != NO_PARENT {
                    let p = e.parent as usize;
                    let start = p.checked_sub(1).and_then(|q| ends.get(q)).copied();
                    let end = ends.get(p).copied().unwrap_or(0);
                    bytes.extend_from_within(start.unwrap_or(0)..end.max(start.unwrap_or(0)));
                    bytes.push(b'/');
                }
                // As in `pointer`: a stored segment's range exists.
                match e.segment {
                    Segment::Text(s, t) => bytes.extend_from_slice(
                        (self.segments.as_bytes())
                            .get(s as usize..t as usize)
                            .unwrap_or(&[]),
                    ),
                    Segment::Index(n) => push_decimal(&mut bytes, n as usize),
                }
                ends.push(bytes.len());
            }
            // Whole segments of valid text, so the bytes are valid text.
            let mut ix = Index {
                pointers: String::from_utf8(bytes).unwrap_or_default(),
                ends,
                sorted: (0..self.entries.len()).collect(),
            };
            let mut sorted = std::mem::take(&mut ix.sorted);
            // Records of one pointer stay in the order they were made (a stable sort).
            crate::sort::sort_by(&mut sorted, |&a, &b| ix.pointer(a).cmp(ix.pointer(b)));
            ix.sorted = sorted;
            ix
        })
    }

    /// What a sequence of inserts into a map would hold for the records `group` (one pointer's,
    /// in recording order): the last replacing record, else the first.
    fn resolve(&self, group: &[usize]) -> Option<Pos> {
        let last_replacing = group
            .iter()
            .rev()
            .find(|i| self.entries.get(**i).is_some_and(|e| e.replaces));
        let e = self.entries.get(*last_replacing.or(group.first())?)?;
        Some(Pos {
            line: e.line as usize,
            column: e.column as usize,
        })
    }

    pub(super) fn get(&self, pointer: &str) -> Option<Pos> {
        let ix = self.index();
        let from = ix.sorted.partition_point(|i| ix.pointer(*i) < pointer);
        let rest = ix.sorted.get(from..)?;
        let len = rest
            .iter()
            .take_while(|i| ix.pointer(**i) == pointer)
            .count();
        self.resolve(rest.get(..len)?)
    }

    /// Every pointer with its position, sorted by pointer.
    pub(super) fn all(&self) -> Vec<(&str, Pos)> {
        let ix = self.index();
        let mut out = Vec::new();
        let mut rest = ix.sorted.as_slice();
        while let Some(first) = rest.first() {
            let pointer = ix.pointer(*first);
            let len = rest
                .iter()
                .take_while(|i| ix.pointer(**i) == pointer)
                .count()
                .max(1);
            if let Some(pos) = rest.get(..len).and_then(|g| self.resolve(g)) {
                out.push((pointer, pos));
            }
            // `len` counted items of `rest`, so the slice exists.
            rest = rest.get(len..).unwrap_or(&[]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }

    #[test]
    fn spells_pointers_from_parents_and_segments() {
        let mut ps = Positions::default();
        let root = ps.root(p(1, 1));
        let list = ps.key(root, "items", p(1, 1));
        let first = ps.item(list, 0, p(2, 3));
        let odd = ps.key(first, "a/b~c", p(2, 5));
        let eleventh = ps.item(list, 10, p(3, 3));
        ps.key(eleventh, "x", p(3, 5));
        assert_eq!(ps.get("/items/0/a~1b~0c"), Some(p(2, 5)));
        assert_eq!(ps.pointer(odd), "/items/0/a~1b~0c");
        assert_eq!(ps.get("/items/10/x"), Some(p(3, 5)));
        assert_eq!(ps.get("/items/1"), None);
        assert_eq!(ps.get(""), Some(p(1, 1)));
        assert_eq!(ps.all().len(), 6);
        // A key written again is where it was written last, an item where it was written
        // first; a record after a lookup is seen by the next lookup.
        let again = ps.key(root, "items", p(4, 1));
        ps.item(again, 0, p(5, 3));
        assert_eq!(ps.get("/items"), Some(p(4, 1)));
        assert_eq!(ps.get("/items/0"), Some(p(2, 3)));
        assert_eq!(ps.all().len(), 6);
    }
}
