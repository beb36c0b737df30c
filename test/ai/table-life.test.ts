/**
 * The expert's hash table kept between a player's searches of a game (ExpertParts.tableLife, hash-table.ts's
 * gameTable): the same table for the same game played on, an emptied one for another game or player, and
 * a search that goes on from the previous one's entries reaches deeper without changing a proven result.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyTable, GAME_TABLES, gameKey, gameTable } from "../../src/ai/hash-table.ts";
import { expertTableLife, think } from "../../src/ai/think.ts";
import { parseMoveLetter } from "../../src/engine/notation.ts";
import type { Position } from "../../src/engine/types.ts";
import { RULESET_IDS } from "../../src/engine/types.ts";
import { playedGame } from "../support/positions.ts";

/** 4 to 10 seeds on the board, the rest in the stores (each below 25), either player to move. */
const smallEndgame = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 4, maxLength: 10 }), fc.nat(1), fc.nat(100))
  .map(([places, toMove, split]): Position => {
    const pits = Array<number>(12).fill(0);
    for (const place of places) pits[place]++;
    const south = 24 - places.length + (split % (places.length + 1));
    return { pits, stores: [south, 48 - places.length - south], toMove: toMove as 0 | 1 };
  });

/** A clock that ticks once a call: the search's time budget is then a count of its clock checks. */
function ticking(): () => number {
  let t = 0;
  return () => t++;
}

/** An abapa game from a match against Aalina, to the endgame (12 seeds on the board after 69 plies). */
const RECORD =
  "AbEbCfBdDcAbEdBfDaFaCaFaEaAdAeBfDcAdEaCaEbCaEcBeBfDaEbCeEfDaBcFfBdFfCeAfEbDcBdAeAfFaEcCdBbAeDdCcBeDdCeDfEaCb";
const MOVES = [...RECORD].map((letter) => parseMoveLetter(letter)?.house ?? 0);

describe("table life", () => {
  it("gameTable - keeps a player's table for the game played on, empties one for another game or player - one thread", () => {
    const bits = 4;
    const a = gameKey("abapa", "start", 0);
    const first = gameTable(bits, a, [3, 4]);
    first[0] = 7;
    // The same player's game, two plies on: the table as it was left.
    expect(gameTable(bits, a, [3, 4, 1, 2])).toBe(first);
    expect(first[0]).toBe(7);
    // Another player, another game, a position that does not follow: emptied tables, never the kept one.
    const other = gameTable(bits, gameKey("abapa", "start", 1), [3, 4, 1]);
    expect(other).not.toBe(first);
    other[0] = 9;
    expect(gameTable(bits, a, [3, 4, 1, 2, 5, 6])).toBe(first);
    expect(first[0]).toBe(7);
    const taken = gameTable(bits, a, [1, 1]);
    expect(taken).not.toBe(first);
    expect(taken[0]).toBe(0);
    // GAME_TABLES a thread: the least recently used one went to the new game, emptied; the kept one stayed.
    expect(GAME_TABLES).toBe(2);
    expect(gameTable(bits, a, [3, 4, 1, 2, 5, 6, 2, 2])).toBe(first);
    expect(first[0]).toBe(7);
    // A search that starts afresh takes the least recently used table, emptied.
    const fresh = emptyTable(bits);
    expect(fresh).toBe(taken);
    expect(fresh.every((word) => word === 0)).toBe(true);
  });

  it("think - a timed search that goes on from the player's previous one reaches deeper - abapa endgame", () => {
    const at = (plies: number, tableLife: "game" | "search") =>
      think({ ruleset: "abapa", moves: MOVES.slice(0, plies), level: "expert", ms: 150 }, undefined, ticking(), {
        tableLife,
      });
    const deeper: number[] = [];
    for (const plies of [72, 80, 90]) {
      at(plies - 2, "game");
      const kept = at(plies, "game");
      const empty = at(plies, "search");
      // The same clock checks for both: the kept entries cut the work of the early iterations.
      deeper.push(kept.depth - empty.depth);
    }
    expect(Math.min(...deeper)).toBeGreaterThan(0);
  }, 120_000);

  it("think - the expert keeps its table by default in speightstown, bridgetown and haiti only - six rulesets", () => {
    const choices = [3, 1, 4, 1, 5, 2, 6, 5, 3, 5, 2, 3, 4, 1, 2, 5, 4, 4, 1, 3, 2, 2];
    for (const ruleset of RULESET_IDS) {
      let differed = 0;
      for (const plies of [14, 18, 22]) {
        const { game, moves } = playedGame(ruleset, choices.slice(0, plies));
        expect(game.over).toBe(false);
        const request = (n: number) => ({ ruleset, moves: moves.slice(0, n), level: "expert", ms: 60 }) as const;
        // The same previous search each time, then this one with the given table life (the default if none).
        const searchedWith = (tableLife?: "game" | "search") => {
          // Two searches afresh empty both of the thread's tables (GAME_TABLES): nothing kept from before.
          for (let i = 0; i < GAME_TABLES; i++)
            think({ ...request(1), ms: 1 }, undefined, ticking(), { tableLife: "search" });
          think(request(moves.length - 2), undefined, ticking(), { tableLife: "game" });
          const r = think(request(moves.length), undefined, ticking(), tableLife ? { tableLife } : {});
          return { depth: r.depth, score: r.score, pv: r.pv };
        };
        const byDefault = searchedWith();
        const kept = searchedWith("game");
        const empty = searchedWith("search");
        if (JSON.stringify(kept) !== JSON.stringify(empty)) differed++;
        expect(byDefault, ruleset).toEqual(expertTableLife(ruleset) === "game" ? kept : empty);
      }
      // The kept table must have shown in the results for the comparison to say which one the default took.
      expect(differed, ruleset).toBeGreaterThan(0);
    }
    expect(RULESET_IDS.filter((r) => expertTableLife(r) === "game")).toEqual(["speightstown", "bridgetown", "haiti"]);
  }, 120_000);

  it("think - the kept table changes no proven result - random endgames, six rulesets", () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        smallEndgame,
        fc.array(fc.nat(5), { minLength: 2, maxLength: 2 }),
        (ruleset, start, choices) => {
          const { game, moves } = playedGame(ruleset, choices, start);
          if (game.over || moves.length < 2) return;
          const request = (plies: number) =>
            ({ ruleset, start, moves: moves.slice(0, plies), level: "expert", ms: 10 }) as const;
          think(request(0), undefined, ticking(), { tableLife: "game" });
          const kept = think(request(2), undefined, ticking(), { tableLife: "game" });
          const empty = think(request(2), undefined, ticking(), { tableLife: "search" });
          expect(game.legalHouses()).toContain(kept.best);
          if (!kept.proven || !empty.proven) return;
          compared++;
          expect(Math.sign(kept.score) || 0).toBe(Math.sign(empty.score) || 0);
        },
      ),
      { numRuns: 250, seed: 36 },
    );
    // The property must have met proven results on both sides to say anything.
    expect(compared).toBeGreaterThan(50);
  }, 120_000);
});
