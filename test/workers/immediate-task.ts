/**
 * A task for the worker-pool tests: schedules an immediate and answers how many earlier ones have
 * run. Native memory handed to JavaScript (the canvas' pixel read-backs) is released by callbacks
 * that Node runs the same way, after the task, on the thread's event loop.
 */
let ran = 0;

export default function countImmediates(): number {
  setImmediate(() => {
    ran++;
  });
  return ran;
}
