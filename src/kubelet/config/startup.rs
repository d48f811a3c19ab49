//! Checks the kubelet makes on its configuration after validation, while it starts: reserved
//! resources and eviction thresholds.
//!
//! `ValidateKubeletConfiguration` does not look inside `kubeReserved`, `systemReserved` or the
//! eviction maps; the kubelet parses them later, in `run()` and `NewMainKubelet`
//! (`cmd/kubelet/app/server.go`, `pkg/kubelet/eviction/helpers.go` `ParseThresholdConfig`,
//! Kubernetes ≈1.30–1.34), and a bad entry stops it there with a different wrapping:
//!
//! 1. `parseResourceList(kubeReserved)`, then `(systemReserved)`: only `cpu`, `memory`,
//!    `ephemeral-storage` and `pid` may be reserved; each value is a non-negative quantity.
//! 2. `ParseThresholdConfig` over `evictionHard` alone (for node allocatable).
//!    Errors from 1 and 2 read `failed to run Kubelet: <error>`.
//! 3. `NewMainKubelet` parses all four eviction maps: hard, soft, soft grace periods,
//!    minimum reclaims, then requires a grace period for every soft threshold. Its errors read
//!    `failed to run Kubelet: failed to create kubelet: <error>`.
//!
//! Go walks these maps in random order, so with two bad entries the kubelet may name either;
//! we walk them sorted by key, which is one of the orders Go can produce.
//! Not ported: the `--reserved-cpus` cpuset and its subset check (they need the machine's CPU
//! topology), and `--experimental-allocatable-ignore-eviction`, which skips step 2.

use std::collections::BTreeMap;

use super::flagvalue::GoValueError;
use super::types::KubeletConfiguration;
use crate::duration::Duration;
use crate::quantity::Quantity;

/// A startup failure and the field it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartupError {
    /// The kubelet's text, fully wrapped.
    pub message: String,
    /// The dotted path of the entry at fault (`evictionHard.memory.available`).
    pub field: String,
}

/// The eviction signals `validSignal` accepts (`signalToResource` keys).
pub const SIGNALS: &[&str] = &[
    "memory.available",
    "allocatableMemory.available",
    "imagefs.available",
    "imagefs.inodesFree",
    "containerfs.available",
    "containerfs.inodesFree",
    "nodefs.available",
    "nodefs.inodesFree",
    "pid.available",
];

/// Resources `parseResourceList` accepts.
const RESERVABLE: &[&str] = &["cpu", "memory", "ephemeral-storage", "pid"];

type Step = Result<(), (String, String)>;

/// Runs the startup checks in the kubelet's order.
pub fn check(kc: &KubeletConfiguration) -> Result<(), StartupError> {
    let run = |(message, field): (String, String)| StartupError {
        message: format!("failed to run Kubelet: {message}"),
        field,
    };
    parse_resource_list("kubeReserved", kc.kube_reserved.as_ref()).map_err(run)?;
    parse_resource_list("systemReserved", kc.system_reserved.as_ref()).map_err(run)?;
    // No `evictionHard`: Go's nil map, no statements.
    let empty = BTreeMap::new();
    parse_statements("evictionHard", kc.eviction_hard.as_ref().unwrap_or(&empty)).map_err(run)?;
    parse_threshold_config(kc).map_err(|(m, f)| StartupError {
        message: format!("failed to run Kubelet: failed to create kubelet: {m}"),
        field: f,
    })
}

/// `parseResourceList`.
fn parse_resource_list(field: &str, m: Option<&BTreeMap<String, String>>) -> Step {
    for (k, v) in m.into_iter().flatten() {
        let at = format!("{field}.{k}");
        if !RESERVABLE.contains(&k.as_str()) {
            return Err((
                format!("cannot reserve {} resource", crate::go::quote(k)),
                at,
            ));
        }
        let q = Quantity::parse(v).map_err(|e| {
            (
                format!(
                    "failed to parse quantity {} for {} resource: {e}",
                    crate::go::quote(v),
                    crate::go::quote(k)
                ),
                at.clone(),
            )
        })?;
        if q.0 < 0 {
            return Err((
                format!(
                    "resource quantity for {} cannot be negative: {v}",
                    crate::go::quote(k)
                ),
                at,
            ));
        }
    }
    Ok(())
}

fn unsupported(signal: &str, at: String) -> (String, String) {
    (format!("unsupported eviction signal {signal}"), at)
}

/// `strconv.ParseFloat(s, 32)`'s error text, or the value.
fn parse_go_float(s: &str) -> Result<f64, GoValueError> {
    let syntax = || {
        GoValueError::new(format!(
            "strconv.ParseFloat: parsing {}: invalid syntax",
            crate::go::quote(s)
        ))
    };
    // Rust accepts a few spellings Go rejects ("1." is fine in both; "+.5" too); Go also takes
    // hex floats and underscores after a base prefix, which nobody writes in a threshold.
    let lower = s.trim_start_matches(['+', '-']).to_ascii_lowercase();
    let named = matches!(lower.as_str(), "inf" | "infinity" | "nan");
    let v = s.parse::<f64>().ok().ok_or_else(syntax)?;
    if !named && (v.is_infinite() || (v as f32).is_infinite()) {
        return Err(GoValueError::new(format!(
            "strconv.ParseFloat: parsing {}: value out of range",
            crate::go::quote(s)
        )));
    }
    Ok(f64::from(v as f32))
}

