/**
 * An animated GIF writer over gifenc with one fixed palette: index 0 is transparent, 1..255 are the
 * palette's colours. After the first frame each frame holds only the rectangle that changed, and
 * inside it the unchanged pixels are transparent (the frames are never disposed), so frames stay
 * small and quick to compress. gifenc always writes a frame at (0, 0); the rectangle's position is
 * patched into the image descriptor it has just written.
 */

import { endianness } from "node:os";
import * as gifenc from "gifenc";
import type { Pixels } from "./surface.ts";

const LITTLE_ENDIAN = endianness() === "LE";

// gifenc is CommonJS: under Node the named exports arrive on the default export.
const lib: typeof import("gifenc") =
  "GIFEncoder" in gifenc ? gifenc : (gifenc as { default: typeof import("gifenc") }).default;

/**
 * A palette colour farther than this from a pixel's colour (squared RGB distance, measured from the
 * centre of the pixel's RGB 565 bin) counts as a poor match: about 14 levels in each channel.
 */
export const POOR_MATCH = 3 * 14 ** 2;

/** Pixels compared at once with the last image (one native comparison of their bytes). */
const CHUNK = 256;

/**
 * Maps RGBA pixels to palette indices through a lazily filled table over 16-bit (RGB 565) colours:
 * each entry the index (0: not looked up yet, as opaque colours never map to the transparent 0),
 * plus 256 when the match is poor: one load a pixel.
 */
export class PaletteIndexer {
  private readonly table = new Uint16Array(65536);

  /** `colours` are the opaque colours, written at indices 1..; index 0 is transparent. */
  constructor(readonly colours: readonly (readonly number[])[]) {
    if (colours.length > 255) throw new Error("a GIF palette holds at most 255 colours besides transparency");
  }

  /** The GIF colour table: transparent (black) first. */
  get palette(): number[][] {
    return [[0, 0, 0], ...this.colours.map((c) => [c[0], c[1], c[2]])];
  }

  /** Finds and remembers the nearest palette colour to the centre of the 565 bin `key`; returns its table entry. */
  private fill(key: number): number {
    // The centre of the bin, so that the answer does not depend on which pixel came first.
    const r = ((key >> 11) << 3) | 4;
    const g = (((key >> 5) & 63) << 2) | 2;
    const b = ((key & 31) << 3) | 4;
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.colours.length; i++) {
      const c = this.colours[i];
      const d = (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    this.table[key] = best + 1 + (bestDistance > POOR_MATCH ? 256 : 0);
    return this.table[key];
  }

  private keyOf(r: number, g: number, b: number, a: number, premultiplied: boolean): number {
    if (premultiplied && a < 255) {
      r = Math.min(255, ((r * 255) / a) | 0);
      g = Math.min(255, ((g * 255) / a) | 0);
      b = Math.min(255, ((b * 255) / a) | 0);
    }
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3);
  }

  /**
   * The last image indexed, to answer the pixels that did not change from it without a lookup:
   * consecutive boards share the wood, the pits and most labels, and consecutive animation frames
   * differ in a few seeds, so most pixels repeat at the same place. Kept across calls in memory
   * that is written in place, not allocated per image.
   */
  private last: {
    bytes: Buffer;
    pixels: Int32Array;
    indices: Buffer;
    poor: Uint8Array;
    /** Poorly matched pixels in the whole image (kept up to date as pixels change). */
    poorTotal: number;
    premultiplied: boolean;
  } | null = null;

  /** The index of a pixel that is not opaque (read byte by byte); its poor-match flag in `poorOut`. */
  private lookupSlow(rgba: Uint8Array | Uint8ClampedArray, i: number, premultiplied: boolean): number {
    const p = i * 4;
    const a = rgba[p + 3];
    if (a < 128) {
      this.poorOut = 0;
      return 0;
    }
    const key = this.keyOf(rgba[p], rgba[p + 1], rgba[p + 2], a, premultiplied);
    let entry = this.table[key];
    if (entry === 0) entry = this.fill(key);
    this.poorOut = entry >> 8;
    return entry & 0xff;
  }

  /** The poor-match flag of the last `lookupSlow` (a field, so the hot loop allocates nothing). */
  private poorOut = 0;

