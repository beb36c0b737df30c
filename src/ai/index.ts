/** The computer opponent (docs/ai.md, "The interface"): levels, the search pool, and the helpers the bot needs. */
export {
  type AiPool,
  type AiPoolOptions,
  AiQueueFullError,
  createAiPool,
  type EndgameOptions,
  type Lane,
  type TableReport,
} from "./pool.ts";
export {
  defaultBudgetMs,
  type EndgameVerdict,
  isDecisive,
  isLevel,
  LEVELS,
  type Level,
  NODES_PER_MS,
  type ThinkRequest,
  type ThinkResult,
  WIN_SCORE,
} from "./types.ts";
