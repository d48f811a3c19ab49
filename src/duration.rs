//! Go `time.Duration` text: parsing like `time.ParseDuration`, printing like `Duration.String()`.
//!
//! Kubernetes writes every duration field (`metav1.Duration`) and duration flag in Go's text
//! form: `"40s"`, `"1m0s"`, `"1h30m"`, `"100ms"`. To accept exactly what the kubelet accepts, to
//! reject with the same error text (`time: invalid duration "abc"`), and to print a resolved
//! configuration the way `kubectl`/the kubelet would (`"5m0s"`, not `"5m"`), we reproduce both
//! directions of Go's `time` package (Go 1.2x semantics, unchanged since Go 1.15).

use std::fmt;

/// A signed duration in nanoseconds, as Go's `time.Duration`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration(pub i64);

/// A duration text Go would refuse; the text is Go's (`time: invalid duration "x"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DurationError(pub String);

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DurationError {}

pub const NANOSECOND: i64 = 1;
pub const MICROSECOND: i64 = 1_000;
pub const MILLISECOND: i64 = 1_000_000;
pub const SECOND: i64 = 1_000_000_000;
pub const MINUTE: i64 = 60 * SECOND;
pub const HOUR: i64 = 60 * MINUTE;

impl Duration {
    pub const ZERO: Duration = Duration(0);

    pub fn from_secs(s: i64) -> Self {
        Duration(s.saturating_mul(SECOND))
    }
    pub fn from_millis(ms: i64) -> Self {
        Duration(ms.saturating_mul(MILLISECOND))
    }
    pub fn from_mins(m: i64) -> Self {
        Duration(m.saturating_mul(MINUTE))
    }
    pub fn nanos(self) -> i64 {
        self.0
    }
    /// Seconds as a float, like Go's `Duration.Seconds()`.
    pub fn as_secs_f64(self) -> f64 {
        let sec = self.0 / SECOND;
        let nsec = self.0 % SECOND;
        sec as f64 + nsec as f64 / 1e9
    }

    /// Parses like Go's `time.ParseDuration`.
    pub fn parse(text: &str) -> Result<Self, DurationError> {
        parse(text).map(Duration)
    }
}

impl std::str::FromStr for Duration {
    type Err = DurationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Duration::parse(s)
    }
}

/// Go's `strconv.Quote` for the ASCII and printable cases that matter in error texts.
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn invalid(orig: &str) -> DurationError {
    DurationError(format!("time: invalid duration {}", go_quote(orig)))
}

fn unit_nanos(unit: &str) -> Option<u64> {
    Some(match unit {
        "ns" => NANOSECOND as u64,
        "us" | "\u{00b5}s" | "\u{03bc}s" => MICROSECOND as u64,
        "ms" => MILLISECOND as u64,
        "s" => SECOND as u64,
        "m" => MINUTE as u64,
        "h" => HOUR as u64,
        _ => return None,
    })
}

