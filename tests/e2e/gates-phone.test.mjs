// The Gates and Node panels on a phone (390 px) and on a desktop, light and dark: the gates table
// keeps every column's meaning without a scroller inside the page and breaks no word in the
// middle; the export says what it holds; the Node timeline thins its axis labels and the state
// machines' labels stay readable; axe finds nothing serious, critical or moderate.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, screenshot, assertClean, settled } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();
const SIZES = [[390, 844, "light"], [390, 844, "dark"], [1280, 900, "light"], [1280, 900, "dark"]];

async function openGates(opts) {
  const page = await b.open("", opts);
  await page.click("#tab-gates");
  await page.waitForSelector("#gates-table tbody tr");
  await settled(page);
  return page;
}

/** Text nodes (a gate name's camel-case parts, a stage, a value) drawn on more than one line. */
const brokenWords = (page) => page.evaluate(() => {
  const out = [];
  const rows = [...document.querySelectorAll("#gates-table tbody tr")].slice(0, 120);
  for (const tr of rows) {
    const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const words = n.textContent.split(/(\s+|-)/); // a break after a hyphen is not mid-word
      let at = 0;
      for (const w of words) {
        if (w.trim()) {
          const r = document.createRange();
          r.setStart(n, at);
          r.setEnd(n, at + w.length);
          const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          if (tops.size > 1) out.push(w);
        }
        at += w.length;
      }
    }
  }
  return out;
});

for (const [width, height, colorScheme] of SIZES) {
  test(`gates table at ${width}px (${colorScheme}): no inner scroller, every column named, no word broken`, async () => {
    const page = await openGates({ viewport: { width, height }, colorScheme });
    const wrap = await page.evaluate(() => {
      const w = document.querySelector("#gates-wrap");
      return { scroll: w.scrollHeight, client: w.clientHeight, overflow: document.documentElement.scrollWidth - window.innerWidth };
    });
    assert.ok(wrap.overflow <= 0, `the page is ${wrap.overflow}px wider than the screen`);
    if (width < 640) {
      assert.ok(wrap.scroll <= wrap.client + 1, `the table scrolls inside the page (${wrap.scroll} > ${wrap.client})`);
      // Each card shows every column under its name, inside the screen.
      const cards = await page.evaluate(() => [...document.querySelectorAll("#gates-table tbody tr")].slice(0, 30).map((tr) => ({
        labels: [...tr.querySelectorAll("td")].map((td) => getComputedStyle(td, "::before").content.replace(/^"|"$/g, "")),
        right: Math.max(...[...tr.children].map((c) => c.getBoundingClientRect().right)),
      })));
      for (const c of cards) {
        assert.deepEqual(c.labels, ["Stage: ", "Default: ", "Value: ", "Locked: ", "Why: ", "Read by: "]);
        assert.ok(c.right <= width, `a card reaches ${c.right}px`);
      }
    }
    assert.deepEqual(await brokenWords(page), [], "words broken across lines");
    // A gate name offers breaks at its camel-case boundaries only.
    assert.equal(await page.evaluate(() => document.querySelector("#gates-table tbody th code").textContent.trim().length > 0), true);
    assert.ok(await page.locator("#gates-table tbody th code wbr").count() > 0);
    // The history button is reachable by keyboard and opens the dialog.
    const first = page.locator("#gates-table tbody .gate-history-open").first();
    await first.focus();
    await page.keyboard.press("Enter");
    await page.waitForSelector("#gate-history[open]");
    await screenshot(page, `gates-history-${width}-${colorScheme}`);
    await page.keyboard.press("Escape");
    await page.waitForSelector("#gate-history:not([open])", { state: "attached" });
    await screenshot(page, `gates-table-${width}-${colorScheme}`);
    const found = await axeViolations(page, { include: "#panel-gates", moderate: true });
    assert.equal(found.length, 0, report(found));
    await assertClean(page);
    await page.close();
  });
}

