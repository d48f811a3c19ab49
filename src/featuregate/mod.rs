//! Feature gates, exactly as `k8s.io/component-base/featuregate` (Kubernetes 1.37) has them.
//!
//! A feature gate answers one question, "is feature X on?", from three inputs:
//!
//! 1. **what each feature is at each version** ([`FeatureSpec`] lists: alpha at 1.29, beta and on
//!    by default at 1.31, GA and locked at 1.33...), registered with
//!    [`FeatureGate::add_versioned`] or read from Kubernetes' own list with
//!    [`parse_feature_list`];
//! 2. **which version the component emulates** and which it must stay compatible with
//!    ([`FeatureGate::set_emulation_version`]), which pick the spec in force ([`spec_at`]);
//! 3. **what the user set** with `--feature-gates` ([`FeatureGate::set`]) or a config file
//!    ([`FeatureGate::set_from_map`]), including the special `AllAlpha` and `AllBeta`.
//!
//! The modules follow the concerns of upstream's one big file:
//!
//! | module | upstream | rules |
//! |---|---|---|
//! | [`spec`] | `FeatureSpec`, `AddVersioned`, `featureSpecAtEmulationAndMinCompatVersion` | what a valid version history is; which entry applies |
//! | [`gate`] | `featureGate` | setting, resolving, overriding, versions, copies |
//! | [`flag`] | `Set` | the `--feature-gates` syntax |
//! | [`dependencies`] | `AddDependencies` | which features may depend on which |
//! | [`feature_list`] | `versioned_feature_list.yaml` | the file format |
//! | [`error`] | every `fmt.Errorf` | the exact texts |
//!
//! Every error prints Kubernetes' exact text; every operation that upstream would panic on or log
//! returns a value instead.

pub mod dependencies;
pub mod error;
pub mod feature_list;
pub mod flag;
pub mod gate;
pub mod spec;
mod stage;

pub use error::{FeatureGateError, FeatureGateErrorKind, Problem};
pub use feature_list::{parse_feature_list, render_feature_list, MAX_FEATURE_LIST_BYTES};
pub use gate::{
    FeatureGate, FeatureId, FeatureState, Reason, Warning, ALL_ALPHA, ALL_BETA,
    DEFAULT_KUBE_BINARY_VERSION,
};
pub use spec::{spec_at, FeatureSpec, PreRelease};
