//! The gate records of `gates_data.rs` as the lookups read them: four flat tables built from
//! [`GATES`] at compile time.
//!
//! Why: [`GATES`] is a slice of structs of pointers (a name, eras, each a slice of spec
//! tuples), the natural shape for Rust callers but most of the gate core's gzipped wasm, since
//! pointers and padding compress badly. Here a gate is four bytes, an era six, a spec two, and
//! the names one string. Every lookup of `gates.rs` reads these tables in every build
//! ([`PACKED`]), so no wasm carries [`GATES`]; `tests` below holds the two to the same records,
//! and the tables are computed from [`GATES`], so there is one source of facts.

use super::gate_records::{Era, GateRecord, Origin, SpecTuple, GATES, SOURCES};
use crate::featuregate::PreRelease;

/// One gate: the length of its name in [`NAMES`] and its number of eras in [`ERAS`] (each
/// starts where the previous gate's ends).
#[derive(Clone, Copy)]
struct Packed {
    name_len: u8,
    eras: u8,
}

/// One era: its first release, origin, page (an index of `SOURCES`, which stays below 256)
/// and its number of specs in [`SPECS`].
#[derive(Clone, Copy)]
struct PackedEra {
    minor: u8,
    patch: u8,
    origin: u8,
    page: u8,
    specs: u8,
}

const ZERO: Packed = Packed {
    name_len: 0,
    eras: 0,
};
const ZERO_ERA: PackedEra = PackedEra {
    minor: 0,
    patch: 0,
    origin: 0,
    page: 0,
    specs: 0,
};

const GATE_COUNT: usize = GATES.len();

/// A spec as two bytes: minor in bits 0-7, major in 8-9, stage in 10-12, default 13, lock 14.
const fn pack_spec(spec: &SpecTuple) -> u16 {
    let (major, minor, stage, default, locked) = *spec;
    assert!(
        major < 4 && minor < 256,
        "a spec version does not fit its bits"
    );
    let stage: u16 = match stage {
        PreRelease::PreAlpha => 0,
        PreRelease::Alpha => 1,
        PreRelease::Beta => 2,
        PreRelease::GA => 3,
        PreRelease::Deprecated => 4,
    };
    minor | (major << 8) | (stage << 10) | ((default as u16) << 13) | ((locked as u16) << 14)
}

fn unpack_spec(bits: u16) -> SpecTuple {
    let stage = match (bits >> 10) & 7 {
        0 => PreRelease::PreAlpha,
        1 => PreRelease::Alpha,
        2 => PreRelease::Beta,
        3 => PreRelease::GA,
        _ => PreRelease::Deprecated,
    };
    (
        (bits >> 8) & 3,
        bits & 0xff,
        stage,
        bits & (1 << 13) != 0,
        bits & (1 << 14) != 0,
    )
}

const fn totals() -> (usize, usize, usize) {
    let (mut names, mut eras, mut specs) = (0, 0, 0);
    let mut rest = GATES;
    while let Some((g, tail)) = rest.split_first() {
        names += g.name.len();
        eras += g.eras.len();
        let mut e = g.eras;
        while let Some((era, more)) = e.split_first() {
            specs += era.specs.len();
            e = more;
        }
        rest = tail;
    }
    (names, eras, specs)
}

const NAMES_LEN: usize = totals().0;
const ERA_COUNT: usize = totals().1;
const SPEC_COUNT: usize = totals().2;

type Built = (
    [Packed; GATE_COUNT],
    [u8; NAMES_LEN],
    [PackedEra; ERA_COUNT],
    [u16; SPEC_COUNT],
);

// Evaluated by the compiler: an index out of range is a build error, never a panic at run time.
#[allow(clippy::indexing_slicing)]
const fn build() -> Built {
    let mut records = [ZERO; GATE_COUNT];
    let mut names = [0u8; NAMES_LEN];
    let mut eras = [ZERO_ERA; ERA_COUNT];
    let mut specs = [0u16; SPEC_COUNT];
    let (mut g, mut n, mut e, mut s) = (0, 0, 0, 0);
    while g < GATE_COUNT {
        let r: &GateRecord = &GATES[g];
        let bytes = r.name.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            names[n] = bytes[i];
            n += 1;
            i += 1;
        }
        let mut k = 0;
        while k < r.eras.len() {
            let era = &r.eras[k];
            let mut j = 0;
            while j < era.specs.len() {
                specs[s] = pack_spec(&era.specs[j]);
                s += 1;
                j += 1;
            }
            assert!(
                era.minor < 256 && era.patch < 256 && era.page < 256 && era.specs.len() < 256,
                "an era's release, page or spec count does not fit a byte"
            );
            eras[e] = PackedEra {
                minor: era.minor as u8,
                patch: era.patch as u8,
                origin: era.origin.index(),
                page: era.page as u8,
                specs: era.specs.len() as u8,
            };
            e += 1;
            k += 1;
        }
        assert!(
            bytes.len() < 256 && r.eras.len() < 256,
            "a name or an era count does not fit a byte"
        );
        records[g] = Packed {
            name_len: bytes.len() as u8,
            eras: r.eras.len() as u8,
        };
        g += 1;
    }
    (records, names, eras, specs)
}

