//! How a Go flag set reads a command line: pflag's rules and its error texts.
//!
//! Upstream: `github.com/spf13/pflag` (`FlagSet.Parse`, `parseLongArg`, `parseShortArg`,
//! `NoOptDefVal`, `MarkDeprecated`), as the kubelet uses it: interspersed flags, `--` ends the
//! flags, `--a=b` and `--a b`, `-v=2`, `-v2` and `-v 2`, a bool (or `NoOptDefVal`) flag without
//! a value is `true`, and names are normalized `_` to `-` (`cliflag.WordSepNormalizeFunc`).
//!
//! Which flags exist is not this module's business: a [`FlagSet`] answers lookups, so the same
//! rules serve every release's kubelet (see [`super::flags`]).

use std::fmt;

use super::flagvalue::{self, GoValueError, Kind};

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

/// The flags a command registered, by long (normalized) name and by shorthand.
pub trait FlagSet {
    fn lookup(&self, name: &str) -> Option<FlagDef>;
    fn lookup_shorthand(&self, c: char) -> Option<FlagDef>;
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

/// A command line pflag refuses: its text, the flag it is about when one is named, and (for a
/// value the flag's parser refused) that parser's error as `source()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagError {
    /// pflag's exact text (`unknown flag: --foo`).
    message: String,
    /// The flag as the kubelet registered it (`--port`), or the argument as written when it is
    /// not a flag pflag could name (`---port=1`). `None` for a shorthand pflag does not know.
    flag: Option<String>,
    /// The value parser's refusal, for `invalid argument …`.
    cause: Option<GoValueError>,
}

impl FlagError {
    fn new(message: String, flag: Option<String>) -> Self {
        FlagError {
            message,
            flag,
            cause: None,
        }
    }

    /// Always [`KubeletConfigErrorKind::KubeletConfig`](super::KubeletConfigErrorKind): a
    /// command line refused is a kubelet that does not start.
    pub fn kind(&self) -> super::KubeletConfigErrorKind {
        super::KubeletConfigErrorKind::KubeletConfig
    }

    /// pflag's text, as `Display` prints it.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The flag at fault (`--port`), or the argument as written when pflag could not name a
    /// flag; `None` for an unknown shorthand.
    pub fn flag(&self) -> Option<&str> {
        self.flag.as_deref()
    }
}

impl fmt::Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FlagError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_ref().map(|e| e as _)
    }
}

/// How pflag names a flag in `invalid argument` errors: `-v, --v` when it has a shorthand.
fn flag_display(def: &FlagDef) -> String {
    match def.shorthand {
        Some(c) => format!("-{c}, --{}", def.name),
        None => format!("--{}", def.name),
    }
}

/// Parses `args` against `set` as pflag does. Values are checked by type here so the error
/// names the flag; applying them is the caller's business.
pub fn parse(args: &[String], set: &dyn FlagSet) -> Result<CommandLine, FlagError> {
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
            // `i` indexes the current argument, so `i..` is within `args`.
            out.rest
                .extend(args.get(i..).unwrap_or_default().iter().cloned());
            break;
        }
        if let Some(body) = s.strip_prefix("--") {
            if body.is_empty() || body.starts_with('-') || body.starts_with('=') {
                let raw = s.split('=').next().unwrap_or(s);
                return Err(FlagError::new(
                    format!("bad flag syntax: {s}"),
                    Some(raw.to_string()),
                ));
            }
            let (raw_name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let name = raw_name.replace('_', "-");
            let long = format!("--{name}");
            let Some(def) = set.lookup(&name) else {
                return Err(FlagError::new(format!("unknown flag: {long}"), Some(long)));
            };
            let value = match inline {
                Some(v) => v,
                None if def.kind == Kind::Bool || def.kind == Kind::Version => "true".to_string(),
                None => {
                    let Some(next) = args.get(i) else {
                        return Err(FlagError::new(
                            format!("flag needs an argument: {s}"),
                            Some(long),
                        ));
                    };
                    i += 1;
                    next.clone()
                }
            };
            push(&mut out, def, value, index)?;
            continue;
        }
        // Shorthand cluster: -abc, -v=2, -v2, -v 2.
        // `s` starts with the ASCII `-` and `c` is a whole char of `rest`, so both slices
        // exist: the empty defaults are unreachable.
        let mut rest = s.get(1..).unwrap_or_default();
        while let Some(c) = rest.chars().next() {
            let after = rest.get(c.len_utf8()..).unwrap_or_default();
            let Some(def) = set.lookup_shorthand(c) else {
                return Err(FlagError::new(
                    format!("unknown shorthand flag: '{c}' in {s}"),
                    None,
                ));
            };
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
                return Err(FlagError::new(
                    format!("flag needs an argument: '{c}' in {s}"),
                    None,
                ));
            };
            push(&mut out, def, value, index)?;
            rest = remaining;
        }
    }
    Ok(out)
}

