// The docs: a copy button on every code block, code reachable by keyboard, links to
// the upstream reference pages, and search over every page from a prebuilt index (no server).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
async function openDoc(name, opts) {
  const page = await b.open("", opts);
  await page.goto(`${b.base}docs/${name}`);
  await page.waitForFunction(() => [...document.querySelectorAll("figure.widget > :not(figcaption)")].every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
  return page;
}

test("every code block has a copy button that copies exactly its text, and takes the keyboard", async () => {
  const page = await openDoc("kubelet-layers.html");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const blocks = await page.locator("pre.code").count();
  assert.ok(blocks >= 2);
  assert.equal(await page.locator(".code-wrap > button.copy").count(), blocks);
  for (const pre of await page.locator("pre.code").all()) {
    assert.equal(await pre.getAttribute("tabindex"), "0");
    assert.match(await pre.getAttribute("aria-label"), / code$/);
  }
  const first = page.locator(".code-wrap").first();
  await first.locator("button.copy").click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await first.locator("pre").textContent());
  assert.match(await first.locator("button.copy").textContent(), /^Copied/);
  // The API reference's blocks too.
  await page.goto(`${b.base}docs/api-js.html`);
  assert.equal(await page.locator(".code-wrap > button.copy").count(), await page.locator("pre.code").count());
  await assertClean(page);
  await page.close();
});

test("the docs link to the upstream reference pages", async () => {
  const page = await openDoc("kubelet-layers.html");
  const hrefs = await page.$$eval("main a", (as) => as.map((a) => a.href));
  assert.ok(hrefs.includes("https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/"));
  assert.ok(hrefs.includes("https://kubernetes.io/docs/reference/command-line-tools-reference/kubelet/"));
  await page.goto(`${b.base}docs/feature-gates.html`);
  assert.ok((await page.$$eval("main a", (as) => as.map((a) => a.href))).includes("https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/"));
  await page.close();
});

test("search: a prebuilt index of every page, searched in the browser", async () => {
  const index = JSON.parse(readFileSync(new URL("../../www/docs/search-index.json", import.meta.url), "utf8"));
  const pages = new Set(index.sections.map((s) => s.page));
  for (const f of ["index.html", "kubelet-layers.html", "feature-gates.html", "cookbook.html", "api-js.html", "upgrade-check.html"]) assert.ok(pages.has(f), f);
  const page = await openDoc("index.html");
  const requests = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await page.fill("#docs-search", "evictionHard partial");
  await page.waitForSelector("#docs-results li a");
  const first = await page.locator("#docs-results li a").first();
  assert.match(await first.getAttribute("href"), /^kubelet-layers\.html#a-partial-evictionhard-drops-the-other-defaults$/);
  assert.match(await page.textContent("#docs-search-status"), /\d+ results?/);
  assert.deepEqual(requests.filter((p) => !p.endsWith(".wasm") && !p.includes("/pkg/")), ["/docs/search-index.json"]);
  await screenshot(page, "docs-search");
  // Keyboard: down into the results, Enter follows the link.
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.closest("#docs-results") !== null), true);
  await page.keyboard.press("Enter");
  await page.waitForURL(/kubelet-layers\.html#a-partial-evictionhard/);
  // An API name finds the reference; nothing found says so; markup is text.
  await page.fill("#docs-search", "resolveKubeletConfig");
  await page.waitForFunction(() => [...document.querySelectorAll("#docs-results a")].some((a) => a.getAttribute("href") === "api-js.html#resolveKubeletConfig"));
  await page.fill("#docs-search", "<img src=x onerror=window.__pwned=1> zzzz");
  await page.waitForSelector("#docs-results .none");
  assert.equal(await page.locator("#docs-results img").count(), 0);
  // The search page (Enter in the box, or a link): every result.
  await page.goto(`${b.base}docs/search.html?q=lease`);
  await page.waitForFunction(() => document.querySelectorAll("#search-page-results li").length > 0);
  assert.match(await page.textContent("#search-page-status"), /sections? mention "lease"/);
  await assertClean(page);
  await page.close();
});

for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 800, "dark"]]) {
  test(`search knows every gate, flag and field by name, by prefix and with a typo (${width}px, ${colorScheme})`, async () => {
    const page = await openDoc("index.html", { viewport: { width, height }, colorScheme });
    const hrefs = () => page.$$eval("#docs-results a", (as) => as.map((a) => [a.querySelector("strong").textContent, a.getAttribute("href")]));
    for (const [q, name, href] of [
      ["sidecar", "SidecarContainers", "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#SidecarContainers"],
      ["sidcar", "SidecarContainers", null],
      ["--max-po", "--max-pods", "https://kubernetes.io/docs/reference/command-line-tools-reference/kubelet/"],
      ["cgroupDriv", "cgroupDriver", null],
      ["kublet tracing", "KubeletTracing", null],
    ]) {
      await page.fill("#docs-search", q);
      await page.waitForFunction((name) => [...document.querySelectorAll("#docs-results strong")].some((s) => s.textContent === name), name);
      const found = (await hrefs()).find(([n]) => n === name);
      if (href) assert.equal(found[1], href);
    }
    // A gate's entry tells its stages release by release.
    await page.fill("#docs-search", "SidecarContainers");
    await page.waitForSelector("#docs-results li a");
    assert.match(await page.textContent("#docs-results li:first-child"), /Alpha in 1\.28; Beta, on by default in 1\.29–1\.32; GA/);
    await screenshot(page, `docs-search-names-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });
}

test("search at phone width in the dark", async () => {
  const page = await openDoc("index.html", { viewport: { width: 390, height: 800 }, colorScheme: "dark" });
  await page.fill("#docs-search", "feature gate");
  await page.waitForSelector("#docs-results li a");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await screenshot(page, "docs-search-390-dark");
  await page.close();
});

test("the embed iframe is as tall as its content", async () => {
  const page = await b.open("layers");
  await page.waitForSelector("#layers-status p");
  await page.click("#embed");
  await page.waitForSelector("#embed-dialog[open] #embed-iframe");
  const snippet = await page.inputValue("#embed-iframe");
  const height = Number(snippet.match(/height="(\d+)"/)[1]);
  assert.notEqual(height, 560);
  await page.keyboard.press("Escape");
  await page.route(`${b.base}host.html`, (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><html><body style="margin:0 20px">${snippet}</body></html>` }));
  const messages = [];
  await page.exposeFunction("__height", (h) => messages.push(h));
  await page.addInitScript(() => addEventListener("message", (e) => { if (e.data?.type === "kubegate-embed-height") window.__height(e.data.height); }));
  await page.goto(`${b.base}host.html`);
  await page.waitForFunction(() => document.querySelector("iframe")?.contentDocument?.body?.dataset.ready === "true", null, { timeout: 20000 });
  const frame = await (await page.$("iframe")).contentFrame();
  await page.waitForTimeout(300);
  const content = await frame.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(content <= height, `the iframe (${height}px) crops its content (${content}px)`);
  assert.ok(messages.length && messages.at(-1) === content, `posted heights: ${messages}`);
  await page.close();
});
