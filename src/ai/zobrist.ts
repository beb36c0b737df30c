/**
 * Zobrist-style hashing of a search position: 12 pit counts, the player to move and South's store
 * (North's store follows from the 48 seeds). Two independent 32-bit keys: the first picks the table
 * slot, the second checks it, so a false hit needs a 52-bit coincidence or so.
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

// Pits 0..11 at pit * 49 + count, then South's store (12 * 49 + store), then the player to move.
const SIZE = 13 * COUNTS + 1;
const KEY1 = table(0x5eed1, SIZE);
const KEY2 = table(0x5eed2, SIZE);
const SIDE = 13 * COUNTS;

/** The second key of the last hashPosition call (a module variable instead of an allocated pair). */
export let hashCheck = 0;

/** Returns the first key of `game` and leaves the second in hashCheck. */
export function hashPosition(game: CoreGame): number {
  const p = game.pits;
  let k = 12 * COUNTS + game.stores[0];
  let h1 = KEY1[k];
  let h2 = KEY2[k];
  if (game.toMove) {
    h1 ^= KEY1[SIDE];
    h2 ^= KEY2[SIDE];
  }
  for (let i = 0; i < 12; i++) {
    k = i * COUNTS + p[i];
    h1 ^= KEY1[k];
    h2 ^= KEY2[k];
  }
  hashCheck = h2;
  return h1;
}
