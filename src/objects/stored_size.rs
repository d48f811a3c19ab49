//! How many bytes the API server writes to etcd for a Node or a Lease: the length of the object's
//! protobuf encoding behind the storage envelope, computed field by field (a length calculator,
//! not an encoder: nothing is built, only counted).
//!
//! Why: the lesson of node leases is in bytes, not in writes. With leases a kubelet still writes
//! about as often, but a renewal stores a Lease of a few hundred bytes where a status patch stores
//! the whole Node, several kilobytes (etcd keeps the whole object per revision, whatever the
//! patch said).
//!
//! What is counted, as upstream encodes it (`k8s.io/apimachinery/pkg/runtime/serializer/protobuf`,
//! and the gogo-generated `Size()` methods of `k8s.io/api/core/v1`, `coordination/v1`,
//! `apimachinery/pkg/apis/meta/v1`, `runtime`):
//! - the 4-byte magic `k8s\x00`, then a `runtime.Unknown`: its `TypeMeta` (apiVersion, kind), the
//!   object's bytes as `raw`, and the empty `contentEncoding` and `contentType`;
//! - every non-pointer string and integer field is written even when empty or zero (2 bytes for
//!   an empty string), pointer fields only when set, maps and lists per entry;
//! - `metav1.Time` as seconds only (upstream leaves nanoseconds out on purpose), nothing when
//!   zero; `MicroTime` with nanoseconds truncated to microseconds; a `Quantity` as its string.
//!
//! What a real Node has that kubegate's simulated one does not model (addresses, nodeInfo, the
//! images list, allocatable, annotations, uid, resourceVersion, managedFields): [`NodeExtras`]
//! describes a typical node's, and its encoded length is added to what the simulated node holds.

use super::lease::Lease;
use super::meta::ObjectMeta;
use super::node::{Node, NodeCondition};
use super::taint::Taint;
use crate::timestamp::Time;

/// `k8s\x00`: the protobuf storage envelope's magic prefix.
const MAGIC: u64 = 4;

/// Length of `x` as a protobuf varint (`sovGenerated`).
#[inline]
pub fn varint_len(x: u64) -> u64 {
    // ceil(bits / 7) without a division: the simulator asks this for every lease renewal.
    let bits = 64 - u64::from((x | 1).leading_zeros());
    (bits * 9 + 64) >> 6
}

/// A length-delimited field (string, bytes, embedded message) with a one-byte tag.
fn delimited(len: u64) -> u64 {
    1 + varint_len(len) + len
}

fn string(s: &str) -> u64 {
    delimited(s.len() as u64)
}

/// A varint field with a one-byte tag (ints are written as their two's complement, so a negative
/// one takes ten bytes).
fn int(x: i64) -> u64 {
    1 + varint_len(x as u64)
}

/// `metav1.Time.Size()`: a `Timestamp` of seconds and zero nanoseconds (a time that is set; an
/// unset one is `None` and not written).
fn time(t: Time) -> u64 {
    int(t.nanos().div_euclid(1_000_000_000)) + int(0)
}

/// `metav1.MicroTime.Size()`: nanoseconds truncated to microseconds.
fn micro_time(t: Time) -> u64 {
    let nanos = t.nanos().rem_euclid(1_000_000_000);
    int(t.nanos().div_euclid(1_000_000_000)) + int(nanos / 1000 * 1000)
}

/// What the encoded length of a `MicroTime` depends on: the varint lengths of its seconds and of
/// its nanoseconds. Two times of the same shape encode to the same length, so a caller can reuse a
/// length computed for an earlier renewal.
#[inline]
pub fn micro_time_shape(t: Time) -> u8 {
    let (secs, nanos) = (t.nanos() / 1_000_000_000, t.nanos() % 1_000_000_000);
    if nanos < 0 {
        // Before 1970 (never in the simulator): the exact split, at the price of two divisions.
        let nanos = t.nanos().rem_euclid(1_000_000_000) / 1000 * 1000;
        let secs = t.nanos().div_euclid(1_000_000_000);
        return (varint_len(secs as u64) as u8) << 4 | varint_len(nanos as u64) as u8;
    }
    (varint_len(secs as u64) as u8) << 4 | varint_len((nanos / 1000 * 1000) as u64) as u8
}

/// A map entry (`map<string, string>`, or a `Quantity` value: a message holding one string).
fn map_entry(key: &str, value_len: u64) -> u64 {
    delimited(string(key) + delimited(value_len))
}

