import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ArenaOutcome,
  type ArenaWaiting,
  arenaScore,
  arenaStandings,
  EARLY_DRAW_MOVES,
  earlyDraw,
  pairArenaWave,
} from "../../../src/tournaments/core/index.ts";

const outcome = fc.constantFrom<ArenaOutcome>("win", "draw", "early-draw", "loss");

/**
 * A waiting pool: distinct ids; ranks distinct and sparse (as when most of the field is playing), in a
 * shuffled order; last opponents among them or outside; some paused.
 */
const pool = fc.integer({ min: 0, max: 40 }).chain((n) =>
  fc
    .tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: 3 * n + 1 }), { minLength: n, maxLength: n }),
      fc.array(fc.option(fc.integer({ min: 0, max: n + 2 }), { nil: null }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: n, maxLength: n }),
      fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    )
    .map(([ranks, last, balance, paused]) =>
      ranks.map(
        (rank, i): ArenaWaiting => ({
          id: `p${i}`,
          rank,
          lastOpponent: last[i] === null ? null : `p${last[i]}`,
          southBalance: balance[i],
          // One in four paused.
          paused: paused[i] && i % 2 === 0,
        }),
      ),
    ),
);

const justMet = (a: ArenaWaiting, b: ArenaWaiting) => a.lastOpponent === b.id || b.lastOpponent === a.id;

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
          expect(s.points[i]).toBe({ win: 2, draw: 1, "early-draw": 0, loss: 0 }[r] * (doubled ? 2 : 1));
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

  it("arena wave - nobody with themselves, twice, paused, or with their last opponent; as many pairs as allowed - any pool", () => {
    fc.assert(
      fc.property(pool, (waiting) => {
        const { pairs, waiting: left } = pairArenaWave(waiting);
        const seen = pairs.flatMap((p) => [p.south, p.north]);
        expect(new Set(seen).size).toBe(seen.length);
        const active = waiting.filter((w) => !w.paused);
        expect(new Set([...seen, ...left])).toEqual(new Set(active.map((w) => w.id)));
        expect(seen.length + left.length).toBe(active.length);
        const byId = new Map(waiting.map((w) => [w.id, w]));
        for (const p of pairs) {
          expect(p.south).not.toBe(p.north);
          expect(byId.get(p.south)!.paused).toBe(false);
          expect(byId.get(p.north)!.paused).toBe(false);
          expect(justMet(byId.get(p.south)!, byId.get(p.north)!)).toBe(false);
        }
        // Two left waiting could have been paired only if they just met (else the matching is not maximum).
        for (const a of left) {
          for (const b of left) {
            if (a !== b) expect(justMet(byId.get(a)!, byId.get(b)!), `${a} and ${b} both left waiting`).toBe(true);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("arena wave - the same pairs whatever the order of the pool - any pool", () => {
    fc.assert(
      fc.property(
        pool.chain((ws) => fc.tuple(fc.constant(ws), fc.shuffledSubarray(ws, { minLength: ws.length }))),
        ([waiting, shuffled]) => {
          expect(pairArenaWave(shuffled)).toEqual(pairArenaWave(waiting));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("arena wave - the most pairs, then the least distance in rank, as brute force finds - pools up to 9", () => {
    /** The best [pairs, distance] over every matching that keeps the rematch rule. */
    const best = (ws: readonly ArenaWaiting[]): [number, number] => {
      if (ws.length < 2) return [0, 0];
      if (ws.some((w) => w.paused)) return best(ws.filter((w) => !w.paused));
      const [a, ...rest] = ws;
      let top = best(rest);
      rest.forEach((b, i) => {
        if (justMet(a, b)) return;
        const [n, d] = best(rest.filter((_, j) => j !== i));
        const cand: [number, number] = [n + 1, d + Math.abs(a.rank - b.rank)];
        if (cand[0] > top[0] || (cand[0] === top[0] && cand[1] < top[1])) top = cand;
      });
      return top;
    };
    const small = pool.filter((ws) => ws.length <= 9);
    fc.assert(
      fc.property(small, (waiting) => {
        const rank = new Map(waiting.map((w) => [w.id, w.rank]));
        const { pairs } = pairArenaWave(waiting);
        const distance = pairs.reduce((d, p) => d + Math.abs(rank.get(p.south)! - rank.get(p.north)!), 0);
        expect([pairs.length, distance]).toEqual(best(waiting));
      }),
      { numRuns: 200 },
    );
  });

  it("arena wave - South to whoever has had it less - two players", () => {
    const sides = pairArenaWave([
      { id: "x", rank: 1, lastOpponent: null, southBalance: 2 },
      { id: "y", rank: 2, lastOpponent: null, southBalance: -1 },
    ]);
    expect(sides.pairs).toEqual([{ south: "y", north: "x" }]);
  });
  const waiter = (id: string, rank: number, lastOpponent: string | null = null): ArenaWaiting => ({
    id,
    rank,
    lastOpponent,
    southBalance: 0,
  });
  const pairSets = (pairs: readonly { south: string; north: string }[]) =>
    pairs.map((p) => [p.south, p.north].sort().join("-")).sort();

  it("arena wave - near ranks over the closest pair first - ranks 1, 3, 4, 6", () => {
    // Pairing the closest two first (3 and 4) would leave 1 and 6 to meet: distance 1 + 5 against 2 + 2.
    const wave = pairArenaWave([waiter("a", 1), waiter("b", 3), waiter("c", 4), waiter("d", 6)]);
    expect(pairSets(wave.pairs)).toEqual(["a-b", "c-d"]);
  });

  it("arena wave - everyone paired where top-down greedy leaves two - 3 and 4 just met", () => {
    // Greedy from the top pairs 1 with 2 and leaves 3 and 4, who just met, waiting.
    const wave = pairArenaWave([waiter("a", 1), waiter("b", 2), waiter("c", 3, "d"), waiter("d", 4, "c")]);
    expect(wave.pairs).toHaveLength(2);
    expect(wave.waiting).toEqual([]);
    expect(pairSets(wave.pairs)).not.toContain("c-d");
  });

  it("arena wave - ranks far apart still ordered by distance - sparse ranks of a big field", () => {
    // Weights once saturated at the pool's size: with 4 waiting among 100, 1-90 and 10-20 looked as good.
    const wave = pairArenaWave([waiter("a", 1), waiter("b", 10), waiter("c", 20), waiter("d", 90)]);
    expect(pairSets(wave.pairs)).toEqual(["a-b", "c-d"]);
  });

  it("arena wave - the window never costs a pair - the top player's only partner 65 places below", () => {
    const n = 66;
    const waiting = Array.from({ length: n }, (_, i) => waiter(`p${i}`, i + 1, i >= 1 && i <= 64 ? "p0" : null));
    const wave = pairArenaWave(waiting);
    expect(wave.waiting).toEqual([]);
    expect(pairSets(wave.pairs)).toContain("p0-p65");
  });

  it("arena wave - paused players are neither paired nor waiting - one paused of three", () => {
    const wave = pairArenaWave([waiter("a", 1), { ...waiter("b", 2), paused: true }, waiter("c", 3)]);
    expect(pairSets(wave.pairs)).toEqual(["a-c"]);
    expect(wave.waiting).toEqual([]);
  });

  it("arena wave - two who just met wait, unless nobody else is playing - two waiting", () => {
    const two = [waiter("a", 1, "b"), waiter("b", 2, "a")];
    expect(pairArenaWave(two)).toEqual({ pairs: [], waiting: ["a", "b"] });
    expect(pairArenaWave(two, { playing: 4 }).pairs).toEqual([]);
    expect(pairSets(pairArenaWave(two, { playing: 0 }).pairs)).toEqual(["a-b"]);
    // With a third waiting, the rule stands even when nobody plays.
    const three = [...two, waiter("c", 3)];
    expect(pairSets(pairArenaWave(three, { playing: 0 }).pairs)).not.toContain("a-b");
  });

  it("arena score - a draw or loss puts the fire out, the win after it scores 2 - examples", () => {
    expect(arenaScore(["win", "win", "draw", "win"]).points).toEqual([2, 2, 1, 2]);
    expect(arenaScore(["win", "win", "win", "loss", "win", "win"])).toEqual({
      points: [2, 2, 4, 0, 2, 2],
      total: 12,
      onFire: true,
    });
    expect(arenaScore(["draw", "win", "win", "win", "win"]).points).toEqual([1, 2, 2, 4, 4]);
  });

  it("arena score - an agreed draw before both made ten moves scores nothing and puts the fire out - Lichess's rule", () => {
    expect(EARLY_DRAW_MOVES).toBe(10);
    expect(earlyDraw([0, 0])).toBe(true);
    expect(earlyDraw([10, 9])).toBe(true);
    expect(earlyDraw([9, 12])).toBe(true);
    expect(earlyDraw([10, 10])).toBe(false);
    expect(arenaScore(["win", "win", "early-draw", "win"]).points).toEqual([2, 2, 0, 2]);
    expect(arenaScore(["win", "win", "early-draw"]).onFire).toBe(false);
  });
});
