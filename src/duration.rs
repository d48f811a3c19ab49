//! Go `time.Duration` text: parsing (`time.ParseDuration`) and printing (`Duration.String`).
//!
//! Kubernetes configuration and flags spell durations the Go way (`"40s"`, `"5m"`, `"1h30m"`,
//! `"1.5h"`), so the JS API accepts the same strings. Error texts are Go's. Negative durations
//! parse in Go but make no sense for a virtual clock step, so they are rejected here.

use std::fmt;
use std::time::Duration;

/// A duration string Go would reject (or a negative one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DurationError {
    message: String,
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DurationError {}

fn quote(s: &str) -> String {
    crate::api::field::go_quote(s)
}

fn unit_nanos(unit: &str) -> Option<u128> {
    Some(match unit {
        "ns" => 1,
        "us" | "µs" | "μs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        "m" => 60_000_000_000,
        "h" => 3_600_000_000_000,
        _ => return None,
    })
}

/// `time.ParseDuration`, limited to non-negative values.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let invalid = || DurationError {
        message: format!("time: invalid duration {}", quote(text)),
    };
    let mut s = text;
    let mut negative = false;
    if let Some(rest) = s.strip_prefix('-') {
        negative = true;
        s = rest;
    } else if let Some(rest) = s.strip_prefix('+') {
        s = rest;
    }
    if s == "0" {
        return Ok(Duration::ZERO);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut total: u128 = 0;
    while !s.is_empty() {
        let int_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let (int_part, rest) = s.split_at(int_end);
        let (frac_part, rest) = match rest.strip_prefix('.') {
            Some(r) => {
                let e = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
                r.split_at(e)
            }
            None => ("", rest),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(invalid());
        }
        let unit_end = rest
            .find(|c: char| c == '.' || c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (unit, rest) = rest.split_at(unit_end);
        if unit.is_empty() {
            return Err(DurationError {
                message: format!("time: missing unit in duration {}", quote(text)),
            });
        }
        let per = unit_nanos(unit).ok_or_else(|| DurationError {
            message: format!(
                "time: unknown unit {} in duration {}",
                quote(unit),
                quote(text)
            ),
        })?;
        let whole: u128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().map_err(|_| invalid())?
        };
        let mut value = whole.checked_mul(per).ok_or_else(invalid)?;
        let mut scale = per;
        for d in frac_part.chars().take(20) {
            scale /= 10;
            value += u128::from(d.to_digit(10).unwrap_or(0)) * scale;
        }
        total = total.checked_add(value).ok_or_else(invalid)?;
        if total > i64::MAX as u128 {
            return Err(invalid());
        }
        s = rest;
    }
    if negative && total > 0 {
        return Err(DurationError {
            message: format!("negative duration {} is not allowed", quote(text)),
        });
    }
    let secs = (total / 1_000_000_000) as u64;
    let nanos = (total % 1_000_000_000) as u32;
    Ok(Duration::new(secs, nanos))
}

/// `Duration.String()`: `1h30m0s`, `40s`, `1.5s`, `100ms`, `0s`.
pub fn format_duration(d: Duration) -> String {
    let total = d.as_nanos();
    if total == 0 {
        return "0s".to_string();
    }
    if total < 1_000_000_000 {
        let (div, unit) = if total < 1_000 {
            (1, "ns")
        } else if total < 1_000_000 {
            (1_000, "µs")
        } else {
            (1_000_000, "ms")
        };
        return format!("{}{}", frac(total, div), unit);
    }
    let h = total / 3_600_000_000_000;
    let m = (total / 60_000_000_000) % 60;
    let s = total % 60_000_000_000;
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if h > 0 || m > 0 {
        out.push_str(&format!("{m}m"));
    }
    out.push_str(&format!("{}s", frac(s, 1_000_000_000)));
    out
}

fn frac(v: u128, div: u128) -> String {
    let whole = v / div;
    let rem = v % div;
    if rem == 0 {
        return whole.to_string();
    }
    let width = div.to_string().len() - 1;
    let digits = format!("{rem:0width$}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go_durations() {
        let ok = |s: &str| parse_duration(s).ok();
        assert_eq!(ok("40s"), Some(Duration::from_secs(40)));
        assert_eq!(ok("1h30m"), Some(Duration::from_secs(5400)));
        assert_eq!(ok("1.5h"), Some(Duration::from_secs(5400)));
        assert_eq!(ok("100ms"), Some(Duration::from_millis(100)));
        assert_eq!(ok("0"), Some(Duration::ZERO));
        assert_eq!(ok(".5s"), Some(Duration::from_millis(500)));
    }

    #[test]
    fn errors_are_gos() {
        let err = |s: &str| parse_duration(s).err().map(|e| e.to_string());
        assert_eq!(err("").as_deref(), Some(r#"time: invalid duration """#));
        assert_eq!(
            err("1").as_deref(),
            Some(r#"time: missing unit in duration "1""#)
        );
        assert_eq!(
            err("1x").as_deref(),
            Some(r#"time: unknown unit "x" in duration "1x""#)
        );
        assert_eq!(err("s").as_deref(), Some(r#"time: invalid duration "s""#));
        assert!(err("-1s").is_some());
    }

    #[test]
    fn formats_like_go() {
        assert_eq!(format_duration(Duration::from_secs(5400)), "1h30m0s");
        assert_eq!(format_duration(Duration::from_secs(40)), "40s");
        assert_eq!(format_duration(Duration::from_millis(1500)), "1.5s");
        assert_eq!(format_duration(Duration::from_millis(100)), "100ms");
        assert_eq!(format_duration(Duration::ZERO), "0s");
    }
}
