//! The gated-field schemas that ship with kubegate: the guide's Frobber and two real API types.
//!
//! * `Frobber` (community guide `api_changes.md`): the alpha `width` field behind `Frobber2D`.
//! * `Service` (`pkg/api/service/util.go` `dropDisabledFields`, Kubernetes ≈ v1.30–1.33):
//!   `spec.trafficDistribution` behind `ServiceTrafficDistribution`.
//! * `EndpointSlice` (`pkg/api/discovery/util.go`, used by the EndpointSlice strategy, ≈ v1.33):
//!   `endpoints[*].hints` behind `TopologyAwareHints`, and inside it `endpoints[*].hints.forNodes`
//!   behind `PreferSameTrafficDistribution`.

use super::gating::{FieldGateSchema, GatedField};

fn schema(kind: &str, fields: &[(&str, &str)]) -> FieldGateSchema {
    FieldGateSchema {
        kind: kind.to_string(),
        fields: fields
            .iter()
            .map(|(path, gate)| GatedField {
                path: path.to_string(),
                gate: gate.to_string(),
            })
            .collect(),
    }
}

/// The guide's example: `Frobber.width` is alpha, behind `Frobber2D`.
pub fn frobber() -> FieldGateSchema {
    schema("Frobber", &[("width", "Frobber2D")])
}

/// `Service.spec.trafficDistribution`, behind `ServiceTrafficDistribution`.
pub fn service() -> FieldGateSchema {
    schema(
        "Service",
        &[("spec.trafficDistribution", "ServiceTrafficDistribution")],
    )
}

/// EndpointSlice hints: the whole `hints` behind `TopologyAwareHints`, `hints.forNodes` behind
/// `PreferSameTrafficDistribution`.
pub fn endpoint_slice() -> FieldGateSchema {
    schema(
        "EndpointSlice",
        &[
            ("endpoints[*].hints", "TopologyAwareHints"),
            (
                "endpoints[*].hints.forNodes",
                "PreferSameTrafficDistribution",
            ),
        ],
    )
}

/// Every built-in schema.
pub fn builtin_schemas() -> Vec<FieldGateSchema> {
    vec![frobber(), service(), endpoint_slice()]
}

/// A built-in schema by kind (`Frobber`, `Service`, `EndpointSlice`).
pub fn builtin_schema(kind: &str) -> Option<FieldGateSchema> {
    builtin_schemas().into_iter().find(|s| s.kind == kind)
}
