// The playground's code editors (www/editors.js, the CodeMirror bundle www/editor.js): syntax
// highlighting, the package's diagnostics at their line, completion and hover docs from the
// chosen release's data, and the panel's own element kept as the value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, screenshot, assertClean } from "./harness.mjs";
import { axeViolations, report } from "./axe.mjs";

const b = useBrowser();
const HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
const open = async (fragment, opts) => {
  const page = await b.open(fragment, opts);
  await page.waitForSelector("body[data-editors='ready']", { state: "attached" });
  return page;
};
/** The editor that took the place of the element `id`. */
const editorOf = (id) => `#${id} + .cm-editor`;
/** Waits until the completion list's selected option is `label`. */
const selected = (page, label) => page.waitForFunction((label) => document.querySelector(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel")?.textContent === label, label);
const content = (id) => `${editorOf(id)} .cm-content`;
/** The 1-based numbers of the lines that carry a lint mark in the editor of `id`. */
const markedLines = (page, id) => page.evaluate((sel) => [...document.querySelectorAll(`${sel} .cm-line`)].map((l, i) => (l.querySelector(".cm-lintRange-error") ? i + 1 : 0)).filter(Boolean), editorOf(id));

test("the --config file is a YAML editor: highlighted, named by its label, mirrored both ways", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  // Keys and values carry different colours from the theme.
  const colours = await page.evaluate((sel) => {
    const spans = [...document.querySelectorAll(`${sel} .cm-line span`)];
    return [...new Set(spans.map((s) => getComputedStyle(s).color))];
  }, editorOf("layers-config"));
  assert.ok(colours.length >= 2, `highlighted tokens in at least two colours, got ${colours}`);
  assert.equal(await page.getAttribute(content("layers-config"), "aria-label"), "The --config file");
  assert.equal(await page.getAttribute(content("layers-args"), "aria-label"), "kubelet arguments (split as a shell would; one per line is fine)");
  // Typing in the editor is what the panel sees.
  await page.click(content("layers-config"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nmaxPods: 77");
  await page.waitForFunction(() => document.querySelector('#layers-table tr[data-path="maxPods"]')?.textContent.includes("77"));
  assert.match(await page.inputValue("#layers-config"), /maxPods: 77/);
  // A value the panel writes (here a test's fill) shows in the editor.
  await page.fill("#layers-config", `${HEADER}maxPods: 12\n`);
  assert.match(await page.textContent(content("layers-config")), /maxPods: 12/);
  await assertClean(page);
  await page.close();
});

test("a bad config file: the kubelet's message marks its line as you type", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  await page.fill("#layers-config", `${HEADER}port: 10250\nmaxPods: -5\n`);
  // The fourth line carries the diagnostic (@codemirror/lint underlines its text), and only it.
  await page.waitForSelector(`${editorOf("layers-config")} .cm-lintRange-error`);
  assert.deepEqual(await markedLines(page, "layers-config"), [4]);
  assert.equal(await page.textContent(`${editorOf("layers-config")} .cm-lintRange-error`), "maxPods: -5");
  assert.equal(await page.locator(`${editorOf("layers-config")} .cm-lint-marker-error`).count(), 1);
  // The panel says the same: the kubelet does not start.
  assert.match(await page.textContent("#panel-layers"), /maxPods \(--max-pods\) -5 must not be a negative number/);
  // Hovering the line's text shows the message.
  const line = await page.locator(`${editorOf("layers-config")} .cm-lintRange-error`).boundingBox();
  await page.mouse.move(line.x + 12, line.y + line.height / 2);
  await page.waitForSelector(".cm-tooltip-lint .cm-diagnostic-error");
  assert.match(await page.textContent(".cm-tooltip-lint .cm-diagnostic-error"), /maxPods \(--max-pods\) -5 must not be a negative number/);
  await screenshot(page, "editors-diagnostic");
  // A value a drop-in overrides is not an error: the kubelet validates the merged result, so
  // the file's editor agrees with the panel (the default drop-in sets port 10260).
  await page.fill("#layers-config", `${HEADER}maxPods: 150\nport: 70000\n`);
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .cm-lintRange-error`), editorOf("layers-config"));
  await page.waitForFunction(() => /starts with/.test(document.querySelector("#panel-layers")?.textContent ?? ""));
  // Fixing it clears the mark.
  await page.fill("#layers-config", `${HEADER}maxPods: -5\n`);
  await page.waitForSelector(`${editorOf("layers-config")} .cm-lintRange-error`);
  await page.fill("#layers-config", `${HEADER}maxPods: 150\nport: 10250\n`);
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .cm-lintRange-error`), editorOf("layers-config"));
  // An unknown flag on the command line is marked at its line.
  await page.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml\n--bogus");
  await page.waitForSelector(`${editorOf("layers-args")} .cm-lintRange-error`);
  assert.deepEqual(await markedLines(page, "layers-args"), [2]);
  await assertClean(page);
  await page.close();
});

