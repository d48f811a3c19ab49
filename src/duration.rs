//! Durations as Kubernetes writes them: Go's `time.ParseDuration` syntax ("40s", "5m", "1h30m",
//! "1.5s", "100ms") and Go's `Duration.String` output ("1h30m0s").
//!
//! Kubernetes configuration (kubelet flags, `metav1.Duration` fields in component configs) reads
//! durations with Go's `time.ParseDuration` (Go standard library `time/format.go`), so users paste
//! exactly these strings. We keep nanoseconds, like Go, so every accepted string round-trips, and we
//! return Go's exact error texts.

use std::fmt;

use crate::go::quote;

/// A signed span of time in nanoseconds, as Go's `time.Duration`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Duration(pub i64);

/// Why a duration string was refused; `Display` is Go's text.
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

impl DurationError {
    /// Always [`ValueErrorKind::InvalidDuration`](crate::ValueErrorKind::InvalidDuration).
    pub fn kind(&self) -> crate::ValueErrorKind {
        crate::ValueErrorKind::InvalidDuration
    }
}

pub const NANOSECOND: i64 = Duration::NANOSECOND;
pub const MICROSECOND: i64 = Duration::MICROSECOND;
pub const MILLISECOND: i64 = Duration::MILLISECOND;
pub const SECOND: i64 = Duration::SECOND;
pub const MINUTE: i64 = Duration::MINUTE;
pub const HOUR: i64 = Duration::HOUR;

fn invalid(orig: &str) -> DurationError {
    DurationError {
        message: format!("time: invalid duration {}", quote(orig)),
    }
}

impl Duration {
    pub const ZERO: Duration = Duration(0);
    pub const NANOSECOND: i64 = 1;
    pub const MICROSECOND: i64 = 1_000;
    pub const MILLISECOND: i64 = 1_000_000;
    pub const SECOND: i64 = 1_000_000_000;
    pub const MINUTE: i64 = 60 * Self::SECOND;
    pub const HOUR: i64 = 60 * Self::MINUTE;

    pub fn from_secs(s: i64) -> Self {
        Duration(s.saturating_mul(SECOND))
    }

    pub fn from_millis(ms: i64) -> Self {
        Duration(ms.saturating_mul(MILLISECOND))
    }

    pub fn as_nanos(self) -> i64 {
        self.0
    }

    /// Whole milliseconds, truncated toward zero (the simulator's clock unit).
    pub fn as_millis(self) -> i64 {
        self.0 / MILLISECOND
    }

