/** fast-check arbitraries of positions shared by the AI's property tests. */
import fc from "fast-check";
import { CoreGame } from "../../src/engine/core.ts";
import { moveLetter, START_POSITION } from "../../src/engine/notation.ts";
import type { Position, RulesetId } from "../../src/engine/types.ts";

/** 48 seeds dealt to the 12 pits and 2 stores, either player to move (not checked against any ruleset). */
export const dealtPosition = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 13 }), { minLength: 48, maxLength: 48 }), fc.integer({ min: 0, max: 1 }))
  .map(([places, toMove]): Position => {
    const counts = Array<number>(14).fill(0);
    for (const place of places) counts[place]++;
    return { pits: counts.slice(0, 12), stores: [counts[12], counts[13]], toMove: toMove as 0 | 1 };
  });

/** The game after `choices` drawn among each position's legal moves from `start` (fewer if it ends), and its moves. */
export function playedGame(
  ruleset: RulesetId,
  choices: readonly number[],
  start: Position = START_POSITION,
): { game: CoreGame; moves: number[] } {
  const game = CoreGame.fromPosition(ruleset, start);
  const moves: number[] = [];
  for (const choice of choices) {
    if (game.over) break;
    const legal = game.legalHouses();
    moves.push(legal[choice % legal.length]);
    game.play(moves[moves.length - 1]);
    if (game.over) break;
  }
  return { game, moves };
}

/** A random abapa game as bench:versus records it, and its positions after each ply. */
export function randomGame(choices: readonly number[]): { record: string; positions: CoreGame[] } {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  let record = "";
  const positions = [game.clone()];
  for (const choice of choices) {
    if (game.over) break;
    const legal = game.legalHouses();
    const house = legal[choice % legal.length];
    record += moveLetter(game.toMove, house);
    game.play(house);
    positions.push(game.clone());
  }
  return { record, positions };
}
