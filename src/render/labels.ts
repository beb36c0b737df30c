/**
 * Every text the images draw goes through `drawLabel`, which can report what it drew (text, font
 * size, box) to a sink: the legibility test renders at Discord's inline size and checks each label.
 */
import type { SKRSContext2D } from "./canvas.ts";
import { fontsFor } from "./fonts.ts";

export interface DrawnLabel {
  readonly text: string;
  /** Font size in logical pixels. */
  readonly size: number;
  /** The text's box in logical pixels (the font's ascent to descent, the advance width). */
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export type LabelSink = (label: DrawnLabel) => void;

let sink: LabelSink | null = null;

/** Runs `draw` with every label it draws reported to `collect` (synchronously; for tests and checks). */
export function collectLabels(collect: LabelSink, draw: () => void): void {
  const previous = sink;
  sink = collect;
  try {
    draw();
  } finally {
    sink = previous;
  }
}

/** The font size of a CSS font string such as "700 20px NickarNunito, ...". */
function sizeOf(fontText: string): number {
  const match = /(\d+(?:\.\d+)?)px/.exec(fontText);
  return match ? Number(match[1]) : 0;
}

export interface LabelStyle {
  readonly fill: string;
  readonly align?: CanvasTextAlign;
  /** A dark halo around the letters (text on the wood). */
  readonly halo?: string;
}

/** Fills `value` at (x, y) in the context's current font and baseline, and reports it. */
export function drawLabel(ctx: SKRSContext2D, value: string, x: number, y: number, style: LabelStyle): void {
  fontsFor(value);
  ctx.textAlign = style.align ?? "left";
  if (style.halo) {
    ctx.lineJoin = "round";
    ctx.lineWidth = 4;
    ctx.strokeStyle = style.halo;
    ctx.strokeText(value, x, y);
  }
  ctx.fillStyle = style.fill;
  ctx.fillText(value, x, y);
  if (!sink) return;
  const m = ctx.measureText(value);
  const left = ctx.textAlign === "center" ? x - m.width / 2 : ctx.textAlign === "right" ? x - m.width : x;
  const top = y - m.fontBoundingBoxAscent;
  sink({
    text: value,
    size: sizeOf(ctx.font),
    x: left,
    y: top,
    w: m.width,
    h: m.fontBoundingBoxAscent + m.fontBoundingBoxDescent,
  });
}
