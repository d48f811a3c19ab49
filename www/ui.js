// Tiny DOM helpers. Every string goes in as text (textContent or attribute values), never as
// HTML, so nothing from a share link, a file or a YAML document can inject markup or script.

/**
 * What the shell (www/app.js) or a widget hands a panel's create(): the package's exports (the
 * gate core's alone until the full package has loaded, for the Gates panel; `later` settles then),
 * the section to draw into, and a banner for problems the panel cannot show itself. Here, not in
 * panels/index.js, because the widgets copy this file and the panels as they are.
 * @typedef {{ kubegate: typeof import("kubegate"), container: HTMLElement, banner?: (text: string | null) => void, later?: Promise<unknown> }} PanelContext
 */

/** Creates an element: h("button", { class: "x", onclick: f, "aria-label": "..." }, "text", child). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "value") el.value = v;
    else if (k === "checked") el.checked = !!v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  if (SCROLLER.test(el.className) && !el.hasAttribute("tabindex")) scrollable(el);
  return el;
}

/** Wrappers that scroll (tables, logs): reachable by keyboard, with a name. */
const SCROLLER = /(^|\s)(table-wrap|log-wrap)(\s|$)/;
function scrollable(el) {
  el.tabIndex = 0;
  if (!el.hasAttribute("role")) el.setAttribute("role", "region");
  if (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) return;
  const kind = el.classList.contains("log-wrap") ? "log" : "table";
  el.setAttribute("aria-label", `Scrollable ${kind}`);
  // The table's caption is often drawn later: name the region after it once it exists.
  const name = () => {
    const caption = el.querySelector("caption")?.textContent.trim();
    if (caption) el.setAttribute("aria-label", caption);
  };
  el.addEventListener("focus", name);
  queueMicrotask(name);
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Sets `el`'s text only when it differs: an unchanged write still replaces the text node and
 *  costs a style and layout pass on the keystroke path. */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
  return el;
}

/** Makes `parent`'s children exactly `nodes`, in order, moving only what is out of place (a
 *  node already in place is not touched, so its layout is not invalidated). */
export function placeChildren(parent, nodes) {
  const kids = parent.children;
  nodes.forEach((n, i) => { if (kids[i] !== n) parent.insertBefore(n, kids[i] ?? null); });
  while (kids.length > nodes.length) parent.lastElementChild.remove();
  return parent;
}

/** Rows of `tbody` kept by id: `draw([[id, key, build], …])` reuses a row whose key (all it
 *  shows) is unchanged and builds only the others, so an edit that changes three values of
 *  two hundred touches three rows (a full redraw cost a frame and more). */
export function keyedRows(tbody) {
  let kept = new Map();
  return (items) => {
    const next = new Map();
    const trs = items.map(([id, key, build]) => {
      let r = kept.get(id);
      if (!r || r.key !== key) r = { key, tr: build() };
      next.set(id, r);
      return r.tr;
    });
    kept = next;
    placeChildren(tbody, trs);
  };
}

