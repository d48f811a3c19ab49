// The docs' Markdown, converted to HTML by markdown-it (CommonMark plus tables) with kubegate's
// few rules layered on its renderer, rather than by a converter of our own: a maintained parser
// gets nesting, escaping and emphasis right where a line-by-line converter drifts.
//
// The guarantees the docs rely on, and where each is kept:
// - No raw HTML: `html: false`, so tags in the source are shown as text; images and indented
//   code blocks are off (pages load nothing but their own files; every code block is fenced and
//   names its language, which tests/docs checks).
// - Links: only http(s), relative and #fragment targets (`validateLink`); "page.md" targets become
//   "page.html" through the caller's `rewrite`.
// - Headings carry an id (`slug` of their source text), collected for the page's table of
//   contents and the search index; the first "# " heading is the page title.
// - Fences: the first word of the info string is the language, the rest are flags. A caller's
//   `fence(block)` may replace a block (`widget <kind>` fences become live elements); otherwise it
//   is a <pre class="code"> that docs.js gives a copy button. In ```rust blocks, lines starting
//   with "# " are hidden, as rustdoc hides them (they still compile in the doc test).
// - Tables scroll in a wrapper; "> " quotes are notes (<aside class="note">).
// `codeBlocks` reads fences from the same parse the build renders, so what is shown is what runs.
import MarkdownIt from "markdown-it";

export const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

const LANGS = { js: "JavaScript", ts: "TypeScript", rust: "Rust", sh: "Shell", yaml: "YAML", json: "JSON", text: "Text", toml: "TOML" };
/** A code block: scrollable, so it is focusable with a name (keyboard users can scroll it). */
export const codeBlock = (lang, code) =>
  `<pre class="code" data-lang="${escape(lang)}" tabindex="0" role="group" aria-label="${escape(`${LANGS[lang] ?? lang} code`)}"><code>${escape(code)}</code></pre>`;

export const slug = (text) => text.toLowerCase().replace(/`/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false });
md.disable(["code", "image"]);
// http(s) with a host, or a target with no scheme at all (relative paths, #fragments, ?queries).
md.validateLink = (url) => /^https?:\/\/[^\s"<>]+$/i.test(url) || (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith("//"));

const fenceBlock = (token) => {
  const [lang = "", ...flags] = token.info.trim().split(/\s+/).filter(Boolean);
  return { lang, flags, code: token.content, line: (token.map?.[0] ?? 0) + 1 };
};

const rules = md.renderer.rules;
rules.fence = (tokens, idx, _options, env) => {
  const block = fenceBlock(tokens[idx]);
  const custom = env.fence?.(block);
  if (custom !== null && custom !== undefined) return `${custom}\n`;
  let shown = block.code;
  if (block.lang === "rust") shown = shown.split("\n").filter((l) => !/^\s*#(\s|$)/.test(l)).join("\n");
  return `${codeBlock(block.lang, shown.replace(/\n+$/, ""))}\n`;
};
rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = token.attrGet("href");
  if (href !== null && env.rewrite) token.attrSet("href", env.rewrite(href));
  return self.renderToken(tokens, idx, options);
};
rules.table_open = () => `<div class="table-wrap"><table>\n`;
rules.table_close = () => `</table></div>\n`;
// Alignment would come as inline style; the docs' tables are left-aligned by the stylesheet.
rules.th_open = () => `<th scope="col">`;
rules.td_open = () => `<td>`;
rules.blockquote_open = () => `<aside class="note">`;
rules.blockquote_close = () => `</aside>\n`;

// Headings get their ids; a note's paragraphs render bare inside the <aside> (as tight list
// items do), so a one-line note is one line of text.
md.core.ruler.push("kubegate_blocks", (state) => {
  const { tokens, env } = state;
  let quoted = 0;
  tokens.forEach((token, i) => {
    if (token.type === "blockquote_open") quoted++;
    else if (token.type === "blockquote_close") quoted--;
    else if (quoted && (token.type === "paragraph_open" || token.type === "paragraph_close")) token.hidden = true;
    else if (token.type === "heading_open") {
      const source = tokens[i + 1]?.content ?? "";
      const id = slug(source);
      token.attrSet("id", id);
      const level = Number(token.tag.slice(1));
      const text = source.replace(/`/g, "");
      if (env.headings) {
        if (level === 1 && env.title === null) env.title = text;
        else env.headings.push({ level, id, text });
      }
    }
  });
});

/** Every fenced block of a Markdown text: { lang, flags, code, line } (line is 1-based). */
export function codeBlocks(text) {
  return md.parse(text, {}).filter((t) => t.type === "fence").map(fenceBlock);
}

/** Inline Markdown → HTML. `rewrite` maps link targets (e.g. "x.md" → "x.html"). */
export function inline(text, rewrite = (u) => u) {
  return md.renderInline(text, { rewrite });
}

/**
 * Markdown → { title, html, headings }. `fence(block)` may return HTML for a fenced block
 * (widgets); otherwise the block is shown as code.
 */
export function toHtml(text, { rewrite = (u) => u, fence = () => null } = {}) {
  const env = { rewrite, fence, title: null, headings: [] };
  const html = md.render(text, env).trimEnd();
  return { title: env.title, html, headings: env.headings };
}
