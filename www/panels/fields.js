// Gated fields: what a create or an update keeps of a field whose feature gate is off, and which
// enum values validate (with ratcheting on update). Every answer comes from kubegate's
// prepareForCreate / prepareForUpdate, validateFrobberRestartPolicy and validateEnum; the panel
// only gathers the inputs and draws the results.
import { h, render, messageOf, labelled, select, debounceFrame } from "../ui.js";
import { field, isObject } from "../state.js";

const ON_TUESDAY_GATE = "FrobberRestartPolicyOnTuesday";
const RESTART_POLICIES = ["Always", "Never", "OnTuesday"];
const MAX_TEXT = 100_000;
const pretty = (v) => JSON.stringify(v, null, 2);
const SAMPLES = {
  Frobber: {
    obj: pretty({ height: 2, width: 3, restartPolicy: "OnTuesday" }),
    old: pretty({ height: 1, width: 2, restartPolicy: "OnTuesday" }),
  },
  Service: {
    obj: pretty({ metadata: { name: "web" }, spec: { ports: [{ port: 80 }], trafficDistribution: "PreferClose" } }),
    old: pretty({ metadata: { name: "web" }, spec: { ports: [{ port: 80 }] } }),
  },
  EndpointSlice: {
    obj: pretty({ addressType: "IPv4", endpoints: [{ addresses: ["10.1.2.3"], hints: { forZones: [{ name: "zone-a" }], forNodes: [{ name: "node-1" }] } }] }),
    old: pretty({ addressType: "IPv4", endpoints: [{ addresses: ["10.1.2.3"], hints: { forZones: [{ name: "zone-a" }] } }] }),
  },
};
/** The declarative-enum sandbox starts with upstream's options/ConditionalEnum declaration. */
const ENUM_DEFAULTS = {
  path: "spec.conditional",
  values: "A, B, C, D, E, F",
  exclusions: "A ifEnabled FeatureA\nB ifDisabled FeatureB\nD ifEnabled FeatureA\nD ifEnabled FeatureB\nE ifDisabled FeatureC\nE ifDisabled FeatureD\nF ifDisabled FeatureC\nF ifEnabled FeatureD",
  // A share link may name other gates: any name, each true or false.
  options: /** @type {Record<string, boolean>} */ ({ FeatureA: false, FeatureB: false, FeatureC: false, FeatureD: false }),
  value: "E",
  oldValue: "",
  update: false,
};
const DEFAULTS = { kind: "Frobber", op: "Create", gates: {}, texts: {}, enumSandbox: ENUM_DEFAULTS };

/** Parses the sandbox's exclusion lines ("VALUE ifEnabled|ifDisabled OPTION"); returns { rules, problems }. */
function parseExclusions(text) {
  const rules = [];
  const problems = [];
  text.split("\n").forEach((line, i) => {
    const t = line.trim();
    if (!t) return;
    const m = /^(\S+)\s+(ifEnabled|ifDisabled)\s+(\S+)$/.exec(t);
    if (!m) problems.push(`line ${i + 1}: write "VALUE ifEnabled OPTION" or "VALUE ifDisabled OPTION"`);
    else rules.push({ value: m[1], option: m[3], excludeWhen: m[2] === "ifEnabled" });
  });
  return { rules, problems };
}

