/**
 * The palette indexer's loops, in AssemblyScript (compiled to kernel.wasm by `npm run build:wasm`;
 * test/render/palette-kernel.test.ts checks that the committed file is this source's build).
 *
 * Hand-written because no library maps pixels to a fixed palette while remembering the last image,
 * and because the same loop in JavaScript cost 1.0-1.2 ms a board here (about 3 ns a pixel just to
 * compare it with the last image's); compiled to WebAssembly with 128-bit SIMD it is about 0.5 ms,
 * copying the pixels in included.
 *
 * Everything lives in the module's own memory, laid out by palette-indexer.ts: the 16-bit lookup
 * table over RGB 565 colours (filled as colours are met), the palette, the pixels to index, the
 * last image's pixels, their indices (stored as PNG rows: a filter byte, 0, before each row) and
 * their poor-match flags.
 * A pixel is read as one little-endian 32-bit word: R in the low byte, alpha in the high byte.
 */

/** The palette and its lookup table, set by `usePalette`. */
let table: usize = 0;
let colours: usize = 0;
let colourCount = 0;
let poorLimit = 0;

/**
 * Sets the palette: `count` RGB triples at `palette`, and a zeroed table of 65,536 16-bit entries
 * at `entries`, filled as colours are met. `poorMatch`: the squared RGB distance past which a match
 * is poor.
 */
export function usePalette(entries: usize, palette: usize, count: i32, poorMatch: i32): void {
  table = entries;
  colours = palette;
  colourCount = count;
  poorLimit = poorMatch;
}

/**
 * Finds, stores and returns the table entry of RGB 565 bin `key`: 1 + the index of the palette
 * colour nearest to the bin's centre (the first one on a tie), so that the answer does not depend
 * on which pixel came first, plus 256 when that colour is farther than the poor-match limit.
 * Index 0 is never an answer: it is the transparent entry.
 */
function fill(key: u32): u32 {
  const r = <i32>(((key >> 11) << 3) | 4);
  const g = <i32>((((key >> 5) & 63) << 2) | 2);
  const b = <i32>(((key & 31) << 3) | 4);
  let best = 0;
  let bestDistance = i32.MAX_VALUE;
  for (let i = 0; i < colourCount; i++) {
    const at = colours + 3 * <usize>i;
    const dr = <i32>load<u8>(at) - r;
    const dg = <i32>load<u8>(at, 1) - g;
    const db = <i32>load<u8>(at, 2) - b;
    const distance = dr * dr + dg * dg + db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  const entry = <u32>(best + 1 + (bestDistance > poorLimit ? 256 : 0));
  store<u16>(table + ((<usize>key) << 1), <u16>entry);
  return entry;
}

/** The table entry of RGB 565 bin `key`, found the first time it is asked for. */
function lookup(key: u32): u32 {
  const entry = <u32>load<u16>(table + ((<usize>key) << 1));
  return entry !== 0 ? entry : fill(key);
}

/**
 * The table entry of one pixel: less than half opaque is transparent (0, never poor); a partly
 * transparent pixel of premultiplied input is divided by its alpha first (rounding down).
 */
function entryOf(v: u32, premultiplied: bool): u32 {
  const a = v >>> 24;
  if (a === 255) return lookup(((v & 0xf8) << 8) | ((v >>> 5) & 0x7e0) | ((v >>> 19) & 0x1f));
  if (a < 128) return 0;
  let r = v & 255;
  let g = (v >>> 8) & 255;
  let b = (v >>> 16) & 255;
  if (premultiplied) {
    r = min<u32>(255, (r * 255) / a);
    g = min<u32>(255, (g * 255) / a);
    b = min<u32>(255, (b * 255) / a);
  }
  return lookup(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3));
}

/**
 * Indexes pixel `k` (which differs from the last image's): its index goes to `out`, its poor flag to
 * `poor`; returns the change of the poor count.
 */
function update(input: usize, out: usize, poor: usize, k: usize, premultiplied: bool): i32 {
  const entry = entryOf(load<u32>(input + (k << 2)), premultiplied);
  store<u8>(out, <u8>entry);
  const flag = <i32>(entry >> 8);
  const change = flag - <i32>load<u8>(poor + k);
  store<u8>(poor + k, <u8>flag);
  return change;
}

/**
 * Indexes a `width` x `height` image at `input` against the last one at `last`: only pixels that
 * differ are looked up (four compared at once). Returns the change of the poor-match count.
 */
export function index(
  input: usize,
  last: usize,
  rows: usize,
  poor: usize,
  width: i32,
  height: i32,
  premultiplied: bool,
): i32 {
  let change = 0;
  for (let y = 0; y < height; y++) {
    const first = <usize>y * <usize>width;
    const row = rows + <usize>y * (<usize>width + 1) + 1;
    let x = 0;
    for (; x + 4 <= width; x += 4) {
      const k = first + <usize>x;
      const pixels = v128.load(input + (k << 2));
      // One bit for each of the four pixels that changed.
      let changed = ~i32x4.bitmask(i32x4.eq(pixels, v128.load(last + (k << 2)))) & 15;
      if (changed === 0) continue;
      v128.store(last + (k << 2), pixels);
      while (changed !== 0) {
        const j = <usize>ctz(changed);
        changed &= changed - 1;
        change += update(input, row + x + j, poor, k + j, premultiplied);
      }
    }
    for (; x < width; x++) {
      const k = first + <usize>x;
      const v = load<u32>(input + (k << 2));
      if (v === load<u32>(last + (k << 2))) continue;
      store<u32>(last + (k << 2), v);
      change += update(input, row + x, poor, k, premultiplied);
    }
  }
  return change;
}
