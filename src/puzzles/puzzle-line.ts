/**
 * A stored puzzle as a little game: the position after its moves, then its solution played move by
 * move. Pure (the engine's public API only): the service and the views replay a puzzle from its row.
 */

import type { PuzzleRow } from "../db/schema.ts";
import { type GameState, type MoveEvent, newGame, play, replay } from "../engine/index.ts";
import type { Refutation } from "./core/index.ts";

/** Houses as the `puzzles` table stores them: one digit each ("3415"). */
export function housesOf(digits: string): number[] {
  return [...digits].map(Number);
}

export function digitsOf(houses: readonly number[]): string {
  return houses.join("");
}

/** A puzzle's refutations as the `puzzles` table stores them: "step:line" each, space-separated ("0:43 0:2563"). */
export function refutationsText(refutations: readonly Refutation[]): string {
  return refutations.map((r) => `${r.step}:${digitsOf(r.line)}`).join(" ");
}

/** The stored line refuting `house` at `step` (an index into the solution), or null when none is kept. */
export function refutationOf(puzzle: Pick<PuzzleRow, "refutations">, step: number, house: number): number[] | null {
  for (const entry of puzzle.refutations.split(" ")) {
    const [at, digits] = entry.split(":");
    if (Number(at) === step && digits?.[0] === String(house)) return housesOf(digits);
  }
  return null;
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
  return pointsFrom(puzzleStart(puzzle), housesOf(puzzle.solution));
}

/** `from`, then the position after each of `houses` played from it. */
export function pointsFrom(from: LinePoint, houses: readonly number[]): LinePoint[] {
  const points = [from];
  for (const house of houses) {
    const before = points[points.length - 1].state;
    const moved = play(before, house);
    if (!moved.ok) throw new Error(`puzzle line does not replay: ${moved.error.message}`);
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
