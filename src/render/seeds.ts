/**
 * Nickar seeds (grey Caesalpinia seeds): glossy, nearly round, each a little different in tone,
 * size and shape. A few dozen sprites are painted once per scale and stamped, which is much faster
 * than painting gradients and shadows for every seed of every frame. The seeds of a pit or a store
 * (a pure function of where and how many) are stamped once more as one image, kept for the next
 * board: one draw instead of up to 48, each of which resamples its sprite.
 */

import { LRUCache } from "lru-cache";
import { seededRandom } from "../engine/internal.ts";
import { type Canvas, createCanvas, type SKRSContext2D } from "./canvas.ts";
import { SEED_RADIUS } from "./layout.ts";
import type { Spot } from "./placement.ts";

const VARIANTS = 24;
/** Logical size of a sprite: the seed plus room for its shadow. */
const SPRITE = SEED_RADIUS * 2 + 10;

function paintSeed(ctx: SKRSContext2D, rand: () => number): void {
  const r = SEED_RADIUS * (0.9 + rand() * 0.18);
  const aspect = 0.8 + rand() * 0.16;
  const angle = rand() * Math.PI;
  const grey = 132 + Math.floor(rand() * 30);
  // A faint tint: some nickars are greener, some bluer or browner.
  const tint = [Math.floor(rand() * 10 - 4), Math.floor(rand() * 10 - 4), Math.floor(rand() * 10 - 5)];
  const shade = (d: number) => `rgb(${tint.map((t) => Math.max(0, Math.min(255, grey + t + d))).join(",")})`;
  const c = SPRITE / 2;

  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.55)";
  ctx.shadowBlur = 3;
  ctx.shadowOffsetX = 1.2;
  ctx.shadowOffsetY = 2.2;
  ctx.beginPath();
  ctx.ellipse(c, c, r, r * aspect, angle, 0, 2 * Math.PI);
  const body = ctx.createRadialGradient(c - r * 0.35, c - r * 0.42, r * 0.1, c, c, r * 1.15);
  body.addColorStop(0, shade(70));
  body.addColorStop(0.45, shade(10));
  body.addColorStop(1, shade(-66));
  ctx.fillStyle = body;
  ctx.fill();
  ctx.restore();

  // Faint growth lines across the seed, clipped to it.
  ctx.save();
  ctx.beginPath();
  ctx.ellipse(c, c, r, r * aspect, angle, 0, 2 * Math.PI);
  ctx.clip();
  ctx.strokeStyle = "rgba(60, 60, 55, 0.16)";
  ctx.lineWidth = 0.7;
  for (let k = -1; k <= 1; k++) {
    ctx.beginPath();
    ctx.ellipse(c + k * r * 0.45, c + r * 0.2, r * 1.1, r * 0.5, angle + 0.3, 0, Math.PI);
    ctx.stroke();
  }
  ctx.restore();

  // The gloss: a small soft highlight up and to the left.
  const gloss = ctx.createRadialGradient(c - r * 0.38, c - r * 0.45, 0, c - r * 0.38, c - r * 0.45, r * 0.45);
  gloss.addColorStop(0, "rgba(255, 255, 255, 0.8)");
  gloss.addColorStop(1, "rgba(255, 255, 255, 0)");
  ctx.fillStyle = gloss;
  ctx.beginPath();
  ctx.arc(c - r * 0.38, c - r * 0.45, r * 0.45, 0, 2 * Math.PI);
  ctx.fill();
}

const sprites = new Map<number, Canvas[]>();

function spritesFor(scale: number): Canvas[] {
  let list = sprites.get(scale);
  if (!list) {
    const rand = seededRandom(42);
    list = [];
    for (let v = 0; v < VARIANTS; v++) {
      const canvas = createCanvas(Math.ceil(SPRITE * scale), Math.ceil(SPRITE * scale));
      const ctx = canvas.getContext("2d");
      ctx.scale(scale, scale);
      paintSeed(ctx, rand);
      list.push(canvas);
    }
    sprites.set(scale, list);
  }
  return list;
}

/**
 * Stamps seeds at `spots`, shifted by (dx, dy) and magnified by `zoom` (seeds held up in the hand
 * look nearer); `scale` is the canvas scale (its current transform).
 */
export function drawSeeds(ctx: SKRSContext2D, scale: number, spots: readonly Spot[], dx = 0, dy = 0, zoom = 1): void {
  const list = spritesFor(scale);
  const size = (list[0].width / scale) * zoom;
  for (const s of spots) {
    ctx.drawImage(list[s.variant % VARIANTS], s.x * zoom + dx - size / 2, s.y * zoom + dy - size / 2, size, size);
  }
}

/** A group of seeds stamped once, with where its top left corner goes in device pixels. */
interface Heap {
  canvas: Canvas;
  x: number;
  y: number;
}

/**
 * Kept heaps per scale, the least recently used dropped first. A scale has 384 (12 pits x 24 counts drawn, 2 stores
 * x 48), all of them 11 MB at scale 1 (the bot's); fewer kept, boards of several games in turn (each
 * game its own counts) evicted what the next board wanted.
 */
const heapsByScale = new Map<number, LRUCache<string, Heap>>();
const HEAPS_KEPT = 400;
/** And at most this many bytes of pixels per scale (all 384 at scale 1 fit; at a larger scale, the most used). */
const HEAP_BYTES = 16 * 1024 * 1024;

/**
 * Draws the seeds at `spots` as `drawSeeds` does, from a kept image of them: `key` names the group
 * (the same key, the same spots). The image's corner sits on a whole device pixel and the seeds keep
 * their fractional positions inside it, so the result is the direct drawing's to within rounding.
 * `ctx`'s transform must be a plain scale by `scale`, as drawScene's is (reading the transform back
 * to check cost more than a heap's draw).
 */
export function drawSeedHeap(ctx: SKRSContext2D, scale: number, key: string, spots: readonly Spot[]): void {
  if (spots.length === 0) return;
  let heaps = heapsByScale.get(scale);
  if (!heaps) {
    heaps = new LRUCache({
      max: HEAPS_KEPT,
      maxSize: HEAP_BYTES,
      sizeCalculation: (h) => Math.max(1, h.canvas.width * h.canvas.height * 4),
    });
    heapsByScale.set(scale, heaps);
  }
  const id = `${key}:${spots.length}`;
  let heap = heaps.get(id);
  if (!heap) {
    const half = (spritesFor(scale)[0].width / scale) * 0.5;
    const x = Math.floor((Math.min(...spots.map((s) => s.x)) - half) * scale);
    const y = Math.floor((Math.min(...spots.map((s) => s.y)) - half) * scale);
    const right = Math.ceil((Math.max(...spots.map((s) => s.x)) + half) * scale);
    const bottom = Math.ceil((Math.max(...spots.map((s) => s.y)) + half) * scale);
    const canvas = createCanvas(right - x, bottom - y);
    const heapCtx = canvas.getContext("2d");
    heapCtx.setTransform(scale, 0, 0, scale, -x, -y);
    drawSeeds(heapCtx, scale, spots);
    heap = { canvas, x, y };
    heaps.set(id, heap);
  }
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(heap.canvas, heap.x, heap.y);
  ctx.restore();
}
