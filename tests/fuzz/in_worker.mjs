// Runs a hostile caller (worker.mjs: "random" or "systematic") in a worker thread under a hang
// watchdog: a call that answers nothing within 8 s ends the worker and is reported as a hang,
// naming that call, instead of stalling the test suite.
import { Worker } from "node:worker_threads";

export function inWorker(seed, budgetMs, mode = "random", maxFailures = 20) {
  return new Promise((resolve) => {
    const w = new Worker(new URL("./worker.mjs", import.meta.url), {
      workerData: { seed, budgetMs, mode, maxFailures },
      resourceLimits: { stackSizeMb: 4 },
    });
    let last = null;
    let lastAt = Date.now();
    const watchdog = setInterval(() => {
      if (Date.now() - lastAt > 8000) {
        clearInterval(watchdog);
        w.terminate();
        resolve({ calls: 0, total: 0, failures: [{ seed, call: last, problem: "hang: no answer within 8 s" }] });
      }
    }, 250);
    w.on("message", (m) => {
      if (m.t === "call") {
        last = m.d;
        lastAt = Date.now();
      } else {
        clearInterval(watchdog);
        resolve(m.res);
      }
    });
    w.on("error", (e) => {
      clearInterval(watchdog);
      resolve({ calls: 0, total: 0, failures: [{ seed, call: last, problem: `worker died: ${e?.message ?? e}` }] });
    });
  });
}
