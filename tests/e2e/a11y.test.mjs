// Phones and screen readers: axe-core (npm, injected with addScriptTag) on every panel
// in both themes, every example state, the widget pages and every docs page, with zero serious
// or critical violations; and the layout checks axe cannot make: tables keep their meaning at
// 390 px, headers stay in view, the selected tab is on screen, scroll regions take the keyboard.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { EXAMPLES } from "../../www/examples.js";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";
import { axeViolations, report, MODERATE_PANELS, moderateDocs } from "./axe.mjs";

const b = useBrowser();
const PANELS = ["gates", "layers", "node", "cluster", "pods", "fields", "controlplane", "upgrade"];
const PHONE = { width: 390, height: 844 };
const docs = readdirSync(new URL("../../docs/", import.meta.url)).filter((f) => f.endsWith(".md")).map((f) => f.replace(/\.md$/, ".html"));

/** No serious or critical finding; with `moderate`, no moderate one either. */
async function assertAxe(page, what, { moderate = false } = {}) {
  const found = await axeViolations(page, { moderate });
  assert.equal(found.length, 0, `${what}${moderate ? " (moderate findings too)" : ""}:\n${report(found)}`);
}

for (const colorScheme of ["light", "dark"]) {
  test(`axe: every panel, ${colorScheme} theme, 1280 px and 390 px`, { timeout: 240_000 }, async () => {
    for (const viewport of [undefined, PHONE]) {
      const page = await b.open("", { colorScheme, viewport });
      for (const id of PANELS) {
        await page.click(`#tab-${id}`);
        await page.waitForTimeout(id === "cluster" ? 1500 : 200);
        await assertAxe(page, `${id} (${colorScheme}, ${viewport ? "390" : "1280"} px)`);
        if (viewport) await screenshot(page, `a11y-${id}-390-${colorScheme}`);
        else if (colorScheme === "dark") await screenshot(page, `a11y-${id}-1280-dark`);
      }
      await assertClean(page);
      await page.close();
    }
  });
}

// The examples of MODERATE_PANELS are held to moderate findings too, at the moment
// axe-moderate.test.mjs once checked them in pages of their own (300 ms after the example's tab
// is selected); the cluster example is checked again once its run has drawn more (1500 ms).
test("axe: every example state (moderate findings too on the examples of MODERATE_PANELS)", { timeout: 300_000 }, async () => {
  for (const ex of EXAMPLES) {
    const page = await b.open();
    await page.selectOption("#examples", ex.id);
    await page.waitForFunction((tab) => document.querySelector(`#tab-${tab}`)?.getAttribute("aria-selected") === "true", ex.tab);
    await page.waitForTimeout(300);
    await assertAxe(page, `example ${ex.id}`, { moderate: MODERATE_PANELS.includes(ex.tab) });
    if (ex.tab === "cluster") {
      await page.waitForTimeout(1200);
      await assertAxe(page, `example ${ex.id}`);
    }
    await page.close();
  }
});

