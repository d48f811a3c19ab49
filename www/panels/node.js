// Node: one node's conditions as state machines, a timeline of its API writes, events and taints,
// and a virtual clock with fault injection. Every fact comes from kubegate's ClusterSimulator
// (a one-node scenario) and NodeLifecycleController.settings(); this file only draws them.
//
// Design: the panel's state IS a scenario (version, leases, faults with `at`/`until`) plus the
// position of the clock. The simulator is deterministic, so injecting a fault at the current time
// or moving the clock backwards rebuilds the simulator and replays to that time (a one-node hour
// replays in well under a frame). That also makes a share link reproduce the exact picture.
import { h, render, messageOf, labelled, versionRange, newestRelease, select, onFileDrop, toCsv, downloadButton, copyButton, simTime, goDuration, newestFirst } from "../ui.js";
import { field, isObject } from "../state.js";

const SVG = "http://www.w3.org/2000/svg";
const CONDITIONS = ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure"];
const STATUSES = ["Unknown", "True", "False"];
/** One simulated hour: long enough for every curated story, short enough to replay instantly. */
const DURATION_MS = 3_600_000;
const MAX_FAULTS = 100;
const MAX_MESSAGE = 500;
/** Largest node import read from a paste or a file (a node with its Lease is a few KB). */
const MAX_IMPORT = 1_000_000;
const SPEEDS = [1, 5, 10, 30, 60, 300];
/** @type {[string, number][]} */
const STEPS = [["1s", 1000], ["5s", 5000], ["10s", 10_000], ["30s", 30_000], ["1m", 60_000]];
/** @type {[string, number][]} */
const WINDOWS = [["2m", 120_000], ["5m", 300_000], ["10m", 600_000], ["1h", 3_600_000]];
/** The faults a person can switch on and off, in the scenario's own names. */
const FAULTS = [
  ["kubeletStopped", "Stop the kubelet", "Restart the kubelet"],
  ["partitioned", "Cut off from the API server", "Reconnect to the API server"],
  ["memoryPressure", "Start memory pressure", "End memory pressure"],
  ["diskPressure", "Start disk pressure", "End disk pressure"],
  ["pidPressure", "Start PID pressure", "End PID pressure"],
  ["runtimeError", "Break the container runtime", "Repair the container runtime"],
  ["networkError", "Break the network plugin", "Repair the network plugin"],
];
const FAULT_KINDS = FAULTS.map((f) => f[0]);
const FAULT_LABEL = {
  kubeletStopped: "kubelet stopped", partitioned: "cut off", memoryPressure: "memory pressure",
  diskPressure: "disk pressure", pidPressure: "PID pressure", runtimeError: "runtime error", networkError: "network error",
};
// `explain`: the node last imported and explained (Import from a node), so a share link or an
// example shows the same explanation.
/** @type {{ version: string | null, leases: boolean, time: number, speed: number, step: string, window: string, faults: import("kubegate").Fault[], explain: string }} */
const BASE_DEFAULTS = { version: null, leases: true, time: 30_000, speed: 10, step: "5s", window: "5m", faults: [], explain: "" };

