//! The feature gate: known features, what the user set, and what each feature resolves to.
//!
//! Upstream: `featureGate` in `k8s.io/component-base/featuregate/feature_gate.go`
//! (component-base 1.37). What is kept, and why it matters:
//!
//! * **known**: each feature's completed spec list ([`complete_specs`]). Two built-in features
//!   are always there: `AllAlpha` and `AllBeta` (alpha and beta at `0.0`, default off).
//! * **raw**: exactly what the user passed, accumulated over every `set`. Every resolution starts
//!   again from it, so a key that once failed keeps failing until
//!   [`reset_feature_value_to_default`](FeatureGate::reset_feature_value_to_default) removes it.
//! * **enabled**: the resolved explicit values, including the ones `AllAlpha=true` or
//!   `AllBeta=true` filled in. A feature absent here reads as its spec's default at the emulation
//!   and min-compatibility versions.
//! * **emulation** and **min-compatibility** versions, which pick the spec in force.
//!
//! Unlike upstream, asking about an unknown feature is an error value, not a panic, and the gate
//! is a plain value: no globals, no locks. Where upstream iterates a Go map (random order), we
//! iterate in name order, so errors and warnings come out the same every time.
//!
//! # The hot path
//!
//! Every feature gets a stable [`FeatureId`] when it is added. [`FeatureGate::enabled_by_id`] is
//! an index into a table of resolved values that every mutating call recomputes, so a caller that
//! checks gates in a loop pays for no string hashing or version comparison.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use super::dependencies;
use super::error::{FeatureGateError, Problem};
use super::flag;
use super::spec::{complete_specs, spec_at, spec_index_at, FeatureSpec, GoSpecs, PreRelease};
use crate::version::Version;

/// The Kubernetes version a gate emulates when none is given: component-base's
/// `DefaultKubeBinaryVersion` at the upstream commit this port follows (a development version).
/// The release data ends at [`crate::releases::NEWEST`]; a gate emulating a later version sees
/// that release's specs, as a binary built from the development branch would.
pub const DEFAULT_KUBE_BINARY_VERSION: &str = "1.37";

/// The special gate that turns every alpha feature on or off (explicit values still win).
pub const ALL_ALPHA: &str = "AllAlpha";
/// The special gate that turns every beta feature on or off (explicit values still win).
pub const ALL_BETA: &str = "AllBeta";

/// A stable handle for one feature of one gate (and of its copies), for the hot path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId(pub u32);

/// Something upstream would log rather than fail on, returned as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct Warning {
    /// Upstream's log message, e.g.
    /// `Warning: setting GA feature gate. It will be removed in a future release.`
    pub message: String,
    pub feature: String,
    /// The value being set, or the new value of a feature whose value changed.
    pub value: bool,
    /// For a queried feature that an emulation-version change flips: its value before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_value: Option<bool>,
}

const SET_DEPRECATED: &str =
    "Warning: setting deprecated feature gate. It will be removed in a future release.";
const SET_GA: &str = "Warning: setting GA feature gate. It will be removed in a future release.";
const OVERRIDE_DEPRECATED: &str =
    "Warning: overriding default of deprecated feature gate. It will be removed in a future release.";
const OVERRIDE_GA: &str =
    "Warning: overriding default of GA feature gate. It will be removed in a future release.";
const QUERIED_CHANGED: &str =
    "Warning: SetEmulationVersionAndMinCompatibilityVersion will change already queried feature";

/// Why a feature has the value it has (not an upstream concept: upstream only knows the value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Reason {
    /// Set by the user (`--feature-gates` or a config file).
    Explicit,
    /// Filled in by `AllAlpha`.
    AllAlpha,
    /// Filled in by `AllBeta`.
    AllBeta,
    /// The spec's default, changed by `overrideDefault`.
    Override,
    /// The spec's default.
    Default,
}

/// Everything about one feature at the gate's current versions, for tables and explanations.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct FeatureState {
    pub name: String,
    /// The stage at the emulation and min-compatibility versions (PreAlpha: not available yet).
    pub pre_release: PreRelease,
    /// The spec in force (the synthetic `0.0` pre-alpha spec when none applies).
    pub spec: FeatureSpec,
    pub default: bool,
    pub enabled: bool,
    pub locked: bool,
    pub reason: Reason,
    pub explicitly_set: bool,
    /// When the feature reached its current stage: the first spec of the unbroken run of specs
    /// with this stage that ends at the one in force (a later spec may only flip the default or
    /// lock it, e.g. Beta off at 1.30 then Beta on at 1.33 is "Beta since 1.30"). `None` when
    /// no spec applies yet.
    #[serde(
        skip_serializing_if = "Option::is_none",
        with = "super::spec::opt_version"
    )]
    #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
    pub stage_since: Option<Version>,
}

