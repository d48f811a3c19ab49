//! `PodConfig` and the three pod sources for JavaScript: conversions around
//! [`crate::kubelet::podconfig`], nothing more.

use std::collections::BTreeMap;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::{fail, from_json, to_json};
use crate::duration::{parse_duration, Duration};
use crate::kubelet::podconfig::apiserver::ApiserverSource;
use crate::kubelet::podconfig::file::FileSource;
use crate::kubelet::podconfig::http::{HttpResponse, HttpSource};
use crate::kubelet::podconfig::pod::DecodedPod;
use crate::kubelet::podconfig::{
    Event, NotificationMode, Pod, PodConfig, PodConfigError, PodError, Timestamp,
};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** What a source sends. An op outside PodOperation throws; "RECONCILE" is logged and ignored, as upstream. */
export interface PodUpdateInput {
  op: PodOperation;
  pods?: PodJson[];
  /** A PodUpdate a source emitted can be passed as it is: its source and reasons are not read. */
  source?: string;
  reasons?: PodUpdateReason[];
}

export interface PodConfigOptions {
  mode?: PodConfigMode;
  /** RFC 3339 start of the virtual clock (stamped into kubernetes.io/config.seen); default 1970-01-01T00:00:00Z. */
  now?: string;
  /** Sources to register up front (upstream Channel()); a source is also registered by its first merge. */
  sources?: string[];
}

export interface FileSourceOptions {
  /** The static pod directory, e.g. "/etc/kubernetes/manifests". */
  path: string;
  nodeName: string;
  /** fileCheckFrequency as a Go duration; default "20s". */
  period?: string;
  /** Deliver inotify events (Linux); default true. */
  watch?: boolean;
}

export interface HttpSourceOptions {
  url: string;
  nodeName: string;
  /** httpCheckFrequency as a Go duration; default "20s". */
  period?: string;
}

export interface ManifestResponse {
  status: number;
  body: string;
}

export interface ApiserverSourceOptions {
  nodeName: string;
}
"#;

fn parse_time(now: &str) -> Result<Timestamp, JsValue> {
    Timestamp::parse_rfc3339(now).map_err(fail("invalidTime"))
}

fn parse_period(period: Option<String>) -> Result<Duration, JsValue> {
    match period {
        Some(p) => parse_duration(&p).map_err(fail("invalidDuration")),
        // fileCheckFrequency and httpCheckFrequency both default to 20s.
        None => Ok(Duration::from_secs(20)),
    }
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PodConfigOptions {
    mode: Option<String>,
    now: Option<String>,
    #[serde(default)]
    sources: Vec<String>,
}

/// [`to_json`] for results of up to 50,000 pods: the same text, written by [`crate::json`].
fn to_json_fast<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, JsValue> {
    crate::json::to_string(value).map_err(|e| {
        super::error(
            "internal",
            &format!("kubegate: cannot convert result to JS: {e}"),
        )
    })
}

/// [`super::from_json_large`] for JSON text that arrives as UTF-8 bytes (the package sends the
/// largest inputs so: copying bytes into wasm memory is one step, a string is copied character by
/// character in JS first). Bytes that are not UTF-8 cannot come from the package's JS layer.
fn from_json_bytes<T: serde::de::DeserializeOwned>(bytes: &[u8], what: &str) -> Result<T, JsValue> {
    match serde_json::from_slice::<T>(bytes) {
        Ok(value) => Ok(value),
        Err(_) => match std::str::from_utf8(bytes) {
            // The text decoder, for its error (the path of the bad field).
            Ok(text) => super::from_json_large(text, what),
            Err(_) => Err(super::error(
                "invalidInput",
                &format!("invalid {what}: not UTF-8 text"),
            )),
        },
    }
}

/// What `merge` takes: `{ op, pods }`, or a `PodUpdate` a source emitted, fed back as it is (its
/// `source` and `reasons` are not read: the source is `merge`'s first argument). Each pod is
/// decoded straight into a [`Pod`] (no `Value` tree for the whole update); a pod that is not one
/// is reported by its index after the op is checked, as [`PodConfig::merge_input`] does.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PodsInput {
    op: String,
    #[serde(default)]
    pods: Vec<DecodedPod>,
    #[serde(default, rename = "source")]
    _source: Option<String>,
    #[serde(default, rename = "reasons")]
    _reasons: Option<serde::de::IgnoredAny>,
}

