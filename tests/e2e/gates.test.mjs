// The Gates panel in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();

test("the playground loads, shows versions and the real Kubernetes gates", async () => {
  const page = await b.open();
  assert.match(await page.textContent("#versions"), /kubegate \d+\.\d+\.\d+ · Kubernetes 1\.16 to 1\.\d+/);
  await page.selectOption("#gates-emulation", "1.34");
  const rows = await page.locator("#gates-table tbody tr").count();
  assert.ok(rows > 150, `expected the built-in list, got ${rows} rows`);
  assert.match(await page.textContent("#gates-summary"), /gates shown/);
  await screenshot(page, "gates-default");
  await assertClean(page);
  await page.close();
});

test("typing --feature-gates shows Kubernetes' errors inline, pointing at the piece", async () => {
  const page = await b.open();
  await page.selectOption("#gates-emulation", "1.34");
  await page.fill("#gates-flags", "AllAlpha=true,NodeSwap=false");
  await page.waitForSelector("#gates-flag-status .error");
  assert.equal(await page.textContent("#gates-flag-status .k8s-error"), "cannot set feature gate NodeSwap to false, feature is locked to true");
  assert.equal(await page.textContent("#gates-flag-status mark"), "NodeSwap=false");
  assert.equal(await page.getAttribute("#gates-flags", "aria-invalid"), "true");
  await page.fill("#gates-flags", "AllAlpha=banana");
  await page.waitForFunction(() => document.querySelector("#gates-flag-status .k8s-error")?.textContent.includes("ParseBool"));
  assert.equal(await page.textContent("#gates-flag-status .k8s-error"), 'invalid value of AllAlpha=banana, err: strconv.ParseBool: parsing "banana": invalid syntax');
  await screenshot(page, "gates-error");
  await page.fill("#gates-flags", "AllAlpha=true");
  await page.waitForSelector("#gates-flag-status .ok");
  await page.selectOption("#gates-stage", "Alpha");
  await page.waitForFunction(() => [...document.querySelectorAll("#gates-table tbody .stage")].every((e) => e.textContent === "Alpha"));
  const values = await page.locator("#gates-table tbody td.on, #gates-table tbody td.off").allTextContents();
  assert.ok(values.length > 10 && values.every((v) => v === "on"), "AllAlpha turns every alpha gate on");
  const why = await page.locator("#gates-table tbody td.why").first().textContent();
  assert.equal(why, "filled in by AllAlpha");
  await assertClean(page);
  await page.close();
});

test("search, filters and the version diff", async () => {
  const page = await b.open();
  await page.selectOption("#gates-emulation", "1.34");
  await page.fill("#gates-search", "nodeswap");
  await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
  await page.selectOption("#gates-compare", "1.28");
  await page.waitForSelector("#gates-diff h3");
  assert.match(await page.textContent("#gates-diff"), /From 1\.34 to 1\.28/);
  assert.match(await page.textContent("#gates-diff"), /NodeSwap: stage GA → Beta/);
  await screenshot(page, "gates-diff");
  await assertClean(page);
  await page.close();
});

test("importing a versioned_feature_list.yaml by paste, with bad input reported", async () => {
  const page = await b.open();
  await page.selectOption("#gates-source", "custom");
  await page.fill("#gates-paste", "- name: Foo\n  versionedSpecs:\n  - {default: false, preRelease: Alpha, version: '1.30'}\n  - {default: true, preRelease: Beta, version: '1.32'}\n");
  await page.waitForFunction(() => document.querySelector("#gates-list-status")?.textContent.includes("Using 1 features"));
  await page.selectOption("#gates-emulation", "1.32");
  assert.equal(await page.textContent("#gates-table tbody tr:has(code:text-is('Foo')) td.on"), "on");
  await page.fill("#gates-paste", "- name: Foo\n  versionedSpecs: [[[");
  await page.waitForSelector("#gates-list-status.error");
  assert.match(await page.textContent("#gates-list-status"), /^feature list: yaml: line/);
  await page.fill("#gates-paste", "- name: Bad\n  versionedSpecs:\n  - {default: false, preRelease: Beta, version: '1.31'}\n  - {default: true, preRelease: Alpha, version: '1.32'}\n");
  await page.waitForFunction(() => document.querySelector("#gates-list-status")?.textContent.includes("regresses"));
  await assertClean(page);
  await page.close();
});

