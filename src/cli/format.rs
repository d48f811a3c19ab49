//! Output formatting: colour, YAML, JSON and GitHub Actions annotations.

use serde_json::Value;

/// ANSI styles, applied only when the host says colour is wanted.
#[derive(Clone, Copy)]
pub(crate) struct Style {
    pub on: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.on {
            format!("\u{1b}[{code}m{text}\u{1b}[0m")
        } else {
            text.to_string()
        }
    }
    pub fn red(self, t: &str) -> String {
        self.paint("31", t)
    }
    pub fn yellow(self, t: &str) -> String {
        self.paint("33", t)
    }
    pub fn green(self, t: &str) -> String {
        self.paint("32", t)
    }
    pub fn bold(self, t: &str) -> String {
        self.paint("1", t)
    }
    pub fn dim(self, t: &str) -> String {
        self.paint("2", t)
    }
}

/// JSON with two-space indentation and a final newline.
pub(crate) fn json(v: &Value) -> String {
    // A `Value` (string keys, finite numbers) always serializes: "null" is unreachable.
    serde_json::to_string_pretty(v).unwrap_or_else(|_| "null".into()) + "\n"
}

/// `%`, CR and LF escaped, as the runner's `::command::data` syntax wants them.
pub fn github_escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Data escaping plus `:` and `,`, for `file=...,line=...` properties.
pub fn github_escape_property(s: &str) -> String {
    github_escape_data(s)
        .replace(':', "%3A")
        .replace(',', "%2C")
}

/// One GitHub Actions annotation line: `::error file=F,line=L,title=T::message`.
pub(crate) fn annotation(
    level: &str,
    file: Option<&str>,
    line: Option<usize>,
    title: &str,
    message: &str,
) -> String {
    let mut props = Vec::new();
    if let Some(f) = file {
        props.push(format!("file={}", github_escape_property(f)));
        if let Some(l) = line {
            props.push(format!("line={l}"));
        }
    }
    props.push(format!("title={}", github_escape_property(title)));
    format!(
        "::{level} {}::{}\n",
        props.join(","),
        github_escape_data(message)
    )
}

/// A JSON value as YAML, as `sigs.k8s.io/yaml` writes it (the writer lives with the reader).
pub(crate) use crate::yaml::to_string as yaml;

/// Go's `%v` of a JSON value in messages: strings bare, the rest as JSON.
pub(crate) fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_round_trips_through_the_crate_reader() {
        let v = serde_json::json!({
            "a": {"b": [1, {"c": "yes", "d": ""}], "e": {}},
            "f": "10%", "g": "/var/lib", "h": [], "i": "on", "j": "1.5", "k": null
        });
        let text = yaml(&v);
        assert_eq!(crate::yaml::parse(&text).unwrap().value, v, "{text}");
    }

    #[test]
    fn annotations_escape() {
        assert_eq!(
            annotation("error", Some("a,b.yaml"), Some(3), "t", "50%\nx"),
            "::error file=a%2Cb.yaml,line=3,title=t::50%25%0Ax\n"
        );
    }
}
