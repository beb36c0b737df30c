/**
 * The rating-history chart of `/nickar stats` and the rungs image of `/nickar ladder`, drawn with the
 * same canvas stack, font and colours as the board.
 */
import { createCanvas } from "@napi-rs/canvas";
import { paintCard } from "./background.ts";
import { font, registerFonts } from "./fonts.ts";
import { THEME } from "./theme.ts";

export interface RatingPoint {
  /** Unix milliseconds. */
  readonly at: number;
  readonly rating: number;
  readonly deviation: number;
}

const WIDTH = 800;
const HEIGHT = 360;
const PAD = { left: 64, right: 24, top: 56, bottom: 44 };

function niceStep(span: number): number {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
}

function dateLabel(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][d.getUTCMonth()]}`;
}

/** A PNG of the rating after each game, with the rating ± deviation band shaded. Needs at least one point. */
export async function renderRatingChart(title: string, points: readonly RatingPoint[]): Promise<Buffer> {
  registerFonts();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext("2d");
  paintCard(ctx, WIDTH, HEIGHT);
  ctx.fillStyle = THEME.text;
  ctx.font = font(700, 22);
  ctx.textBaseline = "alphabetic";
  ctx.fillText(title, PAD.left, 34);

  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const low = Math.min(...points.map((p) => p.rating - p.deviation));
  const high = Math.max(...points.map((p) => p.rating + p.deviation));
  const step = niceStep(Math.max(high - low, 50));
  const yMin = Math.floor(low / step) * step;
  const yMax = Math.ceil(high / step) * step;
  const x = (i: number) => PAD.left + (points.length === 1 ? plotW / 2 : (i / (points.length - 1)) * plotW);
  const y = (r: number) => PAD.top + plotH - ((r - yMin) / (yMax - yMin)) * plotH;

  ctx.font = font(400, 14);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  for (let r = yMin; r <= yMax + 1e-9; r += step) {
    ctx.strokeStyle = "rgba(255,255,255,0.08)";
    ctx.beginPath();
    ctx.moveTo(PAD.left, y(r));
    ctx.lineTo(WIDTH - PAD.right, y(r));
    ctx.stroke();
    ctx.fillStyle = THEME.textDim;
    ctx.fillText(String(Math.round(r)), PAD.left - 10, y(r));
  }

  ctx.fillStyle = "rgba(95, 196, 255, 0.18)";
  ctx.beginPath();
  for (const [i, p] of points.entries()) ctx.lineTo(x(i), y(p.rating + p.deviation));
  for (let i = points.length - 1; i >= 0; i--) ctx.lineTo(x(i), y(points[i].rating - points[i].deviation));
  ctx.closePath();
  ctx.fill();

  ctx.strokeStyle = THEME.origin;
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (const [i, p] of points.entries()) ctx.lineTo(x(i), y(p.rating));
  ctx.stroke();
  ctx.fillStyle = THEME.origin;
  for (const [i, p] of points.entries()) {
    ctx.beginPath();
    ctx.arc(x(i), y(p.rating), points.length > 60 ? 2 : 4, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.fillStyle = THEME.textDim;
  ctx.textBaseline = "top";
  ctx.textAlign = "left";
  ctx.fillText(dateLabel(points[0].at), PAD.left, HEIGHT - PAD.bottom + 12);
  ctx.textAlign = "right";
  ctx.fillText(dateLabel(points[points.length - 1].at), WIDTH - PAD.right, HEIGHT - PAD.bottom + 12);
  ctx.textAlign = "center";
  const last = points[points.length - 1];
  ctx.fillText(
    `${points.length} game${points.length === 1 ? "" : "s"} · now ${Math.round(last.rating)} (deviation ${Math.round(last.deviation)})`,
    PAD.left + plotW / 2,
    HEIGHT - PAD.bottom + 12,
  );
  return canvas.encode("png");
}

export interface Rung {
  readonly name: string;
  readonly detail: string;
}

/** A PNG of the ladder's rungs, top first (at most 20 rows are drawn; the caller says how many more). */
export async function renderLadderImage(title: string, rungs: readonly Rung[], more = 0): Promise<Buffer> {
  registerFonts();
  const rows = rungs.slice(0, 20);
  const rowH = 34;
  const height = 70 + Math.max(rows.length, 1) * rowH + (more > 0 ? 30 : 0) + 16;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext("2d");
  paintCard(ctx, WIDTH, height);
  ctx.fillStyle = THEME.text;
  ctx.font = font(700, 22);
  ctx.fillText(title, 28, 40);
  const medals = [THEME.origin, "#d9d9d9", "#d08b4c"];
  rows.forEach((rung, i) => {
    const top = 62 + i * rowH;
    const width = WIDTH - 56 - i * 6;
    ctx.fillStyle = i % 2 === 0 ? "rgba(192,133,80,0.28)" : "rgba(192,133,80,0.16)";
    ctx.beginPath();
    ctx.roundRect(28, top, width, rowH - 6, 8);
    ctx.fill();
    ctx.fillStyle = medals[i] ?? THEME.textDim;
    ctx.font = font(700, 18);
    ctx.textBaseline = "middle";
    ctx.fillText(`${i + 1}`, 42, top + (rowH - 6) / 2);
    ctx.fillStyle = THEME.text;
    ctx.fillText(rung.name, 92, top + (rowH - 6) / 2);
    ctx.fillStyle = THEME.textDim;
    ctx.font = font(400, 15);
    ctx.textAlign = "right";
    ctx.fillText(rung.detail, 28 + width - 14, top + (rowH - 6) / 2);
    ctx.textAlign = "left";
  });
  if (rows.length === 0) {
    ctx.fillStyle = THEME.textDim;
    ctx.font = font(400, 16);
    ctx.fillText("Nobody has joined yet: /nickar ladder join", 28, 80);
  }
  if (more > 0) {
    ctx.fillStyle = THEME.textDim;
    ctx.font = font(400, 15);
    ctx.fillText(`… and ${more} more`, 42, 62 + rows.length * rowH + 12);
  }
  return canvas.encode("png");
}
