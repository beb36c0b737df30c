/**
 * The quiescence search (SearchConfig.quiescence): at the horizon, the player to move may go on capturing
 * (a sowing of fewer than 12 seeds whose last seed lands in an opponent's house holding 1 or 2) or stop,
 * for at most N plies. Checked against a plain minimax of that definition, written without alpha-beta,
 * sowing by hand rather than through the search's table of last houses.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { houseTerms, tableEvaluation, tunedWeights } from "../../src/ai/evaluate.ts";
import { Searcher, WIN } from "../../src/ai/search.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { type Player, type Position, RULESET_IDS } from "../../src/engine/types.ts";
import { playedGame } from "../support/positions.ts";
import { provingConfig } from "../support/search-config.ts";

/** The house the last seed of `origin`'s sowing lands in, skipping the origin (the Oware rule). */
function lastHouse(origin: number, seeds: number): number {
  let pit = origin;
  for (let left = seeds; left > 0; ) {
    pit = (pit + 1) % 12;
    if (pit !== origin) left--;
  }
  return pit;
}

function capturingMoves(game: CoreGame): number[] {
  const own = game.toMove * 6;
  return game.legalHouses().filter((h) => {
    const seeds = game.pits[own + h - 1];
    const last = lastHouse(own + h - 1, seeds);
    const opponents = last >= 6 - own && last < 12 - own;
    return seeds < 12 && opponents && (game.pits[last] === 1 || game.pits[last] === 2);
  });
}

/** Minimax over "stop, or capture" from the player to move's side; `ply` from the search's root. */
function reference(game: CoreGame, terms: Int32Array, left: number, ply: number): number {
  let best = tableEvaluation(game, terms);
  if (left === 0) return best;
  for (const h of capturingMoves(game)) {
    const child = game.clone();
    child.play(h);
    let value: number;
    if (child.over) value = child.winner === null ? 0 : child.winner === game.toMove ? WIN - ply - 1 : ply + 1 - WIN;
    else {
      const below = reference(child, terms, left - 1, ply + 1);
      value = child.toMove === game.toMove ? below : -below;
    }
    best = Math.max(best, value);
  }
  return best;
}

describe("quiescence", () => {
  it("Searcher - each root move's score at depth 1 is the capture minimax of its position - random games, six rulesets", () => {
    let captured = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.array(fc.nat(5), { minLength: 4, maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        (ruleset, choices, plies) => {
          const { game } = playedGame(ruleset, choices);
          if (game.over) return;
          const config = provingConfig(ruleset, {
            maxDepth: 1,
            tableBits: 0,
            endgame: false,
            evaluation: "fitted",
            rootScores: true,
            quiescence: plies,
          });
          const terms = houseTerms("fitted", tunedWeights(ruleset), ruleset);
          const outcome = new Searcher(game.clone(), config).run({
            deadline: Infinity,
            now: () => 0,
            nodeLimit: Infinity,
          });
          for (const h of game.legalHouses()) {
            const child = game.clone();
            child.play(h);
            let expected: number;
            if (child.over) expected = child.winner === null ? 0 : child.winner === game.toMove ? WIN - 1 : 1 - WIN;
            else {
              // Haiti is not of the Oware family: its leaves stay the evaluation.
              const left = ruleset === "haiti" ? 0 : plies;
              const below = reference(child, terms, left, 1);
              expected = child.toMove === game.toMove ? below : -below;
              if (left > 0 && capturingMoves(child).length > 0) captured++;
            }
            expect(outcome.rootMoveScores[h - 1], `${ruleset} house ${h}`).toBe(expected);
          }
        },
      ),
      { numRuns: 200, seed: 36 },
    );
    expect(captured).toBeGreaterThan(50);
  });

  it("Searcher - a result proven with quiescence is the one proven without - random endgames of 4 to 8 seeds", () => {
    let proofs = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.array(fc.nat(11), { minLength: 4, maxLength: 8 }),
        fc.integer({ min: 0, max: 1 }),
        (ruleset, places, toMove) => {
          const pits = new Array<number>(12).fill(0);
          for (const place of places) pits[place]++;
          const seeds = places.length;
          const position: Position = {
            pits,
            stores: [24 - Math.ceil(seeds / 2), 24 - Math.floor(seeds / 2)],
            toMove: toMove as Player,
          };
          const searched = (quiescence: number) =>
            new Searcher(
              CoreGame.fromPosition(ruleset, position),
              provingConfig(ruleset, { endgame: false, quiescence }),
            ).run({ deadline: Infinity, now: () => 0, nodeLimit: 200_000 });
          if (CoreGame.fromPosition(ruleset, position).legalMask() === 0) return;
          const quiet = searched(4);
          if (!quiet.exact) return;
          proofs++;
          const plain = searched(0);
          if (plain.exact) expect(quiet.score).toBe(plain.score);
        },
      ),
      { numRuns: 120, seed: 36 },
    );
    expect(proofs).toBeGreaterThan(30);
    // About 10 s on a quiet machine, over 30 s with both cores taken by a match.
  }, 120_000);
});
