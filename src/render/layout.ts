/**
 * The geometry of the image in logical pixels (800 x 360; the canvas may be scaled). Seen from
 * South: North's row on top, pits 11..6 from left to right; South's row below, pits 0..5; South's
 * store at the right end, North's at the left end (each player's store is on their right).
 */
import type { Player } from "../engine/index.ts";

export const WIDTH = 800;
export const HEIGHT = 360;
export const CARD_RADIUS = 18;

export const BOARD = { x: 14, y: 46, w: 772, h: 268, r: 24 } as const;
export const PIT_RADIUS = 39;
export const SEED_RADIUS = 8;

const COLUMN_LEFT = 170;
const COLUMN_STEP = 92;
const NORTH_ROW_Y = 118;
const SOUTH_ROW_Y = 242;
/** The groove between the rows, where the caption goes. */
export const MIDDLE_Y = (NORTH_ROW_Y + SOUTH_ROW_Y) / 2;

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Column 0..5 from the left of the image. */
export function pitColumn(pit: number): number {
  return pit < 6 ? pit : 11 - pit;
}

export function pitCenter(pit: number): Point {
  return { x: COLUMN_LEFT + COLUMN_STEP * pitColumn(pit), y: pit < 6 ? SOUTH_ROW_Y : NORTH_ROW_Y };
}

/** Where a pit's letter and count are written: outside the rows (above North's, below South's). */
export function pitLabelCenter(pit: number): Point {
  const c = pitCenter(pit);
  return { x: c.x, y: pit < 6 ? c.y + PIT_RADIUS + 16 : c.y - PIT_RADIUS - 16 };
}

/** The store troughs: North's on the left, South's on the right. */
export function storeRect(player: Player): Rect {
  const w = 86;
  const y = 64;
  const h = 232;
  return player === 0 ? { x: BOARD.x + BOARD.w - 14 - w, y, w, h } : { x: BOARD.x + 14, y, w, h };
}

export function storeCenter(player: Player): Point {
  const r = storeRect(player);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/** The store's count pill sits at the end next to its owner's labels: top for North, bottom for South. */
export function storeLabelCenter(player: Player): Point {
  const r = storeRect(player);
  return { x: r.x + r.w / 2, y: player === 0 ? r.y + r.h - 22 : r.y + 22 };
}

/** The part of a store where seeds lie (the rest holds the count). */
export function storeSeedArea(player: Player): Rect {
  const r = storeRect(player);
  const pad = 10;
  const label = 52;
  return player === 0
    ? { x: r.x + pad, y: r.y + pad, w: r.w - 2 * pad, h: r.h - label - 2 * pad }
    : { x: r.x + pad, y: r.y + label + pad, w: r.w - 2 * pad, h: r.h - label - 2 * pad };
}
