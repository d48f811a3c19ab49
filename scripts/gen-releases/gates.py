#!/usr/bin/env python3
"""Feature gates of every Kubernetes release 1.16..=1.36, in two stages.

  extract        read the upstream sources (needs ../shared and /work/.mirror) and write
                 scripts/gen-releases/facts/gates-*.tsv (facts only, our own format)
  build          facts + corrections/gates.tsv -> src/releases/gates_data.rs (stdlib only)
  build --check  exit 1 if the checked-in gates_data.rs differs from what build produces

See data/releases/README.md (section "Feature gates") for the merge rule and known gaps.
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
SHARED = os.environ.get("KUBEGATE_SHARED", os.path.join(ROOT, "..", "shared", "data"))
WEBSITE_REPO = "Andygol/k8s-website"
WEBSITE_DIR = "content/en/docs/reference/command-line-tools-reference/feature-gates"
STAGES_YAML = "feature-gate-stages.yaml"
VLIST_YAML = "versioned_feature_list.yaml"

# Staging packages whose gate maps every kube binary registers (directly, or relisted in
# pkg/features/kube_features.go, or through an adapter): (repo, path, first release it counts).
# The logs gates are registered by pkg/features since 1.24 (ContextualLogging) and the client-go
# gates through the client adapter since 1.30.
STAGING = [
    ("kubernetes/apiserver", "pkg/features/kube_features.go", 16),
    ("kubernetes/apiextensions-apiserver", "pkg/features/kube_features.go", 16),
    ("kubernetes/component-base", "logs/kube_features.go", 24),
    ("kubernetes/component-base", "logs/api/v1/kube_features.go", 24),
    ("kubernetes/client-go", "features/known_features.go", 30),
]

# Vendored copies of k8s.io/kubernetes's pkg/features (kube_features.go, and the 1.32
# versioned_kube_features.go) in repositories that pin one kubernetes release per commit (go.mod
# or glide.yaml names it): (mirror repo, commit, release, why this commit is that release).
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

# Names a snapshot holds that are not upstream's gate of that release (fork additions, patch
# backports): skipped by build. name -> reason.
SNAPSHOT_SKIP = {
    ("DisableCSIVolumePlugin", 32): "kubeedge/kubernetes addition (absent from upstream's 1.31 and 1.34 maps and every website page)",
    ("KubeletPodResources", 32): "kubeedge/kubernetes re-adds it (upstream removed it in 1.28: absent from the 1.28..1.31 and 1.34 snapshots)",
    ("StatefulSetSemanticRevisionComparison", 34): "added in a 1.34 patch release (versioned spec 1.0, a backport): absent from the 1.34 list and the 1.35-dev preset",
}
# Gates every kube binary registers from a package outside pkg/features and the STAGING maps, so
# their absence from a snapshot says nothing (component-base/metrics/features).
SNAPSHOT_BLIND = {"ComponentSLIs"}

STAGE_NAMES = {"alpha": "Alpha", "beta": "Beta", "stable": "GA", "ga": "GA", "deprecated": "Deprecated"}


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

def front_matter_stages(text: str):
    """(stages, removed) from a website feature-gate page's front matter."""
    import yaml  # extract only

    parts = text.split("---")
    if len(parts) < 3:
        return None
    fm = yaml.safe_load(parts[1]) or {}
    stages = []
    for s in fm.get("stages") or []:
        stages.append(
            (
                STAGE_NAMES[str(s["stage"]).strip().lower()],
                "" if s.get("defaultValue") is None else str(bool(s["defaultValue"])).lower(),
                str(s.get("fromVersion", "")).strip(),
                str(s.get("toVersion", "") or "").strip(),
                "true" if s.get("locked") else "false",
            )
        )
    return stages, bool(fm.get("removed"))


