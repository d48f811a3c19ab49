// The Node panel in headless Chromium: the virtual clock, fault injection, the state machines,
// the timeline, share links, examples and hostile state. Timing expectations are derived from the
// rules (grace period, monitor period, lease renewal interval), not read off the simulator.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
const readyStatus = (page) => page.getAttribute("#node-machine-Ready", "data-status");
/** Virtual time shown by the panel, in seconds ("t = 1m05s · ..."). */
async function now(page) {
  const m = /t = (?:(\d+)h)?(\d+)m(\d+)s/.exec(await page.textContent("#node-clock"));
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
async function openNode(fragment = "", opts) {
  const page = await b.open(fragment, opts);
  await page.click("#tab-node");
  await page.waitForSelector("#node-machines figure");
  return page;
}
/** Steps the clock with the Step button until `done()` or `limit` steps; returns the time. */
async function stepUntil(page, size, done, limit = 200) {
  await page.selectOption("#node-step-size", size);
  for (let i = 0; i < limit; i++) {
    if (await done()) return now(page);
    await page.click("#node-step");
  }
  throw new Error("the condition never came true");
}

test("the node registers Ready and the four conditions are drawn as state machines", async () => {
  const page = await openNode();
  assert.equal(await page.locator("#node-machines figure svg").count(), 4);
  assert.equal(await readyStatus(page), "True");
  assert.match(await page.textContent("#node-grace"), /node-monitor-grace-period 50s, controller pass every 5s/);
  assert.match(await page.textContent("#node-machine-Ready figcaption"), /\(none\) → True at 0m0\ds, set by the kubelet: KubeletReadykubelet is posting ready status/);
  for (const c of ["MemoryPressure", "DiskPressure", "PIDPressure"]) assert.equal(await page.getAttribute(`#node-machine-${c}`, "data-status"), "False");
  assert.match(await page.textContent("#node-status"), /Ready True, MemoryPressure False/);
  assert.equal(await page.locator("#node-timeline svg path.ticks.lease").count(), 1, "lease renewals are drawn");
  assert.match(await page.textContent("#node-counts"), /\d+ status patches, [1-9]\d* lease writes/);
  await screenshot(page, "node-default");
  await assertClean(page);
  await page.close();
});

for (const [version, grace] of [["1.34", 50], ["1.31", 40]]) {
  test(`a kubelet stopped goes Unknown after the ${grace}s grace period (${version})`, async () => {
    const page = await openNode();
    await page.selectOption("#node-version", version);
    assert.match(await page.textContent("#node-grace"), new RegExp(`grace-period ${grace}s`));
    await page.selectOption("#node-step-size", "30s");
    await page.click("#node-step");
    await page.click("#node-step");
    const stopped = await now(page);
    assert.equal(stopped, 90);
    await page.click("#node-fault-kubeletStopped");
    assert.equal(await page.getAttribute("#node-fault-kubeletStopped", "aria-pressed"), "true");
    assert.equal(await page.textContent("#node-fault-kubeletStopped"), "Restart the kubelet");
    const unknownAt = await stepUntil(page, "1s", async () => (await readyStatus(page)) === "Unknown");
    // The last renewal came at most one renew interval (10s, +4% jitter) before the stop; the
    // controller notices at its first pass (every 5s) after the grace period has run out.
    const after = unknownAt - stopped;
    assert.ok(after > grace - 11 && after <= grace + 5 + 1, `Unknown ${after}s after the stop`);
    const caption = await page.textContent("#node-machine-Ready figcaption");
    assert.match(caption, /True → Unknown at .*, set by the controller: NodeStatusUnknownKubelet stopped posting node status\./);
    for (const c of ["MemoryPressure", "DiskPressure", "PIDPressure"]) assert.equal(await page.getAttribute(`#node-machine-${c}`, "data-status"), "Unknown");
    await page.selectOption("#node-step-size", "1s");
    await page.click("#node-step");
    await page.waitForFunction(() => document.querySelector("#node-taints").textContent.includes("node.kubernetes.io/unreachable"));
    assert.match(await page.textContent("#node-log"), /Event NodeNotReady/);
    assert.ok(await page.locator("#node-machine-Ready line.edge.last").count() === 1, "the latest transition is highlighted");
    if (version === "1.34") await screenshot(page, "node-kubelet-stopped");
    // Restarting brings it back Ready.
    await page.click("#node-fault-kubeletStopped");
    await stepUntil(page, "1s", async () => (await readyStatus(page)) === "True", 60);
    await assertClean(page);
    await page.close();
  });
}

test("play, pause, speed and keyboard", async () => {
  const page = await openNode();
  const t0 = await now(page);
  await page.selectOption("#node-speed", "300");
  await page.focus("#node-play");
  await page.keyboard.press("Enter");
  assert.equal(await page.getAttribute("#node-play", "aria-pressed"), "true");
  await page.waitForFunction((t) => {
    const m = /t = (\d+)m(\d+)s/.exec(document.querySelector("#node-clock").textContent);
    return Number(m[1]) * 60 + Number(m[2]) > t + 60;
  }, t0);
  await page.keyboard.press("Space");
  assert.equal(await page.getAttribute("#node-play", "aria-pressed"), "false");
  const t1 = await now(page);
  await page.waitForTimeout(300);
  assert.equal(await now(page), t1, "paused clock does not move");
  await page.click("#node-reset");
  assert.equal(await now(page), 0);
  assert.match(await page.textContent("#node-conditions"), /has not registered/);
  await page.fill("#node-time", "600");
  assert.equal(await now(page), 600);
  await page.selectOption("#node-window", "1h");
  await assertClean(page);
  await page.close();
});

test("faults: runtime error, memory pressure, cut off, removal", async () => {
  const page = await openNode();
  await page.click("#node-fault-runtimeError");
  await stepUntil(page, "1s", async () => (await readyStatus(page)) === "False", 20);
  assert.match(await page.textContent("#node-machine-Ready figcaption"), /KubeletNotReadycontainer runtime is down/);
  await page.click("#node-fault-runtimeError");
  await stepUntil(page, "1s", async () => (await readyStatus(page)) === "True", 20);
  await page.click("#node-fault-memoryPressure");
  await stepUntil(page, "1s", async () => (await page.getAttribute("#node-machine-MemoryPressure", "data-status")) === "True", 30);
  assert.match(await page.textContent("#node-machine-MemoryPressure figcaption"), /KubeletHasInsufficientMemorykubelet has insufficient memory available/);
  await page.click("#node-fault-partitioned");
  assert.equal(await page.locator("#node-fault-list li").count(), 3);
  await stepUntil(page, "5s", async () => (await readyStatus(page)) === "Unknown", 30);
  await screenshot(page, "node-faults");
  await page.click("#node-clear-faults");
  assert.equal(await page.locator("#node-fault-list li").count(), 0);
  assert.equal(await readyStatus(page), "True", "without faults the replay is healthy");
  await assertClean(page);
  await page.close();
});

test("leases off: no lease writes, a status patch every sync", async () => {
  const page = await openNode();
  await page.uncheck("#node-leases");
  await page.selectOption("#node-step-size", "1m");
  await page.click("#node-step");
  const counts = await page.textContent("#node-counts");
  const m = /(\d+) status patches, (\d+) lease writes/.exec(counts);
  assert.equal(Number(m[2]), 0);
  assert.ok(Number(m[1]) >= 8, counts);
  await assertClean(page);
  await page.close();
});

test("share links round-trip the node state", async () => {
  const page = await openNode();
  await page.selectOption("#node-version", "1.31");
  await page.selectOption("#node-speed", "60");
  await page.click("#node-fault-diskPressure");
  await page.selectOption("#node-step-size", "1m");
  await page.click("#node-step");
  await page.selectOption("#node-window", "10m");
  const status = await page.textContent("#node-status");
  const log = await page.textContent("#node-log");
  await page.click("#share");
  await page.waitForFunction(() => location.hash.startsWith("#s=1."));
  const hash = await page.evaluate(() => location.hash.slice(1));
  await page.close();
  const again = await b.open(hash);
  assert.equal(await again.getAttribute("#tab-node", "aria-selected"), "true");
  assert.equal(await again.inputValue("#node-version"), "1.31");
  assert.equal(await again.inputValue("#node-speed"), "60");
  assert.equal(await again.inputValue("#node-window"), "10m");
  assert.equal(await now(again), 90);
  assert.equal(await again.textContent("#node-status"), status);
  assert.equal(await again.textContent("#node-log"), log, "the replay reproduces the same history");
  assert.equal(await again.getAttribute("#node-machine-DiskPressure", "data-status"), "True");
  await assertClean(again);
  await again.close();
});

test("examples: a kubelet dies, and a 30s memory spike", async () => {
  const page = await b.open();
  await page.selectOption("#examples", "kubelet-dies");
  await page.waitForSelector("#node-machine-Ready[data-status='Unknown']");
  assert.match(await page.textContent("#example-note"), /50s since 1\.32/);
  await page.selectOption("#examples", "memory-spike");
  await page.waitForSelector("#node-machine-MemoryPressure[data-status='False']");
  const caption = await page.textContent("#node-machine-MemoryPressure figcaption");
  const m = /True → False at (\d+)m(\d+)s/.exec(caption);
  assert.ok(m, caption);
  // Pressure last observed at most one eviction interval (10s) before 1m30s; it clears 5m later,
  // and the kubelet reports it at its next status sync (10s + jitter).
  const cleared = Number(m[1]) * 60 + Number(m[2]);
  assert.ok(cleared >= 80 + 300 && cleared <= 90 + 300 + 11, `cleared at ${cleared}s`);
  assert.match(caption, /KubeletHasSufficientMemory/);
  await screenshot(page, "node-memory-spike");
  await assertClean(page);
  await page.close();
});

test("dark theme and a phone-sized layout", async () => {
  const page = await openNode(link({ tab: "node", panels: { node: { faults: [{ kind: "kubeletStopped", at: "60s" }], time: 150_000, window: "2m" } } }),
    { viewport: { width: 390, height: 844 }, colorScheme: "dark" });
  await page.waitForSelector("#node-machine-Ready[data-status='Unknown']");
  await screenshot(page, "node-phone-dark");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
  await assertClean(page);
  await page.close();
});

const XSS = [
  "<img src=x onerror=window.__pwned=1>",
  "<script>window.__pwned=1</script>",
  "javascript:window.__pwned=1",
  "\"><svg onload=window.__pwned=1>",
];
const hostile = [
  ["wrong types", { version: 1.34, leases: "yes", time: "10s", faults: "none" }],
  ["unknown version", { version: "<b>9.99</b>" }],
  ["time out of range", { time: 1e308 }],
  ["negative time", { time: -5 }],
  ["unknown fault kind", { faults: [{ kind: XSS[0], at: "10s" }] }],
  ["fault not an object", { faults: [XSS[1]] }],
  ["fault duration markup", { faults: [{ kind: "partitioned", at: XSS[3] }] }],
  ["fault ends before it starts", { faults: [{ kind: "partitioned", at: "60s", until: "10s" }] }],
  ["too many faults", { faults: Array.from({ length: 5000 }, () => ({ kind: "partitioned", at: "1s" })) }],
  ["huge message", { faults: [{ kind: "runtimeError", at: "1s", message: "x".repeat(1_000_000) }] }],
  ["markup in every string", { version: XSS[0], step: XSS[1], window: XSS[2], faults: [{ kind: "runtimeError", at: "1s", message: XSS[3] }] }],
];

for (const [name, state] of hostile) {
  test(`hostile node state: ${name}`, async () => {
    const page = await b.open(link({ tab: "node", panels: { node: state } }));
    await page.waitForSelector("#node-machines figure");
    // The link is refused with a banner (or ignored), and the panel still works.
    assert.equal(await page.isVisible("#banner"), true, "a banner explains what was ignored");
    await page.selectOption("#node-step-size", "10s");
    await page.click("#node-step");
    assert.equal(await readyStatus(page), "True");
    assert.equal(await page.locator("img, iframe, script:not([type]):not([src]), svg[onload]").count(), 0);
    await assertClean(page);
    await page.close();
  });
}

test("markup in a fault message is shown as text", async () => {
  const page = await b.open(link({ tab: "node", panels: { node: { time: 60_000, faults: XSS.map((x) => ({ kind: "runtimeError", at: "10s", message: x })) } } }));
  await page.waitForSelector("#node-machine-Ready[data-status='False']");
  assert.equal(await page.isVisible("#banner"), false);
  const text = await page.textContent("#node-machine-Ready figcaption");
  assert.ok(text.includes(XSS[3]), text);
  const list = await page.textContent("#node-fault-list");
  assert.ok(XSS.every((x) => list.includes(x)), list);
  assert.equal(await page.locator("img, iframe, svg[onload]").count(), 0);
  await assertClean(page);
  await page.close();
});
