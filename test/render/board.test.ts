import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { type BoardView, renderBoardPng } from "../../src/render/index.ts";
import { MIDDLE_Y, WIDTH } from "../../src/render/layout.ts";
import { bannerFor } from "../../src/render/words.ts";
import { SCENARIOS } from "./fixtures.ts";
import { compareGolden } from "./golden.ts";

/** A tolerance for anti-aliasing noise only: 0.05% of the image. */
const TOLERANCE = 0.0005;

describe("renderBoardPng", () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`renderBoardPng - matches the golden image - ${name}`, async () => {
      const result = compareGolden(name, await renderBoardPng(scenario()));
      expect(result.differing / result.total).toBeLessThanOrEqual(TOLERANCE);
    });
  }

  it("renderBoardPng - an 800x420 PNG with transparent rounded corners - start position", async () => {
    const png = PNG.sync.read(await renderBoardPng(SCENARIOS.start()));
    expect([png.width, png.height]).toEqual([800, 420]);
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(799, 419)).toBe(0);
    expect(alpha(400, 5)).toBe(255);
    expect(alpha(2, 180)).toBe(255);
  });

  it("renderBoardPng - the same bytes every time - a capture", async () => {
    const view = SCENARIOS.capture();
    expect((await renderBoardPng(view)).equals(await renderBoardPng(view))).toBe(true);
  });

  it("renderBoardPng - concurrent renders do not mix - two different views", async () => {
    const [a, b] = await Promise.all([renderBoardPng(SCENARIOS.start()), renderBoardPng(SCENARIOS.finished())]);
    expect(a.equals(await renderBoardPng(SCENARIOS.start()))).toBe(true);
    expect(b.equals(await renderBoardPng(SCENARIOS.finished()))).toBe(true);
  });

  it("renderBoardPng - draws the result banner, and the side names for empty ones - resignation by North", async () => {
    const resigned = (names: [string, string]): BoardView => ({
      ...SCENARIOS.capture(),
      players: [{ name: names[0] }, { name: names[1] }],
      outcome: { over: true, winner: 0, reason: "resign" },
    });
    const view = resigned(["", "  "]);
    expect(bannerFor(view)).toEqual({ title: "South wins by resignation", detail: "North resigned at 8–17" });
    const image = await renderBoardPng(view);
    // Empty names are drawn as the side names: the same image as with "South" and "North" given.
    expect(image.equals(await renderBoardPng(resigned(["South", "North"])))).toBe(true);
    // The banner covers the middle of the board: nearly every pixel there differs from the game still going.
    const going = PNG.sync.read(await renderBoardPng({ ...view, outcome: { over: false } }));
    const ended = PNG.sync.read(image);
    const scale = ended.width / WIDTH;
    const box = { x0: 140 * scale, x1: 660 * scale, y0: (MIDDLE_Y - 35) * scale, y1: (MIDDLE_Y + 35) * scale };
    let differing = 0;
    let total = 0;
    for (let y = Math.round(box.y0); y < box.y1; y++) {
      for (let x = Math.round(box.x0); x < box.x1; x++) {
        const i = (y * ended.width + x) * 4;
        total++;
        if (
          ended.data[i] !== going.data[i] ||
          ended.data[i + 1] !== going.data[i + 1] ||
          ended.data[i + 2] !== going.data[i + 2]
        ) {
          differing++;
        }
      }
    }
    expect(differing / total).toBeGreaterThan(0.9);
  });
});
