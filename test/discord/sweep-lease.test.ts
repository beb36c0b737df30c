// The sweep lease: with sharding, one shard at a time runs the scheduler's sweeps. Two connections
// to one real SQLite file stand for two shard processes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Database_, openDatabase } from "../../src/db/client.ts";
import { readLease, releaseLease, takeLease } from "../../src/db/lease.ts";
import { LEASE_TTL, RENEW_EVERY, SWEEP_LEASE, type Sweeper, SweepLease } from "../../src/discord/sweep-lease.ts";

const quiet = { debug() {}, info() {}, warn() {}, error() {} } as never;

describe("sweep lease", () => {
  let dir: string;
  let one: Database_;
  let two: Database_;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "nickar-lease-"));
    one = openDatabase(join(dir, "nickar.db"));
    two = openDatabase(join(dir, "nickar.db"));
  });
  afterEach(() => {
    vi.useRealTimers();
    one.close();
    two.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lease - only one holder at a time, renewed by it - two shards try at once", () => {
    expect(takeLease(one.db, SWEEP_LEASE, 1, 1000, LEASE_TTL)).toBe(true);
    expect(takeLease(two.db, SWEEP_LEASE, 2, 1000, LEASE_TTL)).toBe(false);
    expect(takeLease(one.db, SWEEP_LEASE, 1, 5000, LEASE_TTL)).toBe(true);
    expect(readLease(two.db, SWEEP_LEASE)).toEqual({ holder: 1, until: 5000 + LEASE_TTL });
    // Just before the renewed lease runs out it is still the first one's.
    expect(takeLease(two.db, SWEEP_LEASE, 2, 5000 + LEASE_TTL - 1, LEASE_TTL)).toBe(false);
  });

  it("lease - another shard takes it once it ran out - the holder died", () => {
    takeLease(one.db, SWEEP_LEASE, 1, 1000, LEASE_TTL);
    expect(takeLease(two.db, SWEEP_LEASE, 2, 1000 + LEASE_TTL, LEASE_TTL)).toBe(true);
    // The first one, back from a long pause, no longer holds it.
    expect(takeLease(one.db, SWEEP_LEASE, 1, 1000 + LEASE_TTL + 1, LEASE_TTL)).toBe(false);
  });

  it("lease - free at once after a release, and only its holder can release it - clean stop", () => {
    takeLease(one.db, SWEEP_LEASE, 1, 1000, LEASE_TTL);
    releaseLease(two.db, SWEEP_LEASE, 2);
    expect(readLease(one.db, SWEEP_LEASE)?.holder).toBe(1);
    releaseLease(one.db, SWEEP_LEASE, 1);
    expect(takeLease(two.db, SWEEP_LEASE, 2, 1001, LEASE_TTL)).toBe(true);
  });

  /** A scheduler stand-in that counts how often it runs. */
  function sweeper(log: string[], name: string): () => Sweeper {
    return () => ({
      start: () => void log.push(`${name} start`),
      stop: async () => void log.push(`${name} stop`),
    });
  }

  it("sweep lease - one shard sweeps and the other takes over when it stops renewing - shard dies", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const clock = { now: () => Date.now() };
    const log: string[] = [];
    // A shard that took the lease and then died: nothing renews it any more.
    takeLease(one.db, SWEEP_LEASE, 424242, clock.now(), LEASE_TTL);
    const survivor = new SweepLease(two.db, clock, quiet, sweeper(log, "survivor"));
    survivor.start();
    expect(survivor.holding).toBe(false);
    await vi.advanceTimersByTimeAsync(LEASE_TTL - RENEW_EVERY);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(RENEW_EVERY);
    expect(log).toEqual(["survivor start"]);
    expect(readLease(one.db, SWEEP_LEASE)?.holder).toBe(survivor.holder);
    await survivor.stop();
    expect(log).toEqual(["survivor start", "survivor stop"]);
    expect(readLease(one.db, SWEEP_LEASE)).toBeNull();
  });

  it("sweep lease - exactly one of two shards sweeps, the other at once after a clean stop - two shards", async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const clock = { now: () => Date.now() };
    const log: string[] = [];
    const a = new SweepLease(one.db, clock, quiet, sweeper(log, "a"));
    const b = new SweepLease(two.db, clock, quiet, sweeper(log, "b"));
    a.start();
    b.start();
    await vi.advanceTimersByTimeAsync(RENEW_EVERY * 10);
    expect(log).toEqual(["a start"]);
    expect([a.holding, b.holding]).toEqual([true, false]);
    await a.stop();
    await vi.advanceTimersByTimeAsync(RENEW_EVERY);
    expect(log).toEqual(["a start", "a stop", "b start"]);
    await b.stop();
  });
});
