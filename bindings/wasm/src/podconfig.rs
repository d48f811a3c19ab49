//! `PodConfig` and the three pod sources for JavaScript: conversions around
//! [`kubegate::kubelet::podconfig`], nothing more.

use std::collections::BTreeMap;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::{fail, input};
use kubegate::duration::{parse_duration, Duration};
use kubegate::kubelet::podconfig::apiserver::ApiserverSource;
use kubegate::kubelet::podconfig::file::FileSource;
use kubegate::kubelet::podconfig::http::{HttpResponse, HttpSource};
use kubegate::kubelet::podconfig::pod::DecodePod;
use kubegate::kubelet::podconfig::{
    Event, NotificationMode, Pod, PodConfig, PodConfigError, PodError, Timestamp,
};

fn parse_time(now: &str) -> Result<Timestamp, JsValue> {
    Timestamp::parse_rfc3339(now).map_err(fail)
}

fn parse_period(period: Option<&str>) -> Result<Duration, JsValue> {
    match period {
        Some(p) => parse_duration(p).map_err(fail),
        // fileCheckFrequency and httpCheckFrequency both default to 20s.
        None => Ok(Duration::from_secs(20)),
    }
}

/// The options of a source polled every `period` (a file or URL source).
trait Polled: serde::de::DeserializeOwned {
    fn period(&self) -> Option<&str>;
}

impl Polled for FileSourceOptions {
    fn period(&self) -> Option<&str> {
        self.period.as_deref()
    }
}

impl Polled for HttpSourceOptions {
    fn period(&self) -> Option<&str> {
        self.period.as_deref()
    }
}

/// A polled source made by `make` from its options (`what` in errors) and their period.
fn polled<O: Polled, S, E: super::error::CoreError>(
    options: &str,
    what: &str,
    make: impl FnOnce(O, Duration) -> Result<S, E>,
) -> Result<S, JsValue> {
    let o: O = input(options, what)?;
    let period = parse_period(o.period())?;
    make(o, period).map_err(fail)
}

/// What `new PodConfig(options)` takes.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub(crate) struct PodConfigOptions {
    #[cfg_attr(feature = "typescript", ts(as = "Option<NotificationMode>"))]
    mode: Option<String>,
    /// RFC 3339 start of the virtual clock (stamped into kubernetes.io/config.seen); default
    /// 1970-01-01T00:00:00Z.
    now: Option<String>,
    /// Sources to register up front (upstream Channel()); a source is also registered by its
    /// first merge.
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Option<Vec<String>>"))]
    sources: Vec<String>,
}

super::error::core_error!(
    PodConfigError,
    PodError,
    kubegate::kubelet::podconfig::types::SourceError
);

/// Every result of this module as JSON text (the bulk exception of [`super::output`]), written by
/// [`kubegate::json`] (faster for results of up to 50,000 pods, and one serializer for all, so the
/// wasm carries one copy of each result type's serialization).
fn to_json_fast<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, JsValue> {
    kubegate::json::to_string(value).map_err(|e| {
        super::error(
            super::error::BindingErrorKind::Internal,
            &format!("kubegate: cannot convert result to JS: {e}"),
        )
    })
}

/// An update [`PodsInput`] refused, decoded again for the error it reports (the path of the
/// refused field).
fn update_error_input(bytes: &[u8]) -> Result<UpdateInput, JsValue> {
    super::input_bytes(bytes, "pod update")
}

/// What `merge` takes: `{ op, pods }`, or a `PodUpdate` a source emitted, fed back as it is (its
/// `source` and `reasons` are not read: the source is `merge`'s first argument). Each pod is
/// decoded straight into a [`Pod`] (no `Value` tree for the whole update), and of the pods of a
/// REMOVE only the metadata is read (a REMOVE emits the stored pods; the package writes `op`
/// first). A pod that is not one is reported by its index after the op is checked, as
/// [`PodConfig::merge_input`] does. Anything else amiss (a repeated, unknown or missing field,
/// bad JSON) fails, and [`UpdateInput`] decodes again for the error reported.
struct PodsInput {
    op: String,
    pods: Vec<Result<Pod, PodError>>,
}

impl<'de> Deserialize<'de> for PodsInput {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PodsInput, D::Error> {
        d.deserialize_map(PodsInputVisitor)
    }
}

struct PodsInputVisitor;

impl<'de> serde::de::Visitor<'de> for PodsInputVisitor {
    type Value = PodsInput;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a pod update")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<PodsInput, A::Error> {
        use serde::de::{Error, IgnoredAny};
        let (mut op, mut pods) = (None::<String>, None);
        let (mut source, mut reasons) = (false, false);
        while let Some(key) = map.next_key_seed(kubegate::json::KeySeed)? {
            match &*key {
                "op" if op.is_none() => op = Some(map.next_value()?),
                "pods" if pods.is_none() => {
                    let pod = DecodePod {
                        metadata_only: op.as_deref() == Some("REMOVE"),
                    };
                    pods = Some(map.next_value_seed(PodsSeed(pod))?);
                }
                "source" if !source => {
                    source = true;
                    map.next_value::<Option<String>>()?;
                }
                "reasons" if !reasons => {
                    reasons = true;
                    map.next_value::<IgnoredAny>()?;
                }
                _ => return Err(A::Error::custom("not a pod update")),
            }
        }
        Ok(PodsInput {
            op: op.ok_or_else(|| A::Error::custom("no op"))?,
            pods: pods.unwrap_or_default(),
        })
    }
}

/// The `pods` list, each decoded by the [`DecodePod`] it carries.
struct PodsSeed(DecodePod);

