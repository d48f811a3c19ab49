//! `FeatureGate` and `parseFeatureList` for JavaScript: conversions around
//! [`kubegate::featuregate`], nothing more.

use std::collections::BTreeMap;

use wasm_bindgen::prelude::*;

use super::error::{fail, CoreError, ErrorFields, ErrorLocation, ErrorProblem, ErrorSpan};
use super::{input, output, utf16_offset};
use kubegate::featuregate::{self as core, FeatureGateError};
use kubegate::version::Version;

/// A gate error with the string given to `set`, whose spans its problems name.
struct GateFailure<'a> {
    error: FeatureGateError,
    text: Option<&'a str>,
}

impl std::fmt::Display for GateFailure<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

/// `kind` is the first problem's, `problems` lists each with its span in UTF-16 units of
/// `text`.
impl CoreError for GateFailure<'_> {
    fn kind_name(&self) -> &'static str {
        self.error.kind().as_str()
    }
    fn fields(&self) -> ErrorFields {
        let problems = self
            .error
            .problems()
            .iter()
            .zip(self.error.spans())
            .map(|(p, span)| ErrorProblem {
                kind: Some(p.kind().as_str()),
                feature: p.feature().map(str::to_string),
                message: p.to_string(),
                span: span.zip(self.text).map(|(span, text)| ErrorSpan {
                    start: utf16_offset(text, span.start),
                    end: utf16_offset(text, span.end),
                }),
                at: at_line(p.line()),
            })
            .collect();
        ErrorFields {
            problems: Some(problems),
            at: at_line(self.error.problems().first().and_then(|p| p.line())),
            ..ErrorFields::kind(self.kind_name())
        }
    }
}

/// A feature list's line as the error's location (`e.line` in JS).
fn at_line(line: Option<usize>) -> ErrorLocation {
    ErrorLocation {
        line: line.map(super::error::line),
        ..ErrorLocation::default()
    }
}

/// Every problem, without spans (no `set` string to count them in).
impl CoreError for FeatureGateError {
    fn kind_name(&self) -> &'static str {
        self.kind().as_str()
    }
    fn fields(&self) -> ErrorFields {
        // The spans need the text; without it they are left out, as `gate_error(e, None)` does.
        GateFailure {
            error: self.clone(),
            text: None,
        }
        .fields()
    }
}

/// A core gate error into kubegate's JS `Error`, spans counted in `text` when given.
fn gate_error(error: FeatureGateError, text: Option<&str>) -> JsValue {
    fail(GateFailure { error, text })
}

/// A version a caller names, read strictly by the core ([`Version::parse_named`]), its error
/// thrown as the gate's `invalid <what>: ...`.
fn version(text: &str, what: &'static str) -> Result<Version, JsValue> {
    Version::parse_named(text).map_err(|e| {
        gate_error(
            core::Problem::InvalidVersion {
                what,
                message: e.to_string(),
            }
            .into(),
            None,
        )
    })
}

fn js<T: serde::Serialize>(r: Result<T, FeatureGateError>) -> Result<JsValue, JsValue> {
    output(&r.map_err(|e| gate_error(e, None))?)
}

/// `versionedSpecs` of every feature by name, as JSON text (`addVersioned`, `renderFeatureList`).
fn versioned_specs(
    text: &str,
    what: &str,
) -> Result<BTreeMap<String, Vec<core::FeatureSpec>>, JsValue> {
    input(text, what)
}

/// A Kubernetes feature gate (`k8s.io/component-base/featuregate`), exactly.
#[wasm_bindgen(js_name = FeatureGate)]
pub struct JsFeatureGate {
    inner: core::FeatureGate,
}

