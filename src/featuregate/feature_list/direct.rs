//! The feature list read straight from its text into specs, for the one layout upstream's
//! generator writes (and [`render_feature_list`](super::render_feature_list) copies):
//!
//! ```yaml
//! - name: NodeSwap
//!   versionedSpecs:
//!   - default: false
//!     lockToDefault: false
//!     preRelease: Alpha
//!     version: "1.22"
//! ```
//!
//! Why: building the YAML tree with a position for every node, then decoding the tree, cost
//! ten times what reading the specs costs; a release's list is read on every page load of the
//! playground. Only the happy path is here: anything else (another layout, comments, anchors,
//! an unknown or repeated key, a value of the wrong type, a bad version, a feature listed
//! twice, an empty spec list) is declined with `None`, and the general reading decides, so every
//! error message and its line stay where they were. `tests` below holds the two readings to the
//! same map on every release and on variations of them.
//!
//! Scalars are read by the fast YAML reader's own rules for a one-line scalar
//! ([`crate::yaml::one_line_scalar`], then YAML 1.1 resolution), so `on` is still `true` and
//! `null` still nothing.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{empty_spec, field_bit, set_field, DEFAULT_SEEN};
use crate::featuregate::spec::FeatureSpec;
use crate::json_tree::Json;
use crate::yaml::one_line_scalar;

/// The list, or `None` when the text is not in the layout above or would be refused.
///
/// Byte loops throughout: the library is built for size (`opt-level = "z"`), where `str`'s
/// pattern searches stay calls that cost more than these short lines.
pub(super) fn read(text: &str) -> Option<BTreeMap<String, Vec<FeatureSpec>>> {
    // Tabs, carriage returns, other controls, non-ASCII text and comments all have rules of
    // their own: the general reading applies them. Without an early exit, so that the compiler
    // checks many bytes at a time.
    let odd = text.bytes().fold(false, |seen, b| {
        seen | (((b < 0x20) & (b != b'\n')) | (b >= 0x7f) | (b == b'#'))
    });
    if odd {
        return None;
    }
    let mut features = BTreeMap::new();
    // The feature being read: its name, whether `versionedSpecs:` was seen, its specs, and the
    // fields set in the last one.
    let mut name: Option<String> = None;
    let mut listed = false;
    let mut specs: Vec<FeatureSpec> = Vec::new();
    let mut seen = 0;
    let mut rest = text;
    loop {
        let len = rest.bytes().position(|b| b == b'\n').unwrap_or(rest.len());
        let line = trim_spaces_end(rest.get(..len)?);
        let at_end = rest.is_empty();
        rest = rest.get(len + 1..).unwrap_or("");
        let indent = line.bytes().take_while(|b| *b == b' ').count();
        let content = line.get(indent..)?;
        let starts = matches!(content.as_bytes(), [b'-', b' ', ..]);
        // A spec ends where the next begins, a feature where the next begins or the text ends.
        let spec_ends = at_end || (starts && indent <= 2);
        if spec_ends && !specs.is_empty() && seen & DEFAULT_SEEN == 0 {
            return None;
        }
        if at_end || (starts && indent == 0) {
            if let Some(name) = name.take() {
                // An empty list is `null` to YAML, which the general reading refuses.
                if specs.is_empty() || features.insert(name, std::mem::take(&mut specs)).is_some() {
                    return None;
                }
            }
            listed = false;
        }
        if at_end {
            return Some(features);
        }
        match (indent, content.as_bytes()) {
            (_, []) => {}
            (0, [b'-', b' ', b'n', b'a', b'm', b'e', b':', ..]) => {
                match one_line_scalar(value(content.get(7..)?)?)? {
                    Value::String(n) => name = Some(n),
                    _ => return None,
                }
            }
            (2, b"versionedSpecs:") if name.is_some() && !listed => listed = true,
            (2, [b'-', b' ', ..]) if listed => {
                specs.push(empty_spec());
                seen = 0;
                field(specs.last_mut()?, &mut seen, content.get(2..)?)?;
            }
            (4, _) if listed => field(specs.last_mut()?, &mut seen, content)?,
            _ => return None,
        }
    }
}

fn trim_spaces_end(s: &str) -> &str {
    let n = s.bytes().rev().take_while(|b| *b == b' ').count();
    s.get(..s.len() - n).unwrap_or("")
}

/// The value after a key's colon: a space, then something.
fn value(after_colon: &str) -> Option<&str> {
    let n = after_colon.bytes().take_while(|b| *b == b' ').count();
    let v = after_colon.get(n..)?;
    (n > 0 && !v.is_empty()).then_some(v)
}

/// One `key: value` line of a spec, past its indentation or its dash; `seen` holds the bits
/// of the fields already set, each of which may be written once.
fn field(spec: &mut FeatureSpec, seen: &mut u8, line: &str) -> Option<()> {
    let colon = line.bytes().position(|b| b == b':')?;
    let text = value(line.get(colon + 1..)?)?;
    // A version, `"1.30"`, is most values: read in place, where it is a double-quoted string
    // without escapes to the end of the line; any other value by the YAML reader's rules.
    let quoted = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .filter(|t| !t.bytes().any(|b| b == b'"' || b == b'\\'));
    let v = match quoted {
        Some(t) => Json::Str(t.to_string()),
        None => Json::from_scalar(one_line_scalar(text)?),
    };
    let bit = field_bit(line.get(..colon)?)?;
    if *seen & bit != 0 {
        return None;
    }
    *seen |= bit;
    set_field(spec, bit, &v).ok()
}