/** Replaces all children of `el`. */
export function render(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Text with [start, end) marked, for pointing at the culprit inside an input's value. */
export function marked(text, span, cls = "culprit") {
  if (!span) return h("code", {}, text);
  const s = Math.max(0, Math.min(span.start, text.length));
  const e = Math.max(s, Math.min(span.end, text.length));
  return h("code", {}, text.slice(0, s), h("mark", { class: cls }, text.slice(s, e) || " "), text.slice(e));
}

/** Runs `fn` at most once per animation frame, with the latest arguments. */
export function debounceFrame(fn) {
  let pending = null;
  return (...args) => {
    const first = pending === null;
    pending = args;
    if (first) requestAnimationFrame(() => { const a = pending; pending = null; fn(...a); });
  };
}

/**
 * Runs `fn(deadline)` once the browser is idle, or after `timeout` ms at the latest: work nobody
 * is looking at yet (rows out of view, sections below the fold) waits until the frame that
 * answers a keystroke is on screen. Returns a function that cancels it. Without
 * requestIdleCallback (Safari), a short timer with an 8 ms budget stands in.
 */
export function whenIdle(fn, timeout = 200) {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  const t = setTimeout(() => {
    const end = performance.now() + 8;
    fn({ didTimeout: false, timeRemaining: () => Math.max(0, end - performance.now()) });
  }, 16);
  return () => clearTimeout(t);
}

/**
 * Runs `fn` at once for the first call of a frame and at most once more, with the latest
 * arguments, in the next animation frame. For a keystroke that is the difference between
 * computing while waiting for the frame and computing inside it: the answer is then in the
 * first frame that can show it, and a burst of input still costs one run a frame.
 */
export function eagerFrame(fn) {
  let armed = false;
  let pending = null;
  return (...args) => {
    if (armed) { pending = args; return; }
    armed = true;
    requestAnimationFrame(() => {
      armed = false;
      if (pending) { const a = pending; pending = null; fn(...a); }
    });
    fn(...args);
  };
}

/** An error message as data: the Error's message, or the string. */
export const messageOf = (e) => (e instanceof Error ? e.message : String(e));

/** A labelled control: <label>text <control></label>. */
export const labelled = (text, control, cls) => h("label", { class: cls ?? "field" }, h("span", { class: "label-text" }, text), control);

/** The Kubernetes releases kubegate carries, newest first: every version picker offers exactly
 *  these (the range is a fact of the package, `releases()`, never typed here). */
export const versionRange = (kubegate) => kubegate.releases().releases;

/** The newest release kubegate carries: the default of every version picker. */
export const newestRelease = (kubegate) => kubegate.releases().newest;

/** What the prose states (per-release defaults, when a mechanism existed, kinds): the package's
 *  facts(), never typed in www/, so a new release or a corrected fact needs no edit here. */
export const factsOf = (kubegate) => kubegate.facts();

/** A span of releases from facts() as prose: "1.28–1.29", or one release alone. */
export const spanText = (span) => (span ? (span.from === span.to ? span.from : `${span.from}–${span.to}`) : "");

export const select = (options, value, attrs = {}) =>
  h("select", attrs, options.map((o) => {
    const [v, label] = Array.isArray(o) ? o : [o, o];
    return h("option", { value: v, selected: v === value }, label);
  }));

/** Makes `el` a drop zone for one file: highlights while dragging, hands the file to `onFile`. */
export function onFileDrop(el, onFile) {
  el.addEventListener("dragover", (e) => { e.preventDefault(); el.classList.add("dropping"); });
  el.addEventListener("dragleave", () => el.classList.remove("dropping"));
  el.addEventListener("drop", async (e) => {
    e.preventDefault();
    el.classList.remove("dropping");
    const f = e.dataTransfer?.files?.[0];
    if (f) await onFile(f);
  });
}

/** Upstream reference pages on kubernetes.io. Version-less on purpose: they describe the newest
 *  release; a URL that names a release takes it from the package (see upstreamSource). */
export const UPSTREAM = {
  kubeletConfig: "https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/",
  kubeletFlags: "https://kubernetes.io/docs/reference/command-line-tools-reference/kubelet/",
  kubeletConfigFile: "https://kubernetes.io/docs/tasks/administer-cluster/kubelet-config-file/",
  featureGates: "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/",
  featureGatesRemoved: "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates-removed/",
};

/** A file of kubernetes/kubernetes on the branch of `release`, a version the package reported
 *  (releases()); anything else falls back to the default branch. */
export const upstreamSource = (release, path) =>
  `https://github.com/kubernetes/kubernetes/blob/${/^\d+\.\d+$/.test(String(release)) ? `release-${release}` : "master"}/${path}`;

/** A feature gate's entry on kubernetes.io: the reference lists each gate under an anchor of its
 *  exact name (the site's feature-gate-list shortcode), current gates on one page and removed
 *  ones on another. */
export const gateDocUrl = (name, removed = false) =>
  `${removed ? UPSTREAM.featureGatesRemoved : UPSTREAM.featureGates}#${encodeURIComponent(name)}`;

/** The KubeletConfiguration reference, at the type the dotted path starts in (the page anchors
 *  types, not fields: a field is a row of its type's table). */
export const kubeletFieldDocUrl = () => `${UPSTREAM.kubeletConfig}#kubelet-config-k8s-io-v1beta1-KubeletConfiguration`;

/** Rows as CSV (RFC 4180: fields with a comma, quote or line break are quoted). A cell that a
 *  spreadsheet would run as a formula (=, +, -, @ first) is prefixed with ', since gate names and
 *  values may come from an imported file. */
export function toCsv(header, rows) {
  const cell = (v) => {
    let t = v === null || v === undefined ? "" : String(v);
    if (/^[=+\-@\t\r]/.test(t)) t = `'${t}`;
    return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** An outbound link, drawn as text. */
export const extLink = (href, text) => h("a", { href, rel: "noopener noreferrer", class: "ext" }, text);

/** A button that copies `text()` to the clipboard and says whether it worked. Its label can
 *  change with what it copies (relabel), also while it is saying so. */
export function copyButton(label, text, attrs = {}) {
  const btn = h("button", { type: "button", ...attrs }, label);
  btn.dataset.label = label;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let saying;
  btn.addEventListener("click", async () => {
    const now = btn.dataset.label ?? label;
    let said;
    try {
      await navigator.clipboard.writeText(text());
      said = `${now}: copied`;
    } catch {
      said = `${now}: not allowed here, select the text instead`;
    }
    btn.textContent = said;
    clearTimeout(saying);
    saying = setTimeout(() => {
      saying = undefined;
      btn.textContent = btn.dataset.label ?? label;
    }, 2000);
  });
  return btn;
}

/** Gives a copyButton a new label; a "copied" it is showing stays until its time is up. */
export function relabel(btn, label) {
  if (btn.dataset.label === label) return;
  const showing = btn.textContent === btn.dataset.label;
  btn.dataset.label = label;
  if (showing) btn.textContent = label;
}

/** A button that saves `text()` as a file named `name()`. */
export function downloadButton(label, name, type, text, attrs = {}) {
  const btn = h("button", { type: "button", ...attrs }, label);
  btn.addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([text()], { type }));
    const a = h("a", { href: url, download: name(), hidden: true });
    const root = btn.getRootNode();
    (root.body ?? root).append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  return btn;
}


// ---- Times and logs: one format for each kind of time, and one order, in every panel.
//
// Simulated time (a panel's virtual clock, which starts at 0) reads "t+1m30s": Go's
// time.Duration text, which is what the package's own durations look like (the control plane's
// clock, an event's time), after "t+" to say it counts from the scenario's start. Wall-clock
// durations (how long a run takes on this machine) read "40 s" or "3 min", so the two are never
// mistaken for each other.

/** Milliseconds as Go's time.Duration.String() prints them: "0s", "500ms", "1m30s", "1h0m0s". */
export function goDuration(ms) {
  if (!Number.isFinite(ms)) return "";
  const abs = Math.abs(Math.round(ms));
  let text;
  if (abs === 0) text = "0s";
  else if (abs < 1000) text = `${abs}ms`;
  else {
    const h = Math.floor(abs / 3_600_000);
    const m = Math.floor((abs % 3_600_000) / 60_000);
    const s = `${(abs % 60_000) / 1000}s`;
    text = h ? `${h}h${m}m${s}` : m ? `${m}m${s}` : s;
  }
  return ms < 0 ? `-${text}` : text;
}

/** A simulated time, `ms` after the scenario's start: "t+1m30s". */
export const simTime = (ms) => `t+${goDuration(ms)}`;

/** A wall-clock duration for people: "40 s" up to 90 s, then "3 min", then "2 h". */
export function wallDuration(seconds) {
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/**
 * Every log and timeline lists its newest entry first. The log boxes are short scrolling
 * regions capped at their last entries, and a step of the clock is followed by reading what it
 * just did: newest first puts that at the top, in view without scrolling, and first for a screen
 * reader. `max` keeps the newest `max` entries.
 */
export const newestFirst = (entries, max = Infinity) => (max === Infinity ? entries.slice() : entries.slice(-max)).reverse();
