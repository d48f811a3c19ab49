//! The kubelet command line: which flags exist, how pflag reads them, how each one writes its
//! configuration field.
//!
//! Upstream: `cmd/kubelet/app/options/options.go` (`KubeletFlags.AddFlags`,
//! `AddKubeletConfigFlags`), `k8s.io/component-base/cli/flag` (`MapStringBool`,
//! `MapStringString`, `LangleSeparatedMapStringString`, `ColonSeparatedMultimapStringString`),
//! `pkg/util/flag` (`IPVar`, `ReservedMemoryVar`, `RegisterWithTaintsVar`) and
//! `github.com/spf13/pflag` (parsing and its error texts). The kubelet normalizes `_` to `-`
//! in flag names (`cliflag.WordSepNormalizeFunc`).
//!
//! Parsing is separated from applying because the kubelet applies the same command line twice:
//! once onto the defaults, and once more ("flag precedence") onto the merged file + drop-in
//! configuration. Applying works on the configuration's JSON form so that each flag is a write
//! to one path, which is also what provenance records.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::duration::Duration;
use crate::releases::kubelet_flags::{self, FlagRecord};
use crate::releases::Release;
use crate::version::Version;

/// How a flag's value is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Bool,
    Int32,
    /// pflag `int64`, and Go `int` (64 bits on every platform the kubelet ships for).
    Int64,
    /// `uint64` (`--log-file-max-size`), `strconv.ParseUint(s, 0, 64)`.
    Uint64,
    /// pflag `float64` (`--chaos-chance`).
    Float64,
    Str,
    Dur,
    StringSlice,
    /// `cliflag.MapStringBool` (`--feature-gates`).
    MapBool,
    /// `cliflag.MapStringString`, comma-split.
    MapStr,
    /// `cliflag.NewMapStringStringNoSplit`: one pair per occurrence.
    MapStrNoSplit,
    /// `cliflag.LangleSeparatedMapStringString` (`memory.available<100Mi`).
    MapLangle,
    /// `cliflag.ColonSeparatedMultimapStringString` (`--manifest-url-header`).
    ColonMultimap,
    /// `cliflag.ConfigurationMap` (`--node-labels`): a piece without `=` is a key with an empty
    /// value.
    ConfigMap,
    Ip,
    ReservedMemory,
    Taints,
    /// component-base `VModuleConfiguration` (1.23+).
    VModule,
    /// component-base `VerbosityLevel` (1.23+): `strconv.ParseUint(s, 10, 31)`.
    Verbosity,
    /// klog's `Level` (up to 1.22): `strconv.ParseInt(s, 10, 32)`.
    KlogLevel,
    /// klog's `moduleSpec` (up to 1.22).
    KlogVModule,
    /// `--version`: a string with `NoOptDefVal` "true".
    Version,
}

/// One registered flag, as one release registered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagDef {
    pub name: &'static str,
    pub shorthand: Option<char>,
    pub kind: Kind,
    /// The configuration field it writes (dotted JSON path), or `None` for a `KubeletFlags`
    /// (non-configuration) flag.
    pub target: Option<&'static str>,
    /// Marked deprecated (pflag prints `Flag --x has been deprecated, ...`), with this release's
    /// message.
    pub deprecated: Option<&'static str>,
}

fn def_of(rec: &'static FlagRecord, release: Release) -> Option<FlagDef> {
    let span = rec.at(release)?;
    Some(FlagDef {
        name: rec.name,
        shorthand: rec.shorthand,
        kind: span.kind,
        target: span.target,
        deprecated: span.deprecated,
    })
}

/// Looks a flag up by its (normalized) long name as `release`'s kubelet registered it: flags
/// that did not exist yet, or no longer exist, are unknown.
pub fn lookup(name: &str, release: Release) -> Option<FlagDef> {
    def_of(kubelet_flags::record(name)?, release)
}

/// Whether the flag was a boolean in any release (so `--x v` does not take `v` as its value).
pub fn record_kind_is_bool(name: &str) -> bool {
    kubelet_flags::record(name).is_some_and(|r| r.spans.iter().any(|s| s.kind == Kind::Bool))
}

