#!/usr/bin/env python3
"""Feature gates of every Kubernetes release OLDEST..=NEWEST, each release as its own code had them.

  extract        read the upstream sources (needs /work/.mirror) and write
                 scripts/gen-releases/facts/gates-*.tsv (facts only, our own format)
  build          facts + corrections/gates.tsv -> src/releases/gates_data.rs (stdlib only)
  build --check  exit 1 if the checked-in gates_data.rs differs from what build produces

build also joins facts/gate-components.tsv (components.py: which components read each gate, per
minor) and facts/gate-pages.tsv (which gates have an entry on kubernetes.io's feature-gate
reference pages) onto the records, so an answer can say who reads a gate and link its page.

The model (data/releases/README.md, "Feature gates"): for each release 1.N and each patch point
a source pins (1.N.P), the set of gates its binaries registered and each gate's spec list as that
code declared it (one flat spec before 1.31, the versioned list from 1.31 on). A later release's
history never rewrites an earlier one. Per gate the releases with identical spec lists are folded
into eras, each naming the source that decided it.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HERE, NEWEST, OLDEST, ROOT, die  # noqa: E402

FACTS = os.path.join(HERE, "facts")
CORRECTIONS = os.path.join(HERE, "corrections", "gates.tsv")
OUT = os.path.join(ROOT, "src", "releases", "gates_data.rs")

MIRROR = os.environ.get("KUBEGATE_MIRROR", "/work/.mirror")
FIRST_VERSIONED = 31

# Staging packages whose gate maps kube binaries register (directly, relisted in
# pkg/features/kube_features.go, or through an adapter): (repo, path, first release counted).
# The logs gates are registered by pkg/features since 1.24 (ContextualLogging), the client-go
# gates through the client adapter since 1.30.
STAGING = [
    ("kubernetes/apiserver", "pkg/features/kube_features.go", 16),
    ("kubernetes/apiextensions-apiserver", "pkg/features/kube_features.go", 16),
    ("kubernetes/component-base", "logs/kube_features.go", 24),
    ("kubernetes/component-base", "logs/api/v1/kube_features.go", 24),
    ("kubernetes/component-base", "metrics/features/kube_features.go", 16),
    ("kubernetes/component-base", "zpages/features/kube_features.go", 16),
    ("kubernetes/client-go", "features/known_features.go", 30),
    ("kubernetes/controller-manager", "pkg/features/kube_features.go", 16),
]
# The newest release has no final tag in the staging mirrors yet: its newest pre-release tag.
STAGING_TAG = {37: "kubernetes-1.37.0-beta.0"}

# Vendored copies of k8s.io/kubernetes's pkg/features in repositories that pin one release per
# commit: (mirror repo, commit, release, why). Frozen in facts/gates-kube-snapshots.tsv.
SNAPSHOT_DIR = "vendor/k8s.io/kubernetes/pkg/features"
SNAPSHOTS = [
    ("openshift/sdn", "b40dd9af0", 16, "glide.yaml: openshift/kubernetes sdn-4.3-kubernetes-1.16.0 (same gate map as stashed/stash@ca6885400, kmodules/kubernetes v1.17.0-alpha.0)"),
    ("ceph/ceph-csi", "3af1e26d7", 17, "Gopkg.toml: k8s.io/kubernetes =v1.17.0"),
    ("ceph/ceph-csi", "34fc1d847", 18, "go.mod: k8s.io/kubernetes v1.18.0"),
    ("kubeedge/kubeedge", "9f0a4c7b3", 19, "go.mod: k8s.io/kubernetes v1.19.1"),
    ("ceph/ceph-csi", "83559144b", 20, "go.mod: k8s.io/kubernetes v1.20.0"),
    ("ceph/ceph-csi", "1b23d7811", 21, "go.mod: k8s.io/kubernetes v1.21.2"),
    ("ceph/ceph-csi", "aa698bc3e", 22, "go.mod: k8s.io/kubernetes v1.22.0"),
    ("ceph/ceph-csi", "5762da3e9", 23, "go.mod: k8s.io/kubernetes v1.23.0"),
    ("ceph/ceph-csi", "c4f79d455", 24, "go.mod: k8s.io/kubernetes v1.24.0"),
    ("ceph/ceph-csi", "e3bf37503", 25, "go.mod: k8s.io/kubernetes v1.25.0"),
    ("ceph/ceph-csi", "9c8de9471", 26, "go.mod: k8s.io/kubernetes v1.26.1"),
    ("ceph/ceph-csi", "07b05616a", 27, "go.mod: k8s.io/kubernetes v1.27.2"),
    ("ceph/ceph-csi", "ff3e84ad6", 28, "go.mod: k8s.io/kubernetes v1.28.0"),
    ("ceph/ceph-csi", "44561ddbe", 29, "go.mod: k8s.io/kubernetes v1.29.1"),
    ("ceph/ceph-csi", "e727bd351", 30, "go.mod: k8s.io/kubernetes v1.30.0"),
    ("ceph/ceph-csi", "5a66991bb", 31, "go.mod: k8s.io/kubernetes v1.31.0"),
    ("kubeedge/kubeedge", "549263582", 32, "go.mod: k8s.io/kubernetes v1.32.10 (replaced by kubeedge/kubernetes v1.32.10-kubeedge1)"),
    ("stashed/stash", "844e1bc87", 34, "go.mod: k8s.io/kubernetes v1.34.3"),
]
# Snapshot names that are not upstream's (fork additions): skipped. (name, release) -> reason.
SNAPSHOT_SKIP = {
    ("DisableCSIVolumePlugin", 32): "kubeedge/kubernetes addition (absent from upstream's 1.31 and 1.34 maps and every website page)",
    ("KubeletPodResources", 32): "kubeedge/kubernetes re-adds it (upstream removed it in 1.28)",
}

# openshift/microshift pins one openshift/kubernetes release per commit (go.mod: k8s.io/kubernetes
# v1.N.P): release-4.12..4.17 vendor pkg/features and the staging packages, release-4.18 on carry
# the whole tree under deps/. Every commit of those branches that changed the pinned version.
MICROSHIFT = "openshift/microshift"
MICROSHIFT_BRANCHES = ["release-4.12", "release-4.13", "release-4.14", "release-4.15", "release-4.16",
                       "release-4.17", "release-4.18", "release-4.19", "release-4.20", "release-4.21",
                       "release-4.22", "release-4.23", "release-5.0"]
DEPS = "deps/github.com/openshift/kubernetes"
# Files of the fork that only OpenShift has (never upstream gates).
OPENSHIFT_ONLY = {"openshift_features.go", "patch_kube_features.go"}

WEBSITE_DIR = "content/en/docs/reference/command-line-tools-reference/feature-gates"


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, text=True).stdout


def mirror(repo: str) -> str:
    return os.path.join(MIRROR, repo.replace("/", "+"), "repo")


def write_tsv(name: str, header: list[str], columns: list[str], rows: list[list[str]]) -> None:
    path = os.path.join(FACTS, name)
    with open(path, "w", encoding="utf-8") as f:
        for line in header:
            f.write(f"# {line}\n")
        f.write("#" + "\t".join(columns) + "\n")
        for row in rows:
            f.write("\t".join(str(c) for c in row) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)} ({len(rows)} rows)")


# ---------------------------------------------------------------- extract

CONST_RE = r'^\s*(\w+)\s+(?:featuregate\.)?Feature\s*=\s*"(\w+)"'


def go_consts(src: str) -> dict[str, str]:
    return dict(re.findall(CONST_RE, src, re.M))


def go_map_entries(src: str, consts: dict[str, str] | None = None):
    """Yields (name, [(version, stage, default, lock)]) for each gate map literal entry; a key
    naming a constant is resolved through the file's constants, then `consts` (other files)."""
    own = go_consts(src)
    bools = dict(re.findall(r"^\s*(\w+)\s*=\s*(true|false)\s*$", src, re.M))
    src = re.sub(r"//[^\n]*", "", src)
    for m in re.finditer(r"map\[(?:featuregate\.)?Feature\](?:featuregate\.)?(FeatureSpec|VersionedSpecs)\s*\{", src):
        depth, i, start = 1, m.end(), m.end()
        while depth and i < len(src):
            depth += {"{": 1, "}": -1}.get(src[i], 0)
            i += 1
        body = src[start : i - 1]
        if body.lstrip().startswith("return"):
            continue  # a function returning the map: its literal is matched next
        depth, cur, entries = 0, "", []
        for ch in body:
            cur += ch
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    entries.append(cur)
                    cur = ""
        for e in entries:
            km = re.match(r"\s*,?\s*([\w.]+)\s*:\s*\{", e)
            if not km:
                continue
            key = km.group(1).split(".")[-1]
            specs = []
            for sm in re.finditer(r"\{([^{}]*)\}", e[km.end() - 1 :]):
                f = sm.group(1)
                v = re.search(r'MustParse\("([\d.]+)"\)', f) or re.search(r"MajorMinor\((\d+),\s*(\d+)\)", f)
                d = re.search(r"Default:\s*(\w+)", f)
                p = re.search(r"PreRelease:\s*(?:\w+\.)?(\w+)", f)
                lk = re.search(r"LockToDefault:\s*(true|false)", f)
                if not d:
                    continue
                stage = p.group(1) if p else "GA"
                default = bools.get(d.group(1), d.group(1))
                if default not in ("true", "false"):
                    die(f"unresolved default {d.group(1)} for {key}")
                ver = "" if not v else (v.group(1) if v.lastindex == 1 else f"{v.group(1)}.{v.group(2)}")
                specs.append((ver, stage, default, lk.group(1) if lk else "false"))
            name = own.get(key) or (consts or {}).get(key) or key
            yield name, specs


