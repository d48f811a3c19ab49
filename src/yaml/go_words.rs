//! go-yaml's words for a text it cannot read, and the line its message names.
//!
//! Why: the kubelet, kubeadm and every other Kubernetes reader of YAML print go-yaml v2's error
//! as it comes (`failed to decode: error converting YAML to JSON: yaml: line 4: could not find
//! expected ':'`), so that text is what a user searches for and what scripts match. yaml-rust2
//! ports the same libyaml scanner and parser, so it stops at the same places for the same
//! reasons, but it words its errors its own way (`simple key expect ':'`), keeps the context in
//! front of the problem (`while scanning a quoted scalar, found unexpected end of stream`, where
//! go-yaml prints the problem alone) and marks some problems at the start of their token rather
//! than where go-yaml found them. This module rewords each error and moves its line where the two
//! differ; the position kept for kubegate's own pointers ([`super::YamlError::pos`]) is the
//! problem's.
//!
//! Which line go-yaml names depends on the stage that failed (`parser.fail` in go-yaml v2's
//! decode.go): its marks count lines from 0, a scanner error names the problem's line counted
//! from 1, a parser error names the same mark's count from 0 (one less than the line the problem
//! is on), and neither names a line when the problem is on the first line. Errors of decoding
//! (an alias of an unknown anchor, a scalar that is not of its tag's type) and of reading (a
//! control character) name no line at all. [`Stage`] holds that rule.
//!
//! Texts yaml-rust2 refuses and go-yaml reads never get here: go_rules.rs rewrites them and
//! they are read again (a comment glued to a quoted scalar, a tab before a flow item).

use super::Pos;

/// The part of go-yaml that refuses a text, which decides the line its message names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// The reader (characters): no line.
    Reader,
    /// The scanner (tokens): the line, unless it is the first.
    Scanner,
    /// The parser (events): one less than the line, unless that is 0.
    Parser,
    /// The composer (aliases, as go-yaml's parser builds the document's nodes): no line.
    Composer,
    /// The decoder (values, once the document is built): no line.
    Decoder,
    /// kubegate's own limits and rules, with no go-yaml counterpart: the line.
    Kubegate,
}

impl Stage {
    /// The line the message names, for a problem on `line` (counted from 1).
    pub(super) fn shown_line(self, line: usize) -> Option<usize> {
        match self {
            Stage::Reader | Stage::Composer | Stage::Decoder => None,
            Stage::Scanner => (line >= 2).then_some(line),
            Stage::Parser => (line >= 2).then(|| line - 1),
            Stage::Kubegate => Some(line),
        }
    }
}

/// Where go-yaml places a problem that yaml-rust2 marks at the start of its token.
#[derive(Clone, Copy)]
enum Place {
    /// Where yaml-rust2 marks it.
    Mark,
    /// At the end of the text (a quoted scalar never closed).
    EndOfText,
    /// On the next line whose indentation holds a tab.
    TabIndentedLine,
    /// On the next line that starts with `---` or `...` (a quoted scalar running into it).
    DocumentIndicator,
}

/// A syntax error in go-yaml's words: the problem, the stage that found it, and where.
pub(super) struct GoError {
    pub problem: String,
    pub stage: Stage,
    pub pos: Pos,
}

/// Rewords yaml-rust2's error `info`, marked at character `index` of `text` (at `pos`).
pub(super) fn syntax_error(info: &str, index: usize, pos: Pos, text: &str) -> GoError {
    // yaml-rust2 writes "while <context>, <problem>"; go-yaml prints the problem alone.
    let problem = match info.strip_prefix("while ") {
        Some(rest) => rest.split_once(", ").map_or(info, |(_, p)| p),
        None => info,
    };
    let (words, stage, place) = go_words(problem, || innermost_flow(text, index));
    let problem = match words {
        Words::Same => problem.to_string(),
        Words::Fixed(w) => w.to_string(),
        Words::UnknownAnchor => format!("unknown anchor '{}' referenced", alias_name(text, index)),
    };
    let found = match place {
        Place::Mark => None,
        Place::EndOfText => Some(end_of_text(text)),
        Place::TabIndentedLine => next_line(text, index, |l| {
            l.chars()
                .take_while(|c| matches!(c, ' ' | '\t'))
                .any(|c| c == '\t')
        }),
        Place::DocumentIndicator => next_line(text, index, |l| {
            let rest = l.strip_prefix("---").or_else(|| l.strip_prefix("..."));
            rest.is_some_and(|r| {
                r.chars()
                    .next()
                    .is_none_or(|c| matches!(c, ' ' | '\t' | '\r'))
            })
        }),
    };
    GoError {
        problem,
        stage,
        // Each search looks for what made yaml-rust2 stop; should the text not hold it, the
        // mark is the nearest place there is.
        pos: found.unwrap_or(pos),
    }
}