/// A REMOVE as [`PodsInput`] decodes it, reading of each pod only what the merge reads: a
/// REMOVE emits the stored pods and only checks the incoming ones' metadata (`Pod::from_value`),
/// so their spec and status (most of 50,000 pods) are skipped, never built. Decoding stops at
/// once at an `op` other than REMOVE (the package writes `op` first), and any failure falls back
/// to [`PodsInput`], whose errors are the ones reported.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RemoveInput {
    #[serde(rename = "op")]
    _op: RemoveOp,
    #[serde(default)]
    pods: Vec<MetadataOnly>,
    #[serde(default, rename = "source")]
    _source: Option<String>,
    #[serde(default, rename = "reasons")]
    _reasons: Option<serde::de::IgnoredAny>,
}

/// The text `"REMOVE"`; anything else fails the decoding.
struct RemoveOp;

impl<'de> Deserialize<'de> for RemoveOp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RemoveOp, D::Error> {
        let op = std::borrow::Cow::<'de, str>::deserialize(d)?;
        if op == "REMOVE" {
            Ok(RemoveOp)
        } else {
            Err(serde::de::Error::custom("not a REMOVE"))
        }
    }
}

/// A pod with only its `metadata` kept (the last one, as a JSON object keeps the last of a
/// repeated key); anything but an object stays a non-object, which the merge refuses alike.
struct MetadataOnly(serde_json::Value);

impl<'de> Deserialize<'de> for MetadataOnly {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MetadataOnly, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = serde_json::Value;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a pod")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<serde_json::Value, A::Error> {
                let mut pod = serde_json::Map::new();
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    if key == "metadata" {
                        pod.insert(key.into_owned(), map.next_value()?);
                    } else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                    }
                }
                Ok(serde_json::Value::Object(pod))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<serde_json::Value, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(serde_json::Value::Null)
            }
            fn visit_bool<E>(self, _: bool) -> Result<serde_json::Value, E> {
                Ok(serde_json::Value::Null)
            }
            fn visit_i64<E>(self, _: i64) -> Result<serde_json::Value, E> {
                Ok(serde_json::Value::Null)
            }
            fn visit_u64<E>(self, _: u64) -> Result<serde_json::Value, E> {
                Ok(serde_json::Value::Null)
            }
            fn visit_f64<E>(self, _: f64) -> Result<serde_json::Value, E> {
                Ok(serde_json::Value::Null)
            }
            fn visit_str<E>(self, _: &str) -> Result<serde_json::Value, E> {
                Ok(serde_json::Value::Null)
            }
            fn visit_unit<E>(self) -> Result<serde_json::Value, E> {
                Ok(serde_json::Value::Null)
            }
        }
        d.deserialize_any(Visit).map(MetadataOnly)
    }
}

/// The kubelet's pod configuration mux.
#[wasm_bindgen(js_name = PodConfig)]
pub struct JsPodConfig {
    inner: PodConfig,
    events: Vec<Event>,
    logs: Vec<String>,
}

