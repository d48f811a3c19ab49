#!/usr/bin/env python3
"""Which config-file kinds and API versions each control-plane release decodes, 1.16..NEWEST.

    component_configs.py extract   reads the staging repositories' tags into
                                   facts/component-configs.tsv
    component_configs.py build     facts -> src/releases/component_configs_data.rs
    component_configs.py build --check
                                   exits 1 if the checked-in generated file differs

A kind is accepted by a release when the release's scheme registers it for that group/version:
the `AddKnownTypes(<group version>, &Kind{}, ...)` calls of each external version's
`register.go`. The sources are the staging repositories, at tag `kubernetes-1.N.0` (or the
newest pre-release tag of 1.N when the final one is absent: REFS):

- k8s.io/kube-scheduler `config/*/register.go`: kubescheduler.config.k8s.io (the
  KubeSchedulerConfiguration, the plugin args, and the legacy Policy kind of 1.17..1.22's v1);
- k8s.io/kube-proxy `config/*/register.go`: kubeproxy.config.k8s.io;
- k8s.io/apiserver `pkg/apis/{apiserver,config,audit}/*/register.go`: apiserver.k8s.io,
  apiserver.config.k8s.io (the file-valued flags' kinds: AdmissionConfiguration,
  EncryptionConfiguration, EgressSelectorConfiguration, TracingConfiguration,
  AuthenticationConfiguration, AuthorizationConfiguration) and audit.k8s.io (the audit Policy).

Environment: KUBEGATE_STAGING_MIRRORS (default /work/.mirror) holds
kubernetes+kube-scheduler, kubernetes+kube-proxy and kubernetes+apiserver.
`build` uses the Python standard library only.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import HERE, NEWEST, OLDEST, ROOT, die, read_tsv  # noqa: E402

FACTS = os.path.join(HERE, "facts", "component-configs.tsv")
FACTS_TREES = os.path.join(HERE, "facts", "component-configs-trees.tsv")
CORRECTIONS = os.path.join(HERE, "corrections", "component_configs.tsv")

# The schemes that decode a component's --config, and the file that creates each: apimachinery
# names a scheme after the file:line of its runtime.NewScheme() call (naming.GetNameFromCallsite),
# and the decoder's "no kind ... is registered" error prints that name.
SCHEMES = {
    "kube-scheduler": "pkg/scheduler/apis/config/scheme/scheme.go",
    "kube-proxy": "pkg/proxy/apis/config/scheme/scheme.go",
}
# The scheduler's loader logs a notice for a deprecated KubeSchedulerConfiguration version.
SCHEDULER_LOADER = "cmd/kube-scheduler/app/options/configfile.go"

FACTS_READERS = os.path.join(HERE, "facts", "component-configs-readers.tsv")
# The kube-apiserver's file readers in k8s.io/apiserver whose refusal of an unregistered kind
# can be spelled out per tag: the scheme file (named after its runtime.NewScheme() line) and the
# format strings each layer wraps the decoder's error in, outermost first. A reader is recorded
# for a tag only when every format string is found there.
APISERVER_READERS = {
    "audit-policy-file": {
        "scheme": "pkg/audit/scheme.go",
        "layers": [
            ("pkg/server/options/audit.go", "loading audit policy file: %v", "loading audit policy file: {}"),
            ("pkg/audit/policy/reader.go", "%v: from file %v", "{}: from file {path}"),
            ("pkg/audit/policy/reader.go", "failed decoding: %", "failed decoding: {}"),
        ],
    },
}
OUT = os.path.join(ROOT, "src", "releases", "component_configs_data.rs")

REPOS = {
    "kube-scheduler": ("kubernetes+kube-scheduler", ["config/"]),
    "kube-proxy": ("kubernetes+kube-proxy", ["config/"]),
    "apiserver": ("kubernetes+apiserver", ["pkg/apis/apiserver/", "pkg/apis/config/", "pkg/apis/audit/"]),
}


def git(repo, *args, ok=False):
    r = subprocess.run(["git", "--git-dir", repo, *args], capture_output=True, text=True)
    if r.returncode != 0:
        if ok:
            return ""
        die(f"git {' '.join(args)} failed in {repo}: {r.stderr.strip()}")
    return r.stdout


def ref_of(repo, minor):
    final = f"kubernetes-1.{minor}.0"
    if git(repo, "rev-parse", "-q", "--verify", f"refs/tags/{final}", ok=True).strip():
        return final
    pre = sorted(
        (t for t in git(repo, "tag", "-l", f"kubernetes-1.{minor}.0-*").split()),
        key=lambda t: [int(x) if x.isdigit() else x for x in re.split(r"[.-]", t)],
    )
    if not pre:
        die(f"{repo} has no tag of 1.{minor}")
    return pre[-1]


def registrations(text):
    """(group, version, kind, Go type) of every registration of one register.go: the
    `AddKnownTypes(gv, &T{}, ...)` calls (the kind is the type's name) and the
    `AddKnownTypeWithName(gvk, &T{})` calls, which register a type under another kind and group,
    such as the legacy `v1, Kind=EncryptionConfig` beside EncryptionConfiguration."""
    consts = dict(re.findall(r'(\w+)\s*=\s*"([a-z0-9.]+\.k8s\.io)"', text))
    gvs = {}
    for var, group, version in re.findall(
        r'(\w+)\s*=\s*schema\.GroupVersion\{Group:\s*(\w+|"[^"]*"),\s*Version:\s*"([^"]+)"\}', text
    ):
        g = group.strip('"') if group.startswith('"') else consts.get(group)
        if g:
            gvs[var] = (g, version)
    out = []
    for var, body in re.findall(r"AddKnownTypes\(\s*(\w+),([^)]*)\)", text):
        if var not in gvs or gvs[var][1] == "__internal":
            continue
        for kind in re.findall(r"&(\w+)\{\}", body):
            out.append(gvs[var] + (kind, kind))
    named = 0
    for group, version, kind, typ in re.findall(
        r'AddKnownTypeWithName\(\s*schema\.GroupVersionKind\{Group:\s*"([^"]*)",\s*'
        r'Version:\s*"([^"]+)",\s*Kind:\s*"(\w+)"\},\s*&(\w+)\{\}\s*\)',
        text,
    ):
        named += 1
        if version != "__internal":
            out.append((group, version, kind, typ))
    for var, kind, typ in re.findall(
        r'AddKnownTypeWithName\(\s*(\w+)\.WithKind\("(\w+)"\),\s*&(\w+)\{\}\s*\)', text
    ):
        named += 1
        if var in gvs and gvs[var][1] != "__internal":
            out.append(gvs[var] + (kind, typ))
    if text.count("AddKnownTypeWithName(") != named:
        die("a register.go has an AddKnownTypeWithName call this reader does not understand")
    return out


def extract():
    base = os.environ.get("KUBEGATE_STAGING_MIRRORS", "/work/.mirror")
    lines = [
        "# Config kinds each release's schemes register for each external group/version.",
        "# source: kubernetes/kube-scheduler config/*/register.go at tags kubernetes-1.N.0",
        "# source: kubernetes/kube-proxy config/*/register.go at tags kubernetes-1.N.0",
        "# source: kubernetes/apiserver pkg/apis/{apiserver,config,audit}/*/register.go at tags kubernetes-1.N.0",
        "# (1.37: the newest kubernetes-1.37.0 pre-release tag; the ref column names it)",
        "# (AddKnownTypes and AddKnownTypeWithName; type: the Go type the kind decodes into)",
        "# columns: release, repository, ref, commit, group, version, kind, type, file",
        "release\trepo\tref\tcommit\tgroup\tversion\tkind\ttype\tfile",
    ]
    for name, (mirror, dirs) in REPOS.items():
        repo = os.path.join(base, mirror, "repo")
        if not os.path.isdir(repo):
            die(f"the {name} mirror is absent ({repo}); set KUBEGATE_STAGING_MIRRORS")
        for minor in range(OLDEST, NEWEST + 1):
            ref = ref_of(repo, minor)
            commit = git(repo, "rev-list", "-n", "1", ref).strip()
            files = git(repo, "ls-tree", "-r", "--name-only", ref, *dirs).split()
            rows = set()
            for f in files:
                if not f.endswith("/register.go"):
                    continue
                for g, v, k, t in registrations(git(repo, "show", f"{ref}:{f}")):
                    rows.add((g, v, k, t, f))
            for g, v, k, t, f in sorted(rows):
                lines.append(
                    f"{minor}\tkubernetes/{mirror.split('+')[1]}\t{ref}\t{commit}\t{g}\t{v}\t{k}\t{t}\t{f}"
                )
    os.makedirs(os.path.dirname(FACTS), exist_ok=True)
    with open(FACTS, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(FACTS, ROOT)}")
    extract_readers(os.path.join(base, REPOS["apiserver"][0], "repo"))
    extract_trees()


def extract_readers(repo):
    """The apiserver readers' scheme names and wrappings per staging tag (APISERVER_READERS)."""
    lines = [
        "# The kube-apiserver's config-file readers in k8s.io/apiserver, per release: the scheme",
        "#   name its decoder prints (file:line of runtime.NewScheme()) and how the reader wraps",
        "#   the decoder's error ({} the error, {path} the file).",
        "# source: kubernetes/apiserver at tags kubernetes-1.N.0 (1.37: the newest pre-release tag),",
        "#   the files of APISERVER_READERS in component_configs.py",
        "# columns: release, ref, flag, scheme, template",
        "release\tref\tflag\tscheme\ttemplate",
    ]
    for minor in range(OLDEST, NEWEST + 1):
        ref = ref_of(repo, minor)
        for flag, reader in APISERVER_READERS.items():
            text = git(repo, "show", f"{ref}:{reader['scheme']}", ok=True)
            line = next((i for i, l in enumerate(text.splitlines(), 1) if "runtime.NewScheme()" in l), None)
            template = "{}"
            found = line is not None
            for path, needle, wrap in reversed(reader["layers"]):
                if needle not in git(repo, "show", f"{ref}:{path}", ok=True):
                    found = False
                template = wrap.replace("{}", template, 1) if "{}" in wrap else template
            if found:
                lines.append(
                    f"{minor}\t{ref}\t{flag}\tk8s.io/apiserver/{reader['scheme']}:{line}\t{template.replace('{}', '{err}')}"
                )
    with open(FACTS_READERS, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(FACTS_READERS, ROOT)}")


def extract_trees():
    """Scheme names and the scheduler's deprecation notices from the trees openshift/microshift
    carries (openshift_trees.py): kube-proxy's tree only from 1.31."""
    import openshift_trees as ot

    ot.require(die)
    lines = [
        "# Per release: the scheme name a component's --config decoder prints (file:line of",
        "#   runtime.NewScheme()), and the scheduler's notices for deprecated config versions.",
        "# source: openshift/microshift branches release-4.12..release-5.0 (openshift_trees.py),",
        f"#   {', '.join(SCHEMES.values())}, {SCHEDULER_LOADER}",
        "# columns: release, branch, component, what (scheme | notice | wrap: the prefix the",
        "#   loader puts before the decoder's error | complete: the prefix the command puts before",
        "#   an error of its Complete step, where config files and gates are applied), version",
        "#   (notice only), text",
        "release\tbranch\tcomponent\twhat\tversion\ttext",
    ]
    for minor in sorted(ot.TREES):
        k = ot.kubernetes_prefix(minor)
        branch = ot.TREES[minor][0]
        for comp, path in SCHEMES.items():
            text = ot.show(minor, f"{k}/{path}")
            for i, line in enumerate(text.splitlines(), 1):
                if "runtime.NewScheme()" in line:
                    lines.append(f"{minor}\t{branch}\t{comp}\tscheme\t\tk8s.io/kubernetes/{path}:{i}")
        proxy = ot.show(minor, f"{k}/cmd/kube-proxy/app/options.go") + ot.show(
            minor, f"{k}/cmd/kube-proxy/app/server.go"
        )
        m = re.search(r'fmt\.Errorf\("(failed to decode): %w", err\)', proxy)
        if m:
            lines.append(f"{minor}\t{branch}\tkube-proxy\twrap\t\t{m.group(1)}: ")
        m = re.search(r'opts\.Complete\(.*?\); err != nil \{\s*return fmt\.Errorf\("(failed complete): %w", err\)', proxy)
        if m:
            lines.append(f"{minor}\t{branch}\tkube-proxy\tcomplete\t\t{m.group(1)}: ")
        loader = ot.show(minor, f"{k}/{SCHEDULER_LOADER}")
        for msg, version in re.findall(r'"(KubeSchedulerConfiguration (v1\w+) is deprecated[^"]*)"', loader):
            lines.append(f"{minor}\t{branch}\tkube-scheduler\tnotice\t{version}\t{msg}")
    with open(FACTS_TREES, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.relpath(FACTS_TREES, ROOT)}")




def tuple_lines(cells):
    """A tuple element of a static slice as rustfmt lays it out: one line when the tuple is at
    most 60 characters wide (its fn_call_width), else one element a line."""
    one = "(" + ", ".join(cells) + ")"
    if len(one) <= 60:
        return [f"    {one},"]
    return ["    ("] + [f"        {c}," for c in cells] + ["    ),"]


def static_slice(name, ty, rows):
    """`pub static NAME: &[TY] = &[...];` of tuples (each a list of cells) as rustfmt lays it
    out: a slice of one short tuple on the declaration's line (or the next), else a tuple a
    line (tuple_lines)."""
    head = f"pub static {name}: &[{ty}] ="
    if len(rows) <= 1:
        body = "&[" + "".join("(" + ", ".join(r) + ")" for r in rows) + "];"
        if len(head) + 1 + len(body) <= 100:
            return [f"{head} {body}"]
        if 4 + len(body) <= 100:
            return [head, f"    {body}"]
    out = [f"{head} &["]
    for r in rows:
        out += tuple_lines(r)
    return out + ["];"]


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build(check):
    rows = read_tsv(FACTS)
    # (group, version, kind) -> sorted releases
    life = {}
    refs = {}
    aliases = set()
    for r in rows:
        life.setdefault((r["group"], r["version"], r["kind"]), set()).add(int(r["release"]))
        if r["type"] != r["kind"]:
            aliases.add((r["group"], r["version"], r["kind"], r["type"]))
        refs[(r["repo"], int(r["release"]))] = (r["ref"], r["commit"])
    out = [
        "// Generated by scripts/gen-releases/component_configs.py build: do not edit.",
        "// Facts: scripts/gen-releases/facts/component-configs.tsv.",
        "use super::KindSpan;",
        "use crate::releases::gates::Component;",
        "",
        "/// The staging tags read per repository and release (ref, commit).",
        "pub static REFS: &[(&str, u16, &str, &str)] = &[",
    ]
    for (repo, rel), (ref, commit) in sorted(refs.items()):
        out += tuple_lines([rust_str(repo), str(rel), rust_str(ref), rust_str(commit[:12])])
    out.append("];")
    out.append("")
    out.append("/// Every registered (group, version, kind) and the releases that register it, as runs.")
    out.append("pub static KINDS: &[KindSpan] = &[")
    for (g, v, k), rels in sorted(life.items()):
        rels = sorted(rels)
        runs = []
        for rel in rels:
            if runs and runs[-1][1] == rel - 1:
                runs[-1][1] = rel
            else:
                runs.append([rel, rel])
        for lo, hi in runs:
            until = "None" if hi == NEWEST else f"Some({hi + 1})"
            out.append("    KindSpan {")
            out.append(f"        group: {rust_str(g)},")
            out.append(f"        version: {rust_str(v)},")
            out.append(f"        kind: {rust_str(k)},")
            out.append(f"        since: {lo},")
            out.append(f"        removed: {until},")
            out.append("    },")
    out.append("];")
    out.append("")
    out.append("/// Kinds registered under a name other than their Go type's (`AddKnownTypeWithName`):")
    out.append("/// (group, version, kind, the type's own kind), which the reader decodes them into.")
    out += static_slice("ALIASES", "(&str, &str, &str, &str)", [
        [rust_str(c) for c in cells] for cells in sorted(aliases)
    ])
    out += render_trees()
    text = "\n".join(out) + "\n"
    if check:
        cur = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if cur != text:
            print(f"{os.path.relpath(OUT, ROOT)} is stale: run scripts/gen-releases/component_configs.py build")
            sys.exit(1)
        print(f"{os.path.relpath(OUT, ROOT)} is up to date ({len(life)} kinds)")
        return
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"wrote {os.path.relpath(OUT, ROOT)} ({len(life)} kinds)")


