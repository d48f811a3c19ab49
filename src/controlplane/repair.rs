//! The ClusterIP and NodePort repair loops: rebuild the allocation bitmaps from the services,
//! report inconsistencies, and free a leaked allocation only on its third consecutive detection.
//!
//! Upstream: `pkg/registry/core/service/portallocator/controller/repair.go` and
//! `pkg/registry/core/service/ipallocator/controller/repair.go` (bitmap allocators, dual-stack
//! era, Kubernetes ≈ v1.24–1.32; with MultiCIDRServiceAllocator the IP side moved to IPAddress
//! objects, which this module does not model).
//!
//! Every 3 minutes each apiserver lists the services and builds a fresh allocator from what they
//! use. An address that is allocated in storage but used by no service may be a race (allocated,
//! service not yet written), so it is kept for two more runs; each apiserver counts this in its own
//! `leaks` map, and a run in which a service uses the address clears the count.

use super::cidr::{parse_ip, IpAllocError, IpRange};
use super::objects::Service;
use super::portrange::{PortAllocError, PortAllocator};
use std::collections::BTreeMap;
use std::time::Duration;

/// `repairLoopInterval`.
pub const REPAIR_LOOP_INTERVAL: Duration = Duration::from_secs(180);
/// `numRepairsBeforeLeakCleanup`.
pub const NUM_REPAIRS_BEFORE_LEAK_CLEANUP: i32 = 3;
/// Event recorder components.
pub const PORT_REPAIR_COMPONENT: &str = "portallocator-repair-controller";
pub const IP_REPAIR_COMPONENT: &str = "ipallocator-repair-controller";

/// A Warning event a repair run records about a service.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepairEvent {
    pub reason: String,
    pub action: String,
    pub message: String,
    /// `namespace/name`.
    pub regarding: String,
}

/// The outcome of one run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RepairReport {
    pub events: Vec<RepairEvent>,
    /// `runtime.HandleError` lines, in order.
    pub errors: Vec<String>,
    /// The error the run returned (then nothing was written back).
    pub failure: Option<String>,
}

impl RepairReport {
    fn event(&mut self, svc: &Service, reason: &str, action: &str, message: String) {
        self.events.push(RepairEvent {
            reason: reason.to_string(),
            action: action.to_string(),
            message,
            regarding: svc.key(),
        });
    }
}

fn sorted(services: &[Service]) -> Vec<&Service> {
    let mut v: Vec<&Service> = services.iter().collect();
    crate::sort::sort_by(&mut v, |a, b| {
        (&a.metadata.namespace, &a.metadata.name).cmp(&(&b.metadata.namespace, &b.metadata.name))
    });
    v
}

/// One NodePort repair run over the `stored` snapshot. Returns the allocator to write back.
pub fn repair_node_ports(
    stored: &PortAllocator,
    services: &[Service],
    leaks: &mut BTreeMap<i32, i32>,
) -> (PortAllocator, RepairReport) {
    let mut stored = stored.clone();
    let range = stored.range();
    let mut rebuilt = PortAllocator::new(range);
    let mut report = RepairReport::default();
    for svc in sorted(services) {
        let (name, ns) = (&svc.metadata.name, &svc.metadata.namespace);
        for port in svc.node_ports() {
            match rebuilt.allocate(port) {
                Ok(()) => {
                    if stored.has(port) {
                        stored.release(port);
                    } else {
                        report.event(
                            svc,
                            "PortNotAllocated",
                            "PortAllocation",
                            format!("Port {port} is not allocated; repairing"),
                        );
                        report.errors.push(format!(
                            "the node port {port} for service {name}/{ns} is not allocated; repairing"
                        ));
                    }
                    leaks.remove(&port);
                }
                Err(PortAllocError::Allocated) => {
                    report.event(
                        svc,
                        "PortAlreadyAllocated",
                        "PortAllocation",
                        format!("Port {port} was assigned to multiple services; please recreate service"),
                    );
                    report.errors.push(format!(
                        "the node port {port} for service {name}/{ns} was assigned to multiple services; please recreate"
                    ));
                }
                Err(PortAllocError::NotInRange { .. }) => {
                    report.event(
                        svc,
                        "PortOutOfRange",
                        "PortAllocation",
                        format!("Port {port} is not within the port range {range}; please recreate service"),
                    );
                    report.errors.push(format!(
                        "the port {port} for service {name}/{ns} is not within the port range {range}; please recreate"
                    ));
                }
            }
        }
    }
    for port in stored.ports() {
        let decision = leak_decision(leaks.get(&port).copied());
        if decision.flag {
            report.errors.push(format!(
                "the node port {port} may have leaked: flagging for later clean up"
            ));
        }
        match decision.keep_with {
            Some(count) => {
                leaks.insert(port, count);
                if let Err(e) = rebuilt.allocate(port) {
                    report.errors.push(format!(
                        "the node port {port} may have leaked, but can not be allocated: {e}"
                    ));
                }
            }
            None => report.errors.push(format!(
                "the node port {port} appears to have leaked: cleaning up"
            )),
        }
    }
    (rebuilt, report)
}

