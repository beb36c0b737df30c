import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bracketRounds,
  bracketState,
  champion,
  type Decided,
  nextMatch,
  readyMatches,
  seedBracket,
  seedOrder,
} from "../../../src/tournaments/core/index.ts";

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
    // Seed 1 is the highest rated: the byes go to a, b and c, the three best, and the two lowest meet.
    expect(bracket.map(([t, b]) => [t?.id ?? null, b?.id ?? null])).toEqual([
      ["a", null],
      ["d", "e"],
      ["b", null],
      ["c", null],
    ]);
    expect(bracketRounds(2)).toBe(1);
    expect(bracketRounds(5)).toBe(3);
    expect(nextMatch(2, 3)).toEqual({ round: 3, index: 1, top: false });
  });

  it("seeding - byes only to the top seeds, seeds 1 and 2 in opposite halves, everyone once - 2 to 64 players", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), (n) => {
        const entrants = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, rating: (i * 7) % 13 }));
        const bracket = seedBracket(entrants);
        const size = 2 ** bracketRounds(n);
        // The seeds follow the ratings, highest first: no player rated below another has the better seed.
        const rating = new Map(entrants.map((e) => [e.id, e.rating]));
        const placed = bracket.flat().filter((s) => s !== null);
        for (const a of placed)
          for (const b of placed)
            if (a.seed < b.seed) expect(rating.get(a.id)!).toBeGreaterThanOrEqual(rating.get(b.id)!);
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
      { numRuns: 100 },
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
  const field = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i }));

  it("bracket state - exactly the winners advance, each winner one of their match's players, the final's winner champion - any field and results", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.func(fc.boolean()), (n, pick) => {
        const first = seedBracket(field(n));
        const decided: Decided[] = [];
        // Decide every ready match, wave by wave, checking the state each time.
        for (;;) {
          const res = bracketState(first, decided);
          if (!res.ok) throw new Error(res.error.message);
          const state = res.value;
          expect(state.rounds).toBe(bracketRounds(n));
          // Plain checks, one expect: thousands of expect calls would cost a second.
          const wrong: string[] = [];
          for (const m of state.matches.flat()) {
            const at = `${m.round}:${m.index}`;
            const players = [m.top, m.bottom].filter((p) => p !== null).map((p) => p!.id);
            if (m.winner && !players.includes(m.winner.id)) wrong.push(`${at}: winner not a player`);
            if ((m.status === "bye") !== (m.round === 1 && players.length === 1)) wrong.push(`${at}: bye`);
            if ((m.status === "ready") !== (players.length === 2 && m.winner === null)) wrong.push(`${at}: ready`);
            if (m.round > 1) {
              // Exactly the feeders' winners (or nobody yet) play the match.
              const [a, b] = [state.matches[m.round - 2][2 * m.index], state.matches[m.round - 2][2 * m.index + 1]];
              if (m.top !== a.winner || m.bottom !== b.winner) wrong.push(`${at}: not the feeders' winners`);
            }
          }
          expect(wrong).toEqual([]);
          // The same answer as the storage's helpers give.
          const started = new Set(decided.map((d) => `${d.round}:${d.index}`));
          const byes = state.matches[0].filter((m) => m.status === "bye");
          const asHelpers = [...decided, ...byes.map((m) => ({ round: 1, index: m.index, winner: m.winner!.id }))];
          expect(
            readyMatches(
              state.rounds,
              asHelpers,
              new Set([...started, ...state.matches[0].map((m) => `1:${m.index}`)]),
            ),
          ).toEqual(
            state.ready
              .filter((m) => m.round > 1)
              .map((m) => ({ round: m.round, index: m.index, top: m.top!.id, bottom: m.bottom!.id })),
          );
          expect(state.champion?.id ?? null).toBe(champion(state.rounds, asHelpers));
          if (state.ready.length === 0) {
            expect(state.champion).toBe(state.matches[state.rounds - 1][0].winner);
            expect(state.champion).not.toBeNull();
            // Each round's players are exactly the previous round's winners.
            for (let r = 2; r <= state.rounds; r++) {
              const entrants = state.matches[r - 1].flatMap((m) => [m.top!.id, m.bottom!.id]);
              expect(entrants).toEqual(state.matches[r - 2].map((m) => m.winner!.id));
            }
            break;
          }
          for (const m of state.ready) {
            decided.push({ round: m.round, index: m.index, winner: (pick(m.round, m.index) ? m.top : m.bottom)!.id });
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("bracket state - a match waits for both feeders, then is ready - 3 players", () => {
    const first = seedBracket(field(3));
    const before = bracketState(first, []);
    expect(before.ok && before.value.matches.map((row) => row.map((m) => m.status))).toEqual([
      ["bye", "ready"],
      ["waiting"],
    ]);
    expect(before.ok && before.value.matches[1][0].top?.id).toBe("p1");
    const after = bracketState(first, [{ round: 1, index: 1, winner: "p3" }]);
    expect(after.ok && after.value.ready.map((m) => [m.round, m.index, m.top?.id, m.bottom?.id])).toEqual([
      [2, 0, "p1", "p3"],
    ]);
    const done = bracketState(first, [
      { round: 1, index: 1, winner: "p3" },
      { round: 2, index: 0, winner: "p3" },
    ]);
    expect(done.ok && done.value.champion).toEqual({ id: "p3", seed: 3 });
  });

  it("bracket state - an error value, never a throw, for a bad bracket or result - each reason", () => {
    const first = seedBracket(field(4));
    const reason = (...args: Parameters<typeof bracketState>) => {
      const res = bracketState(...args);
      return res.ok ? "ok" : res.error.reason;
    };
    expect(reason(first, [{ round: 1, index: 0, winner: "p2" }])).toBe("not-a-player");
    expect(reason(first, [{ round: 2, index: 0, winner: "p1" }])).toBe("not-ready");
    expect(reason(first, [{ round: 3, index: 0, winner: "p1" }])).toBe("unknown-match");
    expect(reason(first, [{ round: 1, index: 2, winner: "p1" }])).toBe("unknown-match");
    expect(
      reason(first, [
        { round: 1, index: 0, winner: "p1" },
        { round: 1, index: 0, winner: "p4" },
      ]),
    ).toBe("decided-twice");
    expect(reason(seedBracket(field(3)), [{ round: 1, index: 0, winner: "p3" }])).toBe("not-a-player");
    expect(reason(seedBracket(field(1)), [])).toBe("too-few-players");
    expect(reason([], [])).toBe("bad-size");
    expect(reason(first.slice(0, 1).concat(first), [])).toBe("bad-size");
    expect(reason([first[0], first[0]], [])).toBe("duplicate-player");
    expect(reason([first[0], [null, null]], [])).toBe("empty-match");
    // Deciding a match again with the same winner is no error; nor is a bye listed with its player.
    expect(
      reason(seedBracket(field(3)), [
        { round: 1, index: 0, winner: "p1" },
        { round: 1, index: 1, winner: "p2" },
        { round: 1, index: 1, winner: "p2" },
      ]),
    ).toBe("ok");
  });

  it("bracket state - nothing passed in is changed - frozen input", () => {
    const first = Object.freeze(seedBracket(field(6)).map((m) => Object.freeze(m)));
    const decided = Object.freeze([Object.freeze({ round: 1, index: 1, winner: "p4" })]);
    const copy = JSON.stringify([first, decided]);
    const res = bracketState(first, decided);
    expect(res.ok).toBe(true);
    expect(JSON.stringify([first, decided])).toBe(copy);
  });
});
