//! A kubelet command line, as the places that hold one show it.
//!
//! | form | where it comes from | how it is read |
//! |---|---|---|
//! | `procCmdline` | `/proc/PID/cmdline` | NUL-separated, exact |
//! | `ps` | `ps aux`, `ps -ef`, `ps -o args` | columns before the kubelet are skipped; `ps` prints arguments joined by spaces without quoting, so they are split on white space only |
//! | `shell` | a command typed or pasted | POSIX-shell words: `'...'`, `"..."`, `\` escapes, `\` line continuations |
//! | `systemd` | a unit or drop-in (`systemctl cat kubelet`) | `Environment=` assignments, the last `ExecStart=` (an empty one resets), systemd's expansion: `$VAR` splits into words, `${VAR}` stays one word |
//! | `envFile` | `/etc/default/kubelet`, `/etc/sysconfig/kubelet`, kubeadm's `/var/lib/kubelet/kubeadm-flags.env` | `NAME=value` lines; the words of every `*_ARGS`/`*_OPTS` variable are arguments |
//!
//! Variables that the input does not define stay visible: a word that is only `$VAR` is left out
//! of the arguments and reported in [`CommandLine::unresolved`]; inside a longer word the text
//! `$VAR` is kept as written (and reported), so the kubelet's own error shows it.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{check_size, ImportError, Note};

/// Which of the forms above the text was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletCommandLineForm")
)]
pub enum Form {
    ProcCmdline,
    Ps,
    Shell,
    Systemd,
    EnvFile,
}

/// One argument and the 1-based line it starts on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "KubeletArg"))]
pub struct Arg {
    pub value: String,
    pub line: usize,
}

/// A variable the input defines (`Environment=`, an env file's `NAME=value`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletVariable")
)]
pub struct Variable {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// What [`parse`] read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "KubeletCommandLine", optional_fields)
)]
pub struct CommandLine {
    pub form: Form,
    /// The program (`/usr/bin/kubelet`), when the text names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// The kubelet's arguments, without the program.
    pub args: Vec<Arg>,
    pub variables: Vec<Variable>,
    /// `$VAR` references the input does not define.
    pub unresolved: Vec<Note>,
    pub understood: Vec<Note>,
    pub ignored: Vec<Note>,
}

impl CommandLine {
    /// The arguments as plain strings (what [`crate::kubelet::config::ResolveInput::args`] takes).
    pub fn arg_strings(&self) -> Vec<String> {
        self.args.iter().map(|a| a.value.clone()).collect()
    }

    /// The line of the last argument that sets `--name` (`--name=v` or `--name v`).
    pub fn line_of_flag(&self, name: &str) -> Option<usize> {
        let bare = name.trim_start_matches('-');
        self.args
            .iter()
            .rev()
            .find(|a| {
                let s = a.value.trim_start_matches('-');
                a.value.starts_with('-')
                    && (s == bare || s.strip_prefix(bare).is_some_and(|r| r.starts_with('=')))
            })
            .map(|a| a.line)
    }
}

/// Reads a kubelet command line in any of the forms above.
pub fn parse(text: &str) -> Result<CommandLine, ImportError> {
    parse_with_env(text, &BTreeMap::new())
}

/// The program a command line starts: the kubelet, or another component's binary. The forms
/// above are the same for every Kubernetes binary; only the program word differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program {
    /// Its binary's file names (`kube-proxy`, `kube-proxy.exe`).
    pub binaries: &'static [&'static str],
    /// The names `hyperkube` ran it by (`hyperkube kube-apiserver`, the older `apiserver`).
    pub hyperkube: &'static [&'static str],
    /// How the notes name it (`kubelet`).
    pub label: &'static str,
}

/// The kubelet, as [`parse`] reads it.
pub const KUBELET: Program = Program {
    binaries: &["kubelet", "kubelet.exe"],
    hyperkube: &["kubelet"],
    label: "kubelet",
};

impl Program {
    fn is_binary(&self, word: &str) -> bool {
        let base = word.rsplit('/').next().unwrap_or(word);
        self.binaries.contains(&base)
    }
}

/// Like [`parse`], with variables defined elsewhere (an env file the unit's `EnvironmentFile=`
/// names) available to `$VAR` expansion.
pub fn parse_with_env(
    text: &str,
    env: &BTreeMap<String, String>,
) -> Result<CommandLine, ImportError> {
    parse_program(text, env, KUBELET)
}