#[cfg(test)]
mod tests {
    use super::super::{parse_feature_list, render_feature_list};
    use super::*;
    use crate::featuregate::spec::PreRelease;
    use crate::releases::{gates::features_in, Release};

    /// The general reading alone: the feature list through the YAML tree and serde.
    fn general(text: &str) -> Result<BTreeMap<String, Vec<FeatureSpec>>, String> {
        // A comment line sends any text down the general reading and changes nothing else.
        parse_feature_list(&format!("# general\n{text}")).map_err(|e| e.to_string())
    }

    /// Every text the direct reading accepts, the general reading reads to the same map.
    fn agree(text: &str) -> bool {
        let direct = read(text);
        let read_directly = direct.is_some();
        if let Some(direct) = direct {
            // Debug shows every component of a version, which equality does not compare.
            assert_eq!(
                format!("{:?}", Ok::<_, String>(direct)),
                format!("{:?}", general(text))
            );
        }
        read_directly
    }

    fn release_texts() -> Vec<String> {
        Release::all()
            .map(|r| render_feature_list(&features_in(r)))
            .collect()
    }

    #[test]
    fn every_release_reads_directly_to_the_same_map() {
        for text in release_texts() {
            let direct = read(&text);
            assert!(direct.is_some(), "declined: {text}");
            assert_eq!(
                format!("{:?}", direct.ok_or(String::new())),
                format!("{:?}", general(&text))
            );
        }
    }

    #[test]
    fn the_layout_and_values_it_declines() {
        let ok = "- name: A\n  versionedSpecs:\n  - default: true\n    version: \"1.30\"\n";
        assert!(read(ok).is_some());
        for text in [
            // Refused by the general reading, which owns the message.
            "- name: A\n  versionedSpecs:\n",
            "- name: A\n  versionedSpecs:\n  - version: \"1.30\"\n",
            "- name: A\n  versionedSpecs:\n  - default: maybe\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n    default: true\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n    extra: x\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n    preRelease: Gamma\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n    version: 1.30\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n    version: \"x\"\n",
            "- name: true\n  versionedSpecs:\n  - default: true\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n- name: A\n  versionedSpecs:\n  - default: true\n",
            // Read by the general reading under YAML's own rules.
            "- name: A # c\n  versionedSpecs:\n  - default: true\n",
            "- name: A\n  versionedSpecs:\n    - default: true\n",
            "- name: A\n  versionedSpecs:\n  - default: true\n      version: \"1.30\"\n",
            "- name: A\n  versionedSpecs:\n  - default: true\r\n",
            "- name: A\n  versionedSpecs:\n  - default: \"a\\\"b\"\n",
            "- name: \"A\n  versionedSpecs:\n  - default: true\n",
            "- name: &a A\n  versionedSpecs:\n  - default: true\n",
            "- name: A\n  versionedSpecs: []\n",
            "---\n- name: A\n  versionedSpecs:\n  - default: true\n",
            "name: A\n",
        ] {
            assert!(read(text).is_none(), "read: {text}");
        }
    }

    #[test]
    fn yaml_1_1_scalars_as_the_yaml_reader_reads_them() {
        let text = "- name: 'A'\n  versionedSpecs:\n  - default: on\n    lockToDefault: No\n    \
                    preRelease: \"GA\"\n    version: null\n";
        let got = read(text);
        assert_eq!(got.clone().ok_or(String::new()), general(text));
        let spec = got.and_then(|m| m.get("A").and_then(|s| s.first().cloned()));
        assert_eq!(
            spec,
            Some(FeatureSpec {
                default: true,
                lock_to_default: false,
                pre_release: PreRelease::GA,
                version: None,
                min_compatibility_version: None,
            })
        );
    }

    /// Each line of a release's list changed in the ways a hand edit changes it: whatever the
    /// direct reading still accepts reads as the general reading reads it.
    #[test]
    fn variations_agree_with_the_general_reading() {
        let Some(text) = release_texts().pop() else {
            return;
        };
        let lines: Vec<&str> = text.lines().take(120).collect();
        let edits: [&dyn Fn(&str) -> String; 13] = [
            &|_| String::new(),
            &|l| format!("{l}\n{l}"),
            &|l| format!("{l}   "),
            &|l| format!(" {l}"),
            &|l| l.replacen(": ", ":   ", 1),
            &|l| l.replacen(": ", ":", 1),
            &|l| l.replace('"', "'"),
            &|l| l.replace('"', ""),
            &|l| l.replace("true", "yes").replace("false", "Off"),
            &|l| l.replace("false", "~").replace("true", "null"),
            &|l| l.replace("Alpha", "ALPHA").replace("Beta", "beta"),
            &|l| l.replace("1.", "v1."),
            &|l| l.replace("\"1.", "\"01.").replace(".2", ".02"),
        ];
        let (mut direct, mut declined) = (0, 0);
        for i in 0..lines.len() {
            for edit in edits {
                let mut changed = lines.clone();
                let line = edit(lines.get(i).copied().unwrap_or(""));
                if let Some(slot) = changed.get_mut(i) {
                    *slot = &line;
                }
                if agree(&(changed.join("\n") + "\n")) {
                    direct += 1;
                } else {
                    declined += 1;
                }
            }
        }
        // Both readings are exercised, not one of them only.
        assert!(
            direct > 300 && declined > 300,
            "{direct} read, {declined} declined"
        );
    }
}
