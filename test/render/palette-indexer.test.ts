/**
 * The palette indexer remembers the last image it indexed and looks up only the pixels that changed.
 * Whatever came before, its answer must be exactly that of looking every pixel up, which this file
 * does on its own in plain JavaScript: the oracle below is the indexer's definition.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paletteFor } from "../../src/render/palette.ts";
import { PaletteIndexer, POOR_MATCH } from "../../src/render/palette-indexer.ts";
import type { Pixels } from "../../src/render/surface.ts";

const COLOURS = paletteFor(1).colours;

/** The index and poor flag of one pixel, by the definition: nearest colour to its RGB 565 bin's centre. */
function lookUp(r: number, g: number, b: number, a: number, premultiplied: boolean): [number, number] {
  if (a < 128) return [0, 0];
  if (premultiplied && a < 255) [r, g, b] = [r, g, b].map((c) => Math.min(255, Math.floor((c * 255) / a)));
  const centre = [((r >> 3) << 3) | 4, ((g >> 2) << 2) | 2, ((b >> 3) << 3) | 4];
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [i, c] of COLOURS.entries()) {
    const d = (c[0] - centre[0]) ** 2 + (c[1] - centre[1]) ** 2 + (c[2] - centre[2]) ** 2;
    if (d < bestDistance) [best, bestDistance] = [i, d];
  }
  return [best + 1, bestDistance > POOR_MATCH ? 1 : 0];
}

function oracle(pixels: Pixels) {
  const out: number[] = [];
  let poor = 0;
  const { data } = pixels;
  for (let p = 0; p < data.length; p += 4) {
    const [index, flag] = lookUp(data[p], data[p + 1], data[p + 2], data[p + 3], pixels.premultiplied);
    out.push(index);
    poor += flag;
  }
  return { out, poor };
}

function answer(indexer: PaletteIndexer, pixels: Pixels) {
  const out = new Uint8Array(pixels.width * pixels.height);
  const poor = indexer.index(pixels, out);
  return { out: [...out], poor };
}

/** A pixel: mostly palette-like opaque colours, some partly and fully transparent. */
const pixel = fc.tuple(
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(255, 255, 255, 200, 128, 127, 0),
);

/**
 * Images of one size (widths that are and are not multiples of the kernel's 4 pixels), then edits
 * of the first: each edit sets a few pixels, as the next board or frame would.
 */
const images = fc
  .record({
    width: fc.integer({ min: 1, max: 37 }),
    height: fc.integer({ min: 1, max: 9 }),
    premultiplied: fc.boolean(),
  })
  .chain(({ width, height, premultiplied }) =>
    fc
      .tuple(
        fc.array(pixel, { minLength: width * height, maxLength: width * height }),
        fc.array(fc.array(fc.tuple(fc.nat(width * height - 1), pixel), { maxLength: 30 }), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([first, edits]) => {
        const out: Pixels[] = [];
        let data = Uint8Array.from(first.flat());
        out.push({ data, width, height, premultiplied });
        for (const edit of edits) {
          data = Uint8Array.from(data);
          for (const [at, [r, g, b, a]] of edit) data.set([r, g, b, a], at * 4);
          out.push({ data, width, height, premultiplied });
        }
        return out;
      }),
  );

describe("palette indexer", () => {
  it("palette indexer - answers as looking every pixel up does - after any earlier images of any size", () => {
    const remembering = new PaletteIndexer(COLOURS);
    fc.assert(
      fc.property(images, (sequence) => {
        for (const pixels of sequence) expect(answer(remembering, pixels)).toEqual(oracle(pixels));
      }),
      { numRuns: 80 },
    );
  });

  it("palette indexer - gives PNG rows with a zero filter byte before each row - any image", () => {
    const indexer = new PaletteIndexer(COLOURS);
    fc.assert(
      fc.property(images, (sequence) => {
        for (const pixels of sequence) {
          const { rows, poor } = indexer.indexRows(pixels);
          const expected = oracle(pixels);
          const { width, height } = pixels;
          const want: number[] = [];
          for (let y = 0; y < height; y++) want.push(0, ...expected.out.slice(y * width, (y + 1) * width));
          expect({ rows: [...rows], poor }).toEqual({ rows: want, poor: expected.poor });
        }
      }),
      { numRuns: 40 },
    );
  });

  it("palette indexer - answers as looking every pixel up does - a large image (its memory grows), a small one, the large again", () => {
    const indexer = new PaletteIndexer(COLOURS);
    const random = (width: number, height: number, seed: number): Pixels => {
      const data = new Uint8Array(width * height * 4);
      let x = seed;
      for (let i = 0; i < data.length; i++) {
        x = (x * 1103515245 + 12345) >>> 0;
        data[i] = i % 4 === 3 ? [255, 255, 200, 0][(x >>> 16) % 4] : (x >>> 16) & 255;
      }
      return { data, width, height, premultiplied: true };
    };
    // 320 x 200 needs about 0.7 MB of the kernel's memory, past what the indexer starts with.
    const large = random(320, 200, 1);
    const edited = { ...large, data: Uint8Array.from(large.data) };
    edited.data.fill(7, 4000, 9000);
    for (const pixels of [large, random(37, 9, 2), large, edited]) {
      const { out, poor } = answer(indexer, pixels);
      const expected = oracle(pixels);
      expect(poor).toBe(expected.poor);
      expect(Buffer.from(out).equals(Buffer.from(expected.out))).toBe(true);
    }
  });

  it("palette indexer - refuses pixels whose data does not match their size - one byte short", () => {
    const indexer = new PaletteIndexer(COLOURS);
    expect(() =>
      indexer.index({ data: new Uint8Array(15), width: 2, height: 2, premultiplied: false }, new Uint8Array(4)),
    ).toThrow(/does not match/);
  });
});
