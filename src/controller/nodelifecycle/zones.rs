//! Zones and their disruption states: `nodetopology.GetZoneKey`, `ComputeZoneState`
//! (`computeZoneStateFunc`), `handleDisruption`, `setLimiterInZone` and `ReducedQPSFunc` of
//! `pkg/controller/nodelifecycle/node_lifecycle_controller.go`.

use std::collections::{BTreeMap, HashMap};

use super::report::{MonitorResult, ZoneChange};
use super::{NodeLifecycleController, LABEL_EXCLUDE_DISRUPTION};
use crate::objects::{Node, ZoneState};
use crate::timestamp::Time;

const REGION: &str = "topology.kubernetes.io/region";
const REGION_BETA: &str = "failure-domain.beta.kubernetes.io/region";
const ZONE: &str = "topology.kubernetes.io/zone";
const ZONE_BETA: &str = "failure-domain.beta.kubernetes.io/zone";

/// The region and zone labels `nodetopology.GetZoneKey` reads, borrowed: the GA label, else the
/// beta one. Every node's zone is read on every pass; a node has a few labels, so one walk over
/// them (keys of other lengths cost a length test) beats four tree lookups.
fn zone_parts(node: &Node) -> (&str, &str) {
    let l = &node.metadata.labels;
    if l.len() > 16 {
        let get = |a: &str, b: &str| l.get(a).or_else(|| l.get(b)).map_or("", String::as_str);
        return (get(REGION, REGION_BETA), get(ZONE, ZONE_BETA));
    }
    let [mut region, mut region_beta, mut zone, mut zone_beta] = [None::<&str>; 4];
    for (k, v) in l {
        let slot = match k.len() {
            29 if k == REGION => &mut region,
            40 if k == REGION_BETA => &mut region_beta,
            27 if k == ZONE => &mut zone,
            38 if k == ZONE_BETA => &mut zone_beta,
            _ => continue,
        };
        *slot = Some(v.as_str());
    }
    // No region or zone label: the empty part, as `GetZoneKey` leaves it.
    (
        region.or(region_beta).unwrap_or(""),
        zone.or(zone_beta).unwrap_or(""),
    )
}

/// `nodetopology.GetZoneKey`: region and zone labels, empty when neither is set.
pub fn zone_key(node: &Node) -> String {
    let mut key = String::new();
    write_zone_key(node, &mut key);
    key
}

/// [`zone_key`] into a reused buffer.
pub(super) fn write_zone_key(node: &Node, key: &mut String) {
    key.clear();
    let (region, zone) = zone_parts(node);
    if region.is_empty() && zone.is_empty() {
        return;
    }
    key.push_str(region);
    key.push_str(":\u{0}:");
    key.push_str(zone);
}

/// Up to this many zones, a node's zone is found by comparing names, beyond by a map.
const FEW_ZONES: usize = 16;

/// An unknown zone in `zone_cache`.
pub(super) const NO_ZONE: u32 = u32::MAX;

impl NodeLifecycleController {
    /// `ComputeZoneState` with the controller's `--unhealthy-zone-threshold`, compared in
    /// float32 as upstream does.
    pub(super) fn compute_zone_state(&self, ready: usize, not_ready: usize) -> ZoneState {
        if ready == 0 && not_ready > 0 {
            ZoneState::FullDisruption
        } else if not_ready > 2
            && not_ready as f32 / (not_ready + ready) as f32
                >= self.settings.unhealthy_zone_threshold as f32
        {
            ZoneState::PartialDisruption
        } else {
            ZoneState::Normal
        }
    }

    /// `setLimiterInZone`: Normal and FullDisruption use `--node-eviction-rate`;
    /// PartialDisruption uses `ReducedQPSFunc` (secondary rate above the large-cluster size, else 0).
    pub(super) fn limiter_qps(&self, state: ZoneState, zone_size: usize) -> f64 {
        match state {
            ZoneState::PartialDisruption => {
                if zone_size > self.settings.large_cluster_size_threshold as usize {
                    self.settings.secondary_node_eviction_rate
                } else {
                    0.0
                }
            }
            _ => self.settings.node_eviction_rate,
        }
    }