def render_trees():
    """SCHEMES, WRAPS, COMPLETE_WRAPS and NOTICES from the tree facts and the corrections."""
    rows = read_tsv(FACTS_TREES)
    fixes = read_tsv(CORRECTIONS) if os.path.exists(CORRECTIONS) else []
    for c in fixes:
        if not c["reason"] or not c["evidence"]:
            die(f"correction for 1.{c['release']} {c['component']} lacks a reason or evidence")
    facts = {}
    for r in rows + fixes:
        facts[(r["what"], r["component"], int(r["release"]), r.get("version", ""))] = r["text"]
    comp = {"kube-scheduler": "KubeScheduler", "kube-proxy": "KubeProxy"}
    per_component = [
        ("scheme", "SCHEMES", [
            "The scheme name each release's `--config` decoder prints, where a source shows it."]),
        ("wrap", "WRAPS", [
            "The prefix a release's loader puts before the decoder's error, where a source shows it."]),
        ("complete", "COMPLETE_WRAPS", [
            "The prefix a release's command puts before an error of its Complete step (kube-proxy:",
            "config loading and `SetFromMap` of the gates), where a source shows it."]),
    ]
    out = []
    for wanted, name, doc in per_component:
        out.append("")
        out += [f"/// {line}" for line in doc]
        out.append(f"pub static {name}: &[(Component, u16, &str)] = &[")
        for (what, c, rel, _), text in sorted(facts.items(), key=lambda kv: (kv[0][1], kv[0][2])):
            if what == wanted:
                out += tuple_lines([f"Component::{comp[c]}", str(rel), rust_str(text)])
        out.append("];")
    out += ["",
            "/// The kube-apiserver's file readers: (flag, release, scheme name, wrapping of the",
            "/// decoder's error with `{err}` and `{path}`), where the release's source shows them.",
            "pub static READERS: &[(&str, u16, &str, &str)] = &["]
    for r in read_tsv(FACTS_READERS):
        out += tuple_lines([rust_str(r["flag"]), r["release"], rust_str(r["scheme"]), rust_str(r["template"])])
    out += ["];", "",
            "/// The scheduler's notice for a deprecated KubeSchedulerConfiguration version: (release,",
            "/// version, text).",
            "pub static NOTICES: &[(u16, &str, &str)] = &["]
    for (what, c, rel, version), text in sorted(facts.items(), key=lambda kv: (kv[0][2], kv[0][3])):
        if what == "notice":
            out += tuple_lines([str(rel), rust_str(version), rust_str(text)])
    out.append("];")
    return out


def main():
    args = sys.argv[1:]
    if not args or args[0] not in ("extract", "build"):
        die("usage: component_configs.py extract | build [--check]", 2)
    if args[0] == "extract":
        extract()
    else:
        build("--check" in args[1:])


if __name__ == "__main__":
    main()
