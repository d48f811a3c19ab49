// Every curated example loads through the share-link path without a banner or an error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EXAMPLES } from "../../www/examples.js";
import { useBrowser, assertClean, screenshot } from "./harness.mjs";

const b = useBrowser();

test("example ids are unique and name a panel", async () => {
  const ids = EXAMPLES.map((e) => e.id);
  assert.equal(new Set(ids).size, ids.length);
  const page = await b.open();
  const tabs = await page.$$eval("[role=tab]", (els) => els.map((e) => e.id.replace(/^tab-/, "")));
  for (const ex of EXAMPLES) assert.ok(tabs.includes(ex.tab), `${ex.id}: unknown tab ${ex.tab}`);
  await page.close();
});

for (const ex of EXAMPLES) {
  test(`example "${ex.title}" loads cleanly`, async () => {
    const page = await b.open();
    await page.selectOption("#examples", ex.id);
    await page.waitForFunction((tab) => document.querySelector(`#tab-${tab}`)?.getAttribute("aria-selected") === "true", ex.tab);
    await page.waitForTimeout(200);
    assert.equal(await page.isVisible("#banner"), false, await page.textContent("#banner"));
    assert.equal(await page.textContent("#example-note"), ex.note);
    await screenshot(page, `example-${ex.id}`);
    await assertClean(page);
    await page.close();
  });
}
