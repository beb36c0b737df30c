/**
 * One game of a starter-set generation in a pool's thread (piscina's convention: the default export is
 * the task): `npm run -s puzzles -- --generate` runs its games in the AI pool's threads, one per core.
 */
import type { RulesetId } from "../../engine/internal.ts";
import { type MinedGame, mineGame } from "./generate.ts";

export interface GenerateGameTask {
  readonly ruleset: RulesetId;
  readonly seed: number;
  readonly index: number;
}

export default function generateGameTask(task: GenerateGameTask): MinedGame {
  return mineGame(task.ruleset, task.seed, task.index);
}

/** This file as a pool's worker, as worker.ts's MINE_WORKER. */
export const GENERATE_WORKER = new URL(
  import.meta.url.endsWith(".ts") ? "./generate-worker.ts" : "./generate-worker.js",
  import.meta.url,
).href;
