// A second hostile caller, systematic where tests/fuzz/hostile.mjs is random: for every export,
// constructor and method (the valid templates of hostile.mjs), every argument and every leaf
// inside a structured argument is replaced in turn by each of a list of hostile values, and
// every option object gets an unknown key. The cases are enumerated in a fixed order and visited
// in a seeded permutation, so a budget covers a different sample per seed and a failure replays
// from its seed and case number.
//
// After each call it checks what hostile.mjs checks (anything thrown is kubegate's own Error,
// the module still works) and one thing more: no silent acceptance. A value of the wrong type
// for a parameter, an unknown key in one of kubegate's own option objects, a method called after
// free() or on a foreign object must throw (kubegate's Error), never answer.
import { CLASSES, FUNCTIONS, checkThrown, describe, healthy, rng, deepObject } from "./hostile.mjs";

// Parameters that may be left out (undefined or null is a valid value there).
const OPTIONAL = {
  "new FeatureGate": [0, 1],
  "new PodConfig": [0],
  "new NodeLifecycleController": [0],
  "PodConfig#merge": [2],
  "PodConfig#mergeDetailed": [2],
  setReadyCondition: [2],
  nodeStatusHasChanged: [0, 1],
  importKubeletCommandLine: [1],
  "HttpSource#serve": [0], // null: requests fail from now on
};
// Parameters that are kubegate's own option objects: an unknown key is an error, not ignored
// (Kubernetes objects inside them, such as pods and nodes, keep their unknown fields).
const OWN_OPTIONS = {
  "new PodConfig": [0],
  "new FileSource": [0],
  "new HttpSource": [0],
  "new ApiserverSource": [0],
  "new ClusterSimulator": [0],
  "new NodeLifecycleController": [0],
  "new BootstrapController": [0],
  "PodConfig#merge": [1],
  "PodConfig#mergeDetailed": [1],
  "HttpSource#serve": [0],
  "NodeLifecycleController#monitorNodeHealth": [0],
  "NodeLifecycleController#doNoExecuteTaintingPass": [0],
  resolveKubeletConfig: [0],
  checkKubeletUpgrade: [0],
  setReadyCondition: [2],
  simulateCluster: [0],
  scenarioStartFromNode: [1],
  validateEnum: [0],
  validateFrobberRestartPolicy: [0],
};
// Parameters whose type is any JSON value (nothing is "the wrong type").
const ANY_JSON = { toYaml: [0] };

function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

// Each: [name, make(ctx)]; ctx.reenter() calls back into the object being called.
const HOSTILE = [
  ["undefined", () => undefined],
  ["null", () => null],
  ["true", () => true],
  ["0", () => 0],
  ["-1", () => -1],
  ["1.5", () => 1.5],
  ["NaN", () => NaN],
  ["-Infinity", () => -Infinity],
  ["2**53", () => 2 ** 53],
  ["BigInt", () => 10n],
  ["Symbol", () => Symbol("s")],
  ["function", () => () => 1],
  ["revoked proxy", () => revoked()],
  ["throwing proxy", () => new Proxy({}, { get() { throw new Error("trap get"); }, ownKeys() { throw new Error("trap keys"); }, getPrototypeOf() { throw new Error("trap proto"); } })],
  ["throwing getter", () => Object.defineProperty({}, "a", { enumerable: true, get() { throw new Error("getter says no"); } })],
  ["re-entrant getter", (ctx) => Object.defineProperty({}, "a", { enumerable: true, get() { try { ctx.reenter(); } catch { /* its own error */ } return "x"; } })],
  ["re-entrant toPrimitive", (ctx) => ({ [Symbol.toPrimitive]() { try { ctx.reenter(); } catch { /* its own error */ } return "1.30"; } })],
  ["lone surrogate", () => "a\ud800b"],
  ["empty string", () => ""],
  ["huge string", () => "x".repeat(9 * 1024 * 1024)],
  ["empty array", () => []],
  ["huge array", () => new Array(1_100_000).fill(0)],
  ["sparse array", () => [1, , 3]], // eslint-disable-line no-sparse-arrays
  ["empty object", () => ({})],
  ["null-prototype object", () => Object.create(null)],
  ["class instance", () => new Date(0)],
  ["Map", () => new Map([["a", 1]])],
  ["typed array", () => new Uint8Array(3)],
  ["deep object", () => deepObject(5000)],
  ["cycle", () => { const o = { a: 1 }; o.self = o; return o; }],
  ["__proto__ key", () => JSON.parse('{"__proto__": {"polluted": 1}}')],
  ["negative duration", () => "-5s"],
  ["huge duration", () => "2562047h"],
  ["garbage text", () => "\u0000{[&*!%"],
];

