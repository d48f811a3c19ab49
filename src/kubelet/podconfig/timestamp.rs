//! The virtual clock's instants, written the way the kubelet writes them.
//!
//! The kubelet stamps every new pod with `kubernetes.io/config.seen` =
//! `kubetypes.NewTimestamp().GetString()`, i.e. `time.Now().Format(time.RFC3339Nano)`
//! (`pkg/kubelet/types/types.go`, v1.30). kubegate never reads the system clock: the caller passes
//! the instant. We keep it as nanoseconds since the Unix epoch and print it in UTC (Go prints the
//! node's local zone; UTC is the zone of a kubelet in a container and keeps output reproducible).
//! The calendar arithmetic is shared with [`crate::timestamp`], which keeps milliseconds for the
//! node simulator; this type keeps nanoseconds because the annotation does.

use std::fmt;

use crate::timestamp::{format_rfc3339, parse_rfc3339_nanos, Fraction};

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
        parse_rfc3339_nanos(text)
            .map(Timestamp)
            .ok_or_else(|| TimestampError(text.to_string()))
    }

    /// Go's `Format(time.RFC3339Nano)` in UTC: trailing zeros of the fraction are dropped.
    pub fn rfc3339_nano(self) -> String {
        format_rfc3339(self.0, Fraction::Nanos)
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
