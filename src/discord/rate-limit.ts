/**
 * Per-player command limits: at most `limit` interactions per player and server in any `windowMs`
 * (a sliding log of times, so a burst right after a window boundary does not get twice the limit).
 * Kept in memory: a restart forgives everyone, which is harmless for a limit counted in a minute.
 * Written by hand: the well-kept limiters (rate-limiter-flexible, bottleneck) bring stores and queues
 * for what is here a map of short arrays.
 */
import { UserError } from "../errors.ts";
import { time } from "../i18n/index.ts";
import type { App, HandlerContext } from "../interactions/context.ts";

export type RateVerdict = { readonly ok: true } | { readonly ok: false; readonly retryAt: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweptAt = 0;

  constructor(private readonly windowMs: number) {}

  /** Counts one hit for `key` at `now` unless `limit` hits in the window were reached (0: no limit). */
  hit(key: string, limit: number, now: number): RateVerdict {
    if (limit <= 0) return { ok: true };
    this.sweep(now);
    const since = now - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= limit) {
      this.hits.set(key, times);
      // The hit that frees a place is the oldest one that keeps the count at the limit.
      return { ok: false, retryAt: times[times.length - limit] + this.windowMs };
    }
    times.push(now);
    this.hits.set(key, times);
    return { ok: true };
  }

  /** How many keys are remembered (for tests: the map does not grow without bound). */
  get size(): number {
    return this.hits.size;
  }

  /** Forgets the keys whose hits are all out of the window, at most once per window. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    const since = now - this.windowMs;
    for (const [key, times] of this.hits) if (times[times.length - 1] <= since) this.hits.delete(key);
  }
}

/** The command limit counts the interactions of the last minute. */
export const COMMAND_RATE_WINDOW = 60_000;

/**
 * The router's check before an interaction is handled: a player over the server's command limit is
 * refused with the time to try again. Moves are never limited (the opponent's turn already paces
 * them, and a refused move would lose a player time on the clock); autocomplete is not counted.
 */
export function commandLimit(app: App): (ctx: HandlerContext) => void {
  const limiter = new SlidingWindowLimiter(COMMAND_RATE_WINDOW);
  return (ctx) => {
    if (!ctx.guildId) return;
    const perMinute = app.settings.get(ctx.guildId).commandsPerMinute;
    const verdict = limiter.hit(`${ctx.guildId}:${ctx.userId}`, perMinute, app.clock.now());
    if (verdict.ok) return;
    throw new UserError("rate/commands", { count: perMinute, retryAt: time(verdict.retryAt) });
  };
}
