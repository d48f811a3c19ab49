//! Dependencies between features: "FeatureA needs FeatureB".
//!
//! Upstream: `AddDependencies` and the dependency check at the end of `unsafeSetFromMap` in
//! `k8s.io/component-base/featuregate/feature_gate.go` (component-base 1.37).
//!
//! Registering dependencies checks, for every (feature, dependency) pair, in this order:
//! 1. the feature is known (`cannot add dependency for unknown feature X`);
//! 2. the dependency is known (`cannot add dependency from X to unknown feature Y`);
//! 3. at the version of *each* of the feature's specs, newest first, with the dependency's spec
//!    resolved at that spec's version and min-compatibility version:
//!    a. the dependency is at least as stable (deprecated < alpha = pre-alpha < beta < GA);
//!    b. a default-on feature does not depend on a default-off one;
//!    c. a locked feature does not depend on an unlocked one;
//!
//! and then that the graph has no cycle (a feature depending on itself is one). Nothing is stored
//! unless every check passes. When gates are *set*, only direct dependencies are checked: A→B→C
//! with A and B on and C off reports B, not A.

use std::collections::BTreeMap;

use super::error::{FeatureGateError, Problem};
use super::spec::{spec_at, FeatureSpec};

/// Merges `new` into `existing` (appending, then sorting and de-duplicating every list) and checks
/// the result against the rules above. Returns the merged map to store.
pub(crate) fn merge_and_check<'s>(
    existing: &BTreeMap<String, Vec<String>>,
    new: &BTreeMap<String, Vec<String>>,
    specs_of: impl Fn(&str) -> Option<&'s [FeatureSpec]>,
) -> Result<BTreeMap<String, Vec<String>>, FeatureGateError> {
    let mut merged = new.clone();
    for (k, v) in existing {
        merged
            .entry(k.clone())
            .or_default()
            .extend(v.iter().cloned());
    }
    for deps in merged.values_mut() {
        crate::sort::sort(deps);
        deps.dedup();
    }

    for (feature, deps) in &merged {
        let Some(feature_specs) = specs_of(feature) else {
            return Err(Problem::DependencyOfUnknown {
                feature: feature.clone(),
            }
            .into());
        };
        for dep in deps {
            let Some(dep_specs) = specs_of(dep) else {
                return Err(Problem::DependencyOnUnknown {
                    feature: feature.clone(),
                    dependency: dep.clone(),
                }
                .into());
            };
            for spec in feature_specs.iter().rev() {
                // An unversioned spec (registered with `Add`) stands at 0.0 upstream, so that
                // it applies at every emulation version.
                let version = spec
                    .version
                    .clone()
                    .unwrap_or_else(|| crate::version::Version::new(0, 0));
                let dep_spec =
                    spec_at(dep_specs, &version, spec.min_compatibility_version.as_ref());
                if spec.pre_release.stability_order() > dep_spec.pre_release.stability_order() {
                    return Err(Problem::DependencyLessStable {
                        feature: feature.clone(),
                        stage: spec.pre_release,
                        dependency: dep.clone(),
                        dependency_stage: dep_spec.pre_release,
                        version,
                    }
                    .into());
                }
                if spec.default && !dep_spec.default {
                    return Err(Problem::DependencyDefaultOff {
                        feature: feature.clone(),
                        dependency: dep.clone(),
                        version,
                    }
                    .into());
                }
                if spec.lock_to_default && !dep_spec.lock_to_default {
                    return Err(Problem::DependencyUnlocked {
                        feature: feature.clone(),
                        dependency: dep.clone(),
                        version,
                    }
                    .into());
                }
            }
        }
    }

    find_cycle(&merged)?;
    Ok(merged)
}

/// Depth-first search from every feature; iterative so a long chain cannot overflow the stack.
fn find_cycle(graph: &BTreeMap<String, Vec<String>>) -> Result<(), FeatureGateError> {
    let mut finished = NameSet::default();
    for root in graph.keys() {
        if finished.contains(root) {
            continue;
        }
        let mut on_path = NameSet::default();
        // (feature, index of the next dependency to visit)
        let mut stack: Vec<(&str, usize)> = vec![(root.as_str(), 0)];
        on_path.insert(root);
        while let Some((node, next)) = stack.pop() {
            let deps = graph.get(node).map(Vec::as_slice).unwrap_or(&[]);
            match deps.get(next) {
                None => {
                    on_path.remove(node);
                    finished.insert(node);
                }
                Some(dep) => {
                    stack.push((node, next + 1));
                    let dep = dep.as_str();
                    if finished.contains(dep) {
                        continue;
                    }
                    if !on_path.insert(dep) {
                        return Err(Problem::DependencyCycle {
                            feature: dep.to_string(),
                        }
                        .into());
                    }
                    stack.push((dep, 0));
                }
            }
        }
    }
    Ok(())
}

/// A set of names as a sorted vector: the search needs only membership, insertion and removal,
/// and a `BTreeSet<&str>` was one more copy of the B-tree's code in the gate core's wasm.
#[derive(Default)]
struct NameSet<'a>(Vec<&'a str>);

impl<'a> NameSet<'a> {
    fn contains(&self, name: &str) -> bool {
        self.0.binary_search(&name).is_ok()
    }

    /// Whether `name` was new.
    fn insert(&mut self, name: &'a str) -> bool {
        match self.0.binary_search(&name) {
            Ok(_) => false,
            Err(i) => {
                self.0.insert(i, name);
                true
            }
        }
    }

    fn remove(&mut self, name: &str) {
        if let Ok(i) = self.0.binary_search(&name) {
            self.0.remove(i);
        }
    }
}
