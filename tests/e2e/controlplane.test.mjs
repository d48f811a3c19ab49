// The Control plane panel in headless Chromium: apiservers joining, crashing and stopping with
// the endpoints following, namespaces, the kubernetes Service, the repair loop's leak counts,
// share links and hostile state.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
const step = (page, s) => page.click(`.cp-step[data-step='${s}']`);
const endpointIps = (page) => page.locator("#cp-endpoints .cp-ep-ip").allTextContents();

async function openCp(fragment = "", opts) {
  const page = await b.open(fragment, opts);
  await page.click("#tab-controlplane");
  await page.waitForSelector("#cp-servers li");
  return page;
}

test("two apiservers at time 0: Service, endpoints, leases, namespaces", async () => {
  const page = await openCp();
  assert.equal(await page.textContent("#cp-now"), "0s");
  assert.deepEqual(await endpointIps(page), ["192.168.0.2", "192.168.0.3"]);
  const svc = await page.textContent("#cp-service");
  assert.match(svc, /typeClusterIP/);
  assert.match(svc, /clusterIP10\.0\.0\.1/);
  assert.match(svc, /https 443→6443\/TCP/);
  assert.match(svc, /component=apiserver, provider=kubernetes/);
  assert.deepEqual(await page.locator("#cp-namespaces li").allTextContents(), ["default", "kube-node-lease", "kube-public", "kube-system"]);
  assert.match(await page.textContent("#cp-ns-calls"), /^4 create calls/);
  assert.equal(await page.locator("#cp-leases tbody tr").count(), 2);
  await screenshot(page, "controlplane-default");
  await assertClean(page);
  await page.close();
});

test("a crashed apiserver leaves the endpoints at the first reconcile after its lease expires", async () => {
  const page = await openCp();
  await step(page, "10s");
  await step(page, "10s");
  await page.click("button[aria-label='Crash 192.168.0.3']");
  assert.match(await page.textContent("#cp-servers li[data-ip='192.168.0.3']"), /crashed/);
  await step(page, "15s"); // 35s: lease expired, but nobody reconciled since 30s
  assert.deepEqual(await endpointIps(page), ["192.168.0.2", "192.168.0.3"]);
  await step(page, "5s"); // 40s
  assert.deepEqual(await endpointIps(page), ["192.168.0.2"]);
  // The timeline lists its newest entry first (ui.js newestFirst), in simulated time (t+…).
  const last = await page.locator("#cp-timeline li").first().textContent();
  assert.match(last, /^t\+40s endpoints → 192\.168\.0\.2 \(periodic reconcile by a live apiserver.*written by 192\.168\.0\.2\)$/);
  // Restarting it finds no stale lease (it expired); a graceful stop removes it at once.
  await page.click("button[aria-label='Start 192.168.0.3 again']");
  assert.deepEqual(await endpointIps(page), ["192.168.0.2", "192.168.0.3"]);
  await page.click("button[aria-label='Stop 192.168.0.3 gracefully']");
  assert.deepEqual(await endpointIps(page), ["192.168.0.2"]);
  assert.match(await page.locator("#cp-timeline li").first().textContent(), /graceful stop/);
  // The last apiserver stopping cannot erase all endpoints: the upstream error is logged.
  await page.click("button[aria-label='Stop 192.168.0.2 gracefully']");
  await page.click("#cp-events-details summary");
  assert.match(await page.textContent("#cp-events"), /Unable to remove endpoints from kubernetes service: no master IPs were listed in storage, refusing to erase all endpoints for the kubernetes service/);
  await screenshot(page, "controlplane-crash");
  await assertClean(page);
  await page.close();
});

test("joining apiserver, bad addresses and a namespace that comes back", async () => {
  const page = await openCp();
  await page.fill("#cp-new-ip", "192.168.0.4");
  await page.click("#cp-start");
  assert.deepEqual(await endpointIps(page), ["192.168.0.2", "192.168.0.3", "192.168.0.4"]);
  await page.fill("#cp-new-ip", "fd00::1");
  await page.click("#cp-start");
  assert.equal(await page.textContent("#cp-action-status"), 'service IP family "IPv4" must match public address family "IPv6"');
  await page.fill("#cp-new-ip", "192.168.0.4");
  await page.click("#cp-start");
  assert.equal(await page.textContent("#cp-action-status"), "apiserver 192.168.0.4 is already running");
  await page.selectOption("#cp-ns-pick", "kube-public");
  await page.click("#cp-ns-delete");
  assert.ok(!(await page.locator("#cp-namespaces li").allTextContents()).includes("kube-public"));
  await step(page, "1m");
  assert.ok((await page.locator("#cp-namespaces li").allTextContents()).includes("kube-public"));
  await page.fill("#cp-cidr", "10.0.0.0/33");
  await page.click("#cp-reset");
  assert.equal(await page.textContent("#cp-config-status"), "The control plane cannot start: invalid CIDR address: 10.0.0.0/33");
  await page.fill("#cp-cidr", "10.96.0.0/12");
  await page.fill("#cp-nodeport", "30443");
  await page.click("#cp-reset");
  assert.match(await page.textContent("#cp-service"), /typeNodePort/);
  assert.match(await page.textContent("#cp-service"), /clusterIP10\.96\.0\.1/);
  await assertClean(page);
  await page.close();
});

