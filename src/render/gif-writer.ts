/**
 * An animated GIF writer over gifenc with one fixed palette: index 0 is transparent, 1..255 are the
 * palette's colours. After the first frame each frame holds only the rectangle that changed, and
 * inside it the unchanged pixels are transparent (the frames are never disposed), so frames stay
 * small and quick to compress. gifenc always writes a frame at (0, 0); the rectangle's position is
 * patched into the image descriptor it has just written.
 */

import * as gifenc from "gifenc";
import type { PaletteIndexer } from "./palette-indexer.ts";
import type { Pixels } from "./surface.ts";

// gifenc is CommonJS: under Node the named exports arrive on the default export.
const lib: typeof import("gifenc") =
  "GIFEncoder" in gifenc ? gifenc : (gifenc as { default: typeof import("gifenc") }).default;

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
    this.indexer.index(pixels, this.next);
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