def extract_website() -> None:
    repo = mirror(WEBSITE_REPO)
    head = git(repo, "rev-parse", "HEAD").strip()
    rows = []
    names = git(repo, "ls-tree", "--name-only", "HEAD", WEBSITE_DIR + "/").split()
    for path in sorted(names):
        name = os.path.basename(path)[:-3]
        if name == "index" or not path.endswith(".md"):
            continue
        parsed = front_matter_stages(git(repo, "show", f"HEAD:{path}"))
        if not parsed:
            continue
        stages, removed = parsed
        for i, (stage, default, frm, to, locked) in enumerate(stages):
            rows.append([name, "true" if removed else "false", i, stage, default, frm, to, locked])
    write_tsv(
        "gates-website.tsv",
        [
            "Feature-gate stage histories from the front matter of the kubernetes/website per-gate pages.",
            f"source: {WEBSITE_REPO}@{head}:{WEBSITE_DIR}/<Name>.md (fork of kubernetes/website, main, 2026-01-22)",
            "one row per stage as the page lists it; default empty when the page gives none",
        ],
        ["name", "removed", "index", "stage", "default", "from", "to", "locked"],
        rows,
    )


def extract_upstream_website() -> None:
    """Entries of the shared stage file that were read from kubernetes/website itself (newer
    than the fork: they carry 1.36+ changes); entries filled from the fork are skipped."""
    import yaml

    path = os.path.join(SHARED, STAGES_YAML)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    rows = []
    for name, g in sorted(data["gates"].items()):
        if "note" in g:
            continue
        for i, s in enumerate(g.get("stages") or []):
            rows.append(
                [
                    name,
                    g["commit"],
                    "true" if g.get("removed") else "false",
                    i,
                    STAGE_NAMES[s["stage"]],
                    "" if s.get("default") is None else str(bool(s["default"])).lower(),
                    s.get("from", ""),
                    s.get("to", ""),
                    "true" if s.get("locked") else "false",
                ]
            )
    write_tsv(
        "gates-website-upstream.tsv",
        [
            "Feature-gate stage histories read from kubernetes/website (upstream, newer than the fork),",
            "one page per gate: source kubernetes/website@<commit>:" + WEBSITE_DIR + "/<Name>.md",
            "(collected in ../shared/data/" + STAGES_YAML + "; entries that file filled from the fork are left out)",
        ],
        ["name", "commit", "removed", "index", "stage", "default", "from", "to", "locked"],
        rows,
    )


def extract_vlist() -> None:
    import yaml

    path = os.path.join(SHARED, VLIST_YAML)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    rows = []
    for g in data:
        for s in g["versionedSpecs"]:
            rows.append(
                [g["name"], s["version"], s["preRelease"], str(s["default"]).lower(), str(s.get("lockToDefault", False)).lower()]
            )
    write_tsv(
        "gates-versioned-1.34.tsv",
        [
            "Every versioned gate a 1.34 kube binary registers, with its versioned specs.",
            "source: kubernetes/kubernetes@release-1.34:test/compatibility_lifecycle/reference/versioned_feature_list.yaml",
            "(the copy in ../shared/data/" + VLIST_YAML + ")",
        ],
        ["name", "version", "stage", "default", "lock"],
        rows,
    )


def extract_preset() -> None:
    """facts/gates-preset.tsv is frozen: it holds the versioned specs of kube_features.go at a
    1.35 development commit, transcribed by hand once (the transcription, src/featuregate/preset.rs,
    was retired when this generated data replaced it). Nothing to re-read."""
    path = os.path.join(FACTS, "gates-preset.tsv")
    if not os.path.exists(path):
        sys.exit("facts/gates-preset.tsv is missing: it is a frozen source, restore it from git")


def go_map_entries(src: str):
    """Yields (constant, [(version, stage, default, lock)]) for each gate map literal entry."""
    consts = dict(re.findall(r'^\s*(\w+)\s+(?:featuregate\.)?Feature\s*=\s*"(\w+)"', src, re.M))
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
        # split top-level entries "Key: {...},"
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
                v = re.search(r'MustParse\("([\d.]+)"\)', f)
                d = re.search(r"Default:\s*(\w+)", f)
                p = re.search(r"PreRelease:\s*(?:\w+\.)?(\w+)", f)
                lk = re.search(r"LockToDefault:\s*(true|false)", f)
                if not d:
                    continue
                stage = p.group(1) if p else "GA"
                stage = {"Deprecated": "Deprecated", "GA": "GA", "Alpha": "Alpha", "Beta": "Beta"}.get(stage, stage)
                default = bools.get(d.group(1), d.group(1))
                if default not in ("true", "false"):
                    die(f"unresolved default {d.group(1)} for {key}")
                specs.append((v.group(1) if v else "", stage, default, lk.group(1) if lk else "false"))
            yield consts.get(key, key), specs