/// A Kubernetes feature gate (`k8s.io/component-base/featuregate`).
///
/// ```
/// use kubegate::featuregate::{FeatureGate, FeatureSpec, PreRelease};
/// use kubegate::version::Version;
///
/// let mut gate = FeatureGate::with_emulation_version(Version::new(1, 31));
/// gate.add_versioned([(
///     "MyFeature".to_string(),
///     vec![
///         FeatureSpec::new(Version::new(1, 30), PreRelease::Alpha, false),
///         FeatureSpec::new(Version::new(1, 31), PreRelease::Beta, true),
///     ],
/// )].into())?;
/// assert!(gate.enabled("MyFeature")?);
/// gate.set("MyFeature=false")?;
/// assert!(!gate.enabled("MyFeature")?);
/// assert_eq!(
///     gate.set("Nope=true").unwrap_err().to_string(),
///     "unrecognized feature gate: Nope",
/// );
/// # Ok::<(), kubegate::featuregate::FeatureGateError>(())
/// ```
#[derive(Debug)]
pub struct FeatureGate {
    /// Feature names by id; ids never change once given.
    names: Vec<String>,
    /// Ids in name order (iteration in name order everywhere), and the name-to-id lookup by
    /// binary search. A sorted vector, not a map: it only grows, and a hash map (hashbrown and
    /// SipHash) added a noticeable share of the gate core's wasm, while the hot path, the
    /// package's `enabled`, reads the id table and never looks a name up.
    by_name: Vec<FeatureId>,
    /// Completed spec lists by id.
    specs: Vec<Vec<FeatureSpec>>,
    /// Spec entries whose default `override_default` changed: (id, entry index), each once.
    overridden: Vec<(u32, usize)>,
    /// Resolved explicit values by id (upstream's `enabled` map).
    explicit: Vec<Option<bool>>,
    /// What the user passed (upstream's `enabledRaw`); may hold unknown names.
    raw: BTreeMap<String, bool>,
    dependencies: BTreeMap<String, Vec<String>>,
    closed: bool,
    emulation: Version,
    min_compat: Version,
    /// Effective value by id: the hot-path table, recomputed after every change.
    resolved: Vec<bool>,
    /// Features asked about since the last emulation-version change.
    queried: Vec<AtomicBool>,
}

impl Clone for FeatureGate {
    /// The same as [`FeatureGate::deep_copy`].
    fn clone(&self) -> Self {
        self.deep_copy()
    }
}

impl Default for FeatureGate {
    fn default() -> Self {
        Self::new()
    }
}

/// [`DEFAULT_KUBE_BINARY_VERSION`] as a version.
fn default_binary_version() -> Version {
    // The constant is a valid version (a unit test parses it): the fallback is unreachable.
    Version::parse(DEFAULT_KUBE_BINARY_VERSION).unwrap_or_else(|_| Version::new(1, 37))
}

impl FeatureGate {
    /// A gate emulating [`DEFAULT_KUBE_BINARY_VERSION`] (`NewFeatureGate`).
    pub fn new() -> Self {
        Self::with_emulation_version(default_binary_version())
    }

    /// A gate for the versions a caller gave, each one left out taking `NewFeatureGate`'s
    /// default: the emulation version [`DEFAULT_KUBE_BINARY_VERSION`], the min-compatibility
    /// version one minor below the emulation version.
    pub fn with_given_versions(emulation: Option<Version>, min_compat: Option<Version>) -> Self {
        let emulation = emulation.unwrap_or_else(default_binary_version);
        match min_compat {
            Some(min_compat) => Self::with_versions(emulation, min_compat),
            None => Self::with_emulation_version(emulation),
        }
    }

    /// A gate emulating `emulation`, min-compatibility one minor below
    /// (`NewVersionedFeatureGate`).
    pub fn with_emulation_version(emulation: Version) -> Self {
        let min_compat = emulation.subtract_minor(1);
        Self::with_versions(emulation, min_compat)
    }

