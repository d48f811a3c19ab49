// Smaller items: a long Cluster run says about how long it has left; the control
// plane's service form names what it asks for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;

test("a long Cluster run shows an estimate of the time left, then cancels", { timeout: 120_000 }, async () => {
  const page = await b.open(link({ tab: "cluster", panels: { cluster: { nodes: 5000, duration: "3h" } } }));
  await page.waitForFunction(() => /about \d+ (s|min) left/.test(document.querySelector("#cluster-progress-text")?.textContent ?? ""), null, { timeout: 60_000 });
  const text = await page.textContent("#cluster-progress-text");
  assert.match(text, /^Simulating with node leases (on|off): .* \(\d+% overall\) · about \d+ (s|min) left$/);
  await page.click("#cluster-cancel");
  await page.waitForFunction(() => document.querySelector("#cluster-progress-text")?.textContent === "Cancelled.");
  await assertClean(page);
  await page.close();
});

test("the control plane's service form says the name goes in namespace ns", async () => {
  const page = await b.open("controlplane");
  await page.click("#tab-controlplane");
  const label = await page.$eval("#cp-svc-name", (el) => el.closest("label").querySelector(".label-text").textContent);
  assert.equal(label, "Service name (namespace ns)");
  await page.click("#cp-svc-create");
  await page.waitForFunction(() => document.querySelector("#panel-controlplane")?.textContent.includes("service ns/web created"));
  await assertClean(page);
  await page.close();
});
