// Edits paint within a frame and the gate table exports and links:
// a keystroke patches the rows whose values changed and leaves every other row node in place;
// the table downloads as CSV and JSON exactly as shown; each gate links to its entry in the
// Kubernetes reference.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useBrowser, assertClean, screenshot, settled, framesPassed } from "./harness.mjs";

const b = useBrowser();

/** Tags every row of `table` with an id, so a later look can tell a kept row from a rebuilt one. */
const tagRows = (page, table) => page.evaluate((t) => {
  let i = 0;
  for (const tr of document.querySelectorAll(`${t} tbody tr`)) tr.dataset.probe = String(i++);
  return i;
}, table);
const keptRows = (page, table) => page.evaluate((t) => [...document.querySelectorAll(`${t} tbody tr`)].filter((tr) => tr.dataset.probe !== undefined).length, table);

test("a --feature-gates keystroke patches only the cells that changed", async () => {
  const page = await b.open();
  await page.fill("#gates-flags", "AllAlpha=tru");
  await page.waitForSelector("#gates-flag-status .error");
  const rows = await tagRows(page, "#gates-table");
  assert.ok(rows > 100, `${rows} rows`);
  // The rows sit in groups (each its own paint layer), in order, none larger than 25 rows.
  const groups = await page.$$eval("#gates-table > tbody", (gs) => gs.map((g) => g.rows.length));
  assert.ok(groups.length > 1 && groups.every((n) => n > 0 && n <= 25), `groups of ${groups}`);
  // Count the cells the next keystroke replaces.
  await page.evaluate(() => {
    window.__replaced = 0;
    new MutationObserver((ms) => { for (const m of ms) window.__replaced += m.addedNodes.length; })
      .observe(document.querySelector("#gates-table"), { childList: true, subtree: true });
  });
  await page.press("#gates-flags", "e");
  await page.waitForSelector("#gates-flag-status .ok");
  // Rows out of view are patched when the browser is idle; the table says aria-busy until then.
  await settled(page);
  const alpha = await page.$$eval("#gates-table tbody tr", (trs) => trs.filter((tr) => tr.querySelector(".stage-alpha")).length);
  // Every row is the same node as before: none was rebuilt.
  assert.equal(await keptRows(page, "#gates-table"), rows);
  const replaced = await page.evaluate(() => window.__replaced);
  assert.ok(replaced > 0 && replaced <= 2 * alpha, `${replaced} cells replaced for ${alpha} alpha gates`);
  // And the values are right: an alpha gate is now on.
  const on = await page.$$eval("#gates-table tbody tr", (trs) => trs.filter((tr) => tr.querySelector(".stage-alpha") && tr.querySelector("td.on")).length);
  assert.ok(on > 0);
  // Filtering moves rows without rebuilding them.
  await page.fill("#gates-search", "Node");
  await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length < 60);
  const shown = await page.$$eval("#gates-table tbody tr", (trs) => trs.length);
  assert.equal(await keptRows(page, "#gates-table"), shown);
  for (const name of await page.$$eval("#gates-table tbody th code", (els) => els.map((e) => e.textContent))) assert.match(name, /node/i);
  await assertClean(page);
  await page.close();
});