test("the gates export is named for what it holds", async () => {
  const page = await openGates();
  const release = await page.inputValue("#gates-emulation");
  const total = Number(/of (\d+) gates shown/.exec(await page.textContent("#gates-summary"))[1]);
  assert.equal(await page.textContent("#gates-download-csv"), `Download CSV of all ${total} gates`);
  assert.equal(await page.textContent("#gates-copy-csv"), `Copy CSV of all ${total} gates`);
  await page.selectOption("#gates-stage", "Alpha");
  await page.fill("#gates-search", "Pod");
  await page.waitForFunction(() => /filtered/.test(document.querySelector("#gates-download-csv").textContent));
  const shown = Number(/^(\d+) of/.exec(await page.textContent("#gates-summary"))[1]);
  assert.ok(shown > 0 && shown < total);
  const rows = `${shown} filtered row${shown === 1 ? "" : "s"}`;
  assert.equal(await page.textContent("#gates-download-csv"), `Download CSV of ${rows}`);
  assert.equal(await page.textContent("#gates-download-json"), `Download JSON of ${rows}`);
  // The Copy buttons say so too: what they put on the clipboard is the filtered rows.
  assert.equal(await page.textContent("#gates-copy-csv"), `Copy CSV of ${rows}`);
  assert.equal(await page.textContent("#gates-copy-json"), `Copy JSON of ${rows}`);
  const [dl] = await Promise.all([page.waitForEvent("download"), page.click("#gates-download-csv")]);
  assert.equal(dl.suggestedFilename(), `feature-gates-${release}-filtered-alpha-name-pod.csv`);
  const csv = await (await import("node:fs/promises")).readFile(await dl.path(), "utf8");
  assert.equal(csv.trim().split(/\r\n/).length, shown + 1, "the file holds the shown rows and a header");
  // Copy CSV puts the same filtered rows on the clipboard, and says so while it does.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.click("#gates-copy-csv");
  await page.waitForFunction(() => /: copied$/.test(document.querySelector("#gates-copy-csv").textContent));
  assert.equal(await page.textContent("#gates-copy-csv"), `Copy CSV of ${rows}: copied`);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), csv);
  // Clearing the filter while it says "copied" leaves the word; the label follows once it is done.
  await page.fill("#gates-search", "");
  await page.selectOption("#gates-stage", "all");
  await page.waitForFunction((t) => document.querySelector("#gates-copy-csv").textContent === `Copy CSV of all ${t} gates`, total, { timeout: 5000 });
  await assertClean(page);
  await page.close();
});

for (const [width, height, colorScheme] of SIZES) {
  test(`node panel at ${width}px (${colorScheme}): axis labels apart, state labels readable`, async () => {
    const page = await b.open("", { viewport: { width, height }, colorScheme });
    await page.selectOption("#examples", "memory-spike");
    await page.waitForSelector("#node-machine-MemoryPressure[data-status='False']");
    const axis = await page.evaluate(() => [...document.querySelectorAll("#node-timeline text.axis")].map((t) => {
      const r = t.getBoundingClientRect();
      return { left: r.left, right: r.right, text: t.textContent };
    }));
    assert.ok(axis.length >= 2);
    for (let i = 1; i < axis.length; i++) assert.ok(axis[i].left >= axis[i - 1].right + 4, `axis labels overlap: ${axis[i - 1].text} / ${axis[i].text}`);
    const sizes = await page.evaluate(() => [...document.querySelectorAll("#node-machines .state text, #node-timeline text")].map((t) => t.getBoundingClientRect().height));
    // A glyph box of 11 px type is about 13 px tall; 11 px is the floor asked for.
    for (const h of sizes) assert.ok(h >= 11, `a diagram label is ${h.toFixed(1)}px tall`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await screenshot(page, `node-phone-${width}-${colorScheme}`);
    const found = await axeViolations(page, { include: "#panel-node", moderate: true });
    assert.equal(found.length, 0, report(found));
    await assertClean(page);
    await page.close();
  });
}
