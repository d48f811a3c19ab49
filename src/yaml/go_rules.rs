//! Where go-yaml v2's scanner reads differently from yaml-rust2's, and how kubegate follows go-yaml.
//!
//! Both scanners are ports of libyaml, but yaml-rust2 has taken YAML 1.2's stricter rules in a
//! few places and dropped a few of libyaml's checks in others. Every Kubernetes reader of YAML
//! uses go-yaml v2 (the copy inside `sigs.k8s.io/yaml` v1.4.0, `goyaml.v2`), so a text must be
//! read here exactly when it is read there. The rules, each named after the go-yaml v2 function
//! that holds it (scannerc.go, parserc.go):
//!
//! **Where go-yaml is laxer**, the text is rewritten before yaml-rust2 reads it again, only where
//! yaml-rust2 stopped ([`tolerate`]); the rewrite changes whitespace and comments only, so the
//! values read are go-yaml's:
//!
//! 1. A comment glued to the token before it (`a: "x"#c`, `[a]#c`, `[a,#c`): go-yaml's
//!    `yaml_parser_scan_to_next_token` starts a comment at any `#` where a token may start;
//!    yaml-rust2 wants a space before it. The comment is blanked.
//! 2. Text after a `...` on its line (`... x`), or a `%YAML` or `%TAG` line after the first
//!    document, when only that one is read: go-yaml's `Unmarshal` stops at the first document's
//!    end and never scans what follows (but a directive's name, which it scans to find that
//!    end). It is blanked.
//! 3. A tab before a flow collection's item, at the start of a line (`[\n\tb]`), or after a
//!    simple key's `:` (`a:\t1`, `{a:\tb}`): go-yaml skips tabs between tokens in flow context
//!    and after a simple key's `:`. The tab becomes a space.
//! 4. A quoted scalar's continuation line indented with tabs or less than its key
//!    (`a:\n  b: "x\ny"`), and a flow collection's line left of the block it is in
//!    (`a:\n  b: {\nc: 1}`): go-yaml checks no indentation inside quoted scalars
//!    (`yaml_parser_scan_flow_scalar`) or flow collections and skips any blanks that start a
//!    line there. The lines are indented with spaces to the quote's or the outermost bracket's
//!    column; positions on them are moved back ([`Shifts`]).
//!
//! Each rewrite costs one more reading of the text, so the readings of one text are bounded
//! ([`REREAD_BUDGET`]); a text needing more keeps yaml-rust2's refusal.
//!
//! **Where go-yaml is stricter**, the text is checked before or after yaml-rust2 reads it:
//!
//! 5. Directives ([`check_head`]): `%YAML` other than 1.1 is "found incompatible YAML document",
//!    a second `%YAML` or a second `%TAG` of one handle is a duplicate, any other name is "found
//!    unknown directive name" (`yaml_parser_process_directives`, `yaml_parser_scan_directive`).
//!    yaml-rust2 reads any version and skips unknown directives.
//! 6. A `...` before the first document ([`check_head`]): go-yaml's
//!    `yaml_parser_parse_document_start` skips `...` only between documents; before the first
//!    one it finds no node: "did not find expected node content". yaml-rust2 skips it.
//! 7. Tabs ([`check_tabs`], only for a text holding one). In block context go-yaml skips no tab
//!    where a simple key may start: at the start of a line, after `-`, `?`, and the `:` of a
//!    complex key (`yaml_parser_scan_to_next_token`), so the tab is a "character that cannot
//!    start any token". After a plain scalar, a tab in a line's leading blanks left of the
//!    block's indentation "violates indentation" (`yaml_parser_scan_plain_scalar`), even on an
//!    empty line. In a block scalar, a tab in the leading blanks before the content's
//!    indentation (or before it is known) is "found a tab character where an indentation space
//!    is expected" (`yaml_parser_scan_block_scalar_breaks`). yaml-rust2 reads all of these.
//!    go-yaml scans and parses in one pass, so of such a tab and another problem the first in
//!    the text is reported (a decoding error comes last, once the document is built), and only
//!    as far as `Unmarshal` scans: to the token after the first document.