impl<'de> serde::de::DeserializeSeed<'de> for PodsSeed {
    type Value = Vec<Result<Pod, PodError>>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> serde::de::Visitor<'de> for PodsSeed {
    type Value = Vec<Result<Pod, PodError>>;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of pods")
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut pods = Vec::new();
        while let Some(pod) = seq.next_element_seed(self.0)? {
            pods.push(pod);
        }
        Ok(pods)
    }
}

/// [`PodsInput`] with each pod a `Value`: the decoder that reports why an update is refused.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct UpdateInput {
    op: String,
    #[serde(default)]
    pods: Vec<serde_json::Value>,
    #[serde(default, rename = "source")]
    _source: Option<String>,
    #[serde(default, rename = "reasons")]
    _reasons: Option<serde_json::Value>,
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
        #[wasm_bindgen(unchecked_optional_param_type = "PodConfigOptions | null")] options: &str,
    ) -> Result<JsPodConfig, JsValue> {
        let opts: PodConfigOptions =
            input::<Option<PodConfigOptions>>(options, "PodConfig options")?.unwrap_or_default();
        let mode = match opts.mode {
            Some(m) => NotificationMode::parse(&m).map_err(fail)?,
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
    ) -> Result<kubegate::kubelet::podconfig::MergeOutcome, JsValue> {
        super::reserve_heap(update.len());
        let (op, pods) = match kubegate::json::strict::from_slice::<PodsInput>(update) {
            Ok(input) => (input.op, input.pods),
            Err(_) => {
                let input = update_error_input(update)?;
                let pods = input.pods.into_iter().map(Pod::from_value).collect();
                (input.op, pods)
            }
        };
        if pods.len() > kubegate::kubelet::podconfig::MAX_PODS {
            return Err(super::error(
                super::error::BindingErrorKind::Limit,
                &format!(
                    "pod update: {} pods; the limit is {} per update",
                    pods.len(),
                    kubegate::kubelet::podconfig::MAX_PODS
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
            fail(e)
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
        to_json_fast(&self.events)
    }

    /// Everything upstream would only have logged so far.
    pub fn logs(&self) -> Vec<String> {
        self.logs.clone()
    }
}

/// What `new FileSource(options)` takes.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub(crate) struct FileSourceOptions {
    /// The static pod directory, e.g. "/etc/kubernetes/manifests".
    path: String,
    node_name: String,
    /// fileCheckFrequency as a Go duration; default "20s".
    period: Option<String>,
    /// Deliver inotify events (Linux); default true.
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
        let inner = polled(
            options,
            "FileSource options",
            |o: FileSourceOptions, period| {
                FileSource::new(&o.path, &o.node_name, period, o.watch.unwrap_or(true))
            },
        )?;
        Ok(JsFileSource { inner })
    }

    #[wasm_bindgen(js_name = writeFile, unchecked_return_type = "PodSourceStep")]
    pub fn write_file(&mut self, name: &str, content: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.write_file(name, content).map_err(fail)?)
    }

    #[wasm_bindgen(js_name = removeFile, unchecked_return_type = "PodSourceStep")]
    pub fn remove_file(&mut self, name: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.remove_file(name).map_err(fail)?)
    }

    /// Starts the source on the first call, then lists whenever a period has elapsed.
    #[wasm_bindgen(unchecked_return_type = "PodSourceStep")]
    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.tick(parse_time(now)?))
    }

    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn files(&self) -> Result<String, JsValue> {
        let files: &BTreeMap<String, String> = self.inner.files();
        to_json_fast(files)
    }
}

/// What `new HttpSource(options)` takes.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(optional_fields))]
pub(crate) struct HttpSourceOptions {
    url: String,
    node_name: String,
    /// httpCheckFrequency as a Go duration; default "20s".
    period: Option<String>,
}

/// What the URL of an `HttpSource` answers (`serve`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct ManifestResponse {
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
        polled(
            options,
            "HttpSource options",
            |o: HttpSourceOptions, period| HttpSource::new(&o.url, &o.node_name, period),
        )
        .map(|inner| JsHttpSource { inner })
    }

    /// What the URL answers from now on; null makes requests fail.
    pub fn serve(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ManifestResponse | null")] response: &str,
    ) -> Result<(), JsValue> {
        let r: Option<ManifestResponse> = input(response, "manifest response")?;
        let limit = kubegate::kubelet::podconfig::MAX_MANIFEST_BYTES;
        if let Some(big) = r.as_ref().filter(|r| r.body.len() > limit) {
            return Err(super::error(
                super::error::BindingErrorKind::Limit,
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
        to_json_fast(&self.inner.tick(parse_time(now)?))
    }
}

/// What `new ApiserverSource(options)` takes.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub(crate) struct ApiserverSourceOptions {
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
        let o: ApiserverSourceOptions = input(options, "ApiserverSource options")?;
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
        let pod: serde_json::Value = input(pod, "pod")?;
        to_json_fast(&self.inner.upsert_pod(pod).map_err(fail)?)
    }

    #[wasm_bindgen(js_name = deletePod, unchecked_return_type = "PodSourceStep")]
    pub fn delete_pod(&mut self, namespace: &str, name: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.delete_pod(namespace, name))
    }

    #[wasm_bindgen(unchecked_return_type = "PodSourceStep")]
    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.tick(parse_time(now)?))
    }

    #[wasm_bindgen(js_name = clusterPods, unchecked_return_type = "PodJson[]")]
    pub fn cluster_pods(&self) -> Result<String, JsValue> {
        to_json_fast(&self.inner.cluster_pods())
    }
}
