/**
 * With sharding, every shard process runs on the one SQLite file, and the scheduler's sweeps
 * (challenge expiries, reminders, time-outs, the posts of games left without a message, the
 * heartbeat and the downtime given back at start-up) must run once, not once per shard. So one
 * shard at a time holds the `sweeps` lease (src/db/lease.ts) and runs the scheduler; every shard
 * tries to take or renew it every RENEW_EVERY. The holder renews it; a holder that dies (or hangs)
 * stops renewing, and once LEASE_TTL has passed another shard takes it over and starts its own
 * scheduler, whose first sweep catches up with everything that fell due meanwhile (and gives the
 * clocks back the seconds without a sweep, as after a restart). A clean stop releases the lease.
 *
 * Why a lease and not "shard 0 only": shard 0 dying (or being restarted by the ShardingManager)
 * would stop every deadline in every server until it came back; with the lease another shard
 * takes over within LEASE_TTL + RENEW_EVERY. A holder that cannot renew in time stops its sweeps
 * before its lease can expire, so two schedulers never run at once. The sweeps' writes are
 * conditional anyway (a reminder is marked sent, a time-out needs the game still active at its
 * ply), so even an overlap could not double a move or an ending; it could repeat a message.
 */
import { randomInt } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { releaseLease, takeLease } from "../db/lease.ts";
import type { Logger } from "../logger.ts";

export const SWEEP_LEASE = "sweeps";
/** How long a taken or renewed lease lasts. */
export const LEASE_TTL = 15_000;
/** How often every shard tries to take or renew the lease. */
export const RENEW_EVERY = 5_000;

export interface Sweeper {
  start(): void;
  stop(): Promise<void>;
}

export class SweepLease {
  /** This process's holder id: random, so a restarted process never mistakes an old lease for its own. */
  readonly holder = randomInt(1, 2 ** 47);
  private timer: NodeJS.Timeout | null = null;
  private sweeper: Sweeper | null = null;
  /** Until when this process's lease runs (0: not held). */
  private heldUntil = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** A new scheduler, started when the lease is taken and stopped when it is lost. */
    private readonly newSweeper: () => Sweeper,
  ) {}

  /** True while this process runs the sweeps. */
  get holding(): boolean {
    return this.sweeper !== null;
  }

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), RENEW_EVERY);
  }

  /** Stops the sweeps (waiting for one in progress) and gives the lease up for another shard. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.lose("stopping");
    try {
      releaseLease(this.db, SWEEP_LEASE, this.holder);
    } catch (err) {
      this.logger.warn({ err }, "could not release the sweep lease; another shard takes it when it expires");
    }
  }

  private tick(): void {
    if (this.stopped) return;
    const now = this.clock.now();
    let held: boolean;
    try {
      held = takeLease(this.db, SWEEP_LEASE, this.holder, now, LEASE_TTL);
    } catch (err) {
      // Still ours until it runs out; stop sweeping before another shard may take it.
      held = this.heldUntil - now > RENEW_EVERY;
      this.logger.warn({ err, holding: held }, "could not renew the sweep lease");
      if (!held) void this.lose("could not renew the sweep lease");
      return;
    }
    if (!held) return void this.lose("another shard holds the sweep lease");
    this.heldUntil = now + LEASE_TTL;
    if (this.sweeper) return;
    this.logger.info({ holder: this.holder }, "this shard runs the scheduler's sweeps (lease taken)");
    this.sweeper = this.newSweeper();
    this.sweeper.start();
  }

  private async lose(why: string): Promise<void> {
    this.heldUntil = 0;
    const sweeper = this.sweeper;
    if (!sweeper) return;
    this.sweeper = null;
    this.logger.info({ why }, "this shard stops the scheduler's sweeps");
    await sweeper.stop();
  }
}