test("axe: the widgets, in a docs page and in embed.html", { timeout: 120_000 }, async () => {
  const page = await b.open();
  await page.goto(`${b.base}docs/widgets.html`);
  await page.waitForFunction(() => [...document.querySelectorAll("figure.widget > :not(figcaption)")].every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
  await assertAxe(page, "docs/widgets.html");
  for (const panel of ["gates", "layers", "node", "pods", "fields", "controlplane"]) {
    for (const theme of ["light", "dark"]) {
      await page.goto(`${b.base}embed.html?panel=${panel}&theme=${theme}`);
      await page.waitForSelector("body[data-ready='true']");
      await assertAxe(page, `embed.html?panel=${panel}&theme=${theme}`);
    }
  }
  await assertClean(page);
  await page.close();
});

// In the light theme every page the site build wrote is held to moderate findings too (one axe
// run for both checks).
for (const colorScheme of ["light", "dark"]) {
  test(`axe: every docs page, ${colorScheme}${colorScheme === "light" ? " (moderate findings too)" : ""}`, { timeout: 240_000 }, async () => {
    const moderate = colorScheme === "light" ? moderateDocs() : [];
    assert.ok(colorScheme !== "light" || moderate.length >= 10);
    const names = [...docs, "api-js.html", "search.html?q=eviction"];
    const page = await b.open("", { colorScheme });
    for (const name of [...names, ...moderate.filter((d) => !names.includes(d))]) {
      await page.goto(`${b.base}docs/${name}`);
      await page.waitForFunction(() => [...document.querySelectorAll("figure.widget > :not(figcaption)")].every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
      await assertAxe(page, `docs/${name} (${colorScheme})`, { moderate: moderate.includes(name) });
    }
    await page.close();
  });
}

test("every docs page at 390 px: nothing widens the page, tables that scroll take the keyboard, axe clean", { timeout: 240_000 }, async () => {
  const page = await b.open("", { colorScheme: "dark", viewport: PHONE });
  for (const name of [...docs, "api-js.html", "search.html?q=eviction"]) {
    await page.goto(`${b.base}docs/${name}`);
    await page.waitForFunction(() => [...document.querySelectorAll("figure.widget > :not(figcaption)")].every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
    const wide = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
    assert.ok(wide.page <= wide.view, `docs/${name} is ${wide.page} px wide in a ${wide.view} px phone`);
    const unreachable = await page.$$eval(".table-wrap", (els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.tabIndex < 0).length);
    assert.equal(unreachable, 0, `docs/${name}: a table scrolls sideways but takes no focus`);
    await assertAxe(page, `docs/${name} (390 px)`);
  }
  await page.close();
});

test("the tab list sits inside the navigation landmark; names match the visible text", async () => {
  const page = await b.open();
  assert.equal(await page.locator("nav[role=tablist], nav [role=tablist]").count(), 1);
  assert.equal(await page.locator("nav[role=tablist]").count(), 0, "role=tablist on <nav> removes the landmark");
  assert.equal(await page.getAttribute("nav:has([role=tablist])", "aria-label"), "Playground panels");
  for (const id of ["share", "theme", "reset"]) assert.equal(await page.getAttribute(`#${id}`, "aria-label"), null, id);
  assert.equal(await page.textContent("#theme"), "Dark theme");
  await page.click("#theme");
  assert.equal(await page.textContent("#theme"), "Dark theme");
  assert.equal(await page.getAttribute("#theme", "aria-pressed"), "true");
  await page.close();
});

test("at 390 px the selected tab scrolls into view, and tables keep their first column in sight", async () => {
  const page = await b.open("", { viewport: PHONE });
  const last = PANELS.at(-1);
  await page.focus("#tab-gates");
  await page.keyboard.press("End");
  await page.waitForFunction((id) => document.querySelector(`#tab-${id}`).getAttribute("aria-selected") === "true", last);
  await page.waitForTimeout(400);
  const box = await page.$eval(`#tab-${last}`, (t) => { const r = t.getBoundingClientRect(); return { left: r.left, right: r.right }; });
  assert.ok(box.left >= 0 && box.right <= PHONE.width, `the selected tab is off screen: ${JSON.stringify(box)}`);
  // The gates table: scroll it sideways; the gate's name stays at the left edge, the value is reachable.
  await page.click("#tab-gates");
  await page.waitForSelector("table.gates tbody tr");
  const wrap = page.locator(".table-wrap:has(table.gates)");
  const before = await wrap.evaluate((w) => w.querySelector("tbody tr > :first-child").getBoundingClientRect().left - w.getBoundingClientRect().left);
  await wrap.evaluate((w) => { w.scrollLeft = w.scrollWidth; });
  const after = await wrap.evaluate((w) => w.querySelector("tbody tr > :first-child").getBoundingClientRect().left - w.getBoundingClientRect().left);
  assert.ok(Math.abs(after - before) <= 1, `the first column scrolled away (${before} → ${after})`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await screenshot(page, "a11y-gates-390-scrolled");
  // Layers: "Set by" is wider than a character.
  await page.click("#tab-layers");
  await page.waitForSelector('#layers-table tr[data-path="maxPods"]');
  const setBy = await page.$eval('#layers-table tr[data-path="maxPods"] td:nth-child(4)', (td) => td.getBoundingClientRect().width);
  assert.ok(setBy >= 100, `"Set by" is ${setBy}px wide`);
  await screenshot(page, "a11y-layers-390");
  await assertClean(page);
  await page.close();
});

test("sticky table headers stay in view while a long table scrolls", async () => {
  const page = await b.open();
  await page.waitForSelector("table.gates tbody tr");
  const wrap = page.locator(".table-wrap:has(table.gates)");
  const scrolls = await wrap.evaluate((w) => w.scrollHeight > w.clientHeight + 100);
  assert.ok(scrolls, "the gates table should scroll inside its box");
  await wrap.evaluate((w) => { w.scrollTop = 2000; });
  const gap = await wrap.evaluate((w) => w.querySelector("thead th").getBoundingClientRect().top - w.getBoundingClientRect().top);
  assert.ok(Math.abs(gap) <= 2, `the header scrolled away by ${gap}px`);
  await page.close();
});

test("every region that scrolls is reachable by keyboard and has a name", async () => {
  const page = await b.open();
  for (const id of PANELS) {
    await page.click(`#tab-${id}`);
    await page.waitForTimeout(id === "cluster" ? 1500 : 200);
    const bad = await page.evaluate(() => [...document.querySelectorAll("main *")].filter((e) => {
      if (!e.offsetParent) return false;
      const s = getComputedStyle(e);
      const scrolls = (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1) || (/(auto|scroll)/.test(s.overflowX) && e.scrollWidth > e.clientWidth + 1);
      if (!scrolls || e.localName === "textarea" || e.localName === "select") return false;
      // A code editor scrolls as a textarea does: its named textbox takes the focus and the caret.
      if (e.matches(".cm-scroller:has(> .cm-content[contenteditable='true'][aria-label])")) return false;
      const focusable = e.tabIndex >= 0 || e.querySelector("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])");
      const named = e.getAttribute("aria-label") || e.getAttribute("aria-labelledby");
      return !(focusable && (named || e.tabIndex < 0));
    }).map((e) => `${e.localName}#${e.id}.${e.className}`));
    assert.deepEqual(bad, [], id);
  }
  await page.close();
});
