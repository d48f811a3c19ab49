//! Every feature gate that a release from [`OLDEST`](super::OLDEST) to [`NEWEST`](super::NEWEST)
//! registered, each release as its own code declared it.
//!
//! A gate's life is a list of eras: runs of consecutive pinned releases (a minor, or a patch of
//! it where a source pins one) whose binaries declared the same spec list, each naming where
//! the fact came from. Why eras and not one history per gate: upstream's later versioned lists
//! back-date specs (a gate Beta and on in 1.30.0 may read Alpha at 1.30 in the 1.34 list), so a
//! single history would let a later release rewrite what an earlier one shipped. Binaries
//! before 1.31 hold one flat spec per gate; from 1.31 on the whole versioned list, evaluated at
//! their emulation version. [`release_gate`] builds either.
//!
//! The records are generated into `gates_data.rs` by `scripts/gen-releases/gates.py`; every
//! fact's source is in [`SOURCES`].

use std::collections::BTreeMap;

use serde::Serialize;

use super::packed::{gates, EraRef, Gate};
use super::Release;
use crate::featuregate::{FeatureGate, FeatureGateError, FeatureSpec, PreRelease};
use crate::version::Version;

pub use super::gate_records::{
    Era, GateRecord, Origin, Point, SpecTuple, GATES, PAGES, POINTS, READERS, SOURCES,
};

/// The pinned release that answers for `release`: the newest point of its minor at or below its
/// patch, or the minor's first point (a minor without a patch, or a patch older than any
/// source pins).
pub fn point_of(release: Release) -> (u16, u16) {
    let minor = release.minor();
    let want = release.patch().unwrap_or(0);
    let mut found = None;
    for p in POINTS.iter().filter(|p| p.minor == minor) {
        if found.is_none() || p.patch <= want {
            found = Some(p.patch);
        }
    }
    // Every carried minor has pinned points (the generator pins each release it reads), so
    // the `.0` is unreachable for a `Release`.
    (minor, found.unwrap_or(0))
}

/// The patch range whose answers equal `release`'s: `(first, last)`, `last` `None` when open
/// (every later patch). `1.32` answers as `1.32.0` up to the patch before the next pinned patch
/// where some gate changed.
pub fn patch_range(release: Release) -> (u16, Option<u16>) {
    let (minor, at) = point_of(release);
    let firsts: Vec<u16> = POINTS
        .iter()
        .filter(|p| p.minor == minor)
        .map(|p| p.patch)
        .collect();
    // Every carried minor has pinned points (see `point_of`): the `.0` is unreachable.
    let first = firsts.first().copied().unwrap_or(0);
    // the pinned patches where some gate's era starts (in order, without a sort: the gate core
    // carries src/sort.rs alone)
    let mut starts = [false; 256];
    for g in gates() {
        for e in g.eras().filter(|e| e.minor == minor && e.patch > first) {
            if let Some(seen) = starts.get_mut(usize::from(e.patch)) {
                *seen = true;
            }
        }
    }
    let changes: Vec<u16> = (0..256u16)
        .filter(|&p| starts.get(usize::from(p)) == Some(&true))
        .collect();
    let start = changes
        .iter()
        .rev()
        .find(|&&p| p <= at)
        .copied()
        // No gate changed at or before `at` within the minor: the range starts at `.0`.
        .unwrap_or(0);
    let end = changes.iter().find(|&&p| p > at).map(|&p| p - 1);
    (start, end)
}

impl GateRecord {
    fn gate(&self) -> Gate {
        Gate::plain(self)
    }

    /// Whether the binaries of `release` register this gate.
    pub fn known_in(&self, release: Release) -> bool {
        self.gate().era_at(release).is_some()
    }

    /// The specs the binaries of `release` declare (before 1.31: the flat spec's history).
    pub fn specs_in(&self, release: Release) -> Vec<FeatureSpec> {
        self.gate().specs_in(release)
    }

