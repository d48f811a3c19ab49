//! The value syntaxes of the kubelet's flags: how each kind of flag value is read and what it
//! says when it cannot be.
//!
//! Upstream: Go's `strconv` (`ParseBool`, `ParseInt`, `ParseUint`, `ParseFloat`, and their
//! error texts), `k8s.io/component-base/cli/flag` (`MapStringBool`, `MapStringString`,
//! `LangleSeparatedMapStringString`, `ColonSeparatedMultimapStringString`, `ConfigurationMap`),
//! `pkg/util/flag` (`IPVar`, `ReservedMemoryVar`, `RegisterWithTaintsVar`), klog's `Level` and
//! `moduleSpec`, component-base's `VerbosityLevel` and `VModuleConfiguration`.
//!
//! Each is a `Value.Set`: [`check`] runs it at parse time so that the error names the flag
//! (pflag's `invalid argument` wrapping, in [`super::pflag`]); [`super::flags::apply`] runs it
//! again to write the value.

use serde_json::{json, Map, Value};

use crate::duration::Duration;

/// Go's `strconv.ParseBool` is the feature-gate syntax's: one reading of a boolean everywhere.
pub use crate::featuregate::flag::{parse_go_bool, ParseBoolError};

/// A value that one of Go's parsers refused: a flag's `Value.Set`, `strconv`, `cpuset.Parse`.
/// `Display` is Go's text; for a flag it is the part pflag prints after
/// `invalid argument "<v>" for "<flag>" flag: ` (`strconv.ParseInt: parsing "x": invalid
/// syntax`, `malformed pair, expect string=bool`, ...). The boolean or duration error it came
/// from, if any, is `source()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoValueError {
    message: String,
    cause: Option<ValueCause>,
}

/// The error of the value reader a flag value failed in.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ValueCause {
    Bool(ParseBoolError),
    Duration(crate::duration::DurationError),
}

impl GoValueError {
    pub(crate) fn new(message: String) -> Self {
        GoValueError {
            message,
            cause: None,
        }
    }

    /// Always [`KubeletConfigErrorKind::KubeletConfig`](super::KubeletConfigErrorKind): a value
    /// refused is a kubelet that does not start.
    pub fn kind(&self) -> super::KubeletConfigErrorKind {
        super::KubeletConfigErrorKind::KubeletConfig
    }

    /// Go's `strconv` said `value out of range` rather than `invalid syntax`.
    fn out_of_range(&self) -> bool {
        self.message.ends_with("value out of range")
    }
}

impl From<ParseBoolError> for GoValueError {
    fn from(e: ParseBoolError) -> Self {
        GoValueError {
            message: e.to_string(),
            cause: Some(ValueCause::Bool(e)),
        }
    }
}

impl From<crate::duration::DurationError> for GoValueError {
    fn from(e: crate::duration::DurationError) -> Self {
        GoValueError {
            message: e.to_string(),
            cause: Some(ValueCause::Duration(e)),
        }
    }
}

impl std::fmt::Display for GoValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GoValueError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self.cause.as_ref()? {
            ValueCause::Bool(e) => Some(e),
            ValueCause::Duration(e) => Some(e),
        }
    }
}

/// How a flag's value is read: part of each flag's record in the release data.
pub use crate::releases::kubelet_flags::Kind;

/// Go's `strconv.ParseInt(s, 0, bits)`.
pub fn parse_go_int(s: &str, bits: u32) -> Result<i64, GoValueError> {
    let syntax = || {
        GoValueError::new(format!(
            "strconv.ParseInt: parsing {}: invalid syntax",
            crate::go::quote(s)
        ))
    };
    let range = || {
        GoValueError::new(format!(
            "strconv.ParseInt: parsing {}: value out of range",
            crate::go::quote(s)
        ))
    };
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits, prefixed) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d.to_string(), true)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d.to_string(), true)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d.to_string(), true)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string(), true)
    } else {
        (10, lower.clone(), false)
    };
    // Underscores are allowed between digits only with a base prefix (base 0 rules).
    if digits.contains('_') {
        let bad =
            !prefixed || digits.starts_with('_') || digits.ends_with('_') || digits.contains("__");
        if bad {
            return Err(syntax());
        }
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    if clean.is_empty() && !(prefixed && radix == 8 && lower == "0") {
        if lower == "0" {
            return Ok(0);
        }
        return Err(syntax());
    }
    let mut v: u128 = 0;
    for c in clean.chars() {
        let d = c.to_digit(radix).ok_or_else(syntax)?;
        v = v
            .saturating_mul(u128::from(radix))
            .saturating_add(u128::from(d));
    }
    let limit: u128 = 1u128 << (bits - 1);
    if (!neg && v >= limit) || (neg && v > limit) {
        return Err(range());
    }
    let v = v as i128;
    Ok(if neg { -v } else { v } as i64)
}

