// The docs' only script (besides live widgets): a copy button on every code block, keyboard access
// to tables that scroll sideways, and search
// over every page from search-index.json, which scripts/build-docs.mjs prebuilds. No server, no
// dependency; everything from the index is inserted as text.

// ---- copy buttons
for (const pre of document.querySelectorAll("pre.code")) {
  const wrap = document.createElement("div");
  wrap.className = "code-wrap";
  pre.replaceWith(wrap);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  // The visible word starts the accessible name ("Copy JavaScript code").
  const word = document.createTextNode("Copy");
  const what = document.createElement("span");
  what.className = "visually-hidden";
  what.textContent = ` ${pre.getAttribute("aria-label") ?? "code"}`;
  button.append(word, what);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(pre.textContent);
      word.data = "Copied";
    } catch {
      getSelection().selectAllChildren(pre);
      word.data = "Selected: press Ctrl+C";
    }
    setTimeout(() => (word.data = "Copy"), 2000);
  });
  wrap.append(button, pre);
}

// ---- wide tables: on a phone a table scrolls sideways in its wrapper, which then takes the
// keyboard (the arrow keys scroll it) and has a name, as the code blocks do. Only a wrapper that
// does scroll becomes a stop in the tab order.
const wraps = [...document.querySelectorAll(".table-wrap")];
function reachTables() {
  for (const wrap of wraps) {
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "group");
      const head = wrap.querySelector("th")?.textContent.trim();
      wrap.setAttribute("aria-label", `Table${head ? ` (${head}, …)` : ""}, scrolls sideways`);
    } else if (wrap.hasAttribute("tabindex")) {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
    }
  }
}
reachTables();
addEventListener("resize", reachTables);

// ---- search
const input = document.getElementById("docs-search");
const list = document.getElementById("docs-results");
const status = document.getElementById("docs-search-status");
let index = null;

async function load() {
  index ??= fetch(new URL("search-index.json", import.meta.url)).then((r) => r.json()).then((j) => j.sections.map((s) => ({
    ...s, lower: { heading: s.heading.toLowerCase(), title: s.title.toLowerCase(), text: s.text.toLowerCase() },
  })));
  return index;
}

/** Edit distance of `a` and `b`, giving up (returning max + 1) once it exceeds `max`. */
function distance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}
/** The words of a name or heading: "SidecarContainers" gives "sidecar" and "containers". */
const tokens = (text) => text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Sections that hold every word of `query`, best first: headings outweigh titles, titles text.
 * A word matches anywhere in the text (so a prefix of a name finds it); a word that matches
 * nowhere may match a word of the heading with a typo or two ("sidcar", "kublet").
 */
export async function search(query) {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}._-]+/u).filter((w) => w.length > 1);
  if (!words.length) return [];
  const all = await load();
  const out = [];
  for (const s of all) {
    let score = 0;
    let ok = true;
    for (const w of words) {
      const inHeading = s.lower.heading.includes(w), inTitle = s.lower.title.includes(w), inText = s.lower.text.includes(w);
      if (inHeading || inTitle || inText) {
        // A heading that starts with the word (a name typed from its start) ranks first.
        const starts = s.lower.heading.startsWith(w) ? 6 : 0;
        score += starts + (inHeading ? 10 : 0) + (inTitle ? 4 : 0) + (inText ? 1 + Math.min(4, s.lower.text.split(w).length - 1) / 2 : 0);
        continue;
      }
      const max = w.length >= 8 ? 2 : w.length >= 4 ? 1 : 0;
      s.tokens ??= tokens(s.heading);
      if (max && s.tokens.some((t) => distance(w, t.slice(0, Math.max(w.length, t.length)), max) <= max || distance(w, t.slice(0, w.length), max) <= max)) {
        score += 3;
        continue;
      }
      ok = false;
      break;
    }
    if (ok) out.push({ s, score });
  }
  return out.sort((a, b) => b.score - a.score).slice(0, 20).map(({ s }) => ({ ...s, excerpt: excerpt(s.text, words) }));
}

function excerpt(text, words) {
  const lower = text.toLowerCase();
  const found = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const at = found.length ? Math.max(0, Math.min(...found) - 60) : 0;
  return (at > 0 ? "…" : "") + text.slice(at, at + 180) + (at + 180 < text.length ? "…" : "");
}

function item(r) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  // A name (gate, flag, field) links to its kubernetes.io reference entry.
  a.href = r.href && /^https:\/\/kubernetes\.io\//.test(r.href) ? r.href : `${r.page}${r.id ? `#${r.id}` : ""}`;
  const strong = document.createElement("strong");
  strong.textContent = r.heading;
  const where = document.createElement("span");
  where.className = "where";
  where.textContent = r.heading === r.title ? "" : ` · ${r.title}`;
  const p = document.createElement("span");
  p.className = "excerpt";
  p.textContent = r.excerpt;
  a.append(strong, where);
  li.append(a, p);
  return li;
}

let pending = 0;
async function update() {
  const q = input.value.trim();
  const mine = ++pending;
  const results = q ? await search(q) : [];
  if (mine !== pending) return;
  list.replaceChildren(...results.slice(0, 8).map(item));
  list.hidden = !q;
  if (q && !results.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = "No page mentions that.";
    list.append(li);
  }
  status.textContent = q ? `${results.length} result${results.length === 1 ? "" : "s"}` : "";
}

if (input) {
  input.addEventListener("input", update);
  input.addEventListener("focus", () => { load(); if (input.value.trim()) update(); });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { input.value = ""; update(); }
    if (e.key === "ArrowDown") { e.preventDefault(); list.querySelector("a")?.focus(); }
  });
  list.addEventListener("keydown", (e) => {
    const links = [...list.querySelectorAll("a")];
    const i = links.indexOf(document.activeElement);
    if (e.key === "ArrowDown" && i >= 0) { e.preventDefault(); links[Math.min(i + 1, links.length - 1)].focus(); }
    if (e.key === "ArrowUp" && i >= 0) { e.preventDefault(); (i ? links[i - 1] : input).focus(); }
    if (e.key === "Escape") { input.focus(); input.value = ""; update(); }
  });
  document.addEventListener("click", (e) => { if (!e.target.closest(".docs-search")) list.hidden = true; });
}

// The search page: ?q= shows every result.
const pageResults = document.getElementById("search-page-results");
if (pageResults) {
  const q = new URLSearchParams(location.search).get("q") ?? "";
  input.value = q;
  const results = q.trim() ? await search(q) : [];
  pageResults.replaceChildren(...results.map(item));
  document.getElementById("search-page-status").textContent = q.trim()
    ? `${results.length} section${results.length === 1 ? "" : "s"} mention ${JSON.stringify(q.trim())}.`
    : "Type in the search box above.";
}
