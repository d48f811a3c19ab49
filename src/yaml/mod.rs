//! YAML (and JSON) text into JSON values that remember where each value was written.
//!
//! Kubernetes reads every YAML file the same way: `sigs.k8s.io/yaml` turns YAML into JSON with the
//! YAML 1.1 rules of go-yaml v2 (`yes`, `on` and `off` are booleans, `0755` is octal), then a JSON
//! decoder fills the typed struct. We follow the same two steps so that a value means here what it
//! means to the kubelet, and we keep the line and column of every node so that an error can point
//! at the file and line the user must fix (upstream's errors mostly cannot).
//!
//! # Why `yaml-rust2` and its event parser
//!
//! * `serde_yaml` is archived and its forks (`serde_yml`) have had soundness problems; we do not
//!   want an unmaintained dependency in a library people embed.
//! * We need positions and duplicate-key detection, which a serde `Deserializer` hides. The event
//!   API of `yaml-rust2` (maintained, pure Rust, no `unsafe` in our use, no further dependencies but
//!   two small collections crates) gives both, and building the tree ourselves lets us resolve plain
//!   scalars with YAML 1.1 rules instead of the parser's YAML 1.2 core schema.
//! * It costs a few tens of KB of wasm, the smallest of the maintained options we compared.
//!
//! # One reader
//!
//! Every YAML text takes the same path: yaml-rust2's event parser, pulled one event at a time,
//! and a builder that resolves each scalar with YAML 1.1 rules and records where each node was
//! written. The writer ([`to_string`], `write.rs`) is the inverse, as `sigs.k8s.io/yaml` writes.
//!
//! Untrusted input is bounded: nesting deeper than [`MAX_DEPTH`] and alias expansion beyond
//! [`MAX_NODES`] are errors, never a stack overflow or a "billion laughs" blow-up. The reader
//! never recurses (it pulls yaml-rust2's events one by one instead of letting its loader
//! recurse), and every walker of the result (typed decodes, the writer) sees at most that depth.
//!
//! The text is held to the characters the kubelet's reader accepts before the parser sees it:
//! go-yaml refuses control characters ("control characters are not allowed"), NUL included,
//! where yaml-rust2 would end the text at a NUL and read the others as text.
//!
//! # Read what go-yaml reads, refuse what it refuses
//!
//! yaml-rust2 and go-yaml v2 are both ports of libyaml, yet they part in a few places, and a
//! file the kubelet reads must read here too (and one it refuses must be refused here, with its
//! words and line). go_rules.rs holds each such rule with the go-yaml function it comes from:
//! where go-yaml is laxer (a comment glued to a quoted scalar, text after `...`, tabs in flow
//! context or after a key's `:`, quoted and flow lines indented left of their block) the text is
//! rewritten in whitespace only and read again; where it is stricter (tabs where a key may
//! start or in a scalar's indentation, `%YAML` other than 1.1, unknown or repeated directives,
//! a `...` before any document) it is checked. A tag of neither go-yaml's nor YAML's own
//! (`!foo 1`) leaves its scalar a string, and a collection used as a key is printed as Go's
//! `%#v` prints it. go_cases.rs holds the texts both readers were run on and go-yaml's answers;
//! a few still read differently: `!!binary` (go-yaml decodes base64), `{?a: b}` (a `?` in flow
//! context always starts a key for go-yaml), an infinity or a control character inside a
//! collection used as a key (Go prints `+Inf`, `\x01`), and the order of two errors where
//! go-yaml's parser or composer stops before its scanner reaches a tab (`*a\n\t`, an unknown
//! alias after a collection key, `? |-\n-\t`).

#[cfg(test)]
mod go_cases;
mod go_rules;
mod go_words;
mod positions;
mod write;

pub use write::to_string;

use std::fmt;

use serde_json::{Map, Number, Value};

use go_words::Stage;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Deepest nesting of sequences and mappings accepted. go-yaml allows 10,000 levels of block
/// indentation or flow; ours is lower because the typed decoders and drops of the result recurse
/// once per level, on a wasm stack of 1 MiB. No Kubernetes object nests more than a few dozen
/// levels. The error keeps go-yaml's words: `exceeded max depth of 512`.
pub const MAX_DEPTH: usize = 512;
/// Most nodes a document may expand to (aliases included): far above any real document within
/// the 2 MiB input limits, far below what a "billion laughs" document asks for.
pub const MAX_NODES: usize = 500_000;

/// A 1-based line and column in the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A YAML text that could not be read, with where it went wrong; a tagged scalar whose text
/// is not of its tag's type is `source()`, a [`ScalarError`]. `Display` prints go-yaml's
/// message, naming the line go-yaml names (see go_words.rs), or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    message: String,
    pos: Pos,
    stage: Stage,
    cause: Option<ScalarError>,
}