export default {
  id: "fields",
  title: "Gated fields",
  /** @param {import("../ui.js").PanelContext} ctx */
  create({ kubegate, container }) {
    const { prepareForCreate, prepareForUpdate, builtinFieldGateSchemas, validateEnum, validateFrobberRestartPolicy } = kubegate;
    const schemas = Object.fromEntries(builtinFieldGateSchemas().map((s) => [s.kind, s]));
    // The API types offered are the package's built-in schemas, in its order.
    const KINDS = Object.keys(schemas);
    const gatesOf = (kind) => {
      const g = [...new Set(schemas[kind].fields.map((f) => f.gate))];
      if (kind === "Frobber") g.push(ON_TUESDAY_GATE);
      return g;
    };
    let state = structuredClone(DEFAULTS);
    const text = (kind, which) => state.texts[kind]?.[which] ?? SAMPLES[kind][which];

    // ---- controls
    const kind = select(KINDS.map((k) => [k, k === "Frobber" ? "Frobber (the guide's example)" : k]), state.kind, { id: "fields-kind" });
    const opCreate = h("input", { type: "radio", name: "fields-op", id: "fields-op-create", value: "Create" });
    const opUpdate = h("input", { type: "radio", name: "fields-op", id: "fields-op-update", value: "Update" });
    const gatesBox = h("fieldset", { id: "fields-gates", class: "fields-gates" });
    const objText = h("textarea", { id: "fields-obj", rows: "10", class: "mono", spellcheck: "false", "aria-describedby": "fields-obj-status" });
    const oldText = h("textarea", { id: "fields-old", rows: "10", class: "mono", spellcheck: "false", "aria-describedby": "fields-obj-status" });
    const oldWrap = h("div", { class: "fields-old" }, labelled("Old object (stored), JSON", oldText));
    const resetObjs = h("button", { type: "button", id: "fields-reset", onclick: () => { delete state.texts[state.kind]; syncControls(); update(); } }, "Reset sample objects");
    const objStatus = h("p", { id: "fields-obj-status", class: "error", role: "alert", hidden: true });
    const result = h("div", { id: "fields-result", class: "fields-result", "aria-live": "polite" });
    const enumBox = h("div", { id: "fields-enum", "aria-live": "polite" });

    // declarative enum sandbox
    const enPath = h("input", { id: "enum-path", type: "text", class: "mono", spellcheck: "false" });
    const enValues = h("input", { id: "enum-values", type: "text", class: "mono", spellcheck: "false" });
    const enRules = h("textarea", { id: "enum-rules", rows: "8", class: "mono", spellcheck: "false" });
    const enOptions = h("fieldset", { id: "enum-options", class: "fields-gates" });
    const enValue = h("input", { id: "enum-value", type: "text", class: "mono", spellcheck: "false" });
    const enOld = h("input", { id: "enum-old", type: "text", class: "mono", spellcheck: "false", placeholder: "(create)" });
    const enUpdate = h("input", { type: "checkbox", id: "enum-update" });
    const enResult = h("div", { id: "enum-result", "aria-live": "polite" });

    render(container,
      h("div", { class: "panel-intro" },
        h("h2", {}, "Gated fields"),
        h("p", {}, "How a stable API carries a field or an enum value that is still behind a feature gate: with the gate off, create drops the field and update keeps it only when the stored object already uses it; an enum value that became invalid is still accepted on update while it is unchanged.")),
      h("div", { class: "controls" },
        labelled("API type", kind),
        h("fieldset", { class: "fields-op", role: "radiogroup" }, h("legend", {}, "Request"),
          h("label", { class: "check" }, opCreate, " create"), h("label", { class: "check" }, opUpdate, " update")),
        resetObjs),
      gatesBox,
      h("div", { class: "fields-objects" }, labelled("New object (the request), JSON", objText), oldWrap),
      objStatus,
      result,
      enumBox,
      h("section", { class: "cp-section", "aria-labelledby": "enum-h" },
        h("h3", { id: "enum-h" }, "Declarative enum with options (validate.Enum)"),
        h("p", { class: "muted" }, "Each rule excludes a value while an option is enabled (+k8s:ifEnabled(X)=+k8s:enumExclude) or disabled (+k8s:ifDisabled(X)=+k8s:enumExclude). Preloaded: upstream's ConditionalEnum test type."),
        h("div", { class: "controls" }, labelled("Field path", enPath), labelled("Valid values", enValues, "field wide")),
        labelled("Exclusions, one per line", enRules, "field"),
        enOptions,
        h("div", { class: "controls" },
          labelled("Value", enValue),
          h("label", { class: "check" }, enUpdate, " update (ratcheting applies)"),
          labelled("Old value", enOld)),
        enResult));

    // ---- evaluation
    function parse(t, what) {
      if (!t.trim()) throw new Error(`the ${what} is empty`);
      let v;
      try {
        v = JSON.parse(t);
      } catch (e) {
        throw new Error(`the ${what} is not valid JSON (${messageOf(e)})`);
      }
      if (!isObject(v)) throw new Error(`the ${what} should be a JSON object`);
      return v;
    }

    function gateValues() {
      return Object.fromEntries(gatesOf(state.kind).map((g) => [g, state.gates[g] === true]));
    }

    function drawGates() {
      render(gatesBox, h("legend", {}, "Feature gates"),
        gatesOf(state.kind).map((g) => {
          const box = h("input", { type: "checkbox", id: `fields-gate-${g}`, checked: state.gates[g] === true, "data-gate": g });
          box.addEventListener("change", () => { state.gates[g] = box.checked; scheduled(); });
          return h("label", { class: "check" }, box, " ", h("code", {}, g));
        }));
    }

    function update() {
      oldWrap.hidden = state.op !== "Update";
      const gates = gateValues();
      let obj, old;
      try {
        obj = parse(text(state.kind, "obj"), "new object");
        if (state.op === "Update") old = parse(text(state.kind, "old"), "old object");
        objStatus.hidden = true;
      } catch (e) {
        objStatus.hidden = false;
        objStatus.textContent = messageOf(e);
        render(result);
        render(enumBox);
        drawEnumSandbox();
        return;
      }
      let out;
      try {
        out = state.op === "Create" ? prepareForCreate(schemas[state.kind], gates, obj) : prepareForUpdate(schemas[state.kind], gates, obj, old);
      } catch (e) {
        render(result, h("p", { class: "error", role: "alert" }, h("span", { class: "k8s-error" }, messageOf(e))));
        drawEnum(obj, old, gates);
        drawEnumSandbox();
        return;
      }
      const dropped = new Set(out.dropped);
      // The same request's validation (the Frobber's restartPolicy): a request that fails it is
      // refused, so nothing is dropped "silently" and nothing is stored.
      const refused = requestErrors(obj, old, gates);
      render(result,
        h("h3", {}, state.op === "Create" ? "PrepareForCreate keeps" : "PrepareForUpdate keeps"),
        h("div", { class: "table-wrap" }, h("table", { id: "fields-table" },
          h("caption", { class: "visually-hidden" }, "Gated fields of this type and what the request kept"),
          h("thead", {}, h("tr", {}, ["Field", "Gate", "Gate value", "Result"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, schemas[state.kind].fields.map((f) => {
            const hits = out.dropped.filter((p) => p === f.path || p.replace(/\[\d+\]/g, "[*]") === f.path);
            return h("tr", { class: hits.length ? "changed" : "" },
              h("th", { scope: "row" }, h("code", {}, f.path)),
              h("td", {}, h("code", {}, f.gate)),
              h("td", { class: gates[f.gate] ? "on" : "off" }, gates[f.gate] ? "on" : "off"),
              h("td", { class: "fields-verdict" }, hits.length ? h("span", { class: "error" }, `dropped: ${hits.join(", ")}`) : "not dropped"));
          })))),
        refused.length
          ? h("p", { id: "fields-dropped", class: "error" },
            `${dropped.size ? `${state.op === "Create" ? "PrepareForCreate" : "PrepareForUpdate"} drops ${out.dropped.join(", ")}, but` : "Nothing dropped, but"} validation then refuses the request (below: ${refused.join("; ")}), so the ${state.op === "Create" ? "create" : "update"} fails and nothing is stored.`)
          : h("p", { id: "fields-dropped", class: dropped.size ? "" : "ok" }, dropped.size
            ? `Dropped silently (the request still succeeds): ${out.dropped.join(", ")}.`
            : "Nothing dropped."),
        h("details", { open: !refused.length }, h("summary", {}, refused.length ? "What would be stored, had it validated" : "What is stored"),
          h("pre", { class: "mono fields-json", id: "fields-out", tabindex: "0", role: "group", "aria-label": refused.length ? "The object as it would be stored" : "The object as stored" }, pretty(out.object))));
      drawEnum(obj, old, gates);
      drawEnumSandbox();
    }

    /** The request's own validation errors (the Frobber's restartPolicy, as the guide's
     *  strategy validates it); none for the other kinds, whose validation the panel does not run. */
    function requestErrors(obj, old, gates) {
      if (state.kind !== "Frobber" || typeof obj.restartPolicy !== "string") return [];
      const oldPolicy = state.op === "Update" && old && typeof old.restartPolicy === "string" ? old.restartPolicy : null;
      try {
        return validateFrobberRestartPolicy({ restartPolicy: obj.restartPolicy, oldRestartPolicy: oldPolicy, gates }).guide;
      } catch {
        return [];
      }
    }

    function drawEnum(obj, old, gates) {
      if (state.kind !== "Frobber") return render(enumBox);
      const current = typeof obj.restartPolicy === "string" ? obj.restartPolicy : null;
      const oldPolicy = state.op === "Update" && old && typeof old.restartPolicy === "string" ? old.restartPolicy : null;
      const candidates = [...new Set([...RESTART_POLICIES, ...(current ? [current] : [])])];
      let rows;
      try {
        rows = candidates.map((v) => [v, validateFrobberRestartPolicy({ restartPolicy: v, oldRestartPolicy: oldPolicy, gates })]);
      } catch (e) {
        return render(enumBox, h("p", { class: "error" }, messageOf(e)));
      }
      const verdict = (errs) => errs.length ? errs.map((e) => h("div", { class: "k8s-error" }, e)) : h("span", { class: "ok" }, "valid");
      render(enumBox,
        h("h3", {}, "restartPolicy: which values validate"),
        h("p", { class: "muted" }, state.op === "Update"
          ? `Update of an object whose restartPolicy is ${oldPolicy === null ? "unset" : JSON.stringify(oldPolicy)}: `
          : "Create: ",
          rows[0][1].allowed ? "the strategy allows OnTuesday." : "the strategy does not allow OnTuesday."),
        h("div", { class: "table-wrap" }, h("table", { id: "fields-enum-table" },
          h("caption", { class: "visually-hidden" }, "restartPolicy values and their validation"),
          h("thead", {}, h("tr", {}, ["Value", "Guide's hand-written validation", "Declarative: ifDisabled enumExclude, ratcheting"].map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, rows.map(([v, r]) => h("tr", { class: v === current ? "changed" : "", "data-value": v },
            h("th", { scope: "row" }, h("code", {}, v), v === current ? h("span", { class: "muted" }, " (in the request)") : null),
            h("td", {}, verdict(r.guide)),
            h("td", {}, verdict(r.declarative))))))));
    }

    /** The option checkboxes: redrawn only when the rules name other options. */
    let optionNames = null;
    function drawEnumOptions(names) {
      const e = state.enumSandbox;
      if (optionNames && optionNames.join("\n") === names.join("\n")) return;
      optionNames = names;
      render(enOptions, h("legend", {}, "Options (declared to the validator)"),
        names.length ? names.map((n) => {
          const on = h("input", { type: "checkbox", "data-option": n, checked: e.options[n] === true, "aria-label": `${n} enabled` });
          const declared = h("input", { type: "checkbox", "data-declared": n, checked: n in e.options, "aria-label": `${n} declared` });
          on.addEventListener("change", () => { if (on.checked || n in e.options) e.options[n] = on.checked; declared.checked = n in e.options; drawEnumSandbox(); });
          declared.addEventListener("change", () => { if (declared.checked) e.options[n] = on.checked; else delete e.options[n]; drawEnumSandbox(); });
          return h("span", { class: "enum-option" }, h("code", {}, n), h("label", { class: "check" }, declared, " declared"), h("label", { class: "check" }, on, " enabled"));
        }) : h("span", { class: "muted" }, "No rule names an option."));
    }

    function drawEnumSandbox() {
      const e = state.enumSandbox;
      const { rules, problems } = parseExclusions(e.exclusions);
      const names = [...new Set(rules.map((r) => r.option))];
      drawEnumOptions(names);
      const valid = e.values.split(/[\s,]+/).filter(Boolean);
      /** @type {Omit<import("kubegate").EnumRequest, "value">} */
      const base = { path: e.path, validValues: valid, exclusions: rules, options: Object.fromEntries(Object.entries(e.options).filter(([k]) => names.includes(k))), operation: e.update ? "Update" : "Create" };
      if (e.update) base.oldValue = e.oldValue;
      const check = (value) => {
        try {
          return validateEnum({ ...base, value });
        } catch (err) {
          return [messageOf(err)];
        }
      };
      const candidates = [...new Set([...valid, e.value])];
      render(enResult,
        problems.map((p) => h("p", { class: "error" }, p)),
        h("p", { id: "enum-verdict" }, "Value ", h("code", {}, JSON.stringify(e.value)), ": ",
          ((errs) => errs.length ? errs.map((x) => h("span", { class: "k8s-error" }, x)) : h("span", { class: "ok" }, "accepted"))(check(e.value))),
        h("ul", { class: "enum-list", id: "enum-list" }, candidates.map((v) => {
          const errs = check(v);
          return h("li", { class: errs.length ? "bad" : "good" }, h("code", {}, v), errs.length ? h("span", { class: "muted" }, ` ✗ ${errs[0]}`) : h("span", { class: "ok" }, " ✓ valid"));
        })));
    }

    const scheduled = debounceFrame(update);

    kind.addEventListener("change", () => { state.kind = kind.value; syncControls(); update(); });
    for (const r of [opCreate, opUpdate]) r.addEventListener("change", () => { if (r.checked) { state.op = r.value; update(); } });
    const saveText = (which, el) => el.addEventListener("input", () => {
      state.texts[state.kind] = { obj: text(state.kind, "obj"), old: text(state.kind, "old"), [which]: el.value.slice(0, MAX_TEXT) };
      scheduled();
    });
    saveText("obj", objText);
    saveText("old", oldText);
    const bindEnum = (el, key, conv = (v) => v) => el.addEventListener(el.type === "checkbox" ? "change" : "input", () => {
      state.enumSandbox[key] = conv(el.type === "checkbox" ? el.checked : el.value);
      drawEnumSandbox();
    });
    bindEnum(enPath, "path");
    bindEnum(enValues, "values");
    bindEnum(enRules, "exclusions");
    bindEnum(enValue, "value");
    bindEnum(enOld, "oldValue");
    bindEnum(enUpdate, "update");

    function syncControls() {
      kind.value = state.kind;
      opCreate.checked = state.op === "Create";
      opUpdate.checked = state.op === "Update";
      objText.value = text(state.kind, "obj");
      oldText.value = text(state.kind, "old");
      const e = state.enumSandbox;
      enPath.value = e.path;
      enValues.value = e.values;
      enRules.value = e.exclusions;
      enValue.value = e.value;
      enOld.value = e.oldValue;
      enUpdate.checked = e.update;
      optionNames = null;
      drawGates();
    }

    syncControls();
    update();

    return {
      getState() {
        const out = {};
        if (state.kind !== DEFAULTS.kind) out.kind = state.kind;
        if (state.op !== DEFAULTS.op) out.op = state.op;
        const gates = Object.fromEntries(Object.entries(state.gates).filter(([, v]) => v));
        if (Object.keys(gates).length) out.gates = gates;
        if (Object.keys(state.texts).length) out.texts = state.texts;
        if (JSON.stringify(state.enumSandbox) !== JSON.stringify(ENUM_DEFAULTS)) out.enumSandbox = state.enumSandbox;
        return out;
      },
      setState(s) {
        if (!isObject(s)) throw new Error("the gated-fields state should be an object");
        const next = structuredClone(DEFAULTS);
        next.kind = field(s, "kind", "string", DEFAULTS.kind);
        if (!KINDS.includes(next.kind)) throw new Error(`unknown API type ${JSON.stringify(next.kind.slice(0, 40))}`);
        next.op = field(s, "op", "string", DEFAULTS.op);
        if (next.op !== "Create" && next.op !== "Update") throw new Error('"op" should be "Create" or "Update"');
        const gates = field(s, "gates", "object", {});
        const known = new Set(KINDS.flatMap(gatesOf));
        for (const [g, v] of Object.entries(gates)) {
          if (!known.has(g)) throw new Error(`unknown gate ${JSON.stringify(g.slice(0, 60))}`);
          if (typeof v !== "boolean") throw new Error(`gate ${g} should be true or false`);
          next.gates[g] = v;
        }
        const texts = field(s, "texts", "object", {});
        for (const [k, v] of Object.entries(texts)) {
          if (!KINDS.includes(k)) throw new Error(`unknown API type ${JSON.stringify(k.slice(0, 40))} in "texts"`);
          const obj = field(v, "obj", "string", SAMPLES[k].obj);
          const old = field(v, "old", "string", SAMPLES[k].old);
          if (obj.length > MAX_TEXT || old.length > MAX_TEXT) throw new Error(`the ${k} objects are longer than ${MAX_TEXT} characters`);
          next.texts[k] = { obj, old };
        }
        const en = field(s, "enumSandbox", "object", null);
        if (en) {
          const e = structuredClone(ENUM_DEFAULTS);
          for (const k of ["path", "values", "exclusions", "value", "oldValue"]) {
            e[k] = field(en, k, "string", ENUM_DEFAULTS[k]);
            if (e[k].length > 10_000) throw new Error(`enumSandbox.${k} is too long`);
          }
          e.update = field(en, "update", "boolean", false);
          const opts = field(en, "options", "object", ENUM_DEFAULTS.options);
          e.options = {};
          for (const [k, v] of Object.entries(opts)) {
            if (typeof v !== "boolean") throw new Error(`enumSandbox option ${k.slice(0, 40)} should be true or false`);
            e.options[k] = v;
          }
          next.enumSandbox = e;
        }
        state = next;
        syncControls();
        update();
      },
    };
  },
};
