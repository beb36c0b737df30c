/**
 * Mining one finished game in a worker thread (piscina's convention: the default export is the task).
 * The bot's own pool can run it in its `bot` lane after a game ends, so that mining never delays play;
 * `maxNodes` bounds the work (the result then says complete: false).
 */
import type { RulesetId } from "../../engine/internal.ts";
import { type FindResult, findPuzzles, type PositionScore } from "./find.ts";

export interface MineTask {
  readonly ruleset: RulesetId;
  /** The finished game's moves from the start. */
  readonly moves: readonly number[];
  readonly gameId: string;
  /** The game's analysis, when one exists: the score of each position (see FindOptions.evaluations). */
  readonly evaluations?: readonly PositionScore[];
  readonly maxNodes?: number;
  /** Go on from this ply (a previous step's `nextPly`). */
  readonly fromPly?: number;
}

export default function mineTask(task: MineTask): FindResult {
  return findPuzzles(task.ruleset, task.moves, {
    source: { kind: "game", gameId: task.gameId },
    evaluations: task.evaluations,
    maxNodes: task.maxNodes,
    fromPly: task.fromPly,
  });
}

/**
 * This file as a pool's worker (piscina's `filename`): worker.ts run from the sources (tsx, vitest),
 * worker.js from a build, as src/ai/pool.ts finds its own.
 */
export const MINE_WORKER = new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./worker.js", import.meta.url)
  .href;