impl YamlError {
    fn at_stage(message: impl Into<String>, pos: Pos, stage: Stage) -> Self {
        YamlError {
            message: message.into(),
            pos,
            stage,
            cause: None,
        }
    }
    /// What is wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
    /// Where it is wrong.
    pub fn pos(&self) -> Pos {
        self.pos
    }
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stage.shown_line(self.pos.line) {
            Some(line) => write!(f, "yaml: line {line}: {}", self.message),
            None => write!(f, "yaml: {}", self.message),
        }
    }
}

impl std::error::Error for YamlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_ref().map(|e| e as _)
    }
}

/// A scalar tagged `!!bool`, `!!int`, `!!float` or `!!null` whose text is not one: go-yaml's
/// words, naming what the text reads as untagged: ``cannot decode !!float `1.5` as a !!int``.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScalarError {
    text: String,
    tag: &'static str,
    read_as: &'static str,
}

impl ScalarError {
    /// The scalar's text as written.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// The tag it did not fit, without `!!` (`int`).
    pub fn tag(&self) -> &'static str {
        self.tag
    }
    /// The tag its text resolves to untagged, without `!!` (`float`, `str`).
    pub fn read_as(&self) -> &'static str {
        self.read_as
    }
}

impl fmt::Display for ScalarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot decode !!{} `{}` as a !!{}",
            self.read_as, self.text, self.tag
        )
    }
}

impl std::error::Error for ScalarError {}

/// One parsed document: its JSON value, plus where each node and each duplicate key was written.
#[derive(Clone, Default)]
pub struct Document {
    /// The document as JSON. An empty document is `null`.
    pub value: Value,
    // Flat, indexed on the first lookup: a document has a position for every node and is asked
    // for few of them (see positions.rs).
    positions: positions::Positions,
    duplicates: Vec<(String, Pos)>,
}

impl fmt::Debug for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Positions sorted by pointer, as a map would print them.
        let mut positions: std::collections::BTreeMap<&str, Pos> =
            std::collections::BTreeMap::new();
        positions.extend(self.positions.all());
        f.debug_struct("Document")
            .field("value", &self.value)
            .field("positions", &positions)
            .field("duplicates", &self.duplicates)
            .finish()
    }
}

impl Document {
    /// Where the node at a JSON pointer (`/evictionHard/memory.available`, `/items/0`) was written.
    /// For mapping entries this is the position of the key.
    pub fn position(&self, pointer: &str) -> Option<Pos> {
        self.positions.get(pointer)
    }

    /// The position of `pointer` or, failing that, of its nearest ancestor that has one.
    pub fn nearest_position(&self, pointer: &str) -> Option<Pos> {
        let mut p = pointer;
        loop {
            if let Some(pos) = self.positions.get(p) {
                return Some(pos);
            }
            match p.rfind('/') {
                Some(i) => p = &p[..i],
                None => return None,
            }
        }
    }

    /// Keys written twice in one mapping: the pointer of the key and the position of the second
    /// writing. The later value wins in [`Document::value`], as it does upstream in lenient mode.
    pub fn duplicate_keys(&self) -> &[(String, Pos)] {
        &self.duplicates
    }
}

/// Escapes one JSON-pointer segment (RFC 6901: `~` as `~0`, `/` as `~1`).
pub fn pointer_segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Parses the first document of a text (none gives `null`), as `sigs.k8s.io/yaml` does: go-yaml's
/// `Unmarshal` reads one document and stops at its end, so what follows a `---` is never read,
/// not even for its syntax.
pub fn parse(text: &str) -> Result<Document, YamlError> {
    let mut docs = read(text, true)?;
    Ok(docs.pop().unwrap_or_default())
}

/// Parses every `---`-separated document of a stream.
pub fn parse_all(text: &str) -> Result<Vec<Document>, YamlError> {
    read(text, false)
}

/// Reads every document of `text`, or only the first.
///
/// The events are pulled one at a time rather than through yaml-rust2's `Parser::load`, which
/// walks the document recursively (one Rust call per level of nesting, however deep the text
/// nests): a few thousand `- ` on one line ran the wasm stack out before the builder's depth
/// check could stop it. Here the builder's first error stops the reading, so nesting past
/// [`MAX_DEPTH`] costs one more event, not one more stack frame per level.
fn read(text: &str, first_only: bool) -> Result<Vec<Document>, YamlError> {
    check_characters(text)?;
    go_rules::check_head(text)?;
    // Where yaml-rust2 refuses what go-yaml reads, the text is rewritten and read again.
    let mut src = std::borrow::Cow::Borrowed(text);
    let mut shifts = go_rules::Shifts::new();
    // Characters read again so far.
    let mut reread = 0;
    let read = loop {
        match read_once(&src, first_only, &shifts) {
            Err(Err((info, mark))) => {
                reread += src.len();
                let again = (reread <= go_rules::REREAD_BUDGET)
                    .then(|| go_rules::tolerate(&info, mark.index(), &src, first_only, &mut shifts))
                    .flatten();
                match again {
                    Some(text) => src = std::borrow::Cow::Owned(text),
                    None => break Err(syntax_error(&info, &mark, &src, &shifts)),
                }
            }
            Err(Ok(e)) => break Err(e),
            Ok(read) => break Ok(read),
        }
    };
    // Tabs go-yaml refuses and yaml-rust2 reads: the first of the two problems is go-yaml's (a
    // decoding error comes after every syntax error, once the document is built).
    if src.contains('\t') {
        let limit = read.as_ref().map_or(usize::MAX, |r| r.1);
        if let Some(tab) = go_rules::check_tabs(&src, limit) {
            let first = match &read {
                Err(e) => e.stage == Stage::Decoder || tab.pos <= e.pos,
                Ok(_) => true,
            };
            if first {
                return Err(tab);
            }
        }
    }
    read.map(|r| r.0)
}

