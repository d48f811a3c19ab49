// The playground's "Embed" action: snippets that show the current panel, in its current state, on
// another page: a custom element from the npm package (kubegate/widgets) and an iframe of
// embed.html for pages that allow no scripts. Only the current panel's state goes in.
import { h, render } from "./ui.js";
import { encodeState } from "./state.js";
import { WIDGET_IDS } from "./panels/index.js";

/** The panels that exist as widgets: www/panels/index.js's one list. */
export const EMBEDDABLE = WIDGET_IDS;

/** JSON for an inline <script type="application/json">: "<" escaped so no tag can close it. */
export const inlineJson = (value) => JSON.stringify(value, null, 2).replace(/</g, "\\u003c");

/** Both snippets for `panel` in `state`; `base` is the playground's URL; `height` (px) is the
 *  panel's rendered height, so the iframe does not crop it (embed.html also posts its height). */
export async function embedSnippets(panel, state, base, height = 560) {
  const fragment = await encodeState({ tab: panel, panels: { [panel]: state } });
  const script = new URL("./pkg/widgets/index.js", base).href;
  const element = [
    `<script type="module" src="${script}"></script>`,
    `<kubegate-${panel}>`,
    `<script type="application/json">`,
    inlineJson(state),
    `</script>`,
    `</kubegate-${panel}>`,
  ].join("\n");
  const src = new URL(`./embed.html?panel=${panel}#${fragment}`, base).href;
  const iframe = `<iframe src="${src}" title="kubegate ${panel} widget" width="100%" height="${Math.max(200, Math.ceil(height))}" loading="lazy" style="border:0"></iframe>`;
  return { element, iframe, state: fragment };
}

/** Wires the Embed button: opens a dialog with the snippets for the current panel. */
export function setupEmbed(button, current) {
  const body = h("div", { class: "embed-body", "aria-live": "polite" });
  const close = h("button", { type: "button", onclick: () => dialog.close() }, "Close");
  const dialog = h("dialog", { id: "embed-dialog", class: "embed-dialog", "aria-labelledby": "embed-title" },
    h("h2", { id: "embed-title" }, "Embed this panel"), body, h("div", { class: "row" }, close));
  document.body.append(dialog);

  const block = (id, label, text) => {
    const area = h("textarea", { id, class: "mono", rows: String(Math.min(12, text.split("\n").length + 1)), readonly: true, spellcheck: "false" });
    area.value = text;
    const copy = h("button", { type: "button", onclick: async () => {
      area.select();
      try { await navigator.clipboard.writeText(text); copy.textContent = "Copied"; } catch { copy.textContent = "Selected: press Ctrl+C"; }
      setTimeout(() => (copy.textContent = "Copy"), 2000);
    } }, "Copy");
    return h("div", { class: "embed-snippet" }, h("label", { for: id, class: "label-text" }, label), area, h("div", { class: "row" }, copy));
  };

  button.addEventListener("click", async () => {
    const { id, title, state, height } = current();
    if (!EMBEDDABLE.includes(id)) {
      render(body, h("p", {}, `The ${title} panel runs its simulation in a Web Worker and is not available as a widget; use Share link instead.`));
    } else {
      const s = await embedSnippets(id, state, location.href.split("#")[0], height);
      render(body,
        h("p", { class: "muted" }, `The ${title} panel exactly as it is now. The custom element loads the wasm once per page however many widgets it holds; the iframe needs no script on your page: its height is the panel's height now, and it posts {type: "kubegate-embed-height", height} to your page whenever that changes.`),
        block("embed-element", "Custom element (npm: import \"kubegate/widgets\")", s.element),
        block("embed-iframe", "iframe (pages that allow no scripts)", s.iframe));
    }
    dialog.showModal();
  });
}
