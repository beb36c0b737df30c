import { describe, expect, it } from "vitest";
import { type SwissTournament, standings } from "../../../src/tournaments/core/index.ts";

const entrants = ["A", "B", "C", "D"].map((id, i) => ({ id, name: id, rating: 2000 - 100 * i }));

describe("Swiss standings", () => {
  it("standings - score, Buchholz, Sonneborn-Berger as worked by hand - four players, three rounds", () => {
    // R1 A-C 1-0, B-D ½-½; R2 C-B 0-1, D-A ½-½; R3 A-B 1-0, C-D 1-0.
    // Scores A 2.5, B 1.5, C 1, D 1. Buchholz A 1+1+1.5 = 3.5, B 1+1+2.5 = 4.5, C 2.5+1.5+1 = 5, D 1.5+2.5+1 = 5.
    // Sonneborn-Berger A 1+½·1+1.5 = 3, B ½·1+1 = 1.5, C 1, D ½·1.5+½·2.5 = 2: D above C on it.
    const t: SwissTournament = {
      name: "hand",
      rounds: 3,
      entrants,
      played: [
        {
          bye: null,
          games: [
            { south: "A", north: "C", result: "south" },
            { south: "B", north: "D", result: "draw" },
          ],
        },
        {
          bye: null,
          games: [
            { south: "C", north: "B", result: "north" },
            { south: "D", north: "A", result: "draw" },
          ],
        },
        {
          bye: null,
          games: [
            { south: "A", north: "B", result: "south" },
            { south: "C", north: "D", result: "south" },
          ],
        },
      ],
    };
    expect(standings(t).map((s) => [s.rank, s.id, s.score, s.buchholz, s.sonnebornBerger])).toEqual([
      [1, "A", 2.5, 3.5, 3],
      [2, "B", 1.5, 4.5, 1.5],
      [3, "D", 1, 5, 2],
      [4, "C", 1, 5, 1],
    ]);
  });

  it("standings - a bye scores a win and adds nothing to the tie-breaks - three players, one round", () => {
    const t: SwissTournament = {
      name: "bye",
      rounds: 1,
      entrants: entrants.slice(0, 3),
      played: [{ bye: "C", games: [{ south: "A", north: "B", result: "south" }] }],
    };
    expect(standings(t).map((s) => [s.rank, s.id, s.score, s.buchholz, s.sonnebornBerger])).toEqual([
      [1, "A", 1, 0, 0],
      [1, "C", 1, 0, 0],
      [3, "B", 0, 1, 0],
    ]);
  });

  it("standings - direct encounter only when all the tied players met, else a shared rank - round robin of four", () => {
    const rounds: SwissTournament["played"] = [
      {
        bye: null,
        games: [
          { south: "A", north: "B", result: "south" },
          { south: "C", north: "D", result: "south" },
        ],
      },
      {
        bye: null,
        games: [
          { south: "B", north: "C", result: "south" },
          { south: "D", north: "A", result: "south" },
        ],
      },
      {
        bye: null,
        games: [
          { south: "A", north: "C", result: "draw" },
          { south: "B", north: "D", result: "draw" },
        ],
      },
    ];
    const two = standings({ name: "rr", rounds: 3, entrants, played: rounds.slice(0, 2) });
    expect(two.map((s) => [s.rank, s.directEncounter])).toEqual([
      [1, null],
      [1, null],
      [1, null],
      [1, null],
    ]);
    const three = standings({ name: "rr", rounds: 3, entrants, played: rounds });
    expect(three.map((s) => [s.rank, s.score, s.directEncounter])).toEqual([
      [1, 1.5, 1.5],
      [1, 1.5, 1.5],
      [1, 1.5, 1.5],
      [1, 1.5, 1.5],
    ]);
  });
});
