// Which playground inputs become code editors, and what each editor knows: its language, the
// package's diagnostics at their line, completion and hover docs for gate names, kubelet
// flags' gates and KubeletConfiguration fields of the release the panel has picked. Loaded
// after the playground is ready (app.js), so the editor bundle never delays the first table;
// until then, and if it cannot load, the plain textareas work as before. Like the panels, this
// implements no Kubernetes rule: every fact and message comes from the package.
import { mountEditor } from "./editor.js";
import { splitArgs, absolutePath } from "./panels/layers.js";

/** What `re` matches in `text`: `re` is anchored and starred, so it always matches (maybe
 *  nothing). */
const leading = (text, re) => re.exec(text)?.[0] ?? "";

/** Only the first lines of a value shown in a hover. */
const brief = (v) => {
  const s = JSON.stringify(v);
  return s === undefined ? "unset" : s.length > 80 ? `${s.slice(0, 77)}…` : s;
};
const typeOf = (v) => (Array.isArray(v) ? "list" : v === null ? "null" : typeof v === "object" ? "map" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v);

/**
 * Where a feature-gate problem sits in a --feature-gates value that starts at `from`: the
 * package's span covers the whole `Name=value` item; when the value is fine and the gate is what
 * Kubernetes refuses (unknown, locked, pre-alpha, a dependency), only the name is marked.
 */
export function gateProblemRange(value, from, problem) {
  const span = problem?.span;
  if (!span || !Number.isInteger(span.start) || !Number.isInteger(span.end)) return null;
  const start = Math.max(0, Math.min(span.start, value.length));
  const end = Math.max(start, Math.min(span.end, value.length));
  const item = value.slice(start, end);
  if (problem.kind !== "syntax" && problem.feature) {
    const at = item.indexOf(problem.feature);
    if (at >= 0) return { from: from + start + at, to: from + start + at + problem.feature.length };
  }
  const lead = item.length - item.trimStart().length;
  const trail = item.length - item.trimEnd().length;
  return end - trail > start + lead ? { from: from + start + lead, to: from + end - trail } : { from: from + start, to: from + end };
}

/** Every --feature-gates value on a command line, with the offset where it starts: `--feature-gates=V`
 *  or `--feature-gates V`, V bare or wholly quoted (what a shell passes on unchanged). */
export function featureGateValues(text) {
  const out = [];
  const re = /(^|\s)--?feature-gates(=|\s+)/g;
  let m;
  while ((m = re.exec(text))) {
    let at = m.index + m[0].length;
    const q = text[at];
    let value;
    if (q === "'" || q === '"') {
      const close = text.indexOf(q, at + 1);
      value = text.slice(at + 1, close < 0 ? text.length : close);
      at += 1;
    } else {
      value = leading(text.slice(at), /^\S*/);
    }
    out.push({ value, from: at });
  }
  return out;
}

/**
 * Mounts the editors on the inputs under `root` (the playground's <main>, or a widget's panel in
 * its shadow root) and keeps mounting them on inputs the panels add later. `onReady` runs once
 * they are mounted (the playground marks its <body>, a widget its element).
 */
/**
 * @param {typeof import("kubegate")} kubegate
 * @param {HTMLElement | ShadowRoot} root
 * @param {{ kubeletInput?: () => import("kubegate").ResolveKubeletConfigInput | null,
 *   gateFlagCheck?: () => { text: string, problems: Partial<import("kubegate").ErrorProblem>[] } | null,
 *   onReady?: () => void }} [hooks]
 */
