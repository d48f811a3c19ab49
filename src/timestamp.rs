//! Points in time as Kubernetes objects carry them: RFC 3339 strings (`metav1.Time`,
//! `metav1.MicroTime` in `k8s.io/apimachinery/pkg/apis/meta/v1`).
//!
//! One type for every clock in the crate: the node simulator's virtual clock (milliseconds) and
//! the kubelet's pod-config stamps (`kubernetes.io/config.seen`, written with Go's
//! `time.RFC3339Nano`) both keep a [`Time`], nanoseconds since the Unix epoch like Go's
//! `time.Time`, so neither loses anything. The unit is chosen at the text edge only:
//! `metav1.Time` prints whole seconds, and [`Time`]'s `Display` adds a `.mmm` fraction only when
//! there is one (what the simulator computes is never silently lost); [`Time::rfc3339_nano`]
//! prints Go's `RFC3339Nano`. Parse errors are Go's `time.Parse` errors. Time is never read from
//! the system: callers pass it in.

use std::fmt;

/// An instant: nanoseconds since 1970-01-01T00:00:00Z. Build it with [`Time::from_millis`],
/// [`Time::from_nanos`], [`Time::from_unix_seconds`] or [`Time::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Time(i64);

/// The RFC 3339 layout as Go writes it in `time.Parse` errors.
const LAYOUT: &str = "2006-01-02T15:04:05Z07:00";

/// A string that is not an RFC 3339 time. `Display` is Go's `time.Parse` error text: either
/// `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "rest" as "elem"`, or
/// `parsing time "x": month out of range`, or `parsing time "x": extra text: "rest"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError {
    pub input: String,
    reason: ParseFailure,
}

/// Why Go's parser stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ParseFailure {
    /// The value from `rest` on does not match the layout element `elem`.
    Element { rest: String, elem: &'static str },
    /// A field parsed but is outside its range ("month", "day", "hour", ...).
    Range(&'static str),
    /// Text left after the layout ended.
    Extra(String),
}

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            ParseFailure::Element { rest, elem } => write!(
                f,
                "parsing time {:?} as {LAYOUT:?}: cannot parse {rest:?} as {elem:?}",
                self.input
            ),
            ParseFailure::Range(field) => {
                write!(f, "parsing time {:?}: {field} out of range", self.input)
            }
            ParseFailure::Extra(rest) => {
                write!(f, "parsing time {:?}: extra text: {rest:?}", self.input)
            }
        }
    }
}

impl std::error::Error for TimeError {}

impl TimeError {
    /// Always [`ValueErrorKind::InvalidTime`](crate::ValueErrorKind::InvalidTime).
    pub fn kind(&self) -> crate::ValueErrorKind {
        crate::ValueErrorKind::InvalidTime
    }
}

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

/// Reads one layout element at `at`: `n` digits (`elem` names it in the error).
fn element(s: &[u8], at: usize, n: usize, elem: &'static str) -> Result<i64, ParseFailure> {
    digits(s, at, n).ok_or_else(|| failure(s, at, elem))
}

/// Requires the literal `lit` at `at`, as Go's `skip` does between layout elements.
fn literal(s: &[u8], at: usize, lit: u8, elem: &'static str) -> Result<(), ParseFailure> {
    match s.get(at) {
        Some(&c) if c == lit => Ok(()),
        _ => Err(failure(s, at, elem)),
    }
}

fn failure(s: &[u8], at: usize, elem: &'static str) -> ParseFailure {
    ParseFailure::Element {
        // `at` is a position the parser reached within `s`: the empty rest is unreachable.
        rest: String::from_utf8_lossy(s.get(at..).unwrap_or_default()).into_owned(),
        elem,
    }
}

