// The systematic hostile caller (tests/fuzz/systematic.mjs): every argument and every
// leaf of every structured argument of every export and method, replaced by each hostile value,
// plus unknown option keys, use after free() and foreign receivers. Within the budget a seeded
// sample of the cases runs (a different one per seed); KUBEGATE_FUZZ_MS=Infinity runs them all.
// A failure names its seed and case; the same seed replays it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { inWorker } from "../fuzz/in_worker.mjs";

const SEEDS = (process.env.KUBEGATE_FUZZ_SEEDS ?? "7,4242").split(",").map(Number);
const BUDGET_MS = Number(process.env.KUBEGATE_FUZZ_MS ?? 3000);

for (const seed of SEEDS) {
  test(`systematic hostile caller, seed ${seed}: no trap, hang, foreign error or silent acceptance`, async (t) => {
    const res = await inWorker(seed, BUDGET_MS, "systematic", 50);
    t.diagnostic(`${res.calls} of ${res.total} cases`);
    const report = res.failures.map((f) => `seed ${f.seed} ${f.call}: ${f.problem}`).join("\n");
    assert.equal(res.failures.length, 0, `${res.failures.length} failures in ${res.calls} calls:\n${report}`);
    assert.ok(res.calls > 50, `only ${res.calls} cases ran`);
  });
}
