#!/usr/bin/env python3
"""The control plane's command-line flags (kube-apiserver, kube-controller-manager,
kube-scheduler, kube-proxy) in every release 1.16..NEWEST (common.py).

    component_flags.py extract   reads the upstream sources into facts/component-flags-*.tsv
    component_flags.py build     merges facts + corrections/component_flags.tsv into
                                 src/releases/component_flags_data.rs
    component_flags.py build --check
                                 exits 1 if the checked-in generated file differs (no sources)
    component_flags.py crosscheck
                                 review aid: compares the data with the registrations in the
                                 openshift/kubernetes trees openshift/microshift carries
                                 (openshift_trees.py) and exits 1 on a difference

Two sources, both read by `extract` (paths overridable with the environment variables below):

- KUBEGATE_WEBSITE_MIRROR (default /work/.mirror/Andygol+k8s-website/repo): kubernetes/website,
  whose content/en/docs/reference/command-line-tools-reference/<component>.md is generated from
  each binary's own flag set, one regeneration per release (PAGES). pflag leaves flags marked
  deprecated or hidden out of `--help`, so the pages list neither.
- KUBEGATE_MICROSHIFT_MIRROR (openshift_trees.py): the component sources of 1.25..1.36, whose
  `MarkDeprecated` / `MarkHidden` calls give the flags the pages omit, with the text pflag prints
  (`Flag --x has been deprecated, <text>`) and the value type of their registration.

Before 1.25 no tree is in reach; the deprecated flags of those releases are corrections, each
with its evidence. `build` uses the Python standard library only and reads nothing but the files
of this repository.
"""

import html
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import (  # noqa: E402
    HERE, NEWEST, OLDEST, ROOT, check_or_write, clean_message, die, flag_life, git, read_tsv, render_flag_preamble,
    render_flag_record, sources_of, write,
)

FACTS_PAGES = os.path.join(HERE, "facts", "component-flags-website.tsv")
FACTS_TREES = os.path.join(HERE, "facts", "component-flags-trees.tsv")
# The kubelet generator's facts of k8s.io/component-base's logging flags per release: shared,
# because every component's main runs component-base's cli.Run, whose logs.AddFlags registers
# them (1.23..1.25: klog's flags, deprecated, unless the command registered them itself).
FACTS_LOGS = os.path.join(HERE, "facts", "kubelet-flags-component-base.tsv")
CORRECTIONS = os.path.join(HERE, "corrections", "component_flags.tsv")
OUT = os.path.join(ROOT, "src", "releases", "component_flags_data.rs")

PAGE_DIR = "content/en/docs/reference/command-line-tools-reference"
WEBSITE_REPO = "kubernetes/website"
COMPONENTS = ["kube-apiserver", "kube-controller-manager", "kube-scheduler", "kube-proxy"]
RUST_COMPONENT = {
    "kube-apiserver": "KubeApiserver",
    "kube-controller-manager": "KubeControllerManager",
    "kube-scheduler": "KubeScheduler",
    "kube-proxy": "KubeProxy",
}

# The website commit whose pages describe each release: the "component reference for v1.N"
# regeneration, or a later fix of those pages before the next regeneration. The four pages were
# regenerated together. Releases missing here had no regeneration in reach (1.36 and 1.37:
# the fork mirror ends with the 1.35 pages): they carry the previous release's pages, and the
# trees and corrections say what changed.
PAGES = {
    16: "cf1a4adc31",  # 2019-09-24 after "update generated comp. files, 1.16"
    17: "bcfbd1e8f3",  # 2020-01-03 regenerate ref docs, 1.17
    18: "7194aaebd8",  # 2020-03-25 generated 1.18 tool refs
    19: "50cfe280cd",  # 2020-08-13 generated files for v1.19.0-rc.4
    20: "edc2d65641",  # 2020-12-03 reference doc for 1.20.0-rc.0
    21: "6e75f25d04",  # 2021-05-27 Fix component reference (1.21)
    22: "8acf5d121e",  # 2021-08-05 Component reference for 1.22
    23: "c14e5c2c43",  # 2022-01-30 after Component reference for v1.23
    24: "4b5e963781",  # 2022-06-08 after Update component reference for 1.24
    25: "29fa349c35",  # 2022-08-24 Component reference for v1.25
    26: "f2768f6c40",  # 2022-12-10 Component reference for 1.26
    27: "8895af3e9b",  # 2023-04-12 Update component reference for 1.27
    28: "c095f6e7f1",  # 2023-08-16 Update component reference for v1.28
    29: "519eec1bf6",  # 2023-12-14 Update component reference for v1.29
    30: "571276338b",  # 2024-04-18 Update kube-xxx component reference for v1.30
    31: "f525060e96",  # 2024-08-17 Update reference for kube components v1.31
    32: "f88d4ccd1d",  # 2024-12-12 Regenerate component reference for v1.32
    33: "05a3c54633",  # 2025-04-24 Component reference for v1.33
    34: "57f603ec07",  # 2025-09-04 Update component reference for v1.34
    35: "13a9e56765",  # 2025-12-21 Update component reference for v1.35
}