/// Parses an RFC 3339 time (`2015-01-01T12:00:00Z`, `...T12:00:00.123456789+02:00`) into
/// nanoseconds since the epoch, element by element in the order Go's `time.Parse(time.RFC3339,
/// ...)` reads them, so the first failure is the one Go reports. As Go does, a fraction of a second
/// is accepted after the seconds (digits past the ninth are dropped) and the day is checked
/// against its month only once the whole text has parsed.
fn parse_rfc3339_nanos(text: &str) -> Result<i64, ParseFailure> {
    let s = text.as_bytes();
    if let Some(nanos) = parse_whole_seconds_utc(s) {
        return Ok(nanos);
    }
    let year = element(s, 0, 4, "2006")?;
    literal(s, 4, b'-', "-")?;
    let month = element(s, 5, 2, "01")?;
    if !(1..=12).contains(&month) {
        return Err(ParseFailure::Range("month"));
    }
    literal(s, 7, b'-', "-")?;
    let day = element(s, 8, 2, "02")?;
    if !matches!(s.get(10), Some(b'T') | Some(b't')) {
        return Err(failure(s, 10, "T"));
    }
    let hour = element(s, 11, 2, "15")?;
    if hour > 23 {
        return Err(ParseFailure::Range("hour"));
    }
    literal(s, 13, b':', ":")?;
    let min = element(s, 14, 2, "04")?;
    if min > 59 {
        return Err(ParseFailure::Range("minute"));
    }
    literal(s, 16, b':', ":")?;
    let sec = element(s, 17, 2, "05")?;
    if sec > 59 {
        return Err(ParseFailure::Range("second"));
    }
    let mut i = 19;
    let mut nanos = 0i64;
    if matches!(s.get(i), Some(b'.') | Some(b',')) && s.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        let mut scale = NANOS_PER_SEC / 10;
        while let Some(c) = s.get(i).filter(|c| c.is_ascii_digit()) {
            nanos += i64::from(c - b'0') * scale;
            scale /= 10;
            i += 1;
        }
    }
    let offset_min = match s.get(i) {
        Some(b'Z') | Some(b'z') => {
            i += 1;
            0
        }
        Some(&c) if (c == b'+' || c == b'-') && s.get(i + 3) == Some(&b':') => {
            let (Some(h), Some(m)) = (digits(s, i + 1, 2), digits(s, i + 4, 2)) else {
                return Err(failure(s, i, "Z07:00"));
            };
            if h > 24 {
                return Err(ParseFailure::Range("time zone offset hour"));
            }
            if m > 60 {
                return Err(ParseFailure::Range("time zone offset minute"));
            }
            i += 6;
            let v = h * 60 + m;
            if c == b'-' {
                -v
            } else {
                v
            }
        }
        _ => return Err(failure(s, i, "Z07:00")),
    };
    if let Some(rest) = s.get(i..).filter(|rest| !rest.is_empty()) {
        return Err(ParseFailure::Extra(
            String::from_utf8_lossy(rest).into_owned(),
        ));
    }
    if day < 1 || day > days_in_month(year, month) {
        return Err(ParseFailure::Range("day"));
    }
    let days = days_from_civil(year, month, day);
    let secs = days * 86400 + hour * 3600 + min * 60 + sec - offset_min * 60;
    secs.checked_mul(NANOS_PER_SEC)
        .and_then(|n| n.checked_add(nanos))
        .ok_or(ParseFailure::Range("year"))
}

/// `YYYY-MM-DDTHH:MM:SSZ`, the shape `metav1.Time` is written in (objects carry it by the
/// hundred thousand), read in one step; `None` for any other shape or any value out of range,
/// which [`parse_rfc3339_nanos`] then reads element by element (and reports as Go does).
fn parse_whole_seconds_utc(s: &[u8]) -> Option<i64> {
    let &[y0, y1, y2, y3, b'-', mo0, mo1, b'-', d0, d1, b'T', h0, h1, b':', mi0, mi1, b':', s0, s1, b'Z'] =
        s
    else {
        return None;
    };
    let num = |digits: &[u8]| {
        digits.iter().try_fold(0i64, |v, &c| {
            c.is_ascii_digit().then(|| v * 10 + i64::from(c - b'0'))
        })
    };
    let (year, month, day) = (num(&[y0, y1, y2, y3])?, num(&[mo0, mo1])?, num(&[d0, d1])?);
    let (hour, min, sec) = (num(&[h0, h1])?, num(&[mi0, mi1])?, num(&[s0, s1])?);
    if !(1..=12).contains(&month)
        || hour > 23
        || min > 59
        || sec > 59
        || day < 1
        || day > days_in_month(year, month)
    {
        return None;
    }
    let secs = days_from_civil(year, month, day) * 86400 + hour * 3600 + min * 60 + sec;
    secs.checked_mul(NANOS_PER_SEC)
}

/// How [`format_rfc3339`] writes the fraction of a second.
#[derive(Clone, Copy)]
enum Fraction {
    /// `.mmm` when there are milliseconds, nothing otherwise (`metav1.Time` precision plus what
    /// the simulator computes).
    Millis,
    /// Go's `RFC3339Nano`: up to nine digits, trailing zeros dropped (pod annotations).
    Nanos,
}