/// Like [`parse_with_env`], for the command line of `program`.
pub fn parse_program(
    text: &str,
    env: &BTreeMap<String, String>,
    program: Program,
) -> Result<CommandLine, ImportError> {
    check_size(text, "command line")?;
    let mut out = CommandLine {
        form: Form::Shell,
        program: None,
        args: Vec::new(),
        variables: Vec::new(),
        unresolved: Vec::new(),
        understood: Vec::new(),
        ignored: Vec::new(),
    };
    if text.contains('\0') {
        out.form = Form::ProcCmdline;
        let mut words = text.split('\0').filter(|w| !w.is_empty());
        out.program = words.next().map(str::to_string);
        out.args = words
            .map(|w| Arg {
                value: w.to_string(),
                line: 1,
            })
            .collect();
        out.understood.push(Note::new(
            Some(1),
            format!(
                "/proc/PID/cmdline of {} with {} arguments",
                out.program.as_deref().unwrap_or("?"),
                out.args.len()
            ),
        ));
        return Ok(out);
    }
    let lines = logical_lines(text);
    let mut reader = Reader {
        program,
        vars: given(env),
        out: &mut out,
    };
    if lines.iter().any(|l| is_systemd_line(&l.text)) {
        reader.out.form = Form::Systemd;
        systemd(&mut reader, &lines)?;
    } else if lines
        .iter()
        .filter(|l| !is_blank_or_comment(&l.text))
        .all(|l| assignment(&l.text).is_some())
        && lines.iter().any(|l| !is_blank_or_comment(&l.text))
    {
        reader.out.form = Form::EnvFile;
        env_file(&mut reader, &lines)?;
    } else {
        command(&mut reader, &lines)?;
    }
    Ok(out)
}

/// The variables in scope while a text is read: each with its value and the line that defined
/// it (`None`: given from outside the text). `$`-expansion reads them.
type Vars = BTreeMap<String, (String, Option<usize>)>;

/// One text being read in one of the line forms (`command`, `env_file`, `systemd`): the program
/// it starts, the variables defined so far, and what has been read.
struct Reader<'a> {
    program: Program,
    vars: Vars,
    out: &'a mut CommandLine,
}

/// Records the assignment `name=value` on `line`: listed among the command line's variables, and
/// in scope for the `$`-expansion of what follows.
fn define(out: &mut CommandLine, vars: &mut Vars, name: &str, value: &str, line: usize) {
    out.variables.push(Variable {
        name: name.to_string(),
        value: value.to_string(),
        line,
    });
    vars.insert(name.to_string(), (value.to_string(), Some(line)));
}

/// A line after joining `\`-continuations, with the line it starts on.
#[derive(Debug)]
struct Logical {
    text: String,
    line: usize,
    /// For each byte of `text`, how many newlines precede it in the original (continuations).
    breaks: Vec<(usize, usize)>,
}

impl Logical {
    /// The original line of byte `at` of `text`.
    fn line_at(&self, at: usize) -> usize {
        self.line
            + self
                .breaks
                .iter()
                .take_while(|(pos, _)| *pos <= at)
                .map(|(_, n)| n)
                .sum::<usize>()
    }
}

/// Splits into logical lines: a `\` at the end of a line joins the next (systemd, shells and env
/// files all do). Comment lines inside a continued systemd line are skipped by systemd; we keep
/// that rule for every form.
fn logical_lines(text: &str) -> Vec<Logical> {
    let mut out = Vec::new();
    let mut cur: Option<Logical> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let line = i + 1;
        let (body, continued) = match raw.strip_suffix('\\') {
            Some(b) if !b.ends_with('\\') => (b, true),
            _ => (raw, false),
        };
        match &mut cur {
            Some(l) => {
                let t = body.trim_start();
                if !(t.starts_with('#') || t.starts_with(';')) {
                    let gap = line - l.line - l.breaks.iter().map(|(_, n)| n).sum::<usize>();
                    l.breaks.push((l.text.len(), gap));
                    l.text.push(' ');
                    l.text.push_str(body);
                }
            }
            None => {
                cur = Some(Logical {
                    text: body.to_string(),
                    line,
                    breaks: Vec::new(),
                })
            }
        }
        if !continued {
            if let Some(l) = cur.take() {
                out.push(l);
            }
        }
    }
    if let Some(l) = cur.take() {
        out.push(l);
    }
    out
}

fn is_blank_or_comment(s: &str) -> bool {
    let t = s.trim();
    t.is_empty() || t.starts_with('#') || t.starts_with(';')
}

fn is_systemd_line(s: &str) -> bool {
    let t = s.trim();
    t.starts_with("ExecStart=")
        || t.starts_with("[Service]")
        || t.starts_with("[Unit]")
        || t.starts_with("Environment=")
        || t.starts_with("EnvironmentFile=")
}