/// Extra `ObjectMeta` a real object carries that the simulated one does not.
#[derive(Clone, Debug, Default)]
pub struct MetaExtras {
    pub uid: &'static str,
    pub resource_version: &'static str,
    pub annotations: &'static [(&'static str, &'static str)],
    /// `(apiVersion, kind, name, uid, controller?)` owner references.
    pub owners: &'static [(&'static str, &'static str, &'static str, &'static str)],
    /// Encoded length of each `managedFields` entry (their `fieldsV1` JSON dominates).
    pub managed_fields: &'static [u64],
}

fn object_meta(m: &ObjectMeta, x: &MetaExtras) -> u64 {
    meta_len(&m.name, &m.namespace, m.creation_timestamp, x)
        + m.labels
            .iter()
            .map(|(k, v)| delimited(string(k) + string(v)))
            .sum::<u64>()
}

/// `ObjectMeta.Size()` without labels.
fn meta_len(name: &str, namespace: &str, created: Option<Time>, x: &MetaExtras) -> u64 {
    let mut n = string(name)
        + string("") // generateName
        + string(namespace)
        + string("") // selfLink
        + string(x.uid)
        + string(x.resource_version)
        + int(0) // generation
        + delimited(created.map_or(0, time));
    for (k, v) in x.annotations {
        n += delimited(string(k) + string(v));
    }
    for (api, kind, name, uid) in x.owners {
        // apiVersion, kind, name, uid, controller (pointer: set), blockOwnerDeletion (set).
        n += delimited(string(api) + string(kind) + string(name) + string(uid) + 2 + 2);
    }
    for &len in x.managed_fields {
        n += 1 + delimited(len);
    }
    n
}

fn taint(t: &Taint) -> u64 {
    delimited(
        string(&t.key)
            + string(&t.value)
            + string(t.effect.as_str())
            + t.time_added.map_or(0, |a| delimited(time(a))),
    )
}

fn condition(c: &NodeCondition) -> u64 {
    delimited(
        string(&c.type_)
            + string(c.status.as_str())
            + delimited(c.last_heartbeat_time.map_or(0, time))
            + delimited(c.last_transition_time.map_or(0, time))
            + string(&c.reason)
            + string(&c.message),
    )
}

