/** The engine's public surface. It imports nothing from Discord, the database or the renderer. */
export { CoreGame, type EventSink } from "./core.ts";
export {
  fromRecordText,
  type GameState,
  type MoveOutcome,
  newGame,
  play,
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
export { seededRandom } from "./random.ts";
export { isRulesetId, RULESETS, type RulesetInfo } from "./rulesets.ts";
export * from "./types.ts";