const TABLES: Built = build();
static RECORDS: [Packed; GATE_COUNT] = TABLES.0;
static NAMES: [u8; NAMES_LEN] = TABLES.1;
static ERAS: [PackedEra; ERA_COUNT] = TABLES.2;
static SPECS: [u16; SPEC_COUNT] = TABLES.3;

/// [`SOURCES`] as one text and the end of each source in it: a slice of `&str` is a pointer
/// and a length per source, which compress worse than the offsets.
const fn source_bytes() -> usize {
    let mut total = 0;
    let mut rest = SOURCES;
    while let Some((s, tail)) = rest.split_first() {
        total += s.len();
        rest = tail;
    }
    total
}

const SOURCE_COUNT: usize = SOURCES.len();
const SOURCE_BYTES: usize = source_bytes();

const _: () = assert!(
    SOURCE_BYTES < 1 << 16,
    "the sources' text does not fit u16 offsets"
);

// Evaluated by the compiler, as `build` is.
#[allow(clippy::indexing_slicing)]
const fn build_sources() -> ([u8; SOURCE_BYTES], [u16; SOURCE_COUNT]) {
    let mut text = [0u8; SOURCE_BYTES];
    let mut ends = [0u16; SOURCE_COUNT];
    let (mut i, mut at) = (0, 0);
    while i < SOURCE_COUNT {
        let bytes = SOURCES[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            text[at] = bytes[j];
            at += 1;
            j += 1;
        }
        ends[i] = at as u16;
        i += 1;
    }
    (text, ends)
}

const SOURCE_TABLES: ([u8; SOURCE_BYTES], [u16; SOURCE_COUNT]) = build_sources();
static SOURCE_TEXT: [u8; SOURCE_BYTES] = SOURCE_TABLES.0;
static SOURCE_ENDS: [u16; SOURCE_COUNT] = SOURCE_TABLES.1;

/// `SOURCES[index]`, read from the packed text; `None` past the end.
pub(super) fn source(index: usize) -> Option<&'static str> {
    let start = match index.checked_sub(1) {
        Some(before) => usize::from(*SOURCE_ENDS.get(before)?),
        None => 0,
    };
    let end = usize::from(*SOURCE_ENDS.get(index)?);
    // Whole sources copied from `&str`s at compile time: valid UTF-8.
    std::str::from_utf8(SOURCE_TEXT.get(start..end)?).ok()
}

/// Whether the lookups read the tables: in every build. [`GATES`] stays the Rust caller's
/// natural shape (and the tables are computed from it at compile time), but no lookup names it,
/// so no wasm carries a second, pointer-heavy copy of the same facts. The `plain` side of
/// [`gates`] remains for the tests that hold the two to the same answers.
const PACKED: bool = true;

/// One era, from the tables or from [`GATES`]: what an [`Era`] says.
#[derive(Clone, Copy)]
pub(super) struct EraRef {
    pub minor: u16,
    pub patch: u16,
    pub origin: Origin,
    pub page: u16,
    packed: &'static [u16],
    plain: &'static [SpecTuple],
}

impl EraRef {
    /// Its specs, oldest first.
    pub fn specs(&self) -> impl Iterator<Item = SpecTuple> {
        let unpacked = self.packed.iter().map(|&b| unpack_spec(b));
        unpacked.chain(self.plain.iter().copied())
    }

    /// Whether the gate is unregistered in this era.
    pub fn is_empty(&self) -> bool {
        self.packed.is_empty() && self.plain.is_empty()
    }
}

