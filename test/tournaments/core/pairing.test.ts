import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  mayMeet,
  pairRound,
  playersAfter,
  type SwissPairing,
  type SwissPlayer,
} from "../../../src/tournaments/core/index.ts";
import { field, play, violations } from "./simulate.ts";

const half = (p: SwissPlayer) => Math.round(p.score * 2);

/** The score cost pairRound minimises: the sum of squared half-point differences (the bye: half a point below the lowest). */
function cost(players: readonly SwissPlayer[], pairing: SwissPairing): number {
  const byId = new Map(players.map((p) => [p.id, p]));
  const bottom = Math.min(...players.map(half)) - 1;
  let c = 0;
  for (const { south, north } of pairing.pairs) c += (half(byId.get(south)!) - half(byId.get(north)!)) ** 2;
  if (pairing.bye) c += (half(byId.get(pairing.bye)!) - bottom) ** 2;
  return c;
}

/** Every complete pairing that keeps the absolute criteria, by brute force: the least score cost, or null if none. */
function bruteForce(players: readonly SwissPlayer[]): number | null {
  const bottom = Math.min(...players.map(half)) - 1;
  let best: number | null = null;
  const free = players.map(() => true);
  const rec = (acc: number, byeUsed: boolean) => {
    const i = free.indexOf(true);
    if (i < 0) {
      if (byeUsed === (players.length % 2 === 1) && (best === null || acc < best)) best = acc;
      return;
    }
    free[i] = false;
    if (!byeUsed && players.length % 2 === 1 && !players[i].hadBye) rec(acc + (half(players[i]) - bottom) ** 2, true);
    for (let j = i + 1; j < players.length; j++) {
      if (!free[j] || !mayMeet(players[i], players[j])) continue;
      free[j] = false;
      rec(acc + (half(players[i]) - half(players[j])) ** 2, byeUsed);
      free[j] = true;
    }
    free[i] = true;
  };
  rec(0, false);
  return best;
}

const results = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 200 });
const ratings = fc.array(fc.integer({ min: 800, max: 2400 }), { maxLength: 40 });

describe("Swiss pairing", () => {
  it("pairRound - keeps every absolute criterion and places every player once - random fields of 2..40 over 1..8 rounds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 1, max: 8 }),
        ratings,
        results,
        (n, rounds, r, res) => {
          const { tournament } = play(field(n, r), rounds, res);
          expect(violations(tournament)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("pairRound - pairs whenever a legal pairing exists, at the least score cost - brute force on fields of 2..10", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        ratings,
        results,
        (n, rounds, r, res) => {
          const { pairings, failed, tournament } = play(field(n, r), rounds, res);
          if (failed) {
            expect(bruteForce(failed)).toBeNull();
            return;
          }
          // Re-check each round from the state before it: complete and optimal for the score criterion.
          for (let k = 0; k < pairings.length; k++) {
            const players = playersAfter({ ...tournament, played: tournament.played.slice(0, k) });
            expect(cost(players, pairings[k])).toBe(bruteForce(players));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("pairRound - no rematch while a pairing without one exists - two players in round 2", () => {
    const { tournament } = play(field(2, [1600, 1500]), 1, [0]);
    const res = pairRound(playersAfter(tournament), 2);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.reason).toBe("no-legal-pairing");
  });

  it("pairRound - gives the bye to the lowest ranked player without one - three players", () => {
    const { pairings } = play(field(3, [1700, 1600, 1500]), 3, [0, 0, 0]);
    expect(pairings.map((p) => p.bye)).toEqual(["p3", expect.any(String), expect.any(String)]);
    expect(new Set(pairings.map((p) => p.bye)).size).toBe(3);
  });

  it("pairRound - round 1 pairs the top half against the bottom half, top seed South - eight players", () => {
    const res = pairRound(playersAfter(field(8, [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300])), 1);
    expect(res.ok && res.value.pairs).toEqual([
      { south: "p1", north: "p5" },
      { south: "p6", north: "p2" },
      { south: "p3", north: "p7" },
      { south: "p8", north: "p4" },
    ]);
  });

  it("pairRound - the top seed takes the organiser's first side - eight players, first side North", () => {
    const res = pairRound(playersAfter(field(8, [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300])), 1, {
      firstSide: "N",
    });
    expect(res.ok && res.value.pairs).toEqual([
      { south: "p5", north: "p1" },
      { south: "p2", north: "p6" },
      { south: "p7", north: "p3" },
      { south: "p4", north: "p8" },
    ]);
  });

  it("pairRound - returns an error value for a player listed twice - duplicate id", () => {
    const [p] = playersAfter(field(1, []));
    const res = pairRound([p, p], 1);
    expect(!res.ok && res.error.reason).toBe("duplicate-player");
  });

  it("pairRound - keeps the absolute criteria on the pruned graph - fields of 65..200 over 6 rounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 65, max: 200 }), results, (n, res) => {
        const { tournament, failed } = play(field(n, []), 6, res);
        expect(failed).toBeNull();
        expect(violations(tournament)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  });
});
