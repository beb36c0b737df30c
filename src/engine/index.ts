/**
 * The engine's public surface (`nickar/engine`): immutable game states, moves that return a new state
 * or an error value, notation and records, and the ruleset registry. It imports nothing from Discord,
 * the database or the renderer. Search and tools use the mutable core through `./internal.ts`.
 */
export {
  fromPosition,
  fromRecordText,
  type GameState,
  type MoveOutcome,
  newGame,
  play,
  type ReplayFailure,
  type ReplayResult,
  recordText,
  replay,
} from "./game.ts";
export {
  formatMoves,
  formatPosition,
  formatRecord,
  type GameRecord,
  houseToPit,
  isStartPosition,
  moveLetter,
  parseMoveLetter,
  parsePosition,
  parseRecord,
  pitLetter,
  START_POSITION,
  validatePosition,
} from "./notation.ts";
export { exportRecord, type ImportedRecord, importRecord, type RecordTags } from "./pgn.ts";
export type { HaitiRules, OwareRules } from "./rulesets.ts";
export { isRulesetId, RULESETS, type RulesetInfo, rulesetName } from "./rulesets.ts";
export {
  type AwardKind,
  type EngineError,
  type EngineErrorCode,
  type EngineReason,
  type MoveEvent,
  type Outcome,
  opponent,
  type Player,
  type Position,
  type Result,
  RULESET_IDS,
  type RulesetId,
  type SlamTreatment,
} from "./types.ts";
