//! The fast path: the block subset Kubernetes files are written in, read straight from the text.
//!
//! Why: the general path (yaml-rust2's scanner, its events, a tree built from them) reads about
//! 5 MB/s, so a release's `versioned_feature_list.yaml` took milliseconds in the browser. Almost
//! every file Kubernetes users hand us is block mappings and block sequences of one-line scalars;
//! this reader handles exactly that and gives up (`None`) on anything else, so the general path
//! stays the one source of truth for the rest of YAML and for every error message.
//!
//! The contract, checked by `tests/yaml_fast.rs` on every YAML text of the test suite and on
//! generated variations: when this returns a document, it is the document the general path
//! returns (same value, same positions, no duplicate keys). Flow collections are read when one
//! fits on its line and holds only one-word plain scalars, quoted scalars and flow collections
//! (`- {default: true, version: '1.30'}`, `args: [a, b]`). What it declines: other flow
//! collections, anchors, aliases, tags, block scalars (`|`, `>`), multi-line scalars, double-quoted scalars
//! with escapes, empty values, complex keys, duplicate keys, document markers and directives,
//! tabs, carriage returns and characters YAML does not print, nesting deeper than [`MAX_DEPTH`],
//! and documents over [`MAX_NODES`] nodes.

use serde_json::{Map, Value};

use super::positions::Positions;
use super::{key_text, printable, resolve_plain, Document, Pos, MAX_DEPTH, MAX_NODES};

/// One line with content: where it starts and what it holds (past the indentation, or past a
/// sequence dash that has been consumed).
#[derive(Clone, Copy)]
struct Line<'a> {
    /// 1-based line number.
    number: usize,
    /// Column of `text`'s first character, 0-based, in characters.
    indent: usize,
    text: &'a str,
}

/// Reads lines as it goes: the reader looks one line ahead at most, so a document's lines are
/// never held in a vector (a vector the size of the text is what the allocator hands back to the
/// system after each parse, and faults in again for the next one).
struct Reader<'a> {
    text: &'a str,
    /// Byte offset where the next unread line starts.
    next: usize,
    /// The 1-based number of that line.
    next_number: usize,
    /// The current line with content; `None` past the end.
    cur: Option<Line<'a>>,
    positions: Positions,
    nodes: usize,
}

/// The single document of `text`, or `None` when the text is outside the subset (or empty).
pub(super) fn parse(text: &str) -> Option<Document> {
    read(text).ok()
}

/// [`parse`], or the 1-based line where the text left the subset (what a build without the
/// general path names in its error).
pub(super) fn read(text: &str) -> Result<Document, usize> {
    let unprintable = if text.is_ascii() {
        // Without an early exit, so that the compiler checks many bytes at a time.
        text.bytes().fold(false, |seen, b| {
            seen | ((b < 0x20 && b != b'\n') | (b == 0x7f))
        })
    } else {
        !text.chars().all(printable)
    };
    if unprintable {
        let at = text
            .char_indices()
            .find(|&(_, c)| !printable(c))
            .map_or(0, |(i, _)| i);
        return Err(line_of(text, at));
    }
    let mut r = Reader {
        text,
        next: 0,
        next_number: 1,
        cur: None,
        positions: Positions::with_capacity(text.len() / 24 + 1, text.len() / 2),
        nodes: 0,
    };
    match document(&mut r) {
        Some(doc) => Ok(doc),
        None => Err(r
            .cur
            .map_or_else(|| r.next_number.saturating_sub(1).max(1), |l| l.number)),
    }
}

fn document(r: &mut Reader<'_>) -> Option<Document> {
    r.advance()?;
    let first = r.cur?;
    // The root's record is number 0.
    r.positions.set("", start_pos(first)?);
    let value = r.block(first.indent, 0, 0)?;
    if r.cur.is_some() {
        return None;
    }
    Some(Document {
        value,
        positions: std::mem::take(&mut r.positions),
        duplicates: Vec::new(),
    })
}

/// The 1-based line of byte `at` of `text`.
fn line_of(text: &str, at: usize) -> usize {
    1 + text
        .get(..at)
        .map_or(0, |s| s.bytes().filter(|b| *b == b'\n').count())
}

impl<'a> Reader<'a> {
    /// Moves to the next line with content (`cur` is `None` past the end); `None` if that line
    /// is outside the subset (a document marker or a directive).
    fn advance(&mut self) -> Option<()> {
        self.cur = None;
        while let Some(rest) = self.text.get(self.next..) {
            // Lines are short: a plain byte loop finds their end faster than `memchr`'s setup.
            let len = rest.bytes().position(|b| b == b'\n').unwrap_or(rest.len());
            let raw = rest.get(..len)?;
            let number = self.next_number;
            self.next += len + 1;
            self.next_number += 1;
            let trimmed = skip_spaces(raw);
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let indent = raw.len() - trimmed.len();
            if indent == 0
                && (raw.starts_with("---") || raw.starts_with("...") || raw.starts_with('%'))
            {
                return None;
            }
            self.cur = Some(Line {
                number,
                indent,
                text: trimmed,
            });
            break;
        }
        Some(())
    }
}

