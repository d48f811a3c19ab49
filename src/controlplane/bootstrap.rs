//! The kube-apiserver bootstrap controllers, run by several apiservers on a virtual clock.
//!
//! Upstream: `pkg/controlplane/controller/kubernetesservice`, `.../systemnamespaces`, the repair
//! controllers and `pkg/controlplane/reconcilers/lease.go` (the split layout of Kubernetes ≈
//! v1.28+; the older single `pkg/controlplane/controller.go` behaves the same apart from where
//! `default` is created).
//!
//! Every apiserver, from the moment it starts, runs independently:
//!
//! | loop | period | what |
//! |---|---|---|
//! | system namespaces | 1m | create each missing namespace of the list |
//! | kubernetes service | 10s (non-sliding) | create `default/kubernetes` if missing, renew its master lease, reconcile the Endpoints |
//! | ClusterIP repair | 3m | rebuild the IP bitmap, three-strike leak cleanup |
//! | NodePort repair | 3m | rebuild the port bitmap, three-strike leak cleanup |
//!
//! On start an apiserver first removes its own stale lease (logging that it did not exit cleanly
//! when there was one). A graceful stop removes its lease and reconciles at once; a crash leaves the
//! lease to expire (15s), after which the next reconcile by a live apiserver drops the address.
//! Loops due at the same instant run in apiserver-address order, namespaces first.

use super::cidr::{family_name, parse_ip, service_ip_range, IpNet, IpRange};
use super::lease::{
    do_reconcile, LeaseStore, MasterLease, ReconcileOutcome, ENDPOINT_RECONCILER_INTERVAL,
};
use super::namespaces;
use super::objects::{
    EndpointPort, Endpoints, Event, LogEntry, ObjectMeta, Service, ServicePort, ServiceSpec,
};
use super::portrange::{PortAllocator, PortRange};
use super::repair::{
    repair_cluster_ips, repair_node_ports, RepairReport, IP_REPAIR_COMPONENT,
    PORT_REPAIR_COMPONENT, REPAIR_LOOP_INTERVAL,
};
use super::view::leak_counts;
pub use super::view::{
    Allocations, ApiServerStatus, BootstrapState, EndpointsChange, LeakCount, RepairRun,
};
use crate::duration::format_std;
use std::collections::{BTreeMap, BTreeSet};
use std::net::IpAddr;
use std::time::Duration;