/// One gate, from the tables or from [`GATES`]: what a [`GateRecord`] says.
#[derive(Clone, Copy)]
pub(super) struct Gate {
    pub name: &'static str,
    /// Range of [`ERAS`] (packed), or the record's eras (plain).
    eras: (usize, usize),
    spec_start: usize,
    plain: &'static [Era],
}

impl Gate {
    pub fn plain(r: &GateRecord) -> Gate {
        Gate {
            name: r.name,
            eras: (0, 0),
            spec_start: 0,
            plain: r.eras,
        }
    }

    /// Its eras, oldest first.
    pub fn eras(&self) -> impl Iterator<Item = EraRef> {
        // The tables are computed from `GATES` at compile time, each range from the lengths
        // packed beside it (`tests` holds them to the records): every lookup here and in
        // `gates()` hits, and the empty or `Kube` defaults are unreachable.
        let (from, to) = self.eras;
        let packed = ERAS.get(from..to).unwrap_or(&[]);
        let unpacked = packed.iter().scan(self.spec_start, |at, e| {
            let end = *at + usize::from(e.specs);
            let specs = SPECS.get(*at..end).unwrap_or(&[]);
            *at = end;
            Some(EraRef {
                minor: u16::from(e.minor),
                patch: u16::from(e.patch),
                origin: Origin::ALL
                    .get(usize::from(e.origin))
                    .copied()
                    .unwrap_or(Origin::Kube),
                page: u16::from(e.page),
                packed: specs,
                plain: &[],
            })
        });
        unpacked.chain(self.plain.iter().map(|e| EraRef {
            minor: e.minor,
            patch: e.patch,
            origin: e.origin,
            page: e.page,
            packed: &[],
            plain: e.specs,
        }))
    }
}

/// Every gate, sorted by name, as [`GATES`] lists them.
pub(super) fn gates() -> impl Iterator<Item = Gate> {
    // Both sides of the choice are constants, so a build names only the tables it reads.
    let (packed, plain): (&'static [Packed], &'static [GateRecord]) = if PACKED {
        (&RECORDS, &[])
    } else {
        (&[], GATES)
    };
    from_tables(packed).chain(plain.iter().map(Gate::plain))
}

/// The gates of the tables (offsets run from the first record).
fn from_tables(records: &'static [Packed]) -> impl Iterator<Item = Gate> {
    records.iter().scan(
        (0usize, 0usize, 0usize),
        move |(name_at, era_at, spec_at), r| {
            let name_end = *name_at + usize::from(r.name_len);
            let era_end = *era_at + usize::from(r.eras);
            // In range and UTF-8 by construction (see `eras`): "" is unreachable.
            let name = NAMES
                .get(*name_at..name_end)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or("");
            let gate = Gate {
                name,
                eras: (*era_at, era_end),
                spec_start: *spec_at,
                plain: &[],
            };
            let specs: usize = ERAS
                .get(*era_at..era_end)
                .unwrap_or(&[])
                .iter()
                .map(|e| usize::from(e.specs))
                .sum();
            (*name_at, *era_at, *spec_at) = (name_end, era_end, *spec_at + specs);
            Some(gate)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_every_record_of_gates_data() {
        let packed: Vec<Gate> = from_tables(&RECORDS).collect();
        assert_eq!(packed.len(), GATES.len());
        assert_eq!(gates().count(), GATES.len());
        for (p, r) in packed.iter().zip(GATES) {
            assert_eq!(p.name, r.name);
            let eras: Vec<_> = p.eras().collect();
            assert_eq!(eras.len(), r.eras.len(), "{}", r.name);
            for (a, b) in eras.iter().zip(r.eras) {
                assert_eq!(
                    (a.minor, a.patch, a.origin, a.page),
                    (b.minor, b.patch, b.origin, b.page),
                    "{}",
                    r.name
                );
                assert_eq!(
                    a.specs().collect::<Vec<_>>(),
                    b.specs.to_vec(),
                    "{}",
                    r.name
                );
            }
        }
    }

    #[test]
    fn the_packed_sources_are_the_sources() {
        for (i, s) in SOURCES.iter().enumerate() {
            assert_eq!(source(i), Some(*s));
        }
        assert_eq!(source(SOURCES.len()), None);
    }

    #[test]
    fn every_stage_packs_and_unpacks() {
        use PreRelease::*;
        for stage in [PreAlpha, Alpha, Beta, GA, Deprecated] {
            for spec in [(1, 36, stage, true, false), (0, 255, stage, false, true)] {
                assert_eq!(unpack_spec(pack_spec(&spec)), spec);
            }
        }
    }
}
