import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { renderBoardPng } from "../../src/render/index.ts";
import { paletteFor } from "../../src/render/palette.ts";
import { encodeBoard } from "../../src/render/png.ts";
import { SCENARIOS } from "./fixtures.ts";
import { diffPixels } from "./golden.ts";

/** The PNG colour type in the IHDR chunk: 3 palette, 6 RGBA. */
const colourType = (png: Buffer) => png[25];

describe("board encoding", () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(`renderBoardPng - a palette PNG under 100 KB, within 0.02% of the full-colour image - ${name}`, async () => {
      const view = scenario();
      const palette = await renderBoardPng(view);
      const full = await renderBoardPng(view, { colours: "full" });
      expect(colourType(palette)).toBe(3);
      expect(colourType(full)).toBe(6);
      expect(palette.length).toBeLessThan(100 * 1024);
      // pixelmatch's default colour threshold, as the golden images use.
      const diff = diffPixels(PNG.sync.read(palette), PNG.sync.read(full), 0.1);
      expect(diff.differing / diff.total).toBeLessThanOrEqual(0.0002);
    });
  }

  it("renderBoardPng - keeps the transparent rounded corners - palette PNG", async () => {
    const png = PNG.sync.read(await renderBoardPng(SCENARIOS.start()));
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3];
    const [right, bottom] = [png.width - 1, png.height - 1];
    expect([alpha(0, 0), alpha(right, 0), alpha(0, bottom), alpha(right, bottom)]).toEqual([0, 0, 0, 0]);
    expect([alpha(png.width / 2, 5), alpha(2, png.height / 2)]).toEqual([255, 255]);
  });

  it("encodeBoard - writes full colour, exactly - colours the palette lacks", async () => {
    const width = 256;
    const height = 64;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i % 256, (i * 7) % 256, (i * 13) % 256, 255], i * 4);
    const png = await encodeBoard({ data, width, height, premultiplied: false }, paletteFor(1));
    expect(colourType(png)).toBe(6);
    expect(Buffer.from(PNG.sync.read(png).data).equals(Buffer.from(data))).toBe(true);
  });
});
