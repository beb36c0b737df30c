/** The pool's worker (piscina): thinks about one request at a time on its own thread. */
import { constants, setPriority } from "node:os";
import { think } from "./think.ts";
import type { ThinkRequest, ThinkResult } from "./types.ts";

export interface ThinkTask {
  readonly request: ThinkRequest;
  /** Two shared flags: [0] the caller sets to stop the search early, [1] the worker sets when it starts. */
  readonly flags: SharedArrayBuffer;
}

export default function thinkTask(task: ThinkTask): ThinkResult {
  const flags = new Int32Array(task.flags);
  Atomics.store(flags, 1, 1);
  return think(task.request, flags);
}

// Below the bot's main thread, like the render threads: the interactions come first on a busy machine
// (on Linux this applies to this thread only).
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed here (some containers): the search runs at normal priority.
}

// Warm up: V8 optimises the search only after a few hundred thousand nodes, so a new thread would
// otherwise search its first request several times slower. A seeded, node-bounded search in each
// family (about 0.1 s) does it before the first request arrives.
for (const ruleset of ["abapa", "haiti"] as const) {
  for (const level of ["hard", "expert"] as const) think({ ruleset, moves: [], level, ms: 40, seed: 1 });
}
