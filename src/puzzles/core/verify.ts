/**
 * The uniqueness judge (docs/puzzles.md, "Uniqueness"): the project's own search (the expert's
 * configuration, every root move searched with a full window), bounded by nodes and never by time, so
 * that a verdict is the same on any machine and under any load.
 *
 * A root move's value is its score in seeds, clamped to ±RESULT_SEEDS, a proven win counting
 * +RESULT_SEEDS and a proven loss −RESULT_SEEDS (as the analysis report counts them). A move is the
 * unique answer when its value beats every other legal move's by at least MARGIN_SEEDS. A proven search
 * (every line searched to the end of the game) scores each move by its result: win, draw (0) or loss,
 * so there the rule reads "the only move that keeps the best result".
 */
import { tunedWeights } from "../../ai/evaluate.ts";
import { MAX_PLY, type SearchConfig, Searcher } from "../../ai/search.ts";
import { apiScore } from "../../ai/think.ts";
import { isDecisive } from "../../ai/types.ts";
import { CoreGame, type Player, type RulesetId, START_POSITION, validatePosition } from "../../engine/internal.ts";
import type { GameSpec, Puzzle } from "./types.ts";

/** The least lead (seeds) of the solver's move over every alternative: each alternative is at least a "mistake" of the analysis. */
export const MARGIN_SEEDS = 3;
/** What a proven win is worth (seeds) when compared with evaluations; evaluations are clamped to it. */
export const RESULT_SEEDS = 20;
/** The node budget of every search that judges a solver's move or picks the opponent's reply. */
export const VERIFY_NODES = 400_000;
/** The longest solution, in solver's moves. */
export const MAX_SOLVER_MOVES = 5;
/**
 * Beyond this many seeds a value is a result rather than a margin: a second move still this far ahead
 * also wins, and a best move this far behind also loses; neither position is a puzzle.
 */
export const DECIDED_SEEDS = 10;
/** The least material (seeds of store difference) a line must win, and the search must confirm kept, to cash in. */
export const GAIN_SEEDS = 2;

/** A game after its moves (the repetition history included); throws on an illegal move. */
export function gameOf(spec: GameSpec): CoreGame {
  const start = validatePosition(spec.ruleset, spec.start ?? START_POSITION);
  if (!start.ok) throw new Error(`invalid position: ${start.error.message}`);
  const game = CoreGame.fromPosition(spec.ruleset, start.value);
  spec.moves.forEach((move, ply) => {
    const why = game.illegalReason(move);
    if (why) throw new Error(`move ${move} at ply ${ply} is illegal (${why})`);
    game.play(move);
  });
  return game;
}

function configOf(ruleset: RulesetId, rootScores: boolean): SearchConfig {
  return {
    maxDepth: MAX_PLY,
    tableBits: 20,
    pvs: true,
    ordering: true,
    evaluation: "tuned",
    weights: tunedWeights(ruleset),
    rootScores,
  };
}

/** A score (the API's units: seeds, or ±(10000 − plies) when proven) as a value to compare. */
export function valueOfScore(score: number): number {
  if (isDecisive(score)) return Math.sign(score) * RESULT_SEEDS;
  return Math.max(-RESULT_SEEDS, Math.min(RESULT_SEEDS, score));
}

export interface SearchReport {
  readonly best: number;
  /** The best move's score in the API's units (seeds; ±(10000 − plies) when proven). */
  readonly score: number;
  readonly pv: readonly number[];
  readonly depth: number;
  readonly nodes: number;
  /** The search proved its result (or found a win within its horizon). */
  readonly exact: boolean;
}

/** The expert's search of a game that is not over, bounded by `nodes`: the engine's best move. */
export function bestMove(game: CoreGame, nodes = VERIFY_NODES): SearchReport {
  const outcome = new Searcher(game, configOf(game.ruleset, false)).run(limits(nodes));
  return {
    best: outcome.best,
    score: apiScore(outcome.score),
    pv: outcome.pv,
    depth: outcome.depth,
    nodes: outcome.nodes,
    exact: outcome.exact,
  };
}

export interface Judgement extends SearchReport {
  /** Each house's score (index house − 1), API units; null for an illegal house. */
  readonly scores: readonly (number | null)[];
  /** Each house's value (valueOfScore its score); null for an illegal house. */
  readonly values: readonly (number | null)[];
  readonly legal: number;
  /** The best value minus the best other legal move's value (RESULT_SEEDS × 2 when there is one legal move). */
  readonly gap: number;
  /**
   * The best move beats every alternative by MARGIN_SEEDS, no alternative still wins (DECIDED_SEEDS or
   * more), and the best move does not lose anyway (more than −DECIDED_SEEDS).
   */
  readonly unique: boolean;
}