/// yaml-rust2's error `info`, marked at `mark` of `text`, in go-yaml's words.
fn syntax_error(info: &str, mark: &Marker, text: &str, shifts: &[(usize, usize)]) -> YamlError {
    let at = go_rules::pos_of(mark, shifts);
    let go = go_words::syntax_error(info, mark.index(), at, text);
    YamlError::at_stage(go.problem, go.pos, go.stage)
}

/// One reading of `text` by yaml-rust2: the documents and the character of the token after the
/// last event read (where go-yaml's `Unmarshal` stops scanning), kubegate's own error, or
/// yaml-rust2's syntax error (its words and the character it marks) for [`go_rules::tolerate`]
/// to judge.
#[allow(clippy::type_complexity)]
fn read_once(
    text: &str,
    first_only: bool,
    shifts: &[(usize, usize)],
) -> Result<(Vec<Document>, usize), Result<YamlError, (String, Marker)>> {
    let mut builder = Builder {
        text,
        shifts,
        ..Builder::default()
    };
    let mut parser = Parser::new_from_str(text);
    loop {
        let (event, mark) = parser
            .next_token()
            .map_err(|e| Err((e.info().to_string(), *e.marker())))?;
        let end = event == Event::StreamEnd || (first_only && event == Event::DocumentEnd);
        let at = mark.index();
        builder.on_event(event, mark);
        if let Some(err) = builder.error.take() {
            return Err(Ok(err));
        }
        if end {
            return Ok((builder.docs, at));
        }
    }
}

/// What the kubelet's YAML reader (go-yaml's `yaml_parser_update_buffer`, through
/// `sigs.k8s.io/yaml`) accepts as a character of the text: tab, line feed, carriage return,
/// printable ASCII, NEL, and the printable ranges above (surrogates and U+FFFE/U+FFFF excluded).
fn reader_accepts(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..='\u{10ffff}')
}

/// Refuses a text holding a character the kubelet's YAML reader refuses, with its words
/// ("control characters are not allowed") and the line and column of the first one.
///
/// Why before the parser: yaml-rust2 takes a NUL for the end of the text, so everything after
/// one was silently dropped (a `maxPods: 11` after it read as the default), and it reads other
/// control characters (`\x01`, ESC, DEL) as text, where the kubelet refuses the file.
fn check_characters(text: &str) -> Result<(), YamlError> {
    // Kubernetes files are ASCII: one pass over the bytes, no early exit, decides most texts.
    let clean = if text.is_ascii() {
        text.bytes().fold(true, |ok, b| {
            ok & ((b >= 0x20 && b != 0x7f) | (b == b'\t') | (b == b'\n') | (b == b'\r'))
        })
    } else {
        text.chars().all(reader_accepts)
    };
    if clean {
        return Ok(());
    }
    let Some(at) = text
        .char_indices()
        .find(|&(_, c)| !reader_accepts(c))
        .map(|(i, _)| i)
    else {
        return Ok(());
    };
    // `at` came from `char_indices`: a character boundary within `text`.
    let before = text.get(..at).unwrap_or("");
    let line = 1 + before.bytes().filter(|b| *b == b'\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = 1 + before.get(line_start..).map_or(0, |l| l.chars().count());
    Err(YamlError::at_stage(
        "control characters are not allowed",
        Pos { line, column },
        Stage::Reader,
    ))
}

/// A collection being built. `id` is the positions record of its own pointer, under which its
/// children are recorded (see positions.rs).
enum Frame {
    Seq {
        items: Vec<Value>,
        id: usize,
        anchor: usize,
    },
    Map {
        entries: Map<String, Value>,
        id: usize,
        anchor: usize,
        /// The key whose value comes next, and its record.
        pending_key: Option<(String, usize)>,
    },
}

#[derive(Default)]
struct Builder<'t> {
    /// The text read, for the names in go-yaml's messages.
    text: &'t str,
    /// Lines the text was indented on before yaml-rust2 read it (see go_rules.rs).
    shifts: &'t [(usize, usize)],
    docs: Vec<Document>,
    stack: Vec<Frame>,
    current: Document,
    /// The record of the current document's root.
    root: usize,
    /// Anchored values by the parser's anchor id (ids count up from 1 as anchors are read), so
    /// a vector indexed by id, not a map; `None`: not yet complete (an alias inside its own
    /// anchor's node) or not in this document.
    anchors: Vec<Option<Value>>,
    nodes: usize,
    error: Option<YamlError>,
}