/// `NAME=value` (optionally after `export `): the name and the value's text.
fn assignment(s: &str) -> Option<(&str, &str)> {
    let t = s.trim_start();
    let t = t.strip_prefix("export ").unwrap_or(t).trim_start();
    let (name, value) = t.split_once('=')?;
    let ok = !name.is_empty()
        && name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    ok.then_some((name, value))
}

/// A piece of a word: literal text or a variable reference.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Lit(String),
    Var { name: String, braced: bool },
}

/// A word and the byte offset where it starts in its logical line.
#[derive(Debug)]
struct Word {
    pieces: Vec<Piece>,
    at: usize,
    /// Whether any part was quoted (a quoted empty string is still a word).
    quoted: bool,
}

impl Word {
    fn push_lit(&mut self, c: char) {
        match self.pieces.last_mut() {
            Some(Piece::Lit(s)) => s.push(c),
            _ => self.pieces.push(Piece::Lit(c.to_string())),
        }
    }

    /// The word's text with every variable written back as it was (`$A`, `${A}`).
    fn as_written(&self) -> String {
        let mut s = String::new();
        for p in &self.pieces {
            match p {
                Piece::Lit(t) => s.push_str(t),
                Piece::Var { name, braced: true } => s.push_str(&format!("${{{name}}}")),
                Piece::Var {
                    name,
                    braced: false,
                } => {
                    s.push('$');
                    s.push_str(name);
                }
            }
        }
        s
    }
}

/// How a text is split into words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Syntax {
    /// POSIX-shell words (systemd's are the same for what a kubelet line uses): `'...'`,
    /// `"..."`, `\` escapes, `$NAME` and `${NAME}` references.
    Shell,
    /// White space only, every other character literal: what `ps` prints.
    Plain,
}

/// Splits `text` into words; with [`Syntax::Shell`] quotes are removed and `$NAME`/`${NAME}`
/// become variable pieces. `base` is the text's offset in its logical line.
fn words(
    text: &str,
    base: usize,
    line_of: &dyn Fn(usize) -> usize,
    syntax: Syntax,
) -> Result<Vec<Word>, ImportError> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    let mut cur: Option<Word> = None;
    while let Some(&(at, c)) = chars.get(i) {
        if c == ' ' || c == '\t' {
            if let Some(w) = cur.take() {
                out.push(w);
            }
            i += 1;
            continue;
        }
        let w = cur.get_or_insert_with(|| Word {
            pieces: Vec::new(),
            at: base + at,
            quoted: false,
        });
        if syntax == Syntax::Plain {
            w.push_lit(c);
            i += 1;
            continue;
        }
        match c {
            '\'' | '"' => {
                w.quoted = true;
                i = quoted(&chars, i, w).ok_or_else(|| {
                    let which = if c == '"' { "double" } else { "single" };
                    ImportError::new(
                        format!("unterminated {which}-quoted string"),
                        Some(line_of(base + at)),
                    )
                })?;
            }
            '\\' => {
                if let Some(&(_, n)) = chars.get(i + 1) {
                    w.push_lit(n);
                    i += 2;
                } else {
                    i += 1;
                }
            }
            '$' => {
                if let Some((piece, used)) = variable(&chars, i) {
                    w.pieces.push(piece);
                    i += used;
                } else {
                    w.push_lit('$');
                    i += 1;
                }
            }
            ch => {
                w.push_lit(ch);
                i += 1;
            }
        }
    }
    if let Some(w) = cur.take() {
        out.push(w);
    }
    Ok(out)
}

/// Reads the quoted string whose opening quote is `chars[open]` into `w`: inside `'...'`
/// everything is literal; inside `"..."`, `\` escapes `" \ $` and a backquote, and `$`
/// references expand. The index after the closing quote, or `None` when it never closes.
fn quoted(chars: &[(usize, char)], open: usize, w: &mut Word) -> Option<usize> {
    let (_, q) = *chars.get(open)?;
    let double = q == '"';
    let mut i = open + 1;
    loop {
        let &(_, ch) = chars.get(i)?;
        match ch {
            _ if ch == q => return Some(i + 1),
            '\\' if double => match chars.get(i + 1) {
                Some(&(_, n @ ('"' | '\\' | '$' | '`'))) => {
                    w.push_lit(n);
                    i += 1;
                }
                _ => w.push_lit('\\'),
            },
            '$' if double => {
                if let Some((piece, used)) = variable(chars, i) {
                    w.pieces.push(piece);
                    i += used - 1;
                } else {
                    w.push_lit('$');
                }
            }
            _ => w.push_lit(ch),
        }
        i += 1;
    }
}

