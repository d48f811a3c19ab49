//! JSON text read into an ordered tree, and the tree checked against a type, without serde:
//! how the in-crate JS binding (`src/wasm/`, feature `wasm`) reads the gate core's inputs.
//!
//! Transitional. The core reads JSON with serde and serde_json only; this reader and its checks
//! stay only while the binding inside this crate calls them, and go with it when the binding
//! moves to serde-wasm-bindgen (its own crate, which cannot see this module).
//!
//! What a caller sees: the tree keeps what a typed decode of the text would see (entries in
//! text order, repeated keys, numbers classified as serde_json classifies them), and a
//! [`Refusal`] carries serde_json's words and `serde_path_to_error`'s path (`A[0].default`)
//! for the same input. The binding's tests hold the two decoders to the same answers.

/// A JSON value as the text spelled it: entries in order, repeated keys kept.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    /// An integer that fits a `u64`.
    U64(u64),
    /// A negative integer that fits an `i64`.
    I64(i64),
    /// Any other number.
    F64(f64),
    Str(String),
    Seq(Vec<Json>),
    Map(Vec<(String, Json)>),
}

/// A value refused: serde's message, and where the value sits (`""` for the whole input).
#[derive(Debug, PartialEq)]
pub(crate) struct Refusal {
    pub path: String,
    pub message: String,
}

impl Refusal {
    pub(crate) fn new(message: impl Into<String>) -> Refusal {
        Refusal {
            path: String::new(),
            message: message.into(),
        }
    }

    /// serde's `invalid type` for `found` where `expected` was wanted.
    pub(crate) fn invalid_type(found: &Json, expected: &str) -> Refusal {
        Refusal::new(format!(
            "invalid type: {}, expected {expected}",
            found.found()
        ))
    }

    /// A refusal worded by serde's own constructors (`missing_field`, `unknown_field`,
    /// `invalid_length`...), so the text is serde's by construction.
    pub(crate) fn serde(error: serde::de::value::Error) -> Refusal {
        Refusal::new(error.to_string())
    }

    /// The same refusal, for a value inside the map entry `key`.
    pub(crate) fn at_key(mut self, key: &str) -> Refusal {
        self.path = match (self.path.is_empty(), self.path.starts_with('[')) {
            (true, _) => key.to_string(),
            (false, true) => format!("{key}{}", self.path),
            (false, false) => format!("{key}.{}", self.path),
        };
        self
    }

    /// The same refusal, for a value inside item `index` of a sequence.
    pub(crate) fn at_index(mut self, index: usize) -> Refusal {
        self.path = match self.path.is_empty() || self.path.starts_with('[') {
            true => format!("[{index}]{}", self.path),
            false => format!("[{index}].{}", self.path),
        };
        self
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A float as serde_json writes it (`1.5`, `1e300`), in an `invalid type` message; not through
/// Rust's float `Display`, which would bring Rust's float formatting into the gate core. A
/// number read from JSON text is finite; the other cases are worded as Rust would.
pub(crate) fn float_text(f: f64) -> String {
    match serde_json::Number::from_f64(f) {
        Some(n) => n.to_string(),
        None if f.is_nan() => "NaN".to_string(),
        None if f < 0.0 => "-inf".to_string(),
        None => "inf".to_string(),
    }
}

impl Json {
    /// serde_json's words for this value in an `invalid type` message.
    pub(crate) fn found(&self) -> String {
        match self {
            Json::Null => "null".to_string(),
            Json::Bool(b) => format!("boolean `{b}`"),
            Json::U64(n) => format!("integer `{n}`"),
            Json::I64(n) => format!("integer `{n}`"),
            Json::F64(f) => format!("floating point `{}`", float_text(*f)),
            Json::Str(s) => format!("string {s:?}"),
            Json::Seq(_) => "sequence".to_string(),
            Json::Map(_) => "map".to_string(),
        }
    }

    /// A string, or serde's refusal of anything else.
    pub(crate) fn string(&self) -> Result<String, Refusal> {
        match self {
            Json::Str(s) => Ok(s.clone()),
            other => Err(Refusal::invalid_type(other, "a string")),
        }
    }

    /// A boolean, or serde's refusal of anything else.
    pub(crate) fn boolean(&self) -> Result<bool, Refusal> {
        match self {
            Json::Bool(b) => Ok(*b),
            other => Err(Refusal::invalid_type(other, "a boolean")),
        }
    }

    /// A sequence of `T`, as serde decodes a `Vec<T>` from JSON text: each item's refusal
    /// names its index.
    pub(crate) fn seq_of<T>(
        &self,
        mut item: impl FnMut(&Json) -> Result<T, Refusal>,
    ) -> Result<Vec<T>, Refusal> {
        match self {
            Json::Seq(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.iter().enumerate() {
                    out.push(item(v).map_err(|e| e.at_index(i))?);
                }
                Ok(out)
            }
            other => Err(Refusal::invalid_type(other, "a sequence")),
        }
    }

    /// The entries of a map, as serde decodes a `BTreeMap<String, T>` from JSON text: in text
    /// order, each value's refusal naming its key (a repeated key: the last value wins).
    pub(crate) fn map_of<T>(
        &self,
        mut value: impl FnMut(&Json) -> Result<T, Refusal>,
    ) -> Result<std::collections::BTreeMap<String, T>, Refusal> {
        match self {
            Json::Map(entries) => {
                let mut out = std::collections::BTreeMap::new();
                for (k, v) in entries {
                    out.insert(k.clone(), value(v).map_err(|e| e.at_key(k))?);
                }
                Ok(out)
            }
            other => Err(Refusal::invalid_type(other, "a map")),
        }
    }

    /// The same value as a `serde_json::Value` (what the YAML writer takes): as serde_json reads
    /// the text, keys sorted and the last of a repeated key kept.
    pub(crate) fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::U64(n) => Value::from(*n),
            Json::I64(n) => Value::from(*n),
            Json::F64(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Json::Str(s) => Value::String(s.clone()),
            Json::Seq(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Json::Map(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_value()))
                    .collect(),
            ),
        }
    }
}

