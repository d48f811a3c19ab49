// Pod sources: the kubelet's three pod sources (static manifest directory, manifest URL, API
// server) as lanes, and the merged stream of operations PodConfig emits, each with the package's
// explanation. Every answer comes from kubegate's FileSource, HttpSource, ApiserverSource and
// PodConfig; the panel records what the user did (so a share link replays it) and draws.
import { h, render, messageOf, labelled, select, factsOf, simTime, newestFirst } from "../ui.js";
import { field, isObject } from "../state.js";

const MODES = ["Incremental", "Snapshot", "SnapshotAndUpdates"];
const NODE = "node-1";
const DIR = "/etc/kubernetes/manifests";
const URL_ = "http://config.example/pods.yaml";
const EPOCH = Date.UTC(2025, 0, 1);
const STEPS = [1, 10, 20, 60];
const MAX_ACTIONS = 300;
const MAX_TEXT = 100_000;
const MAX_SECONDS = 7 * 24 * 3600;
const OP_TEXT = {
  ADD: "the kubelet starts these pods (HandlePodAdditions)",
  UPDATE: "the kubelet syncs these pods again (HandlePodUpdates)",
  DELETE: "graceful deletion, handled as an update (HandlePodUpdates)",
  REMOVE: "the kubelet stops these pods (HandlePodRemoves)",
  RECONCILE: "only the status differs: the kubelet reconciles, no restart (HandlePodReconcile)",
  SET: "a full snapshot of every source (the kubelet itself logs snapshots as unsupported)",
};

const STATIC_WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
spec:
  containers:
  - name: nginx
    image: nginx:1.25
`;
const URL_DOC = `apiVersion: v1
kind: Pod
metadata:
  name: from-url
spec:
  containers:
  - name: agent
    image: busybox
