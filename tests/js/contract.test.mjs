// The export list (bindings/wasm/src/contracts/exports.rs, generated into
// npm/exports.generated.js) against what it describes: the declarations wasm-bindgen writes from
// the Rust signatures (pkg/kubegate.d.ts, pkg/gates/kubegate_gates.d.ts, pkg/cli/kubegate_cli.d.ts)
// and the entries' own exports. A parameter added, renamed or retyped in Rust, or an export added
// on either side without the other, fails here. So does a declared type that is not the
// TypeScript of the Rust type the list names (npm/signatures.generated.json, rendered by
// contracts.rs and written into the d.ts by scripts/type-glue.mjs when the package is built): a
// package built without that step, or one whose step wrote something else, fails naming the
// function.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as node from "kubegate";
import * as lean from "kubegate/gates";
import { GATE_FUNCTIONS, GATE_CLASSES, AREA_FUNCTIONS, AREA_CLASSES, LIMITS } from "../../npm/exports.generated.js";
import { declarations, loadSignatures, passable } from "../../scripts/type-glue.mjs";

const pkg = (f) => readFileSync(new URL(`../../pkg/${f}`, import.meta.url), "utf8");
const SIGNATURES = loadSignatures();

// What each check lets through, as the glue declares the parameter it hands the value to: strings,
// booleans and integers as themselves; structured values as the type their Rust parameter names.
const PRIMITIVE = { string: "string", optString: "string | null", featureGates: "string", boolean: "boolean", u32: "number", i32: "number" };
const OPTIONAL = new Set(["optString", "optObject"]);

// Each declared type against the TypeScript of the Rust type the list names for it.
function sameTypes(signatures, key, declared) {
  const want = signatures[key];
  assert.ok(want, `${key}: not in signatures.generated.json (stale? KUBEGATE_BLESS=1 cargo test -p kubegate-wasm --features typescript contracts)`);
  if (want.params) {
    want.params.forEach(({ type }, i) => {
      const d = declared.params[i];
      assert.equal(passable(d), type, `${key}(${d.name}): declared ${passable(d)}, the Rust type is ${type}`);
    });
  }
  if (want.returns !== undefined) {
    assert.equal(declared.returns, want.returns.type, `${key}: returns ${declared.returns} declared, the Rust type is ${want.returns.type}`);
  }
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

function checkGlue(file, functions, classes) {
  const signatures = SIGNATURES[file];
  const all = declarations(pkg(file));
  const at = (key, kind) => all.find((d) => d.key === key && d.kind === kind);
  const check = (key, kind, listed) => {
    const declared = at(key, kind);
    sameParams(key, listed, declared?.params);
    sameTypes(signatures, key, declared);
  };
  for (const [name, [params]] of Object.entries(functions)) check(name, "function", params);
  for (const [cls, { ctor, methods, getters, statics }] of Object.entries(classes)) {
    assert.ok(all.some((d) => d.cls === cls), `class ${cls} missing from the glue's d.ts`);
    check(`new ${cls}`, "constructor", ctor);
    for (const [name, [params]] of Object.entries(methods)) check(`${cls}.${name}`, "method", params);
    for (const [name, [params]] of Object.entries(statics)) check(`${cls}.${name}`, "static", params);
    for (const name of Object.keys(getters)) {
      const declared = at(`${cls}.${name}`, "getter");
      assert.ok(declared, `${cls}.${name}: no getter`);
      const want = signatures[`${cls}.${name}`]?.returns.type;
      assert.equal(declared.returns, want, `${cls}.${name}: a getter of ${declared.returns} declared, the Rust type is ${want}`);
    }
    // Every public method the glue declares is in the list (free and the dispose symbol are the
    // checking layer's own).
    const own = all.filter((d) => d.cls === cls && d.kind === "method" && d.name !== "free").map((d) => d.name);
    assert.deepEqual(own.sort(), Object.keys(methods).sort(), `${cls}: methods`);
  }
  // Every top-level function the glue declares is listed, but the loaders, facts and the glue's own.
  const own = all.filter((d) => d.kind === "function" && !["initSync", "facts"].includes(d.name)).map((d) => d.name);
  assert.deepEqual(own.sort(), Object.keys(functions).sort(), "the glue's functions");
  const declaredClasses = [...pkg(file).matchAll(/^export class (\w+) \{/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declaredClasses, Object.keys(classes).sort(), "the glue's classes");
}

test("the export list matches the main wasm's declarations", () => {
  checkGlue("kubegate.d.ts", { ...GATE_FUNCTIONS, ...AREA_FUNCTIONS }, { ...GATE_CLASSES, ...AREA_CLASSES });
});

test("the export list's gate core matches the gate wasm's declarations", () => {
  checkGlue("gates/kubegate_gates.d.ts", GATE_FUNCTIONS, GATE_CLASSES);
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

// Exports no checking table lists, declared all the same: `facts()`, which the main entry hands
// on as it is, and the command line's `runCli` (npm/cli.js calls it with a host it builds).
test("facts and the command line's runCli are declared as the list types them", () => {
  for (const [file, key] of [["kubegate.d.ts", "facts"], ["cli/kubegate_cli.d.ts", "runCli"]]) {
    const declared = declarations(pkg(file)).find((d) => d.key === key && d.kind === "function");
    assert.ok(declared, `${file}: ${key} not declared`);
    assert.equal(declared.params.length, SIGNATURES[file][key].params.length, `${key}: parameters`);
    sameTypes(SIGNATURES[file], key, declared);
  }
});

test("every typed signature is an entry of the list", () => {
  const keys = (entries) => {
    const out = [];
    for (const [fns, classes] of entries) {
      out.push(...Object.keys(fns));
      for (const [cls, { methods, getters, statics }] of Object.entries(classes)) {
        out.push(`new ${cls}`, ...[methods, getters, statics].flatMap((m) => Object.keys(m).map((n) => `${cls}.${n}`)));
      }
    }
    return [...new Set(out)].sort();
  };
  const gate = [GATE_FUNCTIONS, GATE_CLASSES];
  const area = [AREA_FUNCTIONS, AREA_CLASSES];
  assert.deepEqual(Object.keys(SIGNATURES).sort(), ["cli/kubegate_cli.d.ts", "gates/kubegate_gates.d.ts", "kubegate.d.ts"]);
  assert.deepEqual(Object.keys(SIGNATURES["kubegate.d.ts"]).sort(), [...keys([gate, area]), "facts"].sort());
  assert.deepEqual(Object.keys(SIGNATURES["gates/kubegate_gates.d.ts"]).sort(), keys([gate]));
  assert.deepEqual(Object.keys(SIGNATURES["cli/kubegate_cli.d.ts"]), ["runCli"]);
});
