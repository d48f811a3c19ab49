// The checking layer of the package's public API, shared by both entries: `kubegate` (api.js,
// every area, over ./kubegate.js) and `kubegate/gates` (gates.js, the gate core alone, over its
// own smaller wasm). The pure checks live at module level; `checkedCore(raw)` binds the calling
// machinery and the gate-core exports to one wasm-bindgen glue, so each wasm has its own state
// (a trap in one leaves the other alive) and neither entry copies a check.
//
// Why this layer exists: the glue trusts its callers. A number where it expects a string makes
// it write garbage into wasm memory; a getter on an argument can call back into an object Rust
// is already borrowing; a BigInt or a revoked proxy surfaces as a glue TypeError that names no
// parameter. So every argument is checked here first and structured values are snapshotted into
// JSON text (each property read exactly once, with limits on size and depth) before anything
// reaches wasm: no caller code ever runs while Rust holds an object, and every wrong argument
// gets kubegate's own Error naming the function, the parameter and what was expected.
//
// Errors: every throw is a real Error with a string `kind`:
//   "invalidArgument"  a wrong type, shape or value, caught here (also `function`, `parameter`,
//                      `expected`, and `path` for a field inside a structured argument);
//   "invalidInput"     structured input the core's types refuse (`path` names the field);
//   "limit"            a size beyond kubegate's limits (the message states the limit);
//   "freed"            a method called after free();
//   other kinds        Kubernetes' own errors, with Kubernetes' exact message (e.g. "syntax",
//                      "unrecognized", "kubeletConfig", "podConfig", "controlPlane").
// No Kubernetes rule lives here.

import { LIMITS, GATE_FUNCTIONS, GATE_CLASSES } from "./exports.generated.js";

// The limits of the boundary and every parameter's check come from one list in the binding
// (bindings/wasm/src/contracts/exports.rs), generated into exports.generated.js.
export { LIMITS };

// --- errors ------------------------------------------------------------------------------------

/** @typedef {Error & { kind?: unknown, function?: string, [field: string]: unknown }} KubegateError */

/** An Error of this layer's own. Its kinds are the binding's list (BindingErrorKind, generated
 * from bindings/wasm/src/error.rs), so a kind thrown here is one the package's types name.
 * @param {import("./kubegate.js").BindingErrorKind} kind
 * @param {string} message
 * @param {Record<string, unknown>} [props]
 * @returns {KubegateError} */
function kgError(kind, message, props) {
  const e = /** @type {KubegateError} */ (new Error(message));
  e.kind = kind;
  if (props) {
    for (const [k, v] of Object.entries(props)) if (v !== undefined) e[k] = v;
  }
  return e;
}

/** An Error the binding (or this layer) threw: it has a string `kind`.
 * @returns {e is KubegateError} */
function isKubegateError(e) {
  return e instanceof Error && typeof (/** @type {KubegateError} */ (e).kind) === "string";
}

function got(v) {
  try {
    if (v === undefined) return "undefined";
    if (v === null) return "null";
    switch (typeof v) {
      case "bigint": return "a BigInt";
      case "symbol": return "a symbol";
      case "function": return "a function";
      case "boolean": return `${v}`;
      case "number": return Number.isFinite(v) ? `the number ${v}` : `${v}`;
      case "string": return v.length > 40 ? `a string of length ${v.length}` : `the string ${JSON.stringify(v)}`;
      default:
        if (Array.isArray(v)) return `an array of length ${v.length}`;
        return "an object";
    }
  } catch {
    return "an unreadable value";
  }
}

// fn: "FeatureGate.set"; param: "value"; what: "feature gates" (the noun the core's own errors use).
function badArg(p, expected, value, path) {
  const where = path ? `${p.what}: ${path}` : p.what;
  return kgError(
    "invalidArgument",
    `${p.fn}(${p.name}): invalid ${where}: expected ${expected}, got ${got(value)}`,
    { function: p.fn, parameter: p.name, expected, path: path || undefined },
  );
}

function limitArg(p, message, path) {
  return kgError("limit", `${p.fn}(${p.name}): ${message}`, { function: p.fn, parameter: p.name, path: path || undefined });
}

