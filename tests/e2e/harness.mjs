// Shared by the browser tests: serves www/ on loopback, drives Debian's Chromium headless with
// playwright-core, records console errors and uncaught exceptions, and saves screenshots to
// tests/e2e/screenshots/ for a person to look at.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";

const www = new URL("../../www/", import.meta.url).pathname;
const shots = new URL("./screenshots/", import.meta.url).pathname;

export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Sets up one browser and server for the calling test file; returns accessors. */
export function useBrowser() {
  const ctx = { browser: null, server: null, base: "" };
  before(async () => {
    ctx.server = await serve(www, 0);
    ctx.base = `http://127.0.0.1:${ctx.server.address().port}/`;
    ctx.browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });
  after(async () => {
    await ctx.browser?.close();
    ctx.server?.close();
  });
  return {
    /** Opens the playground at `fragment` and waits until it is ready; collects errors. */
    async open(fragment = "", { viewport = { width: 1280, height: 900 }, colorScheme = "light" } = {}) {
      const page = await ctx.browser.newPage({ viewport, colorScheme });
      const errors = [];
      page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("dialog", (d) => { errors.push(`dialog opened: ${d.message()}`); d.dismiss(); });
      await page.goto(ctx.base + (fragment ? `#${fragment}` : ""));
      await page.waitForSelector("body[data-ready='true']", { timeout: 20000 });
      // The code editors mount just after (www/editors.js): tests type into the page as a user
      // finds it, not into the plain inputs of the first moment.
      await page.waitForSelector("body[data-editors='ready']", { timeout: 20000, state: "attached" });
      page.kubegateErrors = errors;
      return page;
    },
    get base() { return ctx.base; },
    /** The browser, for a test that watches a page load from its first moment. */
    get browser() { return ctx.browser; },
  };
}

/** Waits until no part of the page says aria-busy: after a keystroke, rows out of view and the
 *  sections below the fold are drawn when the browser is idle. */
export const settled = (page) => page.waitForFunction(() => !document.querySelector("main [aria-busy='true']"));

/** Waits until the browser has drawn two frames: a keystroke that arrives within the frame of
 *  the previous answer is folded into the next frame (ui.js `eagerFrame`), so a test that reads
 *  what a keystroke's own event did must first let the previous one's frame pass, as a typist's
 *  pause does. */
export const framesPassed = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** Saves a full-page screenshot as tests/e2e/screenshots/<name>.png, of the page once nothing
 *  in it is still being drawn: a full-page capture resizes the view, and rows still arriving in
 *  idle slices meanwhile kept a capture waiting past its timeout on a loaded machine. */
export async function screenshot(page, name) {
  mkdirSync(shots, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${shots}${name}.png`, fullPage: true, timeout: 60000 });
}

/** Asserts the page logged no errors and ran no injected script. */
export async function assertClean(page) {
  assert.deepEqual(page.kubegateErrors, [], "console errors or uncaught exceptions");
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null, "an injected script ran");
}
