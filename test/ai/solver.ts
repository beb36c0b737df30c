/**
 * The reference for the search tests: an exhaustive win/draw/loss minimax over the engine's core with
 * no table, no evaluation and no depth limit (the core's own cycle rule ends every line), so it knows
 * nothing the search knows. Only for positions with few seeds; it gives up past `nodeLimit` nodes.
 */
import type { CoreGame } from "../../src/engine/core.ts";

export type Wdl = -1 | 0 | 1;

export class TooBig extends Error {}

/** The result of `game` (not over) for its player to move, with alpha-beta on -1..1. */
export function solve(game: CoreGame, nodeLimit = 2_000_000): Wdl {
  let nodes = 0;
  const value = (node: CoreGame, alpha: number, beta: number): Wdl => {
    const mover = node.toMove;
    let best = -2;
    for (const house of node.legalHouses()) {
      if (++nodes > nodeLimit) throw new TooBig(`more than ${nodeLimit} nodes`);
      const child = node.clone();
      child.play(house);
      let v: number;
      if (child.over) v = child.winner === null ? 0 : child.winner === mover ? 1 : -1;
      else if (child.toMove === mover) v = value(child, alpha, beta);
      else v = -value(child, -beta, -alpha);
      if (v > best) best = v;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    return best as Wdl;
  };
  return value(game, -1, 1);
}

/** The result for the player who made `house` in `game`, after it. */
export function solveMove(game: CoreGame, house: number, nodeLimit?: number): Wdl {
  const child = game.clone();
  const mover = game.toMove;
  child.play(house);
  if (child.over) return child.winner === null ? 0 : child.winner === mover ? 1 : -1;
  const v = solve(child, nodeLimit);
  return (child.toMove === mover ? v : -v) as Wdl;
}