#[wasm_bindgen(js_class = PodConfig)]
impl JsPodConfig {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "PodConfigOptions | undefined")] options: &str,
    ) -> Result<JsPodConfig, JsValue> {
        let opts: PodConfigOptions =
            from_json::<Option<PodConfigOptions>>(options, "PodConfig options")?
                .unwrap_or_default();
        let mode = match opts.mode {
            Some(m) => NotificationMode::parse(&m).map_err(fail("podConfig"))?,
            None => NotificationMode::default(),
        };
        let now = match opts.now {
            Some(t) => parse_time(&t)?,
            None => Timestamp::default(),
        };
        let mut inner = PodConfig::new(mode, now);
        for s in &opts.sources {
            inner.channel(s);
        }
        Ok(JsPodConfig {
            inner,
            events: Vec::new(),
            logs: Vec::new(),
        })
    }

    #[wasm_bindgen(getter, unchecked_return_type = "PodConfigMode")]
    pub fn mode(&self) -> String {
        self.inner.mode().as_str().to_string()
    }

    /// The virtual clock, RFC 3339.
    #[wasm_bindgen(getter)]
    pub fn now(&self) -> String {
        self.inner.now().rfc3339_nano()
    }

    #[wasm_bindgen(js_name = setNow)]
    pub fn set_now(&mut self, now: &str) -> Result<(), JsValue> {
        self.inner.set_now(parse_time(now)?);
        Ok(())
    }

    /// Registers a source (upstream `Channel(ctx, source)`).
    pub fn channel(&mut self, source: &str) {
        self.inner.channel(source);
    }

    /// Merges one update from `source`; returns the updates emitted, in upstream order.
    // `update` arrives as the UTF-8 JSON text of a `PodUpdateInput` (the package's checked layer
    // converts it, `objectBytes` in npm/core.js); the type names what callers pass.
    #[wasm_bindgen(unchecked_return_type = "PodUpdate[]")]
    pub fn merge(
        &mut self,
        source: &str,
        #[wasm_bindgen(unchecked_param_type = "PodUpdateInput")] update: &[u8],
        now: Option<String>,
    ) -> Result<String, JsValue> {
        let outcome = self.merge_outcome(source, update, now)?;
        to_json_fast(&outcome.updates)
    }

    /// Like merge(), with the events and logs of this merge too.
    #[wasm_bindgen(js_name = mergeDetailed, unchecked_return_type = "PodMergeOutcome")]
    pub fn merge_detailed(
        &mut self,
        source: &str,
        #[wasm_bindgen(unchecked_param_type = "PodUpdateInput")] update: &[u8],
        now: Option<String>,
    ) -> Result<String, JsValue> {
        let outcome = self.merge_outcome(source, update, now)?;
        to_json_fast(&outcome)
    }

    fn merge_outcome(
        &mut self,
        source: &str,
        update: &[u8],
        now: Option<String>,
    ) -> Result<crate::kubelet::podconfig::MergeOutcome, JsValue> {
        let (op, pods) = match serde_json::from_slice::<RemoveInput>(update) {
            Ok(remove) => (
                "REMOVE".to_string(),
                remove
                    .pods
                    .into_iter()
                    .map(|p| Pod::from_value(p.0))
                    .collect(),
            ),
            Err(_) => {
                let input = from_json_bytes::<PodsInput>(update, "pod update")?;
                (input.op, input.pods.into_iter().map(|p| p.0).collect())
            }
        };
        let pods: Vec<Result<Pod, PodError>> = pods;
        if pods.len() > crate::kubelet::podconfig::MAX_PODS {
            return Err(super::error(
                "limit",
                &format!(
                    "pod update: {} pods; the limit is {} per update",
                    pods.len(),
                    crate::kubelet::podconfig::MAX_PODS
                ),
            ));
        }
        // A refused merge leaves everything as it was, the clock included.
        let before = self.inner.now();
        if let Some(t) = now {
            self.inner.set_now(parse_time(&t)?);
        }
        let outcome = self.inner.merge_decoded(source, &op, pods).map_err(|e| {
            self.inner.set_now(before);
            let kind = match e {
                PodConfigError::TooManyPods { .. } => "limit",
                _ => "podConfig",
            };
            super::error(kind, &e.to_string())
        })?;
        self.events.extend(outcome.events.iter().cloned());
        self.logs.extend(outcome.logs.iter().cloned());
        Ok(outcome)
    }

    /// Sync(): the full merged state as SET from "*" (a one-element list, like merge()).
    #[wasm_bindgen(unchecked_return_type = "PodUpdate[]")]
    pub fn sync(&self) -> Result<String, JsValue> {
        to_json_fast(&[self.inner.sync()])
    }

    #[wasm_bindgen(js_name = seenAllSources)]
    pub fn seen_all_sources(&self, sources: Vec<String>) -> bool {
        self.inner.seen_all_sources(&sources)
    }

    #[wasm_bindgen(js_name = mergedState, unchecked_return_type = "PodJson[]")]
    pub fn merged_state(&self) -> Result<String, JsValue> {
        to_json_fast(&self.inner.merged_state())
    }

    /// The registered sources.
    pub fn sources(&self) -> Vec<String> {
        self.inner.sources()
    }

    /// Every event recorded so far.
    #[wasm_bindgen(unchecked_return_type = "PodConfigEvent[]")]
    pub fn events(&self) -> Result<String, JsValue> {
        to_json(&self.events)
    }

    /// Everything upstream would only have logged so far.
    pub fn logs(&self) -> Vec<String> {
        self.logs.clone()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FileSourceOptions {
    path: String,
    node_name: String,
    period: Option<String>,
    watch: Option<bool>,
}

/// Static pod manifests in a (virtual) directory.
#[wasm_bindgen(js_name = FileSource)]
pub struct JsFileSource {
    inner: FileSource,
}

#[wasm_bindgen(js_class = FileSource)]
impl JsFileSource {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "FileSourceOptions")] options: &str,
    ) -> Result<JsFileSource, JsValue> {
        let o: FileSourceOptions = from_json(options, "FileSource options")?;
        let period = parse_period(o.period)?;
        let inner = FileSource::new(&o.path, &o.node_name, period, o.watch.unwrap_or(true))
            .map_err(fail("podConfig"))?;
        Ok(JsFileSource { inner })
    }

    #[wasm_bindgen(js_name = writeFile, unchecked_return_type = "PodSourceStep")]
    pub fn write_file(&mut self, name: &str, content: &str) -> Result<String, JsValue> {
        to_json(
            &self
                .inner
                .write_file(name, content)
                .map_err(fail("podConfig"))?,
        )
    }

    #[wasm_bindgen(js_name = removeFile, unchecked_return_type = "PodSourceStep")]
    pub fn remove_file(&mut self, name: &str) -> Result<String, JsValue> {
        to_json(&self.inner.remove_file(name).map_err(fail("podConfig"))?)
    }

    /// Starts the source on the first call, then lists whenever a period has elapsed.
    #[wasm_bindgen(unchecked_return_type = "PodSourceStep")]
    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json(&self.inner.tick(parse_time(now)?))
    }

    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn files(&self) -> Result<String, JsValue> {
        let files: &BTreeMap<String, String> = self.inner.files();
        to_json(files)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HttpSourceOptions {
    url: String,
    node_name: String,
    period: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestResponse {
    status: u16,
    body: String,
}

/// A manifest URL polled on the virtual clock.
#[wasm_bindgen(js_name = HttpSource)]
pub struct JsHttpSource {
    inner: HttpSource,
}

#[wasm_bindgen(js_class = HttpSource)]
impl JsHttpSource {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "HttpSourceOptions")] options: &str,
    ) -> Result<JsHttpSource, JsValue> {
        let o: HttpSourceOptions = from_json(options, "HttpSource options")?;
        let period = parse_period(o.period)?;
        let inner = HttpSource::new(&o.url, &o.node_name, period).map_err(fail("podConfig"))?;
        Ok(JsHttpSource { inner })
    }

    /// What the URL answers from now on; null makes requests fail.
    pub fn serve(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ManifestResponse | null")] response: &str,
    ) -> Result<(), JsValue> {
        let r: Option<ManifestResponse> = from_json(response, "manifest response")?;
        let limit = crate::kubelet::podconfig::MAX_MANIFEST_BYTES;
        if let Some(big) = r.as_ref().filter(|r| r.body.len() > limit) {
            return Err(super::error(
                "limit",
                &format!(
                    "manifest response: a body of {} bytes; the limit is {limit}",
                    big.body.len()
                ),
            ));
        }
        self.inner.serve(r.map(|r| HttpResponse {
            status: r.status,
            body: r.body,
        }));
        Ok(())
    }

    #[wasm_bindgen(unchecked_return_type = "PodSourceStep")]
    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json(&self.inner.tick(parse_time(now)?))
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ApiserverSourceOptions {
    node_name: String,
}