/// A problem's text: yaml-rust2's own (after the context), go-yaml's, or built.
enum Words {
    Same,
    Fixed(&'static str),
    UnknownAnchor,
}

/// go-yaml's words for a character no token starts with.
pub(super) const CANNOT_START: &str = "found character that cannot start any token";

/// go-yaml's words, stage and place for one of yaml-rust2's problems; `flow` tells the flow
/// collection (`[` or `{`) open where it stopped, if any.
fn go_words(problem: &str, flow: impl Fn() -> Option<char>) -> (Words, Stage, Place) {
    use Place::*;
    use Stage::*;
    use Words::*;
    if problem.starts_with("unexpected character: ") {
        return (Fixed(CANNOT_START), Scanner, Mark);
    }
    match problem {
        // A tab where a block's indentation is read: go-yaml skips no tab there, so the tab
        // itself is a character that starts no token.
        "tabs disallowed within this context (block indentation)"
        | "tabs disallowed in this context"
        | "expected whitespace"
        | "'-' must be followed by a valid YAML whitespace"
        | "':' must be followed by a valid YAML whitespace"
        | "tab cannot be used as indentation" => (Fixed(CANNOT_START), Scanner, Mark),
        "simple key expect ':'" => (Fixed("could not find expected ':'"), Scanner, Mark),
        "did not find expected hexadecimal number" => {
            // go-yaml's spelling.
            (
                Fixed("did not find expected hexdecimal number"),
                Scanner,
                Mark,
            )
        }
        "found a tab" => (
            Fixed("found a tab character that violates indentation"),
            Scanner,
            TabIndentedLine,
        ),
        "a block scalar content cannot start with a tab" => (
            Fixed("found a tab character where an indentation space is expected"),
            Scanner,
            TabIndentedLine,
        ),
        "found unexpected end of stream" => (Same, Scanner, EndOfText),
        "found unexpected document indicator" => (Same, Scanner, DocumentIndicator),
        "expected ',' or ']'" => (Fixed("did not find expected ',' or ']'"), Parser, Mark),
        // go-yaml's parser takes a `-` in flow context for no node.
        r#""-" is only valid inside a block"# => {
            (Fixed("did not find expected node content"), Parser, Mark)
        }
        "duplicate version directive" => (Fixed("found duplicate %YAML directive"), Parser, Mark),
        // A directive after a document whose name go-yaml's scanner does not know (a known one
        // ends the document, go_rules.rs).
        "missing explicit document end marker before directive" => {
            (Fixed("found unknown directive name"), Scanner, Mark)
        }
        "the handle wasn't declared" => (Fixed("found undefined tag handle"), Parser, Mark),
        // go-yaml ends the quoted scalar at its quote and meets the rest where a key must be.
        "invalid trailing content after double-quoted scalar" => {
            (Fixed("did not find expected key"), Parser, Mark)
        }
        "found unknown anchor" => (UnknownAnchor, Composer, Mark),
        // yaml-rust2's own nesting limit, which stands for kubegate's (go-yaml's is deeper).
        "recursion limit exceeded" => (Same, Kubegate, Mark),
        // A `:` yaml-rust2 will not take inside a flow collection (after a key that ran onto
        // another line): go-yaml takes it as a value indicator and then misses the collection's
        // `,` or end. A `key: value` pair inside `[...]` is no mapping of its own to go-yaml, so
        // what it misses there is the sequence's.
        "illegal placement of ':' indicator" | "did not find expected ',' or '}'" => match flow() {
            Some('[') => (Fixed("did not find expected ',' or ']'"), Parser, Mark),
            Some(_) => (Fixed("did not find expected ',' or '}'"), Parser, Mark),
            None => (Same, Scanner, Mark),
        },
        "did not find expected key"
        | "did not find expected '-' indicator"
        | "did not find expected node content"
        | "did not find expected <document start>"
        | "did not find expected <document-start>"
        | "did not find expected <stream-start>"
        | "found incompatible YAML document" => (Same, Parser, Mark),
        _ => (Same, Scanner, Mark),
    }
}

