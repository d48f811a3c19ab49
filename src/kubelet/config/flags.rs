//! The kubelet's flags: which ones each release registered, and which configuration field each
//! one writes.
//!
//! Upstream: `cmd/kubelet/app/options/options.go` (`KubeletFlags.AddFlags`,
//! `AddKubeletConfigFlags`), as recorded per release in [`crate::releases::kubelet_flags`]. How
//! the command line is read is pflag's ([`super::pflag`]); how each value is read is its
//! type's ([`super::flagvalue`]).
//!
//! Parsing is separated from applying because the kubelet applies the same command line twice:
//! once onto the defaults, and once more ("flag precedence") onto the merged file + drop-in
//! configuration. Applying works on the configuration's JSON form so that each flag is a write
//! to one path, which is also what provenance records.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::flagvalue::{colon_multimap, map_langle, reserved_memory, taints, vmodule};
use super::pflag::{self, FlagSet};
use super::{KubeletConfigError, KubeletConfigStage};
use crate::duration::Duration;
use crate::releases::kubelet_flags::{self, FlagRecord};
use crate::releases::Release;
use crate::version::Version;

pub use super::flagvalue::{
    configuration_map, map_bool, map_string, parse_dec_int, parse_go_bool, parse_go_float,
    parse_go_int, parse_go_uint, Kind,
};
pub use super::pflag::{CommandLine, FlagArg, FlagDef, FlagError};

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

/// The flag set of one release's kubelet.
struct KubeletFlagSet(Release);

impl FlagSet for KubeletFlagSet {
    fn lookup(&self, name: &str) -> Option<FlagDef> {
        lookup(name, self.0)
    }
    fn lookup_shorthand(&self, c: char) -> Option<FlagDef> {
        lookup_shorthand(c, self.0)
    }
}

/// Parses `args` as the kubelet of `release` does; the error names the flag at fault.
pub fn parse_flags(args: &[String], release: Release) -> Result<CommandLine, FlagError> {
    pflag::parse(args, &KubeletFlagSet(release))
}

/// Parses `args` as pflag does (interspersed flags, `--` terminator, `--a=b`, `--a b`,
/// `-v=2`, `-v2`, `-v 2`, bool flags without a value). Values are checked by type here so the
/// error names the flag; applying happens later. Errors are pflag's texts.
/// The kubelet's release is that of `version`; a version outside the releases kubegate carries
/// is an error.
pub fn parse(args: &[String], version: &Version) -> Result<CommandLine, KubeletConfigError> {
    let release = Release::of(version).map_err(|e| {
        KubeletConfigError::new(e.to_string())
            .with_cause(e)
            .at_stage(KubeletConfigStage::Input)
    })?;
    parse_release(args, release).map_err(|e| {
        KubeletConfigError::on_flag(e.to_string(), e.flag().map(str::to_string))
            .with_cause(e)
            .at_stage(KubeletConfigStage::Flags)
    })
}

/// [`parse`] for a [`Release`].
pub fn parse_release(args: &[String], release: Release) -> Result<CommandLine, FlagError> {
    parse_flags(args, release)
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
        // Every value was read with its kind's reader when the command line was parsed
        // (`flagvalue::check`, which refused the command line otherwise), so reading it again
        // here cannot fail: each `unwrap_or` default below is unreachable. (`KlogVModule` is
        // checked with klog's own reader, but no release gives it a configuration field, so it
        // never gets here.)
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
                let mut list = accumulated(config, target, first, Value::as_array);
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
                let mut m = accumulated(config, target, first, Value::as_object);
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
                let mut m = accumulated(config, target, first, Value::as_object);
                for (k, s) in colon_multimap(v).unwrap_or_default() {
                    let entry = m.entry(k).or_insert_with(|| json!([]));
                    if let Value::Array(a) = entry {
                        a.push(json!(s));
                    }
                }
                Value::Object(m)
            }
            Kind::ReservedMemory => {
                let mut list = accumulated(config, target, first, Value::as_array);
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

/// What a repeatable flag adds to: nothing on its first occurrence on the command line (the
/// flag replaces the file's value), the value its earlier occurrences built after that.
fn accumulated<T: Clone + Default>(
    config: &Value,
    target: &str,
    first: bool,
    as_kind: impl Fn(&Value) -> Option<&T>,
) -> T {
    if first {
        return T::default();
    }
    // The first occurrence wrote a value of this kind at `target`: the default is unreachable.
    get_path(config, target)
        .and_then(as_kind)
        .cloned()
        .unwrap_or_default()
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
            assert_eq!(
                parse(&args(a), &ver).unwrap_err().to_string(),
                *want,
                "{a:?}"
            );
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
        // Base 10 means base 10: a leading zero is not octal (klog's `-v` up to 1.22).
        assert_eq!(parse_dec_int("010", 32), Ok(10));
        assert_eq!(parse_dec_int("-2147483648", 32), Ok(-2147483648));
        assert_eq!(
            parse_dec_int("2147483648", 32).unwrap_err().to_string(),
            r#"strconv.ParseInt: parsing "2147483648": value out of range"#
        );
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

    /// `apply` reads every value again with the reader `flagvalue::check` used, except for
    /// `KlogVModule`: that is only sound while no release gives such a flag a field.
    #[test]
    fn klog_vmodule_writes_no_field() {
        for rec in kubelet_flags::FLAGS {
            for span in rec.spans {
                if span.kind == Kind::KlogVModule {
                    assert_eq!(span.target, None, "--{}", rec.name);
                }
            }
        }
    }
}
