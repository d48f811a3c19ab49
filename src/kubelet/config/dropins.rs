//! The `--config-dir` drop-in directory: which files count, in which order, and how each one is
//! merged over the configuration so far.
//!
//! Upstream: `cmd/kubelet/app/server.go` `mergeKubeletConfigurations` (Kubernetes 1.28+;
//! alpha behind `KUBELET_CONFIG_DROPIN_DIR_ALPHA` in 1.28–1.29, beta from 1.30):
//! `filepath.WalkDir` (lexical order, subdirectories included), files whose extension is exactly
//! `.conf`, each applied as a JSON merge patch over the marshalled internal configuration.
//!
//! Because the base JSON uses Go field names and drop-ins use camelCase, the observable merge is
//! "maps merge per key, lists and scalars are replaced, `null` never deletes" (see
//! SEMANTICS.md B.5); [`merge`] implements that observable rule directly.

use std::collections::BTreeMap;

use serde_json::Value;

/// The drop-in files of `dir` in the order `filepath.WalkDir` visits them.
pub fn files_in<'a>(files: &'a BTreeMap<String, String>, dir: &str) -> Vec<(&'a str, &'a str)> {
    let prefix = if dir.ends_with('/') {
        dir.to_string()
    } else {
        format!("{dir}/")
    };
    let mut out: Vec<(Vec<&str>, &str, &str)> = files
        .iter()
        .filter_map(|(path, contents)| {
            let rel = path.strip_prefix(&prefix)?;
            // `rsplit` yields at least one piece: the fallback is unreachable.
            let base = rel.rsplit('/').next().unwrap_or(rel);
            // filepath.Ext: the suffix from the last dot of the base name ("" without one, as
            // Go returns).
            let ext = base.rfind('.').map(|i| &base[i..]).unwrap_or("");
            (ext == ".conf").then(|| (rel.split('/').collect(), path.as_str(), contents.as_str()))
        })
        .collect();
    // WalkDir sorts each directory's entries by name, so order is component-wise.
    crate::sort::sort_by(&mut out, |a, b| a.0.cmp(&b.0));
    out.into_iter().map(|(_, p, c)| (p, c)).collect()
}

/// Whether `dir` exists in the virtual filesystem (a file below it, or declared).
pub fn dir_exists(files: &BTreeMap<String, String>, dirs: &[String], dir: &str) -> bool {
    let trimmed = dir.trim_end_matches('/');
    let prefix = format!("{trimmed}/");
    dirs.iter().any(|d| d.trim_end_matches('/') == trimmed)
        || files.keys().any(|p| p.starts_with(&prefix))
}

/// Merges `patch` over `base`: objects merge key by key (recursively), `null` is ignored,
/// anything else replaces.
pub fn merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (_, Value::Null) => {}
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                if v.is_null() {
                    continue;
                }
                match b.get_mut(k) {
                    Some(existing) if existing.is_object() && v.is_object() => merge(existing, v),
                    _ => {
                        let fresh = if v.is_object() {
                            let mut fresh = Value::Object(Default::default());
                            merge(&mut fresh, v);
                            fresh
                        } else {
                            v.clone()
                        };
                        b.insert(k.clone(), fresh);
                    }
                }
            }
        }
        (b, p) => *b = p.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn walk_order_and_extension() {
        let files: BTreeMap<String, String> = [
            "/d/20.conf",
            "/d/10.conf",
            "/d/b/x.conf",
            "/d/b.conf",
            "/d/c.yaml",
            "/d/.conf",
            "/d/e.conf.bak",
            "/other/1.conf",
        ]
        .iter()
        .map(|p| (p.to_string(), String::new()))
        .collect();
        let got: Vec<_> = files_in(&files, "/d").into_iter().map(|(p, _)| p).collect();
        assert_eq!(
            got,
            vec![
                "/d/.conf",
                "/d/10.conf",
                "/d/20.conf",
                "/d/b/x.conf",
                "/d/b.conf"
            ]
        );
    }

    #[test]
    fn merge_rules() {
        let mut base =
            json!({"port": 1, "list": [1, 2], "m": {"a": "1", "b": "2"}, "s": {"x": {"y": 1}}});
        merge(
            &mut base,
            &json!({"port": null, "list": [3], "m": {"b": "3", "a": null}, "s": {"x": {"z": 2}}}),
        );
        assert_eq!(
            base,
            json!({"port": 1, "list": [3], "m": {"a": "1", "b": "3"}, "s": {"x": {"y": 1, "z": 2}}})
        );
    }
}
