// Builds the docs: docs/*.md → www/docs/*.html, the JS API reference from the package's
// TypeScript declarations, and the Rust API reference with rustdoc (copied to www/docs/rust/).
// Offline: Node, cargo and the dev tools (markdown-it, typescript); runs after build-pkg.sh (it
// reads pkg/*.d.ts).
// KUBEGATE_RUSTDOC=0 skips rustdoc (the pages then link to a reference that is not built).
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { deflateRawSync } from "node:zlib";
import ts from "typescript";
import { escape, toHtml, inline, codeBlock } from "./markdown.mjs";

const root = new URL("../", import.meta.url);
const at = (p) => new URL(p, root).pathname;
const out = at("www/docs/");

/** The pages, in reading order, by section. */
export const NAV = [
  ["Start", ["index.md", "getting-started.md", "widgets.md"]],
  ["Guides", ["feature-gates.md", "releases.md", "kubelet-layers.md", "node-heartbeats.md", "pod-sources.md", "gated-fields.md", "bootstrap-controller.md", "upgrade-check.md", "control-plane-upgrade.md"]],
  ["Cookbook", ["cookbook.md"]],
  ["Reference", ["api-js", "api-rust"]],
];
const WIDGET_KINDS = ["gates", "layers", "node", "pods", "fields", "controlplane"];
const version = JSON.parse(readFileSync(at("pkg/package.json"), "utf8")).version;

