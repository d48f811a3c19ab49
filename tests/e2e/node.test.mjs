// The Node panel in headless Chromium: the virtual clock, fault injection, the state machines,
// the timeline, share links, examples and hostile state. Timing expectations are derived from the
// rules (grace period, monitor period, lease renewal interval), not read off the simulator.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";
import { EXAMPLES } from "../../www/examples.js";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;
const readyStatus = (page) => page.getAttribute("#node-machine-Ready", "data-status");
/** Seconds in a simulated time as the panels write it ("t+1h2m5s", "t+1m5s", "t+1.5s"; a
 * sub-second "t+500ms" reads as 0). */
const TIME = /t\+(?:(\d+)h)?(?:(\d+)m(?!s))?(?:([\d.]+)s)?/;
const seconds = (m) => Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Math.floor(Number(m[3] ?? 0));
/** Virtual time shown by the panel, in seconds ("t+1m5s · ..."). */
async function now(page) {
  return seconds(TIME.exec(await page.textContent("#node-clock")));
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
  assert.match(await page.textContent("#node-machine-Ready figcaption"), /\(none\) → True at t\+\d(?:\.\d+)?s, set by the kubelet: KubeletReadykubelet is posting ready status/);
  for (const c of ["MemoryPressure", "DiskPressure", "PIDPressure"]) assert.equal(await page.getAttribute(`#node-machine-${c}`, "data-status"), "False");
  assert.match(await page.textContent("#node-status"), /Ready True, MemoryPressure False/);
  assert.equal(await page.locator("#node-timeline svg path.ticks.lease").count(), 1, "lease renewals are drawn");
  // Plural by count: "1 status patch", "3 lease writes", "0 taint patches".
  const counts = await page.textContent("#node-counts");
  assert.match(counts, /\b(?:1 status patch|(?:[02-9]|\d\d+) status patches), (?:1 lease write|[2-9]\d* lease writes|\d\d+ lease writes)\b/);
  assert.doesNotMatch(counts, /\b1 \w+ (?:\w+ )?\w+(?:es|s)\b[,.]/, counts);
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
  await page.waitForFunction(([t, re]) => {
    const m = new RegExp(re).exec(document.querySelector("#node-clock").textContent);
    return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) > t + 60;
  }, [t0, TIME.source]);
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