/// The name of the alias at character `index` (`*name`), as go-yaml reads an anchor's name.
pub(super) fn alias_name(text: &str, index: usize) -> &str {
    let from = byte_offset(text, index);
    let rest = text.get(from..).unwrap_or("");
    let rest = rest.find('*').map_or("", |i| &rest[i + 1..]);
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The flow collection (`[` or `{`) still open at character `index`, skipping quoted scalars
/// and comments; `None` in block context.
pub(super) fn innermost_flow(text: &str, index: usize) -> Option<char> {
    walk_flows(text, &mut |i, _| i >= index).pop()
}

/// The outermost flow collection open at character `index`: the character opening it and the
/// one after its end (or the text's end).
pub(super) fn outer_flow(text: &str, index: usize) -> Option<(usize, usize)> {
    let (mut opener, mut end) = (0, None);
    walk_flows(text, &mut |i, open| {
        if open.is_empty() {
            if i > index {
                end = Some(i);
                return true;
            }
            opener = i;
        }
        false
    });
    (opener < index).then(|| (opener, end.unwrap_or(text.chars().count())))
}

/// Walks `text` character by character, skipping quoted scalars and comments, with the flow
/// collections open before each, until `stop(index, open)` says so; the collections then open.
fn walk_flows(text: &str, stop: &mut dyn FnMut(usize, &[char]) -> bool) -> Vec<char> {
    let mut open = Vec::new();
    let mut chars = text.chars().enumerate().peekable();
    // Whether a token may start here (a quote opens a scalar only there, `#` a comment).
    let mut token_start = true;
    while let Some((i, c)) = chars.next() {
        if stop(i, &open) {
            break;
        }
        match c {
            // In block context a bracket inside a plain scalar (`kind[`) is text.
            '[' | '{' if token_start || !open.is_empty() => open.push(c),
            ']' | '}' => {
                open.pop();
            }
            '#' if token_start => while chars.next_if(|(_, c)| *c != '\n').is_some() {},
            '\'' if token_start => {
                // '' is a quote inside; a lone ' ends the scalar.
                while let Some((_, q)) = chars.next() {
                    if q == '\'' && chars.next_if(|(_, c)| *c == '\'').is_none() {
                        break;
                    }
                }
            }
            '"' if token_start => {
                while let Some((_, q)) = chars.next() {
                    match q {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        token_start = matches!(
            c,
            ' ' | '\t' | '\n' | '\r' | '[' | '{' | ',' | ':' | '-' | '?'
        );
    }
    open
}

/// The byte offset of character `index` of `text` (its length past the end).
fn byte_offset(text: &str, index: usize) -> usize {
    text.char_indices()
        .nth(index)
        .map_or(text.len(), |(b, _)| b)
}

/// The place just past the text's last character.
fn end_of_text(text: &str) -> Pos {
    let line = 1 + text.matches('\n').count();
    let last = text.rfind('\n').map_or(text, |i| &text[i + 1..]);
    Pos {
        line,
        column: 1 + last.chars().count(),
    }
}

/// The first line after the one holding character `index` that `wanted` accepts.
fn next_line(text: &str, index: usize, wanted: impl Fn(&str) -> bool) -> Option<Pos> {
    let from = byte_offset(text, index);
    let first_line = 1 + text.get(..from)?.matches('\n').count();
    let after = text.get(from..)?;
    let start = after.find('\n')? + 1;
    after[start..].split('\n').position(wanted).map(|n| Pos {
        line: first_line + 1 + n,
        column: 1,
    })
}

#[cfg(test)]
mod tests {
    use crate::yaml::parse;

    /// A kubelet configuration's first two lines, before the text of a case that needs them.
    const HEADER: &str = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

    /// Each text and the error go-yaml v2 gives for it (sigs.k8s.io/yaml v1.4.0's copy, through
    /// `yaml.Unmarshal` as `sigs.k8s.io/yaml` calls it): the words, and the line or none.
    #[test]
    fn syntax_errors_read_as_go_yaml_words_them() {
        let cases: &[(bool, &str, &str)] = &[
            (false, "a: 1\nb: %x\n", "yaml: line 2: found character that cannot start any token"),
            (false, "a: 1\nb: @x\n", "yaml: line 2: found character that cannot start any token"),
            (false, "a: 1\nb: `x\n", "yaml: line 2: found character that cannot start any token"),
            (false, "a: {b: |x}\n", "yaml: found character that cannot start any token"),
            (false, "a: {b: >x}\n", "yaml: found character that cannot start any token"),
            (false, "a: [|x]\n", "yaml: found character that cannot start any token"),
            (false, "a: |x\n  y\n", "yaml: did not find expected comment or line break"),
            (false, "a: 'x\n", "yaml: line 2: found unexpected end of stream"),
            (false, "a: \"x\n", "yaml: line 2: found unexpected end of stream"),
            (false, "a: \"\\q\"\n", "yaml: found unknown escape character"),
            (false, "a: \"\\xZZ\"\n", "yaml: did not find expected hexdecimal number"),
            (false, "a: b: c\n", "yaml: mapping values are not allowed in this context"),
            (false, "a:\n  - 1\n  b: 2\n", "yaml: line 2: did not find expected '-' indicator"),
            (false, "a:\n  b: 1\n c: 2\n", "yaml: line 2: did not find expected key"),
            (false, "a: [1, 2\n", "yaml: line 1: did not find expected ',' or ']'"),
            (false, "a: {b: 1\n", "yaml: line 1: did not find expected ',' or '}'"),
            (false, "a: {b: 1 c: 2}\n", "yaml: did not find expected ',' or '}'"),
            (false, "- a\nb: 1\n", "yaml: line 1: did not find expected '-' indicator"),
            (false, "a: *x\n", "yaml: unknown anchor 'x' referenced"),
            (false, "a: !<x\n", "yaml: did not find the expected '>'"),
            (false, "a: !!\n", "yaml: did not find expected tag URI"),
            (false, "%YAML 1.1\n%YAML 1.1\n---\na: 1\n", "yaml: line 1: found duplicate %YAML directive"),
            (false, "a:\n\t- 1\n", "yaml: line 2: found character that cannot start any token"),
            (false, "a: 1\n\tb: 2\n", "yaml: line 2: found a tab character that violates indentation"),
            (false, "key:\n  - a\n  -b\n", "yaml: line 4: could not find expected ':'"),
            (false, "a: [b, c]]\n", "yaml: did not find expected key"),
            (false, "a: {b: c}}\n", "yaml: did not find expected key"),
            (false, "]\n", "yaml: did not find expected node content"),
            (false, "}\n", "yaml: did not find expected node content"),
            (false, "a: 'x'y\n", "yaml: did not find expected key"),
            (false, "a: \"x\"y\n", "yaml: did not find expected key"),
            (false, "a: |0\n x\n", "yaml: found an indentation indicator equal to 0"),
            (false, "a: |\n\tx\n", "yaml: line 2: found a tab character where an indentation space is expected"),
            (false, "a: !x!y 1\n", "yaml: found undefined tag handle"),
            (false, "a: &\n", "yaml: did not find expected alphabetic or numeric character"),
            (false, "a:\n- b\n-c\n", "yaml: line 4: could not find expected ':'"),
            (false, "a: 'b\n---\n", "yaml: line 2: found unexpected document indicator"),
            (false, "a: \"b\n...\n", "yaml: line 2: found unexpected document indicator"),
            (false, "a:\n  b:\n    c: 1\n   d: 2\n", "yaml: line 3: did not find expected key"),
            (false, "a: -\n", "yaml: block sequence entries are not allowed in this context"),
            (false, "a: ,\n", "yaml: did not find expected node content"),
            (false, "a: [,]\n", "yaml: did not find expected node content"),
            (false, "a: {,}\n", "yaml: did not find expected node content"),
            (false, "a: [a: b: c]\n", "yaml: did not find expected ',' or ']'"),
            (false, "a: b\n  c: d\n", "yaml: line 2: mapping values are not allowed in this context"),
            (false, "a\nb: c\n", "yaml: line 2: mapping values are not allowed in this context"),
            (false, "a: b\nc\n", "yaml: line 3: could not find expected ':'"),
            (false, "a:\n  - b\n  c\n", "yaml: line 4: could not find expected ':'"),
            (false, "a: \"\\u00\"\n", "yaml: did not find expected hexdecimal number"),
            (false, "a: \"\\U0011FFFF\"\n", "yaml: found invalid Unicode character escape code"),
            (false, "a: !<tag:yaml.org,2002:str x\n", "yaml: did not find the expected '>'"),
            (false, "a: |2-\n  x\n   y\n z\n", "yaml: line 3: did not find expected key"),
            (false, "a: [b, c\nd: e\n", "yaml: line 1: did not find expected ',' or ']'"),
            (false, "a: 1\nb: \u{1}x\n", "yaml: control characters are not allowed"),
            (false, "a: 1\nb: x\u{0}\n", "yaml: control characters are not allowed"),
            (false, "a:\n\tb: 1\n", "yaml: line 2: found character that cannot start any token"),
            (false, "a:\n  b: 1\n\tc: 2\n", "yaml: line 3: found a tab character that violates indentation"),
            (false, "a: !!int x\n", "yaml: cannot decode !!str `x` as a !!int"),
            (false, "- *x\n", "yaml: unknown anchor 'x' referenced"),
            (false, "a: &x [*x]\n", "yaml: anchor 'x' value contains itself"),
            (false, "a: 'x\n\n\n", "yaml: line 4: found unexpected end of stream"),
            (false, "a: b\n\tc: d\n", "yaml: line 2: found a tab character that violates indentation"),
            (false, "a:\n  b\n\tc\n", "yaml: line 3: found a tab character that violates indentation"),
            (false, "a: \"x\"\n  y\n", "yaml: line 1: did not find expected key"),
            (false, "[a\n", "yaml: line 1: did not find expected ',' or ']'"),
            (false, "{a\n", "yaml: line 1: did not find expected ',' or '}'"),
            (false, "a: [b, {c: d]\n", "yaml: did not find expected ',' or '}'"),
            (false, "a: 'x'\n'y'\n", "yaml: line 3: could not find expected ':'"),
            (false, "a: b\n- c\n", "yaml: line 1: did not find expected key"),
            (false, "a: [b]c\n", "yaml: did not find expected key"),
            (true, "evictionHard:\n  memory.available: 100Mi\n nodefs.available: 10%\n", "yaml: line 4: did not find expected key"),
            (true, "evictionHard:\n  memory.available: \"100Mi\n", "yaml: line 5: found unexpected end of stream"),
            (true, "featureGates:\n  NodeSwap: true\n   Foo: false\n", "yaml: line 5: mapping values are not allowed in this context"),
            (true, "featureGates:\n\tNodeSwap: true\n", "yaml: line 4: found character that cannot start any token"),
            (true, "maxPods: 110\n  podPidsLimit: 4096\n", "yaml: line 4: mapping values are not allowed in this context"),
            (true, "authentication:\n  anonymous:\n    enabled: false\n  webhook:\n  enabled: true\n  x509:\n    clientCAFile: /etc/ca.crt\n   foo: 1\n", "yaml: line 9: did not find expected key"),
            (true, "clusterDNS:\n- 10.96.0.10\n- [10.96.0.11\n", "yaml: line 5: did not find expected ',' or ']'"),
            (true, "clusterDNS: [10.96.0.10, 10.96.0.11\nmaxPods: 10\n", "yaml: line 3: did not find expected ',' or ']'"),
            (true, "systemReserved: {cpu: 100m, memory: 100Mi\n", "yaml: line 3: did not find expected ',' or '}'"),
            (true, "tlsCipherSuites:\n  - TLS_A\n  -TLS_B\n  - TLS_C\n", "yaml: line 6: could not find expected ':'"),
            (true, "staticPodPath: '/etc/kubernetes/manifests\n", "yaml: line 4: found unexpected end of stream"),
            (true, "staticPodPath: \"/etc/kubernetes/manifests\"x\n", "yaml: line 2: did not find expected key"),
            (true, "maxPods: 110\nkind KubeletConfiguration\n", "yaml: line 5: could not find expected ':'"),
            (true, "cgroupDriver: systemd\n  # comment\n containerRuntimeEndpoint: unix:///run/containerd.sock\n", "yaml: line 4: did not find expected key"),
            (true, "evictionHard:\n    memory.available: 100Mi\n  nodefs.available: 10%\n", "yaml: line 4: did not find expected key"),
            (true, "logging:\n  format: text\n  flushFrequency: 5s\n  options:\n    json:\n      infoBufferSize: \"0\"\n     x: 1\n", "yaml: line 8: did not find expected key"),
            (false, "kind: KubeletConfiguration\napiVersion: kubelet.config.k8s.io/v1beta1\nrotateCertificates: true\nserverTLSBootstrap: true\nauthorization:\n  mode: Webhook\n webhook:\n  cacheAuthorizedTTL: 0s\n", "yaml: line 6: did not find expected key"),
            (true, "enforceNodeAllocatable: [pods, system-reserved\n", "yaml: line 3: did not find expected ',' or ']'"),
            (true, "a: &x\nb: *y\n", "yaml: unknown anchor 'y' referenced"),
            (true, "a: !!int 1.5\n", "yaml: cannot decode !!float `1.5` as a !!int"),
            (false, "a: [", "yaml: line 1: did not find expected node content"),
            (false, "- name: Foo\n  versionedSpecs: [[[", "yaml: line 2: did not find expected node content"),
            (false, "[[[[", "yaml: line 1: did not find expected node content"),
            (false, "a: [1, 2\nb: 3\n", "yaml: line 1: did not find expected ',' or ']'"),
            (true, "maxPods: 11\u{0}\n", "yaml: control characters are not allowed"),
            (true, "port: [\n", "yaml: line 3: did not find expected node content"),
        ];
        for (header, text, want) in cases {
            let text = if *header {
                format!("{HEADER}{text}")
            } else {
                text.to_string()
            };
            let got = parse(&text).map_or_else(|e| e.to_string(), |_| "no error".to_string());
            assert_eq!(&got, want, "{text:?}");
        }
    }

    #[test]
    fn a_problem_yaml_rust2_marks_early_is_placed_where_go_yaml_finds_it() {
        // The quote opens on line 1; go-yaml meets the end of the text on line 4.
        let e = parse("a: 'x\n\n\n").unwrap_err();
        assert_eq!(e.pos().line, 4);
        // The tab is on line 3, in the plain scalar that starts on line 2.
        let e = parse("a:\n  b: 1\n\tc: 2\n").unwrap_err();
        assert_eq!(
            (e.message(), e.pos().line),
            ("found a tab character that violates indentation", 3)
        );
    }

    #[test]
    fn only_the_first_document_is_read() {
        // go-yaml's Unmarshal stops at the first document's end: the rest is never scanned.
        assert_eq!(
            parse("a: 1\n---\nb: [\n").unwrap().value,
            serde_json::json!({"a": 1})
        );
        assert_eq!(parse("'a'\n'b'\n").unwrap().value, serde_json::json!("a"));
        assert_eq!(parse("").unwrap().value, serde_json::Value::Null);
    }
}