function limits(nodes: number) {
  return { deadline: Number.POSITIVE_INFINITY, now: () => 0, nodeLimit: Math.max(1, nodes) };
}

/** Every legal move's score at a deep search, and whether the best one is unique (see the file comment). */
export function judge(game: CoreGame, nodes = VERIFY_NODES): Judgement {
  const outcome = new Searcher(game, configOf(game.ruleset, true)).run(limits(nodes));
  const mask = game.legalMask();
  const scores: (number | null)[] = [];
  for (let h = 0; h < 6; h++) scores.push(mask & (1 << h) ? apiScore(outcome.rootMoveScores[h]) : null);
  const values = scores.map((s) => (s === null ? null : valueOfScore(s)));
  const best = outcome.best;
  const bestValue = values[best - 1] as number;
  let second = Number.NEGATIVE_INFINITY;
  values.forEach((v, i) => {
    if (v !== null && i !== best - 1 && v > second) second = v;
  });
  const gap = second === Number.NEGATIVE_INFINITY ? 2 * RESULT_SEEDS : bestValue - second;
  const unique = gap >= MARGIN_SEEDS && second < DECIDED_SEEDS && bestValue > -DECIDED_SEEDS;
  return {
    best,
    score: scores[best - 1] as number,
    pv: outcome.pv,
    depth: outcome.depth,
    nodes: outcome.nodes,
    exact: outcome.exact,
    scores,
    values,
    legal: values.filter((v) => v !== null).length,
    gap,
    unique,
  };
}

function whyNot(j: Judgement): string {
  const best = j.values[j.best - 1] as number;
  if (best <= -DECIDED_SEEDS) return `it loses anyway: ${best.toFixed(2)} seeds`;
  if (j.gap < MARGIN_SEEDS) return `its lead is ${j.gap.toFixed(2)} seeds`;
  return `another move also wins: ${(best - j.gap).toFixed(2)} seeds`;
}

/** The store difference from `player`'s side. */
export function storeLead(game: CoreGame, player: Player): number {
  return game.stores[player] - game.stores[1 - player];
}

/** How a line cashed in (docs/puzzles.md, "The line"). */
export type CashIn = "game-won" | "game-saved" | "proven-win" | "proven-result" | "material";

/**
 * Whether the solver's move just played (`after`, with its judgement `j` at the position before it)
 * cashes the puzzle in: the game is won or saved, the move is a proven win, the search proved the result
 * the move keeps, or the line has won GAIN_SEEDS of store difference since the puzzle's position and
 * the deep search says the gain is kept.
 */
export function cashIn(after: CoreGame, solver: Player, startLead: number, j: Judgement): CashIn | null {
  if (after.over) {
    if (after.winner === solver) return "game-won";
    return after.winner === null ? "game-saved" : null;
  }
  const score = j.score;
  if (isDecisive(score)) return score > 0 ? "proven-win" : null;
  if (j.exact) return "proven-result";
  if (storeLead(after, solver) - startLead >= GAIN_SEEDS && score - startLead >= GAIN_SEEDS) return "material";
  return null;
}

export interface Line {
  readonly solution: readonly number[];
  readonly solverMoves: number;
  readonly cashIn: CashIn;
  /** The nodes the first solver move needed to be found (see effortOf). */
  readonly nodes: number;
}

export type LineResult =
  | { readonly ok: true; readonly line: Line; readonly nodes: number }
  | { readonly ok: false; readonly reason: string; readonly nodes: number };

/**
 * The puzzle's line from the position of `spec`: the unique solver's move, the engine's reply, and so on,
 * until a solver's move cashes in (at most MAX_SOLVER_MOVES); fails when a solver's move is not unique
 * before that, or when the first one is forced.
 */
export function solveLine(spec: GameSpec, nodes = VERIFY_NODES): LineResult {
  const game = gameOf(spec);
  let spent = 0;
  const fail = (reason: string): LineResult => ({ ok: false, reason, nodes: spent });
  if (game.over) return fail("the game is over");
  const solver = game.toMove;
  const startLead = storeLead(game, solver);
  const solution: number[] = [];
  let solverMoves = 0;
  for (;;) {
    if (game.toMove === solver) {
      const j = judge(game, nodes);
      spent += j.nodes;
      if (solverMoves === 0 && j.legal < 2) return fail("the first move is forced");
      if (!j.unique) return fail(`solver's move ${solverMoves + 1} is not unique (${whyNot(j)})`);
      game.play(j.best);
      solution.push(j.best);
      solverMoves++;
      const cashed = cashIn(game, solver, startLead, j);
      if (cashed) return { ok: true, line: { solution, solverMoves, cashIn: cashed, nodes: 0 }, nodes: spent };
      if (game.over) return fail("the game ended without cashing in");
      if (solverMoves >= MAX_SOLVER_MOVES) return fail(`no cash-in within ${MAX_SOLVER_MOVES} moves`);
    } else {
      const reply = bestMove(game, nodes);
      spent += reply.nodes;
      game.play(reply.best);
      solution.push(reply.best);
      if (game.over) return fail("the game ended on the opponent's reply");
    }
  }
}