const htmlName = (f) => f.replace(/\.md$/, ".html");
const rewrite = (url) => url.replace(/^([\w-]+)\.md(#|$)/, "$1.html$2");

/** A share link to the playground holding one panel's scenario (same format as www/state.js). */
const shareLink = (kind, scenario) =>
  `../#s=1.${deflateRawSync(Buffer.from(JSON.stringify({ tab: kind, panels: { [kind]: scenario } }))).toString("base64url")}`;

function widgetFence(file) {
  return (block) => {
    if (block.lang !== "widget") return null;
    const kind = block.flags[0];
    if (!WIDGET_KINDS.includes(kind)) throw new Error(`docs/${file}:${block.line}: unknown widget "${kind}"`);
    let scenario;
    try {
      scenario = JSON.parse(block.code);
    } catch (e) {
      throw new Error(`docs/${file}:${block.line}: the widget scenario is not JSON: ${e.message}`);
    }
    // "<" escaped: nothing in the JSON can close the script element.
    const json = JSON.stringify(scenario, null, 1).replace(/</g, "\\u003c");
    return `<figure class="widget"><kubegate-${kind}><script type="application/json">${json}</script></kubegate-${kind}>` +
      `<figcaption>A live widget: change anything. <a href="${escape(shareLink(kind, scenario))}">Open this scenario in the playground</a></figcaption></figure>`;
  };
}

function page({ file, title, body, headings = [], widgets = false }) {
  const nav = NAV.map(([section, files]) => `<h2>${section}</h2><ul>${files.map((f) => {
    const href = f === "api-rust" ? "rust/kubegate/index.html" : htmlName(f.endsWith(".md") ? f : `${f}.html`);
    const label = TITLES.get(f) ?? f;
    return `<li><a href="${href}"${f === file ? ' aria-current="page"' : ""}>${escape(label)}</a></li>`;
  }).join("")}</ul>`).join("");
  const toc = headings.filter((h) => h.level === 2);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · kubegate docs</title>
<link rel="icon" href="../favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="docs.css">
<script type="module" src="docs.js"></script>
${widgets ? '<script type="module" src="../pkg/widgets/index.js"></script>\n' : ""}</head>
<body>
<a class="skip" href="#content">Skip to the content</a>
<header class="top"><a class="brand" href="index.html">kubegate <span>docs</span></a><span class="ver">v${escape(version)}</span>
<nav aria-label="Site"><a href="../">Playground</a><a href="api-js.html">JS API</a><a href="rust/kubegate/index.html">Rust API</a></nav>
<search class="docs-search"><form action="search.html"><label for="docs-search" class="visually-hidden">Search the docs</label><input type="search" id="docs-search" name="q" placeholder="Search the docs" autocomplete="off" aria-controls="docs-results" aria-describedby="docs-search-status"><div id="docs-search-status" class="visually-hidden" aria-live="polite"></div><ul id="docs-results" class="docs-results" hidden></ul></form></search></header>
<div class="layout">
<nav class="side" aria-label="Docs">${nav}</nav>
<main id="content" tabindex="-1">
${toc.length > 2 ? `<nav class="toc" aria-label="On this page"><strong>On this page</strong><ul>${toc.map((h) => `<li><a href="#${h.id}">${inline(h.text)}</a></li>`).join("")}</ul></nav>\n` : ""}${body}
</main>
</div>
<footer class="foot">${file === "search" ? "The search index is built with the docs and searched in your browser." : `Built from <code>docs/${escape(file)}</code>; every code sample on this page runs in kubegate's tests.`}</footer>
</body>
</html>
`;
}

// ---- the JS API reference, from the TypeScript declarations, read with the TypeScript parser
// (what is a declaration, where it ends, which comment documents it) rather than by counting
// braces, which a brace inside a string or a comment would fool.
const KINDS = new Map([
  [ts.SyntaxKind.ClassDeclaration, "class"],
  [ts.SyntaxKind.InterfaceDeclaration, "interface"],
  [ts.SyntaxKind.TypeAliasDeclaration, "type"],
  [ts.SyntaxKind.FunctionDeclaration, "function"],
  [ts.SyntaxKind.VariableStatement, "const"],
]);
const exported = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
/** The text of the JSDoc comment right before a node, as one line. */
const docOf = (node, sf) => {
  const last = (node.jsDoc ?? []).at(-1);
  return last ? cleanDoc(last.getText(sf).split("\n")) : "";
};
const cleanDoc = (doc) => doc.join("\n").replace(/^\s*\/\*\*\s?|\s*\*\/\s*$/g, "").split("\n").map((l) => l.replace(/^\s*\*\s?/, "")).join(" ").replace(/\s+/g, " ").trim();

/** Top-level exported declarations of a .d.ts: { doc, kind, name, code, members }. */
export function declarations(dts, fileName = "index.d.ts") {
  const sf = ts.createSourceFile(fileName, dts, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = [];
  for (const node of sf.statements) {
    const kind = KINDS.get(node.kind);
    if (!kind || !exported(node)) continue;
    const names = ts.isVariableStatement(node)
      ? node.declarationList.declarations.map((d) => d.name.getText(sf))
      : [node.name?.getText(sf) ?? "default"];
    const code = node.getText(sf);
    const members = ts.isClassDeclaration(node) ? classMembers(node, sf) : [];
    for (const name of names) out.push({ kind, name, doc: docOf(node, sf), code, members });
  }
  return out;
}

/** A class's members: { doc, code }, without free() and [Symbol.dispose](). */
function classMembers(node, sf) {
  return node.members
    .filter((m) => !/^(free|\[Symbol\.dispose\])$/.test(m.name?.getText(sf) ?? ""))
    .map((m) => ({ doc: docOf(m, sf), code: m.getText(sf).replace(/\s+/g, " ").trim() }));
}

function apiJs() {
  const sources = [["kubegate", at("pkg/kubegate.d.ts")], ["kubegate/widgets", at("pkg/widgets/index.d.ts")]];
  const skip = new Set(["InitOutput", "InitInput", "SyncInitInput"]);
  const parts = [];
  const headings = [];
  for (const [mod, path] of sources) {
    const decls = declarations(readFileSync(path, "utf8")).filter((d) => !skip.has(d.name));
    const groups = [["Classes", "class"], ["Functions", "function"], ["Constants", "const"], ["Types", "interface", "type"]];
    parts.push(`<h2 id="${mod.replace(/\W+/g, "-")}">Module <code>${mod}</code></h2>`);
    headings.push({ level: 2, id: mod.replace(/\W+/g, "-"), text: mod });
    for (const [label, ...kinds] of groups) {
      const ds = decls.filter((d) => kinds.includes(d.kind));
      if (!ds.length) continue;
      parts.push(`<h3>${label}</h3>`);
      for (const d of ds) {
        const id = `${mod === "kubegate" ? "" : "widgets-"}${d.name}`;
        parts.push(`<section class="api" id="${escape(id)}"><h4><code>${escape(d.name)}</code> <span class="kind">${d.kind}</span></h4>`);
        if (d.doc) parts.push(`<p>${escape(d.doc)}</p>`);
        if (d.kind === "class") {
          const ms = d.members;
          // A <dl> needs a <dd>: members with no documentation at all are a plain list.
          parts.push(ms.some((m) => m.doc)
            ? `<dl class="members">${ms.map((m) => `<dt><code>${escape(m.code)}</code></dt>${m.doc ? `<dd>${escape(m.doc)}</dd>` : ""}`).join("")}</dl>`
            : `<ul class="members">${ms.map((m) => `<li><code>${escape(m.code)}</code></li>`).join("")}</ul>`);
        } else {
          parts.push(codeBlock("ts", d.code));
        }
        parts.push("</section>");
      }
    }
  }
  const intro = `<h1>JavaScript API reference</h1><p>Generated from the package's TypeScript declarations (<code>pkg/kubegate.d.ts</code>, <code>pkg/widgets/index.d.ts</code>) when the docs are built, so it cannot drift from the package. Every method throws a real <code>Error</code> whose <code>message</code> is Kubernetes' exact text. Classes own wasm memory: call <code>free()</code> (or use <code>using</code>) when you make many.</p>`;
  return page({ file: "api-js", title: "JavaScript API reference", body: intro + parts.join("\n"), headings });
}

// ---- the search index: one entry per section (the text under a heading), prebuilt here and
// searched in the browser by docs.js; no server.
const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const plain = (html) => html.replace(/<figure class="widget">[\s\S]*?<\/figure>/g, " ").replace(/<[^>]+>/g, " ").replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]).replace(/\s+/g, " ").trim();
/** A page's sections: { page, title, id, heading, text }; text before the first heading is the page's own. */
export function sections(page, title, html) {
  const marks = [...html.matchAll(/<(h[1-4]|section class="api")[^>]*\bid="([^"]+)"[^>]*>/g)];
  const out = [];
  const cut = (from, to) => html.slice(from, to);
  const first = marks[0]?.index ?? html.length;
  if (plain(cut(0, first))) out.push({ page, title, id: "", heading: title, text: plain(cut(0, first)) });
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.index ?? html.length;
    const body = cut(m.index, end);
    const close = m[1].startsWith("h") ? body.indexOf(`</${m[1]}>`) : body.indexOf("</h4>");
    const heading = plain(body.slice(0, close < 0 ? 0 : close)) || m[2];
    out.push({ page, title, id: m[2], heading, text: plain(body.slice(close < 0 ? 0 : close)).slice(0, 2000) });
  });
  return out;
}

/**
 * One search entry per feature gate, kubelet flag and KubeletConfiguration field the package
 * knows (every release), so a name finds its facts even where no page mentions it. Each links
 * to its kubernetes.io reference entry (`href`); the text says its stages and span.
 */
async function nameSections() {
  if (!existsSync(at("pkg/node.js"))) return [];
  const k = await import(at("pkg/node.js"));
  const { releases, newest } = k.releases();
  const REF = {
    gates: "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/",
    removed: "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates-removed/",
    flags: "https://kubernetes.io/docs/reference/command-line-tools-reference/kubelet/",
    config: "https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/#kubelet-config-k8s-io-v1beta1-KubeletConfiguration",
  };
  const out = [];
  // Gates: each release's spec, oldest first, folded into "Alpha 1.16–1.18, Beta 1.19–1.26…".
  const gates = new Map();
  for (const r of [...releases].reverse()) {
    for (const g of k.releaseGates(r)) {
      const e = gates.get(g.name) ?? { spans: [], last: null, g };
      const stage = `${g.preRelease || "GA"}${g.default ? ", on by default" : ""}${g.lockToDefault ? ", locked" : ""}`;
      if (e.spans.at(-1)?.stage === stage) e.spans.at(-1).to = r;
      else e.spans.push({ stage, from: r, to: r });
      e.last = r;
      e.g = g;
      gates.set(g.name, e);
    }
  }
  for (const [name, e] of gates) {
    const removed = e.last !== newest;
    const story = e.spans.map((s) => `${s.stage} in ${s.from === s.to ? s.from : `${s.from}–${s.to}`}`).join("; ");
    out.push({ page: "feature-gates.html", href: `${removed ? REF.removed : REF.gates}#${encodeURIComponent(name)}`, title: "Feature gate", id: "", heading: name,
      text: `Feature gate ${name}: ${story}${removed ? `; gone after ${e.last}` : ""}. Registered since ${e.g.since}.` });
  }
  // KubeletConfiguration fields and the flags that set them, at the newest release that has them.
  const fields = new Map();
  for (const r of [...releases].reverse()) {
    let config = {};
    try { config = k.resolveKubeletConfig({ kubeletVersion: r, args: [] }).config; } catch { continue; }
    for (const [f, v] of Object.entries(config)) if (f !== "apiVersion" && f !== "kind") fields.set(f, { r, v, first: fields.get(f)?.first ?? r });
  }
  for (const [f, { r, v, first }] of fields) {
    const flag = `--${f.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    let isFlag = false;
    if (["string", "number", "boolean"].includes(typeof v)) {
      try { isFlag = k.resolveKubeletConfig({ kubeletVersion: r, args: [`${flag}=${v}`] }).provenance[f]?.origin.source === flag; } catch { /* not a flag */ }
    }
    const shown = JSON.stringify(v);
    out.push({ page: "kubelet-layers.html", href: REF.config, title: "KubeletConfiguration field", id: "", heading: f,
      text: `KubeletConfiguration field ${f}, default ${shown.length > 80 ? `${shown.slice(0, 77)}…` : shown}; known from ${first} to ${r}${isFlag ? `; the flag ${flag} sets it` : ""}.` });
    if (isFlag) out.push({ page: "kubelet-layers.html", href: REF.flags, title: "Kubelet flag", id: "", heading: flag, text: `Kubelet flag ${flag} sets the KubeletConfiguration field ${f}.` });
  }
  return out;
}

// ---- build
const TITLES = new Map([["api-js", "JavaScript API"], ["api-rust", "Rust API (rustdoc)"], ["search", "Search"]]);
const pages = NAV.flatMap(([, files]) => files).filter((f) => f.endsWith(".md"));
const parsed = new Map();
for (const f of pages) {
  const text = readFileSync(at(`docs/${f}`), "utf8");
  const result = toHtml(text, { rewrite, fence: widgetFence(f) });
  if (!result.title) throw new Error(`docs/${f}: no "# Title" line`);
  parsed.set(f, { ...result, widgets: /^```widget/m.test(text) });
  TITLES.set(f, result.title);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
