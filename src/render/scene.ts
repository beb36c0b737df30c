/**
 * One picture of the board: counts, seeds, marks, names and texts, plus what only the animation
 * shows (seeds in hand, seeds flying to a store). The still image and every animation frame are
 * drawn by drawScene, so the last frame of a move's GIF is the still image of its position.
 */

import type { Player } from "../engine/index.ts";
import type { Translate } from "../i18n/index.ts";
import { background, roundRect } from "./background.ts";
import type { SKRSContext2D } from "./canvas.ts";
import { fitWidth, font, measuredWidth } from "./fonts.ts";
import { drawLabel } from "./labels.ts";
import { ENGLISH } from "./language.ts";
import {
  GROOVE,
  HEIGHT,
  LABEL_MIN,
  MIDDLE_Y,
  PIT_RADIUS,
  type Point,
  pitCenter,
  pitLabelCenter,
  storeLabelCenter,
  storeRect,
  WIDTH,
} from "./layout.ts";
import { COUNTABLE, type Spot, seedsInPit, seedsInStore } from "./placement.ts";
import { drawSeedHeap, drawSeeds } from "./seeds.ts";
import { THEME } from "./theme.ts";
import type { MoveTrace } from "./trace.ts";
import { type BoardView, playerName } from "./view.ts";
import { type Banner, CORNER_WIDTH, cornerText } from "./words.ts";

/** Seeds held in the hand above a pit, between a pickup and the last drop. */
export interface Hand {
  at: Point;
  seeds: number;
}

/** Seeds on their way from a pit to a store, `t` from 0 (start) to 1 (arrived). */
export interface Flight {
  from: Point;
  to: Point;
  t: number;
  seeds: number;
}

export interface Scene {
  pits: readonly number[];
  stores: readonly [number, number];
  /** Whose turn the header shows, null when the game is over. */
  turn: Player | null;
  /** An animation frame of `turn`'s move: the header says "playing" rather than "to move". */
  playing: boolean;
  trace: MoveTrace | null;
  caption: string | null;
  banner: Banner | null;
  hand: Hand | null;
  flights: readonly Flight[];
}

/** Shortens `value` with an ellipsis until it fits `maxWidth` in the current font. */
function fitText(ctx: SKRSContext2D, value: string, maxWidth: number): string {
  return fitWidth(value, maxWidth, (s) => measuredWidth(ctx, s));
}

const HALO = "rgba(30, 14, 4, 0.75)";

function pillWidth(ctx: SKRSContext2D, label: string, size: number): number {
  ctx.font = font(700, size);
  return Math.max(measuredWidth(ctx, label) + size * 0.9, size * 1.7);
}

function pill(
  ctx: SKRSContext2D,
  label: string,
  x: number,
  y: number,
  fill: string,
  ink: string,
  size = LABEL_MIN,
): void {
  const w = pillWidth(ctx, label, size);
  const h = size + 8;
  ctx.fillStyle = fill;
  roundRect(ctx, { x: x - w / 2, y: y - h / 2, w, h }, h / 2);
  ctx.fill();
  drawLabel(ctx, label, x, y + 1, { fill: ink, align: "center" });
}

