/**
 * The geometry of the image in logical pixels (800 x 420; the canvas may be scaled). Seen from
 * South: North's row on top, pits 11..6 from left to right; South's row below, pits 0..5; South's
 * store at the right end, North's at the left end (each player's store is on their right).
 *
 * Discord shows images about 400-550 px wide, so every text is at least LABEL_MIN logical pixels
 * (11 px at 440 px wide). The rows stand far enough apart for the result banner to sit between them
 * without covering a pit.
 */
import type { Player } from "../engine/index.ts";

export const WIDTH = 800;
export const HEIGHT = 420;
/** The smallest font size of any text on the board: 11 px when the image is shown 440 px wide. */
export const LABEL_MIN = 20;
export const CARD_RADIUS = 18;

export const BOARD = { x: 14, y: 50, w: 772, h: 316, r: 24 } as const;
export const PIT_RADIUS = 39;
export const SEED_RADIUS = 8;

const COLUMN_LEFT = 170;
const COLUMN_STEP = 92;
const NORTH_ROW_Y = 127;
const SOUTH_ROW_Y = 289;
/** From a pit's centre to the centre of its letter and count, outside the rows. */
const LABEL_DISTANCE = PIT_RADIUS + 19;
/** The groove between the rows, where the caption goes. */
export const MIDDLE_Y = (NORTH_ROW_Y + SOUTH_ROW_Y) / 2;
/** The free band between the rows (from the bottom of North's pits to the top of South's). */
export const GROOVE = { top: NORTH_ROW_Y + PIT_RADIUS, bottom: SOUTH_ROW_Y - PIT_RADIUS } as const;

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
  return { x: c.x, y: pit < 6 ? c.y + LABEL_DISTANCE : c.y - LABEL_DISTANCE };
}

/** The store troughs: North's on the left, South's on the right. */
export function storeRect(player: Player): Rect {
  const w = 86;
  const y = 64;
  const h = BOARD.h - 28;
  return player === 0 ? { x: BOARD.x + BOARD.w - 14 - w, y, w, h } : { x: BOARD.x + 14, y, w, h };
}

export function storeCenter(player: Player): Point {
  const r = storeRect(player);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/** Height of a store's label end: its owner's name, the count and (haiti) the kay. */
export const STORE_LABEL = 82;

/**
 * The store's labels sit at the end next to its owner's name in the header: the top for North, the
 * bottom for South; `line` 0 is the owner's name (outermost), 1 the count, 2 the kay count.
 */
export function storeLabelCenter(player: Player, line: 0 | 1 | 2 = 1): Point {
  const r = storeRect(player);
  const offsets = [16, 42, 66];
  return { x: r.x + r.w / 2, y: player === 0 ? r.y + r.h - offsets[line] : r.y + offsets[line] };
}

/** The part of a store where seeds lie (the rest holds the count). */
export function storeSeedArea(player: Player): Rect {
  const r = storeRect(player);
  const pad = 10;
  const label = STORE_LABEL;
  return player === 0
    ? { x: r.x + pad, y: r.y + pad, w: r.w - 2 * pad, h: r.h - label - 2 * pad }
    : { x: r.x + pad, y: r.y + label + pad, w: r.w - 2 * pad, h: r.h - label - 2 * pad };
}
