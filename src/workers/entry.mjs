/**
 * Piscina's entry file for a task module written in TypeScript (workerData.module, a file URL).
 * Plain JavaScript because it runs before any TypeScript support exists in the new thread: on Node
 * 20 a worker thread does not get the loader that `tsx` registered in the main thread, and under
 * vitest (which compiles the tests itself) there is none, so tsx's loader is registered here. The
 * task module's default export is the task function.
 */
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const task = await import(workerData.module);

/**
 * Each task starts after a turn of the thread's event loop (waiting for one only when none came).
 * Node frees native memory handed to JavaScript (every board's 1.3 MB pixel read-back) from
 * callbacks run on that loop; when tasks come back to back a thread could otherwise go from one to
 * the next without a turn, and a render thread grew by 1.3 MB a board (2.3 GB after 1,500 boards).
 * piscina's `atomics: "async"` (pool.ts) lets the loop run while a thread waits, but not between
 * two tasks already queued.
 */
let loopTurned = true;

export default async function run(input) {
  // Only when the loop has not turned since the last task began: one immediate tells.
  if (!loopTurned) await new Promise((resolve) => setImmediate(resolve));
  loopTurned = false;
  setImmediate(() => {
    loopTurned = true;
  });
  return task.default(input);
}
