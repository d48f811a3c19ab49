// Tiny DOM helpers. Every string goes in as text (textContent or attribute values), never as
// HTML, so nothing from a share link, a file or a YAML document can inject markup or script.

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

/** An error message as data: the Error's message, or the string. */
export const messageOf = (e) => (e instanceof Error ? e.message : String(e));

/** A labelled control: <label>text <control></label>. */
export const labelled = (text, control, cls) => h("label", { class: cls ?? "field" }, h("span", { class: "label-text" }, text), control);

/** The Kubernetes releases kubegate carries, newest first: every version picker offers exactly
 *  these (the range is a fact of the package, `releases()`, never typed here). */
export const versionRange = (kubegate) => kubegate.releases().releases;

/** The newest release kubegate carries: the default of every version picker. */
export const newestRelease = (kubegate) => kubegate.releases().newest;

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
};

/** A file of kubernetes/kubernetes on the branch of `release`, a version the package reported
 *  (releases()); anything else falls back to the default branch. */
export const upstreamSource = (release, path) =>
  `https://github.com/kubernetes/kubernetes/blob/${/^\d+\.\d+$/.test(String(release)) ? `release-${release}` : "master"}/${path}`;

/** An outbound link, drawn as text. */
export const extLink = (href, text) => h("a", { href, rel: "noopener noreferrer", class: "ext" }, text);

/** A button that copies `text()` to the clipboard and says whether it worked. */
export function copyButton(label, text, attrs = {}) {
  const btn = h("button", { type: "button", ...attrs }, label);
  btn.addEventListener("click", async () => {
    let said;
    try {
      await navigator.clipboard.writeText(text());
      said = `${label}: copied`;
    } catch {
      said = `${label}: not allowed here, select the text instead`;
    }
    btn.textContent = said;
    setTimeout(() => (btn.textContent = label), 2000);
  });
  return btn;
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

const YAML_PLAIN = /^[A-Za-z_/][\w./-]*$/;
const YAML_WORDS = /^(true|false|yes|no|on|off|y|n|null|~)$/i;
const yamlScalar = (v) => {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  const s = String(v);
  return YAML_PLAIN.test(s) && !YAML_WORDS.test(s) ? s : JSON.stringify(s);
};

/** A JSON value as block YAML: strings that YAML could read as anything else are quoted. */
export function toYaml(value, indent = "") {
  const isObj = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  if (Array.isArray(value)) {
    if (!value.length) return `${indent}[]\n`;
    return value.map((item) => {
      // The item's first key goes on the dash line; the rest line up under it.
      if (isObj(item) && Object.keys(item).length) return `${indent}- ${toYaml(item, `${indent}  `).slice(indent.length + 2)}`;
      if (Array.isArray(item) && item.length) return `${indent}-\n${toYaml(item, `${indent}  `)}`;
      return `${indent}- ${isObj(item) ? "{}" : Array.isArray(item) ? "[]" : yamlScalar(item)}\n`;
    }).join("");
  }
  if (isObj(value)) {
    return Object.entries(value).map(([k, v]) => {
      const key = yamlScalar(k);
      if (isObj(v)) return Object.keys(v).length ? `${indent}${key}:\n${toYaml(v, `${indent}  `)}` : `${indent}${key}: {}\n`;
      if (Array.isArray(v)) return v.length ? `${indent}${key}:\n${toYaml(v, `${indent}  `)}` : `${indent}${key}: []\n`;
      return `${indent}${key}: ${yamlScalar(v)}\n`;
    }).join("");
  }
  return `${indent}${yamlScalar(value)}\n`;
}