/// Byte offset of the first `a` followed by `b` in `s` (`": "`, `" #"`), without a substring
/// searcher's setup, which costs more than these short texts.
fn find_pair(s: &str, a: u8, b: u8) -> Option<usize> {
    let bytes = s.as_bytes();
    bytes
        .iter()
        .zip(bytes.iter().skip(1))
        .position(|(x, y)| *x == a && *y == b)
}

/// `s` without its leading spaces (bytes, not chars: spaces are ASCII).
fn skip_spaces(s: &str) -> &str {
    let n = s.bytes().take_while(|b| *b == b' ').count();
    s.get(n..).unwrap_or("")
}

/// `s` without its trailing spaces.
fn trim_spaces_end(s: &str) -> &str {
    let n = s.bytes().rev().take_while(|b| *b == b' ').count();
    s.get(..s.len() - n).unwrap_or("")
}

/// A dash that opens a sequence item: `-` alone or followed by a space.
fn is_dash(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

/// Characters that may not start a plain scalar here (flow, anchors, tags, block scalars,
/// directives, reserved), plus quotes, which this reader handles separately.
fn bad_start(text: &str) -> bool {
    let mut chars = text.chars();
    match chars.next() {
        None => true,
        Some('[' | ']' | '{' | '}' | ',' | '#' | '&' | '*' | '!' | '|' | '>' | '%' | '@' | '`') => {
            true
        }
        Some('-' | '?' | ':') => chars.next().is_none_or(|c| c == ' '),
        _ => false,
    }
}

impl<'a> Reader<'a> {
    fn line(&self) -> Option<Line<'a>> {
        self.cur
    }

    fn count(&mut self) -> Option<()> {
        self.nodes += 1;
        (self.nodes <= MAX_NODES).then_some(())
    }

    /// The block node whose first line is the current one, at `indent`; `parent` is the record
    /// of the node's own position, under which its children are recorded.
    fn block(&mut self, indent: usize, depth: usize, parent: usize) -> Option<Value> {
        if depth >= MAX_DEPTH.min(128) {
            return None;
        }
        let line = self.line()?;
        if line.indent != indent {
            return None;
        }
        self.count()?;
        if is_dash(line.text) {
            self.sequence(indent, depth, parent)
        } else {
            self.mapping(indent, depth, parent)
        }
    }

    fn sequence(&mut self, indent: usize, depth: usize, parent: usize) -> Option<Value> {
        let mut items = Vec::new();
        while let Some(line) = self.line() {
            if line.indent != indent || !is_dash(line.text) {
                break;
            }
            let n = items.len();
            let rest = line.text.get(1..)?;
            let content = skip_spaces(rest);
            let item = if content.is_empty() || content.starts_with('#') {
                // The item is the block on the following lines, further in.
                self.advance()?;
                let next = self.line()?;
                if next.indent <= indent {
                    return None;
                }
                let id = self.positions.item(parent, n, start_pos(next)?);
                self.block(next.indent, depth + 1, id)?
            } else {
                let column = indent + 1 + (rest.len() - content.len());
                let flow = content.starts_with(['{', '[']);
                if !flow && (is_dash(content) || key_split(content).is_some()) {
                    // `- - x` or `- key: value`: a block that starts on the dash's line.
                    let slot = self.cur.as_mut()?;
                    slot.indent = column;
                    slot.text = content;
                    let pos = start_pos(*slot)?;
                    let id = self.positions.item(parent, n, pos);
                    self.block(column, depth + 1, id)?
                } else {
                    let pos = Pos {
                        line: line.number,
                        column: column + 1,
                    };
                    let id = self.positions.item(parent, n, pos);
                    self.inline(content, pos, indent, depth, id)?
                }
            };
            items.push(item);
        }
        Some(Value::Array(items))
    }

    fn mapping(&mut self, indent: usize, depth: usize, parent: usize) -> Option<Value> {
        let mut entries = Map::new();
        while let Some(line) = self.line() {
            if line.indent != indent {
                if line.indent > indent {
                    return None;
                }
                break;
            }
            if is_dash(line.text) {
                return None;
            }
            let (key_src, rest) = key_split(line.text)?;
            self.count()?;
            let key = key(key_src)?;
            let pos = Pos {
                line: line.number,
                column: indent + 1,
            };
            let id = self.positions.key(parent, &key, pos);
            let content = skip_spaces(rest);
            let value = if content.is_empty() || content.starts_with('#') {
                self.advance()?;
                let next = self.line()?;
                if next.indent > indent || (next.indent == indent && is_dash(next.text)) {
                    // A nested block, or a sequence at the key's own indentation.
                    self.block(next.indent, depth + 1, id)?
                } else {
                    return None;
                }
            } else {
                let column = line
                    .text
                    .get(..line.text.len() - content.len())?
                    .chars()
                    .count();
                let at = Pos {
                    line: line.number,
                    column: indent + column + 1,
                };
                self.inline(content, at, indent, depth, id)?
            };
            if entries.insert(key, value).is_some() {
                // A duplicate key: the general path reports it.
                return None;
            }
        }
        Some(Value::Object(entries))
    }

    /// A scalar or a one-line flow collection that ends its line (the current one), written at
    /// `at`, under a parent at `indent`; `id` is the record of its own position. A following line
    /// further in than the parent would continue it: outside the subset.
    fn inline(
        &mut self,
        content: &str,
        at: Pos,
        indent: usize,
        depth: usize,
        id: usize,
    ) -> Option<Value> {
        self.count()?;
        let value = if content.starts_with(['{', '[']) {
            let mut flow = Flow {
                text: content,
                at: 0,
                start: at,
                was_plain: false,
            };
            let value = self.flow(&mut flow, depth + 1, id)?;
            trailer(content.get(flow.at..)?)?;
            value
        } else {
            scalar(content)?
        };
        self.advance()?;
        match self.line() {
            Some(next) if next.indent > indent => None,
            _ => Some(value),
        }
    }

    /// The flow collection at `f`'s cursor (on its `{` or `[`), recorded as `id`.
    fn flow(&mut self, f: &mut Flow<'_>, depth: usize, id: usize) -> Option<Value> {
        if depth >= MAX_DEPTH.min(128) {
            return None;
        }
        let close = match f.peek()? {
            b'{' => b'}',
            _ => b']',
        };
        f.at += 1;
        f.spaces();
        let mut entries = Map::new();
        let mut items = Vec::new();
        if !f.eat(close) {
            loop {
                self.count()?;
                let pos = f.pos()?;
                if close == b'}' {
                    let key = match f.token()? {
                        Value::String(s) if !f.was_plain => s,
                        plain => key_text(plain)?,
                    };
                    // `key: value` only: no implicit nulls, no `key:value`.
                    if !(f.eat(b':') && f.peek() == Some(b' ')) {
                        return None;
                    }
                    f.spaces();
                    let child = self.positions.key(id, &key, pos);
                    let value = self.flow_value(f, depth, child)?;
                    if entries.insert(key, value).is_some() {
                        return None;
                    }
                } else {
                    let child = self.positions.item(id, items.len(), pos);
                    items.push(self.flow_value(f, depth, child)?);
                }
                f.spaces();
                if f.eat(close) {
                    break;
                }
                if !f.eat(b',') {
                    return None;
                }
                f.spaces();
                if matches!(f.peek(), Some(b'}' | b']')) {
                    return None;
                }
            }
        }
        Some(if close == b'}' {
            Value::Object(entries)
        } else {
            Value::Array(items)
        })
    }

    /// A value inside a flow collection: a nested one, or a scalar.
    fn flow_value(&mut self, f: &mut Flow<'_>, depth: usize, id: usize) -> Option<Value> {
        if matches!(f.peek(), Some(b'{' | b'[')) {
            self.count()?;
            return self.flow(f, depth + 1, id);
        }
        self.count()?;
        f.token()
    }
}

