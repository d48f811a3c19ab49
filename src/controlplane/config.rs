//! The bootstrap controller's configuration (kube-apiserver flags: `--service-cluster-ip-range`,
//! `--service-node-port-range`, `--endpoint-reconciler-type`, ...), its limits and the errors it
//! refuses a configuration or command with.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

use super::cidr::IpAllocError;
pub use super::cidr::RangeError;
use super::namespaces::SYSTEM_NAMESPACES;
use super::portrange::PortAllocError;

/// The bootstrap controller's limits, checked before any work so that every call within them
/// answers in well under a second, and every call beyond them is refused at once.
///
/// Apiservers running at once (real control planes run a handful).
pub const MAX_APISERVERS: usize = 32;
/// Simulated time one `advance` call may cover.
pub const MAX_ADVANCE: Duration = Duration::from_secs(3600);
/// Services, and namespaces named in the configuration.
pub const MAX_SERVICES: usize = 10_000;

/// `SystemNamespacesInterval`.
pub const SYSTEM_NAMESPACES_INTERVAL: Duration = Duration::from_secs(60);

/// How the control plane is configured (kube-apiserver flags).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct BootstrapConfig {
    /// `--service-cluster-ip-range`, primary.
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub service_cidr: String,
    /// The secondary range of a dual-stack cluster.
    #[cfg_attr(feature = "typescript", ts(optional = nullable))]
    pub secondary_service_cidr: Option<String>,
    /// The `kubernetes` Service port (443).
    #[cfg_attr(feature = "typescript", ts(as = "Option<i32>"))]
    pub service_port: i32,
    /// The apiservers' secure port, the Service's targetPort and the endpoint port (6443).
    #[cfg_attr(feature = "typescript", ts(as = "Option<i32>"))]
    pub public_service_port: i32,
    /// `--kubernetes-service-node-port`; non-zero makes the Service type NodePort.
    #[cfg_attr(feature = "typescript", ts(as = "Option<i32>"))]
    pub kubernetes_service_node_port: i32,
    /// `--service-node-port-range`.
    #[cfg_attr(feature = "typescript", ts(as = "Option<String>"))]
    pub node_port_range: String,
    /// The namespaces kept present.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>"))]
    pub system_namespaces: Vec<String>,
    /// Namespaces that exist before any apiserver starts.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>"))]
    pub existing_namespaces: Vec<String>,
    /// Apiserver addresses started at time zero.
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>"))]
    pub apiservers: Vec<String>,
}

impl Default for BootstrapConfig {
    fn default() -> Self {
        BootstrapConfig {
            service_cidr: "10.0.0.0/24".to_string(),
            secondary_service_cidr: None,
            service_port: 443,
            public_service_port: 6443,
            kubernetes_service_node_port: 0,
            node_port_range: "30000-32767".to_string(),
            system_namespaces: SYSTEM_NAMESPACES.iter().map(|s| s.to_string()).collect(),
            existing_namespaces: Vec::new(),
            apiservers: Vec::new(),
        }
    }
}

/// A configuration or command the controller cannot accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BootstrapError {
    /// A malformed CIDR (`invalid CIDR address: ...`).
    InvalidCidr(String),
    /// The service range is too small, or has no index 1.
    ServiceRange(String),
    /// A malformed `--service-node-port-range`.
    InvalidPortRange { value: String, reason: String },
    /// The NodePort of the `kubernetes` Service lies outside the range.
    NodePortOutOfRange { port: i32, range: String },
    /// Not an IP address.
    InvalidAddress(String),
    /// The service range and the apiserver address are of different families.
    FamilyMismatch { service: String, public: String },
    /// The apiserver already runs.
    AlreadyRunning(String),
    /// No such running apiserver.
    NotRunning(String),
    /// A service with that namespace/name exists.
    ServiceExists(String),
    /// No such service.
    ServiceNotFound(String),
    /// A size beyond the limits above (the text states the limit).
    Limit(String),
    /// An address given to a direct allocation that is not an IP address.
    InvalidIp(String),
    /// A direct ClusterIP allocation the allocator refused.
    IpAllocation(IpAllocError),
    /// A direct NodePort allocation the allocator refused.
    PortAllocation(PortAllocError),
}

error_kind! {
    /// What kind of error a [`BootstrapError`] is.
    pub enum ControlPlaneErrorKind {
        /// A configuration or command the bootstrap controller refuses.
        ControlPlane = "controlPlane",
        /// A size or step beyond the documented limits ([`BootstrapError::Limit`]).
        Limit = "limit",
    }
}

impl BootstrapError {
    /// [`ControlPlaneErrorKind::Limit`] for [`BootstrapError::Limit`], else
    /// [`ControlPlaneErrorKind::ControlPlane`].
    pub fn kind(&self) -> ControlPlaneErrorKind {
        match self {
            BootstrapError::Limit(_) => ControlPlaneErrorKind::Limit,
            _ => ControlPlaneErrorKind::ControlPlane,
        }
    }
}

impl fmt::Display for BootstrapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BootstrapError::InvalidCidr(e) | BootstrapError::ServiceRange(e) => f.write_str(e),
            BootstrapError::InvalidPortRange { value, reason } => {
                write!(f, "invalid node port range {value:?}: {reason}")
            }
            BootstrapError::NodePortOutOfRange { port, range } => write!(
                f,
                "spec.ports[0].nodePort: Invalid value: {port}: provided port is not in the valid range. The range of valid ports is {range}"
            ),
            BootstrapError::InvalidAddress(a) => write!(f, "invalid apiserver address {a:?}"),
            BootstrapError::FamilyMismatch { service, public } => write!(
                f,
                "service IP family {service:?} must match public address family {public:?}"
            ),
            BootstrapError::AlreadyRunning(a) => write!(f, "apiserver {a} is already running"),
            BootstrapError::NotRunning(a) => write!(f, "apiserver {a} is not running"),
            BootstrapError::ServiceExists(k) => write!(f, "services {k:?} already exists"),
            BootstrapError::ServiceNotFound(k) => write!(f, "services {k:?} not found"),
            BootstrapError::Limit(m) => f.write_str(m),
            BootstrapError::InvalidIp(ip) => write!(f, "invalid IP address {ip:?}"),
            BootstrapError::IpAllocation(e) => e.fmt(f),
            BootstrapError::PortAllocation(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BootstrapError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BootstrapError::IpAllocation(e) => Some(e),
            BootstrapError::PortAllocation(e) => Some(e),
            _ => None,
        }
    }
}