test("a queued unreachable:NoExecute says why it never applies (full-disruption mode)", async () => {
  // The taint stayed "queued" for an hour with no word about full disruption. A
  // one-node cluster whose kubelet stops has every zone fully disrupted.
  const page = await openNode(link({ tab: "node", panels: { node: { time: 60_000, faults: [{ kind: "kubeletStopped", at: "60s" }] } } }));
  assert.equal(await page.isVisible("#node-disruption"), false, "nothing to explain while the node is Ready");
  await stepUntil(page, "10s", async () => (await readyStatus(page)) === "Unknown");
  // At the pass that marks the node Unknown the zone changes state; the note is there at once.
  await page.waitForSelector("#node-disruption:not([hidden])");
  const note = await page.textContent("#node-disruption");
  assert.match(note, /node\.kubernetes\.io\/unreachable:NoExecute queued, not applied/);
  assert.match(note, /FullDisruption and so is every zone \(full-disruption mode\), tainting rate 0/);
  assert.match(note, /markNodeAsReachable/);
  const log = await page.textContent("#node-log");
  assert.match(log, /Zone zone-0 Normal → FullDisruption \(every zone: full-disruption mode\), NoExecute rate 0\/s/);
  assert.match(log, /Taint node\.kubernetes\.io\/unreachable:NoExecute queued/);
  assert.doesNotMatch(log, /unreachable:NoExecute added/);
  // An hour later it is still queued, and still explained.
  await page.selectOption("#node-step-size", "1m");
  for (let i = 0; i < 5; i++) await page.click("#node-step");
  assert.match(await page.textContent("#node-disruption"), /full-disruption mode/);
  await screenshot(page, "node-full-disruption");
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

/** Seconds of the first "t+…" in `text` after `prefix` (a regular expression source). */
function timeAfter(text, prefix) {
  const m = new RegExp(`${prefix}${TIME.source}`).exec(text);
  assert.ok(m, `no time after /${prefix}/ in: ${text.slice(0, 400)}`);
  return seconds(m) + Number(`0.${/\.(\d+)s/.exec(m[0])?.[1] ?? "0"}`);
}
/** The grace period and the controller's period the panel reports (the package's settings). */
async function controllerSettings(page) {
  const m = /grace-period (\d+)s, controller pass every (\d+)s/.exec(await page.textContent("#node-grace"));
  return { grace: Number(m[1]), period: Number(m[2]) };
}
const example = (id) => EXAMPLES.find((e) => e.id === id);

// Each Node example's title and note say what the screen then shows; the numbers are checked
// against the rules (grace period, controller period, eviction intervals), not copied from it.
for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
  test(`example "a kubelet dies" shows what its title says (${width}px, ${colorScheme})`, async () => {
    const ex = example("kubelet-dies");
    const page = await b.open("", { viewport: { width, height }, colorScheme });
    await page.selectOption("#examples", ex.id);
    await page.waitForSelector("#node-machine-Ready[data-status='Unknown']");
    assert.equal(await page.inputValue("#examples"), ex.id);
    const { grace, period } = await controllerSettings(page);
    const stop = timeAfter(await page.innerText("#node-fault-list"), "kubelet stopped from ");
    const unknown = timeAfter(await page.textContent("#node-machine-Ready figcaption"), "True → Unknown at ");
    // The last renewal the controller saw is at most one renew interval (10s, +4% jitter) before
    // the stop; the first pass after the grace period has run out marks the node.
    const after = unknown - stop;
    assert.ok(after > grace - 11 && after <= grace + period, `Unknown ${after}s after the stop`);
    // The title and the note name the number on screen.
    assert.equal(Number(/Unknown (\d+) seconds later/.exec(ex.title)[1]), after);
    const unknownText = /True → Unknown at (t\+\S+),/.exec(await page.textContent("#node-machine-Ready figcaption"))[1];
    assert.ok(ex.note.includes(`at ${unknownText}, sets every condition Unknown`), ex.note);
    assert.ok(ex.note.includes(`${grace}s since 1.32`), ex.note);
    await screenshot(page, `example-promise-kubelet-dies-${width}`);
    // "Switch the version to 1.31 to see it happen 10s sooner": as much sooner as its grace period is shorter.
    await page.selectOption("#node-version", "1.31");
    await page.waitForFunction(() => /grace-period 40s/.test(document.querySelector("#node-grace").textContent));
    const older = await controllerSettings(page);
    await page.waitForSelector("#node-machine-Ready[data-status='Unknown']");
    const sooner = unknown - timeAfter(await page.textContent("#node-machine-Ready figcaption"), "True → Unknown at ");
    assert.equal(sooner, grace - older.grace);
    assert.match(ex.note, new RegExp(`happen ${sooner}s sooner`));
    await assertClean(page);
    await page.close();
  });

  test(`example "a 30s memory spike" shows what its title says (${width}px, ${colorScheme})`, async () => {
    const ex = example("memory-spike");
    const page = await b.open("", { viewport: { width, height }, colorScheme });
    await page.selectOption("#examples", ex.id);
    await page.waitForSelector("#node-machine-MemoryPressure[data-status='False']");
    assert.equal(await page.inputValue("#examples"), ex.id);
    const faults = await page.innerText("#node-fault-list");
    const start = timeAfter(faults, "memory pressure from ");
    const end = timeAfter(faults, "memory pressure from t\\+\\S+ to ");
    assert.equal(end - start, 30, "a 30s spike");
    const log = await page.innerText("#node-log");
    // The log's line for a transition: "t+1m7.252s MemoryPressure False → True kubelet: …".
    const shown = (what) => new RegExp(`(t\\+\\S+) ${what}`).exec(log)?.[1];
    const onText = shown("MemoryPressure False → True");
    const offText = shown("MemoryPressure True → False");
    assert.ok(onText && offText, log);
    const onAt = timeAfter(onText, "");
    const offAt = timeAfter(await page.textContent("#node-machine-MemoryPressure figcaption"), "True → False at ");
    // Seen at the eviction manager's next look (every 10s), reported at the kubelet's next
    // status update (every 10s, with jitter): within 20s of the start, not at once.
    assert.ok(onAt > start && onAt <= start + 21, `True at ${onAt}s`);
    // Cleared once not seen for evictionPressureTransitionPeriod (5m) after it was last seen.
    assert.ok(offAt >= end - 10 + 300 && offAt <= end + 300 + 21, `False at ${offAt}s`);
    assert.ok(offAt - onAt > 300, "True for over 5 minutes");
    assert.match(ex.title, /True for over 5 minutes/);
    // The note names both moments exactly as the screen does.
    assert.equal(timeAfter(offText, ""), offAt);
    assert.ok(ex.note.includes(`True at ${onText}.`), ex.note);
    assert.ok(ex.note.includes(`True → False at ${offText},`), ex.note);
    await screenshot(page, `example-promise-memory-spike-${width}`);
    await assertClean(page);
    await page.close();
  });
}

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
    // Markup from the link could only land in the body (the head's one inline script is the page's own).
    assert.equal(await page.locator("body :is(img, iframe, script:not([type]):not([src]), svg[onload])").count(), 0);
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

// ---- importing a real node

// Modelled on `kubectl get node kind-control-plane -o yaml` plus `kubectl get lease -n
// kube-node-lease kind-control-plane -o yaml` of a kind (kubernetes-sigs/kind) cluster created
// with `networking.disableDefaultCNI: true` and no CNI installed yet (kindest/node:v1.31.4): the
// kubelet reports NotReady with the container runtime's "cni plugin not initialized", and the
// control-plane and not-ready taints are on the node. Field layout as kubectl prints a v1 Node.
const CNI_MESSAGE = "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized";
const KIND_NODE = `apiVersion: v1
kind: Node
metadata:
  annotations:
    kubeadm.alpha.kubernetes.io/cri-socket: unix:///run/containerd/containerd.sock
    node.alpha.kubernetes.io/ttl: "0"
    volumes.kubernetes.io/controller-managed-attach-detach: "true"
  creationTimestamp: "2025-02-03T10:00:00Z"
  labels:
    beta.kubernetes.io/arch: amd64
    beta.kubernetes.io/os: linux
    kubernetes.io/arch: amd64
    kubernetes.io/hostname: kind-control-plane
    kubernetes.io/os: linux
    node-role.kubernetes.io/control-plane: ""
    node.kubernetes.io/exclude-from-external-load-balancers: ""
  name: kind-control-plane
  resourceVersion: "512"
  uid: 0e6f3a52-8a4d-4a8e-b7f1-3c2f9c4d7e10
spec:
  podCIDR: 10.244.0.0/24
  podCIDRs:
  - 10.244.0.0/24
  providerID: kind://docker/kind/kind-control-plane
  taints:
  - effect: NoSchedule
    key: node-role.kubernetes.io/control-plane
  - effect: NoSchedule
    key: node.kubernetes.io/not-ready
status:
  addresses:
  - address: 172.18.0.2
    type: InternalIP
  - address: kind-control-plane
    type: Hostname
  allocatable:
    cpu: "8"
    ephemeral-storage: 102626232Ki
    memory: 32810648Ki
    pods: "110"
  capacity:
    cpu: "8"
    ephemeral-storage: 102626232Ki
    memory: 32810648Ki
    pods: "110"
  conditions:
  - lastHeartbeatTime: "2025-02-03T10:05:12Z"
    lastTransitionTime: "2025-02-03T10:00:00Z"
    message: kubelet has sufficient memory available
    reason: KubeletHasSufficientMemory
    status: "False"
    type: MemoryPressure
  - lastHeartbeatTime: "2025-02-03T10:05:12Z"
    lastTransitionTime: "2025-02-03T10:00:00Z"
    message: kubelet has no disk pressure
    reason: KubeletHasNoDiskPressure
    status: "False"
    type: DiskPressure
  - lastHeartbeatTime: "2025-02-03T10:05:12Z"
    lastTransitionTime: "2025-02-03T10:00:00Z"
    message: kubelet has sufficient PID available
    reason: KubeletHasSufficientPID
    status: "False"
    type: PIDPressure
  - lastHeartbeatTime: "2025-02-03T10:05:12Z"
    lastTransitionTime: "2025-02-03T10:00:00Z"
    message: '${CNI_MESSAGE}'
    reason: KubeletNotReady
    status: "False"
    type: Ready
  daemonEndpoints:
    kubeletEndpoint:
      Port: 10250
  images:
  - names:
    - registry.k8s.io/etcd:3.5.15-0
    sizeBytes: 56909194
  nodeInfo:
    architecture: amd64
    bootID: 7a1d0c3e-2f4b-4c55-9d2e-61b0f0a9b0c1
    containerRuntimeVersion: containerd://1.7.24
    kernelVersion: 6.8.0-51-generic
    kubeProxyVersion: v1.31.4
    kubeletVersion: v1.31.4
    machineID: 2b7e1c9d4f3a4e8b9c0d1e2f3a4b5c6d
    operatingSystem: linux
    osImage: Debian GNU/Linux 12 (bookworm)
    systemUUID: 2b7e1c9d-4f3a-4e8b-9c0d-1e2f3a4b5c6d
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  creationTimestamp: "2025-02-03T10:00:01Z"
  name: kind-control-plane
  namespace: kube-node-lease
  ownerReferences:
  - apiVersion: v1
    kind: Node
    name: kind-control-plane
    uid: 0e6f3a52-8a4d-4a8e-b7f1-3c2f9c4d7e10
  resourceVersion: "530"
  uid: 4c1f0e9a-6b2d-4f7e-8a3c-9d0b1e2f3a4b
spec:
  holderIdentity: kind-control-plane
  leaseDurationSeconds: 40
  renewTime: "2025-02-03T10:05:14.118246Z"
`;

async function importNode(page, text) {
  await page.click("#node-import summary");
  await page.fill("#node-import-text", text);
  await page.click("#node-import-run");
  await page.waitForSelector("#node-import-status p");
}
/** Imports, then starts the panel's one-node simulation from the node's conditions. */
async function replayNode(page, text) {
  await importNode(page, text);
  await page.click("#node-import-replay");
  await page.waitForFunction(() => /Kubernetes \d/.test(document.querySelector("#node-import-status p")?.textContent ?? ""));
}

test("replaying a kind node in the simulator: version, lease, NotReady from the CNI, taints, understood and ignored", async () => {
  const page = await openNode();
  await page.selectOption("#node-version", "1.33");
  await page.uncheck("#node-leases");
  await replayNode(page, KIND_NODE);
  const status = await page.textContent("#node-import-status");
  assert.match(status, /Imported node kind-control-plane: Kubernetes 1\.31, node leases on, 1 fault reproducing its conditions/);
  assert.equal(await page.inputValue("#node-version"), "1.31");
  assert.equal(await page.isChecked("#node-leases"), true);
  assert.match(await page.textContent("#node-grace"), /grace-period 40s/);
  // The network plugin error is a fault from 0s, with the node's own message.
  assert.match(await page.textContent("#node-fault-list"), /network error from t\+0s on/);
  assert.equal(await page.getAttribute("#node-fault-networkError", "aria-pressed"), "true");
  assert.equal(await readyStatus(page), "False");
  const table = await page.textContent("#node-conditions");
  assert.ok(table.includes(CNI_MESSAGE), table);
  assert.match(table, /KubeletNotReady/);
  assert.match(await page.textContent("#node-taints"), /node\.kubernetes\.io\/not-ready:NoSchedule/);
  for (const c of ["MemoryPressure", "DiskPressure", "PIDPressure"]) assert.equal(await page.getAttribute(`#node-machine-${c}`, "data-status"), "False");
  // What was understood (with the input's lines) and ignored.
  const understood = await page.textContent("#node-import-understood");
  assert.match(understood, /line 1: Node kind-control-plane: 4 conditions, 2 taints, kubelet v1\.31\.4/);
  assert.match(understood, /Lease kube-node-lease\/kind-control-plane/);
  assert.match(understood, /taint node\.kubernetes\.io\/not-ready:NoSchedule: the node lifecycle controller sets it/);
  const ignored = await page.textContent("#node-import-ignored");
  assert.match(ignored, /taint node-role\.kubernetes\.io\/control-plane:NoSchedule: only the node lifecycle controller's taints are simulated/);
  assert.match(ignored, /line \d+: status\.\{[^}]*addresses[^}]*\}/);
  // The imported start is a share link like any other state.
  assert.equal(await page.isVisible("#banner"), false);
  await page.locator("#node-import").scrollIntoViewIfNeeded();
  await screenshot(page, "node-import-kind");
  await assertClean(page);
  await page.close();
});

