/**
 * bench:versus's `--entry-scores` (bench/versus-entry-scores.ts): Nickar's expert's score where a game met
 * the table with open bounds and BEFORE plies earlier, for those games only, checked against a search
 * of the same position made here, on random abapa games and an 8-seed table.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tableEntry } from "../../bench/versus-endgames.ts";
import { BEFORE, entryScoreLines, entryScores } from "../../bench/versus-entry-scores.ts";
import type { VersusResult } from "../../bench/versus-game.ts";
import { buildTable, installTable, uninstallTable } from "../../src/ai/endgame.ts";
import { think } from "../../src/ai/think.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { parseMoveLetter, START_POSITION } from "../../src/engine/notation.ts";
import { randomGame } from "../support/positions.ts";

const table = buildTable("abapa", 8);
const MS = 3;

function result(record: string, nickarIsSouth: boolean, points: 0 | 0.5 | 1): VersusResult {
  return {
    kind: "scored",
    points,
    margin: (points - 0.5) * 4,
    reason: "twenty-five",
    task: { opening: [1, 1], nickarIsSouth, ms: 10 },
    record,
    plies: record.length,
    time: { nickar: 0, engine: 0, nickarMoves: 0, engineMoves: 0 },
  };
}

/** The expert's score, searched here, at the first position from `ply` on with `nickar` to move. */
function searchedHere(record: string, ply: number, nickar: number): number | null {
  const moves = [...record].map((letter) => parseMoveLetter(letter)?.house ?? 0);
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  let at = 0;
  while (!game.over && (at < Math.max(ply, 2) || game.toMove !== nickar)) {
    if (at === moves.length) return null;
    game.play(moves[at++]);
  }
  if (game.over) return null;
  installTable(table);
  try {
    return think({ ruleset: "abapa", moves: moves.slice(0, at), level: "expert", ms: MS, seed: 1, book: false }).score;
  } finally {
    uninstallTable("abapa");
  }
}

describe("versus entry scores", () => {
  it("entryScores - the open entries only, the expert's scores there and BEFORE plies earlier - random abapa games", () => {
    let open = 0;
    fc.assert(
      fc.property(fc.array(fc.nat(5), { minLength: 150, maxLength: 300 }), fc.boolean(), (choices, south) => {
        const { record } = randomGame(choices);
        const entry = tableEntry(record, south, table);
        const scores = entryScores([result(record, south, 1)], table, MS);
        if (entry.entry !== "open") {
          expect(scores).toEqual([]);
          return;
        }
        open++;
        const nickar = south ? 0 : 1;
        expect(scores).toEqual([
          {
            points: 1,
            atEntry: searchedHere(record, entry.ply, nickar),
            before: searchedHere(record, entry.ply - BEFORE, nickar),
          },
        ]);
      }),
      { numRuns: 200, seed: 36 },
    );
    expect(open).toBeGreaterThan(5);
  }, 120_000);

  it("entryScoreLines - scores sorted by Nickar's result, null left out - hand-made scores", () => {
    const lines = entryScoreLines(
      [
        { points: 0, atEntry: -2, before: null },
        { points: 0, atEntry: -5, before: -1.5 },
        { points: 1, atEntry: 3, before: 0 },
      ],
      500,
    );
    expect(lines.slice(2)).toEqual([
      `| Nickar's result | games | at the entry | ${BEFORE} plies before |`,
      "| --- | --- | --- | --- |",
      "| loss | 2 | -5, -2 | -1.5 |",
      "| win | 1 | +3 | 0 |",
    ]);
  });
});
