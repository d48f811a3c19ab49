// The playground shell: loads the wasm package, mounts the panels, and keeps tabs, theme,
// examples, the URL, the saved session and share links. No Kubernetes rule lives here or in the
// panels: they ask the package and draw its answers.
//
// State that survives: the URL fragment always holds the whole state (share-link encoding, see
// state.js), rewritten shortly after every change; a tab change or an example is a new history
// entry, so Back and Forward move between them; the last session is kept in localStorage and
// restored on reload unless the URL carries a state of its own. Whatever comes from the URL or
// from storage is untrusted: each panel's setState validates its part, the example note comes
// from EXAMPLES by id, and everything is inserted as text.
//
// Loading order (a cold load within 3x a blank page): a first visit that opens the
// Gates panel needs only the gate core (`kubegate/gates`, a wasm a quarter the size of the full
// one, preloaded by index.html), so that panel is drawn from it alone; the full package and the
// other panels follow once the table is on screen, one panel a task so typing stays answered.
// Anything that needs another panel at once (a share link, a saved session with changes there,
// another tab in the URL) loads the full package first, as before. `body[data-shown]` names the
// panel whose first answer is on screen; `body[data-ready]` says every panel is mounted.
import { h, render, messageOf } from "./ui.js";
import { decodeState, encodeState, isObject } from "./state.js";
import { EXAMPLES } from "./examples.js";
import { PANELS } from "./panels/index.js";
import { setupEmbed } from "./embed-dialog.js";

/** The element of index.html with this id: the page always has it, so a missing one is a bug
 *  of index.html, said at once rather than as a null deep in a handler. */
const $ = (id) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`index.html has no element #${id}`);
  return el;
};
/** id -> { tab, section, title, def, panel }; `panel` is null until the panel is mounted. */
const instances = new Map();
/** The package the panels are given: the gate core's exports first, the full package's once it
 *  has loaded (the same object, filled in, so a panel holding it sees the rest arrive). */
const kubegate = {};
/** Resolves once every panel is mounted; actions that may touch any panel wait for it. */
let everything = null;
let current = null;
/** The example whose note is showing (an id from EXAMPLES), or null once closed. */
let example = null;
/** Where the last session is kept; the value is the same JSON a share link carries. index.html
 *  reads the same key to decide whether to preload the gate core's wasm. */
const SESSION_KEY = "kubegate-session";
/** How long the URL waits after a change before it is rewritten (ms). */
const URL_DELAY = 300;

function banner(message) {
  const el = $("banner");
  el.hidden = !message;
  el.textContent = message ?? "";
}

function show(id, { focus = false } = {}) {
  if (!instances.has(id)) id = PANELS[0].id;
  current = id;
  for (const [pid, inst] of instances) {
    const selected = pid === id;
    inst.tab.setAttribute("aria-selected", String(selected));
    inst.tab.tabIndex = selected ? 0 : -1;
    inst.section.hidden = !selected;
    if (selected) inst.panel?.onShow?.();
  }
  const tab = instances.get(id).tab;
  // On a phone the tab strip scrolls sideways: keep the selected tab in view.
  const strip = $("tabs");
  if (strip.scrollWidth > strip.clientWidth) {
    const left = tab.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, left - (strip.clientWidth - tab.offsetWidth) / 2);
    }
  }
  if (focus) tab.focus();
  drawNote();
}

/** The example note shows only on its own panel, until it is closed. */
function drawNote() {
  const ex = EXAMPLES.find((e) => e.id === example);
  const box = $("example-box");
  box.hidden = !ex || ex.tab !== current;
  $("example-note").textContent = ex ? ex.note : "";
  // The menu names the example in play, on every panel, until it is closed.
  const sel = /** @type {HTMLSelectElement | null} */ ($("examples"));
  if (sel && sel.value !== (ex ? ex.id : "")) sel.value = ex ? ex.id : "";
}

/** The whole state, as a share link carries it. */
function snapshot() {
  const panels = {};
  // A panel not mounted yet holds nothing but its defaults (see main).
  for (const [id, inst] of instances) panels[id] = inst.panel ? inst.panel.getState() : {};
  const state = { tab: current, panels };
  if (example) state.example = example;
  return state;
}

/** True when no panel holds anything but its defaults. */
const pristine = (state) => !state.example && Object.values(state.panels).every((p) => isObject(p) && !Object.keys(p).length);

