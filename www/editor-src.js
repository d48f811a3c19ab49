// Source of www/editor.js (bundled by scripts/build-site.sh with esbuild, so the playground
// works offline from a static server): CodeMirror 6 editors that take the place of the
// playground's textareas and one-line inputs. The panels keep their own element as the form
// value, so their code, their widgets (which never load this bundle) and every test that fills
// an element by id stay as they are; the editor only mirrors it both ways. What the editor
// knows (diagnostics, completions, hover docs) comes from functions the caller passes in:
// this module knows nothing of Kubernetes.
//
// The editing machinery is CodeMirror's own: @codemirror/commands (the default keymap, undo
// history), @codemirror/lint (diagnostics underlined in place, a gutter sign, hover and a
// panel), @codemirror/search (Ctrl-F) and @codemirror/language's folding for YAML and JSON.
// Tab is left to move focus (no indentWithTab), so a keyboard user can always leave an editor.
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, hoverTooltip } from "@codemirror/view";
import { EditorState, Prec, StateEffect } from "@codemirror/state";
import { HighlightStyle, syntaxHighlighting, StreamLanguage, bracketMatching, indentOnInput, foldGutter, foldKeymap } from "@codemirror/language";
import { autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { linter, lintGutter, lintKeymap } from "@codemirror/lint";
import { search, searchKeymap } from "@codemirror/search";
import { yaml } from "@codemirror/lang-yaml";
import { json } from "@codemirror/lang-json";
import { tags as t } from "@lezer/highlight";

/** A command line: flags, `=`, values, quoted strings and comments. */
const commandLine = StreamLanguage.define({
  name: "commandline",
  startState: () => ({ value: false }),
  token(stream, state) {
    if (stream.sol()) state.value = false;
    if (stream.eatSpace()) { state.value = false; return null; }
    if (stream.match(/^#.*/)) return "comment";
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'[^']*'?/)) return "string";
    if (!state.value && stream.match(/^--?[A-Za-z0-9][\w.-]*/)) return "propertyName";
    if (stream.eat("=")) { state.value = true; return "operator"; }
    if (stream.eat(",")) return "punctuation";
    if (stream.match(/^(true|false)\b/)) return "bool";
    if (stream.match(/^-?\d[\w.]*/)) return "number";
    stream.match(/^[^\s=,"']+/) || stream.next();
    return state.value ? "string" : "variableName";
  },
});

// Colours from the page's own theme variables, so both themes keep their contrast (axe-core
// checks every panel in both).
const highlight = HighlightStyle.define([
  { tag: [t.propertyName, t.definition(t.propertyName)], color: "var(--beta)" },
  { tag: [t.string, t.special(t.string)], color: "var(--ga)" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "var(--alpha)" },
  { tag: [t.comment, t.meta], color: "var(--muted)", fontStyle: "italic" },
  { tag: [t.keyword, t.operator, t.punctuation, t.separator], color: "var(--deprecated)" },
]);

const theme = EditorView.theme({
  "&": { backgroundColor: "var(--bg)", color: "var(--fg)", border: "1px solid var(--line)", borderRadius: "6px", fontSize: "13px" },
  "&.cm-focused": { outline: "3px solid var(--accent)", outlineOffset: "1px" },
  ".cm-content": { fontFamily: "var(--mono)", caretColor: "var(--fg)" },
  ".cm-scroller": { fontFamily: "var(--mono)", lineHeight: "1.45" },
  ".cm-gutters": { backgroundColor: "var(--panel)", color: "var(--muted)", borderRight: "1px solid var(--line)" },
  ".cm-activeLine": { backgroundColor: "transparent" },
  ".cm-cursor": { borderLeftColor: "var(--fg)" },
  ".cm-tooltip": { backgroundColor: "var(--panel)", color: "var(--fg)", border: "1px solid var(--line)" },
  ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: "var(--accent)", color: "var(--accent-fg)" },
  ".cm-completionDetail": { color: "inherit", opacity: "1" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--bad)" },
  ".cm-diagnostic-warning": { borderLeftColor: "var(--warn)" },
  ".cm-diagnostic": { fontFamily: "system-ui, sans-serif", maxWidth: "40em" },
  ".cm-lintRange-error": { backgroundColor: "var(--mark)" },
  ".cm-lintPoint-error:after": { borderBottomColor: "var(--bad)" },
  // The search and lint panels sit inside the editor and take the page's colours too.
  ".cm-panels": { backgroundColor: "var(--panel)", color: "var(--fg)" },
  ".cm-panels.cm-panels-top": { borderBottom: "1px solid var(--line)" },
  ".cm-panels.cm-panels-bottom": { borderTop: "1px solid var(--line)" },
  ".cm-textfield": { backgroundColor: "var(--bg)", color: "var(--fg)", border: "1px solid var(--line)", borderRadius: "4px" },
  ".cm-button": { backgroundImage: "none", backgroundColor: "var(--bg)", color: "var(--fg)", border: "1px solid var(--line)", borderRadius: "4px" },
  ".cm-panel.cm-search label": { color: "var(--fg)" },
  ".cm-panel button[name=close]": { color: "var(--fg)" },
  // Matches are outlined rather than filled, so every token keeps its contrast in both themes.
  ".cm-searchMatch": { backgroundColor: "transparent", outline: "1px solid var(--warn)" },
  ".cm-searchMatch.cm-searchMatch-selected": { backgroundColor: "transparent", outline: "2px solid var(--accent)" },
  ".cm-selectionMatch": { backgroundColor: "transparent" },
  ".cm-foldPlaceholder": { backgroundColor: "var(--panel)", color: "var(--fg)", border: "1px solid var(--line)" },
  ".cm-activeLineGutter": { backgroundColor: "transparent", color: "var(--fg)" },
  ".cm-panel.cm-panel-lint ul [aria-selected], .cm-panel.cm-panel-lint ul:focus [aria-selected]": { backgroundColor: "var(--accent)", color: "var(--accent-fg)" },
  ".cm-diagnosticSource": { opacity: "1" },
  ".cm-hover-doc": { padding: "4px 8px", maxWidth: "32em", fontFamily: "system-ui, sans-serif" },
  ".cm-placeholder": { color: "var(--muted)" },
});

// ---- diagnostics: the caller gives { line, message, severity } (the whole line's text is
// marked) or { from, to, message, severity } in document offsets (a gate inside a
// --feature-gates string); @codemirror/lint underlines the range, puts a sign in the gutter and
// shows the message on hover and in its panel (Ctrl-Shift-M).
/** Asks for the diagnostics again though the text is unchanged (what it means changed: the
 *  release, a path, another layer). @codemirror/lint's forceLinting only hurries a pending run. */
const relintEffect = StateEffect.define();

function toDiagnostic(doc, d) {
  const severity = d.severity ?? "error";
  let from;
  let to;
  if (Number.isInteger(d.from) && Number.isInteger(d.to) && d.from >= 0 && d.to <= doc.length && d.from <= d.to) {
    ({ from, to } = d);
  } else if (Number.isInteger(d.line) && d.line >= 1 && d.line <= doc.lines) {
    const line = doc.line(d.line);
    const indent = line.text.length - line.text.trimStart().length;
    from = line.from + Math.min(indent, line.length);
    to = line.to;
  } else {
    return null;
  }
  // An empty range would be drawn as a widget, and CodeMirror pads widgets with <img> spacers
  // (the hostile-input tests count every <img>): cover the next character (an empty line's
  // line break) or the one before, and in an empty document leave it to the panel's status.
  if (from === to) {
    if (to < doc.length) to += 1;
    else if (from > 0) from -= 1;
    else return null;
  }
  return { from, to, severity, message: d.message };
}

/** The word (a gate, field or flag name) around `pos`, with its range. */
function wordAt(state, pos) {
  const line = state.doc.lineAt(pos);
  const re = /[A-Za-z0-9_.-]+/g;
  let m;
  while ((m = re.exec(line.text))) {
    const from = line.from + m.index;
    const to = from + m[0].length;
    if (pos >= from && pos <= to) return { from, to, text: m[0].replace(/^-+/, "") };
  }
  return null;
}

/** The text a textarea's or input's label gives it, for the editor's accessible name. */
function nameOf(el) {
  return el.getAttribute("aria-label") || [...(el.labels ?? [])].map((l) => l.textContent.trim()).join(" ") || el.getAttribute("placeholder") || "Editor";
}

/**
 * Puts a CodeMirror editor in place of `el` (a textarea, or a text input with `singleLine`).
 * `el` stays in the page, visually hidden, as the value the panel reads and writes:
 * an edit here sets it and fires `input` on it; a value the panel writes (setState, an import,
 * a test's fill) is mirrored back.
 * Options: language ("yaml" | "json" | "args"),
 * lint(text) -> [{ line, message, severity } | { from, to, message, severity }],
 * complete(context) -> { from, options } | null, hover(word, lineText) -> string | null.
 * @param {HTMLTextAreaElement | HTMLInputElement} el
 * @param {{ language?: "yaml" | "json" | "args", singleLine?: boolean, lint?: (text: string) => any[],
 *   complete?: (context: any) => any, hover?: (word: string, lineText: string) => string | null }} [options]
 */
export function mountEditor(el, { language = "yaml", singleLine = false, lint, complete, hover } = {}) {
  if (el.dataset.editor) return null;
  /** Where the caret stood after a completion that ended in "=", or -1. */
  let afterCompletion = -1;
  el.dataset.editor = "on";
  const lang = { yaml: yaml(), json: json(), args: commandLine }[language] ?? [];
  const extensions = [
    theme,
    syntaxHighlighting(highlight),
    lang,
    history(),
    // A steady caret: CodeMirror's blink is a compositor animation, and while it runs Chromium
    // draws 60 frames a second, so a key press waits for the next frame's turn instead of being
    // drawn at once (key press to painted frame; BENCHMARKS.md).
    // WCAG 2.2.2 asks that blinking be avoidable; a caret that does not blink always is.
    drawSelection({ cursorBlinkRate: 0 }),
    EditorState.tabSize.of(2),
    // tabindex makes the content's focusability explicit: the scroller around it may scroll (a
    // long line on a phone) and axe-core wants a scrolling region to hold a focusable element.
    EditorView.contentAttributes.of({ "aria-label": nameOf(el), spellcheck: "false", autocorrect: "off", autocapitalize: "off", tabindex: "0" }),
    keymap.of([...closeBracketsKeymap, ...completionKeymap, ...historyKeymap, ...lintKeymap, ...defaultKeymap]),
    autocompletion({ override: complete ? [complete] : [], activateOnTyping: true, icons: false }),
    // A completion that ends in "=" (a gate in --feature-gates) is often followed by the "=" the
    // hand was about to type anyway: that one is absorbed, so "Name=" plus "=false" is "Name=false".
    EditorView.inputHandler.of((v, from, to, text) => {
      const at = afterCompletion;
      afterCompletion = -1;
      return text === "=" && from === to && from === at && v.state.sliceDoc(from - 1, from) === "=";
    }),
    EditorView.updateListener.of((u) => {
      if (!u.docChanged) return;
      const picked = u.transactions.some((tr) => tr.isUserEvent("input.complete"));
      afterCompletion = picked && u.state.sliceDoc(u.state.selection.main.head - 1, u.state.selection.main.head) === "=" ? u.state.selection.main.head : -1;
    }),
    EditorView.updateListener.of((u) => {
      if (!u.docChanged) return;
      const text = u.state.doc.toString();
      if (el.value === text) return;
      setValue.call(el, text);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }),
  ];
  // The placeholder is drawn by CSS (styles.css, .cm-empty): CodeMirror's own placeholder is a
  // widget with <img> spacers, and the hostile-input tests rightly count every <img>.
  const empty = (doc) => view?.dom.classList.toggle("cm-empty", doc.length === 0);
  extensions.push(EditorView.updateListener.of((u) => { if (u.docChanged) empty(u.state.doc); }));
  if (singleLine) {
    // One line, as the input it replaces: Enter does what it did there (nothing new), pasted
    // newlines become spaces.
    extensions.push(Prec.high(keymap.of([{ key: "Enter", run: () => true }])));
    extensions.push(EditorState.transactionFilter.of((tr) => (tr.newDoc.lines > 1 ? [tr, { changes: { from: 0, to: tr.newDoc.length, insert: tr.newDoc.sliceString(0).replace(/\n/g, " ") }, sequential: true }] : tr)));
  } else {
    extensions.push(
      lineNumbers(), highlightActiveLine(), highlightActiveLineGutter(), bracketMatching(), indentOnInput(), closeBrackets(),
      search({ top: true }), keymap.of(searchKeymap),
      EditorView.contentAttributes.of({ "aria-multiline": "true" }),
      // Long lines wrap rather than scroll sideways, where a phone would hide their end.
      EditorView.lineWrapping,
    );
    // YAML and JSON fold by their syntax tree; a command line has nothing to fold.
    if (language !== "args") extensions.push(foldGutter(), keymap.of(foldKeymap));
  }
  // Diagnostics are computed after typing pauses, so a keystroke costs no package call.
  if (lint) {
    extensions.push(linter((v) => {
      /** @type {any[]} */
      let found = [];
      try { found = lint(v.state.doc.toString()) ?? []; } catch { /* a linter that fails shows nothing */ }
      return found.flatMap((d) => toDiagnostic(v.state.doc, d) ?? []);
    }, { delay: 250, needsRefresh: (u) => u.transactions.some((tr) => tr.effects.some((e) => e.is(relintEffect))) }));
    if (!singleLine) extensions.push(lintGutter());
  }
  if (hover) {
    extensions.push(hoverTooltip((view, pos) => {
      const w = wordAt(view.state, pos);
      const text = w && hover(w.text, view.state.doc.lineAt(pos).text);
      if (!text) return null;
      return { pos: w.from, end: w.to, above: true, create: () => {
        const dom = document.createElement("div");
        dom.className = "cm-hover-doc";
        dom.textContent = text;
        return { dom };
      } };
    }, { hoverTime: 300 }));
  }

  const proto = Object.getPrototypeOf(el);
  const desc = Object.getOwnPropertyDescriptor(proto, "value");
  // A textarea's and an input's prototype always define `value` as an accessor; anything else
  // keeps its plain field.
  if (!desc?.get || !desc.set) return null;
  const getValue = desc.get;
  const setValue = desc.set;
  let view = null;
  // In a widget the element lives in a shadow root: CodeMirror's styles must be mounted there.
  view = new EditorView({ state: EditorState.create({ doc: el.value, extensions }), root: /** @type {Document | ShadowRoot} */ (el.getRootNode()) });
  view.dom.classList.add(singleLine ? "cm-single" : "cm-multi");
  if (el.placeholder) view.dom.style.setProperty("--cm-placeholder", JSON.stringify(el.placeholder));
  empty(view.state.doc);
  const sync = () => {
    const text = getValue.call(el);
    if (text !== view.state.doc.toString()) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  };
  // The panel writes `.value` directly (setState, imports, "Edit" buttons): follow it.
  Object.defineProperty(el, "value", { configurable: true, get: () => getValue.call(el), set: (v) => { setValue.call(el, v); sync(); } });
  el.addEventListener("input", sync);
  // Whoever focuses the element (a label, the panel jumping to a line, a test's fill or press)
  // gets the editor, at once so the next key lands there. A range selected in the element (the
  // panel selects the line at fault; fill selects everything) carries over, now or when its
  // "select" event comes; a bare caret there means nothing (setting the value moves it), so the
  // editor keeps its own.
  const takeSelection = () => {
    const len = view.state.doc.length;
    const anchor = Math.min(el.selectionStart ?? 0, len);
    const head = Math.min(el.selectionEnd ?? anchor, len);
    if (anchor !== head) view.dispatch({ selection: { anchor, head }, scrollIntoView: true });
  };
  el.addEventListener("focus", () => { takeSelection(); view.focus(); });
  el.addEventListener("select", () => { if (view.hasFocus) takeSelection(); });
  // What the panel says about the value (aria-invalid, the description) holds for the editor.
  const mirror = () => {
    for (const a of ["aria-invalid", "aria-describedby"]) {
      const v = el.getAttribute(a);
      if (v === null) view.contentDOM.removeAttribute(a);
      else view.contentDOM.setAttribute(a, v);
    }
  };
  mirror();
  new MutationObserver(mirror).observe(el, { attributes: true, attributeFilter: ["aria-invalid", "aria-describedby"] });
  const hadFocus = document.activeElement === el;
  el.classList.add("cm-hidden-source");
  el.tabIndex = -1;
  el.setAttribute("aria-hidden", "true");
  el.after(view.dom);
  // Mounted while someone was typing in the element: carry on in the editor.
  if (hadFocus) { takeSelection(); view.focus(); }
  // Panels wrap a control in its <label>: a click in the editor must not count as a click on
  // the label, which would focus the hidden element and move the caret.
  if (el.closest("label")) view.dom.addEventListener("click", (e) => e.preventDefault());
  return {
    view,
    /** Runs the linter again (e.g. after the release changed). */
    relint() {
      if (lint) view.dispatch({ effects: relintEffect.of(null) });
    },
  };
}
