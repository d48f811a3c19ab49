//! Every feature gate that a release from [`OLDEST`](super::OLDEST) to [`NEWEST`](super::NEWEST)
//! registered, with its versioned specs and the releases that carried it.
//!
//! A gate's life has two parts that upstream keeps in different places. Which *binaries* know it
//! ([`GateRecord::since`] to [`GateRecord::removed`]) decides whether `--feature-gates=X=true` starts
//! or fails with `unrecognized feature gate: X`. Its *specs* decide what it means at a version:
//! binaries before 1.31 hold one flat spec per gate (the last spec at or below their release),
//! binaries from 1.31 on hold the whole versioned history and evaluate it at their emulation
//! version. [`release_gate`] builds the first; [`features_in`] with
//! [`FeatureGate::with_emulation_version`] the second.
//!
//! The records are generated into `gates_data.rs` by `scripts/gen-releases/gates.py`; its
//! `SOURCES` names every upstream file they were read from.

use std::collections::BTreeMap;

use serde::Serialize;

use super::packed::{gates, Gate};
use super::Release;
use crate::featuregate::{FeatureGate, FeatureGateError, FeatureSpec, PreRelease};
use crate::version::Version;

/// One gate's whole life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GateRecord {
    /// The feature's string name (`CustomCPUCFSQuotaPeriod`, not the Go constant).
    pub name: &'static str,
    /// First release whose binaries registered the gate (1.x minor).
    pub since: u16,
    /// First release whose binaries no longer registered it, if it was removed.
    pub removed: Option<u16>,
    /// Versioned specs, oldest first: `(major, minor, stage, default, lockToDefault)`. For gates
    /// the 1.31+ binaries declare with versioned specs these are upstream's specs (which may
    /// start before `since`, e.g. at 1.0); for older gates, the stage history.
    pub specs: &'static [(u16, u16, PreRelease, bool, bool)],
}

#[path = "gates_data.rs"]
mod data;
pub use data::{GATES, SOURCES};

impl GateRecord {
    /// Whether the binaries of `release` register this gate.
    pub fn known_in(&self, release: Release) -> bool {
        known(self.since, self.removed, release)
    }

    /// The specs the binaries of `release` declare: those at or below `release` (a binary does
    /// not know its successors' plans).
    pub fn specs_in(&self, release: Release) -> Vec<FeatureSpec> {
        specs_at(self.specs.iter().copied(), release)
    }

    /// The first release of the stage the gate has in `release` (Beta since 1.30 even if the
    /// default flipped in 1.33), if the gate is known then.
    pub fn stage_since(&self, release: Release) -> Option<Version> {
        stage_since(&self.specs_in(release))
    }
}

// The same questions of a gate read from the packed tables (what every lookup below reads).
impl Gate {
    fn known_in(&self, release: Release) -> bool {
        known(self.since, self.removed, release)
    }

    fn specs_in(&self, release: Release) -> Vec<FeatureSpec> {
        specs_at(self.specs(), release)
    }
}

fn known(since: u16, removed: Option<u16>, release: Release) -> bool {
    let m = release.minor();
    since <= m && removed.is_none_or(|r| m < r)
}

fn specs_at(
    specs: impl Iterator<Item = (u16, u16, PreRelease, bool, bool)>,
    release: Release,
) -> Vec<FeatureSpec> {
    let at = release.version();
    specs
        .map(|(major, minor, stage, default, locked)| {
            let mut spec = FeatureSpec::new(
                Version::new(u64::from(major), u64::from(minor)),
                stage,
                default,
            );
            spec.lock_to_default = locked;
            spec
        })
        .filter(|s| s.version.as_ref().is_some_and(|v| *v <= at))
        .collect()
}

fn stage_since(specs: &[FeatureSpec]) -> Option<Version> {
    let current = specs.last()?.pre_release;
    specs
        .iter()
        .rev()
        .take_while(|s| s.pre_release == current)
        .last()
        .and_then(|s| s.version.clone())
}

/// The record of `name`, if any release from 1.16 on registered it.
pub fn record(name: &str) -> Option<&'static GateRecord> {
    GATES
        .binary_search_by(|r| r.name.cmp(name))
        .ok()
        .and_then(|i| GATES.get(i))
}

/// The versioned gate list the binaries of `release` declare, in the shape
/// [`FeatureGate::add_versioned`] takes.
pub fn features_in(release: Release) -> BTreeMap<String, Vec<FeatureSpec>> {
    // Inserts, not `collect`: a collected map sorts its items first, with a copy of the sorting
    // code for this item type in the wasm; the gates come sorted anyway.
    let mut features = BTreeMap::new();
    for r in gates().filter(|r| r.known_in(release)) {
        let specs = r.specs_in(release);
        if !specs.is_empty() {
            features.insert(r.name.to_string(), specs);
        }
    }
    features
}

/// The first release whose binaries declare versioned specs (component-base's versioned feature
/// gates, KEP-4330); older binaries hold one flat spec per gate.
pub const FIRST_VERSIONED: u16 = 31;

