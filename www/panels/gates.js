// Gates: pick versions, type a --feature-gates string, see every gate's stage, default, value
// and why; compare with another version. Every value comes from kubegate's FeatureGate.
import { h, render, marked, messageOf, labelled, versionRange, newestRelease, select, debounceFrame, onFileDrop, setText, placeChildren, gateDocUrl, toCsv, copyButton, relabel, downloadButton, whenIdle, eagerFrame } from "../ui.js";
import { field } from "../state.js";

const STAGES = ["all", "Alpha", "Beta", "GA", "Deprecated", "PreAlpha"];
const REASON_TEXT = {
  Explicit: "set by --feature-gates",
  AllAlpha: "filled in by AllAlpha",
  AllBeta: "filled in by AllBeta",
  Override: "default overridden",
  Default: "default at this version",
};
const BASE_DEFAULTS = {
  // "release": the real binary of the chosen release; "emulate": the newest binary emulating it.
  mode: "release",
  emulation: null,
  // The real binary's patch release ("4" for 1.32.4), or "" for the release as the data first
  // pins it: a few gates changed within a minor (a backport), so a patch can answer differently.
  patch: "",
  minCompat: "",
  source: "builtin",
  listText: "",
  listName: "",
  flags: "",
  search: "",
  filter: "all",
  value: "all",
  changedOnly: false,
  compare: "",
  reader: "all",
  // A component's /metrics text to compare with (a share link and an example carry it).
  metrics: "",
};
/** Largest feature list accepted from a file, paste or URL (the real one is ~41 KB). */
const MAX_LIST_BYTES = 5_000_000;
/** Largest /metrics text read from a paste or a file (a kubelet's is a few hundred KB). */
const MAX_METRICS_BYTES = 5_000_000;
// The components whose code may read a gate (releaseGates' `components`), with a short label.
const COMPONENTS = [
  ["kube-apiserver", "apiserver"],
  ["kube-controller-manager", "controller-manager"],
  ["kube-scheduler", "scheduler"],
  ["kubelet", "kubelet"],
  ["kube-proxy", "proxy"],
];
const READERS = ["all", ...COMPONENTS.map(([c]) => c), "none"];
const SHORT = Object.fromEntries(COMPONENTS);
/** A gate name with a line-break opportunity at each camel-case boundary (and nowhere else):
 *  "InPlacePodVertical…" may wrap before "Pod", never mid-word. */
function camelBreaks(name) {
  const parts = String(name).split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
  return parts.flatMap((p, i) => (i ? [h("wbr"), p] : [p]));
}
const MISMATCH_TEXT = { enabled: "on/off differs", stage: "stage differs", unknown: "unknown gate" };

