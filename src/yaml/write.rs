//! JSON values back into YAML, as `sigs.k8s.io/yaml`'s `JSONToYAML` (go-yaml v2's encoder)
//! writes them, so that what kubegate prints can be compared line for line with what Kubernetes
//! tools print and read back by any YAML 1.1 reader to the same JSON.
//!
//! What carries over from go-yaml v2:
//! * Block style throughout; a sequence under a mapping key is not indented; a mapping or a
//!   sequence in a sequence starts on the dash's line; empty collections are `{}` and `[]`.
//! * A string is plain unless plain would read back as something else (`"yes"`, `"0755"`,
//!   `"1.5"`, `""`, `"null"`: double-quoted, as the encoder asks when the YAML 1.1 resolver would
//!   give another type) or plain cannot hold it (leading indicators, `": "`, `" #"`, edge spaces:
//!   single-quoted, as the emitter falls back); a string with line breaks is a literal block
//!   (`|-`, `|`, `|+` by its trailing breaks); a string with characters YAML cannot show raw is
//!   double-quoted with YAML's escapes.
//! * Floats are written as Go's `strconv.FormatFloat(f, 'g', -1, 64)` (`1e+06`, `0.5`).
//!
//! Not carried over: go-yaml folds long plain and quoted strings at 80 columns and writes keys
//! longer than 128 characters as `? ` complex keys; we write both on one line, which every reader
//! takes for the same value. Keys keep the value's own order (serde_json's, which is sorted unless
//! the `preserve_order` feature is on; `JSONToYAML` sorts them too).

use serde_json::{Map, Number, Value};

use super::{printable, resolve_plain};

/// A JSON value as YAML text, ending in a newline.
pub fn to_string(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(m) if !m.is_empty() => map(m, 0, false, &mut out),
        Value::Array(a) if !a.is_empty() => seq(a, 0, false, &mut out),
        other => {
            scalar(other, 0, &mut out);
            out.push('\n');
        }
    }
    out
}

fn pad(indent: usize, out: &mut String) {
    out.extend(std::iter::repeat_n(' ', indent));
}

/// A block mapping at `indent`; `inline` when its first key follows a sequence dash.
fn map(m: &Map<String, Value>, indent: usize, inline: bool, out: &mut String) {
    for (i, (k, v)) in m.iter().enumerate() {
        if i > 0 || !inline {
            pad(indent, out);
        }
        key(k, out);
        out.push(':');
        match v {
            Value::Object(inner) if !inner.is_empty() => {
                out.push('\n');
                map(inner, indent + 2, false, out);
            }
            Value::Array(items) if !items.is_empty() => {
                out.push('\n');
                seq(items, indent, false, out);
            }
            other => {
                out.push(' ');
                scalar(other, indent + 2, out);
                out.push('\n');
            }
        }
    }
}

/// A block sequence at `indent`; `inline` when its first dash follows an outer dash.
fn seq(items: &[Value], indent: usize, inline: bool, out: &mut String) {
    for (i, v) in items.iter().enumerate() {
        if i > 0 || !inline {
            pad(indent, out);
        }
        out.push_str("- ");
        match v {
            Value::Object(inner) if !inner.is_empty() => map(inner, indent + 2, true, out),
            Value::Array(inner) if !inner.is_empty() => seq(inner, indent + 2, true, out),
            other => {
                scalar(other, indent + 2, out);
                out.push('\n');
            }
        }
    }
}

/// A scalar (or an empty collection); `block_indent` is where a literal block's lines go.
fn scalar(v: &Value, block_indent: usize, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => number(n, out),
        Value::String(s) => string(s, block_indent, false, out),
        Value::Array(_) => out.push_str("[]"),
        Value::Object(_) => out.push_str("{}"),
    }
}

fn key(k: &str, out: &mut String) {
    string(k, 0, true, out);
}