KINDS = {
    "Bool", "Int32", "Int64", "Uint64", "Float32", "Float64", "Str", "Dur", "StringSlice",
    "StringArray", "StringToString", "MapBool", "MapStr", "ColonMultimap", "Ip", "IpPort",
    "Cidrs", "PortRange", "NamedCertKey", "Quantity", "KlogLevel", "Verbosity", "KlogVModule",
    "VModule", "Severity", "TraceLocation", "Version", "Enum", "Other", "PflagIp",
}

# How a page type (pflag's Value.Type(), or the back-quoted word of the usage) reads a value.
PAGE_TYPE_KINDS = {
    "": "Bool",
    "string": "Str",
    "int32": "Int32",
    "int": "Int64",
    "int64": "Int64",
    "uint": "Uint64",
    "float": "Float64",
    "float32": "Float32",
    "duration": "Dur",
    "strings": "StringSlice",
    "stringSlice": "StringSlice",
    "stringArray": "StringArray",
    "stringToString": "StringToString",
    "mapStringBool": "MapBool",
    "<comma-separated 'key=True|False' pairs>": "MapBool",
    "mapStringString": "MapStr",
    "<comma-separated 'key=value' pairs>": "MapStr",
    "colonSeparatedMultimapStringString": "ColonMultimap",
    "ip": "Ip",
    "ipport": "IpPort",
    "cidrs": "Cidrs",
    "portRange": "PortRange",
    "port-range": "PortRange",
    "<a string in the form 'N1-N2'>": "PortRange",
    "namedCertKey": "NamedCertKey",
    "quantity": "Quantity",
    "Level": "KlogLevel",
    "moduleSpec": "KlogVModule",
    "pattern=N,...": "VModule",
    "severity": "Severity",
    "traceLocation": "TraceLocation",
    "<a string in the form 'file:N'>": "TraceLocation",
    "version[=true]": "Version",
    "ProxyMode": "Enum",
    "LocalMode": "Enum",
}

# Flags whose page type is not their Value type, per component (None: every component). From
# the 1.21 pages on, types are shown as the usage's words ("string" for an IP), so the type of
# the registration is kept for every release: pflag's IPVar (`failed to parse IP`) in the
# serving options, k8s.io/kubernetes pkg/util/flag's IPVar in kube-proxy; --feature-gates is
# cliflag.MapStringBool until 1.30 and component-base's colon-separated multimap from 1.31
# (`kube:Name=true` or `Name=true`), which the start check reads as the gate string it holds.
NAME_KINDS = {
    ("kube-apiserver", "bind-address"): "PflagIp",
    ("kube-apiserver", "advertise-address"): "PflagIp",
    ("kube-controller-manager", "bind-address"): "PflagIp",
    ("kube-scheduler", "bind-address"): "PflagIp",
    ("kube-proxy", "bind-address"): "Ip",
    (None, "feature-gates"): "MapBool",
}

