/**
 * The advantage chart of an analysis, Lichess style: the evaluation after every move, South's
 * advantage filled light above the middle line and North's dark below it, the marked moves as dots
 * (inaccuracy blue, mistake orange, blunder red). Drawn with the same card, font and colours as the
 * other charts.
 */

import type { Player } from "../engine/index.ts";
import { moveNumbers } from "../engine/internal.ts";
import type { Translate } from "../i18n/index.ts";
import { SIDE_NAME } from "../i18n/terms.ts";
import { type AdvantageMark, MARK_COUNT } from "./advantage-marks.ts";
import { paintCard } from "./background.ts";
import { createCanvas } from "./canvas.ts";
import { font, registerFonts } from "./fonts.ts";
import { ENGLISH } from "./language.ts";

export type { AdvantageMark } from "./advantage-marks.ts";

import { THEME } from "./theme.ts";

export const ADVANTAGE_COLOURS = {
  south: "#eeeae2",
  north: "#4a443d",
  line: "#ffd04d",
  inaccuracy: "#56b4e9",
  mistake: "#e69f00",
  blunder: "#db3031",
} as const;

export const ADVANTAGE_SIZE = { width: 800, height: 300 } as const;
export const ADVANTAGE_PAD = { left: 56, right: 24, top: 52, bottom: 36 } as const;

/**
 * Where an evaluation (seeds, South's side) is drawn, from -1 (bottom) to 1 (top): squashed like
 * Lichess's winning chances, so a few seeds show clearly and a won game reaches the edge.
 */
export function advantageHeight(evaluation: number): number {
  return 2 / (1 + Math.exp(-evaluation / 4)) - 1;
}

/** The chart's plot geometry, shared with the tests that read its pixels. */
export function advantageGeometry(plies: number) {
  const { width, height } = ADVANTAGE_SIZE;
  const plotW = width - ADVANTAGE_PAD.left - ADVANTAGE_PAD.right;
  const plotH = height - ADVANTAGE_PAD.top - ADVANTAGE_PAD.bottom;
  const mid = ADVANTAGE_PAD.top + plotH / 2;
  return {
    mid,
    x: (ply: number) => ADVANTAGE_PAD.left + (plies === 0 ? 0 : (ply / plies) * plotW),
    y: (evaluation: number) => mid - (advantageHeight(evaluation) * plotH) / 2,
  };
}

/** Steps between numbered ticks: the smallest that leaves at most `MAX_TICKS` numbers on the axis. */
const TICK_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500] as const;
const MAX_TICKS = 10;

/**
 * The x axis in the record's full moves (engine/move-numbers.ts): a tick at every `step`-th number,
 * at the point after that number's first move (South's "10. E"), and the last number, which the axis
 * ends on ("move 26"). `movers[i]` made move i; without them South and North alternate from South.
 */
export function advantageAxis(
  plies: number,
  movers?: readonly Player[],
): { readonly ticks: readonly { readonly ply: number; readonly number: number }[]; readonly last: number } {
  const sides = movers?.slice(0, plies) ?? Array.from({ length: plies }, (_, i) => (i % 2) as Player);
  const numbers = moveNumbers(sides);
  const last = numbers.at(-1)?.number ?? 0;
  const step = TICK_STEPS.find((s) => last / s <= MAX_TICKS) ?? TICK_STEPS[TICK_STEPS.length - 1];
  const ticks: { ply: number; number: number }[] = [];
  numbers.forEach(({ number }, i) => {
    if (number % step === 0 && (i === 0 || numbers[i - 1].number !== number)) ticks.push({ ply: i + 1, number });
  });
  return { ticks, last };
}

/** A PNG of `evaluations[k]`, the evaluation after k moves (k = 0 is the start), with the marked plies. */
export async function renderAdvantageChart(
  title: string,
  evaluations: readonly number[],
  marks: readonly { readonly ply: number; readonly mark: AdvantageMark }[],
  t: Translate = ENGLISH,
  movers?: readonly Player[],
): Promise<Buffer> {
  registerFonts();
  const { width, height } = ADVANTAGE_SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  paintCard(ctx, width, height);
  ctx.fillStyle = THEME.text;
  ctx.font = font(700, 20);
  ctx.textBaseline = "alphabetic";
  ctx.fillText(title, ADVANTAGE_PAD.left, 32);

  const plies = Math.max(1, evaluations.length - 1);
  const { mid, x, y } = advantageGeometry(plies);
  const right = width - ADVANTAGE_PAD.right;
  const top = ADVANTAGE_PAD.top;
  const bottom = height - ADVANTAGE_PAD.bottom;

  // The two halves: South's fill is clipped to above the middle line, North's to below it.
  for (const [colour, from, to] of [
    [ADVANTAGE_COLOURS.south, top, mid],
    [ADVANTAGE_COLOURS.north, mid, bottom],
  ] as const) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(ADVANTAGE_PAD.left, from, right - ADVANTAGE_PAD.left, to - from);
    ctx.clip();
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(x(0), mid);
    for (const [k, e] of evaluations.entries()) ctx.lineTo(x(k), y(e));
    ctx.lineTo(x(evaluations.length - 1), mid);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }

  ctx.strokeStyle = "rgba(255,255,255,0.25)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(ADVANTAGE_PAD.left, mid);
  ctx.lineTo(right, mid);
  ctx.stroke();

  ctx.strokeStyle = ADVANTAGE_COLOURS.line;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (const [k, e] of evaluations.entries()) ctx.lineTo(x(k), y(e));
  ctx.stroke();

  for (const { ply, mark } of marks) {
    if (ply >= evaluations.length) continue;
    ctx.fillStyle = ADVANTAGE_COLOURS[mark];
    ctx.beginPath();
    ctx.arc(x(ply), y(evaluations[ply]), mark === "blunder" ? 7 : 5, 0, Math.PI * 2);
    ctx.fill();
  }

  // The axis in full moves, as the record numbers them: "start", the numbered ticks, "move 26" at the end.
  const axis = advantageAxis(evaluations.length - 1, movers);
  ctx.font = font(400, 12);
  ctx.fillStyle = THEME.textDim;
  ctx.textBaseline = "top";
  ctx.textAlign = "left";
  const startLabel = t("board:advantage.start");
  ctx.fillText(startLabel, ADVANTAGE_PAD.left, bottom + 3);
  ctx.textAlign = "right";
  const lastLabel = t("board:advantage.move", { move: axis.last });
  ctx.fillText(lastLabel, right, bottom + 3);
  // A tick's number is left out where it would touch the end labels.
  const from = ADVANTAGE_PAD.left + ctx.measureText(startLabel).width + 12;
  const to = right - ctx.measureText(lastLabel).width - 12;
  ctx.textAlign = "center";
  for (const { ply, number } of axis.ticks) {
    const at = x(ply);
    if (at < from || at > to) continue;
    ctx.fillText(String(number), at, bottom + 3);
  }
  ctx.font = font(400, 13);
  ctx.textAlign = "center";
  const counts = (["inaccuracy", "mistake", "blunder"] as const).map((m) =>
    t(MARK_COUNT[m], { count: marks.filter((k) => k.mark === m).length }),
  );
  ctx.fillText(counts.join(" · "), (ADVANTAGE_PAD.left + right) / 2, bottom + 18);
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.fillText(t(SIDE_NAME[0]), ADVANTAGE_PAD.left - 8, top + 10);
  ctx.fillText(t(SIDE_NAME[1]), ADVANTAGE_PAD.left - 8, bottom - 10);
  return canvas.encode("png");
}
