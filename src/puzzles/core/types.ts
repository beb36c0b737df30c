/**
 * Puzzles (docs/puzzles.md): a position from a real game right after a mistake, where the player to move
 * has exactly one move that keeps the best result, and the short line that cashes it in. Plain data: the
 * bot stores, shows and rates them; src/puzzles finds and verifies them with the search.
 */
import type { Position, RulesetId } from "../../engine/internal.ts";

/** Tagged automatically from the engine's events along the solution (themes.ts). */
export const THEMES = [
  /** A solver's capture of one house. */
  "capture",
  /** A solver's capture of two or more houses in one move. */
  "capture-chain",
  /** The first solver's move captures nothing and does not end the game: it prepares what follows. */
  "quiet-move",
  /** The opponent captures during the line, and the solver still comes out ahead. */
  "sacrifice",
  /** A grand slam that the ruleset rewards (wari's forced slam, caribbean, speightstown, bridgetown). */
  "grand-slam",
  /** haiti: a Kay (a capture of fours). */
  "kay",
  /** haiti: a capture made at the end of a relay (the sowing went on from a pit it reached). */
  "relay",
  /** A move of the line is played under the feeding rule (the mover's opponent has an empty row). */
  "feeding",
  /** The line itself ends the game by starvation, no moves, or stuck (not the search's proof beyond it). */
  "starvation",
  /** The line itself ends the game by cycle. */
  "cycle",
  /** The line itself ends the game at 25 seeds. */
  "twenty-five",
  /** Few seeds on the board at the puzzle's position (ENDGAME_SEEDS of the search: 14 or fewer). */
  "endgame",
] as const;
export type Theme = (typeof THEMES)[number];

export type PuzzleSource =
  /** The starter set: made by `npm run -s puzzles -- --generate` from this seed. */
  | { readonly kind: "starter"; readonly seed: number }
  /** Mined from a finished game of a server. */
  | { readonly kind: "game"; readonly gameId: string };

export interface Puzzle {
  /** A short hash of the ruleset and the moves (puzzleId): the same position from the same game is the same puzzle. */
  readonly id: string;
  readonly ruleset: RulesetId;
  /** Houses 1..6 from the ruleset's start position to the puzzle's position: the mistake is the last of them. */
  readonly moves: readonly number[];
  /**
   * The line from the puzzle's position: the solver's moves with the opponent's best replies between
   * them, replayable by the engine; it ends with a solver's move. The mover of each move is whoever is to
   * move after replaying (a Caribbean grand slam gives the solver two moves in a row).
   */
  readonly solution: readonly number[];
  /** How many moves of the solution are the solver's (1..MAX_SOLVER_MOVES). */
  readonly solverMoves: number;
  readonly themes: readonly Theme[];
  /** What each natural wrong move runs into (refute.ts): every legal move other than the solver's, at each solver's move. */
  readonly refutations: readonly Refutation[];
  /** Initial difficulty on the Glicko scale (about 1500 in the middle): from the line's length and the search effort. */
  readonly rating: number;
  readonly source: PuzzleSource;
}

/**
 * A wrong move and the line that punishes it: the engine's best play after it, both sides (refute.ts).
 */
export interface Refutation {
  /** The index in the solution of the solver's move that the wrong move replaces. */
  readonly step: number;
  /** The wrong move first, then the engine's line; it ends with the opponent's move (or the game's end). */
  readonly line: readonly number[];
}

/**
 * A game to search: the ruleset, an optional start position (the standard start when omitted; puzzles
 * always start there, but tests plant positions), and the moves played from it.
 */
export interface GameSpec {
  readonly ruleset: RulesetId;
  readonly start?: Position;
  readonly moves: readonly number[];
}