fn parse(orig: &str) -> Result<i64, DurationError> {
    let mut s = orig;
    let mut neg = false;
    if let Some(rest) = s.strip_prefix('-') {
        neg = true;
        s = rest;
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest;
    }
    if s == "0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid(orig));
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        // The next character must be [0-9.].
        let first = s.as_bytes().first().copied().unwrap_or(b'x');
        if !(first == b'.' || first.is_ascii_digit()) {
            return Err(invalid(orig));
        }
        let int_len = s.bytes().take_while(u8::is_ascii_digit).count();
        let (int_part, rest) = s.split_at(int_len);
        let mut v: u64 = 0;
        for d in int_part.bytes() {
            v = v
                .checked_mul(10)
                .and_then(|x| x.checked_add(u64::from(d - b'0')))
                .filter(|x| *x <= 1 << 63)
                .ok_or_else(|| invalid(orig))?;
        }
        let pre = int_len > 0;
        s = rest;
        let mut frac: u64 = 0;
        let mut scale: f64 = 1.0;
        let mut post = false;
        if let Some(rest) = s.strip_prefix('.') {
            let frac_len = rest.bytes().take_while(u8::is_ascii_digit).count();
            let (frac_part, rest2) = rest.split_at(frac_len);
            let mut overflow = false;
            for d in frac_part.bytes() {
                if overflow {
                    continue;
                }
                match frac
                    .checked_mul(10)
                    .and_then(|x| x.checked_add(u64::from(d - b'0')))
                {
                    Some(x) if x <= 1 << 63 => {
                        frac = x;
                        scale *= 10.0;
                    }
                    _ => overflow = true,
                }
            }
            post = frac_len > 0;
            s = rest2;
        }
        if !pre && !post {
            return Err(invalid(orig));
        }
        let unit_len = s
            .char_indices()
            .find(|(_, c)| *c == '.' || c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(s.len());
        if unit_len == 0 {
            return Err(DurationError(format!(
                "time: missing unit in duration {}",
                go_quote(orig)
            )));
        }
        let (unit, rest) = s.split_at(unit_len);
        s = rest;
        let unit = unit_nanos(unit).ok_or_else(|| {
            DurationError(format!(
                "time: unknown unit {} in duration {}",
                go_quote(unit),
                go_quote(orig)
            ))
        })?;
        if v > (1u64 << 63) / unit {
            return Err(invalid(orig));
        }
        v *= unit;
        if frac > 0 {
            v = v
                .checked_add((frac as f64 * (unit as f64 / scale)) as u64)
                .filter(|x| *x <= 1 << 63)
                .ok_or_else(|| invalid(orig))?;
        }
        total = total
            .checked_add(v)
            .filter(|x| *x <= 1 << 63)
            .ok_or_else(|| invalid(orig))?;
    }
    if neg {
        return Ok((total as i128).wrapping_neg() as i64);
    }
    if total > i64::MAX as u64 {
        return Err(invalid(orig));
    }
    Ok(total as i64)
}

fn fmt_frac(buf: &mut Vec<u8>, mut v: u64, prec: usize) -> u64 {
    // Trailing zeros of the fraction are dropped, as Go does.
    let mut digits = Vec::new();
    let mut printed = false;
    for _ in 0..prec {
        let digit = v % 10;
        printed = printed || digit != 0;
        if printed {
            digits.push(b'0' + digit as u8);
        }
        v /= 10;
    }
    if printed {
        digits.push(b'.');
    }
    digits.reverse();
    buf.extend_from_slice(&digits);
    v
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let neg = self.0 < 0;
        let mut u = self.0.unsigned_abs();
        let mut out = String::new();
        if neg {
            out.push('-');
        }
        if u < SECOND as u64 {
            if u == 0 {
                return f.write_str("0s");
            }
            let (prec, unit) = if u < MICROSECOND as u64 {
                (0, "ns")
            } else if u < MILLISECOND as u64 {
                (3, "\u{00b5}s")
            } else {
                (6, "ms")
            };
            let mut frac = Vec::new();
            u = fmt_frac(&mut frac, u, prec);
            out.push_str(&u.to_string());
            out.push_str(&String::from_utf8_lossy(&frac));
            out.push_str(unit);
            return f.write_str(&out);
        }
        let mut frac = Vec::new();
        u = fmt_frac(&mut frac, u, 9);
        let secs = u % 60;
        u /= 60;
        let mut tail = format!("{}{}s", secs, String::from_utf8_lossy(&frac));
        if u > 0 {
            let mins = u % 60;
            u /= 60;
            tail = format!("{mins}m{tail}");
            if u > 0 {
                tail = format!("{u}h{tail}");
            }
        }
        out.push_str(&tail);
        f.write_str(&out)
    }
}