    /// `NewVersionedFeatureGateWithMinCompatibility`.
    pub fn with_versions(emulation: Version, min_compat: Version) -> Self {
        let mut gate = FeatureGate {
            names: Vec::new(),
            by_name: Vec::new(),
            specs: Vec::new(),
            overridden: Vec::new(),
            explicit: Vec::new(),
            raw: BTreeMap::new(),
            dependencies: BTreeMap::new(),
            closed: false,
            emulation,
            min_compat,
            resolved: Vec::new(),
            queried: Vec::new(),
        };
        for (name, stage) in [(ALL_ALPHA, PreRelease::Alpha), (ALL_BETA, PreRelease::Beta)] {
            gate.insert(
                name,
                vec![FeatureSpec::new(Version::new(0, 0), stage, false)],
            );
        }
        gate.refresh();
        gate
    }

    fn insert(&mut self, name: &str, specs: Vec<FeatureSpec>) {
        let id = FeatureId(self.names.len() as u32);
        let at = self.by_name.partition_point(|i| {
            self.names
                .get(i.0 as usize)
                .is_some_and(|n| n.as_str() < name)
        });
        self.by_name.insert(at, id);
        self.names.push(name.to_string());
        self.specs.push(specs);
        self.explicit.push(None);
        self.resolved.push(false);
        self.queried.push(AtomicBool::new(false));
    }

    /// Every feature's name and id, in name order.
    fn sorted(&self) -> impl Iterator<Item = (&String, FeatureId)> {
        self.by_name
            .iter()
            .filter_map(|&id| Some((self.names.get(id.0 as usize)?, id)))
    }

    fn id(&self, name: &str) -> Option<usize> {
        self.feature_id(name).map(|id| id.0 as usize)
    }

    fn specs_by_name(&self, name: &str) -> Option<&[FeatureSpec]> {
        self.id(name)
            .and_then(|i| self.specs.get(i))
            .map(Vec::as_slice)
    }

    /// Recomputes the hot-path table from the current state.
    fn refresh(&mut self) {
        for i in 0..self.names.len() {
            let v = self.value_of(i, &self.explicit, &self.emulation, &self.min_compat);
            if let Some(slot) = self.resolved.get_mut(i) {
                *slot = v;
            }
        }
    }

    /// `featureEnabled`: the explicit value if any, else the default of the spec in force.
    fn value_of(
        &self,
        i: usize,
        explicit: &[Option<bool>],
        emulation: &Version,
        min_compat: &Version,
    ) -> bool {
        if let Some(Some(v)) = explicit.get(i) {
            return *v;
        }
        // `specs` has an entry per id of this gate: the `false` is unreachable.
        self.specs
            .get(i)
            .map(|s| spec_at(s, emulation, Some(min_compat)).default)
            .unwrap_or(false)
    }

    // ----------------------------------------------------------------------------------------
    // Registering features

    /// Registers unversioned features (`Add`): each spec's version is forced to `0.0`, so the
    /// feature is available at every emulation version.
    pub fn add(&mut self, features: BTreeMap<String, FeatureSpec>) -> Result<(), FeatureGateError> {
        let mut versioned = BTreeMap::new();
        for (name, mut spec) in features {
            spec.version = Some(Version::new(0, 0));
            versioned.insert(name, vec![spec]);
        }
        self.add_versioned(versioned)
    }

    /// Registers features with their version history (`AddVersioned`).
    ///
    /// Each list must obey the rules of [`complete_specs`]. Re-registering a feature with the very
    /// same specs is accepted; with different ones (including after an override changed a
    /// default) it is an error. The first error aborts and nothing is stored.
    pub fn add_versioned(
        &mut self,
        features: BTreeMap<String, Vec<FeatureSpec>>,
    ) -> Result<(), FeatureGateError> {
        if self.closed {
            return Err(Problem::AddAfterClose.into());
        }
        let mut to_add: Vec<(String, Vec<FeatureSpec>)> = Vec::new();
        for (name, specs) in &features {
            let completed = complete_specs(name, specs)?;
            if let Some(existing) = self.specs_by_name(name) {
                if existing == completed.as_slice() {
                    continue;
                }
                return Err(Problem::DifferentSpecExists {
                    feature: name.clone(),
                    existing: GoSpecs(existing).to_string(),
                }
                .into());
            }
            to_add.push((name.clone(), completed));
        }
        for (name, specs) in to_add {
            self.insert(&name, specs);
        }
        self.refresh();
        Ok(())
    }