test("replaying a silent node given as JSON: Ready Unknown is replayed, a version kubegate lacks is said", async () => {
  const page = await openNode();
  const before = await page.inputValue("#node-version");
  const node = {
    apiVersion: "v1", kind: "Node", metadata: { name: "worker-7" },
    spec: { taints: [{ key: "node.kubernetes.io/unreachable", effect: "NoExecute", timeAdded: "2025-02-03T10:06:00Z" }] },
    status: {
      conditions: ["MemoryPressure", "DiskPressure", "PIDPressure", "Ready"].map((type) => ({
        type, status: "Unknown", reason: "NodeStatusUnknown", message: "Kubelet stopped posting node status.",
        lastHeartbeatTime: "2025-02-03T10:05:12Z", lastTransitionTime: "2025-02-03T10:06:00Z",
      })),
      nodeInfo: { kubeletVersion: "v9.99.0" },
    },
  };
  await replayNode(page, JSON.stringify(node, null, 2));
  assert.equal(await page.inputValue("#node-version"), before);
  assert.match(await page.textContent("#node-import-ignored"), /kubelet v9\.99\.0 is not a release kubegate carries \(1\.16 to 1\.\d+\): the version stays/);
  assert.match(await page.textContent("#node-import-ignored"), /no Lease for worker-7 in the input: node leases stay on/);
  assert.match(await page.textContent("#node-fault-list"), /kubelet stopped from t\+[\d.]+s on/);
  assert.equal(await readyStatus(page), "Unknown");
  await assertClean(page);
  await page.close();
});