  /**
   * Writes the pixels' indices to `out`; pixels less than half opaque become transparent (index 0).
   * `premultiplied`: the colours are multiplied by alpha (the canvas' own pixels). Returns how many
   * pixels the palette matched poorly. On a little-endian machine pixels are read four bytes at a
   * time (R in the low byte) and compared with the last image's: this loop runs for every board and
   * every animation frame. Runs of CHUNK pixels equal to the last image's are skipped after one
   * native comparison; in the others only the changed pixels are looked up, and the count of poor
   * matches is kept up to date by each change. The answers are exactly those of looking every
   * pixel up.
   */
  index(rgba: Uint8Array | Uint8ClampedArray, out: Uint8Array, premultiplied = false): number {
    const n = out.length;
    const wide = LITTLE_ENDIAN && rgba.byteOffset % 4 === 0;
    if (!wide) {
      let poor = 0;
      for (let i = 0; i < n; i++) {
        out[i] = this.lookupSlow(rgba, i, premultiplied);
        poor += this.poorOut;
      }
      return poor;
    }
    const pixels = new Int32Array(rgba.buffer, rgba.byteOffset, n);
    let last = this.last;
    const fresh = !last || last.pixels.length !== n || last.premultiplied !== premultiplied;
    if (!last || fresh) {
      const bytes = Buffer.alloc(n * 4);
      last = {
        bytes,
        pixels: new Int32Array(bytes.buffer, bytes.byteOffset, n),
        indices: Buffer.alloc(n),
        poor: new Uint8Array(n),
        poorTotal: 0,
        premultiplied,
      };
      this.last = last;
    }
    const { bytes, pixels: seen, indices: seenIndex, poor: seenPoor } = last;
    const { table } = this;
    const input = rgba instanceof Uint8Array ? rgba : new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    let poorTotal = last.poorTotal;
    for (let start = 0; start < n; start += CHUNK) {
      const end = Math.min(n, start + CHUNK);
      // A native comparison of the run's bytes: unchanged runs cost no loop in JS.
      if (!fresh && bytes.compare(input, start * 4, end * 4, start * 4, end * 4) === 0) continue;
      for (let i = start; i < end; i++) {
        const v = pixels[i];
        if (!fresh && v === seen[i]) continue;
        seen[i] = v;
        let index: number;
        let poor: number;
        if (v >>> 24 === 255) {
          const key = ((v & 0xf8) << 8) | ((v >>> 5) & 0x7e0) | ((v >>> 19) & 0x1f);
          let entry = table[key];
          if (entry === 0) entry = this.fill(key);
          index = entry & 0xff;
          poor = entry >> 8;
        } else {
          index = this.lookupSlow(rgba, i, premultiplied);
          poor = this.poorOut;
        }
        seenIndex[i] = index;
        poorTotal += poor - seenPoor[i];
        seenPoor[i] = poor;
      }
    }
    last.poorTotal = poorTotal;
    out.set(seenIndex);
    return poorTotal;
  }
}

export class GifWriter {
  private readonly encoder = lib.GIFEncoder({ auto: false, initialCapacity: 1 << 18 });
  /** The indices currently shown (what the frames so far compose to). */
  private readonly shown: Uint8Array;
  private readonly next: Uint8Array;
  private frames = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly indexer: PaletteIndexer,
  ) {
    this.shown = new Uint8Array(width * height);
    this.next = new Uint8Array(width * height);
    this.encoder.writeHeader();
  }

  get frameCount(): number {
    return this.frames;
  }

  addFrame(pixels: Pixels, delayMs: number): void {
    const { width, height } = this;
    this.indexer.index(pixels.data, this.next, pixels.premultiplied);
    const common = { delay: delayMs, transparent: true, transparentIndex: 0, dispose: 1 };
    if (this.frames++ === 0) {
      this.encoder.writeFrame(this.next, width, height, {
        ...common,
        first: true,
        palette: this.indexer.palette,
        // No loop extension: the animation plays once and stays on its last frame.
        repeat: -1,
      });
      this.shown.set(this.next);
      return;
    }
    const box = this.changedBox();
    const { next, shown } = this;
    const boxWidth = box.w;
    const patch = new Uint8Array(boxWidth * box.h);
    for (let y = 0; y < box.h; y++) {
      const row = (box.y + y) * width + box.x;
      const out = y * boxWidth;
      for (let x = 0; x < boxWidth; x++) {
        const v = next[row + x];
        if (v !== shown[row + x]) {
          patch[out + x] = v;
          shown[row + x] = v;
        }
      }
    }
    const start = this.encoder.bytesView().length;
    this.encoder.writeFrame(patch, box.w, box.h, common);
    // The graphic control extension is 8 bytes; then 0x2C, left and top as little-endian 16-bit.
    const bytes = this.encoder.bytesView();
    if (bytes[start + 8] !== 0x2c) throw new Error("unexpected GIF frame layout from gifenc");
    bytes[start + 9] = box.x & 0xff;
    bytes[start + 10] = box.x >> 8;
    bytes[start + 11] = box.y & 0xff;
    bytes[start + 12] = box.y >> 8;
  }

  /**
   * The smallest rectangle holding every changed pixel (1 x 1 at the origin when nothing changed).
   * Rows are compared four pixels at a time where the width allows it.
   */
  private changedBox(): { x: number; y: number; w: number; h: number } {
    const { width, height, next, shown } = this;
    const wide = width % 4 === 0;
    const next32 = wide ? new Uint32Array(next.buffer, next.byteOffset, next.length / 4) : null;
    const shown32 = wide ? new Uint32Array(shown.buffer, shown.byteOffset, shown.length / 4) : null;
    const words = width / 4;
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let first = -1;
      let last = -1;
      if (next32 && shown32) {
        const rowWords = y * words;
        let firstWord = -1;
        let lastWord = -1;
        for (let w = 0; w < words; w++) {
          if (next32[rowWords + w] !== shown32[rowWords + w]) {
            if (firstWord < 0) firstWord = w;
            lastWord = w;
          }
        }
        if (firstWord < 0) continue;
        // Narrow the first and last differing words down to the pixel.
        first = firstWord * 4;
        while (next[row + first] === shown[row + first]) first++;
        last = lastWord * 4 + 3;
        while (next[row + last] === shown[row + last]) last--;
      } else {
        for (let x = 0; x < width; x++) {
          if (next[row + x] !== shown[row + x]) {
            if (first < 0) first = x;
            last = x;
          }
        }
        if (first < 0) continue;
      }
      if (y < y0) y0 = y;
      y1 = y;
      if (first < x0) x0 = first;
      if (last > x1) x1 = last;
    }
    if (x1 < 0) return { x: 0, y: 0, w: 1, h: 1 };
    return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  }

  finish(): Uint8Array {
    this.encoder.finish();
    return this.encoder.bytes();
  }
}

export function quantize(rgba: Uint8Array | Uint8ClampedArray, colours: number): number[][] {
  return lib.quantize(rgba, colours, { format: "rgb565" });
}
