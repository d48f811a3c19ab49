//! The file source: static pod manifests in a directory (`sourceFile` in
//! `pkg/kubelet/config/file.go` and `file_linux.go`, v1.30–v1.33), over a virtual directory.
//!
//! Two paths feed it, as on Linux: a periodic listing (`fileCheckFrequency`, default 20s; the
//! first listing runs at start) and inotify events for single files. Both go through an
//! `UndeltaStore` keyed by `namespace/name`, and every change is sent as a SET of the whole
//! store. A manifest that does not decode is reported and skipped; the others still count.
//! Names starting with `.` are ignored (the listing globs `[^.]*`, the watcher skips dotfiles).
//!
//! Kept quirk: a listing that finds no valid pod sends an empty SET *without* clearing the store,
//! so a later single-file event can bring back pods whose files failed to parse.

use std::collections::BTreeMap;

use super::manifest::{decode_single_pod, Origin};
use super::options::FileSourceOptions;
use super::pod::Pod;
use super::store::{meta_namespace_key, UndeltaStore};
use super::timestamp::Timestamp;
use super::types::{check_period, next_tick, SourceError, SourceStep, FILE_SOURCE};
use crate::duration::Duration;

/// The file source over a virtual manifest directory.
#[derive(Clone, Debug)]
pub struct FileSource {
    path: String,
    node_name: String,
    period: Duration,
    watch: bool,
    files: BTreeMap<String, String>,
    store: UndeltaStore,
    file_key_mapping: BTreeMap<String, String>,
    next_list: Option<Timestamp>,
}

impl FileSource {
    /// `NewSourceFile(path, nodeName, period, …)`; `watch` says whether inotify events are
    /// delivered (Linux) or only the periodic listing sees changes.
    pub fn new(
        path: &str,
        node_name: &str,
        period: Duration,
        watch: bool,
    ) -> Result<FileSource, SourceError> {
        check_period(period)?;
        let trimmed = path.trim_end_matches('/');
        Ok(FileSource {
            path: if trimmed.is_empty() {
                path.to_string()
            } else {
                trimmed.to_string()
            },
            node_name: node_name.to_string(),
            period,
            watch,
            files: BTreeMap::new(),
            store: UndeltaStore::new(),
            file_key_mapping: BTreeMap::new(),
            next_list: None,
        })
    }

    /// The source the options describe, with the kubelet's defaults for what they leave out: a
    /// period that is not a Go duration is refused with the duration's kind and text, one
    /// [`new`](Self::new) refuses with its own.
    pub fn from_options(options: &FileSourceOptions) -> Result<FileSource, SourceError> {
        let period = options.period().map_err(SourceError::period)?;
        FileSource::new(&options.path, &options.node_name, period, options.watch())
    }

    /// The virtual directory: file name → content.
    pub fn files(&self) -> &BTreeMap<String, String> {
        &self.files
    }

    /// When the next periodic listing is due (`None` before the source started).
    pub fn next_list(&self) -> Option<Timestamp> {
        self.next_list
    }

    fn full_path(&self, name: &str) -> String {
        format!("{}/{}", self.path, name)
    }

    /// Refuses a write that would take the directory past [`super::MAX_MANIFEST_FILES`] or
    /// [`super::MAX_MANIFEST_BYTES`] (a rewrite of an existing file counts its new size only).
    fn check_room(&self, name: &str, content: &str) -> Result<(), SourceError> {
        use super::{MAX_MANIFEST_BYTES, MAX_MANIFEST_FILES};
        let replaced = self.files.get(name);
        if replaced.is_none() && self.files.len() >= MAX_MANIFEST_FILES {
            return Err(SourceError::new(format!(
                "the manifest directory holds {} files; the limit is {MAX_MANIFEST_FILES}",
                self.files.len()
            )));
        }
        let size = |(k, v): (&String, &String)| k.len().saturating_add(v.len());
        let bytes = self
            .files
            .iter()
            .filter(|(k, _)| k.as_str() != name)
            .map(size)
            .fold(
                name.len().saturating_add(content.len()),
                usize::saturating_add,
            );
        if bytes > MAX_MANIFEST_BYTES {
            return Err(SourceError::new(format!(
                "the manifest directory would hold {bytes} bytes; the limit is {MAX_MANIFEST_BYTES}"
            )));
        }
        Ok(())
    }

    fn check_name(name: &str) -> Result<(), SourceError> {
        if name.is_empty() || name.contains('/') || name == "." || name == ".." {
            return Err(SourceError::new(format!(
                "manifest name {name:?} must be a plain file name inside the manifest directory"
            )));
        }
        Ok(())
    }

