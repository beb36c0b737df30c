/** Skipping, for a while, the due items a sweep could not handle (games, challenges, posts). */

/** A due game or challenge that could not be handled: skipped until `retryAt`. */
export interface SweepFailure {
  readonly id: string;
  readonly error: unknown;
  /** How many sweeps in a row it has failed. */
  readonly attempts: number;
  readonly retryAt: number;
}

/**
 * Remembers the items that failed in a sweep (a move list that no longer replays, a hook error, a
 * locked database), so that one bad item neither stops the others nor is retried in a tight loop:
 * it is skipped until its retry time, the wait doubling from a minute up to an hour.
 */
export class RetryLater {
  private readonly failing = new Map<string, { attempts: number; retryAt: number }>();

  constructor(
    private readonly first = 60_000,
    private readonly max = 60 * 60_000,
  ) {}

  /** Whether `id` failed recently and must not be tried before its retry time. */
  waiting(id: string, now: number): boolean {
    const f = this.failing.get(id);
    return f !== undefined && f.retryAt > now;
  }

  /** The earliest time `id`, due at `due`, may be tried. */
  notBefore(id: string, due: number): number {
    const f = this.failing.get(id);
    return f ? Math.max(due, f.retryAt) : due;
  }

  failed(id: string, error: unknown, now: number): SweepFailure {
    const attempts = (this.failing.get(id)?.attempts ?? 0) + 1;
    const retryAt = now + Math.min(this.first * 2 ** (attempts - 1), this.max);
    this.failing.set(id, { attempts, retryAt });
    return { id, error, attempts, retryAt };
  }

  succeeded(id: string): void {
    this.failing.delete(id);
  }

  /** Forgets the items that are no longer due (ended some other way). */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of this.failing.keys()) if (!ids.has(id)) this.failing.delete(id);
  }

  /**
   * One sweep over the items due now: `handle` runs for each one not waiting for its retry time, in
   * its own try/catch, so one that throws is reported in `failed` and the others are still handled.
   * Returns what `handle` returned (nulls left out).
   */
  sweep<T>(
    due: readonly string[],
    now: number,
    handle: (id: string) => T | null,
  ): { done: T[]; failed: SweepFailure[] } {
    this.keepOnly(new Set(due));
    const done: T[] = [];
    const failed: SweepFailure[] = [];
    for (const id of due) {
      if (this.waiting(id, now)) continue;
      try {
        const result = handle(id);
        this.succeeded(id);
        if (result !== null) done.push(result);
      } catch (error) {
        failed.push(this.failed(id, error, now));
      }
    }
    return { done, failed };
  }
}
