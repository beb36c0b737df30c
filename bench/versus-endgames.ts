/**
 * bench:versus's endgame report: where each game first met Nickar's endgame table (the first position
 * reached by a capture with at most the table's seeds on the board, where the table's bounds hold: docs/ai.md,
 * "Endgame tables"), what the table said of it from Nickar's side, and Nickar's results in each group. It
 * tells the games decided before the tables from those lost or drawn inside them, where the table leaves
 * the result open and the search plays on the bounds' middle.
 */
import type { EndgameTable } from "../src/ai/endgame.ts";
import { endgameVerdict } from "../src/ai/endgame-verdict.ts";
import { CoreGame } from "../src/engine/core.ts";
import { parseMoveLetter, START_POSITION } from "../src/engine/notation.ts";
import type { VersusResult } from "./versus-game.ts";

/** The table's verdict for Nickar where the game met it; `never`: no capture brought the board within it. */
export type TableEntry = "won" | "drawn" | "open" | "lost" | "never";
export const TABLE_ENTRIES: readonly TableEntry[] = ["won", "drawn", "open", "lost", "never"];

/** The ply (1-based, after that move) at which a game's record first met the table, and the verdict there. */
export function tableEntry(
  record: string,
  nickarIsSouth: boolean,
  table: EndgameTable,
): { readonly entry: TableEntry; readonly ply: number } {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  const nickar = nickarIsSouth ? 0 : 1;
  let ply = 0;
  for (const letter of record) {
    const move = parseMoveLetter(letter);
    if (move === null || game.over) break;
    game.play(move.house);
    ply++;
    // Only a capture takes seeds off an abapa board, so the first board within the table follows one,
    // where the table's verdict holds (endgameVerdict).
    if (game.over || game.seedsOnSide(0) + game.seedsOnSide(1) > table.seeds) continue;
    const verdict = endgameVerdict(game, table);
    const entry =
      verdict === null ? "open" : verdict.winner === null ? "drawn" : verdict.winner === nickar ? "won" : "lost";
    return { entry, ply };
  }
  return { entry: "never", ply: 0 };
}

/** Nickar's W-D-L by the table's verdict where each scored game met it. */
export function tableEntryLines(results: readonly VersusResult[], table: EndgameTable): string[] {
  const rows = new Map<TableEntry, [number, number, number, number]>(TABLE_ENTRIES.map((e) => [e, [0, 0, 0, 0]]));
  for (const r of results) {
    if (r.kind !== "scored") continue;
    const row = rows.get(tableEntry(r.record, r.task.nickarIsSouth, table).entry)!;
    row[r.points === 1 ? 0 : r.points === 0.5 ? 1 : 2]++;
    if (r.reason === "cycle") row[3]++;
  }
  const lines = [
    `Where the games met the endgame table (${table.seeds} seeds; the first position a capture brought within it, Nickar's side):`,
    "",
    "| table's verdict | games | Nickar W-D-L | score | ended by cycle |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const [entry, [w, d, l, cycles]] of rows) {
    const n = w + d + l;
    if (n === 0) continue;
    lines.push(`| ${entry} | ${n} | ${w}-${d}-${l} | ${((100 * (w + d / 2)) / n).toFixed(1)}% | ${cycles} |`);
  }
  return lines;
}
