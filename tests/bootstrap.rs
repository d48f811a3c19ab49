//! The kube-apiserver bootstrap controllers (SEMANTICS.md section (e)): the system-namespaces
//! controller table, the `kubernetes` Service, lease endpoint timing derived from the 10s
//! interval and 15s TTL, and the three-strike leak cleanup of the repair loops.

use kubegate::controlplane::bootstrap::{BootstrapConfig, BootstrapController};
use kubegate::controlplane::namespaces;
use kubegate::controlplane::objects::{ObjectMeta, Service, ServicePort, ServiceSpec};
use std::collections::BTreeSet;
use std::time::Duration;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn controller(apiservers: &[&str]) -> BootstrapController {
    BootstrapController::new(BootstrapConfig {
        apiservers: apiservers.iter().map(|s| s.to_string()).collect(),
        ..BootstrapConfig::default()
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn err(config: BootstrapConfig) -> String {
    BootstrapController::new(config)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn system_namespaces_create_counts() {
    let wanted: Vec<String> = namespaces::SYSTEM_NAMESPACES
        .iter()
        .map(|s| s.to_string())
        .collect();
    let rows: &[(&str, &[&str], usize)] = &[
        ("no system namespaces", &[], 4),
        ("no system namespaces but others", &["foo", "bar"], 4),
        ("one system namespace", &["kube-system"], 3),
        ("two system namespaces", &["kube-system", "kube-public"], 2),
        (
            "three namespaces",
            &["kube-system", "kube-public", "kube-node-lease"],
            1,
        ),
        (
            "the four namespaces",
            &["kube-system", "kube-public", "kube-node-lease", "default"],
            0,
        ),
    ];
    for (name, existing, creates) in rows {
        let mut have: BTreeSet<String> = existing.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            namespaces::sync(&mut have, &wanted).len(),
            *creates,
            "{name}"
        );
        assert!(wanted.iter().all(|n| have.contains(n)), "{name}");
        // Through the controller too.
        let c = BootstrapController::new(BootstrapConfig {
            existing_namespaces: existing.iter().map(|s| s.to_string()).collect(),
            apiservers: vec!["192.168.0.2".into()],
            ..BootstrapConfig::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.namespace_create_calls(), *creates as u64, "{name}");
    }
}

#[test]
fn namespaces_are_recreated_every_minute() {
    let mut c = controller(&["192.168.0.2"]);
    assert!(c.delete_namespace("kube-public"));
    c.advance(secs(59));
    assert!(!c.namespaces().contains(&"kube-public".to_string()));
    c.advance(secs(1));
    assert!(c.namespaces().contains(&"kube-public".to_string()));
    assert_eq!(c.namespace_create_calls(), 5);
}

#[test]
fn kubernetes_service_shape() {
    let c = controller(&["192.168.0.2"]);
    let svc = c
        .service("default", "kubernetes")
        .cloned()
        .unwrap_or_else(|| panic!("no service"));
    let v = serde_json::to_value(&svc).unwrap_or_default();
    assert_eq!(
        v,
        serde_json::json!({
            "metadata": {"namespace": "default", "name": "kubernetes",
                         "labels": {"component": "apiserver", "provider": "kubernetes"}},
            "spec": {"ports": [{"name": "https", "protocol": "TCP", "port": 443, "targetPort": 6443}],
                     "clusterIP": "10.0.0.1", "type": "ClusterIP",
                     "ipFamilyPolicy": "SingleStack", "sessionAffinity": "None"}
        })
    );
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2"]);
    let ep = serde_json::to_value(c.endpoints()).unwrap_or_default();
    assert_eq!(
        ep["metadata"]["labels"]["endpointslice.kubernetes.io/skip-mirror"],
        "true"
    );
    assert_eq!(
        ep["subsets"][0]["ports"],
        serde_json::json!([{"name": "https", "port": 6443, "protocol": "TCP"}])
    );
    assert_eq!(c.allocations().cluster_ips, vec!["10.0.0.1"]);
}

#[test]
fn service_ip_is_first_usable_address_ipv4_and_ipv6() {
    for (cidr, apiserver, ip) in [
        ("10.96.0.0/12", "192.168.0.2", "10.96.0.1"),
        ("192.168.1.0/24", "10.0.0.5", "192.168.1.1"),
        ("10.0.0.77/24", "10.0.1.5", "10.0.0.1"),
        ("fd00:1234::/108", "fd00::10", "fd00:1234::1"),
    ] {
        let c = BootstrapController::new(BootstrapConfig {
            service_cidr: cidr.into(),
            apiservers: vec![apiserver.into()],
            ..BootstrapConfig::default()
        })
        .unwrap_or_else(|e| panic!("{cidr}: {e}"));
        assert_eq!(c.service_ip().to_string(), ip);
        assert_eq!(
            c.service("default", "kubernetes")
                .map(|s| s.spec.cluster_ip.clone())
                .as_deref(),
            Some(ip)
        );
    }
}

#[test]
fn bad_configuration_is_a_clear_error() {
    let with = |f: &dyn Fn(&mut BootstrapConfig)| {
        let mut c = BootstrapConfig::default();
        f(&mut c);
        err(c)
    };
    assert_eq!(
        with(&|c| c.service_cidr = "10.0.0.0".into()),
        "invalid CIDR address: 10.0.0.0"
    );
    assert_eq!(
        with(&|c| c.service_cidr = "10.0.0.0/33".into()),
        "invalid CIDR address: 10.0.0.0/33"
    );
    assert_eq!(
        with(&|c| c.service_cidr = "300.0.0.0/8".into()),
        "invalid CIDR address: 300.0.0.0/8"
    );
    assert_eq!(
        with(&|c| c.service_cidr = "fd00::/129".into()),
        "invalid CIDR address: fd00::/129"
    );
    assert_eq!(
        with(&|c| c.service_cidr = "192.168.1.0/30".into()),
        "the service cluster IP range must be at least 8 IP addresses"
    );
    assert_eq!(
        with(&|c| c.node_port_range = "32767-30000".into()),
        "invalid node port range \"32767-30000\": end port cannot be less than start port: 32767-30000"
    );
    assert_eq!(
        with(&|c| c.node_port_range = "30000-70000".into()),
        "invalid node port range \"30000-70000\": the port range cannot be greater than 65535: 30000-70000"
    );
    assert_eq!(
        with(&|c| c.node_port_range = "a-b".into()),
        "invalid node port range \"a-b\": strconv.Atoi: parsing \"a\": invalid syntax"
    );
    assert_eq!(
        with(&|c| c.kubernetes_service_node_port = 80),
        "spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767"
    );
    assert_eq!(
        with(&|c| c.apiservers = vec!["fd00::1".into()]),
        "service IP family \"IPv4\" must match public address family \"IPv6\""
    );
    assert_eq!(
        with(&|c| c.apiservers = vec!["nope".into()]),
        "invalid apiserver address \"nope\""
    );
}

#[test]
fn node_port_mode() {
    let c = BootstrapController::new(BootstrapConfig {
        kubernetes_service_node_port: 30443,
        apiservers: vec!["192.168.0.2".into()],
        ..BootstrapConfig::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let svc = c
        .service("default", "kubernetes")
        .cloned()
        .unwrap_or_else(|| panic!("no service"));
    assert_eq!(svc.spec.service_type, "NodePort");
    assert_eq!(svc.spec.ports[0].node_port, Some(30443));
    assert_eq!(c.allocations().node_ports, vec![30443]);
}

#[test]
fn crashed_apiserver_leaves_at_first_reconcile_after_lease_expiry() {
    let mut c = controller(&["192.168.0.2"]);
    c.advance(secs(5));
    c.start_apiserver("192.168.0.3")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2", "192.168.0.3"]);
    // .2 renews at 0, 10, 20; crashes at 21. Its lease expires at 35; .3 reconciles at 25, 35.
    c.advance(secs(16));
    c.crash_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(13)); // 34s
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2", "192.168.0.3"]);
    assert_eq!(c.leases().len(), 2);
    c.advance(secs(1)); // 35s: lease gone and .3 reconciles
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.3"]);
    assert_eq!(
        c.leases().iter().map(|l| l.key.clone()).collect::<Vec<_>>(),
        vec!["/masterleases/192.168.0.3"]
    );
}

#[test]
fn lease_expiry_waits_for_the_next_reconcile() {
    // .3 reconciles at 0, 10, 20, ...; .2 starts at 3 and crashes at 4 (one renewal, at 3).
    let mut c = controller(&["192.168.0.3"]);
    c.advance(secs(3));
    c.start_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(1));
    c.crash_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(15)); // 19s: the lease expired at 18s, but nobody reconciled yet
    assert!(c.leases().iter().all(|l| l.ip != "192.168.0.2"));
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2", "192.168.0.3"]);
    c.advance(secs(1)); // 20s
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.3"]);
}

#[test]
fn graceful_stop_removes_at_once_and_last_endpoint_is_never_erased() {
    let mut c = controller(&["192.168.0.2", "192.168.0.3"]);
    c.advance(secs(12));
    c.stop_apiserver("192.168.0.3")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2"]);
    c.stop_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2"]);
    assert!(c.log_entries().iter().any(|l| l.message
        == "Unable to remove endpoints from kubernetes service: no master IPs were listed in storage, refusing to erase all endpoints for the kubernetes service"));
    assert!(c.stop_apiserver("192.168.0.2").is_err());
}

#[test]
fn restart_after_crash_reports_stale_data() {
    let mut c = controller(&["192.168.0.2", "192.168.0.3"]);
    c.advance(secs(1));
    c.crash_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(4));
    c.start_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(c.log_entries().iter().any(|l| l.apiserver == "192.168.0.2"
        && l.message == "Found stale data, removed previous endpoints on kubernetes service, apiserver didn't exit successfully previously"));
    assert_eq!(c.endpoint_ips(), vec!["192.168.0.2", "192.168.0.3"]);
}

fn user_service(name: &str, ip: &str, node_port: Option<i32>) -> Service {
    Service {
        metadata: ObjectMeta {
            namespace: "ns".into(),
            name: name.into(),
            ..ObjectMeta::default()
        },
        spec: ServiceSpec {
            ports: vec![ServicePort {
                name: "web".into(),
                protocol: "TCP".into(),
                port: 80,
                target_port: None,
                node_port,
            }],
            cluster_ip: ip.into(),
            cluster_ips: vec![],
            service_type: if node_port.is_some() {
                "NodePort".into()
            } else {
                "ClusterIP".into()
            },
            ip_family_policy: None,
            session_affinity: None,
            health_check_node_port: None,
        },
    }
}

fn messages(c: &BootstrapController) -> Vec<String> {
    c.log_entries()
        .iter()
        .map(|l| format!("{} {}", l.time, l.message))
        .collect()
}

#[test]
fn leak_is_released_on_the_third_detection() {
    let mut c = controller(&["192.168.0.2"]);
    c.advance(secs(10));
    c.create_service(user_service("web", "10.0.0.10", Some(30001)), true)
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(10));
    c.delete_service("ns", "web", false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.allocations().node_ports, vec![30001]);
    c.advance(secs(160)); // 3m: first detection
    assert_eq!(c.allocations().node_ports, vec![30001]);
    assert_eq!(c.allocations().cluster_ips, vec!["10.0.0.1", "10.0.0.10"]);
    c.advance(secs(180)); // 6m: second
    assert_eq!(c.allocations().node_ports, vec![30001]);
    c.advance(secs(179)); // 8m59s
    assert_eq!(c.allocations().node_ports, vec![30001]);
    c.advance(secs(1)); // 9m: third, released
    assert!(c.allocations().node_ports.is_empty());
    assert_eq!(c.allocations().cluster_ips, vec!["10.0.0.1"]);
    let log = messages(&c);
    let want = [
        "3m0s the cluster IP 10.0.0.10 may have leaked: flagging for later clean up",
        "3m0s the node port 30001 may have leaked: flagging for later clean up",
        "9m0s the cluster IP 10.0.0.10 appears to have leaked: cleaning up",
        "9m0s the node port 30001 appears to have leaked: cleaning up",
    ];
    for w in want {
        assert!(log.iter().any(|l| l == w), "missing {w:?} in {log:#?}");
    }
    assert!(!log.iter().any(|l| l.starts_with("6m0s")));
}

#[test]
fn a_service_using_the_port_again_clears_the_count() {
    let mut c = controller(&["192.168.0.2"]);
    c.allocate_node_port(30005)
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(180)); // 3m: first detection (written after the 0s run)
    c.advance(secs(180)); // 6m: second
    c.create_service(user_service("back", "10.0.0.20", Some(30005)), true)
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(180)); // 9m: used, count cleared
    assert_eq!(c.apiservers()[0].node_port_leaks.get("30005"), None);
    c.delete_service("ns", "back", false)
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(360)); // 12m and 15m: first and second detection again
    assert_eq!(c.allocations().node_ports, vec![30005]);
    c.advance(secs(180)); // 18m: released
    assert!(c.allocations().node_ports.is_empty());
}