/// A `$NAME` or `${NAME}` at `chars[i]`: the piece and how many chars it used.
fn variable(chars: &[(usize, char)], i: usize) -> Option<(Piece, usize)> {
    let name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    match chars.get(i + 1) {
        Some(&(_, '{')) => {
            let mut name = String::new();
            let mut j = i + 2;
            loop {
                match chars.get(j) {
                    Some(&(_, '}')) => break,
                    Some(&(_, c)) if name_char(c) => name.push(c),
                    _ => return None,
                }
                j += 1;
            }
            (!name.is_empty()).then_some((Piece::Var { name, braced: true }, j - i + 1))
        }
        Some(&(_, c)) if c.is_ascii_alphabetic() || c == '_' => {
            let mut name = String::new();
            let mut j = i + 1;
            while let Some(&(_, c)) = chars.get(j) {
                if !name_char(c) {
                    break;
                }
                name.push(c);
                j += 1;
            }
            Some((
                Piece::Var {
                    name,
                    braced: false,
                },
                j - i,
            ))
        }
        _ => None,
    }
}

/// Expands words: a word that is only an unbraced, unquoted `$VAR` splits the value into words
/// (systemd's and the shell's rule); otherwise variables substitute in place. Undefined
/// variables stay visible.
fn expand(ws: Vec<Word>, l: &Logical, vars: &Vars, out: &mut CommandLine) -> Vec<Arg> {
    let mut args = Vec::new();
    for w in ws {
        let line = l.line_at(w.at);
        if let [Piece::Var {
            name,
            braced: false,
        }] = w.pieces.as_slice()
        {
            if !w.quoted {
                match vars.get(name) {
                    Some((value, from)) => {
                        let words = split_words(value);
                        out.understood.push(Note::new(
                            Some(line),
                            format!(
                                "${name} expanded to {} argument{}{}",
                                words.len(),
                                if words.len() == 1 { "" } else { "s" },
                                from.map(|f| format!(" (defined on line {f})"))
                                    .unwrap_or_else(|| " (defined in another input)".into())
                            ),
                        ));
                        args.extend(words.into_iter().map(|value| Arg { value, line }));
                    }
                    None => out.unresolved.push(Note::new(
                        Some(line),
                        format!("${name} is not defined in this input; left out of the arguments"),
                    )),
                }
                continue;
            }
        }
        let mut value = String::new();
        for p in &w.pieces {
            match p {
                Piece::Lit(s) => value.push_str(s),
                Piece::Var { name, braced } => match vars.get(name) {
                    Some((v, _)) => value.push_str(v),
                    None => {
                        let shown = if *braced {
                            format!("${{{name}}}")
                        } else {
                            format!("${name}")
                        };
                        out.unresolved.push(Note::new(
                            Some(line),
                            format!("{shown} is not defined in this input; kept as written"),
                        ));
                        value.push_str(&shown);
                    }
                },
            }
        }
        args.push(Arg { value, line });
    }
    args
}

/// Splits a variable's value into words the way `$VAR` does (white space, no quote removal
/// beyond what the assignment already did).
fn split_words(value: &str) -> Vec<String> {
    value.split_whitespace().map(str::to_string).collect()
}

/// The variables given from outside the text (no line of their own).
fn given(env: &BTreeMap<String, String>) -> Vars {
    let mut given = Vars::new();
    given.extend(env.iter().map(|(k, v)| (k.clone(), (v.clone(), None))));
    given
}

/// How a wrapper program reads its own options before the command it runs: the options that
/// take a value as the next word (short and long), and the positional words it reads before the
/// command (`taskset MASK cmd`).
struct Wrapper {
    name: &'static str,
    valued: &'static [&'static str],
    positionals: usize,
}