def staging_tags(d: str, minor: int):
    """[(patch, tag)]: the release's .0 tag (or the newest pre-release tag of a release not out
    yet), then every patch tag from the first release microshift pins (1.25) on."""
    if minor in STAGING_TAG:
        return [(0, STAGING_TAG[minor])]
    out = [(0, f"kubernetes-1.{minor}.0")]
    if minor >= 25:
        for t in git(d, "tag", "-l", f"kubernetes-1.{minor}.*").split():
            m = re.fullmatch(rf"kubernetes-1\.{minor}\.(\d+)", t)
            if m and int(m.group(1)) > 0:
                out.append((int(m.group(1)), t))
    return sorted(out)


def extract_staging() -> None:
    rows, header = [], ["Gates of the staging packages kube binaries register, per release tag (exact for those packages).",
                        "registered=no: the package existed but kube binaries did not register its gates yet.",
                        "sources: repo@commit:path of each row (tag kubernetes-1.N.P; 1.37: kubernetes-1.37.0-beta.0)"]
    for repo, path, first in STAGING:
        d = mirror(repo)
        if not os.path.isdir(d):
            die(f"missing mirror {d} (fetch github:{repo})")
        for minor in range(OLDEST, NEWEST + 1):
            for patch, tag in staging_tags(d, minor):
                try:
                    commit = git(d, "rev-list", "-n1", tag).strip()
                    src = git(d, "show", f"{tag}:{path}")
                except subprocess.CalledProcessError:
                    continue
                for name, specs in go_map_entries(src):
                    for (v, stage, default, lock) in specs:
                        rows.append([repo, minor, patch, name, v, stage, default, lock, "yes" if minor >= first else "no", f"{repo}@{commit}:{path}"])
    write_tsv("gates-staging.tsv", header, ["repo", "release", "patch", "name", "version", "stage", "default", "lock", "registered", "source"], rows)


