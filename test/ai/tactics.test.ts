/** The search finds forced wins in hand-made positions, scored by the engine's own game end. */
import { describe, expect, it } from "vitest";
import { think } from "../../src/ai/think.ts";
import { isDecisive } from "../../src/ai/types.ts";
import { CoreGame } from "../../src/engine/core.ts";
import type { EngineReason, Position, RulesetId } from "../../src/engine/types.ts";

interface Case {
  readonly name: string;
  readonly ruleset: RulesetId;
  readonly start: Position;
  readonly best: number;
  readonly reason: EngineReason;
}

const CASES: readonly Case[] = [
  {
    name: "a capture that reaches 25 (abapa, 23 in store)",
    ruleset: "abapa",
    start: { pits: [2, 0, 0, 1, 0, 1, 1, 3, 0, 2, 0, 2], stores: [23, 13], toMove: 0 },
    best: 6,
    reason: "twenty-five",
  },
  {
    name: "a Barbados starvation win (speightstown: the last seed leaves, North cannot feed, South claims 11)",
    ruleset: "speightstown",
    start: { pits: [0, 0, 0, 0, 0, 1, 0, 4, 3, 2, 1, 0], stores: [19, 18], toMove: 0 },
    best: 6,
    reason: "starvation",
  },
  {
    name: "a forced Wari grand slam (every move takes the row: it ends the game, 28-20)",
    ruleset: "wari",
    start: { pits: [0, 0, 0, 0, 3, 2, 1, 2, 0, 0, 0, 0], stores: [20, 20], toMove: 0 },
    best: 5,
    reason: "grand-slam",
  },
  {
    name: "a Kay chain (haiti: two pits of three become fours, 8 seeds, North is stuck)",
    ruleset: "haiti",
    start: { pits: [0, 0, 0, 0, 0, 2, 3, 3, 0, 0, 0, 0], stores: [20, 20], toMove: 0 },
    best: 6,
    reason: "stuck",
  },
];

describe("ai tactics", () => {
  for (const c of CASES) {
    for (const level of ["hard", "expert"] as const) {
      it(`ai tactics - ${level} plays the win and proves it - ${c.name}`, () => {
        const result = think({ ruleset: c.ruleset, start: c.start, moves: [], level, ms: 200, seed: 1 });
        expect(result.best).toBe(c.best);
        expect(isDecisive(result.score) && result.score > 0).toBe(true);
        const game = CoreGame.fromPosition(c.ruleset, c.start);
        game.play(result.best);
        expect([game.over, game.winner, game.reason]).toEqual([true, 0, c.reason]);
      });
    }
  }
});
