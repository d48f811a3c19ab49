// The Node panel's "Import from a node": the imported node explained as it is, by the package's
// explainNode (the same answer as `kubegate node` and the npm API). This file draws that answer
// and holds the cluster parameters the person sets; no Kubernetes rule lives here.
import { h, render, labelled, messageOf } from "../ui.js";

/** Most peers a person can type (the engine takes more; a browser form needs a bound). */
const MAX_PEERS = 100_000;

/** A whole number field with an empty "default" state. */
function countField(id, label, hint) {
  const input = h("input", { type: "number", id, min: "0", max: String(MAX_PEERS), step: "1", inputmode: "numeric", placeholder: "default", "aria-describedby": `${id}-hint` });
  return { input, el: h("div", { class: "field-wrap" }, labelled(label, input), h("span", { class: "hint muted", id: `${id}-hint` }, hint)) };
}

/** "2026-…Z (in 5m0s)" */
const instant = (at, relative) => [h("time", { class: "mono", datetime: at }, at), relative ? h("span", { class: "muted" }, ` (${relative})`) : null];

export function createExplain({ kubegate }) {
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
        h("div", { class: "table-wrap" }, h("table", { class: "node-explain-evictions", id: `node-explain-evictions-${i}` },
          h("thead", {}, h("tr", {}, ["Pods", "tolerationSeconds", "Deleted at", "Counted from"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, n.evictions.map((e) => h("tr", { "data-state": e.state },
            h("th", { scope: "row" }, e.pod ?? e.who),
            h("td", { class: "mono" }, e.toleration),
            h("td", {}, e.at && (e.state === "next" || e.state === "due") ? instant(e.at, e.relative) : { never: "never (tolerated forever)", held: "not while the taint is held", none: "not: no NoExecute taint is coming" }[e.state] ?? ""),
            h("td", {}, e.start ? [instant(e.start, null), e.fromObject ? " (the taint's timeAdded)" : " (computed)"] : "")))))),
        n.notes.length ? h("ul", { class: "notes" }, n.notes.map((s) => h("li", { class: "muted" }, s))) : null)),
      x.otherPods.length ? h("p", { class: "muted" }, `Pods on other nodes, left out: ${x.otherPods.join(", ")}`) : null);
  }

  return { element: section, run, update, last: () => last };
}
