/**
 * An iteration cut short by the limits (SearchConfig.cutIterations): the search plays a move from it only
 * when that move beat the previous iteration's best in it. Without a hash table or reductions the search's
 * values are the plain minimax values at their depth, so the claim can be checked against a full-window
 * search of every root move one ply deeper than the last completed iteration.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type SearchConfig, Searcher, WIN } from "../../src/ai/search.ts";
import { think } from "../../src/ai/think.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { RULESET_IDS, type RulesetId } from "../../src/engine/types.ts";
import { playedGame } from "../support/positions.ts";
import { provingConfig } from "../support/search-config.ts";

/** The expert's search, but exact at its depth: no hash table (its entries of other depths), no reductions. */
function exactConfig(ruleset: RulesetId, extra: Partial<SearchConfig>): SearchConfig {
  return provingConfig(ruleset, { tableBits: 0, endgame: false, evaluation: "fitted", ...extra });
}

function searched(game: CoreGame, config: SearchConfig, nodeLimit: number) {
  const copy = CoreGame.fromPosition(game.ruleset, game.position());
  return new Searcher(copy, config).run({ deadline: Number.POSITIVE_INFINITY, now: () => 0, nodeLimit });
}

describe("cut iterations", () => {
  it("Searcher - a move from a cut iteration beats the completed iteration's move one ply deeper - random positions, six rulesets", () => {
    let cuts = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.array(fc.nat(5), { minLength: 0, maxLength: 24 }),
        fc.integer({ min: 1_500, max: 12_000 }),
        (ruleset, choices, nodeLimit) => {
          const { game } = playedGame(ruleset, choices);
          if (game.over) return;
          const cut = searched(game, exactConfig(ruleset, { cutIterations: true }), nodeLimit);
          const completed = searched(game, exactConfig(ruleset, {}), nodeLimit);
          // The same search up to the limit: only the choice at the end differs.
          expect([cut.depth, cut.nodes]).toEqual([completed.depth, completed.nodes]);
          expect(completed.cut).toBe(false);
          if (!cut.cut) {
            expect(cut.best).toBe(completed.best);
            return;
          }
          cuts++;
          expect(cut.best).not.toBe(completed.best);
          const deeper = searched(game, exactConfig(ruleset, { maxDepth: cut.depth + 1, rootScores: true }), 1e12);
          expect(deeper.depth).toBe(cut.depth + 1);
          const value = (house: number) => deeper.rootMoveScores[house - 1];
          expect(value(cut.best)).toBeGreaterThan(value(completed.best));
          // The cut move's score is its value, or a lower bound of it if its full search was cut.
          expect(value(cut.best)).toBeGreaterThanOrEqual(cut.score);
          expect(Math.abs(cut.score)).toBeLessThan(2 * WIN);
        },
      ),
      { numRuns: 150, seed: 36 },
    );
    // The property must have met cut iterations to say anything.
    expect(cuts).toBeGreaterThan(5);
  });

  it("think - the expert's iterations part reaches the search - seeded requests along a game", () => {
    const { moves } = playedGame("abapa", [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4]);
    let differing = 0;
    for (let ply = 0; ply <= moves.length; ply++) {
      for (const ms of [2, 3, 5]) {
        const request = { ruleset: "abapa", moves: moves.slice(0, ply), level: "expert", ms, seed: ply } as const;
        const cut = think(request, undefined, undefined, { iterations: "cut" });
        const completed = think(request, undefined, undefined, { iterations: "completed" });
        // A node budget stops both at the same node; only the move played may differ.
        expect(cut.nodes).toBe(completed.nodes);
        if (cut.best !== completed.best) differing++;
      }
    }
    expect(differing).toBeGreaterThan(0);
  });
});
