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

test("with no valid feature list the flags are not checked, never reported as accepted", async () => {
  const page = await b.open();
  await page.selectOption("#gates-source", "custom");
  await page.fill("#gates-flags", "NodeSwap=maybe");
  const status = () => page.textContent("#gates-flag-status");
  await page.waitForFunction(() => document.querySelector("#gates-flag-status")?.textContent.startsWith("Not checked"));
  // A list that does not parse leaves nothing to check against either.
  await page.fill("#gates-paste", "- name: Foo\n  versionedSpecs: [[[");
  await page.waitForSelector("#gates-list-status.error");
  assert.match(await status(), /^Not checked: there is no valid feature list/);
  // With a list, Kubernetes' own answer: the value is read before the name is looked up.
  await page.fill("#gates-paste", "- name: Foo\n  versionedSpecs:\n  - {default: true, preRelease: Beta, version: '1.30'}\n");
  await page.waitForFunction(() => document.querySelector("#gates-flag-status")?.textContent.includes("Kubernetes refuses this"));
  assert.match(await status(), /invalid value of NodeSwap=maybe, err: strconv\.ParseBool: parsing "maybe": invalid syntax/);
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

// ---- comparing with a running component's /metrics

// Modelled on a kubelet 1.30's /metrics (`kubectl get --raw /api/v1/nodes/kind-worker/proxy/metrics`
// on a kind cluster): Prometheus text format with # HELP/# TYPE lines, component-base's
// kubernetes_feature_enabled gauge (one sample per registered gate, stage "" for GA) among other
// metrics; an excerpt of the real ~600 lines. This kubelet was started with MemoryQoS=true.
const KUBELET_METRICS = `# HELP go_goroutines Number of goroutines that currently exist.
# TYPE go_goroutines gauge
go_goroutines 412
# HELP kubelet_node_name [ALPHA] The node's name. The count is always 1.
# TYPE kubelet_node_name gauge
kubelet_node_name{node="kind-worker"} 1
# HELP kubernetes_feature_enabled [BETA] This metric records the data about the stage and enablement of a k8s feature.
# TYPE kubernetes_feature_enabled gauge
kubernetes_feature_enabled{name="AllAlpha",stage="ALPHA"} 0
kubernetes_feature_enabled{name="AllBeta",stage="BETA"} 0
kubernetes_feature_enabled{name="CPUManager",stage=""} 1
kubernetes_feature_enabled{name="DisableCloudProviders",stage="BETA"} 1
kubernetes_feature_enabled{name="GracefulNodeShutdown",stage="BETA"} 1
kubernetes_feature_enabled{name="InPlacePodVerticalScaling",stage="ALPHA"} 0
kubernetes_feature_enabled{name="KubeletInUserNamespace",stage="ALPHA"} 0
kubernetes_feature_enabled{name="KubeletTracing",stage="BETA"} 1
kubernetes_feature_enabled{name="MemoryQoS",stage="ALPHA"} 1
kubernetes_feature_enabled{name="NodeSwap",stage="BETA"} 1
kubernetes_feature_enabled{name="SidecarContainers",stage="BETA"} 1
kubernetes_feature_enabled{name="UserNamespacesSupport",stage="BETA"} 0
# HELP process_start_time_seconds [ALPHA] Start time of the process since unix epoch in seconds.
# TYPE process_start_time_seconds gauge
process_start_time_seconds 1.73857680012e+09
`;

async function pasteMetrics(page, text) {
  await page.click("#gates-metrics summary");
  await page.fill("#gates-metrics-text", text);
  await page.waitForSelector("#gates-metrics-status p");
}
/** Also saves the /metrics box alone (the full page is the whole gate table, too tall to read). */
const shotBox = (page, name) => page.locator("#gates-metrics").screenshot({ path: new URL(`./screenshots/${name}.png`, import.meta.url).pathname });
const mismatchRows = (page) => page.$$eval("#gates-metrics-mismatches tbody tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));

test("a kubelet's /metrics compared with the release and the typed --feature-gates", async () => {
  const page = await b.open();
  await page.selectOption("#gates-emulation", "1.30");
  await pasteMetrics(page, KUBELET_METRICS);
  await page.waitForSelector("#gates-metrics-mismatches");
  assert.match(await page.textContent("#gates-metrics-summary"), /12 gates reported \(7 on\)\. 1 mismatch with the 1\.30 binary with no --feature-gates\./);
  assert.deepEqual(await mismatchRows(page), [["17", "MemoryQoS", "on/off differs", "MemoryQoS is reported true but the flags say false"]]);
  await page.click("#gates-metrics-status summary >> text=understood");
  assert.match(await page.textContent("#gates-metrics-understood"), /12 kubernetes_feature_enabled samples/);
  assert.match(await page.textContent("#gates-metrics-ignored"), /3 samples of other metrics/);
  await screenshot(page, "gates-metrics-mismatch");
  await shotBox(page, "gates-metrics-mismatch-box");
  // The flag the kubelet was started with: everything matches.
  await page.fill("#gates-flags", "MemoryQoS=true");
  await page.waitForFunction(() => /Every reported gate matches the 1\.30 binary with these --feature-gates/.test(document.querySelector("#gates-metrics-summary")?.textContent ?? ""));
  assert.equal(await page.locator("#gates-metrics-mismatches").count(), 0);
  // Against 1.29, NodeSwap's default and UserNamespacesSupport's stage differ, each on its line.
  await page.selectOption("#gates-emulation", "1.29");
  await page.waitForSelector("#gates-metrics-mismatches tr[data-kind='stage']");
  const rows = await mismatchRows(page);
  assert.deepEqual(rows.map((r) => [r[0], r[1], r[2]]), [["18", "NodeSwap", "on/off differs"], ["20", "UserNamespacesSupport", "stage differs"]]);
  // Flags the release refuses leave nothing to compare with.
  await page.fill("#gates-flags", "NoSuchGate=true");
  await page.waitForFunction(() => /Nothing to compare with: 1\.29 refuses these --feature-gates \(unrecognized feature gate: NoSuchGate\)/.test(document.querySelector("#gates-metrics-status")?.textContent ?? ""));
  await screenshot(page, "gates-metrics-refused");
  await shotBox(page, "gates-metrics-refused-box");
  await assertClean(page);
  await page.close();
});

test("malformed /metrics is refused with its line", async () => {
  const page = await b.open();
  await pasteMetrics(page, 'kubernetes_feature_enabled{name="AllAlpha",stage="ALPHA"} 0\nkubernetes_feature_enabled{name="NodeSwap",stage="BETA} 1\n');
  await page.waitForSelector("#gates-metrics-error");
  assert.match(await page.textContent("#gates-metrics-error"), /^Not read: line 2: malformed kubernetes_feature_enabled sample/);
  assert.equal(await page.locator("#gates-metrics-mismatches").count(), 0);
  await page.fill("#gates-metrics-text", "process_start_time_seconds 1.7e+09\n");
  await page.waitForFunction(() => /Not read: no kubernetes_feature_enabled samples found/.test(document.querySelector("#gates-metrics-error")?.textContent ?? ""));
  // The feature list and the table are untouched.
  assert.ok((await page.locator("#gates-table tbody tr").count()) > 150);
  await screenshot(page, "gates-metrics-malformed");
  await shotBox(page, "gates-metrics-malformed-box");
  await assertClean(page);
  await page.close();
});

test("markup in /metrics labels is shown as text", async () => {
  const XSS = ["<img src=x onerror=window.__pwned=1>", "<script>window.__pwned=1</script>", "\\\"><svg onload=window.__pwned=1>"];
  const page = await b.open();
  await pasteMetrics(page, XSS.map((x, i) => `kubernetes_feature_enabled{name="${x}",stage="${XSS[(i + 1) % 3]}"} 1`).join("\n"));
  await page.waitForSelector("#gates-metrics-mismatches");
  const rows = await mismatchRows(page);
  assert.equal(rows.length, 3);
  assert.equal(rows[0][1], XSS[0]);
  assert.equal(rows[1][1], XSS[1]);
  assert.equal(rows[2][1], "\"><svg onload=window.__pwned=1>");
  assert.ok(rows.every((r) => r[2] === "unknown gate"));
  await shotBox(page, "gates-metrics-markup-box");
  assert.equal(await page.locator("#panel-gates img, #panel-gates iframe, #panel-gates svg[onload], #panel-gates script").count(), 0);
  await assertClean(page);
  await page.close();
});
