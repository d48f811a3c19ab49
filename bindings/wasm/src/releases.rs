//! The release model for JavaScript: which releases kubegate carries, each release's gates, and
//! a gate as a given release's binary builds it. Conversions around [`kubegate::releases`] only.

use wasm_bindgen::prelude::*;

use super::error::{fail_in, AreaErrorKind};
use super::{fail, output};
use kubegate::releases::{self, gates, Release};

/// The Kubernetes releases kubegate carries facts for.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct ReleaseRange {
    /// The oldest release ("1.16").
    oldest: String,
    /// The newest release: also the binary a default FeatureGate and kubernetesFeatures() stand
    /// for.
    newest: String,
    /// Every release, newest first.
    releases: Vec<String>,
    /// The first release whose binaries declare versioned gates and accept --emulated-version.
    first_versioned: String,
}

fn release(text: &str) -> Result<Release, JsValue> {
    Release::parse(text).map_err(fail)
}

/// The releases kubegate carries facts for (every picker reads its range from here).
#[wasm_bindgen(js_name = releases)]
pub fn release_range() -> Result<JsValue, JsValue> {
    output(&ReleaseRange {
        oldest: releases::OLDEST.to_string(),
        newest: releases::NEWEST.to_string(),
        releases: Release::all().rev().map(|r| r.to_string()).collect(),
        first_versioned: format!("1.{}", gates::FIRST_VERSIONED),
    })
}

/// Every gate the binaries of `release` register, sorted by name, with its stage there.
#[wasm_bindgen(js_name = releaseGates)]
pub fn release_gates(
    #[wasm_bindgen(js_name = release)] release_text: &str,
) -> Result<JsValue, JsValue> {
    output(&gates::facts_in(release(release_text)?))
}

/// The versioned gate list of a release's binaries, in the shape `addVersioned` takes (specs
/// up to that release). For 1.31+ this is upstream's own list; older binaries held flat specs,
/// which `FeatureGate.forRelease` models exactly.
#[wasm_bindgen(js_name = releaseFeatures)]
pub fn release_features(
    #[wasm_bindgen(js_name = release)] release_text: &str,
) -> Result<JsValue, JsValue> {
    output(&gates::features_in(release(release_text)?))
}

/// Which patches of a minor share the answer of a release: what `releaseGates(release)` covers.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct PatchRange {
    /// The minor release (`"1.32"`).
    release: String,
    /// The first patch with this answer.
    from_patch: u16,
    /// The last patch with this answer; `null`: every later patch.
    to_patch: Option<u16>,
}

fn patch_range_of(release: Release) -> PatchRange {
    let (from_patch, to_patch) = gates::patch_range(release);
    PatchRange {
        release: release.minor_release().to_string(),
        from_patch,
        to_patch,
    }
}

/// The patches of `release`'s minor whose gates answer as `release` does ("1.32" and "1.32.1"
/// answer as 1.32.0 to 1.32.1; "1.32.2" as 1.32.2 onward).
#[wasm_bindgen(js_name = releasePatchRange)]
pub fn release_patch_range(
    #[wasm_bindgen(js_name = release)] release_text: &str,
) -> Result<JsValue, JsValue> {
    output(&patch_range_of(release(release_text)?))
}

/// One gate's whole life, release by release (and patch range where a patch changed it): stage,
/// default, lock, the components that read it, the source of each fact, its reference page.
#[wasm_bindgen(js_name = gateHistory)]
pub fn gate_history(#[wasm_bindgen(js_name = name)] name: &str) -> Result<JsValue, JsValue> {
    match gates::history(name) {
        Some(h) => output(&h),
        None => Err(fail(gates::unknown_gate(name))),
    }
}

pub(crate) fn release_gate(
    release_text: &str,
) -> Result<kubegate::featuregate::FeatureGate, JsValue> {
    gates::release_gate(release(release_text)?).map_err(fail_in(AreaErrorKind::Release))
}
