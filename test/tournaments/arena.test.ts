import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ArenaOutcome,
  type ArenaWaiting,
  arenaScore,
  arenaStandings,
  pairArenaWave,
} from "../../src/tournaments/index.ts";

const outcome = fc.constantFrom<ArenaOutcome>("win", "draw", "loss");

/** A waiting pool: distinct ids, ranks, last opponents among them or outside. */
const pool = fc.integer({ min: 0, max: 40 }).chain((n) =>
  fc
    .tuple(
      fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i + 1),
        { minLength: n, maxLength: n },
      ),
      fc.array(fc.option(fc.integer({ min: 0, max: n + 2 }), { nil: null }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: n, maxLength: n }),
    )
    .map(([ranks, last, balance]) =>
      ranks.map(
        (rank, i): ArenaWaiting => ({
          id: `p${i}`,
          rank,
          lastOpponent: last[i] === null ? null : `p${last[i]}`,
          southBalance: balance[i],
        }),
      ),
    ),
);

describe("arena", () => {
  it("arena score - 2 a win, 1 a draw, a win doubled after two wins running - examples", () => {
    expect(arenaScore(["win", "win", "win", "draw", "win", "win", "win", "win"]).points).toEqual([
      2, 2, 4, 1, 2, 2, 4, 4,
    ]);
    expect(arenaScore(["win", "win"]).onFire).toBe(true);
    expect(arenaScore(["win", "win", "loss"]).onFire).toBe(false);
    expect(arenaScore([]).total).toBe(0);
  });

  it("arena score - the total is the sum of the points, on fire exactly after two wins running - any results", () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 30 }), (results) => {
        const s = arenaScore(results);
        expect(s.total).toBe(s.points.reduce((a, b) => a + b, 0));
        expect(s.onFire).toBe(results.length >= 2 && results.at(-1) === "win" && results.at(-2) === "win");
        results.forEach((r, i) => {
          const doubled = r === "win" && i >= 2 && results[i - 1] === "win" && results[i - 2] === "win";
          expect(s.points[i]).toBe({ win: 2, draw: 1, loss: 0 }[r] * (doubled ? 2 : 1));
        });
      }),
    );
  });

  it("arena standings - by points then rating, ties share a rank - three players", () => {
    const table = arenaStandings([
      { id: "a", rating: 1500, outcomes: ["win", "loss"] },
      { id: "b", rating: 1600, outcomes: ["draw", "draw"] },
      { id: "c", rating: 1400, outcomes: ["win", "win", "win"] },
    ]);
    expect(table.map((s) => [s.id, s.rank, s.score, s.onFire])).toEqual([
      ["c", 1, 8, true],
      ["b", 2, 2, false],
      ["a", 3, 2, false],
    ]);
  });

  it("arena wave - nobody with themselves, twice, or with their last opponent; as many pairs as allowed - any pool", () => {
    fc.assert(
      fc.property(pool, (waiting) => {
        const { pairs, waiting: left } = pairArenaWave(waiting);
        const seen = pairs.flatMap((p) => [p.south, p.north]);
        expect(new Set(seen).size).toBe(seen.length);
        expect(new Set([...seen, ...left]).size).toBe(waiting.length);
        const byId = new Map(waiting.map((w) => [w.id, w]));
        for (const p of pairs) {
          expect(p.south).not.toBe(p.north);
          expect(byId.get(p.south)!.lastOpponent).not.toBe(p.north);
          expect(byId.get(p.north)!.lastOpponent).not.toBe(p.south);
        }
        // Two left waiting could have been paired only if they just met.
        for (const a of left) {
          for (const b of left) {
            if (a === b) continue;
            const met = byId.get(a)!.lastOpponent === b || byId.get(b)!.lastOpponent === a;
            const far = Math.abs(waiting.findIndex((w) => w.id === a) - waiting.findIndex((w) => w.id === b)) >= 64;
            expect(met || far, `${a} and ${b} both left waiting`).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("arena wave - the most pairs, then the least distance in rank, as brute force finds - pools up to 8", () => {
    /** The best [pairs, distance] over every matching that keeps the rematch rule. */
    const best = (ws: readonly ArenaWaiting[]): [number, number] => {
      if (ws.length < 2) return [0, 0];
      const [a, ...rest] = ws;
      let top = best(rest);
      rest.forEach((b, i) => {
        if (a.lastOpponent === b.id || b.lastOpponent === a.id) return;
        const [n, d] = best(rest.filter((_, j) => j !== i));
        const cand: [number, number] = [n + 1, d + Math.abs(a.rank - b.rank)];
        if (cand[0] > top[0] || (cand[0] === top[0] && cand[1] < top[1])) top = cand;
      });
      return top;
    };
    const small = pool.filter((ws) => ws.length <= 8);
    fc.assert(
      fc.property(small, (waiting) => {
        const rank = new Map(waiting.map((w) => [w.id, w.rank]));
        const { pairs } = pairArenaWave(waiting);
        const distance = pairs.reduce((d, p) => d + Math.abs(rank.get(p.south)! - rank.get(p.north)!), 0);
        expect([pairs.length, distance]).toEqual(best(waiting));
      }),
      { numRuns: 300 },
    );
  });

  it("arena wave - South to whoever has had it less - two players", () => {
    const sides = pairArenaWave([
      { id: "x", rank: 1, lastOpponent: null, southBalance: 2 },
      { id: "y", rank: 2, lastOpponent: null, southBalance: -1 },
    ]);
    expect(sides.pairs).toEqual([{ south: "y", north: "x" }]);
  });
});
