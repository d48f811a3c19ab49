// Cold loads do not move what is on screen: the cumulative layout shift of each panel's first
// load (PerformanceObserver "layout-shift", shifts without recent input) stays under 0.1,
// Chromium's "good", at desktop and phone widths, light and dark.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser } from "./harness.mjs";

const b = useBrowser();
// The Gates and Node panels have their own owners' tests; these are the panels measured here.
const PANELS = ["layers", "pods", "fields", "controlplane", "cluster"];

async function cls(tab, viewport, colorScheme) {
  const page = await b.browser.newPage({ viewport, colorScheme });
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__cls += e.value;
        window.__shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => s.node?.id || s.node?.className || s.node?.nodeName || "?") });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(`${b.base}#${tab}`);
  await page.waitForSelector("body[data-ready='true']", { timeout: 20000 });
  await page.waitForSelector("body[data-editors='ready']", { timeout: 20000, state: "attached" });
  await page.waitForTimeout(1000);
  const out = await page.evaluate(() => ({ cls: window.__cls, shifts: window.__shifts }));
  await page.close();
  return out;
}

for (const tab of PANELS) {
  test(`a cold load of ${tab} shifts the layout by less than 0.1`, async () => {
    for (const [viewport, colorScheme] of [[{ width: 1280, height: 900 }, "light"], [{ width: 390, height: 844 }, "dark"]]) {
      const { cls: value, shifts } = await cls(tab, viewport, colorScheme);
      assert.ok(value < 0.1, `${tab} at ${viewport.width}px: CLS ${value.toFixed(3)}\n${JSON.stringify(shifts)}`);
    }
  });
}
