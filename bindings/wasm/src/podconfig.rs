//! `PodConfig` and the three pod sources for JavaScript: conversions around
//! [`kubegate::kubelet::podconfig`], nothing more.

use std::collections::BTreeMap;

use wasm_bindgen::prelude::*;

use super::{fail, input};
use kubegate::kubelet::podconfig::apiserver::ApiserverSource;
use kubegate::kubelet::podconfig::file::FileSource;
use kubegate::kubelet::podconfig::http::{HttpResponse, HttpSource};
use kubegate::kubelet::podconfig::{
    ApiserverSourceOptions, Event, FileSourceOptions, HttpSourceOptions, PodConfig, PodConfigError,
    PodConfigOptions, PodError, Timestamp, UpdateInput,
};

fn parse_time(now: &str) -> Result<Timestamp, JsValue> {
    Timestamp::parse_rfc3339(now).map_err(fail)
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
    pub fn new(options: &str) -> Result<JsPodConfig, JsValue> {
        let opts: PodConfigOptions =
            input::<Option<PodConfigOptions>>(options, "PodConfig options")?.unwrap_or_default();
        let mut inner = PodConfig::new(opts.mode().map_err(fail)?, opts.now().map_err(fail)?);
        for s in &opts.sources {
            inner.channel(s);
        }
        Ok(JsPodConfig {
            inner,
            events: Vec::new(),
            logs: Vec::new(),
        })
    }

    #[wasm_bindgen(getter)]
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
    pub fn merge(
        &mut self,
        source: &str,
        update: &[u8],
        now: Option<String>,
    ) -> Result<String, JsValue> {
        let outcome = self.merge_outcome(source, update, now)?;
        to_json_fast(&outcome.updates)
    }

    /// Like merge(), with the events and logs of this merge too.
    #[wasm_bindgen(js_name = mergeDetailed)]
    pub fn merge_detailed(
        &mut self,
        source: &str,
        update: &[u8],
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
        let update =
            UpdateInput::from_slice(update).map_err(|e| super::refused_input(&e, "pod update"))?;
        let now = now.as_deref().map(parse_time).transpose()?;
        let outcome = self
            .inner
            .merge_decoded_at(source, &update.op, update.pods, now)
            .map_err(fail)?;
        self.events.extend(outcome.events.iter().cloned());
        self.logs.extend(outcome.logs.iter().cloned());
        Ok(outcome)
    }

    /// Sync(): the full merged state as SET from "*" (a one-element list, like merge()).
    pub fn sync(&self) -> Result<String, JsValue> {
        to_json_fast(&[self.inner.sync()])
    }

    #[wasm_bindgen(js_name = seenAllSources)]
    pub fn seen_all_sources(&self, sources: Vec<String>) -> bool {
        self.inner.seen_all_sources(&sources)
    }

    #[wasm_bindgen(js_name = mergedState)]
    pub fn merged_state(&self) -> Result<String, JsValue> {
        to_json_fast(&self.inner.merged_state())
    }

    /// The registered sources.
    pub fn sources(&self) -> Vec<String> {
        self.inner.sources()
    }

    /// Every event recorded so far.
    pub fn events(&self) -> Result<String, JsValue> {
        to_json_fast(&self.events)
    }

    /// Everything upstream would only have logged so far.
    pub fn logs(&self) -> Vec<String> {
        self.logs.clone()
    }
}

/// Static pod manifests in a (virtual) directory.
#[wasm_bindgen(js_name = FileSource)]
pub struct JsFileSource {
    inner: FileSource,
}

#[wasm_bindgen(js_class = FileSource)]
impl JsFileSource {
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str) -> Result<JsFileSource, JsValue> {
        let o: FileSourceOptions = input(options, "FileSource options")?;
        let inner = FileSource::from_options(&o).map_err(fail)?;
        Ok(JsFileSource { inner })
    }

    #[wasm_bindgen(js_name = writeFile)]
    pub fn write_file(&mut self, name: &str, content: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.write_file(name, content).map_err(fail)?)
    }

    #[wasm_bindgen(js_name = removeFile)]
    pub fn remove_file(&mut self, name: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.remove_file(name).map_err(fail)?)
    }

    /// Starts the source on the first call, then lists whenever a period has elapsed.
    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.tick(parse_time(now)?))
    }

    pub fn files(&self) -> Result<String, JsValue> {
        let files: &BTreeMap<String, String> = self.inner.files();
        to_json_fast(files)
    }
}

/// A manifest URL polled on the virtual clock.
#[wasm_bindgen(js_name = HttpSource)]
pub struct JsHttpSource {
    inner: HttpSource,
}

#[wasm_bindgen(js_class = HttpSource)]
impl JsHttpSource {
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str) -> Result<JsHttpSource, JsValue> {
        let o: HttpSourceOptions = input(options, "HttpSource options")?;
        let inner = HttpSource::from_options(&o).map_err(fail)?;
        Ok(JsHttpSource { inner })
    }

    /// What the URL answers from now on; null makes requests fail.
    pub fn serve(&mut self, response: &str) -> Result<(), JsValue> {
        let r: Option<HttpResponse> = input(response, "manifest response")?;
        self.inner.try_serve(r).map_err(fail)
    }

    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.tick(parse_time(now)?))
    }
}

/// Pods bound to this node, as the kubelet watches them.
#[wasm_bindgen(js_name = ApiserverSource)]
pub struct JsApiserverSource {
    inner: ApiserverSource,
}

#[wasm_bindgen(js_class = ApiserverSource)]
impl JsApiserverSource {
    #[wasm_bindgen(constructor)]
    pub fn new(options: &str) -> Result<JsApiserverSource, JsValue> {
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

    #[wasm_bindgen(js_name = upsertPod)]
    pub fn upsert_pod(&mut self, pod: &str) -> Result<String, JsValue> {
        let pod: serde_json::Value = input(pod, "pod")?;
        to_json_fast(&self.inner.upsert_pod(pod).map_err(fail)?)
    }

    #[wasm_bindgen(js_name = deletePod)]
    pub fn delete_pod(&mut self, namespace: &str, name: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.delete_pod(namespace, name))
    }

    pub fn tick(&mut self, now: &str) -> Result<String, JsValue> {
        to_json_fast(&self.inner.tick(parse_time(now)?))
    }

    #[wasm_bindgen(js_name = clusterPods)]
    pub fn cluster_pods(&self) -> Result<String, JsValue> {
        to_json_fast(&self.inner.cluster_pods())
    }
}