/// Integers as written; floats as go-yaml writes a float64.
fn number(n: &Number, out: &mut String) {
    if n.is_i64() || n.is_u64() {
        out.push_str(&n.to_string());
        return;
    }
    let Some(f) = n.as_f64() else {
        out.push_str(&n.to_string());
        return;
    };
    out.push_str(&go_float(f));
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64)` for a finite float.
pub(crate) fn go_float(f: f64) -> String {
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    let (sign, digits, exp) = shortest_digits(f);
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{frac}e{esign}{:02}", exp.unsigned_abs());
    }
    let point = exp + 1; // digits before the decimal point
    let text = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else {
        let point = point.unsigned_abs() as usize;
        if digits.len() <= point {
            format!("{digits}{}", "0".repeat(point - digits.len()))
        } else {
            let (int, frac) = digits.split_at(point);
            format!("{int}.{frac}")
        }
    };
    format!("{sign}{text}")
}

/// The sign, the shortest round-tripping significant digits and the decimal exponent of the
/// first digit of a finite, non-zero float: `-0.00012345` is `("-", "12345", -4)`.
///
/// The digits are serde_json's float writer's (zmij, in every build for JSON output): the
/// shortest that read back as the float and, of two such equally near its exact value, the even
/// one, as Go's `strconv` picks them. Rust's own `{:e}` rounds that tie up instead
/// (`667082108456853.25` is `6670821084568532` in Go and `6670821084568533` in Rust), and its
/// formatting code would be in the wasm for this writer alone.
fn shortest_digits(f: f64) -> (&'static str, String, i32) {
    let sign = if f < 0.0 { "-" } else { "" };
    // The caller passes a finite float, which is always a JSON number.
    let text = serde_json::Number::from_f64(f.abs())
        .map(|n| n.to_string())
        .unwrap_or_default();
    let (digits, exp) = decimal(&text);
    (sign, digits, exp)
}

/// The significant digits (without leading or trailing zeros) of an unsigned decimal text
/// (`123.4`, `0.00012`, `1.5e+20`, `1e-7`) and the decimal exponent of the first of them.
fn decimal(text: &str) -> (String, i32) {
    let (mantissa, exp) = text.split_once(['e', 'E']).unwrap_or((text, "0"));
    // An exponent serde_json wrote: within ±324, so it parses.
    let exp: i32 = exp.parse().unwrap_or(0);
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{int}{frac}");
    let significant = all.trim_start_matches('0');
    let leading = all.len() - significant.len();
    // Both lengths are those of a float's digits (a few hundred at most): the 0s are
    // unreachable.
    let place = i32::try_from(int.len()).unwrap_or(0) - 1 - i32::try_from(leading).unwrap_or(0);
    (significant.trim_end_matches('0').to_string(), exp + place)
}

enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

/// The style go-yaml v2 ends up with for a string (the encoder's wish, then the emitter's
/// `analyze_scalar` and `select_scalar_style`).
fn style(s: &str, is_key: bool) -> Style {
    let breaks = s.contains('\n');
    // `.inf` and `.nan` are floats to go-yaml; our reader keeps them as text only because JSON
    // cannot hold them.
    let special_float = super::special_float(s);
    let resolves_to_string =
        matches!(resolve_plain(s), Value::String(_)) && !base60_float(s) && !special_float;
    let wanted = if breaks {
        Style::Literal
    } else if resolves_to_string {
        Style::Plain
    } else {
        return Style::Double;
    };

    let mut flow_indicators = false;
    let mut block_indicators = false;
    let mut special = false;
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    if s.starts_with("---") || s.starts_with("...") {
        flow_indicators = true;
        block_indicators = true;
    }
    let chars: Vec<char> = s.chars().collect();
    let mut preceded_by_whitespace = true;
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let followed_by_whitespace = next.is_none_or(|n| matches!(n, ' ' | '\t' | '\n'));
        let last = i + 1 == chars.len();
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                '?' | ':' => {
                    flow_indicators = true;
                    block_indicators |= followed_by_whitespace;
                }
                '-' if followed_by_whitespace => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                _ => {}
            }
        } else {
            match c {
                ',' | '?' | '[' | ']' | '{' | '}' => flow_indicators = true,
                ':' => {
                    flow_indicators = true;
                    block_indicators |= followed_by_whitespace;
                }
                '#' if preceded_by_whitespace => {
                    flow_indicators = true;
                    block_indicators = true;
                }
                _ => {}
            }
        }
        if !printable(c) {
            special = true;
        }
        if c == ' ' {
            leading_space |= i == 0;
            trailing_space |= last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if c == '\n' {
            leading_break |= i == 0;
            trailing_break |= last;
            space_break |= previous_space;
            previous_break = true;
            previous_space = false;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = matches!(c, ' ' | '\t' | '\n');
    }
    // Block context only (nothing here writes flow collections): flow indicators do not matter.
    let _ = flow_indicators;
    let mut plain_allowed = !block_indicators;
    let mut single_allowed = true;
    let mut block_allowed = true;
    if leading_space || leading_break || trailing_space || trailing_break {
        plain_allowed = false;
    }
    if trailing_space {
        block_allowed = false;
    }
    if break_space {
        plain_allowed = false;
        single_allowed = false;
    }
    if space_break || special {
        plain_allowed = false;
        single_allowed = false;
        block_allowed = false;
    }
    if breaks {
        plain_allowed = false;
    }
    match wanted {
        Style::Literal if block_allowed && !is_key => Style::Literal,
        Style::Literal => Style::Double,
        _ if s.is_empty() => Style::Double,
        _ if plain_allowed => Style::Plain,
        _ if single_allowed => Style::Single,
        _ => Style::Double,
    }
}

/// go-yaml v2 quotes strings that YAML 1.1's sexagesimal floats would read (`1:20`, `-3:25:45`).
fn base60_float(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let mut parts = body.split(':');
    let Some(first) = parts.next() else {
        return false;
    };
    let rest: Vec<&str> = parts.collect();
    let Some((last, middle)) = rest.split_last() else {
        return false;
    };
    let int_ok = !first.is_empty()
        && first.bytes().all(|b| b.is_ascii_digit() || b == b'_')
        && first
            .bytes()
            .next()
            .is_some_and(|b| (b'1'..=b'9').contains(&b));
    let middle_ok = middle.iter().all(|m| sixty(m));
    let (whole, frac) = last.split_once('.').unwrap_or((last, ""));
    int_ok && middle_ok && sixty(whole) && frac.bytes().all(|b| b.is_ascii_digit() || b == b'_')
}

fn sixty(s: &str) -> bool {
    let b = s.as_bytes();
    match b {
        [d] => d.is_ascii_digit(),
        [t, d] => (b'0'..=b'5').contains(t) && d.is_ascii_digit(),
        _ => false,
    }
}

fn string(s: &str, block_indent: usize, is_key: bool, out: &mut String) {
    match style(s, is_key) {
        Style::Plain => out.push_str(s),
        Style::Single => {
            out.push('\'');
            out.push_str(&s.replace('\'', "''"));
            out.push('\'');
        }
        Style::Double => double(s, out),
        Style::Literal => literal(s, block_indent, out),
    }
}

fn double(s: &str, out: &mut String) {
    use std::fmt::Write;
    out.push('"');
    for c in s.chars() {
        // The one-letter escapes, as a letter: one push for all of them rather than a string
        // constant each.
        let letter = match c {
            '"' => '"',
            '\\' => '\\',
            '\0' => '0',
            '\u{7}' => 'a',
            '\u{8}' => 'b',
            '\t' => 't',
            '\n' => 'n',
            '\u{b}' => 'v',
            '\u{c}' => 'f',
            '\r' => 'r',
            '\u{1b}' => 'e',
            '\u{85}' => 'N',
            '\u{a0}' => '_',
            '\u{2028}' => 'L',
            '\u{2029}' => 'P',
            c if printable(c) => {
                out.push(c);
                continue;
            }
            c => {
                let n = c as u32;
                let (kind, width) = match n {
                    0..=0xff => ('x', 2),
                    0x100..=0xffff => ('u', 4),
                    _ => ('U', 8),
                };
                let _ = write!(out, "\\{kind}{n:0width$X}");
                continue;
            }
        };
        out.push('\\');
        out.push(letter);
    }
    out.push('"');
}

/// A literal block: `|` with go-yaml's chomping (`-` no final break, `+` more than one) and an
/// indentation indicator when the text starts with a space or a break.
fn literal(s: &str, indent: usize, out: &mut String) {
    out.push('|');
    if s.starts_with([' ', '\n']) {
        out.push('2');
    }
    if !s.ends_with('\n') {
        out.push('-');
    } else if s.len() == 1 || s.ends_with("\n\n") {
        out.push('+');
    }
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            pad(indent, out);
            out.push_str(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits (without the point or sign) and the exponent of Rust's `{:e}` text of a float.
    fn scientific(text: &str) -> (String, i32) {
        let (mantissa, exp) = text.split_once('e').unwrap_or((text, "0"));
        let digits = mantissa.chars().filter(char::is_ascii_digit).collect();
        (digits, exp.parse().unwrap_or(0))
    }
    use serde_json::json;

    #[test]
    fn block_layout_as_go_yaml_writes_it() {
        let v = json!({
            "a": {"b": [1, {"c": "x", "d": "z"}, [2, 3]], "e": {}},
            "f": [], "g": null, "h": [[], {}]
        });
        assert_eq!(
            to_string(&v),
            "a:\n  b:\n  - 1\n  - c: x\n    d: z\n  - - 2\n    - 3\n  e: {}\nf: []\ng: null\nh:\n- []\n- {}\n"
        );
        assert_eq!(to_string(&json!({})), "{}\n");
        assert_eq!(to_string(&json!([])), "[]\n");
        assert_eq!(to_string(&json!("x")), "x\n");
        assert_eq!(to_string(&json!([[["a"]]])), "- - - a\n");
    }

    #[test]
    fn quotes_only_what_would_read_back_differently() {
        for (s, want) in [
            ("0.0.0.0", "0.0.0.0"),
            ("2m0s", "2m0s"),
            ("10%", "10%"),
            ("unix:///run/x.sock", "unix:///run/x.sock"),
            ("0", "\"0\""),
            ("0755", "\"0755\""),
            ("1.5", "\"1.5\""),
            ("yes", "\"yes\""),
            ("Off", "\"Off\""),
            ("null", "\"null\""),
            ("~", "\"~\""),
            ("", "\"\""),
            ("1:20", "\"1:20\""),
            ("a: b", "'a: b'"),
            ("a #b", "'a #b'"),
            ("- x", "'- x'"),
            ("*x", "'*x'"),
            (" x", "' x'"),
            ("it's", "it's"),
            ("'q'", "'''q'''"),
            ("tab\there", "\"tab\\there\""),
            ("é", "é"),
        ] {
            assert_eq!(
                to_string(&json!({ "k": s })),
                format!("k: {want}\n"),
                "{s:?}"
            );
        }
    }

    #[test]
    fn multi_line_strings_are_literal_blocks() {
        assert_eq!(to_string(&json!({"a": "x\ny"})), "a: |-\n  x\n  y\n");
        assert_eq!(to_string(&json!({"a": "x\n"})), "a: |\n  x\n");
        assert_eq!(to_string(&json!({"a": "x\n\n"})), "a: |+\n  x\n\n");
        assert_eq!(
            to_string(&json!([{"a": "x\n\ny"}])),
            "- a: |-\n    x\n\n    y\n"
        );
        assert_eq!(to_string(&json!({"a": " x\ny"})), "a: |2-\n   x\n  y\n");
        // A space before a break cannot be a block: double quotes.
        assert_eq!(to_string(&json!({"a": "x \ny"})), "a: \"x \\ny\"\n");
    }

    #[test]
    fn floats_as_go_formats_them() {
        for (f, want) in [
            (1.5, "1.5"),
            (0.5, "0.5"),
            (1e6, "1e+06"),
            (123456.0, "123456"),
            (2.0, "2"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-1.25e-7, "-1.25e-07"),
            (1e21, "1e+21"),
            // Exactly halfway between two 16-digit candidates: Go rounds to the even one (Rust's
            // own formatting would write ...533).
            (6.670821084568533e14, "6.670821084568532e+14"),
        ] {
            assert_eq!(go_float(f), want, "{f}");
        }
    }

    /// Rust's shortest digits, except where the float is exactly halfway between two
    /// candidates of that length: there the even one, as Go writes it.
    #[test]
    fn shortest_digits_are_rusts_but_exact_ties_go_to_even() {
        assert_eq!(
            shortest_digits(6.670821084568533e14),
            ("", "6670821084568532".to_string(), 14)
        );
        assert_eq!(shortest_digits(-0.00012345), ("-", "12345".to_string(), -4));
        // A fixed sequence (xorshift64*), so every run checks the same floats.
        let mut state = 7u64;
        let mut next = || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let mut floats = vec![
            f64::MIN_POSITIVE,
            f64::MAX,
            5e-324,
            1e-7,
            1e21,
            0.1,
            6.670821084568533e14,
        ];
        floats.extend((0..5_000).map(|_| f64::from_bits(next())));
        // Powers of two: the interval that reads back is twice as wide above as below.
        floats.extend((-1074..1024).map(|e| 2f64.powi(e)));
        let mut ties = 0;
        for f in floats.into_iter().filter(|f| f.is_finite() && *f != 0.0) {
            let (sign, digits, exp) = shortest_digits(f);
            assert_eq!(sign == "-", f < 0.0);
            let first = exp - (digits.len() as i32 - 1);
            assert_eq!(format!("{digits}e{first}").parse::<f64>(), Ok(f.abs()));
            if (digits.clone(), exp) == scientific(&format!("{:e}", f.abs())) {
                continue;
            }
            ties += 1;
            let (exact, _) = scientific(&format!("{:.800e}", f.abs()));
            let exact = exact.trim_end_matches('0');
            assert_eq!(
                exact.len(),
                digits.len() + 1,
                "{f:e}: {digits} is not a tie"
            );
            assert!(exact.ends_with('5'), "{f:e}: {digits} is not a tie");
            assert!(
                digits.ends_with(['0', '2', '4', '6', '8']),
                "{f:e}: {digits}"
            );
        }
        assert!(ties > 0, "no tie among the floats checked");
    }

    #[test]
    fn round_trips_through_the_reader() {
        let v = json!({
            "a": {"b": [1, {"c": "yes", "d": ""}], "e": {}},
            "f": "10%", "g": "/var/lib", "h": [], "i": "on", "j": "1.5", "k": null,
            "l": "x\ny\n", "m": "a: b", "n": [["p", "q"], "- r"], "o": 2.5, "p": "tab\t",
            "q": "#c", "r": "x #y", "s": "0x1F", "t": "1e3", "u": "-", "v": "---", "w": ".inf",
            "x": "ctrl\u{1}", "y y": "\"", "z:": "x: ", "': '": -3
        });
        let text = to_string(&v);
        assert_eq!(super::super::parse(&text).unwrap().value, v, "{text}");
    }
}

#[cfg(test)]
mod double_escapes {
    use super::double;

    /// Every escape a double-quoted scalar is written with, as go-yaml writes them.
    #[test]
    fn each_escape_as_go_yaml_writes_it() {
        let mut out = String::new();
        double(
            "a\"\\\0\u{7}\u{8}\t\n\u{b}\u{c}\r\u{1b}\u{85}\u{a0}\u{2028}\u{2029}\u{1}\u{7f}\u{9f}\u{fffe}\u{feff}\u{10ffff}é",
            &mut out,
        );
        assert_eq!(
            out,
            "\"a\\\"\\\\\\0\\a\\b\\t\\n\\v\\f\\r\\e\\N\\_\\L\\P\\x01\\x7F\\x9F\\uFFFE\\uFEFF\u{10ffff}é\""
        );
    }
}
