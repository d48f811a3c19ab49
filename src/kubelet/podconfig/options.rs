//! What a caller gives to start the mux and its sources, with the kubelet's defaults for what
//! it leaves out: the notification mode and start of the clock of a [`PodConfig`], the directory,
//! URL and polling periods of the file and http sources, the node of the apiserver source.
//!
//! The values stay as text until read (`mode`, `now`, `period`), so that a bad one is refused by
//! the same reader, with the same error, as anywhere else: [`NotificationMode::parse`], the RFC
//! 3339 reader of [`Timestamp`], Go's duration syntax.
//!
//! [`PodConfig`]: super::PodConfig

use serde::{Deserialize, Serialize};

use super::timestamp::{Timestamp, TimestampError};
use super::types::{NotificationMode, PodConfigError};
use crate::duration::{parse_duration, Duration, DurationError};

/// The kubelet's default for `fileCheckFrequency` and `httpCheckFrequency`: 20s
/// (`pkg/kubelet/apis/config/v1beta1/defaults.go`).
pub const DEFAULT_CHECK_FREQUENCY: Duration = Duration(20 * Duration::SECOND);

/// What a [`PodConfig`](super::PodConfig) starts with.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct PodConfigOptions {
    /// The notification mode, by its short or upstream name; default `Incremental`, the mode
    /// the kubelet runs (`makePodSourceConfig`).
    #[cfg_attr(feature = "typescript", ts(as = "Option<NotificationMode>"))]
    pub mode: Option<String>,
    /// RFC 3339 start of the virtual clock (stamped into kubernetes.io/config.seen); default
    /// 1970-01-01T00:00:00Z.
    pub now: Option<String>,
    /// Sources to register up front (upstream Channel()); a source is also registered by its
    /// first merge.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>"))]
    pub sources: Vec<String>,
}

impl PodConfigOptions {
    /// The mode named, or `Incremental` when none is.
    pub fn mode(&self) -> Result<NotificationMode, PodConfigError> {
        match &self.mode {
            Some(m) => NotificationMode::parse(m),
            None => Ok(NotificationMode::Incremental),
        }
    }

    /// The start of the clock, or the Unix epoch when none is given (a fixed instant: the core
    /// never reads the system clock).
    pub fn now(&self) -> Result<Timestamp, TimestampError> {
        match &self.now {
            Some(t) => Timestamp::parse_rfc3339(t),
            None => Ok(Timestamp::default()),
        }
    }
}

/// A polling period given as a Go duration, or the kubelet's default.
fn period_or_default(period: Option<&str>) -> Result<Duration, DurationError> {
    match period {
        Some(p) => parse_duration(p),
        None => Ok(DEFAULT_CHECK_FREQUENCY),
    }
}

/// What a [`FileSource`](super::file::FileSource) starts with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct FileSourceOptions {
    /// The static pod directory, e.g. "/etc/kubernetes/manifests".
    pub path: String,
    pub node_name: String,
    /// fileCheckFrequency as a Go duration; default "20s".
    pub period: Option<String>,
    /// Deliver inotify events (Linux); default true.
    pub watch: Option<bool>,
}

impl FileSourceOptions {
    /// `fileCheckFrequency`, or the kubelet's default ([`DEFAULT_CHECK_FREQUENCY`]).
    pub fn period(&self) -> Result<Duration, DurationError> {
        period_or_default(self.period.as_deref())
    }

    /// Whether the directory is watched: by default it is, as the kubelet on Linux watches it
    /// with inotify besides listing it every period (`config/file_linux.go`).
    pub fn watch(&self) -> bool {
        self.watch.unwrap_or(true)
    }
}

/// What an [`HttpSource`](super::http::HttpSource) starts with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub struct HttpSourceOptions {
    pub url: String,
    pub node_name: String,
    /// httpCheckFrequency as a Go duration; default "20s".
    pub period: Option<String>,
}

impl HttpSourceOptions {
    /// `httpCheckFrequency`, or the kubelet's default ([`DEFAULT_CHECK_FREQUENCY`]).
    pub fn period(&self) -> Result<Duration, DurationError> {
        period_or_default(self.period.as_deref())
    }
}