    /// The first release of the stage the gate has in `release`, if the gate is known then.
    pub fn stage_since(&self, release: Release) -> Option<Version> {
        self.gate().stage_since(release)
    }

    /// The source of the gate's facts in `release` (`repo@commit:path`) and whether it rests
    /// on the website.
    pub fn source_in(&self, release: Release) -> Option<(&'static str, bool)> {
        self.gate().source_in(release)
    }

    /// First release registering it (`since`) and first no longer registering it, as minors.
    pub fn life(&self) -> (u16, Option<u16>) {
        self.gate().life()
    }
}

impl Gate {
    /// The era answering for `release`, if the gate is registered there.
    fn era_at(&self, release: Release) -> Option<EraRef> {
        let at = point_of(release);
        self.eras()
            .take_while(|e| (e.minor, e.patch) <= at)
            .last()
            .filter(|e| !e.is_empty())
    }

    fn specs_in(&self, release: Release) -> Vec<FeatureSpec> {
        let Some(era) = self.era_at(release) else {
            return Vec::new();
        };
        if release.minor() >= FIRST_VERSIONED {
            return era.specs().map(to_spec).collect();
        }
        // a flat spec: its history over the eras of earlier releases (each spec at the minor
        // its era began), so the stage's start is known
        let at = point_of(release);
        let mut out: Vec<FeatureSpec> = Vec::new();
        for e in self.eras().take_while(|e| (e.minor, e.patch) <= at) {
            let Some((_, _, stage, default, locked)) = e.specs().next() else {
                out.clear();
                continue;
            };
            let spec = to_spec((1, e.minor, stage, default, locked));
            match out.last_mut() {
                Some(last) if same(last, &spec) => {}
                Some(last) if last.version == spec.version => *last = spec,
                _ => out.push(spec),
            }
        }
        out
    }

    fn stage_since(&self, release: Release) -> Option<Version> {
        let specs = self.specs_in(release);
        let current = specs.last()?.pre_release;
        let mut since = stage_since(&specs)?;
        if since.major() == 0 {
            // an unversioned spec (1.31+ `Add`): when the flat stage began, from earlier eras
            let at = point_of(release);
            let mut start = None;
            for e in self.eras().take_while(|e| (e.minor, e.patch) <= at) {
                let stage = e.specs().last().map(|s| s.2);
                match stage {
                    Some(s) if s == current => start = start.or(Some(e.minor)),
                    _ => start = None,
                }
            }
            since = Version::new(1, u64::from(start?));
        }
        if since == super::OLDEST.version() {
            // The data begins at OLDEST, so a stage that started there may have started long
            // before (AppArmor: Beta since 1.4). Upstream's versioned lists state that start;
            // borrow it only when it is earlier, so no exact era is ever rewritten.
            if let Some(earlier) = self.stage_stated_before_the_data(current) {
                since = earlier;
            }
        }
        Some(since)
    }

    /// The earliest version any versioned list of this gate gives for `stage`, if it is before
    /// [`OLDEST`](super::OLDEST).
    fn stage_stated_before_the_data(&self, stage: PreRelease) -> Option<Version> {
        self.eras()
            .flat_map(|e| e.specs())
            .filter(|s| s.0 > 0 && s.2 == stage)
            .map(|s| Version::new(u64::from(s.0), u64::from(s.1)))
            .filter(|v| *v < super::OLDEST.version())
            .min()
    }

    fn source_in(&self, release: Release) -> Option<(&'static str, bool)> {
        let era = self.era_at(release)?;
        let index = if matches!(era.origin, Origin::Website | Origin::Correction) {
            era.page
        } else {
            let at = point_of(release);
            let point = POINTS.iter().find(|p| (p.minor, p.patch) == at)?;
            *point.sources.get(era.origin.column())?
        };
        let source = super::packed::source(usize::from(index))?;
        Some((source, era.origin.from_website()))
    }

