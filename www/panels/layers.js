// Kubelet layers: edit the --config file, the --config-dir drop-ins, the command line and the
// historical dynamic config; see the effective configuration with the layer that set every
// value, the override chain, gates, errors at their file and line, the diff against defaults
// and an upgrade check. Every answer comes from resolveKubeletConfig, explainKubeletConfig and
// checkKubeletUpgrade; this module only splits the command line (as a shell would, simply) and
// draws.
import { h, render, messageOf, labelled, versionRange, select, debounceFrame, UPSTREAM, upstreamSource, extLink, copyButton, downloadButton, factsOf, spanText, keyedRows, setText, gateDocUrl, kubeletFieldDocUrl, whenIdle, eagerFrame } from "../ui.js";
import { field, isObject } from "../state.js";

const HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
const LAYER_TEXT = {
  default: "default",
  legacyFlagDefault: "flag default",
  configFile: "file",
  dropIn: "drop-in",
  flag: "flag",
  featureGateDefault: "gate default",
  dynamicConfig: "dynamic",
};
/** Largest text accepted per editor from a share link, and most drop-ins. */
const MAX_TEXT = 500_000;
const MAX_DROPINS = 50;
const DYNAMIC_DIR = "/var/lib/kubelet/dynamic-config";

const BASE_DEFAULTS = {
  version: null,
  target: null,
  // No --config-dir by default: the flag exists from 1.28 (alpha until 1.30), and the sample
  // should start on every release the data holds. "Add --config-dir" brings the drop-ins in.
  args: "--config=/etc/kubernetes/kubelet.yaml",
  configPath: "/etc/kubernetes/kubelet.yaml",
  config: `${HEADER}maxPods: 150\nevictionHard:\n  memory.available: 200Mi\n`,
  dropinDir: "/etc/kubernetes/kubelet.conf.d",
  dropins: [{ name: "10-port.conf", text: `${HEADER}port: 10260\n` }],
  alphaEnv: false,
  dynamic: false,
  assigned: `${HEADER}maxPods: 64\n`,
  assignedUnreadable: false,
  lkg: "",
  elapsed: 120,
  filter: "",
  changedOnly: true,
  allGates: false,
};

/** Splits a command line the simple way a shell does: whitespace, quotes, backslashes. */
export function splitArgs(text) {
  const out = [];
  let cur = null;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < text.length) cur += text[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      cur ??= "";
    } else if (c === "\\" && i + 1 < text.length) {
      cur = (cur ?? "") + text[++i];
    } else if (/\s/.test(c)) {
      if (cur !== null) out.push(cur);
      cur = null;
    } else {
      cur = (cur ?? "") + c;
    }
  }
  if (cur !== null) out.push(cur);
  return out;
}

const show = (v) => (typeof v === "string" ? v : JSON.stringify(v));
const isMap = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
/** The layers that mean "nobody set it". */
const DEFAULT_LAYERS = ["default", "featureGateDefault"];
/** Where upstream defaults a KubeletConfiguration (nil fields only), on the chosen release's branch. */
const DEFAULTS_SOURCE = "pkg/kubelet/apis/config/v1beta1/defaults.go";

/** The value the arguments give flag `--name` (the last one wins, as pflag has it), or null
 *  when they do not name it. */
export function flagValue(args, name) {
  let out = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i].replace(/^-(?=[^-])/, "--");
    if (a.startsWith(`--${name}=`)) out = a.slice(name.length + 3);
    else if (a === `--${name}`) out = args[i + 1] ?? "";
  }
  return out;
}
/** The --config path the arguments name, or null when they name none. */
export const configFlag = (args) => flagValue(args, "config");
/** A path as the kubelet opens it: relative paths start from its working directory, `/`. */
export const absolutePath = (p) => (p.startsWith("/") ? p : `/${p.replace(/^(\.\/)+/, "")}`);
/**
 * `text` (a command line) with the value of `--name` replaced by `value`, wherever the flag is
 * written (`--name=v`, `--name v`, quoted or not); unchanged when the flag is absent.
 */