pub use super::config::{
    BootstrapConfig, BootstrapError, ControlPlaneErrorKind, RangeError, MAX_ADVANCE,
    MAX_APISERVERS, MAX_SERVICES, SYSTEM_NAMESPACES_INTERVAL,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Loop {
    Namespaces,
    KubernetesService,
    ClusterIpRepair,
    NodePortRepair,
}

impl Loop {
    fn period(self) -> Duration {
        match self {
            Loop::Namespaces => SYSTEM_NAMESPACES_INTERVAL,
            Loop::KubernetesService => ENDPOINT_RECONCILER_INTERVAL,
            Loop::ClusterIpRepair | Loop::NodePortRepair => REPAIR_LOOP_INTERVAL,
        }
    }
    const ALL: [Loop; 4] = [
        Loop::Namespaces,
        Loop::KubernetesService,
        Loop::ClusterIpRepair,
        Loop::NodePortRepair,
    ];
}

#[derive(Debug, Clone)]
pub(super) struct ApiServer {
    pub(super) started_at: Duration,
    next: BTreeMap<Loop, Duration>,
    pub(super) port_leaks: BTreeMap<i32, i32>,
    pub(super) ip_leaks: BTreeMap<String, i32>,
}

/// The simulated control plane.
#[derive(Debug, Clone)]
pub struct BootstrapController {
    pub(super) config: BootstrapConfig,
    pub(super) service_ip: IpAddr,
    pub(super) now: Duration,
    pub(super) namespaces: BTreeSet<String>,
    pub(super) namespace_create_calls: u64,
    pub(super) services: Vec<Service>,
    pub(super) endpoints: Option<Endpoints>,
    pub(super) leases: LeaseStore,
    pub(super) ips: IpRange,
    pub(super) secondary_ips: Option<IpRange>,
    pub(super) ports: PortAllocator,
    pub(super) apiservers: BTreeMap<String, ApiServer>,
    pub(super) events: Vec<Event>,
    pub(super) log: Vec<LogEntry>,
    pub(super) repair_runs: Vec<RepairRun>,
    pub(super) endpoints_history: Vec<EndpointsChange>,
}

impl BootstrapController {
    /// Validates the configuration and starts `config.apiservers` at time zero.
    pub fn new(config: BootstrapConfig) -> Result<Self, BootstrapError> {
        for (name, n) in [
            ("systemNamespaces", config.system_namespaces.len()),
            ("existingNamespaces", config.existing_namespaces.len()),
        ] {
            if n > MAX_SERVICES {
                return Err(BootstrapError::Limit(format!(
                    "{name}: {n} namespaces; the limit is {MAX_SERVICES}"
                )));
            }
        }
        if config.apiservers.len() > MAX_APISERVERS {
            return Err(BootstrapError::Limit(format!(
                "apiservers: {} apiservers; the limit is {MAX_APISERVERS}",
                config.apiservers.len()
            )));
        }
        let net = IpNet::parse(&config.service_cidr)
            .map_err(|e| BootstrapError::InvalidCidr(e.to_string()))?;
        let service_ip =
            service_ip_range(&net).map_err(|e| BootstrapError::ServiceRange(e.to_string()))?;
        let secondary = match &config.secondary_service_cidr {
            Some(s) => Some(IpRange::new(
                IpNet::parse(s).map_err(|e| BootstrapError::InvalidCidr(e.to_string()))?,
            )),
            None => None,
        };
        let range = PortRange::parse(&config.node_port_range).map_err(|e| {
            BootstrapError::InvalidPortRange {
                value: config.node_port_range.clone(),
                reason: e.to_string(),
            }
        })?;
        let np = config.kubernetes_service_node_port;
        if np > 0 && !range.contains(np) {
            return Err(BootstrapError::NodePortOutOfRange {
                port: np,
                range: range.to_string(),
            });
        }
        let mut c = BootstrapController {
            service_ip,
            now: Duration::ZERO,
            namespaces: config.existing_namespaces.iter().cloned().collect(),
            namespace_create_calls: 0,
            services: Vec::new(),
            endpoints: None,
            leases: LeaseStore::default(),
            ips: IpRange::new(net),
            secondary_ips: secondary,
            ports: PortAllocator::new(range),
            apiservers: BTreeMap::new(),
            events: Vec::new(),
            log: Vec::new(),
            repair_runs: Vec::new(),
            endpoints_history: Vec::new(),
            config,
        };
        for ip in c.config.apiservers.clone() {
            c.start_apiserver(&ip)?;
        }
        Ok(c)
    }

    /// The `kubernetes` Service's ClusterIP (index 1 of the service CIDR).
    pub fn service_ip(&self) -> IpAddr {
        self.service_ip
    }

    pub fn now(&self) -> Duration {
        self.now
    }

    fn log(&mut self, apiserver: &str, message: String) {
        self.log.push(LogEntry {
            time: format_std(self.now),
            apiserver: apiserver.to_string(),
            message,
        });
    }

    fn endpoints_changed(&mut self, apiserver: &str, cause: &str) {
        let addresses = self.endpoint_ips();
        if self.endpoints_history.last().map(|c| &c.addresses) == Some(&addresses) {
            return;
        }
        self.endpoints_history.push(EndpointsChange {
            time: format_std(self.now),
            apiserver: apiserver.to_string(),
            addresses,
            cause: cause.to_string(),
        });
    }

    fn event(
        &mut self,
        instance: &str,
        controller: &str,
        reason: &str,
        action: &str,
        message: String,
        regarding: String,
    ) {
        self.events.push(Event {
            time: format_std(self.now),
            event_type: "Warning".to_string(),
            reason: reason.to_string(),
            action: action.to_string(),
            message,
            regarding,
            reporting_controller: controller.to_string(),
            reporting_instance: instance.to_string(),
        });
    }

    fn endpoint_ports(&self) -> Vec<EndpointPort> {
        vec![EndpointPort {
            name: "https".to_string(),
            port: self.config.public_service_port,
            protocol: "TCP".to_string(),
        }]
    }

    /// Starts an apiserver now: family check, stale-lease removal, readiness, then its loops
    /// run immediately and periodically.
    pub fn start_apiserver(&mut self, ip: &str) -> Result<(), BootstrapError> {
        let addr = parse_ip(ip).ok_or_else(|| BootstrapError::InvalidAddress(ip.to_string()))?;
        let ip = addr.to_string();
        if self.apiservers.contains_key(&ip) {
            return Err(BootstrapError::AlreadyRunning(ip));
        }
        if self.apiservers.len() >= MAX_APISERVERS {
            return Err(BootstrapError::Limit(format!(
                "cannot start apiserver {ip}: {MAX_APISERVERS} apiservers run already, the limit"
            )));
        }
        if addr.is_ipv6() != self.service_ip.is_ipv6() {
            return Err(BootstrapError::FamilyMismatch {
                service: family_name(self.service_ip.is_ipv6()).to_string(),
                public: family_name(addr.is_ipv6()).to_string(),
            });
        }
        if self.leases.remove(&ip, self.now) {
            let ips = self.leases.list(self.now);
            let ports = self.endpoint_ports();
            match do_reconcile(&mut self.endpoints, &ips, &ports, true) {
                Ok(_) => {
                    self.endpoints_changed(&ip, "stale");
                    self.log(&ip, "Found stale data, removed previous endpoints on kubernetes service, apiserver didn't exit successfully previously".to_string());
                }
                Err(e) => self.log(
                    &ip,
                    format!("Error removing old endpoints from kubernetes service: {e}"),
                ),
            }
        }
        self.event(
            &ip,
            "kube-apiserver",
            "KubeAPIReadyz",
            "",
            "readyz=true".to_string(),
            format!("default/{ip}"),
        );
        let next = crate::sort::collect_map(Loop::ALL.iter().map(|l| (*l, self.now)));
        self.apiservers.insert(
            ip,
            ApiServer {
                started_at: self.now,
                next,
                port_leaks: BTreeMap::new(),
                ip_leaks: BTreeMap::new(),
            },
        );
        self.run_due();
        Ok(())
    }

    /// A graceful shutdown: stop reconciling, remove the own lease and reconcile at once.
    pub fn stop_apiserver(&mut self, ip: &str) -> Result<(), BootstrapError> {
        let key = self.running_key(ip)?;
        self.apiservers.remove(&key);
        self.leases.remove(&key, self.now);
        let ips = self.leases.list(self.now);
        let ports = self.endpoint_ports();
        match do_reconcile(&mut self.endpoints, &ips, &ports, true) {
            Ok(_) => self.endpoints_changed(&key, "stop"),
            Err(e) => self.log(
                &key,
                format!("Unable to remove endpoints from kubernetes service: {e}"),
            ),
        }
        Ok(())
    }

    /// A crash: the apiserver stops without cleaning up; its lease runs out on its own.
    pub fn crash_apiserver(&mut self, ip: &str) -> Result<(), BootstrapError> {
        let key = self.running_key(ip)?;
        self.apiservers.remove(&key);
        Ok(())
    }

    fn running_key(&self, ip: &str) -> Result<String, BootstrapError> {
        let key = parse_ip(ip).map_or_else(|| ip.to_string(), |a| a.to_string());
        if self.apiservers.contains_key(&key) {
            Ok(key)
        } else {
            Err(BootstrapError::NotRunning(ip.to_string()))
        }
    }

    /// Creates a service as a user would. With `allocate`, its ClusterIPs and NodePorts are
    /// recorded in the allocation snapshots (what the registry does); without, the repair loops
    /// will find them "not allocated".
    pub fn create_service(
        &mut self,
        service: Service,
        allocate: bool,
    ) -> Result<(), BootstrapError> {
        if self.services.iter().any(|s| s.key() == service.key()) {
            return Err(BootstrapError::ServiceExists(service.key()));
        }
        if self.services.len() >= MAX_SERVICES {
            return Err(BootstrapError::Limit(format!(
                "cannot create service {:?}: {MAX_SERVICES} services exist already, the limit",
                service.key()
            )));
        }
        if allocate {
            self.record_allocations(&service, true);
        }
        self.services.push(service);
        Ok(())
    }

    /// Deletes a service. With `release: false` its allocations stay behind: a leak.
    pub fn delete_service(
        &mut self,
        namespace: &str,
        name: &str,
        release: bool,
    ) -> Result<(), BootstrapError> {
        let key = format!("{namespace}/{name}");
        let pos = self
            .services
            .iter()
            .position(|s| s.key() == key)
            .ok_or(BootstrapError::ServiceNotFound(key))?;
        let svc = self.services.remove(pos);
        if release {
            self.record_allocations(&svc, false);
        }
        Ok(())
    }

    fn record_allocations(&mut self, svc: &Service, allocate: bool) {
        for raw in svc.cluster_ips() {
            let Some(ip) = parse_ip(&raw) else { continue };
            // The secondary range takes the addresses of its family when the primary is the other.
            let primary_family = self.ips.cidr().is_v6() == ip.is_ipv6();
            let secondary = self
                .secondary_ips
                .as_mut()
                .filter(|s| !primary_family && s.cidr().is_v6() == ip.is_ipv6());
            let alloc = match secondary {
                Some(s) => s,
                None => &mut self.ips,
            };
            if allocate {
                let _ = alloc.allocate(ip);
            } else {
                alloc.release(ip);
            }
        }
        for port in svc.node_ports() {
            if allocate {
                let _ = self.ports.allocate(port);
            } else {
                self.ports.release(port);
            }
        }
    }

    /// Writes an address into the ClusterIP snapshot directly (a leak, if no service uses it).
    pub fn allocate_cluster_ip(&mut self, ip: &str) -> Result<(), BootstrapError> {
        let addr = parse_ip(ip).ok_or_else(|| BootstrapError::InvalidIp(ip.to_string()))?;
        match self.secondary_ips.as_mut() {
            Some(s) if s.cidr().contains(addr) => s.allocate(addr),
            _ => self.ips.allocate(addr),
        }
        .map_err(BootstrapError::IpAllocation)
    }

    /// Writes a port into the NodePort snapshot directly.
    pub fn allocate_node_port(&mut self, port: i32) -> Result<(), BootstrapError> {
        self.ports
            .allocate(port)
            .map_err(BootstrapError::PortAllocation)
    }

    /// Deletes a namespace (the namespaces loop will recreate a system one).
    pub fn delete_namespace(&mut self, name: &str) -> bool {
        self.namespaces.remove(name)
    }

    /// Moves the clock forward, running every loop that falls due, in time order.
    /// Checks a step of the clock against [`MAX_ADVANCE`] before [`advance`](Self::advance).
    pub fn check_advance(&self, by: Duration) -> Result<(), BootstrapError> {
        if by > MAX_ADVANCE {
            return Err(BootstrapError::Limit(format!(
                "cannot advance by {}: one step may cover at most {}; advance in smaller steps",
                crate::duration::format_std(by),
                crate::duration::format_std(MAX_ADVANCE)
            )));
        }
        Ok(())
    }

    pub fn advance(&mut self, by: Duration) {
        let until = self.now.saturating_add(by);
        loop {
            let next = self
                .apiservers
                .values()
                .flat_map(|a| a.next.values().copied())
                .min();
            match next {
                Some(t) if t <= until => {
                    self.now = self.now.max(t);
                    self.run_due();
                }
                _ => break,
            }
        }
        self.now = until;
    }

    fn run_due(&mut self) {
        loop {
            let due: Option<(String, Loop)> = self
                .apiservers
                .iter()
                .flat_map(|(ip, a)| {
                    a.next
                        .iter()
                        .filter(|(_, t)| **t <= self.now)
                        .map(move |(l, _)| (ip.clone(), *l))
                })
                .min_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
            let Some((ip, l)) = due else { return };
            if let Some(a) = self.apiservers.get_mut(&ip) {
                if let Some(t) = a.next.get_mut(&l) {
                    // Non-sliding: the next run is one period after the scheduled one.
                    *t += l.period();
                }
            }
            match l {
                Loop::Namespaces => self.sync_namespaces(&ip),
                Loop::KubernetesService => self.sync_kubernetes_service(&ip),
                Loop::ClusterIpRepair => self.run_ip_repair(&ip),
                Loop::NodePortRepair => self.run_port_repair(&ip),
            }
        }
    }

    fn sync_namespaces(&mut self, _ip: &str) {
        let created = namespaces::sync(&mut self.namespaces, &self.config.system_namespaces);
        self.namespace_create_calls += created.len() as u64;
    }

    fn kubernetes_service(&self) -> Service {
        let mut port = ServicePort {
            name: "https".to_string(),
            protocol: "TCP".to_string(),
            port: self.config.service_port,
            target_port: Some(self.config.public_service_port),
            node_port: None,
        };
        let mut service_type = "ClusterIP";
        if self.config.kubernetes_service_node_port > 0 {
            port.node_port = Some(self.config.kubernetes_service_node_port);
            service_type = "NodePort";
        }
        Service {
            metadata: ObjectMeta {
                namespace: super::KUBERNETES_SERVICE_NAMESPACE.to_string(),
                name: super::KUBERNETES_SERVICE_NAME.to_string(),
                labels: crate::sort::collect_map(
                    [("component", "apiserver"), ("provider", "kubernetes")]
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.to_string())),
                ),
                ..ObjectMeta::default()
            },
            spec: ServiceSpec {
                ports: vec![port],
                cluster_ip: self.service_ip.to_string(),
                cluster_ips: Vec::new(),
                service_type: service_type.to_string(),
                ip_family_policy: Some("SingleStack".to_string()),
                session_affinity: Some("None".to_string()),
                health_check_node_port: None,
            },
        }
    }

    fn sync_kubernetes_service(&mut self, ip: &str) {
        if !self
            .services
            .iter()
            .any(|s| s.key() == "default/kubernetes")
        {
            let svc = self.kubernetes_service();
            self.record_allocations(&svc, true);
            self.services.push(svc);
        }
        self.leases.update(ip, self.now);
        let ips = self.leases.list(self.now);
        let ports = self.endpoint_ports();
        match do_reconcile(&mut self.endpoints, &ips, &ports, false) {
            Ok(ReconcileOutcome::Unchanged) => {}
            Ok(_) => {
                self.endpoints_changed(ip, "reconcile");
                self.log(
                    ip,
                    format!(
                        "Resetting endpoints for master service \"kubernetes\" to {:?}",
                        // No Endpoints object: an empty list.
                        self.endpoints.as_ref().map(|e| e.ips()).unwrap_or_default()
                    ),
                );
            }
            Err(e) => self.log(ip, format!("unable to sync kubernetes service: {e}")),
        }
    }

    fn apply_report(&mut self, ip: &str, controller: &str, report: RepairReport) {
        for e in report.events {
            self.event(ip, controller, &e.reason, &e.action, e.message, e.regarding);
        }
        for line in report.errors {
            self.log(ip, line);
        }
    }

    fn record_run(
        &mut self,
        ip: &str,
        repair: &str,
        counts: (BTreeMap<String, i32>, BTreeMap<String, i32>, Vec<String>),
        report: &RepairReport,
    ) {
        let (before, after, released) = counts;
        self.repair_runs.push(RepairRun {
            time: format_std(self.now),
            apiserver: ip.to_string(),
            repair: repair.to_string(),
            leaks: leak_counts(&before, &after, &released),
            events: report.events.len(),
            failure: report.failure.clone(),
        });
    }

    fn run_port_repair(&mut self, ip: &str) {
        let Some(mut leaks) = self.apiservers.get(ip).map(|a| a.port_leaks.clone()) else {
            return;
        };
        let before = leaks.clone();
        let stored = self.ports.ports();
        let (rebuilt, report) = repair_node_ports(&self.ports, &self.services, &mut leaks);
        let kept = rebuilt.ports();
        let released = if report.failure.is_none() {
            stored
                .iter()
                .filter(|p| !kept.contains(p))
                .map(|p| p.to_string())
                .collect()
        } else {
            Vec::new()
        };
        let strings = |m: &BTreeMap<i32, i32>| {
            crate::sort::collect_map(m.iter().map(|(k, v)| (k.to_string(), *v)))
        };
        let counts = (strings(&before), strings(&leaks), released);
        self.ports = rebuilt;
        if let Some(a) = self.apiservers.get_mut(ip) {
            a.port_leaks = leaks;
        }
        self.record_run(ip, "NodePort", counts, &report);
        self.apply_report(ip, PORT_REPAIR_COMPONENT, report);
    }

    fn run_ip_repair(&mut self, ip: &str) {
        let Some(mut leaks) = self.apiservers.get(ip).map(|a| a.ip_leaks.clone()) else {
            return;
        };
        let before = leaks.clone();
        // Without a secondary range, the primary's addresses alone.
        let addresses = |p: &IpRange, s: Option<&IpRange>| -> Vec<String> {
            p.addresses()
                .iter()
                .chain(s.map(|s| s.addresses()).unwrap_or_default().iter())
                .map(|a| a.to_string())
                .collect()
        };
        let stored = addresses(&self.ips, self.secondary_ips.as_ref());
        let (primary, secondary, report) = repair_cluster_ips(
            &self.ips,
            self.secondary_ips.as_ref(),
            &self.services,
            &mut leaks,
        );
        let kept = addresses(&primary, secondary.as_ref());
        let released = if report.failure.is_none() {
            stored.into_iter().filter(|a| !kept.contains(a)).collect()
        } else {
            Vec::new()
        };
        let counts = (before, leaks.clone(), released);
        self.ips = primary;
        self.secondary_ips = secondary;
        if let Some(a) = self.apiservers.get_mut(ip) {
            a.ip_leaks = leaks;
        }
        self.record_run(ip, "ClusterIP", counts, &report);
        self.apply_report(ip, IP_REPAIR_COMPONENT, report);
    }
}

