/**
 * The search's reading of repetitions (SearchConfig.twofold): a position repeated inside the search ends
 * the line as the ruleset's cycle, and when the cycle's award (each side keeps its own seeds) decides a
 * winner, that line is scored as a win or loss. Nickar's rules end a game only at the third occurrence,
 * so such a score is an evaluation: the search must neither call it proven nor stop on it, and think
 * reports it as AWARDED_SEEDS, not as a forced result.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PLY, Searcher } from "../../src/ai/search.ts";
import { AWARDED_SEEDS, think } from "../../src/ai/think.ts";
import { isDecisive } from "../../src/ai/types.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { type Position, RULESET_IDS, type RulesetId } from "../../src/engine/types.ts";
import { provingConfig } from "../support/search-config.ts";

/**
 * South's two seeds in houses 1 and 6, North's row empty, 23 seeds in each store: South must feed with
 * house 6, and the two single seeds chase each other round the board. A repetition inside the search comes
 * 12 plies in, where the award would give South 25 of the 48: a win by the search's reading, not a proof.
 */
const CHASE: Position = { pits: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], stores: [23, 23], toMove: 0 };

function search(ruleset: RulesetId, position: Position, twofold: boolean, maxDepth = MAX_PLY, nodeLimit = 50_000) {
  const game = CoreGame.fromPosition(ruleset, position);
  return new Searcher(game, provingConfig(ruleset, { maxDepth, endgame: false, twofold })).run({
    deadline: Number.POSITIVE_INFINITY,
    now: () => 0,
    nodeLimit,
  });
}

describe("twofold", () => {
  it("Searcher - a win decided by a repetition's award is not proven and the search goes on - the two-seed chase", () => {
    for (const ruleset of ["abapa", "wari", "caribbean"] as const) {
      const outcome = search(ruleset, CHASE, true, 30);
      expect(outcome.score).toBeGreaterThan(0);
      expect(outcome).toMatchObject({ exact: false, cycleAward: true, stop: "depth", depth: 30 });
      // Without the reading, the same search finds no result within 30 plies either.
      expect(search(ruleset, CHASE, false, 30)).toMatchObject({ exact: false, cycleAward: false });
    }
  });

  it("think - a repetition's award is reported as AWARDED_SEEDS, never as a forced result - the two-seed chase", () => {
    // The expert reads repetitions so in wari (think.ts, expertRepetition).
    const result = think({ ruleset: "wari", start: CHASE, moves: [], level: "expert", ms: 20, seed: 1 });
    expect(result.proven).toBe(false);
    expect(isDecisive(result.score)).toBe(false);
    expect(result.score).toBe(AWARDED_SEEDS);
  });

  it("Searcher - a result the twofold search proves is the one the rules' search proves - random boards of 2 and 3 seeds, six rulesets", () => {
    let proofs = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.integer({ min: 2, max: 3 }),
        fc.array(fc.nat(11), { minLength: 3, maxLength: 3 }),
        (ruleset, seeds, places) => {
          const pits = new Array<number>(12).fill(0);
          for (const pit of places.slice(0, seeds)) pits[pit]++;
          const south = Math.floor((48 - seeds) / 2);
          const position: Position = { pits, stores: [south, 48 - seeds - south], toMove: 0 };
          if (CoreGame.fromPosition(ruleset, position).over) return;
          const twofold = search(ruleset, position, true);
          if (!twofold.exact) return;
          proofs++;
          const rules = search(ruleset, position, false, MAX_PLY, 400_000);
          expect(rules.exact).toBe(true);
          expect(twofold.score).toBe(rules.score);
        },
      ),
      { numRuns: 80, seed: 20261206 },
    );
    expect(proofs).toBeGreaterThan(20);
  });
});
