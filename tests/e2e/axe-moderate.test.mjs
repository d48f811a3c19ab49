// axe-core's moderate findings too (landmark-unique, region, ...), not only serious and
// critical ones: zero on the Layers, Pod sources, Gated fields, Control plane and Cluster panels
// in both themes, on their examples, and on every docs page (several widgets of one kind
// included).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { EXAMPLES } from "../../www/examples.js";
import { useBrowser } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();
const PANELS = ["layers", "pods", "fields", "controlplane", "cluster"];

for (const colorScheme of ["light", "dark"]) {
  test(`no moderate axe finding on the panels (${colorScheme})`, async () => {
    for (const tab of PANELS) {
      const page = await b.open(tab, { colorScheme });
      await page.waitForTimeout(300);
      const found = await axeViolations(page, { moderate: true });
      assert.equal(found.length, 0, `${tab} ${colorScheme}:\n${report(found)}`);
      await page.close();
    }
  });
}

test("no moderate axe finding on the examples of these panels", async () => {
  for (const ex of EXAMPLES.filter((e) => PANELS.includes(e.tab))) {
    const page = await b.open();
    await page.selectOption("#examples", ex.id);
    await page.waitForFunction((tab) => document.querySelector(`#tab-${tab}`)?.getAttribute("aria-selected") === "true", ex.tab);
    await page.waitForTimeout(300);
    const found = await axeViolations(page, { moderate: true });
    assert.equal(found.length, 0, `${ex.id}:\n${report(found)}`);
    await page.close();
  }
});

test("no moderate axe finding on any docs page", async () => {
  const pages = readdirSync(new URL("../../www/docs/", import.meta.url)).filter((f) => f.endsWith(".html"));
  assert.ok(pages.length >= 10);
  const page = await b.open();
  for (const d of pages) {
    await page.goto(`${b.base}docs/${d}`);
    await page.waitForFunction(() => [...document.querySelectorAll("figure.widget > :not(figcaption)")].every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
    const found = await axeViolations(page, { moderate: true });
    assert.equal(found.length, 0, `docs/${d}:\n${report(found)}`);
  }
  await page.close();
});
