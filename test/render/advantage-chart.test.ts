// The advantage chart in real pixels: South's advantage filled light above the middle line, North's
// dark below it, the marked moves as coloured dots where their evaluations are.
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import {
  ADVANTAGE_COLOURS,
  ADVANTAGE_SIZE,
  advantageAxis,
  advantageGeometry,
  renderAdvantageChart,
} from "../../src/render/advantage-chart.ts";

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

function near(actual: [number, number, number], hex: string, tolerance = 12): boolean {
  return rgb(hex).every((c, i) => Math.abs(c - actual[i]) <= tolerance);
}

describe("advantage chart", () => {
  // South builds a lead, then blunders at move 6 and North is far ahead.
  const evaluations = [0, 1, 3, 4, 4, 5, -9, -9, -10, -12];
  const marks = [
    { ply: 2, mark: "inaccuracy" as const },
    { ply: 6, mark: "blunder" as const },
  ];

  it("renderAdvantageChart - a PNG with both sides' fills and the marks - a planted blunder", async () => {
    const png = PNG.sync.read(await renderAdvantageChart("Game abc · evaluation", evaluations, marks));
    expect([png.width, png.height]).toEqual([ADVANTAGE_SIZE.width, ADVANTAGE_SIZE.height]);
    const { mid, x, y } = advantageGeometry(evaluations.length - 1);
    // Between moves 3 and 5 South is ahead: light fill just above the middle line, none below it.
    expect(near(pixel(png, x(4), mid - 6), ADVANTAGE_COLOURS.south)).toBe(true);
    expect(near(pixel(png, x(4), mid + 6), ADVANTAGE_COLOURS.south)).toBe(false);
    // From move 7 on North is ahead: dark fill below the line, none above.
    expect(near(pixel(png, x(8), mid + 6), ADVANTAGE_COLOURS.north)).toBe(true);
    expect(near(pixel(png, x(8), mid - 6), ADVANTAGE_COLOURS.north)).toBe(false);
    // The blunder's red dot sits on its evaluation, the inaccuracy's blue one on its own.
    expect(near(pixel(png, x(6), y(-9)), ADVANTAGE_COLOURS.blunder)).toBe(true);
    expect(near(pixel(png, x(2), y(3)), ADVANTAGE_COLOURS.inaccuracy)).toBe(true);
    // No mistake was planted: no orange anywhere in the plot.
    let orange = 0;
    for (let py = 0; py < png.height; py++) {
      for (let px = 0; px < png.width; px++) if (near(pixel(png, px, py), ADVANTAGE_COLOURS.mistake, 6)) orange++;
    }
    expect(orange).toBe(0);
  });

  it("advantageAxis - numbered in the record's full moves, a tick at each number's first move - 52 moves", () => {
    // 1. A a … 26. F f: 26 numbers, a tick every 5th at South's move (ply 2n - 1).
    expect(advantageAxis(52)).toEqual({
      ticks: [5, 10, 15, 20, 25].map((number) => ({ ply: 2 * number - 1, number })),
      last: 26,
    });
    expect(advantageAxis(9).ticks.map((t) => t.number)).toEqual([1, 2, 3, 4, 5]);
    expect(advantageAxis(0)).toEqual({ ticks: [], last: 0 });
  });

  it("advantageAxis - follows the movers - a Caribbean extra move and a game North begins", () => {
    // 1. A B a  2. C b  3. D: the extra move keeps number 1, so number 2 starts at the fourth move.
    expect(advantageAxis(6, [0, 0, 1, 0, 1, 0])).toEqual({
      ticks: [1, 2, 3].map((number, i) => ({ ply: [1, 4, 6][i], number })),
      last: 3,
    });
    // 1… a  2. A b  3. C: North's first move is number 1.
    expect(advantageAxis(4, [1, 0, 1, 0]).last).toBe(3);
  });

  it("advantageGeometry - larger leads drawn higher, a won game near the edge - squashed scale", () => {
    const { mid, y } = advantageGeometry(10);
    expect(y(0)).toBe(mid);
    expect(y(2)).toBeLessThan(y(1));
    expect(y(-2)).toBeGreaterThan(mid);
    expect(mid - y(20)).toBeGreaterThan(0.95 * (mid - y(1000)));
  });
});