#[wasm_bindgen(js_class = FeatureGate)]
impl JsFeatureGate {
    /// A gate emulating `emulationVersion` (default: component-base's binary version at the
    /// ported commit, "1.37"; the release data itself ends at `releases().newest`), compatible down to `minCompatibilityVersion` (default: one minor below).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = emulationVersion)] emulation_version: Option<String>,
        #[wasm_bindgen(js_name = minCompatibilityVersion)] min_compatibility_version: Option<
            String,
        >,
    ) -> Result<JsFeatureGate, JsValue> {
        let emulation = emulation_version
            .map(|v| version(&v, "emulation version"))
            .transpose()?;
        let min_compat = min_compatibility_version
            .map(|v| version(&v, "min compatibility version"))
            .transpose()?;
        let inner = core::FeatureGate::with_given_versions(emulation, min_compat);
        Ok(JsFeatureGate { inner })
    }

    /// The gate of the real `release` binary (e.g. "1.28"), started without `--emulated-version`:
    /// exactly the gates that release registered, at its own version. A release outside the
    /// data is an error.
    #[wasm_bindgen(js_name = forRelease)]
    pub fn for_release(release: &str) -> Result<JsFeatureGate, JsValue> {
        let inner = super::releases::release_gate(release)?;
        Ok(JsFeatureGate { inner })
    }

    /// Registers unversioned features (`Add`).
    pub fn add(&mut self, features: &str) -> Result<(), JsValue> {
        let features: BTreeMap<String, core::FeatureSpec> = input(features, "feature specs")?;
        self.inner.add(features).map_err(|e| gate_error(e, None))
    }

    /// Registers features with their version history (`AddVersioned`).
    #[wasm_bindgen(js_name = addVersioned)]
    pub fn add_versioned(&mut self, features: &str) -> Result<(), JsValue> {
        let features = versioned_specs(features, "versioned feature specs")?;
        self.inner
            .add_versioned(features)
            .map_err(|e| gate_error(e, None))
    }

    /// Declares dependencies between features (`AddDependencies`).
    #[wasm_bindgen(js_name = addDependencies)]
    pub fn add_dependencies(&mut self, dependencies: &str) -> Result<(), JsValue> {
        let deps: BTreeMap<String, Vec<String>> = input(dependencies, "dependencies")?;
        self.inner
            .add_dependencies(deps)
            .map_err(|e| gate_error(e, None))
    }

    /// Applies a `--feature-gates` value such as `"AllAlpha=true,MyFeature=false"` (`Set`).
    pub fn set(&mut self, value: &str) -> Result<JsValue, JsValue> {
        let warnings = self
            .inner
            .set(value)
            .map_err(|e| gate_error(e, Some(value)))?;
        output(&warnings)
    }

    /// Applies explicit values (`SetFromMap`).
    #[wasm_bindgen(js_name = setFromMap)]
    pub fn set_from_map(&mut self, values: &str) -> Result<JsValue, JsValue> {
        let values: BTreeMap<String, bool> = input(values, "feature values")?;
        js(self.inner.set_from_map(&values))
    }

    /// Whether a feature is on; throws for an unknown feature (`Enabled`).
    pub fn enabled(&self, name: &str) -> Result<bool, JsValue> {
        self.inner.enabled(name).map_err(|e| gate_error(e, None))
    }

    /// The stable numeric id of a feature, for `enabledById` in hot loops; throws if unknown.
    #[wasm_bindgen(js_name = featureId)]
    pub fn feature_id(&self, name: &str) -> Result<u32, JsValue> {
        match self.inner.feature_id(name) {
            Some(id) => Ok(id.0),
            None => Err(gate_error(
                core::Problem::NotRegistered {
                    feature: name.to_string(),
                }
                .into(),
                None,
            )),
        }
    }

    /// Whether the feature with this id is on: one table read, always current (every mutating
    /// call refreshes the table). An unknown id reads `false`.
    #[wasm_bindgen(js_name = enabledById)]
    pub fn enabled_by_id(&self, id: u32) -> bool {
        self.inner.enabled_by_id(core::FeatureId(id))
    }

    /// The effective value of every feature by id (1 on, 0 off): the table the package's JS
    /// layer caches for `enabled` and `enabledById`. Reading it does not mark features queried.
    /// Internal to the package (api.js): not part of the typed API.
    #[wasm_bindgen(js_name = resolvedTable, skip_typescript)]
    pub fn resolved_table(&self) -> Vec<u8> {
        self.inner
            .resolved_table()
            .iter()
            .map(|&b| u8::from(b))
            .collect()
    }

    /// Marks features queried (see `FeatureGate::mark_queried`): the JS cache reports the ids
    /// it answered from before the emulation version changes.
    /// Internal to the package (api.js): not part of the typed API.
    #[wasm_bindgen(js_name = markQueried, skip_typescript)]
    pub fn mark_queried(&self, ids: &[u32]) {
        let ids: Vec<core::FeatureId> = ids.iter().map(|&i| core::FeatureId(i)).collect();
        self.inner.mark_queried(&ids);
    }

    /// The `--help` lines of the settable features (`KnownFeatures`).
    #[wasm_bindgen(js_name = knownFeatures)]
    pub fn known_features(&self) -> Vec<String> {
        self.inner.known_features()
    }

    /// The resolved explicit values, `k=v` sorted and comma-joined (`String`).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_flag_string(&self) -> String {
        self.inner.to_flag_string()
    }

    /// Changes the default of the spec in force (`OverrideDefault`).
    #[wasm_bindgen(js_name = overrideDefault)]
    pub fn override_default(&mut self, name: &str, value: bool) -> Result<JsValue, JsValue> {
        js(self.inner.override_default(name, value))
    }

    /// Changes the default of the spec in force at `version` (`OverrideDefaultAtVersion`).
    #[wasm_bindgen(js_name = overrideDefaultAtVersion)]
    pub fn override_default_at_version(
        &mut self,
        name: &str,
        value: bool,
        at: &str,
    ) -> Result<JsValue, JsValue> {
        let at = version(at, "version")?;
        js(self.inner.override_default_at_version(name, value, &at))
    }

    /// Emulates another version, min-compatibility one minor below (`SetEmulationVersion`).
    #[wasm_bindgen(js_name = setEmulationVersion)]
    pub fn set_emulation_version(&mut self, emulation: &str) -> Result<JsValue, JsValue> {
        let emulation = version(emulation, "emulation version")?;
        js(self.inner.set_emulation_version(emulation))
    }

    /// `SetEmulationVersionAndMinCompatibilityVersion`.
    #[wasm_bindgen(js_name = setEmulationVersionAndMinCompatibilityVersion)]
    pub fn set_emulation_version_and_min_compatibility_version(
        &mut self,
        emulation: &str,
        #[wasm_bindgen(js_name = minCompatibility)] min_compatibility: &str,
    ) -> Result<JsValue, JsValue> {
        let emulation = version(emulation, "emulation version")?;
        let min = version(min_compatibility, "min compatibility version")?;
        js(self
            .inner
            .set_emulation_version_and_min_compatibility_version(emulation, min))
    }

    /// The emulated version, "major.minor".
    #[wasm_bindgen(js_name = emulationVersion)]
    pub fn emulation_version(&self) -> String {
        self.inner.emulation_version().to_string()
    }

    /// The min-compatibility version, "major.minor".
    #[wasm_bindgen(js_name = minCompatibilityVersion)]
    pub fn min_compatibility_version(&self) -> String {
        self.inner.min_compatibility_version().to_string()
    }

    /// Whether the user set this feature (`ExplicitlySet`).
    #[wasm_bindgen(js_name = explicitlySet)]
    pub fn explicitly_set(&self, name: &str) -> bool {
        self.inner.explicitly_set(name)
    }

    /// Forgets the value set for a feature (`ResetFeatureValueToDefault`).
    #[wasm_bindgen(js_name = resetFeatureValueToDefault)]
    pub fn reset_feature_value_to_default(&mut self, name: &str) -> Result<(), JsValue> {
        self.inner
            .reset_feature_value_to_default(name)
            .map_err(|e| gate_error(e, None))
    }

    /// Re-checks every value set so far; the messages of what fails (`Validate`).
    pub fn validate(&self) -> Vec<String> {
        self.inner
            .validate()
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    /// Stops further registration (`Close`).
    pub fn close(&mut self) {
        self.inner.close();
    }

    /// A full copy (`DeepCopy`).
    #[wasm_bindgen(js_name = deepCopy)]
    pub fn deep_copy(&self) -> JsFeatureGate {
        JsFeatureGate {
            inner: self.inner.deep_copy(),
        }
    }

    /// A copy with the same features and overrides and nothing set (`DeepCopyAndReset`).
    #[wasm_bindgen(js_name = deepCopyAndReset)]
    pub fn deep_copy_and_reset(&self) -> JsFeatureGate {
        JsFeatureGate {
            inner: self.inner.deep_copy_and_reset(),
        }
    }

    /// The spec in force of every available feature (`GetAll`).
    #[wasm_bindgen(js_name = getAll)]
    pub fn get_all(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.get_all())
    }

    /// Every feature's full history (`GetAllVersioned`).
    #[wasm_bindgen(js_name = getAllVersioned)]
    pub fn get_all_versioned(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.get_all_versioned())
    }

    /// The declared dependencies (`Dependencies`).
    pub fn dependencies(&self) -> Result<JsValue, JsValue> {
        output(self.inner.dependencies())
    }

    /// Every feature's state with the reason for its value (kubegate's addition, for tables).
    #[wasm_bindgen(js_name = featureStates)]
    pub fn feature_states(&self) -> Result<JsValue, JsValue> {
        output(&self.inner.feature_states())
    }
}

