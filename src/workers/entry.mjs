/**
 * Piscina's entry file for a task module (workerData.module, a file URL): TypeScript when run from
 * the sources, JavaScript when run from the compiled build (dist/). Plain JavaScript because it runs
 * before any TypeScript support exists in the new thread: on Node 20 a worker thread does not get the
 * loader that `tsx` registered in the main thread, and under vitest (which compiles the tests itself)
 * there is none, so for a TypeScript module tsx's loader is registered here. The task module's
 * default export is the task function.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { workerData } from "node:worker_threads";

// A compiled task module (dist/, `npm start`) needs no loader: tsx costs a thread about 14 MB.
if (workerData.module.endsWith(".ts")) (await import("tsx/esm/api")).register();
const task = await import(workerData.module);
const { trimAllocator } = await import(
  new URL(workerData.module.endsWith(".ts") ? "./allocator.ts" : "./allocator.js", import.meta.url).href
);

/**
 * Each task starts after a turn of the thread's event loop (waiting for one only when none came).
 * Node frees native memory handed to JavaScript (every board's 1.3 MB pixel read-back) from
 * callbacks run on that loop; when tasks come back to back a thread could otherwise go from one to
 * the next without a turn, and a render thread grew by 1.3 MB a board (2.3 GB after 1,500 boards).
 * piscina's `atomics: "async"` (pool.ts) lets the loop run while a thread waits, but not between
 * two tasks already queued.
 */
let loopTurned = true;

/**
 * One full collection once the thread has had no task for 2 s (idle-collect.ts says why; this
 * file cannot import it before tsx is registered, so it is written out here), then the allocator
 * trimmed (allocator.ts). Its heap, and the allocator's memory its garbage held, go back to their
 * working size between bursts.
 */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
let quiet = null;
const QUIET_MS = 2000;
function busy() {
  if (quiet) quiet.refresh();
  else {
    quiet = setTimeout(() => {
      quiet = null;
      gc();
      trimAllocator();
    }, QUIET_MS);
    quiet.unref();
  }
}

export default async function run(input) {
  // Only when the loop has not turned since the last task began: one immediate tells.
  if (!loopTurned) await new Promise((resolve) => setImmediate(resolve));
  loopTurned = false;
  setImmediate(() => {
    loopTurned = true;
  });
  try {
    return await task.default(input);
  } finally {
    busy();
  }
}