`;
const DB_SAMPLE = STATIC_WEB.replace(/web/g, "db").replace("nginx:1.25", "postgres:16").replace("name: nginx", "name: postgres");
const API_POD = JSON.stringify({
  metadata: { name: "app", namespace: "default", uid: "uid-app" },
  spec: { nodeName: NODE, containers: [{ name: "app", image: "app:1" }] },
  status: { phase: "Pending" },
}, null, 2);

/** One step of the panel's state: `a` names it, ACTION_FIELDS its other fields and their types.
 *  @typedef {{ a: string, [field: string]: any }} Action */

/** A fresh panel replays these: one pod in each lane, then the clock starts.
 *  @type {Action[]} */
const DEFAULT_ACTIONS = [
  { a: "write", name: "web.yaml", content: STATIC_WEB },
  { a: "serve", status: 200, body: URL_DOC },
  { a: "upsert", pod: API_POD },
  { a: "synced", value: true },
  { a: "step", by: 0 },
];
const ACTION_FIELDS = {
  write: { name: "string", content: "string" },
  rm: { name: "string" },
  serve: { status: "number", body: "string" },
  upsert: { pod: "string" },
  delete: { namespace: "string", name: "string" },
  synced: { value: "boolean" },
  step: { by: "number" },
};

/** @returns {Action} the action with exactly its fields, checked */
function checkAction(a, i) {
  if (!isObject(a)) throw new Error(`actions[${i}] should be an object`);
  const fields = ACTION_FIELDS[a.a];
  if (!fields) throw new Error(`actions[${i}]: unknown action ${JSON.stringify(String(a.a).slice(0, 40))}`);
  /** @type {Action} */
  const out = { a: a.a };
  for (const [k, type] of Object.entries(fields)) {
    if (typeof a[k] !== type) throw new Error(`actions[${i}].${k} should be a ${type}`);
    if (type === "string" && a[k].length > MAX_TEXT) throw new Error(`actions[${i}].${k} is longer than ${MAX_TEXT} characters`);
    out[k] = a[k];
  }
  if (a.a === "step" && !(Number.isInteger(out.by) && out.by >= 0 && out.by <= 3600)) throw new Error(`actions[${i}].by should be 0 to 3600 seconds`);
  if (a.a === "serve" && !(Number.isInteger(out.status) && (out.status === 0 || (out.status >= 100 && out.status <= 599)))) throw new Error(`actions[${i}].status should be an HTTP status (or 0: unreachable)`);
  return out;
}

const podName = (p) => `${p.metadata?.namespace ? `${p.metadata.namespace}/` : ""}${p.metadata?.name ?? "?"}`;
const rfc3339 = (seconds) => new Date(EPOCH + seconds * 1000).toISOString().replace(".000Z", "Z");

export default {
  id: "pods",
  title: "Pod sources",
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container }) {
    const { PodConfig, FileSource, HttpSource, ApiserverSource } = kubegate;
    // The sources here run on the kubelet's default periods (those of the default release).
    const FACTS = factsOf(kubegate);
    const PERIODS = FACTS.perRelease[FACTS.defaultRelease];
    let state = { mode: "Incremental", actions: structuredClone(DEFAULT_ACTIONS) };
    let sim = null; // { config, file, http, api, t, served }
    let stream = []; // entries, oldest first
    let actionError = null;

    // ---- controls
    const mode = select(MODES, state.mode, { id: "pods-mode" });
    const clock = h("output", { id: "pods-now", "aria-live": "polite" });
    // Steps read as a duration is written in a flag ("+1m"), like the control plane's.
    const steps = STEPS.map((s) => h("button", { type: "button", class: "pods-step", "data-step": String(s), onclick: () => act({ a: "step", by: s }) }, `+${s % 60 === 0 ? `${s / 60}m` : `${s}s`}`));
    const reset = h("button", { type: "button", id: "pods-reset", onclick: () => { state.actions = structuredClone(DEFAULT_ACTIONS); rebuild(); } }, "Start over");
    const seen = h("span", { id: "pods-seen", class: "muted" });

    const fileList = h("ul", { id: "pods-files", class: "pods-list" });
    const fileName = h("input", { id: "pods-file-name", type: "text", class: "mono", value: "db.yaml", spellcheck: "false", autocomplete: "off" });
    const fileBody = h("textarea", { id: "pods-file-body", rows: "9", class: "mono", spellcheck: "false" });
    fileBody.value = DB_SAMPLE;
    const fileSave = h("button", { type: "button", id: "pods-file-save", onclick: () => act({ a: "write", name: fileName.value.trim(), content: fileBody.value }) }, "Save file");
    const fileNew = h("button", { type: "button", id: "pods-file-new", onclick: () => {
      const files = sim.file.files();
      let name = "db.yaml";
      for (let n = 2; name in files; n++) name = `db-${n}.yaml`;
      fileName.value = name;
      fileBody.value = DB_SAMPLE.replace(/name: db\b/, `name: ${name.replace(/\.yaml$/, "")}`);
      drawDrafts();
      fileName.focus();
    } }, "New manifest");
    // Under each editor: whether it shows what its source holds now, or a draft.
    const fileDraft = h("p", { id: "pods-file-draft", class: "draft-note", "aria-live": "polite" });
    const httpDraft = h("p", { id: "pods-http-draft", class: "draft-note", "aria-live": "polite" });
    const apiDraft = h("p", { id: "pods-api-draft", class: "draft-note", "aria-live": "polite" });

    const httpStatus = select([["200", "200 OK"], ["404", "404 Not Found"], ["500", "500 Internal Server Error"], ["0", "unreachable"]], "200", { id: "pods-http-status", "aria-label": "HTTP status" });
    const httpBody = h("textarea", { id: "pods-http-body", rows: "9", class: "mono", spellcheck: "false", "aria-label": "Manifest document served at the URL" });
    const httpServe = h("button", { type: "button", id: "pods-http-serve", onclick: () => act({ a: "serve", status: Number(httpStatus.value), body: httpBody.value }) }, "Serve");
    const httpNow = h("p", { id: "pods-http-now", class: "muted" });

    const synced = h("input", { type: "checkbox", id: "pods-synced" });
    const apiList = h("ul", { id: "pods-api-pods", class: "pods-list" });
    const apiBody = h("textarea", { id: "pods-api-body", rows: "9", class: "mono", spellcheck: "false", "aria-label": "Pod JSON" });
    const apiSave = h("button", { type: "button", id: "pods-api-save", onclick: () => upsertFromEditor() }, "Create or update pod");

    const errorBox = h("p", { id: "pods-error", class: "error", role: "alert", hidden: true });
    const streamBox = h("ol", { id: "pods-stream", class: "pods-stream", reversed: true, tabindex: "0", "aria-label": "Merged output stream, newest first" });
    const merged = h("div", { id: "pods-merged", class: "cp-card", tabindex: "0", role: "region", "aria-label": "Merged pods" });

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "Pod sources"),
        h("p", {}, `The kubelet on ${NODE} learns about pods from a manifest directory, a manifest URL and the API server. Each source sends its full list as a SET; PodConfig merges them into ADD, UPDATE, DELETE, REMOVE and RECONCILE operations. Edit a lane, step the clock, and read why each operation was emitted.`)),
      h("div", { class: "controls" },
        labelled("Notification mode", mode),
        h("div", { class: "cp-clockbar", role: "group", "aria-label": "Virtual clock" }, h("span", { class: "label-text" }, "Virtual time "), clock, h("span", { class: "cp-steps" }, steps)),
        reset),
      h("p", {}, seen),
      errorBox,
      h("div", { class: "pods-lanes" },
        h("section", { class: "pods-lane", "aria-labelledby": "pods-h-file" },
          h("h3", { id: "pods-h-file" }, "file ", h("code", { class: "muted" }, DIR)),
          h("p", { class: "muted" }, `Listed every ${PERIODS.fileCheckFrequency}; once started, a write or delete is also seen at once (inotify). A static pod's UID is a hash of its manifest unless metadata.uid is set, so editing a manifest replaces the pod.`),
          fileList,
          labelled("File name", fileName),
          labelled("Manifest (YAML or JSON)", fileBody),
          fileDraft,
          h("div", { class: "row" }, fileSave, fileNew)),
        h("section", { class: "pods-lane", "aria-labelledby": "pods-h-http" },
          h("h3", { id: "pods-h-http" }, "http ", h("code", { class: "muted" }, URL_)),
          h("p", { class: "muted" }, `Polled every ${PERIODS.httpCheckFrequency}; one pod or a PodList. An unchanged body is skipped.`),
          httpNow,
          labelled("Status", httpStatus),
          labelled("Body", httpBody),
          httpDraft,
          h("div", { class: "row" }, httpServe)),
        h("section", { class: "pods-lane", "aria-labelledby": "pods-h-api" },
          h("h3", { id: "pods-h-api" }, "api ", h("span", { class: "muted" }, `pods with spec.nodeName=${NODE}`)),
          h("label", { class: "check" }, synced, " node informer synced (the watch starts after it)"),
          apiList,
          labelled("Pod (JSON)", apiBody),
          apiDraft,
          h("div", { class: "row" }, apiSave))),
      h("div", { class: "pods-out" },
        h("section", { "aria-labelledby": "pods-h-stream" }, h("h3", { id: "pods-h-stream" }, "Merged output stream"), streamBox),
        h("section", { "aria-labelledby": "pods-h-merged" }, h("h3", { id: "pods-h-merged" }, "Merged state (what Sync() would send)"), merged)));

    // ---- the simulation
    function fresh() {
      sim?.config.free(); sim?.file.free(); sim?.http.free(); sim?.api.free();
      sim = {
        // state.mode is one of MODES: the select offers only those and setState refuses others.
        config: new PodConfig({ mode: /** @type {import("kubegate").PodConfigMode} */ (state.mode), now: rfc3339(0), sources: ["file", "http", "api"] }),
        file: new FileSource({ path: DIR, nodeName: NODE }),
        http: new HttpSource({ url: URL_, nodeName: NODE }),
        api: new ApiserverSource({ nodeName: NODE }),
        t: 0,
        served: null,
      };
      stream = [];
    }

    /** Feeds what one source sent into PodConfig and records it in the stream. */
    function feed(lane, what, step) {
      const now = rfc3339(sim.t);
      if (!step.updates.length && !step.errors.length) return;
      if (!step.updates.length) {
        stream.push({ t: sim.t, lane, what, errors: step.errors, inputs: [] });
        return;
      }
      step.updates.forEach((u, i) => {
        const out = sim.config.mergeDetailed(lane, { op: u.op, pods: u.pods }, now);
        stream.push({ t: sim.t, lane, what, errors: i === 0 ? step.errors : [], input: u, out });
      });
    }

    function apply(x) {
      const s = sim;
      switch (x.a) {
        case "write": feed("file", `${x.name} written`, s.file.writeFile(x.name, x.content)); break;
        case "rm": feed("file", `${x.name} deleted`, s.file.removeFile(x.name)); break;
        case "serve": s.http.serve(x.status ? { status: x.status, body: x.body } : null); s.served = x; break;
        case "upsert": {
          let pod;
          try {
            pod = JSON.parse(x.pod);
          } catch (e) {
            throw new Error(`the pod is not valid JSON (${messageOf(e)})`);
          }
          if (!isObject(pod)) throw new Error("the pod should be a JSON object");
          feed("api", `pod ${podName(pod)} written to the API server`, s.api.upsertPod(pod));
          break;
        }
        case "delete": feed("api", `pod ${x.namespace}/${x.name} deleted from the API server`, s.api.deletePod(x.namespace, x.name)); break;
        case "synced": s.api.setNodeSynced(x.value); break;
        case "step": {
          if (s.t + x.by > MAX_SECONDS) throw new Error("the clock stops after a week of virtual time; start over");
          s.t += x.by;
          const now = rfc3339(s.t);
          feed("file", "file source tick", s.file.tick(now));
          feed("http", "http source tick", s.http.tick(now));
          feed("api", "apiserver source tick", s.api.tick(now));
          break;
        }
      }
    }

    function rebuild() {
      actionError = null;
      fresh();
      state.actions.forEach((x, i) => {
        try {
          apply(x);
        } catch (e) {
          throw new Error(`step ${i + 1} (${x.a}): ${messageOf(e)}`);
        }
      });
      showHeld();
      draw();
    }

    // ---- the editors: what each source holds, or a visible draft
    const keyOf = (p) => `${p?.metadata?.namespace || "default"}/${p?.metadata?.name ?? ""}`;
    const heldPod = (key) => sim.api.clusterPods().find((p) => keyOf(p) === key) ?? null;
    /** The pod the API editor was loaded from, as the source held it then. */
    let apiBase = null;
    /** A save that would overwrite a pod changed since its draft was loaded asks twice. */
    let overwriteArmed = null;
    function loadPod(p) {
      apiBody.value = JSON.stringify(p, null, 2);
      apiBase = { key: keyOf(p), json: JSON.stringify(p) };
      overwriteArmed = null;
    }
    /** After a replay (an example, a share link, Start over) each editor shows what its source
     *  holds: the file and pod written last, what the URL serves. */
    function showHeld() {
      const files = sim.file.files();
      const name = [...state.actions].reverse().find((x) => x.a === "write" && x.name in files)?.name ?? Object.keys(files)[0];
      if (name) { fileName.value = name; fileBody.value = files[name]; }
      if (sim.served) { httpStatus.value = String(sim.served.status); httpBody.value = sim.served.body; }
      const pods = sim.api.clusterPods();
      let last = null;
      for (const x of [...state.actions].reverse()) {
        if (x.a !== "upsert") continue;
        try { last = heldPod(keyOf(JSON.parse(x.pod))); } catch { /* not JSON: never held */ }
        if (last) break;
      }
      const pod = last ?? pods[0];
      if (pod) loadPod(pod);
      else apiBase = null;
    }
    function drawDrafts() {
      const files = sim.file.files();
      const name = fileName.value.trim();
      const fileHeld = name in files && files[name] === fileBody.value;
      fileDraft.classList.toggle("draft", !fileHeld);
      fileDraft.textContent = fileHeld ? `Shows ${name} as the directory holds it.`
        : name in files ? `Draft: unsaved changes to ${name} (Save file writes them).` : `Draft: ${name || "this manifest"} is not in the directory yet (Save file writes it).`;
      const s = sim.served;
      const httpHeld = !!s && String(s.status) === httpStatus.value && (!s.status || s.body === httpBody.value);
      httpDraft.classList.toggle("draft", !httpHeld);
      httpDraft.textContent = httpHeld ? "Shows what the URL serves now." : s ? "Draft: not served yet (Serve replaces what the URL serves)." : "Draft: the URL serves nothing yet.";
      let pod = null;
      try { pod = JSON.parse(apiBody.value); } catch { /* a draft that is not JSON yet */ }
      const held = isObject(pod) ? heldPod(keyOf(pod)) : null;
      const apiHeld = !!held && JSON.stringify(held) === JSON.stringify(pod);
      apiDraft.classList.toggle("draft", !apiHeld);
      apiDraft.textContent = apiHeld ? `Shows ${keyOf(held)} as the API server holds it.`
        : !isObject(pod) ? "Draft: not a JSON object yet."
          : held ? `Draft: unsaved changes to ${keyOf(pod)} (Create or update pod writes them).` : `Draft: ${keyOf(pod)} is not in the API server (Create or update pod creates it).`;
    }
    for (const el of [fileName, fileBody, httpBody, apiBody]) el.addEventListener("input", drawDrafts);
    httpStatus.addEventListener("change", drawDrafts);

    function act(x) {
      if (state.actions.length >= MAX_ACTIONS) {
        actionError = `At most ${MAX_ACTIONS} steps are kept; start over to continue.`;
        return draw();
      }
      try {
        const clean = checkAction(x, state.actions.length);
        apply(clean);
        state.actions.push(clean);
        actionError = null;
      } catch (e) {
        actionError = messageOf(e);
      }
      draw();
    }

    function upsertFromEditor() {
      let pod = null;
      try { pod = JSON.parse(apiBody.value); } catch { /* act() reports it */ }
      const held = isObject(pod) ? heldPod(keyOf(pod)) : null;
      // A draft loaded before the pod last changed (or never loaded from it) would put an older
      // pod back without a word: say so, and write only when asked again.
      const stale = held && (apiBase?.key !== keyOf(pod) || apiBase.json !== JSON.stringify(held)) && JSON.stringify(held) !== JSON.stringify(pod);
      if (stale && overwriteArmed !== keyOf(pod)) {
        overwriteArmed = keyOf(pod);
        actionError = `The API server's ${keyOf(pod)} is not the one this draft started from: Edit loads what it holds now; Create or update pod again overwrites it with this draft.`;
        return draw();
      }
      act({ a: "upsert", pod: apiBody.value });
      if (!actionError && isObject(pod)) {
        const now = heldPod(keyOf(pod));
        if (now) loadPod(now);
        draw();
      }
    }

    // ---- drawing
    function draw() {
      clock.textContent = `${simTime(sim.t * 1000)} (${rfc3339(sim.t)})`;
      errorBox.hidden = !actionError;
      errorBox.textContent = actionError ?? "";
      mode.value = state.mode;
      seen.textContent = `seenAllSources(file, http, api): ${sim.config.seenAllSources(["file", "http", "api"]) ? "yes, every source has sent a SET" : "not yet"}`;
      drawFiles();
      drawHttp();
      drawApi();
      drawStream();
      drawMerged();
      drawDrafts();
    }

    function drawFiles() {
      const files = sim.file.files();
      const names = Object.keys(files);
      render(fileList, names.length ? names.map((n) => h("li", {},
        h("code", {}, n), " ",
        h("button", { type: "button", class: "pods-file-edit", "aria-label": `Edit ${n}`, onclick: () => { fileName.value = n; fileBody.value = files[n]; drawDrafts(); fileBody.focus(); } }, "Edit"),
        h("button", { type: "button", class: "pods-file-rm", "aria-label": `Delete ${n}`, onclick: () => act({ a: "rm", name: n }) }, "Delete"))) : h("li", { class: "muted" }, "No manifests."));
    }

    function drawHttp() {
      const s = sim.served;
      httpNow.textContent = !s ? "Nothing served yet." : s.status ? `Serving ${s.status} with ${s.body.length} characters.` : "The URL is unreachable.";
    }

    function drawApi() {
      synced.checked = state.actions.filter((x) => x.a === "synced").at(-1)?.value ?? false;
      const pods = sim.api.clusterPods();
      render(apiList, pods.length ? pods.map((p) => h("li", {},
        h("code", {}, podName(p)), h("span", { class: "muted" }, ` on ${p.spec?.nodeName || "(unscheduled)"}`), " ",
        h("button", { type: "button", class: "pods-api-edit", "aria-label": `Edit ${podName(p)}`, onclick: () => { loadPod(p); drawDrafts(); apiBody.focus(); } }, "Edit"),
        h("button", { type: "button", class: "pods-api-rm", "aria-label": `Delete ${podName(p)}`, onclick: () => act({ a: "delete", namespace: p.metadata.namespace ?? "default", name: p.metadata.name }) }, "Delete"))) : h("li", { class: "muted" }, "No pods in the cluster."));
    }

    function drawStream() {
      const entries = newestFirst(stream, 80);
      render(streamBox, entries.map((e) => h("li", { class: `pods-entry lane-${e.lane}` },
        h("div", { class: "pods-entry-head" },
          h("span", { class: "cp-time" }, simTime(e.t * 1000)), " ",
          h("span", { class: `pods-lane-tag lane-${e.lane}` }, e.lane), " ",
          e.what),
        e.errors.map((m) => h("p", { class: "error pods-invalid" }, h("strong", {}, "reported: "), h("span", { class: "k8s-error" }, m))),
        e.input ? [
          h("p", { class: "pods-input" }, `sent ${e.input.op} of ${e.input.pods.length} pod${e.input.pods.length === 1 ? "" : "s"}`,
            e.input.reasons?.[0] ? h("span", { class: "muted" }, `: ${e.input.reasons[0].message}`) : null),
          e.out.updates.length ? h("ul", { class: "pods-ops" }, e.out.updates.map((u) => h("li", {},
            h("span", { class: `pods-op op-${u.op.toLowerCase()}` }, u.op), " ",
            u.pods.length ? u.pods.map((p, i) => [i ? ", " : "", h("code", {}, podName(p))]) : h("span", { class: "muted" }, "(no pods)"),
            h("span", { class: "muted" }, ` from ${u.source}: ${OP_TEXT[u.op] ?? ""}`),
            u.reasons.length ? h("ul", { class: "pods-why" }, u.reasons.map((r) => h("li", {},
              r.pod ? [h("code", {}, r.pod), ": "] : null, r.message,
              r.changed?.length ? h("span", { class: "muted" }, ` (changed: ${r.changed.join(", ")})`) : null))) : null))) : h("p", { class: "muted pods-nothing" }, "PodConfig emitted nothing: no pod changed."),
          e.out.events.map((ev) => h("p", { class: "warn pods-event" }, h("strong", {}, `${ev.type} ${ev.reason}: `), h("span", { class: "k8s-error" }, ev.message))),
          e.out.logs.map((l) => h("p", { class: "muted" }, `log: ${l}`)),
        ] : null)));
    }

    function drawMerged() {
      const pods = sim.config.mergedState();
      render(merged, pods.length ? h("table", { class: "cp-table", id: "pods-merged-table" },
        h("thead", {}, h("tr", {}, ["Pod", "Source", "First seen"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, pods.map((p) => h("tr", {},
          h("td", {}, h("code", {}, podName(p)), p.metadata.deletionTimestamp ? h("span", { class: "muted" }, " (terminating)") : null),
          h("td", {}, p.metadata.annotations?.["kubernetes.io/config.source"] ?? ""),
          h("td", {}, p.metadata.annotations?.["kubernetes.io/config.seen"] ?? ""))))) : h("p", { class: "muted" }, "No pods."));
    }

    mode.addEventListener("change", () => { state.mode = mode.value; rebuild(); });
    synced.addEventListener("change", () => act({ a: "synced", value: synced.checked }));
    httpBody.value = URL_DOC;
    apiBody.value = API_POD;
    httpServe.addEventListener("click", () => drawDrafts());

    rebuild();

    return {
      getState() {
        const out = {};
        if (state.mode !== "Incremental") out.mode = state.mode;
        if (JSON.stringify(state.actions) !== JSON.stringify(DEFAULT_ACTIONS)) out.actions = state.actions;
        return out;
      },
      setState(s) {
        if (!isObject(s)) throw new Error("the pod sources state should be an object");
        const m = field(s, "mode", "string", "Incremental");
        if (!MODES.includes(m)) throw new Error(`unknown mode ${JSON.stringify(m.slice(0, 40))}`);
        const actions = field(s, "actions", "array", DEFAULT_ACTIONS);
        if (actions.length > MAX_ACTIONS) throw new Error(`more than ${MAX_ACTIONS} steps`);
        const clean = actions.map(checkAction);
        const before = state;
        state = { mode: m, actions: clean };
        try {
          rebuild();
        } catch (e) {
          state = before;
          rebuild();
          throw e;
        }
      },
    };
  },
};
