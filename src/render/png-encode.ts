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
 * PNG rows (each a filter byte then the row's bytes), deflated. In a render worker, deflating in the
 * worker's own (low-priority) thread keeps all its work there; on the main thread it goes to the
 * thread pool, which reads the rows later, so it gets a copy of its own unless `owned` (nothing
 * else holds them). Either way the caller may change the rows once this returns.
 */
function deflateRows(rows: Uint8Array, owned = false): Promise<Buffer> {
  // Output room for a whole board in one piece (zlib's default is 16 KB pieces, joined after), which
  // also means one trip to the thread pool on the asynchronous path instead of one a piece.
  const options = { level: 1, chunkSize: 96 * 1024 };
  if (!isMainThread) return Promise.resolve(deflateSync(rows, options));
  return deflateAsync(owned ? rows : rows.slice(), options);
}

/** The rows of `pixels` (`stride` bytes each), each preceded by its filter type byte, 0 (none). */
function withFilterBytes(pixels: Uint8Array, stride: number, height: number): Uint8Array {
  const rows = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return rows;
}

/** Encodes straight (not premultiplied) RGBA pixels, 8 bits per channel, as a PNG file. */
export async function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  const idat = await deflateRows(withFilterBytes(rgba as Uint8Array, width * 4, height), true);
  return pngFile([
    ["IHDR", header(width, height, 6)],
    ["IDAT", idat],
    ["IEND", new Uint8Array(0)],
  ]);
}

/**
 * Encodes a palette image given as PNG rows (`height` rows of a filter byte, 0, then one index a
 * pixel into `palette`: RGB triples, at most 256), where the indices below `transparent` are fully
 * transparent and the rest opaque. The rows are read (or copied) before this returns its promise.
 */
export async function encodeIndexedPng(
  rows: Uint8Array,
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
  if (rows.length !== height * (width + 1)) throw new Error("PNG rows: the size does not match the image");
  const idat = await deflateRows(rows);
  return pngFile([
    ["IHDR", header(width, height, 3)],
    ["PLTE", plte],
    ...(transparent > 0 ? [["tRNS", trns] as const] : []),
    ["IDAT", idat],
    ["IEND", new Uint8Array(0)],
  ]);
}