/**
 * Applies a state (from a link, the session, history or an example); each panel validates its
 * own part. Only panels whose state differs are touched, so a running simulation survives a tab
 * change. Returns the problems found, one per panel.
 * @param {any} state untrusted until each panel's setState has read its part
 * @param {{ only?: string }} [opts] `only`: the panel an example is for
 */
function restore(state, { only } = {}) {
  const problems = [];
  if (isObject(state.panels)) {
    for (const [id, inst] of instances) {
      if (!(id in state.panels) || (only && id !== only) || !inst.panel) continue;
      let same = false;
      try { same = JSON.stringify(inst.panel.getState()) === JSON.stringify(state.panels[id]); } catch { /* validate below */ }
      if (same) continue;
      try {
        inst.panel.setState(state.panels[id]);
      } catch (e) {
        problems.push(`${inst.title}: ${messageOf(e)}`);
      }
    }
  }
  example = typeof state.example === "string" && EXAMPLES.some((e) => e.id === state.example) ? state.example : null;
  show(typeof state.tab === "string" ? state.tab : current);
  return problems;
}

/** The defaults of every panel (an empty state is each panel's defaults), on `tab`. */
const defaults = (tab) => ({ tab, panels: Object.fromEntries([...instances.keys()].map((id) => [id, {}])) });

// ---- the URL and the saved session
let urlTimer = null;
let writing = Promise.resolve();

/** The fragment for a state: the tab alone while nothing is changed, else the encoded state. */
async function fragmentOf(state) {
  return pristine(state) ? `#${state.tab}` : `#${await encodeState(state)}`;
}

function save(state) {
  try {
    if (pristine(state)) localStorage.removeItem(SESSION_KEY);
    else localStorage.setItem(SESSION_KEY, JSON.stringify(state));
  } catch { /* storage full or disabled: the URL still holds the state */ }
}

/** Writes the current state to the URL (a new history entry when `push`) and to storage. */
function commit({ push = false } = {}) {
  clearTimeout(urlTimer);
  urlTimer = null;
  const state = snapshot();
  save(state);
  writing = writing.then(async () => {
    const fragment = await fragmentOf(state);
    if (fragment === location.hash && !push) return;
    if (push) history.pushState(null, "", fragment);
    else history.replaceState(null, "", fragment);
  });
  return writing;
}

/** Called after any input: the URL follows, debounced. */
function changed() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => commit(), URL_DELAY);
}

/** Reads the state the URL names: a share link, a tab, or nothing. */
async function fromUrl() {
  const hash = location.hash;
  if (hash.startsWith("#s=")) return decodeState(hash);
  return null;
}

function setupHistory() {
  addEventListener("popstate", async () => {
    await everything;
    clearTimeout(urlTimer);
    urlTimer = null;
    let state = null;
    try {
      state = await fromUrl();
    } catch (e) {
      banner(`This link could not be opened: ${messageOf(e)}.`);
      return;
    }
    if (state) {
      const problems = restore(state);
      banner(problems.length ? `Parts of the link were ignored. ${problems.join("; ")}` : null);
    } else {
      // A bare tab (or nothing): the defaults, on that tab.
      const tab = location.hash.slice(1);
      const problems = restore(defaults(instances.has(tab) ? tab : PANELS[0].id));
      banner(problems.length ? problems.join("; ") : null);
    }
    save(snapshot());
  });
  const main = $("main");
  for (const ev of ["input", "change", "click"]) main.addEventListener(ev, changed);
  // A clock that runs by itself changes state without an event: keep its last moment too.
  addEventListener("pagehide", () => save(snapshot()));
}

function setupTheme() {
  const saved = localStorage.getItem("kubegate-theme");
  const prefersDark = matchMedia("(prefers-color-scheme: dark)").matches;
  const apply = (t) => {
    document.documentElement.dataset.theme = t;
    // The name stays "Dark theme"; its pressed state says whether it is on.
    $("theme").setAttribute("aria-pressed", String(t === "dark"));
  };
  apply(saved ?? (prefersDark ? "dark" : "light"));
  $("theme").addEventListener("click", () => {
    const t = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem("kubegate-theme", t);
    apply(t);
  });
}