/// Where the next node goes.
enum Slot {
    Root,
    /// Item `n` of the sequence recorded as the id.
    Item(usize, usize),
    /// A key of the mapping recorded as the id.
    Key(usize),
    /// The value of the key recorded as the id.
    Value(usize),
}

impl Builder<'_> {
    /// Keeps the value of a node for its anchor's aliases (anchor `0`: none).
    fn keep_anchor(&mut self, anchor: usize, value: &Value) {
        if anchor == 0 {
            return;
        }
        if self.anchors.len() <= anchor {
            self.anchors.resize_with(anchor + 1, || None);
        }
        if let Some(slot) = self.anchors.get_mut(anchor) {
            *slot = Some(value.clone());
        }
    }

    fn fail(&mut self, message: impl Into<String>, pos: Pos) {
        self.fail_at_stage(message, pos, Stage::Kubegate);
    }

    fn fail_at_stage(&mut self, message: impl Into<String>, pos: Pos, stage: Stage) {
        if self.error.is_none() {
            self.error = Some(YamlError::at_stage(message, pos, stage));
        }
    }

    fn next_slot(&self) -> Slot {
        match self.stack.last() {
            None => Slot::Root,
            Some(Frame::Seq { items, id, .. }) => Slot::Item(*id, items.len()),
            Some(Frame::Map {
                id, pending_key, ..
            }) => match pending_key {
                None => Slot::Key(*id),
                Some((_, key)) => Slot::Value(*key),
            },
        }
    }

    /// Records where a node that is not a mapping key starts; returns the record its children
    /// go under. Only a sequence item gets a record of its own: a mapping value's pointer is its
    /// key's, recorded at the key, and the root's is recorded at the document's start.
    fn record(&mut self, slot: &Slot, pos: Pos) -> usize {
        match *slot {
            Slot::Root => self.root,
            Slot::Item(parent, n) => self.current.positions.item(parent, n, pos),
            Slot::Key(id) | Slot::Value(id) => id,
        }
    }

    fn count(&mut self, n: usize, pos: Pos) -> bool {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes > MAX_NODES {
            self.fail(
                format!("document expands to more than {MAX_NODES} nodes (aliases included)"),
                pos,
            );
            return false;
        }
        true
    }

    /// Places a finished node where it belongs: a key, a sequence item, a map value or the root.
    fn emit(&mut self, value: Value, pos: Pos) {
        match self.stack.last_mut() {
            None => self.current.value = value,
            Some(Frame::Seq { items, .. }) => items.push(value),
            Some(Frame::Map {
                entries,
                pending_key,
                id,
                ..
            }) => match pending_key.take() {
                None => {
                    if !matches!(value, Value::Array(_) | Value::Object(_)) {
                        let key = key_text(value);
                        let record = self.current.positions.key(*id, &key, pos);
                        if entries.contains_key(&key) {
                            let pointer = self.current.positions.pointer(record);
                            self.current.duplicates.push((pointer, pos));
                        }
                        *pending_key = Some((key, record));
                        return;
                    }
                    // go-yaml's words, with the key as Go's `%#v` prints what it decoded.
                    let mut msg = String::from("invalid map key: ");
                    go_syntax(&value, &mut msg);
                    self.fail_at_stage(msg, pos, Stage::Decoder);
                }
                Some((key, _)) => {
                    entries.insert(key, value);
                }
            },
        }
    }
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.error.is_some() {
            return;
        }
        let pos = go_rules::pos_of(&mark, self.shifts);
        match ev {
            Event::DocumentStart => {
                self.current = Document::default();
                self.root = self.current.positions.root(pos);
                self.anchors.clear();
            }
            Event::DocumentEnd => {
                let doc = std::mem::take(&mut self.current);
                self.docs.push(doc);
            }
            Event::Scalar(text, style, anchor, tag) => {
                // A block scalar's indicator where go-yaml reads a flow item: yaml-rust2 reads
                // `|x` there as plain text, go-yaml's scanner refuses it.
                if style == TScalarStyle::Plain && text.starts_with(['|', '>']) {
                    return self.fail_at_stage(go_words::CANNOT_START, pos, Stage::Scanner);
                }
                if !self.count(1, pos) {
                    return;
                }
                let slot = self.next_slot();
                let value = match resolve_scalar(text, style, tag.as_ref()) {
                    Ok(v) => v,
                    Err(e) => {
                        if self.error.is_none() {
                            self.error = Some(YamlError {
                                message: e.to_string(),
                                pos,
                                stage: Stage::Decoder,
                                cause: Some(e),
                            });
                        }
                        return;
                    }
                };
                if !matches!(slot, Slot::Key(_)) {
                    self.record(&slot, pos);
                }
                self.keep_anchor(anchor, &value);
                self.emit(value, pos);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    // go-yaml's words for its own (deeper) limit.
                    return self.fail(format!("exceeded max depth of {MAX_DEPTH}"), pos);
                }
                if !self.count(1, pos) {
                    return;
                }
                // A collection may be a key here; go-yaml refuses it once it is whole (`emit`).
                let slot = self.next_slot();
                let id = self.record(&slot, pos);
                let frame = if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq {
                        items: Vec::new(),
                        id,
                        anchor,
                    }
                } else {
                    Frame::Map {
                        entries: Map::new(),
                        id,
                        anchor,
                        pending_key: None,
                    }
                };
                self.stack.push(frame);
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (value, anchor) = match self.stack.pop() {
                    Some(Frame::Seq { items, anchor, .. }) => (Value::Array(items), anchor),
                    Some(Frame::Map {
                        entries, anchor, ..
                    }) => (Value::Object(entries), anchor),
                    None => return,
                };
                self.keep_anchor(anchor, &value);
                self.emit(value, pos);
            }
            Event::Alias(id) => {
                let Some(value) = self.anchors.get(id).cloned().flatten() else {
                    // yaml-rust2 refuses an alias of an anchor not yet read, so this one is
                    // inside its own anchor's node, or names an anchor of an earlier document.
                    let name = go_words::alias_name(self.text, mark.index());
                    let inside = self.stack.iter().any(|f| match f {
                        Frame::Seq { anchor, .. } | Frame::Map { anchor, .. } => *anchor == id,
                    });
                    let msg = if inside {
                        format!("anchor '{name}' value contains itself")
                    } else {
                        format!("unknown anchor '{name}' referenced")
                    };
                    return self.fail_at_stage(msg, pos, Stage::Composer);
                };
                if !self.count(node_count(&value), pos) {
                    return;
                }
                self.emit(value, pos);
            }
            Event::StreamStart | Event::StreamEnd | Event::Nothing => {}
        }
    }
}