use yaml_rust2::scanner::{Marker, Scanner, TScalarStyle, Token, TokenType};

use super::go_words::{innermost_flow, outer_flow, Stage, CANNOT_START};
use super::{Pos, YamlError};

/// How many characters the readings after rewrites may read in all (a text of 32 KiB may be
/// rewritten a thousand times, one of 2 MiB sixteen) before yaml-rust2's refusal stands.
pub(super) const REREAD_BUDGET: usize = 1 << 25;

/// Lines indented further by rule 4: the line (from 1) and how many columns it gained.
pub(super) type Shifts = Vec<(usize, usize)>;

/// The position of a mark of the rewritten text in the text as written.
pub(super) fn pos_of(mark: &Marker, shifts: &[(usize, usize)]) -> Pos {
    let line = mark.line();
    let gained = shifts.iter().find(|s| s.0 == line).map_or(0, |s| s.1);
    Pos {
        line,
        column: mark.col().saturating_sub(gained) + 1,
    }
}

/// The text yaml-rust2 should read instead of `text`, where it refused with `info` at character
/// `index` and go-yaml reads on (rules 1 to 4); `None` where go-yaml refuses too.
pub(super) fn tolerate(
    info: &str,
    index: usize,
    text: &str,
    first_only: bool,
    shifts: &mut Shifts,
) -> Option<String> {
    let mut cs: Vec<char> = text.chars().collect();
    let changed = match info {
        "comments must be separated from other tokens by whitespace" => {
            blank_to_eol(&mut cs, index)
        }
        "invalid content after document end marker" if first_only => blank_to_eol(&mut cs, index),
        // A `%YAML` or `%TAG` line ends the first document for go-yaml, whose `Unmarshal` reads
        // no further (an unknown name is refused as it is scanned, go_words.rs).
        "missing explicit document end marker before directive"
            if first_only
                && innermost_flow(text, index).is_none()
                && known_directive(after(&cs, index)) =>
        {
            let mut changed = false;
            for c in cs.iter_mut().skip(index).filter(|c| **c != '\n') {
                changed |= *c != ' ';
                *c = ' ';
            }
            changed
        }
        "tabs disallowed within this context (block indentation)" => {
            innermost_flow(text, index).is_some() && untab(&mut cs, index)
        }
        "tab cannot be used as indentation" => untab(&mut cs, index),
        // A complex key's `:` (first on its line, in block context) keeps its refusal.
        "':' must be followed by a valid YAML whitespace" => {
            // yaml-rust2 marks the character after the blanks that follow the `:`.
            let before = before(&cs, index);
            // (Nothing but blanks before the mark: no `:` either, and the refusal stands.)
            let colon = before
                .iter()
                .rposition(|c| !matches!(c, ' ' | '\t'))
                .unwrap_or(0);
            let line = before.get(..colon).unwrap_or(before);
            let complex = after(line, line_start(line, colon))
                .iter()
                .all(|c| *c == ' ');
            (!complex || innermost_flow(text, index).is_some()) && untab(&mut cs, index)
        }
        "invalid indentation in quoted scalar" => pad_quoted(&mut cs, index, shifts),
        // A flow collection's line left of the block around it: indented to its opener.
        "invalid indentation" | "invalid indentation in flow construct" => outer_flow(text, index)
            .is_some_and(|(opener, end)| {
                let width = column_of(&cs, opener);
                pad_lines(&mut cs, opener, end, width, shifts)
            }),
        _ => false,
    };
    changed.then(|| cs.into_iter().collect())
}

/// Whether `line` starts with a `%YAML` or `%TAG` directive.
pub(super) fn known_directive(line: &[char]) -> bool {
    let name: String = line
        .iter()
        .skip(1)
        .take_while(|c| !c.is_whitespace())
        .collect();
    line.first() == Some(&'%') && (name == "YAML" || name == "TAG")
}