# Registration calls in the trees -> kind (for flags the pages omit).
CALL_KINDS = {
    "BoolVar": "Bool", "Bool": "Bool", "BoolVarP": "Bool",
    "IntVar": "Int64", "Int": "Int64", "Int32Var": "Int32", "Int64Var": "Int64",
    "UintVar": "Uint64", "Float32Var": "Float32", "Float64Var": "Float64",
    "StringVar": "Str", "String": "Str", "StringVarP": "Str",
    "DurationVar": "Dur", "StringSliceVar": "StringSlice", "StringArrayVar": "StringArray",
    "IPVar": "Ip", "IPNetVar": "Other", "Var": "Other", "VarP": "Other",
}

# Files of the trees whose MarkDeprecated/MarkHidden calls apply to each component (relative to
# the kubernetes tree, or staging/src/k8s.io/... for the staging packages). Shared option
# packages are listed only where the component registers the marked flag: the apiserver's
# audit and etcd options are the kube-apiserver's alone, and k8s.io/cloud-provider's
# KubeCloudShared options the controller-manager's. deprecated_insecure_serving.go stays
# vendored after 1.23 but no component registers it any more.
TREE_FILES = {
    "kube-apiserver": [
        "cmd/kube-apiserver/app/options/",
        "pkg/kubeapiserver/options/",
        "pkg/controlplane/apiserver/options/",
        "staging/src/k8s.io/apiserver/pkg/server/options/audit.go",
        "staging/src/k8s.io/apiserver/pkg/server/options/etcd.go",
    ],
    "kube-controller-manager": [
        "cmd/kube-controller-manager/app/",
        "staging/src/k8s.io/cloud-provider/options/kubecloudshared.go",
        "staging/src/k8s.io/controller-manager/options/",
    ],
    "kube-scheduler": ["cmd/kube-scheduler/app/"],
    "kube-proxy": ["cmd/kube-proxy/app/"],
}

# klog's flags as component-base logs.AddFlags registers them, with their kinds.
KLOG_FLAGS = {
    "add-dir-header": "Bool", "alsologtostderr": "Bool", "log-backtrace-at": "TraceLocation",
    "log-dir": "Str", "log-file": "Str", "log-file-max-size": "Uint64", "logtostderr": "Bool",
    "one-output": "Bool", "skip-headers": "Bool", "skip-log-headers": "Bool",
    "stderrthreshold": "Severity",
}

# OpenShift-only flags of the trees (never upstream's): registered in the fork's cmd/ files
# beside OpenShift's own options (OpenShiftContext).
FORK_ONLY = {"openshift-config", "unsupported-kube-api-over-localhost"}

# Differences the crosscheck finds that are explained: (release, component, flag) -> why.
EXPLAINED = {
    (25, "kube-apiserver", "aggregator-reject-forwarding-redirect"):
        "a patch-release backport (CVE-2022-3172 fix, 1.25.1); 1.25.0 and the 1.25 page lack "
        "it, and the data is per minor",
    (28, "kube-apiserver", "authentication-config"):
        "an OpenShift backport in 1.28.3; upstream adds --authentication-config in 1.29 "
        "(the 1.29 page lists it, the 1.28 page does not)",
}


def page_rows(repo, rev, component):
    text = git(repo, "show", f"{rev}:{PAGE_DIR}/{component}.md")
    rows = []
    for part in re.split(r'<td colspan="2">', text)[1:]:
        head, _, rest = part.partition("</td>")
        # Tags first, then entities: a type such as &lt;comma-separated 'key=True|False'
        # pairs&gt; is text, not a tag.
        head = html.unescape(re.sub(r"<[^>]+>", "", head)).replace("\xa0", " ").strip()
        m = re.match(r"(?:-(\w), )?--([a-z0-9][a-z0-9_-]*)(.*)$", head)
        if not m:
            continue
        # Every component parses with cliflag.WordSepNormalizeFunc (set by its main, or by
        # component-base's cli.Run, which the page generator does not call: pages from 1.24
        # print kube-proxy's klog flags with underscores).
        short, name, tail = m.group(1) or "", m.group(2).replace("_", "-"), m.group(3)
        tail = re.split(r"\s+Default:", tail)[0].strip()
        desc = rest.split('<td colspan="2">')[0]
        dep = ""
        dm = re.search(r"\(DEPRECATED: (.*?)\)</p>", re.sub(r"\s+", " ", desc))
        if dm:
            dep = clean_message(dm.group(1))
        rows.append((name, short, tail, dep))
    return rows