function ring(ctx: SKRSContext2D, c: Point, colour: string, width: number, dashed = false): void {
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  if (dashed) ctx.setLineDash([7, 5]);
  ctx.beginPath();
  ctx.arc(c.x, c.y, PIT_RADIUS + 1 + width / 2, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
}

/** The colour a pit's count is written in: the strongest thing that happened to it. */
function countColour(trace: MoveTrace | null, pit: number): string {
  const m = trace?.marks[pit];
  if (!m) return THEME.labelInk;
  if (m.captured) return THEME.capture;
  if (m.awarded !== null) return THEME.award;
  if (m.relay) return THEME.relay;
  if (m.origin) return THEME.origin;
  if (m.received) return THEME.received;
  return THEME.labelInk;
}

function drawMarks(ctx: SKRSContext2D, trace: MoveTrace): void {
  trace.marks.forEach((m, pit) => {
    const c = pitCenter(pit);
    if (m.captured) ring(ctx, c, THEME.capture, 3.5);
    else if (m.awarded !== null) ring(ctx, c, THEME.award, 3);
    else if (m.relay) ring(ctx, c, THEME.relay, 3.5, true);
    else if (m.origin) ring(ctx, c, THEME.origin, 3.5);
    else if (m.received) ring(ctx, c, THEME.received, 2.5);
  });
}

/** Badges over the seeds: relay order, seeds captured (a number, not only a colour). */
function drawBadges(ctx: SKRSContext2D, trace: MoveTrace): void {
  ctx.textBaseline = "middle";
  trace.marks.forEach((m, pit) => {
    const c = pitCenter(pit);
    if (m.relay) {
      const x = c.x + PIT_RADIUS * 0.72;
      const y = c.y + (pit < 6 ? PIT_RADIUS * 0.72 : -PIT_RADIUS * 0.72);
      ctx.fillStyle = THEME.relay;
      ctx.beginPath();
      ctx.arc(x, y, 14, 0, 2 * Math.PI);
      ctx.fill();
      ctx.font = font(700, LABEL_MIN);
      drawLabel(ctx, String(m.relay), x, y + 1, { fill: "#0d2233", align: "center" });
    }
    if (m.captured) pill(ctx, `−${m.captured}`, c.x, c.y, THEME.capture, "#2a0905");
  });
}

function drawPits(ctx: SKRSContext2D, scale: number, scene: Scene): void {
  for (let pit = 0; pit < 12; pit++) {
    const n = scene.pits[pit];
    drawSeedHeap(ctx, scale, `pit ${pit}`, seedsInPit(pit, n));
    if (n > COUNTABLE) {
      // A heap too big to count by eye: the number goes on it as well.
      const c = pitCenter(pit);
      pill(ctx, String(n), c.x, c.y, "rgba(25, 12, 4, 0.78)", THEME.labelInk);
    }
  }
  ctx.font = font(700, 24);
  ctx.textBaseline = "middle";
  for (let pit = 0; pit < 12; pit++) {
    const c = pitLabelCenter(pit);
    drawLabel(ctx, String(scene.pits[pit]), c.x + 12, c.y + 1, {
      fill: countColour(scene.trace, pit),
      align: "center",
      halo: HALO,
    });
  }
}

/**
 * Each store carries its owner's name at the end next to that player's name in the header, then its
 * count (kay below it in haiti), and the seeds it gained this move beside the count.
 */
function drawStores(ctx: SKRSContext2D, scale: number, view: BoardView, scene: Scene, t: Translate): void {
  const haiti = view.ruleset === "haiti";
  for (const player of [0, 1] as Player[]) {
    const n = scene.stores[player];
    drawSeedHeap(ctx, scale, `store ${player}`, seedsInStore(player, n));
    const width = storeRect(player).w - 10;
    ctx.textBaseline = "middle";
    const owner = storeLabelCenter(player, 0);
    ctx.font = font(700, LABEL_MIN);
    drawLabel(ctx, fitText(ctx, playerName(view, player, t), width), owner.x, owner.y, {
      fill: THEME.text,
      align: "center",
      halo: HALO,
    });
    const c = storeLabelCenter(player, 1);
    const gain = scene.trace?.storeGain[player] ?? 0;
    const count = String(n);
    ctx.font = font(700, 26);
    let x = c.x;
    if (gain > 0) {
      const countWidth = measuredWidth(ctx, count);
      const gainWidth = pillWidth(ctx, `+${gain}`, LABEL_MIN);
      const total = countWidth + 4 + gainWidth;
      x = c.x - total / 2 + countWidth / 2;
      pill(ctx, `+${gain}`, c.x + total / 2 - gainWidth / 2, c.y, THEME.capture, "#2a0905");
      ctx.font = font(700, 26);
    }
    drawLabel(ctx, count, x, c.y, { fill: gain > 0 ? THEME.capture : THEME.labelInk, align: "center", halo: HALO });
    if (haiti) {
      const k = storeLabelCenter(player, 2);
      ctx.font = font(700, LABEL_MIN);
      drawLabel(ctx, t("board:header.kay", { kay: Math.floor(n / 4) }), k.x, k.y, {
        fill: THEME.text,
        align: "center",
        halo: HALO,
      });
    }
  }
}

/**
 * The players' names at their own ends (North top left, South bottom right), the player to move
 * marked with a dot and the words "to move" ("playing" during the animation of their move); the
 * ruleset and the game id top right; the footer (series score) bottom left.
 */
function drawHeader(ctx: SKRSContext2D, view: BoardView, scene: Scene, t: Translate): void {
  ctx.textBaseline = "middle";
  ctx.font = font(400, LABEL_MIN);
  const corner = cornerText(view, t, CORNER_WIDTH, (s) => measuredWidth(ctx, s));
  drawLabel(ctx, corner, WIDTH - 26, 25, { fill: THEME.textDim, align: "right" });
  const cornerWidth = measuredWidth(ctx, corner);
  let footerWidth = 0;
  if (view.footer) {
    const footer = fitText(ctx, view.footer, 330);
    drawLabel(ctx, footer, 26, HEIGHT - 27, { fill: THEME.textDim, align: "left" });
    footerWidth = measuredWidth(ctx, footer);
  }
  const sides: { player: Player; x: number; y: number; align: "left" | "right"; room: number }[] = [
    { player: 1, x: 26, y: 25, align: "left", room: WIDTH - 52 - cornerWidth - 24 },
    { player: 0, x: WIDTH - 26, y: HEIGHT - 27, align: "right", room: WIDTH - 52 - footerWidth - 24 },
  ];
  for (const side of sides) {
    const marked = scene.turn === side.player;
    const turnLabel = marked ? t(scene.playing ? "board:header.playing" : "board:header.toMove") : "";
    ctx.font = font(700, LABEL_MIN);
    const turnWidth = marked ? measuredWidth(ctx, turnLabel) + 30 : 0;
    ctx.font = font(700, 24);
    const name = fitText(ctx, playerName(view, side.player, t), side.room - turnWidth);
    const nameWidth = measuredWidth(ctx, name);
    const left = side.align === "left" ? side.x : side.x - nameWidth - turnWidth;
    drawLabel(ctx, name, left, side.y, { fill: marked || scene.turn === null ? THEME.text : THEME.textDim });
    if (marked) {
      const dotX = left + nameWidth + 14;
      ctx.fillStyle = THEME.turn;
      ctx.beginPath();
      ctx.arc(dotX, side.y, 6, 0, 2 * Math.PI);
      ctx.fill();
      ctx.font = font(700, LABEL_MIN);
      drawLabel(ctx, turnLabel, dotX + 12, side.y + 1, { fill: THEME.turn });
    }
  }
}

function drawCaption(ctx: SKRSContext2D, full: string): void {
  ctx.font = font(700, LABEL_MIN);
  ctx.textBaseline = "middle";
  const caption = fitText(ctx, full, 560);
  const w = measuredWidth(ctx, caption) + 32;
  ctx.fillStyle = THEME.captionFill;
  roundRect(ctx, { x: WIDTH / 2 - w / 2, y: MIDDLE_Y - 17, w, h: 34 }, 17);
  ctx.fill();
  drawLabel(ctx, caption, WIDTH / 2, MIDDLE_Y + 1, { fill: THEME.text, align: "center" });
}

/** A small tight cluster for seeds in hand or in flight, with their number. */
const CLUSTER: Spot[] = [
  { x: 0, y: 0, variant: 3 },
  { x: -12, y: 2, variant: 7 },
  { x: 12, y: 1, variant: 11 },
  { x: -6, y: -9, variant: 5 },
  { x: 7, y: -9, variant: 17 },
  { x: -5, y: 10, variant: 2 },
  { x: 7, y: 10, variant: 19 },
];

/** Seeds held up: a soft shadow on the board below, the seeds a little larger and higher. */
function drawCluster(ctx: SKRSContext2D, scale: number, at: Point, seeds: number, label: string): void {
  const lift = 16;
  ctx.fillStyle = "rgba(0, 0, 0, 0.3)";
  ctx.beginPath();
  ctx.ellipse(at.x + 3, at.y + 6, 22, 10, 0, 0, 2 * Math.PI);
  ctx.fill();
  drawSeeds(ctx, scale, CLUSTER.slice(0, Math.min(seeds, CLUSTER.length)), at.x, at.y - lift, 1.15);
  pill(ctx, label, at.x + 26, at.y - lift - 20, THEME.origin, "#2b1a00");
}

function drawHand(ctx: SKRSContext2D, scale: number, hand: Hand): void {
  if (hand.seeds > 0) drawCluster(ctx, scale, hand.at, hand.seeds, String(hand.seeds));
}

function drawFlight(ctx: SKRSContext2D, scale: number, flight: Flight): void {
  const { from, to, t } = flight;
  // An arc towards the store, rising in the middle of the flight.
  const at = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t - Math.sin(Math.PI * t) * 36 };
  drawCluster(ctx, scale, at, flight.seeds, `+${flight.seeds}`);
}