def extract_staging() -> None:
    rows, header = [], ["Gates of the staging packages every kube binary registers, per release tag.", "sources (repo@commit:path, per tag):"]
    for repo, path, first in STAGING:
        d = mirror(repo)
        if not os.path.isdir(d):
            die(f"missing mirror {d}")
        for minor in range(OLDEST, NEWEST + 1):
            tag = f"kubernetes-1.{minor}.0"
            try:
                commit = git(d, "rev-list", "-n1", tag).strip()
                src = git(d, "show", f"{tag}:{path}")
            except subprocess.CalledProcessError:
                continue
            n = 0
            for name, specs in go_map_entries(src):
                for (v, stage, default, lock) in specs:
                    rows.append([repo, minor, name, v, stage, default, lock, "yes" if minor >= first else "no"])
                n += 1
            if n:
                header.append(f"  {repo}@{commit}:{path} (tag {tag}, {n} gates)")
    write_tsv("gates-staging.tsv", header, ["repo", "release", "name", "version", "stage", "default", "lock", "registered_by_kubelet"], rows)


def extract_snapshots() -> None:
    rows, header = [], [
        "The gate map of pkg/features (kube_features.go; 1.32: versioned_kube_features.go) of one",
        "kubernetes release per row group, read from repositories vendoring that release.",
        "Keys naming another package's constant (genericfeatures.X) are resolved through the",
        "vendored staging packages' constants of the same commit.",
        "sources (repo@commit:" + SNAPSHOT_DIR + " -> release: why):",
    ]
    for repo, short, minor, why in SNAPSHOTS:
        d = mirror(repo)
        commit = git(d, "rev-parse", short).strip()
        consts = {}
        for line in git(d, "grep", "-h", "-E", r'^\s*\w+\s+(featuregate\.)?Feature\s*=\s*"\w+"', commit, "--", "vendor/k8s.io/").splitlines():
            m = re.match(r'^(?:[0-9a-f]+:)?\s*(\w+)\s+(?:featuregate\.)?Feature\s*=\s*"(\w+)"', line.split(":", 2)[-1] if line.startswith(commit) else line)
            if m:
                consts.setdefault(m.group(1), m.group(2))
        seen = {}
        for p in git(d, "ls-tree", "--name-only", commit, SNAPSHOT_DIR + "/").split():
            if not p.endswith(".go"):
                continue
            for name, specs in go_map_entries(git(d, "show", f"{commit}:{p}")):
                name = consts.get(name, name)
                if specs and name not in seen:
                    seen[name] = specs
        for name in sorted(seen):
            for (v, stage, default, lock) in seen[name]:
                rows.append([minor, f"{repo}@{commit}", name, v, stage, default, lock])
        header.append(f"  {repo}@{commit}:{SNAPSHOT_DIR} -> 1.{minor} ({len(seen)} gates): {why}")
    write_tsv("gates-kube-snapshots.tsv", header, ["release", "source", "name", "version", "stage", "default", "lock"], rows)


def extract() -> None:
    for p in [mirror(WEBSITE_REPO), os.path.join(SHARED, STAGES_YAML), os.path.join(SHARED, VLIST_YAML)]:
        if not os.path.exists(p):
            die(f"source {p} is missing: extract runs only where ../shared and /work/.mirror exist")
    os.makedirs(FACTS, exist_ok=True)
    extract_website()
    extract_upstream_website()
    extract_vlist()
    extract_preset()
    extract_staging()
    extract_snapshots()


