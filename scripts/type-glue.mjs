// Writes the export list's types into the d.ts wasm-bindgen wrote for each wasm of the package
// (pkg/kubegate.d.ts, pkg/gates/kubegate_gates.d.ts, pkg/cli/kubegate_cli.d.ts).
//
// wasm-bindgen declares every export from its Rust signature, with its docs, but a parameter
// that takes JSON text is a `&str` to it (`string`; the bulk path's bytes a `Uint8Array`) and a
// JSON result a `JsValue` (`any`). What TypeScript each really is comes from the Rust types the
// export list names (bindings/wasm/src/contracts/exports.rs), rendered by its generator into
// npm/signatures.generated.json as `type`, beside `glue`: what wasm-bindgen declares for the
// Rust value that carries it. Each declared parameter, result and getter is left as it is when
// it already reads `type`, rewritten to `type` when it reads `glue`, and refused otherwise: a
// Rust parameter that is not what the list's check hands the glue (a `u32` listed as a string)
// stops the build, naming the export. A listed export the d.ts does not declare stops it too.
//
// A parameter that may be left undefined is declared optional (`name?: T`) when every parameter
// after it may be too, as wasm-bindgen declares a trailing `Option`; else `name: T | undefined`.
//
// Usage: node scripts/type-glue.mjs [pkg-dir]   (scripts/build-pkg.sh runs it on pkg/)
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The generated signatures: { [d.ts path under pkg/]: { [key]: { params?, returns? } } }. */
export function loadSignatures() {
  return JSON.parse(readFileSync(join(root, "npm/signatures.generated.json"), "utf8"));
}

/** Where the bracket that `text[open]` opens closes, counting (), [], {} and <> (the `=>` of a
 * function type is no bracket); -1 if it does not. */
function closing(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if ("([{<".includes(c)) depth++;
    else if (")]}".includes(c) || (c === ">" && text[i - 1] !== "=")) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A parameter list's text split at its top-level commas, each as { name, optional, type }. */
function parseParams(text) {
  const parts = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if ("([{<".includes(text[i])) i = closing(text, i);
    else if (text[i] === ",") {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    if (i < 0) throw new Error(`unbalanced parameters: ${text}`);
  }
  if (text.trim() !== "") parts.push(text.slice(start));
  return parts.map((p) => {
    const m = p.trim().match(/^(\w+)(\??): ([\s\S]+)$/);
    if (!m) throw new Error(`unreadable parameter: ${p}`);
    return { name: m[1], optional: m[2] === "?", type: m[3] };
  });
}

/** A parameter's type as a caller may pass it: an optional one also takes undefined. */
export const passable = (p) => (p.optional && !/\| undefined$/.test(p.type) ? `${p.type} | undefined` : p.type);

/**
 * Every declaration of a wasm-bindgen d.ts that the export list can name, one a line as
 * wasm-bindgen writes them: `{ key, kind, cls, name, line, indent, prefix, params, returns }`,
 * keyed as the generated signatures are (`name`, `new Class`, `Class.name`); kind is one of
 * function, constructor, method, static and getter. Members of interfaces (`InitOutput`'s raw
 * exports) are not declarations of the list.
 */
export function declarations(dts) {
  const out = [];
  let cls = null;
  dts.split("\n").forEach((text, line) => {
    const open = text.match(/^export class (\w+) \{$/);
    if (open) return void (cls = open[1]);
    if (cls !== null && text === "}") return void (cls = null);
    let m;
    if (cls === null) {
      m = text.match(/^()(export function )(\w+)\(/);
    } else {
      const getter = text.match(/^(\s+)(readonly )(\w+): (.*);$/);
      if (getter) {
        const [, indent, prefix, name, returns] = getter;
        return void out.push({ key: `${cls}.${name}`, kind: "getter", cls, name, line, indent, prefix, params: null, returns });
      }
      m = text.match(/^(\s+)(static |)(\w+)\(/);
    }
    if (!m) return;
    const [head, indent, prefix, name] = m;
    const end = closing(text, head.length - 1);
    const tail = text.slice(end + 1);
    const ret = tail.match(/^(?:: (.*))?;$/);
    if (end < 0 || !ret) return;
    const params = parseParams(text.slice(head.length, end));
    const kind = cls === null ? "function" : name === "constructor" ? "constructor" : prefix ? "static" : "method";
    const key = cls === null ? name : kind === "constructor" ? `new ${cls}` : `${cls}.${name}`;
    out.push({ key, kind, cls, name, line, indent, prefix, params, returns: ret[1] });
  });
  return out;
}

/** `dts` (the d.ts at `file`) with the types of `signatures` written in; throws an Error that
 * lists every declaration that is neither the list's type nor its glue's. */
export function typeGlue(dts, signatures, file) {
  const lines = dts.split("\n");
  const problems = [];
  const seen = new Set();
  // The type to declare: kept when it already is the list's, the list's where it is the glue's.
  const typed = (where, declared, want) => {
    if (declared === want.type) return declared;
    if (declared === want.glue) return want.type;
    problems.push(`${where}: wasm-bindgen declares ${declared}, the list's Rust type is ${want.type} (carried as ${want.glue})`);
    return declared;
  };
  for (const d of declarations(dts)) {
    const want = signatures[d.key];
    if (!want) continue;
    if (seen.has(d.key)) problems.push(`${d.key}: declared twice`);
    seen.add(d.key);
    if (d.kind === "getter") {
      const type = typed(d.key, d.returns, want.returns);
      lines[d.line] = `${d.indent}${d.prefix}${d.name}: ${type};`;
      continue;
    }
    if (d.params.length !== want.params.length) {
      problems.push(`${d.key}: wasm-bindgen declares the parameters (${d.params.map((p) => p.name).join(", ")}), the list ${want.params.length} of them`);
      continue;
    }
    const types = d.params.map((p, i) => typed(`${d.key}(${p.name})`, passable(p), want.params[i]));
    // Optional from the end back, while each may be left undefined.
    let optional = true;
    const params = d.params
      .map((p, i) => [p, types[i]])
      .reverse()
      .map(([p, type]) => {
        optional &&= / \| undefined$/.test(type);
        return optional ? `${p.name}?: ${type.replace(/ \| undefined$/, "")}` : `${p.name}: ${type}`;
      })
      .reverse();
    // A constructor declares no result.
    const returns = d.returns === undefined ? "" : `: ${typed(d.key, d.returns, want.returns)}`;
    lines[d.line] = `${d.indent}${d.prefix}${d.name}(${params.join(", ")})${returns};`;
  }
  for (const key of Object.keys(signatures)) {
    if (!seen.has(key)) problems.push(`${key}: listed, but wasm-bindgen declares no such export`);
  }
  if (problems.length) {
    throw new Error(`${file}: the export list (bindings/wasm/src/contracts/exports.rs) and the Rust signatures differ:\n  ${problems.join("\n  ")}`);
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = process.argv[2] ?? join(root, "pkg");
  // Every file is typed before any is written: a refused build leaves wasm-bindgen's d.ts as
  // they were.
  const typed = [];
  const failures = [];
  for (const [file, signatures] of Object.entries(loadSignatures())) {
    const path = join(pkg, file);
    try {
      typed.push([path, typeGlue(readFileSync(path, "utf8"), signatures, path)]);
    } catch (e) {
      failures.push(`type-glue: ${e.message}`);
    }
  }
  if (failures.length) {
    console.error(failures.join("\n"));
    process.exit(1);
  }
  for (const [path, text] of typed) writeFileSync(path, text);
}