export function setupEditors(kubegate, root, { kubeletInput = () => null, gateFlagCheck = () => null, onReady = () => { document.body.dataset.editors = "ready"; } } = {}) {
  /** A panel's input by id (the panels name their inputs; the editors read their values). */
  const byId = (id) => /** @type {HTMLInputElement | null} */ (root.querySelector(`#${id}`));
  const valueOf = (id, fallback) => byId(id)?.value || fallback;
  const newest = kubegate.releases().newest;

  // ---- release data, once per release
  const gateCache = new Map();
  function gates(release) {
    if (!gateCache.has(release)) {
      let map = new Map();
      try { map = new Map(kubegate.releaseGates(release).map((g) => [g.name, g])); } catch { /* unknown release: no names */ }
      gateCache.set(release, map);
    }
    return gateCache.get(release);
  }
  const fieldCache = new Map();
  function fields(release) {
    if (!fieldCache.has(release)) {
      let config = {};
      // As a --config file that sets nothing leaves them: loading a file fills in defaults the
      // flags alone do not have (evictionHard's signals), which nested completion offers.
      const path = "/kubegate/empty.yaml";
      const empty = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
      try { config = kubegate.resolveKubeletConfig({ kubeletVersion: release, args: [`--config=${path}`], files: { [path]: empty } }).config; } catch { /* none */ }
      fieldCache.set(release, config);
    }
    return fieldCache.get(release);
  }
  // The package lists no kubelet flags, but it parses them: a field's flag is offered only when
  // that release's kubelet accepts --<field-in-kebab-case> and sets the field from it.
  const flagCache = new Map();
  function flags(release) {
    if (!flagCache.has(release)) {
      const found = [];
      for (const [field, value] of Object.entries(fields(release))) {
        if (!["string", "number", "boolean"].includes(typeof value) || field === "apiVersion" || field === "kind") continue;
        const flag = `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
        try {
          const r = kubegate.resolveKubeletConfig({ kubeletVersion: release, args: [`${flag}=${value}`] });
          if (r.provenance[field]?.origin.source === flag) found.push({ flag, field, value });
        } catch { /* not a flag of this release */ }
      }
      flagCache.set(release, found);
    }
    return flagCache.get(release);
  }
  const layersRelease = () => valueOf("layers-version", newest);
  const gatesRelease = () => valueOf("gates-emulation", newest);

  function gateDoc(g) {
    const stage = g.preRelease || "GA";
    const since = g.stageSince ? ` since ${g.stageSince}` : "";
    const from = g.source ? `; from ${g.source}${g.fromWebsite ? " (website: no source of this release's code)" : ""}` : "";
    const readers = g.components === undefined ? "" : g.components === null ? "; read by: unknown for this release"
      : g.components.length ? `; read by ${g.components.join(", ")}` : "; registered but read by no component";
    return `${g.name}: ${stage}${since}, default ${g.default}${g.lockToDefault ? " (locked)" : ""}; registered since ${g.since}${g.removed ? `, removed in ${g.removed}` : ""}${readers}${from}. Its history: Alt+Shift+H with the cursor on the name, or the "history" button of its row in Feature gates.`;
  }
  const gateOptions = (release, suffix) => [...gates(release).values()].map((g) => ({
    label: g.name, type: "constant", detail: `${g.preRelease || "GA"}, default ${g.default}`, info: gateDoc(g), apply: g.name + suffix,
  }));
  const hoverGate = (release) => (word) => {
    const g = gates(release()).get(word);
    return g ? gateDoc(g) : null;
  };

  // ---- kubelet configuration files: fields at the top level, gates under featureGates
  function configComplete(ctx) {
    const word = ctx.matchBefore(/^\s*[A-Za-z0-9._-]*$/);
    if (!word || (word.from === word.to && !ctx.explicit)) return null;
    const line = ctx.state.doc.lineAt(ctx.pos);
    const indent = leading(line.text, /^\s*/).length;
    const from = line.from + indent;
    const release = layersRelease();
    if (indent === 0) {
      const config = fields(release);
      return { from, options: Object.keys(config).filter((k) => k !== "apiVersion" && k !== "kind").map((k) => ({
        label: k, type: "property", detail: typeOf(config[k]), info: `${k}: ${typeOf(config[k])}, default ${brief(config[k])}`, apply: `${k}: `,
      })) };
    }
    // The less-indented keys above name the map this line is in, outermost first.
    const chain = [];
    let limit = indent;
    for (let n = line.number - 1; n >= 1 && limit > 0; n--) {
      const t = ctx.state.doc.line(n).text;
      if (!t.trim() || /^\s*#/.test(t)) continue;
      const own = leading(t, /^\s*/).length;
      if (own >= limit) continue;
      const key = /^\s*([^:#\s][^:#]*?)\s*:\s*$/.exec(t)?.[1];
      if (!key) return null;
      chain.unshift(key.replace(/^["']|["']$/g, ""));
      limit = own;
    }
    if (chain.length === 1 && chain[0] === "featureGates") return { from, options: gateOptions(release, ": ") };
    // Inside a struct or map the release defaults: its keys (evictionHard's signals,
    // authentication.webhook's fields, ...), as the release's kubelet fills them in.
    let at = fields(release);
    for (const k of chain) at = at && typeof at === "object" && !Array.isArray(at) ? at[k] : undefined;
    if (!at || typeof at !== "object" || Array.isArray(at) || !Object.keys(at).length) return null;
    const prefix = chain.join(".");
    return { from, options: Object.keys(at).map((k) => ({
      label: k, type: "property", detail: typeOf(at[k]), info: `${prefix}.${k}: ${typeOf(at[k])}, default ${brief(at[k])}`, apply: `${k}: `,
    })) };
  }
  function configHover(word, lineText) {
    const g = gates(layersRelease()).get(word);
    if (g) return gateDoc(g);
    const config = fields(layersRelease());
    if (new RegExp(`^${word.replace(/[.]/g, "\\.")}\\s*:`).test(lineText) && word in config) return `${word}: ${typeOf(config[word])}, default ${brief(config[word])}`;
    return null;
  }

  /**
   * Line `line` of `text`, marked from the key `name` (a field or gate, the last part of a
   * dotted path) to the end of the line: the column where the value at fault was written.
   * The whole line when the key is not on it.
   */
  function atKey(text, line, name, message, severity = "error") {
    const lines = text.split("\n");
    const t = lines[line - 1];
    if (t === undefined || !name) return { line, message, severity };
    const m = new RegExp(`(^|[\\s{,"'])(${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})["']?\\s*:`).exec(t);
    if (!m) return { line, message, severity };
    const start = lines.slice(0, line - 1).reduce((a, l) => a + l.length + 1, 0);
    const from = start + m.index + m[1].length;
    return { from, to: start + t.trimEnd().length, message, severity };
  }
  const leaf = (field) => field?.split(".").at(-1) ?? null;
  /**
   * The package's problems located in `file` (or at a flag), at their line and key. One problem
   * carries the kubelet's whole text, as the panel's status and the CLI print it; several (a
   * validation) carry each its own, as the panel lists them.
   */
  /**
   * @param {Partial<Error & import("kubegate").KubegateErrorFields> | undefined} e what the package threw
   * @param {{ file?: string, flagLines?: (flag: string) => number | null, text?: string }} where
   */
  function problems(e, { file, flagLines, text = "" }) {
    /** @type {Partial<import("kubegate").ErrorProblem>[]} */
    const all = Array.isArray(e?.problems) && e.problems.length ? e.problems : [e ?? {}];
    const out = [];
    for (const p of all) {
      const message = all.length === 1 ? e?.message ?? p.message ?? String(e) : p.message ?? String(e);
      if (file && p.file === file) out.push(atKey(text, p.line ?? 1, leaf(p.field), message));
      else if (flagLines && p.flag) {
        const line = flagLines(p.flag);
        if (line) out.push({ line, message });
      }
    }
    // A failure the problems do not place (a parse error) may still name the file and line.
    if (!out.length && file && e?.file === file) out.push({ line: e.line ?? 1, message: e.message });
    return out;
  }
  /**
   * The warnings the kubelet prints about `file` (unknown or duplicate fields the lenient
   * decoder dropped, GA or deprecated gates it set), at their line and key, in the words of the
   * panel's warning list.
   */
  function fileWarnings(result, file, text) {
    const out = [];
    for (const w of result?.warnings ?? []) {
      const at = w.lastIndexOf(`${file}:`);
      if (at >= 0) {
        const line = Number(/^:(\d+)/.exec(w.slice(at + file.length))?.[1]);
        if (line) out.push(atKey(text, line, /field "([^"]+)"/.exec(w)?.[1], w, "warning"));
        continue;
      }
      const gate = /feature gate (\w+)=|featureGate=(\w+)/.exec(w);
      const name = gate?.[1] ?? gate?.[2];
      const origin = name && result.provenance?.[`featureGates.${name}`]?.origin;
      if (origin?.source === file && origin.line) out.push(atKey(text, origin.line, name, w, "warning"));
    }
    return out;
  }
  function resolveProblems(input, where) {
    try {
      const r = kubegate.resolveKubeletConfig({ kubeletVersion: layersRelease(), ...input });
      return where.file ? fileWarnings(r, where.file, where.text ?? "") : [];
    } catch (e) {
      return problems(e, where);
    }
  }
  const env = () => (byId("layers-alpha-env")?.checked ? { env: { KUBELET_CONFIG_DROPIN_DIR_ALPHA: "1" } } : {});
  // A file or the command line is checked as the panel resolves it: with every other layer
  // (a drop-in may override what the file sets, and the kubelet validates only the merged
  // result), and only the problems placed in this editor are marked, so an editor never
  // contradicts the panel's own answer.
  const withWhole = (change, alone) => {
    const whole = kubeletInput();
    return whole ? change(whole) : alone;
  };
  const lintConfigFile = () => (text) => {
    const file = absolutePath(valueOf("layers-config-path", "/etc/kubernetes/kubelet.yaml"));
    return resolveProblems(withWhole(
      (w) => ({ ...w, files: { ...w.files, [file]: text } }),
      { args: [`--config=${file}`], files: { [file]: text } },
    ), { file, text });
  };
  /** A dynamic-config checkpoint is validated on its own: an invalid one is what makes the
   *  kubelet fall back to its last-known-good config (the panel says so in its status). */
  const lintCheckpoint = () => (text) => {
    const file = "/checkpoint/kubelet";
    return resolveProblems({ args: [`--config=${file}`], files: { [file]: text } }, { file, text });
  };
  const lintDropin = (el) => (text) => {
    const dir = absolutePath(valueOf("layers-dropin-dir", "/etc/kubernetes/kubelet.conf.d").replace(/\/+$/, "") || "/");
    const name = el.closest(".dropin")?.querySelector(".dropin-name")?.value || "10-dropin.conf";
    const file = `${dir}/${name}`;
    return resolveProblems(withWhole(
      (w) => ({ ...w, files: { ...w.files, [file]: text } }),
      { args: [`--config-dir=${dir}`], files: { [file]: text }, dirs: [dir], ...env() },
    ), { file, text });
  };
  /** The command line: its problems are placed at the line of the flag they name. */
  function lintArgs(text) {
    const lines = text.split("\n");
    const flagLines = (flag) => {
      const i = lines.findIndex((l) => l.includes(flag));
      return i >= 0 ? i + 1 : null;
    };
    const args = splitArgs(text);
    const input = withWhole((w) => ({ ...w, args }), {
      // Alone, --config and --config-dir would name files the other editors hold.
      args: args.filter((a, i) => !/^--?config(-dir)?(=|$)/.test(a) && !/^--?config(-dir)?$/.test(args[i - 1] ?? "")),
      ...env(),
    });
    try {
      const r = kubegate.resolveKubeletConfig({ kubeletVersion: layersRelease(), ...input });
      return argsWarnings(text, r);
    } catch (e) {
      return gateFlagMarks(text, e) ?? problems(e, { flagLines });
    }
  }
  /** Warnings about the command line (a deprecated flag, a GA or deprecated gate it sets), at
   *  the flag or the gate they name, in the words of the panel's warning list. */
  function argsWarnings(text, result) {
    const out = [];
    const mark = (re, w) => {
      let at = -1;
      let len = 0;
      for (const m of text.matchAll(re)) { at = m.index + m[1].length; len = m[2].length; }
      if (at >= 0) out.push({ from: at, to: at + len, message: w, severity: "warning" });
    };
    const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const w of result?.warnings ?? []) {
      const flag = /^Flag --([\w-]+) has been deprecated/.exec(w)?.[1];
      if (flag) { mark(new RegExp(`(^|\\s)(--?${esc(flag)})(?=[=\\s]|$)`, "g"), w); continue; }
      const gate = /feature gate (\w+)=|featureGate=(\w+)/.exec(w);
      const name = gate?.[1] ?? gate?.[2];
      if (name && result.provenance?.[`featureGates.${name}`]?.origin.source === "--feature-gates") mark(new RegExp(`([=,\\s'"])(${esc(name)})(?==)`, "g"), w);
    }
    return out;
  }
  /**
   * A refused --feature-gates: the kubelet's error names the flag and, in its text, the gate; the
   * same release's FeatureGate (which the kubelet's flag feeds) gives that gate's span in the
   * value. Only a problem about a gate the kubelet's message names is marked, so the mark never
   * says more than the kubelet did; null when none is found (the flag's line is marked instead).
   */
  function gateFlagMarks(text, e) {
    if (e?.flag !== "--feature-gates") return null;
    const marks = [];
    for (const { value, from } of featureGateValues(text)) {
      let gate = null;
      try {
        gate = kubegate.FeatureGate.forRelease(layersRelease());
        gate.set(value);
      } catch (err) {
        for (const p of err?.problems ?? []) {
          if (!p.feature || !String(e.message).includes(p.feature)) continue;
          const range = gateProblemRange(value, from, p);
          if (range) marks.push({ ...range, message: e.message });
        }
      } finally {
        gate?.free();
      }
    }
    return marks.length ? marks : null;
  }
  /** The gates panel's string: the panel's own check (same mode, version and gate list as its
   *  table), each problem at its gate. */
  function lintGateFlags(text) {
    const check = gateFlagCheck();
    if (!check || check.text !== text) return [];
    return check.problems.map((p) => ({ ...(gateProblemRange(text, 0, p) ?? { from: 0, to: text.length }), message: p.message }));
  }
  function argsComplete(ctx) {
    const flag = ctx.matchBefore(/(?:^|\s)--?[a-z-]*$/);
    if (flag) {
      const from = flag.from + (/^\s/.test(flag.text) ? 1 : 0);
      return { from, options: flags(layersRelease()).map((f) => ({
        label: f.flag, type: "keyword", detail: typeOf(f.value), info: `${f.flag} sets ${f.field}; default ${brief(f.value)}`, apply: `${f.flag}=`,
      })), validFor: /^--?[a-z-]*$/ };
    }
    const m = ctx.matchBefore(/--feature-gates[= ](?:[A-Za-z0-9]+=[A-Za-z]*,)*[A-Za-z0-9]*$/);
    if (!m) return null;
    const word = ctx.matchBefore(/[A-Za-z0-9]*$/);
    return { from: word.from, options: gateOptions(layersRelease(), "="), validFor: /^[A-Za-z0-9]*$/ };
  }
  function gatesFlagComplete(ctx) {
    const word = ctx.matchBefore(/(?:^|,)\s*[A-Za-z0-9]*$/);
    if (!word) return null;
    const start = ctx.matchBefore(/[A-Za-z0-9]*$/);
    if (start.from === start.to && !ctx.explicit) return null;
    return { from: start.from, options: gateOptions(gatesRelease(), "="), validFor: /^[A-Za-z0-9]*$/ };
  }
  function argsHover(word) {
    const f = flags(layersRelease()).find((x) => x.flag === `--${word}`);
    return f ? `--${word} sets ${f.field} (${typeOf(f.value)}); default ${brief(f.value)}` : hoverGate(layersRelease)(word);
  }
  /** JSON.parse's complaint, at its line. */
  function lintJson(text) {
    if (!text.trim()) return [];
    try {
      JSON.parse(text);
      return [];
    } catch (e) {
      const msg = String(e.message);
      const at = /position (\d+)/.exec(msg)?.[1];
      const line = /line (\d+)/.exec(msg)?.[1] ?? (at !== undefined ? text.slice(0, Number(at)).split("\n").length : 1);
      return [{ line: Number(line), message: msg }];
    }
  }
  function lintFeatureList(text) {
    if (!text.trim()) return [];
    try {
      kubegate.parseFeatureList(text);
      return [];
    } catch (e) {
      return [{ line: e.line ?? Number(/line (\d+)/.exec(String(e.message))?.[1] ?? 1), message: e.message }];
    }
  }

  // ---- which element gets which editor
  const layersYaml = (lint) => (el) => ({ language: /** @type {const} */ ("yaml"), lint: lint(el), complete: configComplete, hover: configHover });
  /** @type {[string, (el: HTMLTextAreaElement | HTMLInputElement) => Parameters<typeof mountEditor>[1]][]} */
  const SPECS = [
    ["#layers-config", layersYaml(lintConfigFile)],
    ["#layers-assigned", layersYaml(lintCheckpoint)],
    ["#layers-lkg", layersYaml(lintCheckpoint)],
    ["textarea[id^='layers-dropin-']", layersYaml(lintDropin)],
    ["#layers-args", () => ({ language: "args", lint: lintArgs, complete: argsComplete, hover: argsHover })],
    ["#gates-flags", () => ({ language: "args", singleLine: true, lint: lintGateFlags, complete: gatesFlagComplete, hover: hoverGate(gatesRelease) })],
    ["#gates-paste", () => ({ language: "yaml", lint: lintFeatureList })],
    ["#pods-file-body", () => ({ language: "yaml" })],
    ["#pods-http-body", () => ({ language: "yaml" })],
    ["#pods-api-body", () => ({ language: "json", lint: lintJson })],
    ["#fields-obj", () => ({ language: "json", lint: lintJson })],
    ["#fields-old", () => ({ language: "json", lint: lintJson })],
  ];
  // Alt+Shift+H on a gate name opens that gate's history (the Gates panel's dialog), the route
  // the hover names: a hover is text only, so the keyboard is how it is reached from an editor.
  function historyKey(view) {
    view.dom.addEventListener("keydown", (e) => {
      if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey || e.code !== "KeyH") return;
      const head = view.state.selection.main.head;
      const line = view.state.doc.lineAt(head);
      const at = head - line.from;
      const left = leading(line.text.slice(0, at), /[A-Za-z0-9]*$/);
      const right = leading(line.text.slice(at), /^[A-Za-z0-9]*/);
      const name = left + right;
      if (!name || !(gates(layersRelease()).has(name) || gates(gatesRelease()).has(name))) return;
      e.preventDefault();
      e.stopPropagation();
      document.dispatchEvent(new CustomEvent("kubegate:gate-history", { detail: { name } }));
    }, true);
  }
  const mounted = new Set();
  function mountAll() {
    for (const [selector, spec] of SPECS) {
      // SPECS name textareas and text inputs only.
      for (const el of /** @type {NodeListOf<HTMLTextAreaElement | HTMLInputElement>} */ (root.querySelectorAll(selector))) {
        if (el.dataset.editor) continue;
        const ed = mountEditor(el, spec(el));
        if (ed) { mounted.add(ed); historyKey(ed.view); }
      }
    }
    for (const ed of mounted) if (!ed.view.dom.isConnected) mounted.delete(ed);
  }
  mountAll();
  // Panels redraw some inputs (drop-ins): give the new ones editors too.
  let queued = false;
  const addsInput = (ms) => ms.some((m) => [...m.addedNodes].some((n) => n.nodeType === 1 && (n.matches("textarea, input") || n.querySelector("textarea, input"))));
  new MutationObserver((ms) => {
    if (queued || !addsInput(ms)) return;
    queued = true;
    queueMicrotask(() => { queued = false; mountAll(); });
  }).observe(root, { childList: true, subtree: true });
  // A new release (or path, or drop-in name) changes what the files mean.
  // The panels redraw in the next frame (debounceFrame), so the editors check after them.
  root.addEventListener("change", () => requestAnimationFrame(() => setTimeout(() => { for (const ed of mounted) ed.relint(); })));
  onReady();
}