struct LeakDecision {
    /// First detection: report "flagging for later clean up".
    flag: bool,
    /// Keep the allocation, storing this count; `None` frees it.
    keep_with: Option<i32>,
}

/// The three-strike rule: first detection stores 1, the second 0, the third frees.
fn leak_decision(count: Option<i32>) -> LeakDecision {
    match count {
        None => LeakDecision {
            flag: true,
            keep_with: Some(NUM_REPAIRS_BEFORE_LEAK_CLEANUP - 2),
        },
        Some(c) if c > 0 => LeakDecision {
            flag: false,
            keep_with: Some(c - 1),
        },
        Some(_) => LeakDecision {
            flag: false,
            keep_with: None,
        },
    }
}

/// One ClusterIP repair run over the primary (and optional secondary) snapshot.
pub fn repair_cluster_ips(
    stored_primary: &IpRange,
    stored_secondary: Option<&IpRange>,
    services: &[Service],
    leaks: &mut BTreeMap<String, i32>,
) -> (IpRange, Option<IpRange>, RepairReport) {
    let mut stored = [Some(stored_primary.clone()), stored_secondary.cloned()];
    let mut rebuilt = [
        Some(IpRange::new(stored_primary.cidr())),
        stored_secondary.map(|s| IpRange::new(s.cidr())),
    ];
    let secondary_v6 = stored_secondary.map(|s| s.cidr().is_v6());
    let mut report = RepairReport::default();
    for svc in sorted(services) {
        let (name, ns) = (&svc.metadata.name, &svc.metadata.namespace);
        for raw in svc.cluster_ips() {
            let Some(ip) = parse_ip(&raw) else {
                report.event(
                    svc,
                    "ClusterIPNotValid",
                    "ClusterIPValidation",
                    format!("Cluster IP {raw} is not a valid IP; please recreate service"),
                );
                report.errors.push(format!(
                    "the cluster IP {raw} for service {name}/{ns} is not a valid IP; please recreate"
                ));
                continue;
            };
            let idx = usize::from(secondary_v6 == Some(ip.is_ipv6()));
            let (Some(Some(reb)), Some(Some(sto))) = (rebuilt.get_mut(idx), stored.get_mut(idx))
            else {
                continue;
            };
            match reb.allocate(ip) {
                Ok(()) => {
                    if sto.has(ip) {
                        sto.release(ip);
                    } else {
                        report.event(
                            svc,
                            "ClusterIPNotAllocated",
                            "ClusterIPAllocation",
                            format!("Cluster IP {ip} is not allocated; repairing"),
                        );
                        report.errors.push(format!(
                            "the cluster IP {ip} for service {name}/{ns} is not allocated; repairing"
                        ));
                    }
                    leaks.remove(&ip.to_string());
                }
                Err(IpAllocError::Allocated) => {
                    report.event(
                        svc,
                        "ClusterIPAlreadyAllocated",
                        "ClusterIPAllocation",
                        format!("Cluster IP {ip} was assigned to multiple services; please recreate service"),
                    );
                    report.errors.push(format!(
                        "the cluster IP {ip} for service {name}/{ns} was assigned to multiple services; please recreate"
                    ));
                }
                Err(IpAllocError::NotInRange { .. }) => {
                    let cidr = reb.cidr();
                    report.event(
                        svc,
                        "ClusterIPOutOfRange",
                        "ClusterIPAllocation",
                        format!("Cluster IP {ip} is not within the service CIDR {cidr}; please recreate service"),
                    );
                    report.errors.push(format!(
                        "the cluster IP {ip} for service {name}/{ns} is not within the service CIDR {cidr}; please recreate"
                    ));
                }
            }
        }
    }
    for (sto, reb) in stored.iter().zip(rebuilt.iter_mut()) {
        let (Some(sto), Some(reb)) = (sto, reb.as_mut()) else {
            continue;
        };
        for ip in sto.addresses() {
            let key = ip.to_string();
            let decision = leak_decision(leaks.get(&key).copied());
            if decision.flag {
                report.errors.push(format!(
                    "the cluster IP {ip} may have leaked: flagging for later clean up"
                ));
            }
            match decision.keep_with {
                Some(count) => {
                    leaks.insert(key, count);
                    if let Err(e) = reb.allocate(ip) {
                        report.errors.push(format!(
                            "the cluster IP {ip} may have leaked, but can not be allocated: {e}"
                        ));
                    }
                }
                None => report.errors.push(format!(
                    "the cluster IP {ip} appears to have leaked: cleaning up"
                )),
            }
        }
    }
    let [p, s] = rebuilt;
    // The primary slot is built `Some` above and never emptied: the rebuild is unreachable.
    let primary = p.unwrap_or_else(|| IpRange::new(stored_primary.cidr()));
    (primary, s, report)
}