def go_string(expr):
    """The value of a Go string expression made of literals joined by `+`, or None."""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"|(\S)', expr)
    out = ""
    for lit, other in parts:
        if other and other != "+":
            return None
        if not other:
            out += bytes(lit, "utf-8").decode("unicode_escape")
    return out


MARK = re.compile(r'\.Mark(Deprecated|Hidden)\(\s*"([a-z0-9-]+)"\s*(?:,\s*((?:"(?:[^"\\]|\\.)*"\s*\+?\s*)+))?\)')
REG = re.compile(r'\.(\w+)\(\s*(?:&?[\w.\[\]()*]+(?:\{[^{}]*\})?|cliflag\.\w+\([^()]*\))?,?\s*"([a-z0-9-]+)"')


def tree_files(minor, component):
    """(path, text) of the component's option files in the tree of release `minor`."""
    import openshift_trees as ot

    k = ot.kubernetes_prefix(minor)
    branch = ot.TREES[minor][0]
    files = subprocess.run(
        ["git", "--git-dir", ot.MIRROR, "ls-tree", "-r", "--name-only", branch, k + "/", "vendor/k8s.io/"],
        capture_output=True, text=True,
    ).stdout.split()
    wanted = []
    for pat in TREE_FILES[component]:
        if pat.startswith("staging/src/k8s.io/") and minor < 31:
            pat = "vendor/k8s.io/" + pat[len("staging/src/k8s.io/"):]
        else:
            pat = f"{k}/{pat}"
        # The Linux binaries: Windows-only registrations (kube-proxy's init_windows.go) are out.
        wanted += [f for f in files if f.endswith(".go") and not f.endswith("_test.go")
                   and not f.endswith("_windows.go")
                   and (f == pat or (pat.endswith("/") and f.startswith(pat)))]
    out = []
    for path in sorted(set(wanted)):
        text = subprocess.run(
            ["git", "--git-dir", ot.MIRROR, "show", f"{branch}:{path}"], capture_output=True, text=True
        ).stdout
        out.append((path.rsplit(k + "/", 1)[-1], text))
    return out


def is_registration(method):
    return method in CALL_KINDS or method.endswith("Var") or method.endswith("VarP")


def tree_registered(minor, component):
    """Flag name -> file of every registration call in the component's own option files."""
    out = {}
    for path, text in tree_files(minor, component):
        for m in REG.finditer(text):
            if is_registration(m.group(1)) and m.group(2) not in FORK_ONLY:
                out.setdefault(m.group(2), path)
    return out


def tree_marks(minor, component):
    """(flag, mark, text, kind, file) of one component's MarkDeprecated/MarkHidden calls in the
    tree of release `minor`."""
    out = []
    for path, text in tree_files(minor, component):
        regs = {}
        for m in REG.finditer(text):
            regs.setdefault(m.group(2), CALL_KINDS.get(m.group(1), ""))
        for m in MARK.finditer(text):
            how, name, expr = m.group(1), m.group(2), m.group(3) or ""
            if name in FORK_ONLY:
                continue
            msg = go_string(expr) if how == "Deprecated" else ""
            if msg is None:
                die(f"1.{minor} {path}: the deprecation text of --{name} is not a literal")
            out.append((name, how.lower(), msg, regs.get(name) or "Other", path))
    return out


