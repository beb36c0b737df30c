import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { renderBoardPng } from "../../src/render/index.ts";
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

  it("renderBoardPng - a bot reason and empty names still draw - resignation", async () => {
    const view = {
      ...SCENARIOS.capture(),
      players: [{ name: "" }, { name: "" }] as [{ name: string }, { name: string }],
    };
    view.outcome = { over: true, winner: 1, reason: "resign" };
    const png = PNG.sync.read(await renderBoardPng(view));
    expect(png.width).toBe(800);
  });
});