/// What an [`ApiserverSource`](super::apiserver::ApiserverSource) starts with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ApiserverSourceOptions {
    pub node_name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_options_take_the_kubelets_defaults() {
        let o = PodConfigOptions::default();
        assert_eq!(o.mode(), Ok(NotificationMode::Incremental));
        assert_eq!(o.now().unwrap(), Timestamp::default());
        let file: FileSourceOptions =
            serde_json::from_str(r#"{"path":"/etc/kubernetes/manifests","nodeName":"n"}"#).unwrap();
        assert_eq!(file.period().unwrap(), Duration::from_secs(20));
        assert!(file.watch());
        let http: HttpSourceOptions =
            serde_json::from_str(r#"{"url":"http://x","nodeName":"n","period":"5s"}"#).unwrap();
        assert_eq!(http.period().unwrap(), Duration::from_secs(5));
    }

    #[test]
    fn given_options_are_read_by_the_usual_readers() {
        let o = PodConfigOptions {
            mode: Some("PodConfigNotificationSnapshot".into()),
            now: Some("2024-05-01T10:00:00Z".into()),
            sources: vec![],
        };
        assert_eq!(o.mode(), Ok(NotificationMode::Snapshot));
        assert_eq!(o.now().unwrap().to_string(), "2024-05-01T10:00:00Z");
        let bad = PodConfigOptions {
            mode: Some("Unknown".into()),
            now: Some("soon".into()),
            sources: vec![],
        };
        assert_eq!(
            bad.mode().unwrap_err().to_string(),
            "unsupported PodConfigNotificationMode: 0"
        );
        assert_eq!(
            bad.now().unwrap_err(),
            Timestamp::parse_rfc3339("soon").unwrap_err()
        );
        let file = FileSourceOptions {
            path: "/m".into(),
            node_name: "n".into(),
            period: Some("x".into()),
            watch: Some(false),
        };
        assert_eq!(file.period().unwrap_err(), parse_duration("x").unwrap_err());
        assert!(!file.watch());
    }

    fn file_options(period: Option<&str>) -> FileSourceOptions {
        FileSourceOptions {
            path: "/etc/kubernetes/manifests/".into(),
            node_name: "n".into(),
            period: period.map(str::to_string),
            watch: None,
        }
    }

    fn http_options(period: Option<&str>) -> HttpSourceOptions {
        HttpSourceOptions {
            url: "http://m/pods".into(),
            node_name: "n".into(),
            period: period.map(str::to_string),
        }
    }

    #[test]
    fn sources_start_from_their_options_with_the_given_or_default_period() {
        use super::super::file::FileSource;
        use super::super::http::HttpSource;
        let t = |s: &str| Timestamp::parse_rfc3339(s).unwrap();
        let mut file = FileSource::from_options(&file_options(Some("5s"))).unwrap();
        file.tick(t("2024-05-01T10:00:00Z"));
        assert_eq!(file.next_list(), Some(t("2024-05-01T10:00:05Z")));
        let mut http = HttpSource::from_options(&http_options(None)).unwrap();
        http.tick(t("2024-05-01T10:00:00Z"));
        assert_eq!(http.next_poll(), Some(t("2024-05-01T10:00:20Z")));
    }

    #[test]
    fn a_bad_period_is_refused_with_the_durations_kind_a_non_positive_one_as_go_panics() {
        use super::super::file::FileSource;
        use super::super::http::HttpSource;
        use super::super::types::PodConfigErrorKind;
        use std::error::Error;
        let e = FileSource::from_options(&file_options(Some("1d"))).unwrap_err();
        assert_eq!(e.kind(), PodConfigErrorKind::InvalidDuration);
        assert_eq!(e.kind().as_str(), "invalidDuration");
        assert_eq!(e.to_string(), r#"time: unknown unit "d" in duration "1d""#);
        let under = e.source().and_then(|s| s.downcast_ref::<DurationError>());
        assert_eq!(under, Some(&parse_duration("1d").unwrap_err()));
        let e = HttpSource::from_options(&http_options(Some(""))).unwrap_err();
        assert_eq!(
            (e.kind(), e.to_string().as_str()),
            (
                PodConfigErrorKind::InvalidDuration,
                r#"time: invalid duration """#
            )
        );
        for period in ["0s", "-1s"] {
            let e = FileSource::from_options(&file_options(Some(period))).unwrap_err();
            assert_eq!(
                (e.kind(), e.to_string().as_str()),
                (
                    PodConfigErrorKind::PodConfig,
                    "non-positive interval for NewTicker"
                )
            );
            assert!(e.source().is_none());
            let e = HttpSource::from_options(&http_options(Some(period))).unwrap_err();
            assert_eq!(e.kind().as_str(), "podConfig");
        }
    }
}
