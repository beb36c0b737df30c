/**
 * Zobrist-style hashing of a search position: 12 pit counts, the player to move and South's store
 * (North's store follows from the 48 seeds). Two independent 32-bit keys: the first picks the table
 * slot, the second checks it, so a false hit needs a 52-bit coincidence or so.
 */
import type { CoreGame } from "../engine/core.ts";
import { seededRandom } from "../engine/random.ts";

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

export function hashPrimary(game: CoreGame): number {
  const p = game.pits;
  let h = KEY1[12 * COUNTS + game.stores[0]] ^ (game.toMove ? KEY1[SIDE] : 0);
  for (let i = 0; i < 12; i++) h ^= KEY1[i * COUNTS + p[i]];
  return h;
}

export function hashCheck(game: CoreGame): number {
  const p = game.pits;
  let h = KEY2[12 * COUNTS + game.stores[0]] ^ (game.toMove ? KEY2[SIDE] : 0);
  for (let i = 0; i < 12; i++) h ^= KEY2[i * COUNTS + p[i]];
  return h;
}
