//! The virtual clock's instants, written the way the kubelet writes them.
//!
//! The kubelet stamps every new pod with `kubernetes.io/config.seen` =
//! `kubetypes.NewTimestamp().GetString()`, i.e. `time.Now().Format(time.RFC3339Nano)`
//! (`pkg/kubelet/types/types.go`, v1.30). kubegate never reads the system clock: the caller passes
//! the instant. We keep it as nanoseconds since the Unix epoch and print it in UTC (Go prints the
//! node's local zone; UTC is the zone of a kubelet in a container and keeps output reproducible).

use std::fmt;

/// An instant: nanoseconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Timestamp(pub i64);

/// A text that is not an RFC 3339 instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimestampError(String);

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "parsing time {:?} as \"2006-01-02T15:04:05Z07:00\": not an RFC 3339 time",
            self.0
        )
    }
}

impl std::error::Error for TimestampError {}

const NANOS_PER_SEC: i64 = 1_000_000_000;

/// Days since the epoch of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn digits(s: &str) -> Option<i64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl Timestamp {
    pub fn from_unix_seconds(s: i64) -> Timestamp {
        Timestamp(s.saturating_mul(NANOS_PER_SEC))
    }

    /// This instant moved by `nanos` (saturating).
    pub fn add_nanos(self, nanos: i64) -> Timestamp {
        Timestamp(self.0.saturating_add(nanos))
    }

    /// Parses `2006-01-02T15:04:05Z`, with optional fraction and `Z` or `±hh:mm`.
    pub fn parse_rfc3339(text: &str) -> Result<Timestamp, TimestampError> {
        Self::parse_inner(text).ok_or_else(|| TimestampError(text.to_string()))
    }

    fn parse_inner(t: &str) -> Option<Timestamp> {
        let b = t.as_bytes();
        if b.len() < 20 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
            return None;
        }
        if !matches!(b.get(10), Some(b'T') | Some(b't'))
            || b.get(13) != Some(&b':')
            || b.get(16) != Some(&b':')
        {
            return None;
        }
        let y = digits(t.get(0..4)?)?;
        let mo = digits(t.get(5..7)?)?;
        let d = digits(t.get(8..10)?)?;
        let h = digits(t.get(11..13)?)?;
        let mi = digits(t.get(14..16)?)?;
        let s = digits(t.get(17..19)?)?;
        if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 59 {
            return None;
        }
        let mut rest = t.get(19..)?;
        let mut nanos = 0i64;
        if let Some(r) = rest.strip_prefix('.') {
            let n = r.bytes().take_while(u8::is_ascii_digit).count();
            if n == 0 || n > 9 {
                return None;
            }
            let frac = digits(r.get(..n)?)?;
            nanos = frac * 10i64.pow(9 - n as u32);
            rest = r.get(n..)?;
        }
        let offset = match rest {
            "Z" | "z" => 0,
            _ => {
                let sign = match rest.as_bytes().first() {
                    Some(b'+') => 1,
                    Some(b'-') => -1,
                    _ => return None,
                };
                if rest.len() != 6 || rest.as_bytes().get(3) != Some(&b':') {
                    return None;
                }
                let oh = digits(rest.get(1..3)?)?;
                let om = digits(rest.get(4..6)?)?;
                sign * (oh * 3600 + om * 60)
            }
        };
        let days = days_from_civil(y, mo, d);
        let secs = days * 86_400 + h * 3600 + mi * 60 + s - offset;
        Some(Timestamp(
            secs.checked_mul(NANOS_PER_SEC)?.checked_add(nanos)?,
        ))
    }

    /// Go's `Format(time.RFC3339Nano)` in UTC: trailing zeros of the fraction are dropped.
    pub fn rfc3339_nano(self) -> String {
        let secs = self.0.div_euclid(NANOS_PER_SEC);
        let nanos = self.0.rem_euclid(NANOS_PER_SEC);
        let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
        let sod = secs.rem_euclid(86_400);
        let mut out = format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
            sod / 3600,
            sod % 3600 / 60,
            sod % 60
        );
        if nanos != 0 {
            let frac = format!("{nanos:09}");
            out.push('.');
            out.push_str(frac.trim_end_matches('0'));
        }
        out.push('Z');
        out
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rfc3339_nano())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for (text, want) in [
            ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
            ("2024-02-29T23:59:59.5Z", "2024-02-29T23:59:59.5Z"),
            ("2024-03-01T01:00:00+01:00", "2024-03-01T00:00:00Z"),
            (
                "2015-11-05T10:11:12.123456789Z",
                "2015-11-05T10:11:12.123456789Z",
            ),
            ("1969-12-31T23:59:59.9Z", "1969-12-31T23:59:59.9Z"),
        ] {
            let t = Timestamp::parse_rfc3339(text).unwrap();
            assert_eq!(t.rfc3339_nano(), want, "{text}");
        }
    }

    #[test]
    fn rejects_garbage() {
        for text in [
            "",
            "yesterday",
            "2024-13-01T00:00:00Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00",
        ] {
            assert!(Timestamp::parse_rfc3339(text).is_err(), "{text}");
        }
    }
}