#[test]
fn repair_events() {
    let mut c = controller(&["192.168.0.2"]);
    c.create_service(user_service("a", "10.0.0.30", Some(30010)), false)
        .unwrap_or_else(|e| panic!("{e}"));
    c.create_service(user_service("b", "10.0.0.30", Some(30010)), true)
        .unwrap_or_else(|e| panic!("{e}"));
    c.create_service(user_service("c", "10.1.0.5", Some(40000)), true)
        .unwrap_or_else(|e| panic!("{e}"));
    c.create_service(user_service("d", "not-an-ip", None), true)
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(180));
    let events: Vec<(String, String, String, String)> = c
        .events()
        .iter()
        .filter(|e| e.reporting_controller.ends_with("repair-controller"))
        .map(|e| {
            (
                e.reason.clone(),
                e.action.clone(),
                e.message.clone(),
                e.regarding.clone(),
            )
        })
        .collect();
    let ev = |r: &str, a: &str, m: &str, o: &str| {
        (r.to_string(), a.to_string(), m.to_string(), o.to_string())
    };
    assert_eq!(
        events,
        vec![
            ev("ClusterIPAlreadyAllocated", "ClusterIPAllocation", "Cluster IP 10.0.0.30 was assigned to multiple services; please recreate service", "ns/b"),
            ev("ClusterIPOutOfRange", "ClusterIPAllocation", "Cluster IP 10.1.0.5 is not within the service CIDR 10.0.0.0/24; please recreate service", "ns/c"),
            ev("ClusterIPNotValid", "ClusterIPValidation", "Cluster IP not-an-ip is not a valid IP; please recreate service", "ns/d"),
            ev("PortAlreadyAllocated", "PortAllocation", "Port 30010 was assigned to multiple services; please recreate service", "ns/b"),
            ev("PortOutOfRange", "PortAllocation", "Port 40000 is not within the port range 30000-32767; please recreate service", "ns/c"),
        ]
    );
    let log = messages(&c);
    for w in [
        "3m0s the node port 30010 for service b/ns was assigned to multiple services; please recreate",
        "3m0s the port 40000 for service c/ns is not within the port range 30000-32767; please recreate",
        "3m0s the cluster IP not-an-ip for service d/ns is not a valid IP; please recreate",
    ] {
        assert!(log.iter().any(|l| l == w), "missing {w:?} in {log:#?}");
    }
}

