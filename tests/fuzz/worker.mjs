// Runs hostile plans against the package in a worker thread (a fresh module per worker) and
// reports each call before making it, so the parent's watchdog can name a hang. workerData.mode
// picks the caller: "random" (hostile.mjs, the default) or "systematic" (systematic.mjs).
import { parentPort, workerData } from "node:worker_threads";
import * as k from "kubegate";
import { run } from "./hostile.mjs";
import { runSystematic } from "./systematic.mjs";

const options = {
  seed: workerData.seed,
  budgetMs: workerData.budgetMs,
  maxFailures: workerData.maxFailures ?? 20,
  onCall: (d) => parentPort.postMessage({ t: "call", d }),
};
const res = workerData.mode === "systematic" ? runSystematic(k, options) : run(k, options);
parentPort.postMessage({ t: "done", res });
