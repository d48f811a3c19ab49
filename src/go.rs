//! Go's text conventions that Kubernetes messages are made of.
//!
//! Kubernetes builds most error texts with `fmt.Errorf("... %q ...")`; reproducing them exactly
//! means quoting exactly as Go does. One implementation serves every module.

/// The JSON type `encoding/json` names in an `UnmarshalTypeError` when a value does not fit a
/// string or struct (`number`, without the digits it adds for an integer that overflows).
pub fn json_type(v: &serde_json::Value) -> &'static str {
    use serde_json::Value;
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// apimachinery's `SimpleMetaFactory.Interpret`, the first step of every universal decoder:
/// `json.Unmarshal` of the document into a struct of two strings, `apiVersion` and `kind`.
/// The document's map when it passes; else the error and the key at fault: none for a document
/// that is no map, else the key (of the two, the first in the document by `position`) holding
/// another type than a string. Null and absent keys pass as Go's "", for the caller to refuse
/// as missing.
pub fn interpret(
    doc: &serde_json::Value,
    position: impl Fn(&str) -> Option<(usize, usize)>,
) -> Result<&serde_json::Map<String, serde_json::Value>, (Option<&'static str>, String)> {
    use serde_json::Value;
    const PREFIX: &str = "couldn't get version/kind; json parse error: json: cannot unmarshal";
    let Value::Object(obj) = doc else {
        return Err((
            None,
            format!(
                "{PREFIX} {} into Go value of type struct {{ APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }}",
                json_type(doc)
            ),
        ));
    };
    let misfit = ["apiVersion", "kind"]
        .into_iter()
        .filter_map(|key| Some((key, obj.get(key)?)))
        .filter(|(_, v)| !matches!(v, Value::Null | Value::String(_)))
        .min_by_key(|(key, _)| position(key));
    match misfit {
        Some((key, v)) => Err((
            Some(key),
            format!(
                "{PREFIX} {} into Go struct field .{key} of type string",
                json_type(v)
            ),
        )),
        None => Ok(obj),
    }
}

/// Go's `strconv.Quote` for the characters that occur in API values: printable characters stay,
/// quotes and backslashes are escaped, control characters use Go's short or `\x`/`\u` escapes.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => {
                let n = c as u32;
                if n > 0xffff {
                    out.push_str(&format!("\\U{n:08x}"));
                } else {
                    out.push_str(&format!("\\u{n:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn quotes_like_go() {
        assert_eq!(super::quote("a\"b\\c\n\u{1}"), r#""a\"b\\c\n\x01""#);
        assert_eq!(super::quote("é😀"), "\"é😀\"");
    }
}