/// Blanks the characters from `from` to the end of its line; whether any changed.
fn blank_to_eol(cs: &mut [char], from: usize) -> bool {
    let mut changed = false;
    for c in cs.iter_mut().skip(from) {
        if matches!(*c, '\n' | '\r') {
            break;
        }
        changed |= *c != ' ';
        *c = ' ';
    }
    changed
}

/// Turns the tabs of the run of blanks around `at` into spaces; whether any changed.
fn untab(cs: &mut [char], at: usize) -> bool {
    let start = before(cs, at)
        .iter()
        .rposition(|c| !matches!(c, ' ' | '\t'))
        .map_or(0, |i| i + 1);
    let mut changed = false;
    for c in cs.iter_mut().skip(start) {
        match *c {
            '\t' => *c = ' ',
            ' ' => continue,
            _ => break,
        }
        changed = true;
    }
    changed
}

/// Indents each continuation line of the quoted scalar opening at `quote` with spaces to the
/// quote's column (rule 4); whether any line changed.
fn pad_quoted(cs: &mut Vec<char>, quote: usize, shifts: &mut Shifts) -> bool {
    if quote >= cs.len() {
        return false;
    }
    let end = quoted_end(cs, quote);
    pad_lines(cs, quote, end, column_of(cs, quote), shifts)
}

/// Indents with spaces to `width` each line that starts after character `from` and holds
/// content before `to`, but a document indicator (`---`, `...`: an error to both readers);
/// whether any line changed.
fn pad_lines(
    cs: &mut Vec<char>,
    from: usize,
    to: usize,
    width: usize,
    shifts: &mut Shifts,
) -> bool {
    let mut line = 1 + before(cs, from).iter().filter(|c| **c == '\n').count();
    let mut out = before(cs, from).to_vec();
    let mut i = out.len();
    while let Some(&c) = cs.get(i).filter(|_| i < to) {
        out.push(c);
        i += 1;
        if c != '\n' {
            continue;
        }
        line += 1;
        let blanks = after(cs, i)
            .iter()
            .take_while(|c| matches!(c, ' ' | '\t'))
            .count();
        let rest = after(cs, i + blanks);
        let indicator = blanks == 0
            && (rest.starts_with(&['-'; 3]) || rest.starts_with(&['.'; 3]))
            && rest.get(3).is_none_or(|c| c.is_whitespace());
        let content = i + blanks < to && !matches!(rest.first(), Some('\n' | '\r'));
        if blanks < width && content && !indicator {
            out.extend(std::iter::repeat_n(' ', width));
            i += blanks;
            shifts.push((line, width - blanks));
        }
    }
    out.extend_from_slice(after(cs, i));
    let changed = out != *cs;
    *cs = out;
    changed
}

/// The column (from 0) of character `at`.
fn column_of(cs: &[char], at: usize) -> usize {
    at.saturating_sub(line_start(cs, at))
}

/// Where the line holding character `at` starts.
fn line_start(cs: &[char], at: usize) -> usize {
    before(cs, at)
        .iter()
        .rposition(|c| *c == '\n')
        .map_or(0, |p| p + 1)
}

/// The characters before `at` (all of them, for a place past the end).
fn before(cs: &[char], at: usize) -> &[char] {
    cs.get(..at).unwrap_or(cs)
}

/// The characters from `at` on (none, for a place past the end).
fn after(cs: &[char], at: usize) -> &[char] {
    cs.get(at..).unwrap_or(&[])
}