    fn life(&self) -> (u16, Option<u16>) {
        let since = self.eras().find(|e| !e.is_empty()).map_or(0, |e| e.minor);
        let removed = self.eras().last().filter(|e| e.is_empty()).map(|e| {
            if e.patch > 0 {
                e.minor + 1
            } else {
                e.minor
            }
        });
        (since, removed)
    }
}

fn same(a: &FeatureSpec, b: &FeatureSpec) -> bool {
    a.pre_release == b.pre_release
        && a.default == b.default
        && a.lock_to_default == b.lock_to_default
}

fn to_spec((major, minor, stage, default, locked): SpecTuple) -> FeatureSpec {
    let mut spec = FeatureSpec::new(
        Version::new(u64::from(major), u64::from(minor)),
        stage,
        default,
    );
    spec.lock_to_default = locked;
    spec
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

/// The gate named `name`, if any release from 1.16 on registered it.
///
/// It reads the same tables every other lookup reads (see `packed.rs`), not [`GATES`], so a
/// wasm build that asks about one gate does not carry the whole slice of records too.
pub fn record(name: &str) -> Option<GateRef> {
    gates()
        .enumerate()
        .find(|(_, g)| g.name == name)
        .map(|(index, gate)| GateRef { gate, index })
}

/// One gate's life as [`record`] finds it: the questions [`GateRecord`] answers, asked of the
/// tables the lookups read.
#[derive(Clone, Copy)]
pub struct GateRef {
    gate: Gate,
    index: usize,
}

impl GateRef {
    /// The feature's string name.
    pub fn name(&self) -> &'static str {
        self.gate.name
    }

    /// Whether the binaries of `release` register this gate.
    pub fn known_in(&self, release: Release) -> bool {
        self.gate.era_at(release).is_some()
    }

    /// The specs the binaries of `release` declare (before 1.31: the flat spec's history).
    pub fn specs_in(&self, release: Release) -> Vec<FeatureSpec> {
        self.gate.specs_in(release)
    }

    /// The first release of the stage the gate has in `release`, if the gate is known then.
    pub fn stage_since(&self, release: Release) -> Option<Version> {
        self.gate.stage_since(release)
    }

    /// The source of the gate's facts in `release` and whether it rests on the website.
    pub fn source_in(&self, release: Release) -> Option<(&'static str, bool)> {
        self.gate.source_in(release)
    }

    /// First release registering it and first no longer registering it, as minors.
    pub fn life(&self) -> (u16, Option<u16>) {
        self.gate.life()
    }

    /// Which components read the gate in `release` (see [`GateRecord::readers_in`]).
    pub fn readers_in(&self, release: Release) -> Option<Readers> {
        if !self.known_in(release) {
            return None;
        }
        readers_at(self.index, release.minor())
    }
}

