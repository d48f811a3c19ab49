"""What the release-data generators share: where they are, the release range, how they fail, and
how the flag tables are laid out and checked.

The range is read from `src/releases/mod.rs` (`OLDEST`, `NEWEST`) so that adding a release is one
edit in the crate, not one per generator.
"""
import html
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def _release_bound(name: str) -> int:
    with open(os.path.join(ROOT, "src", "releases", "mod.rs"), encoding="utf-8") as f:
        m = re.search(rf"pub const {name}: Release = Release::of_minor\((\d+)\);", f.read())
    if not m:
        sys.exit(f"common.py: src/releases/mod.rs has no `pub const {name}: Release = Release::of_minor(N);`")
    return int(m.group(1))


OLDEST, NEWEST = _release_bound("OLDEST"), _release_bound("NEWEST")


def die(msg: str, code: int = 2) -> None:
    """Stops the generator with `msg`, prefixed by the generator's own file name."""
    print(f"{os.path.basename(sys.argv[0])}: {msg}", file=sys.stderr)
    sys.exit(code)


def write(path: str, text: str) -> None:
    """Writes a facts or generated file, creating its folder."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read_tsv(path: str) -> list[dict]:
    """The rows of one of our facts TSVs (`#` lines are comments, the first other line names the
    columns; a short row's missing cells read as empty)."""
    if not os.path.exists(path):
        die(f"{os.path.relpath(path, ROOT)} is absent: run `{os.path.basename(sys.argv[0])} extract` first")
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                continue
            cells += [""] * (len(header) - len(cells))
            rows.append(dict(zip(header, cells)))
    return rows


def sources_of(path: str) -> list[str]:
    """The `# source:` lines of a facts file: where its facts were read."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("# source:"):
                out.append(line[len("# source:"):].strip())
    return out


def git(repo: str, *args: str) -> str:
    """The output of `git -C repo args...`; stops the generator if git fails."""
    r = subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True)
    if r.returncode != 0:
        die(f"git {' '.join(args)} failed in {repo}: {r.stderr.strip()}")
    return r.stdout


def clean_message(text: str) -> str:
    """A deprecation message as pflag prints it: a reference page's HTML and doc markup removed."""
    text = re.sub(r"</?(?:code|a|p|br|em|strong|td|tr)\b[^>]*>", "", text)
    text = html.unescape(text).replace("\xa0", " ").replace("`", "")
    return re.sub(r"\s+", " ", text).strip()


def rust_str(s: str) -> str:
    """`s` as a Rust string literal."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_flag_preamble(out: list, srcs, page_commits, messages) -> dict:
    """The part every generated flag-data file shares: its sources, the reference-page commit of
    each release, and one `const` per deprecation message (named D0, D1, ... in sorted order, laid
    out as rustfmt would). Returns each message's const name."""
    out.append("/// The upstream sources the records were generated from.")
    out.append("pub static SOURCES: &[&str] = &[")
    for s in srcs:
        out.append(f"    {rust_str(s)},")
    out.append("];")
    out.append("")
    out.append("/// The reference-page commit read for each release (`None`: carried over and corrected).")
    out.append("pub static PAGE_COMMITS: &[(u16, Option<&str>)] = &[")
    for rel, c in page_commits.items():
        out.append(f"    ({rel}, {'Some(' + rust_str(c) + ')' if c else 'None'}),")
    out.append("];")
    out.append("")
    names = {}
    for i, d in enumerate(sorted(messages)):
        names[d] = f"D{i}"
        line = f"const D{i}: &str = {rust_str(d)};"
        wrapped = f"    {rust_str(d)};"
        # rustfmt's layout: too long for one line but fits once wrapped -> wrapped.
        if len(line) > 100 and len(wrapped) <= 100:
            line = f"const D{i}: &str =\n{wrapped}"
        out.append(line)
    out.append("")
    return names


def flag_life(name: str, short: str, since: int, removed) -> list:
    """The fields every flag record has, as `render_flag_record` takes them."""
    return [
        ("name", rust_str(name)),
        ("shorthand", f"Some({short!r})" if short else "None"),
        ("since", since),
        ("removed", f"Some({removed})" if removed else "None"),
    ]


def render_flag_record(out: list, struct: str, fields: list, spans: list) -> None:
    """One record of a generated flag table: `struct { fields, spans: &[FlagSpan {...}] }`, each
    field and each span's field a `(name, Rust expression)` pair, laid out as rustfmt would (a
    one-element slice hugs its struct literal)."""
    out.append(f"    {struct} {{")
    for name, value in fields:
        out.append(f"        {name}: {value},")
    one = len(spans) == 1
    pad = "        " if one else "            "
    out.append("        spans: &[FlagSpan {" if one else "        spans: &[")
    for span in spans:
        if not one:
            out.append("            FlagSpan {")
        for name, value in span:
            out.append(f"{pad}    {name}: {value},")
        if not one:
            out.append("            },")
    out.append("        }]," if one else "        ],")
    out.append("    },")


def check_or_write(path: str, text: str, summary: str, check: bool) -> bool:
    """`build --check` (`check`): exits 1 if the checked-in `path` is not `text`, else says it is
    up to date and returns False; `build`: writes it and returns True. `summary` ends each line,
    e.g. `(1234 flags)`."""
    rel = os.path.relpath(path, ROOT)
    if check:
        try:
            with open(path, encoding="utf-8") as f:
                cur = f.read()
        except FileNotFoundError:
            cur = ""
        if cur != text:
            print(f"{rel} is stale: run scripts/gen-releases/{os.path.basename(sys.argv[0])} build")
            sys.exit(1)
        print(f"{rel} is up to date {summary}")
        return False
    write(path, text)
    print(f"wrote {rel} {summary}")
    return True


def main(extract, build, crosscheck) -> None:
    """A flag generator's command line: `extract`, `build [--check]` or `crosscheck`."""
    args = sys.argv[1:]
    if not args or args[0] not in ("extract", "build", "crosscheck"):
        die(f"usage: {os.path.basename(sys.argv[0])} extract | build [--check] | crosscheck", 2)
    if args[0] == "extract":
        extract()
    elif args[0] == "crosscheck":
        crosscheck()
    else:
        build("--check" in args[1:])