def extract():
    import openshift_trees as ot

    website = os.environ.get("KUBEGATE_WEBSITE_MIRROR", "/work/.mirror/Andygol+k8s-website/repo")
    if not os.path.isdir(website):
        die(f"the kubernetes/website git mirror is absent ({website}); set KUBEGATE_WEBSITE_MIRROR")
    ot.require(die)
    lines = [
        "# Control-plane flags as the generated reference pages list them, per release,",
        "#   component and flag.",
        f"# source: {WEBSITE_REPO} paths {PAGE_DIR}/{{{','.join(COMPONENTS)}}}.md",
        "# columns: release, page commit, component, flag, shorthand, page type (pflag Type() or",
        "#   the usage's back-quoted word), deprecation shown as (DEPRECATED: ...), markup removed",
        "release\tcommit\tcomponent\tflag\tshorthand\ttype\tdeprecated",
    ]
    for rel in sorted(PAGES):
        rev = git(website, "rev-parse", PAGES[rel]).strip()
        for comp in COMPONENTS:
            seen = set()
            for name, short, typ, dep in sorted(page_rows(website, rev, comp)):
                if name in seen:
                    continue
                seen.add(name)
                lines.append(f"{rel}\t{rev}\t{comp}\t{name}\t{short}\t{typ}\t{dep}")
    write(FACTS_PAGES, "\n".join(lines) + "\n")

    out = [
        "# MarkDeprecated / MarkHidden calls of the control-plane components, per release, in the",
        "#   openshift/kubernetes trees openshift/microshift carries (openshift_trees.py TREES;",
        "#   kube-proxy only from 1.31, the vendored trees before lack cmd/kube-proxy).",
        "# source: openshift/microshift branches release-4.12..release-5.0, the paths of",
        "#   TREE_FILES in component_flags.py",
        "# columns: release, branch, component, flag, mark (deprecated/hidden), pflag's text,",
        "#   kind of the registration call, file",
        "release\tbranch\tcomponent\tflag\tmark\ttext\tkind\tfile",
    ]
    for minor in sorted(ot.TREES):
        for comp in COMPONENTS:
            for name, how, msg, kind, path in sorted(set(tree_marks(minor, comp))):
                out.append(f"{minor}\t{ot.TREES[minor][0]}\t{comp}\t{name}\t{how}\t{msg}\t{kind}\t{path}")
    write(FACTS_TREES, "\n".join(out) + "\n")
    print(f"wrote {os.path.relpath(FACTS_PAGES, ROOT)} and {os.path.relpath(FACTS_TREES, ROOT)}")








def page_kind(rel, comp, name, typ):
    # -v and --vmodule: klog's own until component-base's LoggingConfiguration bound them (1.23,
    # the kubelet generator's component-base facts).
    if name == "v":
        return "KlogLevel" if rel < 23 else "Verbosity"
    if name == "vmodule":
        return "KlogVModule" if rel < 23 else "VModule"
    kind = NAME_KINDS.get((comp, name)) or NAME_KINDS.get((None, name))
    if kind:
        return kind
    if typ in PAGE_TYPE_KINDS:
        return PAGE_TYPE_KINDS[typ]
    # A back-quoted usage word (an example value such as 0.0.0.0): the value is a string.
    return "Str"