test("a leaked NodePort: flagged, kept, released on the third repair", async () => {
  const page = await openCp();
  await page.fill("#cp-initial", "192.168.0.2");
  await page.click("#cp-reset");
  await page.click("#cp-svc-create");
  await step(page, "10s");
  await page.click("#cp-svc-delete-leak");
  await step(page, "3m");
  await step(page, "3m");
  assert.match(await page.textContent("#cp-nodeports"), /30080/);
  await step(page, "3m");
  assert.doesNotMatch(await page.textContent("#cp-nodeports"), /30080/);
  const runs = await page.locator("#cp-runs-table tbody tr").allTextContents();
  const port = runs.filter((r) => r.includes("NodePort"));
  assert.deepEqual(port, [
    "t+9m0s192.168.0.2NodePort30080 released · strike 3 of 3 · counter 00",
    "t+6m0s192.168.0.2NodePort30080 kept · strike 2 of 3 · counter 00",
    "t+3m0s192.168.0.2NodePort30080 flagged · strike 1 of 3 · counter 10",
  ]);
  assert.ok(runs.some((r) => r.includes("10.0.0.10 released")));
  assert.match(await page.textContent("#cp-timeline"), /9m0s NodePort repair by 192\.168\.0\.2: 30080 released \(strike 3 of 3\)/);
  await page.click("#cp-events-details summary");
  assert.match(await page.textContent("#cp-events"), /the node port 30080 appears to have leaked: cleaning up/);
  await page.check("#cp-quiet");
  assert.ok((await page.locator("#cp-runs-table tbody tr").count()) > port.length + 1);
  await screenshot(page, "controlplane-leak");
  await assertClean(page);
  await page.close();
});

test("share link round trip and the examples", async () => {
  const page = await openCp();
  await step(page, "10s");
  await page.click("button[aria-label='Crash 192.168.0.2']");
  await step(page, "1m");
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const hash = await page.evaluate(() => location.hash.slice(1));
  const timeline = await page.textContent("#cp-timeline");
  await page.close();
  const again = await b.open(hash);
  assert.equal(await again.getAttribute("#tab-controlplane", "aria-selected"), "true");
  assert.equal(await again.textContent("#cp-now"), "1m10s");
  assert.equal(await again.textContent("#cp-timeline"), timeline);
  await again.selectOption("#examples", "controlplane-apiserver-dies");
  await again.waitForFunction(() => document.querySelector("#cp-now").textContent === "50s");
  assert.match(await again.textContent("#cp-timeline"), /40s endpoints → 192\.168\.0\.2 /);
  await again.selectOption("#examples", "controlplane-leaked-nodeport");
  await again.waitForFunction(() => document.querySelector("#cp-now").textContent === "9m10s");
  assert.match(await again.textContent("#cp-runs"), /30080 released · strike 3 of 3/);
  await assertClean(again);
  await again.close();
});

const XSS = "<img src=x onerror=window.__pwned=1>";
const hostile = [
  ["wrong types", { tab: "controlplane", panels: { controlplane: { serviceCidr: 10, actions: {} } } }],
  ["bad action", { tab: "controlplane", panels: { controlplane: { actions: [{ do: "nuke" }] } } }],
  ["bad step", { tab: "controlplane", panels: { controlplane: { actions: [{ do: "advance", by: "100000h" }] } } }],
  ["failing replay", { tab: "controlplane", panels: { controlplane: { actions: [{ do: "stop", ip: "1.2.3.4" }] } } }],
  ["too many apiservers", { tab: "controlplane", panels: { controlplane: { apiservers: Array(50).fill(0).map((_, i) => `10.1.0.${i}`).join(",") } } }],
  ["markup everywhere", { tab: "controlplane", panels: { controlplane: { serviceCidr: XSS, apiservers: XSS, actions: [{ do: "start", ip: XSS }] } } }],
  ["markup in a valid replay", { tab: "controlplane", panels: { controlplane: { actions: [{ do: "service", name: XSS, clusterIP: XSS, nodePort: 0 }, { do: "deleteNamespace", name: XSS }] } } }],
];
for (const [name, state] of hostile) {
  test(`hostile control-plane state: ${name}`, async () => {
    const page = await b.open(link(state));
    await page.click("#tab-controlplane");
    await page.fill("#cp-cidr", "10.0.0.0/24");
    await page.fill("#cp-initial", "192.168.0.2");
    await page.click("#cp-reset");
    await step(page, "10s");
    assert.equal(await page.textContent("#cp-now"), "10s");
    assert.equal(await page.locator("img, iframe").count(), 0, "markup from the link was rendered");
    await assertClean(page);
    await page.close();
  });
}

test("phone-sized dark layout", async () => {
  const page = await openCp("", { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  await step(page, "10s");
  await page.click("button[aria-label='Crash 192.168.0.3']");
  await step(page, "1m");
  await screenshot(page, "controlplane-phone-dark");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await assertClean(page);
  await page.close();
});
