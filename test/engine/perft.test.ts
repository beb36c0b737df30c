/** Move-sequence counts from the start position (perft): ground truth for move generation. */
import { describe, expect, it } from "vitest";
import { CoreGame } from "../../src/engine/core.ts";
import { type GameState, newGame, play, START_POSITION } from "../../src/engine/index.ts";
import type { RulesetId } from "../../src/engine/types.ts";

function corePerft(ruleset: RulesetId, depth: number): number {
  const stack = Array.from({ length: depth + 1 }, () => new CoreGame(ruleset));
  stack[0].copyFrom(CoreGame.fromPosition(ruleset, START_POSITION));
  const count = (d: number): number => {
    const game = stack[d];
    if (d === depth) return 1;
    const mask = game.legalMask();
    let total = 0;
    for (let h = 0; h < 6; h++) {
      if (!(mask & (1 << h))) continue;
      stack[d + 1].copyFrom(game);
      stack[d + 1].play(h + 1);
      total += count(d + 1);
    }
    return total;
  };
  return count(0);
}

function apiPerft(state: GameState, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const house of state.legalMoves) {
    const played = play(state, house);
    if (!played.ok) throw new Error(played.error.message);
    total += apiPerft(played.value.state, depth - 1);
  }
  return total;
}

describe("perft", () => {
  it("perft abapa - matches the published counts - depths 1 to 7", () => {
    const counts = [1, 2, 3, 4, 5, 6, 7].map((d) => corePerft("abapa", d));
    expect(counts).toEqual([6, 36, 190, 1014, 5219, 27332, 139157]);
  });

  it("perft - the public API and the core agree - every ruleset to depth 5", () => {
    for (const ruleset of ["abapa", "wari", "caribbean", "speightstown", "bridgetown", "haiti"] as const) {
      expect(apiPerft(newGame(ruleset), 5), ruleset).toBe(corePerft(ruleset, 5));
    }
  });
});
