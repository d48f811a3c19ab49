#!/usr/bin/env python3
"""KubeletConfiguration (kubelet.config.k8s.io/v1beta1) fields per Kubernetes release.

  kubelet_config.py extract [--kubelet REPO] [--component-base REPO]
      Reads config/v1beta1/types.go of the k8s.io/kubelet staging repo at every tag
      kubernetes-1.16.0 .. kubernetes-1.NEWEST.0, or the commit REFS names for a release whose
      tag the mirrors lack (plus the component-base logging and tracing types it embeds) and writes facts/kubelet-config-1.NN.tsv: one row per field path with
      its Go type and the "Default:" its doc comment states. Exit 2 when a source is absent.
  kubelet_config.py build [--check]
      Standard library only. Merges the facts with corrections/kubelet_config.tsv into
      src/releases/kubelet_config_data.rs. --check exits 1 when the checked-in file differs.

The facts are our own tables of field names, Go types and default values read from those
sources; no upstream code or prose is copied.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HERE, NEWEST, OLDEST, ROOT, die  # noqa: E402

FACTS = os.path.join(HERE, "facts")
CORRECTIONS = os.path.join(HERE, "corrections", "kubelet_config.tsv")
OUT = os.path.join(ROOT, "src", "releases", "kubelet_config_data.rs")
KUBELET_REPO = "/work/.mirror/kubernetes+kubelet/repo"
CB_REPO = "/work/.mirror/kubernetes+component-base/repo"
TYPES = "config/v1beta1/types.go"
# Imported packages whose structs the kubelet embeds, by import path -> file in component-base.
CB_FILES = {
    "k8s.io/component-base/config/v1alpha1": "config/v1alpha1/types.go",
    "k8s.io/component-base/logs/api/v1": "logs/api/v1/types.go",
    "k8s.io/component-base/tracing/api/v1": "tracing/api/v1/types.go",
}
# Types that are values (leaves), whatever package they come from.
# Releases whose kubernetes-1.N.0 tag the mirrors lack: release -> (kubelet commit,
# component-base commit, what the commits are). Replace an entry with the tag once it exists.
REFS = {
    37: (
        "63b3249724f7d89a8aa48f9acb3811f193c9aa68",
        "349fbe06359c4b39ca17bb9cabdf4a13d70b4b82",
        "master after kubernetes-1.37.0-beta.0, before release-1.37 was branched;"
        " see data/releases/README.md",
    ),
}
LEAF_TYPES = {"metav1.Duration", "Duration", "time.Duration", "v1.Taint", "resource.QuantityValue",
              "TimeOrMetaDuration", "VerbosityLevel", "VModuleConfiguration"}


def git(repo, *args):
    r = subprocess.run(["git", "--git-dir", repo, *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip())
    return r.stdout


FIELD_RE = re.compile(r'^\s*(\w+)?\s+(\*?[\w.\[\]*]+)\s+`json:"([^"]*)"')
EMBED_RE = re.compile(r'^\s*(\*?[\w.]+)\s+`json:"([^"]*)"')


def parse_structs(src):
    """Struct name -> [(go_name, go_type, json_tag, comment_lines)]; plus the import aliases."""
    imports = {}
    for m in re.finditer(r'^\s*(\w+)?\s*"([^"]+)"\s*$', src, re.M):
        path = m.group(2)
        alias = m.group(1) or path.rsplit("/", 1)[-1]
        imports[alias] = path
    structs = {}
    cur = None
    comments = []
    depth = 0
    for line in src.splitlines():
        if cur is None:
            m = re.match(r'^type (\w+) struct \{', line)
            if m:
                cur, depth, comments = m.group(1), 1, []
                structs[cur] = []
            continue
        s = line.strip()
        if s.startswith("}") and depth == 1:
            cur = None
            continue
        if s.startswith("//"):
            comments.append(s[2:].strip())
            continue
        if not s:
            comments = []
            continue
        m = FIELD_RE.match(line)
        if m and m.group(1):
            structs[cur].append((m.group(1), m.group(2), m.group(3), comments))
        else:
            m = EMBED_RE.match(line)
            if m:
                structs[cur].append(("", m.group(1), m.group(2), comments))
        comments = []
    return structs, imports


def doc_default(comments):
    for i, c in enumerate(comments):
        m = re.match(r'^Default:\s*(.*)$', c)
        if m:
            text = m.group(1).strip()
            # A multi-line default (evictionHard) continues on the following comment lines.
            if not text:
                rest = []
                for more in comments[i + 1:]:
                    if not more or more.startswith("+"):
                        break
                    rest.append(more)
                text = " ".join(rest)
            return re.sub(r"\s+", " ", text).replace("\t", " ")
    return ""


class Source:
    def __init__(self, release):
        self.release = release
        self.tag = f"kubernetes-1.{release}.0"
        self.refs = REFS.get(release)
        self.files = {}  # (repo, path) -> (structs, imports)

    def ref(self, repo):
        """The tag, or for a release in REFS the pinned commit of that repository."""
        if self.refs is None:
            return self.tag
        return self.refs[0] if repo == KUBELET_REPO_USED[0] else self.refs[1]

    def describe(self, repo):
        """`tag T commit C`, or `commit C (what it is)` for a pinned commit."""
        if self.refs is None:
            return f"tag {self.tag} commit {git(repo, 'rev-list', '-n1', self.tag).strip()}"
        return f"commit {self.ref(repo)} ({self.refs[2]})"

    def load(self, repo, path):
        key = (repo, path)
        if key not in self.files:
            try:
                src = git(repo, "show", f"{self.ref(repo)}:{path}")
            except RuntimeError as e:
                die(f"cannot read {path} at {self.tag} in {repo}: {e}")
            self.files[key] = parse_structs(src)
        return self.files[key]


KUBELET_REPO_USED = [KUBELET_REPO]


def walk(source, repo, path, struct, prefix, rows, seen):
    structs, imports = source.load(repo, path)
    if struct not in structs:
        die(f"no struct {struct} in {path} at {source.ref(repo)}")
    for go_name, go_type, tag, comments in structs[struct]:
        name = tag.split(",")[0]
        if name == "-":
            continue
        base = go_type.lstrip("*").replace("[]", "")
        if "inline" in tag.split(",")[1:] or (not go_name and not name):
            if base.endswith("TypeMeta"):
                continue
            walk(source, repo, path, base, prefix, rows, seen)
            continue
        full = f"{prefix}.{name}" if prefix else name
        rows.append((full, go_type, doc_default(comments)))
        if base in LEAF_TYPES or go_type.startswith("map["):
            continue
        if "." in base:
            alias, tname = base.split(".", 1)
            ipath = imports.get(alias, "")
            if ipath in CB_FILES and tname not in LEAF_TYPES:
                walk(source, CB_REPO, CB_FILES[ipath], tname, full, rows, seen)
                seen.add((CB_REPO, CB_FILES[ipath]))
        elif base in structs:
            walk(source, repo, path, base, full, rows, seen)


def extract(args):
    global CB_REPO
    kubelet = KUBELET_REPO
    cb = CB_REPO
    if "--kubelet" in args:
        kubelet = args[args.index("--kubelet") + 1]
    if "--component-base" in args:
        cb = args[args.index("--component-base") + 1]
    CB_REPO = cb
    KUBELET_REPO_USED[0] = kubelet
    for repo, what in ((kubelet, "k8s.io/kubelet staging mirror"), (cb, "k8s.io/component-base mirror")):
        if not os.path.isdir(repo):
            die(f"{what} not found at {repo}; fetch github:kubernetes/{'kubelet' if 'kubelet' in what else 'component-base'} first")
    os.makedirs(FACTS, exist_ok=True)
    for rel in range(OLDEST, NEWEST + 1):
        s = Source(rel)
        rows, seen = [], set()
        walk(s, kubelet, TYPES, "KubeletConfiguration", "", rows, seen)
        out = [
            f"# KubeletConfiguration v1beta1 fields of Kubernetes 1.{rel}: path, Go type, documented default.",
            f"# source: kubernetes/kubelet {s.describe(kubelet)} path {TYPES}",
        ]
        for repo, path in sorted(seen):
            out.append(f"# source: kubernetes/component-base {s.describe(repo)} path {path}")
        out.append("path\tgo_type\tdoc_default")
        for path, go_type, d in sorted(set(rows)):
            out.append(f"{path}\t{go_type}\t{d}")
        with open(os.path.join(FACTS, f"kubelet-config-1.{rel}.tsv"), "w") as f:
            f.write("\n".join(out) + "\n")
    print(f"wrote {NEWEST - OLDEST + 1} fact files to {FACTS}")


def read_facts():
    """path -> {release: (go_type, doc_default)}, and the source header lines per release."""
    fields, sources = {}, []
    for rel in range(OLDEST, NEWEST + 1):
        fn = os.path.join(FACTS, f"kubelet-config-1.{rel}.tsv")
        if not os.path.exists(fn):
            die(f"missing {fn}; run `kubelet_config.py extract` first")
        with open(fn) as f:
            for line in f:
                line = line.rstrip("\n")
                if line.startswith("# source: "):
                    sources.append(line[len("# source: "):])
                    continue
                if line.startswith("#") or line.startswith("path\t") or not line:
                    continue
                path, go_type, doc = line.split("\t")
                fields.setdefault(path, {})[rel] = (go_type, doc)
    return fields, sources


def read_corrections():
    """[(path, from, to, value, reason, evidence)]: the default stated for path in from..=to."""
    out = []
    with open(CORRECTIONS) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("path\t"):
                continue
            cols = line.split("\t")
            if len(cols) != 6 or not all(cols[i] for i in (0, 1, 2, 4, 5)):
                die(f"{CORRECTIONS}:{n}: want path, from, to, default, reason, evidence", 1)
            out.append((cols[0], int(cols[1]), int(cols[2]), cols[3], cols[4], cols[5]))
    return out


def ranges(by_rel):
    """[(from, value)] where the value changes, oldest first."""
    out = []
    for rel in sorted(by_rel):
        if not out or out[-1][1] != by_rel[rel]:
            out.append((rel, by_rel[rel]))
    return out


def rs(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def tuple_list(name, items, indent):
    pad = " " * indent
    one = f"{pad}{name}: &[" + ", ".join(f"({a}, {rs(b)})" for a, b in items) + "],"
    if len(one) <= 100:
        return [one]
    lines = [f"{pad}{name}: &["]
    for a, b in items:
        t = f"{pad}    ({a}, {rs(b)}),"
        if len(t) <= 100:
            lines.append(t)
        else:
            lines += [f"{pad}    (", f"{pad}        {a},", f"{pad}        {rs(b)},", f"{pad}    ),"]
    lines.append(f"{pad}],")
    return lines


def render(fields, sources, corrections):
    used = set()
    lines = [
        "// @generated by scripts/gen-releases/kubelet_config.py build: do not edit.",
        "// Facts: scripts/gen-releases/facts/kubelet-config-1.NN.tsv; corrections:",
        "// scripts/gen-releases/corrections/kubelet_config.tsv.",
        "",
        "use super::FieldRecord;",
        "",
        "/// Where the facts were read from (repository, tag, commit, path).",
        "pub static SOURCES: &[&str] = &[",
    ]
    for s in sorted(set(sources)):
        lines.append(f"    {rs(s)},")
    lines += ["];", "", "/// Every field path, sorted.", "pub static FIELDS: &[FieldRecord] = &["]
    for path in sorted(fields):
        by_rel = fields[path]
        rels = sorted(by_rel)
        if rels != list(range(rels[0], rels[-1] + 1)):
            die(f"{path}: not present in a contiguous run of releases: {rels}", 1)
        since = rels[0]
        removed = rels[-1] + 1 if rels[-1] < NEWEST else None
        defaults = {r: d for r, (_, d) in by_rel.items()}
        for i, (cp, lo, hi, val, _, _) in enumerate(corrections):
            if cp == path:
                for r in range(lo, hi + 1):
                    if r not in defaults:
                        die(f"correction for {path} names 1.{r}, where the field does not exist", 1)
                    defaults[r] = val
                used.add(i)
        lines += [
            "    FieldRecord {",
            f"        path: {rs(path)},",
            f"        since: {since},",
            f"        removed: {'None' if removed is None else f'Some({removed})'},",
        ]
        lines += tuple_list("go_types", ranges({r: t for r, (t, _) in by_rel.items()}), 8)
        lines += tuple_list("defaults", ranges(defaults), 8)
        lines.append("    },")
    lines += ["];", ""]
    for i, c in enumerate(corrections):
        if i not in used:
            die(f"correction for unknown field {c[0]}", 1)
    lines += ["/// The corrections applied: (path, from, to, default, reason).",
              "pub static CORRECTIONS: &[(&str, u16, u16, &str, &str)] = &["]
    for cp, lo, hi, val, reason, ev in corrections:
        lines += ["    (", f"        {rs(cp)},", f"        {lo},", f"        {hi},", f"        {rs(val)},",
                  f"        {rs(reason + ' (' + ev + ')')},", "    ),"]
    lines += ["];", ""]
    return "\n".join(lines)


def build(args):
    fields, sources = read_facts()
    text = render(fields, sources, read_corrections())
    if "--check" in args:
        try:
            with open(OUT) as f:
                current = f.read()
        except FileNotFoundError:
            current = ""
        if current != text:
            print(f"{OUT} is stale: run scripts/gen-releases/kubelet_config.py build", file=sys.stderr)
            sys.exit(1)
        print(f"{OUT} is up to date ({len(fields)} field paths)")
        return
    with open(OUT, "w") as f:
        f.write(text)
    print(f"wrote {OUT} ({len(fields)} field paths)")


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("extract", "build"):
        die("usage: kubelet_config.py extract|build [--check]", 2)
    if sys.argv[1] == "extract":
        extract(sys.argv[2:])
    else:
        build(sys.argv[2:])
