/**
 * Seeds are drawn from kept images of whole heaps (drawSeedHeap); the picture must be the one that
 * stamping each seed gives, to within 8-bit rounding, wherever the heap is and at any scale.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCanvas } from "../../src/render/canvas.ts";
import { seedsInPit, seedsInStore } from "../../src/render/placement.ts";
import { drawSeedHeap, drawSeeds } from "../../src/render/seeds.ts";

function picture(scale: number, draw: (ctx: ReturnType<ReturnType<typeof createCanvas>["getContext"]>) => void) {
  const canvas = createCanvas(800 * scale, 420 * scale);
  const ctx = canvas.getContext("2d");
  // A background the seeds blend onto, not only transparency.
  ctx.fillStyle = "#6b3a1c";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  draw(ctx);
  return canvas.data();
}

function largestDifference(a: Uint8Array, b: Uint8Array): number {
  let most = 0;
  for (let i = 0; i < a.length; i++) most = Math.max(most, Math.abs(a[i] - b[i]));
  return most;
}

const group = fc.oneof(
  fc.record({ pit: fc.integer({ min: 0, max: 11 }), count: fc.integer({ min: 1, max: 30 }) }).map(({ pit, count }) => ({
    key: `pit ${pit}`,
    spots: seedsInPit(pit, count),
  })),
  fc.record({ player: fc.constantFrom(0, 1), count: fc.integer({ min: 1, max: 48 }) }).map(({ player, count }) => ({
    key: `store ${player}`,
    spots: seedsInStore(player as 0 | 1, count),
  })),
);

describe("seed heaps", () => {
  it("drawSeedHeap - gives the seed-by-seed picture to within rounding - any pit or store, count and scale", () => {
    fc.assert(
      fc.property(group, fc.constantFrom(1, 2), ({ key, spots }, scale) => {
        // Twice: the first draw makes the kept image, the second uses it.
        for (let round = 0; round < 2; round++) {
          const heap = picture(scale, (ctx) => drawSeedHeap(ctx, scale, key, spots));
          const direct = picture(scale, (ctx) => drawSeeds(ctx, scale, spots));
          expect(largestDifference(heap, direct)).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 25 },
    );
  });
});
