// No input, call order or size can trap, hang or poison the module.
//
// A seeded hostile caller (tests/fuzz/hostile.mjs) runs against the package for a fixed budget,
// in a worker so that a hang is caught by a watchdog rather than stalling the suite. After every
// call it checks that anything thrown is kubegate's own Error and that the module still works.
// A failure names its seed and call; `scripts/fuzz.sh N` replays it (and runs longer).
import { test } from "node:test";
import assert from "node:assert/strict";
import { inWorker } from "../fuzz/in_worker.mjs";

const SEEDS = (process.env.KUBEGATE_FUZZ_SEEDS ?? "1,1000003,2000029").split(",").map(Number);
const BUDGET_MS = Number(process.env.KUBEGATE_FUZZ_MS ?? 2500);

for (const seed of SEEDS) {
  test(`hostile caller, seed ${seed}: no trap, hang, or foreign error`, async (t) => {
    const res = await inWorker(seed, BUDGET_MS);
    t.diagnostic(`${res.calls} hostile calls`);
    const report = res.failures.map((f) => `seed ${f.seed}: ${f.problem}\n    ${String(f.call).slice(0, 400)}`).join("\n");
    assert.equal(res.failures.length, 0, `${res.failures.length} failures in ${res.calls} calls:\n${report}`);
    assert.ok(res.calls > 50, `only ${res.calls} calls ran`);
  });
}