    /// Parses like Go's `time.ParseDuration`.
    // A byte scanner: every `bytes[i]` sits behind an `i < bytes.len()` test in the same
    // condition, so no index can pass the end (the fuzz tests in tests/hostile_parsers.rs agree).
    #[allow(clippy::indexing_slicing)]
    pub fn parse(orig: &str) -> Result<Duration, DurationError> {
        let bytes = orig.as_bytes();
        let mut i = 0usize;
        let mut neg = false;
        if let Some(&c) = bytes.first() {
            if c == b'-' || c == b'+' {
                neg = c == b'-';
                i = 1;
            }
        }
        if &orig[i..] == "0" {
            return Ok(Duration(0));
        }
        if i >= bytes.len() {
            return Err(invalid(orig));
        }
        let mut total: u64 = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if !(c == b'.' || c.is_ascii_digit()) {
                return Err(invalid(orig));
            }
            // Integer part.
            let start = i;
            let mut v: u64 = 0;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                v = v
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(bytes[i] - b'0')))
                    .ok_or_else(|| invalid(orig))?;
                if v > 1 << 63 {
                    return Err(invalid(orig));
                }
                i += 1;
            }
            let pre = i != start;
            // Fraction.
            let mut f: u64 = 0;
            let mut scale: f64 = 1.0;
            let mut post = false;
            if i < bytes.len() && bytes[i] == b'.' {
                i += 1;
                let fstart = i;
                let mut overflow = false;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    if !overflow {
                        if f > (u64::MAX - 9) / 10 {
                            overflow = true;
                        } else {
                            f = f * 10 + u64::from(bytes[i] - b'0');
                            scale *= 10.0;
                        }
                    }
                    i += 1;
                }
                post = i != fstart;
            }
            if !pre && !post {
                return Err(invalid(orig));
            }
            // Unit.
            let ustart = i;
            while i < bytes.len() && bytes[i] != b'.' && !bytes[i].is_ascii_digit() {
                i += 1;
            }
            if ustart == i {
                return Err(DurationError {
                    message: format!("time: missing unit in duration {}", quote(orig)),
                });
            }
            let u = &orig[ustart..i];
            let unit: u64 = match u {
                "ns" => NANOSECOND as u64,
                "us" | "\u{b5}s" | "\u{3bc}s" => MICROSECOND as u64,
                "ms" => MILLISECOND as u64,
                "s" => SECOND as u64,
                "m" => MINUTE as u64,
                "h" => HOUR as u64,
                _ => {
                    return Err(DurationError {
                        message: format!(
                            "time: unknown unit {} in duration {}",
                            quote(u),
                            quote(orig)
                        ),
                    })
                }
            };
            if v > (1u64 << 63) / unit {
                return Err(invalid(orig));
            }
            v *= unit;
            if f > 0 {
                v += (f as f64 * (unit as f64 / scale)) as u64;
                if v > 1 << 63 {
                    return Err(invalid(orig));
                }
            }
            total = total.checked_add(v).ok_or_else(|| invalid(orig))?;
            if total > 1 << 63 {
                return Err(invalid(orig));
            }
        }
        if neg {
            return Ok(Duration((total as i128).wrapping_neg() as i64));
        }
        if total > (1 << 63) - 1 {
            return Err(invalid(orig));
        }
        Ok(Duration(total as i64))
    }
}

impl std::str::FromStr for Duration {
    type Err = DurationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Duration::parse(s)
    }
}

/// Formats a fraction `v / 10^prec`, dropping trailing zeros, as Go's `fmtFrac`.
fn frac(v: u64, prec: u32) -> (String, u64) {
    let mut digits = Vec::new();
    let mut v = v;
    let mut print = false;
    for _ in 0..prec {
        let d = v % 10;
        print = print || d != 0;
        if print {
            digits.push(char::from(b'0' + d as u8));
        }
        v /= 10;
    }
    let mut s = String::new();
    if print {
        s.push('.');
        s.extend(digits.iter().rev());
    }
    (s, v)
}

impl fmt::Display for Duration {
    /// Go's `Duration.String`: "1h30m0s", "40s", "1.5s", "100ms", "0s".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let neg = self.0 < 0;
        let u = self.0.unsigned_abs();
        let sign = if neg { "-" } else { "" };
        if u < SECOND as u64 {
            if u == 0 {
                return f.write_str("0s");
            }
            let (prec, unit) = if u < MICROSECOND as u64 {
                (0, "ns")
            } else if u < MILLISECOND as u64 {
                (3, "\u{b5}s")
            } else {
                (6, "ms")
            };
            let (fr, whole) = frac(u, prec);
            return write!(f, "{sign}{whole}{fr}{unit}");
        }
        let (fr, secs) = frac(u, 9);
        let s = secs % 60;
        let mins = secs / 60;
        if mins == 0 {
            return write!(f, "{sign}{s}{fr}s");
        }
        let m = mins % 60;
        let h = mins / 60;
        if h == 0 {
            return write!(f, "{sign}{m}m{s}{fr}s");
        }
        write!(f, "{sign}{h}h{m}m{s}{fr}s")
    }
}

