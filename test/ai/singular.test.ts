/**
 * Singular extensions (SearchConfig.singular): a hash move with no rival near its score is searched a ply
 * deeper. Their exactness in small endgames is in exact.test.ts; here, that they happen, that they change
 * the search and nothing else, and that the other player's view agrees (the mirror).
 */
import { describe, expect, it } from "vitest";
import { expertEvaluation, tunedWeights } from "../../src/ai/evaluate.ts";
import { type SearchConfig, Searcher } from "../../src/ai/search.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { seededRandom } from "../../src/engine/random.ts";
import type { Position, RulesetId } from "../../src/engine/types.ts";
import { playedGame } from "../support/positions.ts";

/** The expert's evaluation and reduced search to a fixed depth, with or without singular extensions. */
function searched(game: CoreGame, depth: number, singular: boolean) {
  const config: SearchConfig = {
    maxDepth: depth,
    tableBits: 20,
    pvs: true,
    ordering: true,
    evaluation: expertEvaluation(game.ruleset),
    weights: tunedWeights(game.ruleset),
    rootScores: false,
    endgame: false,
    aspiration: true,
    reductions: true,
    singular,
  };
  return new Searcher(game, config).run({
    deadline: Number.POSITIVE_INFINITY,
    now: () => 0,
    nodeLimit: Number.POSITIVE_INFINITY,
  });
}

/** Middle games: 12 to 30 random plies from the start. */
function middleGames(ruleset: RulesetId, count: number): CoreGame[] {
  const rand = seededRandom(17);
  const games: CoreGame[] = [];
  while (games.length < count) {
    const plies = 12 + Math.floor(rand() * 19);
    const { game } = playedGame(
      ruleset,
      Array.from({ length: plies }, () => Math.floor(rand() * 6)),
    );
    if (!game.over) games.push(game);
  }
  return games;
}

describe("ai singular extensions", () => {
  for (const ruleset of ["abapa", "caribbean"] as const) {
    it(`ai singular extensions - some hash moves are searched deeper, lines grow past the depth - ${ruleset} middle games at depth 9`, () => {
      let extended = 0;
      let changed = 0;
      let longer = 0;
      for (const game of middleGames(ruleset, 8)) {
        const plain = searched(game, 9, false);
        const singular = searched(game, 9, true);
        expect(plain.singularExtensions).toBe(0);
        expect(plain.pv.length).toBeLessThanOrEqual(9);
        expect(game.legalHouses()).toContain(singular.best);
        expect(singular.depth).toBe(9);
        extended += singular.singularExtensions;
        if (singular.nodes !== plain.nodes) changed++;
        // Only an extension makes a line longer than the iteration's depth.
        if (singular.pv.length > 9) longer++;
      }
      expect(extended).toBeGreaterThan(0);
      expect(changed).toBeGreaterThan(0);
      if (ruleset === "abapa") expect(longer).toBeGreaterThan(0);
    }, 120_000);
  }

  it("ai singular extensions - a position and its mirror search alike - abapa middle games at depth 9", () => {
    for (const game of middleGames("abapa", 6)) {
      // Both from the bare position, so that neither has a repetition history.
      const position: Position = {
        pits: [...game.pits],
        stores: [game.stores[0], game.stores[1]],
        toMove: game.toMove as 0 | 1,
      };
      const mirror: Position = {
        pits: [...position.pits.slice(6), ...position.pits.slice(0, 6)],
        stores: [position.stores[1], position.stores[0]],
        toMove: (1 - position.toMove) as 0 | 1,
      };
      const a = searched(CoreGame.fromPosition("abapa", position), 9, true);
      const b = searched(CoreGame.fromPosition("abapa", mirror), 9, true);
      expect([b.best, b.score, b.nodes, b.singularExtensions]).toEqual([
        a.best,
        a.score,
        a.nodes,
        a.singularExtensions,
      ]);
    }
  }, 120_000);
});
