/**
 * bench:versus's report: the games one by one, then Nickar's W-D-L, score, Elo with its 95% interval,
 * results with each colour, the seed margins of its wins and losses, and the games not scored.
 */
import { eloInterval } from "./sprt.ts";
import type { VersusResult } from "./versus-game.ts";

type Scored = Extract<VersusResult, { kind: "scored" }>;
const isScored = (r: VersusResult): r is Scored => r.kind === "scored";

/** Losses, draws, wins. */
function tally(results: readonly Scored[]): [number, number, number] {
  const t: [number, number, number] = [0, 0, 0];
  for (const r of results) t[r.points * 2]++;
  return t;
}

const signed = (x: number) =>
  !Number.isFinite(x) || Math.abs(x) > 1200 ? (x > 0 ? "> +1200" : "< -1200") : `${x >= 0 ? "+" : ""}${Math.round(x)}`;

/** "W-D-L (score%)". */
function wdl(results: readonly Scored[]): string {
  const [l, d, w] = tally(results);
  const n = Math.max(1, w + d + l);
  return `${w}-${d}-${l} (${((100 * (w + d / 2)) / n).toFixed(1)}%)`;
}

export interface Summary {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Nickar's score in [0, 1] over the scored games. */
  readonly score: number;
  readonly elo: number;
  readonly low: number;
  readonly high: number;
  readonly south: string;
  readonly north: string;
  /** Seeds Nickar won its wins by and lost its losses by, ascending. */
  readonly winMargins: readonly number[];
  readonly lossMargins: readonly number[];
  /** Scored games stopped at the rules' difference (second occurrence) or the ply limit. */
  readonly adjudicated: number;
  readonly unscored: readonly VersusResult[];
}

export function summarize(results: readonly VersusResult[]): Summary {
  const scored = results.filter(isScored);
  const [losses, draws, wins] = tally(scored);
  const e = scored.length === 0 ? { score: 0.5, elo: 0, low: 0, high: 0 } : eloInterval([losses, draws, wins]);
  const margins = (points: number) =>
    scored
      .filter((r) => r.points === points)
      .map((r) => Math.abs(r.margin))
      .sort((a, b) => a - b);
  return {
    wins,
    draws,
    losses,
    ...e,
    south: wdl(scored.filter((r) => r.task.nickarIsSouth)),
    north: wdl(scored.filter((r) => !r.task.nickarIsSouth)),
    winMargins: margins(1),
    lossMargins: margins(0),
    adjudicated: scored.filter((r) => r.reason === "second-occurrence" || r.reason === "ply-limit").length,
    unscored: results.filter((r) => !isScored(r)),
  };
}

const perMove = (ms: number, moves: number) => (moves === 0 ? "-" : `${Math.round(ms / moves)}`);

/** One table row per game, in the order of the tasks. */
export function gameRows(results: readonly VersusResult[]): string[] {
  const rows = [
    "| # | opening | Nickar | result | margin | ended by | plies | ms a move: Nickar / engine | moves |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  results.forEach((r, i) => {
    const side = r.task.nickarIsSouth ? "South" : "North";
    const t = r.time;
    const times = `${perMove(t.nickar, t.nickarMoves)} / ${perMove(t.engine, t.engineMoves)}`;
    const result = isScored(r) ? (r.points === 1 ? "win" : r.points === 0 ? "loss" : "draw") : `**${r.kind}**`;
    const margin = isScored(r) ? `${r.margin >= 0 ? "+" : ""}${r.margin}` : "-";
    const ended = isScored(r) ? r.reason : r.detail;
    rows.push(
      `| ${i + 1} | ${r.record.slice(0, 2)} | ${side} | ${result} | ${margin} | ${ended} | ${r.plies} | ${times} | ${r.record} |`,
    );
  });
  return rows;
}

export function summaryLines(s: Summary, results: readonly VersusResult[]): string[] {
  const time = results.reduce(
    (a, r) => ({
      nickar: a.nickar + r.time.nickar,
      engine: a.engine + r.time.engine,
      nickarMoves: a.nickarMoves + r.time.nickarMoves,
      engineMoves: a.engineMoves + r.time.engineMoves,
    }),
    { nickar: 0, engine: 0, nickarMoves: 0, engineMoves: 0 },
  );
  const n = s.wins + s.draws + s.losses;
  return [
    "| games scored | Nickar W-D-L | score | Elo [95%] | with South | with North | wins by (seeds) | losses by (seeds) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${n} | ${s.wins}-${s.draws}-${s.losses} | ${(100 * s.score).toFixed(1)}% | ${signed(s.elo)} [${signed(s.low)}, ${signed(s.high)}] | ${s.south} | ${s.north} | ${s.winMargins.join(", ") || "-"} | ${s.lossMargins.join(", ") || "-"} |`,
    "",
    `Stopped at the second occurrence of a position (the rules' difference) or the ply limit, scored as a cycle: ${s.adjudicated}. Not scored (illegal move, engine failure, disagreement on the rules): ${s.unscored.length}.`,
    `Wall-clock time a move: Nickar ${perMove(time.nickar, time.nickarMoves)} ms, engine ${perMove(time.engine, time.engineMoves)} ms.`,
  ];
}
