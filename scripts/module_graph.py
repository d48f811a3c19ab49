#!/usr/bin/env python3
"""The core's module graph: which module names which, and any circle among them.

An edge runs from a module (one file of src/) to every module it names: each `use crate::`,
`use super::` and `use self::` item, and each `crate::a::b` path written in code. A name that a
module only re-exports (`pub use child::Thing`) counts as the module that defines it, so a
facade does not hide an edge. A child naming its own parent (a submodule reading what its
`mod.rs` defines) is not an edge: the parent holds the child, that is not a layer. Test modules
(`#[cfg(test)] mod tests`) and comments are left out.

Two graphs are checked for circles:
- files: `controlplane::bootstrap` -> `controlplane::view` -> `controlplane::bootstrap`;
- areas, the top-level modules (the second level for `kubelet::` and `controller::`): a circle
  there (`featuregate` -> `releases` -> `featuregate`) means a lower area imports a higher one.

Usage: scripts/module_graph.py [--edges] [--check]
  --edges  print every edge (file graph, then area graph)
  --check  exit 1 when either graph has a circle (the default prints circles and exits 0)
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")


def module_files():
    """Module path (`a::b`) -> file, for every module of the library (not src/bin)."""
    mods = {}
    for dirpath, _, files in os.walk(ROOT):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
            if parts[0] == "bin":
                continue
            if parts[-1] in ("mod", "lib"):
                parts = parts[:-1]
            mods["::".join(parts)] = path
    return mods


def code_of(path):
    """The file's text without comments and without its unit-test module."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"//[^\n]*", "", text)
    cut = re.search(r"#\[cfg\(test\)\]\s*mod tests\b", text)
    return text[: cut.start()] if cut else text


def split_top(inner):
    out, depth, cur = [], 0, ""
    for ch in inner:
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [o.strip() for o in out if o.strip()]


def expand(prefix, tree):
    """The paths a use tree names: `a::{b, c::d}` under `x` -> `x::a::b`, `x::a::c::d`."""
    if tree.startswith("{"):
        paths = []
        for item in split_top(tree[1:-1]):
            paths += expand(prefix, item)
        return paths
    if "::" in tree:
        head, rest = tree.split("::", 1)
        return expand(f"{prefix}::{head}" if prefix else head, rest)
    name = tree.split(" as ")[0].strip()
    if name == "self":
        return [prefix]
    return [f"{prefix}::{name}" if prefix else name]


def absolute(module, tree):
    """A `use` tree of `module` as absolute paths (without `crate::`)."""
    here = module.split("::") if module else []
    if tree.startswith("crate::"):
        return expand("", tree[len("crate::"):])
    while True:
        if tree.startswith("self::"):
            tree = tree[len("self::"):]
        elif tree.startswith("super::"):
            here = here[:-1]
            tree = tree[len("super::"):]
        else:
            break
    return expand("::".join(here), tree)


def norm(tree):
    """A use tree on one line, with no space but the one in `a as b`."""
    tree = re.sub(r"\s+", " ", tree.strip())
    return re.sub(r"\s*(::|\{|\}|,)\s*", r"\1", tree)


USE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+((?:crate|super|self)\b[^;]*);", re.S)
PATH = re.compile(r"(?<![A-Za-z0-9_:])crate((?:::[A-Za-z_][A-Za-z0-9_]*)+)")


def graph():
    mods = module_files()
    codes = {m: code_of(p) for m, p in mods.items()}
    reexports = {}
    for m, code in codes.items():
        for u in USE.finditer(code):
            if not u.group(1):
                continue
            for path in absolute(m, norm(u.group(2))):
                name = path.split("::")[-1]
                if name not in ("*", "self"):
                    reexports.setdefault(m, {})[name] = path

    def resolve(path, depth=0):
        parts = path.split("::")
        for i in range(len(parts), 0, -1):
            m = "::".join(parts[:i])
            if m in mods:
                if i < len(parts) and depth < 8 and parts[i] in reexports.get(m, {}):
                    target = reexports[m][parts[i]]
                    rest = parts[i + 1:]
                    found = resolve("::".join([target] + rest), depth + 1)
                    if found is not None:
                        return found
                return m
        return None

    edges = {}
    for m, code in codes.items():
        targets = set()
        named = [p for u in USE.finditer(code)
                 for p in absolute(m, norm(u.group(2)))]
        named += [p.group(1)[2:] for p in PATH.finditer(USE.sub("", code))]
        for path in named:
            t = resolve(path)
            if t is not None and t != m and not m.startswith(t + "::") and t != "":
                targets.add(t)
        edges[m] = targets
    return edges


def area(module):
    parts = module.split("::")
    return "::".join(parts[:2]) if parts[0] in ("kubelet", "controller") else parts[0]


def area_graph(edges):
    out = {}
    for m, targets in edges.items():
        out.setdefault(area(m), set())
        for t in targets:
            if area(t) != area(m):
                out[area(m)].add(area(t))
    return out


def circles(g):
    """Strongly connected components of more than one node (Tarjan), each sorted."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def main(argv):
    files = graph()
    areas = area_graph(files)
    if "--edges" in argv:
        for name, g in (("file", files), ("area", areas)):
            for m in sorted(g):
                for t in sorted(g[m]):
                    print(f"{name} {m or 'crate'} -> {t}")
    bad = 0
    for name, g in (("file", files), ("area", areas)):
        for comp in circles(g):
            bad += 1
            print(f"circle among {name}s: {' '.join(comp)}")
            for a in comp:
                for b in sorted(g[a] & set(comp)):
                    print(f"    {a} -> {b}")
    if bad == 0:
        print(f"no circles among {len(files)} modules in {len(areas)} areas")
    return 1 if bad and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
