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
  return el;
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
