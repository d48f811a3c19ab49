//! The kubelet's running configuration as `/configz` serves it
//! (`kubectl get --raw /api/v1/nodes/NAME/proxy/configz`): `{"kubeletconfig": {...}}`, the
//! `kubelet.config.k8s.io/v1beta1` fields without `apiVersion` and `kind`
//! (`pkg/kubelet/server`'s configz handler, `componentconfig` registered as `kubeletconfig`).
//!
//! The result is a KubeletConfiguration document that can stand in for the `--config` file: it is
//! every field the kubelet ran with, defaults included. `/configz` does not say which kubelet
//! version served it; pair it with the node's `status.nodeInfo.kubeletVersion`.

use serde::Serialize;
use serde_json::{Map, Value};

use super::{check_size, ImportError, Note};

/// The API version and kind configz leaves out.
pub const API_VERSION: &str = "kubelet.config.k8s.io/v1beta1";
pub const KIND: &str = "KubeletConfiguration";

/// What [`parse`] read.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletConfigz")
)]
pub struct Configz {
    /// A complete KubeletConfiguration object (apiVersion and kind added).
    #[cfg_attr(feature = "typescript", ts(type = "Record<string, unknown>"))]
    pub config: Value,
    /// The same as YAML-compatible JSON text, two-space indented: a `--config` file.
    pub config_file: String,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

/// Reads `/configz` output. A bare KubeletConfiguration object (with `kind`) is accepted too.
pub fn parse(text: &str) -> Result<Configz, ImportError> {
    check_size(text, "configz")?;
    let doc: Value = serde_json::from_str(text).map_err(|e| {
        let what = if e.is_eof() {
            "truncated JSON"
        } else {
            "invalid JSON"
        };
        ImportError::new(format!("{what}: {e}"), Some(e.line()))
    })?;
    let Value::Object(top) = doc else {
        return Err(ImportError::new(
            "expected a JSON object like {\"kubeletconfig\": {...}}",
            Some(1),
        ));
    };
    let mut understood = Vec::new();
    let mut ignored = Vec::new();
    let inner = if let Some(inner) = top.get("kubeletconfig") {
        for k in top.keys().filter(|k| *k != "kubeletconfig") {
            ignored.push(Note::new(None, format!("top-level key {k}")));
        }
        understood.push(Note::new(None, "configz of a kubelet (kubeletconfig)"));
        inner.clone()
    } else if top.get("kind").and_then(Value::as_str) == Some(KIND) {
        understood.push(Note::new(None, "a KubeletConfiguration object"));
        Value::Object(top)
    } else {
        let keys: Vec<&str> = top.keys().map(String::as_str).take(5).collect();
        return Err(ImportError::new(
            format!(
                "no \"kubeletconfig\" key: this is not kubelet /configz output (keys: {})",
                keys.join(", ")
            ),
            Some(1),
        ));
    };
    let Value::Object(fields) = inner else {
        return Err(ImportError::new("\"kubeletconfig\" is not an object", None));
    };
    let mut config = Map::new();
    config.insert("apiVersion".into(), Value::String(API_VERSION.into()));
    config.insert("kind".into(), Value::String(KIND.into()));
    let mut n = 0;
    for (k, v) in fields {
        if k == "apiVersion" || k == "kind" {
            continue;
        }
        n += 1;
        config.insert(k, v);
    }
    understood.push(Note::new(None, format!("{n} configuration fields")));
    let config = Value::Object(config);
    let config_file = serde_json::to_string_pretty(&config)
        .map_err(|e| ImportError::new(e.to_string(), None))?
        + "\n";
    Ok(Configz {
        config,
        config_file,
        understood,
        ignored,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_configz_and_names_the_line_of_truncation() {
        let c =
            parse("{\"kubeletconfig\":{\"cgroupDriver\":\"systemd\",\"maxPods\":110}}").unwrap();
        assert_eq!(c.config["kind"], "KubeletConfiguration");
        assert_eq!(c.config["maxPods"], 110);
        let e = parse("{\n\"kubeletconfig\": {\n\"maxPods\": 1").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message().starts_with("truncated JSON"));
        assert!(parse("[1]").is_err());
        assert!(parse("{\"status\": 1}").is_err());
    }
}