/// YAML's printable characters (go-yaml's `is_printable`): what a scanner accepts and what an
/// emitter may write without an escape.
fn printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..='\u{10ffff}')
        && c != '\u{feff}'
}

/// A resolved scalar as a JSON object key, as `sigs.k8s.io/yaml` converts non-string keys.
fn key_text(value: Value) -> String {
    match value {
        Value::String(s) => s,
        // A collection is refused before it gets here.
        v => v.to_string(),
    }
}

/// Appends `value` as Go's `%#v` prints what go-yaml decodes it to in an `interface{}`
/// (`[]interface {}{"a", 1}`, `map[interface {}]interface {}{"a":true}`, `interface {}(nil)`).
fn go_syntax(value: &Value, out: &mut String) {
    match value {
        Value::Array(_) => out.push_str("[]interface {}{"),
        Value::Object(_) => out.push_str("map[interface {}]interface {}{"),
        Value::Null => return out.push_str("interface {}(nil)"),
        // A float as Go prints a float64 (`1`, `1e+06`); a JSON number is finite.
        Value::Number(n) if n.is_f64() => {
            return out.push_str(&n.as_f64().map_or_else(|| n.to_string(), write::go_float))
        }
        // A string quoted as JSON quotes it (as Go's `%q` does, but for control characters);
        // an integer or a boolean as JSON writes it.
        v => return out.push_str(&v.to_string()),
    }
    let items: Box<dyn Iterator<Item = (Option<&String>, &Value)>> = match value {
        Value::Array(a) => Box::new(a.iter().map(|v| (None, v))),
        Value::Object(m) => Box::new(m.iter().map(|(k, v)| (Some(k), v))),
        _ => Box::new(std::iter::empty()),
    };
    for (i, (key, v)) in items.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(k) = key {
            // The key as go-yaml read it: a plain scalar's text resolves again.
            go_syntax(&resolve_plain(k), out);
            out.push(':');
        }
        go_syntax(v, out);
    }
    out.push('}');
}

fn node_count(v: &Value) -> usize {
    let mut n = 0usize;
    let mut todo = vec![v];
    while let Some(v) = todo.pop() {
        n += 1;
        match v {
            Value::Array(a) => todo.extend(a.iter()),
            Value::Object(m) => todo.extend(m.values()),
            _ => {}
        }
    }
    n
}

