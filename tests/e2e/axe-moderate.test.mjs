// axe-core's moderate findings too (landmark-unique, region, ...), not only serious and
// critical ones: zero on the Layers, Pod sources, Gated fields, Control plane and Cluster panels
// in both themes. Their examples and every docs page (several widgets of one kind included) are
// held to the same in a11y.test.mjs, in the axe run it makes of the same states anyway.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser } from "./harness.mjs";
import { axeViolations, report, MODERATE_PANELS as PANELS } from "./axe.mjs";

const b = useBrowser();

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