export type Verdict =
  | { readonly ok: true; readonly nodes: number }
  | { readonly ok: false; readonly reason: string; readonly nodes: number };

/**
 * Re-checks a line from the position of `spec`: every solver's move is still the unique best, every reply
 * still the engine's best, the line ends with a solver's move, and its last move still cashes in.
 */
export function verifyLine(spec: GameSpec, solution: readonly number[], nodes = VERIFY_NODES): Verdict {
  let spent = 0;
  const fail = (reason: string): Verdict => ({ ok: false, reason, nodes: spent });
  let game: CoreGame;
  try {
    game = gameOf(spec);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (game.over) return fail("the game is over at the puzzle's position");
  if (solution.length === 0) return fail("the solution is empty");
  const solver = game.toMove;
  const startLead = storeLead(game, solver);
  let solverMoves = 0;
  for (let i = 0; i < solution.length; i++) {
    const move = solution[i];
    if (game.over) return fail(`the game is over before move ${i + 1} of the solution`);
    if (game.illegalReason(move)) return fail(`move ${i + 1} of the solution (${move}) is illegal`);
    if (game.toMove === solver) {
      const j = judge(game, nodes);
      spent += j.nodes;
      if (solverMoves === 0 && j.legal < 2) return fail("the first move is forced");
      if (j.best !== move) return fail(`move ${i + 1}: the engine prefers ${j.best} to ${move}`);
      if (!j.unique) return fail(`move ${i + 1} is no longer unique (${whyNot(j)})`);
      game.play(move);
      solverMoves++;
      if (i === solution.length - 1 && !cashIn(game, solver, startLead, j)) return fail("the line no longer cashes in");
    } else {
      if (i === solution.length - 1) return fail("the solution ends with the opponent's move");
      const reply = bestMove(game, nodes);
      spent += reply.nodes;
      if (reply.best !== move) return fail(`move ${i + 1}: the engine replies ${reply.best}, not ${move}`);
      game.play(move);
    }
  }
  if (solverMoves > MAX_SOLVER_MOVES) return fail(`more than ${MAX_SOLVER_MOVES} solver's moves`);
  return { ok: true, nodes: spent };
}

/** Re-checks a stored puzzle with the current engine and search (see verifyLine). */
export function verifyPuzzle(puzzle: Puzzle, nodes = VERIFY_NODES): Verdict {
  return verifyLine({ ruleset: puzzle.ruleset, moves: puzzle.moves }, puzzle.solution, nodes);
}

export interface Effort {
  /** The least depth from which the expert's search chooses the move at every deeper iteration (within `max` nodes). */
  readonly depth: number;
  /** The nodes of the search to that depth. */
  readonly nodes: number;
  /** Nodes spent finding it (every depth searched anew). */
  readonly spent: number;
}

/**
 * The search effort of a solver's move: the expert's search (its ordinary configuration) to depth 1, 2, 3,
 * … while a search fits in `max` nodes; the effort is the first depth of the last run of depths that choose
 * the move, and the nodes that depth took (when no depth within the budget chooses it: one more than the
 * deepest, and `max`).
 */
export function effortOf(game: CoreGame, move: number, max = VERIFY_NODES): Effort {
  let depth = 0;
  let nodes = 0;
  let spent = 0;
  let reached = 0;
  for (let d = 1; d <= MAX_PLY; d++) {
    const outcome = new Searcher(game, { ...configOf(game.ruleset, false), maxDepth: d }).run(limits(max));
    spent += outcome.nodes;
    if (outcome.stop === "nodes") break; // the budget ran out before this depth
    reached = outcome.depth;
    if (outcome.best !== move) depth = 0;
    else if (depth === 0) {
      depth = d;
      nodes = outcome.nodes;
    }
    if (outcome.stop === "proven") break;
  }
  if (depth === 0) return { depth: reached + 1, nodes: max, spent };
  return { depth, nodes, spent };
}
