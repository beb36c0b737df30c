/**
 * Run by bench:versus on a search pool's thread (AiPool.runTask) when --search-repetition is given: the
 * bot's expert (the same think, the tables the pool's worker installed on this thread at the lane's warm-up)
 * with the search's reading of repetitions set, so that a match can play the expert with and without
 * SearchConfig.twofold on the same build.
 */
import { type ExpertParts, think } from "../src/ai/think.ts";
import type { ThinkRequest, ThinkResult } from "../src/ai/types.ts";

export interface VersusThinkTask {
  readonly request: ThinkRequest;
  readonly repetition: NonNullable<ExpertParts["repetition"]>;
}

export default function versusThink(task: VersusThinkTask): ThinkResult {
  return think(task.request, undefined, undefined, { repetition: task.repetition });
}