def microshift_points():
    """{'v1.N.P': commit}: for each k8s.io/kubernetes version a release branch pinned, the last
    commit before the branch pinned the next version (or the branch tip). The deps/ copy is
    updated in a commit of its own right after the go.mod change, so the commit that changed
    go.mod can still hold the previous tree. A version is read on the branch whose newest pin has
    its minor (older versions also sit in the history of later branches)."""
    d = mirror(MICROSHIFT)
    out = {}
    for branch in MICROSHIFT_BRANCHES:
        runs = []  # (version, first commit of the run), oldest first
        for c in reversed(git(d, "log", "--first-parent", "--format=%H", branch, "--", "go.mod").split()):
            try:
                gomod = git(d, "show", f"{c}:go.mod")
            except subprocess.CalledProcessError:
                continue  # a commit the mirror does not hold
            m = re.search(r"^\s+k8s\.io/kubernetes (v1\.\d+\.\d+)\s*$", gomod, re.M)
            if m and (not runs or runs[-1][0] != m.group(1)):
                runs.append((m.group(1), c))
        if not runs:
            continue
        own = runs[-1][0].split(".")[1]
        for i, (v, _c) in enumerate(runs):
            if v.split(".")[1] != own:
                continue
            end = git(d, "rev-parse", f"{runs[i + 1][1]}^").strip() if i + 1 < len(runs) else git(d, "rev-parse", branch).strip()
            out.setdefault(v, end)
    return out


def microshift_files(d: str, commit: str):
    """The gate files of one microshift commit: (path, kind) where kind is 'kube' or a staging
    repo name; the deps/ layout (whole tree) or the vendor/ layout (imported packages only)."""
    out = []
    for base, staging in ((DEPS, f"{DEPS}/staging/src/k8s.io"), ("vendor/k8s.io/kubernetes", "vendor/k8s.io")):
        names = git(d, "ls-tree", "--name-only", commit, f"{base}/pkg/features/").split()
        if not names:
            continue
        for p in names:
            f = os.path.basename(p)
            if f.endswith(".go") and not f.endswith("_test.go") and f not in OPENSHIFT_ONLY:
                out.append((p, "kube"))
        for repo, path, _first in STAGING:
            p = f"{staging}/{repo.split('/')[1]}/{path}"
            if git(d, "ls-tree", "--name-only", commit, p).strip():
                out.append((p, repo))
        return out
    return out


def extract_microshift() -> None:
    d = mirror(MICROSHIFT)
    rows, header = [], [
        "Gate maps of openshift/kubernetes as openshift/microshift pinned it, one commit per patch release",
        "(the last commit pinning k8s.io/kubernetes v1.N.P in go.mod on its branch). OpenShift-only files",
        "(" + ", ".join(sorted(OPENSHIFT_ONLY)) + ") are left out. file: the path within the commit;",
        "kind: kube (pkg/features) or the staging repository the file is a copy of.",
        "sources (openshift/microshift@commit -> version):",
    ]
    points = microshift_points()
    for v in sorted(points, key=lambda v: tuple(int(x) for x in v[1:].split("."))):
        major, minor, patch = (int(x) for x in v[1:].split("."))
        if minor < 25:
            continue
        c = points[v]
        files = microshift_files(d, c)
        if not files:
            continue
        note = ""
        if files[0][0].startswith(DEPS):
            # the deps/ copy is replaced by path, so go.mod's version is nominal: the copy's own
            # CHANGELOG must be of the same minor (its newest entry is the previous patch: the
            # entry of a patch is written after its tag)
            logs = [f for f in git(d, "ls-tree", "--name-only", c, f"{DEPS}/CHANGELOG/").split() if re.search(r"CHANGELOG-1\.\d+\.md$", f)]
            if logs:
                newest = max(logs, key=lambda f: int(re.search(r"-1\.(\d+)\.md$", f).group(1)))
                head = re.search(r"^# (v1\.\d+\.\d+)", git(d, "show", f"{c}:{newest}"), re.M)
                note = f", deps CHANGELOG newest {head.group(1) if head else '?'}"
                if int(re.search(r"-1\.(\d+)\.md$", newest).group(1)) != minor:
                    print(f"skipped {v} at {c}: the deps copy is still {os.path.basename(newest)}")
                    header.append(f"  (skipped {MICROSHIFT}@{c} pinning {v}: its deps copy is still of {os.path.basename(newest)[10:-3]})")
                    continue
        texts = {p: git(d, "show", f"{c}:{p}") for p, _k in files}
        consts = {}
        for t in texts.values():
            for k, val in go_consts(t).items():
                consts.setdefault(k, val)
        n = 0
        for p, kind in files:
            for name, specs in go_map_entries(texts[p], consts):
                for (ver, stage, default, lock) in specs:
                    rows.append([minor, patch, c, p, kind, name, ver, stage, default, lock])
                n += 1
        header.append(f"  {MICROSHIFT}@{c} -> {v} ({len(files)} files, {n} entries{note})")
    write_tsv("gates-microshift.tsv", header, ["release", "patch", "commit", "file", "kind", "name", "version", "stage", "default", "lock"], rows)