test("a keystroke patches the gate rows in reach at once and the others when idle", async () => {
  const page = await b.open();
  await page.fill("#gates-flags", "AllAlpha=tru");
  await page.waitForSelector("#gates-flag-status .error");
  await settled(page);
  // What the frame after the keystroke will show, read in the keystroke's own task (the panel
  // answers in its input event, ahead of this listener).
  await page.evaluate(() => {
    document.querySelector("#gates-flags").addEventListener("input", () => {
      const box = document.querySelector("#gates-table").closest(".table-wrap").getBoundingClientRect();
      const alpha = [...document.querySelectorAll("#gates-table tbody tr")].filter((tr) => tr.querySelector(".stage-alpha"));
      const on = (trs) => trs.filter((tr) => tr.querySelector("td.on")).length;
      const inView = alpha.filter((tr) => { const r = tr.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; });
      const far = alpha.filter((tr) => tr.getBoundingClientRect().top > box.bottom + 2 * box.height);
      window.__seen = { busy: document.querySelector("#gates-table").getAttribute("aria-busy"), inView: inView.length, inViewOn: on(inView), far: far.length, farOn: on(far) };
    }, { once: true });
  });
  await framesPassed(page);
  await page.press("#gates-flags", "e");
  const seen = await page.waitForFunction(() => window.__seen).then((h) => h.jsonValue());
  assert.equal(seen.inViewOn, seen.inView, `every alpha row in view is on at once: ${JSON.stringify(seen)}`);
  assert.ok(seen.far > 0 && seen.farOn === 0, `alpha rows far out of view wait: ${JSON.stringify(seen)}`);
  assert.equal(seen.busy, "true");
  // Then, idle, every row is patched and the table is no longer busy.
  await settled(page);
  const rows = await page.$$eval("#gates-table tbody tr", (trs) => trs.filter((tr) => tr.querySelector(".stage-alpha")).map((tr) => tr.querySelector("td.on, td.off").textContent));
  assert.ok(rows.length > 10 && rows.every((v) => v === "on"), "AllAlpha turns every alpha gate on");
  await assertClean(page);
  await page.close();
});

test("a keystroke in the Layers config file rebuilds only the rows it changed", async () => {
  const page = await b.open("layers");
  await page.click("#tab-layers");
  await page.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml");
  await page.fill("#layers-config", "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: 11");
  await page.waitForSelector("#layers-table tr[data-path='maxPods']");
  const rows = await tagRows(page, "#layers-table");
  await page.press("#layers-config", "End");
  await page.press("#layers-config", "Backspace");
  await page.waitForFunction(() => document.querySelector("#layers-table tr[data-path='maxPods'] td code")?.textContent === "1");
  // Only the maxPods row was rebuilt.
  assert.equal(await keptRows(page, "#layers-table"), rows - 1);
  assert.equal(await page.$eval("#layers-table tr[data-path='maxPods']", (tr) => tr.dataset.probe ?? null), null);
  await assertClean(page);
  await page.close();
});

test("a focused editor runs no animation: its caret is steady, so a key press is drawn in the next frame", async () => {
  // A blinking caret is a compositor animation: while it runs, Chromium draws every frame and a
  // key press waits its turn (the Gates panel's key press to painted frame: 19.8 ms, 14.2 without).
  const page = await b.open();
  await page.waitForSelector("body[data-editors='ready']", { state: "attached" });
  for (const id of ["gates-flags", "gates-paste"]) {
    // The import box shows once the panel has answered the choice, which may be a frame later
    // (ui.js eagerFrame): a user types only into what is on screen.
    if (id === "gates-paste") await page.selectOption("#gates-source", "custom");
    await page.waitForSelector(`#${id} + .cm-editor`, { state: "visible" });
    await page.focus(`#${id}`);
    await page.keyboard.type("x");
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.includes("x"), `#${id} + .cm-editor .cm-content`);
    const state = await page.evaluate(() => {
      const layer = document.activeElement.closest(".cm-editor")?.querySelector(".cm-cursorLayer");
      return { inEditor: Boolean(layer), running: document.getAnimations().map((a) => a.animationName ?? "?"), opacity: layer && getComputedStyle(layer).opacity };
    });
    assert.ok(state.inEditor, `focus is in the editor of #${id}`);
    assert.deepEqual(state.running, [], `no animation runs while #${id}'s editor has focus`);
    assert.equal(state.opacity, "1", "the caret is shown");
  }
  await page.close();
});

