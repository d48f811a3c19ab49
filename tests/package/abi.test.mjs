// The package's wasm exports each return at most one value (scripts/build-pkg.sh says why: V8
// compiles a wrapper for every multi-value export signature while it compiles the module, which
// made the gate core's compile in Node twice as long). A toolchain or build change that brings
// multi-value back fails here, not silently in the import time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const pkg = new URL("../../pkg/", import.meta.url);

/** The name and result count of every exported function of a wasm binary. */
function exportedResults(bytes) {
  let at = 8;
  const u32 = () => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return value;
    }
  };
  const name = () => {
    const length = u32();
    const text = new TextDecoder().decode(bytes.subarray(at, at + length));
    at += length;
    return text;
  };
  const skipValueTypes = () => {
    const count = u32();
    at += count; // every value type kubegate's wasm uses is one byte (i32, i64, f32, f64, externref)
    return count;
  };
  const resultsOfType = [];
  const typeOfFunction = [];
  const exported = [];
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = u32();
    const end = at + size;
    if (id === 1) {
      for (let n = u32(); n > 0; n--) {
        assert.equal(bytes[at++], 0x60, "a function type");
        skipValueTypes();
        resultsOfType.push(skipValueTypes());
      }
    } else if (id === 2) {
      for (let n = u32(); n > 0; n--) {
        name();
        name();
        const kind = bytes[at++];
        if (kind === 0) typeOfFunction.push(u32());
        else if (kind === 1) { at++; const flags = u32(); u32(); if (flags & 1) u32(); }
        else if (kind === 2) { const flags = u32(); u32(); if (flags & 1) u32(); }
        else if (kind === 3) at += 2;
        else assert.fail(`import kind ${kind}`);
      }
    } else if (id === 3) {
      for (let n = u32(); n > 0; n--) typeOfFunction.push(u32());
    } else if (id === 7) {
      for (let n = u32(); n > 0; n--) {
        const exportName = name();
        const kind = bytes[at++];
        const index = u32();
        if (kind === 0) exported.push([exportName, resultsOfType[typeOfFunction[index]]]);
      }
    }
    at = end;
  }
  return exported;
}

for (const file of ["kubegate_bg.wasm", "gates/kubegate_gates_bg.wasm", "cli/kubegate_cli_bg.wasm"]) {
  test(`${file}: every export returns at most one value`, () => {
    const exports = exportedResults(readFileSync(new URL(file, pkg)));
    assert.ok(exports.length > 0, "no exported function found");
    const multi = exports.filter(([, results]) => results > 1).map(([n, results]) => `${n} (${results})`);
    assert.deepEqual(multi, [], `multi-value exports: ${multi.join(", ")}`);
  });
}