def extract() -> None:
    os.makedirs(FACTS, exist_ok=True)
    extract_staging()
    extract_microshift()
    # facts/gates-kube-snapshots.tsv (SNAPSHOTS) and facts/gates-website-1.37.tsv are frozen:
    # the first was read from mirrors of ceph-csi, kubeedge, openshift/sdn and stash (see its
    # header), the second from kubernetes/website pages found through the search index.
    extract_pages()
    for name in ("gates-kube-snapshots.tsv", "gates-website-1.37.tsv"):
        if not os.path.exists(os.path.join(FACTS, name)):
            die(f"facts/{name} is missing: it is a frozen source, restore it from git")


# The website copy whose feature-gate pages are listed: a fork of kubernetes/website (the
# original is over the fetch limit). A gate's page renders only as an entry of the list pages
# (`_build: render: false`), anchored by its name: feature-gates/#Name, or
# feature-gates-removed/#Name for a page marked `removed: true`.
WEBSITE = ("Andygol/k8s-website", "HEAD")


def extract_pages() -> None:
    d = mirror(WEBSITE[0])
    commit = git(d, "rev-parse", WEBSITE[1]).strip()
    rows = []
    for path in git(d, "ls-tree", "--name-only", commit, WEBSITE_DIR + "/").split():
        if not path.endswith(".md") or path.endswith("/index.md"):
            continue
        text = git(d, "show", f"{commit}:{path}")
        front = text.split("---", 2)[1] if text.startswith("---") else ""
        title = re.search(r"^title:\s*(\S+)\s*$", front, re.M)
        if not title:
            continue
        removed = bool(re.search(r"^removed:\s*true\s*$", front, re.M))
        rows.append([title.group(1), "removed" if removed else "listed"])
    rows.sort()
    write_tsv("gate-pages.tsv", [
        "Gates with an entry on kubernetes.io's feature-gate reference pages (one page file each).",
        f"Source: {WEBSITE[0]}@{commit}:{WEBSITE_DIR} (a fork of kubernetes/website).",
        "listed: an entry of feature-gates/ (#Name); removed: of feature-gates-removed/ (#Name).",
    ], ["name", "page"], rows)


# ---------------------------------------------------------------- build (standard library only)

# Where a gate's spec came from within a pinned tree: the kube map or one staging package; the
# website (a page of the newest release) and "carried" (the newest release's kube map carried
# forward from the previous release because no page changed it) are the last resorts.
ORIGINS = ["kube", "kubernetes/apiserver", "kubernetes/apiextensions-apiserver", "component-base/logs",
           "component-base/metrics", "component-base/zpages", "kubernetes/client-go",
           "kubernetes/controller-manager", "website", "carried", "correction"]
RUST_STAGE = {"Alpha": "A", "Beta": "B", "GA": "G", "Deprecated": "D"}


def origin_of(repo: str, path: str) -> str:
    if repo == "kubernetes/component-base":
        return "component-base/" + path.split("/")[0]
    return repo


def read_tsv(name: str):
    path = os.path.join(FACTS, name)
    header, rows = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            header.append(line[1:].strip())
        elif line:
            rows.append(line.split("\t"))
    return header, rows


def spec(version: str, stage: str, default: str, lock: str):
    """One spec; an unversioned one (flat, or added with Add from 1.31 on) is version 0.0, as
    component-base's Add gives it."""
    major, minor = (int(x) for x in version.split(".")[:2]) if version else (0, 0)
    return (major, minor, stage, default == "true", lock == "true")


def load_staging():
    """{(minor, patch): {name: (specs, origin, source)}} of the registered staging gates, and
    {(minor, origin): names}: every gate a package held at any tag of a release."""
    out, members = {}, {}
    _h, rows = read_tsv("gates-staging.tsv")
    for repo, minor, patch, name, v, stage, d, lk, registered, source in rows:
        if registered != "yes":
            continue
        origin = origin_of(repo, source.split(":", 1)[1])
        members.setdefault((int(minor), origin), set()).add(name)
        entry = out.setdefault((int(minor), int(patch)), {}).setdefault(name, [[], origin, source])
        if entry[2] == source:
            entry[0].append(spec(v, stage, d, lk))
    return {k: {n: (tuple(e[0]), e[1], e[2]) for n, e in g.items()} for k, g in out.items()}, members


