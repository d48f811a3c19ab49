// axe-core in the browser tests: injects node_modules/axe-core/axe.min.js into a page (or into
// its shadow roots, which axe reads) and returns the serious and critical violations, each with
// the elements it names, so a failing assertion says what to fix.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

/** Runs axe on `page` (optionally only under `include`); resolves to serious/critical findings,
 *  or with `moderate`, to moderate ones too. */
export async function axeViolations(page, { include, moderate = false } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(async (include) => {
    // WCAG 2.x A and AA plus axe's best practices; color-contrast reads the computed colours.
    return window.axe.run(include ? { include: [include] } : document, { resultTypes: ["violations"] });
  }, include ?? null);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || (moderate && v.impact === "moderate"))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join("").trim()}`) }));
}

/** The panels held to moderate findings too (axe-moderate.test.mjs, and a11y.test.mjs for
 *  their examples and the docs pages, where one axe run answers both checks). */
export const MODERATE_PANELS = ["layers", "pods", "fields", "controlplane", "cluster"];

/** The docs pages held to moderate findings: every page the site build wrote. */
export const moderateDocs = () => readdirSync(new URL("../../www/docs/", import.meta.url)).filter((f) => f.endsWith(".html"));

/** A readable report of findings, for assertion messages. */
export const report = (found) => found.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join("\n    ")}`).join("\n");