# ---------------------------------------------------------------- build (standard library only)

staging_repos: dict[str, set[str]] = {}
STAGE_RANK = {"Alpha": 0, "Beta": 1, "GA": 2, "Deprecated": 3}
RUST_STAGE = {"Alpha": "A", "Beta": "B", "GA": "G", "Deprecated": "D"}


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


def vminor(v: str) -> tuple[int, int]:
    a, b = v.split(".")[:2]
    return int(a), int(b)


def spec(version: str, stage: str, default: str, lock: str):
    major, minor = vminor(version)
    return (major, minor, stage, default == "true", lock == "true")


def website_specs(stages):
    """Stage history -> specs; a stage without a default keeps the previous default."""
    out, prev_default = [], False
    for (stage, default, frm, _to, locked) in stages:
        d = prev_default if default == "" else default == "true"
        prev_default = d
        s = (*vminor(frm), stage, d, locked == "true")
        if out and out[-1][:2] == s[:2]:
            out[-1] = s
        elif not out or out[-1][2:] != s[2:]:
            out.append(s)
    return out


def first_real(specs):
    """The release a versioned gate first existed: its first spec, unless that is a 1.0 (or
    0.x) 'always was GA' spec, then the next one."""
    for (major, minor, *_rest) in specs:
        if major == 1 and minor > 0:
            return minor
    return None


def load_facts():
    src = []
    h, web_rows = read_tsv("gates-website.tsv")
    src += [l.split("source: ", 1)[1].split(" ", 1)[0] for l in h if l.startswith("source: ")]
    web = {}
    for name, removed, _i, stage, default, frm, to, locked in web_rows:
        g = web.setdefault(name, {"removed": removed == "true", "stages": [], "src": "fork"})
        g["stages"].append((stage, default, frm, to, locked))
    _h, up_rows = read_tsv("gates-website-upstream.tsv")
    up = {}
    for name, commit, removed, _i, stage, default, frm, to, locked in up_rows:
        g = up.setdefault(name, {"removed": removed == "true", "stages": [], "src": commit})
        g["stages"].append((stage, default, frm, to, locked))
    upstream_commits = sorted({g["src"] for g in up.values()})
    src += [f"kubernetes/website@{c}:{WEBSITE_DIR}/<Name>.md" for c in upstream_commits]
    h, vl = read_tsv("gates-versioned-1.34.tsv")
    src += [l.split("source: ", 1)[1].split(" ", 1)[0] for l in h if l.startswith("source: ")]
    l34 = {}
    for name, v, stage, d, lk in vl:
        l34.setdefault(name, []).append(spec(v, stage, d, lk))
    h, pr = read_tsv("gates-preset.tsv")
    src += [l.split("source: ", 1)[1].split(" ", 1)[0] for l in h if l.startswith("source: ")]
    p35 = {}
    for name, v, stage, d, lk in pr:
        p35.setdefault(name, []).append(spec(v, stage, d, lk))
    h, kr = read_tsv("gates-kube-1.36dev.tsv")
    src += [l.split("source: ", 1)[1].split(" ", 1)[0] for l in h if l.startswith("source: ")]
    k36 = {}
    for name, v, stage, d, lk in kr:
        k36.setdefault(name, [])
        if v:
            k36[name].append(spec(v, stage, d, lk))
    h, st = read_tsv("gates-staging.tsv")
    src += [l.split()[0] for l in h if l.startswith("kubernetes/")]
    staging = {}
    global staging_repos
    staging_repos = {}
    for repo, rel, name, v, stage, d, lk, reg in st:
        if reg != "yes":
            continue
        staging.setdefault(name, {}).setdefault(int(rel), []).append((v, stage, d, lk))
        staging_repos.setdefault(name, set()).add(repo)
    h, sn = read_tsv("gates-kube-snapshots.tsv")
    src += [l.split()[0] for l in h if "@" in l.split()[0] and ":" in l.split()[0]]
    snaps = {}
    for rel, _src, name, v, stage, d, lk in sn:
        if (name, int(rel)) in SNAPSHOT_SKIP:
            continue
        snaps.setdefault(int(rel), {}).setdefault(name, []).append((v, stage, d, lk))
    return src, web, up, l34, p35, k36, staging, snaps


