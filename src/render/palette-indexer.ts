/**
 * Maps RGBA pixels to the indices of a fixed palette (index 0 transparent, 1..255 the colours),
 * for the animations' frames and the still boards. The loops run in a small WebAssembly kernel
 * (palette-kernel/kernel.ts, which says why); this class lays out its memory and copies in and out.
 *
 * Each opaque colour is answered through a table over RGB 565 colours: the palette colour nearest
 * to the centre of the colour's bin, found the first time the bin is met. The indexer remembers the
 * last image and looks up only the pixels that changed from it (consecutive boards share the wood,
 * the pits and most labels; consecutive frames differ in a few seeds). The answers are exactly
 * those of looking every pixel up.
 */
import { readFileSync } from "node:fs";
import type { Pixels } from "./surface.ts";

/**
 * A palette colour farther than this from a pixel's colour (squared RGB distance, measured from the
 * centre of the pixel's RGB 565 bin) counts as a poor match: about 14 levels in each channel.
 */
export const POOR_MATCH = 3 * 14 ** 2;

interface Kernel {
  memory: WebAssembly.Memory;
  usePalette(table: number, colours: number, count: number, poorMatch: number): void;
  index(
    input: number,
    last: number,
    rows: number,
    poor: number,
    width: number,
    height: number,
    premultiplied: number,
  ): number;
}

/** Compiled once per thread; each indexer has its own instance, with its own memory. */
let compiled: WebAssembly.Module | null = null;

function kernel(): Kernel {
  compiled ??= new WebAssembly.Module(readFileSync(new URL("./palette-kernel/kernel.wasm", import.meta.url)));
  return new WebAssembly.Instance(compiled, {}).exports as unknown as Kernel;
}

const PAGE = 65536;
const TABLE = 0;
const COLOURS = TABLE + 65536 * 2;
const IMAGE = COLOURS + 1024;

/** Where one image size's regions sit in the kernel's memory (16-byte aligned for its vector loads). */
interface Layout {
  width: number;
  height: number;
  premultiplied: boolean;
  /** The pixels to index, copied in. */
  input: number;
  /** The last image's pixels. */
  last: number;
  /** Their indices, as PNG rows: height x (1 + width) bytes, each row's filter byte 0. */
  rows: number;
  /** Their poor-match flags, one byte a pixel. */
  poor: number;
  /** Poorly matched pixels of the last image. */
  poorTotal: number;
}

const aligned = (n: number) => Math.ceil(n / 16) * 16;

export class PaletteIndexer {
  private readonly kernel = kernel();
  private layout: Layout | null = null;
  /** The palette as written to a file: transparent (black) first (made once, read for every image). */
  readonly palette: number[][];

  /** `colours` are the opaque colours, written at indices 1..; index 0 is transparent. */
  constructor(readonly colours: readonly (readonly number[])[]) {
    if (colours.length > 255) throw new Error("a palette holds at most 255 colours besides transparency");
    this.palette = [[0, 0, 0], ...colours.map((c) => [c[0], c[1], c[2]])];
    this.reserve(IMAGE);
    const bytes = new Uint8Array(this.kernel.memory.buffer);
    for (const [i, c] of colours.entries()) bytes.set([c[0], c[1], c[2]], COLOURS + 3 * i);
    this.kernel.usePalette(TABLE, COLOURS, colours.length, POOR_MATCH);
  }

  /** Grows the kernel's memory to at least `bytes` (which replaces its buffer: views are made after). */
  private reserve(bytes: number): void {
    const { memory } = this.kernel;
    const missing = Math.ceil((bytes - memory.buffer.byteLength) / PAGE);
    if (missing > 0) memory.grow(missing);
  }

  /** The layout for `pixels`' size and form; a new one (forgetting the last image) when they change. */
  private layoutFor(pixels: Pixels): Layout {
    const { width, height, premultiplied } = pixels;
    const known = this.layout;
    if (known && known.width === width && known.height === height && known.premultiplied === premultiplied)
      return known;
    const n = width * height;
    const input = IMAGE;
    const last = input + aligned(n * 4);
    const rows = last + aligned(n * 4);
    const poor = rows + aligned(height * (width + 1));
    const end = poor + aligned(n);
    this.reserve(end);
    // All zero: a remembered pixel 0 is transparent black, whose index (0) and flag (0) are zero too.
    new Uint8Array(this.kernel.memory.buffer, last, end - last).fill(0);
    this.layout = { width, height, premultiplied, input, last, rows, poor, poorTotal: 0 };
    return this.layout;
  }

  /**
   * Indexes `pixels`; pixels less than half opaque become transparent (index 0). Returns the image
   * as PNG rows (each a filter byte, 0, then one index a pixel), a view into the kernel's memory
   * that is valid until the next call, and how many pixels the palette matched poorly.
   */
  indexRows(pixels: Pixels): { rows: Uint8Array; poor: number } {
    const layout = this.layoutFor(pixels);
    const { data, width, height } = pixels;
    if (data.length !== width * height * 4) throw new Error("pixels: the data does not match the size");
    const bytes = new Uint8Array(this.kernel.memory.buffer);
    bytes.set(data, layout.input);
    layout.poorTotal += this.kernel.index(
      layout.input,
      layout.last,
      layout.rows,
      layout.poor,
      width,
      height,
      pixels.premultiplied ? 1 : 0,
    );
    return { rows: bytes.subarray(layout.rows, layout.rows + height * (width + 1)), poor: layout.poorTotal };
  }

  /** The same, with the indices written to `out`, row after row with nothing between. */
  index(pixels: Pixels, out: Uint8Array): number {
    const { width, height } = pixels;
    if (out.length !== width * height) throw new Error("indices: the output does not match the size");
    const { rows, poor } = this.indexRows(pixels);
    for (let y = 0; y < height; y++) out.set(rows.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
    return poor;
  }
}