/// The programs seen before the kubelet in units and command lines, each with its option
/// grammar: `env` (and `NAME=value` words), `nice`, `ionice`, `taskset`, `chrt`, `systemd-run`,
/// `sudo`, `exec`, `nohup`, OpenShift's `kubenswrapper` (no options), and `hyperkube`, whose
/// `kubelet` subcommand is the kubelet itself.
const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "env",
        valued: &["-u", "--unset", "-C", "--chdir", "-S", "--split-string"],
        positionals: 0,
    },
    Wrapper {
        name: "nice",
        valued: &["-n", "--adjustment"],
        positionals: 0,
    },
    Wrapper {
        name: "ionice",
        valued: &["-c", "--class", "-n", "--classdata"],
        positionals: 0,
    },
    Wrapper {
        name: "taskset",
        valued: &[],
        positionals: 1,
    },
    Wrapper {
        name: "chrt",
        valued: &[
            "-T",
            "--sched-runtime",
            "-P",
            "--sched-period",
            "-D",
            "--sched-deadline",
        ],
        positionals: 1,
    },
    Wrapper {
        name: "systemd-run",
        valued: &[
            "-u",
            "--unit",
            "-p",
            "--property",
            "--description",
            "--slice",
            "-E",
            "--setenv",
            "--uid",
            "--gid",
            "-M",
            "--machine",
            "-H",
            "--host",
            "--working-directory",
            "--nice",
            "--on-active",
            "--on-boot",
            "--on-startup",
            "--on-unit-active",
            "--on-unit-inactive",
            "--on-calendar",
            "--timer-property",
            "--path-property",
            "--socket-property",
            "--service-type",
        ],
        positionals: 0,
    },
    Wrapper {
        name: "sudo",
        valued: &[
            "-u",
            "--user",
            "-g",
            "--group",
            "-C",
            "--close-from",
            "-D",
            "--chdir",
        ],
        positionals: 0,
    },
    Wrapper {
        name: "exec",
        valued: &["-a"],
        positionals: 0,
    },
    Wrapper {
        name: "nohup",
        valued: &[],
        positionals: 0,
    },
    Wrapper {
        name: "kubenswrapper",
        valued: &[],
        positionals: 0,
    },
];

/// Where the kubelet's program word is in `words`, read the way the wrappers before it read
/// their options (`nice -n 10 ionice -c2 /usr/bin/kubelet`, `/usr/bin/hyperkube kubelet`,
/// `kubenswrapper /usr/bin/kubelet`, `systemd-run --scope -p CPUWeight=50 kubelet`). Falls back
/// to the first word naming a kubelet binary, which is how `ps` columns before it are skipped.
/// Returns the index of the program word and whether the wrapper grammar found it.
fn kubelet_at(words: &[&str], program: Program) -> Option<(usize, bool)> {
    let base = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let b = base(w);
        if program.is_binary(w) {
            return Some((i, true));
        }
        if b == "hyperkube"
            && words
                .get(i + 1)
                .is_some_and(|x| program.hyperkube.contains(x))
        {
            return Some((i + 1, true));
        }
        let Some(wrapper) = WRAPPERS.iter().find(|x| x.name == b) else {
            break;
        };
        i += 1;
        let mut positionals = wrapper.positionals;
        while let Some(o) = words.get(i) {
            if *o == "--" {
                i += 1;
                break;
            }
            if o.starts_with('-') && o.len() > 1 {
                let name = o.split('=').next().unwrap_or(o);
                let takes_value = !o.contains('=') && wrapper.valued.contains(&name);
                i += if takes_value { 2 } else { 1 };
                continue;
            }
            if b == "env" && o.contains('=') {
                i += 1;
                continue;
            }
            if positionals > 0 {
                positionals -= 1;
                i += 1;
                continue;
            }
            break;
        }
    }
    words
        .iter()
        .position(|w| program.is_binary(w))
        .map(|k| (k, false))
}

fn command(r: &mut Reader<'_>, lines: &[Logical]) -> Result<(), ImportError> {
    let (program, vars, out) = (r.program, &r.vars, &mut *r.out);
    let label = program.label;
    let mut found = false;
    for l in lines {
        if is_blank_or_comment(&l.text) {
            continue;
        }
        if found {
            out.ignored.push(Note::new(
                Some(l.line),
                format!("another line after the {label}'s"),
            ));
            continue;
        }
        let plain: Vec<(usize, String)> = words(&l.text, 0, &|at| l.line_at(at), Syntax::Plain)?
            .iter()
            .map(|w| (w.at, w.as_written()))
            .collect();
        let names: Vec<&str> = plain.iter().map(|(_, w)| w.as_str()).collect();
        let Some((k, wrapped)) = kubelet_at(&names, program) else {
            out.ignored.push(Note::new(
                Some(l.line),
                format!("no {label} program on this line"),
            ));
            continue;
        };
        found = true;
        if k > 0 && !wrapped {
            // ps columns: USER PID %CPU ... or UID PID PPID ...; arguments unquoted.
            out.form = Form::Ps;
            out.ignored.push(Note::new(
                Some(l.line),
                format!(
                    "{} ps column{} before the program",
                    k,
                    if k == 1 { "" } else { "s" }
                ),
            ));
            out.program = plain.get(k).map(|(_, w)| w.clone());
            for (at, w) in plain.iter().skip(k + 1) {
                out.args.push(Arg {
                    value: w.clone(),
                    line: l.line_at(*at),
                });
            }
        } else {
            out.form = Form::Shell;
            let ws = words(&l.text, 0, &|at| l.line_at(at), Syntax::Shell)?;
            let args = expand(ws, l, vars, out);
            let (found, rest) = split_wrappers(args, l.line, program, out);
            out.program = found;
            out.args = rest;
        }
        out.understood.push(Note::new(
            Some(l.line),
            format!(
                "{} command line of {} with {} arguments",
                if out.form == Form::Ps { "ps" } else { "shell" },
                out.program.as_deref().unwrap_or("?"),
                out.args.len()
            ),
        ));
    }
    if !found {
        return Err(ImportError::new(
            format!("no {label} command line found: expected a line naming the {label} program (e.g. /usr/bin/{label} --config=...), a systemd unit with ExecStart=, or NAME=value lines"),
            None,
        ));
    }
    Ok(())
}

