import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bracketRounds,
  champion,
  type Decided,
  nextMatch,
  readyMatches,
  seedBracket,
  seedOrder,
} from "../../src/tournaments/index.ts";

/** Plays a whole bracket: each match's winner chosen by `pick` (true: top). Returns every decided match. */
function playOut(n: number, pick: (round: number, index: number) => boolean): { decided: Decided[]; rounds: number } {
  const rounds = bracketRounds(n);
  const entrants = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i }));
  const decided: Decided[] = [];
  const started = new Set<string>();
  seedBracket(entrants).forEach(([top, bottom], index) => {
    started.add(`1:${index}`);
    const winner = top && bottom ? (pick(1, index) ? top : bottom) : (top ?? bottom);
    if (winner) decided.push({ round: 1, index, winner: winner.id });
  });
  for (;;) {
    const ready = readyMatches(rounds, decided, started);
    if (ready.length === 0) break;
    for (const m of ready) {
      started.add(`${m.round}:${m.index}`);
      decided.push({ round: m.round, index: m.index, winner: pick(m.round, m.index) ? m.top : m.bottom });
    }
  }
  return { decided, rounds };
}

describe("knockout", () => {
  it("seeding - the standard order, byes to the top seeds - 5 players in a bracket of 8", () => {
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const bracket = seedBracket(["a", "b", "c", "d", "e"].map((id, i) => ({ id, rating: 1600 - i * 10 })));
    expect(bracket.map(([t, b]) => [t?.seed ?? null, b?.seed ?? null])).toEqual([
      [1, null],
      [4, 5],
      [2, null],
      [3, null],
    ]);
    expect(bracketRounds(2)).toBe(1);
    expect(bracketRounds(5)).toBe(3);
    expect(nextMatch(2, 3)).toEqual({ round: 3, index: 1, top: false });
  });

  it("seeding - byes only to the top seeds, seeds 1 and 2 in opposite halves, everyone once - 2 to 64 players", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (n) => {
        const bracket = seedBracket(Array.from({ length: n }, (_, i) => ({ id: `p${i}`, rating: (i * 7) % 13 })));
        const size = 2 ** bracketRounds(n);
        expect(bracket).toHaveLength(size / 2);
        const seeds = bracket
          .flat()
          .filter((s) => s !== null)
          .map((s) => s!.seed);
        expect(seeds.sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        const byes = bracket.filter(([t, b]) => !t || !b).map(([t, b]) => (t ?? b)!.seed);
        expect(byes.sort((a, b) => a - b)).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
        // No match of two byes.
        expect(bracket.every(([t, b]) => t || b)).toBe(true);
        const half = (seed: number) => bracket.findIndex(([t, b]) => t?.seed === seed || b?.seed === seed) < size / 4;
        if (size >= 4) expect(half(1)).not.toBe(half(2));
      }),
    );
  });

  it("bracket - exactly the winners advance, one champion, the final's winner - any field and results", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.func(fc.boolean()), (n, pick) => {
        const { decided, rounds } = playOut(n, (r, i) => pick(r, i));
        for (let round = 2; round <= rounds; round++) {
          const winnersBefore = decided.filter((d) => d.round === round - 1).map((d) => d.winner);
          const playing = decided.filter((d) => d.round === round);
          expect(playing).toHaveLength(2 ** (rounds - round));
          for (const d of playing) {
            const feeders = decided.filter((f) => f.round === round - 1 && Math.floor(f.index / 2) === d.index);
            expect(feeders.map((f) => f.winner)).toContain(d.winner);
          }
          expect(winnersBefore).toHaveLength(2 * playing.length);
        }
        const champ = champion(rounds, decided);
        expect(champ).toBe(decided.find((d) => d.round === rounds)!.winner);
        // The champion won every round they played.
        expect(decided.filter((d) => d.winner === champ).length).toBe(rounds);
      }),
      { numRuns: 200 },
    );
  });

  it("bracket - a match waits for both feeders - one decided, one not", () => {
    const decided: Decided[] = [{ round: 1, index: 0, winner: "a" }];
    expect(readyMatches(2, decided, new Set(["1:0", "1:1"]))).toEqual([]);
    decided.push({ round: 1, index: 1, winner: "d" });
    expect(readyMatches(2, decided, new Set(["1:0", "1:1"]))).toEqual([{ round: 2, index: 0, top: "a", bottom: "d" }]);
    expect(readyMatches(2, decided, new Set(["1:0", "1:1", "2:0"]))).toEqual([]);
    expect(champion(2, decided)).toBeNull();
  });
});