    /// Declares that features need others (`AddDependencies`); see the
    /// [`super::dependencies`] module for the rules checked.
    pub fn add_dependencies(
        &mut self,
        dependencies: BTreeMap<String, Vec<String>>,
    ) -> Result<(), FeatureGateError> {
        if self.closed {
            return Err(Problem::DependencyAfterClose.into());
        }
        let merged = dependencies::merge_and_check(&self.dependencies, &dependencies, |name| {
            self.specs_by_name(name)
        })?;
        self.dependencies = merged;
        Ok(())
    }

    /// Stops further registration (`Close`, which upstream's `AddFlag` calls).
    pub fn close(&mut self) {
        self.closed = true;
    }

    /// Whether [`close`](Self::close) was called.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    // ----------------------------------------------------------------------------------------
    // Setting values

    /// Parses and applies a `--feature-gates` value (`Set`); see [`super::flag`] for the
    /// syntax. Syntax errors change nothing; see [`set_from_map`](Self::set_from_map) for the rest.
    pub fn set(&mut self, value: &str) -> Result<Vec<Warning>, FeatureGateError> {
        let entries = flag::parse_entries(value).map_err(|e| {
            let span = e.span;
            FeatureGateError::from(e.problem).with_spans(|_| Some(span))
        })?;
        // Later entries win, as in a map collected from them (inserted: see `get_all`).
        let mut map = BTreeMap::new();
        for e in &entries {
            map.insert(e.feature.clone(), e.value);
        }
        self.set_from_map(&map).map_err(|err| {
            // Point at the last piece naming the feature: that is the value that was used.
            err.with_spans(|p| {
                let feature = p.feature()?;
                entries
                    .iter()
                    .rev()
                    .find(|e| e.feature == feature)
                    .map(|e| e.span)
            })
        })
    }

    /// Applies explicit values (`SetFromMap`).
    ///
    /// The values join everything set before, and are stored *before* they are checked, so a
    /// rejected key keeps failing later calls until it is reset. Then, for each key in name order:
    /// an unknown key stops the check at once; a locked feature refuses any value but its default;
    /// `AllAlpha`/`AllBeta` fill every alpha/beta feature not set otherwise; a feature that does not
    /// exist yet at the emulation version is refused. If all keys pass, direct dependencies are
    /// checked. The new values are kept only if nothing failed.
    pub fn set_from_map(
        &mut self,
        values: &BTreeMap<String, bool>,
    ) -> Result<Vec<Warning>, FeatureGateError> {
        for (k, v) in values {
            self.raw.insert(k.clone(), *v);
        }
        let mut explicit = self.explicit.clone();
        let mut warnings = Vec::new();
        let problems = self.resolve(
            &mut explicit,
            &self.emulation,
            &self.min_compat,
            Some(&mut warnings),
        );
        if !problems.is_empty() {
            return Err(FeatureGateError::new(problems));
        }
        self.explicit = explicit;
        self.refresh();
        Ok(warnings)
    }

