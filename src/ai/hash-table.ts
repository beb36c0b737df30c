/**
 * The search's transposition table (search.ts), apart from the search loop: its layout, one table per
 * size and thread, and where an entry is found and where a new one goes.
 *
 * Two words per entry in one array, so that a probe touches one cache line (separate arrays cost a cache
 * miss each) and 2^20 entries take 8 MB (a probe is mostly a cache miss, fewer the smaller the table).
 * Word 0: the check key with its low 3 bits replaced by the best house (a 29-bit check, 49 bits with the
 * slot's). Word 1: score << 11 | depth << 3 | proven (1 bit) | bound (2 bits), the score within ±2^20;
 * 0 is an empty entry (a bound is never 0).
 *
 * Two schemes, chosen per search: one entry a slot, always replaced (the previous release's), or
 * buckets of two entries in the same 16 bytes (one cache line), a depth-preferred one, replaced only by a
 * search as deep or deeper or by a proven result, and an always-replaced one, which takes what the first
 * refuses: the deep results that save the most work survive the many shallow ones.
 */

/** Words per entry. */
export const ENTRY = 2;
/** The best house in the check word's low bits. */
export const HOUSE_BITS = 7;
export const PROVEN_FLAG = 4;

// One table per size and thread, emptied for each search (a search is never interrupted by another on
// the same thread), so that a request does not allocate 8 MB and the answer depends only on the request.
const tables = new Map<number, Int32Array>();

/** The thread's table of 2^bits entries, emptied. */
export function emptyTable(bits: number): Int32Array {
  let table = tables.get(bits);
  if (!table) {
    table = new Int32Array(bits > 0 ? ENTRY << bits : 0);
    tables.set(bits, table);
  } else table.fill(0);
  return table;
}

/**
 * The first word of the slot (one entry) or bucket (two entries) of a position's key, for a table of
 * 2^bits entries: `mask` is slotMask's.
 */
export function slotMask(bits: number, buckets: boolean): number {
  if (bits <= 0) return 0;
  return (1 << (buckets ? bits - 1 : bits)) - 1;
}

/** The word index of the entry holding `lock` in the slot at `slot`, or -1. */
export function findEntry(table: Int32Array, slot: number, lock: number, buckets: boolean): number {
  if (table[slot + 1] !== 0 && ((table[slot] ^ lock) & ~HOUSE_BITS) === 0) return slot;
  if (buckets && table[slot + 3] !== 0 && ((table[slot + 2] ^ lock) & ~HOUSE_BITS) === 0) return slot + 2;
  return -1;
}

/**
 * The word index where a result of `depth` (proven or not) for `lock` is written: the slot itself
 * without buckets; with them, the depth-preferred entry when it is empty, holds the same position, or
 * holds a shallower unproven result (or the new result is proven), else the always-replaced entry.
 */
export function replaceEntry(
  table: Int32Array,
  slot: number,
  lock: number,
  depth: number,
  proven: boolean,
  buckets: boolean,
): number {
  if (!buckets) return slot;
  const packed = table[slot + 1];
  if (packed === 0 || proven || ((table[slot] ^ lock) & ~HOUSE_BITS) === 0) return slot;
  if ((packed & PROVEN_FLAG) === 0 && ((packed >> 3) & 255) <= depth) return slot;
  return slot + 2;
}