/** Milliseconds → a Kubernetes duration the scenario accepts ("90s", "1500ms"). */
const toDuration = (ms) => (ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`);
/** An SVG element built through the DOM (never markup). */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}
const title = (text) => s("title", {}, text);
/** "1 status patch", "2 status patches". */
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A zone key (`region:\0:zone`) as people write it. */
const zoneName = (key) => (key ? key.split(":\u0000:").filter(Boolean).join("/") : "(no zone label)");

/** Good, bad or unknown, for colour only: Ready=True is good, a pressure condition True is bad. */
function tone(condition, status) {
  if (status === "Unknown" || !status) return "unknown";
  return (condition === "Ready") === (status === "True") ? "good" : "bad";
}

export default {
  id: "node",
  title: "Node",
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container }) {
    const DEFAULTS = { ...BASE_DEFAULTS, version: newestRelease(kubegate) };
    const { ClusterSimulator, NodeLifecycleController } = kubegate;
    let state = structuredClone(DEFAULTS);
    let sim = null; // ClusterSimulator at state.time
    let trace = null;
    let node = null;
    let settings = null;
    let simError = null;
    let playing = false;
    let lastFrame = 0;
    let announced = "";

    // ---- controls
    const version = select(versionRange(kubegate), state.version, { id: "node-version" });
    const leases = h("input", { type: "checkbox", id: "node-leases", checked: true });
    const grace = h("p", { class: "muted node-grace", id: "node-grace" });
    const play = h("button", { type: "button", id: "node-play", class: "primary", "aria-pressed": "false" }, "Play");
    const stepSize = select(STEPS.map(([l]) => [l, `+${l}`]), state.step, { id: "node-step-size", "aria-label": "Step size" });
    const step = h("button", { type: "button", id: "node-step" }, "Step");
    const speed = select(SPEEDS.map((x) => [String(x), `${x}× real time`]), String(state.speed), { id: "node-speed" });
    const reset = h("button", { type: "button", id: "node-reset" }, "Back to 0s");
    const scrub = h("input", { type: "range", id: "node-time", min: "0", max: String(DURATION_MS / 1000), step: "1", value: "0", "aria-valuetext": "0m00s" });
    const clockText = h("output", { id: "node-clock", class: "node-clock mono", for: "node-time" });
    const faultButtons = new Map();
    for (const [kind, on] of FAULTS) {
      faultButtons.set(kind, h("button", { type: "button", id: `node-fault-${kind}`, "aria-pressed": "false", onclick: () => toggleFault(kind) }, on));
    }
    const clearFaults = h("button", { type: "button", id: "node-clear-faults" }, "Remove all faults");
    const faultList = h("ul", { class: "node-faults", id: "node-fault-list", "aria-label": "Scheduled faults" });
    const status = h("p", { class: "node-status", id: "node-status", "aria-live": "polite" });
    const machines = h("div", { class: "machines", id: "node-machines" });
    const windowSel = select(WINDOWS.map(([l]) => [l, `last ${l}`]), state.window, { id: "node-window" });
    const timeline = h("div", { class: "timeline-wrap", id: "node-timeline" });
    const counts = h("p", { class: "summary", id: "node-counts" });
    const condTable = h("table", { class: "node-conditions phone-cards", id: "node-conditions" });
    const taintList = h("p", { class: "node-taints", id: "node-taints" });
    // Why a queued NoExecute taint is not applied: the zone's state and rate as the controller set
    // them (the trace's zone changes carry the reasoning; this panel only shows it).
    const disruption = h("p", { class: "note node-disruption", id: "node-disruption", role: "status", hidden: true });
    const log = h("ol", { class: "node-log", id: "node-log", reversed: true });
    const errorBox = h("p", { class: "error", id: "node-error", role: "alert", hidden: true });

    // ---- import a real node (the package reads it and says how the scenario reproduces it)
    const importText = h("textarea", {
      id: "node-import-text", class: "mono", rows: "5", spellcheck: "false", autocomplete: "off",
      "aria-label": "Node to import (kubectl get node NAME -o yaml or -o json)", "aria-describedby": "node-import-hint",
      placeholder: "apiVersion: v1\nkind: Node\n…",
    });
    const importFile = h("input", { type: "file", id: "node-import-file", class: "visually-hidden", accept: ".yaml,.yml,.json,.txt", "aria-label": "Node file to import" });
    const importStatus = h("div", { id: "node-import-status", "aria-live": "polite" });
    const explain = createExplain({ kubegate });
    const replayButton = h("button", { type: "button", id: "node-import-replay", disabled: true, onclick: () => runReplay(importText.value) }, "Replay in the simulator");
    const importBox = h("details", { id: "node-import", class: "import" },
      h("summary", {}, "Import from a node"),
      h("p", { class: "hint", id: "node-import-hint" },
        "Paste, open or drop what kubectl get node NAME -o yaml (or -o json, or kubectl get nodes -o yaml) prints; add the node's Lease ",
        "(kubectl get lease -n kube-node-lease NAME -o yaml) and its pods (kubectl get pods -A -o yaml --field-selector spec.nodeName=NAME) ",
        "as more documents if you have them. The node is explained as it is, below; Replay in the simulator starts this panel's ",
        "one-node simulation from its conditions instead (the scheduled faults are replaced)."),
      importText,
      h("div", { class: "row" },
        h("button", { type: "button", id: "node-import-open", onclick: () => importFile.click() }, "Open file…"), importFile,
        h("button", { type: "button", id: "node-import-run", onclick: () => runImport(importText.value) }, "Import"),
        replayButton),
      importStatus,
      explain.element);

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "One node's conditions"),
        h("p", {}, "A simulated kubelet, its node lease and the node lifecycle controller on a virtual clock. Break something and watch which condition moves, when, and why.")),
      h("div", { class: "controls" },
        labelled("Kubernetes version", version),
        h("label", { class: "check" }, leases, " node leases (kube-node-lease)"),
        grace),
      importBox,
      h("div", { class: "controls clock-controls", role: "group", "aria-label": "Virtual clock" },
        play, h("span", { class: "row" }, step, stepSize), labelled("Speed", speed), reset,
        h("label", { class: "field scrub" }, h("span", { class: "label-text" }, "Virtual time"), scrub), clockText),
      h("div", { class: "fault-controls", role: "group", "aria-label": "Inject a fault now" },
        h("h3", {}, "Inject a fault at the current time"),
        h("div", { class: "row" }, [...faultButtons.values()]),
        h("div", { class: "row" }, clearFaults),
        faultList),
      errorBox,
      status,
      h("h3", {}, "Conditions as state machines"),
      machines,
      h("div", { class: "row timeline-head" }, h("h3", {}, "Timeline"), labelled("Show", windowSel)),
      timeline,
      counts,
      h("h3", {}, "The node as the API server holds it"),
      h("div", { class: "table-wrap phone-cards-wrap" }, condTable),
      taintList,
      disruption,
      h("div", { class: "row timeline-head" }, h("h3", {}, "What happened"),
        h("div", { class: "row export", id: "node-export" },
          downloadButton("Download CSV", () => `node-timeline-${state.version}.csv`, "text/csv", timelineCsv, { id: "node-download-csv" }),
          downloadButton("Download JSON", () => `node-timeline-${state.version}.json`, "application/json", timelineJson, { id: "node-download-json" }),
          copyButton("Copy CSV", timelineCsv, { id: "node-copy-csv" }))),
      h("div", { class: "log-wrap" }, log));

    // ---- export: the whole timeline up to now (the log shows the latest 80), oldest first
    function timelineJson() {
      return `${JSON.stringify({ version: state.version, leases: state.leases, faults: state.faults, until: goDuration(state.time), timeline: timelineItems() }, null, 2)}\n`;
    }
    function timelineCsv() {
      return toCsv(["ms", "time", "kind", "what", "who"], timelineItems().map((e) => [e.ms, e.time, e.kind, e.what, e.who]));
    }

    // ---- the simulation
    function scenario() {
      return {
        nodes: 1, duration: toDuration(DURATION_MS), seed: 1, kubernetesVersion: state.version,
        nodeLeases: state.leases, rateWindow: "1s", faults: state.faults,
      };
    }

    /** Rebuilds the simulator from the state and replays to state.time. */
    function rebuild() {
      sim?.free();
      sim = null;
      simError = null;
      try {
        const ctl = new NodeLifecycleController({ kubernetesVersion: state.version });
        settings = ctl.settings();
        ctl.free();
        sim = new ClusterSimulator(scenario());
        trace = sim.advance(toDuration(state.time));
        node = sim.nodes()[0] ?? null;
      } catch (e) {
        simError = messageOf(e);
        trace = null;
        node = null;
      }
    }

    /** Moves the clock forward by `ms` without replaying. */
    function forward(ms) {
      if (!sim) return;
      const target = Math.min(DURATION_MS, state.time + ms);
      const delta = Math.round(target - state.time);
      if (delta <= 0) return;
      trace = sim.advance(toDuration(delta));
      state.time += delta;
      node = sim.nodes()[0] ?? null;
    }

    function seek(ms) {
      ms = Math.max(0, Math.min(DURATION_MS, Math.round(ms)));
      if (ms >= state.time && sim) forward(ms - state.time);
      else { state.time = ms; rebuild(); }
      draw();
    }

    /** The fault of this kind that is in force now (started, not yet ended), if any. */
    const activeFault = (kind) => state.faults.find((f) => f.kind === kind && ms(f.at) <= state.time && (f.until === undefined || ms(f.until) > state.time));
    function ms(d) {
      // Only durations this panel wrote or validated reach here: "<n>s" or "<n>ms" or a scenario string.
      const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(d);
      if (!m) return NaN;
      return Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2]]);
    }

    function toggleFault(kind) {
      const active = activeFault(kind);
      if (active) {
        if (ms(active.at) === state.time) state.faults = state.faults.filter((f) => f !== active);
        else active.until = toDuration(state.time);
      } else {
        state.faults = [...state.faults, { kind, at: toDuration(state.time) }];
      }
      rebuild();
      draw();
    }

    // ---- drawing
    const since = (t) => (trace ? Date.parse(t) - Date.parse(trace.start) : 0);

    function drawMachines() {
      const els = CONDITIONS.map((cond) => {
        const cur = node?.status?.conditions?.find((c) => c.type === cond);
        const steps = trace ? trace.transitions.filter((t) => t.condition === cond) : [];
        const last = steps[steps.length - 1];
        return h("figure", { class: "machine", id: `node-machine-${cond}`, "data-status": cur?.status ?? "none" },
          machineSvg(cond, cur?.status, steps, last),
          h("figcaption", {},
            h("strong", {}, cond), ": ",
            h("span", { class: `tone-${tone(cond, cur?.status)} cond-status` }, cur?.status ?? "not reported yet"),
            last ? h("span", { class: "why" }, h("br"),
              `${last.from || "(none)"} → ${last.to} at ${simTime(since(last.time))}, set by the ${last.source}: `,
              h("code", { class: "reason" }, last.reason),
              last.message ? h("q", { class: "message" }, last.message) : null) : null));
      });
      render(machines, els);
    }

    /** Three states in a triangle; every transition this run took is an arrow, the latest one highlighted. */
    function machineSvg(cond, current, steps, last) {
      const pos = { Unknown: [110, 34], True: [42, 126], False: [178, 126] };
      const taken = new Map();
      for (const t of steps) if (t.from) taken.set(`${t.from}>${t.to}`, (taken.get(`${t.from}>${t.to}`) ?? 0) + 1);
      const edges = [];
      for (const a of STATUSES) for (const b of STATUSES) {
        if (a === b) continue;
        const [x1, y1] = pos[a];
        const [x2, y2] = pos[b];
        // Offset each direction sideways so a→b and b→a do not overlap; shorten to the circle edge.
        const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
        const ux = dx / len, uy = dy / len, ox = -uy * 7, oy = ux * 7;
        const n = taken.get(`${a}>${b}`) ?? 0;
        const isLast = last && last.from === a && last.to === b;
        edges.push(s("line", {
          x1: x1 + ux * 28 + ox, y1: y1 + uy * 28 + oy, x2: x2 - ux * 31 + ox, y2: y2 - uy * 31 + oy,
          class: `edge${n ? " taken" : ""}${isLast ? " last" : ""}`, "marker-end": n ? `url(#arrow-${cond}${isLast ? "-last" : ""})` : null,
        }, title(n ? `${a} → ${b}: taken ${n} time${n === 1 ? "" : "s"}` : `${a} → ${b}: not taken`)));
      }
      const first = steps.find((t) => !t.from);
      const start = first ? pos[first.to] : null;
      // The entry arrow comes from outside the triangle: from the left, upper left or upper right.
      const from = first ? { Unknown: [-1, 0], True: [-0.6, -0.8], False: [0.6, -0.8] }[first.to] : null;
      const marker = (id, cls) => s("marker", { id, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
        s("path", { d: "M0,0 L10,5 L0,10 z", class: cls }));
      return s("svg", { viewBox: "0 0 220 160", class: "machine-svg", role: "img", "aria-label": `${cond} state machine, now ${current ?? "not reported"}` },
        s("defs", {}, marker(`arrow-${cond}`, "arrowhead"), marker(`arrow-${cond}-last`, "arrowhead last")),
        start ? s("line", { x1: start[0] + from[0] * 50, y1: start[1] + from[1] * 50, x2: start[0] + from[0] * 29, y2: start[1] + from[1] * 29, class: "edge taken start", "marker-end": `url(#arrow-${cond})` }, title(`first reported as ${first.to}`)) : null,
        edges,
        STATUSES.map((st) => s("g", { class: `state tone-${tone(cond, st)}${st === current ? " current" : ""}` },
          s("circle", { cx: pos[st][0], cy: pos[st][1], r: 26 }),
          s("text", { x: pos[st][0], y: pos[st][1] + 4, "text-anchor": "middle" }, st))));
    }

    function drawTimeline() {
      const width = Math.max(300, Math.floor(timeline.clientWidth || container.clientWidth || 800));
      const win = WINDOWS.find(([l]) => l === state.window)?.[1] ?? 300_000;
      const t1 = Math.max(state.time, win);
      const t0 = t1 - win;
      const left = width < 500 ? 92 : 128;
      const plot = width - left - 10;
      const x = (t) => left + ((t - t0) / win) * plot;
      const rowH = 22;
      const rows = ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure", "Faults", "Status patches", "Lease renewals", "Controller passes", "Events", "Taints"];
      const height = rows.length * rowH + 26;
      const y = (i) => i * rowH + 4;
      const parts = [];
      rows.forEach((label, i) => parts.push(s("text", { x: 4, y: y(i) + 15, class: "row-label" }, width < 500 ? label.replace("Pressure", "P.").replace("Controller passes", "Controller").replace("Lease renewals", "Leases").replace("Status patches", "Status") : label)));
      if (trace) {
        // Condition bands: the status over time, from the recorded transitions.
        CONDITIONS.forEach((cond, i) => {
          let from = null, st = null;
          const segs = [];
          for (const t of trace.transitions.filter((t) => t.condition === cond)) {
            const at = since(t.time);
            if (st !== null) segs.push([from, at, st]);
            from = at; st = t.to;
          }
          if (st !== null) segs.push([from, state.time, st]);
          for (const [a, b, status] of segs) {
            if (b < t0 || a > t1) continue;
            const xa = x(Math.max(a, t0)), xb = x(Math.min(b, t1));
            parts.push(s("rect", { x: xa, y: y(i) + 4, width: Math.max(1, xb - xa), height: rowH - 8, class: `band tone-${tone(cond, status)}` }, title(`${cond} ${status} from ${simTime(a)}`)));
          }
        });
        state.faults.forEach((f) => {
          const a = ms(f.at), b = f.until === undefined ? state.time : Math.min(ms(f.until), state.time);
          if (a > state.time || b < t0 || a > t1) return;
          const xa = x(Math.max(a, t0)), xb = x(Math.min(b, t1));
          parts.push(s("rect", { x: xa, y: y(4) + 5, width: Math.max(2, xb - xa), height: rowH - 10, class: "band fault" }, title(`${FAULT_LABEL[f.kind]} from ${simTime(a)}${f.until === undefined ? "" : ` to ${simTime(ms(f.until))}`}`)));
        });
        // One path per row of ticks keeps a full hour (3600 one-second buckets) cheap to draw.
        const ticks = (row, pick, cls) => {
          let d = "";
          for (const b of trace.writeRates) {
            const t = since(b.start);
            if (t < t0 || t > t1 || !pick(b)) continue;
            d += `M${x(t).toFixed(1)} ${y(row) + 4}v${rowH - 8}`;
          }
          if (d) parts.push(s("path", { d, class: `ticks ${cls}` }));
        };
        ticks(5, (b) => b.statusPatches > 0, "patch");
        ticks(6, (b) => b.leaseWrites > 0, "lease");
        // Controller passes run every nodeMonitorPeriod; the ones that wrote are drawn taller.
        const period = settings ? ms(settings.nodeMonitorPeriod) : NaN;
        if (period > 0 && win / period <= 1500) {
          let d = "";
          for (let t = Math.ceil(t0 / period) * period || period; t <= Math.min(t1, state.time); t += period) d += `M${x(t).toFixed(1)} ${y(7) + 9}v${rowH - 14}`;
          if (d) parts.push(s("path", { d, class: "ticks pass" }));
        }
        ticks(7, (b) => b.controllerWrites > 0, "controller");
        for (const e of trace.events) {
          const t = since(e.time);
          if (t < t0 || t > t1) continue;
          parts.push(s("circle", { cx: x(t), cy: y(8) + rowH / 2, r: 5, class: `event ${e.type === "Warning" ? "warning" : ""}` }, title(`${simTime(t)} ${e.source}: ${e.reason}: ${e.message}`)));
        }
        for (const c of trace.taints) {
          const t = since(c.time);
          if (t < t0 || t > t1) continue;
          const cx = x(t), cy = y(9) + rowH / 2;
          parts.push(s("path", { d: `M${cx - 5} ${cy + 5}L${cx} ${cy - 5}L${cx + 5} ${cy + 5}z`, class: `taint ${c.action}` }, title(`${simTime(t)} taint ${c.key}:${c.effect} ${c.action}`)));
        }
      }
      // Axis: up to five labels across the window, as many as fit side by side (a label such as
      // "t+13m45s" is about 60 px wide at 11 px), and the "now" line.
      const axisY = rows.length * rowH + 8;
      const gaps = width >= 560 ? 4 : width >= 300 ? 2 : 1;
      for (let k = 0; k <= gaps; k++) {
        const t = t0 + (win * k) / gaps;
        parts.push(s("text", { x: x(t), y: axisY + 12, class: "axis", "text-anchor": k === 0 ? "start" : k === gaps ? "end" : "middle" }, simTime(t)));
      }
      parts.push(s("line", { x1: x(state.time), x2: x(state.time), y1: 0, y2: axisY, class: "now" }));
      render(timeline, s("svg", { width, height: height + 4, viewBox: `0 0 ${width} ${height + 4}`, class: "timeline", role: "img",
        "aria-label": `Timeline of the last ${state.window} up to ${simTime(state.time)}: condition bands, faults, status patches, lease renewals, controller passes, events and taints. The list below says the same in words.` }, parts));
    }

    function drawLists() {
      // data-label: on a phone each row is a card and each value says which column it is.
      const rows = (node?.status?.conditions ?? []).map((c) => h("tr", {},
        h("th", { scope: "row" }, c.type),
        h("td", { class: `tone-${tone(c.type, c.status)}`, "data-label": "Status" }, c.status),
        h("td", { "data-label": "Reason" }, h("code", {}, c.reason ?? "")),
        h("td", { class: "message wide", "data-label": "Message" }, c.message ?? ""),
        h("td", { class: "mono", "data-label": "Last heartbeat" }, c.lastHeartbeatTime ?? ""),
        h("td", { class: "mono", "data-label": "Last transition" }, c.lastTransitionTime ?? "")));
      render(condTable,
        h("caption", { class: "visually-hidden" }, "Conditions of node-0 on the API server"),
        h("thead", {}, h("tr", {}, ["Condition", "Status", "Reason", "Message", "Last heartbeat", "Last transition"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: "6", class: "muted" }, "The kubelet has not registered the node yet."))));
      const taints = node?.spec?.taints ?? [];
      render(taintList, h("strong", {}, "Taints: "), taints.length
        ? taints.map((t, i) => [i ? ", " : "", h("code", {}, `${t.key}:${t.effect}`)])
        : h("span", { class: "muted" }, "none"));
      drawDisruption();
      if (!trace) return render(log);
      const items = newestFirst(timelineItems(), 80).map((e) => [e.ms, e.what, e.who]);
      render(log, items.map(([t, what, who]) => h("li", {}, h("span", { class: "mono when" }, simTime(t)), " ", h("strong", {}, what), " ", h("span", { class: "muted" }, who))));
    }

    /** A NoExecute taint queued and not applied since, with the zone state that holds it back. */
    function drawDisruption() {
      const zone = trace?.zones?.at(-1);
      const pending = new Map();
      for (const c of trace?.taints ?? []) {
        if (c.effect !== "NoExecute") continue;
        if (c.action === "queued") pending.set(c.key, c);
        else pending.delete(c.key);
      }
      const held = zone && zone.evictionRate === 0 && pending.size > 0;
      disruption.hidden = !held;
      if (!held) return render(disruption);
      const keys = [...pending.keys()];
      render(disruption,
        h("strong", {}, keys.map((k, i) => [i ? ", " : "", h("code", {}, `${k}:NoExecute`)]), " queued, not applied: "),
        `since ${simTime(since(zone.time))} the zone is ${zone.to}${zone.allZonesFull ? " and so is every zone (full-disruption mode)" : ""}, tainting rate 0. `,
        zone.why);
    }

    /** What happened up to the current time, oldest first: the log's rows and the export's. */
    function timelineItems() {
      if (!trace) return [];
      const item = (kind, t, what, who, extra = {}) => ({ ms: t, time: simTime(t), kind, what, who, ...extra });
      return [
        ...trace.transitions.map((t) => item("condition", since(t.time), `${t.condition} ${t.from || "(none)"} → ${t.to}`, `${t.source}: ${t.reason}${t.message ? ` (${t.message})` : ""}`,
          { condition: t.condition, from: t.from || null, to: t.to, reason: t.reason, source: t.source, at: t.time })),
        ...trace.events.map((e) => item("event", since(e.time), `Event ${e.reason}`, `${e.source}: ${e.message}`, { reason: e.reason, source: e.source, at: e.time })),
        ...trace.taints.map((c) => item("taint", since(c.time), `Taint ${c.key}:${c.effect} ${c.action}`, "node-controller", { taint: `${c.key}:${c.effect}`, action: c.action, at: c.time })),
        ...(trace.zones ?? []).map((z) => item("zone", since(z.time), `Zone ${zoneName(z.zone)} ${z.from} → ${z.to}${z.allZonesFull ? " (every zone: full-disruption mode)" : ""}, NoExecute rate ${z.evictionRate}/s`,
          `node-controller: ${z.why}`, { zone: zoneName(z.zone), from: z.from, to: z.to, evictionRate: z.evictionRate, allZonesFull: z.allZonesFull, at: z.time })),
        ...state.faults.flatMap((f) => [item("fault", ms(f.at), `Fault: ${FAULT_LABEL[f.kind]} starts`, "you", { fault: f.kind }),
          ...(f.until === undefined ? [] : [item("fault", ms(f.until), `Fault: ${FAULT_LABEL[f.kind]} ends`, "you", { fault: f.kind })])]).filter((e) => e.ms <= state.time),
      ].sort((a, b) => a.ms - b.ms);
    }

    function draw() {
      errorBox.hidden = !simError;
      errorBox.textContent = simError ? `The simulator refused this scenario: ${simError}` : "";
      grace.textContent = settings
        ? `node-monitor-grace-period ${settings.nodeMonitorGracePeriod}, controller pass every ${settings.nodeMonitorPeriod} (kube-controller-manager ${state.version})`
        : "";
      version.value = state.version;
      leases.checked = state.leases;
      speed.value = String(state.speed);
      stepSize.value = state.step;
      windowSel.value = state.window;
      scrub.value = String(Math.floor(state.time / 1000));
      scrub.setAttribute("aria-valuetext", simTime(state.time));
      clockText.textContent = `${simTime(state.time)}${trace ? ` · ${trace.end}` : ""}`;
      play.textContent = playing ? "Pause" : "Play";
      play.setAttribute("aria-pressed", String(playing));
      for (const [kind, on, off] of FAULTS) {
        const active = !!activeFault(kind);
        const b = faultButtons.get(kind);
        b.textContent = active ? off : on;
        b.setAttribute("aria-pressed", String(active));
        b.disabled = !sim;
      }
      render(faultList, state.faults.map((f, i) => h("li", {},
        `${FAULT_LABEL[f.kind]} from ${simTime(ms(f.at))}${f.until === undefined ? " on" : ` to ${simTime(ms(f.until))}`}`,
        f.message ? h("span", { class: "muted" }, ` (${f.message})`) : null, " ",
        h("button", { type: "button", class: "small", "aria-label": `Remove fault ${i + 1}: ${FAULT_LABEL[f.kind]}`, onclick: () => { state.faults = state.faults.filter((_, j) => j !== i); rebuild(); draw(); } }, "Remove"))));
      clearFaults.hidden = state.faults.length === 0;
      drawMachines();
      drawTimeline();
      drawLists();
      const w = trace?.writes;
      counts.textContent = w ? `API writes so far: ${plural(w.statusPatches, "status patch", "status patches")}, ${plural(w.leaseCreates + w.leaseUpdates, "lease write")}, ${plural(w.controllerStatusUpdates, "controller status update")}, ${plural(w.taintPatches, "taint patch", "taint patches")}.` : "";
      // Announce the conditions only when they change, so a screen reader is not flooded while playing.
      const text = node
        ? CONDITIONS.map((c) => `${c} ${node.status?.conditions?.find((x) => x.type === c)?.status ?? "not reported"}`).join(", ")
        : "The node has not registered yet.";
      if (text !== announced) { announced = text; status.textContent = text; }
    }

    // ---- the clock
    function frame(ts) {
      if (!playing) return;
      // About 15 updates a second: each one copies the trace out of wasm, and more is not visible.
      if (ts - lastFrame < 60) { requestAnimationFrame(frame); return; }
      const dt = Math.min(250, ts - lastFrame); // a background tab must not leap ahead
      lastFrame = ts;
      forward(dt * state.speed);
      if (state.time >= DURATION_MS) playing = false;
      draw();
      if (playing) requestAnimationFrame(frame);
    }
    function setPlaying(on) {
      playing = on && !!sim && state.time < DURATION_MS;
      if (playing) { lastFrame = performance.now(); requestAnimationFrame(frame); }
      draw();
    }

    play.addEventListener("click", () => setPlaying(!playing));
    step.addEventListener("click", () => seek(state.time + (STEPS.find(([l]) => l === state.step)?.[1] ?? 5000)));
    stepSize.addEventListener("change", () => { state.step = stepSize.value; });
    speed.addEventListener("change", () => { state.speed = Number(speed.value); });
    reset.addEventListener("click", () => { setPlaying(false); seek(0); });
    scrub.addEventListener("input", () => seek(Number(scrub.value) * 1000));
    windowSel.addEventListener("change", () => { state.window = windowSel.value; draw(); });
    version.addEventListener("change", () => { state.version = version.value; rebuild(); draw(); });
    leases.addEventListener("change", () => { state.leases = leases.checked; rebuild(); draw(); });
    clearFaults.addEventListener("click", () => { state.faults = []; rebuild(); draw(); });
    new ResizeObserver(() => { if (!container.hidden) drawTimeline(); }).observe(timeline);

    // ---- importing a node
    importFile.addEventListener("change", async () => {
      const f = importFile.files?.[0];
      importFile.value = "";
      if (f) await importFromFile(f);
    });
    onFileDrop(container, (f) => importFromFile(f));
    async function importFromFile(f) {
      importBox.open = true;
      if (f.size > MAX_IMPORT) return render(importStatus, h("p", { class: "error", role: "alert" }, `Not imported: ${f.name} is larger than ${MAX_IMPORT} bytes.`));
      importText.value = await f.text();
      runImport(importText.value);
    }

    /** Reads a node and moves the panel to its starting state; throws (changing nothing) on bad input. */
    function applyImport(text) {
      const r = kubegate.importNode(text);
      const understood = [...r.understood];
      const ignored = [...r.ignored];
      const [first, ...rest] = r.nodes;
      // The package reads the node's conditions, taints and version; the rest stays as given.
      const meta = /** @type {{ name?: unknown } | undefined} */ (first.node?.metadata);
      const name = typeof meta?.name === "string" ? meta.name : "";
      if (rest.length) ignored.push({ line: rest[0].line, what: `${rest.length} more node${rest.length === 1 ? "" : "s"}: this panel simulates one, ${name}` });
      // The version: the release the kubelet's own version belongs to, if kubegate carries it.
      const versions = versionRange(kubegate);
      const kv = first.kubeletVersion;
      const m = /^v?(\d+)\.(\d+)(?:\.|$|[-+])/.exec(kv ?? "");
      const minor = m ? `${Number(m[1])}.${Number(m[2])}` : null;
      let version = state.version;
      if (minor && versions.includes(minor)) {
        version = minor;
        understood.push({ what: `kubelet ${kv}: Kubernetes ${minor} (the controller's defaults follow this version)` });
      } else {
        const { oldest, newest } = kubegate.releases();
        ignored.push({ what: kv
          ? `kubelet ${kv} is not a release kubegate carries (${oldest} to ${newest}): the version stays ${version}`
          : `no status.nodeInfo.kubeletVersion: the version stays ${version}` });
      }
      // The lease: given, node leases are on; kubectl get node never prints it, so absent changes nothing.
      const leasesOn = first.lease ? true : state.leases;
      if (first.lease) understood.push({ what: "the node's Lease: node leases on" });
      else ignored.push({ what: `no Lease for ${name} in the input: node leases stay ${state.leases ? "on" : "off"}` });
      const start = kubegate.scenarioStartFromNode(first.node, { ...scenario(), kubernetesVersion: version, nodeLeases: leasesOn, faults: [] });
      understood.push(...start.understood.map((what) => ({ what })));
      ignored.push(...start.ignored.map((what) => ({ what })));
      if (start.atMs === undefined) ignored.push({ what: "the simulated node does not show these conditions within the hour: the clock stays at the start" });
      const faults = start.faults.map((f) => (typeof f.message === "string" ? { kind: f.kind, at: f.at, message: f.message } : { kind: f.kind, at: f.at }));
      const time = Math.max(DEFAULTS.time, start.atMs ?? 0);
      api.setState({ ...api.getState(), version, leases: leasesOn, faults, time });
      return { name, version, time, faults, understood, ignored };
    }

    const note = (n) => h("li", {}, n.line ? `line ${n.line}: ` : "", n.what);

    /** Explains the node as it is (the package's explainNode); changes nothing on bad input. */
    function runImport(text) {
      if (!text.trim()) return render(importStatus, h("p", { class: "muted" }, "Nothing to import yet."));
      let r;
      try {
        r = explain.run(text);
      } catch (e) {
        return render(importStatus, h("p", { class: "error", role: "alert" }, `Not imported: ${messageOf(e)}`));
      }
      replayButton.disabled = false;
      state.explain = text;
      const names = r.explanation.nodes.map((n) => n.name);
      render(importStatus,
        h("p", { class: "ok" }, `Imported ${names.length === 1 ? `node ${names[0]}` : `${names.length} nodes (${names.join(", ")})`}: explained below as of ${r.explanation.now}.`),
        r.understood.length ? h("details", {}, h("summary", {}, `${r.understood.length} understood`), h("ul", { id: "node-import-understood" }, r.understood.map(note))) : null,
        r.ignored.length ? h("details", { open: true }, h("summary", {}, `${r.ignored.length} ignored`), h("ul", { id: "node-import-ignored" }, r.ignored.map(note))) : null);
    }

    /** The one-node simulation started from the node's conditions (the panel's own state). */
    function runReplay(text) {
      if (!text.trim()) return render(importStatus, h("p", { class: "muted" }, "Nothing to import yet."));
      let out;
      try {
        out = applyImport(text);
      } catch (e) {
        return render(importStatus, h("p", { class: "error", role: "alert" }, `Not imported: ${messageOf(e)}`));
      }
      render(importStatus,
        h("p", { class: "ok" },
          `Imported node ${out.name}: Kubernetes ${out.version}, node leases ${state.leases ? "on" : "off"}, `,
          out.faults.length ? `${out.faults.length} fault${out.faults.length === 1 ? "" : "s"} reproducing its conditions` : "no fault needed",
          `; the clock is at ${simTime(out.time)}.`),
        out.understood.length ? h("details", {}, h("summary", {}, `${out.understood.length} understood`), h("ul", { id: "node-import-understood" }, out.understood.map(note))) : null,
        out.ignored.length ? h("details", { open: true }, h("summary", {}, `${out.ignored.length} ignored`), h("ul", { id: "node-import-ignored" }, out.ignored.map(note))) : null);
    }

    rebuild();
    draw();

    const api = {
      getState() {
        const out = {};
        for (const [k, v] of Object.entries(state)) if (JSON.stringify(v) !== JSON.stringify(DEFAULTS[k])) out[k] = v;
        return out;
      },
      setState(input) {
        if (!isObject(input)) throw new Error("the node state should be an object");
        const next = structuredClone(DEFAULTS);
        next.version = field(input, "version", "string", DEFAULTS.version);
        if (!versionRange(kubegate).includes(next.version)) throw new Error(`unknown Kubernetes version ${JSON.stringify(next.version.slice(0, 20))}`);
        next.leases = field(input, "leases", "boolean", DEFAULTS.leases);
        next.time = field(input, "time", "number", DEFAULTS.time);
        if (!Number.isInteger(next.time) || next.time < 0 || next.time > DURATION_MS) throw new Error(`"time" should be whole milliseconds between 0 and ${DURATION_MS}`);
        next.speed = field(input, "speed", "number", DEFAULTS.speed);
        if (!SPEEDS.includes(next.speed)) throw new Error(`"speed" should be one of ${SPEEDS.join(", ")}`);
        next.step = field(input, "step", "string", DEFAULTS.step);
        if (!STEPS.some(([l]) => l === next.step)) throw new Error('unknown "step"');
        next.window = field(input, "window", "string", DEFAULTS.window);
        if (!WINDOWS.some(([l]) => l === next.window)) throw new Error('unknown "window"');
        const faults = field(input, "faults", "array", []);
        if (faults.length > MAX_FAULTS) throw new Error(`at most ${MAX_FAULTS} faults`);
        next.explain = field(input, "explain", "string", DEFAULTS.explain);
        if (next.explain.length > MAX_IMPORT) throw new Error(`"explain" is longer than ${MAX_IMPORT} characters`);
        next.faults = faults.map((f, i) => {
          if (!isObject(f)) throw new Error(`faults[${i}] should be an object`);
          const kind = field(f, "kind", "string", "");
          if (!FAULT_KINDS.includes(kind)) throw new Error(`faults[${i}]: unknown kind ${JSON.stringify(kind.slice(0, 30))}`);
          const out = { kind, at: field(f, "at", "string", "") };
          const until = field(f, "until", "string", undefined);
          const message = field(f, "message", "string", undefined);
          for (const [k, v] of [["at", out.at], ["until", until]]) {
            if (v !== undefined && !(ms(v) >= 0 && ms(v) <= DURATION_MS)) throw new Error(`faults[${i}].${k} should be a duration within 1h, like "90s"`);
          }
          if (until !== undefined) out.until = until;
          if (message !== undefined) {
            if (message.length > MAX_MESSAGE) throw new Error(`faults[${i}].message is longer than ${MAX_MESSAGE} characters`);
            out.message = message;
          }
          return out;
        });
        setPlaying(false);
        const previous = state;
        state = next;
        rebuild();
        if (simError) {
          // The package refused the scenario (e.g. a fault that ends before it starts): keep the old one.
          const why = simError;
          state = previous;
          rebuild();
          draw();
          throw new Error(why);
        }
        draw();
        if (state.explain !== importText.value) {
          importText.value = state.explain;
          if (state.explain) {
            importBox.open = true;
            runImport(state.explain);
          } else {
            explain.reset();
            render(importStatus);
          }
        }
      },
      onShow() { drawTimeline(); },
    };
    return api;
  },
};

