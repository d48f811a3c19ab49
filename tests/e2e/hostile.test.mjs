// Share links and inputs are untrusted: none of these may run script, open dialogs or break
// the page. Each hostile link must end with the playground usable and a clear banner at most.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, assertClean } from "./harness.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(typeof state === "string" ? state : JSON.stringify(state))).toString("base64url")}`;
const XSS = [
  "<img src=x onerror=window.__pwned=1>",
  "<script>window.__pwned=1</script>",
  "javascript:window.__pwned=1",
  "\"><svg onload=window.__pwned=1>",
  "</code><iframe srcdoc='<script>parent.__pwned=1</script>'>",
];

const hostile = [
  ["not base64", "s=1.%%%%"],
  ["truncated deflate", link({ tab: "gates" }).slice(0, 12)],
  ["unknown format version", "s=9.abc"],
  ["not JSON", link("{not json")],
  ["JSON array", link([1, 2, 3])],
  ["wrong types", link({ tab: 42, panels: { gates: { emulation: 1.34, flags: { a: 1 } } } })],
  ["unknown version", link({ panels: { gates: { emulation: "9.99" } } })],
  ["enormous payload", link({ panels: { gates: { flags: "A=true,".repeat(600_000) } } })],
  ["very long fragment", "s=1." + "A".repeat(300_000)],
  ...XSS.map((x, i) => [`markup in every field ${i}`, link({ tab: x, panels: { gates: { flags: x, search: x, listText: x, listName: x, source: "custom" } } })]),
];

for (const [name, fragment] of hostile) {
  test(`hostile share link: ${name}`, async () => {
    const page = await b.open(fragment);
    await page.waitForTimeout(50);
    // The page still works: the gates table answers a new flag string.
    await page.click("#tab-gates");
    await page.selectOption("#gates-source", "builtin");
    await page.fill("#gates-flags", "AllAlpha=true");
    await page.waitForSelector("#gates-flag-status .ok");
    assert.equal(await page.locator("img, iframe, svg[onload]").count(), 0, "markup from the link was rendered");
    await assertClean(page);
    await page.close();
  });
}

test("hostile text typed into inputs is shown as text", async () => {
  const page = await b.open();
  for (const x of XSS) {
    await page.fill("#gates-flags", `${x}=true`);
    // The previous string's error is still on screen until the new one is parsed: wait for
    // the error that names this string rather than for any error.
    await page.waitForFunction(
      (want) => document.querySelector("#gates-flag-status .k8s-error")?.textContent.includes(want),
      x.slice(0, 10),
    );
  }
  await page.selectOption("#gates-source", "custom");
  await page.fill("#gates-paste", XSS.join("\n"));
  await page.waitForSelector("#gates-list-status.error");
  assert.equal(await page.locator("img, iframe").count(), 0);
  await assertClean(page);
  await page.close();
});
