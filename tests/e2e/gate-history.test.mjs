// The gates table's "Read by" column and filter, and a gate's history dialog, at desktop and
// phone widths.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, screenshot, assertClean, settled } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();

for (const [label, viewport] of [["desktop", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
  test(`${label}: the component filter keeps the kubelet's gates and names every gate's readers`, async () => {
    const page = await b.open("", { viewport });
    await page.selectOption("#gates-emulation", "1.36");
    await page.selectOption("#gates-reader", "kubelet");
    // The filter is answered in a later frame: wait for its summary, then for the rows.
    await page.waitForFunction(() => /read by kubelet/.test(document.querySelector("#gates-summary").textContent));
    await settled(page);
    const readers = await page.locator("#gates-table tbody td.readers").allTextContents();
    assert.ok(readers.length > 50, `${readers.length} rows`);
    assert.ok(readers.every((t) => t.includes("kubelet") || t === "unknown"), "only the kubelet's gates (and the unknown ones)");
    await page.fill("#gates-search", "KMSv2");
    await page.fill("#gates-search", "CRDObservedGenerationTracking");
    await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 0);
    await page.selectOption("#gates-reader", "all");
    await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
    assert.equal(await page.textContent("#gates-table tbody td.readers"), "apiserver");
    await page.selectOption("#gates-emulation", "1.19"); // no reader facts for 1.19
    await page.fill("#gates-search", "AppArmor");
    await page.waitForFunction(() => document.querySelector("#gates-table tbody td.readers")?.textContent === "unknown");
    await assertClean(page);
    await page.close();
  });

  test(`${label}: a gate's history opens from its row, by keyboard, and closes with Escape`, async () => {
    const page = await b.open("", { viewport });
    await page.selectOption("#gates-emulation", "1.30");
    await page.fill("#gates-search", "APIServingWithRoutine");
    await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
    await page.focus("#gates-table tbody button.gate-history-open");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#gate-history[open]");
    assert.equal(await page.textContent("#gate-history-title"), "APIServingWithRoutine: history");
    const rows = await page.locator("#gate-history-table tbody > tr:first-child > th").allTextContents();
    assert.deepEqual(rows.slice(0, 3), ["1.30.0–1.30.3", "1.30.4+", "1.31"]);
    const first = await page.locator("#gate-history-table tbody").first().textContent();
    assert.match(first, /Beta.*true.*kube-apiserver/);
    assert.match(first, /from kubernetes\/apiserver@/);
    assert.equal(await page.getAttribute("#gate-history-table tbody:first-of-type", "aria-current"), "true");
    assert.match(await page.getAttribute("#gate-history-reference", "href"), /feature-gates\/#APIServingWithRoutine$/);
    // the dialog fits the screen: no sideways scrolling of the page
    const overflow = await page.evaluate(() => {
      const d = document.querySelector("#gate-history").getBoundingClientRect();
      return { right: d.right, width: window.innerWidth };
    });
    assert.ok(overflow.right <= overflow.width, JSON.stringify(overflow));
    const found = await axeViolations(page, { include: "#gate-history" });
    assert.equal(found.length, 0, report(found));
    await page.screenshot({ path: new URL(`./screenshots/gate-history-${label}.png`, import.meta.url).pathname });
    await page.keyboard.press("Escape");
    await page.waitForSelector("#gate-history:not([open])", { state: "attached" });
    await screenshot(page, `gate-history-table-${label}`);
    await assertClean(page);
    await page.close();
  });
}

test("a removed gate's history ends at its removal and links the removed-gates page", async () => {
  const page = await b.open();
  await page.selectOption("#gates-emulation", "1.25");
  await page.fill("#gates-search", "DynamicKubeletConfig");
  await page.waitForFunction(() => document.querySelectorAll("#gates-table tbody tr").length === 1);
  await page.click("#gates-table tbody button.gate-history-open");
  await page.waitForSelector("#gate-history[open]");
  assert.match(await page.textContent("#gate-history-life"), /removed in 1\.26/);
  assert.match(await page.getAttribute("#gate-history-reference", "href"), /feature-gates-removed\/#DynamicKubeletConfig$/);
  await page.click("#gate-history-close");
  await assertClean(page);
  await page.close();
});

// The Layers panel's upgrade check: what changes for the kubelet first; gate defaults of gates
// the kubelet registers but never reads after, apart and said so.
for (const [label, viewport] of [["desktop", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
  test(`${label}: the kubelet's upgrade check puts gates it never reads apart`, async () => {
    const page = await b.open("layers", { viewport });
    await page.selectOption("#layers-version", "1.29");
    await page.selectOption("#layers-target", "1.30");
    await page.waitForFunction(() => document.querySelector("#layers-upgrade-verdict")?.textContent.includes("Kubelet 1.30"));
    await page.waitForSelector("#layers-upgrade-unread");
    const mine = await page.textContent("#layers-upgrade-changes");
    assert.match(mine, /PodLifecycleSleepAction is on by default/);
    assert.doesNotMatch(mine, /ValidatingAdmissionPolicy/);
    assert.match(await page.textContent("#layers-upgrade-unread summary"), /^\d+ gate defaults registered but not read by the kubelet$/);
    await page.click("#layers-upgrade-unread summary");
    assert.match(await page.textContent("#layers-upgrade-unread ul"), /ValidatingAdmissionPolicy is on by default instead of off/);
    await page.locator("#layers-upgrade").screenshot({ path: new URL(`./screenshots/layers-upgrade-unread-${label}.png`, import.meta.url).pathname });
    await assertClean(page);
    await page.close();
  });
}

// From an editor: the hover names Alt+Shift+H, which opens the history of the gate under the
// cursor, in the Layers panel too; Escape gives the focus back to the editor.
for (const [label, viewport, colorScheme] of [["desktop", { width: 1280, height: 900 }, "light"], ["phone", { width: 390, height: 844 }, "dark"]]) {
  test(`${label}: Alt+Shift+H on a gate name in an editor opens its history`, async () => {
    const page = await b.open("", { viewport, colorScheme });
    await page.selectOption("#examples", "feature-gates-union");
    await page.waitForFunction(() => document.querySelector("#tab-layers")?.getAttribute("aria-selected") === "true");
    const line = page.locator("#panel-layers .cm-line", { hasText: "--feature-gates=MemoryQoS=false" });
    await line.click();
    await page.keyboard.press("Home");
    for (let i = 0; i < "--feature-gates=Mem".length; i++) await page.keyboard.press("ArrowRight");
    // The hover says how.
    await line.locator("text=MemoryQoS").hover().catch(() => {});
    await page.keyboard.press("Alt+Shift+H");
    await page.waitForSelector("#gate-history[open]");
    assert.equal(await page.textContent("#gate-history-title"), "MemoryQoS: history");
    assert.ok(await page.isVisible("#gate-history-table"));
    await screenshot(page, `gate-history-from-editor-${label}`);
    await page.keyboard.press("Escape");
    await page.waitForSelector("#gate-history:not([open])", { state: "attached" });
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest("#panel-layers .cm-editor")), "the focus is back in the editor");
    // A word that is no gate leaves the key alone.
    await page.keyboard.press("End");
    await page.keyboard.press("Alt+Shift+H");
    await page.waitForTimeout(200);
    assert.equal(await page.locator("#gate-history[open]").count(), 0);
    await assertClean(page);
    await page.close();
  });
}

test("the gate hover in an editor names the way to the history", async () => {
  const page = await b.open();
  await page.click("#tab-gates");
  await page.fill("#gates-flags", "NodeSwap=true");
  const line = page.locator("#panel-gates .cm-editor .cm-line", { hasText: "NodeSwap=true" });
  await line.waitFor();
  await page.waitForFunction(() => !document.querySelector("#panel-gates .cm-lintRange"));
  const box = await line.boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.waitForSelector(".cm-tooltip .cm-hover-doc");
  assert.match(await page.textContent(".cm-tooltip .cm-hover-doc"), /Its history: Alt\+Shift\+H with the cursor on the name/);
  await assertClean(page);
  await page.close();
});
