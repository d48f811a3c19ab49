// The Node panel's tables on a phone (390 px) and on a desktop, light and dark: the conditions
// as the API server holds them and an imported node's pod evictions keep every column's meaning
// (each value under its column's name) without anything scrolling sideways inside the page;
// axe finds nothing serious, critical or moderate.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();
const SIZES = [[390, 844, "light"], [390, 844, "dark"], [1280, 900, "light"], [1280, 900, "dark"]];
const TABLES = ["#node-conditions", "#node-explain-evictions-0"];

/** Elements of the Node panel that are wider than their box and scroll (or clip) sideways. */
const sideways = (page) => page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll("#panel-node *")) {
    if (el.closest("svg") || el.closest(".cm-editor") || el.closest("textarea")) continue;
    const style = getComputedStyle(el);
    if (!["auto", "scroll"].includes(style.overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} ${el.scrollWidth}>${el.clientWidth}`);
  }
  return out;
});

for (const [width, height, colorScheme] of SIZES) {
  test(`node panel tables at ${width}px (${colorScheme}): no sideways scroller, every value named`, async () => {
    const page = await b.open("", { viewport: { width, height }, colorScheme });
    // A real node explained (its evictions table) beside the simulated node's conditions.
    await page.selectOption("#examples", "explain-node-k8s-101599");
    await page.waitForSelector("#node-explain-evictions-0 tbody tr");
    await page.waitForSelector("#node-conditions tbody tr th");
    // The page itself never scrolls sideways, and nothing inside the panel does either.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "the page scrolls sideways");
    assert.deepEqual(await sideways(page), [], "a box of the Node panel scrolls sideways");
    for (const sel of TABLES) {
      const right = await page.$eval(sel, (t) => Math.max(...[...t.querySelectorAll("tbody tr")].map((tr) => tr.getBoundingClientRect().right)));
      assert.ok(right <= width, `${sel} ends at ${right}px on a ${width}px screen`);
    }
    if (width < 640) {
      // Cards: the header row is for screen readers only, and each value says its column.
      const labels = await page.$$eval("#node-conditions tbody tr:first-child td", (tds) => tds.map((td) => getComputedStyle(td, "::before").content));
      assert.deepEqual(labels, ['"Status: "', '"Reason: "', '"Message: "', '"Last heartbeat: "', '"Last transition: "']);
      const ev = await page.$$eval("#node-explain-evictions-0 tbody tr:first-child td", (tds) => tds.map((td) => getComputedStyle(td, "::before").content));
      assert.deepEqual(ev, ['"tolerationSeconds: "', '"Deleted at: "', '"Counted from: "']);
      const head = await page.$eval("#node-conditions thead", (t) => t.getBoundingClientRect().height);
      assert.ok(head <= 1, "the header row is hidden on screen");
      // A card is one block: its condition's name first, on a line of its own.
      const card = await page.$eval("#node-conditions tbody tr:first-child", (tr) => {
        const r = tr.getBoundingClientRect();
        const th = tr.querySelector("th").getBoundingClientRect();
        return { width: r.width, th: th.width };
      });
      assert.ok(card.th >= card.width - 30, `the name spans the card (${card.th} of ${card.width})`);
    } else {
      // A desktop keeps the table with its header row.
      assert.equal(await page.$eval("#node-conditions", (t) => getComputedStyle(t).display), "table");
    }
    await page.$eval("#node-explain", (el) => el.scrollIntoView());
    await screenshot(page, `node-tables-${width}-${colorScheme}`);
    const found = await axeViolations(page, { include: "#panel-node", moderate: true });
    assert.equal(found.length, 0, report(found));
    await assertClean(page);
    await page.close();
  });
}
