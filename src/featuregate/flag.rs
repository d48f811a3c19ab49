//! The `--feature-gates` syntax: `Key1=true,Key2=false`.
//!
//! Upstream: `featureGate.Set` in `k8s.io/component-base/featuregate/feature_gate.go`.
//!
//! * The text is split on `,`; empty pieces are skipped, so `""`, `"A=true,"` and `",,"` are all
//!   fine.
//! * Each piece is split at its first `=`; key and value are trimmed of white space.
//! * A piece without `=` is `missing bool value for <key>`.
//! * Values are read with Go's `strconv.ParseBool`: `1 t T TRUE true True` and
//!   `0 f F FALSE false False`, nothing else (`yes` and `on` are errors).
//! * A key written twice keeps its last value.
//! * The first syntax error stops the parse before anything is stored.
//!
//! Beyond upstream, every entry and error carries the byte span of its piece so an editor can
//! underline it.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::error::Problem;
pub use super::error::Span;

/// One `Key=value` pair as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FlagEntry {
    pub feature: String,
    pub value: bool,
    /// Where the whole `Key=value` piece is.
    pub span: Span,
}

/// A syntax error and the piece it is in.
#[derive(Clone, Debug, PartialEq)]
pub struct FlagSyntaxError {
    pub problem: Box<Problem>,
    pub span: Span,
}

/// Go's `strconv.ParseBool`: the one reading of a boolean for every flag kubegate parses
/// (`--feature-gates` values here, the kubelet's bool flags and `MapStringBool` values).
pub fn parse_go_bool(text: &str) -> Result<bool, ParseBoolError> {
    match text {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
        _ => Err(ParseBoolError {
            text: text.to_string(),
        }),
    }
}

/// Go's `*strconv.NumError` from `ParseBool`; `Display` is Go's text,
/// `strconv.ParseBool: parsing "yes": invalid syntax`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseBoolError {
    /// The text that is not a boolean.
    pub text: String,
}

impl fmt::Display for ParseBoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "strconv.ParseBool: parsing {}: invalid syntax",
            crate::go::quote(&self.text)
        )
    }
}

impl std::error::Error for ParseBoolError {}

/// Parses a `--feature-gates` value into its entries, in the order written.
pub fn parse_entries(text: &str) -> Result<Vec<FlagEntry>, FlagSyntaxError> {
    let mut entries = Vec::new();
    let mut offset = 0;
    for piece in text.split(',') {
        let span = Span {
            start: offset,
            end: offset + piece.len(),
        };
        offset = span.end + 1;
        if piece.is_empty() {
            continue;
        }
        let (key, value) = match piece.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (piece.trim(), None),
        };
        let Some(value) = value else {
            return Err(FlagSyntaxError {
                problem: Box::new(Problem::MissingBoolValue {
                    feature: key.to_string(),
                }),
                span,
            });
        };
        let Ok(parsed) = parse_go_bool(value) else {
            return Err(FlagSyntaxError {
                problem: Box::new(Problem::InvalidBoolValue {
                    feature: key.to_string(),
                    value: value.to_string(),
                }),
                span,
            });
        };
        entries.push(FlagEntry {
            feature: key.to_string(),
            value: parsed,
            span,
        });
    }
    Ok(entries)
}

/// Parses a `--feature-gates` value into the map `Set` hands to `SetFromMap`.
pub fn parse_map(text: &str) -> Result<BTreeMap<String, bool>, FlagSyntaxError> {
    // Later entries win (inserted, not collected: see `FeatureGate::get_all`).
    let mut map = BTreeMap::new();
    for e in parse_entries(text)? {
        map.insert(e.feature, e.value);
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_skips_empty_pieces_and_keeps_the_last_duplicate() {
        let m = parse_map(" A = true ,,B=0,A=F,").unwrap();
        assert_eq!(m.get("A"), Some(&false));
        assert_eq!(m.get("B"), Some(&false));
        assert!(parse_map("").unwrap().is_empty());
    }

    #[test]
    fn errors_name_the_piece() {
        let e = parse_map("A=true,AllAlpha=banana").unwrap_err();
        assert_eq!(
            e.problem.to_string(),
            "invalid value of AllAlpha=banana, err: strconv.ParseBool: parsing \"banana\": invalid syntax"
        );
        assert_eq!(e.span, Span { start: 7, end: 22 });
        let e = parse_map("Foo").unwrap_err();
        assert_eq!(e.problem.to_string(), "missing bool value for Foo");
        assert!(parse_map("A=yes").is_err());
    }

    #[test]
    fn go_parse_bool_accepts_gos_spellings_only_and_says_what_go_says() {
        for t in ["1", "t", "T", "TRUE", "true", "True"] {
            assert_eq!(parse_go_bool(t), Ok(true), "{t}");
        }
        for t in ["0", "f", "F", "FALSE", "false", "False"] {
            assert_eq!(parse_go_bool(t), Ok(false), "{t}");
        }
        let e = parse_go_bool("yes").unwrap_err();
        assert_eq!(
            e.to_string(),
            "strconv.ParseBool: parsing \"yes\": invalid syntax"
        );
        assert!(parse_go_bool("on").is_err() && parse_go_bool(" true").is_err());
    }
}