/// The directives of the text's head and a `...` before its first document (rules 5 and 6).
pub(super) fn check_head(text: &str) -> Result<(), YamlError> {
    let mut yaml_seen = false;
    let mut handles: Vec<&str> = Vec::new();
    for (n, line) in text.split('\n').enumerate() {
        let line = line.trim_end_matches('\r');
        let line = if n == 0 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        let fail = |message: &str, stage| {
            let pos = Pos {
                line: n + 1,
                column: 1,
            };
            Err(YamlError::at_stage(message, pos, stage))
        };
        let trimmed = line.trim_start_matches(' ');
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some(directive) = line.strip_prefix('%') else {
            let end = line.strip_prefix("...");
            if !yaml_seen
                && handles.is_empty()
                && end.is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
            {
                return fail("did not find expected node content", Stage::Parser);
            }
            return Ok(());
        };
        // The name follows the `%` at once (none: go-yaml's words come from yaml-rust2's).
        let mut words = directive.split([' ', '\t']).filter(|w| !w.is_empty());
        if directive.starts_with([' ', '\t']) {
            return Ok(());
        }
        match words.next() {
            Some("YAML") => {
                if yaml_seen {
                    return fail("found duplicate %YAML directive", Stage::Parser);
                }
                yaml_seen = true;
                let version =
                    words
                        .next()
                        .and_then(|v| v.split_once('.'))
                        .and_then(|(major, minor)| {
                            Some((major.parse::<u32>().ok()?, minor.parse::<u32>().ok()?))
                        });
                if version.is_some_and(|v| v != (1, 1)) {
                    return fail("found incompatible YAML document", Stage::Parser);
                }
            }
            Some("TAG") => {
                let handle = words.next().unwrap_or("");
                if handles.contains(&handle) {
                    return fail("found duplicate %TAG directive", Stage::Parser);
                }
                handles.push(handle);
            }
            Some(name)
                if name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
            {
                return fail("found unknown directive name", Stage::Scanner);
            }
            // A malformed directive: yaml-rust2 refuses it in go-yaml's words.
            _ => return Ok(()),
        }
    }
    Ok(())
}

/// How the characters before the next token are read.
enum Gap {
    /// Between tokens (`yaml_parser_scan_to_next_token`); `allowed`: a simple key may start, so
    /// a tab is no blank in block context.
    Between { allowed: bool },
    /// After the start of a plain scalar at this column: its text and the blanks after it.
    Plain(usize),
    /// From a block scalar's header (`|`, `>`) at this character.
    Block(usize),
}

