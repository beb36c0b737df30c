/** The computer opponent never plays an illegal move, whatever the position, ruleset and level. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { think } from "../../src/ai/think.ts";
import { LEVELS } from "../../src/ai/types.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { RULESET_IDS } from "../../src/engine/types.ts";
import { dealtPosition } from "../support/positions.ts";

describe("ai legality", () => {
  for (const ruleset of RULESET_IDS) {
    it(`ai legality - every level plays a legal house - random positions and game histories in ${ruleset}`, () => {
      fc.assert(
        fc.property(dealtPosition, fc.array(fc.nat(5), { maxLength: 40 }), fc.nat(), (start, picks, seed) => {
          fc.pre(ruleset === "haiti" || (start.stores[0] < 25 && start.stores[1] < 25));
          // Random legal moves from the position, so that the request carries a history (and cycles may come).
          const game = CoreGame.fromPosition(ruleset, start);
          const moves: number[] = [];
          for (const pick of picks) {
            const legal = game.legalHouses();
            if (legal.length === 0) break;
            const house = legal[pick % legal.length];
            game.play(house);
            moves.push(house);
          }
          fc.pre(!game.over);
          for (const level of LEVELS) {
            const result = think({ ruleset, start, moves, level, ms: 5, seed });
            expect(game.legalHouses()).toContain(result.best);
            expect(result.pv[0]).toBe(result.best);
          }
        }),
        { numRuns: 40 },
      );
    });
  }
});
