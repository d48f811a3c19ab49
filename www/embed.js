// embed.html: one panel from a share link, for pages that can hold an iframe but no scripts.
//   embed.html?panel=gates&theme=dark#s=1.…
// The panel comes from the query (checked against the widget list), the state from the fragment
// (never sent to a server); the widget validates the state exactly as the playground does.
import { WIDGETS } from "./pkg/widgets/index.js";

const main = /** @type {HTMLElement} */ (document.getElementById("embed")); // embed.html's <main>
const params = new URLSearchParams(location.search);
const panel = params.get("panel") ?? "gates";

function mount() {
  if (!Object.hasOwn(WIDGETS, panel)) {
    const p = document.createElement("p");
    p.className = "embed-error";
    p.textContent = `There is no "${panel.slice(0, 40)}" widget. Choose one of: ${Object.keys(WIDGETS).join(", ")}.`;
    main.replaceChildren(p);
    document.body.dataset.ready = "true";
    return;
  }
  const el = document.createElement(`kubegate-${panel}`);
  const theme = params.get("theme");
  if (theme === "dark" || theme === "light") el.setAttribute("theme", theme);
  if (location.hash.startsWith("#s=")) el.setAttribute("state", location.hash.slice(1));
  main.replaceChildren(el);
  /** @type {HTMLAnchorElement} */ (document.getElementById("embed-open")).href = `./${location.hash.startsWith("#s=") ? location.hash : `#${panel}`}`;
  /** @type {HTMLElement & { ready: Promise<void> }} */ (el).ready.then(() => (document.body.dataset.ready = "true"));
}

mount();
addEventListener("hashchange", mount);

// The host page cannot see inside the iframe: tell it the height the content needs, so a page
// with a script can size the iframe and never crop it.
if (parent !== window) {
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== last) parent.postMessage({ type: "kubegate-embed-height", height: (last = height) }, "*");
  }).observe(document.body);
}