copyFileSync(at("docs/docs.css"), `${out}docs.css`);
copyFileSync(at("docs/docs.js"), `${out}docs.js`);
const search = [];
for (const [f, r] of parsed) {
  writeFileSync(`${out}${htmlName(f)}`, page({ file: f, title: r.title, body: r.html, headings: r.headings, widgets: r.widgets }));
  search.push(...sections(htmlName(f), r.title, r.html));
}
const api = apiJs();
writeFileSync(`${out}api-js.html`, api);
search.push(...sections("api-js.html", "JavaScript API reference", api.slice(api.indexOf("<main"), api.indexOf("</main>"))));
search.push(...await nameSections());
writeFileSync(`${out}search-index.json`, JSON.stringify({ version, sections: search }));
// The search page: the same header search, with the results of ?q= as the page body.
writeFileSync(`${out}search.html`, page({ file: "search", title: "Search", body: `<h1>Search</h1><p id="search-page-status" aria-live="polite">Type in the search box above.</p><ol id="search-page-results" class="search-page-results"></ol>` }));

if (process.env.KUBEGATE_RUSTDOC !== "0") {
  // --no-deps: only kubegate's own pages (about 20 s on 2 cores once dependencies are checked).
  const target = process.env.CARGO_TARGET_DIR ?? at("target");
  execFileSync("cargo", ["doc", "--no-deps", "--lib", "--quiet"], { cwd: at(""), stdio: "inherit" });
  cpSync(`${target}/doc`, `${out}rust`, { recursive: true });
}
console.error(`docs built: ${parsed.size + 1} pages in www/docs/${existsSync(`${out}rust`) ? ", rustdoc in www/docs/rust/" : ""}`);
