//! The shapes of the generated gate records (`gates_data.rs`) and the records themselves, apart
//! from the lookups of [`super::gates`] so that the packed tables ([`super::packed`]) are built
//! from them without depending on the lookups that read the tables.

use crate::featuregate::PreRelease;

/// A spec as the data holds it: `(major, minor, stage, default, lockToDefault)`; `0.0` is an
/// unversioned spec (a flat spec before 1.31, one added with `Add` after).
pub type SpecTuple = (u16, u16, PreRelease, bool, bool);

/// Which package of a release's code declared a gate, or the last resorts for a release no
/// source pins yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// `pkg/features` of k8s.io/kubernetes.
    Kube,
    Apiserver,
    Apiextensions,
    /// component-base/logs.
    Logs,
    /// component-base/metrics.
    Metrics,
    /// component-base/zpages.
    Zpages,
    ClientGo,
    ControllerManager,
    /// A kubernetes/website feature-gate page of the release ([`Era::page`] names it).
    Website,
    /// The previous release's `pkg/features` spec, carried forward because no page of the
    /// release's website changed it.
    Carried,
    /// A documented correction (`scripts/gen-releases/corrections/gates.tsv`), for a patch
    /// release no source pins or a change a fork carried early ([`Era::page`] names it).
    Correction,
}

impl Origin {
    /// Every origin, in the order of [`Origin::index`].
    pub(super) const ALL: [Origin; 11] = [
        Origin::Kube,
        Origin::Apiserver,
        Origin::Apiextensions,
        Origin::Logs,
        Origin::Metrics,
        Origin::Zpages,
        Origin::ClientGo,
        Origin::ControllerManager,
        Origin::Website,
        Origin::Carried,
        Origin::Correction,
    ];

    /// Its place in [`Origin::ALL`].
    pub(super) const fn index(self) -> u8 {
        self as u8
    }

    /// Its column in [`Point::sources`] (the website has no column: its era names the page).
    pub(super) const fn column(self) -> usize {
        match self {
            Origin::Website | Origin::Carried | Origin::Correction => 8,
            other => other as usize,
        }
    }

    /// Whether a fact of this origin rests on the website rather than on the release's code.
    pub fn from_website(self) -> bool {
        matches!(self, Origin::Website | Origin::Carried)
    }
}

/// A release the data pins: `1.minor.patch`, and the source of each origin there (an index of
/// [`SOURCES`]; `u16::MAX` when the release has none of that origin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    pub minor: u16,
    pub patch: u16,
    pub sources: [u16; 9],
}

/// From the pinned release `1.minor.patch` on (until the gate's next era), the gate's spec
/// list; empty: not registered from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Era {
    pub minor: u16,
    pub patch: u16,
    pub origin: Origin,
    /// For [`Origin::Website`] and [`Origin::Correction`]: the page or the correction, an index
    /// of [`SOURCES`].
    pub page: u16,
    pub specs: &'static [SpecTuple],
}

/// One gate's whole life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GateRecord {
    /// The feature's string name (`CustomCPUCFSQuotaPeriod`, not the Go constant).
    pub name: &'static str,
    /// Its eras, oldest first.
    pub eras: &'static [Era],
}

#[path = "gates_data.rs"]
mod data;
pub use data::{GATES, PAGES, POINTS, READERS, SOURCES};
