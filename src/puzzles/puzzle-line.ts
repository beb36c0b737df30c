/**
 * A stored puzzle as a little game: the position after its moves, then its solution played move by
 * move. Pure (the engine's public API only): the service and the views replay a puzzle from its row.
 */

import type { PuzzleRow } from "../db/schema.ts";
import { type GameState, type MoveEvent, newGame, play, replay } from "../engine/index.ts";

/** Houses as the `puzzles` table stores them: one digit each ("3415"). */
export function housesOf(digits: string): number[] {
  return [...digits].map(Number);
}

export function digitsOf(houses: readonly number[]): string {
  return houses.join("");
}

/** A position of the line and, when a move led to it, the position before and what that move did. */
export interface LinePoint {
  readonly state: GameState;
  readonly last: { readonly before: GameState; readonly events: readonly MoveEvent[] } | null;
}

type LineOf = Pick<PuzzleRow, "ruleset" | "moves" | "solution">;

/** The puzzle's position: after its moves (the last of them the mistake, shown as the last move). */
export function puzzleStart(puzzle: Pick<PuzzleRow, "ruleset" | "moves">): LinePoint {
  const moves = housesOf(puzzle.moves);
  const before = replay(newGame(puzzle.ruleset), moves.slice(0, -1));
  if (!before.ok) throw new Error(`puzzle moves do not replay: ${before.error.message}`);
  const mistake = play(before.value, moves[moves.length - 1]);
  if (!mistake.ok) throw new Error(`puzzle moves do not replay: ${mistake.error.message}`);
  return { state: mistake.value.state, last: { before: before.value, events: mistake.value.events } };
}

/** Every point of the line: the puzzle's position, then the position after each move of the solution. */
export function linePoints(puzzle: LineOf): LinePoint[] {
  const points = [puzzleStart(puzzle)];
  for (const house of housesOf(puzzle.solution)) {
    const before = points[points.length - 1].state;
    const moved = play(before, house);
    if (!moved.ok) throw new Error(`puzzle solution does not replay: ${moved.error.message}`);
    points.push({ state: moved.value.state, last: { before, events: moved.value.events } });
  }
  return points;
}

/**
 * Where a right move at `step` (an index into the solution) leads, on the line's `points` (linePoints):
 * the solution's index of the solver's next move, after the opponent's replies in between; the
 * solution's length when the line is done.
 */
export function nextSolverStep(points: readonly LinePoint[], step: number): number {
  const solver = points[0].state.position.toMove;
  const length = points.length - 1;
  let next = step + 1;
  while (next < length && points[next].state.position.toMove !== solver) next++;
  return next;
}
