//! The control plane's command-line flags (kube-apiserver, kube-controller-manager,
//! kube-scheduler, kube-proxy) in every release from [`OLDEST`](super::OLDEST) to
//! [`NEWEST`](super::NEWEST): when each flag appeared and went, how its value is read, whether
//! pflag hides it, and the deprecation text that release printed
//! (`Flag --x has been deprecated, <text>`).
//!
//! The records are generated into `component_flags_data.rs` by
//! `scripts/gen-releases/component_flags.py` from each release's generated command-line
//! reference (kubernetes/website, built from the binaries' own flag sets) and, for the flags those
//! pages leave out (pflag hides deprecated and hidden flags from `--help`), the
//! `MarkDeprecated`/`MarkHidden` calls of the component sources of 1.25..1.36, plus reviewed
//! corrections. `data/releases/README.md` ("Control-plane flags") lists the sources and gaps.
//!
//! The kubelet's flags are in [`super::kubelet_flags`]: its flags write configuration fields,
//! these are only read.

use serde::Serialize;

use super::gates::Component;
use super::Release;

/// How a flag's value is read: pflag's value type (or the component's own `pflag.Value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum FlagKind {
    /// `bool`: a bare `--x` is `true`; `strconv.ParseBool`.
    Bool,
    /// `int32`: `strconv.ParseInt(s, 0, 32)`.
    Int32,
    /// `int` / `int64`: `strconv.ParseInt(s, 0, 64)`.
    Int64,
    /// `uint`: `strconv.ParseUint(s, 0, 64)`.
    Uint64,
    /// `float32`: `strconv.ParseFloat(s, 32)`.
    Float32,
    /// `float64`: `strconv.ParseFloat(s, 64)`.
    Float64,
    /// `string`.
    Str,
    /// `duration`: Go's `time.ParseDuration`.
    Dur,
    /// `strings` / `stringSlice`: CSV-split, repeatable.
    StringSlice,
    /// `stringArray`: one element per occurrence.
    StringArray,
    /// `stringToString`: `a=b,c=d`.
    StringToString,
    /// `cliflag.MapStringBool` (`--feature-gates`).
    MapBool,
    /// `cliflag.MapStringString`.
    MapStr,
    /// `cliflag.ColonSeparatedMultimapStringString`.
    ColonMultimap,
    /// k8s.io/kubernetes `pkg/util/flag` `IPVar` (kube-proxy's `--bind-address`): `net.ParseIP`,
    /// an empty value allowed.
    Ip,
    /// pflag's own `ip` (`IPVar` of the serving options): `net.ParseIP` of the trimmed value,
    /// `failed to parse IP: "x"`.
    PflagIp,
    /// `ipport`: an IP, or IP:port.
    IpPort,
    /// `cidrs`: comma-separated CIDRs.
    Cidrs,
    /// `portRange`: `N1-N2` or `N1+offset`.
    PortRange,
    /// `namedCertKey`: `cert,key[:domain,...]`.
    NamedCertKey,
    /// `quantity`: a resource quantity.
    Quantity,
    /// klog's `Level` (`-v`, before component-base's logging options bound it): 32-bit int.
    KlogLevel,
    /// component-base `VerbosityLevel`: `strconv.ParseUint(s, 10, 31)`.
    Verbosity,
    /// klog's `moduleSpec` (`--vmodule`, before 1.23).
    KlogVModule,
    /// component-base `VModuleConfiguration`.
    VModule,
    /// klog's `severity` (`--stderrthreshold`).
    Severity,
    /// klog's `traceLocation` (`--log-backtrace-at`).
    TraceLocation,
    /// `--version`: a string with `NoOptDefVal` "true".
    Version,
    /// A string the component checks against its own set of values (`--proxy-mode`).
    Enum,
    /// A custom `pflag.Value` whose syntax kubegate does not reproduce: any value is taken.
    Other,
}

/// One stretch of releases in which a flag kept its kind, deprecation and visibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagSpan {
    /// First release (1.x minor) of the stretch; it lasts until the next span or the removal.
    pub from: u16,
    pub kind: FlagKind,
    /// pflag's deprecation message in these releases (`Flag --x has been deprecated, <msg>`).
    pub deprecated: Option<&'static str>,
    /// Hidden from `--help` (`MarkHidden`) but still accepted.
    pub hidden: bool,
}

flag_record! {
    /// One component's flag over its whole life.
    pub struct ComponentFlag<FlagSpan> {
        pub component: Component,
    }
}

#[path = "component_flags_data.rs"]
mod data;
pub use data::{FLAGS, PAGE_COMMITS, SOURCES};

/// The records of one component, sorted by name.
pub fn records_of(component: Component) -> &'static [ComponentFlag] {
    let start = FLAGS.partition_point(|r| order(r.component) < order(component));
    let end = FLAGS.partition_point(|r| order(r.component) <= order(component));
    FLAGS.get(start..end).unwrap_or_default()
}

