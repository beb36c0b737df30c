/**
 * Puzzle ratings (Glicko-2, as for games): each rated try is one game between the player and the puzzle,
 * won by the player when they solve it. Both ratings move, as on Lichess, so a puzzle that many fail
 * climbs and one that everybody solves sinks.
 */
import { INITIAL_RATING, type Rating, rateGame } from "../competition/glicko.ts";

export { INITIAL_RATING as INITIAL_PUZZLE_PLAYER };

/**
 * A new puzzle's deviation: its initial rating is an estimate from the line's length and the search's
 * effort (docs/puzzles.md), surer than nothing but to be corrected by the first tries.
 */
export const NEW_PUZZLE_DEVIATION = 250;
export const NEW_PUZZLE_VOLATILITY = 0.06;

/** The player's and the puzzle's ratings after one rated try. */
export function rateTry(player: Rating, puzzle: Rating, solved: boolean): { player: Rating; puzzle: Rating } {
  const [p, q] = rateGame(player, puzzle, solved ? 1 : 0);
  return { player: p, puzzle: q };
}