/// A one-line flow collection being read: its text from the opening bracket to the end of the
/// line, and a cursor.
struct Flow<'a> {
    text: &'a str,
    /// Byte offset of the cursor in `text`.
    at: usize,
    /// Where `text` starts.
    start: Pos,
    /// Whether the last token was a plain scalar (a key then resolves as one).
    was_plain: bool,
}

impl Flow<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.at += usize::from(hit);
        hit
    }

    fn spaces(&mut self) {
        while self.eat(b' ') {}
    }

    fn pos(&self) -> Option<Pos> {
        Some(Pos {
            line: self.start.line,
            column: self.start.column + self.text.get(..self.at)?.chars().count(),
        })
    }

    /// A quoted scalar (single, or double without escapes) as its string, or a one-word plain
    /// scalar resolved.
    fn token(&mut self) -> Option<Value> {
        let rest = self.text.get(self.at..)?;
        self.was_plain = false;
        if let Some(q) = rest.strip_prefix('\'') {
            let end = single_quoted_end(q)?;
            self.at += end + 2;
            return Some(Value::String(q.get(..end)?.replace("''", "'")));
        }
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"')?;
            let body = q.get(..end)?;
            if body.contains('\\') {
                return None;
            }
            self.at += end + 2;
            return Some(Value::String(body.to_string()));
        }
        // One word: what would end it, continue it or change its meaning is declined.
        let len = rest
            .bytes()
            .position(|b| b" ,[]{}:#'\"".contains(&b))
            .unwrap_or(rest.len());
        let word = rest.get(..len)?;
        if bad_start(word) {
            return None;
        }
        self.at += len;
        self.was_plain = true;
        Some(resolve_plain(word))
    }
}

