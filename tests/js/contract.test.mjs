// The export list (bindings/wasm/src/contracts/exports.rs, generated into
// npm/exports.generated.js) against what it describes: the declarations wasm-bindgen writes from
// the Rust signatures (pkg/kubegate.d.ts, pkg/gates/kubegate_gates.d.ts) and the entries' own
// exports. A parameter added, renamed or retyped in Rust, or an export added on either side
// without the other, fails here. So does a declared type (an `unchecked_param_type` or
// `unchecked_return_type` string on a binding function) that is not the TypeScript of the Rust
// type the list names (tests/js/signatures.generated.json, rendered by contracts.rs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as node from "kubegate";
import * as lean from "kubegate/gates";
import { GATE_FUNCTIONS, GATE_CLASSES, AREA_FUNCTIONS, AREA_CLASSES, LIMITS } from "../../npm/exports.generated.js";

const pkg = (f) => readFileSync(new URL(`../../pkg/${f}`, import.meta.url), "utf8");
const SIGNATURES = JSON.parse(readFileSync(new URL("./signatures.generated.json", import.meta.url), "utf8"));

// What each check lets through, as the glue declares the parameter it hands the value to: strings,
// booleans and integers as themselves; structured values as the type their Rust parameter names.
const PRIMITIVE = { string: "string", optString: "string | null", featureGates: "string", boolean: "boolean", u32: "number", i32: "number" };
const OPTIONAL = new Set(["optString", "optObject"]);

/** `name(params): ret;` lines of a d.ts block, by name: [{ name, type, optional }], with the
 * declared result type as the array's `returns`. */
function signatures(block, prefix = "") {
  const out = new Map();
  const re = new RegExp(`^\\s*${prefix}(\\w+)\\(([^)]*)\\)(?:: (.*))?;\\s*$`, "gm");
  for (const m of block.matchAll(re)) {
    const params = m[2] === "" ? [] : m[2].split(/, (?=\w+\??: )/).map((p) => {
      const [, name, opt, type] = p.match(/^(\w+)(\??): (.*)$/);
      return { name, optional: opt === "?", type };
    });
    params.returns = m[3];
    out.set(m[1], params);
  }
  return out;
}

/** A parameter's type as a caller may pass it: an optional one also takes undefined. */
const passable = (p) => (p.optional && !/\| undefined$/.test(p.type) ? `${p.type} | undefined` : p.type);

// Each declared type against the TypeScript of the Rust type the list names for it.
function sameTypes(key, declared) {
  const want = SIGNATURES[key];
  assert.ok(want, `${key}: not in signatures.generated.json (stale? KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts)`);
  if (want.params) {
    want.params.forEach((type, i) => {
      const d = declared[i];
      assert.equal(passable(d), type, `${key}(${d.name}): declared ${passable(d)}, the Rust type is ${type}`);
    });
  }
  if (want.returns !== undefined) {
    assert.equal(declared.returns, want.returns, `${key}: returns ${declared.returns} declared, the Rust type is ${want.returns}`);
  }
}