/// Stores one occurrence: its value is read now (pflag calls `Value.Set` while parsing), and a
/// deprecated flag leaves pflag's notice.
fn push(out: &mut CommandLine, def: FlagDef, value: String, index: usize) -> Result<(), FlagError> {
    flagvalue::check(def.kind, &value).map_err(|err| FlagError {
        message: format!(
            "invalid argument {} for {} flag: {err}",
            crate::go::quote(&value),
            crate::go::quote(&flag_display(&def))
        ),
        flag: Some(format!("--{}", def.name)),
        cause: Some(err),
    })?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A flag set of three flags, to hold pflag's rules apart from any kubelet release.
    struct Three;

    const fn def(name: &'static str, shorthand: Option<char>, kind: Kind) -> FlagDef {
        FlagDef {
            name,
            shorthand,
            kind,
            target: None,
            deprecated: None,
        }
    }

    impl FlagSet for Three {
        fn lookup(&self, name: &str) -> Option<FlagDef> {
            [
                def("all", Some('a'), Kind::Bool),
                def("level", Some('v'), Kind::Int32),
                def("old-name", None, Kind::Str),
            ]
            .into_iter()
            .find(|d| d.name == name)
            .map(|d| FlagDef {
                deprecated: (d.name == "old-name").then_some("use --level"),
                ..d
            })
        }
        fn lookup_shorthand(&self, c: char) -> Option<FlagDef> {
            ["all", "level"]
                .into_iter()
                .filter_map(|n| self.lookup(n))
                .find(|d| d.shorthand == Some(c))
        }
    }

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn shorthand_clusters_bools_and_the_terminator() {
        let cl = parse(
            &args(&["-av3", "x", "--old_name", "y", "--", "--all"]),
            &Three,
        )
        .unwrap();
        let got: Vec<_> = cl
            .flags
            .iter()
            .map(|f| (f.name, f.value.as_str(), f.index))
            .collect();
        assert_eq!(
            got,
            vec![("all", "true", 0), ("level", "3", 0), ("old-name", "y", 2)]
        );
        assert_eq!(cl.rest, vec!["x", "--all"]);
        assert_eq!(
            cl.warnings,
            vec!["Flag --old-name has been deprecated, use --level"]
        );
    }

    #[test]
    fn errors_name_the_flag_as_registered() {
        let e = parse(&args(&["-v", "x"]), &Three).unwrap_err();
        assert_eq!(
            e.to_string(),
            r#"invalid argument "x" for "-v, --level" flag: strconv.ParseInt: parsing "x": invalid syntax"#
        );
        assert_eq!(e.flag(), Some("--level"));
        assert_eq!(
            std::error::Error::source(&e).map(ToString::to_string),
            Some(r#"strconv.ParseInt: parsing "x": invalid syntax"#.to_string())
        );
        let e = parse(&args(&["--nope=1"]), &Three).unwrap_err();
        assert_eq!(
            (e.message(), e.flag()),
            ("unknown flag: --nope", Some("--nope"))
        );
        let e = parse(&args(&["-z"]), &Three).unwrap_err();
        assert_eq!(
            (e.message(), e.flag()),
            ("unknown shorthand flag: 'z' in -z", None)
        );
    }
}