/// The versioned gate list the binaries of `release` declare, in the shape
/// [`FeatureGate::add_versioned`] takes.
pub fn features_in(release: Release) -> BTreeMap<String, Vec<FeatureSpec>> {
    // Inserts, not `collect`: a collected map sorts its items first, with a copy of the sorting
    // code for this item type in the wasm; the gates come sorted anyway.
    let mut features = BTreeMap::new();
    for r in gates() {
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

/// The first release whose component-base refuses a versioned gate that starts Deprecated
/// without a 1.0 entry.
const FIRST_DEPRECATED_CHECK: u16 = 33;

/// The gate of a `release` binary started without `--emulated-version`: every gate it registers,
/// at its own version. Before 1.31 a binary registered one flat spec per gate (`Add`, none of
/// the versioned rules); from 1.31 on, the versioned history (`AddVersioned`).
pub fn release_gate(release: Release) -> Result<FeatureGate, FeatureGateError> {
    let mut gate = FeatureGate::with_emulation_version(release.version());
    if release.minor() >= FIRST_VERSIONED {
        let mut features = features_in(release);
        if release.minor() < FIRST_DEPRECATED_CHECK {
            // component-base before 1.33 let a gate start Deprecated after 1.0 (1.32's
            // AllowDNSOnlyNodeCSR: only a 1.31 Deprecated spec); the check added in 1.33 wants a
            // 1.0 entry, and later lists give these gates a 1.0 GA entry, on (the behaviour
            // before the deprecation). Only emulating a version before the deprecation reads it.
            for specs in features.values_mut() {
                let starts_deprecated = specs.first().is_some_and(|s| {
                    s.pre_release == PreRelease::Deprecated
                        && s.version.as_ref().is_some_and(|v| v.minor() != 0)
                });
                if let (true, Some(first)) = (starts_deprecated, specs.first()) {
                    let mut at_one = first.clone();
                    at_one.version = Some(Version::new(1, 0));
                    at_one.pre_release = PreRelease::GA;
                    at_one.default = true;
                    at_one.lock_to_default = false;
                    specs.insert(0, at_one);
                }
            }
        }
        gate.add_versioned(features)?;
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

/// A gate as the binaries of one release know it, with when it reached its stage and where the
/// fact comes from: a row of a release's gate table.
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
    /// First release whose binaries registered it (`"1.20"`; `"1.16"` also stands for earlier).
    pub since: String,
    /// First release whose binaries no longer do, if removed.
    pub removed: Option<String>,
    /// The upstream file this release's fact was read from (`repo@commit:path`).
    pub source: &'static str,
    /// True when the fact rests on a kubernetes/website page (or on the previous release's code
    /// carried forward because no page changed it), not on the release's own code.
    pub from_website: bool,
    /// The components whose code reads the gate in this release; `null` when unknown (1.19 has
    /// no reader facts, nor a few gates of 1.16..1.18); empty when registered but read by none.
    pub components: Option<Vec<Component>>,
    /// True when `components` is, in part or whole, another release's answer: carried forward
    /// (the newest release) or filled in for a component whose code the release's sources lack
    /// (1.16..1.18, 1.22, 1.24: from the nearest release that has it).
    pub components_carried: bool,
    /// True when the gate is registered but no component's code reads it (`components` empty):
    /// setting it changes nothing.
    pub read_by_none: bool,
}

/// Every gate the binaries of `release` register, by name, with its stage at `release`.
pub fn facts_in(release: Release) -> Vec<GateFacts> {
    gates()
        .enumerate()
        .filter_map(|(index, r)| {
            let specs = r.specs_in(release);
            let spec = specs.last()?;
            let (since, removed) = r.life();
            // The generated data names a source for every era; empty would say none is known.
            let (source, from_website) = r.source_in(release).unwrap_or(("", false));
            let readers = readers_at(index, release.minor());
            Some(GateFacts {
                name: r.name,
                pre_release: spec.pre_release,
                default: spec.default,
                lock_to_default: spec.lock_to_default,
                stage_since: r.stage_since(release),
                since: format!("1.{since}"),
                removed: removed.map(|m| format!("1.{m}")),
                source,
                from_website,
                components: readers.map(Readers::components),
                components_carried: readers.is_some_and(Readers::carried),
                read_by_none: readers.is_some_and(Readers::none),
            })
        })
        .collect()
}

/// A Kubernetes component whose code may read a gate (every one of them registers the shared
/// gate maps, so a gate string naming any gate is accepted by all; reading is what differs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "GateComponent")
)]
pub enum Component {
    KubeApiserver,
    KubeControllerManager,
    KubeScheduler,
    Kubelet,
    KubeProxy,
}

impl Component {
    /// Every component, in the order of their bits in [`READERS`].
    pub const ALL: [Component; 5] = [
        Component::KubeApiserver,
        Component::KubeControllerManager,
        Component::KubeScheduler,
        Component::Kubelet,
        Component::KubeProxy,
    ];

    /// Its binary's name (`kube-apiserver`).
    pub fn name(self) -> &'static str {
        match self {
            Component::KubeApiserver => "kube-apiserver",
            Component::KubeControllerManager => "kube-controller-manager",
            Component::KubeScheduler => "kube-scheduler",
            Component::Kubelet => "kubelet",
            Component::KubeProxy => "kube-proxy",
        }
    }

    /// The component named `name` (its binary's name).
    pub fn parse(name: &str) -> Option<Component> {
        Component::ALL.into_iter().find(|c| c.name() == name)
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// Which components' code reads a gate in one release (`scripts/gen-releases/components.py`:
/// the import graph from each `cmd/<component>` of the release's code, and who owns each file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readers(u8);

/// Set in [`READERS`] when a run's answer is (in part) another release's: no source of the
/// release itself had that component's code.
const CARRIED: u8 = 1 << 5;

impl Readers {
    /// The components that read the gate, in [`Component::ALL`] order; empty: registered but
    /// read by none (typically GA and locked, its checks removed).
    pub fn components(self) -> Vec<Component> {
        Component::ALL
            .into_iter()
            .filter(|c| self.0 & c.bit() != 0)
            .collect()
    }

    /// Whether `component`'s code reads the gate.
    pub fn reads(self, component: Component) -> bool {
        self.0 & component.bit() != 0
    }

    /// Whether the gate is registered but read by none of the components.
    pub fn none(self) -> bool {
        self.0 & !CARRIED == 0
    }

    /// Whether the answer is, in part or whole, another release's (carried forward, or filled in
    /// for a component the release's sources lack).
    pub fn carried(self) -> bool {
        self.0 & CARRIED != 0
    }
}

/// The readers of the gate at `index` (of [`GATES`]) in `minor`; `None`: unknown (1.19,
/// or a gate the reader facts do not list or answer for in that release).
fn readers_at(index: usize, minor: u16) -> Option<Readers> {
    let oldest = super::OLDEST.minor();
    let width = usize::from(super::NEWEST.minor().checked_sub(oldest)?) + 1;
    let column = usize::from(minor.checked_sub(oldest)?);
    if column >= width {
        return None;
    }
    let bits = *READERS.get(index * width + column)?;
    (bits != UNKNOWN).then_some(Readers(bits))
}

/// A (gate, release) of [`READERS`] without reader facts.
const UNKNOWN: u8 = 255;

fn index_of(name: &str) -> Option<usize> {
    gates().position(|g| g.name == name)
}

impl GateRecord {
    /// Which components read the gate in `release`: `None` when unknown (no reader facts for
    /// that release) or when the release does not register it.
    pub fn readers_in(&self, release: Release) -> Option<Readers> {
        if !self.known_in(release) {
            return None;
        }
        readers_at(index_of(self.name)?, release.minor())
    }
}

/// One run of a gate's life: a release, or the patches of it (`fromPatch` to `toPatch`) whose
/// binaries declared the same stage, default and lock.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "GateHistoryRow", optional_fields = nullable))]
pub struct HistoryRow {
    /// The minor release (`"1.32"`).
    pub release: String,
    /// The first patch this row covers (0 also stands for a patch older than any source pins).
    pub from_patch: u16,
    /// The last patch it covers; `null`: every later patch of the release.
    pub to_patch: Option<u16>,
    pub pre_release: PreRelease,
    pub default: bool,
    pub lock_to_default: bool,
    /// The components whose code reads it in this release; `null` when unknown.
    pub components: Option<Vec<Component>>,
    /// True when `components` is, in part or whole, another release's answer.
    pub components_carried: bool,
    /// The upstream file the fact was read from (`repo@commit:path`), at `fromPatch`.
    pub source: &'static str,
    /// True when the fact rests on a kubernetes/website page, not on the release's own code.
    pub from_website: bool,
}

/// A gate's whole life, release by release: what every `releaseGates` answer says about it, in
/// one place.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "GateHistory", optional_fields = nullable))]
pub struct GateHistory {
    pub name: &'static str,
    /// First release whose binaries registered it (`"1.16"` also stands for earlier).
    pub since: String,
    /// First release whose binaries no longer do, if removed.
    pub removed: Option<String>,
    /// Its entry on kubernetes.io's feature-gate reference (`…/feature-gates/#Name`, or
    /// `…/feature-gates-removed/#Name`), when the website has a page for it; the data knows no
    /// KEP numbers.
    pub reference: Option<String>,
    /// Every release that registered it, oldest first; a release whose patches differ has one
    /// row per run of patches.
    pub rows: Vec<HistoryRow>,
}

const REFERENCE: &str = "https://kubernetes.io/docs/reference/command-line-tools-reference/";

/// The history of the gate `name`; `None` if no release from [`OLDEST`](super::OLDEST) on
/// registered it (see [`close_names`]).
pub fn history(name: &str) -> Option<GateHistory> {
    let index = index_of(name)?;
    let gate = gates().nth(index)?;
    let mut rows: Vec<HistoryRow> = Vec::new();
    for minor in Release::all() {
        let patches = POINTS
            .iter()
            .filter(|p| p.minor == minor.minor())
            .map(|p| p.patch);
        let mut last_key = None;
        for (i, patch) in patches.enumerate() {
            let release = minor.with_patch(patch);
            let spec = gate.specs_in(release).pop();
            let key = spec
                .as_ref()
                .map(|s| (s.pre_release, s.default, s.lock_to_default));
            if i > 0 && key == last_key {
                continue;
            }
            // the previous run of this release ends before this patch
            if let Some(prev) = rows
                .last_mut()
                .filter(|r| r.release == minor.to_string() && r.to_patch.is_none() && i > 0)
            {
                prev.to_patch = patch.checked_sub(1);
            }
            last_key = key;
            let Some(spec) = spec else { continue };
            // The generated data names a source for every era; empty would say none is known.
            let (source, from_website) = gate.source_in(release).unwrap_or(("", false));
            let readers = readers_at(index, minor.minor());
            rows.push(HistoryRow {
                release: minor.to_string(),
                from_patch: if i == 0 { 0 } else { patch },
                to_patch: None,
                pre_release: spec.pre_release,
                default: spec.default,
                lock_to_default: spec.lock_to_default,
                components: readers.map(Readers::components),
                components_carried: readers.is_some_and(Readers::carried),
                source,
                from_website,
            });
        }
    }
    let (since, removed) = gate.life();
    let reference = match PAGES.get(index) {
        Some(1) => Some(format!("{REFERENCE}feature-gates/#{name}")),
        Some(2) => Some(format!("{REFERENCE}feature-gates-removed/#{name}")),
        _ => None,
    };
    Some(GateHistory {
        name: gate.name,
        since: format!("1.{since}"),
        removed: removed.map(|m| format!("1.{m}")),
        reference,
        rows,
    })
}

/// The error for a gate name no release registered, naming the close ones (CLI and binding).
/// `AllAlpha` and `AllBeta` get their own words: every gate registers them, but they are
/// switches over the others, not features with a history.
pub fn unknown_gate(name: &str) -> super::ReleaseError {
    let close = if name == "AllAlpha" || name == "AllBeta" {
        Vec::new()
    } else {
        close_names(name)
    };
    super::ReleaseError::UnknownGate {
        name: name.to_string(),
        close,
    }
}

/// Up to five known gate names close to `name` (same letters ignoring case, one containing the
/// other, or a few edits apart), nearest first: for "unknown gate" errors.
pub fn close_names(name: &str) -> Vec<&'static str> {
    let want = name.to_ascii_lowercase();
    let most = 1 + (want.len() / 4).clamp(1, 4);
    // the nearest five, kept in order as they come (no sort: the gates come sorted by name)
    let mut best: Vec<(usize, &'static str)> = Vec::new();
    for g in gates() {
        let have = g.name.to_ascii_lowercase();
        let d = if have == want {
            0
        } else if want.len() >= 3 && (have.contains(&want) || want.contains(&have)) {
            1
        } else {
            1 + edits(&want, &have)
        };
        if d <= most {
            let at = best.iter().take_while(|(e, _)| *e <= d).count();
            best.insert(at, (d, g.name));
            best.truncate(5);
        }
    }
    best.into_iter().map(|(_, n)| n).collect()
}

/// Levenshtein distance between two ASCII-lowercased names.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<u8> = b.bytes().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    // `row` holds `b.len() + 1` cells and `j + 1 <= b.len()`: every lookup below hits, and
    // the defaults are unreachable.
    for (i, x) in a.bytes().enumerate() {
        let mut prev = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, &y) in b.iter().enumerate() {
            let up = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let value = (prev + usize::from(x != y)).min(up + 1).min(left + 1);
            prev = up;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
        }
    }
    row.last().copied().unwrap_or(0)
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
        match (r.era_at(from).is_some(), r.era_at(to).is_some()) {
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

    #[test]
    fn a_stage_begun_before_the_data_keeps_its_stated_start() {
        // AppArmor was Beta from 1.4 (upstream's versioned lists from 1.32 say so); the data
        // starts at 1.16, which must not read as the stage's start.
        let r = |text: &str| Release::parse(text).unwrap();
        let apparmor = record("AppArmor").unwrap();
        assert_eq!(apparmor.stage_since(r("1.29")), Some(Version::new(1, 4)));
        // An exact start inside the data stays: LoggingBetaOptions first registered in 1.25
        // (component-base kubernetes-1.25.0 logs/api/v1), though later lists back-date it.
        let logging = record("LoggingBetaOptions").unwrap();
        assert_eq!(logging.stage_since(r("1.29")), Some(Version::new(1, 25)));
    }

    const REC: GateRecord = GateRecord {
        name: "X",
        eras: &[
            Era {
                minor: 20,
                patch: 0,
                origin: Origin::Kube,
                page: 0,
                specs: &[(0, 0, PreRelease::Alpha, false, false)],
            },
            Era {
                minor: 24,
                patch: 0,
                origin: Origin::Kube,
                page: 0,
                specs: &[(0, 0, PreRelease::Beta, false, false)],
            },
            Era {
                minor: 26,
                patch: 0,
                origin: Origin::Kube,
                page: 0,
                specs: &[(0, 0, PreRelease::Beta, true, false)],
            },
            Era {
                minor: 28,
                patch: 0,
                origin: Origin::Kube,
                page: 0,
                specs: &[(0, 0, PreRelease::GA, true, true)],
            },
            Era {
                minor: 30,
                patch: 0,
                origin: Origin::Kube,
                page: 0,
                specs: &[],
            },
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
        assert_eq!(REC.life(), (20, Some(30)));
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
            assert!(!g.eras.is_empty(), "{}", g.name);
            for w in g.eras.windows(2) {
                assert!(
                    (w[0].minor, w[0].patch) < (w[1].minor, w[1].patch),
                    "{}",
                    g.name
                );
            }
        }
        for w in POINTS.windows(2) {
            assert!((w[0].minor, w[0].patch) < (w[1].minor, w[1].patch));
        }
        let width = usize::from(super::super::NEWEST.minor() - super::super::OLDEST.minor()) + 1;
        assert_eq!(READERS.len(), GATES.len() * width, "a READERS row per gate");
        assert_eq!(PAGES.len(), GATES.len(), "a PAGES byte per gate");
        for rel in Release::all() {
            for (name, specs) in features_in(rel) {
                assert!(!specs.is_empty(), "{name} at {rel}");
            }
            if let Err(e) = release_gate(rel) {
                panic!("the {rel} gate cannot be built: {e}");
            }
            for f in facts_in(rel) {
                assert!(!f.source.is_empty(), "{} at {rel} has no source", f.name);
            }
        }
    }
}