/// Looks a shorthand up as `release`'s kubelet registered it.
pub fn lookup_shorthand(c: char, release: Release) -> Option<FlagDef> {
    kubelet_flags::FLAGS
        .iter()
        .filter(|r| r.shorthand == Some(c))
        .find_map(|r| def_of(r, release))
}

/// One flag occurrence on the command line, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct FlagArg {
    pub name: &'static str,
    pub value: String,
    /// How the release read it.
    pub kind: Kind,
    /// The configuration field it writes in that release, if any.
    pub target: Option<&'static str>,
    /// Position in `args` (0-based), for provenance.
    pub index: usize,
}

/// A parsed command line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CommandLine {
    pub flags: Vec<FlagArg>,
    /// Non-flag arguments.
    pub rest: Vec<String>,
    /// pflag's deprecation notices.
    pub warnings: Vec<String>,
}

impl CommandLine {
    /// The last value given for a (non-configuration) flag.
    pub fn last(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|f| f.name == name)
            .map(|f| f.value.as_str())
    }
}

fn flag_display(def: &FlagDef) -> String {
    match def.shorthand {
        Some(c) => format!("-{c}, --{}", def.name),
        None => format!("--{}", def.name),
    }
}

fn invalid_arg(def: &FlagDef, value: &str, err: &str) -> String {
    format!(
        "invalid argument {} for {} flag: {err}",
        crate::go::quote(value),
        crate::go::quote(&flag_display(def))
    )
}

/// Parses `args` as pflag does (interspersed flags, `--` terminator, `--a=b`, `--a b`,
/// `-v=2`, `-v2`, `-v 2`, bool flags without a value). Values are checked by type here so the
/// error names the flag; applying happens later. Errors are pflag's texts.
/// The kubelet's release is that of `version`; a version outside the releases kubegate carries
/// is an error.
pub fn parse(args: &[String], version: &Version) -> Result<CommandLine, String> {
    let release = Release::of(version).map_err(|e| e.to_string())?;
    parse_release(args, release)
}

