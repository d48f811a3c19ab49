// The docs site (www/docs/, built by scripts/build-docs.mjs) in headless Chromium: every page
// loads without console errors, every live widget on it renders its scenario (none rejected),
// the references are there, and each page is saved as a screenshot for a person to look at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const pages = readdirSync(new URL("../../docs/", import.meta.url)).filter((f) => f.endsWith(".md")).map((f) => f.replace(/\.md$/, ".html"));

async function openDoc(name, opts) {
  const page = await b.open("", opts);
  const wasm = [];
  page.on("request", (r) => { if (r.url().endsWith(".wasm")) wasm.push(r.url()); });
  await page.goto(`${b.base}docs/${name}`);
  await page.waitForFunction(() => [...document.querySelectorAll("figure.widget > :not(figcaption)")].every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
  page.wasmRequests = wasm;
  return page;
}

for (const name of pages) {
  test(`docs/${name} loads, and its widgets render their scenarios`, async () => {
    const page = await openDoc(name);
    const widgets = await page.locator("figure.widget > :not(figcaption)").count();
    if (widgets) assert.equal(page.wasmRequests.length, 1, "the wasm is fetched once per page");
    const rejected = await page.evaluate(() => [...document.querySelectorAll("figure.widget > [data-error]")].map((e) => `${e.localName}: ${e.shadowRoot.querySelector(".kg-banner").textContent}`));
    assert.deepEqual(rejected, []);
    assert.ok(await page.locator("main h1").count() === 1);
    // Internal links resolve.
    const links = await page.evaluate(() => [...document.querySelectorAll("a[href]")].map((a) => a.href).filter((h) => h.startsWith(location.origin) && !h.includes("#s=")));
    for (const href of new Set(links)) {
      const res = await page.request.get(href.split("#")[0]);
      assert.equal(res.status(), 200, href);
    }
    await screenshot(page, `docs-${name.replace(/\.html$/, "")}`);
    await assertClean(page);
    await page.close();
  });
}

test("the JS API reference lists the package's classes and the widgets module", async () => {
  const page = await openDoc("api-js.html");
  for (const id of ["FeatureGate", "NodeLifecycleController", "resolveKubeletConfig", "FeatureSpec", "widgets-KubegateWidgetElement"]) {
    assert.equal(await page.locator(`section.api[id="${id}"]`).count(), 1, id);
  }
  assert.match(await page.textContent("#FeatureGate"), /set\(value: string\): Warning\[\]/);
  await screenshot(page, "docs-api-js");
  await assertClean(page);
  await page.close();
});

test("a guide at phone width in the dark", async () => {
  const page = await openDoc("node-heartbeats.html", { viewport: { width: 390, height: 800 }, colorScheme: "dark" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await screenshot(page, "docs-node-heartbeats-390-dark");
  await assertClean(page);
  await page.close();
});

test("the playground links to the docs", async () => {
  const page = await b.open();
  await page.click("a.docs-link");
  await page.waitForSelector("main h1");
  assert.equal(await page.textContent("main h1"), "kubegate documentation");
  await page.close();
});