test("share links round-trip the state", async () => {
  const page = await b.open();
  await page.selectOption("#gates-emulation", "1.33");
  await page.fill("#gates-flags", "AllBeta=true");
  await page.fill("#gates-search", "Dynamic");
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const hash = await page.evaluate(() => location.hash.slice(1));
  await page.close();
  const again = await b.open(hash);
  assert.equal(await again.inputValue("#gates-emulation"), "1.33");
  assert.equal(await again.inputValue("#gates-flags"), "AllBeta=true");
  assert.equal(await again.inputValue("#gates-search"), "Dynamic");
  await assertClean(again);
  await again.close();
});

test("examples load with their explanation", async () => {
  const page = await b.open();
  await page.selectOption("#examples", "locked-gate");
  await page.waitForSelector("#gates-flag-status .error");
  assert.match(await page.textContent("#example-note"), /locked/);
  await assertClean(page);
  await page.close();
});

test("dark theme and a phone-sized layout", async () => {
  const page = await b.open("", { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  assert.equal(await page.getAttribute("html", "data-theme"), "dark");
  await page.fill("#gates-flags", "AllAlpha=true,Nope=true");
  await page.waitForSelector("#gates-flag-status .error");
  await screenshot(page, "gates-phone-dark");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await page.click("#theme");
  assert.equal(await page.getAttribute("html", "data-theme"), "light");
  await assertClean(page);
  await page.close();
});

test("keyboard: tabs follow the ARIA pattern", async () => {
  const page = await b.open();
  await page.focus("[role=tab][aria-selected=true]");
  await page.keyboard.press("End");
  const last = await page.evaluate(() => document.activeElement.id);
  assert.ok(last.startsWith("tab-"));
  await page.keyboard.press("Home");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("aria-selected")), "true");
  await assertClean(page);
  await page.close();
});

test("a release's real binary vs the newest binary emulating it: the panel says which", async () => {
  const page = await b.open();
  const newest = await page.evaluate(() => document.querySelector("#gates-emulation option")?.value);
  assert.match(await page.textContent("#gates-data-note"), new RegExp(`1\\.16 to ${newest.replace(".", "\\.")}`));
  // The real 1.25 kubelet still has DynamicKubeletConfig (deprecated); 1.26 refuses it.
  await page.selectOption("#gates-mode", "release");
  await page.selectOption("#gates-emulation", "1.25");
  await page.fill("#gates-flags", "DynamicKubeletConfig=false");
  await page.waitForSelector("#gates-flag-status .ok");
  assert.match(await page.textContent("#gates-mode-note"), /Kubernetes 1\.25 as released/);
  await page.selectOption("#gates-emulation", "1.26");
  await page.waitForSelector("#gates-flag-status .error");
  assert.equal(await page.textContent("#gates-flag-status .k8s-error"), "unrecognized feature gate: DynamicKubeletConfig");
  // "since" is when the gate reached its stage, not when its current spec entry began.
  await page.fill("#gates-flags", "");
  await page.selectOption("#gates-emulation", "1.28");
  await page.fill("#gates-search", "nodeswap");
  await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
  assert.match(await page.textContent("#gates-table tbody tr .since"), /since 1\.28/);
  // Emulation: the min-compatibility picker appears and the note names the newest binary.
  await page.selectOption("#gates-mode", "emulate");
  await page.waitForFunction(() => !document.querySelector("#gates-mincompat").closest("label").hidden);
  assert.match(await page.textContent("#gates-mode-note"), new RegExp(`The ${newest.replace(".", "\\.")} binary with --emulated-version=1\\.28`));
  await screenshot(page, "gates-release-vs-emulation");
  await assertClean(page);
  await page.close();
});

test("the emulation example keeps its promise: a gate from a later release is PreAlpha", async () => {
  const page = await b.open();
  await page.selectOption("#examples", "emulation-prealpha");
  await page.waitForSelector("#gates-flag-status .error");
  assert.equal(await page.inputValue("#gates-mode"), "emulate");
  assert.equal(
    await page.textContent("#gates-flag-status .k8s-error"),
    "cannot set feature gate InPlacePodVerticalScalingExclusiveCPUs to true, feature is PreAlpha at emulated version 1.31, min compatibility version 1.30",
  );
  // The real 1.31 binary does not have the gate at all.
  await page.selectOption("#gates-mode", "release");
  await page.waitForFunction(() => document.querySelector("#gates-flag-status .k8s-error")?.textContent.startsWith("unrecognized"));
  assert.equal(await page.textContent("#gates-flag-status .k8s-error"), "unrecognized feature gate: InPlacePodVerticalScalingExclusiveCPUs");
  await assertClean(page);
  await page.close();
});
