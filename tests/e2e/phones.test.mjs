// Phones (390 px) and desktops, light and dark: the tables of the Layers, Pod sources, Gated
// fields, Control plane and Cluster panels keep their meaning without a scroller inside the
// page, no word of a header or a name breaks in the middle, and the cluster plot's time axis
// labels never overlap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;

/** Words of `selector`'s text drawn on two lines or more (a break inside a word). */
const brokenWords = (page, selector) => page.evaluate((selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}, selector);

/** Table wrappers that scroll up and down inside the page. */
const innerScrollers = (page, panel) => page.$$eval(`#panel-${panel} .table-wrap`, (els) => els.filter((e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== "visible").map((e) => e.getAttribute("aria-label") || e.className));

for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
  test(`layers tables at ${width}px (${colorScheme}): no inner scroller on a phone, no word broken`, async () => {
    const page = await b.open(link({ tab: "layers", panels: { layers: { changedOnly: false, allGates: true } } }), { viewport: { width, height }, colorScheme });
    await page.waitForSelector("#layers-table tbody tr[data-path]");
    if (width < 640) assert.deepEqual(await innerScrollers(page, "layers"), []);
    assert.deepEqual(await brokenWords(page, "#layers-table thead th, #layers-gates thead th, #layers-table tbody th, #layers-status button.loc"), []);
    // The page itself never scrolls sideways.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth) <= 1);
    await screenshot(page, `phones-layers-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });

  test(`cluster plot and tables at ${width}px (${colorScheme}): axis labels apart, headers whole`, async () => {
    const page = await b.open(link({ tab: "cluster", panels: { cluster: { nodes: 50, duration: "1h" } } }), { viewport: { width, height }, colorScheme });
    await page.waitForFunction(() => document.querySelector("#cluster-cancel")?.disabled === true && document.querySelector(".plot .x-axis"), null, { timeout: 60000 });
    const boxes = await page.$$eval(".plot .x-axis", (els) => els.map((e) => { const r = e.getBBox(); return [r.x, r.x + r.width]; }));
    assert.ok(boxes.length >= 2);
    for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i][0] > boxes[i - 1][1] + 4, `axis labels ${i - 1} and ${i} overlap: ${JSON.stringify(boxes)}`);
    if (width < 640) assert.deepEqual(await innerScrollers(page, "cluster"), []);
    assert.deepEqual(await brokenWords(page, "#panel-cluster thead th"), []);
    await screenshot(page, `phones-cluster-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });
}