/// Where the general path places a collection that starts on `line`: a sequence at its dash, a
/// mapping at its first key's colon (where yaml-rust2's scanner opens the mapping).
fn start_pos(line: Line<'_>) -> Option<Pos> {
    let column = if is_dash(line.text) {
        line.indent
    } else {
        let (_, rest) = key_split(line.text)?;
        let colon = line.text.len().checked_sub(rest.len() + 1)?;
        line.indent + line.text.get(..colon)?.chars().count()
    };
    Some(Pos {
        line: line.number,
        column: column + 1,
    })
}

/// Splits `key: rest` (or `key:` at the end of the line); `None` if the line is not a simple
/// one-line key.
fn key_split(text: &str) -> Option<(&str, &str)> {
    let (key, after) = if let Some(q) = text.strip_prefix('\'') {
        let end = single_quoted_end(q)?;
        (text.get(..end + 2)?, text.get(end + 2..)?)
    } else if let Some(q) = text.strip_prefix('"') {
        let end = q.find('"')?;
        (text.get(..end + 2)?, text.get(end + 2..)?)
    } else {
        let bytes = text.as_bytes();
        let colon = (0..bytes.len()).find(|&i| {
            bytes.get(i) == Some(&b':') && bytes.get(i + 1).is_none_or(|b| *b == b' ')
        })?;
        (trim_spaces_end(text.get(..colon)?), text.get(colon..)?)
    };
    let after = skip_spaces(after);
    let rest = after.strip_prefix(':')?;
    if !rest.is_empty() && !rest.starts_with(' ') {
        return None;
    }
    Some((key, rest))
}

/// Byte index (in `q`, the text after the opening quote) of a single-quoted scalar's closing
/// quote, skipping `''` escapes.
fn single_quoted_end(q: &str) -> Option<usize> {
    let bytes = q.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i) == Some(&b'\'') {
            if bytes.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return Some(i);
        }
        i += 1;
    }
    None
}

/// A mapping key as the general path turns it into a JSON key.
fn key(src: &str) -> Option<String> {
    if find_pair(src, b' ', b'#').is_some() {
        return None;
    }
    if src.starts_with(['\'', '"']) {
        return match scalar(src)? {
            Value::String(s) => Some(s),
            _ => None,
        };
    }
    if bad_start(src) || find_pair(src, b':', b' ').is_some() {
        return None;
    }
    key_text(resolve_plain(src))
}

/// A one-line scalar (plain, single-quoted, or double-quoted without escapes) and its trailing
/// comment, if any. Also what the feature list's direct reader reads its values with
/// (`crate::featuregate::feature_list`), so that both read a scalar by the same rules.
pub(crate) fn scalar(text: &str) -> Option<Value> {
    if let Some(q) = text.strip_prefix('\'') {
        let end = single_quoted_end(q)?;
        trailer(q.get(end + 1..)?)?;
        return Some(Value::String(q.get(..end)?.replace("''", "'")));
    }
    if let Some(q) = text.strip_prefix('"') {
        let end = q.find('"')?;
        let body = q.get(..end)?;
        if body.contains('\\') {
            return None;
        }
        trailer(q.get(end + 1..)?)?;
        return Some(Value::String(body.to_string()));
    }
    if bad_start(text) {
        return None;
    }
    let body = match find_pair(text, b' ', b'#') {
        Some(i) => text.get(..i)?,
        None => text,
    };
    let body = trim_spaces_end(body);
    if find_pair(body, b':', b' ').is_some() || body.ends_with(':') || body.is_empty() {
        return None;
    }
    Some(resolve_plain(body))
}

/// What may follow a quoted scalar on its line: spaces, then nothing or a comment.
fn trailer(after: &str) -> Option<()> {
    let t = skip_spaces(after);
    (t.is_empty() || (t.starts_with('#') && t.len() < after.len())).then_some(())
}

/// Whether `text` holds no node at all (spaces and comments only): an empty stream, which the
/// general path reads as no document.
pub(super) fn blank(text: &str) -> bool {
    text.split('\n').all(|l| {
        let t = skip_spaces(l);
        t.is_empty() || t.starts_with('#')
    })
}
