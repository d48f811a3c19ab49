// The cold load: a first visit draws the Gates panel from the gate core before the
// full package is even requested, index.html preloads exactly what that first answer needs, and
// every other panel follows; a link to another panel loads the full package first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, assertClean, settled } from "./harness.mjs";

const b = useBrowser();

/** A fresh page that notes, the moment `body[data-shown]` appears, what was loaded and drawn. */
async function watch(fragment = "") {
  const page = await b.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.kubegateErrors = errors;
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (!document.body?.dataset.shown) return;
      obs.disconnect();
      window.__atShown = {
        panel: document.body.dataset.shown,
        ready: document.body.dataset.ready ?? null,
        files: performance.getEntriesByType("resource").map((r) => new URL(r.name).pathname),
        // What index.html asked for ahead (its wasm preload is added by a script, for Gates only).
        preloads: [...document.querySelectorAll("link[rel='preload'], link[rel='modulepreload']")].map((l) => new URL(l.href).pathname),
        gateRows: document.querySelectorAll("#gates-table tbody tr").length,
        mounted: [...document.querySelectorAll("main > section")].filter((s) => !s.hasAttribute("aria-busy")).map((s) => s.id),
      };
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-shown"] });
  });
  await page.goto(b.base + fragment);
  await page.waitForSelector("body[data-ready='true']", { state: "attached", timeout: 20000 });
  return page;
}

test("a first visit draws the gates table from the gate core, then mounts the rest", async () => {
  const page = await watch();
  const at = await page.evaluate(() => window.__atShown);
  assert.equal(at.panel, "gates");
  assert.equal(at.ready, null);
  // The rows that fill the table's box first; the others follow when idle, before "ready".
  assert.ok(at.gateRows >= 20, `${at.gateRows} rows when first shown`);
  assert.ok((await page.locator("#gates-table tbody tr").count()) > 150);
  assert.equal(await page.getAttribute("#gates-table", "aria-busy"), null);
  assert.deepEqual(at.mounted, ["panel-gates"]);
  assert.ok(at.files.includes("/pkg/gates/kubegate_gates_bg.wasm"), at.files.join(" "));
  assert.ok(!at.files.includes("/pkg/kubegate_bg.wasm"), "the full wasm waits for the first answer");
  // What index.html preloads is what the first answer loads, and every module it loaded was
  // preloaded (a module missing from the list costs a round trip per level of imports).
  const listed = at.preloads;
  assert.ok(listed.includes("/pkg/gates/kubegate_gates_bg.wasm"), listed.join(" "));
  for (const f of listed) assert.ok(at.files.includes(f), `${f} is preloaded but not used by the first answer`);
  for (const f of at.files.filter((f) => f.endsWith(".js") || f.endsWith(".wasm"))) {
    assert.ok(f === "/dist/app.js" || listed.includes(f), `${f} is loaded before the first answer but not preloaded`);
  }
  // Then every panel, on the full package.
  const mounted = await page.$$eval("main > section", (ss) => ss.map((s) => [s.id, s.hasAttribute("aria-busy"), s.querySelector("h2")?.textContent ?? null]));
  for (const [id, busy, title] of mounted) assert.ok(!busy && title, `${id} is mounted`);
  assert.ok(await page.evaluate(() => performance.getEntriesByType("resource").some((r) => r.name.endsWith("/pkg/kubegate_bg.wasm"))));
  // The panel drawn from the gate core keeps working, and gets the /metrics reader of the full one.
  await page.waitForSelector("body[data-editors='ready']", { state: "attached" });
  await page.fill("#gates-flags", "AllAlpha=true");
  await page.waitForSelector("#gates-flag-status .ok");
  await page.click("#gates-metrics summary");
  await page.fill("#gates-metrics-text", 'kubernetes_feature_enabled{name="AllAlpha",stage="ALPHA"} 1\n');
  await page.waitForSelector("#gates-metrics-summary");
  await settled(page);
  await assertClean(page);
  await page.close();
});

test("a link to another panel loads the full package first and draws that panel", async () => {
  const page = await watch("#layers");
  const at = await page.evaluate(() => window.__atShown);
  assert.equal(at.panel, "layers");
  assert.ok(at.mounted.includes("panel-layers"));
  assert.ok(at.files.includes("/pkg/kubegate_bg.wasm"));
  // The full package is preloaded, modules and wasm, so the wasm request need not wait for
  // three imports in a row; the gate core's wasm is neither preloaded nor fetched (Chromium
  // would warn of an unused preload).
  for (const f of ["/pkg/index.js", "/pkg/api.js", "/pkg/kubegate.js", "/pkg/kubegate_bg.wasm"]) {
    assert.ok(at.preloads.includes(f), `${f} is not preloaded: ${at.preloads.join(" ")}`);
    assert.ok(at.files.includes(f), `${f} is preloaded but not used by the first answer`);
  }
  assert.ok(!at.preloads.some((f) => f.startsWith("/pkg/gates")), at.preloads.join(" "));
  assert.ok(!at.files.includes("/pkg/gates/kubegate_gates_bg.wasm"), at.files.join(" "));
  assert.match(await page.textContent("#layers-status"), /starts/);
  assert.equal(await page.getAttribute("#tab-layers", "aria-selected"), "true");
  await assertClean(page);
  await page.close();
});

test("before any wasm the tabs and a skeleton are there; a tab picked meanwhile is drawn once it can be", async () => {
  const page = await b.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.kubegateErrors = errors;
  // A slow link: the wasm takes a second to arrive.
  await page.route("**/*.wasm", async (route) => { await new Promise((ok) => setTimeout(ok, 1000)); await route.continue(); });
  const loading = page.goto(b.base);
  await page.waitForSelector("#tab-gates");
  assert.equal(await page.getAttribute("#panel-gates", "aria-busy"), "true");
  assert.equal(await page.textContent("#panel-gates"), "Loading…");
  assert.equal(await page.isVisible("#panel-gates"), true);
  await loading;
  await page.waitForSelector("body[data-shown]", { state: "attached" });
  await page.click("#tab-node");
  await page.waitForSelector("body[data-ready='true']", { state: "attached", timeout: 20000 });
  assert.equal(await page.getAttribute("#tab-node", "aria-selected"), "true");
  assert.equal(await page.isVisible("#panel-node h2"), true);
  assert.deepEqual(errors, []);
  await page.close();
});
