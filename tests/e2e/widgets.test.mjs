// The embeddable widgets (kubegate/widgets) in headless Chromium: a host page with two widgets of
// every kind loads the wasm once, each renders and reacts to input, the host page's CSS does not
// reach inside, hostile scenarios neither execute nor break the page, and the playground's Embed
// snippets (custom element and iframe) reproduce the panel's state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { mkdirSync, readFileSync } from "node:fs";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
const attr = (v) => JSON.stringify(v).replace(/&/g, "&amp;").replace(/'/g, "&#39;");
const XSS = "<img src=x onerror=window.__pwned=1><script>window.__pwned=1</script>";

const SCENARIOS = {
  gates: { emulation: "1.33", flags: "AllAlpha=true", search: "Swap" },
  layers: { args: "--config=/etc/kubernetes/kubelet.yaml\n--port=10251" },
  node: { version: "1.34", faults: [{ kind: "kubeletStopped", at: "60s" }], time: 150_000, window: "5m" },
  pods: {},
  fields: { kind: "Service", op: "Update" },
  controlplane: { actions: [{ do: "advance", by: "10s" }] },
};

/** The host page: hostile CSS, and each kind twice (scenario attribute, then inline JSON or state). */
function hostPage() {
  const widgets = Object.entries(SCENARIOS).flatMap(([kind, s]) => [
    `<kubegate-${kind} id="${kind}-a" scenario='${attr(s)}'></kubegate-${kind}>`,
    kind === "layers"
      ? `<kubegate-${kind} id="${kind}-b" state="${link({ tab: kind, panels: { [kind]: s } })}"></kubegate-${kind}>`
      : `<kubegate-${kind} id="${kind}-b" theme="dark"><script type="application/json">${JSON.stringify(s)}</script></kubegate-${kind}>`,
  ]);
  return `<!doctype html><html><head><meta charset="utf-8"><title>host</title><link rel="icon" href="./favicon.svg">
<style>
  * { color: rgb(255, 0, 0) !important; font-family: "Comic Sans MS", fantasy !important; letter-spacing: 4px !important; }
  table, td, th, input, button { border: 5px solid rgb(0, 255, 0) !important; background: rgb(0, 0, 255) !important; }
  .panel, .table-wrap, .kg-root { display: none !important; }
  kubegate-gates { font-size: 40px !important; line-height: 5 !important; }
</style>
<script type="module" src="./pkg/widgets/index.js"></script></head>
<body><h1>A host page</h1>
${widgets.join("\n")}
<kubegate-gates id="evil-attr" scenario='${attr({ flags: XSS, search: XSS })}'></kubegate-gates>
<kubegate-gates id="evil-list" scenario='${attr({ listText: XSS, listName: XSS, source: "custom" })}'></kubegate-gates>
<kubegate-gates id="evil-json"><script type="application/json">{"flags": "\\u003c/script>\\u003cimg src=x onerror=window.__pwned=1>", "search": "<b>x</b>"}</script></kubegate-gates>
<kubegate-gates id="bad-json" scenario="{not json"></kubegate-gates>
<kubegate-gates id="bad-type" scenario='{"emulation": 1.34}'></kubegate-gates>
<kubegate-node id="bad-state" state="s=1.%%%"></kubegate-node>
<kubegate-pods id="huge" scenario='${attr({ actions: "x".repeat(300_000) })}'></kubegate-pods>
</body></html>`;
}

async function openHost(html = hostPage(), opts) {
  const page = await b.open("", opts);
  const wasm = [];
  page.on("request", (r) => { if (r.url().endsWith(".wasm")) wasm.push(r.url()); });
  await page.route(`${b.base}host.html`, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(`${b.base}host.html`);
  await page.waitForFunction(() => [...document.querySelectorAll("*")].filter((e) => e.localName.startsWith("kubegate-")).every((e) => e.hasAttribute("data-ready")), null, { timeout: 20000 });
  page.wasmRequests = wasm;
  return page;
}

test("a page with many widgets loads the wasm once and every widget renders", async () => {
  const page = await openHost();
  assert.equal(page.wasmRequests.length, 1, `wasm fetched ${page.wasmRequests.length} times`);
  assert.ok(page.wasmRequests[0].endsWith("/pkg/kubegate_bg.wasm"));
  for (const suffix of ["a", "b"]) {
    assert.ok(await page.locator(`#gates-${suffix} #gates-table tbody tr`).count() > 0);
    assert.match(await page.textContent(`#gates-${suffix} #gates-summary`), /gates shown · \d+ on (at|in the) 1\.33( binary)?/);
    assert.match(await page.textContent(`#layers-${suffix} #layers-status`), /starts/);
    assert.match(await page.textContent(`#node-${suffix} #node-status`), /Ready Unknown/);
    assert.ok(await page.locator(`#pods-${suffix} #pods-stream li`).count() > 0);
    assert.ok((await page.textContent(`#fields-${suffix} #fields-dropped`)).length > 0);
    assert.equal(await page.textContent(`#controlplane-${suffix} #cp-now`), "10s");
  }
  // A widget reports its state in the form a scenario takes.
  assert.deepEqual(await page.evaluate(() => document.getElementById("gates-a").getState()), { emulation: "1.33", flags: "AllAlpha=true", search: "Swap" });
  assert.equal(await page.evaluate(() => document.getElementById("layers-b").getState().args), SCENARIOS.layers.args);
  mkdirSync(new URL("./screenshots/", import.meta.url), { recursive: true });
  for (const id of ["gates-a", "layers-b", "node-a", "node-b", "pods-a", "fields-b", "controlplane-a", "bad-type"]) {
    await page.locator(`#${id}`).screenshot({ path: new URL(`./screenshots/widget-${id}.png`, import.meta.url).pathname });
  }
  await page.close();
});

test("each widget reacts to input, independently of its twin", async () => {
  const page = await openHost();
  await page.fill("#gates-a #gates-flags", "AllAlpha=true,NoSuchGate=true");
  await page.waitForSelector("#gates-a #gates-flag-status .error");
  assert.match(await page.textContent("#gates-a #gates-flag-status"), /unrecognized feature gate: NoSuchGate/);
  assert.equal(await page.locator("#gates-b #gates-flag-status .error").count(), 0);

  await page.fill("#layers-a #layers-args", "--port=70000");
  await page.waitForSelector("#layers-a #layers-status .error-box");
  assert.match(await page.textContent("#layers-a #layers-status .k8s-error"), /port \(--port\) 70000 must be between 1 and 65535/);

  await page.selectOption("#node-a #node-step-size", "1m");
  await page.click("#node-a #node-step");
  assert.equal(await page.evaluate(() => document.getElementById("node-a").getState().time), 210_000);
  assert.equal(await page.evaluate(() => document.getElementById("node-b").getState().time), 150_000);

  const entries = await page.locator("#pods-a #pods-stream li").count();
  await page.click("#pods-a #pods-file-save");
  await page.waitForFunction((n) => document.querySelector("#pods-a").shadowRoot.querySelectorAll("#pods-stream li").length > n, entries);

  await page.click("#fields-a #fields-op-create");
  assert.equal(await page.evaluate(() => document.getElementById("fields-a").getState().op ?? "Create"), "Create");
  assert.equal(await page.evaluate(() => document.getElementById("fields-b").getState().op), "Update");

  await page.click("#controlplane-a .cp-step[data-step='10s']");
  assert.equal(await page.textContent("#controlplane-a #cp-now"), "20s");
  assert.equal(await page.textContent("#controlplane-b #cp-now"), "10s");

  // setState from the host page goes through the panel's validation.
  const err = await page.evaluate(() => { try { document.getElementById("gates-b").setState({ emulation: "9.99" }); } catch (e) { return e.message; } });
  assert.match(err, /unknown emulated version/);
  await assertClean(page);
  await page.close();
});

test("the host page's CSS does not leak into widgets", async () => {
  const page = await openHost();
  const styles = await page.evaluate(() => {
    const root = document.getElementById("gates-a").shadowRoot;
    const pick = (el) => { const s = getComputedStyle(el); return { color: s.color, font: s.fontFamily, spacing: s.letterSpacing, display: s.display, border: s.borderTopColor, bg: s.backgroundColor, size: s.fontSize }; };
    return { td: pick(root.querySelector("td")), input: pick(root.querySelector("input")), wrap: pick(root.querySelector(".table-wrap")), rootDiv: pick(root.querySelector(".kg-root")) };
  });
  for (const [name, s] of Object.entries(styles)) {
    assert.notEqual(s.color, "rgb(255, 0, 0)", `${name} colour leaked`);
    assert.doesNotMatch(s.font, /Comic|fantasy/, `${name} font leaked`);
    assert.equal(s.spacing, "normal", `${name} letter-spacing leaked`);
    assert.notEqual(s.display, "none", `${name} display leaked`);
    assert.notEqual(s.border, "rgb(0, 255, 0)", `${name} border leaked`);
    assert.notEqual(s.bg, "rgb(0, 0, 255)", `${name} background leaked`);
  }
  assert.equal(styles.td.size, "13px");
  // theme="dark" picks the dark palette; the light twin keeps the light one.
  const bg = (id) => page.evaluate((i) => getComputedStyle(document.getElementById(i).shadowRoot.querySelector(".kg-root")).backgroundColor, id);
  assert.equal(await bg("node-b"), "rgb(13, 17, 23)");
  assert.equal(await bg("node-a"), "rgb(255, 255, 255)");
  await page.close();
});

test("hostile scenarios do not execute and are reported in the widget", async () => {
  const page = await openHost();
  await page.waitForTimeout(100);
  const injected = await page.evaluate(() => [...document.querySelectorAll("*")].filter((e) => e.shadowRoot)
    .reduce((n, e) => n + e.shadowRoot.querySelectorAll("img, iframe, script, svg[onload]").length, 0));
  assert.equal(injected, 0, "markup from a scenario was rendered");
  // The attribute's markup is kept as text, where Kubernetes' error names it.
  assert.match(await page.textContent("#evil-attr #gates-flag-status"), /<img src=x/);
  assert.match(await page.textContent("#evil-list #gates-list-status"), /./);
  assert.equal(await page.inputValue("#evil-json #gates-flags"), "</script><img src=x onerror=window.__pwned=1>");
  assert.equal(await page.inputValue("#evil-json #gates-search"), "<b>x</b>");
  for (const [id, reason] of [["bad-json", /not valid JSON/], ["bad-type", /"emulation" should be a string/], ["bad-state", /base64url/], ["huge", /./]]) {
    assert.match(await page.textContent(`#${id} .kg-banner`), reason, id);
    assert.equal(await page.evaluate((i) => document.getElementById(i).hasAttribute("data-error"), id), true);
  }
  // The rejected widget still works with its defaults.
  await page.fill("#bad-json #gates-flags", "AllBeta=false");
  await page.waitForSelector("#bad-json #gates-flag-status .ok");
  await assertClean(page);
  await page.close();
});

test("the playground's Embed snippets reproduce the panel as a custom element and as an iframe", async () => {
  const page = await b.open(link({ tab: "gates", panels: { gates: { emulation: "1.32", flags: "AllBeta=false", search: "Pod" } } }));
  await page.click("#embed");
  await page.waitForSelector("#embed-dialog[open] #embed-element");
  await screenshot(page, "widgets-embed-dialog");
  const element = await page.inputValue("#embed-element");
  const iframe = await page.inputValue("#embed-iframe");
  assert.match(element, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/pkg\/widgets\/index\.js"><\/script>\n<kubegate-gates>/);
  assert.match(iframe, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?panel=gates#s=1\./);
  await page.keyboard.press("Escape");
  await assertClean(page);

  const host = await openHost(`<!doctype html><html><head><meta charset="utf-8"></head><body>${element}\n${iframe}</body></html>`);
  assert.deepEqual(await host.evaluate(() => document.querySelector("kubegate-gates").getState()), { emulation: "1.32", flags: "AllBeta=false", search: "Pod" });
  const frame = host.frames().find((f) => f.url().includes("embed.html"));
  await frame.waitForSelector("body[data-ready='true']");
  assert.match(await frame.textContent("kubegate-gates #gates-summary"), /on (at|in the) 1\.32/);
  assert.equal(await frame.inputValue("kubegate-gates #gates-flags"), "AllBeta=false");
  await screenshot(host, "widgets-embed-snippets");
  await assertClean(host);
  await host.close();

  // Cluster is not a widget: the dialog says so.
  await page.click("#tab-cluster");
  await page.click("#embed");
  assert.match(await page.textContent("#embed-dialog"), /not available as a widget/);
  await page.close();
});

test("embed.html: an unknown panel and a hostile link are shown as text", async () => {
  const page = await b.open();
  await page.goto(`${b.base}embed.html?panel=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E`);
  await page.waitForSelector("body[data-ready='true']");
  assert.match(await page.textContent("#embed"), /There is no "<img src=x/);
  await page.goto(`${b.base}embed.html?panel=node&theme=dark#${link({ panels: { node: { faults: [{ kind: XSS, at: "10s" }] } } })}`);
  await page.waitForSelector("body[data-ready='true']");
  assert.match(await page.textContent("kubegate-node .kg-banner"), /not applied/);
  assert.equal(await page.evaluate(() => document.querySelector("kubegate-node").shadowRoot.querySelectorAll("img").length), 0);
  await assertClean(page);
  await page.close();
});

test("the widgets ship the playground's own panel modules, from its one list", async () => {
  const { PANELS, WIDGET_IDS } = await import("../../www/panels/index.js");
  const { EMBEDDABLE } = await import("../../www/embed-dialog.js");
  assert.deepEqual(WIDGET_IDS, PANELS.map((p) => p.id).filter((id) => id !== "cluster" && id !== "upgrade"));
  assert.equal(EMBEDDABLE, WIDGET_IDS);
  for (const p of WIDGET_IDS) {
    assert.equal(readFileSync(new URL(`../../pkg/widgets/panels/${p}.js`, import.meta.url), "utf8"), readFileSync(new URL(`../../www/panels/${p}.js`, import.meta.url), "utf8"), p);
  }
  const generated = readFileSync(new URL("../../pkg/widgets/panels/index.js", import.meta.url), "utf8");
  assert.match(generated, new RegExp(`WIDGET_PANELS = \\[${WIDGET_IDS.join(", ")}\\]`));
  // The element names the package defines are the same list.
  assert.doesNotMatch(readFileSync(new URL("../../npm/widgets/index.js", import.meta.url), "utf8"), /from "\.\/panels\/(gates|layers|node|pods|fields|controlplane)\.js"/);
});

test("widgets get the playground's code editors: styled in their shadow root, marks at the gate, undo", async () => {
  const page = await openHost();
  await page.waitForFunction(() => ["gates-a", "layers-a", "pods-a", "fields-b"].every((id) => document.getElementById(id).getAttribute("data-editors") === "ready"));
  // Each editor sits in its widget's shadow root, with CodeMirror's styles mounted there (the
  // scroller is a flex box only if they are) and the widget's own colours.
  const look = await page.evaluate(() => {
    const root = document.getElementById("layers-a").shadowRoot;
    const ed = root.querySelector("#layers-args + .cm-editor");
    return { display: getComputedStyle(ed.querySelector(".cm-scroller")).display, bg: getComputedStyle(ed).backgroundColor, inDocument: document.querySelectorAll(".cm-editor").length };
  });
  assert.deepEqual(look, { display: "flex", bg: "rgb(255, 255, 255)", inDocument: 0 });
  for (const [id, input] of [["gates-a", "gates-flags"], ["layers-b", "layers-config"], ["pods-a", "pods-api-body"], ["fields-b", "fields-obj"]]) {
    assert.equal(await page.locator(`#${id} #${input} + .cm-editor`).count(), 1, `${id} #${input} has an editor`);
  }
  // The gate the string gets wrong is marked, in this widget only.
  await page.fill("#gates-a #gates-flags", "AllAlpha=true,NoSuchGate=true");
  await page.waitForFunction(() => document.getElementById("gates-a").shadowRoot.querySelector("#gates-flags + .cm-editor .cm-lintRange-error")?.textContent === "NoSuchGate");
  assert.equal(await page.locator("#gates-b .cm-lintRange-error").count(), 0);
  // A kubelet flag out of range is marked at its line of the command line.
  await page.click("#layers-a #layers-args + .cm-editor .cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" --port=70000");
  await page.waitForSelector("#layers-a #layers-args + .cm-editor .cm-lintRange-error");
  assert.match(await page.textContent("#layers-a #layers-status .k8s-error"), /port \(--port\) 70000 must be between 1 and 65535/);
  // Undo is the editor's: the flag goes, and so does the error.
  await page.keyboard.press("Control+z");
  await page.waitForSelector("#layers-a #layers-args + .cm-editor .cm-lintRange-error", { state: "detached" });
  assert.equal(await page.evaluate(() => document.getElementById("layers-a").getState().args), SCENARIOS.layers.args);
  await page.locator("#layers-a").screenshot({ path: new URL("./screenshots/widget-layers-editor.png", import.meta.url).pathname });
  await assertClean(page);
  await page.close();
});