/// One `NAME=value` assignment's value, with quotes removed the way systemd's
/// `EnvironmentFile=` and shells read it.
fn assignment_value(raw: &str, l: &Logical, at: usize) -> Result<String, ImportError> {
    let ws = words(raw, at, &|p| l.line_at(p), Syntax::Shell)?;
    let parts: Vec<String> = ws.iter().map(Word::as_written).collect();
    Ok(parts.join(" "))
}

fn env_file(r: &mut Reader<'_>, lines: &[Logical]) -> Result<(), ImportError> {
    let (program, vars, out) = (r.program, &mut r.vars, &mut *r.out);
    for l in lines {
        if is_blank_or_comment(&l.text) {
            continue;
        }
        let Some((name, raw)) = assignment(&l.text) else {
            continue;
        };
        let at = l.text.len() - raw.len();
        let value = assignment_value(raw, l, at)?;
        define(out, vars, name, &value, l.line);
    }
    for v in out.variables.clone() {
        if v.name.ends_with("_ARGS") || v.name.ends_with("_OPTS") {
            let l = Logical {
                text: v.value.clone(),
                line: v.line,
                breaks: Vec::new(),
            };
            let ws = words(&v.value, 0, &|_| v.line, Syntax::Shell)?;
            let args = expand(ws, &l, vars, out);
            out.understood.push(Note::new(
                Some(v.line),
                format!(
                    "{} holds {} {} arguments",
                    v.name,
                    args.len(),
                    program.label
                ),
            ));
            out.args.extend(args);
        } else {
            out.ignored.push(Note::new(
                Some(v.line),
                format!(
                    "{} is not an *_ARGS or *_OPTS variable; kept for $-expansion only",
                    v.name
                ),
            ));
        }
    }
    Ok(())
}

fn systemd(r: &mut Reader<'_>, lines: &[Logical]) -> Result<(), ImportError> {
    let (program, vars, out) = (r.program, &mut r.vars, &mut *r.out);
    let mut section = String::from("Service");
    let mut exec: Option<&Logical> = None;
    for l in lines {
        let t = l.text.trim();
        if is_blank_or_comment(t) {
            continue;
        }
        if t.starts_with('[') && t.ends_with(']') {
            section = t.trim_matches(['[', ']']).to_string();
            continue;
        }
        if section != "Service" {
            out.ignored.push(Note::new(
                Some(l.line),
                format!("[{section}] {}", t.split('=').next().unwrap_or(t)),
            ));
            continue;
        }
        let Some((key, value)) = t.split_once('=') else {
            return Err(ImportError::new(
                format!(
                    "expected Key=value in a systemd unit, found {}",
                    crate::go::quote(t)
                ),
                Some(l.line),
            ));
        };
        match key.trim() {
            "Environment" => {
                let at = l.text.len() - value.len();
                let ws = words(value, at, &|p| l.line_at(p), Syntax::Shell)?;
                for w in ws {
                    let text: String = w
                        .pieces
                        .iter()
                        .map(|p| match p {
                            Piece::Lit(s) => s.clone(),
                            Piece::Var { name, .. } => format!("${{{name}}}"),
                        })
                        .collect();
                    match text.split_once('=') {
                        Some((n, v)) => {
                            define(out, vars, n, v, l.line);
                            out.understood.push(Note::new(
                                Some(l.line),
                                format!("Environment {n}"),
                            ));
                        }
                        None => out.ignored.push(Note::new(
                            Some(l.line),
                            format!("Environment word without '=': {text}"),
                        )),
                    }
                }
            }
            "EnvironmentFile" => out.ignored.push(Note::new(
                Some(l.line),
                format!(
                    "EnvironmentFile={} is not part of this input: pass its contents too to define its variables",
                    value.trim()
                ),
            )),
            "ExecStart" => {
                if value.trim().is_empty() {
                    if let Some(prev) = exec.take() {
                        out.ignored.push(Note::new(
                            Some(prev.line),
                            format!("ExecStart reset by the empty ExecStart= on line {}", l.line),
                        ));
                    }
                } else {
                    if let Some(prev) = exec {
                        out.ignored.push(Note::new(
                            Some(prev.line),
                            format!("ExecStart replaced by line {}", l.line),
                        ));
                    }
                    exec = Some(l);
                }
            }
            other => out.ignored.push(Note::new(Some(l.line), format!("{other}="))),
        }
    }
    let Some(l) = exec else {
        return Err(ImportError::new(
            format!(
                "no ExecStart= in this systemd unit: nothing starts the {}",
                program.label
            ),
            None,
        ));
    };
    let Some((before, value)) = l.text.split_once("ExecStart=") else {
        return Err(ImportError::new("malformed ExecStart=", Some(l.line)));
    };
    let start = before.len() + "ExecStart=".len();
    // Special executable prefixes: - @ : + ! !!
    let trimmed = value.trim_start_matches(['-', '@', ':', '+', '!']);
    let at = start + (value.len() - trimmed.len());
    let ws = words(trimmed, at, &|p| l.line_at(p), Syntax::Shell)?;
    let args = expand(ws, l, vars, out);
    if args.is_empty() {
        return Err(ImportError::new("empty ExecStart=", Some(l.line)));
    }
    let (found, args) = split_wrappers(args, l.line, program, out);
    // `args` is not empty (checked above), so a program is always split off: the "" is
    // unreachable.
    let found = found.unwrap_or_default();
    out.understood.push(Note::new(
        Some(l.line),
        format!("ExecStart of {found} with {} arguments", args.len()),
    ));
    out.program = Some(found);
    out.args = args;
    Ok(())
}