/// What the controller shows: its state as the records of [`super::view`].
impl BootstrapController {
    pub fn namespaces(&self) -> Vec<String> {
        self.namespaces.iter().cloned().collect()
    }

    /// Create calls issued by the namespaces loops so far.
    pub fn namespace_create_calls(&self) -> u64 {
        self.namespace_create_calls
    }

    pub fn services(&self) -> &[Service] {
        &self.services
    }

    pub fn service(&self, namespace: &str, name: &str) -> Option<&Service> {
        let key = format!("{namespace}/{name}");
        self.services.iter().find(|s| s.key() == key)
    }

    /// The `default/kubernetes` Service, once an apiserver created it.
    pub fn current_kubernetes_service(&self) -> Option<&Service> {
        self.service(
            super::KUBERNETES_SERVICE_NAMESPACE,
            super::KUBERNETES_SERVICE_NAME,
        )
    }

    pub fn endpoints(&self) -> Option<&Endpoints> {
        self.endpoints.as_ref()
    }

    /// The addresses in `default/kubernetes` Endpoints.
    pub fn endpoint_ips(&self) -> Vec<String> {
        self.endpoints.as_ref().map(|e| e.ips()).unwrap_or_default()
    }

    pub fn leases(&self) -> Vec<MasterLease> {
        self.leases.leases(self.now)
    }

