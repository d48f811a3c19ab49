//! The kubelet's command-line flags in every release from [`OLDEST`](super::OLDEST) to
//! [`NEWEST`](super::NEWEST): when each flag appeared and went, how pflag reads its value, the
//! KubeletConfiguration field it writes, and the deprecation text that release printed.
//!
//! The records are generated into `kubelet_flags_data.rs` by
//! `scripts/gen-releases/kubelet_flags.py` from the kubelet reference pages of
//! kubernetes/website (generated from the kubelet's own flag set) and k8s.io/component-base's
//! logging flags, plus reviewed corrections.

use super::Release;

/// How pflag reads a flag's value; `kubelet::config`'s flag reader follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Bool,
    Int32,
    /// pflag `int64`, and Go `int` (64 bits on every platform the kubelet ships for).
    Int64,
    /// `uint64` (`--log-file-max-size`), `strconv.ParseUint(s, 0, 64)`.
    Uint64,
    /// pflag `float64` (`--chaos-chance`).
    Float64,
    Str,
    Dur,
    StringSlice,
    /// `cliflag.MapStringBool` (`--feature-gates`).
    MapBool,
    /// `cliflag.MapStringString`, comma-split.
    MapStr,
    /// `cliflag.NewMapStringStringNoSplit`: one pair per occurrence.
    MapStrNoSplit,
    /// `cliflag.LangleSeparatedMapStringString` (`memory.available<100Mi`).
    MapLangle,
    /// `cliflag.ColonSeparatedMultimapStringString` (`--manifest-url-header`).
    ColonMultimap,
    /// `cliflag.ConfigurationMap` (`--node-labels`): a piece without `=` is a key with an empty
    /// value.
    ConfigMap,
    Ip,
    ReservedMemory,
    Taints,
    /// component-base `VModuleConfiguration` (1.23+).
    VModule,
    /// component-base `VerbosityLevel` (1.23+): `strconv.ParseUint(s, 10, 31)`.
    Verbosity,
    /// klog's `Level` (up to 1.22): `strconv.ParseInt(s, 10, 32)`.
    KlogLevel,
    /// klog's `moduleSpec` (up to 1.22).
    KlogVModule,
    /// `--version`: a string with `NoOptDefVal` "true".
    Version,
}

/// One stretch of releases in which a flag kept its kind, field and deprecation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagSpan {
    /// First release (1.x minor) of the stretch; it lasts until the next span or the removal.
    pub from: u16,
    pub kind: Kind,
    /// The KubeletConfiguration field (dotted JSON path) the flag writes, `None` for a
    /// `KubeletFlags` flag (or one whose value the kubelet used outside the configuration).
    pub target: Option<&'static str>,
    /// pflag's deprecation message in these releases (`Flag --x has been deprecated, <msg>`).
    pub deprecated: Option<&'static str>,
}

flag_record! {
    /// One flag's whole life.
    pub struct FlagRecord<FlagSpan> {}
}

#[path = "kubelet_flags_data.rs"]
mod data;
pub use data::{FLAGS, PAGE_COMMITS, SOURCES};

/// The record of a flag by its long name (any release).
pub fn record(name: &str) -> Option<&'static FlagRecord> {
    FLAGS
        .binary_search_by(|r| r.name.cmp(name))
        .ok()
        .and_then(|i| FLAGS.get(i))
}

/// Every flag `release` registered, sorted by name.
pub fn flags_of(release: Release) -> impl Iterator<Item = &'static FlagRecord> {
    FLAGS.iter().filter(move |r| r.in_release(release))
}
