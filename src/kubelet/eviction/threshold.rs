//! Eviction signals and thresholds as the kubelet config spells them
//! (`evictionHard: {"memory.available": "100Mi", "nodefs.available": "10%"}`), parsed like
//! `ParseThresholdConfig` in `pkg/kubelet/eviction/helpers.go`.

use std::fmt;

use crate::duration::{Duration, DurationError};
use crate::kubelet::nodestatus::PressureKind;
use crate::quantity::{Quantity, QuantityError};

/// An eviction signal (`evictionapi.Signal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Signal {
    MemoryAvailable,
    AllocatableMemoryAvailable,
    NodeFsAvailable,
    NodeFsInodesFree,
    ImageFsAvailable,
    ImageFsInodesFree,
    ContainerFsAvailable,
    ContainerFsInodesFree,
    PidAvailable,
}

impl Signal {
    pub const ALL: [Signal; 9] = [
        Signal::MemoryAvailable,
        Signal::AllocatableMemoryAvailable,
        Signal::NodeFsAvailable,
        Signal::NodeFsInodesFree,
        Signal::ImageFsAvailable,
        Signal::ImageFsInodesFree,
        Signal::ContainerFsAvailable,
        Signal::ContainerFsInodesFree,
        Signal::PidAvailable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Signal::MemoryAvailable => "memory.available",
            Signal::AllocatableMemoryAvailable => "allocatableMemory.available",
            Signal::NodeFsAvailable => "nodefs.available",
            Signal::NodeFsInodesFree => "nodefs.inodesFree",
            Signal::ImageFsAvailable => "imagefs.available",
            Signal::ImageFsInodesFree => "imagefs.inodesFree",
            Signal::ContainerFsAvailable => "containerfs.available",
            Signal::ContainerFsInodesFree => "containerfs.inodesFree",
            Signal::PidAvailable => "pid.available",
        }
    }

    pub fn parse(s: &str) -> Option<Signal> {
        Signal::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// `signalToNodeCondition`.
    pub fn condition(self) -> Option<PressureKind> {
        Some(match self {
            Signal::MemoryAvailable | Signal::AllocatableMemoryAvailable => PressureKind::Memory,
            Signal::PidAvailable => PressureKind::Pid,
            _ => PressureKind::Disk,
        })
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Signal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Signal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Signal::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unsupported eviction signal {s}")))
    }
}

/// A threshold value: an absolute quantity or a fraction of capacity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ThresholdValue {
    Quantity(f64),
    Percentage(f64),
}

impl ThresholdValue {
    /// `GetThresholdQuantity`.
    pub fn quantity(self, capacity: f64) -> f64 {
        match self {
            ThresholdValue::Quantity(q) => q,
            ThresholdValue::Percentage(p) => (capacity * p).floor(),
        }
    }
}

/// One eviction threshold (operator is always LessThan upstream).
#[derive(Clone, Debug, PartialEq)]
pub struct Threshold {
    pub signal: Signal,
    pub value: ThresholdValue,
    pub grace_period: Duration,
    pub min_reclaim: Option<ThresholdValue>,
}

/// An observed signal: what is available and the capacity percentages refer to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    pub available: f64,
    pub capacity: f64,
}

/// A refused threshold setting; the text follows the kubelet's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThresholdError {
    message: String,
    cause: Option<ValueError>,
}

/// The value error a threshold's text came from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ValueError {
    Quantity(QuantityError),
    Duration(DurationError),
}

error_kind! {
    /// What kind of error a [`ThresholdError`] is.
    pub enum EvictionErrorKind {
        /// An eviction threshold, grace period or minimum reclaim the kubelet refuses.
        InvalidThreshold = "invalidThreshold",
    }
}

impl ThresholdError {
    fn new(message: String) -> Self {
        ThresholdError {
            message,
            cause: None,
        }
    }

    /// Always [`EvictionErrorKind::InvalidThreshold`].
    pub fn kind(&self) -> EvictionErrorKind {
        EvictionErrorKind::InvalidThreshold
    }
}