#[test]
fn not_allocated_is_repaired() {
    let mut c = controller(&["192.168.0.2"]);
    c.create_service(user_service("a", "10.0.0.40", Some(30020)), false)
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(180));
    let reasons: Vec<&str> = c.events().iter().map(|e| e.reason.as_str()).collect();
    assert!(reasons.contains(&"ClusterIPNotAllocated") && reasons.contains(&"PortNotAllocated"));
    assert!(c
        .events()
        .iter()
        .any(|e| e.message == "Port 30020 is not allocated; repairing"));
    assert!(c
        .events()
        .iter()
        .any(|e| e.message == "Cluster IP 10.0.0.40 is not allocated; repairing"));
    assert_eq!(c.allocations().node_ports, vec![30020]);
    assert_eq!(c.allocations().cluster_ips, vec!["10.0.0.1", "10.0.0.40"]);
}

/// (item, action, counter left, strike)
type LeakRow = (String, String, i32, i32);

#[test]
fn repair_runs_show_the_leak_counts_per_run() {
    let mut c = controller(&["192.168.0.2"]);
    c.allocate_node_port(30001)
        .unwrap_or_else(|e| panic!("{e}"));
    // The apiserver started (and ran its first repair) before the port was written.
    c.advance(secs(540));
    let runs: Vec<(String, Vec<LeakRow>)> = c
        .repair_runs()
        .iter()
        .filter(|r| r.repair == "NodePort")
        .map(|r| {
            let leaks = r
                .leaks
                .iter()
                .map(|l| (l.item.clone(), l.action.clone(), l.count, l.strike))
                .collect();
            (r.time.clone(), leaks)
        })
        .collect();
    let p = |a: &str, count, strike| ("30001".to_string(), a.to_string(), count, strike);
    assert_eq!(
        runs,
        vec![
            ("0s".to_string(), vec![]),
            ("3m0s".to_string(), vec![p("flagged", 1, 1)]),
            ("6m0s".to_string(), vec![p("kept", 0, 2)]),
            ("9m0s".to_string(), vec![p("released", 0, 3)]),
        ]
    );
    assert!(c
        .repair_runs()
        .iter()
        .filter(|r| r.repair == "ClusterIP")
        .all(|r| r.leaks.is_empty() && r.failure.is_none()));
}