/// The first tab go-yaml refuses in `text` and yaml-rust2 reads (rule 7), as go-yaml words it,
/// up to the token at character `limit`, where go-yaml stops scanning (the token after the
/// first document, when only that one is read).
pub(super) fn check_tabs(text: &str, limit: usize) -> Option<YamlError> {
    let cs: Vec<char> = text.chars().collect();
    let mut indents: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    let mut cursor = 0;
    let mut gap = Gap::Between { allowed: true };
    // A block collection just opened, whose column is its first entry's or key's (yaml-rust2
    // marks the start token elsewhere).
    let mut opened = false;
    // Whether a `?` in block context waits for its `:`.
    let mut key = false;
    // The tokens, then the place where yaml-rust2's scanner stopped, if it did: the tabs before
    // it are go-yaml's to refuse first (a tab in a block scalar's indentation ends the scalar
    // for yaml-rust2, which then stops at the tab).
    let mut scanner = Scanner::new(text.chars());
    let mut stopped = false;
    let tokens = std::iter::from_fn(|| {
        scanner.next().or_else(|| {
            let error = scanner.get_error().filter(|_| !stopped)?;
            stopped = true;
            Some(Token(*error.marker(), TokenType::StreamEnd))
        })
    });
    for Token(mark, token) in tokens {
        if mark.index() > limit {
            return None;
        }
        let at = mark.index().min(cs.len());
        let from = cursor.min(at);
        // Where the token's text starts: yaml-rust2 marks a `-` after the blanks that follow
        // it, and a block scalar at its first line of content.
        let gap_text = after(before(&cs, at), from);
        let start = match token {
            TokenType::BlockEntry => gap_text.iter().rposition(|c| *c == '-'),
            TokenType::Scalar(TScalarStyle::Literal | TScalarStyle::Folded, _) => {
                gap_text.iter().position(|c| matches!(c, '|' | '>'))
            }
            _ => None,
        }
        .map_or(at, |p| from + p);
        // The block's indentation plus one, as go-yaml's `parser.indent + 1` (-1 outside any).
        let indent = indents.last().map_or(0, |i| i + 1);
        let bad = match gap {
            Gap::Between { allowed } => between(&cs, from, start, allowed, flow),
            Gap::Plain(column) => plain(&cs, from, start, column, indent, flow),
            Gap::Block(header) => block(&cs, header, start, indent)
                .and_then(|end| end.map_or(Ok(()), |f| between(&cs, f, start, true, flow))),
        };
        if let Err((i, message)) = bad {
            let line = 1 + before(&cs, i).iter().filter(|c| **c == '\n').count();
            let column = column_of(&cs, i) + 1;
            return Some(YamlError::at_stage(
                message,
                Pos { line, column },
                Stage::Scanner,
            ));
        }
        // yaml-rust2 marks a `-` on its own line: its column is the mark's less the blanks.
        let column = mark.col().saturating_sub(at - start);
        if opened && matches!(token, TokenType::BlockEntry | TokenType::Key) {
            opened = false;
            if let Some(last) = indents.last_mut() {
                *last = column;
            }
        }
        // Tokens with no text of their own leave the gap as it is.
        match token {
            TokenType::BlockSequenceStart | TokenType::BlockMappingStart => {
                indents.push(column);
                opened = true;
            }
            TokenType::BlockEnd => {
                indents.pop();
            }
            // A `?` starts a key when a blank follows it (in flow context, always); yaml-rust2
            // marks a simple key's token at the key's first character, which may be a `?`.
            TokenType::Key
                if cs.get(at) != Some(&'?')
                    || flow == 0 && cs.get(at + 1).is_some_and(|c| !c.is_whitespace()) =>
            {
                continue
            }
            _ => {}
        }
        if matches!(token, TokenType::BlockEnd | TokenType::BlockMappingStart) {
            // yaml-rust2 marks these at the next token, so the gap is read to there: reading
            // it again at that token would read it with the block's indentation changed.
            cursor = cursor.max(at);
            gap = Gap::Between { allowed: true };
            continue;
        }
        if matches!(token, TokenType::BlockSequenceStart) {
            continue;
        }
        cursor = start + 1;
        gap = Gap::Between { allowed: false };
        let explicit = key;
        key = match token {
            TokenType::Key => flow == 0,
            TokenType::Value => false,
            _ => key,
        };
        match token {
            TokenType::DocumentStart | TokenType::DocumentEnd => cursor = start + 3,
            TokenType::Key | TokenType::BlockEntry | TokenType::FlowEntry => {
                gap = Gap::Between { allowed: true };
            }
            TokenType::FlowSequenceStart | TokenType::FlowMappingStart => {
                flow += 1;
                gap = Gap::Between { allowed: true };
            }
            TokenType::FlowSequenceEnd | TokenType::FlowMappingEnd => flow = flow.saturating_sub(1),
            // After the `:` of a key written with `?` a simple key may start (go-yaml's parser
            // refuses a `:` with no key before the scanner reads on).
            TokenType::Value => gap = Gap::Between { allowed: explicit },
            TokenType::Scalar(TScalarStyle::Plain, _) => {
                cursor = start;
                gap = Gap::Plain(column);
            }
            TokenType::Scalar(TScalarStyle::Literal | TScalarStyle::Folded, _) => {
                cursor = start;
                gap = Gap::Block(start);
            }
            TokenType::Scalar(_, _) => cursor = quoted_end(&cs, start),
            TokenType::StreamStart(_) | TokenType::StreamEnd => {
                cursor = start;
                gap = Gap::Between { allowed: true };
            }
            TokenType::VersionDirective(..) | TokenType::TagDirective(..) => {
                cursor = start + after(&cs, start).iter().take_while(|c| **c != '\n').count();
            }
            // Anchors, aliases and tags: up to the next blank (or flow indicator).
            _ => {
                cursor = start
                    + after(&cs, start)
                        .iter()
                        .take_while(|c| {
                            !(c.is_whitespace()
                                || flow > 0 && matches!(c, ',' | '[' | ']' | '{' | '}'))
                        })
                        .count();
            }
        }
    }
    None
}

