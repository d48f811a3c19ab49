// Runs hostile plans against the package in a worker thread (a fresh module per worker) and
// reports each call before making it, so the parent's watchdog can name a hang.
import { parentPort, workerData } from "node:worker_threads";
import * as k from "kubegate";
import { run } from "./hostile.mjs";

const res = run(k, {
  seed: workerData.seed,
  budgetMs: workerData.budgetMs,
  maxFailures: workerData.maxFailures ?? 20,
  onCall: (d) => parentPort.postMessage({ t: "call", d }),
});
parentPort.postMessage({ t: "done", res });
