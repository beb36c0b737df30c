/**
 * Refutations (docs/puzzles.md, "Refutations"): what a wrong move runs into. At each solver's move of a
 * puzzle, every legal move other than the solution's gets the line the engine plays after it, both sides,
 * cut where the punishment shows most: within REFUTE_PLIES plies, after the opponent's move that leaves
 * the solver's store lead lowest (the earliest such), or at the game's end when the line gets there. A
 * wrong move is often punished late (speightstown 62e11923d3e5: the bigger capture b takes 3 where e takes
 * 2, and the seeds come back eleven plies on), so the line is not cut at the first capture.
 * Every legal move, not a chosen few: the solution is unique by MARGIN_SEEDS, so each alternative is a
 * mistake the search can show, and a player who presses one sees why. One search per wrong move (its
 * principal variation), bounded by nodes, so the same position always gives the same line and a stored
 * refutation can be re-checked (verifyRefutation). The natural wrong moves, those that capture at least
 * as much as the solution's move (the bigger capture), get the judge's budget, deep enough to reach a
 * late punishment; the others a quarter of it.
 */
import type { CoreGame } from "../../engine/internal.ts";
import type { GameSpec, Refutation } from "./types.ts";
import { bestMove, gameOf, VERIFY_NODES, type Verdict } from "./verify.ts";

/** The node budget of the search after a wrong move that is not natural (see naturalWrong). */
export const REFUTE_NODES = 100_000;
/** The longest refutation after the wrong move, in plies of the engine's line. */
export const REFUTE_PLIES = 12;

export interface RefutationLine {
  readonly line: number[];
  readonly nodes: number;
}

/** The seeds `move` gains its mover at once (its captures, or what the game's end gives). */
function gainOf(game: CoreGame, move: number): number {
  const mover = game.toMove;
  const after = game.clone();
  after.play(move);
  return after.stores[mover] - game.stores[mover];
}

/** A natural wrong move: it captures, at least as much as the solution's `right` move does (the bigger capture). */
export function naturalWrong(game: CoreGame, wrong: number, right: number): boolean {
  const gain = gainOf(game, wrong);
  return gain > 0 && gain >= gainOf(game, right);
}

/** The node budget of a wrong move's refutation: the judge's for a natural one, REFUTE_NODES else. */
export function refutationNodes(game: CoreGame, wrong: number, right: number): number {
  return naturalWrong(game, wrong, right) ? VERIFY_NODES : REFUTE_NODES;
}

/**
 * The refutation of `wrong` in `game` (the solver to move; `game` is left as it was): the wrong move,
 * then the engine's principal variation after it, to the game's end or, within REFUTE_PLIES plies, to the
 * opponent's move after which the solver's store lead is lowest (see the file comment).
 */
export function refutationLine(game: CoreGame, wrong: number, nodes = REFUTE_NODES): RefutationLine {
  const solver = game.toMove;
  const lead = (g: CoreGame) => g.stores[solver] - g.stores[1 - solver];
  const after = game.clone();
  after.play(wrong);
  const line = [wrong];
  if (after.over) return { line, nodes: 0 };
  const report = bestMove(after, nodes);
  const pv = report.pv[0] === report.best ? report.pv : [report.best];
  let cut = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (const move of pv.slice(0, REFUTE_PLIES)) {
    if (after.illegalReason(move)) break;
    const mover = after.toMove;
    after.play(move);
    line.push(move);
    if (after.over) {
      cut = line.length;
      break;
    }
    if (mover !== solver && lead(after) < lowest) {
      lowest = lead(after);
      cut = line.length;
    }
  }
  return { line: line.slice(0, cut || 1), nodes: report.nodes };
}

/** Every refutation of a puzzle's line (see the file comment), in solution order then house order. */
export function refute(spec: GameSpec, solution: readonly number[]): { refutations: Refutation[]; nodes: number } {
  const game = gameOf(spec);
  const solver = game.toMove;
  const refutations: Refutation[] = [];
  let spent = 0;
  solution.forEach((move, step) => {
    if (game.toMove === solver)
      for (const house of game.legalHouses()) {
        if (house === move) continue;
        const found = refutationLine(game, house, refutationNodes(game, house, move));
        spent += found.nodes;
        refutations.push({ step, line: found.line });
      }
    game.play(move);
  });
  return { refutations, nodes: spent };
}

/** Re-checks a stored refutation: a legal line at a solver's move of the solution, the one the search plays now. */
export function verifyRefutation(spec: GameSpec, solution: readonly number[], refutation: Refutation): Verdict {
  const fail = (reason: string, spent = 0): Verdict => ({ ok: false, reason, nodes: spent });
  const { step, line } = refutation;
  if (step < 0 || step >= solution.length) return fail(`step ${step} is outside the solution`);
  const game = gameOf(spec);
  const solver = game.toMove;
  for (const move of solution.slice(0, step)) game.play(move);
  if (game.toMove !== solver) return fail(`step ${step} is the opponent's move`);
  if (line[0] === solution[step]) return fail(`step ${step}: ${line[0]} is the solution's move`);
  const replay = game.clone();
  for (const [i, move] of line.entries()) {
    if (replay.over || replay.illegalReason(move)) return fail(`move ${i + 1} of the refutation (${move}) is illegal`);
    replay.play(move);
  }
  const found = refutationLine(game, line[0], refutationNodes(game, line[0], solution[step]));
  if (found.line.join("") !== line.join(""))
    return fail(`the search now refutes ${line[0]} by ${found.line.join("")}, not ${line.join("")}`, found.nodes);
  return { ok: true, nodes: found.nodes };
}