/// Pods bound to this node, as the kubelet watches them.
#[wasm_bindgen(js_name = ApiserverSource)]
pub struct JsApiserverSource {
    inner: ApiserverSource,
}

#[wasm_bindgen(js_class = ApiserverSource)]
impl JsApiserverSource {
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ApiserverSourceOptions")] options: &str,
    ) -> Result<JsApiserverSource, JsValue> {
        let o: ApiserverSourceOptions = from_json(options, "ApiserverSource options")?;
        Ok(JsApiserverSource {
            inner: ApiserverSource::new(&o.node_name),
        })
    }

    #[wasm_bindgen(js_name = setNodeSynced)]
    pub fn set_node_synced(&mut self, synced: bool) {
        self.inner.set_node_synced(synced);
    }

    #[wasm_bindgen(getter)]
    pub fn watching(&self) -> bool {
        self.inner.watching()
    }

    #[wasm_bindgen(js_name = upsertPod, unchecked_return_type = "PodSourceStep")]
    pub fn upsert_pod(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "PodJson")] pod: &str,
    ) -> Result<String, JsValue> {
        let pod: serde_json::Value = from_json(pod, "pod")?;
        to_json(&self.inner.upsert_pod(pod).map_err(fail("podConfig"))?)
    }

    #[wasm_bindgen(js_name = deletePod, unchecked_return_type = "PodSourceStep")]
    pub fn delete_pod(&mut self, namespace: &str, name: &str) -> Result<String, JsValue> {
        to_json(&self.inner.delete_pod(namespace, name))
    }

    #[wasm_bindgen(unchecked_return_type = "PodSourceStep")]
    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json(&self.inner.tick(parse_time(now)?))
    }

    #[wasm_bindgen(js_name = clusterPods, unchecked_return_type = "PodJson[]")]
    pub fn cluster_pods(&self) -> Result<String, JsValue> {
        to_json(&self.inner.cluster_pods())
    }
}