def snapshot_flat(specs, minor):
    """The spec a release-`minor` binary holds for a snapshot entry: its unversioned spec, or the
    last versioned spec at or below `minor`."""
    if not specs[0][0]:
        _v, stage, d, lk = specs[-1]
        return (stage, d == "true", lk == "true")
    best = None
    for v, stage, d, lk in specs:
        if vminor(v) <= (1, minor):
            best = (stage, d == "true", lk == "true")
    return best


def flat_at(specs, minor):
    best = None
    for (ma, mi, stage, d, lk) in specs:
        if (ma, mi) <= (1, minor):
            best = (stage, d, lk)
    return best


def apply_snapshots(gates, snaps, staging, p35, conflicts):
    """Snapshots of pkg/features are exact for the kube map of their release: a gate is known at a
    snapshot release iff the snapshot (or a staging tag) has it; between snapshots the rule's
    answer stands unless both neighbours agree. Website-derived specs are rebuilt so that every
    snapshot release's flat spec is the snapshot's (stage, default, lock)."""
    sn = sorted(snaps)
    stats = {"locks": 0, "respec": 0, "presence": 0, "new": 0}
    for name in sorted(set(gates) | {n for r in snaps.values() for n in r}):
        if name in SNAPSHOT_BLIND:
            continue
        g = gates.get(name)
        st = staging.get(name, {})

        def old_known(m):
            return g is not None and g["since"] is not None and g["since"] <= m and (g["removed"] is None or m < g["removed"])

        exact = {r: (name in snaps[r] or r in st) for r in sn}
        known = {}
        for m in range(OLDEST, NEWEST + 1):
            if m in exact:
                known[m] = exact[m]
                continue
            lo = max((r for r in sn if r < m), default=None)
            hi = min((r for r in sn if r > m), default=None)
            if lo is not None and hi is not None and exact[lo] and exact[hi]:
                known[m] = True
            elif lo is not None and hi is not None and not exact[lo] and not exact[hi]:
                # only a gate the rule starts after `lo` can live between two absences
                known[m] = (old_known(m) and g["since"] > lo) or m in st
            elif hi is None and lo is not None and not exact[lo] and (g is None or (g["since"] or 99) <= lo) and name not in p35 and m not in st:
                known[m] = False  # gone by the last snapshot: a removed gate does not come back
            else:
                known[m] = old_known(m) or m in st
        rels = [m for m in known if known[m]]
        if not rels:
            if g is not None:
                conflicts.append(f"{name}: in no snapshot of 1.{sn[0]}..1.{sn[-1]} nor staging tag (dropped)")
                gates.pop(name)
            continue
        since, last = rels[0], rels[-1]
        gaps = [m for m in range(since, last + 1) if not known[m]]
        if gaps:
            conflicts.append(f"{name}: snapshot presence has gaps at {gaps} (interval kept)")
        if since == OLDEST and g is not None and g["since"] is not None and g["since"] < OLDEST:
            since = g["since"]
        removed = None if last == NEWEST else last + 1
        if g is None:
            g = gates[name] = {"since": since, "removed": removed, "specs": [], "how": "snapshots"}
            stats["new"] += 1
        elif (g["since"], g["removed"]) != (since, removed):
            if max(g["since"] or 0, OLDEST) != max(since, OLDEST) or g["removed"] != removed:
                stats["presence"] += 1
                conflicts.append(f"{name}: snapshots say 1.{max(since, OLDEST)}..{removed and '1.' + str(removed)}, the rule said 1.{g['since']}..{g['removed'] and '1.' + str(g['removed'])} (snapshots kept)")
        g["since"], g["removed"] = since, removed
        if g["how"] not in ("website", "snapshots"):
            # exact versioned specs that start after the first release the snapshots know the
            # gate (e.g. a gate relisted in the kube map before its staging package had it):
            # prepend the snapshots' flat specs of those releases
            first = (g["specs"][0][0], g["specs"][0][1]) if g["specs"] else (1, NEWEST + 1)
            pre, prev = [], None
            for m in range(max(since, OLDEST), NEWEST + 1):
                if (1, m) >= first:
                    break
                if known[m] and m in snaps and name in snaps[m]:
                    v = snapshot_flat(snaps[m][name], m)
                    if v is not None and v != prev:
                        pre.append((1, m, *v))
                        prev = v
            if pre:
                conflicts.append(f"{name}: {g['how']} specs start at 1.{first[1]}, snapshots know it from 1.{pre[0][1]} (snapshot specs prepended)")
                rest = list(g["specs"])
                if rest and pre[-1][2:] == rest[0][2:]:
                    rest[0] = pre.pop()  # same spec: it started earlier (AddVersioned wants a change per entry)
                g["specs"] = pre + rest
            continue
        # rebuild flat history: snapshot values where a snapshot has the gate, else the old specs
        newest = [r for r in sn if name in snaps[r] and snaps[r][name][0][0]]
        if newest and not g["specs"]:
            r = newest[-1]
            g["specs"] = [spec(*x) for x in snaps[r][name]]
            g["how"] = f"snapshot@1.{r}"
            continue
        old = list(g["specs"])
        out = [s for s in old if (s[0], s[1]) < (1, max(since, OLDEST))]
        prev = out[-1][2:] if out else None
        for m in range(max(since, OLDEST), NEWEST + 1):
            if not known[m]:
                continue
            if m in snaps and name in snaps[m]:
                v = snapshot_flat(snaps[m][name], m)
            elif prev is None or any((x[0], x[1]) == (1, m) for x in old):
                v = flat_at(old, m)  # a stage change the old history records at `m`
            else:
                v = prev  # carry the last snapshot's value (its lock) forward
            if v is not None and v != prev:
                # keep the old spec's own version when it agrees (a stage reached before `m`)
                out.append((1, m, *v))
                prev = v
        # undo splits where the old history had the same value earlier (stage since kept)
        merged = []
        for s_ in out:
            o = [x for x in old if x[2:] == s_[2:] and (x[0], x[1]) <= (s_[0], s_[1])]
            if o and (not merged or (o[-1][0], o[-1][1]) > (merged[-1][0], merged[-1][1])) and flat_ok(o[-1], s_, snaps, name, known):
                s_ = o[-1]
            merged.append(s_)
        if merged != old:
            stats["respec"] += 1
            stats["locks"] += sum(1 for x in merged if x[4]) > sum(1 for x in old if x[4])
            g["specs"] = merged
    return stats


