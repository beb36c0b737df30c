// Discord's per-route rate limits on the routes the bot uses most, with the headers Discord sends
// (X-RateLimit-Limit, -Remaining, -Reset, -Reset-After, -Bucket) and a 429 with `retry_after` once a
// bucket is empty. Buckets are per route and major parameter (the channel, the webhook), as Discord
// documents; the numbers are the ones Discord is known to apply (it does not publish them and says
// to read the headers, which discord.js does). Off by default in tests (a game would take minutes);
// `npm start`'s playground turns them on.
import { createHash } from "node:crypto";

export interface Bucket {
  /** Requests per window. */
  readonly limit: number;
  readonly windowMs: number;
}

/** Route pattern (as in the route tables) and method -> bucket, with the parameter it is kept per. */
const BUCKETS: Record<string, Bucket & { readonly major: string }> = {
  "POST /channels/:channel/messages": { limit: 5, windowMs: 5000, major: "channel" },
  "PATCH /channels/:channel/messages/:message": { limit: 5, windowMs: 5000, major: "channel" },
  "DELETE /channels/:channel/messages/:message": { limit: 5, windowMs: 1000, major: "channel" },
  "POST /webhooks/:app/:token": { limit: 5, windowMs: 2000, major: "token" },
  "PATCH /webhooks/:app/:token/messages/:message": { limit: 5, windowMs: 2000, major: "token" },
};

export interface RateDecision {
  readonly headers: Record<string, string>;
  /** Seconds to wait when the request is refused (429); undefined when it may go. */
  readonly retryAfter?: number;
}

export class RateLimits {
  private readonly windows = new Map<string, { start: number; used: number }>();
  /** How many requests were refused with 429. */
  limited = 0;
  /** How many requests took a bucket's last slot (a client that reads the headers waits after them). */
  exhausted = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one request from its bucket; null for routes without a limit here. */
  take(method: string, pattern: string, params: Record<string, string>): RateDecision | null {
    const key = `${method} ${pattern}`;
    const bucket = BUCKETS[key];
    if (!bucket) return null;
    const id = `${key}:${params[bucket.major] ?? ""}`;
    const now = this.now();
    let window = this.windows.get(id);
    if (!window || now - window.start >= bucket.windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(id, window);
    }
    const resetAfter = (window.start + bucket.windowMs - now) / 1000;
    const refused = window.used >= bucket.limit;
    if (!refused) {
      window.used += 1;
      if (window.used === bucket.limit) this.exhausted += 1;
    }
    const headers = {
      "x-ratelimit-limit": String(bucket.limit),
      "x-ratelimit-remaining": String(bucket.limit - window.used),
      "x-ratelimit-reset": ((window.start + bucket.windowMs) / 1000).toFixed(3),
      "x-ratelimit-reset-after": resetAfter.toFixed(3),
      "x-ratelimit-bucket": createHash("sha1").update(key).digest("hex").slice(0, 16),
    };
    if (!refused) return { headers };
    this.limited += 1;
    return {
      headers: { ...headers, "retry-after": String(Math.ceil(resetAfter)), "x-ratelimit-scope": "user" },
      retryAfter: resetAfter,
    };
  }
}
