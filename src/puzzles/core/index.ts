/** Puzzles (docs/puzzles.md): found in finished games, verified by the search, and the shipped starter set. */
export {
  EFFORT_NODES,
  type FindOptions,
  type FindResult,
  findPuzzles,
  initialRating,
  MISTAKE_SEEDS,
  type PositionScore,
  puzzleId,
  SCAN_NODES,
} from "./find.ts";
export {
  type GameReport,
  type GenerateOptions,
  type Generation,
  generatePuzzlesWith,
  type MinedGame,
  mineGame,
  selfPlayGame,
} from "./generate.ts";
export { GENERATE_WORKER, type GenerateGameTask } from "./generate-worker.ts";
export {
  naturalWrong,
  REFUTE_NODES,
  REFUTE_PLIES,
  refutationLine,
  refutationNodes,
  refute,
  verifyRefutation,
} from "./refute.ts";
export {
  loadStarterPuzzles,
  parsePuzzleLine,
  puzzleLine,
  puzzlePosition,
  STARTER_DIR,
  starterFile,
} from "./starter.ts";
export { stateOf, themesOf } from "./themes.ts";
export { type GameSpec, type Puzzle, type PuzzleSource, type Refutation, THEMES, type Theme } from "./types.ts";
export {
  type CashIn,
  DECIDED_SEEDS,
  type Effort,
  effortOf,
  GAIN_SEEDS,
  gameOf,
  type Judgement,
  judge,
  MARGIN_SEEDS,
  MAX_SOLVER_MOVES,
  RESULT_SEEDS,
  solveLine,
  VERIFY_NODES,
  type Verdict,
  verifyLine,
  verifyPuzzle,
} from "./verify.ts";
export { MINE_WORKER, type MineTask } from "./worker.ts";
