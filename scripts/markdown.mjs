// The docs' Markdown, converted to HTML by ~150 lines we own (why not a library: CONTRIBUTING.md).
//
// The subset: ATX headings, paragraphs, "-" and "1." lists (one level, continuation lines
// indented), "> " notes, pipe tables, fenced code with an info string, and inline `code`,
// **strong**, *em*, [links](url). There is no raw HTML: every character of the source is escaped,
// so a doc cannot inject markup, and only http(s), relative and #fragment link targets are kept.
//
// Fences: the first word of the info string is the language; the rest are flags. `widget <kind>`
// fences hold a scenario (JSON) and become a live <kubegate-kind> element. In ```rust blocks,
// lines starting with "# " are hidden, as rustdoc hides them (they still compile in the doc test).

export const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** Every fenced block of a Markdown text: { lang, flags, code, line } (line is 1-based). */
export function codeBlocks(text) {
  const out = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^```\s*(\S*)\s*(.*)$/);
    if (!open) continue;
    const start = i;
    const body = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    out.push({ lang: open[1], flags: open[2].split(/\s+/).filter(Boolean), code: body.join("\n") + "\n", line: start + 1 });
  }
  return out;
}

const LANGS = { js: "JavaScript", ts: "TypeScript", rust: "Rust", sh: "Shell", yaml: "YAML", json: "JSON", text: "Text", toml: "TOML" };
/** A code block: scrollable, so it is focusable with a name (keyboard users can scroll it). */
export const codeBlock = (lang, code) =>
  `<pre class="code" data-lang="${escape(lang)}" tabindex="0" role="group" aria-label="${escape(`${LANGS[lang] ?? lang} code`)}"><code>${escape(code)}</code></pre>`;

export const slug = (text) => text.toLowerCase().replace(/`/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function safeHref(url, rewrite) {
  // An absolute http(s) URL, or a relative one with no scheme at all (no colon anywhere).
  if (/^https?:\/\/[^\s"<>]+$/i.test(url) || /^[\w./#?=&-]+$/.test(url)) return rewrite(url);
  return null;
}

/** Inline Markdown → HTML. `rewrite` maps link targets (e.g. "x.md" → "x.html"). */
export function inline(text, rewrite = (u) => u) {
  const parts = text.split(/(`[^`]+`)/);
  return parts.map((p, i) => {
    if (i % 2 === 1) return `<code>${escape(p.slice(1, -1))}</code>`;
    let s = escape(p);
    s = s.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, label, url) => {
      const href = safeHref(url.replace(/&amp;/g, "&"), rewrite);
      return href === null ? label : `<a href="${escape(href)}">${label}</a>`;
    });
    s = s.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
    s = s.replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
    return s;
  }).join("");
}

/**
 * Markdown → { title, html, headings, widgets }. `fence(block)` may return HTML for a fenced
 * block (widgets); otherwise the block is shown as code.
 */
export function toHtml(text, { rewrite = (u) => u, fence = () => null } = {}) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const html = [];
  const headings = [];
  let title = null;
  let para = [];
  const flush = () => {
    if (para.length) html.push(`<p>${inline(para.join(" "), rewrite)}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let m;
    if ((m = line.match(/^```\s*(\S*)\s*(.*)$/))) {
      flush();
      const body = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
      const block = { lang: m[1], flags: m[2].split(/\s+/).filter(Boolean), code: body.join("\n") + "\n", line: i };
      const custom = fence(block);
      if (custom !== null && custom !== undefined) { html.push(custom); continue; }
      let shown = block.code;
      if (block.lang === "rust") shown = body.filter((l) => !/^\s*#(\s|$)/.test(l)).join("\n") + "\n";
      html.push(codeBlock(block.lang, shown.replace(/\n$/, "")));
    } else if ((m = line.match(/^(#{1,4})\s+(.*)$/))) {
      flush();
      const level = m[1].length;
      const id = slug(m[2]);
      if (level === 1 && title === null) title = m[2].replace(/`/g, "");
      else headings.push({ level, id, text: m[2].replace(/`/g, "") });
      html.push(`<h${level} id="${id}">${inline(m[2], rewrite)}</h${level}>`);
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      flush();
      const ordered = /^\s*\d+\./.test(line);
      const items = [];
      while (i < lines.length && (/^\s*([-*]|\d+\.)\s+/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length))) {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i])) items.push(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ""));
        else items[items.length - 1] += " " + lines[i].trim();
        i++;
      }
      i--;
      const tag = ordered ? "ol" : "ul";
      html.push(`<${tag}>${items.map((it) => `<li>${inline(it, rewrite)}</li>`).join("")}</${tag}>`);
    } else if (line.startsWith(">")) {
      flush();
      const quote = [];
      while (i < lines.length && lines[i].startsWith(">")) quote.push(lines[i++].replace(/^>\s?/, ""));
      i--;
      html.push(`<aside class="note">${inline(quote.join(" "), rewrite)}</aside>`);
    } else if (line.startsWith("|") && /^\|[\s:|-]+\|$/.test(lines[i + 1] ?? "")) {
      flush();
      const cells = (l) => l.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const head = cells(line);
      const rows = [];
      for (i += 2; i < lines.length && lines[i].startsWith("|"); i++) rows.push(cells(lines[i]));
      i--;
      html.push(`<div class="table-wrap"><table><thead><tr>${head.map((c) => `<th scope="col">${inline(c, rewrite)}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c, rewrite)}</td>`).join("")}</tr>`).join("")}</tbody></table></div>`);
    } else if (!line.trim()) {
      flush();
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return { title, html: html.join("\n"), headings };
}