/// What a typical real Node carries that the simulator's does not model. The values are a
/// kubeadm worker's (containerd, Ubuntu, 4 CPUs); the images are the usual system pods' and a
/// handful of workloads', as `kubectl get node -o yaml` shows them.
#[derive(Clone, Debug)]
pub struct NodeExtras {
    pub meta: MetaExtras,
    /// `status.allocatable`, as `(resource, quantity)`.
    pub allocatable: &'static [(&'static str, &'static str)],
    /// `status.addresses`, as `(type, address)`.
    pub addresses: &'static [(&'static str, &'static str)],
    /// `status.nodeInfo` strings in field order (machineID … architecture).
    pub node_info: [&'static str; 10],
    pub kubelet_port: i64,
    /// `status.images`: names (tag and digest) and size in bytes.
    pub images: &'static [(&'static [&'static str], i64)],
    /// `spec.podCIDR` (and the one `podCIDRs` entry).
    pub pod_cidr: &'static str,
}

/// A typical node's unmodelled fields (see [`NodeExtras`]).
pub const TYPICAL_NODE: NodeExtras = NodeExtras {
    meta: MetaExtras {
        uid: "5f7c2b1e-8d4a-4c3e-9b6f-2a1d0e9c8b7a",
        resource_version: "48213977",
        annotations: &[
            ("kubeadm.alpha.kubernetes.io/cri-socket", "unix:///var/run/containerd/containerd.sock"),
            ("node.alpha.kubernetes.io/ttl", "0"),
            ("volumes.kubernetes.io/controller-managed-attach-detach", "true"),
        ],
        owners: &[],
        // kubeadm, kubelet (metadata and status), kube-controller-manager (podCIDR, taints).
        managed_fields: &[420, 1480, 260],
    },
    allocatable: &[
        ("cpu", "3800m"),
        ("ephemeral-storage", "95551679124"),
        ("hugepages-1Gi", "0"),
        ("hugepages-2Mi", "0"),
        ("memory", "7902172Ki"),
        ("pods", "110"),
    ],
    addresses: &[("InternalIP", "10.0.12.34"), ("Hostname", "node-0000")],
    node_info: [
        "ec2b7c5d1e8f4a3b9c6d2e1f0a9b8c7d",
        "ec2b7c5d-1e8f-4a3b-9c6d-2e1f0a9b8c7d",
        "3f8e1c2a-7b6d-4e5f-8a9b-0c1d2e3f4a5b",
        "6.8.0-1021-aws",
        "Ubuntu 24.04.1 LTS",
        "containerd://1.7.24",
        "v1.34.0",
        "",
        "linux",
        "amd64",
    ],
    kubelet_port: 10250,
    images: &[
        (&["registry.k8s.io/kube-proxy@sha256:1739a1fd1f5f1f7e0c3c5e1a9b3f7e2d8c4a6b0e9f1d2c3b4a5e6f7a8b9c0d1e", "registry.k8s.io/kube-proxy:v1.34.0"], 30_912_345),
        (&["docker.io/calico/node@sha256:9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b", "docker.io/calico/node:v3.29.1"], 142_345_678),
        (&["docker.io/calico/cni@sha256:0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0", "docker.io/calico/cni:v3.29.1"], 94_123_456),
        (&["registry.k8s.io/coredns/coredns@sha256:a0ead06651cf580044aeb0a0feba63591858fb2e43ade8c9dea45a6a89ae7e5e", "registry.k8s.io/coredns/coredns:v1.12.0"], 20_939_036),
        (&["registry.k8s.io/pause@sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097", "registry.k8s.io/pause:3.10"], 320_368),
        (&["docker.io/library/nginx@sha256:bc5eac5eafc581aeda3008b4b1f07ebba230de2f27d47767129a6a905c84f470", "docker.io/library/nginx:1.27"], 72_099_501),
        (&["quay.io/prometheus/node-exporter@sha256:4032c6d5bfd752342c3e631c2f1de93ba6b86c41db6b167b9a35372c139e7706", "quay.io/prometheus/node-exporter:v1.8.2"], 12_160_113),
        (&["registry.k8s.io/metrics-server/metrics-server@sha256:ffcb2bf004d6aa0a17d90e0247cf94f2865c8901dcab4427034c341951c239f9", "registry.k8s.io/metrics-server/metrics-server:v0.7.2"], 19_494_617),
        (&["docker.io/fluent/fluent-bit@sha256:2dfb2b4d1ee2d5e0b5c1e2a3f4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3", "docker.io/fluent/fluent-bit:3.2.2"], 36_448_519),
        (&["registry.k8s.io/ingress-nginx/controller@sha256:62b61c42ec8dd877b85c0aa24c4744ce44d274bc16cc5d2364edfe67964ba55b", "registry.k8s.io/ingress-nginx/controller:v1.12.0"], 105_326_115),
    ],
    pod_cidr: "10.244.12.0/24",
};

/// Encoded length of a Node: what the simulated node holds plus `extras`.
pub fn node_len(node: &Node, extras: &NodeExtras) -> u64 {
    let meta = object_meta(&node.metadata, &extras.meta);
    let spec = string(extras.pod_cidr) // podCIDR
        + string("") // externalID
        + string("") // providerID
        + 2 // unschedulable
        + node.spec.taints.iter().map(taint).sum::<u64>()
        + string(extras.pod_cidr); // podCIDRs
    let capacity: u64 = node
        .status
        .capacity
        .iter()
        .flatten()
        // A capacity is a quantity, which the API stores as a string (the simulator writes
        // only strings): the "" is unreachable from it.
        .map(|(k, v)| map_entry(k, string(v.as_str().unwrap_or_default())))
        .sum();
    let allocatable: u64 = extras
        .allocatable
        .iter()
        .map(|(k, v)| map_entry(k, string(v)))
        .sum();
    let addresses: u64 = extras
        .addresses
        .iter()
        .map(|(t, a)| delimited(string(t) + string(a)))
        .sum();
    let node_info: u64 = extras.node_info.iter().map(|s| string(s)).sum();
    let images: u64 = extras
        .images
        .iter()
        .map(|(names, size)| delimited(names.iter().map(|s| string(s)).sum::<u64>() + int(*size)))
        .sum();
    let status = capacity
        + allocatable
        + string("") // phase
        + node.status.conditions().iter().map(condition).sum::<u64>()
        + addresses
        + delimited(delimited(int(extras.kubelet_port))) // daemonEndpoints.kubeletEndpoint
        + delimited(node_info)
        + images;
    stored(
        "v1",
        "Node",
        delimited(meta) + delimited(spec) + delimited(status),
    )
}

/// What a real node Lease carries besides what the simulator models: the kubelet sets an owner
/// reference to its Node and has one managedFields entry.
pub const TYPICAL_LEASE: MetaExtras = MetaExtras {
    uid: "0b6a4c2e-1d3f-4e5a-8b7c-9d0e1f2a3b4c",
    resource_version: "48213978",
    annotations: &[],
    owners: &[(
        "v1",
        "Node",
        "node-0000",
        "5f7c2b1e-8d4a-4c3e-9b6f-2a1d0e9c8b7a",
    )],
    managed_fields: &[330],
};

/// Encoded length of a Lease (`coordination.k8s.io/v1`).
pub fn lease_len(lease: &Lease, extras: &MetaExtras) -> u64 {
    let s = &lease.spec;
    lease_parts_len(
        &lease.metadata.name,
        &lease.metadata.namespace,
        s.holder_identity.as_deref(),
        s.lease_duration_seconds,
        s.renew_time,
        extras,
    )
}

/// [`lease_len`] from the fields themselves (the simulator keeps only a renew time per node).
pub fn lease_parts_len(
    name: &str,
    namespace: &str,
    holder: Option<&str>,
    duration_seconds: Option<i32>,
    renew: Option<Time>,
    extras: &MetaExtras,
) -> u64 {
    let spec = holder.map_or(0, string)
        + duration_seconds.map_or(0, |d| int(i64::from(d)))
        + renew.map_or(0, |t| delimited(micro_time(t)));
    stored(
        "coordination.k8s.io/v1",
        "Lease",
        delimited(meta_len(name, namespace, None, extras)) + delimited(spec),
    )
}

/// The storage envelope around an object of `raw` bytes.
fn stored(api_version: &str, kind: &str, raw: u64) -> u64 {
    MAGIC + delimited(string(api_version) + string(kind)) + delimited(raw) + string("") + string("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::objects::{LeaseMeta, LeaseSpec};

    #[test]
    fn varints() {
        for x in (0..64).map(|b| 1u64 << b).flat_map(|x| [x - 1, x, x + 1]) {
            let mut n = 1;
            while x.checked_shr(7 * n).unwrap_or(0) != 0 {
                n += 1;
            }
            assert_eq!(varint_len(x), u64::from(n), "{x}");
        }
        for (x, len) in [(0, 1), (1, 1), (127, 1), (128, 2), (16_383, 2), (16_384, 3)] {
            assert_eq!(varint_len(x), len, "{x}");
        }
        assert_eq!(varint_len(u64::MAX), 10);
        assert_eq!(int(-1), 11, "a negative int32 or int64 takes ten bytes");
    }

    /// Derived by hand from the generated `Size()` rules: every string of ObjectMeta is written
    /// even when empty (2 bytes each), the spec has no field set, and the envelope adds the
    /// magic, the TypeMeta and the two empty content strings.
    #[test]
    fn a_bare_lease_by_hand() {
        let lease = Lease {
            metadata: LeaseMeta {
                name: "n".into(),
                namespace: "kube-node-lease".into(),
            },
            spec: LeaseSpec::default(),
        };
        // meta: name 3 + generateName 2 + namespace 17 + selfLink 2 + uid 2 + resourceVersion 2
        // + generation 2 + creationTimestamp (empty message) 2 = 32; raw = 1+1+32 + 1+1+0 = 36;
        // TypeMeta = (2+22) + (2+5) = 31 → 33; 4 + 33 + (1+1+36) + 2 + 2 = 79.
        assert_eq!(lease_len(&lease, &MetaExtras::default()), 79);
    }

    #[test]
    fn a_renewed_node_lease_is_a_few_hundred_bytes_and_a_node_several_kilobytes() {
        let renew = Time::from_millis(1_735_689_600_123);
        let lease = lease_parts_len(
            "node-1",
            "kube-node-lease",
            Some("node-1"),
            Some(40),
            Some(renew),
            &TYPICAL_LEASE,
        );
        assert!((300..700).contains(&lease), "{lease}");
        let node = node_len(&Node::default(), &TYPICAL_NODE);
        assert!(node > 3000, "{node}");
        // A microsecond renew time writes its nanoseconds; a whole second writes a zero.
        let whole = lease_parts_len(
            "n",
            "ns",
            None,
            None,
            Some(Time::from_millis(1_735_689_600_000)),
            &MetaExtras::default(),
        );
        let micro = lease_parts_len("n", "ns", None, None, Some(renew), &MetaExtras::default());
        assert_eq!(micro - whole, varint_len(123_000_000) - 1);
    }
}
