// Wraps each FinalizationRegistry callback of the wasm-bindgen glue in try/catch.
//
// Why: the glue frees an object's wasm memory from a finalizer when the garbage collector takes
// the object. After a trap the module is dead, and that free traps too; an exception in a
// finalizer is an uncaught exception, which ends a Node process (and logs one in a browser) at
// some later, unrelated moment. The package already answers every call after a trap with kind
// `trapped`; a finalizer has no caller to answer, so it gives up quietly: the memory belongs to a
// module that will never run again. Fails the build when the glue's shape changes and nothing
// matched, so the guard cannot silently stop applying.
// Usage: node scripts/guard-finalizers.mjs GLUE.js...
import { readFileSync, writeFileSync } from "node:fs";

const CALLBACK = /new FinalizationRegistry\(ptr => (wasm\.__wbg_\w+_free\(ptr(?: >>> 0)?, 1\))\)/g;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8");
  let n = 0;
  const guarded = text.replace(CALLBACK, (_, free) => {
    n++;
    return `new FinalizationRegistry(ptr => { try { ${free}; } catch { /* the module trapped */ } })`;
  });
  const registries = (text.match(/new FinalizationRegistry\(/g) ?? []).length;
  if (n !== registries) {
    console.error(`guard-finalizers: ${file}: guarded ${n} of ${registries} FinalizationRegistry callbacks; the glue changed shape`);
    process.exit(1);
  }
  writeFileSync(file, guarded);
}
