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
export default task.default;