impl From<QuantityError> for ThresholdError {
    fn from(e: QuantityError) -> Self {
        ThresholdError {
            message: e.to_string(),
            cause: Some(ValueError::Quantity(e)),
        }
    }
}

impl From<DurationError> for ThresholdError {
    fn from(e: DurationError) -> Self {
        ThresholdError {
            message: e.to_string(),
            cause: Some(ValueError::Duration(e)),
        }
    }
}

impl fmt::Display for ThresholdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ThresholdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self.cause.as_ref()? {
            ValueError::Quantity(e) => Some(e),
            ValueError::Duration(e) => Some(e),
        }
    }
}

/// The kubelet's Linux `evictionHard` default (`DefaultEvictionHard`).
pub fn default_eviction_hard() -> Vec<(&'static str, &'static str)> {
    vec![
        ("memory.available", "100Mi"),
        ("nodefs.available", "10%"),
        ("nodefs.inodesFree", "5%"),
        ("imagefs.available", "15%"),
        ("imagefs.inodesFree", "5%"),
    ]
}

/// `parsePercentage`: `strconv.ParseFloat(strings.TrimRight(input, "%"), 32)` divided by 100 in
/// float32, so "10%" is the float32 0.1 upstream compares with.
fn parse_percentage(val: &str) -> Result<f64, ThresholdError> {
    let trimmed = val.trim_end_matches('%');
    let v = trimmed.parse::<f32>().ok().ok_or_else(|| {
        ThresholdError::new(format!(
            "strconv.ParseFloat: parsing {}: invalid syntax",
            crate::go::quote(trimmed)
        ))
    })?;
    Ok(f64::from(v / 100.0))
}

fn signal_of(name: &str) -> Result<Signal, ThresholdError> {
    Signal::parse(name)
        .ok_or_else(|| ThresholdError::new(format!("unsupported eviction signal {name}")))
}

/// `parseThresholdStatement`: `Ok(None)` for "0%"/"100%", which upstream ignores.
fn parse_value(signal: Signal, val: &str) -> Result<Option<ThresholdValue>, ThresholdError> {
    if let Some(p) = val.strip_suffix('%') {
        if val == "0%" || val == "100%" {
            return Ok(None);
        }
        let _ = p;
        let pct = parse_percentage(val)?;
        if pct < 0.0 {
            return Err(ThresholdError::new(format!(
                "eviction percentage threshold {signal} must be >= 0%: {val}"
            )));
        }
        if pct > 1.0 {
            return Err(ThresholdError::new(format!(
                "eviction percentage threshold {signal} must be <= 100%: {val}"
            )));
        }
        return Ok(Some(ThresholdValue::Percentage(pct)));
    }
    let q = Quantity::parse(val)?;
    if q.0 <= 0 {
        return Err(ThresholdError::new(format!(
            "eviction threshold {signal} must be positive: {val}"
        )));
    }
    Ok(Some(ThresholdValue::Quantity(q.as_f64())))
}

