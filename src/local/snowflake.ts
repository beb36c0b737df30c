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

/** The creation time of a snowflake, in ms since the Unix epoch. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** Compares two snowflakes numerically (they can exceed Number precision). */
export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
