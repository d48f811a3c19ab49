// The systematic hostile caller (systematic.mjs) in this process, for as long as you like:
// every case once with an unbounded budget, failures grouped by target and problem.
//   node tests/fuzz/systematic_run.mjs [SEED] [MS] [ONLY: a RegExp on the target]
import * as k from "kubegate";
import { runSystematic } from "./systematic.mjs";

const seed = Number(process.argv[2] ?? 1);
const ms = Number(process.argv[3] ?? Infinity);
const only = process.argv[4] ? new RegExp(process.argv[4]) : null;
const res = runSystematic(k, { seed, budgetMs: ms, maxFailures: Infinity, only });
console.log(`seed ${seed}: ${res.calls} of ${res.total} cases, ${res.failures.length} failures`);
const groups = new Map();
for (const f of res.failures) {
  const key = `${f.call.replace(/ = .*/, "")}: ${f.problem.slice(0, 160)}`;
  groups.set(key, (groups.get(key) ?? 0) + 1);
}
for (const [key, n] of [...groups].sort()) console.log(n, key);
process.exitCode = res.failures.length ? 1 : 0;
