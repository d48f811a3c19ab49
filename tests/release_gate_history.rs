//! A gate's history (`gates::history`) and which components read it (`GateFacts::components`),
//! on real gates whose boundaries are known from upstream: each test names the file that decides.

use kubegate::featuregate::PreRelease;
use kubegate::releases::gates::{self, Component, HistoryRow};
use kubegate::releases::Release;

fn rows(name: &str) -> Vec<HistoryRow> {
    gates::history(name).expect(name).rows
}

fn row<'a>(rows: &'a [HistoryRow], release: &str, patch: u16) -> &'a HistoryRow {
    rows.iter()
        .find(|r| {
            r.release == release && r.from_patch <= patch && r.to_patch.is_none_or(|to| patch <= to)
        })
        .unwrap_or_else(|| panic!("no row for {release}.{patch}"))
}

// pkg/features/kube_features.go of each release (ceph/ceph-csi and openshift/microshift
// vendored copies): NodeSwap Alpha 1.22, Beta off 1.28, Beta on 1.30, GA locked 1.34; the
// kubelet alone reads it (cmd/kubelet's import graph, gate-components.tsv); 1.22's and 1.24's
// answers are filled in from 1.23 and 1.25 where those releases' sources lack a component, and
// 1.37's is 1.36's: all three say so.
#[test]
fn node_swap_from_alpha_to_ga_read_by_the_kubelet() {
    let h = gates::history("NodeSwap").unwrap();
    assert_eq!((h.since.as_str(), h.removed.as_deref()), ("1.22", None));
    assert_eq!(
        h.reference.as_deref(),
        Some("https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#NodeSwap")
    );
    let rows = h.rows;
    assert_eq!(rows.first().unwrap().release, "1.22");
    assert_eq!(rows.len(), 16, "one row per release 1.22..1.37");
    let at = |r: &str| {
        let x = row(&rows, r, 0);
        (x.pre_release, x.default, x.lock_to_default)
    };
    assert_eq!(at("1.27"), (PreRelease::Alpha, false, false));
    assert_eq!(at("1.28"), (PreRelease::Beta, false, false));
    assert_eq!(at("1.30"), (PreRelease::Beta, true, false));
    assert_eq!(at("1.34"), (PreRelease::GA, true, true));
    for r in &rows {
        assert_eq!(
            r.components,
            Some(vec![Component::Kubelet]),
            "{}",
            r.release
        );
        let borrowed = ["1.22", "1.24", "1.37"].contains(&r.release.as_str());
        assert_eq!(r.components_carried, borrowed, "{}", r.release);
    }
}

// kubernetes/apiserver tags kubernetes-1.30.0 (Beta, on) and kubernetes-1.30.4 (Alpha, off):
// two rows for 1.30, split at the patch.
#[test]
fn api_serving_with_routine_changes_in_a_130_patch() {
    let rows = rows("APIServingWithRoutine");
    let early = row(&rows, "1.30", 3);
    assert_eq!((early.from_patch, early.to_patch), (0, Some(3)));
    assert_eq!((early.pre_release, early.default), (PreRelease::Beta, true));
    let late = row(&rows, "1.30", 4);
    assert_eq!((late.from_patch, late.to_patch), (4, None));
    assert_eq!((late.pre_release, late.default), (PreRelease::Alpha, false));
    assert!(
        late.source.starts_with("kubernetes/apiserver@"),
        "{}",
        late.source
    );
    assert_eq!(early.components, Some(vec![Component::KubeApiserver]));
}

// corrections/gates.tsv (CHANGELOG-1.32 v1.32.0, v1.32.2): on in 1.32.0-1.32.1, off from 1.32.2;
// the row of the correction names it as its source.
#[test]
fn service_account_node_audience_restriction_per_132_patch() {
    let rows = rows("ServiceAccountNodeAudienceRestriction");
    let on = row(&rows, "1.32", 1);
    assert_eq!((on.from_patch, on.to_patch, on.default), (0, Some(1), true));
    assert!(
        on.source.starts_with("corrections/gates.tsv@"),
        "{}",
        on.source
    );
    let off = row(&rows, "1.32", 2);
    assert_eq!(
        (off.from_patch, off.to_patch, off.default),
        (2, None, false)
    );
    assert!(row(&rows, "1.33", 0).default);
    // the patch range a minor's answer covers, for the whole gate table
    let r = Release::parse("1.32").unwrap();
    assert_eq!(gates::patch_range(r).0, 0);
}

#[test]
fn a_removed_gate_ends_and_links_the_removed_page() {
    let h = gates::history("APIListChunking").unwrap();
    let removed = h.removed.clone().unwrap();
    assert!(h.rows.iter().all(|r| r.release < removed), "{removed}");
    assert!(h
        .reference
        .unwrap()
        .contains("/feature-gates-removed/#APIListChunking"));
}

#[test]
fn unknown_names_get_close_ones() {
    assert!(gates::history("NodeSwp").is_none());
    assert_eq!(gates::close_names("NodeSwp").first(), Some(&"NodeSwap"));
    assert_eq!(gates::close_names("nodeswap").first(), Some(&"NodeSwap"));
    assert!(gates::close_names("xyzzy").is_empty());
    assert!(gates::history("AllAlpha").is_none());
    assert!(gates::unknown_gate("AllAlpha")
        .to_string()
        .contains("all alpha gates at once"));
    let e = gates::unknown_gate("NodeSwp");
    assert!(e.to_string().ends_with("close names: NodeSwap"));
    assert_eq!(e.kind(), kubegate::releases::ReleaseErrorKind::Release);
}

// gate-components.tsv: the kubelet never reads KMSv2 or ValidatingAdmissionPolicy; in 1.36
// PodSchedulingReadiness is registered and read by none; 1.19 has no reader facts at all.
#[test]
fn release_facts_name_their_readers_or_say_unknown() {
    let facts = |r: &str| gates::facts_in(Release::parse(r).unwrap());
    let at = |r: &str, n: &str| facts(r).into_iter().find(|f| f.name == n).unwrap();
    assert_eq!(
        at("1.30", "KMSv2").components,
        Some(vec![Component::KubeApiserver])
    );
    let vap = at("1.30", "ValidatingAdmissionPolicy").components.unwrap();
    assert!(!vap.contains(&Component::Kubelet));
    let psr = at("1.36", "PodSchedulingReadiness");
    assert_eq!(psr.components, Some(vec![]));
    assert!(psr.read_by_none);
    assert!(facts("1.19")
        .iter()
        .all(|f| f.components.is_none() && !f.read_by_none));
    // a component no computed release answers for (`kubelet=?`): the whole answer is unknown
    let unknown16 = facts("1.16")
        .iter()
        .filter(|f| f.components.is_none())
        .count();
    assert!(unknown16 > 0 && unknown16 < 40, "{unknown16}");
    assert!(facts("1.37")
        .iter()
        .filter(|f| f.components.is_some())
        .all(|f| f.components_carried));
    // the one 1.36 gate the reader facts lack (gate-components.tsv has no row for it although
    // the same 1.36.3 tree registers it): unknown, never guessed
    let unknown: Vec<_> = facts("1.36")
        .into_iter()
        .filter(|f| f.components.is_none())
        .map(|f| f.name)
        .collect();
    assert_eq!(unknown, ["ReloadKubeletClientCAFile"]);
}