#[test]
fn endpoints_history_records_each_change_and_its_cause() {
    let mut c = controller(&["192.168.0.2"]);
    c.advance(secs(5));
    c.start_apiserver("192.168.0.3")
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(16));
    c.crash_apiserver("192.168.0.2")
        .unwrap_or_else(|e| panic!("{e}"));
    c.advance(secs(20));
    c.stop_apiserver("192.168.0.3")
        .unwrap_or_else(|e| panic!("{e}"));
    let h: Vec<(String, String, Vec<String>, String)> = c
        .endpoints_history()
        .iter()
        .map(|e| {
            (
                e.time.clone(),
                e.apiserver.clone(),
                e.addresses.clone(),
                e.cause.clone(),
            )
        })
        .collect();
    let row = |t: &str, by: &str, ips: &[&str], cause: &str| {
        (
            t.to_string(),
            by.to_string(),
            ips.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            cause.to_string(),
        )
    };
    assert_eq!(
        h,
        vec![
            row("0s", "192.168.0.2", &["192.168.0.2"], "reconcile"),
            row(
                "5s",
                "192.168.0.3",
                &["192.168.0.2", "192.168.0.3"],
                "reconcile"
            ),
            row("35s", "192.168.0.3", &["192.168.0.3"], "reconcile"),
        ]
    );
}
