//! The lease endpoint reconciler: how every apiserver keeps itself, and only live apiservers,
//! in the `default/kubernetes` Endpoints.
//!
//! Upstream: `pkg/controlplane/reconcilers/lease.go` (the default
//! `--endpoint-reconciler-type=lease`, Kubernetes ≈ v1.28–1.33).
//!
//! * Each apiserver writes `/masterleases/<its ip>` with a 15s TTL on every reconcile (every 10s),
//!   bumping the generation so the write always happens.
//! * It then lists the leases still alive and rewrites the Endpoints when they disagree. An
//!   apiserver that stops renewing therefore disappears at the first reconcile by any live
//!   apiserver after its lease expires (about 15s after its last renewal).
//! * An empty lease list is refused rather than erasing every endpoint.

use super::objects::{EndpointAddress, EndpointPort, EndpointSubset, Endpoints, ObjectMeta};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

/// `DefaultEndpointReconcilerInterval`.
pub const ENDPOINT_RECONCILER_INTERVAL: Duration = Duration::from_secs(10);
/// `DefaultEndpointReconcilerTTL`.
pub const ENDPOINT_RECONCILER_TTL: Duration = Duration::from_secs(15);
/// The storage prefix of the master leases.
pub const MASTER_LEASES_PREFIX: &str = "/masterleases/";
/// The label that keeps the EndpointSlice mirroring controller away.
pub const SKIP_MIRROR_LABEL: &str = "endpointslice.kubernetes.io/skip-mirror";
/// The refusal when no lease is alive.
pub const NO_MASTER_IPS: &str =
    "no master IPs were listed in storage, refusing to erase all endpoints for the kubernetes service";

/// One master lease as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct MasterLease {
    /// `/masterleases/<ip>`.
    pub key: String,
    pub ip: String,
    /// Virtual time of the last renewal (Go duration since the start).
    pub renewed_at: String,
    /// Virtual time at which the TTL runs out.
    pub expires_at: String,
    pub generation: u64,
}

/// The master-lease keys with their TTLs (an etcd prefix in upstream).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeaseStore {
    leases: BTreeMap<String, (Duration, u64)>,
}

impl LeaseStore {
    /// `UpdateLease`: (re)write the key with a fresh TTL.
    pub fn update(&mut self, ip: &str, now: Duration) {
        let gen = self.leases.get(ip).map_or(0, |(_, g)| *g) + 1;
        self.leases.insert(ip.to_string(), (now, gen));
    }

    /// `RemoveLease`: `false` is NotFound (absent or already expired).
    pub fn remove(&mut self, ip: &str, now: Duration) -> bool {
        let alive = self.is_alive(ip, now);
        self.leases.remove(ip);
        alive
    }

    pub fn is_alive(&self, ip: &str, now: Duration) -> bool {
        self.leases
            .get(ip)
            .is_some_and(|(at, _)| now < *at + ENDPOINT_RECONCILER_TTL)
    }

    /// `ListLeases`: the live IPs in key (lexicographic) order. Expired keys are dropped, as
    /// etcd drops them when their TTL runs out.
    pub fn list(&mut self, now: Duration) -> Vec<String> {
        self.leases
            .retain(|_, (at, _)| now < *at + ENDPOINT_RECONCILER_TTL);
        self.leases.keys().cloned().collect()
    }

    /// The live leases, for display.
    pub fn leases(&self, now: Duration) -> Vec<MasterLease> {
        self.leases
            .iter()
            .filter(|(_, (at, _))| now < *at + ENDPOINT_RECONCILER_TTL)
            .map(|(ip, (at, gen))| MasterLease {
                key: format!("{MASTER_LEASES_PREFIX}{ip}"),
                ip: ip.clone(),
                renewed_at: crate::duration::format_std(*at),
                expires_at: crate::duration::format_std(*at + ENDPOINT_RECONCILER_TTL),
                generation: *gen,
            })
            .collect()
    }
}

/// What a reconcile did to the Endpoints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReconcileOutcome {
    /// Already right; nothing written.
    Unchanged,
    Created,
    Updated,
}

/// `doReconcile`'s refusal to write Endpoints without addresses; `Display` is
/// [`NO_MASTER_IPS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoMasterIps;

impl std::fmt::Display for NoMasterIps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(NO_MASTER_IPS)
    }
}

impl std::error::Error for NoMasterIps {}

