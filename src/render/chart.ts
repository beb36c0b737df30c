/**
 * The rating-history chart of `/nickar stats` and the rungs image of `/nickar ladder`, drawn with the
 * same canvas stack, font and colours as the board.
 */

import type { Translate } from "../i18n/index.ts";
import { paintCard } from "./background.ts";
import { createCanvas, type SKRSContext2D } from "./canvas.ts";
import { fitWidth, font, measuredWidth, registerFonts } from "./fonts.ts";
import { drawLabel } from "./labels.ts";
import { ENGLISH } from "./language.ts";
import { THEME } from "./theme.ts";

/** What the x axis counts: rated games, or rated puzzle tries. */
export type ChartUnit = "games" | "puzzles";

export interface RatingPoint {
  /** Unix milliseconds. */
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
}

const WIDTH = 800;
const HEIGHT = 420;
const PAD = { left: 74, right: 28, top: 96, bottom: 74 };
/** Every player's rating before their first game. */
const START = 1500;
/** No text smaller than this: 11 px when the chart is shown 440 px wide. */
const SMALLEST = 20;

function niceStep(span: number, parts = 5): number {
  const raw = span / parts;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

/** The months' short names, by the month's number from 0. */
const MONTHS = [
  "board:month.jan",
  "board:month.feb",
  "board:month.mar",
  "board:month.apr",
  "board:month.may",
  "board:month.jun",
  "board:month.jul",
  "board:month.aug",
  "board:month.sep",
  "board:month.oct",
  "board:month.nov",
  "board:month.dec",
] as const;

function dateLabel(ms: number, t: Translate): string {
  const d = new Date(ms);
  return t("board:chart.date", { day: d.getUTCDate(), month: t(MONTHS[d.getUTCMonth()]) });
}

/** The legend under the title: the line, the band and the start mark, each with its meaning. */
function drawLegend(ctx: SKRSContext2D, y: number, t: Translate): void {
  ctx.font = font(400, SMALLEST);
  ctx.textBaseline = "middle";
  let x = PAD.left;
  ctx.strokeStyle = THEME.origin;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + 26, y);
  ctx.stroke();
  const rating = t("board:chart.rating");
  drawLabel(ctx, rating, x + 34, y, { fill: THEME.text });
  x += 34 + measuredWidth(ctx, rating) + 26;
  ctx.fillStyle = BAND;
  ctx.fillRect(x, y - 9, 26, 18);
  const band = t("board:chart.band");
  drawLabel(ctx, band, x + 34, y, { fill: THEME.text });
  x += 34 + measuredWidth(ctx, band) + 26;
  dashed(ctx, x, y, x + 26, y);
  const start = fitWidth(t("board:chart.start", { start: START }), WIDTH - PAD.right - x - 34, (s) =>
    measuredWidth(ctx, s),
  );
  drawLabel(ctx, start, x + 34, y, { fill: THEME.text });
}

const BAND = "rgba(95, 196, 255, 0.28)";

function dashed(ctx: SKRSContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.save();
  ctx.strokeStyle = "rgba(245, 239, 230, 0.6)";
  ctx.lineWidth = 2;
  ctx.setLineDash([8, 6]);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  ctx.restore();
}

/**
 * A PNG of the rating after each game, with the rating ± deviation band shaded, a dashed line at the
 * 1500 everyone starts from, and the x axis numbered by game (with the dates of the first and last
 * game in the footnote). Needs at least one point.
 */
