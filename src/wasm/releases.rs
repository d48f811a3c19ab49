//! The release model for JavaScript: which releases kubegate carries, each release's gates, and
//! a gate as a given release's binary builds it. Conversions around [`crate::releases`] only.

use wasm_bindgen::prelude::*;

use super::{fail, to_json};
use crate::releases::{self, gates, Release};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** The Kubernetes releases kubegate carries facts for. */
export interface ReleaseRange {
  /** The oldest release ("1.16"). */
  oldest: string;
  /** The newest release: also the binary a default FeatureGate and kubernetesFeatures() stand for. */
  newest: string;
  /** Every release, newest first. */
  releases: string[];
  /** The first release whose binaries declare versioned gates and accept --emulated-version. */
  firstVersioned: string;
}

/** A gate as the binaries of one release know it. */
export interface ReleaseGate {
  name: string;
  preRelease: PreRelease;
  default: boolean;
  lockToDefault: boolean;
  /** When the gate reached preRelease ("1.30"), even if its default flipped later. */
  stageSince: string | null;
  /** First release whose binaries registered the gate. */
  since: string;
  /** First release whose binaries no longer registered it. */
  removed: string | null;
}
"#;

fn release(text: &str) -> Result<Release, JsValue> {
    Release::parse(text).map_err(fail("release"))
}

/// The releases kubegate carries facts for (every picker reads its range from here).
#[wasm_bindgen(js_name = releases, unchecked_return_type = "ReleaseRange")]
pub fn release_range() -> Result<String, JsValue> {
    let all: Vec<String> = Release::all().rev().map(|r| r.to_string()).collect();
    to_json(&serde_json::json!({
        "oldest": releases::OLDEST.to_string(),
        "newest": releases::NEWEST.to_string(),
        "releases": all,
        "firstVersioned": format!("1.{}", gates::FIRST_VERSIONED),
    }))
}

/// Every gate the binaries of `release` register, sorted by name, with its stage there.
#[wasm_bindgen(js_name = releaseGates, unchecked_return_type = "ReleaseGate[]")]
pub fn release_gates(release_text: &str) -> Result<String, JsValue> {
    to_json(&gates::facts_in(release(release_text)?))
}

/// The versioned gate list of a release's binaries, in the shape `addVersioned` takes (specs
/// up to that release). For 1.31+ this is upstream's own list; older binaries held flat specs,
/// which `FeatureGate.forRelease` models exactly.
#[wasm_bindgen(
    js_name = releaseFeatures,
    unchecked_return_type = "Record<string, FeatureSpec[]>"
)]
pub fn release_features(release_text: &str) -> Result<String, JsValue> {
    to_json(&gates::features_in(release(release_text)?))
}

pub(crate) fn release_gate(release_text: &str) -> Result<crate::featuregate::FeatureGate, JsValue> {
    gates::release_gate(release(release_text)?).map_err(fail("release"))
}