    fn started(&self) -> bool {
        self.next_list.is_some()
    }

    /// A manifest appears or changes. With the watcher on (and the source started) this is an
    /// inotify create/write event, handled at once; otherwise the next listing sees it.
    pub fn write_file(&mut self, name: &str, content: &str) -> Result<SourceStep, SourceError> {
        Self::check_name(name)?;
        self.check_room(name, content)?;
        self.files.insert(name.to_string(), content.to_string());
        let mut step = SourceStep::default();
        if self.started() && self.watch {
            if name.starts_with('.') {
                return Ok(step);
            }
            self.consume_add_or_modify(name, &mut step);
        }
        Ok(step)
    }

    /// A manifest disappears (inotify remove/rename when watching).
    pub fn remove_file(&mut self, name: &str) -> Result<SourceStep, SourceError> {
        Self::check_name(name)?;
        self.files.remove(name);
        let mut step = SourceStep::default();
        if self.started() && self.watch && !name.starts_with('.') {
            let path = self.full_path(name);
            if let Some(key) = self.file_key_mapping.get(&path).cloned() {
                if self.store.get(&key).is_none() {
                    step.errors
                        .push(format!("the pod with key {key} doesn't exist in cache"));
                } else {
                    let pods = self.store.delete(&key);
                    self.file_key_mapping.remove(&path);
                    step.send(
                        FILE_SOURCE,
                        pods,
                        format!("{path} was removed: the store drops {key} and sends the full list as a SET"),
                    );
                }
            }
        }
        Ok(step)
    }

    /// Advances the virtual clock: the first call starts the source (immediate listing), later
    /// calls list again whenever a period has elapsed.
    pub fn tick(&mut self, now: Timestamp) -> SourceStep {
        let mut step = SourceStep::default();
        let due = match self.next_list {
            None => true,
            Some(next) => now >= next,
        };
        if !due {
            return step;
        }
        self.next_list = Some(next_tick(self.next_list, now, self.period));
        self.list_config(&mut step);
        step
    }

    fn extract_from_file(&mut self, name: &str) -> Result<Pod, SourceError> {
        let path = self.full_path(name);
        // Both callers pass a name just written or listed from `files`, so the file is there;
        // were it not, reading it fails as reading a vanished file does upstream (`os.Open`),
        // rather than decoding an empty manifest.
        let Some(content) = self.files.get(name) else {
            return Err(SourceError::new(format!(
                "open {path}: no such file or directory"
            )));
        };
        match decode_single_pod(content, &Origin::File(&path), &self.node_name) {
            Ok(pod) => {
                self.file_key_mapping.insert(path, meta_namespace_key(&pod));
                Ok(pod)
            }
            Err(e) if e.parsed => Err(SourceError::new(e.message)),
            Err(e) => Err(SourceError::new(format!(
                "{path}: couldn't parse as pod({}), please check config file",
                e.message
            ))),
        }
    }

    fn consume_add_or_modify(&mut self, name: &str, step: &mut SourceStep) {
        let path = self.full_path(name);
        match self.extract_from_file(name) {
            Ok(pod) => {
                let pods = self.store.add(pod);
                step.send(
                    FILE_SOURCE,
                    pods,
                    format!("{path} was written: the store takes the pod and sends the full list as a SET"),
                );
            }
            Err(e) => step.errors.push(format!(
                "Unable to process watch event: can't process config file {path:?}: {e}"
            )),
        }
    }

    /// `listConfig` for a directory: every manifest, sorted by name.
    fn list_config(&mut self, step: &mut SourceStep) {
        let names: Vec<String> = self
            .files
            .keys()
            .filter(|n| !n.starts_with('.'))
            .cloned()
            .collect();
        let mut pods = Vec::with_capacity(names.len());
        for name in &names {
            match self.extract_from_file(name) {
                Ok(pod) => pods.push(pod),
                Err(e) => step.errors.push(format!(
                    "Could not process manifest file: path={:?} err={e}",
                    self.full_path(name)
                )),
            }
        }
        if pods.is_empty() {
            step.send(
                FILE_SOURCE,
                Vec::new(),
                format!("listing {} found no valid manifest: an empty SET lets the file source be marked as seen", self.path),
            );
            return;
        }
        let count = pods.len();
        let list = self.store.replace(pods);
        step.send(
            FILE_SOURCE,
            list,
            format!("periodic listing of {} read {count} valid manifest(s): the store is replaced and sent as a SET", self.path),
        );
    }
}
