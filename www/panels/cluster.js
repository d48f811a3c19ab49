// Cluster: up to 5000 simulated nodes, run twice (node leases on and off) in a Web Worker, drawn
// as a grid coloured by Ready and a plot of API writes per second. The worker (../sim-worker.js)
// runs kubegate's ClusterSimulator; this file builds the scenario and draws what comes back.
import { h, render, messageOf, labelled, versionRange, newestRelease, select, debounceFrame, simTime, wallDuration } from "../ui.js";
import { field, isObject } from "../state.js";

const SVG = "http://www.w3.org/2000/svg";
const MAX_NODES = 5000;
/** Durations offered, with the write-rate bucket each uses (about 60 points per line). */
/** @type {[string, number, string][]} */
const DURATIONS = [["10m", 600_000, "10s"], ["30m", 1_800_000, "30s"], ["1h", 3_600_000, "1m"], ["3h", 10_800_000, "3m"]];
const FAULT_KINDS = [
  ["none", "No fault"], ["kubeletStopped", "Kubelet stopped"], ["partitioned", "Cut off from the API server"],
  ["memoryPressure", "Memory pressure"], ["diskPressure", "Disk pressure"], ["pidPressure", "PID pressure"],
  ["runtimeError", "Container runtime error"], ["networkError", "Network plugin error"],
];
const AT = ["1m", "2m", "5m", "10m", "20m", "30m", "1h"];
const FOR = [["", "until the end"], ["30s", "30s"], ["1m", "1m"], ["2m", "2m"], ["5m", "5m"], ["10m", "10m"], ["30m", "30m"]];
const BASE_DEFAULTS = { nodes: 1000, duration: "30m", version: null, fault: "none", fraction: 10, at: "5m", for: "", seed: 1, show: "on" };
const RUNS = [["on", "node leases on", true], ["off", "node leases off", false]];
const STATES = [["notRegistered", "not registered"], ["ready", "Ready"], ["notReady", "NotReady"], ["unknown", "Unknown"]];

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}
/** Seconds → "2m30s", "1h", "1h30m" for axis labels and progress. */
function minutes(secs) {
  secs = Math.round(secs);
  const h = Math.floor(secs / 3600), m = Math.floor((secs % 3600) / 60), r = secs % 60;
  return `${h ? `${h}h` : ""}${m || (!h && !r) ? `${m}m` : ""}${r ? `${r}s` : ""}`;
}
/** The smallest 1, 2 or 5 times a power of ten at or above x: a readable top for the y axis. */
function niceCeil(x) {
  const p = 10 ** Math.floor(Math.log10(x));
  // x < 10p by the choice of p, so a candidate always fits; 10p stands for the last one.
  return [1, 2, 5].map((k) => k * p).find((v) => v >= x) ?? 10 * p;
}
const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString("en") : x.toFixed(x >= 10 ? 1 : 2));
/** A zone key (`region:\0:zone`) as people write it. */
const zoneName = (key) => (key ? key.split(":\u0000:").filter(Boolean).join("/") : "(no zone label)");
/** Seconds from a run's start to an RFC 3339 time in its trace. */
const since = (r, t) => (Date.parse(t) - Date.parse(r.start)) / 1000;
/** "30s", "5m", "1h" (the fixed choices above) → seconds. */
const secs = (d) => Number(d.slice(0, -1)) * { s: 1, m: 60, h: 3600 }[d.slice(-1)];
/** The row of DURATIONS for `duration`, a value the panel's select and setState allow. */
function durationRow(duration) {
  const row = DURATIONS.find(([d]) => d === duration);
  if (!row) throw new Error(`unknown duration ${JSON.stringify(String(duration).slice(0, 20))}`);
  return row;
}
/** The label of run `key` ("on" or "off"). */
const runLabel = (key) => RUNS.find(([k]) => k === key)?.[1] ?? key;
const windowSecs = (duration) => secs(DURATIONS.find(([d]) => d === duration)?.[2] ?? "1m");