/// `parsePercentage`: the number before any trailing `%` signs, divided by 100.
fn parse_percentage(v: &str) -> Result<f64, GoValueError> {
    parse_go_float(v.trim_end_matches('%')).map(|p| p / 100.0)
}

/// `Quantity.String()` for the values this module prints: zero prints as `0`; others as
/// written (exact for the integer-with-suffix spellings people use).
fn quantity_text(q: Quantity, v: &str) -> String {
    if q.0 == 0 {
        "0".to_string()
    } else {
        v.trim_start_matches('+').to_string()
    }
}

/// `parseThresholdStatements`.
fn parse_statements(field: &str, m: &BTreeMap<String, String>) -> Step {
    for (signal, val) in m {
        let at = format!("{field}.{signal}");
        if !SIGNALS.contains(&signal.as_str()) {
            return Err(unsupported(signal, at));
        }
        if val.ends_with('%') {
            if val == "0%" || val == "100%" {
                continue;
            }
            let p = parse_percentage(val).map_err(|e| (e.to_string(), at.clone()))?;
            if p < 0.0 {
                return Err((
                    format!("eviction percentage threshold {signal} must be >= 0%: {val}"),
                    at,
                ));
            }
            if p > 1.0 {
                return Err((
                    format!("eviction percentage threshold {signal} must be <= 100%: {val}"),
                    at,
                ));
            }
            continue;
        }
        let q = Quantity::parse(val).map_err(|e| (e.to_string(), at.clone()))?;
        if q.0 <= 0 {
            return Err((
                format!(
                    "eviction threshold {signal} must be positive: {}",
                    quantity_text(q, val)
                ),
                at,
            ));
        }
    }
    Ok(())
}

