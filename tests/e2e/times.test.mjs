// One format for simulated time ("t+1m30s", www/ui.js simTime) and one log order (newest first,
// ui.js newestFirst) across the panels that keep logs: a panel that prints "90s" or lists its
// oldest entry first contradicts the others.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, assertClean } from "./harness.mjs";

const b = useBrowser();
const SIM_TIME = /^t\+(0s|\d+ms|(\d+h)?(\d+m)?\d+(\.\d+)?s)$/;
/** Go duration text → milliseconds, to check an order. */
const ms = (t) => [...t.slice(2).matchAll(/([\d.]+)(h|ms|m|s)/g)].reduce((n, [, v, u]) => n + Number(v) * { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[u], 0);
const times = (page, sel) => page.$$eval(sel, (els) => els.map((e) => e.textContent.trim()));
function assertNewestFirst(list, what) {
  assert.ok(list.length >= 2, `${what}: at least two entries to order, got ${list}`);
  for (const t of list) assert.match(t, SIM_TIME, `${what}: ${t}`);
  for (let i = 1; i < list.length; i++) assert.ok(ms(list[i - 1]) >= ms(list[i]), `${what} is newest first: ${list.join(", ")}`);
}

test("the ui.js helpers print Go's duration text after t+, and wall-clock durations in words", async () => {
  const page = await b.open("gates");
  const out = await page.evaluate(async () => {
    const ui = await import("./ui.js");
    return {
      sim: [0, 500, 1000, 1500, 61_000, 90_000, 540_000, 3_600_000, 3_661_000].map(ui.simTime),
      wall: [0.2, 40, 200, 9000].map(ui.wallDuration),
      order: ui.newestFirst([1, 2, 3, 4, 5], 3),
    };
  });
  assert.deepEqual(out.sim, ["t+0s", "t+500ms", "t+1s", "t+1.5s", "t+1m1s", "t+1m30s", "t+9m0s", "t+1h0m0s", "t+1h1m1s"]);
  assert.deepEqual(out.wall, ["1 s", "40 s", "3 min", "3 h"]);
  assert.deepEqual(out.order, [5, 4, 3]);
  await page.close();
});

test("Control plane and Pod sources: simulated times as t+…, every log newest first", async () => {
  const page = await b.open("controlplane");
  for (let i = 0; i < 4; i++) await page.click(".cp-step[data-step='10s']");
  await page.click("button[aria-label='Crash 192.168.0.3']");
  await page.click(".cp-step[data-step='1m']");
  assert.match(await page.textContent("#panel-controlplane .cp-clockbar"), /Virtual time t\+1m40s/);
  assertNewestFirst(await times(page, "#cp-timeline .cp-time"), "control plane timeline");
  await page.click("#cp-events-details summary");
  assertNewestFirst(await times(page, "#cp-events ul:first-of-type .cp-time"), "control plane events");

  await page.click("#tab-pods");
  await page.waitForSelector("#pods-stream li");
  await page.click("#pods-file-save");
  await page.locator("#panel-pods .pods-step").last().click();
  await page.click("#pods-file-save");
  assertNewestFirst(await times(page, "#pods-stream .cp-time"), "pod sources stream");
  assert.match(await page.textContent("#pods-now"), /^t\+\S+ \(\d{4}-\d\d-\d\dT/);
  // Steps of the clock read as the control plane's do.
  assert.deepEqual(await page.$$eval("#panel-pods .pods-step", (els) => els.map((e) => e.textContent)), ["+1s", "+10s", "+20s", "+1m"]);
  await assertClean(page);
  await page.close();
});