function setupExamples() {
  const sel = /** @type {HTMLSelectElement} */ ($("examples"));
  render(sel, h("option", { value: "" }, "Choose a scenario…"), EXAMPLES.map((ex) => h("option", { value: ex.id }, ex.title)));
  sel.addEventListener("change", async () => {
    await everything;
    const ex = EXAMPLES.find((e) => e.id === sel.value);
    if (!ex) return;
    const problems = restore({ tab: ex.tab, panels: ex.panels, example: ex.id }, { only: ex.tab });
    banner(problems.length ? `The example could not be loaded completely. ${problems.join("; ")}` : null);
    commit({ push: true });
  });
  $("example-close").addEventListener("click", () => {
    example = null;
    drawNote();
    commit();
    instances.get(current).tab.focus();
  });
}

function setupShare() {
  const share = $("share");
  share.addEventListener("click", async () => {
    await commit();
    // The address bar may still show the tab alone: a share link always carries the state.
    const url = `${location.href.split("#")[0]}#${await encodeState(snapshot())}`;
    try {
      await navigator.clipboard.writeText(url);
      share.textContent = "Share link: copied";
    } catch {
      history.replaceState(null, "", url.slice(url.indexOf("#")));
      share.textContent = "Share link: in the address bar";
    }
    setTimeout(() => (share.textContent = "Share link"), 2000);
  });
}

function setupReset() {
  $("reset").addEventListener("click", async () => {
    await everything;
    try { localStorage.removeItem(SESSION_KEY); } catch { /* nothing kept */ }
    const problems = restore(defaults(current));
    banner(problems.length ? problems.join("; ") : null);
    sessionNote(null);
    // A new entry: Back still brings the work back.
    commit({ push: true });
  });
}

function sessionNote(text) {
  const el = $("session-note");
  el.hidden = !text;
  el.textContent = text ?? "";
}

/** The tab strip and an empty section per panel; panels are mounted by mount(). */
function setupTabs() {
  const tabs = $("tabs");
  const main = $("main");
  // index.html's placeholder, shown before any script ran; each section has its own now.
  $("skeleton")?.remove();
  for (const def of PANELS) {
    const tab = h("button", { type: "button", role: "tab", id: `tab-${def.id}`, "aria-controls": `panel-${def.id}`, "aria-selected": "false", tabindex: "-1" }, def.title);
    const section = h("section", { role: "tabpanel", id: `panel-${def.id}`, "aria-labelledby": `tab-${def.id}`, class: "panel", hidden: true, "aria-busy": "true" },
      h("p", { class: "muted skeleton" }, "Loading…"));
    tabs.append(tab);
    main.append(section);
    instances.set(def.id, { tab, section, panel: null, title: def.title, def });
    tab.addEventListener("click", () => {
      if (current === def.id) return;
      show(def.id);
      commit({ push: true });
    });
  }
  // Arrow keys move between tabs, as the ARIA tabs pattern expects; each move is a history entry.
  tabs.addEventListener("keydown", (e) => {
    const ids = PANELS.map((p) => p.id);
    const i = ids.indexOf(current);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ids.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    show(ids[(next + ids.length) % ids.length], { focus: true });
    commit({ push: true });
  });
}

/** Draws panel `id` into its section (its defaults; a state comes through restore). */
function mount(id) {
  const inst = instances.get(id);
  if (inst.panel) return;
  inst.section.replaceChildren();
  inst.section.removeAttribute("aria-busy");
  inst.panel = inst.def.create({ kubegate, container: inst.section, banner, later: everything });
  if (current === id) inst.panel.onShow?.();
}

/** The panels the first paint needs: the open tab, and every panel the link or the saved
 *  session changes (null when the state cannot be known without decoding it: a share link). */
function firstNeeds() {
  const hash = location.hash;
  if (hash.startsWith("#s=")) return null;
  const need = new Set([instances.has(hash.slice(1)) ? hash.slice(1) : PANELS[0].id]);
  try {
    const saved = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
    if (isObject(saved)) {
      if (!instances.has(hash.slice(1)) && instances.has(saved.tab)) need.add(saved.tab);
      if (isObject(saved.panels)) {
        for (const [id, part] of Object.entries(saved.panels)) if (!isObject(part) || Object.keys(part).length) need.add(id);
      }
    }
  } catch { /* unreadable: start() starts fresh */ }
  return need;
}

/** Resolves after the next frame has been painted. */
const painted = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok)));