    pub fn allocations(&self) -> Allocations {
        Allocations {
            cluster_ip_range: self.ips.cidr().to_string(),
            cluster_ips: self.ips.addresses().iter().map(|a| a.to_string()).collect(),
            secondary_cluster_ip_range: self.secondary_ips.as_ref().map(|s| s.cidr().to_string()),
            // Without a secondary range: none.
            secondary_cluster_ips: self
                .secondary_ips
                .as_ref()
                .map(|s| s.addresses().iter().map(|a| a.to_string()).collect())
                .unwrap_or_default(),
            node_port_range: self.ports.range().to_string(),
            node_ports: self.ports.ports(),
        }
    }

    pub fn apiservers(&self) -> Vec<ApiServerStatus> {
        self.apiservers
            .iter()
            .map(|(ip, a)| ApiServerStatus {
                ip: ip.clone(),
                started_at: format_std(a.started_at),
                node_port_leaks: crate::sort::collect_map(
                    a.port_leaks.iter().map(|(p, c)| (p.to_string(), *c)),
                ),
                cluster_ip_leaks: a.ip_leaks.clone(),
            })
            .collect()
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn log_entries(&self) -> &[LogEntry] {
        &self.log
    }

    /// Every repair run so far, oldest first.
    pub fn repair_runs(&self) -> &[RepairRun] {
        &self.repair_runs
    }

    /// Every change of the `kubernetes` Endpoints addresses so far, oldest first.
    pub fn endpoints_history(&self) -> &[EndpointsChange] {
        &self.endpoints_history
    }

    pub fn state(&self) -> BootstrapState {
        BootstrapState {
            now: format_std(self.now),
            namespaces: self.namespaces(),
            namespace_create_calls: self.namespace_create_calls,
            services: self.services.clone(),
            endpoints: self.endpoints.clone(),
            leases: self.leases(),
            allocations: self.allocations(),
            apiservers: self.apiservers(),
            events: self.events.clone(),
            log: self.log.clone(),
            repair_runs: self.repair_runs.clone(),
            endpoints_history: self.endpoints_history.clone(),
        }
    }
}
