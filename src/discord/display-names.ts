/**
 * Display names for the board images, leaderboards and charts: the member's name in the server
 * (nickname, else their global display name), else the user's global name, else "" (the caller then
 * falls back to a side name). Names are cached for a while so nickname changes show up, failed
 * look-ups only briefly, the cache is bounded (least recently used out first), and concurrent look-ups
 * of the same user share one request. Fetchers and clock are injected, so it is tested without Discord.
 */
import type { Clock } from "../clock.ts";

export interface NameFetchers {
  /** The member's display name in the server; null (or a throw) when they are not a member. */
  member(guildId: string, userId: string): Promise<string | null>;
  /** The user's global display name or username; null (or a throw) when unknown. */
  user(userId: string): Promise<string | null>;
}

export interface DisplayNameOptions {
  readonly fetchers: NameFetchers;
  readonly clock: Clock;
  /** How long a name found is kept (default 10 minutes). */
  readonly ttlMs?: number;
  /** How long a failed look-up is remembered as "" (default 30 seconds; 0 = not at all). */
  readonly failureTtlMs?: number;
  /** Most names kept; the least recently used go first (default 5000). */
  readonly maxEntries?: number;
  /** Told about each fetch that threw (the look-up then goes on to the next source). */
  readonly onError?: (err: unknown, userId: string) => void;
  /**
   * How long `get` waits for a look-up before answering "" (the board then shows the side's name);
   * the look-up goes on and its answer is kept for the next image. Default 2 s; 0 = no limit.
   */
  readonly waitMs?: number;
}

interface Entry {
  readonly name: string;
  readonly expiresAt: number;
}

export const NAME_TTL_MS = 10 * 60_000;
export const FAILED_NAME_TTL_MS = 30_000;
export const MAX_NAMES = 5000;
export const NAME_WAIT_MS = 2000;

export class DisplayNames {
  /** Insertion order is recency order: a hit moves its entry to the end, eviction takes the first. */
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<string>>();
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly maxEntries: number;
  private readonly waitMs: number;

  constructor(private readonly options: DisplayNameOptions) {
    this.waitMs = options.waitMs ?? NAME_WAIT_MS;
    this.ttlMs = options.ttlMs ?? NAME_TTL_MS;
    this.failureTtlMs = options.failureTtlMs ?? FAILED_NAME_TTL_MS;
    this.maxEntries = Math.max(1, options.maxEntries ?? MAX_NAMES);
  }

  /** Cached names (expired ones included until they are next asked for or evicted). */
  get size(): number {
    return this.cache.size;
  }

  /** The display name of `userId` in `guildId` (null: outside a server), or "" when none was found. */
  get(guildId: string | null, userId: string): Promise<string> {
    const key = `${guildId ?? ""}:${userId}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key);
      if (cached.expiresAt > this.options.clock.now()) {
        this.cache.set(key, cached);
        return Promise.resolve(cached.name);
      }
    }
    let lookup = this.pending.get(key);
    if (!lookup) {
      lookup = this.lookup(guildId, userId)
        .then((name) => {
          this.remember(key, name);
          return name;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, lookup);
    }
    return this.within(lookup);
  }

  /**
   * Remembers a name Discord has just shown: every interaction carries its user's names, so the
   * people who play need no look-up at all (the look-ups share the bot's request budget with
   * everything else, and wait behind it when it is busy).
   */
  seen(guildId: string | null, userId: string, name: string | null | undefined): void {
    if (name) this.remember(`${guildId ?? ""}:${userId}`, name);
  }

  /** `lookup`, or "" once waitMs have passed without its answer. */
  private within(lookup: Promise<string>): Promise<string> {
    if (this.waitMs <= 0) return lookup;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(""), this.waitMs);
      timer.unref?.();
      void lookup.then((name) => {
        clearTimeout(timer);
        resolve(name);
      });
    });
  }

  private async lookup(guildId: string | null, userId: string): Promise<string> {
    const { fetchers } = this.options;
    // Someone who left the server is no member any more, but still a user.
    if (guildId) {
      const name = await this.attempt(() => fetchers.member(guildId, userId), userId);
      if (name) return name;
    }
    return (await this.attempt(() => fetchers.user(userId), userId)) ?? "";
  }

  private async attempt(fetch: () => Promise<string | null>, userId: string): Promise<string | null> {
    try {
      return (await fetch()) || null;
    } catch (err) {
      this.options.onError?.(err, userId);
      return null;
    }
  }

  private remember(key: string, name: string): void {
    const ttl = name ? this.ttlMs : this.failureTtlMs;
    if (ttl <= 0) return;
    this.cache.delete(key);
    this.cache.set(key, { name, expiresAt: this.options.clock.now() + ttl });
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
