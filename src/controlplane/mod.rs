//! The kube-apiserver's bootstrap controllers, simulated on a virtual clock.
//!
//! When a kube-apiserver starts it makes the cluster usable by itself: it creates the system
//! namespaces, the `default/kubernetes` Service on the first address of the service range, keeps
//! that Service's Endpoints listing exactly the live apiservers (through TTL leases), and repairs
//! the ClusterIP and NodePort allocation bitmaps. Upstream keeps these in
//! `pkg/controlplane/controller/*`, `pkg/controlplane/reconcilers/lease.go` and
//! `pkg/registry/core/service/{ipallocator,portallocator}/controller/repair.go`.
//!
//! * [`bootstrap`]: the [`bootstrap::BootstrapController`] that runs several apiservers.
//! * [`namespaces`], [`lease`], [`repair`]: each loop's rule as a pure function.
//! * [`cidr`], [`portrange`], [`objects`]: the values they work on.
//! * [`view`]: the snapshots and timelines shown to callers, projected from the controller.

pub mod bootstrap;
pub mod cidr;
pub mod config;
pub mod lease;
pub mod namespaces;
pub mod objects;
pub mod portrange;
pub mod repair;
pub mod view;

/// The namespace of the apiserver's own Service and Endpoints (upstream `metav1.NamespaceDefault`).
pub const KUBERNETES_SERVICE_NAMESPACE: &str = "default";
/// The name of that Service and its Endpoints (upstream `kubernetesServiceName`).
pub const KUBERNETES_SERVICE_NAME: &str = "kubernetes";
