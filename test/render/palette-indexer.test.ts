/**
 * The palette indexer remembers the last image it indexed and answers the unchanged pixels from it.
 * Whatever came before, its answer must be exactly that of an indexer that has seen nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PaletteIndexer } from "../../src/render/gif-writer.ts";
import { paletteFor } from "../../src/render/palette.ts";

const COLOURS = paletteFor(1).colours;
const PIXELS = 700; // not a multiple of the indexer's run length: the last run is short

/** A pixel: mostly palette-like opaque colours, some half and fully transparent. */
const pixel = fc.tuple(
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(255, 255, 255, 200, 127, 0),
);

/** An image, then edits of it: each edit sets a few pixels, as the next board or frame would. */
const images = fc
  .tuple(
    fc.array(pixel, { minLength: PIXELS, maxLength: PIXELS }),
    fc.array(fc.array(fc.tuple(fc.nat(PIXELS - 1), pixel), { maxLength: 40 }), { minLength: 1, maxLength: 5 }),
  )
  .map(([first, edits]) => {
    const out: Uint8Array[] = [];
    let current = Uint8Array.from(first.flat());
    out.push(current);
    for (const edit of edits) {
      current = Uint8Array.from(current);
      for (const [at, [r, g, b, a]] of edit) current.set([r, g, b, a], at * 4);
      out.push(current);
    }
    return out;
  });

function answer(indexer: PaletteIndexer, rgba: Uint8Array, premultiplied: boolean) {
  const out = new Uint8Array(rgba.length / 4);
  const poor = indexer.index(rgba, out, premultiplied);
  return { out: [...out], poor };
}

describe("palette indexer", () => {
  it("palette indexer - answers as a fresh indexer does - after any earlier images, premultiplied or not", () => {
    const remembering = new PaletteIndexer(COLOURS);
    fc.assert(
      fc.property(images, fc.boolean(), (sequence, premultiplied) => {
        for (const rgba of sequence)
          expect(answer(remembering, rgba, premultiplied)).toEqual(
            answer(new PaletteIndexer(COLOURS), rgba, premultiplied),
          );
      }),
      { numRuns: 60 },
    );
  });

  it("palette indexer - answers as a fresh indexer does - for pixels that do not start on a 4-byte boundary", () => {
    const remembering = new PaletteIndexer(COLOURS);
    fc.assert(
      fc.property(images, (sequence) => {
        for (const rgba of sequence) {
          const shifted = new Uint8Array(rgba.length + 1).subarray(1);
          shifted.set(rgba);
          expect(answer(remembering, shifted, true)).toEqual(answer(new PaletteIndexer(COLOURS), rgba, true));
        }
      }),
      { numRuns: 20 },
    );
  });
});