export function withFlagValue(text, name, value) {
  const quoted = /[\s"'\\]/.test(value) ? `'${value.replace(/'/g, "'\\''")}'` : value;
  const re = new RegExp(`(^|\\s)(--?${name.replace(/-/g, "\\-")})(=|\\s+)("[^"]*"|'[^']*'|[^\\s]*)`, "g");
  return text.replace(re, (_, lead, flag, sep) => `${lead}${flag}${sep}${quoted}`);
}
const where = (o) => (o.line ? `${o.source}:${o.line}` : o.source);

/** A textarea with a line-number gutter; `mark(line)` highlights and jumps to a line. */
function codeEditor(id, label, onInput) {
  const gutter = h("pre", { class: "gutter", "aria-hidden": "true" });
  const ta = h("textarea", { id, class: "mono code", rows: "8", spellcheck: "false", autocomplete: "off", "aria-label": label, wrap: "off" });
  // The gutter is redrawn only when the line count or the marked line changes, and the scroll
  // position is read only then: reading scrollTop after a write forces a layout on every
  // keystroke.
  let drawn = "";
  let marked = null;
  const lines = () => {
    const n = ta.value.split("\n").length;
    const key = `${n}|${marked}`;
    if (key === drawn) return;
    drawn = key;
    const rows = [];
    for (let i = 1; i <= n; i++) rows.push(i === marked ? h("span", { class: "err-line" }, `${i}\n`) : `${i}\n`);
    render(gutter, rows);
    requestAnimationFrame(() => { gutter.scrollTop = ta.scrollTop; });
  };
  ta.addEventListener("input", () => { lines(); onInput(ta.value); });
  ta.addEventListener("scroll", () => { gutter.scrollTop = ta.scrollTop; });
  const wrap = h("div", { class: "code-editor" }, gutter, ta);
  return {
    el: wrap,
    ta,
    set(v) { ta.value = v; lines(); },
    /** Highlights `line` in the gutter (null clears); `jump` also selects it and scrolls there. */
    mark(line, jump = false) {
      marked = line;
      lines();
      if (ta.hasAttribute("aria-invalid") !== !!line) ta.toggleAttribute("aria-invalid", !!line);
      if (line && jump) {
        const all = ta.value.split("\n");
        const start = all.slice(0, line - 1).reduce((a, l) => a + l.length + 1, 0);
        ta.focus();
        ta.setSelectionRange(start, start + (all[line - 1] ?? "").length);
        const lh = parseFloat(getComputedStyle(ta).lineHeight) || 18;
        ta.scrollTop = Math.max(0, (line - 3) * lh);
      }
    },
  };
}

export default {
  id: "layers",
  title: "Kubelet layers",
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container }) {
    const VERSIONS = versionRange(kubegate);
    const FACTS = factsOf(kubegate);
    const dynamicSpan = FACTS.spans.dynamicKubeletConfig;
    // An upgrade from the release before the newest to the newest, until the reader picks.
    const DEFAULTS = { ...BASE_DEFAULTS, version: VERSIONS[1], target: VERSIONS[0] };
    const { resolveKubeletConfig, explainKubeletConfig, checkKubeletUpgrade } = kubegate;
    let state = structuredClone(DEFAULTS);
    let result = null;
    let failure = null;

    // ---- inputs
    const version = select(VERSIONS, state.version, { id: "layers-version" });
    const target = select([["", "no upgrade check"], ...VERSIONS], state.target, { id: "layers-target" });
    const args = h("textarea", { id: "layers-args", class: "mono", rows: "3", spellcheck: "false", "aria-describedby": "layers-args-parsed" });
    const argsParsed = h("p", { id: "layers-args-parsed", class: "hint args-parsed", "aria-live": "polite" });
    const configPath = h("input", { id: "layers-config-path", class: "mono", spellcheck: "false" });
    const dropinDir = h("input", { id: "layers-dropin-dir", class: "mono", spellcheck: "false" });
    const alphaEnv = h("input", { type: "checkbox", id: "layers-alpha-env" });
    const configEd = codeEditor("layers-config", "The --config file", (v) => { state.config = v; typed(); });
    const addConfigFlag = h("button", { type: "button", id: "layers-add-config", onclick: () => {
      state.args = `--config=${state.configPath}\n${state.args}`.trimEnd();
      args.value = state.args;
      update();
      configEd.ta.focus();
    } }, "Add --config");
    const configNote = h("div", { id: "layers-config-note", class: "hint", hidden: true },
      h("p", {}, "The arguments have no --config, so the kubelet reads no configuration file: it runs on its built-in defaults and flags, and a file here would be ignored."),
      h("div", { class: "row" }, addConfigFlag));
    const configBody = h("div", { id: "layers-config-body" }, labelled("Path", configPath, "field wide"), configEd.el);
    const dropinList = h("div", { id: "layers-dropins", class: "dropins" });
    const addDirFlag = h("button", { type: "button", id: "layers-add-config-dir", onclick: () => {
      state.args = `${state.args.trimEnd()}\n--config-dir=${state.dropinDir}`.trimStart();
      args.value = state.args;
      update();
      dropinList.querySelector("input")?.focus();
    } }, "Add --config-dir");
    let dropinBody = null;
    const dropinNote = h("div", { id: "layers-dropin-note", class: "hint", hidden: true },
      h("p", {}, `The arguments have no --config-dir, so the kubelet reads no drop-ins: the files below are drafts it ignores.${FACTS.spans.dropinDirAlphaEnv ? ` The flag exists from ${FACTS.spans.dropinDirAlphaEnv.from} (behind KUBELET_CONFIG_DROPIN_DIR_ALPHA up to ${FACTS.spans.dropinDirAlphaEnv.to}).` : ""}`),
      h("div", { class: "row" }, addDirFlag));
    const addDropin = h("button", { type: "button", id: "layers-add-dropin", onclick: () => {
      let n = state.dropins.length + 1;
      while (state.dropins.some((d) => d.name === `${n}0-dropin.conf`)) n++;
      state.dropins.push({ name: `${n}0-dropin.conf`, text: HEADER });
      drawDropins();
      scheduled();
      dropinList.querySelector(".dropin:last-child input")?.focus();
    } }, "Add drop-in");

    const dynOn = h("input", { type: "checkbox", id: "layers-dynamic" });
    const assignedEd = codeEditor("layers-assigned", "Assigned dynamic config", (v) => { state.assigned = v; typed(); });
    const unreadable = h("input", { type: "checkbox", id: "layers-assigned-unreadable" });
    const lkgEd = codeEditor("layers-lkg", "Last-known-good dynamic config", (v) => { state.lkg = v; typed(); });
    const elapsed = h("input", { type: "range", id: "layers-elapsed", min: "0", max: "1800", step: "10", "aria-describedby": "layers-elapsed-text" });
    const elapsedText = h("output", { id: "layers-elapsed-text", for: "layers-elapsed" });
    const addDynFlag = h("button", { type: "button", id: "layers-add-dynflag", onclick: () => {
      state.args = `${state.args.trimEnd()}\n--dynamic-config-dir=${DYNAMIC_DIR}`;
      args.value = state.args;
      scheduled();
    } }, `Add --dynamic-config-dir`);
    const dynBody = h("div", { class: "dyn-body", id: "layers-dynamic-body" },
      h("p", { class: "hint" }, `Kubelets ${dynamicSpan ? `${dynamicSpan.from} to ${dynamicSpan.to}` : "of some releases"} could run a config assigned through the Node object, falling back to the last-known-good one when it failed. Flags still win over it.`),
      h("div", { class: "row" }, addDynFlag),
      h("div", { class: "dyn-grid" },
        h("div", {}, h("h4", {}, "Assigned config"), assignedEd.el, h("label", { class: "check" }, unreadable, " the checkpoint cannot be read")),
        h("div", {}, h("h4", {}, "Last-known-good config"), h("p", { class: "hint" }, "Leave empty for none."), lkgEd.el)),
      labelled("Time since the config was assigned", h("div", { class: "row" }, elapsed, elapsedText)));
    const dynStatus = h("div", { id: "layers-dynamic-status", "aria-live": "polite" });

    // ---- import what a node shows (the package's import functions do all the reading)
    const IMPORT_KINDS = [
      ["cmdline", "kubelet command line (ps, systemd unit, kubeadm-flags.env, /etc/default/kubelet)"],
      ["configz", "configz JSON (kubectl get --raw /api/v1/nodes/NAME/proxy/configz)"],
      ["kubeadm", "kubeadm Init/JoinConfiguration (kubeletExtraArgs, KubeletConfiguration)"],
    ];
    const importKind = select(IMPORT_KINDS, "cmdline", { id: "layers-import-kind" });
    const importText = h("textarea", { id: "layers-import-text", class: "mono", rows: "4", spellcheck: "false", "aria-label": "Text to import" });
    const importFile = h("input", { type: "file", id: "layers-import-file", class: "visually-hidden", "aria-label": "File to import" });
    const importStatus = h("div", { id: "layers-import-status", "aria-live": "polite" });
    const importBox = h("details", { id: "layers-import", class: "import" },
      h("summary", {}, "Import from a node"),
      h("p", { class: "hint" }, "Paste or open what a real node shows; it replaces the inputs it covers and says what it ignored."),
      labelled("What it is", importKind, "field wide"),
      importText,
      h("div", { class: "row" },
        h("button", { type: "button", onclick: () => importFile.click() }, "Open file…"), importFile,
        h("button", { type: "button", id: "layers-import-run", onclick: () => runImport(importText.value) }, "Import")),
      importStatus);
    importFile.addEventListener("change", async () => {
      const f = importFile.files?.[0];
      if (!f) return;
      if (f.size > MAX_TEXT) return render(importStatus, h("p", { class: "error", role: "alert" }, `${f.name} is larger than ${MAX_TEXT} bytes.`));
      importText.value = await f.text();
      runImport(importText.value);
    });

    /** Applies an import to the state; returns what it understood and ignored. */
    function applyImport(kind, text) {
      const withConfigFlag = () => {
        if (!/(^|\s)--config[= ]/.test(state.args)) state.args = `--config=${state.configPath}\n${state.args}`.trimEnd();
      };
      if (kind === "cmdline") {
        const r = kubegate.importKubeletCommandLine(text);
        state.args = r.args.map((a) => a.value).join("\n");
        const path = r.args.map((a) => a.value).find((a) => a.startsWith("--config="));
        if (path) state.configPath = path.slice("--config=".length);
        const dir = r.args.map((a) => a.value).find((a) => a.startsWith("--config-dir="));
        if (dir) state.dropinDir = dir.slice("--config-dir=".length);
        return { report: r, summary: `${r.args.length} argument${r.args.length === 1 ? "" : "s"} from ${/^[aeiou]/i.test(r.form) ? "an" : "a"} ${r.form} command line` };
      }
      if (kind === "configz") {
        const r = kubegate.importConfigz(text);
        state.config = r.configFile;
        withConfigFlag();
        return { report: r, summary: "the running configuration, as the --config file" };
      }
      const r = kubegate.importKubeadmConfig(text);
      const extra = r.kubeletExtraArgs.map((a) => `--${a.name}=${a.value}`);
      if (extra.length) state.args = [...state.args.split("\n").filter((l) => l.trim()), ...extra].join("\n");
      if (r.kubeletConfiguration) {
        state.config = r.kubeletConfiguration;
        withConfigFlag();
      }
      return { report: r, summary: `${extra.length} kubeletExtraArgs${r.kubeletConfiguration ? " and a KubeletConfiguration" : ""}` };
    }

    function runImport(text) {
      if (!text.trim()) return render(importStatus, h("p", { class: "muted" }, "Nothing to import yet."));
      let out;
      try {
        out = applyImport(importKind.value, text);
      } catch (e) {
        return render(importStatus, h("p", { class: "error", role: "alert" }, `Not imported: ${messageOf(e)}`));
      }
      const note = (n) => h("li", {}, n.line ? `line ${n.line}: ` : "", n.what);
      const { understood, ignored } = out.report;
      render(importStatus,
        h("p", { class: "ok" }, `Imported ${out.summary}.`),
        understood.length ? h("details", {}, h("summary", {}, `${understood.length} understood`), h("ul", {}, understood.map(note))) : null,
        ignored.length ? h("details", { open: true }, h("summary", {}, `${ignored.length} ignored`), h("ul", { id: "layers-import-ignored" }, ignored.map(note))) : null);
      sync();
      scheduled();
    }

    // ---- outputs
    const status = h("div", { id: "layers-status", class: "status", "aria-live": "polite" });
    const warnings = h("ul", { id: "layers-warnings", class: "warnings" });
    const explainBox = h("div", { id: "layers-explain", class: "explain", "aria-live": "polite", tabindex: "0", role: "region", "aria-label": "Layers of the value in focus" }, h("p", { class: "hint" }, "Hover over or focus a value to see the layers that set it."));
    const filter = h("input", { type: "search", id: "layers-filter", placeholder: "Filter fields", "aria-label": "Filter fields by name" });
    const changedOnly = h("input", { type: "checkbox", id: "layers-changed" });
    const table = h("table", { id: "layers-table", class: "layers-table" });
    const tableSummary = h("p", { id: "layers-table-summary", class: "summary", "aria-live": "polite" });
    const exportFile = () => `kubelet-config-${result?.kubeletVersion ?? state.version}`;
    /** The effective configuration with apiVersion and kind first, as a file starts. */
    // apiVersion and kind first when present: toYaml refuses undefined members.
    const exported = () => (result ? Object.fromEntries(Object.entries({ apiVersion: result.config.apiVersion, kind: result.config.kind, ...result.config }).filter(([, v]) => v !== undefined)) : null);
    // The package writes YAML as the CLI and sigs.k8s.io/yaml do (quoting only what YAML 1.1 misreads).
    const exportYaml = () => (result ? kubegate.toYaml(exported()) : "");
    const exportJson = () => (result ? `${JSON.stringify(exported(), null, 2)}\n` : "");
    const gatesFlag = () => {
      if (!result) return "";
      const set = Object.keys(result.featureGates).filter((n) => {
        const f = result.provenance[`featureGates.${n}`];
        return f && !DEFAULT_LAYERS.includes(f.origin.layer);
      }).sort();
      return set.length ? `--feature-gates=${set.map((n) => `${n}=${result.featureGates[n]}`).join(",")}` : "";
    };
    const exportButtons = [
      copyButton("Copy YAML", exportYaml, { id: "layers-copy-yaml" }),
      downloadButton("Download YAML", () => `${exportFile()}.yaml`, "application/yaml", exportYaml, { id: "layers-download-yaml" }),
      copyButton("Copy JSON", exportJson, { id: "layers-copy-json" }),
      downloadButton("Download JSON", () => `${exportFile()}.json`, "application/json", exportJson, { id: "layers-download-json" }),
    ];
    const copyGates = copyButton("Copy --feature-gates", gatesFlag, { id: "layers-copy-gates" });
    const gatesFlagText = h("code", { id: "layers-gates-flag" });
    const exportPreview = h("pre", { id: "layers-export-yaml", class: "export-preview", tabindex: "0", role: "group", "aria-label": "The effective KubeletConfiguration as YAML" });
    const exportBox = h("div", { id: "layers-export" },
      h("p", { class: "hint" }, "The effective KubeletConfiguration (every value, defaults included), as a file the kubelet accepts with --config, and the gates your inputs set as one flag."),
      h("div", { class: "row" }, exportButtons),
      h("div", { class: "row gates-flag" }, gatesFlagText, copyGates),
      h("details", {}, h("summary", {}, "Show the YAML"), exportPreview));
    const allGates = h("input", { type: "checkbox", id: "layers-all-gates" });
    const gatesTable = h("table", { id: "layers-gates", class: "layers-table" });
    const diffBox = h("div", { id: "layers-diff" });
    const upgradeBox = h("div", { id: "layers-upgrade", "aria-live": "polite" });

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "Kubelet layers"),
        h("p", {}, "Why does my kubelet run with this value? Defaults, the --config file, --config-dir drop-ins, the historical dynamic config and the command line, resolved as the real kubelet of the chosen release does: its flags, its fields, its defaults, its gates."),
        h("p", { class: "muted", id: "layers-data-note" }, `Release data: Kubernetes ${VERSIONS.at(-1)} to ${VERSIONS[0]}. Upstream reference: `,
          extLink(UPSTREAM.kubeletConfig, "KubeletConfiguration"), " · ", extLink(UPSTREAM.kubeletFlags, "kubelet flags"), " · ",
          extLink(UPSTREAM.kubeletConfigFile, "config files and drop-ins"), " (kubernetes.io).")),
      h("div", { class: "layers" },
        h("div", { class: "layers-inputs" },
          h("div", { class: "controls" }, labelled("Kubelet version", version), labelled("Upgrade check against", target)),
          importBox,
          h("section", { "aria-labelledby": "layers-h-args" },
            h("h3", { id: "layers-h-args" }, "Command line"),
            labelled("kubelet arguments (split as a shell would; one per line is fine)", args, "field wide"), argsParsed),
          h("section", { "aria-labelledby": "layers-h-config" },
            h("h3", { id: "layers-h-config" }, "--config file"),
            configNote,
            configBody),
          h("section", { "aria-labelledby": "layers-h-dropins" },
            h("h3", { id: "layers-h-dropins" }, "--config-dir drop-ins"),
            dropinNote,
            dropinBody = h("div", { id: "layers-dropin-body" },
              labelled("Directory", dropinDir, "field wide"),
              h("label", { class: "check" }, alphaEnv, ` KUBELET_CONFIG_DROPIN_DIR_ALPHA is set in the environment (${spanText(FACTS.spans.dropinDirAlphaEnv)})`),
              h("p", { class: "hint" }, "The kubelet merges *.conf files in the lexical order of their names."),
              dropinList, addDropin)),
          h("section", { "aria-labelledby": "layers-h-dynamic" },
            h("h3", { id: "layers-h-dynamic" }, `Dynamic config (up to ${dynamicSpan?.to ?? "its removal"})`),
            h("label", { class: "check" }, dynOn, " simulate a Node-assigned config"),
            dynBody, dynStatus)),
        h("div", { class: "layers-results" },
          status, warnings,
          h("section", { "aria-labelledby": "layers-h-effective" },
            h("h3", { id: "layers-h-effective" }, "Effective configuration"),
            h("div", { class: "controls" }, labelled("Filter", filter), h("label", { class: "check" }, changedOnly, " only values not from defaults")),
            tableSummary,
            explainBox,
            h("div", { class: "table-wrap", "aria-label": "Effective configuration (scrolls)" }, table)),
          h("section", { "aria-labelledby": "layers-h-gates" },
            h("h3", { id: "layers-h-gates" }, "Feature gates"),
            h("label", { class: "check" }, allGates, " show every known gate, not only the ones set"),
            h("div", { class: "table-wrap", "aria-label": "Feature gates (scrolls)" }, gatesTable)),
          h("section", { "aria-labelledby": "layers-h-diff" }, h("h3", { id: "layers-h-diff" }, "Diff against defaults"), diffBox),
          h("section", { "aria-labelledby": "layers-h-export" }, h("h3", { id: "layers-h-export" }, "Export"), exportBox),
          h("section", { "aria-labelledby": "layers-h-upgrade" }, h("h3", { id: "layers-h-upgrade" }, "Upgrade check"), upgradeBox))));

    /** The drop-in directory as the kubelet walks it. */
    const dropinBase = () => absolutePath(state.dropinDir.replace(/\/+$/, "") || "/");
    // ---- the input the package sees
    function input() {
      /** @type {Record<string, string>} */
      const files = {};
      const base = dropinBase();
      for (const d of state.dropins) files[`${base}/${d.name}`] = d.text;
      files[absolutePath(state.configPath)] = state.config;
      const inp = { kubeletVersion: state.version, args: splitArgs(state.args), files, dirs: [base] };
      if (state.alphaEnv) inp.env = { KUBELET_CONFIG_DROPIN_DIR_ALPHA: "1" };
      if (state.dynamic) {
        const cp = (uid, contents) => ({ namespace: "kube-system", name: `kubelet-${uid}`, uid, resourceVersion: "1", kubeletConfigKey: "kubelet", contents, modified: 0 });
        inp.dynamic = {
          assigned: cp("assigned", state.assignedUnreadable ? null : state.assigned),
          lastKnownGood: state.lkg.trim() ? cp("last-known-good", state.lkg) : null,
          now: state.elapsed,
        };
      }
      return inp;
    }

    /** The editor holding `file`, if it is one of ours. */
    function editorFor(file) {
      if (file === absolutePath(state.configPath)) return configEd;
      const base = dropinBase();
      const i = state.dropins.findIndex((d) => `${base}/${d.name}` === file);
      return i >= 0 ? dropinEditors[i] : null;
    }
    /** Shows where `file` (and `line`) is: its editor, or the path field that names it. */
    function jump(file, line) {
      const ed = editorFor(file);
      if (ed) ed.mark(line ?? null, true);
      else if (file?.includes("/store/checkpoints/")) assignedEd.ta.focus();
      else if (file === dropinBase() || file?.startsWith(`${dropinBase()}/`)) dropinDir.focus();
      else configPath.focus();
    }
    /** Selects the last `flag` on the command line (the one pflag keeps) and goes there. */
    function jumpFlag(flag) {
      const re = new RegExp(`(^|\\s)(-?${flag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})(?=[=\\s]|$)`, "g");
      let at = -1;
      for (const m of args.value.matchAll(re)) at = m.index + m[1].length;
      if (at >= 0) {
        const end = args.value.slice(at).search(/\s|$/);
        args.setSelectionRange(at, at + end);
      }
      args.focus();
    }
    /** A path that may wrap only after its slashes, never inside a name ("kubelet.yam l:5"). */
    const pathText = (text) => text.split(/(?<=\/)/).flatMap((part, i) => (i ? [h("wbr"), part] : [part]));
    const locationButton = (p) => {
      if (p.flag) return h("button", { type: "button", class: "loc", onclick: () => jumpFlag(p.flag), "aria-label": `Go to ${p.flag} on the command line` }, p.flag);
      if (!p.file) return null;
      const text = p.line ? `${p.file}:${p.line}` : p.file;
      return h("button", { type: "button", class: "loc", onclick: () => jump(p.file, p.line), "aria-label": `Go to ${text}` }, pathText(text));
    };

    // ---- drop-ins
    let dropinEditors = [];
    function drawDropins() {
      dropinEditors = [];
      render(dropinList, state.dropins.map((d, i) => {
        const ed = codeEditor(`layers-dropin-${i}`, `Drop-in ${d.name}`, (v) => { d.text = v; typed(); });
        ed.set(d.text);
        dropinEditors.push(ed);
        const name = h("input", { class: "mono dropin-name", value: d.name, "aria-label": `Name of drop-in ${i + 1}`, spellcheck: "false" });
        name.addEventListener("input", () => { d.name = name.value; typed(); });
        const move = (delta) => () => {
          const j = i + delta;
          if (j < 0 || j >= state.dropins.length) return;
          const [a, b] = [state.dropins[i], state.dropins[j]];
          // Moving changes the merge order only through the names: swap numeric prefixes.
          const pa = /^(\d+)-/.exec(a.name), pb = /^(\d+)-/.exec(b.name);
          if (pa && pb) { a.name = pb[1] + a.name.slice(pa[1].length); b.name = pa[1] + b.name.slice(pb[1].length); }
          state.dropins[i] = b;
          state.dropins[j] = a;
          drawDropins();
          scheduled();
          dropinList.querySelectorAll(".dropin")[j]?.querySelector(delta < 0 ? ".up" : ".down")?.focus();
        };
        return h("div", { class: "dropin", role: "group", "aria-label": `Drop-in ${d.name}` },
          h("div", { class: "row" }, name,
            h("button", { type: "button", class: "up", onclick: move(-1), disabled: i === 0, "aria-label": `Move ${d.name} up` }, "↑"),
            h("button", { type: "button", class: "down", onclick: move(1), disabled: i === state.dropins.length - 1, "aria-label": `Move ${d.name} down` }, "↓"),
            h("button", { type: "button", class: "delete", onclick: () => { state.dropins.splice(i, 1); drawDropins(); scheduled(); addDropin.focus(); }, "aria-label": `Delete ${d.name}` }, "Delete"),
            h("span", { class: "muted contrib" })),
          ed.el);
      }));
    }

    // ---- drawing results
    function explain(path) {
      if (!result) return;
      try {
        const ex = explainKubeletConfig(result, path);
        const gate = path.startsWith("featureGates.") ? path.slice("featureGates.".length) : null;
        render(explainBox, h("p", {}, h("strong", {}, path), " · ",
          gate ? extLink(gateDocUrl(gate), `${gate} in the feature gate reference`) : extLink(kubeletFieldDocUrl(), "KubeletConfiguration reference")), h("ol", { class: "chain" },
          Object.entries(ex.fields).map(([p, f]) => h("li", {},
            h("code", {}, p), " = ", h("code", {}, show(f.value)), " ", badge(f.origin), " ", h("span", { class: "muted" }, where(f.origin)),
            f.overridden?.length ? h("ul", {}, [...f.overridden].reverse().map((o) => h("li", { class: "muted" }, "overriding ", h("code", {}, show(o.value)), " ", badge(o.origin), " ", where(o.origin)))) : null))));
      } catch (e) {
        render(explainBox, h("p", { class: "error" }, messageOf(e)));
      }
    }
    const badge = (o) => h("span", { class: `layer layer-${o.layer}` }, LAYER_TEXT[o.layer] ?? o.layer);

    function row(path, f) {
      const tr = h("tr", { tabindex: "0", "aria-describedby": "layers-explain", dataset: { path } },
        h("th", { scope: "row" }, h("code", {}, path)),
        h("td", {}, h("code", {}, show(f.value))),
        h("td", {}, badge(f.origin)),
        h("td", {}, f.origin.layer === "configFile" || f.origin.layer === "dropIn"
          ? h("button", { type: "button", class: "loc", tabindex: "-1", onclick: () => jump(f.origin.source, f.origin.line) }, pathText(where(f.origin)))
          : h("span", { class: "muted" }, where(f.origin))),
        h("td", { class: "muted" }, f.overridden?.length ? `${f.overridden.length} earlier` : ""));
      tr.addEventListener("mouseenter", () => explain(path));
      tr.addEventListener("focus", () => explain(path));
      tr.addEventListener("keydown", (e) => {
        if (e.key === "Enter" && (f.origin.layer === "configFile" || f.origin.layer === "dropIn")) jump(f.origin.source, f.origin.line);
      });
      return tr;
    }

    /** Every value of the effective configuration, as the table lists them. */
    const fieldRows = () => Object.entries(result?.provenance ?? {}).filter(([p, f]) =>
      !p.startsWith("featureGates.") && p !== "apiVersion" && p !== "kind" && f.value !== null);
    // Both tables keep their rows by path and rebuild only rows whose content changed: a
    // keystroke in the config file changes a value or two among ~150.
    const fieldsBody = h("tbody");
    render(table,
      h("caption", { class: "visually-hidden" }, "Effective kubelet configuration, one row per value, with the layer that set it"),
      h("thead", {}, h("tr", {}, ["Field", "Value", "Layer", "Set by", "History"].map((t) => h("th", { scope: "col" }, t)))),
      fieldsBody);
    const drawFieldRows = keyedRows(fieldsBody);
    const gatesBody = h("tbody");
    render(gatesTable,
      h("caption", { class: "visually-hidden" }, "Feature gates and the layer that set each"),
      h("thead", {}, h("tr", {}, ["Gate", "Value", "Layer", "Set by"].map((t) => h("th", { scope: "col" }, t)))),
      gatesBody);
    const drawGateRows = keyedRows(gatesBody);
    const message = (cols, text) => () => h("tr", {}, h("td", { colspan: String(cols), class: "muted" }, text));
    const NOT_STARTED = "Nothing to show: the kubelet did not start.";
    function drawTable() {
      if (!result) { setText(tableSummary, ""); return drawFieldRows([["", NOT_STARTED, message(5, NOT_STARTED)]]); }
      const q = state.filter.trim().toLowerCase();
      const values = fieldRows();
      const rows = values.filter(([p, f]) => (!q || p.toLowerCase().includes(q)) && (!state.changedOnly || !DEFAULT_LAYERS.includes(f.origin.layer)));
      const fromInputs = values.filter(([, f]) => !DEFAULT_LAYERS.includes(f.origin.layer)).length;
      const of = state.changedOnly ? fromInputs : values.length;
      setText(tableSummary, `${rows.length === of ? `${of}` : `Showing ${rows.length} of ${of}`} ${state.changedOnly ? `value${of === 1 ? "" : "s"} not from the defaults` : `value${of === 1 ? "" : "s"}`}${q ? ` matching "${state.filter.trim()}"` : ""}.`);
      drawFieldRows(rows.length
        ? rows.map(([p, f]) => [p, JSON.stringify([f.value, f.origin, f.overridden?.length ?? 0]), () => row(p, f)])
        : [["", "none", message(5, "No values match.")]]);
    }

    function drawGates() {
      if (!result) return drawGateRows([["", NOT_STARTED, message(4, NOT_STARTED)]]);
      const entries = Object.entries(result.featureGates).map(([name, value]) => [name, value, result.provenance[`featureGates.${name}`]]);
      const shown = entries.filter(([, , f]) => state.allGates || (f && f.origin.layer !== "featureGateDefault"));
      const none = "No gate is set; every gate has its default at this version.";
      drawGateRows(shown.length ? shown.map(([name, value, f]) => [name, JSON.stringify([value, f?.origin ?? null]), () => {
        const tr = h("tr", { tabindex: "0", "aria-describedby": "layers-explain" },
          h("th", { scope: "row" }, h("code", {}, name)),
          h("td", { class: value ? "on" : "off" }, value ? "on" : "off"),
          h("td", {}, f ? badge(f.origin) : ""),
          h("td", { class: "muted" }, f ? where(f.origin) : ""));
        tr.addEventListener("mouseenter", () => explain(`featureGates.${name}`));
        tr.addEventListener("focus", () => explain(`featureGates.${name}`));
        return tr;
      }]) : [["", none, message(4, none)]]);
    }

    function drawStatus() {
      for (const ed of [configEd, ...dropinEditors]) ed.mark(null);
      if (failure) {
        const problems = failure.problems?.length ? failure.problems : [failure];
        render(status,
          h("div", { class: "error-box", role: "alert" },
            h("p", {}, h("strong", {}, "The kubelet refuses to start: "), h("span", { class: "k8s-error" }, failure.message)),
            h("ul", { class: "problems" }, problems.map((p) => h("li", {}, locationButton(p), " ", problems.length > 1 || !p.file && !p.flag ? h("span", {}, p.message) : null)))));
        for (const p of problems) if (p.file && p.line) editorFor(p.file)?.mark(p.line);
        args.toggleAttribute("aria-invalid", problems.some((p) => p.flag));
        return;
      }
      args.removeAttribute("aria-invalid");
      // The same count as the table with "only values not from defaults": one rule, one number.
      // Gates count as the gates table shows them.
      const n = fieldRows().filter(([, f]) => !DEFAULT_LAYERS.includes(f.origin.layer)).length;
      const g = Object.entries(result.provenance).filter(([p, f]) => p.startsWith("featureGates.") && !DEFAULT_LAYERS.includes(f.origin.layer)).length;
      const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;
      render(status, h("p", { class: "ok" }, `The kubelet ${result.kubeletVersion} starts with ${plural(n, "value", "values")}${g ? ` and ${plural(g, "feature gate", "feature gates")}` : ""} not from the defaults.`));
    }

    function drawDynamic() {
      const d = result?.dynamic;
      elapsedText.textContent = `${Math.floor(state.elapsed / 60)}m ${state.elapsed % 60}s`;
      if (!state.dynamic) return render(dynStatus);
      if (!d) return render(dynStatus, h("p", { class: "hint" }, failure ? "No dynamic config status: the kubelet did not start." : "Dynamic config is not in play (see the warnings)."));
      const active = { local: "the local config (defaults, file, drop-ins, flags)", assigned: "the assigned config", lastKnownGood: "the last-known-good config" }[d.active];
      render(dynStatus, h("dl", { class: "dyn-status", id: "layers-dynamic-facts" },
        h("dt", {}, "Running"), h("dd", { dataset: { active: d.active } }, active),
        h("dt", {}, "Assigned config"), h("dd", {}, d.inTrial ? `in its ${FACTS.dynamicConfigTrial} trial` : "past its trial"),
        h("dt", {}, "Last-known-good"), h("dd", {}, d.lastKnownGood ? `UID ${d.lastKnownGood.uid}` : "none"),
        d.error ? [h("dt", {}, "Fallback reason (Node.Status.Config.Error)"), h("dd", { class: "error", id: "layers-dynamic-error" }, d.error)] : null,
        d.log.length ? [h("dt", {}, "Kubelet log"), h("dd", {}, h("ul", {}, d.log.map((l) => h("li", {}, h("code", {}, l)))))] : null));
    }

    /** The configuration a --config file that sets nothing gets at `version` (from the package). */
    const fileDefaultsCache = new Map();
    function fileDefaults(v) {
      if (!fileDefaultsCache.has(v)) {
        const path = "/kubegate/empty.yaml";
        let config = null;
        try { config = resolveKubeletConfig({ kubeletVersion: v, args: [`--config=${path}`], files: { [path]: HEADER }, dirs: [] }).config; } catch { /* no baseline */ }
        fileDefaultsCache.set(v, config);
      }
      return fileDefaultsCache.get(v);
    }
    /** Maps an input sets that replace a defaulted map whole: [field, dropped keys, defaults]. */
    function droppedDefaults() {
      const base = result && fileDefaults(state.version);
      if (!base) return [];
      const out = [];
      for (const [k, dv] of Object.entries(base)) {
        const ev = result.config[k];
        if (!isMap(dv) || !isMap(ev) || !Object.keys(dv).length) continue;
        const setByInput = Object.entries(result.provenance).some(([p, f]) => p.startsWith(`${k}.`) && !DEFAULT_LAYERS.includes(f.origin.layer));
        const dropped = Object.keys(dv).filter((key) => !(key in ev));
        if (setByInput && dropped.length) out.push([k, dropped, dv]);
      }
      return out;
    }
    const diffItem = (d, note) => h("li", {}, h("code", {}, d.path), ": ", h("code", {}, d.default === null ? "unset" : show(d.default)), " → ", h("code", {}, d.effective === null ? "unset" : show(d.effective)), note ? h("span", { class: "muted" }, ` ${note}`) : null);
    function drawDiff() {
      if (!result) return render(diffBox, h("p", { class: "muted" }, "Nothing to compare: the kubelet did not start."));
      const layerOf = (d) => result.provenance[d.path]?.origin.layer;
      const byInputs = result.diff.filter((d) => !DEFAULT_LAYERS.includes(layerOf(d)));
      const filled = result.diff.filter((d) => DEFAULT_LAYERS.includes(layerOf(d)));
      const dropped = droppedDefaults();
      const source = extLink(upstreamSource(result.kubeletVersion, DEFAULTS_SOURCE), "upstream defaulting");
      render(diffBox,
        byInputs.length
          ? h("ul", { class: "diff-list", id: "layers-diff-inputs" }, byInputs.map((d) => diffItem(d)))
          : h("p", { class: "muted" }, "Your inputs change nothing: everything is at its default."),
        dropped.map(([k, keys, dv]) => h("div", { class: "dropped", id: `layers-dropped-${k}` },
          h("p", {}, h("strong", {}, h("code", {}, k), " replaces the default map whole. "),
            `The kubelet fills in the default ${k} only when the field is unset (nil), never key by key (`, source,
            `), so setting any key drops these defaults:`),
          h("ul", { class: "diff-list" }, keys.map((key) => diffItem({ path: `${k}.${key}`, default: dv[key], effective: null }, "(dropped)"))))),
        filled.length ? h("div", { class: "filled", id: "layers-diff-filled" },
          h("p", { class: "muted" }, "Not from your inputs: loading a --config file fills these in when the file leaves them unset; the built-in defaults of a kubelet without --config do not have them."),
          h("ul", { class: "diff-list muted" }, filled.map((d) => diffItem(d, "(filled in)")))) : null);
    }

    // The buttons write what `result` holds when clicked, so they follow the answer at once,
    // even while the preview beside them waits for an idle moment.
    function drawExportButtons() {
      for (const b of exportButtons) b.disabled = !result;
      copyGates.disabled = !gatesFlag();
    }
    function drawExport() {
      exportPreview.textContent = result ? exportYaml() : "The kubelet did not start: nothing to export.";
      const flag = gatesFlag();
      gatesFlagText.textContent = result ? flag || "No gate is set: every gate has its default at this version." : "";
    }

    function drawConfigNote() {
      const a = splitArgs(state.args);
      const path = configFlag(a);
      configNote.hidden = path !== null;
      configBody.hidden = path === null;
      const dir = flagValue(a, "config-dir");
      dropinNote.hidden = dir !== null;
      dropinBody.hidden = dir === null;
    }

    function drawUpgrade(inp) {
      if (!state.target) return render(upgradeBox, h("p", { class: "muted" }, "Pick a version to compare with."));
      let rep;
      try {
        rep = checkKubeletUpgrade(inp, state.target);
      } catch (e) {
        return render(upgradeBox, h("p", { class: "error" }, `No upgrade check: ${messageOf(e)}`));
      }
      const minor = (v) => Number(String(v).split(".")[1]);
      // Across more than one release, each finding says which release brings it.
      const multi = Math.abs(minor(rep.from) - minor(rep.to)) > 1;
      const when = (f) => (f.already ? ` · already refused by ${rep.from}` : f.release ? ` · ${multi ? "arrives in" : "since"} ${f.release}` : "");
      const item = (f) => h("li", { class: f.breaking ? "breaking" : "", dataset: f.release ? { release: f.release } : {} },
        f.breaking ? h("strong", {}, "breaks: ") : null,
        f.message, " ",
        f.file || f.flag && f.flag !== f.subject ? locationButton(f) : null,
        h("span", { class: "muted" }, when(f)));
      const breaking = rep.findings.filter((f) => f.breaking);
      // What changes for the kubelet first; gates it registers but never reads after, apart.
      const other = rep.findings.filter((f) => !f.breaking && !f.notReadByKubelet);
      const unread = rep.findings.filter((f) => !f.breaking && f.notReadByKubelet);
      const reasons = breaking.length === 1 ? "the reason marked" : `the ${breaking.length} reasons marked`;
      render(upgradeBox,
        rep.startsBefore ? null : h("div", { class: "error", id: "layers-upgrade-before" },
          h("p", {}, h("strong", {}, `Kubelet ${rep.from} already refuses these inputs: `), h("span", { class: "k8s-error" }, rep.errorBefore)),
          rep.beforeWithout?.length
            ? h("p", { class: "muted" }, `The check compares with ${rep.from} as if ${rep.beforeWithout.join(", ")} were not in the inputs.`)
            : h("p", { class: "muted" }, `${rep.from} never starts with these inputs, so only what the inputs themselves set is compared.`)),
        // The refusal is said once: when a breaking finding already carries the kubelet's error,
        // the headline points at it instead of repeating it.
        h("p", { class: rep.starts ? "ok" : "error", id: "layers-upgrade-verdict" }, rep.starts
          ? `Kubelet ${rep.to} starts with these inputs.`
          : breaking.length
            ? `Kubelet ${rep.to} refuses to start, for ${reasons} "breaks" below.`
            : `Kubelet ${rep.to} refuses to start: ${rep.error}`),
        breaking.length ? h("ul", { class: "findings", id: "layers-upgrade-breaking" }, breaking.map(item)) : null,
        rep.assumingRemoved?.length ? h("p", { class: "muted" }, `What else changes is computed as if ${rep.assumingRemoved.join(", ")} were removed.`) : null,
        other.length
          ? h("details", { open: other.length <= 12 }, h("summary", {}, `${other.length} other change${other.length === 1 ? "" : "s"} for the kubelet`), h("ul", { class: "findings", id: "layers-upgrade-changes" }, other.map(item)))
          : h("p", { class: "muted" }, "Nothing else changes for the kubelet."),
        unread.length
          ? h("details", { id: "layers-upgrade-unread" },
            h("summary", {}, `${unread.length} gate default${unread.length === 1 ? "" : "s"} registered but not read by the kubelet`),
            h("p", { class: "muted" }, "The kubelet accepts these gate names, but its code never reads them: their new defaults change what other components do, not the kubelet."),
            h("ul", { class: "findings" }, unread.map(item)))
          : null);
    }

    function drawContrib() {
      const base = dropinBase();
      dropinList.querySelectorAll(".dropin").forEach((el, i) => {
        const d = state.dropins[i];
        if (!d || !result) { setText(el.querySelector(".contrib"), ""); return; }
        const path = `${base}/${d.name}`;
        const n = Object.values(result.provenance).filter((f) => f.origin.source === path).length;
        setText(el.querySelector(".contrib"), `${n} effective value${n === 1 ? "" : "s"}`);
      });
    }

    // What sits below the tables (the diff, the export, the upgrade check, which resolves the
    // inputs a second time at another release) waits, after a keystroke, until the frame that
    // answers it is on screen: together they cost as much as the answer itself.
    // Those sections say aria-busy meanwhile; any other change draws everything at once.
    const lateBoxes = [diffBox, exportBox, upgradeBox];
    let cancelLate = null;
    function drawLate(inp) {
      cancelLate?.();
      cancelLate = null;
      for (const b of lateBoxes) b.removeAttribute("aria-busy");
      drawDiff();
      drawExport();
      drawUpgrade(inp);
    }

    /**
     * The --config and --config-dir the arguments name drive the editors' paths, whichever way
     * the arguments came (typed, pasted, imported, an example, a share link): the kubelet opens
     * the file its flags name, and the editor above is that file.
     */
    function alignPaths(a) {
      const file = flagValue(a, "config");
      if (file && file !== state.configPath) state.configPath = file;
      const dir = flagValue(a, "config-dir");
      if (dir && dir.replace(/\/+$/, "") !== state.dropinDir.replace(/\/+$/, "")) state.dropinDir = dir;
      if (configPath.value !== state.configPath) configPath.value = state.configPath;
      if (dropinDir.value !== state.dropinDir) dropinDir.value = state.dropinDir;
    }

    function update({ defer = false } = {}) {
      const a = splitArgs(state.args);
      alignPaths(a);
      setText(argsParsed, a.length ? `${a.length} argument${a.length === 1 ? "" : "s"}: ${a.map((x) => JSON.stringify(x)).join(" ")}` : "No arguments: the kubelet runs on its defaults.");
      const inp = input();
      try {
        result = resolveKubeletConfig(inp);
        failure = null;
      } catch (e) {
        result = null;
        failure = { message: messageOf(e), file: e.file, line: e.line, flag: e.flag, problems: Array.isArray(e.problems) ? e.problems : [] };
      }
      dynBody.hidden = !state.dynamic;
      drawStatus();
      render(warnings, (result?.warnings ?? []).map((w) => h("li", {}, w)));
      drawConfigNote();
      drawTable();
      drawGates();
      drawDynamic();
      drawContrib();
      drawExportButtons();
      if (!defer) return drawLate(inp);
      cancelLate?.();
      for (const b of lateBoxes) b.setAttribute("aria-busy", "true");
      cancelLate = whenIdle(() => drawLate(inp), 250);
    }
    const scheduled = debounceFrame(update);
    /** After a keystroke in a text: the answer now, the rest when idle. */
    const typed = eagerFrame(() => update({ defer: true }));
    /** The filters change only what the tables show, not the answer. */
    const redrawTables = debounceFrame(() => { drawTable(); drawGates(); });

    const bind = (el, key, ev = "input", conv = (v) => v, then = ev === "input" ? typed : scheduled) => el.addEventListener(ev, () => {
      state[key] = conv(el.type === "checkbox" ? el.checked : el.value);
      then();
    });
    bind(version, "version", "change");
    bind(target, "target", "change");
    bind(args, "args");
    // The path fields and the command line name the same files: editing one rewrites the other.
    const bindPath = (el, key, flag) => el.addEventListener("input", () => {
      state[key] = el.value;
      if (flagValue(splitArgs(state.args), flag) !== null && el.value.trim()) {
        state.args = withFlagValue(state.args, flag, el.value.trim());
        args.value = state.args;
      }
      typed();
    });
    bindPath(configPath, "configPath", "config");
    bindPath(dropinDir, "dropinDir", "config-dir");
    bind(alphaEnv, "alphaEnv", "change");
    bind(dynOn, "dynamic", "change");
    bind(unreadable, "assignedUnreadable", "change");
    bind(elapsed, "elapsed", "input", Number);
    bind(filter, "filter", "input", undefined, redrawTables);
    bind(changedOnly, "changedOnly", "change", undefined, redrawTables);
    bind(allGates, "allGates", "change", undefined, redrawTables);

    function sync() {
      version.value = state.version;
      target.value = state.target;
      args.value = state.args;
      configPath.value = state.configPath;
      dropinDir.value = state.dropinDir;
      alphaEnv.checked = state.alphaEnv;
      configEd.set(state.config);
      drawDropins();
      dynOn.checked = state.dynamic;
      assignedEd.set(state.assigned);
      unreadable.checked = state.assignedUnreadable;
      lkgEd.set(state.lkg);
      elapsed.value = String(state.elapsed);
      filter.value = state.filter;
      changedOnly.checked = state.changedOnly;
      allGates.checked = state.allGates;
    }
    sync();
    update();

    const text = (s, k) => {
      const v = field(s, k, "string", DEFAULTS[k]);
      if (v.length > MAX_TEXT) throw new Error(`"${k}" is longer than ${MAX_TEXT} characters`);
      return v;
    };
    return {
      /** What the panel resolves (the code editors check a file against the whole stack, not alone). */
      kubeletInput: () => input(),
      getState: () => {
        const out = {};
        for (const [k, v] of Object.entries(state)) if (JSON.stringify(v) !== JSON.stringify(DEFAULTS[k])) out[k] = v;
        return out;
      },
      setState(s) {
        if (!isObject(s)) throw new Error("the state should be an object");
        const next = structuredClone(DEFAULTS);
        for (const k of ["args", "configPath", "config", "dropinDir", "assigned", "lkg", "filter"]) next[k] = text(s, k);
        for (const k of ["alphaEnv", "dynamic", "assignedUnreadable", "changedOnly", "allGates"]) next[k] = field(s, k, "boolean", DEFAULTS[k]);
        next.version = field(s, "version", "string", DEFAULTS.version);
        if (!VERSIONS.includes(next.version)) throw new Error(`unknown kubelet version ${JSON.stringify(next.version.slice(0, 20))}`);
        next.target = field(s, "target", "string", DEFAULTS.target);
        if (next.target && !VERSIONS.includes(next.target)) throw new Error(`unknown target version ${JSON.stringify(next.target.slice(0, 20))}`);
        const el = field(s, "elapsed", "number", DEFAULTS.elapsed);
        if (!Number.isFinite(el) || el < 0 || el > 1800) throw new Error('"elapsed" should be between 0 and 1800 seconds');
        next.elapsed = Math.round(el);
        const dropins = field(s, "dropins", "array", DEFAULTS.dropins);
        if (dropins.length > MAX_DROPINS) throw new Error(`more than ${MAX_DROPINS} drop-ins`);
        next.dropins = dropins.map((d, i) => {
          if (!isObject(d)) throw new Error(`drop-in ${i + 1} should be an object`);
          const name = field(d, "name", "string", "");
          const t = field(d, "text", "string", "");
          if (!name || name.length > 200) throw new Error(`drop-in ${i + 1} needs a name of at most 200 characters`);
          if (t.length > MAX_TEXT) throw new Error(`drop-in ${i + 1} is longer than ${MAX_TEXT} characters`);
          return { name, text: t };
        });
        state = next;
        sync();
        update();
      },
    };
  },
};