/// Go's `strconv.ParseUint(s, base, bits)` for base 10 or 0 (prefixes), with its error texts.
pub fn parse_go_uint(s: &str, base: u32, bits: u32) -> Result<u64, GoValueError> {
    let err = |what: &str| {
        GoValueError::new(format!(
            "strconv.ParseUint: parsing {}: {what}",
            crate::go::quote(s)
        ))
    };
    if s.starts_with(['+', '-']) {
        return Err(err("invalid syntax"));
    }
    let v = if base == 0 {
        let v = parse_go_int(s, 64).map_err(|e| {
            if e.out_of_range() {
                err("value out of range")
            } else {
                err("invalid syntax")
            }
        });
        match v {
            Ok(v) => u64::try_from(v).map_err(|_| err("invalid syntax"))?,
            // Beyond i64 but maybe within u64: decimal digits only.
            Err(e) if e.out_of_range() && s.bytes().all(|b| b.is_ascii_digit()) => {
                s.parse::<u64>().map_err(|_| err("value out of range"))?
            }
            Err(e) => return Err(e),
        }
    } else {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err("invalid syntax"));
        }
        s.parse::<u64>().map_err(|_| err("value out of range"))?
    };
    if bits < 64 && v >= (1u64 << bits) {
        return Err(err("value out of range"));
    }
    Ok(v)
}

/// Go's `strconv.ParseInt(s, 10, bits)`.
pub fn parse_dec_int(s: &str, bits: u32) -> Result<i64, GoValueError> {
    decimal("strconv.ParseInt", s, bits)
}

/// Go's `strconv.Atoi` (`ParseInt(s, 10, 0)`, 64 bits), which names itself in its errors.
pub(crate) fn go_atoi(s: &str) -> Result<i64, GoValueError> {
    decimal("strconv.Atoi", s, 64)
}

/// A base-10 integer of `bits` bits (an optional sign, then digits only: a leading 0 is not
/// octal in base 10), with the error text of the Go function `func`.
fn decimal(func: &str, s: &str, bits: u32) -> Result<i64, GoValueError> {
    let err =
        |what: &str| GoValueError::new(format!("{func}: parsing {}: {what}", crate::go::quote(s)));
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err("invalid syntax"));
    }
    let limit = 1i128 << bits.clamp(1, 64).saturating_sub(1);
    s.parse::<i128>()
        .ok()
        .filter(|v| (-limit..limit).contains(v))
        .and_then(|v| i64::try_from(v).ok())
        .ok_or_else(|| err("value out of range"))
}

/// Go's `strconv.ParseFloat(s, 64)` for the decimal forms (`1`, `.5`, `1e-3`, `inf`, `NaN`).
pub fn parse_go_float(s: &str) -> Result<f64, GoValueError> {
    let lower = s.to_ascii_lowercase();
    let body = lower.trim_start_matches(['+', '-']);
    let named = matches!(body, "inf" | "infinity" | "nan");
    let plain = !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'+' | b'-' | b'_'));
    if !(named || plain) || body.contains('_') {
        return Err(GoValueError::new(format!(
            "strconv.ParseFloat: parsing {}: invalid syntax",
            crate::go::quote(s)
        )));
    }
    s.parse::<f64>().ok().ok_or_else(|| {
        GoValueError::new(format!(
            "strconv.ParseFloat: parsing {}: invalid syntax",
            crate::go::quote(s)
        ))
    })
}