impl serde::Serialize for Duration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> serde::Deserialize<'de> for Duration {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Duration;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a duration string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Duration, E> {
                Duration::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_go() {
        let cases: &[(&str, i64)] = &[
            ("0", 0),
            ("5s", 5 * SECOND),
            ("30s", 30 * SECOND),
            ("1478s", 1478 * SECOND),
            ("-5s", -5 * SECOND),
            ("+5s", 5 * SECOND),
            ("-0", 0),
            ("5.0s", 5 * SECOND),
            ("5.6s", 5 * SECOND + 600 * MILLISECOND),
            ("5.s", 5 * SECOND),
            (".5s", 500 * MILLISECOND),
            ("1.004s", SECOND + 4 * MILLISECOND),
            ("100.00100s", 100 * SECOND + MILLISECOND),
            ("10ns", 10),
            ("11us", 11 * MICROSECOND),
            ("12\u{00b5}s", 12 * MICROSECOND),
            ("12\u{03bc}s", 12 * MICROSECOND),
            ("13ms", 13 * MILLISECOND),
            ("14s", 14 * SECOND),
            ("15m", 15 * MINUTE),
            ("16h", 16 * HOUR),
            ("3h30m", 3 * HOUR + 30 * MINUTE),
            ("10.5s4m", 4 * MINUTE + 10 * SECOND + 500 * MILLISECOND),
            ("-2m3.4s", -(2 * MINUTE + 3 * SECOND + 400 * MILLISECOND)),
            (
                "1h2m3s4ms5us6ns",
                HOUR + 2 * MINUTE + 3 * SECOND + 4 * MILLISECOND + 5 * MICROSECOND + 6,
            ),
            ("9223372036854775807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
        ];
        for (text, want) in cases {
            assert_eq!(Duration::parse(text), Ok(Duration(*want)), "{text}");
        }
    }

    #[test]
    fn rejects_like_go() {
        let cases: &[(&str, &str)] = &[
            ("", r#"time: invalid duration """#),
            ("3", r#"time: missing unit in duration "3""#),
            ("-", r#"time: invalid duration "-""#),
            ("s", r#"time: invalid duration "s""#),
            (".", r#"time: invalid duration ".""#),
            ("-.", r#"time: invalid duration "-.""#),
            (".s", r#"time: invalid duration ".s""#),
            ("+.s", r#"time: invalid duration "+.s""#),
            ("1d", r#"time: unknown unit "d" in duration "1d""#),
            ("abc", r#"time: invalid duration "abc""#),
            (
                "9223372036854775808ns",
                r#"time: invalid duration "9223372036854775808ns""#,
            ),
            ("3000000h", r#"time: invalid duration "3000000h""#),
        ];
        for (text, want) in cases {
            assert_eq!(Duration::parse(text).unwrap_err().0, *want, "{text}");
        }
    }

    #[test]
    fn prints_like_go() {
        let cases: &[(i64, &str)] = &[
            (0, "0s"),
            (1, "1ns"),
            (1100, "1.1\u{00b5}s"),
            (2200 * MICROSECOND, "2.2ms"),
            (100 * MILLISECOND, "100ms"),
            (3300 * MILLISECOND, "3.3s"),
            (10 * SECOND, "10s"),
            (MINUTE, "1m0s"),
            (5 * MINUTE, "5m0s"),
            (4 * MINUTE + 5 * SECOND, "4m5s"),
            (4 * MINUTE + 5001 * MILLISECOND, "4m5.001s"),
            (2 * HOUR, "2h0m0s"),
            (5 * HOUR + 6 * MINUTE + 7001 * MILLISECOND, "5h6m7.001s"),
            (8 * MINUTE + 1, "8m0.000000001s"),
            (-SECOND, "-1s"),
            (i64::MAX, "2562047h47m16.854775807s"),
            (i64::MIN, "-2562047h47m16.854775808s"),
        ];
        for (n, want) in cases {
            assert_eq!(Duration(*n).to_string(), *want);
        }
    }
}