export default {
  id: "cluster",
  title: "Cluster",
  // Not a widget: it runs its simulation in the playground's Web Worker.
  widget: false,
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container }) {
    const DEFAULTS = { ...BASE_DEFAULTS, version: newestRelease(kubegate) };
    let state = { ...DEFAULTS };
    let worker = null;
    let runId = 0;
    let running = false;
    /** Per run key ("on"/"off"): { rates, summary, grid, writes, ... } as far as it got. */
    let results = {};
    let fresh = false; // results belong to the current state

    // ---- controls
    const nodes = h("input", { type: "number", id: "cluster-nodes", min: "1", max: String(MAX_NODES), step: "1", value: String(state.nodes), inputmode: "numeric" });
    const duration = select(DURATIONS.map(([d]) => d), state.duration, { id: "cluster-duration" });
    const version = select(versionRange(kubegate), state.version, { id: "cluster-version" });
    const fault = select(FAULT_KINDS, state.fault, { id: "cluster-fault" });
    const fraction = h("input", { type: "number", id: "cluster-fraction", min: "0", max: "100", step: "1", value: String(state.fraction), inputmode: "numeric" });
    const at = select(AT, state.at, { id: "cluster-at" });
    const forSel = select(FOR, state.for, { id: "cluster-for" });
    const runBtn = h("button", { type: "button", id: "cluster-run", class: "primary" }, "Run both simulations");
    const cancelBtn = h("button", { type: "button", id: "cluster-cancel", disabled: true }, "Cancel");
    const progress = h("progress", { id: "cluster-progress", max: "1", value: "0", "aria-label": "Simulation progress" });
    const progressText = h("span", { id: "cluster-progress-text", class: "muted", "aria-live": "polite" }, "Not run yet.");
    const validation = h("p", { id: "cluster-validation", class: "error", role: "alert", hidden: true });
    const show = select(RUNS.map(([k, l]) => [k, `Grid: ${l}`]), state.show, { id: "cluster-show", "aria-label": "Which run the grid shows" });
    const canvas = h("canvas", { id: "cluster-grid", role: "img", "aria-describedby": "cluster-summary" });
    const legend = h("ul", { class: "grid-legend" }, STATES.map(([k, l]) => h("li", {}, h("span", { class: `swatch grid-${k}` }), l)));
    const summary = h("p", { id: "cluster-summary", class: "summary", "aria-live": "polite" });
    const plot = h("div", { id: "cluster-plot", class: "plot-wrap" });
    const table = h("table", { id: "cluster-writes", class: "cluster-writes" });
    const bytesTable = h("table", { id: "cluster-bytes", class: "cluster-writes" });
    // Zone states as the node lifecycle controller moved them, and what a rate of 0 holds back.
    const zones = h("div", { id: "cluster-zones", class: "cluster-zones" });

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "A whole cluster"),
        h("p", {}, "The same cluster simulated twice, with node leases and without, off the main thread. Break a fraction of the nodes and watch the grid and the API server's write load.")),
      h("div", { class: "controls" },
        labelled("Nodes (1 to 5000)", nodes),
        labelled("Simulated time", duration),
        labelled("Kubernetes version", version)),
      h("div", { class: "controls", role: "group", "aria-label": "Fault" },
        labelled("Fault", fault),
        labelled("On this % of nodes", fraction),
        labelled("Starting at", at),
        labelled("Lasting", forSel)),
      validation,
      h("div", { class: "row run-row" }, runBtn, cancelBtn, progress, progressText),
      h("div", { class: "row grid-head" }, h("h3", {}, "Nodes by Ready condition"), show),
      legend,
      h("div", { class: "grid-wrap" }, canvas),
      summary,
      h("h3", {}, "API writes per second"),
      plot,
      h("div", { class: "table-wrap", "aria-label": "API writes per run (table)" }, table),
      h("div", { class: "table-wrap", "aria-label": "Bytes stored per run (table)" }, bytesTable),
      h("p", { class: "hint", id: "cluster-bytes-note" },
        "Sizes are the protobuf etcd stores (the k8s\\x00 envelope and the object's encoding). The simulated node carries its name, labels, creation time, taints, conditions and capacity; ",
        "a typical real node's addresses, nodeInfo, images list, allocatable, annotations and managedFields are added, so a Node counts as several KB."),
      h("h3", {}, "Zones and NoExecute tainting"),
      zones);

    // ---- scenario
    function scenario(leases) {
      const d = durationRow(state.duration);
      /** @type {import("kubegate").Scenario & { faults: import("kubegate").Fault[] }} */
      const out = {
        nodes: state.nodes, duration: state.duration, seed: state.seed, kubernetesVersion: state.version,
        nodeLeases: leases, rateWindow: d[2], traceLimit: 20_000, faults: [],
      };
      const count = Math.round((state.nodes * state.fraction) / 100);
      if (state.fault !== "none" && count > 0) {
        // state.fault is one of FAULT_KINDS: the select offers only those and setState refuses others.
        /** @type {import("kubegate").Fault} */
        const f = { kind: /** @type {import("kubegate").FaultKind} */ (state.fault), at: state.at, firstNodes: count };
        if (state.for) f.until = `${secs(state.at) + secs(state.for)}s`;
        out.faults.push(f);
      }
      return out;
    }

    function run() {
      cancel(false);
      const problem = check();
      if (problem) return;
      const id = ++runId;
      const durationMs = durationRow(state.duration)[1];
      results = {};
      fresh = true;
      running = true;
      delete container.dataset.done;
      // Relative to this module, which runs from the playground's bundle (www/dist/app.js):
      // that sits one folder below sim-worker.js too (scripts/bundle-site.mjs).
      worker = new Worker(new URL("../sim-worker.js", import.meta.url), { type: "module" });
      worker.onmessage = (e) => onMessage(id, e.data);
      worker.onerror = (e) => { e.preventDefault(); finish(`The simulation worker failed: ${e.message || "it could not start"}`); };
      worker.postMessage({ type: "run", id, chunks: 60, runs: RUNS.map(([key, label, leases]) => ({ label: key, scenario: scenario(leases), durationMs })) });
      progress.value = 0;
      startedAt = performance.now();
      progressText.textContent = "Starting…";
      syncButtons();
      container.dataset.running = "true";
    }

    /** " · about 40s left", from the wall-clock time so far, once the rate is known. */
    let startedAt = 0;
    function timeLeft(fraction) {
      const spent = (performance.now() - startedAt) / 1000;
      if (!(fraction > 0.05 && fraction < 1) || spent < 1) return "";
      const left = (spent * (1 - fraction)) / fraction;
      return ` · about ${wallDuration(left)} left`;
    }

    function onMessage(id, msg) {
      if (id !== runId || !isObject(msg)) return;
      if (msg.type === "progress") {
        const prev = results[msg.label] ?? {};
        results[msg.label] = { ...prev, rates: msg.rates, summary: msg.summary, elapsed: msg.elapsed, grid: msg.grid ?? prev.grid };
        progress.value = msg.fraction;
        const label = RUNS.find(([k]) => k === msg.label)?.[1] ?? msg.label;
        progressText.textContent = `Simulating with ${label}: ${minutes(msg.elapsed / 1000)} of ${state.duration} (${Math.round(msg.fraction * 100)}% overall)${timeLeft(msg.fraction)}`;
        scheduled();
      } else if (msg.type === "done") {
        for (const r of msg.results) results[r.label] = r;
        finish(null);
      } else if (msg.type === "error") {
        finish(`The simulator refused this scenario: ${msg.message}`);
      }
    }

    function finish(error) {
      running = false;
      worker?.terminate();
      worker = null;
      delete container.dataset.running;
      progress.value = error ? progress.value : 1;
      progressText.textContent = error ?? `Done: ${state.nodes} nodes, ${state.duration} simulated twice.`;
      if (error) { validation.hidden = false; validation.textContent = error; }
      container.dataset.done = error ? "error" : "true";
      syncButtons();
      draw();
    }

    function cancel(say = true) {
      if (!running) return;
      runId++;
      worker?.terminate();
      worker = null;
      running = false;
      delete container.dataset.running;
      if (say) progressText.textContent = "Cancelled.";
      syncButtons();
    }

    function syncButtons() {
      runBtn.disabled = running;
      cancelBtn.disabled = !running;
      progress.hidden = !running && !progress.value;
    }

    /** Reads the controls into the state; returns a problem to show, or null. */
    function check() {
      const n = Number(nodes.value);
      const f = Number(fraction.value);
      let problem = null;
      if (!Number.isInteger(n) || n < 1 || n > MAX_NODES) problem = `Nodes must be a whole number from 1 to ${MAX_NODES}.`;
      else if (!Number.isFinite(f) || f < 0 || f > 100) problem = "The fraction must be between 0 and 100 percent.";
      nodes.setAttribute("aria-invalid", String(!!problem && problem.startsWith("Nodes")));
      fraction.setAttribute("aria-invalid", String(!!problem && problem.startsWith("The fraction")));
      validation.hidden = !problem;
      validation.textContent = problem ?? "";
      if (!problem) { state.nodes = n; state.fraction = f; }
      return problem;
    }

    // ---- drawing
    function colours() {
      const cs = getComputedStyle(container);
      return [cs.getPropertyValue("--line"), cs.getPropertyValue("--ok"), cs.getPropertyValue("--bad"), cs.getPropertyValue("--unknown")].map((c) => c.trim() || "#888");
    }

    function drawGrid() {
      // While a run is under way the other run's grid stands in, and the summary says which it is.
      const key = results[state.show]?.grid ? state.show : RUNS.map(([k]) => k).find((k) => results[k]?.grid) ?? state.show;
      const r = results[key];
      const n = r?.grid?.length ?? state.nodes;
      const width = Math.max(200, Math.floor(canvas.parentElement.clientWidth || 600));
      const cell = Math.max(3, Math.min(24, Math.floor(Math.sqrt((width * 360) / n))));
      const cols = Math.max(1, Math.floor(width / cell));
      const rows = Math.ceil(n / cols);
      const dpr = window.devicePixelRatio || 1;
      canvas.width = cols * cell * dpr;
      canvas.height = rows * cell * dpr;
      canvas.style.width = `${cols * cell}px`;
      canvas.style.height = `${rows * cell}px`;
      const g = canvas.getContext("2d");
      g.scale(dpr, dpr);
      const pal = colours();
      const gap = cell >= 6 ? 1 : 0;
      for (let i = 0; i < n; i++) {
        g.fillStyle = pal[r?.grid?.[i] ?? 0] ?? pal[0];
        g.fillRect((i % cols) * cell, Math.floor(i / cols) * cell, cell - gap, cell - gap);
      }
      const label = RUNS.find(([k]) => k === key)?.[1];
      const sm = r?.summary;
      const text = sm
        ? `With ${label}, at ${simTime(r.elapsed ?? 0)}: ${n} nodes, ${sm.registered} registered, ${sm.ready} Ready, ${sm.notReady} NotReady, ${sm.unknown} Unknown` +
          ` (pressure: ${sm.memoryPressure} memory, ${sm.diskPressure} disk, ${sm.pidPressure} PID).`
        : `${n} nodes, not simulated yet.`;
      canvas.setAttribute("aria-label", `Grid of ${n} nodes coloured by Ready condition. ${text}`);
      if (summary.textContent !== text) summary.textContent = text;
    }

    function drawPlot() {
      const width = Math.max(280, Math.floor(plot.clientWidth || 600));
      const height = width < 500 ? 200 : 260;
      const m = { l: 48, r: 10, t: 10, b: 30 };
      const w = windowSecs(state.duration);
      const total = durationRow(state.duration)[1] / 1000;
      const series = [
        ["off", "statusPatches", "Node status patches, leases off", "off-status"],
        ["on", "statusPatches", "Node status patches, leases on", "on-status"],
        ["on", "leaseWrites", "Lease renewals, leases on", "on-lease"],
      ];
      let max = 0.1;
      for (const [k, key] of series) for (const b of results[k]?.rates ?? []) max = Math.max(max, b[key] / w);
      max = niceCeil(max);
      const x = (t) => m.l + (t / total) * (width - m.l - m.r);
      const y = (v) => height - m.b - (v / max) * (height - m.t - m.b);
      const parts = [];
      // The time axis thins its labels to what the width holds (about 64 px per label, "1h30m"
      // included), so they never run into each other on a phone.
      const xTicks = Math.max(1, Math.min(4, Math.floor((width - m.l - m.r) / 64)));
      for (let k = 0; k <= 4; k++) {
        const v = (max * k) / 4;
        parts.push(s("line", { x1: m.l, x2: width - m.r, y1: y(v), y2: y(v), class: "gridline" }));
        parts.push(s("text", { x: m.l - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, Number(v.toPrecision(3)).toLocaleString("en")));
      }
      for (let k = 0; k <= xTicks; k++) {
        parts.push(s("text", { x: x((total * k) / xTicks), y: height - 10, "text-anchor": k === 0 ? "start" : k === xTicks ? "end" : "middle", class: "axis x-axis" }, minutes((total * k) / xTicks)));
      }
      for (const [k, key, label, cls] of series) {
        // A bucket that starts at the very end holds only the last instant's writes: not a rate.
        const pts = (results[k]?.rates ?? []).filter((b) => b.t < total).map((b) => `${x(b.t + w / 2).toFixed(1)},${y(b[key] / w).toFixed(1)}`);
        if (pts.length) parts.push(s("polyline", { points: pts.join(" "), class: `series ${cls}` }, s("title", {}, label)));
      }
      render(plot,
        s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "plot", role: "img", "aria-label": "API writes per second over simulated time for both runs; the table below has the totals." }, parts),
        h("ul", { class: "plot-legend" }, series.map(([, , label, cls]) => h("li", {}, h("span", { class: `line-swatch ${cls}` }), label))));
      const row = (k) => {
        const r = results[k];
        const wr = r?.writes;
        const span = (r?.elapsed ?? 0) / 1000;
        // Every column of writes is one kind, so they add up to "All writes" (registrations
        // are node creates; lease writes count the lease's create and its renewals).
        const cells = wr
          ? [wr.nodeCreates, wr.statusPatches, wr.leaseCreates + wr.leaseUpdates, wr.controllerStatusUpdates + wr.taintPatches, wr.total, span ? fmt(wr.total / span) : "–"]
          : r?.rates
            ? (() => {
              const sum = (key) => r.rates.reduce((a, b) => a + b[key], 0);
              const tot = Math.round(r.rates.reduce((a, b) => a + b.perSecond * w, 0));
              const kinds = [sum("statusPatches"), sum("leaseWrites"), sum("controllerWrites")];
              return [tot - kinds.reduce((a, b) => a + b, 0), ...kinds, tot, span ? fmt(tot / span) : "–"];
            })()
            : ["–", "–", "–", "–", "–", "–"];
        return h("tr", {}, h("th", { scope: "row" }, runLabel(k)), cells.map((c) => h("td", { class: "num" }, typeof c === "number" ? c.toLocaleString("en") : c)));
      };
      // Bytes stored, by the same kinds: every write stores the whole object (a status patch the
      // Node, a renewal the Lease), sized by the package as etcd holds it. Known once a run ends.
      const bytesRow = (k) => {
        const b = results[k]?.bytes;
        const cells = b
          ? [b.nodeCreates, b.statusPatches, b.leaseCreates + b.leaseUpdates, b.controllerStatusUpdates + b.taintPatches, b.total]
          : ["–", "–", "–", "–", "–"];
        const per = b && results[k].writes?.total ? Math.round(b.total / results[k].writes.total) : "–";
        return h("tr", {}, h("th", { scope: "row" }, runLabel(k)),
          [...cells, per].map((c) => h("td", { class: "num" }, typeof c === "number" ? c.toLocaleString("en") : c)));
      };
      const sizes = RUNS.map(([k]) => results[k]?.bytes).find((b) => b?.lastNode && b?.lastLease);
      render(table,
        h("caption", {}, `API writes over ${state.duration} with ${state.nodes} nodes`),
        h("thead", {}, h("tr", {}, ["Run", "Node registrations", "Status patches", "Lease writes", "Controller writes", "All writes", "Writes/s"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, RUNS.map(([k]) => row(k))));
      render(bytesTable,
        h("caption", {}, `Bytes the API server stored for those writes (each write stores the whole object)${sizes
          ? `: a Node is ${sizes.lastNode.toLocaleString("en")} bytes, a Lease ${sizes.lastLease.toLocaleString("en")} bytes` : ""}`),
        h("thead", {}, h("tr", {}, ["Run", "Node registrations", "Status patches", "Lease writes", "Controller writes", "All bytes", "Bytes per write"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, RUNS.map(([k]) => bytesRow(k))));
    }

    /** Each run's zone changes (newest last) and, when its last change left tainting at rate 0
     *  with NoExecute taints queued, why they are not applied. The reasons come from the trace. */
    function drawZones() {
      const done = RUNS.filter(([k]) => results[k]?.zones);
      if (!done.length) return render(zones, h("p", { class: "muted" }, "Zone states appear when a run finishes."));
      render(zones, done.map(([k, label]) => {
        const r = results[k];
        const last = r.zones.at(-1);
        const held = last && last.evictionRate === 0 && r.heldNoExecute > 0;
        return h("section", { class: "cluster-zone-run", "data-run": k },
          h("h4", {}, `With ${label}`),
          held ? h("p", { class: "note", id: `cluster-held-${k}`, role: "status" },
            h("strong", {}, `${r.heldNoExecute.toLocaleString("en")} nodes' NoExecute taints queued, not applied: `),
            `since ${simTime(since(r, last.time) * 1000)} the zone ${zoneName(last.zone)} is ${last.to}${last.allZonesFull ? " and so is every zone (full-disruption mode)" : ""}, tainting rate 0. `,
            last.why) : null,
          r.zones.length
            ? h("ul", { class: "zone-changes" }, r.zones.map((z) => h("li", {},
              h("span", { class: "mono when" }, simTime(since(r, z.time) * 1000)), " ",
              h("strong", {}, `${zoneName(z.zone)}: ${z.from} → ${z.to}`),
              ` (${z.ready.toLocaleString("en")} Ready, ${z.notReady.toLocaleString("en")} not Ready), NoExecute rate ${z.evictionRate}/s. `,
              h("span", { class: "muted" }, z.why))))
            : h("p", { class: "muted" }, "No zone changed state."));
      }));
    }

    function draw() {
      drawGrid();
      drawPlot();
      drawZones();
    }
    const scheduled = debounceFrame(draw);

    function syncControls() {
      nodes.value = String(state.nodes);
      duration.value = state.duration;
      version.value = state.version;
      fault.value = state.fault;
      fraction.value = String(state.fraction);
      at.value = state.at;
      forSel.value = state.for;
      show.value = state.show;
      syncDisabled();
    }
    function syncDisabled() {
      const faulty = state.fault !== "none";
      fraction.disabled = at.disabled = forSel.disabled = !faulty;
    }

    const changed = () => {
      if (running) cancel();
      state.duration = duration.value;
      state.version = version.value;
      state.fault = fault.value;
      state.at = at.value;
      state.for = forSel.value;
      check(); // never rewrites what is being typed
      syncDisabled();
      fresh = false;
    };
    for (const el of [nodes, fraction]) el.addEventListener("input", changed);
    for (const el of [duration, version, fault, at, forSel]) el.addEventListener("change", changed);
    show.addEventListener("change", () => { state.show = show.value; drawGrid(); });
    runBtn.addEventListener("click", run);
    cancelBtn.addEventListener("click", () => cancel(true));
    // Canvas colours come from the theme: redraw when it flips.
    new MutationObserver(() => drawGrid()).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    new ResizeObserver(() => { if (!container.hidden) scheduled(); }).observe(plot);

    syncControls();
    syncButtons();

    return {
      getState() {
        const out = {};
        for (const [k, v] of Object.entries(state)) if (v !== DEFAULTS[k]) out[k] = v;
        return out;
      },
      setState(input) {
        if (!isObject(input)) throw new Error("the cluster state should be an object");
        const next = { ...DEFAULTS };
        for (const k of Object.keys(DEFAULTS)) next[k] = field(input, k, typeof DEFAULTS[k], DEFAULTS[k]);
        if (!Number.isInteger(next.nodes) || next.nodes < 1 || next.nodes > MAX_NODES) throw new Error(`"nodes" should be a whole number from 1 to ${MAX_NODES}`);
        if (!(next.fraction >= 0 && next.fraction <= 100)) throw new Error('"fraction" should be a percentage from 0 to 100');
        if (!Number.isInteger(next.seed) || next.seed < 0 || next.seed > Number.MAX_SAFE_INTEGER) throw new Error('"seed" should be a whole number');
        if (!DURATIONS.some(([d]) => d === next.duration)) throw new Error(`unknown duration ${JSON.stringify(next.duration.slice(0, 20))}`);
        if (!versionRange(kubegate).includes(next.version)) throw new Error(`unknown Kubernetes version ${JSON.stringify(next.version.slice(0, 20))}`);
        if (!FAULT_KINDS.some(([k]) => k === next.fault)) throw new Error(`unknown fault ${JSON.stringify(next.fault.slice(0, 30))}`);
        if (!AT.includes(next.at)) throw new Error('unknown fault start "at"');
        if (!FOR.some(([f]) => f === next.for)) throw new Error('unknown fault length "for"');
        if (!RUNS.some(([k]) => k === next.show)) next.show = "on";
        cancel(false);
        state = next;
        results = {};
        fresh = false;
        progress.value = 0;
        progressText.textContent = "Not run yet.";
        validation.hidden = true;
        syncControls();
        syncButtons();
        draw();
      },
      /** Runs the current scenario the first time the tab is shown (and after a link or example loads). */
      onShow() {
        if (!fresh && !running) run();
        else scheduled();
      },
    };
  },
};
