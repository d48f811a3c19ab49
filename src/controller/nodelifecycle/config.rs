//! The controller's settings: kube-controller-manager flags and their defaults
//! (`cmd/kube-controller-manager/app/options/nodelifecyclecontroller.go`,
//! `pkg/controller/nodelifecycle/config/v1alpha1/defaults.go`). The default grace period depends
//! on the Kubernetes version: 40s through 1.31, 50s from 1.32 (PR #126287).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::duration::Duration;
use crate::version::{Version, VersionError};

/// Controller settings (kube-controller-manager flags); every field optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct ControllerConfig {
    /// Picks the default grace period: 40s through 1.31, 50s from 1.32. Default: newest (50s).
    #[serde(default)]
    pub kubernetes_version: Option<String>,
    /// `--node-monitor-grace-period` (the version's default, see `kubernetesVersion`).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
    pub node_monitor_grace_period: Option<Duration>,
    /// `--node-startup-grace-period` (60s).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
    pub node_startup_grace_period: Option<Duration>,
    /// `--node-monitor-period` (5s).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(type = "string", optional))]
    pub node_monitor_period: Option<Duration>,
    /// `--node-eviction-rate` (0.1).
    #[serde(default)]
    pub node_eviction_rate: Option<f64>,
    /// `--secondary-node-eviction-rate` (0.01).
    #[serde(default)]
    pub secondary_node_eviction_rate: Option<f64>,
    /// `--large-cluster-size-threshold` (50).
    #[serde(default)]
    pub large_cluster_size_threshold: Option<u32>,
    /// `--unhealthy-zone-threshold` (0.55).
    #[serde(default)]
    pub unhealthy_zone_threshold: Option<f64>,
}

error_kind! {
    /// What kind of error a [`NodeLifecycleError`] is.
    pub enum NodeLifecycleErrorKind {
        /// A controller setting the controller refuses.
        NodeLifecycle = "nodeLifecycle",
        /// A pass input past the limits of one pass (`MAX_NODES`, `MAX_PODS`); nothing ran.
        Limit = "limit",
    }
}

/// An error of the node lifecycle controller: a refused setting (which one, as its JSON name,
/// and the version error underneath when `kubernetesVersion` could not be read), or a pass
/// input past the limits of one pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeLifecycleError {
    kind: NodeLifecycleErrorKind,
    field: Option<&'static str>,
    message: String,
    version: Option<VersionError>,
}

/// The name of [`NodeLifecycleError`] from when it reported refused settings only.
pub type ControllerConfigError = NodeLifecycleError;

impl NodeLifecycleError {
    fn new(field: &'static str, message: String) -> Self {
        NodeLifecycleError {
            kind: NodeLifecycleErrorKind::NodeLifecycle,
            field: Some(field),
            message,
            version: None,
        }
    }

    pub(super) fn limit(message: String) -> Self {
        NodeLifecycleError {
            kind: NodeLifecycleErrorKind::Limit,
            field: None,
            message,
            version: None,
        }
    }

    /// [`NodeLifecycleErrorKind::Limit`] for a pass input past the limits, else
    /// [`NodeLifecycleErrorKind::NodeLifecycle`].
    pub fn kind(&self) -> NodeLifecycleErrorKind {
        self.kind
    }

    /// The setting at fault, as [`ControllerConfig`] names it in JSON (`nodeMonitorPeriod`);
    /// `evictionRates` for either eviction rate; `None` for a pass input past the limits.
    pub fn field(&self) -> Option<&str> {
        self.field
    }
}

impl fmt::Display for NodeLifecycleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NodeLifecycleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.version
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// The controller's settings after defaults: every field set; durations keep nanoseconds and
/// are written as Go duration strings ("50s") in JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ResolvedControllerSettings")
)]
pub struct Settings {
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub node_monitor_grace_period: Duration,
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub node_startup_grace_period: Duration,
    #[cfg_attr(feature = "typescript", ts(type = "string"))]
    pub node_monitor_period: Duration,
    pub node_eviction_rate: f64,
    pub secondary_node_eviction_rate: f64,
    pub large_cluster_size_threshold: u32,
    pub unhealthy_zone_threshold: f64,
}

impl Settings {
    /// The settings with kube-controller-manager's flag defaults for those not given (genuine
    /// defaults: an absent flag means its default), then checked.
    pub fn resolve(c: &ControllerConfig) -> Result<Settings, NodeLifecycleError> {
        let default_grace = match &c.kubernetes_version {
            None => Duration::from_secs(50),
            Some(v) => {
                let v = Version::parse_generic(v).map_err(|e| NodeLifecycleError {
                    version: Some(e.clone()),
                    ..NodeLifecycleError::new("kubernetesVersion", e.to_string())
                })?;
                if v >= Version::new(1, 32) {
                    Duration::from_secs(50)
                } else {
                    Duration::from_secs(40)
                }
            }
        };
        // kube-controller-manager's flag defaults (`nodelifecyclecontroller.go` options and
        // `config/v1alpha1/defaults.go`), each named on its `ControllerConfig` field.
        let s = Settings {
            node_monitor_grace_period: c.node_monitor_grace_period.unwrap_or(default_grace),
            node_startup_grace_period: c
                .node_startup_grace_period
                .unwrap_or(Duration::from_secs(60)),
            node_monitor_period: c.node_monitor_period.unwrap_or(Duration::from_secs(5)),
            node_eviction_rate: c.node_eviction_rate.unwrap_or(0.1),
            secondary_node_eviction_rate: c.secondary_node_eviction_rate.unwrap_or(0.01),
            large_cluster_size_threshold: c.large_cluster_size_threshold.unwrap_or(50),
            unhealthy_zone_threshold: c.unhealthy_zone_threshold.unwrap_or(0.55),
        };
        for (name, d) in [
            ("nodeMonitorGracePeriod", s.node_monitor_grace_period),
            ("nodeStartupGracePeriod", s.node_startup_grace_period),
        ] {
            if d.0 < 0 {
                return Err(NodeLifecycleError::new(
                    name,
                    format!("{name} must not be negative: {d}"),
                ));
            }
        }
        if s.node_monitor_period.0 <= 0 {
            return Err(NodeLifecycleError::new(
                "nodeMonitorPeriod",
                format!(
                    "nodeMonitorPeriod must be positive: {}",
                    s.node_monitor_period
                ),
            ));
        }
        if s.node_eviction_rate < 0.0 || s.secondary_node_eviction_rate < 0.0 {
            return Err(NodeLifecycleError::new(
                "evictionRates",
                "eviction rates must not be negative".to_string(),
            ));
        }
        Ok(s)
    }
}
