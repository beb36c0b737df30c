/**
 * Zobrist-style hashing of a search position: 12 pit counts, the player to move and South's store
 * (North's store follows from the 48 seeds). Two independent 32-bit keys: the first picks the table
 * slot, the second checks it, so a false hit needs a 52-bit coincidence or so. The search computes them
 * from scratch at each node it probes: 13 lookups a key and no branch per pit, which measured as fast as
 * or slightly faster than updating the parent's keys for the pits that changed (a sowing changes several,
 * unpredictably), and needs no keys kept per ply.
 */
import type { CoreGame } from "../engine/internal.ts";
import { seededRandom } from "../engine/internal.ts";

const COUNTS = 49;

function table(seed: number, size: number): Int32Array {
  const rand = seededRandom(seed);
  const t = new Int32Array(size);
  for (let i = 0; i < size; i++) t[i] = Math.floor(rand() * 4294967296) | 0;
  return t;
}

/** The "pit" number of South's store in keyIndex. */
const SOUTH_STORE = 12;
/** The key index of the player to move being North. */
const TO_MOVE = 13 * COUNTS;

/** Where pit 0..11 (or SOUTH_STORE) holding `count` seeds has its keys. */
function keyIndex(pit: number, count: number): number {
  return pit * COUNTS + count;
}

/** The key index of a position just after a capture (the search keeps its entries apart: Searcher.search). */
export const FRESH = TO_MOVE + 1;

const SIZE = FRESH + 1;
export const KEY1 = table(0x5eed1, SIZE);
export const KEY2 = table(0x5eed2, SIZE);

/** The second key of the last hashPosition call (a module variable instead of an allocated pair). */
export let hashCheck = 0;

/** Returns the first key of `game` and leaves the second in hashCheck. */
export function hashPosition(game: CoreGame): number {
  const p = game.pits;
  let k = keyIndex(SOUTH_STORE, game.stores[0]);
  let h1 = KEY1[k];
  let h2 = KEY2[k];
  if (game.toMove) {
    h1 ^= KEY1[TO_MOVE];
    h2 ^= KEY2[TO_MOVE];
  }
  for (let i = 0; i < 12; i++) {
    k = keyIndex(i, p[i]);
    h1 ^= KEY1[k];
    h2 ^= KEY2[k];
  }
  hashCheck = h2;
  return h1;
}
