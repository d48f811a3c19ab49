// The npm `bin` (pkg/cli.js: the Rust command line compiled to wasm, under Node) on the cases of
// tests/cli/cases.json: its stdout, stderr and exit code must equal the golden files the native
// binary is held to (tests/cli.rs), and, when the native binary is built, the native binary's
// own output for the same case.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const repo = new URL("../..", import.meta.url).pathname;
const bin = join(repo, "pkg/cli.js");
const target = process.env.CARGO_TARGET_DIR ?? join(repo, "target");
const native = process.env.KUBEGATE_NATIVE ?? join(target, "debug/kubegate");
const cases = JSON.parse(readFileSync(join(repo, "tests/cli/cases.json"), "utf8"));

const render = (args, r) =>
  `# kubegate ${args.join(" ")}\nexit: ${r.status}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;

function run(cmd, args, stdin) {
  const env = { ...process.env };
  delete env.NO_COLOR;
  const input = stdin ? readFileSync(join(repo, "tests/cli", stdin)) : "";
  return spawnSync(cmd[0], [...cmd.slice(1), ...args], { cwd: repo, encoding: "utf8", input, env });
}

for (const c of cases) {
  test(`npx kubegate ${c.name}`, () => {
    const r = run(["node", bin], c.args, c.stdin);
    const got = render(c.args, r);
    const golden = readFileSync(join(repo, `tests/cli/golden/${c.name}.txt`), "utf8");
    assert.equal(got, golden);
    if (existsSync(native)) {
      const n = run([native], c.args, c.stdin);
      assert.equal(got, render(c.args, n), "the npm bin and the native binary differ");
    }
  });
}

test("the library entry does not load the CLI wasm", () => {
  const pkg = JSON.parse(readFileSync(join(repo, "pkg/package.json"), "utf8"));
  assert.equal(pkg.bin.kubegate, "./cli.js");
  for (const entry of ["node.js", "index.js", "kubegate.js"]) {
    assert.ok(!readFileSync(join(repo, "pkg", entry), "utf8").includes("kubegate_cli"), entry);
  }
});