def build_records():
    pages = read_tsv(FACTS_PAGES)
    trees = read_tsv(FACTS_TREES)
    corrections = read_tsv(CORRECTIONS)
    logs = {int(r["release"]): r for r in read_tsv(FACTS_LOGS)}
    by_release = {}
    commits = {}
    for r in pages:
        rel = int(r["release"])
        commits[rel] = r["commit"]
        by_release.setdefault((rel, r["component"]), {})[r["flag"]] = r
    tree_by = {}
    for r in trees:
        tree_by.setdefault((int(r["release"]), r["component"]), []).append(r)

    # state[(rel, comp)] = name -> {short, kind, dep, hidden}
    state = {}
    for comp in COMPONENTS:
        prev = None
        for rel in range(OLDEST, NEWEST + 1):
            src = by_release.get((rel, comp))
            if src is None:
                cur = {k: dict(v) for k, v in state[(prev, comp)].items()}
            else:
                cur = {}
                for name, f in src.items():
                    cur[name] = {
                        "short": f["shorthand"],
                        "kind": page_kind(rel, comp, name, f["type"]),
                        "dep": f["deprecated"],
                        "hidden": False,
                        "src": "page",
                    }
            lg = logs.get(rel)
            if comp == "kube-proxy" and rel < 21:
                # kube-proxy's main (before component-base's cli.Run) added Go's flag set,
                # where component-base's logs package registers klog's flags, to pflag's
                # CommandLine, which cobra merges in; the page generator never ran main.
                for name, kind in list(KLOG_FLAGS.items()) + [("v", "KlogLevel"), ("vmodule", "KlogVModule")]:
                    cur.setdefault(name, {"short": "v" if name == "v" else "", "kind": kind,
                                          "dep": "", "hidden": False, "src": "logs"})
            if rel >= 23:
                # component-base cli.Run adds logs.AddFlags to every command (the page
                # generator builds the command without it).
                for name, kind in (("v", "Verbosity"), ("vmodule", "VModule"), ("log-flush-frequency", "Dur")):
                    cur.setdefault(name, {"short": "v" if name == "v" else "", "kind": kind,
                                          "dep": "", "hidden": False, "src": "logs"})
            if lg and lg["klog_flags"] == "yes" and lg["klog_deprecated"]:
                for name, kind in KLOG_FLAGS.items():
                    if name not in cur:
                        cur[name] = {"short": "", "kind": kind, "dep": lg["klog_deprecated"],
                                     "hidden": False, "src": "logs"}
            for t in tree_by.get((rel, comp), []):
                f = cur.setdefault(t["flag"], {
                    "short": "", "kind": t["kind"] if t["kind"] in KINDS else "Other",
                    "dep": "", "hidden": False, "src": "tree",
                })
                if t["mark"] == "deprecated":
                    f["dep"] = t["text"]
                else:
                    f["hidden"] = True
            state[(rel, comp)] = cur
            prev = rel

    for c in corrections:
        lo = int(c["from"])
        hi = int(c["to"]) if c["to"] else NEWEST
        comp, field, value, name = c["component"], c["field"], c["value"], c["flag"]
        if comp not in COMPONENTS:
            die(f"correction for {name}: unknown component {comp}")
        if not c["reason"] or not c["evidence"]:
            die(f"correction for {name} lacks a reason or evidence")
        for rel in range(lo, hi + 1):
            flags = state[(rel, comp)]
            if field == "absent":
                if name not in flags:
                    die(f"correction absent for {comp} --{name} in 1.{rel}, which lacks the flag")
                flags.pop(name)
                continue
            if field == "present":
                if value not in KINDS:
                    die(f"correction present for {comp} --{name}: unknown kind {value!r}")
                flags.setdefault(name, {"short": "", "kind": value, "dep": "", "hidden": False})
                continue
            if name not in flags:
                die(f"correction {field} for {comp} --{name} in 1.{rel}, which lacks the flag")
            if field == "kind":
                if value not in KINDS:
                    die(f"unknown kind {value}")
                flags[name]["kind"] = value
            elif field == "deprecated":
                flags[name]["dep"] = value
            elif field == "hidden":
                flags[name]["hidden"] = value == "yes"
            elif field == "shorthand":
                flags[name]["short"] = value
            else:
                die(f"unknown correction field {field}")

    records, gaps = [], []
    for comp in COMPONENTS:
        names = sorted({n for (rel, c), flags in state.items() if c == comp for n in flags})
        for name in names:
            present = [rel for rel in range(OLDEST, NEWEST + 1) if name in state[(rel, comp)]]
            since, last = present[0], present[-1]
            if present != list(range(since, last + 1)):
                missing = sorted(set(range(since, last + 1)) - set(present))
                gaps.append(f"{comp} --{name} is missing in {', '.join(f'1.{m}' for m in missing)}")
                continue
            removed = last + 1 if last < NEWEST else None
            spans = []
            for rel in present:
                f = state[(rel, comp)][name]
                key = (f["kind"], f["dep"], f["hidden"])
                if not spans or spans[-1][1:] != key:
                    spans.append((rel,) + key)
            shorts = {state[(rel, comp)][name]["short"] for rel in present}
            if len(shorts) != 1:
                die(f"{comp} --{name} changes its shorthand")
            records.append((comp, name, shorts.pop(), since, removed, spans))
    if gaps:
        die("gaps in the releases of a flag (add a correction):\n  " + "\n  ".join(gaps))
    srcs = sources_of(FACTS_PAGES) + sources_of(FACTS_TREES) + sources_of(FACTS_LOGS)
    page_commits = {r: commits.get(r) for r in range(OLDEST, NEWEST + 1)}
    return records, srcs, page_commits, state


