//! Go `time.ParseDuration`, because Kubernetes writes every duration as a Go duration string.
//!
//! Kubelet flags and configuration fields (`fileCheckFrequency: 20s`, `httpCheckFrequency: 20s`)
//! are `metav1.Duration`, which is parsed by Go's `time.ParseDuration` (Go standard library,
//! `src/time/format.go`). We accept exactly what it accepts and print its exact error texts, so a
//! duration that the kubelet rejects is rejected here with the same message. The value is kept in
//! nanoseconds, like Go's `time.Duration` (an `int64`).

use std::fmt;

/// A Go `time.Duration`: signed nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Duration(pub i64);

impl Duration {
    pub const NANOSECOND: i64 = 1;
    pub const MICROSECOND: i64 = 1_000;
    pub const MILLISECOND: i64 = 1_000_000;
    pub const SECOND: i64 = 1_000_000_000;
    pub const MINUTE: i64 = 60 * Self::SECOND;
    pub const HOUR: i64 = 60 * Self::MINUTE;

    pub fn from_secs(s: i64) -> Duration {
        Duration(s.saturating_mul(Self::SECOND))
    }
    pub fn nanos(self) -> i64 {
        self.0
    }
}

/// Why a duration string was rejected; `Display` is Go's exact text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DurationError {
    message: String,
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DurationError {}

/// Go quotes the original input with `strconv.Quote`.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn invalid(orig: &str) -> DurationError {
    DurationError {
        message: format!("time: invalid duration {}", quote(orig)),
    }
}

fn unit_of(u: &str) -> Option<u64> {
    Some(match u {
        "ns" => 1,
        "us" | "µs" | "μs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60 * 1_000_000_000,
        "h" => 3600 * 1_000_000_000,
        _ => return None,
    })
}

/// Parses like Go's `time.ParseDuration`: `"300ms"`, `"-1.5h"`, `"2h45m"`, `"0"`.
pub fn parse_duration(orig: &str) -> Result<Duration, DurationError> {
    let mut s = orig;
    let mut neg = false;
    if let Some(rest) = s.strip_prefix('-') {
        neg = true;
        s = rest;
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest;
    }
    if s == "0" {
        return Ok(Duration(0));
    }
    if s.is_empty() {
        return Err(invalid(orig));
    }
    let mut total: u64 = 0;
    while !s.is_empty() {
        let first = s.as_bytes().first().copied().unwrap_or(0);
        if !(first == b'.' || first.is_ascii_digit()) {
            return Err(invalid(orig));
        }
        let int_len = s.bytes().take_while(u8::is_ascii_digit).count();
        let (int_part, rest) = s.split_at(int_len);
        let mut v: u64 = 0;
        for b in int_part.bytes() {
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
                .filter(|v| *v <= 1 << 63)
                .ok_or_else(|| invalid(orig))?;
        }
        s = rest;
        let mut frac: u64 = 0;
        let mut scale: f64 = 1.0;
        let mut had_frac_digits = false;
        if let Some(rest) = s.strip_prefix('.') {
            let frac_len = rest.bytes().take_while(u8::is_ascii_digit).count();
            let (f, rest2) = rest.split_at(frac_len);
            let mut overflow = false;
            for b in f.bytes() {
                if overflow {
                    continue;
                }
                match frac
                    .checked_mul(10)
                    .and_then(|x| x.checked_add(u64::from(b - b'0')))
                {
                    Some(x) if x <= 1 << 63 => {
                        frac = x;
                        scale *= 10.0;
                    }
                    _ => overflow = true,
                }
            }
            had_frac_digits = frac_len > 0;
            s = rest2;
        }
        if int_len == 0 && !had_frac_digits {
            return Err(invalid(orig));
        }
        let unit_len = s
            .char_indices()
            .find(|(_, c)| *c == '.' || c.is_ascii_digit())
            .map(|(i, _)| i)
            .unwrap_or(s.len());
        let (u, rest) = s.split_at(unit_len);
        if u.is_empty() {
            return Err(DurationError {
                message: format!("time: missing unit in duration {}", quote(orig)),
            });
        }
        let unit = unit_of(u).ok_or_else(|| DurationError {
            message: format!(
                "time: unknown unit {} in duration {}",
                quote(u),
                quote(orig)
            ),
        })?;
        s = rest;
        if v > (1u64 << 63) / unit {
            return Err(invalid(orig));
        }
        v *= unit;
        if frac > 0 {
            v += (frac as f64 * (unit as f64 / scale)) as u64;
            if v > 1 << 63 {
                return Err(invalid(orig));
            }
        }
        total = total
            .checked_add(v)
            .filter(|t| *t <= 1 << 63)
            .ok_or_else(|| invalid(orig))?;
    }
    if neg {
        return Ok(Duration((total as i128).wrapping_neg() as i64));
    }
    if total > (1 << 63) - 1 {
        return Err(invalid(orig));
    }
    Ok(Duration(total as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_go() {
        let cases: &[(&str, i64)] = &[
            ("0", 0),
            ("5s", 5 * Duration::SECOND),
            ("30s", 30 * Duration::SECOND),
            ("1478s", 1478 * Duration::SECOND),
            ("-5s", -5 * Duration::SECOND),
            ("+5s", 5 * Duration::SECOND),
            ("-0", 0),
            ("5.0s", 5 * Duration::SECOND),
            ("5.6s", 5 * Duration::SECOND + 600 * Duration::MILLISECOND),
            ("5.s", 5 * Duration::SECOND),
            (".5s", 500 * Duration::MILLISECOND),
            ("1.004s", Duration::SECOND + 4 * Duration::MILLISECOND),
            ("100.00100s", 100 * Duration::SECOND + Duration::MILLISECOND),
            ("10ns", 10),
            ("11us", 11 * Duration::MICROSECOND),
            ("12µs", 12 * Duration::MICROSECOND),
            ("13ms", 13 * Duration::MILLISECOND),
            ("15m", 15 * Duration::MINUTE),
            ("16h", 16 * Duration::HOUR),
            ("3h30m", 3 * Duration::HOUR + 30 * Duration::MINUTE),
            ("1h30m", 90 * Duration::MINUTE),
            (
                "39h9m14.425s",
                39 * Duration::HOUR + 9 * Duration::MINUTE + 14425 * Duration::MILLISECOND,
            ),
            ("9223372036854775807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
        ];
        for (s, want) in cases {
            assert_eq!(parse_duration(s), Ok(Duration(*want)), "{s}");
        }
    }

    #[test]
    fn errors_like_go() {
        let cases: &[(&str, &str)] = &[
            ("", "time: invalid duration \"\""),
            ("3", "time: missing unit in duration \"3\""),
            ("-", "time: invalid duration \"-\""),
            ("s", "time: invalid duration \"s\""),
            (".", "time: invalid duration \".\""),
            ("-.", "time: invalid duration \"-.\""),
            (".s", "time: invalid duration \".s\""),
            ("+.s", "time: invalid duration \"+.s\""),
            ("1d", "time: unknown unit \"d\" in duration \"1d\""),
            (
                "9223372036854775808ns",
                "time: invalid duration \"9223372036854775808ns\"",
            ),
        ];
        for (s, want) in cases {
            assert_eq!(
                parse_duration(s).map_err(|e| e.to_string()),
                Err(want.to_string()),
                "{s}"
            );
        }
    }
}