def load_snapshots():
    """{minor: (patch, source, {name: specs})} of the vendored kube maps."""
    h, rows = read_tsv("gates-kube-snapshots.tsv")
    patch = {}
    for line in h:
        m = re.match(r"(\S+@[0-9a-f]+):\S+ -> 1\.(\d+) .*?v?1\.\d+\.(\d+)", line)
        if m:
            patch[m.group(1)] = int(m.group(3))
    out = {}
    for minor, source, name, v, stage, d, lk in rows:
        minor = int(minor)
        if (name, minor) in SNAPSHOT_SKIP:
            continue
        e = out.setdefault(minor, (patch[source], f"{source}:{SNAPSHOT_DIR}", {}))
        e[2].setdefault(name, []).append(spec(v, stage, d, lk))
    return {m: (p, s, {n: tuple(x) for n, x in g.items()}) for m, (p, s, g) in out.items()}


def load_microshift():
    """{minor: [(patch, {name: (specs, origin, source)}, names its staging copies declare)]} (the
    kube map relists some staging gates)."""
    _h, rows = read_tsv("gates-microshift.tsv")
    trees, staged = {}, {}
    for minor, patch, commit, path, kind, name, v, stage, d, lk in rows:
        key = (int(minor), int(patch))
        origin = "kube" if kind == "kube" else origin_of(kind, path.split("k8s.io/" + kind.split("/")[1] + "/", 1)[-1])
        where = os.path.dirname(path) if kind == "kube" else path
        source = f"{MICROSHIFT}@{commit}:{where}"
        t = trees.setdefault(key, {})
        if kind != "kube":
            staged.setdefault(key, set()).add(name)
        e = t.setdefault(name, [[], origin, source])
        if e[2] == source:
            e[0].append(spec(v, stage, d, lk))
        elif e[1] != "kube" and origin == "kube":
            t[name] = [[spec(v, stage, d, lk)], origin, source]  # the kube map's relisting wins
    out = {}
    for (minor, patch), t in sorted(trees.items()):
        tree = {n: (tuple(e[0]), e[1], e[2]) for n, e in t.items()}
        out.setdefault(minor, []).append((patch, tree, staged.get((minor, patch), set())))
    return out


def load_website():
    """{name: (specs or None for removed, source)} from the newest release's website pages."""
    path = os.path.join(FACTS, f"gates-website-1.{NEWEST}.tsv")
    if not os.path.exists(path):
        return {}
    _h, rows = read_tsv(os.path.basename(path))
    out = {}
    for name, commit, removed, v, stage, d, lk in rows:
        src = f"kubernetes/website@{commit}:{WEBSITE_DIR}/{name}.md"
        e = out.setdefault(name, [[], src, removed == "true"])
        if stage:
            e[0].append(spec(v, stage, d, lk))
    return {n: (None if e[2] else tuple(e[0]), e[1]) for n, e in out.items()}


def at_release(specs, minor: int):
    """A spec list as a `minor` binary holds it: one flat spec (version 0.0) before 1.31."""
    if minor >= FIRST_VERSIONED:
        return specs
    flat = [s for s in specs if (s[0], s[1]) <= (1, minor)] or list(specs[:1])
    return (0, 0, *flat[-1][2:]) if flat else None


# Changes openshift/kubernetes carries in pkg/features that upstream never had (found by
# comparing the fork's maps with upstream's vendored maps of the same release): for these the
# upstream snapshot of the release decides, else `fix` undoes the carry.
FORK_CARRIES = {
    "NodeLogQuery": "OpenShift turns it on by default while Alpha/Beta (upstream: off until GA)",
    "LocalStorageCapacityIsolationFSQuotaMonitoring": "1.25: the fork keeps it Alpha and off (upstream 1.25.0: Beta, on)",
    "CSIMigrationvSphere": "1.26: the fork does not lock it (upstream 1.26.1: GA, locked)",
    "RetroactiveDefaultStorageClass": "1.28: the fork does not lock it (upstream 1.28.0: GA, locked)",
    "KubeletPodResourcesGetAllocatable": "1.29: the fork dropped it (upstream 1.29.1: GA, locked)",
    "EventedPLEG": "1.27/1.28: the fork demotes it to Alpha (upstream and real 1.28.3 binaries: Beta, off)",
    "SchedulerQueueingHints": "1.28: the fork turns it off (upstream 1.28.0 and real 1.28.3 binaries: Beta, on)",
}


def undo_carry(name: str, specs):
    if name == "NodeLogQuery":
        return tuple((a, b, st, d if st == "GA" else False, lk) for (a, b, st, d, lk) in specs)
    return specs


def fork_point(minor: int, patch: int, tree: dict, staged: set, staging: dict, members: dict, snap) -> dict:
    """A microshift tree as upstream's release 1.minor.patch: staging packages from upstream's
    own tag of that patch where one exists (else the fork's copy, else the .0 tag), OpenShift's
    carries in the kube map undone."""
    out = {}
    exact = staging.get((minor, patch))
    base = staging.get((minor, 0), {})
    owned = {}
    for (m, origin), names in members.items():
        if m == minor:
            for n in names:
                owned.setdefault(n, origin)
    forked = {n for n, e in tree.items() if e[1] != "kube"} | staged
    for name, (specs, origin, source) in tree.items():
        if exact is not None and (name in owned or name in forked):
            continue  # a staging gate: decided by upstream's tag below (the fork backports some)
        if name in FORK_CARRIES:
            if snap is not None and name in snap[2]:
                specs, origin, source = snap[2][name], "kube", snap[1]
            elif snap is not None:
                continue
            else:
                specs = undo_carry(name, specs)
        out[name] = (specs, origin, source)
    for name in FORK_CARRIES:
        if snap is not None and name in snap[2] and name not in out and name in tree:
            pass
        elif snap is not None and name in snap[2] and name not in tree:
            out[name] = (snap[2][name], "kube", snap[1])
    present = {e[1] for e in tree.values()}
    for name, entry in (exact if exact is not None else base).items():
        if exact is not None or (entry[1] not in present and name not in out):
            out[name] = entry
    return out


