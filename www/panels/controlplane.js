// Control plane: kube-apiservers joining, stopping and crashing on a virtual clock; the
// `kubernetes` Service and Endpoints, system namespaces, master leases and the repair loops. Every
// value comes from kubegate's BootstrapController; this panel only records what the user did
// (so a share link can replay it) and draws the answers.
import { h, render, messageOf, labelled, select, factsOf, simTime, newestFirst } from "../ui.js";
import { field, isObject } from "../state.js";

/** Clock steps offered (Go durations, as BootstrapController.advance takes them). */
const STEPS = ["1s", "5s", "10s", "15s", "1m", "3m", "10m"];
/** Most actions a share link may replay (each step is at most 10m of virtual time). */
const MAX_ACTIONS = 300;
const MAX_TEXT = 200;
/** One step of the panel's state: `do` names it, ACTION_KINDS its other keys.
 *  @typedef {{ do: string, [key: string]: any }} Action */
const DEFAULTS = { serviceCidr: "10.0.0.0/24", nodePort: 0, apiservers: "192.168.0.2, 192.168.0.3", actions: /** @type {Action[]} */ ([]), quietRuns: false };
const CAUSE_TEXT = {
  reconcile: "periodic reconcile by a live apiserver (a lease was added or has expired)",
  stop: "graceful stop: the apiserver removed its own lease and reconciled at once",
  stale: "restart: the apiserver removed the lease its crashed run left behind",
};
const ACTION_KINDS = {
  advance: ["by"],
  start: ["ip"],
  stop: ["ip"],
  crash: ["ip"],
  leakPort: ["port"],
  leakIp: ["ip"],
  service: ["name", "clusterIP", "nodePort"],
  deleteService: ["name", "release"],
  deleteNamespace: ["name"],
};

function describe(a) {
  switch (a.do) {
    case "advance": return `clock +${a.by}`;
    case "start": return `apiserver ${a.ip} starts`;
    case "stop": return `apiserver ${a.ip} stops gracefully`;
    case "crash": return `apiserver ${a.ip} crashes`;
    case "leakPort": return `NodePort ${a.port} written to the allocation snapshot with no service`;
    case "leakIp": return `ClusterIP ${a.ip} written to the allocation snapshot with no service`;
    case "service": return `service ns/${a.name} created (ClusterIP ${a.clusterIP || "none"}${a.nodePort ? `, NodePort ${a.nodePort}` : ""})`;
    case "deleteService": return `service ns/${a.name} deleted${a.release ? "" : " without releasing its allocations (a leak)"}`;
    case "deleteNamespace": return `namespace ${a.name} deleted`;
    default: return a.do;
  }
}

/** Seconds in a Go duration as the controller prints it ("1h2m3s", "9m0s", "35s"), for sorting. */
function seconds(d) {
  let total = 0;
  for (const [, n, unit] of d.matchAll(/([\d.]+)(h|ms|m|s)/g)) total += Number(n) * { h: 3600, m: 60, s: 1, ms: 0.001 }[unit];
  return total;
}
/** A time the controller printed, in the playground's one format for simulated time. */
const simAt = (d) => simTime(seconds(d) * 1000);

function checkAction(a, i) {
  if (!isObject(a)) throw new Error(`actions[${i}] should be an object`);
  const keys = ACTION_KINDS[a.do];
  if (!keys) throw new Error(`actions[${i}]: unknown action ${JSON.stringify(String(a.do).slice(0, 40))}`);
  /** @type {Action} */
  const out = { do: a.do };
  for (const k of keys) {
    const v = a[k];
    if (k === "port" || k === "nodePort") {
      if (v !== undefined && (!Number.isInteger(v) || v < 0 || v > 65535)) throw new Error(`actions[${i}].${k} should be a port number`);
      out[k] = v ?? 0;
    } else if (k === "release") {
      out[k] = v === true;
    } else {
      if (typeof v !== "string" || v.length > MAX_TEXT) throw new Error(`actions[${i}].${k} should be a short string`);
      out[k] = v;
    }
  }
  if (a.do === "advance" && !STEPS.includes(out.by)) throw new Error(`actions[${i}].by should be one of ${STEPS.join(", ")}`);
  return out;
}

