/** The pool's worker (piscina): thinks about one request at a time on its own thread. */
import { workerData } from "node:worker_threads";
import { isRulesetId, type RulesetId } from "../engine/internal.ts";
import { applyWorkerPriority } from "../workers/priority.ts";
import { installedTable, installTable } from "./endgame.ts";
import { type EndgameOptions, loadOrBuild, readTable, seedsFor, type TableReport } from "./endgame-file.ts";
import { think } from "./think.ts";
import type { ThinkRequest, ThinkResult } from "./types.ts";

export type { EndgameOptions };

export interface ThinkTask {
  readonly request: ThinkRequest;
  /** Two shared flags: [0] the caller sets to stop the search early, [1] the worker sets when it starts. */
  readonly flags: SharedArrayBuffer;
  /** The endgame tables to search with, read from their files once they exist. */
  readonly endgame?: EndgameOptions;
}

export interface EndgameTask {
  readonly dir: string;
  readonly seeds: number;
  readonly ruleset: RulesetId;
}

/** A missing table file is looked for again after this long (the build may be writing it meanwhile). */
const RETRY_MS = 10_000;
const lastLook = new Map<RulesetId, number>();

/** Installs the ruleset's table from its file if this thread does not hold it yet and the file is there. */
function ensureTable(endgame: EndgameOptions, ruleset: unknown): void {
  if (!isRulesetId(ruleset)) return;
  const seeds = seedsFor(endgame, ruleset);
  if (seeds <= 0 || installedTable(ruleset)?.seeds === seeds) return;
  const now = performance.now();
  if (now - (lastLook.get(ruleset) ?? -RETRY_MS) < RETRY_MS) return;
  lastLook.set(ruleset, now);
  const read = readTable(endgame.dir, ruleset, seeds);
  if ("table" in read) installTable(read.table);
}

export default function thinkTask(task: ThinkTask): ThinkResult {
  const flags = new Int32Array(task.flags);
  Atomics.store(flags, 1, 1);
  if (task.endgame) ensureTable(task.endgame, task.request.ruleset);
  return think(task.request, flags);
}

/** Reads a ruleset's table from its file, or builds and writes it (missing, partial or corrupt), and installs it. */
export function endgameTask(task: EndgameTask): TableReport {
  const { table, report } = loadOrBuild(task.dir, task.ruleset, task.seeds);
  installTable(table);
  return report;
}

// Below the bot's main thread, like the render threads, unless the host says otherwise (the pool's
// `priority`): the interactions come first on a busy machine.
applyWorkerPriority(workerData?.priority);

// Warm up: V8 optimises the search only after a few hundred thousand nodes, so a new thread would
// otherwise search its first request several times slower. A seeded, node-bounded search in each
// family (about 0.1 s) does it before the first request arrives.
for (const ruleset of ["abapa", "haiti"] as const) {
  for (const level of ["hard", "expert"] as const) think({ ruleset, moves: [], level, ms: 40, seed: 1 });
}
