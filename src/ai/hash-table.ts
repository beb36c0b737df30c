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

// The thread's tables per size. A search that starts afresh empties one, so that its answer depends only on
// its request. A search that continues a game (gameTable) takes the table its player's previous search of
// that game left, entries and all: the positions it searched are the ones this search meets again, and an
// entry holds for any search (a position's key, depth below it and proof, not the root's). Each thread keeps
// GAME_TABLES of them, the least recently used one given to a new game, so that two games whose searches
// alternate on one thread (two matches, or the bot and a hint) each keep theirs.
export const GAME_TABLES = 2;

interface Held {
  readonly table: Int32Array;
  /** The game and player of the last search on it (gameKey), or null for a search that started afresh. */
  key: string | null;
  /** That search's moves from the game's start. */
  moves: readonly number[];
  used: number;
}

const held = new Map<number, Held[]>();
let uses = 0;

/** The thread's held tables of 2^bits entries. */
function heldTables(bits: number): Held[] {
  let list = held.get(bits);
  if (!list) {
    list = [];
    held.set(bits, list);
  }
  return list;
}

/** The held table to give away: a new one while fewer than GAME_TABLES exist, else the least recently used. */
function recycled(bits: number, key: string | null, moves: readonly number[]): Int32Array {
  const list = heldTables(bits);
  let pick: Held;
  if (list.length < GAME_TABLES) {
    pick = { table: new Int32Array(bits > 0 ? ENTRY << bits : 0), key, moves, used: 0 };
    list.push(pick);
  } else {
    pick = list.reduce((a, b) => (b.used < a.used ? b : a));
    pick.table.fill(0);
    pick.key = key;
    pick.moves = moves;
  }
  pick.used = ++uses;
  return pick.table;
}

/** A thread's table of 2^bits entries, emptied. */
export function emptyTable(bits: number): Int32Array {
  return recycled(bits, null, []);
}

/** Who a game table belongs to: the game (its ruleset and start) and the player searching it. */
export function gameKey(ruleset: string, start: string, player: number): string {
  return `${ruleset} ${start} ${player}`;
}

/**
 * The table for a search of `key`'s game after `moves`: the one its player's last search left when that
 * search's moves begin these (the same game, played on since; the most recent if two do), else an emptied one.
 */
export function gameTable(bits: number, key: string, moves: readonly number[]): Int32Array {
  let found: Held | undefined;
  for (const h of heldTables(bits)) {
    const follows = h.key === key && h.moves.length <= moves.length && h.moves.every((m, i) => moves[i] === m);
    if (follows && (!found || h.used > found.used)) found = h;
  }
  if (!found) return recycled(bits, key, [...moves]);
  found.moves = [...moves];
  found.used = ++uses;
  return found.table;
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