test("the gate table downloads as CSV and JSON, as shown, and links each gate to the reference", async () => {
  const page = await b.open();
  const release = await page.inputValue("#gates-emulation");
  await page.fill("#gates-flags", "AllBeta=false");
  await page.fill("#gates-search", "NodeSwap");
  await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
  const [csvDl] = await Promise.all([page.waitForEvent("download"), page.click("#gates-download-csv")]);
  assert.equal(csvDl.suggestedFilename(), `feature-gates-${release}-filtered-name-nodeswap.csv`);
  const csv = readFileSync(await csvDl.path(), "utf8");
  const [head, row, ...rest] = csv.split("\r\n");
  assert.equal(head, "name,stage,stageSince,default,enabled,locked,reason,readBy");
  assert.match(row, /^NodeSwap,GA,1\.\d+,true,true,true,\w+,kubelet$/);
  assert.deepEqual(rest, [""]);
  const [jsonDl] = await Promise.all([page.waitForEvent("download"), page.click("#gates-download-json")]);
  const json = JSON.parse(readFileSync(await jsonDl.path(), "utf8"));
  assert.equal(json.length, 1);
  assert.deepEqual(Object.keys(json[0]), ["name", "stage", "stageSince", "default", "enabled", "locked", "reason", "readBy"]);
  assert.equal(json[0].name, "NodeSwap");
  assert.deepEqual(json[0].readBy, ["kubelet"]);
  assert.equal(json[0].locked, true);
  // With a comparison the extra column is exported too.
  await page.selectOption("#gates-compare", "1.28");
  await page.waitForSelector("#gates-diff h3");
  const [cmp] = await Promise.all([page.waitForEvent("download"), page.click("#gates-download-json")]);
  assert.equal(JSON.parse(readFileSync(await cmp.path(), "utf8"))[0]["at1.28"], "Beta · off");
  // The row links to the gate's entry in the feature-gates reference.
  assert.equal(await page.getAttribute("#gates-table tbody th a", "href"),
    "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#NodeSwap");
  await screenshot(page, "gates-export");
  await assertClean(page);
  await page.close();
});

test("a gate removed since links to the removed-gates reference; CSV cells cannot run as formulas", async () => {
  const page = await b.open();
  await page.selectOption("#gates-emulation", "1.20");
  await page.fill("#gates-search", "DynamicKubeletConfig");
  await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
  assert.equal(await page.getAttribute("#gates-table tbody th a", "href"),
    "https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates-removed/#DynamicKubeletConfig");
  const csv = await page.evaluate(async () => (await import("./ui.js")).toCsv(["a", "b"], [["=cmd()", "x,\"y\""]]));
  assert.equal(csv, "a,b\r\n'=cmd(),\"x,\"\"y\"\"\"\r\n");
  await assertClean(page);
  await page.close();
});

test("the node's timeline exports as JSON and CSV, oldest first", async () => {
  const page = await b.open("node");
  await page.click("#tab-node");
  await page.waitForSelector("#node-log li");
  const [jsonDl] = await Promise.all([page.waitForEvent("download"), page.click("#node-download-json")]);
  const version = await page.inputValue("#node-version");
  assert.equal(jsonDl.suggestedFilename(), `node-timeline-${version}.json`);
  const data = JSON.parse(readFileSync(await jsonDl.path(), "utf8"));
  assert.equal(data.version, version);
  assert.ok(data.timeline.length > 0);
  assert.deepEqual(data.timeline.map((e) => e.ms), [...data.timeline.map((e) => e.ms)].sort((x, y) => x - y));
  assert.ok(data.timeline.some((e) => e.kind === "condition" && e.condition === "Ready"));
  // The log shows the same entries, newest first.
  const logged = await page.$$eval("#node-log li strong", (els) => els.map((e) => e.textContent));
  assert.deepEqual(logged, data.timeline.map((e) => e.what).reverse().slice(0, 80));
  const [csvDl] = await Promise.all([page.waitForEvent("download"), page.click("#node-download-csv")]);
  const lines = readFileSync(await csvDl.path(), "utf8").trimEnd().split("\r\n");
  assert.equal(lines[0], "ms,time,kind,what,who");
  assert.equal(lines.length, data.timeline.length + 1);
  await assertClean(page);
  await page.close();
});

test("a kubelet field's explanation links to the KubeletConfiguration reference", async () => {
  const page = await b.open("layers");
  await page.click("#tab-layers");
  await page.waitForSelector("#layers-table tr[data-path]");
  await page.focus("#layers-table tr[data-path='maxPods']");
  await page.waitForFunction(() => document.querySelector("#layers-explain strong")?.textContent === "maxPods");
  assert.equal(await page.getAttribute("#layers-explain a", "href"),
    "https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/#kubelet-config-k8s-io-v1beta1-KubeletConfiguration");
  await assertClean(page);
  await page.close();
});