def points():
    """[(minor, patch, {name: (specs, origin, source)})], oldest first: every pinned release."""
    (staging, members), snaps, ms, web = load_staging(), load_snapshots(), load_microshift(), load_website()
    out = []
    for minor in range(OLDEST, NEWEST + 1):
        st = staging.get((minor, 0), {})
        snap = snaps.get(minor)
        # a vendored upstream map pins the .0 answer only if no microshift tree is older
        lead = snap if snap is not None and (minor not in ms or snap[0] <= ms[minor][0][0]) else None
        pts = []
        if minor in ms:
            for patch, tree, staged in ms[minor]:
                if lead is not None and patch <= lead[0]:
                    continue  # upstream's own map of the same or an earlier patch decides
                pts.append((patch, fork_point(minor, patch, tree, staged, staging, members, snap)))
        if lead is not None:
            patch, source, kube = lead
            tree = {n: (s, "kube", source) for n, s in kube.items()}
            exact = staging.get((minor, patch), st)
            tree.update(exact)  # the relisted staging gates: their package's own tag decides
            pts.insert(0, (patch, tree))
        if not pts and minor == NEWEST and out:
            # no pinned tree yet: the previous release's kube map, changed where the website's
            # pages of this release say, plus the staging tags of this release
            prev = out[-1][2]
            tree = {}
            for name, (specs, origin, source) in prev.items():
                if origin not in ("kube", "carried", "website"):
                    continue
                if name in web:
                    wspecs, wsrc = web[name]
                    if wspecs is not None:
                        kept = tuple(x for x in specs if (x[0], x[1]) < (1, NEWEST))
                        tree[name] = (kept + wspecs, "website", wsrc)
                else:
                    tree[name] = (specs, "carried", source)
            for name, (wspecs, wsrc) in web.items():
                if name not in prev and wspecs is not None and name not in st:
                    tree[name] = (wspecs, "website", wsrc)
            for name, entry in st.items():
                tree[name] = entry
            pts.append((0, tree))
        if not pts:
            die(f"no source pins release 1.{minor}")
        # every patch tag of the staging repositories pins that patch's staging gates exactly:
        # a point there takes the kube map of the newest point at or below it
        if minor != NEWEST:
            owned = {n for (m, _o), names in members.items() if m == minor for n in names}
            added = set()
            for patch in sorted({p for (m, p) in staging if m == minor}):
                if any(p == patch for p, _t in pts):
                    continue
                added.add(patch)
                below = max((x for x in pts if x[0] < patch and x[0] not in added), key=lambda x: x[0], default=pts[0])[1]
                tree = {n: e for n, e in below.items() if n not in owned and e[1] == "kube"}
                tree.update(staging[(minor, patch)])
                pts.append((patch, tree))
            pts.sort(key=lambda x: x[0])
        for patch, tree in pts:
            fixed = {}
            for name, (specs, origin, source) in tree.items():
                if name in ("AllAlpha", "AllBeta"):
                    continue
                s = at_release(specs, minor)
                if s is None or (minor >= FIRST_VERSIONED and not s):
                    continue
                fixed[name] = (tuple(s) if minor >= FIRST_VERSIONED else (s,), origin, source)
            out.append((minor, patch, fixed))
    return out