export default {
  id: "gates",
  title: "Feature gates",
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container, later }) {
    const { FeatureGate, parseFeatureList } = kubegate;
    const range = kubegate.releases();
    const DEFAULTS = { ...BASE_DEFAULTS, emulation: newestRelease(kubegate) };
    let state = { ...DEFAULTS };
    let features = null; // Record<name, FeatureSpec[]> of the current source
    let listError = null;
    const baseCache = new Map(); // "emu|mc" -> FeatureGate with the features added

    // ---- controls
    const mode = select([
      ["release", "The real binary of a release"],
      ["emulate", `The ${range.newest} binary emulating a version`],
    ], state.mode, { id: "gates-mode" });
    const emu = select(versionRange(kubegate), state.emulation, { id: "gates-emulation" });
    const patch = h("input", { type: "text", id: "gates-patch", class: "mono patch", inputmode: "numeric", pattern: "[0-9]*", maxlength: "3", size: "3", placeholder: "0", autocomplete: "off", "aria-describedby": "gates-patch-note" });
    const patchNote = h("span", { class: "hint muted", id: "gates-patch-note" });
    const patchField = h("div", { class: "field-wrap", id: "gates-patch-field" }, labelled("Patch release", patch), patchNote);
    /** The release the panel answers for: the minor, or minor.patch when a patch is given (real
     *  binaries only; the emulated version has no patch). */
    const releaseV = () => (releaseMode() && /^\d{1,3}$/.test(state.patch) ? `${state.emulation}.${Number(state.patch)}` : state.emulation);
    const mc = select([["", "default (one minor below)"], ...versionRange(kubegate)], state.minCompat, { id: "gates-mincompat" });
    const source = select([["builtin", "Built-in Kubernetes gates"], ["custom", "Imported versioned_feature_list.yaml"]], state.source, { id: "gates-source" });
    const modeNote = h("p", { class: "hint", id: "gates-mode-note", "aria-live": "polite" });
    const flags = h("input", {
      id: "gates-flags", type: "text", class: "mono", spellcheck: "false", autocomplete: "off",
      placeholder: "AllAlpha=true,SomeFeature=false", "aria-describedby": "gates-flag-status",
    });
    const flagStatus = h("div", { id: "gates-flag-status", class: "flag-status", "aria-live": "polite" });
    const fileInput = h("input", { type: "file", accept: ".yaml,.yml,.txt", id: "gates-file", class: "visually-hidden", "aria-label": "A versioned_feature_list.yaml file" });
    const fileButton = h("button", { type: "button", onclick: () => fileInput.click() }, "Open file…");
    const pasteArea = h("textarea", { id: "gates-paste", rows: "4", class: "mono", placeholder: "…or paste versioned_feature_list.yaml here", "aria-label": "Paste a versioned_feature_list.yaml" });
    const urlInput = h("input", { type: "url", id: "gates-url", placeholder: "https://…/versioned_feature_list.yaml", "aria-label": "URL of a feature list" });
    const urlButton = h("button", { type: "button", onclick: () => loadUrl() }, "Load URL");
    const listStatus = h("p", { class: "list-status", id: "gates-list-status", "aria-live": "polite" });
    const importBox = h("div", { class: "import", id: "gates-import" },
      h("p", { class: "hint" }, "Drop a versioned_feature_list.yaml anywhere on this panel, open it, paste it, or load it from a URL."),
      h("div", { class: "row" }, fileButton, fileInput, urlInput, urlButton),
      pasteArea, listStatus);
    const search = h("input", { type: "search", id: "gates-search", placeholder: "Filter by name", "aria-label": "Filter gates by name" });
    const stage = select(STAGES.map((s) => [s, s === "all" ? "All stages" : s]), "all", { id: "gates-stage", "aria-label": "Filter by stage" });
    const value = select([["all", "On and off"], ["on", "Only on"], ["off", "Only off"]], "all", { id: "gates-value", "aria-label": "Filter by value" });
    const changed = h("input", { type: "checkbox", id: "gates-changed" });
    const reader = select(READERS.map((c) => [c, c === "all" ? "Any component" : c === "none" ? "None (registered, never read)" : c]), "all", { id: "gates-reader", "aria-label": "Filter by the component whose code reads the gate" });
    const compare = select([["", "no comparison"], ...versionRange(kubegate)], "", { id: "gates-compare" });
    const summary = h("p", { class: "summary", id: "gates-summary", "aria-live": "polite" });
    // The table as shown (filters applied), for a spreadsheet or a script.
    // A filtered table exports only its shown rows: the file's name and the buttons say so.
    const slug = (t) => String(t).toLowerCase().replace(/[^a-z0-9.]+/g, "-").replace(/^-+|-+$/g, "");
    const filterParts = () => [
      state.filter !== "all" ? slug(state.filter) : "",
      state.value !== "all" ? state.value : "",
      state.changedOnly ? "changed" : "",
      state.reader === "all" ? "" : state.reader === "none" ? "read-by-none" : `read-by-${slug(state.reader)}`,
      state.search.trim() ? `name-${slug(state.search.trim())}` : "",
    ].filter(Boolean);
    const exportName = (ext) => {
      const parts = filterParts();
      return `feature-gates-${releaseMode() ? "" : "emulated-"}${releaseV()}${parts.length ? `-filtered-${parts.join("-")}` : ""}.${ext}`;
    };
    const exportRows = () => lastRows.map((s) => ({
      name: s.name, stage: s.preRelease, stageSince: sinceOf(s) ?? null, default: s.default, enabled: s.enabled,
      locked: s.locked, reason: s.reason, readBy: readersOf(s.name)?.components ?? null, ...(state.compare ? { [`at${state.compare}`]: compareText(s.name) } : {}),
    }));
    const exportJson = () => `${JSON.stringify(exportRows(), null, 2)}\n`;
    const exportCsv = () => {
      const rows = exportRows();
      return toCsv(
        ["name", "stage", "stageSince", "default", "enabled", "locked", "reason", "readBy", ...(state.compare ? [`at ${state.compare}`] : [])],
        rows.map((r) => Object.values({ ...r, readBy: r.readBy === null ? "unknown" : r.readBy.join(" ") })));
    };
    const downloadCsv = downloadButton("Download CSV", () => exportName("csv"), "text/csv", exportCsv, { id: "gates-download-csv" });
    const downloadJson = downloadButton("Download JSON", () => exportName("json"), "application/json", exportJson, { id: "gates-download-json" });
    const copyCsv = copyButton("Copy CSV", exportCsv, { id: "gates-copy-csv" });
    const copyJson = copyButton("Copy JSON", exportJson, { id: "gates-copy-json" });
    const exportBar = h("div", { class: "row export", id: "gates-export" }, downloadCsv, downloadJson, copyCsv, copyJson);
    const table = h("table", { class: "gates", id: "gates-table" });
    const tableWrap = h("div", { class: "table-wrap gates-wrap", id: "gates-wrap" }, table);
    const diffBox = h("div", { class: "diff", id: "gates-diff", "aria-live": "polite" });
    const warningsBox = h("ul", { class: "warnings", id: "gates-warnings" });

    // ---- compare with what a running component reports (its /metrics)
    const metricsText = h("textarea", {
      id: "gates-metrics-text", class: "mono", rows: "4", spellcheck: "false", autocomplete: "off",
      "aria-label": "A component's /metrics text", "aria-describedby": "gates-metrics-hint",
      placeholder: 'kubernetes_feature_enabled{name="NodeSwap",stage="BETA"} 1',
    });
    const metricsFile = h("input", { type: "file", id: "gates-metrics-file", class: "visually-hidden", accept: ".txt,.prom,text/plain", "aria-label": "A /metrics file to compare" });
    const metricsStatus = h("div", { id: "gates-metrics-status", "aria-live": "polite" });
    const metricsBox = h("details", { id: "gates-metrics", class: "import" },
      h("summary", {}, "Compare with a running component's /metrics"),
      h("p", { class: "hint", id: "gates-metrics-hint" },
        "Paste, open or drop on this box a component's /metrics (for a kubelet: kubectl get --raw /api/v1/nodes/NAME/proxy/metrics). ",
        "Its kubernetes_feature_enabled lines are compared with what the real binary of the chosen version makes of the --feature-gates above."),
      metricsText,
      h("div", { class: "row" },
        h("button", { type: "button", id: "gates-metrics-open", onclick: () => metricsFile.click() }, "Open file…"), metricsFile,
        h("button", { type: "button", id: "gates-metrics-clear", onclick: () => { metricsText.value = state.metrics = ""; drawMetrics(); } }, "Clear")),
      metricsStatus);

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "Feature gates"),
        h("p", {}, "What a Kubernetes component does with --feature-gates, exactly as k8s.io/component-base/featuregate resolves it: either the real binary of a release, or the newest binary emulating an older version."),
        h("p", { class: "muted", id: "gates-data-note" }, `Release data: Kubernetes ${range.oldest} to ${range.newest}.`)),
      h("div", { class: "controls" },
        labelled("Answer for", mode),
        labelled("Known gates", source),
        labelled("Version", emu),
        patchField,
        labelled("Min compatibility version", mc)),
      modeNote,
      importBox,
      h("div", { class: "flag-row" }, labelled("--feature-gates", flags, "field wide"), flagStatus),
      warningsBox,
      metricsBox,
      h("div", { class: "controls filters" },
        labelled("Search", search),
        labelled("Stage", stage),
        labelled("Value", value),
        labelled("Read by", reader),
        h("label", { class: "check" }, changed, " only values that differ from the default"),
        labelled("Compare with version", compare)),
      diffBox,
      summary,
      exportBar,
      tableWrap);

    // ---- loading feature lists
    function setList(text, name) {
      if (text.length > MAX_LIST_BYTES) {
        listError = `The list is larger than ${MAX_LIST_BYTES} bytes.`;
      } else {
        state.listText = text;
        state.listName = name;
        state.source = "custom";
        source.value = "custom";
      }
      refreshFeatures();
      update();
    }
    fileInput.addEventListener("change", async () => {
      const f = fileInput.files?.[0];
      if (f) setList(await f.text(), f.name);
    });
    pasteArea.addEventListener("input", () => setList(pasteArea.value, "pasted text"));
    onFileDrop(container, async (f) => setList(await f.text(), f.name));
    async function loadUrl() {
      const url = urlInput.value.trim();
      if (!/^https?:\/\//i.test(url) && !url.startsWith("./") && !url.startsWith("/")) {
        listError = "Give an http(s) URL or a path on this site.";
        return update();
      }
      listStatus.textContent = "Loading…";
      try {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        setList(await res.text(), url);
      } catch (e) {
        listError = `Could not load ${url}: ${messageOf(e)}`;
        update();
      }
    }

    // ---- /metrics: read and compared by the package; drawn here
    metricsText.addEventListener("input", () => { state.metrics = metricsText.value; scheduledMetrics(); });
    metricsFile.addEventListener("change", async () => {
      const f = metricsFile.files?.[0];
      metricsFile.value = "";
      if (f) await metricsFromFile(f);
    });
    // A file dropped on this box is a /metrics text, not a feature list (the panel's own drop).
    metricsBox.addEventListener("dragover", (e) => { e.preventDefault(); e.stopPropagation(); });
    metricsBox.addEventListener("drop", async (e) => {
      e.preventDefault();
      e.stopPropagation();
      container.classList.remove("dropping");
      const f = e.dataTransfer?.files?.[0];
      if (f) await metricsFromFile(f);
    });
    async function metricsFromFile(f) {
      metricsBox.open = true;
      if (f.size > MAX_METRICS_BYTES) {
        return render(metricsStatus, h("p", { class: "error", role: "alert" }, `Not read: ${f.name} is larger than ${MAX_METRICS_BYTES} bytes.`));
      }
      metricsText.value = state.metrics = await f.text();
      drawMetrics();
    }

    function drawMetrics() {
      const text = metricsText.value;
      if (!text.trim()) return render(metricsStatus, h("p", { class: "muted" }, "Nothing to compare yet."));
      if (text.length > MAX_METRICS_BYTES) return render(metricsStatus, h("p", { class: "error", role: "alert" }, `Not read: the text is larger than ${MAX_METRICS_BYTES} bytes.`));
      // The playground may have drawn this panel from the gate core alone (app.js): the /metrics
      // reader comes with the full package, a moment later.
      if (!kubegate.importFeatureMetrics) {
        later?.then(() => drawMetrics());
        return render(metricsStatus, h("p", { class: "muted" }, "Loading…"));
      }
      let report;
      try {
        report = kubegate.importFeatureMetrics(text);
      } catch (e) {
        return render(metricsStatus, h("p", { class: "error", role: "alert", id: "gates-metrics-error" }, `Not read: ${messageOf(e)}`));
      }
      const against = `the ${releaseV()} binary with ${state.flags.trim() ? "these --feature-gates" : "no --feature-gates"}`;
      let mismatches;
      try {
        mismatches = kubegate.compareFeatureMetrics(text, releaseV(), state.flags);
      } catch (e) {
        return render(metricsStatus,
          h("p", { class: "muted" }, `${report.gates.length} gate${report.gates.length === 1 ? "" : "s"} reported.`),
          h("p", { class: "error", role: "alert" }, `Nothing to compare with: ${releaseV()} refuses these --feature-gates (${messageOf(e)}).`));
      }
      const note = (n) => h("li", {}, n.line ? `line ${n.line}: ` : "", n.what);
      const on = report.gates.filter((g) => g.enabled).length;
      render(metricsStatus,
        h("p", { class: mismatches.length ? "error" : "ok", id: "gates-metrics-summary" },
          `${report.gates.length} gate${report.gates.length === 1 ? "" : "s"} reported (${on} on). `,
          mismatches.length
            ? `${mismatches.length} mismatch${mismatches.length === 1 ? "" : "es"} with ${against}.`
            : `Every reported gate matches ${against}.`),
        !releaseMode() ? h("p", { class: "muted" }, `Compared with the real ${state.emulation} binary, whatever the panel answers for above: a running component is a real binary.`) : null,
        mismatches.length ? h("div", { class: "table-wrap phone-cards-wrap" }, h("table", { class: "gates metrics-mismatches phone-cards", id: "gates-metrics-mismatches" },
          h("caption", { class: "visually-hidden" }, "Gates whose reported state differs from the flags"),
          h("thead", {}, h("tr", {}, ["Line", "Gate", "What", "Details"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, mismatches.map((m) => h("tr", { dataset: { kind: m.kind } },
            h("td", { class: "mono", "data-label": "Line" }, String(m.line)),
            h("th", { scope: "row" }, h("code", {}, m.name)),
            h("td", { "data-label": "What" }, MISMATCH_TEXT[m.kind] ?? m.kind),
            h("td", { class: "wide", "data-label": "Details" }, m.message)))))) : null,
        report.understood.length ? h("details", {}, h("summary", {}, `${report.understood.length} understood`), h("ul", { id: "gates-metrics-understood" }, report.understood.map(note))) : null,
        report.ignored.length ? h("details", {}, h("summary", {}, `${report.ignored.length} ignored`), h("ul", { id: "gates-metrics-ignored" }, report.ignored.map(note))) : null);
    }
    const scheduledMetrics = debounceFrame(drawMetrics);

    function refreshFeatures() {
      for (const g of baseCache.values()) g.free();
      baseCache.clear();
      listError = null;
      features = null;
      if (state.source === "custom") {
        if (!state.listText.trim()) {
          listError = "No list imported yet: open, drop, paste or load one.";
          return;
        }
        try {
          features = parseFeatureList(state.listText);
        } catch (e) {
          listError = messageOf(e);
        }
      } else {
        features = kubegate.kubernetesFeatures();
      }
    }

    const releaseMode = () => state.mode === "release" && state.source === "builtin";

    /** A gate with the current features at (emu, mc); cached, callers get a deep copy. In
     *  release mode, the real binary of release `emuV` (its own gates, at its own version). */
    function baseGate(emuV, mcV) {
      const key = `${releaseMode() ? "release" : "emulate"}|${emuV}|${mcV}`;
      let g = baseCache.get(key);
      if (!g) {
        if (releaseMode()) {
          g = FeatureGate.forRelease(emuV);
        } else {
          g = mcV ? new FeatureGate(emuV, mcV) : new FeatureGate(emuV);
          g.addVersioned(features);
          if (state.source === "builtin" && kubegate.kubernetesDependencies) g.addDependencies(kubegate.kubernetesDependencies());
        }
        baseCache.set(key, g);
      }
      return g.deepCopy();
    }

    /** When each gate reached its stage, from the release data (release mode) or the specs. */
    const sinceCache = new Map();
    function stageSince(version) {
      if (!releaseMode()) return null;
      let m = sinceCache.get(version);
      if (!m) {
        m = new Map(kubegate.releaseGates(version).map((g) => [g.name, g]));
        sinceCache.set(version, m);
      }
      return m;
    }

    /** Resolves the flags at a version: { states, error, warnings }. */
    function resolve(emuV, mcV) {
      const g = baseGate(emuV, mcV);
      let error = null;
      let warnings = [];
      try {
        warnings = g.set(state.flags);
      } catch (e) {
        error = e;
      }
      const states = g.featureStates();
      g.free();
      return { states, error, warnings };
    }

    // ---- drawing
    // What the last check made of the --feature-gates string, for the code editor's marks.
    let flagCheck = { text: "", problems: [] };
    // `unchecked`: there is no gate to check the flags against (no valid feature list), so the
    // status says so rather than "Accepted.".
    function drawFlagStatus(error, unchecked = false) {
      flagCheck = { text: state.flags, problems: error ? (error.problems?.length ? error.problems : [{ message: error.message }]) : [] };
      if (unchecked) {
        flags.removeAttribute("aria-invalid");
        render(flagStatus, h("span", { class: "muted" }, state.flags.trim() ? "Not checked: there is no valid feature list to check these gates against." : ""));
        return;
      }
      if (!error) {
        flags.removeAttribute("aria-invalid");
        render(flagStatus, h("span", { class: "ok" }, state.flags.trim() ? "Accepted." : "No gates set: every gate has its default."));
        return;
      }
      flags.setAttribute("aria-invalid", "true");
      const problems = error.problems?.length ? error.problems : [{ message: error.message }];
      render(flagStatus,
        h("p", { class: "error", role: "alert" }, h("strong", {}, "Kubernetes refuses this: "), h("span", { class: "k8s-error" }, error.message)),
        problems.filter((p) => p.span).map((p) => h("p", { class: "pointer" }, marked(state.flags, p.span), " ", h("span", { class: "muted" }, p.message))),
        h("p", { class: "muted" }, "The component would not start; the table shows the values it had before this flag."));
    }

    // The table is patched, not redrawn: a keystroke in --feature-gates changes a handful of
    // values among hundreds of rows, and rebuilding every row cost a visible pause of layout and
    // paint per key. Each row is keyed by gate name and remembers the text of each cell, so
    // only the cells whose text changed are replaced and rows move only when the filter changes.
    const thead = h("thead");
    render(table, h("caption", { class: "visually-hidden" }, "Every known feature gate at the chosen versions"), thead);
    // The rows go in <tbody> groups of GROUP rows, each its own paint layer (styles.css): a
    // patched row repaints its group, not every row the scroll box keeps painted.
    const GROUP = 25;
    const groups = [];
    function placeAll(trs) {
      const n = Math.max(1, Math.ceil(trs.length / GROUP));
      while (groups.length < n) groups.push(table.appendChild(h("tbody")));
      while (groups.length > n) groups.pop().remove();
      groups.forEach((g, i) => placeChildren(g, trs.slice(i * GROUP, (i + 1) * GROUP)));
    }
    let headKey = "";
    let lastRows = []; // the gate states shown, for export
    let compareBy = null; // name -> state at the comparison version
    let sinceBy = null; // name -> when it reached its stage (release mode)
    const sinceOf = (s) => (sinceBy ? sinceBy.get(s.name)?.stageSince : s.stageSince);
    // Where the release data read a gate's facts (release mode): shown on the stage cell's hover,
    // with a "website" mark when no source of that release's code was reachable.
    const factSource = (name) => {
      const g = sinceBy?.get(name);
      if (!g?.source) return "";
      const why = !g.fromWebsite ? "" : g.source.startsWith("kubernetes/website@")
        ? " (a kubernetes/website page: no source of this release's code is reachable)"
        : " (carried from the previous release: no website page changed it)";
      return `Facts of ${releaseV()} from ${g.source}${why}`;
    };
    const compareText = (name) => {
      const o = compareBy?.get(name);
      return !o ? "unknown" : `${o.preRelease} · ${o.enabled ? "on" : "off"}${o.locked ? " · locked" : ""}`;
    };
    // Which reference page lists a gate: one the release data says was removed is on the
    // removed-gates page; every other (and any gate of an imported list) on the main one.
    const removedIn = (name) => (sinceBy?.get(name) ?? newestGates().get(name))?.removed ?? null;
    let newestCache = null;
    const newestGates = () => (newestCache ??= new Map(kubegate.releaseGates(range.newest).map((g) => [g.name, g])));
    // Which components read a gate: the release's facts (release mode), else the newest
    // release's (the binary that emulates); null components: unknown (no facts for it there).
    const readersOf = (name) => (sinceBy ?? newestGates()).get(name);
    // A history for every gate of the release data (not for a name only an imported list has).
    const hasHistory = (name) => typeof kubegate.gateHistory === "function" && readersOf(name) !== undefined;
    function readersCell(name) {
      const g = readersOf(name);
      const list = g?.components;
      if (list == null) return h("td", { "data-label": "Read by", class: "muted readers", title: "Which components read it is unknown for this release (no component facts for it)" }, "unknown");
      const carried = g.componentsCarried ? " (in part another release's answer: this release's sources lack that code)" : "";
      if (!list.length) return h("td", { "data-label": "Read by", class: "muted readers", title: `Registered, but no component's code reads it${carried}` }, "none");
      return h("td", { "data-label": "Read by", class: "readers", title: `Read by ${list.join(", ")}${carried}` }, list.map((c) => SHORT[c] ?? c).join(", "));
    }

    // ---- a gate's history: every release's stage, default and lock, who reads it, the source
    const historyBody = h("div", { id: "gate-history-body" });
    const historyTitle = h("h2", { id: "gate-history-title" });
    const historyDialog = h("dialog", { id: "gate-history", class: "embed-dialog gate-history", "aria-labelledby": "gate-history-title" },
      h("div", { class: "row gate-history-head" },
        historyTitle,
        h("button", { type: "button", id: "gate-history-close", onclick: () => historyDialog.close() }, "Close")),
      historyBody);
    container.append(historyDialog);
    // The playground's editors open it too, from any panel (Alt+Shift+H on a gate name,
    // www/editors.js). A modal inside a hidden panel is not drawn, so in the playground's page
    // it moves to the body first; a widget's (in its shadow root) stays where its styles are.
    document.addEventListener("kubegate:gate-history", (e) => {
      const name = /** @type {CustomEvent<{ name?: unknown }>} */ (e).detail?.name;
      if (typeof name !== "string" || !hasHistory(name) || container.getRootNode() !== document) return;
      if (historyDialog.parentNode !== document.body) document.body.append(historyDialog);
      openHistory(name);
    });
    // A release's rows name their patches unless one row covers every patch: a gate a patch
    // backported (first in 1.32.3) must not read as if 1.32.0 had it.
    const patchesOf = (r, rows) => {
      if (rows.filter((x) => x.release === r.release).length === 1 && r.fromPatch === 0 && r.toPatch === null) return r.release;
      if (r.toPatch === null) return `${r.release}.${r.fromPatch}+`;
      return r.toPatch === r.fromPatch ? `${r.release}.${r.fromPatch}` : `${r.release}.${r.fromPatch}–${r.release}.${r.toPatch}`;
    };
    function openHistory(name) {
      let hist;
      try {
        hist = kubegate.gateHistory(name);
      } catch (e) {
        setText(historyTitle, name);
        render(historyBody, h("p", { class: "error", role: "alert" }, messageOf(e)));
        historyDialog.showModal();
        return;
      }
      const rows = hist.rows;
      const readers = (r) => r.components == null ? "unknown" : r.components.length
        ? r.components.map((c, i) => [i ? ", " : "", h("span", { class: "nowrap" }, c)])
        : "none";
      const at = state.emulation;
      setText(historyTitle, `${hist.name}: history`);
      render(historyBody,
        h("p", { id: "gate-history-life" },
          hist.removed ? `Registered from ${hist.since} until ${hist.removed} (removed in ${hist.removed}).` : `Registered from ${hist.since} to ${range.newest}.`,
          hist.since === range.oldest ? ` ${range.oldest} also stands for earlier releases.` : ""),
        h("p", {}, hist.reference
          ? h("a", { href: hist.reference, rel: "noopener noreferrer", target: "_blank", id: "gate-history-reference" }, "Its entry in the Kubernetes feature gate reference")
          : h("span", { class: "muted" }, "No entry in the Kubernetes feature gate reference.")),
        h("p", { class: "muted" }, "Read by: the components whose code reads the gate (unknown where no facts exist). A release whose patches differ has one row per patch range."),
        h("table", { class: "gate-history-table", id: "gate-history-table" },
          h("caption", { class: "visually-hidden" }, `${hist.name} in every release that registered it`),
          h("thead", {}, h("tr", {}, ["Release", "Stage", "Default", "Locked", "Read by"].map((t) => h("th", { scope: "col" }, t)))),
          rows.map((r) => h("tbody", { "aria-current": r.release === at ? "true" : null, class: r.release === at ? "current" : null },
            h("tr", {},
              h("th", { scope: "row", class: "mono" }, patchesOf(r, rows)),
              h("td", { "data-label": "Stage" }, h("span", { class: `stage stage-${r.preRelease.toLowerCase()}` }, r.preRelease)),
              h("td", { "data-label": "Default" }, String(r.default)),
              h("td", { "data-label": "Locked" }, r.lockToDefault ? "yes" : "no"),
              h("td", { "data-label": "Read by", class: r.components?.length ? "readers" : "muted readers" }, readers(r), r.componentsCarried ? " (in part another release's answer)" : "")),
            h("tr", { class: "muted" },
              h("td", { colspan: "5", class: "mono src" }, `from ${r.source}${r.fromWebsite ? " (rests on the website)" : ""}`))))),
        hist.removed ? h("p", {}, `${hist.removed}: removed; a binary of that release refuses the name.`) : null);
      historyDialog.showModal();
    }

    const rowCache = new Map(); // name -> { tr, keys: string[], cls }
    let shownNames = ""; // the gates the table lists, in order, at the last draw

    /** [key, build] per cell: the key is everything the cell shows. */
    function cellsFor(s, diff, from) {
      const stageCls = `stage stage-${s.preRelease.toLowerCase()}`;
      return [
        [`${s.name}|${removedIn(s.name)}|${hasHistory(s.name)}`, () => h("th", { scope: "row" },
          h("a", { href: gateDocUrl(s.name, removedIn(s.name) !== null), rel: "noopener noreferrer", class: "gate-doc", title: `${s.name} in the Kubernetes feature gate reference` }, h("code", {}, camelBreaks(s.name))),
          hasHistory(s.name) ? [" ", h("button", { type: "button", class: "gate-history-open", "aria-label": `History of ${s.name}`, title: `${s.name} in every release: stage, default, lock, who reads it`, onclick: () => openHistory(s.name) }, "history")] : null)],
        [`${s.preRelease}|${from ?? ""}|${factSource(s.name)}`, () => h("td", { "data-label": "Stage", title: factSource(s.name) || null }, h("span", { class: stageCls }, s.preRelease), from ? h("span", { class: "muted since" }, ` since ${from}`) : null, sinceBy?.get(s.name)?.fromWebsite ? h("span", { class: "muted website", title: factSource(s.name) }, " · website") : null)],
        [String(s.default), () => h("td", { "data-label": "Default" }, String(s.default))],
        [String(s.enabled), () => h("td", { "data-label": "Value", class: s.enabled ? "on" : "off" }, s.enabled ? "on" : "off")],
        [String(s.locked), () => h("td", { "data-label": "Locked" }, s.locked ? h("span", { class: "locked", title: "locked to its default" }, "locked") : "")],
        [s.reason, () => h("td", { "data-label": "Why", class: "why" }, REASON_TEXT[s.reason] ?? s.reason)],
        [JSON.stringify([readersOf(s.name)?.components, readersOf(s.name)?.componentsCarried]), () => readersCell(s.name)],
        ...(diff === null ? [] : [[diff, () => h("td", { "data-label": `At ${state.compare}`, class: "cmp" }, diff)]]),
      ];
    }

    // A keystroke such as AllAlpha=true changes a third of the rows, most of them out of view;
    // patching them all cost more than a frame of style, layout and paint. Rows in
    // or near view (the table's scroll box clips what the page shows; on a phone the table does
    // not scroll and the page does) are patched at once; the others when the browser is idle
    // (the table says aria-busy meanwhile), and a row scrolled into reach is patched as soon as
    // the observer reports it. A pending patch that a later keystroke undoes is never applied.
    const near = new Set(); // rows within a box-height of the visible part of the table
    const reported = new WeakSet(); // rows the observer has placed (the others count as near)
    const pending = new Map(); // gate name -> { row, cells, cls } not yet applied
    let cancelIdle = null;
    let cancelTail = null; // the rows still to be built, in appendLater
    const observer = typeof IntersectionObserver === "function"
      ? new IntersectionObserver((entries) => {
        for (const e of entries) {
          reported.add(e.target);
          if (e.isIntersecting) near.add(e.target); else near.delete(e.target);
        }
        for (const [name, p] of pending) if (near.has(p.row.tr)) { applyRow(p.row, p.cells, p.cls); pending.delete(name); }
        busy();
      }, { root: null, rootMargin: "100% 0px" })
      : null;
    const inReach = (tr) => !observer || !reported.has(tr) || near.has(tr);
    function busy() {
      if (pending.size || cancelTail) table.setAttribute("aria-busy", "true");
      else table.removeAttribute("aria-busy");
      if (!pending.size) { cancelIdle?.(); cancelIdle = null; }
      if (pending.size && !cancelIdle) cancelIdle = whenIdle(flushPending);
    }
    function flushPending(deadline) {
      cancelIdle = null;
      for (const [name, p] of pending) {
        applyRow(p.row, p.cells, p.cls);
        pending.delete(name);
        if (!deadline.didTimeout && deadline.timeRemaining() < 2) break;
      }
      busy();
    }
    function applyRow(row, cells, cls) {
      if (row.cls !== cls) { row.tr.className = cls; row.cls = cls; }
      cells.forEach(([key, build], i) => {
        if (row.keys[i] === key) return;
        const old = row.tr.children[i];
        if (old) row.tr.replaceChild(build(), old); else row.tr.append(build());
        row.keys[i] = key;
      });
      while (row.keys.length > cells.length) { row.tr.lastElementChild?.remove(); row.keys.pop(); }
    }

    /** The row of gate `s`, built, patched now, or (out of reach, when `defer`) queued. */
    function rowFor(s, diff, from, defer) {
      const cells = cellsFor(s, diff, from);
      const cls = s.enabled !== s.default ? "changed" : "";
      let row = rowCache.get(s.name);
      if (!row) {
        row = { tr: h("tr", { class: cls }, cells.map(([, build]) => build())), keys: cells.map(([k]) => k), cls };
        rowCache.set(s.name, row);
        observer?.observe(row.tr);
        return row.tr;
      }
      pending.delete(s.name);
      const same = row.cls === cls && row.keys.length === cells.length && cells.every(([key], i) => row.keys[i] === key);
      if (same) return row.tr;
      if (defer && !inReach(row.tr)) pending.set(s.name, { row, cells, cls });
      else applyRow(row, cells, cls);
      return row.tr;
    }

    // A table drawn from nothing (the first answer, another list) builds the rows that fill its
    // box at once and the others in idle slices after it: the first answer is on screen sooner
    //. The table says aria-busy until every row is there; any redraw starts over
    // from the rows already built.
    const FIRST_ROWS = 40;
    function appendLater(placed, rest, build) {
      let i = 0;
      const step = (deadline) => {
        const start = i;
        while (i < rest.length && (deadline.didTimeout ? i - start < FIRST_ROWS : deadline.timeRemaining() > 2)) placed.push(build(rest[i++]));
        placeAll(placed);
        cancelTail = i < rest.length ? whenIdle(step) : null;
        busy();
      };
      cancelTail = whenIdle(step);
    }

    const placeRows = (rows) => {
      cancelTail?.();
      cancelTail = null;
      if (!rows.length) shownNames = "";
      placeAll(rows);
    };

    function drawTable(states, other) {
      const q = state.search.trim().toLowerCase();
      const otherBy = other ? new Map(other.map((s) => [s.name, s])) : null;
      const since = stageSince(releaseV());
      sinceBy = since;
      // The component filter keeps gates whose readers are unknown: it never guesses.
      let unknownKept = 0;
      const readBy = (s) => {
        if (state.reader === "all") return true;
        const list = readersOf(s.name)?.components;
        if (list == null) { unknownKept++; return true; }
        return state.reader === "none" ? list.length === 0 : list.includes(state.reader);
      };
      const rows = states.filter((s) =>
        readBy(s) &&
        (!q || s.name.toLowerCase().includes(q)) &&
        (state.filter === "all" || s.preRelease === state.filter) &&
        (state.value === "all" || (state.value === "on") === s.enabled) &&
        (!state.changedOnly || s.enabled !== s.default));
      const head = ["Gate", "Stage", "Default", "Value", "Locked", "Why", "Read by"];
      if (otherBy) head.push(`At ${state.compare}`);
      if (head.join("|") !== headKey) {
        headKey = head.join("|");
        render(thead, h("tr", {}, head.map((t) => h("th", { scope: "col" }, t))));
      }
      // A custom list may name thousands of gates over a session: keep only what can be shown.
      if (rowCache.size > 4 * states.length + 100) {
        rowCache.clear();
        pending.clear();
        observer?.disconnect();
      }
      compareBy = otherBy;
      // Rows are deferred only while the table keeps its rows in place: after a filter moves
      // them, what the observer last saw says nothing about where they are now.
      const names = rows.map((s) => s.name).join("\n");
      const stable = names === shownNames;
      shownNames = names;
      const build = (s) => rowFor(s, otherBy ? compareText(s.name) : null, sinceOf(s), stable);
      const fresh = rows.reduce((n, s) => n + (rowCache.has(s.name) ? 0 : 1), 0);
      const now = fresh > 2 * FIRST_ROWS ? FIRST_ROWS : rows.length;
      const placed = rows.slice(0, now).map(build);
      placeRows(placed);
      if (now < rows.length) appendLater(placed, rows.slice(now), build);
      busy();
      lastRows = rows;
      const on = states.filter((s) => s.enabled).length;
      const at = releaseMode() ? `in the ${releaseV()} binary` : `at ${state.emulation}`;
      const readerNote = state.reader === "all" ? ""
        : ` · ${state.reader === "none" ? "read by no component" : `read by ${state.reader}`}${unknownKept ? ` (${unknownKept} whose readers are unknown kept)` : ""}`;
      setText(summary, `${rows.length} of ${states.length} gates shown${readerNote} · ${on} on ${at}`);
      const filtered = filterParts().length > 0;
      const what = filtered ? ` of ${rows.length} filtered row${rows.length === 1 ? "" : "s"}` : ` of all ${rows.length} gate${rows.length === 1 ? "" : "s"}`;
      setText(downloadCsv, `Download CSV${what}`);
      setText(downloadJson, `Download JSON${what}`);
      relabel(copyCsv, `Copy CSV${what}`);
      relabel(copyJson, `Copy JSON${what}`);
    }

    function drawDiff(states, other, otherError) {
      if (!other) return render(diffBox);
      const by = new Map(other.map((s) => [s.name, s]));
      const changes = [];
      for (const s of states) {
        const o = by.get(s.name);
        if (!o) continue;
        const parts = [];
        if (s.preRelease !== o.preRelease) parts.push(`stage ${s.preRelease} → ${o.preRelease}`);
        if (s.default !== o.default) parts.push(`default ${s.default} → ${o.default}`);
        if (s.enabled !== o.enabled) parts.push(`value ${s.enabled ? "on" : "off"} → ${o.enabled ? "on" : "off"}`);
        if (s.locked !== o.locked) parts.push(o.locked ? "becomes locked" : "unlocked");
        if (parts.length) changes.push(h("li", {}, h("code", {}, s.name), ": ", parts.join(", ")));
      }
      render(diffBox,
        h("h3", {}, `From ${state.emulation} to ${state.compare} with these settings`),
        otherError ? h("p", { class: "error" }, `At ${state.compare} Kubernetes refuses the flag: ${otherError.message}`) : null,
        changes.length
          ? h("details", { open: changes.length <= 12 }, h("summary", {}, changes.length === 1 ? "1 gate changes" : `${changes.length} gates change`), h("ul", {}, changes))
          : h("p", { class: "muted" }, "Nothing changes."));
    }

    function update() {
      const emulating = !releaseMode();
      mc.disabled = !emulating;
      mc.closest("label").hidden = !emulating;
      patch.disabled = !releaseMode();
      patchField.hidden = !releaseMode();
      if (releaseMode()) {
        // Which patches answer as this one: the package's patch ranges, never typed here.
        const pr = kubegate.releasePatchRange(releaseV());
        const span = pr.toPatch === null ? `${pr.release}.${pr.fromPatch} and later` : pr.fromPatch === pr.toPatch ? `${pr.release}.${pr.fromPatch}` : `${pr.release}.${pr.fromPatch} to ${pr.release}.${pr.toPatch}`;
        setText(patchNote, state.patch && !/^\d{1,3}$/.test(state.patch) ? "a patch is a whole number, such as 4 for 1.32.4" : `answers as ${span}`);
      }
      mode.disabled = state.source !== "builtin";
      setText(modeNote, releaseMode()
        ? `Kubernetes ${releaseV()} as released: exactly the gates that release registered, with its defaults and locks. Gates removed earlier are unknown to it and refused.`
        : state.source === "builtin"
          ? `The ${range.newest} binary with --emulated-version=${state.emulation}: its own gate list evaluated at ${state.emulation}. Gates it no longer has stay unknown even if ${state.emulation} had them.`
          : `The imported list evaluated at ${state.emulation}.`);
      setText(listStatus, state.source === "custom"
        ? listError ?? `Using ${Object.keys(features ?? {}).length} features from ${state.listName || "the imported list"}.`
        : "");
      listStatus.className = listError ? "list-status error" : "list-status";
      importBox.hidden = state.source !== "custom";
      if (!features) {
        placeRows([]);
        render(thead);
        headKey = "";
        summary.textContent = "";
        render(diffBox);
        drawFlagStatus(null, true);
        return;
      }
      let result;
      try {
        result = resolve(releaseV(), state.minCompat);
      } catch (e) {
        // A list that breaks upstream's rules (e.g. a decreasing version) fails when added.
        listStatus.textContent = `This feature list is not valid: ${messageOf(e)}`;
        listStatus.className = "list-status error";
        placeRows([]);
        render(thead);
        headKey = "";
        drawFlagStatus(null, true);
        return;
      }
      drawFlagStatus(result.error);
      render(warningsBox, result.warnings.map((w) => h("li", {}, `${w.message} (${w.feature}=${w.value})`)));
      let other = null;
      let otherError = null;
      if (state.compare) {
        const r = resolve(state.compare, "");
        other = r.states;
        otherError = r.error;
      }
      drawTable(result.states, other);
      drawDiff(result.states, other, otherError);
      if (metricsText.value.trim()) drawMetrics();
    }
    // A keystroke is answered in its own event, so the frame after it only draws (ui.js).
    const scheduled = eagerFrame(update);

    const bind = (el, key, ev = "change", conv = (v) => v) =>
      el.addEventListener(ev, () => {
        state[key] = conv(el.type === "checkbox" ? el.checked : el.value);
        if (key === "emulation" || key === "minCompat" || key === "source" || key === "mode") refreshFeatures();
        scheduled();
      });
    bind(mode, "mode");
    bind(emu, "emulation");
    bind(patch, "patch", "input", (v) => String(v).trim());
    bind(mc, "minCompat");
    bind(source, "source");
    bind(flags, "flags", "input");
    bind(search, "search", "input");
    bind(stage, "filter");
    bind(value, "value");
    bind(changed, "changedOnly");
    bind(reader, "reader");
    bind(compare, "compare");

    function syncControls() {
      mode.value = state.mode;
      emu.value = state.emulation;
      patch.value = state.patch;
      mc.value = state.minCompat;
      source.value = state.source;
      flags.value = state.flags;
      search.value = state.search;
      stage.value = state.filter;
      value.value = state.value;
      changed.checked = state.changedOnly;
      reader.value = state.reader;
      compare.value = state.compare;
      if (metricsText.value !== state.metrics) {
        metricsText.value = state.metrics;
        if (state.metrics) metricsBox.open = true;
        drawMetrics();
      }
    }

    refreshFeatures();
    syncControls();
    update();

    return {
      /** The --feature-gates string last checked and its problems (spans in the string). */
      flagCheck: () => flagCheck,
      getState: () => {
        const out = {};
        for (const [k, v] of Object.entries(state)) if (v !== DEFAULTS[k]) out[k] = v;
        if (state.source !== "custom") { delete out.listText; delete out.listName; }
        return out;
      },
      setState(s) {
        const versions = new Set(versionRange(kubegate));
        const next = { ...DEFAULTS };
        for (const k of Object.keys(DEFAULTS)) next[k] = field(s, k, typeof DEFAULTS[k], DEFAULTS[k]);
        if (!versions.has(next.emulation)) throw new Error(`unknown emulated version ${JSON.stringify(next.emulation.slice(0, 20))}`);
        if (next.minCompat && !versions.has(next.minCompat)) throw new Error("unknown min compatibility version");
        if (next.compare && !versions.has(next.compare)) throw new Error("unknown comparison version");
        if (!["builtin", "custom"].includes(next.source)) throw new Error("unknown gate source");
        if (!["release", "emulate"].includes(next.mode)) throw new Error("unknown mode: answer for a release or for emulation");
        if (!STAGES.includes(next.filter)) next.filter = "all";
        if (!["all", "on", "off"].includes(next.value)) next.value = "all";
        if (!READERS.includes(next.reader)) next.reader = "all";
        if (next.listText.length > MAX_LIST_BYTES) throw new Error("the feature list is too large");
        if (next.metrics.length > MAX_METRICS_BYTES) throw new Error("the /metrics text is too large");
        if (!/^\d{0,3}$/.test(next.patch)) throw new Error(`a patch release is a whole number, not ${JSON.stringify(next.patch.slice(0, 10))}`);
        state = next;
        refreshFeatures();
        syncControls();
        update();
      },
    };
  },
};