test("a malformed node is refused with its line, and nothing changes", async () => {
  const page = await openNode();
  await page.click("#node-fault-memoryPressure");
  const before = JSON.stringify(await page.evaluate(() => [document.querySelector("#node-version").value, document.querySelector("#node-fault-list").textContent, document.querySelector("#node-clock").textContent]));
  // A bad timestamp: the package names the Node's line and quotes the value.
  await importNode(page, 'kind: Node\nmetadata: {name: x}\nstatus:\n  conditions:\n  - type: Ready\n    status: "True"\n    lastHeartbeatTime: yesterday\n');
  assert.match(await page.textContent("#node-import-status .error"), /^Not imported: line \d+: this Node does not read: .*"yesterday"/);
  // Truncated mid-document (a paste cut short): a YAML syntax error on its line.
  await page.fill("#node-import-text", "apiVersion: v1\nkind: Node\nmetadata:\n  name: kind-worker\nstatus:\n  conditions: [ {type: Ready\n");
  await page.click("#node-import-run");
  await page.waitForFunction(() => /^Not imported: line [67]: /.test(document.querySelector("#node-import-status .error")?.textContent ?? ""));
  // Not a node at all.
  await page.fill("#node-import-text", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n");
  await page.click("#node-import-run");
  assert.match(await page.textContent("#node-import-status .error"), /no Node found/);
  const after = JSON.stringify(await page.evaluate(() => [document.querySelector("#node-version").value, document.querySelector("#node-fault-list").textContent, document.querySelector("#node-clock").textContent]));
  assert.equal(after, before);
  await screenshot(page, "node-import-malformed");
  await assertClean(page);
  await page.close();
});

test("an imported node's strings are only ever shown as text", async () => {
  const page = await openNode();
  const node = {
    kind: "Node", metadata: { name: XSS[0] },
    spec: { taints: [{ key: XSS[3], value: XSS[2], effect: "NoSchedule" }] },
    status: { conditions: [{ type: "Ready", status: "False", reason: XSS[1], message: XSS[1] }, { type: XSS[0], status: "True" }], nodeInfo: { kubeletVersion: XSS[3] } },
  };
  await importNode(page, JSON.stringify(node));
  // The explanation shows them as text too.
  const explained = await page.textContent("#node-explain");
  assert.ok(explained.includes(`Node ${XSS[0]}`) && explained.includes(XSS[3]), explained);
  await page.click("#node-import-replay");
  await page.waitForFunction(() => /Kubernetes \d/.test(document.querySelector("#node-import-status p")?.textContent ?? ""));
  const status = await page.textContent("#node-import-status");
  assert.ok(status.includes(`Imported node ${XSS[0]}`), status);
  const ignored = await page.textContent("#node-import-ignored");
  assert.ok(ignored.includes(XSS[3]) && ignored.includes(XSS[2]) && ignored.includes(`condition ${XSS[0]} True`), ignored);
  assert.ok((await page.textContent("#node-conditions")).includes(XSS[1]));
  assert.ok((await page.textContent("#node-fault-list")).includes(XSS[1]));
  assert.equal(await page.locator("img, iframe, svg[onload], #panel-node script").count(), 0);
  await assertClean(page);
  await page.close();
});

// ---- explaining a real node as it is

// tests/corpus/nodes/openshift-4.8-unreachable.yaml names its source: an OpenShift 4.8 node
// (kubelet v1.21.8) marked Unknown at 09:54:54 and tainted unreachable:NoExecute at 09:55:00.
const OPENSHIFT_NODE = readFileSync(new URL("../corpus/nodes/openshift-4.8-unreachable.yaml", import.meta.url), "utf8");

test("importing a tainted node keeps it as it is: its name, its taints and their times, the eviction instant", async () => {
  const page = await openNode();
  const clock = await page.textContent("#node-clock");
  await importNode(page, OPENSHIFT_NODE);
  assert.match(await page.textContent("#node-import-status p"), /Imported node test: explained below as of 2022-09-26T09:55:00Z/);
  // The simulation is untouched: importing explains, it does not replay.
  assert.equal(await page.textContent("#node-clock"), clock);
  const node = page.locator("#node-explain article[data-node=test]");
  await node.waitFor();
  const taint = node.locator('.node-explain-taints li[data-key="node.kubernetes.io/unreachable"][data-effect=NoExecute]');
  assert.match(await taint.textContent(), /added 2022-09-26T09:55:00Z/);
  assert.match(await node.locator(".node-explain-summary").textContent(), /Ready Unknown.*tainted node\.kubernetes\.io\/unreachable:NoExecute; pods with the default tolerations go in 5m0s \(2022-09-26T10:00:00Z\)/);
  // 09:55:00 (timeAdded) + 300s (DefaultTolerationSeconds), as processPodOnNode schedules it.
  const ordinary = node.locator("#node-explain-evictions-0 tbody tr").first();
  assert.equal(await ordinary.getAttribute("data-state"), "next");
  assert.match(await ordinary.textContent(), /300s2022-09-26T10:00:00Z \(in 5m0s\)2022-09-26T09:55:00Z \(the taint's timeAdded\)/);
  assert.match(await page.textContent("#node-explain-happened-0"), /2022-09-26T09:54:54Z.*Ready became Unknown \(NodeStatusUnknown\)/);
  assert.match(await page.textContent("#node-explain-controller"), /kube-controller-manager 1\.21 .*--node-monitor-grace-period 40s/);
  // A 2022 snapshot read today is stale, and says so.
  assert.match(await page.textContent("#node-explain-stale"), /more than the grace period \(40s\) plus the eviction window \(300s\)/);
  await page.locator("#node-explain").scrollIntoViewIfNeeded();
  await screenshot(page, "node-explain-openshift");
  const found = await axeViolations(page);
  assert.equal(found.length, 0, report(found));
  // The rest of the cluster is a parameter: alone in its zone and cluster, every zone is fully
  // disrupted and the controller takes its NoExecute taint back.
  await page.fill("#node-explain-peers", "0");
  await page.dispatchEvent("#node-explain-peers", "change");
  await page.waitForFunction(() => /FullDisruption/.test(document.querySelector("#node-explain-zones-list")?.textContent ?? ""));
  const steps = await page.evaluate(() => ["#node-explain-overdue-0", "#node-explain-next-0"].map((q) => document.querySelector(q)?.textContent ?? "").join(" "));
  assert.match(steps, /unreachable:NoExecute removed/);
  // A later now: the ordinary pod's deletion is due.
  await page.fill("#node-explain-peers", "");
  await page.fill("#node-explain-now", "2022-09-26T10:10:00Z");
  await page.dispatchEvent("#node-explain-now", "change");
  await page.waitForFunction(() => document.querySelector("#node-explain-evictions-0 tbody tr")?.getAttribute("data-state") === "due");
  await assertClean(page);
  await page.close();
});
