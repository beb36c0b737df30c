/**
 * The parts of the image that never change: the card, the wooden board with its grain, the carved
 * pits and stores, and the house letters. Painted once per scale and reused for every image and
 * frame (a cached image is drawn in well under a millisecond; painting the grain takes several).
 */

import type { Player } from "../engine/index.ts";
import { pitLetter } from "../engine/index.ts";
import { seededRandom } from "../engine/internal.ts";
import { type Canvas, createCanvas, type SKRSContext2D } from "./canvas.ts";
import { font } from "./fonts.ts";
import { drawLabel } from "./labels.ts";
import {
  BOARD,
  CARD_RADIUS,
  HEIGHT,
  LABEL_MIN,
  MIDDLE_Y,
  PIT_RADIUS,
  pitCenter,
  pitLabelCenter,
  type Rect,
  storeRect,
  WIDTH,
} from "./layout.ts";
import { THEME } from "./theme.ts";

/** Letter chips sit left of the count in each pit's label band. */
export const LETTER_OFFSET = -24;

export function roundRect(ctx: SKRSContext2D, r: Rect, radius: number): void {
  ctx.beginPath();
  ctx.roundRect(r.x, r.y, r.w, r.h, radius);
}

/** The dark rounded card every image sits on (the board, the charts). */
export function paintCard(ctx: SKRSContext2D, width = WIDTH, height = HEIGHT): void {
  const g = ctx.createLinearGradient(0, 0, 0, height);
  g.addColorStop(0, THEME.cardTop);
  g.addColorStop(1, THEME.cardBottom);
  ctx.fillStyle = g;
  roundRect(ctx, { x: 0, y: 0, w: width, h: height }, CARD_RADIUS);
  ctx.fill();
}

function paintGrain(ctx: SKRSContext2D): void {
  const rand = seededRandom(7);
  for (let i = 0; i < 110; i++) {
    const y0 = BOARD.y - 10 + rand() * (BOARD.h + 20);
    const amplitude = 1 + rand() * 4;
    const wave = 120 + rand() * 260;
    const phase = rand() * 2 * Math.PI;
    const drift = (rand() - 0.5) * 14;
    const light = rand() < 0.25;
    ctx.strokeStyle = light
      ? `rgba(255, 225, 180, ${0.04 + rand() * 0.07})`
      : `rgba(70, 32, 10, ${0.05 + rand() * 0.14})`;
    ctx.lineWidth = 0.5 + rand() * 2;
    ctx.beginPath();
    for (let x = BOARD.x; x <= BOARD.x + BOARD.w; x += 8) {
      const t = (x - BOARD.x) / BOARD.w;
      const y = y0 + drift * t + amplitude * Math.sin((x / wave) * 2 * Math.PI + phase);
      if (x === BOARD.x) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
}

function paintBoard(ctx: SKRSContext2D): void {
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.55)";
  ctx.shadowBlur = 14;
  ctx.shadowOffsetY = 4;
  const g = ctx.createLinearGradient(0, BOARD.y, 0, BOARD.y + BOARD.h);
  g.addColorStop(0, THEME.woodLight);
  g.addColorStop(0.55, THEME.woodMid);
  g.addColorStop(1, THEME.woodDark);
  ctx.fillStyle = g;
  roundRect(ctx, BOARD, BOARD.r);
  ctx.fill();
  ctx.restore();

  ctx.save();
  roundRect(ctx, BOARD, BOARD.r);
  ctx.clip();
  paintGrain(ctx);
  // A soft sheen along the top and a darker lower edge give the plank some volume.
  const sheen = ctx.createLinearGradient(0, BOARD.y, 0, BOARD.y + BOARD.h);
  sheen.addColorStop(0, "rgba(255, 235, 200, 0.18)");
  sheen.addColorStop(0.3, "rgba(255, 235, 200, 0)");
  sheen.addColorStop(0.8, "rgba(0, 0, 0, 0)");
  sheen.addColorStop(1, "rgba(0, 0, 0, 0.22)");
  ctx.fillStyle = sheen;
  ctx.fillRect(BOARD.x, BOARD.y, BOARD.w, BOARD.h);
  // The groove between the two rows.
  ctx.strokeStyle = "rgba(60, 28, 8, 0.35)";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(BOARD.x + 120, MIDDLE_Y);
  ctx.lineTo(BOARD.x + BOARD.w - 120, MIDDLE_Y);
  ctx.stroke();
  ctx.strokeStyle = "rgba(255, 225, 180, 0.18)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(BOARD.x + 120, MIDDLE_Y + 1.5);
  ctx.lineTo(BOARD.x + BOARD.w - 120, MIDDLE_Y + 1.5);
  ctx.stroke();
  ctx.restore();

  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "rgba(255, 230, 190, 0.35)";
  roundRect(ctx, { x: BOARD.x + 1, y: BOARD.y + 1, w: BOARD.w - 2, h: BOARD.h - 2 }, BOARD.r - 1);
  ctx.stroke();
}

/** A carved hollow: dark bottom, the upper-left wall in shadow, a lit lower rim. */
function paintHollow(ctx: SKRSContext2D, path: () => void, cx: number, cy: number, size: number): void {
  const g = ctx.createRadialGradient(cx + size * 0.12, cy + size * 0.18, 0, cx, cy, size * 1.1);
  g.addColorStop(0, THEME.pitEdge);
  g.addColorStop(0.55, "#432510");
  g.addColorStop(1, THEME.pitDeep);
  ctx.fillStyle = g;
  path();
  ctx.fill();

  ctx.save();
  path();
  ctx.clip();
  ctx.shadowColor = "rgba(0, 0, 0, 0.75)";
  ctx.shadowBlur = 9;
  ctx.shadowOffsetX = 3;
  ctx.shadowOffsetY = 5;
  ctx.lineWidth = 8;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.6)";
  path();
  ctx.stroke();
  ctx.restore();

  ctx.save();
  ctx.lineWidth = 1.6;
  const rim = ctx.createLinearGradient(cx - size, cy - size, cx + size, cy + size);
  rim.addColorStop(0, "rgba(40, 18, 4, 0.5)");
  rim.addColorStop(0.5, "rgba(255, 225, 180, 0.05)");
  rim.addColorStop(1, "rgba(255, 225, 180, 0.45)");
  ctx.strokeStyle = rim;
  path();
  ctx.stroke();
  ctx.restore();
}

