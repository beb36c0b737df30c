/**
 * The computer opponent's interface (documented in docs/ai.md, "The interface": change it only by
 * adding fields). src/ai imports only the engine.
 */
import type { Player, Position, RulesetId } from "../engine/internal.ts";

export const LEVELS = ["easy", "medium", "hard", "expert"] as const;
export type Level = (typeof LEVELS)[number];

export interface ThinkRequest {
  readonly ruleset: RulesetId;
  /** Omitted: the standard start. */
  readonly start?: Position;
  /** The houses played from the start: the game's whole move list, so the search knows the repetition history. */
  readonly moves: readonly number[];
  readonly level: Level;
  /** Time budget; omitted: the level's default (defaultBudgetMs). */
  readonly ms?: number;
  /**
   * Given: deterministic (same request, same answer). The budget is then counted in nodes instead of
   * milliseconds (NODES_PER_MS per millisecond of `ms`), so the answer does not depend on the machine's load.
   */
  readonly seed?: number;
  /**
   * expert only: from the standard start, play a move of the opening book when the position is in it
   * (one of its near-equal moves at random, from the seed when given) instead of searching. Nickar's own
   * moves ask for it; hints and analyses do not.
   */
  readonly book?: boolean;
  /**
   * expert only: also give the endgame table's verdict on the position (ThinkResult.endgame), for what a
   * person reads (hints, analyses); Nickar's own moves do without it.
   */
  readonly verdict?: boolean;
}

export interface ThinkResult {
  /** House 1..6 of the player to move; always legal. */
  readonly best: number;
  /** From the player to move's side, in seeds of evaluation; proven results are beyond ±WIN_SCORE/2 (isDecisive). */
  readonly score: number;
  /** Deepest completed iteration. */
  readonly depth: number;
  readonly nodes: number;
  /** Principal variation, houses, starting with best. */
  readonly pv: readonly number[];
  /** Time actually spent. */
  readonly ms: number;
  /**
   * The score is the game-theoretic result (win, draw or loss, by the ruleset's own end rules): every
   * line was searched to the end of the game. Always false for easy, whose choice is noisy.
   */
  readonly proven: boolean;
  /**
   * What ended the search: "time" (a clock check, every 1024 nodes, found the budget spent), "nodes" (a
   * seeded request's node budget), "abort", "proven" (see proven) or "depth" (the level's depth).
   * Always set by think; optional so that stand-ins written before it stay valid.
   */
  readonly stop?: "time" | "nodes" | "abort" | "proven" | "depth";
  /**
   * Endgame table look-ups at positions just reached by a capture, and how many of them the table
   * decided (docs/ai.md, "Endgame tables"); 0 without a table. Optional, as stop.
   */
  readonly tableProbes?: number;
  readonly tableProofs?: number;
  /** The move came from the opening book (no search: score 0, depth 0, no nodes). */
  readonly book?: boolean;
  /**
   * expert only, when asked (ThinkRequest.verdict): the endgame table's verdict on the position, when the
   * table decides it (docs/ai.md, "Endgame tables"). Optional, as stop.
   */
  readonly endgame?: EndgameVerdict;
}

/** A result the endgame table decides: "won endgame, 26-22 with best play". */
export interface EndgameVerdict {
  /** The winner with best play, null for a draw. */
  readonly winner: Player | null;
  /** South's and North's stores where a line of best play ends, when the table's bounds meet. */
  readonly stores?: readonly [number, number];
}

/** A proven win scores WIN_SCORE minus the plies to it (a proven loss the negative): sooner wins score higher. */
export const WIN_SCORE = 10_000;

/** Whether a score is a proven win or loss rather than an evaluation. */
export function isDecisive(score: number): boolean {
  return Math.abs(score) > WIN_SCORE / 2;
}

/**
 * The node budget per millisecond of a seeded request: below what one thread of this machine searches
 * (see docs/benchmarks.md, AI), so that a seeded search usually ends within its time budget too.
 */
export const NODES_PER_MS = 1000;

const DEFAULT_BUDGET_MS: Readonly<Record<Level, number>> = { easy: 300, medium: 500, hard: 1500, expert: 1500 };

export function defaultBudgetMs(level: Level): number {
  return DEFAULT_BUDGET_MS[level];
}

export function isLevel(value: unknown): value is Level {
  return typeof value === "string" && (LEVELS as readonly string[]).includes(value);
}
