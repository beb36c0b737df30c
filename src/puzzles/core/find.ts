/**
 * Mining a finished game for puzzles (docs/puzzles.md, "Finding"): a scan of every position for a
 * mistake (a move that loses at least MISTAKE_SEEDS of its mover's evaluation), then, at the position
 * after each mistake, the judge's line (verify.ts). Synchronous and bounded by nodes: call it in a worker
 * thread, with maxNodes when it must stop early.
 */
import { createHash } from "node:crypto";
import { CoreGame, type RulesetId, START_POSITION } from "../../engine/internal.ts";
import { refute } from "./refute.ts";
import { themesOf } from "./themes.ts";
import type { Puzzle, PuzzleSource } from "./types.ts";
import { effortOf, gameOf, judge, solveLine, VERIFY_NODES, valueOfScore } from "./verify.ts";

/** The least evaluation a move must lose (seeds) to be looked at as a mistake: the analysis's "mistake". */
export const MISTAKE_SEEDS = 3;
/** The node budget of the scan's search of each position (every root move scored). */
export const SCAN_NODES = 30_000;

/** The stable id of a puzzle: the first 12 hex digits of the SHA-256 of `ruleset:moves`. */
export function puzzleId(ruleset: RulesetId, moves: readonly number[]): string {
  return createHash("sha256")
    .update(`${ruleset}:${moves.join("")}`)
    .digest("hex")
    .slice(0, 12);
}

/**
 * The initial difficulty (Glicko scale): 1200 for one solver's move that the expert's search finds at
 * depth 1 (a capture in sight), plus 150 per solver's move after the first, plus 60 per ply of search
 * depth the first move needs (effortOf); within 600..2600.
 */
export function initialRating(solverMoves: number, effortDepth: number): number {
  const rating = 1200 + 150 * (solverMoves - 1) + 60 * (effortDepth - 1);
  return Math.round(Math.max(600, Math.min(2600, rating)));
}

/** The node budget of the effort's searches (a move not found within it counts as the depth that budget reached + 1). */
export const EFFORT_NODES = 100_000;

/** The engine's evaluation of a position of a game, as an analysis stores it (API units, from the side to move). */
export interface PositionScore {
  readonly score: number;
}

export interface FindOptions {
  readonly source: PuzzleSource;
  /**
   * The game's analysis when one exists (the score of the position after k moves at index k, as many as
   * the analysis searched): the mistakes are then read from it and the scan costs nothing.
   */
  readonly evaluations?: readonly PositionScore[];
  readonly scanNodes?: number;
  readonly verifyNodes?: number;
  /** Stop (complete: false) once this many nodes are spent; checked before each search. */
  readonly maxNodes?: number;
  /** Skip a candidate position (for instance one already known); called with the moves to it. */
  readonly skip?: (moves: readonly number[]) => boolean;
  /** Look only at mistakes from this ply on (0-based index of the move; default 0). */
  readonly fromPly?: number;
}

export interface FindResult {
  readonly puzzles: Puzzle[];
  /** Every node searched: the scan, the lines (kept or not), the efforts and the refutations. */
  readonly nodes: number;
  readonly scanNodes: number;
  /** Positions after a mistake that were judged. */
  readonly candidates: number;
  /** False when maxNodes stopped it before the end of the game. */
  readonly complete: boolean;
  /** Where it stopped when not complete: pass it back as `fromPly` to go on (the game's length when complete). */
  readonly nextPly: number;
}

/** The puzzles of a game played from the ruleset's start (see the file comment). */
export function findPuzzles(ruleset: RulesetId, moves: readonly number[], options: FindOptions): FindResult {
  const scanBudget = options.scanNodes ?? SCAN_NODES;
  const verifyBudget = options.verifyNodes ?? VERIFY_NODES;
  const maxNodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
  const evaluations = options.evaluations;
  gameOf({ ruleset, moves }); // throws on an illegal move list
  const game = CoreGame.fromPosition(ruleset, START_POSITION);
  const puzzles: Puzzle[] = [];
  let nodes = 0;
  let scanNodes = 0;
  let candidates = 0;
  let complete = true;
  let nextPly = moves.length;
  for (let k = 0; k < moves.length; k++) {
    const played = moves[k];
    const mover = game.toMove;
    const multiple = (game.legalMask() & (game.legalMask() - 1)) !== 0;
    let loss = 0;
    if (k >= (options.fromPly ?? 0) && multiple) {
      if (evaluations) {
        const before = evaluations[k];
        const after = evaluations[k + 1];
        if (before && after) {
          const next = game.clone();
          next.play(played);
          const afterForMover = next.toMove === mover ? valueOfScore(after.score) : -valueOfScore(after.score);
          loss = valueOfScore(before.score) - afterForMover;
        }
      } else {
        if (nodes >= maxNodes) {
          complete = false;
          nextPly = k;
          break;
        }
        const scan = judge(game, scanBudget);
        nodes += scan.nodes;
        scanNodes += scan.nodes;
        loss = (scan.values[scan.best - 1] as number) - (scan.values[played - 1] as number);
      }
    }
    game.play(played);
    if (loss < MISTAKE_SEEDS || game.over || game.toMove === mover) continue;
    const to = moves.slice(0, k + 1);
    if (options.skip?.(to)) continue;
    // At the ply a resumed search starts from, the candidate is always judged: else a budget smaller than
    // one scan would stop there again at every step and never get past it.
    if (nodes >= maxNodes && k > (options.fromPly ?? 0)) {
      complete = false;
      nextPly = k;
      break;
    }
    candidates++;
    const result = solveLine({ ruleset, moves: to }, verifyBudget);
    nodes += result.nodes;
    if (!result.ok) continue;
    const { line } = result;
    const effort = effortOf(gameOf({ ruleset, moves: to }), line.solution[0], EFFORT_NODES);
    nodes += effort.spent;
    const refuted = refute({ ruleset, moves: to }, line.solution);
    nodes += refuted.nodes;
    puzzles.push({
      id: puzzleId(ruleset, to),
      ruleset,
      moves: to,
      solution: line.solution,
      solverMoves: line.solverMoves,
      themes: themesOf({ ruleset, moves: to }, line.solution),
      refutations: refuted.refutations,
      rating: initialRating(line.solverMoves, effort.depth),
      source: options.source,
    });
  }
  return { puzzles, nodes, scanNodes, candidates, complete, nextPly };
}
