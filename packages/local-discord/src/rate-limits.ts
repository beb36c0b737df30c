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

/**
 * A member's roles, given or taken (PUT and DELETE share it here, per guild): Discord answers these
 * with `X-RateLimit-Limit: 10` in a fixed window (discord/discord-api-docs#7680, 2025). The window is
 * not published; 10 seconds is the stand-in's choice, on the strict side.
 */
export const MEMBER_ROLES: Bucket = { limit: 10, windowMs: 10_000 };

/**
 * Route pattern (as in the route tables) and method -> bucket, with the parameter it is kept per;
 * routes with the same `shared` name count in one window.
 */
const BUCKETS: Record<string, Bucket & { readonly major: string; readonly shared?: string }> = {
  "POST /channels/:channel/messages": { limit: 5, windowMs: 5000, major: "channel" },
  "PATCH /channels/:channel/messages/:message": { limit: 5, windowMs: 5000, major: "channel" },
  "DELETE /channels/:channel/messages/:message": { limit: 5, windowMs: 1000, major: "channel" },
  "POST /webhooks/:app/:token": { limit: 5, windowMs: 2000, major: "token" },
  "PATCH /webhooks/:app/:token/messages/:message": { limit: 5, windowMs: 2000, major: "token" },
  "DELETE /webhooks/:app/:token/messages/:message": { limit: 5, windowMs: 2000, major: "token" },
  "PUT /guilds/:guild/members/:user/roles/:role": { ...MEMBER_ROLES, major: "guild", shared: "member roles" },
  "DELETE /guilds/:guild/members/:user/roles/:role": { ...MEMBER_ROLES, major: "guild", shared: "member roles" },
};

/**
 * Webhook messages in one channel, whatever the webhook: Discord says interaction webhooks share the
 * rate limits of normal webhooks, and executing webhooks is known to be limited to 30 a minute per
 * channel (not published; a stricter guess rather than none). Follow-ups count here.
 */
export const WEBHOOK_MESSAGES_PER_CHANNEL: Bucket = { limit: 30, windowMs: 60_000 };

export interface RateDecision {
  readonly headers: Record<string, string>;
  /** Seconds to wait when the request is refused (429); undefined when it may go. */
  readonly retryAfter?: number;
}

/**
 * Discord's global rate limit: 50 requests a second for all of a bot's requests that carry its token.
 * Interaction endpoints (the callback and the routes of an interaction's token) are not bound to it.
 * The window opens with the first request after the last one closed, as discord.js counts it.
 */
export const GLOBAL_LIMIT: Bucket = { limit: 50, windowMs: 1000 };

export class RateLimits {
  private readonly windows = new Map<string, { start: number; used: number }>();
  private global: { start: number; used: number } | null = null;
  /** How many requests were refused by the global limit. */
  globalLimited = 0;
  /** How many requests were refused with 429. */
  limited = 0;
  /** How many requests took a bucket's last slot (a client that reads the headers waits after them). */
  exhausted = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly globalLimit: Bucket = GLOBAL_LIMIT,
  ) {}

  /** Takes one request of the bot's token from the global budget; null when it may go, else the 429's headers. */
  takeGlobal(): RateDecision | null {
    const now = this.now();
    const { limit, windowMs } = this.globalLimit;
    if (!this.global || now - this.global.start >= windowMs) this.global = { start: now, used: 0 };
    if (this.global.used < limit) {
      this.global.used += 1;
      return null;
    }
    this.limited += 1;
    this.globalLimited += 1;
    const resetAfter = (this.global.start + windowMs - now) / 1000;
    return {
      headers: {
        "retry-after": String(Math.max(1, Math.ceil(resetAfter))),
        "x-ratelimit-global": "true",
        "x-ratelimit-scope": "global",
      },
      retryAfter: resetAfter,
    };
  }

  /** Takes one webhook message in `channelId` (see WEBHOOK_MESSAGES_PER_CHANNEL). */
  takeWebhookMessage(channelId: string): RateDecision {
    return this.takeFrom(WEBHOOK_MESSAGES_PER_CHANNEL, `webhook messages:${channelId}`, "webhook messages");
  }

  /** Takes one request from its bucket; null for routes without a limit here. */
  take(method: string, pattern: string, params: Record<string, string>): RateDecision | null {
    const key = `${method} ${pattern}`;
    const bucket = BUCKETS[key];
    if (!bucket) return null;
    const name = bucket.shared ?? key;
    return this.takeFrom(bucket, `${name}:${params[bucket.major] ?? ""}`, name);
  }

  /** One request from the window `id`; `key` names the bucket in its header, as Discord's hash does. */
  private takeFrom(bucket: Bucket, id: string, key: string): RateDecision {
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
