/**
 * What the tournament images share: the card with its title and subtitle (laid out by card-heading.ts:
 * wrapped, never cut mid-phrase), a name fitted to its room,
 * and the flame of an arena player on a streak (drawn as a shape, not an emoji: no emoji font is needed,
 * and it reads at any size).
 */
import type { Translate } from "../../i18n/index.ts";
import { paintCard } from "../../render/background.ts";
import { createCanvas, type SKRSContext2D } from "../../render/canvas.ts";
import { fitWidth, font, measuredWidth, registerFonts } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { THEME } from "../../render/theme.ts";
import { type CardHeading, cardHeading, SUBTITLE_SIZE } from "./card-heading.ts";

/** No text smaller than this: 11 px when the image is shown 440 px wide out of 800. */
export const SMALLEST = 20;
export const MARGIN = 28;
/** The flame's colour. */
export const FLAME = "#ff8a2a";
/** The first three places. */
export const MEDALS = [THEME.origin, "#d9d9d9", "#d08b4c"] as const;

/** The heading of a card `width` wide: its lines, and where the content starts below them. */
export function heading(title: string, subtitle: string, width: number): CardHeading {
  return cardHeading(title, subtitle, width, MARGIN);
}

/** A card of `width` × `height` with its heading drawn; its context, ready to draw on. */
export function tournamentCard(width: number, height: number, head: CardHeading) {
  registerFonts();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  paintCard(ctx, width, height);
  ctx.textBaseline = "alphabetic";
  ctx.font = font(700, head.titleSize);
  head.title.forEach((line, i) => {
    drawLabel(ctx, line, MARGIN, head.titleY[i], { fill: THEME.text });
  });
  ctx.font = font(400, SUBTITLE_SIZE);
  head.subtitle.forEach((line, i) => {
    drawLabel(ctx, line, MARGIN, head.subtitleY[i], { fill: THEME.textDim });
  });
  return { canvas, ctx };
}

/** What a table picture shows: its heading, its rows, and how many more there are than the rows given. */
export interface TableData<R> {
  readonly title: string;
  readonly subtitle: string;
  readonly rows: readonly R[];
  readonly more: number;
}

/**
 * A table's card: at most `cap` of its rows (the rest counted in `more`), room for a head row, a row each
 * (one when there is none) and the "… more" line, `width` wide (or as wide as the rows shown need).
 */
export function tableCard<R>(
  data: TableData<R>,
  cap: number,
  row: number,
  width: number | ((rows: readonly R[]) => number),
) {
  const rows = data.rows.slice(0, cap);
  const more = data.more + (data.rows.length - rows.length);
  const w = typeof width === "number" ? width : width(rows);
  const card = heading(data.title, data.subtitle, w);
  const head = card.contentTop + 8;
  const height = head + row * (Math.max(rows.length, 1) + 1) + (more > 0 ? row : 0) + 16;
  return { rows, more, head, width: w, ...tournamentCard(w, height, card) };
}

/** `text` cut (with an ellipsis) to `room` pixels in the context's current font. */
export function fitted(ctx: SKRSContext2D, text: string, room: number): string {
  return fitWidth(text, room, (s) => measuredWidth(ctx, s));
}

/** A flame `size` pixels high whose bottom centre is at (x, y). */
export function drawFlame(ctx: SKRSContext2D, x: number, y: number, size: number): void {
  const w = size * 0.62;
  ctx.save();
  ctx.fillStyle = FLAME;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.bezierCurveTo(x - w, y, x - w * 0.9, y - size * 0.55, x - w * 0.15, y - size);
  ctx.bezierCurveTo(x - w * 0.05, y - size * 0.6, x + w * 0.35, y - size * 0.7, x + w * 0.3, y - size * 0.42);
  ctx.bezierCurveTo(x + w * 0.75, y - size * 0.55, x + w, y - size * 0.2, x, y);
  ctx.fill();
  ctx.fillStyle = THEME.origin;
  ctx.beginPath();
  ctx.ellipse(x, y - size * 0.22, w * 0.28, size * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/**
 * Below a table's `rows` rows (the first row's middle at `y`, `rowHeight` apart): "No one has played yet."
 * when there are none, "and N more" when `more` were left out.
 */
export function drawTableFoot(
  ctx: SKRSContext2D,
  t: Translate,
  x: number,
  y: number,
  rows: number,
  rowHeight: number,
  more: number,
): void {
  ctx.font = font(400, SMALLEST);
  if (rows === 0) drawLabel(ctx, t("board:tournament.nobody"), x, y, { fill: THEME.textDim });
  if (more > 0) drawLabel(ctx, t("board:tournament.more", { more }), x, y + rows * rowHeight, { fill: THEME.textDim });
}
