// kubegate widgets: the playground's panels as custom elements for any page.
//
//   <script type="module" src=".../kubegate/widgets/index.js"></script>
//   <kubegate-gates scenario='{"emulation":"1.33","flags":"AllAlpha=true"}'></kubegate-gates>
//
// Why it is built this way:
//   * One source. The panels in `panels/` are the playground's own modules (www/panels/*.js,
//     with www/ui.js and www/state.js), copied here verbatim by scripts/build-widgets.mjs, so a
//     widget draws exactly what the playground draws and validates state with the same setState.
//   * One wasm. Every element awaits the same `load()` promise, so a page with twenty widgets
//     fetches and instantiates kubegate_bg.wasm once.
//   * Isolation. Each element renders into its own shadow root under a wrapper that resets every
//     inherited property and owns the colour variables, so the host page's CSS cannot restyle it
//     and ids inside one widget cannot collide with another's.
//   * Untrusted scenarios. A scenario (attribute, inline JSON child or share-link state) is parsed
//     as JSON only and handed to the panel's setState, which validates it and renders strings as
//     text; a rejected scenario shows its reason in the widget, it never throws into the page.
import init, * as kubegate from "../index.js";
import { h, render, messageOf } from "./ui.js";
import { decodeState, isObject, MAX_LINK_CHARS } from "./state.js";
import { CSS } from "./styles.js";
import { WIDGET_PANELS } from "./panels/index.js";

/** The panels that exist as widgets, by element name (the list is the playground's, written into
 *  panels/index.js by scripts/build-widgets.mjs). */
export const WIDGETS = Object.fromEntries(WIDGET_PANELS.map((p) => [p.id, p]));

let loading = null;
/**
 * Loads the WebAssembly once for the page; every widget awaits this. Call it first with
 * `{ module_or_path }` (a URL, Response or WebAssembly.Module) to load the .wasm from elsewhere.
 */
export function load(options) {
  loading ??= init(options);
  return loading;
}

let sheet = null;
function styles() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}

/** Reads the scenario an element carries: `scenario`, else an inline JSON child, else `state`. */
async function scenarioOf(el, id) {
  const attr = el.getAttribute("scenario");
  const child = [...el.children].find((c) => c.localName === "script" && c.type === "application/json");
  const text = attr ?? child?.textContent;
  if (text !== undefined && text !== null) {
    if (text.length > MAX_LINK_CHARS) throw new Error(`the scenario is longer than ${MAX_LINK_CHARS} characters`);
    if (!text.trim()) return null;
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error("the scenario is not valid JSON");
    }
    if (!isObject(value)) throw new Error("the scenario should be a JSON object");
    return value;
  }
  const link = el.getAttribute("state");
  if (link === null || !link.trim()) return null;
  const hash = link.includes("#") ? link.slice(link.indexOf("#") + 1) : link;
  const state = await decodeState(hash.trim());
  if (!state) throw new Error("the state attribute should hold share-link state (s=1.…)");
  const part = isObject(state.panels) ? state.panels[id] : undefined;
  if (part === undefined) throw new Error(`the share link holds no state for the ${WIDGETS[id].title} panel`);
  return part;
}

class KubegateWidget extends HTMLElement {
  static get observedAttributes() { return ["scenario", "state"]; }
  #panel = null;
  #banner = null;
  #started = false;
  #applying = Promise.resolve();
  #ready;
  #resolveReady;

  constructor() {
    super();
    this.#ready = new Promise((ok) => (this.#resolveReady = ok));
  }

  /** The panel this element shows ("gates", "layers", …). */
  get kind() { return this.constructor.kind; }

  /** Resolves once the widget has drawn its first scenario. */
  get ready() { return this.#ready; }

  /** The panel's current state, as a `scenario` attribute takes it. */
  getState() { return this.#panel?.getState() ?? null; }

  /** Applies a scenario object; throws the panel's validation Error if it is rejected. */
  setState(state) {
    if (!this.#panel) throw new Error("the widget is not ready yet: await element.ready");
    this.#panel.setState(state);
    this.#showError(null);
  }

  connectedCallback() {
    if (this.#started) return;
    this.#started = true;
    this.#mount();
  }

  attributeChangedCallback() {
    if (this.#panel) this.#apply();
  }

  #showError(message) {
    if (!this.#banner) return;
    this.#banner.hidden = !message;
    this.#banner.textContent = message ? `This scenario was not applied: ${message}` : "";
    if (message) this.setAttribute("data-error", "");
    else this.removeAttribute("data-error");
  }

  #apply() {
    this.#applying = this.#applying.then(async () => {
      try {
        const state = await scenarioOf(this, this.kind);
        if (state) this.#panel.setState(state);
        this.#showError(null);
      } catch (e) {
        this.#showError(messageOf(e));
      }
    });
    return this.#applying;
  }

  async #mount() {
    const def = WIDGETS[this.kind];
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [styles()];
    this.#banner = h("p", { class: "kg-banner", role: "alert", hidden: true });
    // A page may hold several widgets of one kind: a number tells their landmarks apart.
    const same = [...document.querySelectorAll(this.localName)];
    const nth = same.length > 1 ? ` ${same.indexOf(this) + 1} of ${same.length}` : "";
    const section = h("section", { class: "panel kg-panel", "aria-label": `kubegate: ${def.title}${nth}` });
    const status = h("p", { class: "kg-loading" }, "Loading kubegate…");
    render(root, h("div", { class: "kg-root", part: "root" }, this.#banner, status, section));
    try {
      await load();
    } catch (e) {
      status.textContent = `The kubegate WebAssembly could not be loaded: ${messageOf(e)}`;
      status.className = "kg-banner";
      this.#resolveReady();
      return;
    }
    status.remove();
    this.#panel = def.create({ kubegate, container: section, banner: (m) => this.#showError(m) });
    // In a host page the widget is one landmark: the panel's own sections and scrolling regions
    // are groups inside it (two widgets of one kind would otherwise repeat every landmark).
    const unlandmark = () => {
      for (const el of section.querySelectorAll("section, [role=region]")) if (el.getAttribute("role") !== "group") el.setAttribute("role", "group");
    };
    unlandmark();
    new MutationObserver(unlandmark).observe(section, { childList: true, subtree: true });
    await this.#apply();
    this.#panel.onShow?.();
    // A scenario written as an inline JSON child may change later (or arrive after upgrade).
    new MutationObserver(() => this.#apply()).observe(this, { childList: true, subtree: true, characterData: true });
    this.setAttribute("data-ready", "");
    this.#resolveReady();
    this.dispatchEvent(new CustomEvent("kubegate-ready", { bubbles: true }));
  }
}

/** Defines <kubegate-gates> … <kubegate-controlplane>; safe to call twice. */
export function defineWidgets(registry = customElements) {
  for (const id of Object.keys(WIDGETS)) {
    const name = `kubegate-${id}`;
    if (!registry.get(name)) registry.define(name, class extends KubegateWidget { static kind = id; });
  }
}

defineWidgets();