/// Splits a command's words into the kubelet program and its arguments, past the wrappers
/// before it ([`kubelet_at`]), each wrapper reported as understood. A command naming no kubelet
/// is read as the kubelet anyway (its first word the program), and said so.
fn split_wrappers(
    mut args: Vec<Arg>,
    line: usize,
    program: Program,
    out: &mut CommandLine,
) -> (Option<String>, Vec<Arg>) {
    let label = program.label;
    let names: Vec<&str> = args.iter().map(|a| a.value.as_str()).collect();
    let pos = match kubelet_at(&names, program) {
        Some((pos, _)) => pos,
        None => {
            if let Some(first) = args.first() {
                out.ignored.push(Note::new(
                    Some(line),
                    format!(
                        "runs {}, not a {label} binary; its arguments are read anyway",
                        first.value
                    ),
                ));
            }
            0
        }
    };
    let hyperkube = pos > 0
        && names
            .get(pos - 1)
            .is_some_and(|w| w.rsplit('/').next() == Some("hyperkube"));
    if pos > 0 {
        let before = pos - usize::from(hyperkube);
        if before > 0 {
            out.understood.push(Note::new(
                Some(line),
                format!(
                    "wrapper before the {label} (skipped with its options): {}",
                    // `before <= pos`, an index `kubelet_at` found in `names`: the slice exists.
                    names.get(..before).unwrap_or_default().join(" ")
                ),
            ));
        }
    }
    let rest = args.split_off((pos + 1).min(args.len()));
    let program = args.pop().map(|a| {
        if hyperkube {
            let hk = args.last().map_or("hyperkube", |h| h.value.as_str());
            format!("{hk} {}", a.value)
        } else {
            a.value
        }
    });
    (program, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(c: &CommandLine) -> Vec<(&str, usize)> {
        c.args.iter().map(|a| (a.value.as_str(), a.line)).collect()
    }

    #[test]
    fn shell_quotes_and_continuations() {
        let c =
            parse("/usr/bin/kubelet \\\n  --node-labels='a=b c' \\\n  \"--v\" 2 --x=\"q\\\"q\"\n")
                .unwrap();
        assert_eq!(c.form, Form::Shell);
        assert_eq!(c.program.as_deref(), Some("/usr/bin/kubelet"));
        assert_eq!(
            args(&c),
            vec![
                ("--node-labels=a=b c", 2),
                ("--v", 3),
                ("2", 3),
                ("--x=q\"q", 3)
            ]
        );
    }

    #[test]
    fn ps_columns_are_skipped_and_arguments_unquoted() {
        let c = parse("root  812  2.1  1.9 1900000 80000 ?  Ssl  10:01  5:02 /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml --v=2\n").unwrap();
        assert_eq!(c.form, Form::Ps);
        assert_eq!(
            args(&c),
            vec![("--config=/var/lib/kubelet/config.yaml", 1), ("--v=2", 1)]
        );
    }

    #[test]
    fn unterminated_quote_names_its_line() {
        let e = parse("kubelet \\\n --a='x\n").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message().contains("unterminated"));
    }

    #[test]
    fn env_file_and_undefined_variables() {
        let c = parse("# comment\nKUBELET_KUBEADM_ARGS=\"--container-runtime-endpoint=unix:///run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.9\"\nKUBELET_EXTRA_ARGS=--node-ip=$NODE_IP\n").unwrap();
        assert_eq!(c.form, Form::EnvFile);
        assert_eq!(c.args.len(), 3);
        assert_eq!(c.args[2].value, "--node-ip=$NODE_IP");
        assert_eq!(c.unresolved.len(), 1);
    }

    #[test]
    fn systemd_expands_dollar_var_into_words_and_braced_into_one() {
        let unit = "[Service]\nEnvironment=\"A=--x=1 --y=2\" \"B=--z=3 --w=4\"\nExecStart=\nExecStart=-/usr/bin/kubelet $A ${B} $UNSET\n";
        let c = parse(unit).unwrap();
        assert_eq!(c.form, Form::Systemd);
        let v: Vec<&str> = c.args.iter().map(|a| a.value.as_str()).collect();
        assert_eq!(v, vec!["--x=1", "--y=2", "--z=3 --w=4"]);
        assert_eq!(c.unresolved.len(), 1);
        assert!(parse("[Service]\nRestart=always\n").is_err());
    }

    fn values(c: &CommandLine) -> Vec<&str> {
        c.args.iter().map(|a| a.value.as_str()).collect()
    }

    /// Wrappers before the kubelet in units: hyperkube's subcommand, OpenShift's kubenswrapper,
    /// env, nice, ionice, taskset and systemd-run with their options (an option value that names
    /// the kubelet, `-u kubelet`, is not taken for the program).
    #[test]
    fn wrappers_before_the_kubelet() {
        let cases: [(&str, &str, Vec<&str>); 5] = [
            (
                "[Service]\nExecStart=/usr/bin/hyperkube kubelet --config=/etc/kubernetes/kubelet.conf --v=2\n",
                "/usr/bin/hyperkube kubelet",
                vec!["--config=/etc/kubernetes/kubelet.conf", "--v=2"],
            ),
            (
                "[Service]\nExecStart=/usr/local/bin/kubenswrapper \\\n    /usr/bin/kubelet \\\n      --config=/etc/kubernetes/kubelet.conf \\\n      --node-ip=${KUBELET_NODE_IP}\nEnvironment=KUBELET_NODE_IP=10.0.0.5\n",
                "/usr/bin/kubelet",
                vec!["--config=/etc/kubernetes/kubelet.conf", "--node-ip=10.0.0.5"],
            ),
            (
                "[Service]\nExecStart=/usr/bin/env GOGC=50 nice -n 10 ionice -c 2 -n 0 taskset -c 0-3 /usr/bin/kubelet --v=2\n",
                "/usr/bin/kubelet",
                vec!["--v=2"],
            ),
            (
                "[Service]\nExecStart=/usr/bin/systemd-run --scope -p CPUWeight=50 -u kubelet --slice=system.slice /usr/bin/kubelet --v=2\n",
                "/usr/bin/kubelet",
                vec!["--v=2"],
            ),
            (
                "nice -n 5 taskset 0x3 /usr/bin/kubelet --v=3\n",
                "/usr/bin/kubelet",
                vec!["--v=3"],
            ),
        ];
        for (text, program, args) in cases {
            let c = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(c.program.as_deref(), Some(program), "{text}");
            assert_eq!(values(&c), args, "{text}");
            assert!(
                c.ignored
                    .iter()
                    .all(|n| !n.what.contains("not a kubelet binary")),
                "{text}: {:?}",
                c.ignored
            );
        }
        // The wrappers are reported as understood.
        let c = parse(cases_first_wrapped()).unwrap();
        assert!(c
            .understood
            .iter()
            .any(|n| n.what == "wrapper before the kubelet (skipped with its options): /usr/bin/env GOGC=50 nice -n 10"));
        // ps columns are still columns.
        let c = parse("root  1234  2.0  1.1 /usr/bin/kubelet --v=2\n").unwrap();
        assert_eq!(c.form, Form::Ps);
        assert_eq!(values(&c), vec!["--v=2"]);
    }

    fn cases_first_wrapped() -> &'static str {
        "[Service]\nExecStart=/usr/bin/env GOGC=50 nice -n 10 /usr/bin/kubelet --v=2\n"
    }
}
