/**
 * bench:versus's endgame report (bench/versus-endgames.ts): the first position a capture brings within the
 * table, and the table's verdict there from Nickar's side, checked against random abapa games and a
 * proving search that does not use the table.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tableEntry, tableEntryLines } from "../../bench/versus-endgames.ts";
import type { VersusResult } from "../../bench/versus-game.ts";
import { buildTable } from "../../src/ai/endgame.ts";
import { Searcher } from "../../src/ai/search.ts";
import type { CoreGame } from "../../src/engine/core.ts";
import { randomGame } from "../support/positions.ts";
import { provingConfig } from "../support/search-config.ts";

const table = buildTable("abapa", 8);

const onBoard = (game: CoreGame) => game.seedsOnSide(0) + game.seedsOnSide(1);
const swapped = { won: "lost", lost: "won", drawn: "drawn", open: "open", never: "never" } as const;

describe("versus endgames", () => {
  it("tableEntry - the first capture into the table, its verdict proven by a search without it - random abapa games", () => {
    let met = 0;
    let decided = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(5), { minLength: 150, maxLength: 400 }), (choices) => {
        const { record, positions } = randomGame(choices);
        const south = tableEntry(record, true, table);
        const north = tableEntry(record, false, table);
        expect(north.entry).toBe(swapped[south.entry]);
        expect(north.ply).toBe(south.ply);
        const within = (ply: number) =>
          !positions[ply].over && onBoard(positions[ply]) < onBoard(positions[ply - 1]) && onBoard(positions[ply]) <= 8;
        const first = positions.findIndex((_, ply) => ply > 0 && within(ply));
        expect(south.ply).toBe(Math.max(first, 0));
        if (south.entry === "never") return;
        met++;
        if (south.entry === "open") return;
        const position = positions[south.ply];
        const proof = new Searcher(position.clone(), provingConfig("abapa", { endgame: false })).run({
          deadline: Infinity,
          now: () => 0,
          nodeLimit: 200_000,
        });
        if (!proof.exact) return;
        decided++;
        const forSouth = position.toMove === 0 ? Math.sign(proof.score) : -Math.sign(proof.score);
        expect(south.entry).toBe(forSouth > 0 ? "won" : forSouth < 0 ? "lost" : "drawn");
      }),
      { numRuns: 100, seed: 36 },
    );
    expect(met).toBeGreaterThan(30);
    expect(decided).toBeGreaterThan(8);
  });

  it("tableEntryLines - Nickar's results by verdict, cycles counted - hand-made results", () => {
    const time = { nickar: 0, engine: 0, nickarMoves: 0, engineMoves: 0 };
    const game = (record: string, nickarIsSouth: boolean, points: 0 | 0.5 | 1, reason: string): VersusResult => ({
      kind: "scored",
      points,
      margin: (points - 0.5) * 4,
      reason,
      task: { opening: [1, 1], nickarIsSouth, ms: 10 },
      record,
      plies: record.length,
      time,
    });
    const start = randomGame([0, 1, 2]).record;
    const lines = tableEntryLines(
      [game(start, true, 1, "twenty-five"), game(start, false, 0.5, "cycle"), game(start, true, 0, "cycle")],
      table,
    );
    expect(lines.slice(2)).toEqual([
      "| table's verdict | games | Nickar W-D-L | score | ended by cycle |",
      "| --- | --- | --- | --- | --- |",
      "| never | 3 | 1-1-1 | 50.0% | 2 |",
    ]);
  });
});