/// Reads `value` as a flag of kind `kind` would (`Value.Set`), keeping only the error: the
/// text pflag puts after `invalid argument "<v>" for "<flag>" flag: `.
pub fn check(kind: Kind, value: &str) -> Result<(), GoValueError> {
    match kind {
        Kind::Bool => parse_go_bool(value).map(|_| ()).map_err(GoValueError::from),
        Kind::Int32 => parse_go_int(value, 32).map(|_| ()),
        Kind::Int64 => parse_go_int(value, 64).map(|_| ()),
        Kind::Uint64 => parse_go_uint(value, 0, 64).map(|_| ()),
        Kind::Verbosity => parse_go_uint(value, 10, 31).map(|_| ()),
        Kind::KlogLevel => parse_dec_int(value, 32).map(|_| ()),
        Kind::Float64 => parse_go_float(value).map(|_| ()),
        Kind::KlogVModule => klog_vmodule(value).map(|_| ()),
        Kind::Dur => Duration::parse(value)
            .map(|_| ())
            .map_err(GoValueError::from),
        Kind::Ip => {
            if value.is_empty() || value.parse::<std::net::IpAddr>().is_ok() {
                Ok(())
            } else {
                Err(GoValueError::new(format!(
                    "{} is not a valid IP address",
                    crate::go::quote(value)
                )))
            }
        }
        Kind::MapBool => map_bool(value).map(|_| ()),
        Kind::MapStr => map_string(value, true).map(|_| ()),
        Kind::ConfigMap => Ok(()),
        Kind::MapStrNoSplit => map_string(value, false).map(|_| ()),
        Kind::MapLangle => map_langle(value).map(|_| ()),
        Kind::ColonMultimap => colon_multimap(value).map(|_| ()),
        Kind::ReservedMemory => reserved_memory(value).map(|_| ()),
        Kind::Taints => taints(value).map(|_| ()),
        Kind::VModule => vmodule(value).map(|_| ()),
        Kind::Str | Kind::StringSlice | Kind::Version => Ok(()),
    }
}

/// `MapStringBool.Set` pairs.
pub fn map_bool(value: &str) -> Result<Vec<(String, bool)>, GoValueError> {
    let mut out = Vec::new();
    for s in value.split(',') {
        if s.is_empty() {
            continue;
        }
        let Some((k, v)) = s.split_once('=') else {
            return Err(GoValueError::new(
                "malformed pair, expect string=bool".to_string(),
            ));
        };
        let (k, v) = (k.trim(), v.trim());
        let b = parse_go_bool(v)
            .map_err(|e| GoValueError::new(format!("invalid value of {k}: {v}, err: {e}")))?;
        out.push((k.to_string(), b));
    }
    Ok(out)
}

/// `MapStringString.Set` pairs (split on commas unless `split` is false).
pub fn map_string(value: &str, split: bool) -> Result<Vec<(String, String)>, GoValueError> {
    pairs(value, '=', split)
}

/// `cliflag.ConfigurationMap.Set`: comma-separated pieces, empty ones skipped; `key=value`
/// (split at the first `=`, both sides trimmed) or a bare `key` with an empty value. Never fails.
pub fn configuration_map(value: &str) -> Vec<(String, String)> {
    value
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| match s.split_once('=') {
            Some((k, v)) => (k.trim().to_string(), v.trim().to_string()),
            None => (s.trim().to_string(), String::new()),
        })
        .collect()
}

/// klog's `moduleSpec.Set` (the kubelet's `--vmodule` up to 1.22).
pub(crate) fn klog_vmodule(value: &str) -> Result<(), GoValueError> {
    const SYNTAX: &str = "syntax error: expect comma-separated list of filename=N";
    for pat in value.split(',').filter(|p| !p.is_empty()) {
        let parts: Vec<&str> = pat.split('=').collect();
        let [p, v] = parts.as_slice() else {
            return Err(GoValueError::new(SYNTAX.to_string()));
        };
        if p.is_empty() || v.is_empty() {
            return Err(GoValueError::new(SYNTAX.to_string()));
        }
        let n = parse_dec_int(v, 32).map_err(|_| GoValueError::new(SYNTAX.to_string()))?;
        if n < 0 {
            return Err(GoValueError::new(
                "negative value for vmodule level".to_string(),
            ));
        }
    }
    Ok(())
}