export default {
  id: "controlplane",
  title: "Control plane",
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container }) {
    const { BootstrapController } = kubegate;
    const CP = factsOf(kubegate).controlPlane;
    let state = structuredClone(DEFAULTS);
    let ctl = null;
    let configError = null;
    let actionError = null;
    let timeline = []; // { time, kind: "action" | "endpoints", text, detail }
    let known = []; // apiserver addresses ever started, for restart buttons
    const gone = new Map(); // ip -> "stopped" | "crashed"

    // ---- controls
    const cidr = h("input", { id: "cp-cidr", type: "text", class: "mono", spellcheck: "false", autocomplete: "off" });
    const nodePort = h("input", { id: "cp-nodeport", type: "number", min: "0", max: "65535", inputmode: "numeric" });
    const initial = h("input", { id: "cp-initial", type: "text", class: "mono", spellcheck: "false", autocomplete: "off" });
    const restart = h("button", { type: "button", id: "cp-reset", onclick: () => { readConfig(); state.actions = []; rebuild(); } }, "Start over");
    const configStatus = h("p", { id: "cp-config-status", class: "error", role: "alert", hidden: true });
    const clock = h("output", { id: "cp-now", class: "cp-now", "aria-live": "polite" });
    const stepButtons = STEPS.map((s) => h("button", { type: "button", class: "cp-step", "data-step": s, onclick: () => act({ do: "advance", by: s }) }, `+${s}`));
    const newIp = h("input", { id: "cp-new-ip", type: "text", class: "mono", placeholder: "192.168.0.4", spellcheck: "false", autocomplete: "off" });
    const startBtn = h("button", { type: "button", id: "cp-start", onclick: () => newIp.value.trim() && act({ do: "start", ip: newIp.value.trim() }) }, "Start apiserver");
    const servers = h("ul", { id: "cp-servers", class: "cp-servers" });
    const actionStatus = h("p", { id: "cp-action-status", class: "error", role: "alert", hidden: true });
    const leakPort = h("input", { id: "cp-leak-port", type: "number", value: "30001", min: "1", max: "65535" });
    const leakIp = h("input", { id: "cp-leak-ip", type: "text", class: "mono", value: "10.0.0.77", spellcheck: "false" });
    const svcName = h("input", { id: "cp-svc-name", type: "text", value: "web", spellcheck: "false" });
    const svcIp = h("input", { id: "cp-svc-ip", type: "text", class: "mono", value: "10.0.0.10", spellcheck: "false" });
    const svcPort = h("input", { id: "cp-svc-port", type: "number", value: "30080", min: "0", max: "65535" });
    const quiet = h("input", { type: "checkbox", id: "cp-quiet" });
    const nsPick = h("select", { id: "cp-ns-pick", "aria-label": "Namespace to delete" });

    const endpointsBox = h("div", { id: "cp-endpoints", class: "cp-card", "aria-live": "polite", tabindex: "0", role: "region", "aria-label": "Endpoints addresses" });
    const leasesBox = h("div", { id: "cp-leases", class: "cp-card", tabindex: "0", role: "region", "aria-label": "Apiserver leases" });
    const serviceBox = h("div", { id: "cp-service", class: "cp-card", tabindex: "0", role: "region", "aria-label": "Service default/kubernetes: its ports and addresses" });
    const nsBox = h("div", { id: "cp-namespaces", class: "cp-card", tabindex: "0", role: "region", "aria-label": "System namespaces: which exist" });
    const allocBox = h("div", { id: "cp-allocations", class: "cp-card", "aria-live": "polite", tabindex: "0", role: "region", "aria-label": "Allocations" });
    const timelineBox = h("ol", { id: "cp-timeline", class: "cp-timeline", tabindex: "0", "aria-label": "Timeline of actions and endpoint changes" });
    const runsBox = h("div", { id: "cp-runs", "aria-live": "polite" });
    const eventsBox = h("div", { id: "cp-events" });

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "Control plane"),
        h("p", {}, `kube-apiservers keep the kubernetes Service and its Endpoints, the system namespaces and the allocation repair loops, each on its own timer. Start, stop and crash apiservers, step the clock, and watch the endpoints follow the master leases (TTL ${CP.endpointReconcilerTtl}, reconcile every ${CP.endpointReconcilerInterval}).`)),
      h("div", { class: "controls" },
        labelled("Service CIDR", cidr),
        labelled("kubernetes Service NodePort (0: ClusterIP)", nodePort),
        labelled("Apiservers at time 0", initial, "field wide"),
        restart),
      configStatus,
      h("div", { class: "cp-clockbar", role: "group", "aria-label": "Virtual clock" },
        // The clock's value stays the controller's own duration text; "t+" is drawn beside it, so it
        // reads like every other simulated time (ui.js simTime).
        h("span", { class: "label-text" }, "Virtual time "), h("span", { class: "cp-now-at" }, "t+", clock), h("span", { class: "cp-steps" }, stepButtons)),
      h("section", { class: "cp-section", "aria-labelledby": "cp-h-servers" },
        h("h3", { id: "cp-h-servers" }, "Apiservers"),
        servers,
        h("div", { class: "row" }, labelled("Address", newIp), startBtn),
        actionStatus),
      h("div", { class: "cp-grid" },
        h("section", { "aria-labelledby": "cp-h-ep" }, h("h3", { id: "cp-h-ep" }, "Endpoints default/kubernetes"), endpointsBox, leasesBox),
        h("section", { "aria-labelledby": "cp-h-svc" }, h("h3", { id: "cp-h-svc" }, "Service default/kubernetes"), serviceBox),
        h("section", { "aria-labelledby": "cp-h-ns" }, h("h3", { id: "cp-h-ns" }, "System namespaces"), nsBox,
          h("div", { class: "row" }, nsPick, h("button", { type: "button", id: "cp-ns-delete", onclick: () => nsPick.value && act({ do: "deleteNamespace", name: nsPick.value }) }, "Delete namespace")))),
      h("section", { class: "cp-section", "aria-labelledby": "cp-h-tl" },
        h("h3", { id: "cp-h-tl" }, "Timeline"),
        timelineBox),
      h("section", { class: "cp-section", "aria-labelledby": "cp-h-repair" },
        h("h3", { id: "cp-h-repair" }, `Allocations and the repair loops (every ${CP.repairInterval}; a leak is released on the third detection)`),
        h("div", { class: "row" },
          labelled("NodePort", leakPort), h("button", { type: "button", id: "cp-leak-port-btn", onclick: () => act({ do: "leakPort", port: Number(leakPort.value) }) }, "Leak a NodePort"),
          labelled("ClusterIP", leakIp), h("button", { type: "button", id: "cp-leak-ip-btn", onclick: () => act({ do: "leakIp", ip: leakIp.value.trim() }) }, "Leak a ClusterIP")),
        h("div", { class: "row" },
          labelled("Service name (namespace ns)", svcName), labelled("ClusterIP", svcIp), labelled("NodePort", svcPort),
          h("button", { type: "button", id: "cp-svc-create", onclick: () => act({ do: "service", name: svcName.value.trim(), clusterIP: svcIp.value.trim(), nodePort: Number(svcPort.value) || 0 }) }, "Create"),
          h("button", { type: "button", id: "cp-svc-delete-leak", onclick: () => act({ do: "deleteService", name: svcName.value.trim(), release: false }) }, "Delete, keep allocations"),
          h("button", { type: "button", id: "cp-svc-delete", onclick: () => act({ do: "deleteService", name: svcName.value.trim(), release: true }) }, "Delete")),
        allocBox,
        h("label", { class: "check" }, quiet, " also show runs that found nothing"),
        runsBox),
      h("details", { class: "cp-section", id: "cp-events-details" }, h("summary", {}, "Events and log"), eventsBox));

    // ---- the simulation
    function readConfig() {
      state.serviceCidr = cidr.value.trim();
      state.nodePort = Number(nodePort.value) || 0;
      state.apiservers = initial.value;
    }
    const initialIps = () => state.apiservers.split(/[\s,]+/).filter(Boolean);

    function apply(a) {
      switch (a.do) {
        case "advance": ctl.advance(a.by); break;
        case "start": ctl.startApiserver(a.ip); gone.delete(a.ip); if (!known.includes(a.ip)) known.push(a.ip); break;
        case "stop": ctl.stopApiserver(a.ip); gone.set(a.ip, "stopped"); break;
        case "crash": ctl.crashApiserver(a.ip); gone.set(a.ip, "crashed"); break;
        case "leakPort": ctl.allocateNodePort(a.port); break;
        case "leakIp": ctl.allocateClusterIp(a.ip); break;
        case "service": ctl.createService({
          metadata: { namespace: "ns", name: a.name },
          spec: { type: a.nodePort ? "NodePort" : "ClusterIP", clusterIP: a.clusterIP, ports: [{ name: "http", protocol: "TCP", port: 80, ...(a.nodePort ? { nodePort: a.nodePort } : {}) }] },
        }, true); break;
        case "deleteService": ctl.deleteService("ns", a.name, a.release); break;
        case "deleteNamespace": ctl.deleteNamespace(a.name); break;
      }
    }

    /** Runs one action and records it with the endpoint changes it caused. */
    function run(a) {
      const seen = ctl.endpointsHistory().length;
      const runs = ctl.repairRuns().length;
      const at = ctl.now;
      apply(a);
      timeline.push({ time: at, kind: "action", text: describe(a) });
      // One clock step can hold several endpoint changes and repair findings: list them by time
      // (a stable sort keeps endpoint changes first at equal times).
      const rows = [];
      for (const c of ctl.endpointsHistory().slice(seen)) {
        rows.push({ time: c.time, kind: "endpoints", text: c.addresses.length ? c.addresses.join(", ") : "(no addresses)", detail: `${CAUSE_TEXT[c.cause] ?? c.cause}; written by ${c.apiserver}` });
      }
      for (const r of ctl.repairRuns().slice(runs)) {
        if (!r.leaks.length) continue;
        rows.push({ time: r.time, kind: "repair", text: `${r.repair} repair by ${r.apiserver}: ${r.leaks.map((l) => `${l.item} ${l.action} (strike ${l.strike} of 3)`).join(", ")}` });
      }
      rows.sort((x, y) => seconds(x.time) - seconds(y.time));
      timeline.push(...rows);
    }

    /** Rebuilds the controller from the config and replays the actions; throws on a bad one. */
    function rebuild() {
      ctl?.free();
      ctl = null;
      timeline = [];
      gone.clear();
      configError = null;
      actionError = null;
      known = initialIps();
      try {
        ctl = new BootstrapController({ serviceCidr: state.serviceCidr, kubernetesServiceNodePort: state.nodePort, apiservers: known });
      } catch (e) {
        configError = messageOf(e);
        draw();
        return;
      }
      for (const c of ctl.endpointsHistory()) timeline.push({ time: c.time, kind: "endpoints", text: c.addresses.join(", "), detail: `${CAUSE_TEXT[c.cause] ?? c.cause}; written by ${c.apiserver}` });
      state.actions.forEach((a, i) => {
        try {
          run(a);
        } catch (e) {
          throw new Error(`action ${i + 1} (${describe(a)}): ${messageOf(e)}`);
        }
      });
      draw();
    }

    function act(a) {
      if (!ctl) return;
      if (state.actions.length >= MAX_ACTIONS) {
        actionError = `At most ${MAX_ACTIONS} steps are kept; start over to continue.`;
        return draw();
      }
      try {
        const clean = checkAction(a, state.actions.length);
        run(clean);
        state.actions.push(clean);
        actionError = null;
      } catch (e) {
        actionError = messageOf(e);
      }
      draw();
    }

    // ---- drawing
    function draw() {
      configStatus.hidden = !configError;
      configStatus.textContent = configError ? `The control plane cannot start: ${configError}` : "";
      actionStatus.hidden = !actionError;
      actionStatus.textContent = actionError ?? "";
      for (const b of [...stepButtons, startBtn]) b.disabled = !ctl;
      if (!ctl) {
        clock.textContent = "—";
        for (const box of [servers, endpointsBox, leasesBox, serviceBox, nsBox, allocBox, timelineBox, runsBox, eventsBox]) render(box);
        return;
      }
      const s = ctl.state();
      clock.textContent = s.now;
      drawServers(s);
      drawEndpoints(s);
      drawService(s);
      drawNamespaces(s);
      drawAllocations(s);
      drawTimeline();
      drawRuns(s);
      render(eventsBox,
        h("h4", {}, "Events"),
        s.events.length ? h("ul", { class: "cp-log" }, newestFirst(s.events, 60).map((e) => h("li", {}, h("span", { class: "cp-time" }, simAt(e.time)), ` ${e.type} ${e.reason}${e.action ? ` (${e.action})` : ""} on ${e.regarding} by ${e.reportingController}@${e.reportingInstance}: `, h("span", { class: "k8s-error" }, e.message)))) : h("p", { class: "muted" }, "No events."),
        h("h4", {}, "Log"),
        s.log.length ? h("ul", { class: "cp-log" }, newestFirst(s.log, 80).map((l) => h("li", {}, h("span", { class: "cp-time" }, simAt(l.time)), ` ${l.apiserver}: `, h("span", { class: "k8s-error" }, l.message)))) : h("p", { class: "muted" }, "Nothing logged."));
    }

    function drawServers(s) {
      const running = new Map(s.apiservers.map((a) => [a.ip, a]));
      const all = [...new Set([...known, ...running.keys()])];
      render(servers, all.map((ip) => {
        const a = running.get(ip);
        const lease = s.leases.find((l) => l.ip === ip);
        const inEp = (s.endpoints?.subsets ?? []).some((sub) => sub.addresses.some((x) => x.ip === ip));
        return h("li", { class: `cp-server ${a ? "up" : "down"}`, "data-ip": ip },
          h("code", {}, ip), " ",
          h("span", { class: "cp-badge" }, a ? `running since ${simAt(a.startedAt)}` : gone.get(ip) ?? "not running"),
          h("span", { class: "muted" }, lease ? ` · lease until ${simAt(lease.expiresAt)}` : " · no lease", inEp ? " · in endpoints" : " · not in endpoints"),
          h("span", { class: "cp-server-actions" },
            a ? [
              h("button", { type: "button", class: "cp-stop", "aria-label": `Stop ${ip} gracefully`, onclick: () => act({ do: "stop", ip }) }, "Stop"),
              h("button", { type: "button", class: "cp-crash", "aria-label": `Crash ${ip}`, onclick: () => act({ do: "crash", ip }) }, "Crash"),
            ] : h("button", { type: "button", class: "cp-restart", "aria-label": `Start ${ip} again`, onclick: () => act({ do: "start", ip }) }, "Start")));
      }));
    }

    function drawEndpoints(s) {
      const ep = s.endpoints;
      render(endpointsBox, !ep ? h("p", { class: "muted" }, "Not created yet.") : [
        h("p", {}, "Addresses: ", ep.subsets.flatMap((sub) => sub.addresses).length
          ? ep.subsets.flatMap((sub) => sub.addresses).map((a, i) => [i ? ", " : "", h("code", { class: "cp-ep-ip" }, a.ip)])
          : h("span", { class: "muted" }, "none")),
        h("p", { class: "muted" }, "Ports: ", ep.subsets.flatMap((sub) => sub.ports).map((p) => `${p.name} ${p.port}/${p.protocol}`).join(", ") || "none",
          Object.keys(ep.metadata.labels ?? {}).length ? ` · labels ${Object.entries(ep.metadata.labels).map(([k, v]) => `${k}=${v}`).join(", ")}` : ""),
      ]);
      render(leasesBox,
        h("h4", {}, "Master leases"),
        s.leases.length ? h("table", { class: "cp-table" },
          h("thead", {}, h("tr", {}, ["Key", "Renewed", "Expires"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, s.leases.map((l) => h("tr", {}, h("td", {}, h("code", {}, l.key)), h("td", {}, simAt(l.renewedAt)), h("td", {}, simAt(l.expiresAt)))))) : h("p", { class: "muted" }, "No live lease."));
    }

    function drawService(s) {
      const svc = s.services.find((x) => x.metadata.namespace === "default" && x.metadata.name === "kubernetes");
      if (!svc) return render(serviceBox, h("p", { class: "muted" }, "Not created yet (no apiserver has run)."));
      const row = (k, v) => [h("dt", {}, k), h("dd", {}, v)];
      render(serviceBox, h("dl", { class: "cp-dl" },
        row("type", svc.spec.type ?? ""),
        row("clusterIP", h("code", {}, svc.spec.clusterIP ?? "")),
        row("ports", (svc.spec.ports ?? []).map((p) => `${p.name} ${p.port}→${p.targetPort}/${p.protocol}${p.nodePort ? ` nodePort ${p.nodePort}` : ""}`).join(", ")),
        row("labels", Object.entries(svc.metadata.labels ?? {}).map(([k, v]) => `${k}=${v}`).join(", ")),
        row("ipFamilyPolicy", svc.spec.ipFamilyPolicy ?? ""),
        row("sessionAffinity", svc.spec.sessionAffinity ?? "")));
    }

    function drawNamespaces(s) {
      render(nsBox,
        h("ul", { class: "cp-ns" }, s.namespaces.map((n) => h("li", {}, h("code", {}, n)))),
        h("p", { class: "muted", id: "cp-ns-calls" }, `${s.namespaceCreateCalls} create call${s.namespaceCreateCalls === 1 ? "" : "s"} so far (every apiserver checks every ${CP.systemNamespacesInterval})`));
      const keep = nsPick.value;
      render(nsPick, s.namespaces.map((n) => h("option", { value: n }, n)));
      if (s.namespaces.includes(keep)) nsPick.value = keep;
    }

    function drawAllocations(s) {
      const a = s.allocations;
      render(allocBox,
        h("p", {}, "ClusterIPs in ", h("code", {}, a.clusterIpRange), ": ", a.clusterIps.map((x, i) => [i ? ", " : "", h("code", {}, x)])),
        h("p", { id: "cp-nodeports" }, "NodePorts in ", h("code", {}, a.nodePortRange), ": ", a.nodePorts.length ? a.nodePorts.map((x, i) => [i ? ", " : "", h("code", {}, String(x))]) : h("span", { class: "muted" }, "none")),
        h("p", { class: "muted" }, "Services: ", s.services.map((x) => `${x.metadata.namespace}/${x.metadata.name}`).join(", ")));
    }

    function drawTimeline() {
      render(timelineBox, newestFirst(timeline, 120).map((r) => h("li", { class: `cp-tl-${r.kind}` },
        h("span", { class: "cp-time" }, simAt(r.time)),
        r.kind === "endpoints" ? [h("strong", {}, " endpoints → "), h("code", {}, r.text), h("span", { class: "muted" }, ` (${r.detail})`)] : ` ${r.text}`)));
      timelineBox.scrollTop = 0;
    }

    function drawRuns(s) {
      const runs = newestFirst(s.repairRuns.filter((r) => state.quietRuns || r.leaks.length || r.events || r.failure), 40);
      if (!runs.length) return render(runsBox, h("p", { class: "muted" }, `${s.repairRuns.length} repair run${s.repairRuns.length === 1 ? "" : "s"} so far, none found anything.`));
      render(runsBox, h("div", { class: "table-wrap" }, h("table", { class: "cp-table", id: "cp-runs-table" },
        h("caption", { class: "visually-hidden" }, "Repair runs and the leak counters they left"),
        h("thead", {}, h("tr", {}, ["Time", "Apiserver", "Repair", "Leak candidates (strike, counter left)", "Events"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, runs.map((r) => h("tr", {},
          h("td", {}, simAt(r.time)), h("td", {}, h("code", {}, r.apiserver)), h("td", {}, r.repair),
          h("td", {}, r.failure ? h("span", { class: "error" }, r.failure) : r.leaks.length
            ? h("ul", { class: "cp-leaks" }, r.leaks.map((l) => h("li", { class: `cp-leak-${l.action}` }, h("code", {}, l.item), ` ${l.action} · strike ${l.strike} of 3 · counter ${l.count}`)))
            : h("span", { class: "muted" }, "nothing")),
          h("td", {}, String(r.events))))))));
    }

    function syncControls() {
      cidr.value = state.serviceCidr;
      nodePort.value = String(state.nodePort);
      initial.value = state.apiservers;
      quiet.checked = state.quietRuns;
    }
    quiet.addEventListener("change", () => { state.quietRuns = quiet.checked; draw(); });
    newIp.addEventListener("keydown", (e) => { if (e.key === "Enter") startBtn.click(); });

    syncControls();
    rebuild();

    return {
      getState() {
        const out = {};
        for (const k of ["serviceCidr", "nodePort", "apiservers", "quietRuns"]) if (state[k] !== DEFAULTS[k]) out[k] = state[k];
        if (state.actions.length) out.actions = state.actions;
        return out;
      },
      setState(s) {
        if (!isObject(s)) throw new Error("the control plane state should be an object");
        const next = structuredClone(DEFAULTS);
        next.serviceCidr = field(s, "serviceCidr", "string", DEFAULTS.serviceCidr).slice(0, MAX_TEXT);
        next.nodePort = field(s, "nodePort", "number", 0);
        if (!Number.isInteger(next.nodePort) || next.nodePort < 0 || next.nodePort > 65535) throw new Error('"nodePort" should be a port number');
        next.apiservers = field(s, "apiservers", "string", DEFAULTS.apiservers).slice(0, 2000);
        next.quietRuns = field(s, "quietRuns", "boolean", false);
        const actions = field(s, "actions", "array", []);
        if (actions.length > MAX_ACTIONS) throw new Error(`more than ${MAX_ACTIONS} actions`);
        next.actions = actions.map(checkAction);
        if (next.apiservers.split(/[\s,]+/).filter(Boolean).length > 20) throw new Error("more than 20 apiservers");
        const before = state;
        state = next;
        syncControls();
        try {
          rebuild();
        } catch (e) {
          state = before;
          syncControls();
          rebuild();
          throw e;
        }
      },
    };
  },
};