const EOF_VALUE: &str = "EOF while parsing a value";

/// Deepest nesting read, as serde_json's own limit.
const MAX_DEPTH: usize = 128;

/// Reads one JSON value (surrounded by whitespace only). The error is serde_json's text for the
/// same fault, without its position.
pub(crate) fn parse(text: &str) -> Result<Json, String> {
    let (value, rest) = parse_value(text)?;
    rest.map(|()| value)
}

/// The value at the start of `text`, and apart from it the verdict on what follows (nothing
/// but whitespace may): a decoder that checks the value's fields first judges the rest last,
/// as serde_json's typed decode of a text does.
pub(crate) fn parse_value(text: &str) -> Result<(Json, Result<(), String>), String> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let value = p.value()?;
    p.space();
    let rest = match p.at < p.bytes.len() {
        true => Err("trailing characters".to_string()),
        false => Ok(()),
    };
    Ok((value, rest))
}

struct Parser<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn value(&mut self) -> Result<Json, String> {
        self.space();
        let Some(b) = self.peek() else {
            return Err(EOF_VALUE.to_string());
        };
        match b {
            b'n' => self.word("null", Json::Null),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'"' => {
                self.at += 1;
                self.string().map(Json::Str)
            }
            b'-' | b'0'..=b'9' => self.number(),
            b'[' | b'{' => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err("recursion limit exceeded".to_string());
                }
                self.at += 1;
                let v = match b {
                    b'[' => self.seq(),
                    _ => self.map(),
                };
                self.depth -= 1;
                v
            }
            _ => Err("expected value".to_string()),
        }
    }

    fn word(&mut self, word: &str, value: Json) -> Result<Json, String> {
        for &w in word.as_bytes() {
            match self.peek() {
                Some(b) if b == w => self.at += 1,
                Some(_) => return Err("expected ident".to_string()),
                None => return Err(EOF_VALUE.to_string()),
            }
        }
        Ok(value)
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        self.at - start
    }

    /// At least one digit, or serde_json's refusal of what is there instead.
    fn some_digits(&mut self) -> Result<usize, String> {
        match (self.digits(), self.peek()) {
            (0, None) => Err(EOF_VALUE.to_string()),
            (0, Some(_)) => Err("invalid number".to_string()),
            (n, _) => Ok(n),
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        self.at += usize::from(negative);
        let int_start = self.at;
        match self.some_digits()? {
            n if n > 1 && self.bytes.get(int_start) == Some(&b'0') => {
                return Err("invalid number".to_string())
            }
            _ => {}
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.at += 1;
            float = true;
            self.some_digits()?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            float = true;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            self.some_digits()?;
        }
        let text = &self.text[start..self.at];
        if !float {
            // As serde_json: an integer beyond u64 (or below i64) is read as a float.
            let magnitude = &self.text[int_start..self.at];
            if let Ok(n) = magnitude.parse::<u64>() {
                if !negative {
                    return Ok(Json::U64(n));
                }
                // `-0` is a float to serde_json too.
                if let Some(i) = 0i64.checked_sub_unsigned(n).filter(|&i| i < 0) {
                    return Ok(Json::I64(i));
                }
            }
        }
        match text.parse::<f64>().ok() {
            Some(f) if f.is_finite() => Ok(Json::F64(f)),
            _ => Err("number out of range".to_string()),
        }
    }

    fn hex4(&mut self) -> Result<u16, String> {
        let digits = self
            .bytes
            .get(self.at..self.at + 4)
            .ok_or("EOF while parsing a string")?;
        let mut n = 0u16;
        for &d in digits {
            let v = (d as char).to_digit(16).ok_or("invalid escape")?;
            n = n * 16 + v as u16;
        }
        self.at += 4;
        Ok(n)
    }

    /// The rest of a string after its opening quote.
    fn string(&mut self) -> Result<String, String> {
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.push_str(&self.text[start..self.at]);
            let Some(b) = self.peek() else {
                return Err("EOF while parsing a string".to_string());
            };
            self.at += 1;
            match b {
                b'"' => return Ok(out),
                b'\\' => self.escape(&mut out)?,
                _ => {
                    return Err(
                        "control character (\\u0000-\\u001F) found while parsing a string"
                            .to_string(),
                    )
                }
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<(), String> {
        let Some(b) = self.peek() else {
            return Err("EOF while parsing a string".to_string());
        };
        self.at += 1;
        let c = match b {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\x08',
            b'f' => '\x0c',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let n = self.hex4()?;
                let code = match n {
                    0xDC00..=0xDFFF => {
                        return Err("lone leading surrogate in hex escape".to_string())
                    }
                    0xD800..=0xDBFF => {
                        for want in [b'\\', b'u'] {
                            match self.peek() {
                                None => return Err("EOF while parsing a string".to_string()),
                                Some(b) if b != want => {
                                    return Err("unexpected end of hex escape".to_string())
                                }
                                Some(_) => self.at += 1,
                            }
                        }
                        let low = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return Err("lone leading surrogate in hex escape".to_string());
                        }
                        0x1_0000 + ((u32::from(n) - 0xD800) << 10) + (u32::from(low) - 0xDC00)
                    }
                    n => u32::from(n),
                };
                char::from_u32(code).ok_or("invalid unicode code point")?
            }
            _ => return Err("invalid escape".to_string()),
        };
        out.push(c);
        Ok(())
    }

    /// The rest of a sequence after `[`.
    fn seq(&mut self) -> Result<Json, String> {
        let mut items = Vec::new();
        self.space();
        if self.peek().is_none() {
            return Err("EOF while parsing a list".to_string());
        }
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Json::Seq(items));
        }
        loop {
            items.push(self.value()?);
            self.space();
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.space();
                    if self.peek() == Some(b']') {
                        return Err("trailing comma".to_string());
                    }
                }
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::Seq(items));
                }
                Some(_) => return Err("expected `,` or `]`".to_string()),
                None => return Err("EOF while parsing a list".to_string()),
            }
        }
    }

    /// The rest of a map after `{`.
    fn map(&mut self) -> Result<Json, String> {
        let mut entries = Vec::new();
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Json::Map(entries));
        }
        loop {
            self.space();
            match self.peek() {
                Some(b'"') => self.at += 1,
                Some(_) => return Err("key must be a string".to_string()),
                None => return Err("EOF while parsing an object".to_string()),
            }
            let key = self.string()?;
            self.space();
            match self.peek() {
                Some(b':') => self.at += 1,
                Some(_) => return Err("expected `:`".to_string()),
                None => return Err("EOF while parsing an object".to_string()),
            }
            entries.push((key, self.value()?));
            self.space();
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.space();
                    match self.peek() {
                        Some(b'}') => return Err("trailing comma".to_string()),
                        None => return Err(EOF_VALUE.to_string()),
                        Some(_) => {}
                    }
                }
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Map(entries));
                }
                Some(_) => return Err("expected `,` or `}`".to_string()),
                None => return Err("EOF while parsing an object".to_string()),
            }
        }
    }
}
