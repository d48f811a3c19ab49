// Every JS code block in docs/*.md, README.md and npm/README.md runs here against the built
// package (pkg/, imported as "kubegate" like any user), each as its own ES module, so the docs
// cannot drift from the code: a sample that throws or fails an assertion fails this test.
// Rust blocks run as doc tests (src/lib.rs includes the same files under cfg(doctest)); widget
// blocks must hold JSON for a known widget (the browser test checks they render).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { codeBlocks } from "../../scripts/markdown.mjs";

const root = new URL("../../", import.meta.url);
// Inside the repository, so the bare specifier "kubegate" resolves through node_modules/.
const scratch = new URL("target/doc-snippets/", root);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

const sources = [
  ...readdirSync(new URL("docs/", root)).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`),
  "README.md",
  "npm/README.md",
];
let jsCount = 0;
for (const file of sources) {
  const blocks = codeBlocks(readFileSync(new URL(file, root), "utf8"));
  for (const [i, block] of blocks.entries()) {
    if (block.lang === "js") {
      jsCount++;
      test(`${file}:${block.line} (js)`, async () => {
        const path = new URL(`${file.replace(/\W+/g, "_")}_${i}.mjs`, scratch);
        writeFileSync(path, block.code);
        await import(path.href);
      });
    } else if (block.lang === "widget") {
      test(`${file}:${block.line} (widget ${block.flags[0]})`, () => {
        assert.ok(["gates", "layers", "node", "pods", "fields", "controlplane"].includes(block.flags[0]));
        assert.equal(typeof JSON.parse(block.code), "object");
      });
    } else {
      // Every block names its language, so rustdoc does not take a shell block for Rust.
      test(`${file}:${block.line} has a language`, () => assert.notEqual(block.lang, "", "untagged code block"));
    }
  }
}

test("the docs hold JS samples at all", () => assert.ok(jsCount >= 15, `only ${jsCount} JS blocks found`));

test("every Rust block of the docs and README runs as a doc test", () => {
  const lib = readFileSync(new URL("src/lib.rs", root), "utf8");
  for (const file of sources.filter((f) => codeBlocks(readFileSync(new URL(f, root), "utf8")).some((b) => b.lang === "rust"))) {
    assert.ok(lib.includes(`include_str!("../${file}")`), `src/lib.rs does not doc-test ${file}`);
  }
});
