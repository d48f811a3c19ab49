// The docs converter's guarantees (scripts/markdown.mjs over markdown-it): no raw HTML, only safe
// link targets, heading ids, the code-block markup docs.js expects, and fences read the same way
// by the build and by the snippet runner.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toHtml, codeBlocks, inline } from "../../scripts/markdown.mjs";

test("raw HTML in the source is shown as text", () => {
  const { html } = toHtml('# T\n\n<script>alert(1)</script>\n\nx <img src=x onerror="y"> z\n');
  assert.ok(!html.includes("<script"), html);
  assert.ok(!html.includes("<img"), html);
  assert.ok(html.includes("&lt;script&gt;"), html);
});

test("links: http(s), relative and fragments only; .md targets rewritten", () => {
  const rewrite = (u) => u.replace(/^([\w-]+)\.md(#|$)/, "$1.html$2");
  assert.equal(inline("[a](pods.md#x)", rewrite), '<a href="pods.html#x">a</a>');
  assert.equal(inline("[a](https://kubernetes.io/)"), '<a href="https://kubernetes.io/">a</a>');
  assert.equal(inline("[a](#frag)"), '<a href="#frag">a</a>');
  for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example/"]) {
    assert.ok(!inline(`[a](${bad})`).includes("<a"), bad);
  }
});

test("title, heading ids and the table of contents", () => {
  const r = toHtml("# The `gate` page\n\n## Why `NodeSwap` locks\n\ntext\n\n### A, b & c\n");
  assert.equal(r.title, "The gate page");
  assert.deepEqual(r.headings, [
    { level: 2, id: "why-nodeswap-locks", text: "Why NodeSwap locks" },
    { level: 3, id: "a-b-c", text: "A, b & c" },
  ]);
  assert.ok(r.html.includes('<h2 id="why-nodeswap-locks">Why <code>NodeSwap</code> locks</h2>'), r.html);
});

test("code blocks, tables and notes carry the markup docs.js and docs.css expect", () => {
  const src = "# T\n\n```rust\n# use x;\nlet a = 1;\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n> A note.\n";
  const { html } = toHtml(src);
  assert.ok(html.includes('<pre class="code" data-lang="rust" tabindex="0" role="group" aria-label="Rust code"><code>let a = 1;</code></pre>'), html);
  assert.ok(html.includes('<div class="table-wrap"><table>'), html);
  assert.ok(html.includes('<th scope="col">a</th>'), html);
  assert.ok(!html.includes("style="), html);
  assert.ok(html.includes('<aside class="note">A note.</aside>'), html);
});

test("fences: language, flags, code and line, the same for the build and the snippet runner", () => {
  const src = "# T\n\ntext\n\n```widget gates wide\n{\"a\": 1}\n```\n\n- item\n\n  ```js\n  x();\n  ```\n";
  assert.deepEqual(codeBlocks(src), [
    { lang: "widget", flags: ["gates", "wide"], code: '{"a": 1}\n', line: 5 },
    { lang: "js", flags: [], code: "x();\n", line: 11 },
  ]);
  const seen = [];
  const { html } = toHtml(src, { fence: (b) => (seen.push(b), b.lang === "widget" ? "<figure>w</figure>" : null) });
  assert.deepEqual(seen, codeBlocks(src));
  assert.ok(html.includes("<figure>w</figure>"), html);
});