test("completion offers the release's gate names and fields; hover shows a gate's stage", async () => {
  const page = await open("gates");
  await page.waitForSelector(editorOf("gates-flags"));
  const release = await page.inputValue("#gates-emulation");
  const known = await page.evaluate(async (r) => {
    const k = await import("kubegate");
    const g = k.releaseGates(r).find((x) => x.name === "InPlacePodVerticalScaling") ?? k.releaseGates(r).find((x) => x.preRelease === "Beta");
    return g;
  }, release);
  await page.fill("#gates-flags", "");
  await page.click(content("gates-flags"));
  await page.keyboard.type(known.name.slice(0, 9));
  await page.waitForSelector(".cm-tooltip-autocomplete");
  const offered = await page.$$eval(".cm-tooltip-autocomplete li .cm-completionLabel", (els) => els.map((e) => e.textContent));
  assert.ok(offered.includes(known.name), `${known.name} offered, got ${offered.slice(0, 5)}`);
  await screenshot(page, "editors-completion");
  // Accepting it fills the name and "=", and the panel evaluates it.
  while ((await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel")) !== known.name) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.keyboard.type("true");
  assert.equal(await page.inputValue("#gates-flags"), `${known.name}=true`);
  // Hover docs: stage, default, since. (The half-typed name was marked a moment ago; the hover
  // waits until that mark is gone, since a pointer resting on an element CodeMirror then
  // replaces gets no hover until it moves.)
  await page.keyboard.press("Escape");
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .cm-lintRange`), editorOf("gates-flags"));
  const box = await page.locator(`${content("gates-flags")} .cm-line`).boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.waitForSelector(".cm-tooltip .cm-hover-doc");
  const doc = await page.textContent(".cm-tooltip .cm-hover-doc");
  assert.match(doc, new RegExp(`^${known.name}: ${known.preRelease || "GA"}`));
  assert.match(doc, new RegExp(`default ${known.default}`));
  assert.match(doc, new RegExp(`registered since ${known.since.replace(".", "\\.")}`));
  await screenshot(page, "editors-hover");
  await assertClean(page);
  await page.close();
});

test("field names complete in the config file, with their type and default; flags on the command line", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  await page.click(content("layers-config"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nmaxOpen");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  // (On a loaded machine the list may still be narrowing to the last keys typed.)
  await selected(page, "maxOpenFiles");
  assert.equal(await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionDetail"), "integer");
  // (The editor ignores Enter for a moment after the list opens, so a fast typist's newline stays one.)
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await page.keyboard.type("500");
  assert.match(await page.inputValue("#layers-config"), /\nmaxOpenFiles: 500$/);
  // The command line completes the kubelet flags the package accepts for the release.
  await page.click(content("layers-args"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n--max-p");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  assert.equal(await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel"), "--max-pods");
  await assertClean(page);
  await page.close();
});

test("the editors stay clean for axe-core in both themes", async () => {
  for (const colorScheme of ["light", "dark"]) {
    for (const tab of ["layers", "gates"]) {
      const page = await open(tab, { colorScheme });
      await page.waitForSelector(editorOf(tab === "gates" ? "gates-flags" : "layers-config"));
      const found = await axeViolations(page);
      assert.equal(found.length, 0, `${tab} ${colorScheme}:\n${report(found)}`);
      await page.close();
    }
  }
});

test("CodeMirror's own commands: undo and redo, Ctrl-F search, folding YAML; the lint panel; axe-clean with panels open", async () => {
  const page = await open("layers");
  await page.waitForSelector(editorOf("layers-config"));
  await page.fill("#layers-config", `${HEADER}evictionHard:\n  memory.available: 200Mi\n  nodefs.available: 10%\nmaxPods: 110\n`);
  const before = await page.inputValue("#layers-config");
  await page.click(content("layers-config"));
  await page.keyboard.press("Control+End");
  await page.keyboard.type("port: 10250");
  assert.match(await page.inputValue("#layers-config"), /port: 10250$/);
  // @codemirror/commands' history: one undo takes the typed run back, redo puts it again.
  await page.keyboard.press("Control+z");
  assert.equal(await page.inputValue("#layers-config"), before);
  await page.keyboard.press("Control+y");
  assert.match(await page.inputValue("#layers-config"), /port: 10250$/);
  // (A real keyboard sends Shift+Z as "Z", which is how CodeMirror's Ctrl-Shift-z binding reads it.)
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+Shift+Z");
  assert.match(await page.inputValue("#layers-config"), /port: 10250$/);
  // Ctrl-F opens the search panel in the editor; matches are marked.
  await page.keyboard.press("Control+f");
  await page.waitForSelector(`${editorOf("layers-config")} .cm-panel.cm-search`);
  await page.keyboard.type("available");
  await page.keyboard.press("Enter");
  await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .cm-searchMatch`).length === 2, editorOf("layers-config"));
  await screenshot(page, "editors-search");
  assert.deepEqual(await axeViolations(page), [], "axe with the search panel open");
  await page.keyboard.press("Escape");
  await page.waitForSelector(`${editorOf("layers-config")} .cm-panel.cm-search`, { state: "detached" });
  // The fold gutter folds the evictionHard map to one line and unfolds it.
  const lines = () => page.locator(`${editorOf("layers-config")} .cm-line`).count();
  const all = await lines();
  const marker = page.locator(`${editorOf("layers-config")} .cm-foldGutter .cm-gutterElement span[title="Fold line"]`).first();
  await marker.click();
  await page.waitForSelector(`${editorOf("layers-config")} .cm-foldPlaceholder`);
  assert.equal(await lines(), all - 2);
  await page.click(`${editorOf("layers-config")} .cm-foldPlaceholder`);
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .cm-line`).length === n, [editorOf("layers-config"), all]);
  // The folded text is still what the panel reads.
  assert.match(await page.inputValue("#layers-config"), /nodefs\.available: 10%/);
  // A diagnostic lists in the lint panel (Ctrl-Shift-M) as well as at its line.
  await page.fill("#layers-config", `${HEADER}maxPods: -5\n`);
  await page.waitForSelector(`${editorOf("layers-config")} .cm-lintRange-error`);
  await page.click(content("layers-config"));
  await page.keyboard.press("Control+Shift+M");
  await page.waitForSelector(`${editorOf("layers-config")} .cm-panel-lint .cm-diagnostic-error`);
  assert.match(await page.textContent(`${editorOf("layers-config")} .cm-panel-lint`), /must not be a negative number/);
  assert.deepEqual(await axeViolations(page), [], "axe with the lint panel open");
  await assertClean(page);
  await page.close();
});

test("the editor bundle stays lazy: it is fetched only after the first answers are on screen", async () => {
  const page = await b.open("gates");
  const order = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })));
  const bundle = order.find((e) => e.name.endsWith("/editor.js"));
  assert.ok(bundle, "editor.js was loaded");
  const wasm = order.find((e) => e.name.endsWith(".wasm"));
  assert.ok(wasm && bundle.start > wasm.start, "the editor bundle comes after the package's wasm");
  await page.close();
});

/** The texts the lint marks in the editor of `id`, once they equal `expected`. */
async function waitMarks(page, id, expected) {
  const sel = `${editorOf(id)} .cm-lintRange-error`;
  await page.waitForFunction(([s, want]) => JSON.stringify([...document.querySelectorAll(s)].map((m) => m.textContent)) === want, [sel, JSON.stringify(expected)]);
}

test("--feature-gates problems are marked at the gate, in the gates panel and on the Layers command line", async () => {
  const page = await open("gates");
  await page.waitForSelector(editorOf("gates-flags"));
  // An unknown gate: its name is marked, not the whole string, and hovering it says why.
  await page.fill("#gates-flags", "NodeSwap=true, Bogus=true");
  await waitMarks(page, "gates-flags", ["Bogus"]);
  const box = await page.locator(`${editorOf("gates-flags")} .cm-lintRange-error`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForSelector(".cm-tooltip-lint .cm-diagnostic-error");
  assert.equal(await page.textContent(".cm-tooltip-lint .cm-diagnosticText"), "unrecognized feature gate: Bogus");
  await screenshot(page, "editors-gate-mark");
  // A bad value: the whole item is what Kubernetes cannot parse.
  await page.fill("#gates-flags", "AllAlpha=false,NodeSwap=maybe");
  await waitMarks(page, "gates-flags", ["NodeSwap=maybe"]);
  // The panel's status says the same thing the mark does (it redraws on its own schedule: the
  // editor's marks may settle first, so wait for the status rather than read it once).
  const statusMatches = (re) =>
    page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#gates-flag-status")?.textContent ?? ""), re.source);
  await statusMatches(/invalid value of NodeSwap=maybe/);
  await page.fill("#gates-flags", "NodeSwap=true");
  await waitMarks(page, "gates-flags", []);
  await statusMatches(/Accepted/);
  // A gate the newest release has and an old one lacks: picking the old release marks it (the
  // editor checks again once the panel has redrawn for the new version).
  const { newest, fresh } = await page.evaluate(async () => {
    const k = await import("kubegate");
    const n = k.releases().newest;
    const old = new Set(k.releaseGates("1.20").map((g) => g.name));
    return { newest: n, fresh: k.releaseGates(n).find((g) => !old.has(g.name) && !g.lockToDefault).name };
  });
  await page.selectOption("#gates-emulation", newest);
  await page.fill("#gates-flags", `AllAlpha=false,${fresh}=true`);
  await waitMarks(page, "gates-flags", []);
  await page.selectOption("#gates-emulation", "1.20");
  await waitMarks(page, "gates-flags", [fresh]);
  await page.selectOption("#gates-emulation", newest);
  await waitMarks(page, "gates-flags", []);

  // The Layers command line: the kubelet refuses the flag and names the gate; the gate is marked
  // inside the flag's value, bare or quoted.
  await page.click("#tab-layers");
  await page.waitForSelector(editorOf("layers-args"));
  await page.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml\n--feature-gates=NodeSwap=true,Bogus=true");
  await waitMarks(page, "layers-args", ["Bogus"]);
  assert.deepEqual(await markedLines(page, "layers-args"), [2]);
  assert.match(await page.textContent("#panel-layers"), /unrecognized feature gate: Bogus/);
  await page.fill("#layers-args", "--feature-gates 'AllBeta=true,NotAGate=false' --max-pods=10");
  await waitMarks(page, "layers-args", ["NotAGate"]);
  await page.fill("#layers-args", "--feature-gates=NodeSwap=maybe");
  await waitMarks(page, "layers-args", ["NodeSwap=maybe"]);
  await page.fill("#layers-args", "--feature-gates=NodeSwap=true --max-pods=10");
  await waitMarks(page, "layers-args", []);
  await assertClean(page);
  await page.close();
});

for (const [width, height, colorScheme] of [[1280, 900, "light"], [390, 844, "dark"]]) {
  test(`nested KubeletConfiguration keys complete per release; "=" after a completed gate is not doubled (${width}px, ${colorScheme})`, async () => {
    const page = await open("layers", { viewport: { width, height }, colorScheme });
    await page.waitForSelector(editorOf("layers-config"));
    // evictionHard's signals, as the chosen release defaults them.
    await page.fill("#layers-config", `${HEADER}evictionHard:\n  `);
    await page.click(content("layers-config"));
    await page.keyboard.press("Control+End");
    await page.keyboard.type("nodefs.a");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    await selected(page, "nodefs.available");
    await page.keyboard.press("Escape");
    // authentication.webhook's fields.
    await page.fill("#layers-config", `${HEADER}authentication:\n  webhook:\n    `);
    await page.click(content("layers-config"));
    await page.keyboard.press("Control+End");
    await page.keyboard.type("cache");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    await selected(page, "cacheTTL");
    await page.keyboard.press("Escape");
    // A field the release does not have is not offered: containerLogMaxWorkers arrived in 1.30.
    await page.selectOption("#layers-version", "1.29");
    await page.fill("#layers-config", HEADER);
    await page.click(content("layers-config"));
    await page.keyboard.press("Control+End");
    await page.keyboard.type("containerLogMax");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    const offered = await page.$$eval(".cm-tooltip-autocomplete li .cm-completionLabel", (els) => els.map((e) => e.textContent));
    assert.ok(offered.includes("containerLogMaxSize") && !offered.includes("containerLogMaxWorkers"), offered.join(" "));
    await page.keyboard.press("Escape");
    // A gate completed on the command line ends in "=": typing "=false" then does not double it.
    await page.selectOption("#layers-version", "1.33");
    await page.fill("#layers-args", "--config=/etc/kubernetes/kubelet.yaml\n--feature-gates=");
    await page.click(content("layers-args"));
    await page.keyboard.press("Control+End");
    await page.keyboard.type("MemoryQo");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    while ((await page.textContent(".cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel")) !== "MemoryQoS") await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(150);
    await page.keyboard.press("Enter");
    await page.keyboard.type("=false");
    assert.equal(await page.inputValue("#layers-args"), "--config=/etc/kubernetes/kubelet.yaml\n--feature-gates=MemoryQoS=false");
    await screenshot(page, `editors-nested-${width}-${colorScheme}`);
    await assertClean(page);
    await page.close();
  });
}
