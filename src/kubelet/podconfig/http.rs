//! The http source: a manifest URL polled every `httpCheckFrequency` (`sourceURL` in
//! `pkg/kubelet/config/http.go`, v1.30–v1.33), over a virtual HTTP response.
//!
//! Each poll (the first at start, then every period) reads the response. A non-200 status is
//! an error; an empty body sends an empty SET (so the source can be marked as seen) and reports
//! an error; a body identical to the last one is skipped *before* decoding, so a broken document
//! is reported once, not on every poll. The body is tried as one pod, then as a `PodList`.

use super::manifest::{decode_pod_list, decode_single_pod, Origin};
use super::options::HttpSourceOptions;
use super::timestamp::Timestamp;
use super::types::{check_period, next_tick, SourceError, SourceStep, HTTP_SOURCE};
use super::MAX_MANIFEST_BYTES;
use crate::duration::Duration;

/// What the manifest URL answers.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "ManifestResponse")
)]
pub struct HttpResponse {
    pub status: u16,
    pub body: String,
}

/// The reason phrase Go's `resp.Status` carries after the code.
fn status_text(code: u16) -> &'static str {
    match code {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        301 => "Moved Permanently",
        302 => "Found",
        304 => "Not Modified",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        408 => "Request Timeout",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

/// The http source.
#[derive(Clone, Debug)]
pub struct HttpSource {
    url: String,
    node_name: String,
    period: Duration,
    response: Option<HttpResponse>,
    data: Option<String>,
    next_poll: Option<Timestamp>,
}

impl HttpSource {
    /// `NewSourceURL(url, header, nodeName, period, …)`.
    pub fn new(url: &str, node_name: &str, period: Duration) -> Result<HttpSource, SourceError> {
        check_period(period)?;
        Ok(HttpSource {
            url: url.to_string(),
            node_name: node_name.to_string(),
            period,
            response: None,
            data: None,
            next_poll: None,
        })
    }

    /// The source the options describe, with the kubelet's default period when they give none:
    /// a period that is not a Go duration is refused with the duration's kind and text, one
    /// [`new`](Self::new) refuses with its own.
    pub fn from_options(options: &HttpSourceOptions) -> Result<HttpSource, SourceError> {
        let period = options.period().map_err(SourceError::period)?;
        HttpSource::new(&options.url, &options.node_name, period)
    }

    /// What the URL serves from now on; `None` makes the request fail. A body longer than
    /// [`MAX_MANIFEST_BYTES`] is refused (every poll decodes it), and the URL serves what it
    /// served before.
    pub fn try_serve(&mut self, response: Option<HttpResponse>) -> Result<(), SourceError> {
        if let Some(big) = response
            .as_ref()
            .filter(|r| r.body.len() > MAX_MANIFEST_BYTES)
        {
            return Err(SourceError::limit(format!(
                "manifest response: a body of {} bytes; the limit is {MAX_MANIFEST_BYTES}",
                big.body.len()
            )));
        }
        self.response = response;
        Ok(())
    }

    /// [`Self::try_serve`] without its size limit, for callers that make the response
    /// themselves.
    pub fn serve(&mut self, response: Option<HttpResponse>) {
        self.response = response;
    }

    pub fn next_poll(&self) -> Option<Timestamp> {
        self.next_poll
    }

    /// Polls when due (`wait.Until`: at start, then every period).
    pub fn tick(&mut self, now: Timestamp) -> SourceStep {
        let mut step = SourceStep::default();
        if self.next_poll.is_some_and(|next| now < next) {
            return step;
        }
        self.next_poll = Some(next_tick(self.next_poll, now, self.period));
        if let Err(e) = self.extract_from_url(&mut step) {
            step.errors
                .push(format!("Failed to read pods from URL: {e}"));
        }
        step
    }

    /// `extractFromURL`.
    fn extract_from_url(&mut self, step: &mut SourceStep) -> Result<(), SourceError> {
        let Some(resp) = self.response.clone() else {
            return Err(SourceError::new(format!(
                "Get {:?}: dial tcp: connect: connection refused",
                self.url
            )));
        };
        if resp.status != 200 {
            return Err(SourceError::new(
                format!("{}: {} {}", self.url, resp.status, status_text(resp.status))
                    .trim_end()
                    .to_string(),
            ));
        }
        if resp.body.is_empty() {
            step.send(
                HTTP_SOURCE,
                Vec::new(),
                "zero-length response: an empty SET lets the http source be marked as seen".into(),
            );
            return Err(SourceError::new(format!(
                "zero-length data received from {}",
                self.url
            )));
        }
        if self.data.as_deref() == Some(resp.body.as_str()) {
            return Ok(());
        }
        self.data = Some(resp.body.clone());
        let origin = Origin::Url(&self.url);
        let single = match decode_single_pod(&resp.body, &origin, &self.node_name) {
            Ok(pod) => {
                step.send(
                    HTTP_SOURCE,
                    vec![pod],
                    "the URL serves a single pod: SET of that pod".into(),
                );
                return Ok(());
            }
            Err(e) if e.parsed => return Err(SourceError::new(e.message)),
            Err(e) => e.message,
        };
        match decode_pod_list(&resp.body, &origin, &self.node_name) {
            Ok(pods) => {
                let n = pods.len();
                step.send(
                    HTTP_SOURCE,
                    pods,
                    format!("the URL serves a PodList of {n}: SET of those pods"),
                );
                Ok(())
            }
            Err(e) if e.parsed => Err(SourceError::new(e.message)),
            Err(e) => Err(SourceError::new(format!(
                "{}: received '{}', but couldn't parse as single ({single}) or multiple pods ({})",
                self.url, resp.body, e.message
            ))),
        }
    }
}