/// A tab refused at a character, and go-yaml's words for it.
type Refused = (usize, &'static str);

/// Whitespace and comments between tokens, from `from` to `to` (rule 7's first part).
fn between(
    cs: &[char],
    from: usize,
    to: usize,
    mut allowed: bool,
    flow: usize,
) -> Result<(), Refused> {
    let mut comment = false;
    for (i, &c) in cs.iter().enumerate().take(to).skip(from) {
        match c {
            '\n' | '\r' => {
                comment = false;
                allowed |= flow == 0;
            }
            _ if comment => {}
            '#' => comment = true,
            '\t' if allowed && flow == 0 => return Err((i, CANNOT_START)),
            ' ' | '\t' | '\u{feff}' => {}
            // Not whitespace: the token's end was not where it was looked for; stop looking.
            _ => return Ok(()),
        }
    }
    Ok(())
}

/// A plain scalar and the blanks after it, up to a comment (rule 7's second part).
fn plain(
    cs: &[char],
    from: usize,
    to: usize,
    mut column: usize,
    indent: usize,
    flow: usize,
) -> Result<(), Refused> {
    let mut leading = false;
    let mut prev = ' ';
    for (i, &c) in cs.iter().enumerate().take(to).skip(from) {
        let blank_before = i > from && matches!(prev, ' ' | '\t' | '\n' | '\r');
        prev = c;
        match c {
            '\n' | '\r' => {
                leading = true;
                column = 0;
                continue;
            }
            '\t' if leading && column < indent => {
                return Err((i, "found a tab character that violates indentation"));
            }
            '#' if blank_before => {
                return between(cs, i, to, leading, flow);
            }
            ' ' | '\t' => {}
            _ => leading = false,
        }
        column += 1;
    }
    Ok(())
}

/// A block scalar from its header at `header` to the next token at `to` (rule 7's third
/// part), with `indent` the block's indentation plus one: `Ok(Some(i))` when it ends before `to`,
/// at the start of the line `i` that ends it.
fn block(cs: &[char], header: usize, to: usize, indent: usize) -> Result<Option<usize>, Refused> {
    let to = to.min(cs.len());
    let mut i = header + 1;
    // The indentation indicator, if any, counts from the block's own indentation.
    let mut want = 0;
    while let Some(c) = cs
        .get(i)
        .filter(|c| i < to && !matches!(c, ' ' | '\t' | '\n' | '\r' | '#'))
    {
        if let Some(d) = c.to_digit(10) {
            want = (indent.max(1) - 1) + d as usize;
        }
        i += 1;
    }
    let mut deepest = 0;
    while let Some(n) = cs
        .get(i..to)
        .and_then(|s| s.iter().position(|c| *c == '\n'))
    {
        let start = i + n + 1;
        i = start;
        while i < to && cs.get(i) == Some(&' ') && (want == 0 || i - start < want) {
            i += 1;
        }
        let column = i - start;
        deepest = deepest.max(column);
        match cs.get(i).filter(|_| i < to) {
            Some('\t') if want == 0 || column < want => {
                return Err((
                    i,
                    "found a tab character where an indentation space is expected",
                ));
            }
            Some('\n' | '\r') => {}
            None => return Ok(None),
            Some(_) => {
                if want == 0 {
                    want = deepest.max(indent).max(1);
                }
                if column < want {
                    return Ok(Some(start));
                }
            }
        }
    }
    Ok(None)
}

/// The character after the closing quote of the quoted scalar opening at `at`.
fn quoted_end(cs: &[char], at: usize) -> usize {
    let Some(&q) = cs.get(at) else {
        return at;
    };
    let mut i = at + 1;
    while let Some(&c) = cs.get(i) {
        i += 1;
        if c == q {
            if q == '\'' && cs.get(i) == Some(&'\'') {
                i += 1;
                continue;
            }
            return i;
        }
        if c == '\\' && q == '"' {
            i += 1;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use crate::yaml::{parse, parse_all, Pos};
    use serde_json::json;

    #[test]
    fn lines_indented_for_yaml_rust2_keep_their_positions() {
        // The flow collection's lines are indented to its `[` before yaml-rust2 reads them.
        let doc = parse("a: [\nb,\n  c\n]\nd: 1\n").unwrap();
        assert_eq!(doc.value, json!({"a": ["b", "c"], "d": 1}));
        assert_eq!(doc.position("/a/0"), Some(Pos { line: 2, column: 1 }));
        assert_eq!(doc.position("/a/1"), Some(Pos { line: 3, column: 3 }));
        assert_eq!(doc.position("/d"), Some(Pos { line: 5, column: 1 }));
        // A quoted scalar's continuation line, to the quote's column.
        let doc = parse("a:\n  b: \"x\ny\"\n  c: [\"p\nq\", r]\n").unwrap();
        assert_eq!(doc.value, json!({"a": {"b": "x y", "c": ["p q", "r"]}}));
        assert_eq!(doc.position("/a/c/1"), Some(Pos { line: 5, column: 5 }));
    }

    #[test]
    fn every_glued_comment_of_a_long_text_is_read() {
        let text: String = (0..500).map(|i| format!("k{i}: \"v\"#c\n")).collect();
        let doc = parse(&text).unwrap();
        assert_eq!(doc.value.as_object().map(|m| m.len()), Some(500));
    }

    #[test]
    fn text_after_a_document_end_is_read_only_when_the_document_is_the_last_read() {
        // `Unmarshal` stops at the first document's end; a stream's reader goes on (go-yaml's
        // decoder would read `x` as a second document, yaml-rust2 refuses it).
        assert_eq!(parse("a: 1\n... x\n").unwrap().value, json!({"a": 1}));
        assert!(parse_all("a: 1\n... x\n").is_err());
        // A `%YAML` line ends the first document too; an unknown name is refused as go-yaml
        // scans it.
        assert_eq!(
            parse("a: 1\n%YAML 1.1\n---\nb\n").unwrap().value,
            json!({"a": 1})
        );
        assert_eq!(
            parse("a: 1\n%FOO\n").unwrap_err().to_string(),
            "yaml: line 2: found unknown directive name"
        );
    }

    #[test]
    fn a_tab_go_yaml_refuses_names_its_line_and_column() {
        for (text, message, line, column) in [
            ("a:\n  - b\n  -\tc\n", super::CANNOT_START, 3, 4),
            (
                "a:\n  b: 1\n\t\n",
                "found a tab character that violates indentation",
                3,
                1,
            ),
            (
                "a: |\n  x\n \ty\n",
                "found a tab character where an indentation space is expected",
                3,
                2,
            ),
        ] {
            let err = parse(text).unwrap_err();
            assert_eq!(
                (err.message(), err.pos()),
                (message, Pos { line, column }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn no_rewrite_or_check_panics_on_text_cut_anywhere() {
        let text = "a: [\n\tb, \"x\ny\"#c\n]\n? k\n:\tv\nc: |\n  x\n \t\n%YAML 1.2\n... z\n";
        for (i, _) in text.char_indices() {
            let _ = parse(&text[..i]);
            let _ = parse_all(&text[i..]);
        }
    }
}
