//! `kubeletConfigFlagPrecedence` (`cmd/kubelet/app/server.go`): the command line re-applied
//! over a configuration loaded from files, so that flags keep winning. Its own module because
//! two stages run it, the start ([`super::server`]) and the dynamic config checkpoint
//! ([`super::dynamic`]), and neither should depend on the other for it.

use std::collections::BTreeMap;

use serde_json::Value;

use super::provenance::{self, Layer, Origin, Provenance};
use super::types::KubeletConfiguration;
use super::{file, flags, KubeletConfigError};

pub(crate) fn to_value(c: &KubeletConfiguration) -> Value {
    c.to_value()
}

/// Why a configuration value does not decode into the typed configuration: the decoder's text,
/// which each stage wraps in its own words.
#[derive(Debug)]
pub(crate) struct DecodeError(String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The typed configuration of `v`. On failure, Go's type error for the first badly typed field
/// when [`file::type_error`] finds one; serde's own text for anything it does not cover.
pub(crate) fn from_value(v: &Value, internal: bool) -> Result<KubeletConfiguration, DecodeError> {
    serde_json::from_value(v.clone()).map_err(|e| {
        DecodeError(
            file::type_error(v, internal)
                .map(|(_, m)| m)
                .unwrap_or_else(|| e.to_string()),
        )
    })
}

pub(super) fn flag_origins(written: &flags::Written) -> BTreeMap<String, Origin> {
    let mut origins = BTreeMap::new();
    origins.extend(written.iter().map(|(path, (name, _))| {
        // The argument position is not a file line: a flag's origin has no line.
        (
            path.clone(),
            Origin::new(Layer::Flag, format!("--{name}"), None),
        )
    }));
    origins
}

/// `kubeletConfigFlagPrecedence`: re-applies the command line over `kc`; feature-gate keys of
/// `kc` missing from the flags are added back (union, flag wins).
pub fn flag_precedence(
    cl: &flags::CommandLine,
    kc: &KubeletConfiguration,
    prov: &mut Provenance,
) -> Result<KubeletConfiguration, KubeletConfigError> {
    let original = kc.feature_gates.clone();
    let before = to_value(kc);
    let mut v = before.clone();
    let written = flags::apply(cl, &mut v);
    let mut out = from_value(&v, true).map_err(|m| {
        KubeletConfigError::new(format!("failed to precedence kubeletConfigFlag: {m}"))
    })?;
    if let Some(orig) = original {
        let fg = out.feature_gates.get_or_insert_with(BTreeMap::new);
        for (k, val) in orig {
            fg.entry(k).or_insert(val);
        }
    }
    let after = to_value(&out);
    let fallback = Origin::new(Layer::Flag, "command line", None);
    let mut origins = flag_origins(&written);
    // --feature-gates owns only the keys it set: the gates added back by the union keep the
    // origin of the file or drop-in that set them.
    if let Some(o) = origins.remove("featureGates") {
        if let Some(Value::Object(flag_gates)) = v.get("featureGates") {
            for k in flag_gates.keys() {
                origins.insert(format!("featureGates.{k}"), o.clone());
            }
        }
    }
    provenance::record_step(prov, &before, &after, &origins, &fallback);
    Ok(out)
}