/// Nanoseconds since the epoch as an RFC 3339 string in UTC.
fn format_rfc3339(nanos: i64, fraction: Fraction) -> String {
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
    /// Nanoseconds since the epoch.
    pub const fn from_nanos(nanos: i64) -> Self {
        Time(nanos)
    }

    /// Milliseconds since the epoch (the simulator's clock), saturating.
    pub const fn from_millis(ms: i64) -> Self {
        Time(ms.saturating_mul(NANOS_PER_MILLI))
    }

    /// Whole seconds since the epoch, saturating.
    pub const fn from_unix_seconds(s: i64) -> Self {
        Time(s.saturating_mul(NANOS_PER_SEC))
    }

    pub const fn nanos(self) -> i64 {
        self.0
    }

    /// Whole milliseconds since the epoch (rounded toward negative infinity).
    pub const fn millis(self) -> i64 {
        self.0.div_euclid(NANOS_PER_MILLI)
    }

    /// Parses an RFC 3339 time ("2015-01-01T12:00:00Z", "2015-01-01T12:00:00.123456+02:00"),
    /// keeping every digit of the fraction up to nanoseconds.
    pub fn parse(text: &str) -> Result<Time, TimeError> {
        parse_rfc3339_nanos(text)
            .map(Time)
            .map_err(|reason| TimeError {
                input: text.to_string(),
                reason,
            })
    }

    /// The name pod config used for [`Time::parse`].
    pub fn parse_rfc3339(text: &str) -> Result<Time, TimeError> {
        Time::parse(text)
    }

    /// This instant moved by `ms` milliseconds (saturating).
    pub fn add_millis(self, ms: i64) -> Time {
        Time(self.0.saturating_add(ms.saturating_mul(NANOS_PER_MILLI)))
    }

    /// This instant moved by `nanos` nanoseconds (saturating).
    pub fn add_nanos(self, nanos: i64) -> Time {
        Time(self.0.saturating_add(nanos))
    }

    /// Go's `Format(time.RFC3339Nano)` in UTC: trailing zeros of the fraction are dropped (the
    /// kubelet's `kubernetes.io/config.seen`).
    pub fn rfc3339_nano(self) -> String {
        format_rfc3339(self.0, Fraction::Nanos)
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Objects carry times by the hundred thousand (a node pass writes three per node), so the
        // common shape, a four-digit year, is written without the formatting machinery.
        let mut buf = [0u8; 24];
        match write_millis_fast(self.0, &mut buf) {
            Some(text) => f.write_str(text),
            None => f.write_str(&format_rfc3339(self.0, Fraction::Millis)),
        }
    }
}

/// [`format_rfc3339`] with [`Fraction::Millis`] for years 0 to 9999, into `buf`; `None` for
/// other years (their sign and width are left to `format!`).
fn write_millis_fast(nanos: i64, buf: &mut [u8; 24]) -> Option<&str> {
    let secs = nanos.div_euclid(NANOS_PER_SEC);
    let millis = nanos.rem_euclid(NANOS_PER_SEC) / NANOS_PER_MILLI;
    let (y, m, d) = civil_from_days(secs.div_euclid(86400));
    if !(0..=9999).contains(&y) {
        return None;
    }
    let sod = secs.rem_euclid(86400);
    let mut len = 0;
    let mut put = |value: i64, width: u32, sep: Option<u8>| {
        let mut div = 10i64.pow(width - 1);
        for _ in 0..width {
            if let Some(b) = buf.get_mut(len) {
                *b = b'0' + (value / div % 10) as u8;
            }
            len += 1;
            div /= 10;
        }
        if let (Some(c), Some(b)) = (sep, buf.get_mut(len)) {
            *b = c;
            len += 1;
        }
    };
    put(y, 4, Some(b'-'));
    put(m, 2, Some(b'-'));
    put(d, 2, Some(b'T'));
    put(sod / 3600, 2, Some(b':'));
    put(sod % 3600 / 60, 2, Some(b':'));
    if millis != 0 {
        put(sod % 60, 2, Some(b'.'));
        put(millis, 3, Some(b'Z'));
    } else {
        put(sod % 60, 2, Some(b'Z'));
    }
    std::str::from_utf8(buf.get(..len)?).ok()
}

impl serde::Serialize for Time {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Time {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_string(TimeVisitor)
    }
}

/// What `String`'s visitor accepts (and says when refusing), parsed from the borrowed text
/// instead of a copy: one allocation less per time, and objects carry times by the thousand.
struct TimeVisitor;