const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// Whether `value` is certainly wrong for a parameter whose valid template value is `tmpl`.
function wrongType(tmpl, value, optional) {
  if (value === undefined || value === null) return !optional;
  let ok;
  try {
    switch (typeof tmpl) {
      case "string": ok = typeof value === "string"; break;
      case "boolean": ok = typeof value === "boolean"; break;
      case "number": ok = typeof value === "number" && Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 32; break;
      default:
        if (Array.isArray(tmpl)) ok = Array.isArray(value);
        else if (isPlainObject(tmpl)) ok = isPlainObject(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));
        else return false;
    }
  } catch {
    return true; // a revoked proxy is never a valid argument
  }
  return !ok;
}

// Every leaf path of a JSON template (arrays by index, objects by key).
function leaves(v, path = [], out = []) {
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v);
    if (!keys.length) out.push(path);
    for (const k of keys) leaves(v[k], [...path, Array.isArray(v) ? Number(k) : k], out);
  } else out.push(path);
  return out;
}
function setAt(v, path, x) {
  if (!path.length) return x;
  let o = v;
  for (const k of path.slice(0, -1)) o = o[k];
  o[path[path.length - 1]] = x;
  return v;
}

// The targets: { key, argsOf(k), call(k, args, ctx) }; a class method builds a fresh object.
function targets(k) {
  const out = [];
  for (const [name, make] of Object.entries(FUNCTIONS)) {
    out.push({ key: name, argsOf: () => make(k), call: (args) => k[name](...args), reenter: () => k.version() });
  }
  for (const [cname, spec] of Object.entries(CLASSES)) {
    const Cls = k[cname];
    out.push({ key: `new ${cname}`, argsOf: () => spec.ctor(), call: (args) => new Cls(...args).free(), reenter: () => k.version() });
    for (const [m, make] of Object.entries(spec.methods)) {
      out.push({
        key: `${cname}#${m}`,
        argsOf: () => make(),
        fresh: () => {
          const obj = new Cls(...spec.ctor());
          if (spec.setup) spec.setup(obj, k);
          return obj;
        },
        method: m,
        reenterWith: (obj) => {
          const other = Object.keys(spec.methods).find((x) => x !== m) ?? m;
          return () => obj[other](...spec.methods[other]());
        },
      });
    }
  }
  return out;
}

// A target's valid arguments, computed once (some templates call the package themselves).
function memoArgs(t) {
  let tmpl;
  const argsOf = t.argsOf;
  t.argsOf = () => (tmpl ??= argsOf());
  return t;
}

// Every case, in a fixed order: [target, kind, param, path, hostile].
export function cases(k) {
  const out = [];
  for (const t of targets(k).map(memoArgs)) {
    let tmpl;
    try {
      tmpl = t.argsOf();
    } catch {
      continue;
    }
    tmpl.forEach((arg, i) => {
      for (const h of HOSTILE) out.push({ t, kind: "param", i, path: [], h });
      if (arg !== null && typeof arg === "object") {
        for (const path of leaves(arg)) {
          if (!path.length) continue;
          for (const h of HOSTILE) out.push({ t, kind: "leaf", i, path, h });
        }
      }
      if ((OWN_OPTIONS[t.key] ?? []).includes(i)) out.push({ t, kind: "unknownKey", i, path: [], h: null });
    });
    if (!tmpl.length) for (const h of HOSTILE) out.push({ t, kind: "extra", i: 0, path: [], h });
    if (t.method) {
      out.push({ t, kind: "afterFree", i: -1, path: [], h: null });
      out.push({ t, kind: "foreignThis", i: -1, path: [], h: null });
    }
  }
  return out;
}