/// Parses Kubernetes' `versioned_feature_list.yaml` into the argument of `addVersioned`.
#[wasm_bindgen(js_name = parseFeatureList)]
pub fn parse_feature_list(yaml: &str) -> Result<JsValue, JsValue> {
    js(core::parse_feature_list(yaml))
}

/// The real Kubernetes feature gates built into kubegate (see `kubernetesVersion` in `version()`
/// for how recent they are), in the shape `addVersioned` takes.
#[wasm_bindgen(js_name = kubernetesFeatures)]
pub fn kubernetes_features() -> Result<JsValue, JsValue> {
    output(&kubegate::releases::kubernetes_features())
}

/// The dependencies between the built-in Kubernetes gates, in the shape `addDependencies` takes.
#[wasm_bindgen(js_name = kubernetesDependencies)]
pub fn kubernetes_dependencies() -> Result<JsValue, JsValue> {
    output(&kubegate::releases::kubernetes_dependencies())
}

/// Writes features in the `versioned_feature_list.yaml` format (the inverse of
/// `parseFeatureList`), e.g. to export a release's list: `renderFeatureList(releaseFeatures("1.30"))`.
#[wasm_bindgen(js_name = renderFeatureList)]
pub fn render_feature_list(features: &str) -> Result<String, JsValue> {
    let features = versioned_specs(features, "features")?;
    Ok(core::render_feature_list(&features))
}