impl serde::Serialize for Duration {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Duration {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Duration::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// `Duration::parse`, as a function (Go's `time.ParseDuration`).
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    Duration::parse(text)
}

/// A non-negative duration string as a `std::time::Duration`, for clocks that only move forward.
pub fn parse_std(text: &str) -> Result<std::time::Duration, DurationError> {
    let d = Duration::parse(text)?;
    u64::try_from(d.0)
        .map(std::time::Duration::from_nanos)
        .map_err(|_| DurationError {
            message: format!(
                "time: negative duration {} cannot advance a clock",
                quote(text)
            ),
        })
}

/// Go's `Duration.String` of a `std::time::Duration` (saturating at Go's maximum).
pub fn format_std(d: std::time::Duration) -> String {
    // Not a silent default: saturating at Go's largest duration is the documented behaviour.
    Duration(i64::try_from(d.as_nanos()).unwrap_or(i64::MAX)).to_string()
}

impl Duration {
    pub fn from_mins(m: i64) -> Self {
        Duration(m.saturating_mul(MINUTE))
    }

    /// Seconds as a float (Go's `Duration.Seconds`).
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / SECOND as f64
    }

    /// Nanoseconds (the same as [`Duration::as_nanos`]).
    pub fn nanos(self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_like_go() {
        let ok: &[(&str, i64)] = &[
            ("0", 0),
            ("5s", 5 * SECOND),
            ("30s", 30 * SECOND),
            ("1478s", 1478 * SECOND),
            ("-5s", -5 * SECOND),
            ("+5s", 5 * SECOND),
            ("-0", 0),
            ("+0", 0),
            ("5.0s", 5 * SECOND),
            ("5.6s", 5 * SECOND + 600 * MILLISECOND),
            ("5.s", 5 * SECOND),
            (".5s", 500 * MILLISECOND),
            ("1.0s", SECOND),
            ("1.00s", SECOND),
            ("1.004s", SECOND + 4 * MILLISECOND),
            ("100.00100s", 100 * SECOND + MILLISECOND),
            ("10ns", 10),
            ("11us", 11 * MICROSECOND),
            ("12\u{b5}s", 12 * MICROSECOND),
            ("12\u{3bc}s", 12 * MICROSECOND),
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
            (
                "39h9m14.425s",
                39 * HOUR + 9 * MINUTE + 14 * SECOND + 425 * MILLISECOND,
            ),
            ("9223372036854775807ns", i64::MAX),
            ("-9223372036854775808ns", i64::MIN),
        ];
        for (s, want) in ok {
            assert_eq!(Duration::parse(s), Ok(Duration(*want)), "{s}");
        }
    }

    #[test]
    fn errors_like_go() {
        let bad: &[(&str, &str)] = &[
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
            (
                "9223372036854775810ns",
                "time: invalid duration \"9223372036854775810ns\"",
            ),
        ];
        for (s, want) in bad {
            assert_eq!(
                Duration::parse(s).map_err(|e| e.to_string()),
                Err(want.to_string()),
                "{s}"
            );
        }
    }

    #[test]
    fn formats_like_go() {
        let cases: &[(i64, &str)] = &[
            (0, "0s"),
            (1, "1ns"),
            (1100, "1.1\u{b5}s"),
            (2200 * MICROSECOND, "2.2ms"),
            (3300 * MILLISECOND, "3.3s"),
            (4 * MINUTE + 5 * SECOND, "4m5s"),
            (4 * MINUTE + 5001 * MILLISECOND, "4m5.001s"),
            (5 * HOUR + 6 * MINUTE + 7001 * MILLISECOND, "5h6m7.001s"),
            (8 * MINUTE + 1, "8m0.000000001s"),
            (40 * SECOND, "40s"),
            (5 * MINUTE, "5m0s"),
            (-SECOND, "-1s"),
            (i64::MAX, "2562047h47m16.854775807s"),
            (i64::MIN, "-2562047h47m16.854775808s"),
        ];
        for (d, want) in cases {
            assert_eq!(Duration(*d).to_string(), *want);
        }
    }
}