/// [`parse`] for a [`Release`].
pub fn parse_release(args: &[String], release: Release) -> Result<CommandLine, String> {
    let mut out = CommandLine::default();
    let mut i = 0;
    while let Some(s) = args.get(i) {
        let index = i;
        i += 1;
        if s.len() < 2 || !s.starts_with('-') {
            out.rest.push(s.clone());
            continue;
        }
        if s == "--" {
            out.rest
                .extend(args.get(i..).unwrap_or_default().iter().cloned());
            break;
        }
        if let Some(body) = s.strip_prefix("--") {
            if body.is_empty() || body.starts_with('-') || body.starts_with('=') {
                return Err(format!("bad flag syntax: {s}"));
            }
            let (raw_name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let name = raw_name.replace('_', "-");
            let def = lookup(&name, release).ok_or_else(|| format!("unknown flag: --{name}"))?;
            let value = match inline {
                Some(v) => v,
                None if def.kind == Kind::Bool || def.kind == Kind::Version => "true".to_string(),
                None => {
                    let Some(next) = args.get(i) else {
                        return Err(format!("flag needs an argument: {s}"));
                    };
                    i += 1;
                    next.clone()
                }
            };
            push(&mut out, def, value, index)?;
            continue;
        }
        // Shorthand cluster: -abc, -v=2, -v2, -v 2.
        let mut rest = &s[1..];
        while !rest.is_empty() {
            let c = rest.chars().next().unwrap_or('-');
            let after = &rest[c.len_utf8()..];
            let def = lookup_shorthand(c, release)
                .ok_or_else(|| format!("unknown shorthand flag: '{c}' in {s}"))?;
            let (value, remaining) = if let Some(v) = after.strip_prefix('=') {
                (v.to_string(), "")
            } else if def.kind == Kind::Bool {
                ("true".to_string(), after)
            } else if !after.is_empty() {
                (after.to_string(), "")
            } else if let Some(next) = args.get(i) {
                i += 1;
                (next.clone(), "")
            } else {
                return Err(format!("flag needs an argument: '{c}' in {s}"));
            };
            push(&mut out, def, value, index)?;
            rest = remaining;
        }
    }
    Ok(out)
}

fn push(out: &mut CommandLine, def: FlagDef, value: String, index: usize) -> Result<(), String> {
    check_value(&def, &value)?;
    if let Some(msg) = def.deprecated {
        out.warnings
            .push(format!("Flag --{} has been deprecated, {msg}", def.name));
    }
    out.flags.push(FlagArg {
        name: def.name,
        value,
        kind: def.kind,
        target: def.target,
        index,
    });
    Ok(())
}

/// Go's `strconv.ParseInt(s, 0, bits)`.
pub fn parse_go_int(s: &str, bits: u32) -> Result<i64, String> {
    let syntax = || {
        format!(
            "strconv.ParseInt: parsing {}: invalid syntax",
            crate::go::quote(s)
        )
    };
    let range = || {
        format!(
            "strconv.ParseInt: parsing {}: value out of range",
            crate::go::quote(s)
        )
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
pub fn parse_go_uint(s: &str, base: u32, bits: u32) -> Result<u64, String> {
    let err = |what: &str| format!("strconv.ParseUint: parsing {}: {what}", crate::go::quote(s));
    if s.starts_with(['+', '-']) {
        return Err(err("invalid syntax"));
    }
    let v = if base == 0 {
        let v = parse_go_int(s, 64).map_err(|e| {
            if e.ends_with("value out of range") {
                err("value out of range")
            } else {
                err("invalid syntax")
            }
        });
        match v {
            Ok(v) => u64::try_from(v).map_err(|_| err("invalid syntax"))?,
            // Beyond i64 but maybe within u64: decimal digits only.
            Err(e)
                if e.ends_with("value out of range") && s.bytes().all(|b| b.is_ascii_digit()) =>
            {
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
pub fn parse_dec_int(s: &str, bits: u32) -> Result<i64, String> {
    let err = |what: &str| format!("strconv.ParseInt: parsing {}: {what}", crate::go::quote(s));
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err("invalid syntax"));
    }
    parse_go_int(s, bits).map_err(|_| err("value out of range"))
}

/// Go's `strconv.ParseFloat(s, 64)` for the decimal forms (`1`, `.5`, `1e-3`, `inf`, `NaN`).
pub fn parse_go_float(s: &str) -> Result<f64, String> {
    let lower = s.to_ascii_lowercase();
    let body = lower.trim_start_matches(['+', '-']);
    let named = matches!(body, "inf" | "infinity" | "nan");
    let plain = !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'+' | b'-' | b'_'));
    if !(named || plain) || body.contains('_') {
        return Err(format!(
            "strconv.ParseFloat: parsing {}: invalid syntax",
            crate::go::quote(s)
        ));
    }
    s.parse::<f64>().map_err(|_| {
        format!(
            "strconv.ParseFloat: parsing {}: invalid syntax",
            crate::go::quote(s)
        )
    })
}

/// Go's `strconv.ParseBool`.
pub fn parse_go_bool(s: &str) -> Result<bool, String> {
    match s {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err(format!(
            "strconv.ParseBool: parsing {}: invalid syntax",
            crate::go::quote(s)
        )),
    }
}

fn check_value(def: &FlagDef, value: &str) -> Result<(), String> {
    let r = match def.kind {
        Kind::Bool => parse_go_bool(value).map(|_| ()),
        Kind::Int32 => parse_go_int(value, 32).map(|_| ()),
        Kind::Int64 => parse_go_int(value, 64).map(|_| ()),
        Kind::Uint64 => parse_go_uint(value, 0, 64).map(|_| ()),
        Kind::Verbosity => parse_go_uint(value, 10, 31).map(|_| ()),
        Kind::KlogLevel => parse_dec_int(value, 32).map(|_| ()),
        Kind::Float64 => parse_go_float(value).map(|_| ()),
        Kind::KlogVModule => klog_vmodule(value).map(|_| ()),
        Kind::Dur => Duration::parse(value)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Kind::Ip => {
            if value.is_empty() || value.parse::<std::net::IpAddr>().is_ok() {
                Ok(())
            } else {
                Err(format!(
                    "{} is not a valid IP address",
                    crate::go::quote(value)
                ))
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
    };
    r.map_err(|e| invalid_arg(def, value, &e))
}

/// `MapStringBool.Set` pairs.
pub fn map_bool(value: &str) -> Result<Vec<(String, bool)>, String> {
    let mut out = Vec::new();
    for s in value.split(',') {
        if s.is_empty() {
            continue;
        }
        let Some((k, v)) = s.split_once('=') else {
            return Err("malformed pair, expect string=bool".to_string());
        };
        let (k, v) = (k.trim(), v.trim());
        let b = parse_go_bool(v).map_err(|e| format!("invalid value of {k}: {v}, err: {e}"))?;
        out.push((k.to_string(), b));
    }
    Ok(out)
}

/// `MapStringString.Set` pairs (split on commas unless `split` is false).
pub fn map_string(value: &str, split: bool) -> Result<Vec<(String, String)>, String> {
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
fn klog_vmodule(value: &str) -> Result<(), String> {
    const SYNTAX: &str = "syntax error: expect comma-separated list of filename=N";
    for pat in value.split(',').filter(|p| !p.is_empty()) {
        let parts: Vec<&str> = pat.split('=').collect();
        let [p, v] = parts.as_slice() else {
            return Err(SYNTAX.to_string());
        };
        if p.is_empty() || v.is_empty() {
            return Err(SYNTAX.to_string());
        }
        let n = parse_dec_int(v, 32).map_err(|_| SYNTAX.to_string())?;
        if n < 0 {
            return Err("negative value for vmodule level".to_string());
        }
    }
    Ok(())
}

/// `LangleSeparatedMapStringString.Set`: `key<value` pairs.
fn map_langle(value: &str) -> Result<Vec<(String, String)>, String> {
    pairs(value, '<', true)
}

/// `ColonSeparatedMultimapStringString.Set`: `key:value` pairs.
fn colon_multimap(value: &str) -> Result<Vec<(String, String)>, String> {
    pairs(value, ':', true)
}

/// The pair syntax the cliflag map types share: comma-separated `key<sep>value` pieces, empty
/// pieces skipped, both sides trimmed; a piece without the separator is
/// `malformed pair, expect string<sep>string`.
fn pairs(value: &str, sep: char, split: bool) -> Result<Vec<(String, String)>, String> {
    let pieces: Vec<&str> = if split {
        value.split(',').collect()
    } else {
        vec![value]
    };
    let mut out = Vec::new();
    for s in pieces.into_iter().filter(|s| !s.is_empty()) {
        let Some((k, v)) = s.split_once(sep) else {
            return Err(format!("malformed pair, expect string{sep}string"));
        };
        out.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok(out)
}

fn reserved_memory(value: &str) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    if value.is_empty() {
        return Ok(out);
    }
    for reservation in value.split(';') {
        let Some((node, types)) = reservation
            .split_once(':')
            .filter(|(_, t)| !t.contains(':'))
        else {
            return Err(format!("the reserved memory has incorrect format, expected numaNodeID:type=quantity[,type=quantity...], got {reservation}"));
        };
        let numa: i32 = node.parse().map_err(|_| {
            format!("failed to convert the NUMA node ID, exptected integer, got {node}")
        })?;
        let mut limits = Map::new();
        for t in types.split(',') {
            let parts: Vec<&str> = t.split('=').collect();
            let [name, q] = parts.as_slice() else {
                return Err(format!(
                    "the reserved limit has incorrect value, expected type=quantatity, got {t}"
                ));
            };
            if *name != "memory" && !name.starts_with("hugepages-") {
                return Err(format!(
                    "memory type conversion error, unknown type: {}",
                    crate::go::quote(name)
                ));
            }
            limits.insert((*name).to_string(), json!(q));
        }
        out.push(json!({"numaNode": numa, "limits": limits}));
    }
    Ok(out)
}

fn taints(value: &str) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    for spec in value.split(',') {
        if spec.is_empty() {
            continue;
        }
        let Some((kv, effect)) = spec.rsplit_once(':') else {
            return Err(format!("invalid taint spec: {spec}"));
        };
        if !matches!(effect, "NoSchedule" | "PreferNoSchedule" | "NoExecute") {
            return Err(format!(
                "invalid taint effect: {effect}, unsupported taint effect"
            ));
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

fn vmodule(value: &str) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    for pat in value.split(',') {
        if pat.is_empty() {
            continue;
        }
        let Some((p, v)) = pat.split_once('=') else {
            return Err(format!(
                "{} does not have the pattern=N format",
                crate::go::quote(pat)
            ));
        };
        let n: u32 = v.parse().map_err(|_| {
            format!(
                "parsing verbosity in {}: strconv.ParseUint: parsing {}: invalid syntax",
                crate::go::quote(pat),
                crate::go::quote(v)
            )
        })?;
        out.push(json!({"filePattern": p, "verbosity": n}));
    }
    Ok(out)
}

/// Splits a dotted JSON path into segments.
pub fn segments(path: &str) -> Vec<&str> {
    path.split('.').collect()
}

fn set_path(root: &mut Value, path: &str, v: Value) {
    let mut cur = root;
    let segs = segments(path);
    for (i, seg) in segs.iter().enumerate() {
        if !cur.is_object() {
            *cur = Value::Object(Map::new());
        }
        let Value::Object(m) = cur else { return };
        if i + 1 == segs.len() {
            m.insert((*seg).to_string(), v);
            return;
        }
        cur = m
            .entry((*seg).to_string())
            .or_insert_with(|| Value::Object(Map::new()));
    }
}

fn get_path<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    segments(path).iter().try_fold(root, |v, s| v.get(*s))
}

/// What one application of the command line wrote: for each configuration path, the flag that
/// wrote it last (and its argument index).
pub type Written = BTreeMap<String, (&'static str, usize)>;

/// Applies every configuration flag of `cl` onto `config` (a KubeletConfiguration JSON), in
/// command-line order. Map flags start from an empty map at their first occurrence and then
/// accumulate, like `cliflag` map values bound to a fresh flag set.
pub fn apply(cl: &CommandLine, config: &mut Value) -> Written {
    let mut written = Written::new();
    let mut initialized: Vec<&str> = Vec::new();
    for arg in &cl.flags {
        let Some(target) = arg.target else { continue };
        let first = !initialized.contains(&arg.name);
        if first {
            initialized.push(arg.name);
        }
        let v = &arg.value;
        let new = match arg.kind {
            Kind::Bool => json!(parse_go_bool(v).unwrap_or(false)),
            Kind::Int32 | Kind::Int64 => json!(parse_go_int(v, 64).unwrap_or(0)),
            Kind::Uint64 => json!(parse_go_uint(v, 0, 64).unwrap_or(0)),
            Kind::Verbosity => json!(parse_go_uint(v, 10, 31).unwrap_or(0)),
            Kind::KlogLevel => json!(parse_dec_int(v, 32).unwrap_or(0)),
            Kind::Float64 => json!(parse_go_float(v).unwrap_or(0.0)),
            Kind::Dur => json!(Duration::parse(v).unwrap_or_default().to_string()),
            Kind::Str | Kind::Ip | Kind::Version => json!(v),
            Kind::StringSlice => {
                let mut list = if first {
                    Vec::new()
                } else {
                    get_path(config, target)
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default()
                };
                if !v.is_empty() {
                    list.extend(v.split(',').map(|s| json!(s)));
                }
                Value::Array(list)
            }
            Kind::MapBool
            | Kind::MapStr
            | Kind::MapStrNoSplit
            | Kind::MapLangle
            | Kind::ConfigMap => {
                let mut m = if first {
                    Map::new()
                } else {
                    get_path(config, target)
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default()
                };
                match arg.kind {
                    Kind::MapBool => {
                        for (k, b) in map_bool(v).unwrap_or_default() {
                            m.insert(k, json!(b));
                        }
                    }
                    Kind::MapLangle => {
                        for (k, s) in map_langle(v).unwrap_or_default() {
                            m.insert(k, json!(s));
                        }
                    }
                    Kind::ConfigMap => {
                        for (k, s) in configuration_map(v) {
                            m.insert(k, json!(s));
                        }
                    }
                    _ => {
                        for (k, s) in
                            map_string(v, arg.kind != Kind::MapStrNoSplit).unwrap_or_default()
                        {
                            m.insert(k, json!(s));
                        }
                    }
                }
                Value::Object(m)
            }
            Kind::ColonMultimap => {
                let mut m = if first {
                    Map::new()
                } else {
                    get_path(config, target)
                        .and_then(Value::as_object)
                        .cloned()
                        .unwrap_or_default()
                };
                for (k, s) in colon_multimap(v).unwrap_or_default() {
                    let entry = m.entry(k).or_insert_with(|| json!([]));
                    if let Value::Array(a) = entry {
                        a.push(json!(s));
                    }
                }
                Value::Object(m)
            }
            Kind::ReservedMemory => {
                let mut list = if first {
                    Vec::new()
                } else {
                    get_path(config, target)
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default()
                };
                list.extend(reserved_memory(v).unwrap_or_default());
                Value::Array(list)
            }
            Kind::Taints => Value::Array(taints(v).unwrap_or_default()),
            Kind::VModule | Kind::KlogVModule => Value::Array(vmodule(v).unwrap_or_default()),
        };
        set_path(config, target, new);
        written.insert(target.to_string(), (arg.name, arg.index));
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn pflag_errors() {
        let v = Version::new(1, 33);
        let cases: &[(&[&str], &str)] = &[
            (&["--foo"], "unknown flag: --foo"),
            (&["-x"], "unknown shorthand flag: 'x' in -x"),
            (&["--port"], "flag needs an argument: --port"),
            (&["-v"], "flag needs an argument: 'v' in -v"),
            (&["---port=1"], "bad flag syntax: ---port=1"),
            (
                &["--port=abc"],
                r#"invalid argument "abc" for "--port" flag: strconv.ParseInt: parsing "abc": invalid syntax"#,
            ),
            (
                &["--port=99999999999"],
                r#"invalid argument "99999999999" for "--port" flag: strconv.ParseInt: parsing "99999999999": value out of range"#,
            ),
            (
                &["--fail-swap-on=maybe"],
                r#"invalid argument "maybe" for "--fail-swap-on" flag: strconv.ParseBool: parsing "maybe": invalid syntax"#,
            ),
            (
                &["--sync-frequency=1x"],
                r#"invalid argument "1x" for "--sync-frequency" flag: time: unknown unit "x" in duration "1x""#,
            ),
            (
                &["--feature-gates=A"],
                r#"invalid argument "A" for "--feature-gates" flag: malformed pair, expect string=bool"#,
            ),
            (
                &["--feature-gates=A=yes"],
                r#"invalid argument "A=yes" for "--feature-gates" flag: invalid value of A: yes, err: strconv.ParseBool: parsing "yes": invalid syntax"#,
            ),
            (
                &["--kube-reserved=cpu"],
                r#"invalid argument "cpu" for "--kube-reserved" flag: malformed pair, expect string=string"#,
            ),
            (
                &["--eviction-hard=memory.available=1"],
                r#"invalid argument "memory.available=1" for "--eviction-hard" flag: malformed pair, expect string<string"#,
            ),
            (
                &["--address=nope"],
                r#"invalid argument "nope" for "--address" flag: "nope" is not a valid IP address"#,
            ),
            (&["--config-dir=/x"], "unknown flag: --config-dir"),
        ];
        for (a, want) in cases {
            let ver = if a[0].starts_with("--config-dir") {
                Version::new(1, 27)
            } else {
                v.clone()
            };
            assert_eq!(parse(&args(a), &ver).unwrap_err(), *want, "{a:?}");
        }
    }

    #[test]
    fn forms_and_normalization() {
        let v = Version::new(1, 33);
        let cl = parse(
            &args(&[
                "--port",
                "8080",
                "--read_only_port=0",
                "-v3",
                "--fail-swap-on",
                "run",
            ]),
            &v,
        )
        .unwrap();
        let names: Vec<_> = cl
            .flags
            .iter()
            .map(|f| (f.name, f.value.as_str()))
            .collect();
        assert_eq!(
            names,
            vec![
                ("port", "8080"),
                ("read-only-port", "0"),
                ("v", "3"),
                ("fail-swap-on", "true")
            ]
        );
        assert_eq!(cl.rest, vec!["run"]);
        assert_eq!(parse_go_int("0x10", 32), Ok(16));
        assert_eq!(parse_go_int("-2147483648", 32), Ok(-2147483648));
    }

    #[test]
    fn map_flags_replace_then_accumulate() {
        let v = Version::new(1, 33);
        let cl = parse(
            &args(&["--kube-reserved=cpu=2", "--kube-reserved=memory=1Gi"]),
            &v,
        )
        .unwrap();
        let mut cfg = json!({"kubeReserved": {"cpu": "1", "pid": "100"}});
        apply(&cl, &mut cfg);
        assert_eq!(cfg["kubeReserved"], json!({"cpu": "2", "memory": "1Gi"}));
    }
}
