/**
 * The engine's second entry, for search, playouts and the engine's own tools: the mutable core on
 * typed arrays (the same rules implementation the public API plays through), the bridge between an
 * immutable GameState and a core, the Result builders and the seeded PRNG. Not a stable surface:
 * the API report covers index.ts only.
 */
export { CoreGame, type EventSink, HISTORY_ENTRY, type MoveFacts } from "./core.ts";
export { deepFreeze } from "./freeze.ts";
export { coreOf, firstState, loadState, nextState } from "./game.ts";
export * from "./index.ts";
export { answerRequest, type EngineAnswer, evaluateRequest, type RequestErrorCode } from "./jsonl.ts";
export {
  type MoveLabelError,
  type MoveNumber,
  moveLabel,
  moveNumbers,
  moveNumberText,
  type NumberedMoves,
  nextMoveNumber,
  type ParsedMoveLabel,
  parseMoveLabel,
  singleMoveLabel,
} from "./move-numbers.ts";
export { seededRandom } from "./random.ts";
export { fail, ok } from "./types.ts";
