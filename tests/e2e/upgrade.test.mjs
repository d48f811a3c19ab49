// The Control-plane upgrade panel in headless Chromium: the kubeadm 1.16 example's promise at
// desktop and phone widths (a table, then one card per component), its file:line jumping to the
// line, an import error at its line, hostile share-link state, and axe.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();
const link = (state) => `s=1.${deflateRawSync(Buffer.from(JSON.stringify(state))).toString("base64url")}`;

async function example(width, colorScheme) {
  const page = await b.open("", { viewport: { width, height: 900 }, colorScheme });
  await page.selectOption("#examples", "upgrade-kubeadm-1.16");
  await page.waitForSelector("#up-table tbody tr");
  return page;
}

const rows = (page) => page.$$eval("#up-table tbody tr", (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.replace(/\s+/g, " ").trim())));

for (const [width, scheme] of [[1280, "light"], [390, "dark"]]) {
  test(`kubeadm 1.16 -> 1.26: kube-apiserver breaks on --insecure-port from 1.24 (${width}px, ${scheme})`, async () => {
    const page = await example(width, scheme);
    assert.equal(await page.inputValue("#up-from"), "1.16");
    assert.equal(await page.inputValue("#up-to"), "1.26");
    const r = await rows(page);
    assert.deepEqual(r.map((x) => x[0].replace(/\/.*$/, "")), ["kube-apiserver", "kube-controller-manager", "kube-scheduler"]);
    const api = r[0];
    assert.match(api[1], /^starts/);
    assert.match(api[2], /^does not start/);
    assert.match(api[3], /unknown flag: --insecure-port from 1\.24 \/etc\/kubernetes\/manifests\/kube-apiserver\.yaml:\d+/);
    assert.match(await page.textContent("#up-summary"), /would not start at 1\.26/);
    // The page does not scroll sideways; on a phone each component is a card.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, "the page scrolls sideways");
    if (width === 390) {
      assert.equal(await page.$eval("#up-table tbody tr", (tr) => getComputedStyle(tr).display), "block");
      assert.equal(await page.$eval("#up-table thead", (t) => t.getBoundingClientRect().width <= 1), true);
    }
    // file:line selects the line in its text.
    await page.click("#up-table tbody tr:first-child .up-breaks button.up-at");
    const selected = await page.evaluate(() => { const t = document.activeElement; return t.value.slice(t.selectionStart, t.selectionEnd); });
    assert.match(selected, /--insecure-port=0/);
    const found = await axeViolations(page, { include: "#panel-upgrade" });
    assert.deepEqual(found, [], report(found));
    await screenshot(page, `upgrade-${width}-${scheme}`);
    await assertClean(page);
    await page.close();
  });
}

test("the releases are the package's; moving `to` back to 1.23 mends it", async () => {
  const page = await example(1280, "light");
  const offered = await page.$$eval("#up-to option", (os) => os.map((o) => o.value));
  assert.ok(offered.includes("1.16") && offered.length > 15);
  await page.selectOption("#up-to", "1.23");
  await page.waitForFunction(() => /Every component starts at 1\.23/.test(document.querySelector("#up-summary")?.textContent ?? ""));
  await assertClean(page);
  await page.close();
});

test("a text that cannot be read: the error names it, marks its editor, and the keyboard reaches its line", async () => {
  const state = { tab: "upgrade", panels: { upgrade: { from: "1.28", to: "1.29", files: [{ name: "bad.yaml", kind: "manifest", text: "apiVersion: v1\nkind: Pod\nspec: [\n" }] } } };
  const page = await b.open(link(state));
  await page.waitForSelector("#up-error:not([hidden])");
  assert.match(await page.textContent("#up-error"), /^line \d+: bad\.yaml: /);
  assert.equal(await page.getAttribute("#panel-upgrade textarea", "aria-invalid"), "true");
  await screenshot(page, "upgrade-error");
  await assertClean(page);
  await page.close();
});

test("hostile share-link state is refused with a message, never run", async () => {
  for (const bad of [
    { files: "x" },
    { files: [{ kind: "exec", text: "" }] },
    { from: "9.99" },
    { files: [{ name: "<img src=x onerror=window.__pwned=1>", kind: "manifest", text: "<script>window.__pwned=1</script>" }] },
  ]) {
    const page = await b.open(link({ tab: "upgrade", panels: { upgrade: bad } }));
    await page.waitForTimeout(100);
    await assertClean(page);
    await page.close();
  }
});
