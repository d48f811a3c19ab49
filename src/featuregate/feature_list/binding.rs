//! The JS binding's decoders of feature specs from its JSON tree (`crate::json_tree`), as
//! serde's derived `Deserialize` for [`FeatureSpec`] decodes them, to the byte of every error
//! and the path of the value at fault.
//!
//! Transitional: only the in-crate binding (`src/wasm/`, feature `wasm`) calls these. The core
//! reads feature lists with serde's derive ([`super::parse_feature_list`]); this module goes
//! with `src/json_tree.rs` when the binding moves to serde-wasm-bindgen.

use serde::de::Error as _;

use crate::featuregate::spec::{FeatureSpec, PreRelease};
use crate::json_tree::{Json, Refusal};
use crate::version::Version;

/// serde's plain error, whose constructors word each refusal.
type DeError = serde::de::value::Error;

/// Where a tree came from: JSON text, the only source the binding reads.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Source {
    Text,
}

fn pre_release(v: &Json) -> Result<PreRelease, Refusal> {
    match v {
        Json::Str(s) => PreRelease::from_name_or_error(s).map_err(Refusal::new),
        _ => Err(Refusal::invalid_type(v, "a string")),
    }
}

/// `opt_version`: `null` or a version string.
fn opt_version(v: &Json) -> Result<Option<Version>, Refusal> {
    match v {
        Json::Null => Ok(None),
        Json::Str(s) => Version::parse(s)
            .map(Some)
            .map_err(|e| Refusal::new(e.to_string())),
        _ => Err(Refusal::invalid_type(v, "a string")),
    }
}

const SPEC_FIELDS: &[&str] = &[
    "default",
    "lockToDefault",
    "preRelease",
    "version",
    "minCompatibilityVersion",
];

/// A feature's specs, as serde decodes a `Vec<FeatureSpec>`.
pub(crate) fn spec_list(v: &Json, source: Source) -> Result<Vec<FeatureSpec>, Refusal> {
    v.seq_of(|item| spec(item, source))
}

/// A spec with every field at its default, `default` included (which a decoded spec must set).
fn empty_spec() -> FeatureSpec {
    FeatureSpec {
        default: false,
        lock_to_default: false,
        pre_release: PreRelease::GA,
        version: None,
        min_compatibility_version: None,
    }
}

/// serde's refusal of a field the struct does not have: at the field's own path, as serde
/// reports it (the key is refused while it is read).
fn unknown(key: &str, fields: &'static [&'static str]) -> Refusal {
    Refusal::serde(DeError::unknown_field(key, fields)).at_key(key)
}

/// The bit of `default` among [`field_bit`]'s.
const DEFAULT_SEEN: u8 = 1;

/// The bit of a spec's field (to find one set twice, or `default` never set), or `None` for a
/// name that is none of them.
fn field_bit(key: &str) -> Option<u8> {
    SPEC_FIELDS.iter().position(|f| *f == key).map(|i| 1 << i)
}

/// The field of a bit of [`field_bit`]'s.
fn field_name(bit: u8) -> &'static str {
    SPEC_FIELDS
        .get(bit.trailing_zeros() as usize)
        .copied()
        .unwrap_or("default")
}

/// Sets the field of `bit` from its node.
fn set_field(spec: &mut FeatureSpec, bit: u8, v: &Json) -> Result<(), Refusal> {
    match bit {
        1 => spec.default = v.boolean()?,
        2 => spec.lock_to_default = v.boolean()?,
        4 => spec.pre_release = pre_release(v)?,
        8 => spec.version = opt_version(v)?,
        _ => spec.min_compatibility_version = opt_version(v)?,
    }
    Ok(())
}

/// One `FeatureSpec`, from a map only: serde's derive would also fill it from a sequence of its
/// fields in order (`[false, false, "Alpha"]`), a shape no Kubernetes file or JS caller means.
pub(crate) fn spec(v: &Json, _source: Source) -> Result<FeatureSpec, Refusal> {
    let mut out = empty_spec();
    match v {
        Json::Map(map) => {
            let mut seen = 0;
            for (key, value) in map {
                let bit = field_bit(key).ok_or_else(|| unknown(key, SPEC_FIELDS))?;
                if seen & bit != 0 {
                    return Err(Refusal::serde(DeError::duplicate_field(field_name(bit))));
                }
                seen |= bit;
                set_field(&mut out, bit, value).map_err(|e| e.at_key(key))?;
            }
            if seen & DEFAULT_SEEN == 0 {
                return Err(Refusal::serde(DeError::missing_field("default")));
            }
        }
        _ => return Err(Refusal::invalid_type(v, "struct FeatureSpec")),
    }
    Ok(out)
}
