// Control-plane upgrade: a cluster's static pod manifests, kubeadm config or command lines, and
// whether each component still starts after an upgrade. Every answer comes from kubegate's
// checkControlPlaneUpgrade (the same imports and checks as `kubegate upgrade --manifests`); the
// releases offered are the package's own. This panel only keeps the texts and draws the report.
import { h, render, messageOf, labelled, versionRange, select } from "../ui.js";
import { field, isObject } from "../state.js";

/** How each text is read: the API's input it goes to. */
const KINDS = [
  ["manifest", "Static pod manifest"],
  ["kubeadm", "kubeadm config"],
  ["cmdline", "Command line or unit"],
  ["file", "Config file a flag names"],
];
const KIND_IDS = KINDS.map((k) => k[0]);
const MAX_FILES = 20;
/** Largest text kept per file from a share link or a file picker. */
const MAX_TEXT = 500_000;
const MAX_NAME = 300;

export default {
  id: "upgrade",
  title: "Control-plane upgrade",
  widget: false,
  create({ kubegate, container }) {
    const releases = versionRange(kubegate);
    /** @typedef {{ name: string, kind: string, text: string, key: number }} UpgradeText */
    const DEFAULTS = { from: releases[Math.min(3, releases.length - 1)], to: releases[0], files: /** @type {UpgradeText[]} */ ([]) };
    let state = structuredClone(DEFAULTS);
    let seq = 0;

    const from = select(releases, state.from, { id: "up-from" });
    const to = select(releases, state.to, { id: "up-to" });
    const filesBox = h("div", { id: "up-files", class: "up-files" });
    const picker = h("input", { type: "file", id: "up-file-input", class: "visually-hidden", tabindex: "-1", "aria-label": "Files to open", multiple: true, accept: ".yaml,.yml,.json,.manifest,.service,.conf,.sh,.txt" });
    const status = h("p", { id: "up-status", role: "status", "aria-live": "polite" });
    const failure = h("div", { id: "up-error", class: "error", role: "alert", hidden: true });
    const result = h("div", { id: "up-result" });

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "Control-plane upgrade"),
        h("p", {}, "Paste or open a cluster's static pod manifests, its kubeadm ClusterConfiguration or the components' command lines, pick the release it runs and the one to go to, and see whether kube-apiserver, kube-controller-manager, kube-scheduler and kube-proxy still start: each flag and config version the new binaries refuse, the release it stops being accepted in, and where it is written.")),
      h("div", { class: "controls" },
        labelled("From release", from),
        labelled("To release", to),
        h("button", { type: "button", id: "up-add", onclick: () => { addFile({ name: "kube-apiserver.yaml", kind: "manifest", text: "" }); draw(); filesBox.querySelector(".up-file:last-child textarea")?.focus(); } }, "Add a text"),
        h("button", { type: "button", id: "up-open", onclick: () => picker.click() }, "Open files…"),
        picker),
      filesBox,
      status,
      failure,
      result);

    from.addEventListener("change", () => { state.from = from.value; check(); });
    to.addEventListener("change", () => { state.to = to.value; check(); });
    picker.addEventListener("change", async () => {
      for (const f of [...picker.files].slice(0, MAX_FILES - state.files.length)) {
        const text = (await f.text()).slice(0, MAX_TEXT);
        addFile({ name: f.name, kind: guessKind(text), text });
      }
      picker.value = "";
      draw();
    });

    /** A first guess of how to read an opened file (the person can change it). */
    function guessKind(text) {
      if (/^kind:\s*(ClusterConfiguration|InitConfiguration)\s*$/m.test(text)) return "kubeadm";
      if (/^kind:\s*(Pod|DaemonSet|Deployment|List|ConfigMap)\s*$/m.test(text)) return "manifest";
      if (/^kind:/m.test(text)) return "file";
      return "cmdline";
    }

    function addFile(f) {
      if (state.files.length >= MAX_FILES) return;
      state.files.push({ ...f, key: ++seq });
    }

    // ---- the texts, one card each
    const editors = new Map(); // key -> textarea
    function drawFiles() {
      editors.clear();
      render(filesBox, state.files.map((f, i) => {
        const n = i + 1;
        const name = h("input", { type: "text", class: "mono", id: `up-name-${f.key}`, value: f.name, spellcheck: "false", autocomplete: "off" });
        const kind = select(KINDS, f.kind, { id: `up-kind-${f.key}` });
        const ta = h("textarea", { id: `up-text-${f.key}`, class: "mono code", rows: "8", spellcheck: "false", autocomplete: "off", wrap: "off", "aria-label": `Text ${n}: ${f.name}` });
        ta.value = f.text;
        editors.set(f.key, ta);
        name.addEventListener("change", () => { f.name = name.value.slice(0, MAX_NAME); ta.setAttribute("aria-label", `Text ${n}: ${f.name}`); check(); });
        kind.addEventListener("change", () => { f.kind = kind.value; check(); });
        ta.addEventListener("input", () => { f.text = ta.value.slice(0, MAX_TEXT); schedule(); });
        const remove = h("button", { type: "button", class: "up-remove", "aria-label": `Remove text ${n} (${f.name})`, onclick: () => { state.files = state.files.filter((x) => x !== f); draw(); } }, "Remove");
        return h("fieldset", { class: "up-file" },
          h("legend", {}, `Text ${n}`),
          h("div", { class: "row" }, labelled(f.kind === "file" ? "Path the flag names" : "Name", name, "field wide"), labelled("Read as", kind), remove),
          ta);
      }));
    }

    let timer = 0;
    function schedule() { clearTimeout(timer); timer = setTimeout(check, 250); }

    /** The texts as checkControlPlaneUpgrade takes them. */
    function request() {
      /** @type {import("kubegate").ControlPlaneUpgradeInput & { manifests: import("kubegate").ControlPlaneText[], cmdlines: import("kubegate").ControlPlaneText[], files: Record<string, string> }} */
      const r = { from: state.from, to: state.to, manifests: [], cmdlines: [], files: {} };
      for (const f of state.files) {
        const t = { name: f.name, text: f.text };
        if (f.kind === "manifest") r.manifests.push(t);
        else if (f.kind === "cmdline") r.cmdlines.push(t);
        else if (f.kind === "file") r.files[f.name] = f.text;
        else if (r.kubeadm) throw new Error("only one kubeadm config can be read at a time");
        else r.kubeadm = t;
      }
      return r;
    }

    /** The text whose name is `file`, if one is. */
    const textNamed = (file) => state.files.find((f) => f.name === file);

    function selectLine(file, line) {
      const f = textNamed(file);
      const ta = f && editors.get(f.key);
      if (!ta) return;
      const lines = ta.value.split("\n");
      const start = lines.slice(0, line - 1).reduce((a, l) => a + l.length + 1, 0);
      ta.focus();
      ta.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
      const lh = parseFloat(getComputedStyle(ta).lineHeight) || 18;
      ta.scrollTop = Math.max(0, (line - 3) * lh);
    }

    /** Where config files' texts were read from (a volume's host path, the input holding them). */
    let sources = [];
    /** `file:line`, a button that selects that line when the text is one of ours. */
    function at(loc) {
      if (!loc?.file) return null;
      const file = sources.find((s) => s.path === loc.file)?.from ?? loc.file;
      const text = loc.line ? `${file}:${loc.line}` : file;
      if (!textNamed(file) || !loc.line) return h("code", { class: "up-at" }, text);
      return h("button", { type: "button", class: "link up-at", title: `Show line ${loc.line} of ${file}`, onclick: () => selectLine(file, loc.line) }, text);
    }

    const yesNo = (ok, release) => h("span", { class: ok ? "up-ok" : "up-bad" }, ok ? "starts" : "does not start", h("span", { class: "visually-hidden" }, ` at ${release}`));

    function drawReport({ report, read }) {
      sources = read.sources;
      const comps = report.components;
      const broken = comps.filter((c) => !c.starts).length;
      const multi = report.steps.length > 1;
      const summary = report.starts
        ? `Every component starts at ${report.to}.`
        : `${broken} of ${comps.length} component${comps.length === 1 ? "" : "s"} would not start at ${report.to}.`;
      const warnings = comps.flatMap((c) => c.warnings.map((w) => ({ c, w })));
      const notes = read.ignored;
      render(result,
        h("p", { id: "up-summary", class: report.starts ? "up-summary up-ok" : "up-summary up-bad" }, summary,
          read.release && read.release !== report.from.split(".").slice(0, 2).join(".") ? h("span", { class: "muted" }, ` (the texts name Kubernetes ${read.release}, not ${report.from})`) : null),
        h("div", { class: "table-wrap" }, h("table", { class: "up-table", id: "up-table" },
          h("caption", {}, `Upgrade ${report.from} → ${report.to}${multi ? ` (through ${report.steps.join(", ")})` : ""}`),
          h("thead", {}, h("tr", {}, ["Component", `Starts at ${report.from}`, `Starts at ${report.to}`, "What breaks", "What changes"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, comps.map((c) => h("tr", { class: c.starts ? "" : "up-row-bad" },
            h("th", { scope: "row" }, h("code", {}, c.component), c.file ? h("div", { class: "muted up-file-name" }, c.file) : null),
            h("td", { "data-label": `At ${report.from}` }, yesNo(c.startsBefore, report.from),
              c.errorsBefore.length ? h("div", { class: "muted" }, c.errorsBefore[0].message, " ", at(c.errorsBefore[0])) : null),
            h("td", { "data-label": `At ${report.to}` }, yesNo(c.starts, report.to)),
            h("td", { "data-label": "What breaks", class: "up-breaks" }, c.problems.length
              ? h("ul", {}, c.problems.map((p) => h("li", {},
                h("span", { class: "up-msg" }, p.error.message), " ",
                p.already ? h("span", { class: "up-badge" }, `already at ${report.from}`) : p.arrives ? h("span", { class: "up-badge up-arrives" }, `from ${p.arrives}`) : null, " ",
                at(p.error))))
              : h("span", { class: "muted" }, "nothing")),
            h("td", { "data-label": "What changes", class: "up-changes" }, c.changes.length
              ? h("ul", {}, c.changes.map((g) => h("li", {}, g.message, g.arrives && multi ? h("span", { class: "muted" }, ` (from ${g.arrives})`) : null)))
              : h("span", { class: "muted" }, "no default of a gate it reads changes"))))))),
        warnings.length ? h("section", { "aria-labelledby": "up-h-warn" },
          h("h3", { id: "up-h-warn" }, `Warnings at ${report.to}`),
          h("ul", { id: "up-warnings" }, warnings.map(({ c, w }) => h("li", {}, h("code", {}, c.component), ": ", w.warning.message,
            w.arrives ? h("span", { class: "muted" }, ` (new in ${w.arrives})`) : null, " ", at(w.warning))))) : null,
        notes.length ? h("details", { id: "up-notes" }, h("summary", {}, `What the import left out (${notes.length})`),
          h("ul", {}, notes.map((n) => h("li", {}, n.line ? `line ${n.line}: ` : "", n.what)))) : null,
        report.limits.length ? h("details", { id: "up-limits" }, h("summary", {}, "What this check cannot judge"),
          h("ul", {}, report.limits.map((l) => h("li", {}, l)))) : null);
    }

    function check() {
      clearTimeout(timer);
      failure.hidden = true;
      for (const ta of editors.values()) ta.removeAttribute("aria-invalid");
      if (!state.files.length) {
        status.textContent = "Add a text or open files, or choose the control-plane example in the Examples menu.";
        render(result);
        return;
      }
      try {
        const out = kubegate.checkControlPlaneUpgrade(request());
        status.textContent = "";
        drawReport(out);
      } catch (e) {
        render(result);
        const m = messageOf(e);
        const bare = m.replace(/^line \d+: /, "");
        const file = state.files.find((f) => bare.startsWith(`${f.name}: `));
        const ta = file && editors.get(file.key);
        if (ta) ta.setAttribute("aria-invalid", "true");
        render(failure, h("p", {}, m, " "), file && e.line ? at({ file: file.name, line: e.line }) : null);
        failure.hidden = false;
        status.textContent = "";
      }
    }

    function draw() {
      from.value = state.from;
      to.value = state.to;
      drawFiles();
      check();
    }
    draw();

    return {
      getState() {
        const out = {};
        if (state.from !== DEFAULTS.from) out.from = state.from;
        if (state.to !== DEFAULTS.to) out.to = state.to;
        if (state.files.length) out.files = state.files.map(({ name, kind, text }) => ({ name, kind, text }));
        return out;
      },
      setState(s) {
        if (!isObject(s)) throw new Error("the upgrade state should be an object");
        const next = structuredClone(DEFAULTS);
        next.from = field(s, "from", "string", DEFAULTS.from);
        next.to = field(s, "to", "string", DEFAULTS.to);
        for (const k of ["from", "to"]) if (!releases.includes(next[k])) throw new Error(`"${k}": kubegate has no release ${JSON.stringify(next[k].slice(0, 20))}`);
        const files = field(s, "files", "array", []);
        if (files.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} texts`);
        next.files = files.map((f, i) => {
          if (!isObject(f)) throw new Error(`files[${i}] should be an object`);
          const kind = field(f, "kind", "string", "manifest");
          if (!KIND_IDS.includes(kind)) throw new Error(`files[${i}].kind should be one of ${KIND_IDS.join(", ")}`);
          return { name: field(f, "name", "string", "").slice(0, MAX_NAME), kind, text: field(f, "text", "string", "").slice(0, MAX_TEXT), key: ++seq };
        });
        state = next;
        draw();
      },
    };
  },
};
