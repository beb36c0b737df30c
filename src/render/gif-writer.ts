/**
 * An animated GIF writer over gifenc with one fixed palette: index 0 is transparent, 1..255 are the
 * palette's colours. After the first frame each frame holds only the rectangle that changed, and
 * inside it the unchanged pixels are transparent (the frames are never disposed), so frames stay
 * small and quick to compress. gifenc always writes a frame at (0, 0); the rectangle's position is
 * patched into the image descriptor it has just written.
 */
import * as gifenc from "gifenc";

// gifenc is CommonJS: under Node the named exports arrive on the default export.
const lib: typeof import("gifenc") =
  "GIFEncoder" in gifenc ? gifenc : (gifenc as { default: typeof import("gifenc") }).default;

/** Maps RGBA pixels to palette indices through a lazily filled table of 16-bit (RGB 565) colours. */
export class PaletteIndexer {
  private readonly table = new Int16Array(65536).fill(-1);

  /** `colours` are the opaque colours, written at indices 1..; index 0 is transparent. */
  constructor(readonly colours: readonly (readonly number[])[]) {
    if (colours.length > 255) throw new Error("a GIF palette holds at most 255 colours besides transparency");
  }

  /** The GIF colour table: transparent (black) first. */
  get palette(): number[][] {
    return [[0, 0, 0], ...this.colours.map((c) => [c[0], c[1], c[2]])];
  }

  private nearest(key: number): number {
    // The centre of the 565 bin, so that the answer does not depend on which pixel came first.
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
    return best + 1;
  }

  /** Indices of the pixels; pixels less than half opaque become transparent (index 0). */
  index(rgba: Uint8Array | Uint8ClampedArray, out: Uint8Array): void {
    const table = this.table;
    for (let i = 0, p = 0; i < out.length; i++, p += 4) {
      if (rgba[p + 3] < 128) {
        out[i] = 0;
        continue;
      }
      const key = ((rgba[p] >> 3) << 11) | ((rgba[p + 1] >> 2) << 5) | (rgba[p + 2] >> 3);
      let v = table[key];
      if (v < 0) {
        v = this.nearest(key);
        table[key] = v;
      }
      out[i] = v;
    }
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

  addFrame(rgba: Uint8Array | Uint8ClampedArray, delayMs: number): void {
    const { width, height } = this;
    this.indexer.index(rgba, this.next);
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
    const patch = new Uint8Array(box.w * box.h);
    for (let y = 0; y < box.h; y++) {
      const row = (box.y + y) * width + box.x;
      for (let x = 0; x < box.w; x++) {
        const v = this.next[row + x];
        if (v !== this.shown[row + x]) {
          patch[y * box.w + x] = v;
          this.shown[row + x] = v;
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

  /** The smallest rectangle holding every changed pixel (1 x 1 at the origin when nothing changed). */
  private changedBox(): { x: number; y: number; w: number; h: number } {
    const { width, height, next, shown } = this;
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let first = -1;
      let last = -1;
      for (let x = 0; x < width; x++) {
        if (next[row + x] !== shown[row + x]) {
          if (first < 0) first = x;
          last = x;
        }
      }
      if (first < 0) continue;
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