/** The first state: a link in the URL wins, else the saved session, else the defaults. */
async function start() {
  const hash = location.hash;
  show(hash.startsWith("#s=") ? PANELS[0].id : hash.slice(1));
  if (hash.startsWith("#s=")) {
    try {
      const state = await decodeState(hash);
      if (state) {
        const problems = restore(state);
        banner(problems.length ? `Parts of the link were ignored. ${problems.join("; ")}` : null);
      }
    } catch (e) {
      banner(`This share link could not be opened: ${messageOf(e)}. The playground starts fresh.`);
    }
    save(snapshot());
    return;
  }
  let saved = null;
  try {
    const text = localStorage.getItem(SESSION_KEY);
    if (text) saved = JSON.parse(text);
  } catch { /* unreadable: start fresh */ }
  if (!isObject(saved)) return;
  // The tab in the address bar wins over the saved one.
  const tab = instances.has(hash.slice(1)) ? hash.slice(1) : saved.tab;
  const problems = restore({ ...saved, tab });
  sessionNote("Your last session was restored. Reset starts from the defaults.");
  if (problems.length) banner(`Parts of the saved session were ignored. ${problems.join("; ")}`);
  await commit();
}

async function main() {
  setupTheme();
  setupTabs();
  // The open tab's skeleton shows at once, before any wasm.
  show(location.hash.slice(1));
  const need = firstNeeds();
  // Only the Gates panel runs on the gate core; it alone can be drawn before the full package.
  const lean = need !== null && [...need].every((id) => id === "gates");
  /** @type {(value?: unknown) => void} */
  let allMounted = () => {};
  everything = new Promise((ok) => { allMounted = ok; });
  let full;
  try {
    if (lean) {
      const core = await import("kubegate/gates");
      await core.default();
      Object.assign(kubegate, core);
    } else {
      full = await loadFull();
    }
  } catch (e) {
    banner(`The WebAssembly package could not be loaded: ${messageOf(e)}`);
    return;
  }
  const v = kubegate.version();
  const r = kubegate.releases();
  $("versions").textContent = `kubegate ${v.kubegate} · Kubernetes ${r.oldest} to ${r.newest}`;
  for (const id of need ?? instances.keys()) mount(id);
  setupExamples();
  setupShare();
  setupReset();
  setupHistory();
  // The panel's own height (plus the embed page's footer line) sizes the iframe snippet. An
  // embed is usually narrower than the playground, so its text wraps onto more lines: a tenth
  // more keeps it uncropped, and the iframe posts its real height for hosts that resize it.
  setupEmbed($("embed"), () => {
    const inst = instances.get(current);
    return { id: current, title: inst.title, state: inst.panel?.getState() ?? {}, height: Math.ceil(inst.section.scrollHeight * 1.1) + 48 };
  });
  await start();
  document.body.dataset.shown = current;
  // The answer is on screen; now the rest, without holding up a keystroke for long.
  await painted();
  try {
    full ??= await loadFull();
  } catch (e) {
    banner(`The WebAssembly package could not be loaded: ${messageOf(e)}`);
    return;
  }
  for (const [id, inst] of instances) {
    if (inst.panel) continue;
    await new Promise((ok) => setTimeout(ok));
    mount(id);
  }
  // Ready means drawn: the rows and sections a panel left for idle time are there too.
  while (document.querySelector("main [aria-busy='true']")) await painted();
  allMounted();
  document.body.dataset.ready = "true";
  // The code editors come after the first answers are on screen (their bundle is the largest
  // file the page loads); the plain inputs work until then, and if it cannot load.
  import("./editors.js").then((m) => m.setupEditors(full, $("main"), {
    kubeletInput: () => instances.get("layers")?.panel?.kubeletInput?.() ?? null,
    gateFlagCheck: () => instances.get("gates")?.panel?.flagCheck?.() ?? null,
  })).catch((e) => console.warn(`code editors unavailable: ${messageOf(e)}`));
}

/** The full package, loaded and initialised; its exports join the panels' `kubegate`. */
async function loadFull() {
  const full = await import("kubegate");
  await full.default();
  // The gate core's exports stay (the Gates panel keeps its gates on that wasm); the full
  // package adds the rest.
  for (const [k, v] of Object.entries(full)) if (!(k in kubegate)) kubegate[k] = v;
  return full;
}

main();
