//! A simulator trace's JSON as it was when the equivalence and fault-scale hashes were pinned:
//! the fields added since (zone state changes, bytes written) are cut out as the exact text they serialize to,
//! so everything else keeps its bytes and order and the old pins still hold all they held.

use kubegate::sim::Trace;

pub fn pinned_json(tr: &Trace) -> String {
    let full = serde_json::to_string(tr).unwrap();
    let added = [
        format!(",\"zones\":{}", serde_json::to_string(&tr.zones).unwrap()),
        format!(",\"bytes\":{}", serde_json::to_string(&tr.bytes).unwrap()),
    ];
    added.iter().fold(full, |json, cut| {
        assert_eq!(json.matches(cut.as_str()).count(), 1, "{cut}");
        json.replacen(cut.as_str(), "", 1)
    })
}