def crosscheck():
    """Compares each release's data with the registrations of the tree openshift/microshift
    carries for it: every MarkDeprecated text, and every flag name the component's own option
    files register (TREE_FILES; flags of shared option packages outside them are not seen, so
    only "in the tree, absent from the data" is reported). Prints each difference; exits 1 if
    there is one."""
    import openshift_trees as ot

    ot.require(die)
    _, _, _, state = build_records()
    found = 0
    for minor in sorted(ot.TREES):
        lines = []
        for comp in COMPONENTS:
            if comp == "kube-proxy" and minor < 31:
                continue
            ours = state[(minor, comp)]
            for name, how, msg, _, path in tree_marks(minor, comp):
                if name not in ours:
                    lines.append(f"  {comp} --{name}: marked {how} in {path}, absent from the data")
                elif how == "deprecated" and ours[name]["dep"] != msg:
                    lines.append(f"  {comp} --{name}: deprecation {msg!r} in {path}, {ours[name]['dep']!r} in the data")
            for name, path in sorted(tree_registered(minor, comp).items()):
                if name not in ours and (minor, comp, name) not in EXPLAINED:
                    lines.append(f"  {comp} --{name}: registered in {path}, absent from the data")
            for name, f in sorted(ours.items()):
                if f["dep"] and f.get("src") == "page":
                    marks = {n for n, how, *_ in tree_marks(minor, comp) if how == "deprecated"}
                    if name not in marks:
                        lines.append(f"  {comp} --{name}: deprecated in the data, not marked in the tree")
        found += ot.report(minor, lines)
    sys.exit(1 if found else 0)



def render(records, srcs, page_commits):
    out = []
    out.append("// Generated by scripts/gen-releases/component_flags.py build: do not edit.")
    out.append("// Facts: scripts/gen-releases/facts/component-flags-*.tsv;")
    out.append("// corrections: scripts/gen-releases/corrections/component_flags.tsv.")
    out.append("use super::{ComponentFlag, FlagKind::*, FlagSpan};")
    out.append("use crate::releases::gates::Component::*;")
    out.append("")
    dep_names = render_flag_preamble(
        out, srcs, page_commits, {sp[2] for r in records for sp in r[5] if sp[2]}
    )
    out.append("/// Every flag any release of the four components registered, by component (in")
    out.append("/// `Component::ALL` order) and then by name.")
    out.append("pub static FLAGS: &[ComponentFlag] = &[")
    for comp, name, short, since, removed, spans in records:
        render_flag_record(out, "ComponentFlag", [
            ("component", RUST_COMPONENT[comp]), *flag_life(name, short, since, removed),
        ], [[
            ("from", frm),
            ("kind", kind),
            ("deprecated", f"Some({dep_names[dep]})" if dep else "None"),
            ("hidden", "true" if hidden else "false"),
        ] for frm, kind, dep, hidden in spans])
    out.append("];")
    return "\n".join(out) + "\n"


def census(records):
    lines = []
    for comp in COMPONENTS:
        counts = []
        for rel in range(OLDEST, NEWEST + 1):
            n = sum(1 for r in records if r[0] == comp and r[3] <= rel and (r[4] is None or rel < r[4]))
            counts.append(f"1.{rel}: {n}")
        lines.append(f"{comp}: " + ", ".join(counts))
    return lines


def build(check):
    records, srcs, page_commits, _ = build_records()
    order = {c: i for i, c in enumerate(["kube-apiserver", "kube-controller-manager", "kube-scheduler", "kube-proxy"])}
    records.sort(key=lambda r: (order[r[0]], r[1]))
    text = render(records, srcs, page_commits)
    if check_or_write(OUT, text, f"({len(records)} flags)", check):
        for line in census(records):
            print(line)


if __name__ == "__main__":
    common.main(extract, build, crosscheck)