    /// `handleDisruption`: new zone states from the counts; all zones fully disrupted stops
    /// evictions everywhere (the control plane, not the nodes, is then the likely culprit), and
    /// leaving that mode resets every probe time so no node is judged on the outage. Each zone
    /// whose state or rate changes is reported in `out.zone_changes`.
    pub(super) fn handle_disruption(
        &mut self,
        nodes: &mut [Node],
        zones: &BTreeMap<String, (usize, usize)>,
        now: Time,
        out: &mut MonitorResult,
    ) {
        let mut new_states = BTreeMap::new();
        let mut all_are_full = true;
        for (k, (r, nr)) in zones {
            let s = self.compute_zone_state(*r, *nr);
            all_are_full &= s == ZoneState::FullDisruption;
            new_states.insert(k.clone(), s);
            if !self.zone_states.contains_key(k) {
                self.zone_states.insert(k.clone(), ZoneState::Initial);
            }
        }
        self.zone_states.retain(|k, _| zones.contains_key(k));
        let all_were_full = self
            .zone_states
            .values()
            .all(|v| *v == ZoneState::FullDisruption);
        if all_are_full && all_were_full {
            return;
        }
        if all_are_full {
            for (i, n) in nodes.iter_mut().enumerate() {
                let id = self.order.get(i).copied();
                self.mark_reachable(n, id, out);
            }
            // `zone_states` holds exactly the keys of `zones` here (filled and pruned above).
            let states: Vec<(String, ZoneState)> = self
                .zone_states
                .iter()
                .map(|(k, v)| (k.clone(), *v))
                .collect();
            for (k, from) in states {
                self.tainter(&k).swap_limiter(0.0, now);
                // A zone no listed node is in counts no nodes.
                let counts = zones.get(&k).copied().unwrap_or_default();
                let why = self.why(ZoneState::FullDisruption, counts, true, false);
                out.zone_changes.push(zone_change(
                    &k,
                    from,
                    ZoneState::FullDisruption,
                    counts,
                    0.0,
                    true,
                    why,
                ));
            }
            for v in self.zone_states.values_mut() {
                *v = ZoneState::FullDisruption;
            }
            return;
        }
        // `zone_states`, `new_states` and `zones` hold the same keys here (filled and pruned
        // above), so the lookups below find every key; their defaults are never used.
        let states: Vec<(String, ZoneState)> = self
            .zone_states
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        if all_were_full {
            for h in self.health.iter_mut().flatten() {
                h.probe = now;
                h.ready_transition = now;
            }
        }
        for (k, old) in states {
            let new = new_states.get(&k).copied().unwrap_or(ZoneState::Normal);
            if !all_were_full && old == new {
                continue;
            }
            let counts = zones.get(&k).copied().unwrap_or_default();
            let qps = self.limiter_qps(new, counts.0 + counts.1);
            self.tainter(&k).swap_limiter(qps, now);
            let why = self.why(new, counts, false, all_were_full);
            out.zone_changes
                .push(zone_change(&k, old, new, counts, qps, false, why));
            self.zone_states.insert(k, new);
        }
    }

    /// Why a zone's NoExecute tainting runs at the rate `setLimiterInZone` gives its new state,
    /// in upstream's terms (flags by their kube-controller-manager names).
    pub(super) fn why(
        &self,
        state: ZoneState,
        (ready, not_ready): (usize, usize),
        all_full: bool,
        leaving_full: bool,
    ) -> String {
        let s = &self.settings;
        let size = ready + not_ready;
        let threshold = s.unhealthy_zone_threshold;
        let mut why = if leaving_full {
            "Leaving full-disruption mode (some zone has a Ready node again): every node's probe \
             time is reset to now, so no node is judged on the outage. "
                .to_string()
        } else {
            String::new()
        };
        why.push_str(&match state {
            _ if all_full => "Every zone is fully disrupted (no node Ready anywhere). The controller \
                takes that for its own loss of contact, not the nodes' failure: it stops NoExecute \
                tainting in every zone (rate 0) and removes the unreachable and not-ready NoExecute \
                taints from every node (markNodeAsReachable); a queued taint stays queued until \
                some node is Ready again."
                .to_string(),
            ZoneState::FullDisruption => format!(
                "No node of the zone is Ready, but not every zone is fully disrupted: NoExecute \
                 taints are applied at --node-eviction-rate ({}/s).",
                s.node_eviction_rate
            ),
            ZoneState::PartialDisruption => {
                let head = format!(
                    "{not_ready} of {size} nodes are not Ready (more than 2, and at least \
                     --unhealthy-zone-threshold {threshold} of the zone)"
                );
                if size > s.large_cluster_size_threshold as usize {
                    format!(
                        "{head}; the zone has more than --large-cluster-size-threshold ({}) \
                         nodes, so NoExecute taints are applied at the reduced \
                         --secondary-node-eviction-rate ({}/s).",
                        s.large_cluster_size_threshold, s.secondary_node_eviction_rate
                    )
                } else {
                    format!(
                        "{head}; the zone has at most --large-cluster-size-threshold ({}) nodes, \
                         so NoExecute tainting stops in it (rate 0; upstream's ReducedQPSFunc slows \
                         evictions in a large cluster and stops them altogether in a small one).",
                        s.large_cluster_size_threshold
                    )
                }
            }
            _ => format!(
                "{not_ready} of {size} nodes are not Ready (at most 2, or under \
                 --unhealthy-zone-threshold {threshold}): NoExecute taints are applied at \
                 --node-eviction-rate ({}/s).",
                s.node_eviction_rate
            ),
        });
        why
    }

