import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { renderLadderImage, renderRatingChart } from "../../src/render/chart.ts";

/** Counts the pixels close to an RGB colour. */
function countColour(
  png: Buffer,
  [r, g, b]: [number, number, number],
): { width: number; height: number; count: number } {
  const image = PNG.sync.read(png);
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const d = Math.abs(image.data[i] - r) + Math.abs(image.data[i + 1] - g) + Math.abs(image.data[i + 2] - b);
    if (d < 30) count++;
  }
  return { width: image.width, height: image.height, count };
}

const GOLD: [number, number, number] = [0xff, 0xd0, 0x4d]; // THEME.origin, the rating line

describe("rating chart", () => {
  it("rating chart - draws the rating line in real pixels - more games, more line", async () => {
    const point = (i: number) => ({ at: Date.UTC(2026, 10, 1 + i), rating: 1500 + i * 20, deviation: 300 - i * 10 });
    const one = countColour(await renderRatingChart("alice", [point(0)]), GOLD);
    const many = countColour(
      await renderRatingChart(
        "alice",
        Array.from({ length: 20 }, (_, i) => point(i)),
      ),
      GOLD,
    );
    expect([one.width, one.height]).toEqual([800, 420]);
    expect(one.count).toBeGreaterThan(20); // the single dot
    expect(many.count).toBeGreaterThan(one.count * 10); // a line across the plot
  });

  it("ladder image - one row per rung up to twenty - taller with more rungs", async () => {
    const rung = (i: number) => ({ name: `player ${i}`, detail: `${i} W` });
    const small = PNG.sync.read(await renderLadderImage("ladder", [rung(1)]));
    const big = PNG.sync.read(
      await renderLadderImage(
        "ladder",
        Array.from({ length: 30 }, (_, i) => rung(i)),
        10,
      ),
    );
    expect(big.height).toBeGreaterThan(small.height + 18 * 30);
  });
});
