// The Pod sources panel in headless Chromium: lanes, the merged stream and its explanations,
// modes, share links, hostile state and a phone-sized dark layout.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
const streamText = (page) => page.textContent("#pods-stream");
const firstEntry = (page) => page.textContent("#pods-stream > li:first-child");

async function openPods(fragment = "", opts) {
  const page = await b.open(fragment, opts);
  await page.click("#tab-pods");
  await page.waitForSelector("#pods-stream li");
  return page;
}

test("the three lanes start and every source's first SET becomes an ADD", async () => {
  const page = await openPods();
  const text = await streamText(page);
  assert.match(text, /ADD\s*default\/web-node-1 from file/);
  assert.match(text, /ADD\s*default\/from-url-node-1 from http/);
  assert.match(text, /ADD\s*default\/app from api/);
  assert.match(text, /UID not yet known from source "api": ADD/);
  assert.equal(await page.locator("#pods-merged-table tbody tr").count(), 3);
  assert.match(await page.textContent("#pods-seen"), /yes/);
  assert.match(await page.textContent("#pods-now"), /^t\+0s/);
  await screenshot(page, "pods-default");
  await assertClean(page);
  await page.close();
});

test("file lane: add, edit, delete manifests; an invalid manifest is reported", async () => {
  const page = await openPods();
  // The editor shows what the directory holds (web.yaml); "New manifest" starts a draft.
  assert.equal(await page.inputValue("#pods-file-name"), "web.yaml");
  assert.match(await page.textContent("#pods-file-draft"), /^Shows web\.yaml as the directory holds it\.$/);
  await page.click("#pods-file-new");
  assert.equal(await page.inputValue("#pods-file-name"), "db.yaml");
  assert.match(await page.textContent("#pods-file-draft"), /^Draft: db\.yaml is not in the directory yet/);
  await page.click("#pods-file-save");
  assert.match(await firstEntry(page), /db\.yaml written[\s\S]*ADD\s*default\/db-node-1/);
  await page.click("button[aria-label='Edit web.yaml']");
  assert.equal(await page.inputValue("#pods-file-name"), "web.yaml");
  await page.fill("#pods-file-body", (await page.inputValue("#pods-file-body")).replace("nginx:1.25", "nginx:1.27"));
  await page.click("#pods-file-save");
  // A static pod's UID hashes its manifest: an edit is a new pod (REMOVE, then ADD).
  const edit = await firstEntry(page);
  assert.match(edit, /REMOVE\s*default\/web-node-1[\s\S]*UID is no longer in the SET from source "file"[\s\S]*ADD\s*default\/web-node-1/);
  // With metadata.uid fixed in the manifest, a spec change is an UPDATE, not a RECONCILE.
  const fixed = (image) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: pinned\n  namespace: default\n  uid: pinned-uid\nspec:\n  containers:\n  - name: c\n    image: ${image}\n`;
  await page.fill("#pods-file-name", "pinned.yaml");
  await page.fill("#pods-file-body", fixed("a:1"));
  await page.click("#pods-file-save");
  await page.fill("#pods-file-body", fixed("a:2"));
  await page.click("#pods-file-save");
  const upd = await firstEntry(page);
  assert.match(upd, /UPDATE\s*default\/pinned-node-1/);
  assert.match(upd, /UPDATE, not RECONCILE/);
  await page.click("button[aria-label='Delete db.yaml']");
  assert.match(await firstEntry(page), /db\.yaml deleted[\s\S]*REMOVE\s*default\/db-node-1/);
  await page.fill("#pods-file-name", "broken.yaml");
  await page.fill("#pods-file-body", "kind: [");
  await page.click("#pods-file-save");
  assert.match(await firstEntry(page), /reported: Unable to process watch event: can't process config file "\/etc\/kubernetes\/manifests\/broken\.yaml"/);
  // The next listing reports it again and keeps the valid pods.
  await page.click(".pods-step[data-step='20']");
  assert.match(await streamText(page), /Could not process manifest file: path="\/etc\/kubernetes\/manifests\/broken\.yaml"/);
  assert.match(await page.textContent("#pods-now"), /^t\+20s/);
  await screenshot(page, "pods-file-lane");
  await assertClean(page);
  await page.close();
});

test("api lane: a status-only change reconciles, a spec change updates", async () => {
  const page = await openPods();
  const pod = JSON.parse(await page.inputValue("#pods-api-body"));
  pod.status.phase = "Running";
  await page.fill("#pods-api-body", JSON.stringify(pod));
  await page.click("#pods-api-save");
  const rec = await firstEntry(page);
  assert.match(rec, /RECONCILE\s*default\/app from api/);
  assert.match(rec, /only status differs: RECONCILE, not UPDATE/);
  pod.spec.containers[0].image = "app:2";
  await page.fill("#pods-api-body", JSON.stringify(pod));
  await page.click("#pods-api-save");
  const upd = await firstEntry(page);
  assert.match(upd, /UPDATE\s*default\/app/);
  assert.match(upd, /changed: spec/);
  pod.metadata.deletionTimestamp = "2025-01-01T00:01:00Z";
  pod.metadata.deletionGracePeriodSeconds = 30;
  await page.fill("#pods-api-body", JSON.stringify(pod));
  await page.click("#pods-api-save");
  assert.match(await firstEntry(page), /DELETE\s*default\/app[\s\S]*graceful DELETE/);
  await page.click("button[aria-label='Delete default/app']");
  assert.match(await firstEntry(page), /REMOVE\s*default\/app/);
  await page.fill("#pods-api-body", "{ not json");
  await page.click("#pods-api-save");
  assert.match(await page.textContent("#pods-error"), /not valid JSON/);
  await assertClean(page);
  await page.close();
});

test("http lane: a PodList with a duplicate name records a FailedValidation event; errors are reported", async () => {
  const page = await openPods();
  const list = JSON.stringify({ kind: "PodList", apiVersion: "v1", items: [
    { metadata: { name: "twin", namespace: "default" }, spec: { containers: [{ name: "a", image: "a" }] } },
    { metadata: { name: "twin", namespace: "default" }, spec: { containers: [{ name: "b", image: "b" }] } },
  ] });
  await page.fill("#pods-http-body", list);
  await page.click("#pods-http-serve");
  await page.click(".pods-step[data-step='20']");
  const text = await streamText(page);
  assert.match(text, /Warning FailedValidation: Error validating pod twin-node-1_default\([^)]+\) from http due to duplicate pod name "twin-node-1", ignoring/);
  await page.selectOption("#pods-http-status", "404");
  await page.click("#pods-http-serve");
  await page.click(".pods-step[data-step='20']");
  assert.match(await firstEntry(page), /reported: Failed to read pods from URL: http:\/\/config\.example\/pods\.yaml: 404 Not Found/);
  await assertClean(page);
  await page.close();
});

test("mode picker: Snapshot emits SETs of everything", async () => {
  const page = await openPods();
  await page.selectOption("#pods-mode", "Snapshot");
  const text = await streamText(page);
  assert.match(text, /SET\s*default\//);
  assert.doesNotMatch(text, /ADD\s*default\//);
  await page.selectOption("#pods-mode", "SnapshotAndUpdates");
  assert.match(await streamText(page), /SET\s*default\//);
  await assertClean(page);
  await page.close();
});

test("share link round trip and the example", async () => {
  const page = await openPods();
  await page.selectOption("#pods-mode", "SnapshotAndUpdates");
  await page.click("#pods-file-save");
  await page.click(".pods-step[data-step='10']");
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const hash = await page.evaluate(() => location.hash.slice(1));
  const before = await streamText(page);
  await page.close();
  const again = await b.open(hash);
  assert.equal(await again.getAttribute("#tab-pods", "aria-selected"), "true");
  assert.equal(await again.inputValue("#pods-mode"), "SnapshotAndUpdates");
  assert.equal(await streamText(again), before);
  assert.match(await again.textContent("#pods-now"), /^t\+10s/);
  await again.selectOption("#examples", "pods-reconcile-vs-update");
  await again.waitForFunction(() => document.querySelector("#pods-mode").value === "Incremental");
  const text = await streamText(again);
  assert.match(text, /RECONCILE\s*default\/app/);
  assert.match(text, /UPDATE\s*default\/app/);
  await screenshot(again, "pods-example");
  await assertClean(again);
  await again.close();
});

const XSS = "<img src=x onerror=window.__pwned=1>";
const hostile = [
  ["wrong types", { tab: "pods", panels: { pods: { mode: 3, actions: "x" } } }],
  ["unknown mode", { tab: "pods", panels: { pods: { mode: "Turbo" } } }],
  ["bad action", { tab: "pods", panels: { pods: { actions: [{ a: "explode" }] } } }],
  ["huge step", { tab: "pods", panels: { pods: { actions: [{ a: "step", by: 1e12 }] } } }],
  ["too many actions", { tab: "pods", panels: { pods: { actions: Array(400).fill({ a: "step", by: 1 }) } } }],
  ["markup everywhere", { tab: XSS, panels: { pods: { actions: [
    { a: "write", name: XSS, content: XSS },
    { a: "write", name: "x.yaml", content: `apiVersion: v1\nkind: Pod\nmetadata:\n  name: "${XSS}"\nspec:\n  containers: []\n` },
    { a: "serve", status: 200, body: XSS },
    { a: "upsert", pod: JSON.stringify({ metadata: { name: XSS, namespace: XSS, uid: XSS }, spec: { nodeName: "node-1" } }) },
    { a: "synced", value: true }, { a: "step", by: 0 },
  ] } } }],
];
for (const [name, state] of hostile) {
  test(`hostile pods state: ${name}`, async () => {
    const page = await b.open(link(state));
    await page.click("#tab-pods");
    await page.click(".pods-step[data-step='1']");
    assert.match(await page.textContent("#pods-now"), /^t\+\d+s/);
    assert.equal(await page.locator("img, iframe").count(), 0, "markup from the link was rendered");
    await assertClean(page);
    await page.close();
  });
}

test("phone-sized dark layout", async () => {
  const page = await openPods("", { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  await page.click("#pods-file-save");
  await screenshot(page, "pods-phone-dark");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await assertClean(page);
  await page.close();
});

test("each source editor shows what its source holds now; drafts say they are drafts", async () => {
  const page = await openPods();
  await page.selectOption("#examples", "pods-reconcile-vs-update");
  await page.waitForFunction(() => document.querySelector("#pods-api-body")?.value.includes("app:2"));
  // The API server holds app:2, Running: the editor shows that, not the example's first pod.
  const held = JSON.parse(await page.inputValue("#pods-api-body"));
  assert.equal(held.spec.containers[0].image, "app:2");
  assert.equal(held.status.phase, "Running");
  assert.equal(await page.textContent("#pods-api-draft"), "Shows default/app as the API server holds it.");
  assert.equal(await page.inputValue("#pods-file-name"), "web.yaml");
  assert.match(await page.textContent("#pods-http-draft"), /Shows what the URL serves now/);
  // Create or update without Edit writes what is shown, which is what is held: nothing changes.
  const entries = await page.locator("#pods-stream > li").count();
  await page.click("#pods-api-save");
  assert.equal(await page.locator("#pods-stream > li").count(), entries + 1);
  assert.match(await page.textContent("#pods-stream > li:first-child"), /PodConfig emitted nothing|sent/);
  assert.doesNotMatch(await page.textContent("#pods-stream > li:first-child"), /UPDATE/);
  // An edit is a draft until it is written, and says so.
  await page.fill("#pods-api-body", (await page.inputValue("#pods-api-body")).replace("app:2", "app:3"));
  assert.match(await page.textContent("#pods-api-draft"), /^Draft: unsaved changes to default\/app/);
  assert.equal(await page.getAttribute("#pods-api-draft", "class"), "draft-note draft");
  await page.click("#pods-api-save");
  assert.match(await page.textContent("#pods-stream > li:first-child"), /UPDATE\s*default\/app/);
  assert.equal(await page.textContent("#pods-api-draft"), "Shows default/app as the API server holds it.");
  await page.fill("#pods-api-body", (await page.inputValue("#pods-api-body")).replace("app:3", "app:4"));
  for (const [w, h] of [[1280, 900], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await screenshot(page, `pods-drafts-${w}`);
    await page.emulateMedia({ colorScheme: w === 390 ? "dark" : "light" });
  }
  await assertClean(page);
  await page.close();
});