function describeCase(c) {
  const where = c.kind === "leaf" ? `args[${c.i}].${c.path.join(".")}` : c.kind === "param" ? `args[${c.i}]` : "";
  return `${c.t.key} ${c.kind}${where ? ` ${where}` : ""}${c.h ? ` = ${c.h[0]}` : ""}`;
}

// Runs one case; returns a problem string or null.
function runCase(k, c) {
  const ctx = { reenter: () => {} };
  let obj = null;
  let args;
  try {
    obj = c.t.fresh ? c.t.fresh() : null;
    args = structuredClone(c.t.argsOf());
  } catch (e) {
    return `setup failed: ${e?.message ?? e}`;
  }
  ctx.reenter = obj ? c.t.reenterWith(obj) : c.t.reenter;
  let mustThrow = false;
  let self = obj;
  switch (c.kind) {
    case "param": {
      const value = c.h[1](ctx);
      args[c.i] = value;
      const anyJson = (ANY_JSON[c.t.key] ?? []).includes(c.i);
      mustThrow = !anyJson && wrongType(c.t.argsOf()[c.i], value, (OPTIONAL[c.t.key] ?? []).includes(c.i));
      break;
    }
    case "leaf":
      args[c.i] = setAt(args[c.i], c.path, c.h[1](ctx));
      break;
    case "unknownKey":
      args[c.i] = { ...args[c.i], zzNotAnOption: 1 };
      mustThrow = true;
      break;
    case "extra":
      args.push(c.h[1](ctx));
      break;
    case "afterFree":
      obj.free();
      mustThrow = true;
      break;
    case "foreignThis":
      self = { __proto__: Object.getPrototypeOf(obj) };
      mustThrow = true;
      break;
  }
  const call = obj ? () => obj[c.t.method].apply(self, args) : () => c.t.call(args);
  let problem = null;
  const t0 = Date.now();
  try {
    call();
    if (mustThrow) problem = "silently accepted";
  } catch (e) {
    problem = checkThrown(e);
    if (!problem && c.kind === "afterFree" && e.kind !== "freed") problem = `after free(): kind ${e.kind}, not "freed": ${e.message}`;
  }
  const ms = Date.now() - t0;
  if (!problem && ms > 1000) problem = `took ${ms} ms`;
  try {
    if (obj && c.kind !== "afterFree") obj.free();
  } catch (e) {
    problem ??= `free() failed: ${e?.message ?? e}`;
  }
  try {
    healthy(k);
  } catch (e) {
    problem = `module broken after the call (${problem ?? "no error"}): ${e?.message ?? e}`;
  }
  return problem;
}

// Visits the cases in the permutation of `seed` until `budgetMs` is spent (or all, with
// budgetMs = Infinity). Returns { total, calls, failures: [{ seed, index, call, problem }] }.
export function runSystematic(pkg, { seed, budgetMs, maxFailures = 50, onCall = () => {}, only = null }) {
  // The real gate list is set up on every fresh FeatureGate: fetched once, so the budget goes
  // into hostile calls (each use gets its own copy, as a caller's edits must not leak).
  const features = pkg.kubernetesFeatures();
  const k = { ...pkg, kubernetesFeatures: () => structuredClone(features) };
  // `only`: a RegExp on the target ("new PodConfig", "PodConfig#merge", "toYaml") to run alone.
  const all = cases(k).filter((c) => !only || only.test(c.t.key));
  const r = rng(seed);
  const order = all.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const failures = [];
  const deadline = Date.now() + budgetMs;
  let calls = 0;
  for (const index of order) {
    if (Date.now() > deadline || failures.length >= maxFailures) break;
    const c = all[index];
    const desc = describeCase(c);
    onCall(`case ${index}: ${desc}`);
    calls++;
    const problem = runCase(k, c);
    if (problem) {
      failures.push({ seed, index, call: desc, problem });
      if (/^module broken/.test(problem)) break;
    }
  }
  return { total: all.length, calls, failures };
}

export { describe };