/// `ParseThresholdConfig` with all four maps, as `NewMainKubelet` calls it.
fn parse_threshold_config(kc: &KubeletConfiguration) -> Step {
    // An unset map is Go's nil map: no statements.
    let empty = BTreeMap::new();
    parse_statements("evictionHard", kc.eviction_hard.as_ref().unwrap_or(&empty))?;
    let soft = kc.eviction_soft.as_ref().unwrap_or(&empty);
    parse_statements("evictionSoft", soft)?;
    let grace = kc.eviction_soft_grace_period.as_ref().unwrap_or(&empty);
    for (signal, val) in grace {
        let at = format!("evictionSoftGracePeriod.{signal}");
        if !SIGNALS.contains(&signal.as_str()) {
            return Err(unsupported(signal, at));
        }
        let d = Duration::parse(val).map_err(|e| (e.to_string(), at.clone()))?;
        if d.0 < 0 {
            return Err((
                format!("invalid eviction grace period specified: {val}, must be a positive value"),
                at,
            ));
        }
    }
    for (signal, val) in kc.eviction_minimum_reclaim.iter().flatten() {
        let at = format!("evictionMinimumReclaim.{signal}");
        if !SIGNALS.contains(&signal.as_str()) {
            return Err(unsupported(signal, at));
        }
        if val.ends_with('%') {
            let p = parse_percentage(val).map_err(|e| (e.to_string(), at.clone()))?;
            if p <= 0.0 {
                return Err((
                    format!("eviction percentage minimum reclaim {signal} must be positive: {val}"),
                    at,
                ));
            }
            continue;
        }
        let q = Quantity::parse(val).map_err(|e| (e.to_string(), at.clone()))?;
        if q.0 < 0 {
            return Err((
                format!("negative eviction minimum reclaim specified for {signal}"),
                at,
            ));
        }
    }
    for (signal, val) in soft {
        // Ignored thresholds ("0%", "100%") need no grace period.
        if val == "0%" || val == "100%" {
            continue;
        }
        if !grace.contains_key(signal) {
            return Err((
                format!("grace period must be specified for the soft eviction threshold {signal}"),
                format!("evictionSoft.{signal}"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check's error as `message @ field` (empty when the configuration passes), so each
    /// case states both in one string.
    fn kc(f: impl FnOnce(&mut KubeletConfiguration)) -> String {
        let mut k = KubeletConfiguration::default();
        f(&mut k);
        check(&k)
            .err()
            .map(|e| format!("{} @ {}", e.message, e.field))
            .unwrap_or_default()
    }
    fn map(pairs: &[(&str, &str)]) -> Option<BTreeMap<String, String>> {
        Some(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn upstream_messages() {
        type Edit = Box<dyn FnOnce(&mut KubeletConfiguration)>;
        let cases: Vec<(&str, Edit, &str)> = vec![
            ("defaults are fine", Box::new(|_| {}), ""),
            (
                "unknown signal",
                Box::new(|k| k.eviction_hard = map(&[("mem.available", "1Gi")])),
                "failed to run Kubelet: unsupported eviction signal mem.available @ evictionHard.mem.available",
            ),
            (
                "percentage over 100",
                Box::new(|k| k.eviction_hard = map(&[("nodefs.available", "150%")])),
                "failed to run Kubelet: eviction percentage threshold nodefs.available must be <= 100%: 150% @ evictionHard.nodefs.available",
            ),
            (
                "negative percentage",
                Box::new(|k| k.eviction_hard = map(&[("nodefs.available", "-5%")])),
                "failed to run Kubelet: eviction percentage threshold nodefs.available must be >= 0%: -5% @ evictionHard.nodefs.available",
            ),
            (
                "bad percentage",
                Box::new(|k| k.eviction_hard = map(&[("nodefs.available", "ten%")])),
                "failed to run Kubelet: strconv.ParseFloat: parsing \"ten\": invalid syntax @ evictionHard.nodefs.available",
            ),
            (
                "zero quantity",
                Box::new(|k| k.eviction_hard = map(&[("memory.available", "0Mi")])),
                "failed to run Kubelet: eviction threshold memory.available must be positive: 0 @ evictionHard.memory.available",
            ),
            (
                "negative quantity",
                Box::new(|k| k.eviction_hard = map(&[("memory.available", "-1Gi")])),
                "failed to run Kubelet: eviction threshold memory.available must be positive: -1Gi @ evictionHard.memory.available",
            ),
            (
                "bad quantity",
                Box::new(|k| k.eviction_hard = map(&[("memory.available", "lots")])),
                "failed to run Kubelet: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' @ evictionHard.memory.available",
            ),
            (
                "0% and 100% are ignored",
                Box::new(|k| k.eviction_hard = map(&[("nodefs.available", "0%"), ("imagefs.available", "100%")])),
                "",
            ),
            (
                "soft without grace period",
                Box::new(|k| k.eviction_soft = map(&[("memory.available", "1Gi")])),
                "failed to run Kubelet: failed to create kubelet: grace period must be specified for the soft eviction threshold memory.available @ evictionSoft.memory.available",
            ),
            (
                "negative grace period",
                Box::new(|k| {
                    k.eviction_soft = map(&[("memory.available", "1Gi")]);
                    k.eviction_soft_grace_period = map(&[("memory.available", "-1m")]);
                }),
                "failed to run Kubelet: failed to create kubelet: invalid eviction grace period specified: -1m, must be a positive value @ evictionSoftGracePeriod.memory.available",
            ),
            (
                "bad grace period",
                Box::new(|k| k.eviction_soft_grace_period = map(&[("memory.available", "soon")])),
                "failed to run Kubelet: failed to create kubelet: time: invalid duration \"soon\" @ evictionSoftGracePeriod.memory.available",
            ),
            (
                "minimum reclaim percentage",
                Box::new(|k| k.eviction_minimum_reclaim = map(&[("nodefs.available", "0%")])),
                "failed to run Kubelet: failed to create kubelet: eviction percentage minimum reclaim nodefs.available must be positive: 0% @ evictionMinimumReclaim.nodefs.available",
            ),
            (
                "negative minimum reclaim",
                Box::new(|k| k.eviction_minimum_reclaim = map(&[("memory.available", "-1Mi")])),
                "failed to run Kubelet: failed to create kubelet: negative eviction minimum reclaim specified for memory.available @ evictionMinimumReclaim.memory.available",
            ),
            (
                "reserved resource not supported",
                Box::new(|k| k.kube_reserved = map(&[("gpu", "1")])),
                "failed to run Kubelet: cannot reserve \"gpu\" resource @ kubeReserved.gpu",
            ),
            (
                "negative reserved quantity",
                Box::new(|k| k.system_reserved = map(&[("memory", "-1Gi")])),
                "failed to run Kubelet: resource quantity for \"memory\" cannot be negative: -1Gi @ systemReserved.memory",
            ),
            (
                "bad reserved quantity",
                Box::new(|k| k.system_reserved = map(&[("cpu", "x")])),
                "failed to run Kubelet: failed to parse quantity \"x\" for \"cpu\" resource: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' @ systemReserved.cpu",
            ),
            (
                "kubeReserved before systemReserved before evictionHard",
                Box::new(|k| {
                    k.eviction_hard = map(&[("x", "1")]);
                    k.system_reserved = map(&[("y", "1")]);
                    k.kube_reserved = map(&[("z", "1")]);
                }),
                "failed to run Kubelet: cannot reserve \"z\" resource @ kubeReserved.z",
            ),
        ];
        for (name, f, want) in cases {
            let got = kc(f);
            assert_eq!(got, want, "{name}");
        }
    }
}