/// Resolves a scalar the way go-yaml v2 does (YAML 1.1 types for plain scalars).
fn resolve_scalar(
    text: String,
    style: TScalarStyle,
    tag: Option<&Tag>,
) -> Result<Value, ScalarError> {
    if let Some(tag) = tag {
        // Any other tag (`!foo`, `!`, a `%TAG` handle's) leaves the text a string: go-yaml
        // resolves only untagged scalars and its own tags (also written in full, `!<...>`).
        let own = match tag.handle.as_str() {
            "tag:yaml.org,2002:" | "!!" => Some(tag.suffix.as_str()),
            "" => tag.suffix.strip_prefix("tag:yaml.org,2002:"),
            _ => None,
        };
        {
            let (parsed, tag) = match own.unwrap_or("str") {
                "str" => return Ok(Value::String(text)),
                "null" => (
                    matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL")
                        .then_some(Value::Null),
                    "null",
                ),
                "bool" => (parse_bool_11(&text).map(Value::Bool), "bool"),
                "int" => (parse_int_11(&text), "int"),
                "float" => (
                    parse_float_11(&text).or_else(|| parse_int_11(&text)),
                    "float",
                ),
                _ => return Ok(Value::String(text)),
            };
            let Some(value) = parsed else {
                // go-yaml names the tag the text resolves to on its own (its `resolve`).
                let read_as = match plain_meaning(&text) {
                    None => "str",
                    Some(Value::Null) => "null",
                    Some(Value::Bool(_)) => "bool",
                    Some(Value::Number(n)) if n.is_f64() => "float",
                    Some(_) => "int",
                };
                return Err(ScalarError { text, tag, read_as });
            };
            return Ok(value);
        }
    }
    if style != TScalarStyle::Plain {
        return Ok(Value::String(text));
    }
    // A plain scalar that is no null, boolean or number is a string (YAML 1.1's resolution).
    Ok(plain_meaning(&text).unwrap_or(Value::String(text)))
}

/// What a plain (unquoted, untagged) scalar means under YAML 1.1: a string unless it reads as
/// a null, boolean or number.
pub(crate) fn resolve_plain(text: &str) -> Value {
    plain_meaning(text).unwrap_or_else(|| Value::String(text.to_string()))
}

/// The null, boolean or number a plain scalar stands for under YAML 1.1; `None` for a string.
fn plain_meaning(text: &str) -> Option<Value> {
    // Most plain scalars in Kubernetes files are words. One that starts with a letter can only be
    // a boolean, a null or a string (an int or a float starts with a digit, a sign, a dot or `_`,
    // and Rust's float parser, the one number form that could start with a letter, is only asked
    // for digits and `.eE+-`), so the number parsers are skipped.
    if let Some(first) = text.as_bytes().first().filter(|b| b.is_ascii_alphabetic()) {
        // Only y, n, t, f and o (either case) start a YAML 1.1 boolean or a null, and none is
        // longer than five letters.
        if text.len() > 5 || !matches!(first.to_ascii_lowercase(), b'y' | b'n' | b't' | b'f' | b'o')
        {
            return None;
        }
        if let Some(b) = parse_bool_11(text) {
            return Some(Value::Bool(b));
        }
        return matches!(text, "null" | "Null" | "NULL").then_some(Value::Null);
    }
    if matches!(text, "" | "~") {
        return Some(Value::Null);
    }
    parse_int_11(text).or_else(|| parse_float_11(text))
}

/// `s` without YAML 1.1's digit separators (`1_000`).
fn without_underscores(s: &str) -> std::borrow::Cow<'_, str> {
    match s.contains('_') {
        true => std::borrow::Cow::Owned(s.replace('_', "")),
        false => std::borrow::Cow::Borrowed(s),
    }
}

fn parse_bool_11(s: &str) -> Option<bool> {
    match s {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            Some(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            Some(false)
        }
        _ => None,
    }
}

fn parse_int_11(s: &str) -> Option<Value> {
    let plain = without_underscores(s);
    let (neg, body) = match plain.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, plain.strip_prefix('+').unwrap_or(&plain)),
    };
    if body.is_empty() {
        return None;
    }
    let magnitude: u128 = if let Some(hex) = body.strip_prefix("0x") {
        radix_digits(hex, 16)?
    } else if let Some(bin) = body.strip_prefix("0b") {
        radix_digits(bin, 2)?
    } else if let Some(oct) = body.strip_prefix('0').filter(|rest| !rest.is_empty()) {
        radix_digits(oct, 8)?
    } else if body.bytes().all(|b| b.is_ascii_digit()) {
        radix_digits(body, 10)?
    } else {
        return None;
    };
    if neg {
        let v = i64::try_from(magnitude)
            .ok()
            .map(|m| -m)
            .or_else(|| (magnitude == 1u128 << 63).then_some(i64::MIN))?;
        Some(Value::Number(v.into()))
    } else if let Ok(v) = u64::try_from(magnitude) {
        Some(Value::Number(v.into()))
    } else {
        // Too large for an integer: go-yaml falls back to a float.
        Number::from_f64(magnitude as f64).map(Value::Number)
    }
}

