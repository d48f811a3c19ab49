// The Gated fields panel in headless Chromium: drop on create, keep on update, enum validation
// with ratcheting, the declarative-enum sandbox, share links and hostile state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;

async function openFields(fragment = "", opts) {
  const page = await b.open(fragment, opts);
  await page.click("#tab-fields");
  await page.waitForSelector("#fields-table");
  return page;
}
const stored = async (page) => JSON.parse(await page.textContent("#fields-out"));

test("Frobber: width is dropped on create while Frobber2D is off, kept when on", async () => {
  const page = await openFields();
  // The sample's restartPolicy (OnTuesday) fails validation while its gate is off: the panel must
  // not call the drop silent and the request successful next to that failure.
  const refused = await page.textContent("#fields-dropped");
  assert.match(refused, /PrepareForCreate drops width, but validation then refuses the request \(below: restartPolicy: Invalid value: "OnTuesday"/);
  assert.match(refused, /so the create fails and nothing is stored\.$/);
  assert.doesNotMatch(refused, /still succeeds/);
  assert.equal(await page.textContent("#fields-result details summary"), "What would be stored, had it validated");
  assert.deepEqual(await stored(page), { height: 2, restartPolicy: "OnTuesday" });
  // With OnTuesday allowed the request validates, and the drop is silent.
  await page.check("#fields-gate-FrobberRestartPolicyOnTuesday");
  await page.waitForFunction(() => /^Dropped silently \(the request still succeeds\): width\.$/.test(document.querySelector("#fields-dropped").textContent));
  assert.equal(await page.textContent("#fields-result details summary"), "What is stored");
  await page.check("#fields-gate-Frobber2D");
  await page.waitForFunction(() => document.querySelector("#fields-dropped").textContent === "Nothing dropped.");
  assert.equal((await stored(page)).width, 3);
  await screenshot(page, "fields-frobber");
  await assertClean(page);
  await page.close();
});

test("update keeps a gated field the old object uses, drops one it does not", async () => {
  const page = await openFields();
  await page.check("#fields-op-update");
  await page.waitForSelector("#fields-old", { state: "visible" });
  assert.equal(await page.textContent("#fields-dropped"), "Nothing dropped.");
  await page.fill("#fields-old", JSON.stringify({ height: 1, restartPolicy: "Always" }));
  await page.waitForFunction(() => document.querySelector("#fields-dropped").textContent.includes("width"));
  await page.fill("#fields-old", "{ nope");
  await page.waitForFunction(() => !document.querySelector("#fields-obj-status").hidden);
  assert.match(await page.textContent("#fields-obj-status"), /the old object is not valid JSON/);
  await assertClean(page);
  await page.close();
});

test("restartPolicy OnTuesday: rejected on create with upstream texts, ratcheted on update", async () => {
  const page = await openFields();
  const row = (v) => page.textContent(`#fields-enum-table tr[data-value='${v}']`);
  assert.match(await row("OnTuesday"), /restartPolicy: Invalid value: "OnTuesday": only allowed if the FrobberRestartPolicyOnTuesday feature is enabled/);
  assert.match(await row("OnTuesday"), /restartPolicy: Unsupported value: "OnTuesday": supported values: "Always", "Never"/);
  assert.match(await row("Always"), /valid\s*valid/);
  await page.check("#fields-op-update"); // the sample old object already has OnTuesday
  await page.waitForFunction(() => document.querySelector("#fields-enum").textContent.includes("allows OnTuesday"));
  assert.match(await row("OnTuesday"), /^OnTuesday \(in the request\)validvalid$/);
  await page.check("#fields-gate-FrobberRestartPolicyOnTuesday");
  await page.check("#fields-op-create");
  await page.waitForFunction(() => document.querySelector("#fields-enum").textContent.includes("Create: the strategy allows"));
  await page.fill("#fields-obj", JSON.stringify({ restartPolicy: "Sometimes" }));
  await page.waitForSelector("#fields-enum-table tr[data-value='Sometimes']");
  assert.match(await row("Sometimes"), /restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnTuesday"/);
  await screenshot(page, "fields-enum");
  await assertClean(page);
  await page.close();
});

test("Service and EndpointSlice schemas", async () => {
  const page = await openFields();
  await page.selectOption("#fields-kind", "Service");
  await page.waitForSelector("#fields-gate-ServiceTrafficDistribution");
  assert.match(await page.textContent("#fields-dropped"), /spec\.trafficDistribution/);
  assert.equal(await page.locator("#fields-enum-table").count(), 0);
  await page.selectOption("#fields-kind", "EndpointSlice");
  await page.check("#fields-gate-TopologyAwareHints");
  await page.waitForFunction(() => document.querySelector("#fields-dropped").textContent.includes("endpoints[0].hints.forNodes"));
  assert.deepEqual((await stored(page)).endpoints[0].hints, { forZones: [{ name: "zone-a" }] });
  await page.check("#fields-op-update");
  await page.waitForFunction(() => document.querySelector("#fields-dropped").textContent.includes("forNodes"));
  await page.uncheck("#fields-gate-TopologyAwareHints");
  await page.waitForFunction(() => document.querySelector("#fields-dropped").textContent.includes("forNodes"));
  assert.ok((await stored(page)).endpoints[0].hints.forZones, "hints kept: the old object uses them");
  await assertClean(page);
  await page.close();
});

test("declarative enum sandbox: ConditionalEnum rows, undeclared options, ratcheting", async () => {
  const page = await openFields();
  // No option enabled: valid A, C, D.
  assert.match(await page.textContent("#enum-verdict"), /spec\.conditional: Unsupported value: "E": supported values: "A", "C", "D"/);
  await page.check("[data-option='FeatureC']");
  await page.check("[data-option='FeatureD']");
  assert.match(await page.textContent("#enum-verdict"), /accepted/);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.option), "FeatureD", "focus stays on the ticked option");
  await page.uncheck("[data-declared='FeatureB']");
  assert.match(await page.textContent("#enum-verdict"), /spec\.conditional: Internal error: undefined validation option "FeatureB"/);
  await page.check("[data-declared='FeatureB']");
  await page.fill("#enum-value", "B");
  assert.match(await page.textContent("#enum-verdict"), /Unsupported value: "B"/);
  await page.check("#enum-update");
  await page.fill("#enum-old", "B");
  assert.match(await page.textContent("#enum-verdict"), /accepted/);
  await page.fill("#enum-rules", "A sometimes FeatureA");
  assert.match(await page.textContent("#enum-result"), /line 1: write "VALUE ifEnabled OPTION"/);
  await assertClean(page);
  await page.close();
});