    /// `unsafeSetFromMap`: resolves the raw values into `explicit` at the given versions.
    fn resolve(
        &self,
        explicit: &mut [Option<bool>],
        emulation: &Version,
        min_compat: &Version,
        mut warnings: Option<&mut Vec<Warning>>,
    ) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (key, &value) in &self.raw {
            let Some(i) = self.id(key) else {
                problems.push(Problem::Unrecognized {
                    feature: key.clone(),
                });
                return problems;
            };
            let Some(specs) = self.specs.get(i) else {
                continue;
            };
            let spec = spec_at(specs, emulation, Some(min_compat));
            if spec.lock_to_default && spec.default != value {
                problems.push(Problem::Locked {
                    feature: key.clone(),
                    value,
                    locked_to: spec.default,
                });
                continue;
            }
            if key == ALL_ALPHA || key == ALL_BETA {
                let stage = if key == ALL_ALPHA {
                    PreRelease::Alpha
                } else {
                    PreRelease::Beta
                };
                for (j, other) in self.specs.iter().enumerate() {
                    let name = self.names.get(j).map(String::as_str);
                    if name == Some(ALL_ALPHA) || name == Some(ALL_BETA) {
                        continue;
                    }
                    if spec_at(other, emulation, Some(min_compat)).pre_release == stage {
                        if let Some(slot @ None) = explicit.get_mut(j) {
                            *slot = Some(value);
                        }
                    }
                }
                if let Some(slot) = explicit.get_mut(i) {
                    *slot = Some(value);
                }
                continue;
            }
            if spec.pre_release == PreRelease::PreAlpha {
                problems.push(Problem::PreAlphaAtVersion {
                    feature: key.clone(),
                    value,
                    emulation: emulation.clone(),
                    min_compat: min_compat.clone(),
                });
                continue;
            }
            if let Some(slot) = explicit.get_mut(i) {
                *slot = Some(value);
            }
            let message = match spec.pre_release {
                PreRelease::Deprecated => Some(SET_DEPRECATED),
                PreRelease::GA => Some(SET_GA),
                _ => None,
            };
            if let (Some(message), Some(w)) = (message, warnings.as_deref_mut()) {
                w.push(Warning {
                    message: message.to_string(),
                    feature: key.clone(),
                    value,
                    old_value: None,
                });
            }
        }
        if !problems.is_empty() {
            return problems;
        }
        for (feature, deps) in &self.dependencies {
            let Some(i) = self.id(feature) else { continue };
            if !self.value_of(i, explicit, emulation, min_compat) {
                continue;
            }
            let disabled: Vec<String> = deps
                .iter()
                .filter(|d| {
                    self.id(d)
                        .is_some_and(|j| !self.value_of(j, explicit, emulation, min_compat))
                })
                .cloned()
                .collect();
            if !disabled.is_empty() {
                problems.push(Problem::DisabledDependencies {
                    feature: feature.clone(),
                    disabled,
                });
            }
        }
        problems
    }

    /// Re-checks every value set so far at the current versions, changing nothing (`Validate`).
    pub fn validate(&self) -> Vec<Problem> {
        let mut explicit = vec![None; self.names.len()];
        self.resolve(&mut explicit, &self.emulation, &self.min_compat, None)
    }

    /// Forgets the value set for a feature, so it reads its default again
    /// (`ResetFeatureValueToDefault`). Resetting `AllAlpha` does not undo the values it filled in.
    pub fn reset_feature_value_to_default(&mut self, name: &str) -> Result<(), FeatureGateError> {
        let in_raw = self.raw.contains_key(name);
        let slot = self.id(name).and_then(|i| self.explicit.get_mut(i));
        let in_enabled = slot.as_ref().is_some_and(|s| s.is_some());
        if in_raw && !in_enabled {
            // A key that never resolved (it failed, or the gate was re-versioned since): upstream
            // reports it and stores neither removal.
            return Err(Problem::ExplicitButNotEnabled {
                feature: name.to_string(),
            }
            .into());
        }
        if let Some(slot) = slot {
            *slot = None;
        }
        if in_raw {
            // Rebuilt rather than `remove`d: B-tree removal (rebalancing, merging nodes) put a
            // lot of code into the gate core's wasm for this one call, and the user's raw
            // values are a handful of entries.
            let kept = std::mem::take(&mut self.raw);
            for (k, v) in kept {
                if k != name {
                    self.raw.insert(k, v);
                }
            }
        }
        self.refresh();
        Ok(())
    }

    /// Whether the user set this feature (`ExplicitlySet`); values filled by `AllAlpha` are not.
    pub fn explicitly_set(&self, name: &str) -> bool {
        self.raw.contains_key(name)
    }

    // ----------------------------------------------------------------------------------------
    // Defaults and versions

    /// Changes the default of the spec in force at the gate's versions (`OverrideDefault`).
    pub fn override_default(
        &mut self,
        name: &str,
        value: bool,
    ) -> Result<Vec<Warning>, FeatureGateError> {
        let (emulation, min_compat) = (self.emulation.clone(), self.min_compat.clone());
        self.override_at(name, value, &emulation, Some(&min_compat))
    }

    /// Changes the default of the spec in force at `version`, with min-compatibility one minor
    /// below it (`OverrideDefaultAtVersion`). Other versions' entries are untouched.
    pub fn override_default_at_version(
        &mut self,
        name: &str,
        value: bool,
        version: &Version,
    ) -> Result<Vec<Warning>, FeatureGateError> {
        self.override_at(name, value, version, None)
    }

    fn override_at(
        &mut self,
        name: &str,
        value: bool,
        emulation: &Version,
        min_compat: Option<&Version>,
    ) -> Result<Vec<Warning>, FeatureGateError> {
        if self.closed {
            return Err(Problem::OverrideAfterClose {
                feature: name.to_string(),
            }
            .into());
        }
        let Some(i) = self.id(name) else {
            return Err(Problem::OverrideNotRegistered {
                feature: name.to_string(),
            }
            .into());
        };
        // `i` came from this gate's name table, and `specs` has an entry per id: the empty
        // list is unreachable.
        let specs = self.specs.get(i).map(Vec::as_slice).unwrap_or(&[]);
        let Some(entry) = spec_index_at(specs, emulation, min_compat) else {
            return Err(Problem::OverrideNotAvailable {
                feature: name.to_string(),
                version: emulation.clone(),
            }
            .into());
        };
        let Some(spec) = self.specs.get_mut(i).and_then(|s| s.get_mut(entry)) else {
            return Ok(Vec::new());
        };
        if spec.lock_to_default {
            return Err(Problem::OverrideLocked {
                feature: name.to_string(),
                locked_to: spec.default,
            }
            .into());
        }
        let message = match spec.pre_release {
            PreRelease::Deprecated => Some(OVERRIDE_DEPRECATED),
            PreRelease::GA => Some(OVERRIDE_GA),
            _ => None,
        };
        spec.default = value;
        if !self.overridden.contains(&(i as u32, entry)) {
            self.overridden.push((i as u32, entry));
        }
        self.refresh();
        Ok(message
            .map(|m| Warning {
                message: m.to_string(),
                feature: name.to_string(),
                value,
                old_value: None,
            })
            .into_iter()
            .collect())
    }

    /// `SetEmulationVersion`: emulate `emulation`, min-compatibility one minor below.
    pub fn set_emulation_version(
        &mut self,
        emulation: Version,
    ) -> Result<Vec<Warning>, FeatureGateError> {
        let min_compat = emulation.subtract_minor(1);
        self.set_emulation_version_and_min_compatibility_version(emulation, min_compat)
    }

    /// `SetEmulationVersionAndMinCompatibilityVersion`: re-resolves every value set so far at the
    /// new versions, from scratch (so values `AllAlpha` filled in are recomputed). On failure
    /// nothing changes. The warnings include every feature already asked about whose value this
    /// changes, as upstream logs them.
    pub fn set_emulation_version_and_min_compatibility_version(
        &mut self,
        emulation: Version,
        min_compat: Version,
    ) -> Result<Vec<Warning>, FeatureGateError> {
        if emulation == self.emulation && min_compat == self.min_compat {
            return Ok(Vec::new());
        }
        let mut explicit = vec![None; self.names.len()];
        let mut warnings = Vec::new();
        let problems = self.resolve(&mut explicit, &emulation, &min_compat, Some(&mut warnings));
        for (name, id) in self.sorted() {
            let i = id.0 as usize;
            if !self
                .queried
                .get(i)
                .is_some_and(|q| q.load(Ordering::Relaxed))
            {
                continue;
            }
            let new = self.value_of(i, &explicit, &emulation, &min_compat);
            // `resolved` has an entry per id of this gate: the `false` is unreachable.
            let old = self.resolved.get(i).copied().unwrap_or(false);
            if new != old {
                warnings.push(Warning {
                    message: QUERIED_CHANGED.to_string(),
                    feature: name.clone(),
                    value: new,
                    old_value: Some(old),
                });
            }
        }
        if !problems.is_empty() {
            return Err(FeatureGateError::new(problems));
        }
        self.explicit = explicit;
        self.emulation = emulation;
        self.min_compat = min_compat;
        for q in &self.queried {
            q.store(false, Ordering::Relaxed);
        }
        self.refresh();
        Ok(warnings)
    }

    /// The version whose feature stages and defaults the gate follows.
    pub fn emulation_version(&self) -> &Version {
        &self.emulation
    }

    /// The oldest control-plane version this component must stay compatible with.
    pub fn min_compatibility_version(&self) -> &Version {
        &self.min_compat
    }

    // ----------------------------------------------------------------------------------------
    // Reading

    /// Whether a feature is on (`Enabled`). Unknown features are an error (upstream panics).
    pub fn enabled(&self, name: &str) -> Result<bool, FeatureGateError> {
        match self.feature_id(name) {
            Some(id) => Ok(self.enabled_by_id(id)),
            None => Err(Problem::NotRegistered {
                feature: name.to_string(),
            }
            .into()),
        }
    }

    /// The stable id of a feature, for [`enabled_by_id`](Self::enabled_by_id).
    pub fn feature_id(&self, name: &str) -> Option<FeatureId> {
        self.by_name
            .binary_search_by(|id| {
                let at = self.names.get(id.0 as usize).map_or("", String::as_str);
                at.cmp(name)
            })
            .ok()
            .and_then(|i| self.by_name.get(i).copied())
    }

    /// Whether the feature with this id is on: one table read. An id from another gate that is
    /// out of range reads `false`.
    pub fn enabled_by_id(&self, id: FeatureId) -> bool {
        let i = id.0 as usize;
        if let Some(q) = self.queried.get(i) {
            q.store(true, Ordering::Relaxed);
        }
        self.resolved.get(i).copied().unwrap_or(false)
    }

    /// The effective value of every feature, indexed by [`FeatureId`]; the table the hot path
    /// reads. Reading it does not count as querying a feature (see
    /// [`mark_queried`](Self::mark_queried)).
    pub fn resolved_table(&self) -> &[bool] {
        &self.resolved
    }

    /// Records features as queried, for callers that read [`resolved_table`](Self::resolved_table)
    /// directly (the JS package caches it): a later emulation-version change then warns about
    /// them as upstream does for features read through `Enabled`. Unknown ids are ignored.
    pub fn mark_queried(&self, ids: &[FeatureId]) {
        for id in ids {
            if let Some(q) = self.queried.get(id.0 as usize) {
                q.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Feature names indexed by [`FeatureId`].
    pub fn feature_names(&self) -> &[String] {
        &self.names
    }

    /// The spec in force for a feature (`featureSpec`).
    pub fn spec(&self, name: &str) -> Result<FeatureSpec, FeatureGateError> {
        match self.specs_by_name(name) {
            Some(specs) => Ok(spec_at(specs, &self.emulation, Some(&self.min_compat)).into_owned()),
            None => Err(Problem::NotRegistered {
                feature: name.to_string(),
            }
            .into()),
        }
    }

    /// The `--help` lines of the settable features (`KnownFeatures`), sorted. GA, deprecated and
    /// not-yet-available features are hidden. A feature whose spec would differ if the
    /// min-compatibility version were raised to the emulation version lists both, joined by
    /// `, or `.
    pub fn known_features(&self) -> Vec<String> {
        let mut known = Vec::new();
        for (name, id) in self.sorted() {
            let Some(specs) = self.specs.get(id.0 as usize) else {
                continue;
            };
            if name == ALL_ALPHA || name == ALL_BETA {
                if let Some(first) = specs.first() {
                    known.push(format!(
                        "{name}=true|false ({} - default={})",
                        first.pre_release, first.default
                    ));
                }
                continue;
            }
            let current = spec_at(specs, &self.emulation, Some(&self.min_compat));
            let compat_mode = spec_at(specs, &self.emulation, Some(&self.emulation));
            let s1 = current.help_string(name, false);
            if current == compat_mode {
                if !s1.is_empty() {
                    known.push(s1);
                }
                continue;
            }
            let s2 = compat_mode.help_string(name, true);
            let parts: Vec<String> = [s1, s2].into_iter().filter(|s| !s.is_empty()).collect();
            if !parts.is_empty() {
                known.push(parts.join(", or "));
            }
        }
        crate::sort::sort(&mut known);
        known
    }

    /// The resolved explicit values as `k=v` pairs, sorted, comma-joined (`String`). Includes
    /// values `AllAlpha`/`AllBeta` filled in; excludes defaults.
    pub fn to_flag_string(&self) -> String {
        let mut pairs: Vec<String> = self
            .sorted()
            .filter_map(|(name, id)| {
                self.explicit
                    .get(id.0 as usize)
                    .copied()
                    .flatten()
                    .map(|v| format!("{name}={v}"))
            })
            .collect();
        crate::sort::sort(&mut pairs);
        pairs.join(",")
    }

    /// The spec in force of every feature available at the gate's versions (`GetAll`).
    pub fn get_all(&self) -> BTreeMap<String, FeatureSpec> {
        // Inserts, not `collect`: a map collected from an iterator sorts it first, and each
        // such sort is its own copy of the sorting code in the gate core's wasm.
        let mut all = BTreeMap::new();
        for (name, id) in self.sorted() {
            let Some(specs) = self.specs.get(id.0 as usize) else {
                continue;
            };
            let spec = spec_at(specs, &self.emulation, Some(&self.min_compat));
            if spec.pre_release != PreRelease::PreAlpha {
                all.insert(name.clone(), spec.into_owned());
            }
        }
        all
    }

    /// Every feature's completed spec list (`GetAllVersioned`).
    pub fn get_all_versioned(&self) -> BTreeMap<String, Vec<FeatureSpec>> {
        let mut all = BTreeMap::new();
        for (name, id) in self.sorted() {
            if let Some(specs) = self.specs.get(id.0 as usize) {
                all.insert(name.clone(), specs.clone());
            }
        }
        all
    }

    /// The declared dependencies (`Dependencies`).
    pub fn dependencies(&self) -> &BTreeMap<String, Vec<String>> {
        &self.dependencies
    }

    /// The raw values the user set, accumulated (upstream's `enabledRaw`).
    pub fn raw_values(&self) -> &BTreeMap<String, bool> {
        &self.raw
    }

    /// Every feature's state at the gate's versions, in name order, with the reason for its value.
    pub fn feature_states(&self) -> Vec<FeatureState> {
        self.sorted()
            .filter_map(|(name, id)| {
                let i = id.0 as usize;
                let specs = self.specs.get(i)?;
                let entry = spec_index_at(specs, &self.emulation, Some(&self.min_compat));
                let spec = spec_at(specs, &self.emulation, Some(&self.min_compat)).into_owned();
                let explicit = self.explicit.get(i).copied().flatten();
                let reason = if self.raw.contains_key(name) && explicit.is_some() {
                    Reason::Explicit
                } else if explicit.is_some() {
                    if spec.pre_release == PreRelease::Beta {
                        Reason::AllBeta
                    } else {
                        Reason::AllAlpha
                    }
                } else if entry.is_some_and(|e| self.overridden.contains(&(id.0, e))) {
                    Reason::Override
                } else {
                    Reason::Default
                };
                let stage_since = entry.and_then(|e| {
                    specs
                        .get(..=e)?
                        .iter()
                        .rev()
                        .take_while(|s| s.pre_release == spec.pre_release)
                        .last()?
                        .version
                        .clone()
                });
                Some(FeatureState {
                    name: name.clone(),
                    stage_since,
                    pre_release: spec.pre_release,
                    default: spec.default,
                    // `resolved` has an entry per id of this gate: unreachable `false`.
                    enabled: self.resolved.get(i).copied().unwrap_or(false),
                    locked: spec.lock_to_default,
                    reason,
                    explicitly_set: self.raw.contains_key(name),
                    spec,
                })
            })
            .collect()
    }

    // ----------------------------------------------------------------------------------------
    // Copies

    /// A copy with everything: features (overrides included), values, dependencies, the closed
    /// flag and versions; nothing counts as queried yet (`DeepCopy`).
    pub fn deep_copy(&self) -> FeatureGate {
        FeatureGate {
            names: self.names.clone(),
            by_name: self.by_name.clone(),
            specs: self.specs.clone(),
            overridden: self.overridden.clone(),
            explicit: self.explicit.clone(),
            raw: self.raw.clone(),
            dependencies: self.dependencies.clone(),
            closed: self.closed,
            emulation: self.emulation.clone(),
            min_compat: self.min_compat.clone(),
            resolved: self.resolved.clone(),
            queried: self.names.iter().map(|_| AtomicBool::new(false)).collect(),
        }
    }

    /// A fresh, open gate at the same versions with the same features (overrides included) and
    /// nothing set and no dependencies (`DeepCopyAndReset`).
    pub fn deep_copy_and_reset(&self) -> FeatureGate {
        let mut copy = self.deep_copy();
        copy.explicit = vec![None; self.names.len()];
        copy.raw.clear();
        copy.dependencies.clear();
        copy.closed = false;
        copy.refresh();
        copy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_binary_version_parses() {
        assert_eq!(
            Version::parse(DEFAULT_KUBE_BINARY_VERSION).map(|v| v.to_string()),
            Ok(FeatureGate::new().emulation_version().to_string())
        );
    }

    #[test]
    fn a_version_left_out_takes_new_feature_gates_default() {
        let versions = |g: FeatureGate| {
            (
                g.emulation_version().to_string(),
                g.min_compatibility_version().to_string(),
            )
        };
        let v = |s: &str| Version::parse(s).ok();
        let binary = DEFAULT_KUBE_BINARY_VERSION;
        let below = Version::parse(binary).map(|b| b.subtract_minor(1).to_string());
        let given = FeatureGate::with_given_versions;
        assert_eq!(versions(given(None, None)), versions(FeatureGate::new()));
        assert_eq!(
            versions(given(v("1.33"), None)),
            ("1.33".into(), "1.32".into())
        );
        assert_eq!(
            versions(given(None, v("1.30"))),
            (binary.to_string(), "1.30".into())
        );
        assert_eq!(Ok(versions(given(None, None)).1), below);
    }
}