function paintPits(ctx: SKRSContext2D): void {
  for (let pit = 0; pit < 12; pit++) {
    const c = pitCenter(pit);
    paintHollow(
      ctx,
      () => {
        ctx.beginPath();
        ctx.arc(c.x, c.y, PIT_RADIUS, 0, 2 * Math.PI);
      },
      c.x,
      c.y,
      PIT_RADIUS,
    );
  }
  for (const player of [0, 1] as Player[]) {
    const r = storeRect(player);
    paintHollow(ctx, () => roundRect(ctx, r, 36), r.x + r.w / 2, r.y + r.h / 2, r.h / 2);
  }
}

/** The house letters in their chips (exported for the legibility check, which collects its labels). */
export function paintLetters(ctx: SKRSContext2D): void {
  ctx.font = font(700, LABEL_MIN);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let pit = 0; pit < 12; pit++) {
    const c = pitLabelCenter(pit);
    const x = c.x + LETTER_OFFSET;
    ctx.fillStyle = THEME.chip;
    roundRect(ctx, { x: x - 13, y: c.y - 13, w: 26, h: 26 }, 7);
    ctx.fill();
    drawLabel(ctx, pitLetter(pit), x, c.y + 1, { fill: "#f3dcb8", align: "center" });
  }
}

const cache = new Map<number, Canvas>();

/** The static background at `scale` device pixels per logical pixel. */
export function background(scale: number): Canvas {
  let canvas = cache.get(scale);
  if (!canvas) {
    canvas = createCanvas(Math.round(WIDTH * scale), Math.round(HEIGHT * scale));
    const ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    paintCard(ctx);
    paintBoard(ctx);
    paintPits(ctx);
    paintLetters(ctx);
    cache.set(scale, canvas);
  }
  return canvas;
}
