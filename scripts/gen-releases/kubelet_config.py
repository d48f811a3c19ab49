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
  kubelet_config.py crosscheck
      Review aid: compares the corrected defaults with SetDefaults_KubeletConfiguration of the
      kubelet sources openshift/microshift carries (1.25..1.36, openshift_trees.py); exits 1 on
      a difference.

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


# Values defaults.go takes from other packages, as the kubelet sets them.
FOREIGN_CONSTANTS = {
    "ports.KubeletPort": "10250",
    "qos.KubeletOOMScoreAdj": "-999",
    "int32(qos.KubeletOOMScoreAdj)": "-999",
    "kubetypes.ResolvConfDefault": '"/etc/resolv.conf"',
}
# Fields whose default is not a plain documented value: evictionHard (a map; SetDefaults fills
# it until 1.25, loadConfigFile from 1.26: see defaults.rs), logging (component-base's
# SetRecommendedLoggingConfiguration).
DEFAULTED_ELSEWHERE = {"evictionHard", "logging"}
# Documented defaults that mean "left at the zero value" (nothing for defaults.go to set).
ZERO_DOCS = {"", "nil", "false", '""', "0", "[]", '"0s"', "0s", "0 (disabled)", '"0s" (disabled)'}
UNITS = {"time.Millisecond": "ms", "time.Second": "s", "time.Minute": "m", "time.Hour": "h"}


def go_value(expr, consts):
    """A defaults.go right-hand side as the facts spell defaults: `ptr.To[int32](5)` -> 5,
    `metav1.Duration{Duration: 2 * time.Minute}` -> "2m", constants resolved."""
    e = expr.strip().lstrip("&")
    m = re.fullmatch(r"(?:utilpointer|pointer|ptr)\.\w+(?:\[\w+\])?\((.*)\)", e)
    if m:
        return go_value(m.group(1), consts)
    m = re.fullmatch(r"metav1\.Duration\{Duration:\s*(?:(\d+)\s*\*\s*)?(time\.\w+)\}", e)
    if m and m.group(2) in UNITS:
        return f'"{m.group(1) or 1}{UNITS[m.group(2)]}"'
    m = re.fullmatch(r"metav1\.Duration\{Duration:\s*(\w+)\}", e)
    if m and m.group(1) in consts:
        inner = consts[m.group(1)]
        return go_value(f"metav1.Duration{{Duration: {inner}}}", consts)
    m = re.fullmatch(r"\[\]string\{(.*)\}", e)
    if m:
        return "[" + ", ".join(x.strip() for x in m.group(1).split(",") if x.strip()) + "]"
    if e in FOREIGN_CONSTANTS:
        return FOREIGN_CONSTANTS[e]
    name = e.split(".")[-1]
    if name in consts and consts[name] != e:
        return go_value(consts[name], consts)
    return e


def same_default(doc, value):
    """Whether a (corrected) documented default and a defaults.go value agree."""
    def norm(v):
        v = v.split(" (")[0].strip()
        m = re.fullmatch(r'"?(\d+)(ms|s|m|h)"?', v)
        if m:
            return m.group(1) + m.group(2)
        return v.strip('"') if v.startswith('"') else v
    return norm(doc) == norm(value)


def crosscheck():
    """Compares the corrected defaults of releases 1.25..1.36 with SetDefaults_KubeletConfiguration
    of the kubelet tree openshift/microshift carries for each; prints each difference and exits 1
    if there is one. Gate-dependent assignments are listed, not compared."""
    import openshift_trees as ot

    ot.require(die)
    fields, _ = read_facts()
    corrections = read_corrections()
    found = 0
    for minor in sorted(ot.TREES):
        k = ot.kubernetes_prefix(minor)
        types = ot.show(minor, f"{ot.kubelet_api_prefix(minor)}/config/v1beta1/types.go")
        structs, _ = parse_structs(types)
        json_of = {}

        def walk_go(struct, go_prefix, json_prefix):
            for go_name, go_type, tag, _ in structs.get(struct, []):
                if not go_name:
                    continue
                g = f"{go_prefix}.{go_name}" if go_prefix else go_name
                j = f"{json_prefix}.{tag.split(',')[0]}" if json_prefix else tag.split(",")[0]
                json_of[g] = j
                base = go_type.lstrip("*").replace("[]", "")
                if base in structs:
                    walk_go(base, g, j)

        walk_go("KubeletConfiguration", "", "")
        defaults_go = ot.show(minor, f"{k}/pkg/kubelet/apis/config/v1beta1/defaults.go")
        consts = {}
        for src in (defaults_go, types):
            for name, value in re.findall(r"^\s*(\w+)\s+(?:\w+\s+)?=\s*(.+?)\s*$", src, re.M):
                consts.setdefault(name, value)
        body = defaults_go.partition("func SetDefaults_KubeletConfiguration")[2]
        doc = {}
        for path, by_rel in fields.items():
            if minor in by_rel:
                doc[path] = by_rel[minor][1]
        for path, lo, hi, value, _, _ in corrections:
            if lo <= minor <= hi:
                doc[path] = value
        lines, seen, gated = [], set(), []
        depth_gate = 0
        for line in body.splitlines():
            if "localFeatureGate.Enabled(" in line:
                depth_gate += 1
            m = re.match(r"^\s*obj\.([\w.]+)\s*=\s*(.+)$", line)
            if m:
                path = json_of.get(m.group(1), "?" + m.group(1))
                value = go_value(m.group(2), consts)
                if depth_gate:
                    gated.append(path)
                    continue
                if path in seen or value.startswith("obj."):
                    continue  # conditional second branch (serializeImagePulls, report frequency)
                seen.add(path)
                if path in DEFAULTED_ELSEWHERE:
                    continue
                if path not in doc:
                    lines.append(f"  {path}: set to {value} by defaults.go, a field the data lacks")
                elif not same_default(doc[path], value):
                    said = doc[path] or "(none)"
                    lines.append(f"  {path}: defaults.go sets {value}, the data says {said}")
        for path, d in sorted(doc.items()):
            if "." in path or path in seen or path in gated or path in DEFAULTED_ELSEWHERE:
                continue
            if d not in ZERO_DOCS:
                lines.append(f"  {path}: the data says {d}, defaults.go does not set it")
        note = f"; gate-dependent: {', '.join(sorted(set(gated)))}" if gated else ""
        found += ot.report(minor, lines, note)
    sys.exit(1 if found else 0)


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
    if len(sys.argv) < 2 or sys.argv[1] not in ("extract", "build", "crosscheck"):
        die("usage: kubelet_config.py extract|build [--check]|crosscheck", 2)
    if sys.argv[1] == "extract":
        extract(sys.argv[2:])
    elif sys.argv[1] == "crosscheck":
        crosscheck()
    else:
        build(sys.argv[2:])
