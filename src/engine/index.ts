/** The engine's public surface. It imports nothing from Discord, the database or the renderer. */
export { CoreGame, type EventSink } from "./core.ts";
export {
  fromRecordText,
  type GameState,
  type MoveOutcome,
  moveError,
  newGame,
  play,
  recordText,
  replay,
  toMove,
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
  pitOwner,
  pitToHouse,
  START_POSITION,
  validatePosition,
} from "./notation.ts";
export { exportRecord, type ImportedRecord, importRecord, type RecordTags } from "./pgn.ts";
export { seededRandom } from "./random.ts";
export { isRulesetId, RULESETS, type RulesetInfo, rulesetInfo } from "./rulesets.ts";
export * from "./types.ts";