/// `ParseThresholdConfig` for hard and soft thresholds, soft grace periods and min-reclaim.
pub fn parse_thresholds(
    hard: &[(&str, &str)],
    soft: &[(&str, &str)],
    soft_grace: &[(&str, &str)],
    min_reclaim: &[(&str, &str)],
) -> Result<Vec<Threshold>, ThresholdError> {
    let mut out: Vec<Threshold> = Vec::new();
    for (name, v) in hard {
        let s = signal_of(name)?;
        // Upstream reads a map: a repeated signal keeps its last value.
        out.retain(|t| t.signal != s);
        if let Some(value) = parse_value(s, v)? {
            out.push(Threshold {
                signal: s,
                value,
                grace_period: Duration::ZERO,
                min_reclaim: None,
            });
        }
    }
    let hard_count = out.len();
    let mut soft_values: Vec<(Signal, ThresholdValue)> = Vec::new();
    for (name, v) in soft {
        let s = signal_of(name)?;
        soft_values.retain(|(x, _)| *x != s);
        if let Some(value) = parse_value(s, v)? {
            soft_values.push((s, value));
        }
    }
    // parseGracePeriods: every entry is checked, used or not.
    let mut graces: Vec<(Signal, Duration)> = Vec::new();
    for (name, v) in soft_grace {
        let s = signal_of(name)?;
        let g = Duration::parse(v)?;
        if g.0 < 0 {
            return Err(ThresholdError::new(format!(
                "invalid eviction grace period specified: {v}, must be a positive value"
            )));
        }
        graces.retain(|(x, _)| *x != s);
        graces.push((s, g));
    }
    // parseMinimumReclaims.
    let mut reclaims: Vec<(Signal, ThresholdValue)> = Vec::new();
    for (name, v) in min_reclaim {
        let s = signal_of(name)?;
        let r = if v.ends_with('%') {
            let pct = parse_percentage(v)?;
            if pct <= 0.0 {
                return Err(ThresholdError::new(format!(
                    "eviction percentage minimum reclaim {s} must be positive: {v}"
                )));
            }
            ThresholdValue::Percentage(pct)
        } else {
            let q = Quantity::parse(v)?;
            if q.0 < 0 {
                return Err(ThresholdError::new(format!(
                    "negative eviction minimum reclaim specified for {s}"
                )));
            }
            ThresholdValue::Quantity(q.as_f64())
        };
        reclaims.retain(|(x, _)| *x != s);
        reclaims.push((s, r));
    }
    for (s, value) in soft_values {
        let grace = graces.iter().find(|(x, _)| *x == s).ok_or_else(|| {
            ThresholdError::new(format!(
                "grace period must be specified for the soft eviction threshold {s}"
            ))
        })?;
        out.push(Threshold {
            signal: s,
            value,
            grace_period: grace.1,
            min_reclaim: None,
        });
    }
    let _ = hard_count;
    for t in &mut out {
        t.min_reclaim = reclaims
            .iter()
            .find(|(x, _)| *x == t.signal)
            .map(|(_, r)| *r);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_defaults() {
        let t = parse_thresholds(&default_eviction_hard(), &[], &[], &[]).unwrap();
        assert_eq!(t.len(), 5);
        assert_eq!(t[0].value, ThresholdValue::Quantity(104857600.0));
        // Upstream keeps percentages as float32: "10%" is 0.1f32, not 0.1f64.
        assert_eq!(t[1].value, ThresholdValue::Percentage(f64::from(0.1f32)));
    }

    #[test]
    fn refuses_bad_settings() {
        let e = |h: &[(&str, &str)]| parse_thresholds(h, &[], &[], &[]).unwrap_err().to_string();
        assert_eq!(
            e(&[("mem.available", "1")]),
            "unsupported eviction signal mem.available"
        );
        assert_eq!(
            e(&[("memory.available", "-1")]),
            "eviction threshold memory.available must be positive: -1"
        );
        assert_eq!(
            e(&[("memory.available", "150%")]),
            "eviction percentage threshold memory.available must be <= 100%: 150%"
        );
        assert!(
            parse_thresholds(&[("memory.available", "0%")], &[], &[], &[])
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            e(&[("memory.available", "abc%")]),
            "strconv.ParseFloat: parsing \"abc\": invalid syntax"
        );
        assert_eq!(
            e(&[("memory.available", "-5%")]),
            "eviction percentage threshold memory.available must be >= 0%: -5%"
        );
        let r = |m: &[(&str, &str)]| {
            parse_thresholds(&[("memory.available", "1Gi")], &[], &[], m)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            r(&[("memory.available", "0%")]),
            "eviction percentage minimum reclaim memory.available must be positive: 0%"
        );
        assert_eq!(
            r(&[("memory.available", "-1Mi")]),
            "negative eviction minimum reclaim specified for memory.available"
        );
        let soft = parse_thresholds(&[], &[("memory.available", "1Gi")], &[], &[]).unwrap_err();
        assert_eq!(
            soft.to_string(),
            "grace period must be specified for the soft eviction threshold memory.available"
        );
    }
}
