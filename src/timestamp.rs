//! Points in time as Kubernetes objects carry them: RFC 3339 strings (`metav1.Time`,
//! `metav1.MicroTime` in `k8s.io/apimachinery/pkg/apis/meta/v1`).
//!
//! Kubernetes serializes `metav1.Time` with second precision ("2015-01-01T12:00:00Z") and
//! `metav1.MicroTime` (lease `renewTime`) with microseconds. The simulator runs on a virtual clock in
//! milliseconds, so a [`Time`] is milliseconds since the Unix epoch; it prints whole seconds as
//! `metav1.Time` does and adds a `.mmm` fraction only when there is one (so nothing the simulator
//! computes is silently lost). Time is never read from the system: callers pass it in.

use std::fmt;

/// Milliseconds since 1970-01-01T00:00:00Z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Time(pub i64);

/// A string that is not an RFC 3339 time; the text follows Go's `time.Parse` error shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError {
    pub input: String,
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "parsing time {:?} as \"2006-01-02T15:04:05Z07:00\": cannot parse as RFC 3339",
            self.input
        )
    }
}

impl std::error::Error for TimeError {}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = if z >= 0 { z } else { z - 146096 } / 146097;
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn digits(s: &[u8], at: usize, n: usize) -> Option<i64> {
    let part = s.get(at..at + n)?;
    let mut v = 0i64;
    for &c in part {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + i64::from(c - b'0');
    }
    Some(v)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        _ => 28,
    }
}

const NANOS_PER_SEC: i64 = 1_000_000_000;
const NANOS_PER_MILLI: i64 = 1_000_000;

/// Parses an RFC 3339 time (`2015-01-01T12:00:00Z`, `...T12:00:00.123456789+02:00`) into
/// nanoseconds since the epoch, as Go's `time.Parse(time.RFC3339Nano, ...)` accepts it. Shared by
/// every clock in the crate, whatever unit it keeps.
pub(crate) fn parse_rfc3339_nanos(text: &str) -> Option<i64> {
    let s = text.as_bytes();
    let year = digits(s, 0, 4)?;
    if s.get(4) != Some(&b'-') || s.get(7) != Some(&b'-') {
        return None;
    }
    let month = digits(s, 5, 2)?;
    let day = digits(s, 8, 2)?;
    if !matches!(s.get(10), Some(b'T') | Some(b't')) {
        return None;
    }
    let hour = digits(s, 11, 2)?;
    if s.get(13) != Some(&b':') || s.get(16) != Some(&b':') {
        return None;
    }
    let min = digits(s, 14, 2)?;
    let sec = digits(s, 17, 2)?;
    if !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month(year, month)
        || hour > 23
        || min > 59
        || sec > 59
    {
        return None;
    }
    let mut i = 19;
    let mut nanos = 0i64;
    if s.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        let mut scale = NANOS_PER_SEC / 10;
        while let Some(c) = s.get(i).filter(|c| c.is_ascii_digit()) {
            nanos += i64::from(c - b'0') * scale;
            scale /= 10;
            i += 1;
        }
        if i == start || i - start > 9 {
            return None;
        }
    }
    let offset_min = match s.get(i) {
        Some(b'Z') | Some(b'z') => {
            i += 1;
            0
        }
        Some(&c) if c == b'+' || c == b'-' => {
            let h = digits(s, i + 1, 2)?;
            if s.get(i + 3) != Some(&b':') {
                return None;
            }
            let m = digits(s, i + 4, 2)?;
            if h > 23 || m > 59 {
                return None;
            }
            i += 6;
            let v = h * 60 + m;
            if c == b'-' {
                -v
            } else {
                v
            }
        }
        _ => return None,
    };
    if i != s.len() {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86400 + hour * 3600 + min * 60 + sec - offset_min * 60;
    secs.checked_mul(NANOS_PER_SEC)?.checked_add(nanos)
}

/// How [`format_rfc3339`] writes the fraction of a second.
#[derive(Clone, Copy)]
pub(crate) enum Fraction {
    /// `.mmm` when there are milliseconds, nothing otherwise (`metav1.Time` precision plus what
    /// the simulator computes).
    Millis,
    /// Go's `RFC3339Nano`: up to nine digits, trailing zeros dropped (pod annotations only).
    #[cfg_attr(not(feature = "pod-config"), allow(dead_code))]
    Nanos,
}

/// Nanoseconds since the epoch as an RFC 3339 string in UTC.
pub(crate) fn format_rfc3339(nanos: i64, fraction: Fraction) -> String {
    let secs = nanos.div_euclid(NANOS_PER_SEC);
    let sub = nanos.rem_euclid(NANOS_PER_SEC);
    let (y, m, d) = civil_from_days(secs.div_euclid(86400));
    let sod = secs.rem_euclid(86400);
    let mut out = format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        sod / 3600,
        sod % 3600 / 60,
        sod % 60
    );
    match fraction {
        Fraction::Millis if sub / NANOS_PER_MILLI != 0 => {
            out.push_str(&format!(".{:03}", sub / NANOS_PER_MILLI))
        }
        Fraction::Nanos if sub != 0 => {
            let digits = format!("{sub:09}");
            out.push('.');
            out.push_str(digits.trim_end_matches('0'));
        }
        _ => {}
    }
    out.push('Z');
    out
}

impl Time {
    pub fn from_millis(ms: i64) -> Self {
        Time(ms)
    }

    pub fn millis(self) -> i64 {
        self.0
    }

    /// Parses an RFC 3339 time ("2015-01-01T12:00:00Z", "2015-01-01T12:00:00.123456+02:00").
    /// Sub-millisecond digits are truncated.
    pub fn parse(text: &str) -> Result<Time, TimeError> {
        parse_rfc3339_nanos(text)
            .map(|nanos| Time(nanos.div_euclid(NANOS_PER_MILLI)))
            .ok_or_else(|| TimeError {
                input: text.to_string(),
            })
    }

    pub fn add_millis(self, ms: i64) -> Time {
        Time(self.0.saturating_add(ms))
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nanos = self.0.saturating_mul(NANOS_PER_MILLI);
        f.write_str(&format_rfc3339(nanos, Fraction::Millis))
    }
}

impl serde::Serialize for Time {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Time {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Time::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in [
            "2015-01-01T12:00:00Z",
            "2012-01-01T00:00:00Z",
            "1970-01-01T00:00:00Z",
            "2024-02-29T23:59:59.250Z",
            "1969-12-31T23:59:59Z",
        ] {
            let t = Time::parse(s).unwrap();
            assert_eq!(t.to_string(), s);
        }
        assert_eq!(Time::parse("1970-01-01T00:00:01Z").unwrap(), Time(1000));
    }

    #[test]
    fn offsets_and_fractions() {
        let a = Time::parse("2015-01-01T14:00:00+02:00").unwrap();
        assert_eq!(a.to_string(), "2015-01-01T12:00:00Z");
        let b = Time::parse("2015-01-01T12:00:00.123456Z").unwrap();
        assert_eq!(b.to_string(), "2015-01-01T12:00:00.123Z");
    }

    #[test]
    fn refuses_bad_text() {
        for s in [
            "",
            "yesterday",
            "2015-13-01T00:00:00Z",
            "2015-02-30T00:00:00Z",
            "2015-01-01 12:00:00Z",
            "2015-01-01T12:00:00",
            "2015-01-01T12:00:00.Z",
            "2015-01-01T25:00:00Z",
        ] {
            let e = Time::parse(s).unwrap_err();
            assert!(e.to_string().starts_with("parsing time"), "{s}");
        }
    }
}