impl<'de> serde::de::Visitor<'de> for TimeVisitor {
    type Value = Time;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Time, E> {
        Time::parse(s).map_err(E::custom)
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Time, E> {
        match std::str::from_utf8(v) {
            Ok(s) => self.visit_str(s),
            Err(_) => Err(E::invalid_value(serde::de::Unexpected::Bytes(v), &self)),
        }
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
        assert_eq!(
            Time::parse("1970-01-01T00:00:01Z").unwrap(),
            Time::from_millis(1000)
        );
    }

    #[test]
    fn display_writes_what_the_general_format_writes() {
        let mut t: i64 = i64::MIN;
        let step = (i64::MAX / 997) * 2 + 12_345_678_901;
        for _ in 0..1500 {
            let want = format_rfc3339(t, Fraction::Millis);
            assert_eq!(Time(t).to_string(), want, "{t}");
            t = t.wrapping_add(step);
        }
        for t in [
            0,
            -1,
            999_999,
            1_000_000,
            i64::MAX,
            i64::MIN,
            1_714_557_600_000_000_000,
        ] {
            assert_eq!(
                Time(t).to_string(),
                format_rfc3339(t, Fraction::Millis),
                "{t}"
            );
        }
    }

    #[test]
    fn whole_seconds_in_utc_parse_as_the_general_reader_parses_them() {
        let general = |s: &str| {
            let t: String = s.replace('T', "t");
            parse_rfc3339_nanos(&t)
        };
        for s in [
            "2024-05-01T10:00:00Z",
            "1970-01-01T00:00:00Z",
            "1969-12-31T23:59:59Z",
            "2024-02-29T23:59:59Z",
            "2023-02-29T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-00-10T00:00:00Z",
            "2024-13-10T00:00:00Z",
            "2024-01-00T00:00:00Z",
            "2024-01-10T24:00:00Z",
            "2024-01-10T23:60:00Z",
            "2024-01-10T23:59:60Z",
            "0000-01-01T00:00:00Z",
            "1677-09-21T00:12:44Z",
            "1677-09-21T00:12:43Z",
            "2262-04-11T23:47:16Z",
            "2262-04-11T23:47:17Z",
            "9999-12-31T23:59:59Z",
            "2024-1a-10T00:00:00Z",
            "+024-01-10T00:00:00Z",
        ] {
            assert_eq!(
                parse_whole_seconds_utc(s.as_bytes()).ok_or(()),
                general(s).map_err(|_| ()),
                "{s}"
            );
        }
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

    #[test]
    fn nano_text_round_trips() {
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
            let t = Time::parse_rfc3339(text).unwrap();
            assert_eq!(t.rfc3339_nano(), want, "{text}");
        }
    }

    #[test]
    fn one_unit_for_both_clocks() {
        let t = Time::parse("2015-01-01T12:00:00.123456789Z").unwrap();
        assert_eq!(t.nanos() % 1_000_000_000, 123_456_789);
        assert_eq!(t.millis() % 1000, 123);
        assert_eq!(Time::from_millis(1500), Time::from_nanos(1_500_000_000));
        assert_eq!(
            Time::from_unix_seconds(2).add_millis(-500),
            Time::from_millis(1500)
        );
        assert_eq!(Time::from_millis(-1).millis(), -1);
        // The JSON edge keeps metav1.Time's text, with milliseconds only when present.
        assert_eq!(
            serde_json::to_string(&t).unwrap(),
            "\"2015-01-01T12:00:00.123Z\""
        );
    }

    #[test]
    fn errors_are_go_time_parse_errors() {
        let layout = "\"2006-01-02T15:04:05Z07:00\"";
        for (text, want) in [
            ("yesterday", format!("parsing time \"yesterday\" as {layout}: cannot parse \"yesterday\" as \"2006\"")),
            ("", format!("parsing time \"\" as {layout}: cannot parse \"\" as \"2006\"")),
            ("2015-01-01 12:00:00Z", format!("parsing time \"2015-01-01 12:00:00Z\" as {layout}: cannot parse \" 12:00:00Z\" as \"T\"")),
            ("2015-01-01T12:00:00", format!("parsing time \"2015-01-01T12:00:00\" as {layout}: cannot parse \"\" as \"Z07:00\"")),
            ("2015-01-01T12:00:00.Z", format!("parsing time \"2015-01-01T12:00:00.Z\" as {layout}: cannot parse \".Z\" as \"Z07:00\"")),
            ("2015-1-01T12:00:00Z", format!("parsing time \"2015-1-01T12:00:00Z\" as {layout}: cannot parse \"1-01T12:00:00Z\" as \"01\"")),
            ("2015-13-01T00:00:00Z", "parsing time \"2015-13-01T00:00:00Z\": month out of range".to_string()),
            ("2015-02-30T00:00:00Z", "parsing time \"2015-02-30T00:00:00Z\": day out of range".to_string()),
            ("2015-01-01T25:00:00Z", "parsing time \"2015-01-01T25:00:00Z\": hour out of range".to_string()),
            ("2015-01-01T12:00:00Zjunk", "parsing time \"2015-01-01T12:00:00Zjunk\": extra text: \"junk\"".to_string()),
        ] {
            assert_eq!(Time::parse(text).unwrap_err().to_string(), want, "{text}");
        }
    }
}