def flat_ok(o, s_, snaps, name, known):
    """Whether moving spec s_ back to the older version o keeps every snapshot release between
    them reading the same value (so the earlier version is consistent with the snapshots)."""
    for r in range(o[1], s_[1]):
        if r in snaps and known.get(r) and name in snaps[r] and snapshot_flat(snaps[r][name], r) != s_[2:]:
            return False
    return True


def load_corrections():
    out = []
    if not os.path.exists(CORRECTIONS):
        return out
    for line in open(CORRECTIONS, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        name, field, value, reason, evidence = line.split("\t")
        out.append((name, field, value, reason, evidence))
    return out


def parse_specs(value: str):
    specs = []
    for item in value.split(","):
        v, stage, d, lk = item.split(":")
        specs.append(spec(v, stage, d, lk))
    return specs


def merge():
    src, web, up, l34, p35, k36, staging, snaps = load_facts()
    names = set(web) | set(up) | set(l34) | set(p35) | set(staging)
    names -= {"AllAlpha", "AllBeta"}  # built into every featuregate.FeatureGate, not registered gates
    conflicts, gates = [], {}
    for name in sorted(names):
        # the fork's main (2026-01-22, after the 1.35 release) is one coherent snapshot; the
        # upstream pages come from mixed commits, so they only fill gates the fork lacks
        w = web.get(name) or up.get(name)
        wspecs = website_specs(w["stages"]) if w else []
        w_since = first_real(wspecs)
        w_removed = None
        if w and w["removed"]:
            last_to = [s[3] for s in w["stages"] if s[3]]
            w_removed = vminor(last_to[-1])[1] + 1 if last_to else None
        st = staging.get(name, {})
        # exact specs, newest source first
        if NEWEST in st and all(v for (v, *_r) in st[NEWEST]):
            specs, how = [spec(*x) for x in st[NEWEST]], "staging@1.36"
        elif name in p35:
            specs, how = p35[name], "preset@1.35-dev"
        elif name in l34:
            specs, how = l34[name], "versioned-list@1.34"
        else:
            newest = max(st) if st else None
            if newest is not None and all(v for (v, *_r) in st[newest]):
                specs, how = [spec(*x) for x in st[newest]], f"staging@1.{newest}"
            else:
                specs, how = wspecs, "website"
        if not specs:
            conflicts.append(f"{name}: no stage history in any source")
            continue
        since = first_real(specs) if how != "website" else w_since
        if w_since is not None and since is not None and w_since != since and how != "website":
            conflicts.append(f"{name}: website says since 1.{w_since}, {how} specs say 1.{since} (specs kept)")
        if since is None:
            since = w_since
        w_newer = bool(w) and any(s[2] and vminor(s[2])[1] >= 35 for s in w["stages"])
        if name in p35:
            removed = None
            if w_removed:
                conflicts.append(f"{name}: website says removed in 1.{w_removed} but the 1.35-dev preset has it (kept: not removed)")
        elif name in l34:
            if w_removed and w_removed >= 35:
                removed = w_removed
            elif not w_removed and w_newer:
                removed = None
                conflicts.append(f"{name}: in the 1.34 list, not in the 1.35-dev preset, but the website lists 1.35+ stages (kept: not removed)")
            else:
                removed = 35
                if w_removed:
                    conflicts.append(f"{name}: website says removed in 1.{w_removed}, but the 1.34 list has it and the 1.35-dev preset does not (kept: 1.35)")
        else:
            removed = w_removed
            if removed is None and since is not None and since <= 34 and how == "website":
                conflicts.append(f"{name}: website says not removed, but absent from the 1.34 list (no removal release known)")
        if st:
            # staging tags are exact for the staging package; a gate can also live in the kube
            # map before or after (it moved), so presence is the union, except for gates no
            # newer exact list has, whose staging removal wins over the website's
            present = sorted(st)
            gaps = [r for r in range(present[0], present[-1] + 1) if r not in st]
            if gaps:
                conflicts.append(f"{name}: staging presence has gaps at {gaps}")
            s_since = present[0]
            s_removed = present[-1] + 1 if present[-1] < NEWEST else None
            only_staging = staging_repos.get(name, set()) <= {"kubernetes/component-base", "kubernetes/client-go"}
            if only_staging:
                since = s_since if s_since > OLDEST else min(x for x in (since, s_since) if x is not None)
            elif s_since > OLDEST or since is None:
                # versioned specs of staging gates are often back-dated: trust the tags and the
                # website, not the first spec
                since = min(x for x in (w_since, s_since) if x is not None)
            if name in p35 or name in l34:
                removed = None if (removed is None or s_removed is None) else max(removed, s_removed)
            else:
                if s_removed is not None and w_removed not in (None, s_removed):
                    conflicts.append(f"{name}: website says removed in 1.{w_removed}, staging tags say 1.{s_removed} (staging kept)")
                removed = s_removed
        # an unversioned staging spec older than the first stage the specs record (e.g. a gate
        # the staging package registered a release before the website says)
        if st and specs and first_real(specs) is not None and since is not None and since < specs[0][1] and specs[0][0] == 1 and specs[0][1] > 0:
            early = [r for r in sorted(st) if r < specs[0][1] and not st[r][0][0]]
            for r in reversed(early):
                v, stage, d, lk = st[r][0]
                s0 = (1, r, stage, d == "true", lk == "true")
                if s0[2:] == specs[0][2:]:
                    specs[0] = s0
                else:
                    specs.insert(0, s0)
            if early:
                conflicts.append(f"{name}: staging tags register it from 1.{early[0]}, before the first recorded stage (staging spec prepended)")
        # the 1.36-dev map is exact for what the 1.35 release shipped: its specs from 1.35 on
        # replace the 1.35-dev preset's (promotions made after the preset's commit), and a
        # preset gate it lacks (outside the staging maps) left before the 1.35 release
        if name in k36:
            newer = k36[name]
            if newer and not how.startswith(f"staging@1.{NEWEST}"):
                specs = [s_ for s_ in specs if (s_[0], s_[1]) < newer[0][:2]] + newer
                how = f"{how}+kube@1.36-dev"
        elif name in p35 and not any(r >= 35 for r in st):
            if since is not None and since >= 35:
                conflicts.append(f"{name}: only in the 1.35-dev preset, not in the 1.36-dev map (never released: dropped)")
                continue
            if removed is None or removed > 35:
                conflicts.append(f"{name}: in the 1.35-dev preset, not in the 1.36-dev map (removed: 1.35)")
                removed = 35
        if since is not None and since > NEWEST:
            continue
        gates[name] = {"since": since, "removed": removed, "specs": list(specs), "how": how}
    global snapshot_stats
    snapshot_stats = apply_snapshots(gates, snaps, staging, p35, conflicts)
    applied = []
    for name, field, value, reason, evidence in load_corrections():
        g = gates.setdefault(name, {"since": None, "removed": None, "specs": [], "how": "correction"})
        if field == "since":
            g["since"] = int(value)
        elif field == "removed":
            g["removed"] = None if value == "none" else int(value)
        elif field == "specs":
            g["specs"] = parse_specs(value)
        elif field == "drop":
            gates.pop(name)
        else:
            die(f"correction {name}: unknown field {field}")
        applied.append(name)
    # conflicts resolved by a correction are not reported again
    conflicts = [c for c in conflicts if c.split(":", 1)[0] not in applied]
    return src, gates, conflicts


def render(src, gates) -> str:
    out = [
        "// Generated by scripts/gen-releases/gates.py from scripts/gen-releases/facts/gates-*.tsv and",
        "// scripts/gen-releases/corrections/gates.tsv: do not edit.",
        "use super::GateRecord;",
        "#[allow(unused_imports)]",
        "use crate::featuregate::PreRelease::{self, Alpha as A, Beta as B, Deprecated as D, GA as G};",
        "",
        "/// The upstream sources the records were generated from.",
        "pub static SOURCES: &[&str] = &[",
    ]
    for s in sorted(set(src)):
        out.append(f'    "{s}",')
    out += ["];", "", "/// Every gate, sorted by name.", "#[rustfmt::skip]", "pub static GATES: &[GateRecord] = &["]
    for name in sorted(gates):
        g = gates[name]
        if g["since"] is None:
            die(f"{name}: no since")
        removed = "None" if g["removed"] is None else f"Some({g['removed']})"
        specs = ", ".join(
            f"({ma}, {mi}, {RUST_STAGE[st]}, {str(d).lower()}, {str(lk).lower()})" for (ma, mi, st, d, lk) in g["specs"]
        )
        out.append(f'    GateRecord {{ name: "{name}", since: {g["since"]}, removed: {removed}, specs: &[{specs}] }},')
    out.append("];")
    return "\n".join(out) + "\n"


def build(check: bool) -> None:
    src, gates, conflicts = merge()
    text = render(src, gates)
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
    for c in conflicts:
        print(f"conflict: {c}")
    print(f"snapshots: {snapshot_stats}")
    print(f"wrote {os.path.relpath(OUT, ROOT)}: {len(gates)} gates; {len(conflicts)} conflicts decided by the rule (listed above)")


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "extract":
        extract()
    elif len(sys.argv) >= 2 and sys.argv[1] == "build":
        build("--check" in sys.argv[2:])
    else:
        die("usage: gates.py extract | build [--check]")