/// `doReconcile`: bring `endpoints` (None = NotFound) in line with the live `master_ips`.
pub fn do_reconcile(
    endpoints: &mut Option<Endpoints>,
    master_ips: &[String],
    ports: &[EndpointPort],
    reconcile_ports: bool,
) -> Result<ReconcileOutcome, NoMasterIps> {
    if master_ips.is_empty() {
        return Err(NoMasterIps);
    }
    let existed = endpoints.is_some();
    // No Endpoints object yet: the reconciler creates one (upstream's NotFound branch).
    let mut e = endpoints.clone().unwrap_or_else(|| Endpoints {
        metadata: ObjectMeta::named(
            super::KUBERNETES_SERVICE_NAMESPACE,
            super::KUBERNETES_SERVICE_NAME,
        ),
        subsets: Vec::new(),
    });
    let skip_mirror_changed =
        e.metadata.labels.get(SKIP_MIRROR_LABEL).map(String::as_str) != Some("true");
    e.metadata
        .labels
        .insert(SKIP_MIRROR_LABEL.to_string(), "true".to_string());

    let (format_ok, ips_ok, ports_ok) = check_format(&e, master_ips, ports, reconcile_ports);
    if format_ok && ips_ok && ports_ok && !skip_mirror_changed && existed {
        return Ok(ReconcileOutcome::Unchanged);
    }
    if !format_ok {
        e.subsets = vec![EndpointSubset {
            addresses: Vec::new(),
            ports: ports.to_vec(),
        }];
    }
    if !format_ok || !ips_ok {
        if let Some(subset) = e.subsets.first_mut() {
            // RepackSubsets sorts the addresses.
            let mut ips: Vec<String> = master_ips.to_vec();
            crate::sort::sort(&mut ips);
            ips.dedup();
            subset.addresses = ips.into_iter().map(|ip| EndpointAddress { ip }).collect();
        }
    }
    if !ports_ok {
        if let Some(subset) = e.subsets.first_mut() {
            subset.ports = ports.to_vec();
        }
    }
    *endpoints = Some(e);
    Ok(if existed {
        ReconcileOutcome::Updated
    } else {
        ReconcileOutcome::Created
    })
}

/// `checkEndpointSubsetFormatWithLease`: (format, IPs, ports) correct.
fn check_format(
    e: &Endpoints,
    master_ips: &[String],
    ports: &[EndpointPort],
    reconcile_ports: bool,
) -> (bool, bool, bool) {
    let [subset] = e.subsets.as_slice() else {
        return (false, false, false);
    };
    let ports_ok = !reconcile_ports || subset.ports == ports;
    let mut want: BTreeSet<&str> = BTreeSet::new();
    want.extend(master_ips.iter().map(String::as_str));
    let mut seen = BTreeSet::new();
    let ips_ok = subset.addresses.len() == master_ips.len()
        && subset
            .addresses
            .iter()
            .all(|a| want.contains(a.ip.as_str()) && seen.insert(a.ip.as_str()));
    (true, ips_ok, ports_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ports() -> Vec<EndpointPort> {
        vec![EndpointPort {
            name: "https".into(),
            port: 6443,
            protocol: "TCP".into(),
        }]
    }

    #[test]
    fn refuses_to_erase_all() {
        let mut e = None;
        assert_eq!(do_reconcile(&mut e, &[], &ports(), false), Err(NoMasterIps));
    }

    #[test]
    fn creates_then_keeps_then_repairs() {
        let mut e = None;
        let ips = vec!["10.0.0.3".to_string(), "10.0.0.2".to_string()];
        assert_eq!(
            do_reconcile(&mut e, &ips, &ports(), false),
            Ok(ReconcileOutcome::Created)
        );
        assert_eq!(
            e.as_ref().map(|e| e.ips()),
            Some(vec!["10.0.0.2".into(), "10.0.0.3".into()])
        );
        assert_eq!(
            do_reconcile(&mut e, &ips, &ports(), false),
            Ok(ReconcileOutcome::Unchanged)
        );
        // Wrong ports are only fixed when ports are reconciled.
        if let Some(s) = e.as_mut().and_then(|e| e.subsets.first_mut()) {
            s.ports[0].port = 1;
        }
        assert_eq!(
            do_reconcile(&mut e, &ips, &ports(), false),
            Ok(ReconcileOutcome::Unchanged)
        );
        assert_eq!(
            do_reconcile(&mut e, &ips, &ports(), true),
            Ok(ReconcileOutcome::Updated)
        );
        let dup = vec!["10.0.0.2".to_string()];
        assert_eq!(
            do_reconcile(&mut e, &dup, &ports(), false),
            Ok(ReconcileOutcome::Updated)
        );
        assert_eq!(e.map(|e| e.ips()), Some(vec!["10.0.0.2".into()]));
    }

    #[test]
    fn lease_expires_after_ttl() {
        let mut s = LeaseStore::default();
        s.update("a", Duration::from_secs(0));
        assert_eq!(s.list(Duration::from_secs(14)), vec!["a".to_string()]);
        assert!(s.list(Duration::from_secs(15)).is_empty());
    }
}
