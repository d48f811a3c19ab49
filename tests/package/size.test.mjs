// Size budgets of the package's wasm files, gzipped (-9) as a server would send them. Budgets sit
// just above the measured sizes (BENCHMARKS.md), so growth is a decision: raise a budget in the
// same change that explains why, never silently. Sizes, not timings: the same on every machine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const pkg = new URL("../../pkg/", import.meta.url).pathname;
assert.ok(existsSync(join(pkg, "package.json")), "build pkg/ first (make build)");

// gzipped bytes (Node's zlib at level 9, as scripts/bench.mjs measures); the sizes measured when
// the budgets were set are in the comments.
const BUDGETS = {
  // One decoder per input type (no serde_path_to_error), KubeletConfiguration decoded from one
  // field table, one stable sort for the crate; the faster JSON writer of large results added
  // back about 20 KB. Then compiled for speed (scripts/build-pkg.sh says how and why): 577_365
  // at opt-level z became 672_898, for 50,000 pods and nodes under 1 s each. Then
  // floats read without core's table (src/float.rs) and zmij's table computed (Cargo.toml):
  // 663_841. The gate core's inputs read by hand (src/json_tree.rs) added its small parser
  // beside serde's, which the other areas still use: 669_331. Exports return through memory
  // instead of as several wasm values (scripts/build-pkg.sh): 4 KB fewer raw bytes that
  // compress 2.9 KB worse, for a compile 2.6 ms shorter in Node: 672_255. The last six maps
  // and lists that were collected or sorted with the standard library's stable sort (one copy
  // of it each) go through src/sort.rs: 658_340.
  // The goal once set for every area together was 250_000.
  // Exact per-release gate data (eras, patch points, sources, readers, a gate's history), the
  // node explained as it is (taint eviction per pod), strict decoding at every entry, the
  // upgrade check that always answers: 710_051; the gate lookups read the packed tables in
  // every build instead of a second, pointer-heavy copy: 703_639. Over the 700 KB guardrail
  // (0.5%): the next reduction is the stand-ins' removal, where each deletion says its cost.
  // The binding as its own crate on the libraries (bindings/wasm): results through
  // serde-wasm-bindgen instead of JSON text, inputs through serde_json's Value and
  // serde_path_to_error instead of the hand-written tree decoder, exports free to return several
  // values (no linker flags): 752_408, inputs read through one Value (decoding them straight
  // from the text instead compiled every input type's decoder twice, with and without path
  // tracking: about 8.5 KB more).
  // The core on std, serde, serde_json and yaml-rust2 (the hand-written float reader
  // and writer, sort, YAML reader, decoders and JSON tree removed) together with the binding
  // above: 799_810 (2_044_145 raw). Measured on it (BENCHMARKS.md): opt-level "s" instead of 2
  // saves 7_744 for 1.1-1.3x the CPU time of the 50,000-pod operations; opt-level "z" saves
  // 99_745 (700_065) for 1.2-1.65x, which puts a SET of 50,000 pods over a second: the speed
  // build stays. Maps and sets filled by `extend` instead of `collect()` (which sorts: one
  // stable sort per element type) at 14 call sites, and one sort for the node explanation's
  // three step lists: 790_617 (6_287 fewer at opt-level "z"). Still over the 700 KB guardrail:
  // generic library code. In code bytes before compression (opt-level "s"): serde_path_to_error's
  // wrappers of every derived decoder about 150 KB, the standard library's stable sort about
  // 150 KB before the change above (about 38 copies: most of the rest are maps collected in
  // functions that return them), yaml-rust2 about 76 KB, core's float formatting and parsing
  // about 24 KB.
  // The whole control plane in the JS API (checkComponentStart, checkControlPlaneUpgrade): the
  // four components' flag sets and config kinds of every release, the start check, the upgrade
  // check and the manifest, kubeadm, unit and ps readers, all new function, with the binding's
  // one error mapping: 859_724.
  // The path of a refused input noted by the strict adapter (kubegate::json::strict), which
  // already wraps every map, sequence and variant, instead of serde_path_to_error's second
  // wrapper of every input type's decoder (the core's and the binding's decoders of a type are
  // now one copy); toYaml's floats from serde_json's digits; six more maps filled by `extend`:
  // 821_102 (2_061_361 raw). Still over the 700 KB goal. Per-crate opt-level "z" does not
  // help under LTO: the libraries and the binding (where the decoders are instantiated) at "z"
  // with the core at 2 measured 844_541, the libraries alone at "z" 5 KB more than without.
  // What remains is generic library code (the standard library's stable sort, about 120 KB
  // before compression, from sorts across the areas), yaml-rust2 and serde's derived decoders.
  // The merges of the size and speed branches measured 822_768 (2_062_993 raw) when rebuilt with
  // this one's tools. The heap reserved before a bulk input is decoded (bindings/wasm/src/alloc.rs,
  // for the first 50,000-node pass's memory growth): 822_911; the first 50,000-node pass's CPU
  // time 1.01-1.07 s became 0.82-0.84 s, a SET of 50,000 pods 789 ms became 751-768 ms. Measured
  // on it, CPU ms of scale_pods.mjs and scale_nodes.mjs (50,000), opt-level 2 / s / z in one
  // session: first pass 778 / 804 / 959, quiet pass 462 / 491 / 588, pass 10 min later 699 /
  // 739 / 848, SET 776 / 810 / 1_036, UPDATE 624 / 712 / 924, REMOVE 471 / 536 / 628, single
  // ADDs 489 / 562 / 701, mergeDetailed SET 578 / 640 / 797; sizes 822_911 / 786_008 / 689_108.
  // Opt-level "s" keeps every row under 0.85 s there, and under 0.91 s in two more rounds against
  // the opt-level 2 build (1.04-1.18x its time): the full wasm is built at "s" (without the
  // inline threshold the opt-level 2 build used; scripts/build-pkg.sh). The 700 KB goal would
  // take "z", whose SET of 50,000 pods is over a second. Unstable sorts at the sites where equal
  // elements are indistinguishable grew the opt-level 2 build (825_775): every element type they
  // served kept a stable sort elsewhere, and std's unstable sort is as large.
  "kubegate_bg.wasm": 666_000, // 665_899 (1_668_126 raw): opt-level z, one std sort (src/sort.rs)
  // The gate core without yaml-rust2 (lean-yaml) and with packed gate tables, names looked up
  // by binary search (no HashMap), fewer B-tree instantiations, wasm-opt --low-memory-unused,
  // floats read without core's 10 KB table and written without Rust's float formatting
  // (src/float.rs): 107_042; its inputs, results and errors read and written without serde
  // (src/json_tree.rs, src/wasm/json_out.rs). The gate core's first goal was 60_000.
  // Exports returning through memory: 97_817 (compiled in Node in 1.5 ms less). toYaml's maps
  // built without the standard library's sort: 95_208.
  // Per-release eras with their sources, patch points, readers of each gate and a gate's
  // history (the packed tables, one byte per gate and release for readers): 111_805.
  // The binding on the libraries (as above): serde_json's reader, serde's derived decoders and
  // serde_path_to_error beside the tree decoders the YAML feature list still uses, and
  // serde-wasm-bindgen's writer (about 3 KB of the growth): 144_004.
  // The core on the libraries (one reader per format): yaml-rust2 and serde's derived decoders instead of
  // the lean YAML reader and hand decoders, core's float parsing (`str::parse::<f64>`, YAML
  // scalars) and formatting (toYaml's Go-style floats through `{:e}`) instead of src/float.rs:
  // 177_117 (418_840 raw). Not reached: the 110 KB goal. What is left of the 67 KB: core's
  // float formatting (flt2dec's Grisu and Dragon code and tables, about 16 KB of code before
  // compression, reached only from toYaml's float writer), yaml-rust2 (about 43 KB of code),
  // serde_json's reader with serde_path_to_error over the derived decoders, and serde's
  // B-tree instantiations.
  // Every core error thrown through one mapping from its kind() (the kinds' names): 178_487.
  // The decoding change above (serde_path_to_error's wrappers gone) and toYaml's floats from
  // serde_json's digits: 172_325. Not reached: the 110 KB goal, 62 KB away. In code bytes
  // before compression (475 KB): yaml-rust2 43 KB, serde_json 25 KB, serde's derived decoders
  // 17 KB, the exports' bodies as wasm-bindgen wraps them 56 KB, core's float formatting 16 KB
  // (still reached without toYaml's use: `f64`'s Display, e.g. in serde's message for a float
  // of the wrong type), core's float parsing 6 KB; the rest is the gate core's own code and
  // std's collections and formatting. Without a second reader per format, which the design
  // rules out, no single item left is worth more than a few KB gzipped.
  // Rebuilt with the tools that measured the full wasm's figure above: 172_427 (the gate core
  // has no bulk input and no heap reservation).
  "gates/kubegate_gates_bg.wasm": 172_500, // 172_427 (408_207 raw)
  // Only the areas its commands use and only `runCli` (feature wasm-cli, not the library's JS
  // API): 673_856 became 422_673; floats read without core's table: 409_871; no sort but
  // src/sort.rs's: 409_005.
  // The release data and node explanation above, --history and --component: 443_686.
  // No linker flags (exports may return several values) and `runCli`'s result through
  // serde-wasm-bindgen: 446_538.
  // The core on the libraries (one reader per format), as above: 533_342 (1_328_103 raw); maps and sets
  // filled by `extend` instead of a sorting `collect()`: 528_540.
  // Shorthand flags judged as pflag does, the legacy EncryptionConfig kind and hidden
  // deprecated apiserver flags in the control-plane data: 530_693.
  // The strict adapter's path notes, floats from serde_json's digits and six maps filled by
  // `extend` (as above; the command line decodes no path-tracked input): 524_787.
  // The merges of the size and speed branches, rebuilt with the tools that measured the full
  // wasm's figure above (the command line has no bulk input and no heap reservation): 527_713.
  // A JS host's directory entry without `name` or `isDir` refused with a text naming the entry
  // (it was read as an empty name, not a directory): 528_485.
  "cli/kubegate_cli_bg.wasm": 529_000, // 528_485 (1_301_236 raw)
};

for (const [file, budget] of Object.entries(BUDGETS)) {
  test(`${file} stays within its gzipped budget of ${budget} bytes`, () => {
    const gz = gzipSync(readFileSync(join(pkg, file)), { level: 9 }).length;
    assert.ok(gz <= budget, `${file} is ${gz} bytes gzipped, over its budget of ${budget}`);
  });
}

test("the gate core's wasm is a fraction of the full one", () => {
  const size = (f) => readFileSync(join(pkg, f)).length;
  assert.ok(size("gates/kubegate_gates_bg.wasm") * 2 < size("kubegate_bg.wasm"));
});

test("package.json exports kubegate/gates with its types, a Node entry and a browser entry", () => {
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  const gates = manifest.exports["./gates"];
  assert.deepEqual(Object.keys(gates), ["types", "node", "default"]);
  for (const target of Object.values(gates)) assert.ok(existsSync(join(pkg, target)), target);
  for (const f of ["gates/kubegate_gates.js", "gates/kubegate_gates_bg.wasm", "core.js", "gates.js", "gates-node.js", "gates.d.ts"]) {
    assert.ok(manifest.files.includes(f), `${f} not in files`);
  }
});