test("share link round trip and the example", async () => {
  const page = await openFields();
  await page.selectOption("#fields-kind", "Service");
  await page.check("#fields-op-update");
  await page.check("#fields-gate-ServiceTrafficDistribution");
  await page.fill("#fields-obj", JSON.stringify({ spec: { trafficDistribution: "PreferClose" } }));
  await page.fill("#enum-value", "Z");
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const hash = await page.evaluate(() => location.hash.slice(1));
  await page.close();
  const again = await b.open(hash);
  assert.equal(await again.getAttribute("#tab-fields", "aria-selected"), "true");
  assert.equal(await again.inputValue("#fields-kind"), "Service");
  assert.ok(await again.isChecked("#fields-op-update"));
  assert.ok(await again.isChecked("#fields-gate-ServiceTrafficDistribution"));
  assert.equal(await again.inputValue("#fields-obj"), JSON.stringify({ spec: { trafficDistribution: "PreferClose" } }));
  assert.equal(await again.inputValue("#enum-value"), "Z");
  await again.selectOption("#examples", "fields-dropped-on-create");
  await again.waitForFunction(() => document.querySelector("#fields-dropped").textContent === "Nothing dropped.");
  assert.equal(await again.isChecked("#fields-gate-ServiceTrafficDistribution"), false);
  await again.check("#fields-op-create");
  await again.waitForFunction(() => document.querySelector("#fields-dropped").textContent.includes("spec.trafficDistribution"));
  await assertClean(again);
  await again.close();
});

const XSS = "<img src=x onerror=window.__pwned=1>";
const hostile = [
  ["wrong types", { tab: "fields", panels: { fields: { kind: 7, gates: [], texts: "x" } } }],
  ["unknown kind", { tab: "fields", panels: { fields: { kind: "Pod" } } }],
  ["unknown gate", { tab: "fields", panels: { fields: { gates: { [XSS]: true } } } }],
  ["huge text", { tab: "fields", panels: { fields: { texts: { Frobber: { obj: "x".repeat(200_000) } } } } }],
  ["markup everywhere", { tab: "fields", panels: { fields: {
    op: "Update",
    texts: { Frobber: { obj: JSON.stringify({ [XSS]: XSS, restartPolicy: XSS, width: XSS }), old: XSS } },
    enumSandbox: { path: XSS, values: `${XSS}, A`, exclusions: `${XSS} ifEnabled ${XSS}`, value: XSS, oldValue: XSS, update: true, options: { [XSS]: true } },
  } } }],
];
for (const [name, state] of hostile) {
  test(`hostile fields state: ${name}`, async () => {
    const page = await b.open(link(state));
    await page.click("#tab-fields");
    await page.selectOption("#fields-kind", "Frobber");
    await page.check("#fields-op-create");
    await page.fill("#fields-obj", JSON.stringify({ width: 1 }));
    await page.waitForFunction(() => document.querySelector("#fields-dropped")?.textContent.includes("width"));
    assert.equal(await page.locator("img, iframe").count(), 0, "markup from the link was rendered");
    await assertClean(page);
    await page.close();
  });
}

test("phone-sized dark layout", async () => {
  const page = await openFields("", { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  await page.check("#fields-op-update");
  await screenshot(page, "fields-phone-dark");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await assertClean(page);
  await page.close();
});