function classBlock(dts, name) {
  const m = dts.match(new RegExp(`^export class ${name} \\{\\n([\\s\\S]*?)^\\}`, "m"));
  assert.ok(m, `class ${name} missing from the glue's d.ts`);
  // Doc comments out, so only declarations remain.
  return m[1].replace(/\/\*\*[\s\S]*?\*\//g, "");
}

// The list names each parameter as the package's errors do (`nodeStatusHasChanged(new)`), which
// is not always the Rust name (`new` is no parameter name in TypeScript), so a parameter is held
// to its position, its type and whether it may be left out.
function sameParams(where, listed, declared) {
  assert.ok(declared, `${where}: not declared by the glue`);
  assert.equal(declared.length, listed.length, `${where}: parameters ${declared.map((p) => p.name)}`);
  listed.forEach(([name, check], i) => {
    const d = declared[i];
    const at = `${where}(${name}): ${check} over ${d.optional ? "optional " : ""}${d.type}`;
    const primitive = PRIMITIVE[check];
    if (primitive) assert.equal(d.type, primitive, at);
    else assert.ok(!/^(string|boolean|number)( \|.*)?$/.test(d.type), at);
    if (OPTIONAL.has(check)) assert.ok(d.optional || /\| (null|undefined)$/.test(d.type), at);
    else if (check === "nullableObject") assert.ok(!d.optional && /\| null$/.test(d.type), at);
    else assert.ok(!d.optional && !/\| (null|undefined)/.test(d.type), at);
  });
}

function checkGlue(dts, functions, classes) {
  const top = signatures(dts.replace(/^export class [\s\S]*?^\}/gm, ""), "export function ");
  for (const [name, [params]] of Object.entries(functions)) {
    sameParams(name, params, top.get(name));
    sameTypes(name, top.get(name));
  }
  for (const [cls, { ctor, methods, getters, statics }] of Object.entries(classes)) {
    const block = classBlock(dts, cls);
    const ctorDecl = signatures(block, "").get("constructor");
    sameParams(`new ${cls}`, ctor, ctorDecl);
    sameTypes(`new ${cls}`, ctorDecl);
    const own = signatures(block, "");
    for (const [name, [params]] of Object.entries(methods)) {
      sameParams(`${cls}.${name}`, params, own.get(name));
      sameTypes(`${cls}.${name}`, own.get(name));
    }
    const stat = signatures(block, "static ");
    for (const [name, [params]] of Object.entries(statics)) {
      sameParams(`${cls}.${name}`, params, stat.get(name));
      sameTypes(`${cls}.${name}`, stat.get(name));
    }
    for (const name of Object.keys(getters)) {
      const m = block.match(new RegExp(`^\\s*readonly ${name}: (.*);\\s*$`, "m"));
      assert.ok(m, `${cls}.${name}: no getter`);
      const want = SIGNATURES[`${cls}.${name}`]?.returns;
      assert.equal(m[1], want, `${cls}.${name}: a getter of ${m[1]} declared, the Rust type is ${want}`);
    }
    // Every public method the glue declares is in the list (free and the dispose symbol are the
    // checking layer's own).
    const declared = [...own.keys()].filter((n) => !["constructor", "free"].includes(n));
    assert.deepEqual(declared.sort(), Object.keys(methods).sort(), `${cls}: methods`);
  }
  // Every top-level function the glue declares is listed, but the loaders, facts and the glue's own.
  const own = [...top.keys()].filter((n) => !["initSync", "init", "facts"].includes(n)).sort();
  assert.deepEqual(own, Object.keys(functions).sort(), "the glue's functions");
  const declaredClasses = [...dts.matchAll(/^export class (\w+) \{/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declaredClasses, Object.keys(classes).sort(), "the glue's classes");
}

test("the export list matches the main wasm's declarations", () => {
  checkGlue(pkg("kubegate.d.ts"), { ...GATE_FUNCTIONS, ...AREA_FUNCTIONS }, { ...GATE_CLASSES, ...AREA_CLASSES });
});

test("the export list's gate core matches the gate wasm's declarations", () => {
  checkGlue(pkg("gates/kubegate_gates.d.ts"), GATE_FUNCTIONS, GATE_CLASSES);
});

test("each entry exports what the list names", () => {
  const listed = [...Object.keys(GATE_FUNCTIONS), ...Object.keys(GATE_CLASSES)];
  const all = [...listed, ...Object.keys(AREA_FUNCTIONS), ...Object.keys(AREA_CLASSES)];
  const own = ["default", "initSync", "LIMITS", "facts"];
  assert.deepEqual(Object.keys(node).sort(), [...all, ...own].sort());
  assert.deepEqual(Object.keys(lean).sort(), [...listed, "default", "initSync", "LIMITS"].sort());
  assert.deepEqual(node.LIMITS, LIMITS);
  assert.ok(Object.isFrozen(node.LIMITS));
});

test("every typed signature is an entry of the list", () => {
  const keys = [];
  for (const [fns, classes] of [[GATE_FUNCTIONS, GATE_CLASSES], [AREA_FUNCTIONS, AREA_CLASSES]]) {
    keys.push(...Object.keys(fns));
    for (const [cls, { methods, getters, statics }] of Object.entries(classes)) {
      keys.push(`new ${cls}`, ...[methods, getters, statics].flatMap((m) => Object.keys(m).map((n) => `${cls}.${n}`)));
    }
  }
  assert.deepEqual(Object.keys(SIGNATURES).sort(), [...new Set(keys)].sort());
});