/// `LangleSeparatedMapStringString.Set`: `key<value` pairs.
pub(crate) fn map_langle(value: &str) -> Result<Vec<(String, String)>, GoValueError> {
    pairs(value, '<', true)
}

/// `ColonSeparatedMultimapStringString.Set`: `key:value` pairs.
pub(crate) fn colon_multimap(value: &str) -> Result<Vec<(String, String)>, GoValueError> {
    pairs(value, ':', true)
}

/// The pair syntax the cliflag map types share: comma-separated `key<sep>value` pieces, empty
/// pieces skipped, both sides trimmed; a piece without the separator is
/// `malformed pair, expect string<sep>string`.
fn pairs(value: &str, sep: char, split: bool) -> Result<Vec<(String, String)>, GoValueError> {
    let pieces: Vec<&str> = if split {
        value.split(',').collect()
    } else {
        vec![value]
    };
    let mut out = Vec::new();
    for s in pieces.into_iter().filter(|s| !s.is_empty()) {
        let Some((k, v)) = s.split_once(sep) else {
            return Err(GoValueError::new(format!(
                "malformed pair, expect string{sep}string"
            )));
        };
        out.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok(out)
}

pub(crate) fn reserved_memory(value: &str) -> Result<Vec<Value>, GoValueError> {
    let mut out = Vec::new();
    if value.is_empty() {
        return Ok(out);
    }
    for reservation in value.split(';') {
        let Some((node, types)) = reservation
            .split_once(':')
            .filter(|(_, t)| !t.contains(':'))
        else {
            return Err(GoValueError::new(format!("the reserved memory has incorrect format, expected numaNodeID:type=quantity[,type=quantity...], got {reservation}")));
        };
        let numa: i32 = node.parse().map_err(|_| {
            GoValueError::new(format!(
                "failed to convert the NUMA node ID, exptected integer, got {node}"
            ))
        })?;
        let mut limits = Map::new();
        for t in types.split(',') {
            let parts: Vec<&str> = t.split('=').collect();
            let [name, q] = parts.as_slice() else {
                return Err(GoValueError::new(format!(
                    "the reserved limit has incorrect value, expected type=quantatity, got {t}"
                )));
            };
            if *name != "memory" && !name.starts_with("hugepages-") {
                return Err(GoValueError::new(format!(
                    "memory type conversion error, unknown type: {}",
                    crate::go::quote(name)
                )));
            }
            limits.insert((*name).to_string(), json!(q));
        }
        out.push(json!({"numaNode": numa, "limits": limits}));
    }
    Ok(out)
}

pub(crate) fn taints(value: &str) -> Result<Vec<Value>, GoValueError> {
    let mut out = Vec::new();
    for spec in value.split(',') {
        if spec.is_empty() {
            continue;
        }
        let Some((kv, effect)) = spec.rsplit_once(':') else {
            return Err(GoValueError::new(format!("invalid taint spec: {spec}")));
        };
        if !matches!(effect, "NoSchedule" | "PreferNoSchedule" | "NoExecute") {
            return Err(GoValueError::new(format!(
                "invalid taint effect: {effect}, unsupported taint effect"
            )));
        }
        let mut t = Map::new();
        match kv.split_once('=') {
            Some((k, v)) => {
                t.insert("key".into(), json!(k));
                t.insert("value".into(), json!(v));
            }
            None => {
                t.insert("key".into(), json!(kv));
            }
        }
        t.insert("effect".into(), json!(effect));
        out.push(Value::Object(t));
    }
    Ok(out)
}

pub(crate) fn vmodule(value: &str) -> Result<Vec<Value>, GoValueError> {
    let mut out = Vec::new();
    for pat in value.split(',') {
        if pat.is_empty() {
            continue;
        }
        let Some((p, v)) = pat.split_once('=') else {
            return Err(GoValueError::new(format!(
                "{} does not have the pattern=N format",
                crate::go::quote(pat)
            )));
        };
        let n: u32 = v.parse().map_err(|_| {
            GoValueError::new(format!(
                "parsing verbosity in {}: strconv.ParseUint: parsing {}: invalid syntax",
                crate::go::quote(pat),
                crate::go::quote(v)
            ))
        })?;
        out.push(json!({"filePattern": p, "verbosity": n}));
    }
    Ok(out)
}