// --- checks of one argument --------------------------------------------------------------------

function checkString(p, v, path) {
  if (typeof v !== "string") throw badArg(p, "a string", v, path);
  if (v.length > LIMITS.maxStringLength) {
    throw limitArg(p, `a string of length ${v.length} is longer than the limit of ${LIMITS.maxStringLength}`, path);
  }
  if (!v.isWellFormed()) {
    throw kgError(
      "invalidArgument",
      `${p.fn}(${p.name}): invalid ${path ? `${p.what}: ${path}` : p.what}: expected well-formed Unicode text, got a string with a lone surrogate`,
      { function: p.fn, parameter: p.name, expected: "well-formed Unicode text", path: path || undefined },
    );
  }
  return v;
}

const pathKey = (path, k) => (/^[A-Za-z_$][\w$-]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`);

// A structured argument as JSON text: plain objects, arrays, strings, finite numbers, booleans
// and null only; each property read once; an undefined member is refused (JSON would drop it).
// The walk checks each value and copies it into fresh plain data (no getter, proxy, toJSON or
// prototype of the caller's survives), which JSON.stringify then writes natively: 40% less time
// than building the text piece by piece (50,000 pods: 0.15 s instead of 0.25 s). The path of the
// value being read is kept as a stack of keys and only turned into text for an error.
function encode(p, value) {
  return JSON.stringify(snapshot(p, value));
}

// The checked plain-data copy itself (for arguments used in JS, such as a list of strings).
function snapshot(p, value) {
  return encodeValue(p, { values: 0, length: 0, seen: [], stack: [] }, value, 0);
}

function pathOf(c) {
  let path = "";
  for (const k of c.stack) path = typeof k === "number" ? `${path}[${k}]` : pathKey(path, k);
  return path;
}

function encodeValue(p, c, v, depth) {
  if (++c.values > LIMITS.maxValues) {
    throw limitArg(p, `more than ${LIMITS.maxValues} values; the limit is ${LIMITS.maxValues}`, pathOf(c));
  }
  switch (typeof v) {
    case "string": {
      if (v.length > LIMITS.maxStringLength || !v.isWellFormed()) checkString(p, v, pathOf(c));
      c.length += v.length + 2;
      if (c.length > LIMITS.maxJsonLength) throw limitArg(p, `larger than the limit of ${LIMITS.maxJsonLength} characters of JSON`, pathOf(c));
      return v;
    }
    case "number":
      if (!Number.isFinite(v)) throw badArg(p, "a finite number", v, pathOf(c));
      c.length += 8;
      return v;
    case "boolean":
      c.length += 5;
      return v;
    case "object":
      if (v === null) {
        c.length += 4;
        return null;
      }
      break;
    default:
      throw badArg(p, "JSON data (a string, finite number, boolean, null, array or plain object)", v, pathOf(c));
  }
  if (depth >= LIMITS.maxDepth) {
    throw limitArg(p, `nested deeper than the limit of ${LIMITS.maxDepth} levels`, pathOf(c));
  }
  let isArray, proto, keys, length;
  try {
    isArray = Array.isArray(v);
    if (isArray) length = v.length;
    else {
      proto = Object.getPrototypeOf(v);
      if (proto === Object.prototype || proto === null) keys = Object.keys(v);
    }
  } catch (e) {
    throw unreadable(p, pathOf(c), e);
  }
  if (!isArray && keys === undefined) throw badArg(p, "JSON data (a plain object, not a class instance)", v, pathOf(c));
  // A cycle is a value among its own ancestors. They are few (at most maxDepth), so a scan of
  // the open ones costs less than a Set, whose first lookup of each fresh object gives it a
  // hash (50,000 pods: about 300,000 objects).
  const seen = c.seen;
  for (let i = 0; i < seen.length; i++) if (seen[i] === v) throw badArg(p, "JSON data without cycles", v, pathOf(c));
  seen.push(v);
  const stack = c.stack;
  if (isArray) {
    if (!(length <= LIMITS.maxArrayLength)) throw limitArg(p, `an array of length ${length} is longer than the limit of ${LIMITS.maxArrayLength}`, pathOf(c));
    const out = new Array(length);
    for (let i = 0; i < length; i++) {
      stack.push(i);
      let x;
      try {
        x = v[i];
      } catch (e) {
        throw unreadable(p, pathOf(c), e);
      }
      if (x === undefined) throw badArg(p, "JSON data (arrays hold no undefined)", x, pathOf(c));
      out[i] = encodeValue(p, c, x, depth + 1);
      stack.pop();
    }
    seen.pop();
    c.length += 2 + length;
    return out;
  }
  const out = {};
  for (const k of keys) {
    stack.push(k);
    if (k.length > LIMITS.maxStringLength || !k.isWellFormed()) checkString(p, k, pathOf(c));
    let x;
    try {
      x = v[k];
    } catch (e) {
      throw unreadable(p, pathOf(c), e);
    }
    // JSON.stringify would drop the key: a member the caller wrote but left undefined (a typo'd
    // variable, a missing lookup) is refused instead of read as absent.
    if (x === undefined) throw badArg(p, "JSON data (no undefined members: leave the key out)", x, pathOf(c));
    c.length += k.length + 4;
    const y = encodeValue(p, c, x, depth + 1);
    // An own key "__proto__" is data, as in JSON; assigning it would set the copy's prototype.
    if (k === "__proto__") Object.defineProperty(out, k, { value: y, enumerable: true, writable: true, configurable: true });
    else out[k] = y;
    stack.pop();
  }
  seen.pop();
  c.length += 2;
  return out;
}

function unreadable(p, path, e) {
  let why;
  try {
    why = e instanceof Error ? e.message : String(e);
  } catch {
    why = "an unprintable value";
  }
  return kgError(
    "invalidArgument",
    `${p.fn}(${p.name}): invalid ${path ? `${p.what}: ${path}` : p.what}: cannot be read (${why})`,
    { function: p.fn, parameter: p.name, expected: "readable JSON data", path: path || undefined },
  );
}

// Array.isArray throws on a revoked proxy.
function isArray(p, v) {
  try {
    return Array.isArray(v);
  } catch (e) {
    throw unreadable(p, "", e);
  }
}

const UTF8 = new TextEncoder();

// Parameter kinds. Each returns what the glue receives.
const T = {
  string: (p, v) => checkString(p, v),
  optString: (p, v) => (v === undefined || v === null ? undefined : checkString(p, v)),
  boolean: (p, v) => {
    if (typeof v !== "boolean") throw badArg(p, "a boolean", v);
    return v;
  },
  u32: (p, v) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 0xffffffff) throw badArg(p, "an integer from 0 to 4294967295", v);
    return v;
  },
  i32: (p, v) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < -0x80000000 || v > 0x7fffffff) throw badArg(p, "an integer from -2147483648 to 2147483647", v);
    return v;
  },
  object: (p, v) => {
    if (typeof v !== "object" || v === null || isArray(p, v)) throw badArg(p, "an object", v);
    return encode(p, v);
  },
  // The largest inputs (50,000 pods or nodes) cross as the UTF-8 bytes of their JSON text: the
  // glue copies bytes into wasm memory in one step, while a string is copied one character at a
  // time in JS before the native encoder takes over: for tens of megabytes, a large share of the
  // call.
  objectBytes: (p, v) => UTF8.encode(T.object(p, v)),
  optObject: (p, v) => (v === undefined || v === null ? "null" : T.object(p, v)),
  nullableObject: (p, v) => (v === null ? "null" : T.object(p, v)),
  array: (p, v) => {
    if (!isArray(p, v)) throw badArg(p, "an array", v);
    return encode(p, v);
  },
  strings: (p, v) => {
    let ok = false;
    try {
      ok = Array.isArray(v);
    } catch {
      ok = false;
    }
    if (!ok) throw badArg(p, "an array of strings", v);
    return snapshot(p, v).map((s, i) => checkString(p, s, `[${i}]`));
  },
};
// Any JSON value (toYaml's argument).
T.json = (p, v) => encode(p, v);
// The number of own keys of an object argument (checked as an object first).
function keyCount(p, v) {
  if (typeof v !== "object" || v === null || isArray(p, v)) throw badArg(p, "an object", v);
  try {
    return Object.keys(v).length;
  } catch (e) {
    throw unreadable(p, "", e);
  }
}
// A map of feature values: an object of at most LIMITS.maxFeatureValues keys.
T.featureValues = (p, v) => {
  const n = keyCount(p, v);
  if (n > LIMITS.maxFeatureValues) throw limitArg(p, `${n} feature values; the limit is ${LIMITS.maxFeatureValues}`);
  return encode(p, v);
};
// A map keyed by feature name (specs, dependencies): at most LIMITS.maxFeatures keys.
T.features = (p, v) => {
  const n = keyCount(p, v);
  if (n > LIMITS.maxFeatures) throw limitArg(p, `${n} features; the limit is ${LIMITS.maxFeatures}`);
  return encode(p, v);
};
// A --feature-gates value: a string of at most LIMITS.maxFeatureValues comma-separated entries.
T.featureGates = (p, v) => {
  checkString(p, v);
  let n = 1;
  for (let i = v.indexOf(","); i !== -1 && n <= LIMITS.maxFeatureValues; i = v.indexOf(",", i + 1)) n++;
  if (n > LIMITS.maxFeatureValues) throw limitArg(p, `more than ${LIMITS.maxFeatureValues} entries; the limit is ${LIMITS.maxFeatureValues}`);
  return v;
};

/** The exports of the gate core, checked, over one wasm-bindgen glue (`raw`), plus the machinery
 * (`invoke`, `tableFunction`, `tableClass`) the full entry builds its other areas with. */
/** What init() and initSync() resolve to: a frozen summary whose `memoryBytes` (also as
 * `memory.buffer.byteLength`) asks `memoryBytes()` afresh on every read. */
export function loadedSummary(memoryBytes) {
  return Object.freeze({
    get memoryBytes() {
      return memoryBytes();
    },
    memory: Object.freeze({
      buffer: Object.freeze({
        get byteLength() {
          return memoryBytes();
        },
      }),
    }),
  });
}

export function checkedCore(raw) {
  // --- calling the glue ----------------------------------------------------------------------------

  let trapped = null;

  function deadError(fn) {
    return kgError("trapped", `${fn}: kubegate's WebAssembly stopped after an internal error (${trapped}); reload the module`, { function: fn });
  }

  // Calls the glue; returns its result, or throws kubegate's Error.
  function invoke(fn, call) {
    if (trapped) throw deadError(fn);
    try {
      return call();
    } catch (e) {
      throw fromGlue(fn, e);
    }
  }

  function fromGlue(fn, e) {
    if (e instanceof WebAssembly.RuntimeError) {
      trapped = e.message;
      return deadError(fn);
    }
    if (isKubegateError(e)) {
      if (e.function === undefined) e.function = fn;
      if (e.kind === "invalidInput" && !e.message.startsWith(`${fn}`)) e.message = `${fn}: ${e.message}`;
      return e;
    }
    // Nothing else should come out of the glue; if it does, it still reaches the caller as ours.
    const message = e instanceof Error ? e.message : String(e);
    return kgError("internal", `${fn}: ${message}`, { function: fn });
  }

  // Checks `args` against `params` ([name, kind, what]); returns the converted arguments.
  function convert(fn, params, args) {
    const out = new Array(params.length);
    for (let i = 0; i < params.length; i++) {
      const [name, kind, what] = params[i];
      out[i] = T[kind]({ fn, name, what: what ?? name }, args[i]);
    }
    return out;
  }

  // Results arrive as plain JS values (the binding converts them with serde-wasm-bindgen), except
  // the bulk path's (pod config, the lifecycle controller's passes: up to 50,000 pods or nodes),
  // which arrive as JSON text: `text`.
  const RET = { plain: (x) => x, text: (s) => JSON.parse(s) };

  // An exported function: checks, calls, converts the result.
  function fnExport(name, params, ret = "plain", impl = raw[name]) {
    const f = {
      [name](...args) {
        const a = convert(name, params, args);
        const r = invoke(name, () => impl(...a));
        return RET[ret](r);
      },
    }[name];
    return f;
  }

  // --- classes -------------------------------------------------------------------------------------

  // Wrapper object -> { raw, freed } (a WeakMap: a wrapper the caller drops is collected, and then
  // its raw object too, whose own FinalizationRegistry frees the wasm memory).
  const STATE = new WeakMap();

  function stateOf(cls, fn, self) {
    const s = STATE.get(self);
    if (s === undefined || s.cls !== cls) {
      throw kgError("invalidArgument", `${fn}: called on ${got(self)}, which is not a ${cls}`, { function: fn, parameter: "this", expected: `a ${cls}` });
    }
    if (s.raw === null) {
      throw kgError("freed", `${fn}: this ${cls} was freed (free() was called); create a new one`, { function: fn });
    }
    return s;
  }

  // Per-class setup of each new instance (FeatureGate's read cache), keyed by class name.
  /** @type {Map<string, (self: object, s: { cls: string, raw: any, cache: any }) => void>} */
  const SETUP = new Map();

  // Records a new instance's state: every class's instances, from `new` or from a method, share
  // one record shape.
  function track(self, cls, rawObj) {
    const s = { cls, raw: rawObj, cache: null };
    STATE.set(self, s);
    SETUP.get(cls)?.(self, s);
  }

  // A raw object a method returned (deepCopy, forRelease) gets its wrapper from the class's own
  // constructor, so the wrapper has the layout of one made by `new` (one object shape per class,
  // which keeps V8's property loads on the read path monomorphic). The constructor takes the raw
  // object instead of checking arguments only when its first argument is ADOPT, which never
  // leaves this closure: no caller can hand it a raw object of their own.
  const ADOPT = Object.freeze({});

  function adopt(Cls, rawObj) {
    return new Cls(ADOPT, rawObj);
  }

  // Builds a public class: a constructor that checks its arguments, methods that check theirs.
  // methods: name -> [params, ret, rawName?]; ret: "plain" | "text" | "gate" (a FeatureGate).
  function classExport(cls, Raw, ctorParams, methods, getters = {}, statics = {}) {
    const C = {
      // A function expression (not a method) so it is constructible; named after the class.
      [cls]: function (...args) {
        if (!new.target) {
          throw kgError("invalidArgument", `${cls}: use \`new ${cls}(...)\``, { function: cls, expected: "a call with new" });
        }
        let r;
        if (args[0] === ADOPT) r = args[1];
        else {
          const a = convert(`new ${cls}`, ctorParams, args);
          r = invoke(`new ${cls}`, () => new Raw(...a));
        }
        track(this, cls, r);
      },
    }[cls];
    const define = (name, value) => Object.defineProperty(C.prototype, name, { value, writable: true, configurable: true });
    define("free", function free() {
      const s = STATE.get(this);
      if (s === undefined || s.cls !== cls) stateOf(cls, `${cls}.free`, this);
      if (s.raw !== null) {
        const r = s.raw;
        s.raw = null;
        if (!trapped) r.free();
      }
    });
    if (typeof Symbol.dispose === "symbol") define(Symbol.dispose, C.prototype.free);
    for (const [name, [params, ret = "plain", rawName = name]] of Object.entries(methods)) {
      const fn = `${cls}.${name}`;
      define(name, {
        [name](...args) {
          stateOf(cls, fn, this);
          const a = convert(fn, params, args);
          // Asked again: a getter of an argument may have freed this object while it was read.
          const r = invoke(fn, () => stateOf(cls, fn, this).raw[rawName](...a));
          return ret === "gate" ? adopt(FeatureGate, r) : RET[ret](r);
        },
      }[name]);
    }
    for (const [name, ret = "plain"] of Object.entries(getters)) {
      const fn = `${cls}.${name}`;
      Object.defineProperty(C.prototype, name, {
        get() {
          const s = stateOf(cls, fn, this);
          return RET[ret](invoke(fn, () => s.raw[name]));
        },
        configurable: true,
      });
    }
    for (const [name, [params, ret = "plain"]] of Object.entries(statics)) {
      const fn = `${cls}.${name}`;
      Object.defineProperty(C, name, {
        value: {
          [name](...args) {
            const a = convert(fn, params, args);
            const r = invoke(fn, () => Raw[name](...a));
            return ret === "gate" ? adopt(FeatureGate, r) : RET[ret](r);
          },
        }[name],
        writable: true,
        configurable: true,
      });
    }
    return C;
  }

  // An export as its entry in the generated tables: a function, or a class over the glue's `Raw`.
  function tableFunction(table, name) {
    const [params, ret] = table[name];
    return fnExport(name, params, ret);
  }
  function tableClass(table, cls, Raw) {
    const { ctor, methods, getters, statics } = table[cls];
    return classExport(cls, Raw, ctor, methods, getters, statics);
  }

  // --- feature gates -------------------------------------------------------------------------------

  const FeatureGate = tableClass(GATE_CLASSES, "FeatureGate", raw.FeatureGate);

  // Reads answered in JS. Crossing into wasm costs far more than a lookup (a name must be encoded
  // into wasm memory on every call), so reads are answered from two things that never go stale:
  // feature ids (never change once a feature is added: name -> id is cached), and the table of
  // resolved values, copied from wasm after each change (every method that can change a value
  // drops the copy; the next read fetches it again). Ids answered here are reported to wasm before
  // an emulation-version change, so the "already queried feature" warnings stay exactly upstream's.
  const G = FeatureGate.prototype;
  // The table and the queried marks are the package's own business, not public methods: the
  // glue's resolvedTable/markQueried are reached through the gate's raw object only from here.
  const rawCall = (gate, fn, call) => {
    const s = stateOf("FeatureGate", fn, gate);
    return invoke(fn, () => call(s.raw));
  };
  const wasmOf = {
    enabled: G.enabled,
    featureId: G.featureId,
    resolvedTable: { call: (gate) => rawCall(gate, "FeatureGate.enabledById", (r) => r.resolvedTable()) },
    markQueried: { call: (gate, ids) => rawCall(gate, "FeatureGate.setEmulationVersion", (r) => r.markQueried(ids)) },
    setEmulationVersion: G.setEmulationVersion,
    setEmulationVersionAndMinCompatibilityVersion: G.setEmulationVersionAndMinCompatibilityVersion,
  };

  const newCache = () => ({ ids: new Map(), table: null, queried: new Uint8Array(0) });

  // Called only on a gate whose state was checked (a live FeatureGate: `track` gave it a cache).
  const cacheOf = (gate) => STATE.get(gate).cache;

  // The table read behind enabled() and enabledById(), on a checked state and id.
  function tableRead(gate, s, id) {
    const c = s.cache;
    const t = c.table ?? tableOf(gate, c);
    c.queried[id] = 1;
    return t[id] === 1;
  }

  function tableOf(gate, c) {
    const t = (c.table = wasmOf.resolvedTable.call(gate));
    if (c.queried.length < t.length) {
      const grown = new Uint8Array(t.length);
      grown.set(c.queried);
      c.queried = grown;
    }
    return t;
  }

  function flushQueried(gate) {
    const c = cacheOf(gate);
    const ids = [];
    c.queried.forEach((q, id) => q && ids.push(id));
    if (ids.length) {
      wasmOf.markQueried.call(gate, Uint32Array.from(ids));
      c.queried.fill(0);
    }
  }

  // The checked paths of the two reads: a wrong receiver, a freed gate, a wrong argument, a name
  // not read before or a table dropped by a change.
  function enabledChecked(gate, name) {
    const s = STATE.get(gate);
    const id = typeof name === "string" && s !== undefined && s.raw !== null && s.cls === "FeatureGate" ? s.cache.ids.get(name) : undefined;
    if (id !== undefined) return tableRead(gate, s, id);
    const value = wasmOf.enabled.call(gate, name); // checks everything; throws Kubernetes' error for an unknown name
    cacheOf(gate).ids.set(name, wasmOf.featureId.call(gate, name));
    return value;
  }

  function enabledByIdChecked(gate, id) {
    const s = stateOf("FeatureGate", "FeatureGate.enabledById", gate);
    const [[[name, kind, what]]] = GATE_CLASSES.FeatureGate.methods.enabledById;
    T[kind]({ fn: "FeatureGate.enabledById", name, what }, id);
    return tableRead(gate, s, id);
  }

  // The hot path of both reads. A WeakMap lookup of the gate's state was most of a read's cost,
  // so each live gate also holds its state record (the one STATE maps it to) in a private field,
  // set once when the gate is made (`track`). Only code in this class body can read the field:
  // no reflection lists it, a caller cannot add it to an object of its own (only this class's
  // constructor adds it, and only `track` calls that), nor replace it (adding it twice throws),
  // and a proxy or any other receiver lacks it and takes the checked path. The record's `raw` is
  // null once the gate is freed, and its cached table null after a change, so the fast path
  // answers only what the checked path would.
  /** @type {(this: unknown, name: unknown) => boolean} */
  let enabledFast;
  /** @type {(this: unknown, id: unknown) => boolean} */
  let enabledByIdFast;
  // The base class's constructor returns the gate, so the field is added to the gate itself.
  class Base {
    /** @param {any} gate */
    constructor(gate) {
      return gate;
    }
  }
  class GateState extends Base {
    /** @type {{ cls: string, raw: any, cache: { ids: Map<string, number>, table: Uint8Array | null, queried: Uint8Array } }} */
    #s;
    /** @param {object} gate @param {{ cls: string, raw: any, cache: any }} s */
    constructor(gate, s) {
      super(gate);
      this.#s = s;
    }
    static {
      enabledFast = function enabled(name) {
        const gate = this;
        if (typeof gate === "object" && gate !== null && #s in gate && typeof name === "string") {
          const s = gate.#s;
          const c = s.cache;
          const t = c.table;
          if (t !== null && s.raw !== null) {
            const id = c.ids.get(name);
            if (id !== undefined) {
              c.queried[id] = 1;
              return t[id] === 1;
            }
          }
        }
        return enabledChecked(gate, name);
      };
      enabledByIdFast = function enabledById(id) {
        const gate = this;
        if (typeof gate === "object" && gate !== null && #s in gate && typeof id === "number" && id >>> 0 === id) {
          const s = gate.#s;
          const c = s.cache;
          const t = c.table;
          if (t !== null && s.raw !== null) {
            c.queried[id] = 1;
            return t[id] === 1;
          }
        }
        return enabledByIdChecked(gate, id);
      };
    }
  }
  SETUP.set("FeatureGate", (gate, s) => {
    s.cache = newCache();
    new GateState(gate, s);
  });

  const defineG = (name, value) => Object.defineProperty(G, name, { value, writable: true, configurable: true });

  defineG("enabled", enabledFast);

  defineG("featureId", function featureId(name) {
    const s = STATE.get(this);
    const c = typeof name === "string" && s?.raw && s.cls === "FeatureGate" ? s.cache : undefined;
    let id = c?.ids.get(name);
    if (id === undefined) {
      id = wasmOf.featureId.call(this, name);
      cacheOf(this).ids.set(name, id);
    }
    return id;
  });

  defineG("enabledById", enabledByIdFast);

  for (const name of ["setEmulationVersion", "setEmulationVersionAndMinCompatibilityVersion"]) {
    const checked = wasmOf[name];
    defineG(name, {
      [name](...args) {
        stateOf("FeatureGate", `FeatureGate.${name}`, this);
        flushQueried(this);
        return changes(this, () => checked.apply(this, args));
      },
    }[name]);
  }

  function changes(gate, call) {
    try {
      return call();
    } finally {
      const c = STATE.get(gate)?.cache;
      if (c) c.table = null;
    }
  }

  // Every other method that can change a value drops the cached table, whether it succeeds or not.
  for (const name of ["add", "addVersioned", "set", "setFromMap", "overrideDefault", "overrideDefaultAtVersion", "resetFeatureValueToDefault"]) {
    const checked = G[name];
    defineG(name, {
      [name](...args) {
        return changes(this, () => checked.apply(this, args));
      },
    }[name]);
  }

  // Features a caller added to each gate, all calls together (LIMITS.maxFeatures); a copy starts
  // with its original's count.
  const ADDED = new WeakMap();
  for (const name of ["add", "addVersioned"]) {
    const checked = G[name];
    defineG(name, {
      [name](...args) {
        const fn = `FeatureGate.${name}`;
        const s = STATE.get(this);
        let n = 0;
        try {
          // Only a map of features is counted: a string's keys are its characters (a huge one
          // would take seconds to list), and the checked call refuses anything but an object.
          const features = args[0];
          n = s?.raw && typeof features === "object" && features !== null ? Object.keys(features).length : 0;
        } catch {
          // The checked call below names what is wrong with the argument.
        }
        const before = ADDED.get(this) ?? 0;
        if (n > LIMITS.maxFeatures) throw limitArg({ fn, name: "features" }, `${n} features; the limit is ${LIMITS.maxFeatures}`);
        if (before + n > LIMITS.maxFeatures) {
          throw kgError("limit", `${fn}(features): ${before} features added before and ${n} now; the limit is ${LIMITS.maxFeatures} per gate`, { function: fn, parameter: "features" });
        }
        const r = checked.apply(this, args);
        ADDED.set(this, before + n);
        return r;
      },
    }[name]);
  }
  for (const name of ["deepCopy", "deepCopyAndReset"]) {
    const checked = G[name];
    defineG(name, {
      [name](...args) {
        const copy = checked.apply(this, args);
        ADDED.set(copy, ADDED.get(this) ?? 0);
        return copy;
      },
    }[name]);
  }

  // parseFeatureList, toYaml (any JSON value as YAML, as the CLI writes it), the releases...
  /** @type {Record<string, (...args: any[]) => any>} */
  const gateFunctions = Object.fromEntries(Object.keys(GATE_FUNCTIONS).map((name) => [name, tableFunction(GATE_FUNCTIONS, name)]));

  // --- facts ---------------------------------------------------------------------------------------
  // What front ends state in prose (release range, per-release defaults, spans): computed once by
  // the core, which asks each owning module; every call returns a fresh copy, so a caller's edits
  // never leak into the next one.
  let factsValue = null;
  const facts = {
    facts() {
      factsValue ??= invoke("facts", () => raw.facts());
      return structuredClone(factsValue);
    },
  }.facts;

  // --- loading -------------------------------------------------------------------------------------
  // The glue's init()/initSync() hand back the raw wasm exports: calling one of those directly
  // skips every check here (a wrong pointer traps the module for the whole page), and its memory
  // can be written to. So the public loaders keep them private and resolve to a frozen summary
  // instead: `memoryBytes`, the size of wasm memory now (a caller can check it stays flat), also
  // as `memory.buffer.byteLength`, the path code written against the raw instance reads.
  let loaded = null; // the raw exports, once loaded; never handed out
  const memoryBytes = () => {
    try {
      return loaded.memory.buffer.byteLength;
    } catch {
      return 0;
    }
  };
  const SUMMARY = loadedSummary(memoryBytes);
  const initFailed = (fn, e) => {
    if (isKubegateError(e)) return e;
    let why;
    try {
      why = e instanceof Error ? e.message : String(e);
    } catch {
      why = "an unprintable value";
    }
    return kgError("init", `${fn}: could not load kubegate's WebAssembly (${why})`, { function: fn });
  };
  const initSync = {
    initSync(module) {
      if (loaded === null) {
        try {
          loaded = raw.initSync(module);
        } catch (e) {
          throw initFailed("initSync", e);
        }
      }
      return SUMMARY;
    },
  }.initSync;
  const init = {
    async init(moduleOrPath) {
      if (loaded === null) {
        try {
          loaded = await raw.default(moduleOrPath);
        } catch (e) {
          throw initFailed("init", e);
        }
      }
      return SUMMARY;
    },
  }.init;
  // The Node entries load the module before anything runs (initSync through the glue); the first
  // call here finds it loaded without reading its argument.

  return {
    exports: Object.assign({ LIMITS, FeatureGate, facts, initSync, init }, gateFunctions),
    invoke,
    tableFunction,
    tableClass,
  };
}
