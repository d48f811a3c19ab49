// The playground shell: loads the wasm package, mounts the panels, and keeps tabs, theme,
// examples and share links. No Kubernetes rule lives here or in the panels: they ask the
// package and draw its answers.
import init, * as kubegate from "kubegate";
import { h, render, messageOf } from "./ui.js";
import { decodeState, encodeState, isObject } from "./state.js";
import { EXAMPLES } from "./examples.js";
import { PANELS } from "./panels/index.js";
import { setupEmbed } from "./embed-dialog.js";

const $ = (id) => document.getElementById(id);
const instances = new Map();
let current = null;

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
    if (selected) inst.panel.onShow?.();
  }
  if (focus) instances.get(id).tab.focus();
}

/** The whole state, as a share link carries it. */
function snapshot() {
  const panels = {};
  for (const [id, inst] of instances) panels[id] = inst.panel.getState();
  return { tab: current, panels };
}

/** Applies a state (from a link or an example); each panel validates its own part. */
function restore(state) {
  const problems = [];
  if (isObject(state.panels)) {
    for (const [id, inst] of instances) {
      if (!(id in state.panels)) continue;
      try {
        inst.panel.setState(state.panels[id]);
      } catch (e) {
        problems.push(`${inst.title}: ${messageOf(e)}`);
      }
    }
  }
  show(typeof state.tab === "string" ? state.tab : current);
  banner(problems.length ? `Parts of the link were ignored. ${problems.join("; ")}` : null);
}

function setupTheme() {
  const saved = localStorage.getItem("kubegate-theme");
  const prefersDark = matchMedia("(prefers-color-scheme: dark)").matches;
  const apply = (t) => {
    document.documentElement.dataset.theme = t;
    $("theme").textContent = t === "dark" ? "Light theme" : "Dark theme";
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
  const sel = $("examples");
  render(sel, h("option", { value: "" }, "Choose a scenario…"), EXAMPLES.map((ex) => h("option", { value: ex.id }, ex.title)));
  sel.addEventListener("change", () => {
    const ex = EXAMPLES.find((e) => e.id === sel.value);
    if (!ex) return;
    restore({ tab: ex.tab, panels: ex.panels });
    const note = $("example-note");
    note.hidden = false;
    note.textContent = ex.note;
    sel.value = "";
  });
}

function setupShare() {
  $("share").addEventListener("click", async () => {
    const fragment = await encodeState(snapshot());
    history.replaceState(null, "", `#${fragment}`);
    const url = location.href;
    try {
      await navigator.clipboard.writeText(url);
      $("share").textContent = "Link copied";
    } catch {
      $("share").textContent = "Link in address bar";
    }
    setTimeout(() => ($("share").textContent = "Share link"), 2000);
  });
}

function setupTabs() {
  const tabs = $("tabs");
  const main = $("main");
  for (const def of PANELS) {
    const tab = h("button", { type: "button", role: "tab", id: `tab-${def.id}`, "aria-controls": `panel-${def.id}`, "aria-selected": "false", tabindex: "-1" }, def.title);
    const section = h("section", { role: "tabpanel", id: `panel-${def.id}`, "aria-labelledby": `tab-${def.id}`, class: "panel", hidden: true });
    tabs.append(tab);
    main.append(section);
    const panel = def.create({ kubegate, container: section, banner });
    instances.set(def.id, { tab, section, panel, title: def.title });
    tab.addEventListener("click", () => {
      show(def.id);
      history.replaceState(null, "", `#${def.id}`);
    });
  }
  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  tabs.addEventListener("keydown", (e) => {
    const ids = PANELS.map((p) => p.id);
    const i = ids.indexOf(current);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ids.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    show(ids[(next + ids.length) % ids.length], { focus: true });
  });
}

async function main() {
  setupTheme();
  try {
    await init();
  } catch (e) {
    banner(`The WebAssembly package could not be loaded: ${messageOf(e)}`);
    return;
  }
  const v = kubegate.version();
  const r = kubegate.releases();
  $("versions").textContent = `kubegate ${v.kubegate} · Kubernetes ${r.oldest} to ${r.newest}`;
  setupTabs();
  setupExamples();
  setupShare();
  setupEmbed($("embed"), () => ({ id: current, title: instances.get(current).title, state: instances.get(current).panel.getState() }));
  const hash = location.hash;
  show(hash.startsWith("#s=") ? PANELS[0].id : hash.slice(1));
  if (hash.startsWith("#s=")) {
    try {
      const state = await decodeState(hash);
      if (state) restore(state);
    } catch (e) {
      banner(`This share link could not be opened: ${messageOf(e)}. The playground starts fresh.`);
    }
  }
  document.body.dataset.ready = "true";
}

main();
