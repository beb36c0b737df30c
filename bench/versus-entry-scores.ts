/**
 * bench:versus's `--entry-scores MS`: for the games that met the endgame table with its bounds open
 * (bench/versus-endgames.ts), what Nickar's own expert thought of its position there and `BEFORE` plies
 * earlier, by Nickar's result. It tells an endgame lost inside the table from one that Nickar entered
 * behind. Each score is a seeded search (MS × NODES_PER_MS nodes, the table installed, no book) at the
 * first position with Nickar to move at or after that ply, from Nickar's side, in seeds (±WIN_SCORE
 * minus the plies for a proven result).
 */
import { type EndgameTable, installTable, uninstallTable } from "../src/ai/endgame.ts";
import { think } from "../src/ai/think.ts";
import { CoreGame } from "../src/engine/core.ts";
import { parseMoveLetter, START_POSITION } from "../src/engine/notation.ts";
import { tableEntry } from "./versus-endgames.ts";
import type { VersusResult } from "./versus-game.ts";

/** How many plies before the table's entry the second score is taken. */
export const BEFORE = 20;

/** The houses of a record, and who moves after each prefix (index: plies played). */
function replayed(record: string): { moves: number[]; toMove: number[] } {
  const game = CoreGame.fromPosition("abapa", START_POSITION);
  const moves: number[] = [];
  const toMove: number[] = [game.toMove];
  for (const letter of record) {
    const move = parseMoveLetter(letter);
    if (move === null || game.over) break;
    game.play(move.house);
    moves.push(move.house);
    toMove.push(game.over ? -1 : game.toMove);
  }
  return { moves, toMove };
}

/** Nickar's expert's score at the first position from `ply` on with Nickar to move, or null if none. */
function scoreFrom(moves: readonly number[], toMove: readonly number[], ply: number, nickar: number, ms: number) {
  // Not inside the two plies of the opening (20 plies before an early entry would be).
  let at = Math.max(ply, 2);
  while (at < toMove.length && toMove[at] !== nickar) at++;
  if (at >= toMove.length) return null;
  return think({ ruleset: "abapa", moves: moves.slice(0, at), level: "expert", ms, seed: 1, book: false }).score;
}

/** For each scored game with an open entry: Nickar's points and its expert's scores at the entry and BEFORE plies earlier. */
export function entryScores(
  results: readonly VersusResult[],
  table: EndgameTable,
  ms: number,
): { points: number; atEntry: number | null; before: number | null }[] {
  installTable(table);
  try {
    return results.flatMap((r) => {
      if (r.kind !== "scored") return [];
      const { entry, ply } = tableEntry(r.record, r.task.nickarIsSouth, table);
      if (entry !== "open") return [];
      const { moves, toMove } = replayed(r.record);
      const nickar = r.task.nickarIsSouth ? 0 : 1;
      return [
        {
          points: r.points,
          atEntry: scoreFrom(moves, toMove, ply, nickar, ms),
          before: scoreFrom(moves, toMove, ply - BEFORE, nickar, ms),
        },
      ];
    });
  } finally {
    uninstallTable("abapa");
  }
}

/** The report's lines: per result, the scores at the entry and BEFORE plies earlier, sorted. */
export function entryScoreLines(scores: ReturnType<typeof entryScores>, ms: number): string[] {
  const list = (xs: (number | null)[]) =>
    xs
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b)
      .map((x) => (x > 0 ? `+${x}` : `${x}`))
      .join(", ");
  const lines = [
    `Nickar's expert's score where the games met the table with open bounds (a seeded search of ${ms} ms, Nickar's side, seeds):`,
    "",
    `| Nickar's result | games | at the entry | ${BEFORE} plies before |`,
    "| --- | --- | --- | --- |",
  ];
  for (const [points, name] of [
    [0, "loss"],
    [0.5, "draw"],
    [1, "win"],
  ] as const) {
    const rows = scores.filter((s) => s.points === points);
    if (rows.length === 0) continue;
    lines.push(
      `| ${name} | ${rows.length} | ${list(rows.map((s) => s.atEntry))} | ${list(rows.map((s) => s.before))} |`,
    );
  }
  return lines;
}
