//! Kubelet PodConfig: how the kubelet merges pods from its file, http and apiserver sources
//! into one stream of ADD / UPDATE / DELETE / REMOVE / RECONCILE operations
//! (`pkg/kubelet/config`, Kubernetes v1.30–v1.33, where the notification modes still exist).
//!
//! Why it matters: the operation a change produces decides what the kubelet does next — a
//! status-only change reconciles, a deletion timestamp deletes gracefully, a duplicate name is
//! dropped with a Warning event, and the first empty SET of a source still signals "ready".
//!
//! Layout, one concept per module:
//! * [`pod`]: the pod as Kubernetes JSON, its checked metadata, and the semantic comparison.
//! * [`types`]: operations, sources, local annotation keys, modes, updates, events, errors.
//! * [`storage`]: per-source storage and the merge into buckets (`checkAndUpdatePod`).
//! * [`config`]: `PodConfig`, the emission order of each mode, `sync`, `seen_all_sources`.
//! * [`update_input`]: an update read from JSON text in one pass (the bulk path).
//! * [`options`]: what a caller starts the mux and the sources with, and the kubelet's defaults.
//! * [`manifest`]: decoding and defaulting of static pod manifests (`common.go`).
//! * [`store`]: the keyed `UndeltaStore` the file and apiserver sources push through.
//! * [`file`](mod@file), [`http`], [`apiserver`]: the three sources, each stepped on a virtual clock.
//! * [`timestamp`], [`md5`]: the clock's instants and the hash behind generated UIDs.
//!
//! Pods are `serde_json` objects (see [`pod`] for why and how equality is approximated).

mod annotations;
pub mod apiserver;
pub mod config;
pub mod file;
pub mod http;
pub mod manifest;
pub mod md5;
pub mod options;
pub mod pod;
pub mod storage;
pub mod store;
pub mod timestamp;
pub mod types;
pub mod update_input;

pub use config::{MergeInput, MergeOutcome, PodConfig};
pub use options::{ApiserverSourceOptions, FileSourceOptions, HttpSourceOptions, PodConfigOptions};

/// Most pods in one update ([`PodConfig::merge_decoded`] and the merges built on it): 50,000 pods
/// go through any operation in under a second in wasm; more is refused at once.
pub const MAX_PODS: usize = 50_000;
/// Most pods one source may hold (its stored pods after an update): well above one update, so a
/// source can grow by ADDs past [`MAX_PODS`], yet bounded, so that no caller can grow the state
/// (and the cost of every later SET, `sync` and `mergedState`) without end. An update that would
/// take a source past it is refused before anything changes.
pub const MAX_SOURCE_PODS: usize = 100_000;
/// Most pods all sources together may hold (sources are any names a caller registers).
pub const MAX_MERGED_PODS: usize = 200_000;
/// Most manifests in a file source's directory, and most bytes of them together (names and
/// contents). Every listing decodes every manifest and every watch event sends the whole list,
/// so both bound the work of one call (BENCHMARKS.md has what a listing at the limits costs in
/// wasm); they also keep the stored text from growing until memory runs out. Real
/// manifest directories hold a handful of small files.
pub const MAX_MANIFEST_FILES: usize = 1_000;
/// See [`MAX_MANIFEST_FILES`]; also the limit of one HTTP manifest body.
pub const MAX_MANIFEST_BYTES: usize = 1 << 20;
/// Most pods the apiserver source's virtual cluster holds: every watch event sends every pod
/// bound to the node, so this bounds one call's output.
pub const MAX_CLUSTER_PODS: usize = 10_000;
pub use pod::{Pod, PodError};
pub use timestamp::Timestamp;
pub use types::{
    Event, NotificationMode, PodConfigError, PodConfigErrorKind, PodOperation, PodUpdate, Reason,
};
pub use update_input::UpdateInput;