// ---- "Import from a node": the imported node explained as it is, by the package's explainNode
// (the same answer as `kubegate node` and the npm API). This part draws that answer and holds the
// cluster parameters the person sets; no Kubernetes rule lives here. It stays in this file: the
// widgets (kubegate/widgets) copy each panel as one module.

/** Most peers a person can type (the engine takes more; a browser form needs a bound). */
const MAX_PEERS = 100_000;

/** A whole number field with an empty "default" state. */
function countField(id, label, hint) {
  const input = h("input", { type: "number", id, min: "0", max: String(MAX_PEERS), step: "1", inputmode: "numeric", placeholder: "default", "aria-describedby": `${id}-hint` });
  return { input, el: h("div", { class: "field-wrap" }, labelled(label, input), h("span", { class: "hint muted", id: `${id}-hint` }, hint)) };
}

/** "2026-…Z (in 5m0s)" */
const instant = (at, relative) => [h("time", { class: "mono", datetime: at }, at), relative ? h("span", { class: "muted" }, ` (${relative})`) : null];

function createExplain({ kubegate }) {
  const peers = countField("node-explain-peers", "Healthy peers in each zone", "Ready nodes beside the imported ones; default 2 for one node, 0 for several");
  const unhealthy = countField("node-explain-unhealthy", "Not-Ready peers in each zone", "say the zone is down; default 0");
  const otherZones = countField("node-explain-zones", "Other zones", "zones with Ready nodes; default 0");
  const now = h("input", { type: "text", id: "node-explain-now", class: "mono", placeholder: "the snapshot's time", spellcheck: "false", autocomplete: "off" });
  const error = h("p", { class: "error", id: "node-explain-error", role: "alert", hidden: true });
  const out = h("div", { id: "node-explain-out" });
  const section = h("section", { id: "node-explain", class: "node-explain", hidden: true, "aria-labelledby": "node-explain-title" },
    h("h3", { id: "node-explain-title" }, "The imported node, as it is"),
    h("p", { class: "hint" }, "What the node lifecycle controller and the taint manager already did (read from the object), what is due and not shown, and what comes next if the kubelet posts nothing more. Instants are real; the rest of the cluster is what you say here."),
    h("div", { class: "controls", role: "group", "aria-label": "The rest of the cluster" },
      peers.el, unhealthy.el, otherZones.el, labelled("Now (RFC 3339)", now)),
    error, out);
  let text = null;
  let last = null;

  function count(input) {
    const v = input.value.trim();
    if (v === "") return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > MAX_PEERS) throw new Error(`${input.labels?.[0]?.textContent ?? input.id}: a whole number from 0 to ${MAX_PEERS}`);
    return n;
  }
  function options() {
    const cluster = {};
    const p = count(peers.input), u = count(unhealthy.input), z = count(otherZones.input);
    if (p !== undefined) cluster.healthyPeers = p;
    if (u !== undefined) cluster.unhealthyPeers = u;
    if (z !== undefined) cluster.otherZones = z;
    const o = { cluster, clock: new Date().toISOString() };
    if (now.value.trim()) o.now = now.value.trim();
    return o;
  }

  /** Explains `t` (throws, changing nothing, when the package refuses it). */
  function run(t) {
    const r = kubegate.explainNode(t, options());
    text = t;
    last = r;
    error.hidden = true;
    draw(r);
    return r;
  }
  function update() {
    if (text === null) return;
    try {
      last = kubegate.explainNode(text, options());
      error.hidden = true;
      draw(last);
    } catch (e) {
      error.hidden = false;
      error.textContent = `Not explained: ${messageOf(e)}`;
    }
  }
  for (const el of [peers.input, unhealthy.input, otherZones.input, now]) el.addEventListener("change", update);

  function steps(id, title, list, empty) {
    return [h("h5", {}, title), list.length
      ? h("ol", { class: "node-explain-steps", id }, list.map((s) => h("li", { "data-kind": s.kind },
        instant(s.at, s.relative), s.latest ? h("span", { class: "muted" }, ` to ${s.latest}`) : null, " ",
        h("strong", {}, s.what), " ", h("span", { class: "muted" }, `(${s.by})`),
        s.why ? h("div", { class: "why muted" }, s.why) : null)))
      : h("p", { class: "muted", id }, empty)];
  }

  function draw(r) {
    section.hidden = false;
    const x = r.explanation;
    const c = x.controller;
    const zones = x.cluster.zones.map((z) => h("li", {}, `${z.zone || "(no zone label)"}: ${z.ready} Ready, ${z.notReady} not Ready → `, h("strong", {}, z.state), `, NoExecute rate ${z.evictionRate}/s`, h("div", { class: "why muted" }, z.why)));
    render(out,
      x.stale ? h("p", { class: "note warning", id: "node-explain-stale", role: "status" }, h("strong", {}, "Stale snapshot: "), x.stale.message) : null,
      h("p", { id: "node-explain-now-line" }, "Now ", instant(x.now), x.nowFrom === "given" ? " (given)" : " (the snapshot's latest instant)"),
      h("p", { id: "node-explain-controller" }, `kube-controller-manager ${c.kubernetesVersion} (${c.versionFrom}): --node-monitor-grace-period ${c.settings.nodeMonitorGracePeriod}, a pass every ${c.settings.nodeMonitorPeriod}, --node-eviction-rate ${c.settings.nodeEvictionRate}/s.`),
      h("ul", { id: "node-explain-zones-list" }, zones),
      x.nodes.map((n, i) => h("article", { class: "node-explain-node", id: `node-explain-node-${i}`, "data-node": n.name },
        h("h4", {}, `Node ${n.name}`, n.kubeletVersion ? h("span", { class: "muted" }, ` kubelet ${n.kubeletVersion}`) : null, n.zone ? h("span", { class: "muted" }, ` · zone ${n.zone}`) : null),
        h("p", { class: "summary node-explain-summary" }, n.summary),
        h("h5", {}, "Taints"),
        n.taints.length
          ? h("ul", { class: "node-explain-taints" }, n.taints.map((t) => h("li", { "data-key": t.key, "data-effect": t.effect },
            h("code", {}, `${t.key}${t.value ? `=${t.value}` : ""}:${t.effect}`),
            t.timeAdded ? [" added ", instant(t.timeAdded, null)] : null, h("span", { class: "muted" }, ` · ${t.why}`))))
          : h("p", { class: "muted" }, "none"),
        steps(`node-explain-happened-${i}`, "Already happened (read from the object)", n.happened, "nothing recorded"),
        n.overdue.length ? steps(`node-explain-overdue-${i}`, "Due by now, not shown in the object", n.overdue, "") : null,
        steps(`node-explain-next-${i}`, "Next, if the kubelet posts nothing more", n.next, "nothing"),
        h("h5", {}, "Pod evictions (taint manager)"),
        h("div", { class: "table-wrap phone-cards-wrap" }, h("table", { class: "node-explain-evictions phone-cards", id: `node-explain-evictions-${i}` },
          h("thead", {}, h("tr", {}, ["Pods", "tolerationSeconds", "Deleted at", "Counted from"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, n.evictions.map((e) => h("tr", { "data-state": e.state },
            h("th", { scope: "row" }, e.pod ?? e.who),
            h("td", { class: "mono", "data-label": "tolerationSeconds" }, e.toleration),
            h("td", { "data-label": "Deleted at" }, e.at && (e.state === "next" || e.state === "due") ? instant(e.at, e.relative) : { never: "never (tolerated forever)", held: "not while the taint is held", none: "not: no NoExecute taint is coming" }[e.state] ?? ""),
            h("td", { class: "wide", "data-label": "Counted from" }, e.start ? [instant(e.start, null), e.fromObject ? " (the taint's timeAdded)" : " (computed)"] : "")))))),
        n.notes.length ? h("ul", { class: "notes" }, n.notes.map((s) => h("li", { class: "muted" }, s))) : null)),
      x.otherPods.length ? h("p", { class: "muted" }, `Pods on other nodes, left out: ${x.otherPods.join(", ")}`) : null);
  }

  /** Back to nothing imported. */
  function reset() {
    text = null;
    last = null;
    section.hidden = true;
    error.hidden = true;
    render(out);
  }

  return { element: section, run, update, reset, last: () => last };
}
