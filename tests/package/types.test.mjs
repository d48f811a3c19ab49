// The package's TypeScript contracts as a user meets them: `npm pack` of pkg/, installed into a
// fresh project, and tests/package/consumer.ts (every export, used as documented, plus
// `@ts-expect-error` lines for wrong uses) compiled by `tsc --noEmit --strict` against it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchDir } from "./scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
assert.ok(existsSync(join(repo, "pkg/package.json")), "build pkg/ first (make build)");

// A user's strict setup; the package's own .d.ts files are checked too (skipLibCheck off), and no
// @types package is pulled in by accident.
const COMPILER_OPTIONS = {
  noEmit: true,
  strict: true,
  target: "es2022",
  module: "nodenext",
  moduleResolution: "nodenext",
  // The glue declares `[Symbol.dispose]` (`using`), so a user needs esnext.disposable.
  lib: ["es2022", "esnext.disposable", "dom"],
  types: [],
  skipLibCheck: false,
};

function project() {
  const out = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmpdir(), join(repo, "pkg")], repo));
  const dir = scratchDir("kubegate-ts-user-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "ts-user", version: "1.0.0", type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--offline", join(tmpdir(), out[0].filename)], dir);
  return dir;
}

// `tsc --noEmit --strict` through a tsconfig (the command line cannot say "no @types").
function tsc(dir, file) {
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [file] }));
  const r = spawnSync(join(repo, "node_modules/.bin/tsc"), ["--noEmit", "--strict", "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

test("every export type-checks under --strict, and wrong uses are refused", () => {
  const dir = project();
  copyFileSync(join(repo, "tests/package/consumer.ts"), join(dir, "consumer.ts"));
  const { code, out } = tsc(dir, "consumer.ts");
  assert.equal(code, 0, out);
});

test("the check has teeth: a wrong use without @ts-expect-error fails to compile", () => {
  const dir = project();
  writeFileSync(
    join(dir, "wrong.ts"),
    `import { FeatureGate, releases } from "kubegate";
     const g = new FeatureGate("1.31");
     const n: number = releases().newest;
     g.resolvedTable();
     void n;\n`,
  );
  const { code, out } = tsc(dir, "wrong.ts");
  assert.notEqual(code, 0);
  assert.match(out, /Type 'string' is not assignable to type 'number'/);
  assert.match(out, /Property 'resolvedTable' does not exist/);
});

test("the shipped declarations embed the generated contracts", () => {
  const dts = readFileSync(join(repo, "pkg/kubegate.d.ts"), "utf8");
  const generated = readFileSync(join(repo, "npm/types.generated.d.ts"), "utf8");
  for (const name of ["KubegateErrorFields", "FeatureSpec", "ResolvedKubeletConfig", "KubeletCommandLine", "EnumRequest", "CliOutput"]) {
    assert.match(generated, new RegExp(`export type ${name} =`));
    assert.match(dts, new RegExp(`export type ${name} =`), `${name} missing from pkg/kubegate.d.ts`);
  }
  // The command line's wasm alone embeds its one generated contract.
  const cliDts = readFileSync(join(repo, "pkg/cli/kubegate_cli.d.ts"), "utf8");
  assert.equal(cliDts.match(/export type CliOutput =/g)?.length, 1, "CliOutput once in pkg/cli/kubegate_cli.d.ts");
  // Public parameter names are camelCase, as the JS API documents them.
  assert.doesNotMatch(dts, /\b(target_version|old_obj|field_path|feature_gates|emulation_version|release_text)\b/);
});

test("kubegate/gates type-checks as the gate core, and refuses the other areas' exports", () => {
  const dir = project();
  writeFileSync(
    join(dir, "gates.ts"),
    `import init, { FeatureGate, parseFeatureList, LIMITS, releases, releaseGates, toYaml, version } from "kubegate/gates";
     await init();
     const g: FeatureGate = FeatureGate.forRelease("1.34");
     const on: boolean = g.enabled("NodeSwap");
     const newest: string = releases().newest;
     const depth: number = LIMITS.maxDepth;
     const text: string = toYaml(parseFeatureList("[]"));
     // @ts-expect-error the kubelet area is not in the gate core
     import { resolveKubeletConfig } from "kubegate/gates";
     // @ts-expect-error facts() speak for every area; only the main entry has them
     import { facts } from "kubegate/gates";
     void [on, newest, depth, text, releaseGates, version, resolveKubeletConfig, facts];\n`,
  );
  const { code, out } = tsc(dir, "gates.ts");
  assert.equal(code, 0, out);
});
