//! The gate records of `gates_data.rs` as the lookups read them: three flat tables built from
//! [`GATES`] at compile time.
//!
//! Why: [`GATES`] is a slice of structs of pointers (a name, a slice of spec tuples), the
//! natural shape for Rust callers but a third of the gate core's gzipped wasm, since pointers
//! and padding compress badly. Here a gate is six bytes, a spec two, and the names one string,
//! about a fifth of the size. Every lookup of `gates.rs` reads these tables when the build has
//! no other area ([`PACKED`]), so the gate core's wasm does not carry [`GATES`]; `tests` below
//! holds the two to the same records, and the tables are computed from [`GATES`], so there is
//! one source of facts.

use super::gates::{GateRecord, GATES};
use crate::featuregate::PreRelease;

/// One gate: where its name and its specs end in [`NAMES`] and [`SPECS`] (each starts where the
/// previous gate's ends), and the minors of `since` and `removed` (0: never removed).
#[derive(Clone, Copy)]
struct Packed {
    name_end: u16,
    spec_end: u16,
    since: u8,
    removed: u8,
}

const ZERO: Packed = Packed {
    name_end: 0,
    spec_end: 0,
    since: 0,
    removed: 0,
};

const GATE_COUNT: usize = GATES.len();

/// A spec as two bytes: minor in bits 0-7, major in 8-9, stage in 10-12, default 13, lock 14.
const fn pack_spec(spec: &(u16, u16, PreRelease, bool, bool)) -> u16 {
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

fn unpack_spec(bits: u16) -> (u16, u16, PreRelease, bool, bool) {
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

const fn totals() -> (usize, usize) {
    let (mut names, mut specs) = (0, 0);
    let mut rest = GATES;
    while let Some((g, tail)) = rest.split_first() {
        names += g.name.len();
        specs += g.specs.len();
        rest = tail;
    }
    (names, specs)
}

const NAMES_LEN: usize = totals().0;
const SPEC_COUNT: usize = totals().1;
// Offsets are u16.
const _: () = assert!(NAMES_LEN <= u16::MAX as usize);
const _: () = assert!(SPEC_COUNT <= u16::MAX as usize);

// Evaluated by the compiler: an index out of range is a build error, never a panic at run time.
#[allow(clippy::indexing_slicing)]
const fn build() -> ([Packed; GATE_COUNT], [u8; NAMES_LEN], [u16; SPEC_COUNT]) {
    let mut records = [ZERO; GATE_COUNT];
    let mut names = [0u8; NAMES_LEN];
    let mut specs = [0u16; SPEC_COUNT];
    let (mut g, mut n, mut s) = (0, 0, 0);
    while g < GATE_COUNT {
        let r: &GateRecord = &GATES[g];
        let bytes = r.name.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            names[n] = bytes[i];
            n += 1;
            i += 1;
        }
        let mut j = 0;
        while j < r.specs.len() {
            specs[s] = pack_spec(&r.specs[j]);
            s += 1;
            j += 1;
        }
        assert!(r.since < 256, "a minor does not fit a byte");
        let removed = match r.removed {
            Some(m) => {
                assert!(m > 0 && m < 256, "a minor does not fit a byte");
                m as u8
            }
            None => 0,
        };
        records[g] = Packed {
            name_end: n as u16,
            spec_end: s as u16,
            since: r.since as u8,
            removed,
        };
        g += 1;
    }
    (records, names, specs)
}

const TABLES: ([Packed; GATE_COUNT], [u8; NAMES_LEN], [u16; SPEC_COUNT]) = build();
static RECORDS: [Packed; GATE_COUNT] = TABLES.0;
static NAMES: [u8; NAMES_LEN] = TABLES.1;
static SPECS: [u16; SPEC_COUNT] = TABLES.2;

/// Whether the lookups read the tables. A build with another area (the full wasm, the CLI) names
/// [`GATES`] anyway (`record`, facts, upgrade checks), so there the tables would be a second copy
/// of the same facts; the gate core alone reads only the tables and never carries [`GATES`].
const PACKED: bool = !cfg!(any(
    feature = "kubelet-config",
    feature = "node-status",
    feature = "pod-config",
    feature = "api-fields",
    feature = "control-plane"
));

/// One gate, from the tables or from [`GATES`]: what a [`GateRecord`] says.
#[derive(Clone, Copy)]
pub(super) struct Gate {
    pub name: &'static str,
    pub since: u16,
    pub removed: Option<u16>,
    packed: &'static [u16],
    plain: &'static [(u16, u16, PreRelease, bool, bool)],
}

impl Gate {
    /// Its specs, oldest first, as [`GateRecord::specs`] holds them.
    pub fn specs(&self) -> impl Iterator<Item = (u16, u16, PreRelease, bool, bool)> {
        let unpacked = self.packed.iter().map(|&b| unpack_spec(b));
        unpacked.chain(self.plain.iter().copied())
    }
}

/// Every gate, sorted by name, as [`GATES`] lists them.
pub(super) fn gates() -> impl Iterator<Item = Gate> {
    // Both sides of the choice are constants, so a build names only the tables it reads.
    let (packed, plain): (Tables, &[GateRecord]) = if PACKED {
        ((&RECORDS, &NAMES, &SPECS), &[])
    } else {
        ((&[], &[], &[]), GATES)
    };
    from_tables(packed).chain(plain.iter().map(|r| Gate {
        name: r.name,
        since: r.since,
        removed: r.removed,
        packed: &[],
        plain: r.specs,
    }))
}

/// [`RECORDS`], [`NAMES`] and [`SPECS`], or three empty tables.
type Tables = (&'static [Packed], &'static [u8], &'static [u16]);

/// The gates of the tables (offsets run from the first record).
fn from_tables((records, names, specs): Tables) -> impl Iterator<Item = Gate> {
    records
        .iter()
        .scan((0usize, 0usize), move |(name_at, spec_at), r| {
            let (name_end, spec_end) = (usize::from(r.name_end), usize::from(r.spec_end));
            let name = names
                .get(*name_at..name_end)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or("");
            let specs = specs.get(*spec_at..spec_end).unwrap_or(&[]);
            (*name_at, *spec_at) = (name_end, spec_end);
            Some(Gate {
                name,
                since: u16::from(r.since),
                removed: (r.removed != 0).then_some(u16::from(r.removed)),
                packed: specs,
                plain: &[],
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_every_record_of_gates_data() {
        let packed: Vec<Gate> = from_tables((&RECORDS, &NAMES, &SPECS)).collect();
        assert_eq!(packed.len(), GATES.len());
        assert_eq!(gates().count(), GATES.len());
        for (p, r) in packed.iter().zip(GATES) {
            assert_eq!(p.name, r.name);
            assert_eq!((p.since, p.removed), (r.since, r.removed), "{}", r.name);
            assert_eq!(
                p.specs().collect::<Vec<_>>(),
                r.specs.to_vec(),
                "{}",
                r.name
            );
        }
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
