import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bracketRounds,
  knockoutStandings,
  type MatchResult,
  placeOut,
  readyMatches,
  seedBracket,
  seedsOf,
} from "../../../src/tournaments/core/index.ts";

const entrants = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: 2000 - i }));

/**
 * The matches of a bracket of `n` played `steps` matches far (every match of round 1 first, then as they
 * become ready): `pick` says whether the top player wins; a match not yet reached by `steps` is in play.
 */
function played(n: number, steps: number, pick: (round: number, index: number) => boolean): MatchResult[] {
  const rounds = bracketRounds(n);
  const matches: MatchResult[] = [];
  const started = new Set<string>();
  let left = steps;
  const decide = (round: number, index: number, top: string, bottom: string) => {
    started.add(`${round}:${index}`);
    const done = left-- > 0;
    const topWon = pick(round, index);
    matches.push({
      round,
      board: index + 1,
      top,
      bottom,
      topWins: done ? (topWon ? 2 : 1) : 1,
      bottomWins: done ? (topWon ? 0 : 2) : 0,
      winner: done ? (topWon ? top : bottom) : null,
    });
  };
  seedBracket(entrants(n)).forEach(([top, bottom], index) => {
    if (top && bottom) decide(1, index, top.id, bottom.id);
    else {
      started.add(`1:${index}`);
      const through = (top ?? bottom)!.id;
      matches.push({
        round: 1,
        board: index + 1,
        top: through,
        bottom: null,
        topWins: 0,
        bottomWins: 0,
        winner: through,
      });
    }
  });
  for (;;) {
    const decided = matches
      .filter((m) => m.winner)
      .map((m) => ({ round: m.round, index: m.board - 1, winner: m.winner! }));
    const ready = readyMatches(rounds, decided, started);
    if (ready.length === 0) break;
    for (const m of ready) decide(m.round, m.index, m.top, m.bottom);
  }
  return matches;
}

const seeds = (n: number) => seedsOf(entrants(n));

describe("knockout results", () => {
  it("knockout results - champion 1, runner-up 2, semi-finalists 3, out in round 1 of 8 share 5 - 5 players played out", () => {
    // The top player of each match wins: the seeds go through.
    const table = knockoutStandings(
      3,
      played(5, 99, () => true),
      seeds(5),
    );
    expect(table.map((r) => [r.id, r.state, r.round, r.place])).toEqual([
      ["p1", "champion", 3, 1],
      ["p2", "out", 3, 2],
      ["p3", "out", 2, 3],
      ["p4", "out", 2, 3],
      ["p5", "out", 1, 5],
    ]);
    // Who beat whom, by what score, from the loser's side.
    expect(table.find((r) => r.id === "p2")).toMatchObject({ opponent: "p1", won: 0, lost: 2 });
    expect(table.find((r) => r.id === "p5")).toMatchObject({ opponent: "p4", won: 0, lost: 2 });
    expect(table.find((r) => r.id === "p1")).toMatchObject({ opponent: "p2", won: 2, lost: 0, matchesWon: 3 });
  });

  it("knockout results - nobody still in ranks below a player out in the same round, nobody second before the final - 5 players at the start", () => {
    // No match decided: p4-p5 (round 1) and p2-p3 (round 2, after their byes) are being played.
    const table = knockoutStandings(
      3,
      played(5, 0, () => true),
      seeds(5),
    );
    expect(table.every((r) => r.state === "in" && r.place === null)).toBe(true);
    expect(table.find((r) => r.id === "p1")).toMatchObject({ round: 2, bye: true, opponent: null });
    expect(table.find((r) => r.id === "p2")).toMatchObject({ round: 2, opponent: "p3", won: 1, lost: 0 });
    expect(table.find((r) => r.id === "p4")).toMatchObject({ round: 1, opponent: "p5" });
    expect(table.some((r) => r.rank === 2)).toBe(false);
  });

  it("knockout results - a player withdrawn after a win gives a walkover in the next round - 4 players", () => {
    const matches: MatchResult[] = [
      { round: 1, board: 1, top: "p1", bottom: "p4", topWins: 2, bottomWins: 0, winner: "p1" },
      { round: 1, board: 2, top: "p2", bottom: "p3", topWins: 2, bottomWins: 1, winner: "p2" },
      // p2 withdrew before the final: p1 goes through without a match.
      { round: 2, board: 1, top: "p1", bottom: null, topWins: 0, bottomWins: 0, winner: "p1" },
    ];
    const table = knockoutStandings(2, matches, seeds(4), new Set(["p2"]));
    expect(table.map((r) => [r.id, r.state, r.place, r.opponent])).toEqual([
      ["p1", "champion", 1, null],
      ["p2", "walkover", 2, "p1"],
      ["p3", "out", 3, "p2"],
      ["p4", "out", 3, "p1"],
    ]);
  });

  it("knockout results - places as a bracket shares them, ranks never below a finished player's - any field and results", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.nat(40), fc.func(fc.boolean()), (n, steps, pick) => {
        const rounds = bracketRounds(n);
        const table = knockoutStandings(
          rounds,
          played(n, steps, (r, i) => pick(r, i)),
          seeds(n),
        );
        expect(table).toHaveLength(n);
        for (const r of table) {
          if (r.state === "out") expect(r.place).toBe(placeOut(r.round, rounds));
          if (r.state === "in") expect(r.place).toBeNull();
          expect(r.rank).toBe(r.place ?? placeOut(r.round, rounds));
        }
        // Sorted by rank; at most one champion, and a runner-up only beside one.
        for (let i = 1; i < table.length; i++) expect(table[i].rank).toBeGreaterThanOrEqual(table[i - 1].rank);
        const champions = table.filter((r) => r.state === "champion");
        expect(champions.length).toBeLessThanOrEqual(1);
        expect(table.some((r) => r.place === 2)).toBe(champions.length === 1);
        // Every out player's place counts the players who went further: never better than that.
        for (const r of table.filter((x) => x.place !== null)) {
          expect(table.filter((x) => x !== r && (x.round > r.round || x.state === "champion")).length).toBeLessThan(
            r.place!,
          );
        }
      }),
    );
  });
});