/// `u128::from_str_radix` (one optional leading `+`, then at least one digit; `None` past
/// `u128::MAX`) as one loop for every radix: core's parser was inlined once per radix.
fn radix_digits(text: &str, radix: u32) -> Option<u128> {
    let digits = match text.strip_prefix('+') {
        Some(rest) => rest,
        None => text,
    };
    if digits.is_empty() {
        return None;
    }
    let mut n: u128 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        n = n
            .checked_mul(u128::from(radix))?
            .checked_add(u128::from(d))?;
    }
    Some(n)
}

/// `.inf`, `+.inf`, `-.inf` or `.nan` in any case: YAML 1.1's infinities and NaN.
fn special_float(s: &str) -> bool {
    [".inf", "+.inf", "-.inf", ".nan"]
        .iter()
        .any(|special| s.eq_ignore_ascii_case(special))
}

fn parse_float_11(s: &str) -> Option<Value> {
    if special_float(s) {
        // JSON has no infinities or NaN; keep the text so the decoder reports a type error.
        return Some(Value::String(s.to_string()));
    }
    let plain = without_underscores(s);
    let looks_numeric = plain
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        && plain.bytes().any(|b| b.is_ascii_digit());
    if !looks_numeric {
        return None;
    }
    let f = plain.parse::<f64>().ok()?;
    Number::from_f64(f).map(Value::Number)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_tagged_scalar_of_another_type_is_an_error_with_its_scalar_error_as_source() {
        use std::error::Error;
        let err = parse("a: !!int abc\n").unwrap_err();
        // A decoding error: go-yaml names no line.
        assert_eq!(
            err.to_string(),
            "yaml: cannot decode !!str `abc` as a !!int"
        );
        let scalar = err
            .source()
            .and_then(|s| s.downcast_ref::<ScalarError>())
            .expect("the scalar error underneath");
        assert_eq!(
            (scalar.text(), scalar.tag(), scalar.read_as()),
            ("abc", "int", "str")
        );
        // go-yaml names what the text is untagged.
        let err = parse("a: !!bool 1\nb: !!null x\n").unwrap_err();
        assert_eq!(err.to_string(), "yaml: cannot decode !!int `1` as a !!bool");
        let err = parse("b: !!null x\n").unwrap_err();
        assert_eq!(err.to_string(), "yaml: cannot decode !!str `x` as a !!null");
        assert!(
            parse("a: !!null ~\nb: !!float 1\n").unwrap().value == json!({"a": null, "b": 1.0})
        );
        assert!(parse("a: !!int 12\n").unwrap().value["a"] == 12);
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn resolves_yaml_1_1_scalars_and_remembers_positions() {
        let doc = parse("a: yes\nb: '10'\nc: 0755\nd:\n  - x\n  - 1.5\ne: ~\n").unwrap();
        assert_eq!(
            doc.value,
            json!({"a": true, "b": "10", "c": 493, "d": ["x", 1.5], "e": null})
        );
        assert_eq!(doc.position("/d/1"), Some(Pos { line: 6, column: 5 }));
        assert_eq!(doc.position("/c"), Some(Pos { line: 3, column: 1 }));
    }

    /// YAML 1.1 as go-yaml v2 resolves it, in keys, plain scalars and flow collections.
    #[test]
    fn resolves_keys_scalars_and_flow_collections_as_go_yaml_v2() {
        let keys = "key with spaces: v\n'quoted key': 1\n\"dq\": 2\n1: int key\n1.5: f\n\
                    yes: b\n~: n\n0x1F: h\n";
        assert_eq!(
            parse(keys).unwrap().value,
            json!({"key with spaces": "v", "quoted key": 1, "dq": 2, "1": "int key", "1.5": "f",
                   "true": "b", "null": false, "31": "h"})
        );
        let scalars = "a: 'it''s'\nb: x # c\nc: x#y\nd: http://x:80/p\ne: -1\nf: +.5\n\
                       g: 1_000\nh: .inf\ni: null\n";
        assert_eq!(
            parse(scalars).unwrap().value,
            json!({"a": "it's", "b": "x", "c": "x#y", "d": "http://x:80/p", "e": -1, "f": 0.5,
                   "g": 1000, "h": ".inf", "i": null})
        );
        let flow = "- [a, b]\n- {c: ~, d: .5}\n- []\n- - {x: 0x10}\n";
        let doc = parse(flow).unwrap();
        assert_eq!(
            doc.value,
            json!([["a", "b"], {"c": null, "d": 0.5}, [], [{"x": 16}]])
        );
        assert_eq!(
            doc.position("/1/d"),
            Some(Pos {
                line: 2,
                column: 10
            })
        );
        assert_eq!(doc.position("/3/0/x"), Some(Pos { line: 4, column: 6 }));
        let repeated = parse("c: {a: 1, a: 2}\n").unwrap();
        assert_eq!(repeated.value, json!({"c": {"a": 2}}));
        assert_eq!(
            repeated.duplicate_keys(),
            &[(
                "/c/a".to_string(),
                Pos {
                    line: 1,
                    column: 11
                }
            )]
        );
    }

    #[test]
    fn reports_duplicates_and_errors_with_lines() {
        let doc = parse("a: 1\nb: 2\na: 3\n").unwrap();
        assert_eq!(doc.value, json!({"a": 3, "b": 2}));
        assert_eq!(
            doc.duplicate_keys(),
            &[("/a".to_string(), Pos { line: 3, column: 1 })]
        );
        let err = parse("a: [1, 2\nb: 3\n").unwrap_err();
        assert!(err.pos().line >= 1, "{err}");
        assert!(err.to_string().starts_with("yaml: line "), "{err}");
    }

    #[test]
    fn radix_digits_reads_what_from_str_radix_reads() {
        let big = u128::MAX.to_string();
        let over = format!("{big}0");
        for text in [
            "",
            "+",
            "-",
            "++1",
            "+1",
            "-1",
            "0",
            "17",
            "1f",
            "1F",
            "zz",
            "101",
            "102",
            "777",
            "778",
            " 1",
            "1 ",
            "é",
            big.as_str(),
            over.as_str(),
        ] {
            for radix in [2, 8, 10, 16] {
                assert_eq!(
                    radix_digits(text, radix),
                    u128::from_str_radix(text, radix).ok(),
                    "{text:?} in base {radix}"
                );
            }
        }
        assert_eq!(resolve_plain("0x+1F"), json!(31));
        assert_eq!(resolve_plain("0o17"), json!("0o17"));
        assert_eq!(resolve_plain("0b101"), json!(5));
        assert_eq!(resolve_plain("-0755"), json!(-493));
    }

    #[test]
    fn bounds_hostile_input() {
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).is_err());
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 0..12 {
            let prev = if i == 0 {
                "a".to_string()
            } else {
                format!("b{}", i - 1)
            };
            bomb.push_str(&format!("b{i}: &b{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        let err = parse(&bomb).unwrap_err();
        assert!(err.message().contains("more than"), "{err}");
    }

    #[test]
    fn nesting_past_the_limit_is_an_error_in_go_yamls_words() {
        for text in [
            format!("{}1", "- ".repeat(3700)),
            "- ? ".repeat(3000),
            format!("{}1", "- ".repeat(100_000)),
            (0..3000)
                .map(|i| format!("{}a:\n", " ".repeat(i)))
                .collect::<String>(),
            format!("{}1", "[".repeat(250)),
        ] {
            let err = std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || parse(&text).map(|_| ()))
                .expect("thread")
                .join()
                .expect("no stack overflow");
            let err = err.expect_err("refused");
            assert!(err.pos().line <= 513, "{err}");
        }
        let map = (0..600)
            .map(|i| format!("{}a:\n", " ".repeat(i)))
            .collect::<String>();
        assert_eq!(
            parse(&map).unwrap_err().to_string(),
            "yaml: line 513: exceeded max depth of 512"
        );
        let at_limit = format!("{}1", "- ".repeat(MAX_DEPTH));
        assert!(parse(&at_limit).is_ok());
        let over = format!("{}1", "- ".repeat(MAX_DEPTH + 1));
        assert_eq!(
            parse(&over).unwrap_err().to_string(),
            "yaml: line 1: exceeded max depth of 512"
        );
    }

    #[test]
    fn control_characters_are_refused_as_the_kubelets_reader_refuses_them() {
        for (text, line, column) in [
            ("maxPods: 11\0\n", 1, 12),
            ("a: 1\n\0maxPods: 11\n", 2, 1),
            ("a: \u{1}\n", 1, 4),
            ("a: b\u{1b}[31m\n", 1, 5),
            ("a: \u{7f}\n", 1, 4),
            ("a: \u{9f}\n", 1, 4),
            ("a: 'é\u{0}'\n", 1, 6),
            ("a: \u{fffe}\n", 1, 4),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!(
                (err.message(), err.pos()),
                ("control characters are not allowed", Pos { line, column }),
                "{text:?}"
            );
            assert_eq!(parse_all(text).unwrap_err(), err);
        }
        // Tab, carriage return, NEL and the printable ranges are text.
        assert_eq!(
            parse("a: b\t\r\n").unwrap().value,
            serde_json::json!({"a": "b"})
        );
        assert!(parse("a: \"x\u{85}y\u{a0}\u{e000}\u{1f600}\"\n").is_ok());
    }
}