def load_corrections():
    """[(name, minor, patch, action, value, reason, evidence)]: action drop (not registered
    from that point) or specs (the spec list from that point)."""
    out = []
    if not os.path.exists(CORRECTIONS):
        return out
    for line in open(CORRECTIONS, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        name, at, until, action, value, reason, evidence = line.split("\t")
        out.append((name, at, until, action, value, reason, evidence))
    return out


def vkey(text: str):
    parts = [int(x) for x in text.split(".")]
    return (parts[1], parts[2] if len(parts) > 2 else 0)


def apply_corrections(pts):
    """Each correction applies to the pinned releases in at..until. When no source pins `at`
    itself, a point is added there, a copy of the newest point of that minor before it (or its
    first): a patch release whose change a changelog dates between two pinned patches."""
    declared = {}
    for (m, _p, t) in pts:
        for n, (_s, o, src) in t.items():
            declared.setdefault((m, n), (o, src))
    for name, at, until, action, value, _reason, _evidence in load_corrections():
        lo, hi = vkey(at), vkey(until)
        if not any((m, p) == lo for (m, p, _t) in pts):
            same = [i for i, (m, _p, _t) in enumerate(pts) if m == lo[0]]
            if not same:
                die(f"correction {name}: no pinned release of 1.{lo[0]}")
            before = [i for i in same if pts[i][1] < lo[1]]
            src = before[-1] if before else same[0]
            pts.insert(src + 1 if before else src, (lo[0], lo[1], dict(pts[src][2])))
        for minor, patch, tree in pts:
            if lo <= (minor, patch) <= hi:
                if action == "drop":
                    tree.pop(name, None)
                elif action == "specs":
                    specs = tuple(spec(*item.split(":")) for item in value.split(","))
                    origin, source = (tree[name][1], tree[name][2]) if name in tree else declared.get((minor, name), (None, None))
                    if source is None:
                        die(f"correction {name}: no source of 1.{minor} declares it")
                    # the fact rests on the correction's evidence, so its source names that
                    tree[name] = (specs, "website" if origin == "website" else "correction", f"corrections/gates.tsv@{name}:{at}..{until} ({_evidence.split(';')[0]})")
                else:
                    die(f"correction {name}: unknown action {action}")


def eras(pts):
    """{name: [(minor, patch, specs or None, origin)]}: where each gate's spec list (as the
    release holding it declared it) or its origin changes; None: not registered from there."""
    names = sorted({n for (_m, _p, t) in pts for n in t})
    out = {}
    for name in names:
        cur, es = "unset", []
        for minor, patch, tree in pts:
            v = (tree[name][0], tree[name][1]) if name in tree else None
            if v != cur:
                if not (v is None and not es):
                    es.append((minor, patch, v[0] if v else None, v[1] if v else None))
                cur = v
        out[name] = es
    return out


def render(pts, gate_eras) -> str:
    sources = sorted({src for (_m, _p, t) in pts for (_s, _o, src) in t.values()})
    index = {s: i for i, s in enumerate(sources)}
    out = [
        "// Generated by scripts/gen-releases/gates.py from scripts/gen-releases/facts/gates-*.tsv and",
        "// scripts/gen-releases/corrections/gates.tsv: do not edit.",
        "use super::{Era, GateRecord, Origin::*, Point};",
        "#[allow(unused_imports)]",
        "use crate::featuregate::PreRelease::{self, Alpha as A, Beta as B, Deprecated as D, GA as G};",
        "",
        "/// The upstream files the records were read from (`repo@commit:path`).",
        "pub static SOURCES: &[&str] = &[",
    ]
    out += [f'    "{s}",' for s in sources]
    out += ["];", "", "/// Every pinned release (minor, patch) with the source of each origin there (an index of",
            "/// [`SOURCES`]; `u16::MAX`: none), oldest first. A gate of origin `Website` names its own page.",
            "#[rustfmt::skip]", "pub static POINTS: &[Point] = &["]
    for minor, patch, tree in pts:
        by = {}
        for name, (_s, origin, src) in sorted(tree.items()):
            if origin not in ("website", "correction"):
                by.setdefault(origin, src)
        idx = ", ".join(str(index[by[o]]) if o in by else "u16::MAX" for o in ORIGINS[:8] + ["carried"])
        out.append(f"    Point {{ minor: {minor}, patch: {patch}, sources: [{idx}] }},")
    out += ["];", "", "/// Every gate, sorted by name.", "#[rustfmt::skip]", "pub static GATES: &[GateRecord] = &["]
    rust_origin = {"kube": "Kube", "kubernetes/apiserver": "Apiserver", "kubernetes/apiextensions-apiserver": "Apiextensions",
                   "component-base/logs": "Logs", "component-base/metrics": "Metrics", "component-base/zpages": "Zpages",
                   "kubernetes/client-go": "ClientGo", "kubernetes/controller-manager": "ControllerManager",
                   "website": "Website", "carried": "Carried", "correction": "Correction"}
    for name in sorted(gate_eras):
        parts = []
        for minor, patch, specs, origin in gate_eras[name]:
            if specs is None:
                parts.append(f"Era {{ minor: {minor}, patch: {patch}, origin: Kube, page: 0, specs: &[] }}")
                continue
            page = 0
            if origin in ("website", "correction"):
                page = next(index[src] for (m, p, t) in pts if (m, p) == (minor, patch) for (n, (_s, _o, src)) in t.items() if n == name)
            sp = ", ".join(f"({a}, {b}, {RUST_STAGE[st]}, {str(d).lower()}, {str(lk).lower()})" for (a, b, st, d, lk) in specs)
            parts.append(f"Era {{ minor: {minor}, patch: {patch}, origin: {rust_origin[origin]}, page: {page}, specs: &[{sp}] }}")
        out.append(f'    GateRecord {{ name: "{name}", eras: &[{", ".join(parts)}] }},')
    out.append("];")
    return "\n".join(out) + "\n"


# components.py's names, in the bit order of `Component` in src/releases/gates.rs.
COMPONENTS = ["kube-apiserver", "kube-controller-manager", "kube-scheduler", "kubelet", "kube-proxy"]
# Set on a run whose answer is (in part) another release's: carried forward (1.37) or filled in
# for a component the release's sources lack (1.16..1.18, 1.22, 1.24).
CARRIED_BIT = 1 << len(COMPONENTS)
UNKNOWN = 255


def load_readers(names):
    """[(gate index, from minor, to minor, bits)] from facts/gate-components.tsv: runs of minors
    with one reader set, merged across source kinds (tree, vendor) with equal bits. A gate the
    records do not know (a fork's backport) is left out; a release without a row is unknown, and
    so is a row with a component no computed release answers for (`c=?`): never a guess."""
    index = {n: i for i, n in enumerate(names)}
    runs, skipped = [], set()
    for row in read_tsv("gate-components.tsv")[1]:
        name, lo, hi, comps, source = row
        if name not in index:
            skipped.add(name)
            continue
        bits = 0
        for c in ([] if comps == "-" else comps.split(",")):
            if c not in COMPONENTS:
                die(f"gate-components.tsv: {name}: unknown component {c!r}")
            bits |= 1 << COMPONENTS.index(c)
        if "=?" in source:
            continue
        if source.startswith("carried") or ";filled:" in source:
            bits |= CARRIED_BIT
        runs.append([index[name], int(lo), int(hi), bits])
    runs.sort()
    merged = []
    for r in runs:
        last = merged[-1] if merged else None
        if last and last[0] == r[0] and last[3] == r[3] and last[2] + 1 == r[1]:
            last[2] = r[2]
        else:
            merged.append(r)
    return merged, sorted(skipped)


def load_pages(names):
    """Per gate (in record order): 0 no reference page entry, 1 feature-gates/, 2
    feature-gates-removed/."""
    pages = {name: page for name, page in read_tsv("gate-pages.tsv")[1]}
    return [{"listed": 1, "removed": 2}.get(pages.get(n, ""), 0) for n in names]


def render_owners(names) -> str:
    runs, _skipped = load_readers(names)
    out = ["",
           f"/// Which components read each gate in each release: one byte per gate (in [`GATES`] order) and",
           f"/// release 1.{OLDEST} to 1.{NEWEST} (a row of {NEWEST - OLDEST + 1}): `Component` bits, plus `1 << 5` when (in part)",
           "/// another release's answer; 255: unknown. A flat table gzips smaller than runs, and a lookup",
           "/// is one index.", "#[rustfmt::skip]",
           "pub static READERS: &[u8] = &["]
    width = NEWEST - OLDEST + 1
    table = [[UNKNOWN] * width for _ in names]
    for g, a, b, bits in runs:
        for minor in range(a, b + 1):
            if OLDEST <= minor <= NEWEST:
                table[g][minor - OLDEST] = bits
    for row in table:
        out.append("    " + " ".join(f"{v}," for v in row))
    out += ["];", "", "/// Per gate (in [`GATES`] order): 0 no entry on kubernetes.io's feature-gate reference,",
            "/// 1 an entry of `feature-gates/`, 2 of `feature-gates-removed/` (`gate-pages.tsv`).",
            "#[rustfmt::skip]", "pub static PAGES: &[u8] = &["]
    pages = load_pages(names)
    for i in range(0, len(pages), 40):
        out.append("    " + " ".join(f"{p}," for p in pages[i:i + 40]))
    out.append("];")
    return "\n".join(out) + "\n"


def report(pts):
    """Changes between consecutive pinned points of one minor (patch-level changes), and the
    census per release, for review."""
    lines = []
    for (m1, p1, t1), (m2, p2, t2) in zip(pts, pts[1:]):
        if m1 != m2:
            continue
        for n in sorted(set(t1) | set(t2)):
            a, b = t1.get(n), t2.get(n)
            if (a and a[0]) != (b and b[0]):
                lines.append(f"1.{m1}.{p1} -> 1.{m2}.{p2}: {n}: {a and a[0]} -> {b and b[0]}")
    return lines


def prune(pts):
    """Drops pinned patches that answer exactly as the previous kept patch of their minor: their
    facts are the earlier tree's (also a true source of them), and every point costs the
    wasm a row and its source strings."""
    out = []
    for minor, patch, tree in pts:
        if out and out[-1][0] == minor:
            prev = out[-1][2]
            if {n: (e[0], e[1]) for n, e in prev.items()} == {n: (e[0], e[1]) for n, e in tree.items()}:
                continue
        out.append((minor, patch, tree))
    return out


def short(source: str) -> str:
    """repo@commit:path with the commit cut to 12 hex digits (unambiguous, and the wasm carries
    every source string)."""
    m = re.match(r"([^@]+)@([0-9a-f]{40}):(.*)", source)
    return f"{m.group(1)}@{m.group(2)[:12]}:{m.group(3)}" if m else source


def build(check: bool) -> None:
    pts = points()
    apply_corrections(pts)
    pts = [(m, p, {n: (s_, o, short(src)) for n, (s_, o, src) in t.items()}) for (m, p, t) in pts]
    pts = prune(pts)
    gate_eras = eras(pts)
    text = render(pts, gate_eras) + render_owners(sorted(gate_eras))
    if check:
        current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if current != text:
            import difflib

            diff = list(difflib.unified_diff(current.splitlines(), text.splitlines(), "checked-in", "built", lineterm="", n=0))
            print(f"gates_data.rs is stale: {sum(1 for l in diff if l[:1] in '+-') - 2} lines differ", file=sys.stderr)
            for l in diff[:40]:
                print(l, file=sys.stderr)
            sys.exit(1)
        print("gates_data.rs is up to date")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    for line in report(pts):
        print(f"patch change: {line}")
    for minor, patch, tree in pts:
        print(f"census 1.{minor}.{patch}: {len(tree)} gates")
    _runs, skipped = load_readers(sorted(gate_eras))
    if skipped:
        print(f"readers: {len(skipped)} names of gate-components.tsv no record holds: {', '.join(skipped)}")
    print(f"wrote {os.path.relpath(OUT, ROOT)}")

if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "extract":
        extract()
    elif len(sys.argv) >= 2 and sys.argv[1] == "build":
        build("--check" in sys.argv[2:])
    else:
        die("usage: gates.py extract | build [--check]")
