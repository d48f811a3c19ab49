// The package's FeatureGate: the wasm class, plus a cache that makes reads cheap from JS.
//
// Crossing into wasm costs far more than a lookup: a name must be encoded into wasm memory on
// every call. So reads are answered here, from two things that never go stale:
//   * feature ids, which never change once a feature is added (name -> id is cached);
//   * the table of resolved values, copied from wasm after each change: every method that can
//     change a value drops the copy, and the next read fetches it again.
// Reads answered here are reported to wasm before an emulation-version change, so the
// "already queried feature" warnings stay exactly as upstream's. No Kubernetes rule lives here.
import { FeatureGate as WasmFeatureGate } from "./kubegate.js";

const CACHE = Symbol("kubegate.cache");

function cache(gate) {
  // queried[id] = 1 for ids read from the table since the last flush (a typed array: a write is
  // as cheap as the read it accompanies; writes past its end are ignored, and it grows with the
  // table).
  return (gate[CACHE] ??= { ids: new Map(), table: null, queried: new Uint8Array(0) });
}

function table(gate, c) {
  const t = (c.table = gate.resolvedTable());
  if (c.queried.length < t.length) {
    const grown = new Uint8Array(t.length);
    grown.set(c.queried);
    c.queried = grown;
  }
  return t;
}

function flushQueried(gate) {
  const c = cache(gate);
  const ids = [];
  c.queried.forEach((q, id) => q && ids.push(id));
  if (ids.length) {
    WasmFeatureGate.prototype.markQueried.call(gate, Uint32Array.from(ids));
    c.queried.fill(0);
  }
}

function adopt(raw) {
  Object.setPrototypeOf(raw, FeatureGate.prototype);
  return raw;
}

export class FeatureGate extends WasmFeatureGate {
  /** Whether a feature is on; throws for an unknown feature (`Enabled`). */
  enabled(name) {
    const id = cache(this).ids.get(name);
    if (id !== undefined) return this.enabledById(id);
    const value = super.enabled(name); // throws Kubernetes' error for an unknown name
    cache(this).ids.set(name, super.featureId(name));
    return value;
  }

  /** The stable numeric id of a feature; throws if unknown. */
  featureId(name) {
    const c = cache(this);
    let id = c.ids.get(name);
    if (id === undefined) {
      id = super.featureId(name);
      c.ids.set(name, id);
    }
    return id;
  }

  /** Whether the feature with this id is on: a read of the cached table. Unknown ids read false. */
  enabledById(id) {
    const c = this[CACHE] ?? cache(this);
    const t = c.table ?? table(this, c);
    c.queried[id] = 1;
    return t[id] === 1;
  }

  /** The gate of the real binary of a release ("1.28"): its gates, at its version. */
  static forRelease(release) {
    return adopt(WasmFeatureGate.forRelease(release));
  }

  deepCopy() {
    return adopt(super.deepCopy());
  }

  deepCopyAndReset() {
    return adopt(super.deepCopyAndReset());
  }

  setEmulationVersion(version) {
    flushQueried(this);
    return changes(this, () => super.setEmulationVersion(version));
  }

  setEmulationVersionAndMinCompatibilityVersion(version, minCompatibilityVersion) {
    flushQueried(this);
    return changes(this, () => super.setEmulationVersionAndMinCompatibilityVersion(version, minCompatibilityVersion));
  }
}

function changes(gate, call) {
  try {
    return call();
  } finally {
    cache(gate).table = null;
  }
}

// Every other method that can change a value drops the cached table, whether it succeeds or not.
for (const name of ["add", "addVersioned", "set", "setFromMap", "overrideDefault", "overrideDefaultAtVersion", "resetFeatureValueToDefault"]) {
  const wasm = WasmFeatureGate.prototype[name];
  Object.defineProperty(FeatureGate.prototype, name, {
    value: function (...args) {
      return changes(this, () => wasm.apply(this, args));
    },
    writable: true,
    configurable: true,
  });
}