export async function renderRatingChart(
  title: string,
  points: readonly RatingPoint[],
  t: Translate = ENGLISH,
  unit: ChartUnit = "games",
): Promise<Buffer> {
  registerFonts();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext("2d");
  paintCard(ctx, WIDTH, HEIGHT);
  ctx.font = font(700, 26);
  ctx.textBaseline = "alphabetic";
  drawLabel(
    ctx,
    fitWidth(title, WIDTH - 2 * 28, (t) => measuredWidth(ctx, t)),
    28,
    40,
    { fill: THEME.text },
  );
  drawLegend(ctx, 70, t);

  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const low = Math.min(START, ...points.map((p) => p.rating - p.deviation));
  const high = Math.max(START, ...points.map((p) => p.rating + p.deviation));
  const step = niceStep(Math.max(high - low, 50), 4);
  const yMin = Math.floor(low / step) * step;
  const yMax = Math.ceil(high / step) * step;
  // Game n (1-based) at x(n); a lone game sits in the middle.
  const x = (n: number) => PAD.left + (points.length === 1 ? plotW / 2 : ((n - 1) / (points.length - 1)) * plotW);
  const y = (r: number) => PAD.top + plotH - ((r - yMin) / (yMax - yMin)) * plotH;

  ctx.font = font(400, SMALLEST);
  ctx.textBaseline = "middle";
  for (let r = yMin; r <= yMax + 1e-9; r += step) {
    ctx.strokeStyle = "rgba(255,255,255,0.08)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(PAD.left, y(r));
    ctx.lineTo(WIDTH - PAD.right, y(r));
    ctx.stroke();
    drawLabel(ctx, String(Math.round(r)), PAD.left - 10, y(r), { fill: THEME.textDim, align: "right" });
  }
  dashed(ctx, PAD.left, y(START), WIDTH - PAD.right, y(START));

  ctx.fillStyle = BAND;
  ctx.beginPath();
  for (const [i, p] of points.entries()) ctx.lineTo(x(i + 1), y(p.rating + p.deviation));
  for (let i = points.length - 1; i >= 0; i--) ctx.lineTo(x(i + 1), y(points[i].rating - points[i].deviation));
  ctx.closePath();
  ctx.fill();

  ctx.strokeStyle = THEME.origin;
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (const [i, p] of points.entries()) ctx.lineTo(x(i + 1), y(p.rating));
  ctx.stroke();
  ctx.fillStyle = THEME.origin;
  for (const [i, p] of points.entries()) {
    ctx.beginPath();
    ctx.arc(x(i + 1), y(p.rating), points.length > 60 ? 2 : 4, 0, Math.PI * 2);
    ctx.fill();
  }

  // The x axis: game numbers at a nice step, always the first and the last.
  ctx.textBaseline = "top";
  const axisY = HEIGHT - PAD.bottom + 8;
  const gameStep = Math.max(1, Math.round(niceStep(Math.max(points.length - 1, 1), 5)));
  const ticks = new Set([1, points.length]);
  for (let n = gameStep; n < points.length; n += gameStep) if (x(points.length) - x(n) > 40) ticks.add(n);
  for (const n of [...ticks].sort((a, b) => a - b)) {
    drawLabel(ctx, String(n), x(n), axisY, { fill: THEME.textDim, align: "center" });
  }
  const last = points[points.length - 1];
  const first = points[0];
  const [from, to] = [dateLabel(first.at, t), dateLabel(last.at, t)];
  const dates = from === to ? to : `${from} – ${to}`;
  const axis = t(unit === "puzzles" ? "board:chart.axisPuzzles" : "board:chart.axis", {
    games: t(unit === "puzzles" ? "board:chart.puzzles" : "board:chart.games", { count: points.length }),
    dates,
    rating: Math.round(last.rating),
    deviation: Math.round(last.deviation),
  });
  drawLabel(
    ctx,
    fitWidth(axis, WIDTH - 2 * 28, (s) => measuredWidth(ctx, s)),
    PAD.left + plotW / 2,
    axisY + 32,
    { fill: THEME.text, align: "center" },
  );
  return canvas.encode("png");
}

export interface Rung {
  readonly name: string;
  readonly detail: string;
  /** What just happened to this player on the ladder, e.g. "took rung 1" or "down 1". */
  readonly moved?: string;
  /** Up (climbed), down (pushed down) or none. */
  readonly direction?: "up" | "down";
}

/** A PNG of the ladder's rungs, top first (at most 20 rows are drawn; the caller says how many more). */
export async function renderLadderImage(
  title: string,
  rungs: readonly Rung[],
  more = 0,
  t: Translate = ENGLISH,
): Promise<Buffer> {
  registerFonts();
  const rows = rungs.slice(0, 20);
  const rowH = 42;
  const height = 76 + Math.max(rows.length, 1) * rowH + (more > 0 ? 36 : 0) + 16;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext("2d");
  paintCard(ctx, WIDTH, height);
  ctx.font = font(700, 26);
  ctx.textBaseline = "alphabetic";
  drawLabel(ctx, title, 28, 44, { fill: THEME.text });
  const medals = [THEME.origin, "#d9d9d9", "#d08b4c"];
  rows.forEach((rung, i) => {
    const top = 64 + i * rowH;
    const width = WIDTH - 56 - i * 6;
    const mid = top + (rowH - 6) / 2;
    ctx.fillStyle = i % 2 === 0 ? "rgba(192,133,80,0.28)" : "rgba(192,133,80,0.16)";
    ctx.beginPath();
    ctx.roundRect(28, top, width, rowH - 6, 8);
    ctx.fill();
    if (rung.moved) {
      // The player who just moved: outlined, with an arrow and the words (not the colour alone).
      ctx.strokeStyle = rung.direction === "down" ? THEME.capture : THEME.received;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.roundRect(28, top, width, rowH - 6, 8);
      ctx.stroke();
    }
    ctx.textBaseline = "middle";
    ctx.font = font(700, 22);
    drawLabel(ctx, `${i + 1}`, 44, mid, { fill: medals[i] ?? THEME.textDim });
    ctx.font = font(400, SMALLEST);
    const detail = rung.moved ? `${rung.direction === "down" ? "▼" : "▲"} ${rung.moved} · ${rung.detail}` : rung.detail;
    const detailWidth = measuredWidth(ctx, detail);
    drawLabel(ctx, detail, 28 + width - 14, mid, { fill: rung.moved ? THEME.text : THEME.textDim, align: "right" });
    ctx.font = font(700, 22);
    const room = width - 14 - detailWidth - 24 - 64;
    drawLabel(
      ctx,
      fitWidth(rung.name, room, (t) => measuredWidth(ctx, t)),
      92,
      mid,
      { fill: THEME.text },
    );
  });
  ctx.textBaseline = "middle";
  if (rows.length === 0) {
    ctx.font = font(400, SMALLEST);
    drawLabel(ctx, t("board:chart.ladderEmpty"), 28, 86, { fill: THEME.textDim });
  }
  if (more > 0) {
    ctx.font = font(400, SMALLEST);
    drawLabel(ctx, t("board:chart.ladderMore", { more }), 44, 64 + rows.length * rowH + 14, { fill: THEME.textDim });
  }
  return canvas.encode("png");
}