    /// Ready and not-Ready nodes per zone, nodes labelled `exclude-disruption` left out; zones with
    /// no counted node are absent, as from upstream's map. Zones are usually few and nodes many,
    /// but a zone per node must stay linear too, so new nodes find their zone through an index.
    pub(super) fn count_zones(
        &mut self,
        nodes: &[Node],
        ready: &[bool],
    ) -> BTreeMap<String, (usize, usize)> {
        // Zone tallies: (ready, not ready) per zone; zones are usually few, nodes many, but a
        // zone per node must stay linear too, so new nodes find their zone through an index.
        let mut counts = vec![(0usize, 0usize); self.zone_names.len()];
        let mut zone_index: Option<HashMap<String, usize>> = None;
        let mut key = std::mem::take(&mut self.key_buf);
        for (i, (node, ready)) in nodes.iter().zip(ready.iter()).enumerate() {
            // `zone_cache` has a slot per listed node (`monitor_pass` sizes it); a missing one
            // would only mean the zone is read from the labels.
            let cached = self.zone_cache.get(i).copied().unwrap_or(NO_ZONE);
            let (zi, excluded) = match cached {
                NO_ZONE => {
                    write_zone_key(node, &mut key);
                    // Clusters have a handful of zones: a scan beats hashing every node's key.
                    let found = if self.zone_names.len() <= FEW_ZONES {
                        self.zone_names.iter().position(|z| *z == key)
                    } else {
                        let names = &self.zone_names;
                        zone_index
                            .get_or_insert_with(|| {
                                names
                                    .iter()
                                    .enumerate()
                                    .map(|(i, k)| (k.clone(), i))
                                    .collect()
                            })
                            .get(&key)
                            .copied()
                    };
                    let zi = match found {
                        Some(zi) => zi,
                        None => {
                            if let Some(index) = zone_index.as_mut() {
                                index.insert(key.clone(), self.zone_names.len());
                            }
                            self.zone_names.push(key.clone());
                            counts.push((0, 0));
                            self.zone_names.len() - 1
                        }
                    };
                    let z = (
                        zi,
                        node.metadata.labels.contains_key(LABEL_EXCLUDE_DISRUPTION),
                    );
                    if let Some(c) = self.zone_cache.get_mut(i) {
                        *c = ((z.0 as u32) << 1) | u32::from(z.1);
                    }
                    z
                }
                z => ((z >> 1) as usize, z & 1 == 1),
            };
            if excluded {
                continue;
            }
            if let Some(c) = counts.get_mut(zi) {
                if *ready {
                    c.0 += 1;
                } else {
                    c.1 += 1;
                }
            }
        }
        self.key_buf = key;
        crate::sort::collect_map(
            self.zone_names
                .iter()
                .zip(counts)
                .filter(|(_, (r, nr))| r + nr > 0)
                .map(|(k, c)| (k.clone(), c)),
        )
    }
}

fn zone_change(
    zone: &str,
    from: ZoneState,
    to: ZoneState,
    (ready, not_ready): (usize, usize),
    eviction_rate: f64,
    all_zones_full: bool,
    why: String,
) -> ZoneChange {
    ZoneChange {
        zone: zone.to_string(),
        from: from.as_str().to_string(),
        to: to.as_str().to_string(),
        // Counts of listed nodes: a pass through the package holds at most `MAX_NODES`; a Rust
        // caller with more than `u32::MAX` nodes sees the count saturate.
        ready: u32::try_from(ready).unwrap_or(u32::MAX),
        not_ready: u32::try_from(not_ready).unwrap_or(u32::MAX),
        eviction_rate,
        all_zones_full,
        why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk over a node's labels reads what the lookups read, with few labels or many.
    #[test]
    fn zone_key_prefers_ga_labels_and_falls_back_to_beta() {
        let labels = [
            REGION,
            REGION_BETA,
            ZONE,
            ZONE_BETA,
            "kubernetes.io/hostname",
        ];
        for mask in 0u32..32 {
            for padding in [0, 20] {
                let mut node = Node::default();
                for (bit, key) in labels.iter().enumerate() {
                    if mask & (1 << bit) != 0 {
                        node.metadata
                            .labels
                            .insert(key.to_string(), format!("v{bit}"));
                    }
                }
                for p in 0..padding {
                    node.metadata
                        .labels
                        .insert(format!("x/{p:02}"), "y".to_string());
                }
                let l = &node.metadata.labels;
                let get =
                    |a: &str, b: &str| l.get(a).or_else(|| l.get(b)).map_or("", String::as_str);
                let (region, zone) = (get(REGION, REGION_BETA), get(ZONE, ZONE_BETA));
                let want = if region.is_empty() && zone.is_empty() {
                    String::new()
                } else {
                    format!("{region}:\0:{zone}")
                };
                assert_eq!(zone_key(&node), want, "{mask:05b} {padding}");
            }
        }
    }
}
