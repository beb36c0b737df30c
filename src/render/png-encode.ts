/**
 * A minimal PNG writer, for two kinds of image: palette images (one byte a pixel, the board's
 * usual form) and full-colour RGBA (the fallback). Hand-written because the canvas library's own
 * encoder deflates at the default level and tries every row filter, which costs ~50 ms on the wood
 * texture, and offers no palette output; deflate level 1 with no row filter is a few milliseconds
 * (on the libuv thread pool when called from the main thread).
 */
import { promisify } from "node:util";
import { isMainThread } from "node:worker_threads";
import { crc32, deflate, deflateSync } from "node:zlib";

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG file of `chunks` (type, data), written into one buffer: each chunk's data is copied once. */
function pngFile(chunks: readonly (readonly [string, Uint8Array])[]): Buffer {
  let size = SIGNATURE.length;
  for (const [, data] of chunks) size += 12 + data.length;
  const out = Buffer.allocUnsafe(size);
  SIGNATURE.copy(out, 0);
  let at = SIGNATURE.length;
  for (const [type, data] of chunks) {
    out.writeUInt32BE(data.length, at);
    out.write(type, at + 4, "latin1");
    out.set(data, at + 8);
    out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + data.length)), at + 8 + data.length);
    at += 12 + data.length;
  }
  return out;
}

function header(width: number, height: number, colourType: 3 | 6): Buffer {
  const out = Buffer.alloc(13);
  out.writeUInt32BE(width, 0);
  out.writeUInt32BE(height, 4);
  out[8] = 8; // bit depth
  out[9] = colourType; // 3: palette, 6: RGBA
  return out;
}

/**
 * The rows' buffer of the synchronous path, kept between images: allocating and zeroing a board's
 * 337 KB cost more than copying the rows into it. Only the row bytes are written, so the filter
 * bytes stay 0. The asynchronous path allocates its own, as the deflate reads it later.
 */
let rowsBuffer: Uint8Array | null = null;

/** The rows of `pixels` (`stride` bytes each), each preceded by its filter type byte, 0 (none), deflated. */
function imageData(pixels: Uint8Array, stride: number, height: number): Promise<Buffer> {
  const size = height * (stride + 1);
  // In a render worker, deflating in the worker's own (low-priority) thread keeps all its work there.
  const sync = !isMainThread;
  let raw: Uint8Array;
  if (sync) {
    if (rowsBuffer?.length !== size) rowsBuffer = new Uint8Array(size);
    raw = rowsBuffer;
  } else raw = new Uint8Array(size);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  // Output room for a whole board in one piece (zlib's default is 16 KB pieces, joined after), which
  // also means one trip to the thread pool on the asynchronous path instead of one a piece.
  const options = { level: 1, chunkSize: 96 * 1024 };
  return sync ? Promise.resolve(deflateSync(raw, options)) : deflateAsync(raw, options);
}

/** Encodes straight (not premultiplied) RGBA pixels, 8 bits per channel, as a PNG file. */
export async function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const idat = await imageData(rgba as Uint8Array, width * 4, height);
  return pngFile([
    ["IHDR", header(width, height, 6)],
    ["IDAT", idat],
    ["IEND", new Uint8Array(0)],
  ]);
}

/**
 * Encodes a palette image: one index a pixel into `palette` (RGB triples, at most 256), where the
 * indices below `transparent` are fully transparent and the rest opaque.
 */
export async function encodeIndexedPng(
  indices: Uint8Array,
  palette: readonly (readonly number[])[],
  width: number,
  height: number,
  transparent = 0,
): Promise<Buffer> {
  if (palette.length > 256) throw new Error("a PNG palette holds at most 256 colours");
  const plte = new Uint8Array(palette.length * 3);
  for (const [i, c] of palette.entries()) plte.set([c[0], c[1], c[2]], i * 3);
  // tRNS: an alpha for the first entries; the entries after them are opaque.
  const trns = new Uint8Array(transparent);
  const idat = await imageData(indices, width, height);
  return pngFile([
    ["IHDR", header(width, height, 3)],
    ["PLTE", plte],
    ...(transparent > 0 ? [["tRNS", trns] as const] : []),
    ["IDAT", idat],
    ["IEND", new Uint8Array(0)],
  ]);
}
