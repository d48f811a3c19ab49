// State that survives: the URL follows every change, tabs and examples are history
// entries, the last session comes back on reload with a visible Reset, and an example's note
// belongs to its panel. What comes back from the URL or storage is still untrusted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, assertClean, screenshot } from "./harness.mjs";

const b = useBrowser();
const selected = (page) => page.evaluate(() => document.querySelector("[role=tab][aria-selected=true]").id.replace(/^tab-/, ""));
const waitTab = (page, id) => page.waitForFunction((id) => document.querySelector(`#tab-${id}`)?.getAttribute("aria-selected") === "true", id);
const decode = (page) => page.evaluate(async () => {
  const { decodeState } = await import("./state.js");
  return decodeState(location.hash);
});
/** Waits until the state in the URL satisfies `pred` (the URL is written a moment after a change). */
async function waitState(page, pred) {
  for (let i = 0; i < 100; i++) {
    const s = await decode(page).catch(() => null);
    if (s && pred(s)) return s;
    await page.waitForTimeout(50);
  }
  throw new Error(`the URL never held the expected state: ${JSON.stringify(await decode(page).catch((e) => String(e)))}`);
}

test("the URL follows every change, debounced, and a reload keeps the state", async () => {
  const page = await b.open();
  assert.equal(await page.evaluate(() => location.hash), "");
  await page.fill("#gates-flags", "AllAlpha=true,NodeSwap=false");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const state = await decode(page);
  assert.equal(state.tab, "gates");
  assert.equal(state.panels.gates.flags, "AllAlpha=true,NodeSwap=false");
  // Typing more rewrites the same history entry (no entry per keystroke).
  const length = await page.evaluate(() => history.length);
  await page.fill("#gates-flags", "AllAlpha=true");
  await waitState(page, (s) => s.panels.gates.flags === "AllAlpha=true");
  assert.equal(await page.evaluate(() => history.length), length);
  await page.reload();
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await page.inputValue("#gates-flags"), "AllAlpha=true");
  await assertClean(page);
  await page.close();
});

test("tabs are history entries: Back and Forward move between them; arrow keys write the URL", async () => {
  const page = await b.open();
  await page.click("#tab-layers");
  await page.waitForFunction(() => location.hash === "#layers");
  await page.click("#tab-node");
  await page.waitForFunction(() => location.hash === "#node");
  await page.goBack();
  await waitTab(page, "layers");
  await page.goBack();
  await waitTab(page, "gates");
  await page.goForward();
  await waitTab(page, "layers");
  // Arrow keys: the URL follows, and Back returns.
  await page.focus("#tab-layers");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => location.hash === "#node");
  await page.keyboard.press("End");
  await page.waitForFunction((id) => location.hash === `#${id}`, await page.evaluate(() => [...document.querySelectorAll("[role=tab]")].at(-1).id.slice(4)));
  await page.goBack();
  await waitTab(page, "node");
  // A changed panel survives tab changes and comes back with Back.
  await page.click("#tab-gates");
  await page.fill("#gates-flags", "AllBeta=false");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  await page.click("#tab-layers");
  await waitState(page, (s) => s.tab === "layers");
  await page.goBack();
  await waitTab(page, "gates");
  assert.equal(await page.inputValue("#gates-flags"), "AllBeta=false");
  await assertClean(page);
  await page.close();
});

test("the last session is restored on reload, with a visible Reset that clears it", async () => {
  const page = await b.open("layers");
  await page.fill("#layers-config", "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 31\n");
  await page.waitForFunction(() => localStorage.getItem("kubegate-session")?.includes("maxPods: 31"));
  // A fresh visit with no fragment: the session comes back, on its tab.
  await page.goto(b.base);
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await selected(page), "layers");
  assert.match(await page.inputValue("#layers-config"), /maxPods: 31/);
  assert.equal(await page.isVisible("#session-note"), true);
  assert.match(await page.textContent("#session-note"), /restored/);
  assert.equal(await page.isVisible("#reset"), true);
  await screenshot(page, "state-restored");
  await page.click("#reset");
  await page.waitForFunction(() => !document.querySelector("#layers-config").value.includes("maxPods: 31"));
  assert.equal(await page.evaluate(() => localStorage.getItem("kubegate-session")), null);
  assert.equal(await page.isVisible("#session-note"), false);
  await page.waitForFunction(() => location.hash === "#layers");
  // Back undoes the reset.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector("#layers-config").value.includes("maxPods: 31"));
  // A link in the URL wins over the session.
  await page.goto(`${b.base}#gates`);
  await page.reload();
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await selected(page), "gates");
  await assertClean(page);
  await page.close();
});

test("choosing an example writes the URL; its note shows only on its panel and can be closed", async () => {
  const page = await b.open();
  const before = await page.evaluate(() => history.length);
  await page.selectOption("#examples", "dropin-map-key");
  await waitTab(page, "layers");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  assert.equal(await page.evaluate(() => history.length), before + 1);
  const state = await decode(page);
  assert.equal(state.example, "dropin-map-key");
  assert.equal(state.tab, "layers");
  assert.equal(await page.isVisible("#example-note"), true);
  // Another panel: no note there.
  await page.click("#tab-gates");
  assert.equal(await page.isVisible("#example-box"), false);
  await page.click("#tab-layers");
  assert.equal(await page.isVisible("#example-box"), true);
  // The link carries the note: opened elsewhere, it shows again.
  const hash = await page.evaluate(() => location.hash.slice(1));
  const again = await b.open(hash);
  assert.match(await again.textContent("#example-note"), /Maps merge per key/);
  await again.close();
  await page.click("#example-close");
  assert.equal(await page.isVisible("#example-box"), false);
  await waitState(page, (s) => !s.example);
  // Back, one entry at a time (each waited for, so a loaded machine cannot merge two): the gates
  // tab, the example on the layers tab, then the state before the example, on the gates tab.
  for (const tab of ["gates", "layers", "gates"]) {
    await page.goBack();
    await waitTab(page, tab);
  }
  assert.equal(await decode(page), null, "the first entry is the page as it opened, with no state");
  await assertClean(page);
  await page.close();
});

test("a saved session is untrusted: validated by each panel and shown only as text", async () => {
  const page = await b.open();
  const x = "<img src=x onerror=window.__pwned=1>";
  // Written as the page goes away, after the playground saves its own session.
  await page.evaluate((x) => addEventListener("pagehide", () => localStorage.setItem("kubegate-session", JSON.stringify({
    tab: x, example: x, panels: { gates: { flags: x, emulation: x }, layers: { config: x, version: 1 }, node: "nope" },
  }))), x);
  await page.goto(b.base);
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await page.isVisible("#banner"), true);
  assert.match(await page.textContent("#banner"), /Parts of the saved session were ignored/);
  assert.equal(await page.isVisible("#example-box"), false);
  assert.equal(await page.locator("img").count(), 0);
  // Not JSON at all: a fresh start, no error.
  await page.evaluate(() => addEventListener("pagehide", () => localStorage.setItem("kubegate-session", "{nope")));
  await page.goto(`${b.base}#layers`);
  await page.reload();
  await page.waitForSelector("body[data-ready='true']");
  assert.equal(await selected(page), "layers");
  await assertClean(page);
  await page.close();
});
