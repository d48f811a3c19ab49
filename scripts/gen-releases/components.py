#!/usr/bin/env python3
"""Which components read each feature gate, per release, from the Go import graph of upstream code.

  extract   read the mirrors (git ls-tree / cat-file, no checkout) and write
            scripts/gen-releases/facts/gate-components.tsv
  check     exit 1 if the checked-in TSV differs from what extract would write
  report    print (markdown) the sanity checks and per-release counts, from the TSV alone

Why: every component registers the gates of the shared maps (so a gate string naming any of them is
accepted), yet reads only some. The kubelet's upgrade check must tell "changes what the kubelet
does" from "registered, never read by the kubelet".

Method, per release:
1. Trees. openshift/microshift release-4.18..4.23 hold a full openshift/kubernetes tree (1.31..1.36)
   under deps/github.com/openshift/kubernetes. release-4.12..4.17 (1.25..1.30) and four earlier
   commits (1.20, 1.21, 1.23, 1.24; pinned in RELEASES) hold what `go mod vendor` copied for
   microshift's imports: cmd/<component>/app of kube-apiserver, kube-controller-manager,
   kube-scheduler and the kubelet (1.20, 1.21: kube-proxy too) with every package they import (all
   GOOS; vendoring ignores build tags). kube-proxy otherwise comes from openshift/sdn branches,
   which vendor cmd/kube-proxy/app (release-4.3..4.5 = 1.16..1.18, 4.9 = 1.22, 4.10 = 1.23,
   4.12..4.17 = 1.25..1.30; matched to releases by their pkg/features gate lists, as sdn's go.mod
   versions are placeholders). A package one vendored tree lacks is read from the other, else from
   kubernetes/component-base at tag kubernetes-1.N.0 (logs/json/register, imported only by the
   main packages). A component a release has no source for (1.16..1.18, 1.22: all but kube-proxy;
   1.24: kube-proxy) takes its answer from the nearest later (else earlier) computed release that
   registers the gate; the source column names it. 1.19 has no source at all and no rows.
2. Import graph. From cmd/<component> (vendored trees: cmd/<component>/app plus MAIN_IMPORTS, the
   main package not being vendored) follow imports to k8s.io/kubernetes/... and k8s.io/<staging>/...
   (staging/src, or vendor/k8s.io); nothing else (third-party code reads no Kubernetes gate).
   _test.go files are skipped; a file counts when its name suffix and //go:build (or // +build)
   line allow linux/amd64 or windows/amd64, cgo off, no custom tags (so `!providerless` code
   counts, as in the release build). Windows builds count because Windows nodes run the kubelet
   and kube-proxy: a gate read only by windows code is still the kubelet's. The fork's own
   directories (openshift-kube-apiserver, openshift-kube-controller-manager, openshift-hack) and
   gate files (pkg/features/openshift_features.go, patch_kube_features.go) are left out.
3. Gates. `X featuregate.Feature = "Name"`, `X = featuregate.Feature("Name")` and client-go's
   `X Feature = "Name"` declare a constant; it is a gate of the release when some reachable
   registration map uses it as a key (logs' LoggingStableOptions is declared, never registered).
4. Reads. In each reachable file that is not registration (one declaring gate constants or holding
   a `featuregate.FeatureSpec{`/`VersionedSpecs{` literal): any use of a gate constant qualified by
   the import name of its package (or unqualified inside it), with comments and string literals
   blanked, plus declarative validation's `IfOption*(…, "Name", …)` strings. Every use counts,
   not only `Enabled(features.X)`: gates also reach `Enabled` through variables, (gate, field)
   tables and helpers.
5. Ownership. Package reachability over-approximates what runs: the kubelet links pkg/api/pod and
   pkg/apis/core/validation (static pods), pkg/scheduler plugins (admission) and most of
   k8s.io/apiserver; the controller-manager links pkg/kubelet/metrics, apiextensions-apiserver and
   pkg/controlplane; even kube-proxy links k8s.io/apiserver's storage. So a read counts for a
   component when the file is reachable from it AND the component is in the file's OWNERS entry
   (longest matching import-path prefix; no entry = every component that reaches it): the
   apiserver's request path (pkg/registry, pkg/api except pkg/api/v1, pkg/apis except the core
   helpers, admission, k8s.io/apiserver except delegated authn/authz and secure serving,
   apiextensions, aggregator) counts for kube-apiserver only; pkg/controller for the
   controller-manager; pkg/scheduler for the scheduler; pkg/kubelet and pkg/credentialprovider for
   the kubelet; pkg/proxy for kube-proxy; pkg/volume for the kubelet, controller-manager and
   scheduler. client-go, component-base and the shared helpers count for every component that
   links them: that is honest (every binary runs its informers and logging), and it is why
   WatchListClient, ContextualLogging and the like list all five.

Limits: package granularity inside each owner (a reachable shared package counts even where the
linker drops the reading function, e.g. pkg/api/v1/pod's PodObservedGenerationTracking for
kube-proxy); the ownership table is a judgement about who runs the code (the kubelet's static-pod
validation and defaulting do run pkg/api/pod and pkg/apis code, which this rule leaves to the
apiserver); OpenShift carry patches inside upstream directories and OpenShift backports of
upstream gates (e.g. StreamingCollectionEncodingToJSON in 1.29..1.32) are counted as found; the
vendored releases mix patch levels (microshift 1.25.10 with sdn 1.25.1); borrowed answers (see 1.)
assume a component's reads did not change between neighbouring releases. 1.37 has no source tree
here: its rows carry 1.36 forward (source column says so).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HERE, ROOT, die  # noqa: E402

MIRROR = os.environ.get("KUBEGATE_MIRROR", "/work/.mirror")
MICROSHIFT = "openshift/microshift"
SDN = "openshift/sdn"


def git_dir(repo: str) -> str:
    return os.path.join(MIRROR, repo.replace("/", "+"), "repo")
OUT = os.path.join(HERE, "facts", "gate-components.tsv")
KDIR = "deps/github.com/openshift/kubernetes"

COMPONENTS = ["kube-apiserver", "kube-controller-manager", "kube-scheduler", "kubelet", "kube-proxy"]

APISERVER, KCM, SCHED, KUBELET, PROXY = COMPONENTS
FOUR = (APISERVER, KCM, SCHED, KUBELET)

# minor -> (source label, [(repo, branch, layout, components)]). layout "tree": a full kubernetes
# tree under KDIR; "vendor": `go mod vendor` copies under vendor/k8s.io (all GOOS, no tests).
# openshift/sdn vendors cmd/kube-proxy/app of the same openshift/kubernetes release line.
ALL = tuple(COMPONENTS)
RELEASES = {
    # Before 1.25: early microshift commits (go.mod and vendor/modules.txt pin the release; the
    # 1.20/1.21 ones still vendored kube-proxy) and openshift/sdn branches whose vendored
    # pkg/features matches that release's gate list (sdn release-4.6 and 4.11 carry the 1.18 and
    # 1.23 trees, so 1.19 has no source and 1.24 no kube-proxy).
    16: ("vendor", [(SDN, "release-4.3", "vendor", (PROXY,))]),
    17: ("vendor", [(SDN, "release-4.4", "vendor", (PROXY,))]),
    18: ("vendor", [(SDN, "release-4.5", "vendor", (PROXY,))]),
    20: ("vendor", [(MICROSHIFT, "5aae6853ee7e2f80785096ba54731e7acfa2b5f4", "vendor", ALL)]),
    21: ("vendor", [(MICROSHIFT, "b6df5953768fb14a97b117beba5ad1190d285cd8", "vendor", ALL)]),
    22: ("vendor", [(SDN, "release-4.9", "vendor", (PROXY,))]),
    23: ("vendor", [(MICROSHIFT, "630b1e6a043cf4c43c91a5c4c02640902bbd6a26", "vendor", FOUR),
                    (SDN, "release-4.10", "vendor", (PROXY,))]),
    24: ("vendor", [(MICROSHIFT, "592495f0078365863bb6e13236a42ef790049643", "vendor", FOUR)]),
    **{m: ("vendor", [(MICROSHIFT, f"release-4.{m - 13}", "vendor", FOUR),
                      (SDN, f"release-4.{m - 13}", "vendor", (PROXY,))]) for m in range(25, 31)},
    **{m: ("tree", [(MICROSHIFT, f"release-4.{m - 13}", "tree", tuple(COMPONENTS))]) for m in range(31, 37)},
}
# Staging repositories (mirrored with their kubernetes-1.N.0 tags) that fill packages the vendored
# trees lack: (mirror repo, module path).
STAGING_REPOS = [("kubernetes/component-base", "k8s.io/component-base")]
CARRY_TO = 37  # no source tree: the newest computed release is carried to this one

GOOSES = {"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js",
          "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
GOARCHES = {"386", "amd64", "amd64p32", "arm", "arm64", "arm64be", "armbe", "loong64", "mips",
            "mips64", "mips64le", "mips64p32", "mips64p32le", "mipsle", "ppc", "ppc64", "ppc64le",
            "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
UNIX = {"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "linux",
        "netbsd", "openbsd", "solaris"}
BUILDS = ("linux", "windows")
# Directories of the fork that upstream does not have.
FORK_DIRS = ("openshift-kube-apiserver", "openshift-kube-controller-manager", "openshift-hack")
FORK_GATE_FILES = ("pkg/features/openshift_features.go", "pkg/features/patch_kube_features.go")


def git(repo: str, *args: str) -> str:
    if not os.path.isdir(git_dir(repo)):
        die(f"no mirror of {repo} at {git_dir(repo)} (fetch github:{repo} first)")
    r = subprocess.run(["git", "--git-dir", git_dir(repo), *args], capture_output=True, text=True)
    if r.returncode != 0:
        die(f"git {' '.join(args)} in {repo} failed: {r.stderr.strip()}")
    return r.stdout


class Blobs:
    """One `git cat-file --batch` process; missing blobs (large files left out of the mirror) read as None."""

    def __init__(self, repo: str) -> None:
        self.p = subprocess.Popen(["git", "--git-dir", git_dir(repo), "cat-file", "--batch"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def read(self, sha: str):
        self.p.stdin.write(sha.encode() + b"\n")
        self.p.stdin.flush()
        head = self.p.stdout.readline().split()
        if len(head) < 3 or head[1] == b"missing":
            return None
        data = self.p.stdout.read(int(head[2]))
        self.p.stdout.read(1)
        return data.decode("utf-8", "replace")

    def close(self) -> None:
        self.p.stdin.close()
        self.p.wait()


# ---------------------------------------------------------------- Go source, just enough of it

def strip_go(src: str) -> str:
    """Blanks comments and the contents of string and rune literals (keeps quotes and newlines)."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "/" and i + 1 < n and src[i + 1] == "/":
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif c == "/" and i + 1 < n and src[i + 1] == "*":
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * src.count("\n", i, j) or " ")
            i = j
        elif c == "`":
            j = src.find("`", i + 1)
            j = n if j < 0 else j + 1
            out.append("``" + "\n" * src.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


BUILD_LINE = re.compile(r"^//go:build\s+(.+)$", re.M)
PLUS_BUILD = re.compile(r"^// \+build\s+(.+)$", re.M)


def eval_constraint(expr: str, tags: set[str]) -> bool:
    """Evaluates a //go:build expression (||, &&, !, parentheses, tags); malformed means excluded."""
    toks = re.findall(r"\|\||&&|!|\(|\)|[\w.]+", expr)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def p_or():
        v = p_and()
        while peek() == "||":
            take()
            v = p_and() or v
        return v

    def p_and():
        v = p_not()
        while peek() == "&&":
            take()
            v = p_not() and v
        return v

    def p_not():
        t = take() if peek() is not None else None
        if t == "!":
            return not p_not()
        if t == "(":
            v = p_or()
            if peek() == ")":
                take()
            return v
        if t is None:
            raise ValueError("empty")
        return t in tags or bool(re.fullmatch(r"go1\.\d+", t))

    try:
        v = p_or()
        return v if pos == len(toks) else False
    except (ValueError, IndexError):
        return False


def file_builds(name: str, header: str, goos: str) -> bool:
    stem = name[:-3]
    parts = stem.split("_")
    if len(parts) >= 2:
        last = parts[-1]
        if last in GOARCHES and len(parts) >= 3 and parts[-2] in GOOSES:
            if parts[-2] != goos or last != "amd64":
                return False
        elif last in GOOSES:
            if last != goos:
                return False
        elif last in GOARCHES and last != "amd64":
            return False
    tags = {goos, "amd64", "gc"} | ({"unix"} if goos in UNIX else set())
    m = BUILD_LINE.search(header)
    if m:
        return eval_constraint(m.group(1), tags)
    for line in PLUS_BUILD.findall(header):
        # Old form: space = OR, comma = AND, lines AND.
        if not any(all((t[1:] not in tags) if t.startswith("!") else (t in tags or re.fullmatch(r"go1\.\d+", t))
                       for t in alt.split(",")) for alt in line.split()):
            return False
    return True


PKG_CLAUSE = re.compile(r"^package\s+(\w+)", re.M)
IMPORT_ONE = re.compile(r"^import\s+(?:([\w.]+)\s+)?\"([^\"]+)\"", re.M)
IMPORT_BLOCK = re.compile(r"^import\s*\((.*?)^\)", re.M | re.S)
IMPORT_SPEC = re.compile(r"^\s*(?:([\w.]+)\s+)?\"([^\"]+)\"", re.M)
GATE_DECL = re.compile(r"^\s*(\w+)\s+(?:featuregate\.)?Feature\s*=\s*\"(\w+)\"|^\s*(\w+)\s*=\s*featuregate\.Feature\(\"(\w+)\"\)", re.M)
REGISTRATION = re.compile(r"featuregate\.(?:VersionedSpecs|FeatureSpec)\{")
# Declarative validation (generated zz_generated.validations.go) names its gates as option strings.
OPTION_NAME = re.compile(r"\bIfOption\w*\([^\"\n]*\"(\w+)\"")
# A map entry in a registration file: `Const: {`, `alias.Const: {`, `Const: featuregate.…`.
MAP_KEY = re.compile(r"(?<![\w.])(?:\w+\.)?([A-Za-z_]\w*)\s*:\s*(?:\{|featuregate\.)")


class GoFile:
    __slots__ = ("path", "name", "pkg", "imports", "code", "header", "decls", "registration", "keys",
                 "options")

    def __init__(self, path: str, src: str) -> None:
        self.path = path
        self.name = path.rsplit("/", 1)[-1]
        m = PKG_CLAUSE.search(src)
        self.header = src[: m.start()] if m else src
        self.pkg = m.group(1) if m else ""
        # Imports read from the raw text (paths are string literals); comments removed first.
        nocomment = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
        nocomment = re.sub(r"(?m)^\s*//.*$", "", nocomment)
        mb = PKG_CLAUSE.search(nocomment)
        body = nocomment[mb.start():] if mb else nocomment
        imps = []
        for blk in IMPORT_BLOCK.findall(body):
            imps += [(a, p) for a, p in IMPORT_SPEC.findall(blk)]
        imps += [(a, p) for a, p in IMPORT_ONE.findall(body)]
        self.imports = imps
        self.decls = [(a or c, b or d) for a, b, c, d in GATE_DECL.findall(src)]
        self.registration = bool(self.decls) or bool(REGISTRATION.search(src))
        self.code = strip_go(src)
        self.keys = set(MAP_KEY.findall(self.code)) if self.registration else set()
        self.options = set(OPTION_NAME.findall(src))


# ---------------------------------------------------------------- one release's tree

class Tree:
    """A release's Go files keyed by import path, read lazily from one commit."""

    def __init__(self, repo: str, rev: str, layout: str) -> None:
        self.repo, self.rev, self.layout = repo, rev, layout
        self.blobs = Blobs(repo)
        self.commit = git(repo, "rev-parse", rev + "^{commit}").strip()
        self.dirs: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        if layout == "tree":
            roots = [f"{KDIR}/{d}" for d in ("cmd", "pkg", "plugin", "third_party", "staging/src/k8s.io")]
        elif layout == "vendor":
            roots = ["vendor/k8s.io"]
        else:
            roots = []
        out = git(repo, "ls-tree", "-r", self.commit, "--", *roots)
        for line in out.splitlines():
            meta, path = line.split("\t", 1)
            if not path.endswith(".go") or path.endswith("_test.go"):
                continue
            key = self.import_path(path.rsplit("/", 1)[0] if "/" in path else "")
            if key is None:
                continue
            self.dirs[key].append((path.rsplit("/", 1)[-1], meta.split()[2], path))
        self.parsed: dict[str, GoFile | None] = {}
        self.fallbacks: list[Tree] = []

    def owner(self, key: str):
        """The tree that holds package `key`: this one, else the first fallback that has it."""
        if key in self.dirs:
            return self
        return next((t for t in self.fallbacks if key in t.dirs), None)

    def has(self, key: str) -> bool:
        return self.owner(key) is not None

    def import_path(self, d: str):
        if self.layout.startswith("module:"):
            mod = self.layout[len("module:"):]
            if d == "vendor" or d.startswith("vendor/"):
                return None
            return mod + ("/" + d if d else "")
        if self.layout == "tree":
            rel = d[len(KDIR) + 1:]
            if rel.startswith("staging/src/"):
                return rel[len("staging/src/"):]
            if rel.split("/", 1)[0] in FORK_DIRS:
                return None
            return "k8s.io/kubernetes/" + rel
        rel = d[len("vendor/"):]
        if rel.startswith("k8s.io/kubernetes/") and rel[len("k8s.io/kubernetes/"):].split("/", 1)[0] in FORK_DIRS:
            return None
        return rel

    def source_path(self, key: str) -> str:
        if self.layout == "tree":
            if key.startswith("k8s.io/kubernetes/"):
                return f"{KDIR}/{key[len('k8s.io/kubernetes/'):]}"
            return f"{KDIR}/staging/src/{key}"
        return f"vendor/{key}"

    def files(self, key: str, goos: str) -> list[GoFile]:
        if key not in self.dirs:
            other = self.owner(key)
            return other.files(key, goos) if other is not None else []
        res = []
        for name, sha, path in self.dirs.get(key, ()):
            if path not in self.parsed:
                src = self.blobs.read(sha)
                self.parsed[path] = GoFile(path, src) if src is not None else None
            f = self.parsed[path]
            if f is None or not file_builds(name, f.header, goos):
                continue
            if any(path.endswith("/" + g) for g in FORK_GATE_FILES):
                continue
            res.append(f)
        return res

    def reachable(self, starts: list[str], goos: str) -> dict[str, list[GoFile]]:
        seen: dict[str, list[GoFile]] = {}
        todo = list(starts)
        while todo:
            key = todo.pop()
            if key in seen or not self.has(key):
                continue
            fs = self.files(key, goos)
            seen[key] = fs
            for f in fs:
                for _alias, imp in f.imports:
                    if imp not in seen and self.has(imp):
                        todo.append(imp)
        return seen


# Ownership: import-path prefix (a directory, or a directory/file.go) -> the components a read there
# counts for (intersected with the components that reach the file). The longest matching prefix
# wins; no match means every component that reaches the file. The table is the judgement named in
# the module doc: whose request path or control loop runs the reading function.
K8S = "k8s.io/kubernetes/"
AS = "k8s.io/apiserver/"
FEATUREGATE_PKG = "k8s.io/component-base/featuregate"
OWNERS: dict[str, frozenset[str]] = {
    # The apiserver's request path: storage strategies, field dropping, validation, defaulting,
    # admission, authorizers, its own controllers and libraries.
    K8S + "pkg/registry": frozenset({APISERVER}),
    K8S + "pkg/controlplane": frozenset({APISERVER}),
    K8S + "pkg/kubeapiserver": frozenset({APISERVER}),
    K8S + "pkg/api": frozenset({APISERVER}),
    K8S + "pkg/apis": frozenset({APISERVER}),
    K8S + "pkg/serviceaccount": frozenset({APISERVER}),
    K8S + "plugin/pkg/admission": frozenset({APISERVER}),
    K8S + "plugin/pkg/auth": frozenset({APISERVER}),
    K8S + "cmd/kube-apiserver": frozenset({APISERVER}),
    "k8s.io/apiextensions-apiserver/": frozenset({APISERVER}),
    "k8s.io/kube-aggregator/": frozenset({APISERVER}),
    "k8s.io/pod-security-admission/": frozenset({APISERVER}),
    AS: frozenset({APISERVER}),
    # Helpers of the core API that every component calls on the objects it handles.
    K8S + "pkg/api/v1": frozenset(COMPONENTS),
    K8S + "pkg/apis/core/helper": frozenset(COMPONENTS),
    K8S + "pkg/apis/core/v1/helper": frozenset(COMPONENTS),
    # k8s.io/apiserver pieces that the other servers run too. Delegated authentication and
    # authorization (webhook authenticator/authorizer, x509 request authentication, dynamic CA
    # files): the kubelet, the controller-manager and the scheduler; kube-proxy serves no
    # authenticated endpoint. The secure-port handler chain (filters, request info, delegating
    # options, secure serving): the controller-manager and the scheduler (controller-manager's
    # BuildHandlerChain); the kubelet runs its own server. flagz/statusz/healthz: whoever links them.
    AS + "pkg/authentication": frozenset(FOUR),
    AS + "pkg/authorization/authorizer": frozenset(FOUR),
    AS + "pkg/authorization/authorizerfactory": frozenset(FOUR),
    AS + "pkg/authorization/union": frozenset(FOUR),
    AS + "pkg/authorization/path": frozenset(FOUR),
    AS + "plugin/pkg/authenticator/token/webhook": frozenset(FOUR),
    AS + "plugin/pkg/authenticator/request": frozenset(FOUR),
    AS + "plugin/pkg/authorizer/webhook": frozenset(FOUR),
    AS + "pkg/util/webhook": frozenset(FOUR),
    AS + "pkg/server/dynamiccertificates": frozenset(FOUR),
    AS + "pkg/endpoints/filters/authentication.go": frozenset({APISERVER, KCM, SCHED}),
    AS + "pkg/endpoints/filters/authorization.go": frozenset({APISERVER, KCM, SCHED}),
    AS + "pkg/endpoints/request": frozenset({APISERVER, KCM, SCHED}),
    AS + "pkg/server/options/authentication.go": frozenset({APISERVER, KCM, SCHED}),
    AS + "pkg/server/options/authorization.go": frozenset({APISERVER, KCM, SCHED}),
    AS + "pkg/server/secure_serving.go": frozenset({APISERVER, KCM, SCHED}),
    AS + "pkg/server/flagz": frozenset(COMPONENTS),
    AS + "pkg/server/statusz": frozenset(COMPONENTS),
    AS + "pkg/server/healthz": frozenset(COMPONENTS),
    # Controllers.
    K8S + "pkg/controller": frozenset({KCM}),
    K8S + "cmd/kube-controller-manager": frozenset({KCM}),
    "k8s.io/controller-manager/": frozenset({KCM}),
    "k8s.io/cloud-provider/": frozenset({KCM}),
    # The scheduler (the kubelet links its plugins for admission, but computes its own options).
    K8S + "pkg/scheduler": frozenset({SCHED}),
    K8S + "cmd/kube-scheduler": frozenset({SCHED}),
    "k8s.io/kube-scheduler/": frozenset({SCHED}),
    # The node.
    K8S + "pkg/kubelet": frozenset({KUBELET}),
    K8S + "cmd/kubelet": frozenset({KUBELET}),
    K8S + "pkg/credentialprovider": frozenset({KUBELET}),
    K8S + "pkg/security/apparmor": frozenset({KUBELET, APISERVER}),
    "k8s.io/kubelet/": frozenset({KUBELET}),
    "k8s.io/cri-client/": frozenset({KUBELET}),
    "k8s.io/cri-api/": frozenset({KUBELET}),
    "k8s.io/dynamic-resource-allocation/": frozenset({KUBELET, SCHED, KCM}),
    # Volume plugins run in the kubelet and the controller-manager's attach/detach and expansion
    # controllers (the scheduler's volume binding reads through pkg/volume/util too).
    K8S + "pkg/volume": frozenset({KUBELET, KCM, SCHED}),
    K8S + "pkg/volume/util/fsquota": frozenset({KUBELET}),
    K8S + "pkg/proxy": frozenset({PROXY}),
    K8S + "cmd/kube-proxy": frozenset({PROXY}),
}


def owners_of(key: str, name: str) -> frozenset[str]:
    """Components a read in file `name` of package `key` may count for."""
    full = f"{key}/{name}"
    best, allowed = -1, frozenset(COMPONENTS)
    for prefix, comps in OWNERS.items():
        p = prefix.rstrip("/")
        if (full == p or key == p or key.startswith(p + "/")) and len(p) > best:
            best, allowed = len(p), comps
    return allowed



def file_reads(f: GoFile, key: str, gates: dict[str, tuple[str, dict[str, str]]]) -> set[str]:
    """Gate names a non-registration file uses; gates: package key -> (package name, const -> gate)."""
    found: set[str] = set()
    if f.registration:
        return found
    for alias, imp in f.imports:
        if imp not in gates or alias == "_":
            continue
        pname, consts = gates[imp]
        if alias == ".":
            for c, g in consts.items():
                if re.search(rf"(?<![\w.]){c}\b", f.code):
                    found.add(g)
            continue
        for c in re.findall(rf"(?<![\w.]){re.escape(alias or pname)}\.(\w+)", f.code):
            if c in consts:
                found.add(consts[c])
    if key in gates:
        for c, g in gates[key][1].items():
            if re.search(rf"(?<![\w.]){c}\b", f.code):
                found.add(g)
    if f.options:
        found |= {g for _, consts in gates.values() for g in consts.values() if g in f.options}
    return found


def analyse(tree: Tree, comps: list[str]):
    """-> ({component: {gate: set(file paths)}}, {gate names registered}) for one tree."""
    reach = {}
    for comp in comps:
        for goos in BUILDS:
            reach[(comp, goos)] = tree.reachable(start_packages(tree.layout, comp), goos)
    gates: dict[str, tuple[str, dict[str, str]]] = {}
    for r in reach.values():
        for key, fs in r.items():
            if key in gates:
                continue
            consts = {}
            pname = ""
            if key == FEATUREGATE_PKG:
                continue  # its own AllAlpha/AllBeta meta-gates, read by the gate implementation
            for f in fs:
                for c, g in f.decls:
                    consts[c] = g  # unexported ones too: 1.16's deprecatedGCERegionalPersistentDisk
                    pname = f.pkg
            if consts:
                gates[key] = (pname, consts)
    reads: dict[str, dict[str, set[str]]] = {c: defaultdict(set) for c in comps}
    dropped: dict[str, dict[str, set[str]]] = {c: defaultdict(set) for c in comps}
    for (comp, goos), r in reach.items():
        for key, fs in r.items():
            for f in fs:
                found = file_reads(f, key, gates)
                if not found:
                    continue
                allowed = comp in owners_of(key, f.name)
                for g in found:
                    (reads if allowed else dropped)[comp][g].add(f.path)
    # Registered: a declared constant that some reachable registration map uses as a key (a
    # declared but unregistered constant such as logs' LoggingStableOptions is no gate).
    keys = {k for r in reach.values() for fs in r.values() for f in fs for k in f.keys}
    registered = {g for _, consts in gates.values() for c, g in consts.items() if c in keys}
    return reads, registered, gates, dropped


# What every component's main package imports besides its app package (the same five lines in each
# cmd/<component>/<component>.go of 1.31..1.36): a vendored tree has no main package, so these are
# added as starts there.
MAIN_IMPORTS = ["k8s.io/component-base/cli", "k8s.io/component-base/logs/json/register",
                "k8s.io/component-base/metrics/prometheus/clientgo",
                "k8s.io/component-base/metrics/prometheus/version"]


def start_packages(layout: str, comp: str) -> list[str]:
    if layout == "vendor":
        return [f"k8s.io/kubernetes/cmd/{comp}/app", *MAIN_IMPORTS]
    return [f"k8s.io/kubernetes/cmd/{comp}"]


def kube_version(repo: str, commit: str) -> str:
    """What the commit pins k8s.io/kubernetes to: vendor/modules.txt's line (with the fork it is
    replaced by), else go.mod's require, else glide.yaml's version; for the record only (sdn's
    requires are placeholders, its branches were matched to releases by their gate lists)."""
    def show(path: str) -> str:
        r = subprocess.run(["git", "--git-dir", git_dir(repo), "show", f"{commit}:{path}"],
                           capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else ""
    m = re.search(r"^# k8s\.io/kubernetes (v\S+(?: => \S+ \S+)?)", show("vendor/modules.txt"), re.M)
    if not m:
        m = re.search(r"^\s*k8s\.io/kubernetes\s+(v[0-9]\S*)", show("go.mod"), re.M)
    if not m:
        m = re.search(r"k8s\.io/kubernetes\s*\n(?:\s+\w+:.*\n)*?\s+version:\s*(\S+)", show("glide.yaml"))
    return m.group(1) if m else "unknown"


def compute():
    """-> per minor: {gate: components}, source lines, {(gate, component): files} for inspection,
    and per component the count of (gate, file) reads the ownership rule left out."""
    per_minor: dict[int, dict[str, set[str]]] = {}
    done: dict[int, set[str]] = {}
    sources: dict[int, list[str]] = {}
    files: dict[int, dict[tuple[str, str], set[str]]] = {}
    dropped_n: dict[int, dict[str, int]] = {}
    for minor in sorted(RELEASES):
        label, parts = RELEASES[minor]
        gates: dict[str, set[str]] = {}
        sources[minor] = []
        files[minor] = defaultdict(set)
        dropped_n[minor] = {}
        trees = [Tree(repo, branch, layout) for repo, branch, layout, _ in parts]
        extra = [Tree(repo, tag, f"module:{mod}") for repo, mod in STAGING_REPOS
                 for tag in [f"kubernetes-1.{minor}.0"]] if label == "vendor" else []
        for i, tree in enumerate(trees):
            # A package a vendored tree lacks (neither links component-base/logs/json/register
            # before 1.28) is read from the other vendored tree of the same release, else from
            # the staging repository's kubernetes-1.N.0 tag.
            tree.fallbacks = [t for j, t in enumerate(trees) if j != i] + extra
        for tree, (repo, branch, layout, comps) in zip(trees, parts):
            reads, registered, _gp, dropped = analyse(tree, list(comps))
            root = KDIR if layout == "tree" else "vendor/k8s.io"
            sources[minor].append(f"{repo}@{tree.commit}:{root} ({branch}, k8s.io/kubernetes "
                                  f"{kube_version(repo, tree.commit)}; {', '.join(comps)})")
            for g in registered:
                gates.setdefault(g, set())
            for c in comps:
                for g, paths in reads[c].items():
                    if g not in registered:
                        continue
                    gates.setdefault(g, set()).add(c)
                    for p in paths:
                        files[minor][(g, c)].add(p)
                dropped_n[minor][c] = sum(len(v) for v in dropped[c].values())
        for tree in trees + extra:
            tree.blobs.close()
        for t in extra:
            sources[minor].append(f"{t.repo}@{t.commit} (tag {t.rev}; fallback for packages neither vendored tree holds)")
        per_minor[minor] = gates
        done[minor] = {c for _, _, _, comps in parts for c in comps}
        print(f"1.{minor}: {len(gates)} gates; read by " + ", ".join(
            f"{c} {sum(1 for v in gates.values() if c in v)}" for c in COMPONENTS)
            + "; (gate, file) reads the ownership rule left out: " + ", ".join(
            f"{c} {n}" for c, n in dropped_n[minor].items()), file=sys.stderr)
    return per_minor, done, sources, files, dropped_n


def fill(per_minor: dict[int, dict[str, set[str]]], done: dict[int, set[str]]):
    """-> {minor: {gate: (components, label)}}. A component a release's sources do not hold takes
    its answer for a gate from the nearest later computed release that registers the gate, else
    the nearest earlier one; the label names each borrowed component and release (`=?`: none)."""
    out: dict[int, dict[str, tuple[set[str], str]]] = {}
    minors = sorted(per_minor)
    for m in minors:
        out[m] = {}
        order = [x for x in minors if x > m] + [x for x in reversed(minors) if x < m]
        for g, comps in per_minor[m].items():
            comps = set(comps)
            borrowed = []
            for c in COMPONENTS:
                if c in done[m]:
                    continue
                src = next((x for x in order if c in done[x] and g in per_minor[x]), None)
                if src is None:
                    borrowed.append(f"{c}=?")
                    continue
                borrowed.append(f"{c}=1.{src}")
                if c in per_minor[src][g]:
                    comps.add(c)
            label = RELEASES[m][0] + (";filled:" + ",".join(borrowed) if borrowed else "")
            out[m][g] = (comps, label)
    return out


def rows_of(filled: dict[int, dict[str, tuple[set[str], str]]]):
    """(gate, from, to, components, source) rows: one per run of releases with one answer."""
    newest = max(filled)
    labelled = dict(filled)
    labelled[CARRY_TO] = {g: (c, f"carried-1.{newest}") for g, (c, _) in filled[newest].items()}
    out = []
    for g in sorted({g for gs in labelled.values() for g in gs}):
        run = None
        for m in sorted(labelled):
            gs = labelled[m]
            if g not in gs:
                if run:
                    out.append(run)
                run = None
                continue
            comps = ",".join(c for c in COMPONENTS if c in gs[g][0]) or "-"
            label = gs[g][1]
            if run and run[3] == comps and run[4] == label and run[2] == m - 1:
                run[2] = m
            else:
                if run:
                    out.append(run)
                run = [g, m, m, comps, label]
        if run:
            out.append(run)
    return out


HEADER = [
    "Components that read each feature gate, per release range (generated by components.py extract;",
    "see its module doc for the method, the ownership rule and the limits).",
    "components: comma-separated, in the order kube-apiserver, kube-controller-manager, kube-scheduler,",
    "kubelet, kube-proxy; '-' = registered but read by none of them. A release without a row for a gate",
    "does not register it (or is 1.19: not computed).",
    "source: tree = the release's full openshift/kubernetes tree; vendor = microshift's vendored",
    "packages (four components; five in 1.20, 1.21) and openshift/sdn's vendored cmd/kube-proxy/app, a",
    "package one lacks read from the other, else from kubernetes/component-base's kubernetes-1.N.0 tag;",
    "carried-1.N = no source tree for this release, 1.N's answer carried forward.",
    "';filled:c=1.M,...' = the release's sources lack component c (1.16..1.18 and 1.22: only kube-proxy;",
    "1.24: no kube-proxy), so c's answer is 1.M's, the nearest later (else earlier) computed release that",
    "registers the gate; 'c=?' = none does, c unknown (left out of components). 1.19: no source, no rows.",
    "Per release, the repo@commit:path read:",
]


def render(filled, sources) -> str:
    lines = [f"# {h}" for h in HEADER]
    for m in sorted(sources):
        for src in sources[m]:
            lines.append(f"#   1.{m} {RELEASES[m][0]}: {src}")
    lines.append(f"#   1.{CARRY_TO} carried-1.{max(filled)}: no source tree; 1.{max(filled)} carried forward")
    lines.append("#gate\tfrom_minor\tto_minor\tcomponents\tsource")
    for g, a, b, comps, label in rows_of(filled):
        lines.append(f"{g}\t{a}\t{b}\t{comps}\t{label}")
    return "\n".join(lines) + "\n"


def extract(check: bool) -> None:
    per_minor, done, sources, _files, _dropped = compute()
    text = render(fill(per_minor, done), sources)
    if check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                die(f"{os.path.relpath(OUT, ROOT)} differs from what extract writes; run components.py extract", 1)
        print(f"{os.path.relpath(OUT, ROOT)} is current")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(OUT, ROOT)} ({text.count(chr(10)) - len(HEADER) - 2} lines)")


# Gate -> what upstream's own docs and code layout say must come out (a failed check is printed).
SANITY = {
    "NodeSwap": {KUBELET}, "MemoryQoS": {KUBELET}, "GracefulNodeShutdown": {KUBELET},
    "KMSv2": {APISERVER}, "ValidatingAdmissionPolicy": {APISERVER, KCM},
    "CRDObservedGenerationTracking": {APISERVER}, "PodSchedulingReadiness": {APISERVER, SCHED},
    "NFTablesProxyMode": {PROXY}, "KubeProxyDrainingTerminatingNodes": {PROXY},
    "SchedulerQueueingHints": {SCHED}, "JobPodFailurePolicy": {APISERVER, KCM},
}


def load_rows():
    rows = []
    with open(OUT, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 5:
                die(f"{os.path.relpath(OUT, ROOT)}:{n}: expected 5 tab-separated columns, got {len(cols)}")
            g, a, b, comps, src = cols
            rows.append((g, int(a), int(b), set() if comps == "-" else set(comps.split(",")), src))
    return rows


def report() -> None:
    """Markdown: the sanity checks (per release range) and per-release counts, from the TSV only."""
    rows = load_rows()
    print("| gate | releases | components | source | expected subset |")
    print("|---|---|---|---|---|")
    for g, want in SANITY.items():
        for name, a, b, comps, src in rows:
            if name != g:
                continue
            ok = "ok" if comps and comps <= want else ("none read it" if not comps else "CHECK")
            shown = ",".join(c for c in COMPONENTS if c in comps) or "-"
            print(f"| {g} | 1.{a}..1.{b} | {shown} | {src} | {ok} |")
    minors = sorted({m for _, a, b, _, _ in rows for m in range(a, b + 1)})
    print()
    print("| release | gates | " + " | ".join(COMPONENTS) + " | read by none |")
    print("|---" * (len(COMPONENTS) + 3) + "|")
    for m in minors:
        live = [(c, s) for _, a, b, c, s in rows if a <= m <= b]
        counts = [sum(1 for c, _ in live if comp in c) for comp in COMPONENTS]
        none = sum(1 for c, _ in live if not c)
        print(f"| 1.{m} | {len(live)} | " + " | ".join(map(str, counts)) + f" | {none} |")


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "extract":
        extract(check=False)
    elif len(sys.argv) == 2 and sys.argv[1] == "check":
        extract(check=True)
    elif len(sys.argv) == 2 and sys.argv[1] == "report":
        report()
    else:
        die("usage: components.py extract | check | report")