/** The result between the rows, clear of every pit: the title (who won, the score) and what decided it. */
function drawBanner(ctx: SKRSContext2D, banner: Banner): void {
  const w = 556;
  const h = GROOVE.bottom - GROOVE.top - 8;
  const x = (WIDTH - w) / 2;
  const y = MIDDLE_Y - h / 2;
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.6)";
  ctx.shadowBlur = 12;
  ctx.shadowOffsetY = 3;
  ctx.fillStyle = THEME.bannerFill;
  roundRect(ctx, { x, y, w, h }, 16);
  ctx.fill();
  ctx.restore();
  ctx.lineWidth = 2;
  ctx.strokeStyle = THEME.origin;
  roundRect(ctx, { x: x + 1, y: y + 1, w: w - 2, h: h - 2 }, 15);
  ctx.stroke();
  ctx.textBaseline = "middle";
  // Long titles shrink a little, then get shortened.
  let size = 28;
  ctx.font = font(700, size);
  while (size > 22 && measuredWidth(ctx, banner.title) > w - 32) ctx.font = font(700, --size);
  drawLabel(ctx, fitText(ctx, banner.title, w - 32), WIDTH / 2, y + h * 0.33, { fill: THEME.origin, align: "center" });
  ctx.font = font(400, LABEL_MIN);
  drawLabel(ctx, fitText(ctx, banner.detail, w - 32), WIDTH / 2, y + h * 0.74, { fill: THEME.text, align: "center" });
}

/**
 * Draws the whole scene, replacing what the surface held, on a context whose transform is `scale`
 * (logical 800 x 420 units); the header's and the stores' words in `t`'s language (the caption and
 * the banner come written).
 */
export function drawScene(
  ctx: SKRSContext2D,
  scale: number,
  view: BoardView,
  scene: Scene,
  t: Translate = ENGLISH,
): void {
  // "copy": the background replaces whatever the surface held, its transparent corners included,
  // so no separate clearing pass is needed.
  ctx.globalCompositeOperation = "copy";
  ctx.drawImage(background(scale), 0, 0, WIDTH, HEIGHT);
  ctx.globalCompositeOperation = "source-over";
  if (scene.trace) drawMarks(ctx, scene.trace);
  drawPits(ctx, scale, scene);
  drawStores(ctx, scale, view, scene, t);
  if (scene.trace) drawBadges(ctx, scene.trace);
  drawHeader(ctx, view, scene, t);
  if (scene.caption && !scene.banner) drawCaption(ctx, scene.caption);
  if (scene.hand) drawHand(ctx, scale, scene.hand);
  for (const flight of scene.flights) drawFlight(ctx, scale, flight);
  if (scene.banner) drawBanner(ctx, scene.banner);
}