fn order(c: Component) -> usize {
    // Component::ALL lists every variant, so the position always exists.
    Component::ALL
        .iter()
        .position(|x| *x == c)
        .unwrap_or(usize::MAX)
}

/// A component's flag by its long name (any release).
pub fn record(component: Component, name: &str) -> Option<&'static ComponentFlag> {
    let recs = records_of(component);
    recs.binary_search_by(|r| r.name.cmp(name))
        .ok()
        .and_then(|i| recs.get(i))
}

/// Every flag `component` registered in `release`, sorted by name.
pub fn flags_of(
    component: Component,
    release: Release,
) -> impl Iterator<Item = &'static ComponentFlag> {
    records_of(component)
        .iter()
        .filter(move |r| r.in_release(release))
}

/// The flag a component registered with shorthand `c` in `release`.
pub fn by_shorthand(
    component: Component,
    c: char,
    release: Release,
) -> Option<&'static ComponentFlag> {
    flags_of(component, release).find(|r| r.shorthand == Some(c))
}

/// How a flag differs between two releases of a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "FlagChangeKind")
)]
pub enum FlagChangeKind {
    /// Registered in the newer release only.
    Added,
    /// Registered in the older release only: the newer binary refuses it (`unknown flag`).
    Removed,
    /// Not deprecated in the older release, deprecated in the newer.
    Deprecated,
    /// Deprecated in both, with another text.
    DeprecationChanged,
    /// Deprecated in the older release, no longer in the newer.
    Undeprecated,
    /// Read by another kind of value.
    KindChanged,
}

/// One flag's change between two releases, with the release (1.x minor) where it arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagChange {
    pub flag: &'static ComponentFlag,
    pub kind: FlagChangeKind,
    /// The first release after `from` (up to `to`) that has the change.
    pub at: u16,
}

/// What changes in `component`'s flag set from release `from` to release `to` (either order;
/// `from` is the one you run now), sorted by flag name. Only the two ends are compared; `at` says
/// in which release between them each change arrives.
pub fn changes(component: Component, from: Release, to: Release) -> Vec<FlagChange> {
    let (lo, hi) = (from.minor(), to.minor());
    let forward = lo <= hi;
    let mut out = Vec::new();
    for rec in records_of(component) {
        let (a, b) = (rec.at(from), rec.at(to));
        let kind = match (a, b) {
            (None, None) => continue,
            (None, Some(_)) => FlagChangeKind::Added,
            (Some(_), None) => FlagChangeKind::Removed,
            (Some(a), Some(b)) => match (a.deprecated, b.deprecated) {
                _ if a.kind != b.kind => FlagChangeKind::KindChanged,
                (None, Some(_)) => FlagChangeKind::Deprecated,
                (Some(_), None) => FlagChangeKind::Undeprecated,
                (Some(x), Some(y)) if x != y => FlagChangeKind::DeprecationChanged,
                _ => continue,
            },
        };
        // The first release, walking from `from` towards `to`, whose answer equals `to`'s.
        let end = rec.at(to).copied();
        let steps: Vec<u16> = if forward {
            (lo + 1..=hi).collect()
        } else {
            (hi..lo).rev().collect()
        };
        let at = steps
            .iter()
            .copied()
            .find(|m| Release::new(*m).is_ok_and(|r| rec.at(r).copied() == end))
            // The walk ends at `to`, whose answer is `end`: the default is unreachable.
            .unwrap_or(hi);
        out.push(FlagChange {
            flag: rec,
            kind,
            at,
        });
    }
    out
}

/// The components whose flags the data carries (every one but the kubelet).
pub const COMPONENTS: [Component; 4] = [
    Component::KubeApiserver,
    Component::KubeControllerManager,
    Component::KubeScheduler,
    Component::KubeProxy,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_name_the_release_that_brings_them() {
        let r = |m| Release::new(m).unwrap();
        let ch = changes(Component::KubeApiserver, r(22), r(25));
        let insecure = ch.iter().find(|c| c.flag.name == "insecure-port").unwrap();
        assert_eq!((insecure.kind, insecure.at), (FlagChangeKind::Removed, 24));
        let back = changes(Component::KubeApiserver, r(25), r(22));
        let insecure = back
            .iter()
            .find(|c| c.flag.name == "insecure-port")
            .unwrap();
        assert_eq!((insecure.kind, insecure.at), (FlagChangeKind::Added, 23));
        assert!(changes(Component::KubeProxy, r(30), r(30)).is_empty());
    }

    #[test]
    fn records_are_sorted_per_component_and_spans_start_at_since() {
        for w in FLAGS.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            assert!(
                (order(a.component), a.name) < (order(b.component), b.name),
                "{} {} before {} {}",
                a.component.name(),
                a.name,
                b.component.name(),
                b.name
            );
        }
        for r in FLAGS {
            assert_eq!(r.spans.first().map(|s| s.from), Some(r.since), "{}", r.name);
            assert!(COMPONENTS.contains(&r.component));
        }
        for c in COMPONENTS {
            assert!(!records_of(c).is_empty());
        }
    }
}
