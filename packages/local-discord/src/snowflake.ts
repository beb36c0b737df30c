import { createHash } from "node:crypto";

// Discord ids are snowflakes: milliseconds since the Discord epoch in the high bits, so
// discord.js can derive `createdTimestamp` from any id we hand out.
const DISCORD_EPOCH = 1_420_070_400_000n;

let lastMs = 0n;
let counter = 0n;

/** A new snowflake, unique within this process and increasing over time. */
export function snowflake(at: number = Date.now()): string {
  let ms = BigInt(at) - DISCORD_EPOCH;
  if (ms <= lastMs) {
    // Same (or earlier) millisecond: keep ids strictly increasing so message order follows id order.
    ms = lastMs;
    counter += 1n;
    if (counter > 0xfffn) {
      ms += 1n;
      counter = 0n;
    }
  } else {
    counter = 0n;
  }
  lastMs = ms;
  return ((ms << 22n) | (1n << 17n) | counter).toString();
}

/**
 * Makes every later `snowflake()` greater than `id`: a local Discord that reloads its saved messages
 * must not hand out their ids again, even when this machine's clock is behind the one that made them.
 */
export function reserveSnowflake(id: string): void {
  if (!/^\d{1,20}$/.test(id)) return;
  const ms = BigInt(id) >> 22n;
  // The next millisecond, whatever the id's low bits (stable ids use all 22 of them).
  if (ms >= lastMs) {
    lastMs = ms + 1n;
    counter = 0n;
  }
}

// 2024-01-01: stable ids carry a timestamp in the year after it.
const STABLE_BASE_MS = 1_704_067_200_000n - DISCORD_EPOCH;
const YEAR_MS = 31_536_000_000n;

/**
 * The same snowflake for the same key on every start (e.g. `user:alice`, `channel:games`), so that a
 * playground restarted on the same database finds its server, channels and players again. 54 bits
 * of a SHA-256 make collisions between a playground's few names practically impossible.
 */
export function stableSnowflake(key: string): string {
  const h = BigInt(`0x${createHash("sha256").update(key).digest("hex").slice(0, 16)}`);
  const ms = STABLE_BASE_MS + ((h >> 22n) % YEAR_MS);
  return ((ms << 22n) | (h & 0x3fffffn)).toString();
}

/** Compares two snowflakes numerically (they can exceed Number precision). */
export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