/// The gate of a `release` binary started without `--emulated-version`: every gate it registers,
/// at its own version. Before 1.31 a binary registered one flat spec per gate (`Add`, none of
/// the versioned rules); from 1.31 on, the versioned history (`AddVersioned`).
pub fn release_gate(release: Release) -> Result<FeatureGate, FeatureGateError> {
    let mut gate = FeatureGate::with_emulation_version(release.version());
    if release.minor() >= FIRST_VERSIONED {
        gate.add_versioned(features_in(release))?;
    } else {
        let mut flat = BTreeMap::new();
        for (name, mut specs) in features_in(release) {
            if let Some(spec) = specs.pop() {
                flat.insert(name, spec);
            }
        }
        gate.add(flat)?;
    }
    Ok(gate)
}

/// A gate as the binaries of one release know it, with when it reached its stage: a row of a
/// release's gate table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "ReleaseGate", optional_fields = nullable))]
pub struct GateFacts {
    pub name: &'static str,
    pub pre_release: PreRelease,
    pub default: bool,
    pub lock_to_default: bool,
    /// When the gate reached `pre_release` (see [`GateRecord::stage_since`]).
    #[serde(with = "crate::featuregate::spec::opt_version")]
    #[cfg_attr(feature = "typescript", ts(type = "string | null"))]
    pub stage_since: Option<Version>,
    /// First release whose binaries registered it (`"1.20"`).
    pub since: String,
    /// First release whose binaries no longer do, if removed.
    pub removed: Option<String>,
}

/// Every gate the binaries of `release` register, by name, with its stage at `release`.
pub fn facts_in(release: Release) -> Vec<GateFacts> {
    gates()
        .filter(|r| r.known_in(release))
        .filter_map(|r| {
            let specs = r.specs_in(release);
            let spec = specs.last()?;
            Some(GateFacts {
                name: r.name,
                pre_release: spec.pre_release,
                default: spec.default,
                lock_to_default: spec.lock_to_default,
                stage_since: stage_since(&specs),
                since: format!("1.{}", r.since),
                removed: r.removed.map(|m| format!("1.{m}")),
            })
        })
        .collect()
}

/// How the gates changed from one release to another, for upgrade checks and release notes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GateChanges {
    /// Known in `from`, unknown in `to`: setting them makes the `to` binary refuse to start.
    pub removed: Vec<&'static str>,
    /// Unknown in `from`, known in `to`.
    pub added: Vec<&'static str>,
    /// Known in both with a different stage, default or lock at each release's own version.
    pub changed: Vec<(&'static str, FeatureSpec, FeatureSpec)>,
}

/// The gate differences between the `from` and `to` binaries (each at its own version).
pub fn changes(from: Release, to: Release) -> GateChanges {
    let mut out = GateChanges::default();
    for r in gates() {
        match (r.known_in(from), r.known_in(to)) {
            (true, false) => out.removed.push(r.name),
            (false, true) => out.added.push(r.name),
            (true, true) => {
                let (a, b) = (r.specs_in(from).pop(), r.specs_in(to).pop());
                if let (Some(a), Some(b)) = (a, b) {
                    let same = a.pre_release == b.pre_release
                        && a.default == b.default
                        && a.lock_to_default == b.lock_to_default;
                    if !same {
                        out.changed.push((r.name, a, b));
                    }
                }
            }
            (false, false) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const REC: GateRecord = GateRecord {
        name: "X",
        since: 20,
        removed: Some(30),
        specs: &[
            (1, 20, PreRelease::Alpha, false, false),
            (1, 24, PreRelease::Beta, false, false),
            (1, 26, PreRelease::Beta, true, false),
            (1, 28, PreRelease::GA, true, true),
        ],
    };

    fn r(m: u16) -> Release {
        Release::new(m).unwrap()
    }

    #[test]
    fn life_and_specs_of_a_record() {
        assert!(!REC.known_in(r(19)));
        assert!(REC.known_in(r(20)));
        assert!(REC.known_in(r(29)));
        assert!(!REC.known_in(r(30)));
        assert_eq!(REC.specs_in(r(25)).len(), 2);
        assert_eq!(REC.stage_since(r(27)), Some(Version::new(1, 24)));
        assert_eq!(REC.stage_since(r(29)), Some(Version::new(1, 28)));
    }

    #[test]
    fn every_release_renders_as_a_versioned_feature_list_and_reads_back() {
        use crate::featuregate::{parse_feature_list, render_feature_list};
        for rel in Release::all() {
            let features = features_in(rel);
            let text = render_feature_list(&features);
            assert_eq!(parse_feature_list(&text).unwrap(), features, "{rel}");
        }
    }

    #[test]
    fn records_are_sorted_unique_and_well_formed() {
        for w in GATES.windows(2) {
            assert!(w[0].name < w[1].name, "{} before {}", w[0].name, w[1].name);
        }
        for g in GATES {
            assert!(g.removed.is_none_or(|r| g.since < r), "{}", g.name);
            assert!(!g.specs.is_empty(), "{}", g.name);
            for w in g.specs.windows(2) {
                assert!((w[0].0, w[0].1) <= (w[1].0, w[1].1), "{}", g.name);
            }
        }
        for rel in Release::all() {
            for (name, specs) in features_in(rel) {
                assert!(!specs.is_empty(), "{name} at {rel}");
            }
            if let Err(e) = release_gate(rel) {
                panic!("the {rel} gate cannot be built: {e}");
            }
        }
    }
}
