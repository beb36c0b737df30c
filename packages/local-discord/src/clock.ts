// The playground's clock: real time plus an offset that an organiser moves forward from the page or the
// driver (POST /local/clock), so that a day of a daily puzzle or an arena's end can be tried in minutes.
// The bot reads it (the playground gives it to the bot as its clock) and the page (relative
// timestamps); Discord's own timers here (the 3 s acknowledgement, rate limits, interaction token
// lifetimes) keep real time, as they would on Discord. OAuth2 codes and access tokens (oauth2.ts) age on
// this clock instead, so that their expiry can be tried without waiting 10 minutes or 7 days.
// It never moves back: the bot's deadlines assume time only grows.
import type { LocalEvents } from "./events.ts";

/** The furthest one move may go: a year, so that a typo cannot throw the world decades ahead. */
export const MAX_ADVANCE_MS = 366 * 24 * 60 * 60_000;

export class LocalClock {
  private offset = 0;

  constructor(private readonly events: LocalEvents) {}

  /** Milliseconds since the epoch, as the playground's world sees them. */
  now(): number {
    return Date.now() + this.offset;
  }

  /** How far ahead of real time the clock is. */
  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock forward by `ms` (a whole number, 1 ms to a year). Emits clockUpdate. */
  advance(ms: number): void {
    if (!Number.isInteger(ms) || ms <= 0 || ms > MAX_ADVANCE_MS)
      throw new RangeError("the clock moves forward only, by 1 ms to 366 days");
    this.offset += ms;
    this.events.emit("clockUpdate", this.offset);
  }

  /** The offset a saved world had (state-file.ts); emits nothing, as no one listens yet. */
  restore(offsetMs: number): void {
    if (Number.isFinite(offsetMs) && offsetMs > 0) this.offset = offsetMs;
  }
}
