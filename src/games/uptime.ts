/**
 * Clocks stop while the bot is down: the scheduler records that the bot is running (the heartbeat),
 * and at startup the time since the last sign of life is given back to every game and challenge clock.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { HEARTBEAT, readState, writeState } from "../db/bot-state.ts";
import { type Db, IMMEDIATE } from "../db/client.ts";
import { challenges, games } from "../db/schema.ts";

/** Clocks given back after the bot was down (see `resumeAfterDowntime`). */
export interface Downtime {
  /** The last heartbeat before the stop. */
  readonly since: number;
  /** How long the bot was down: every shifted time moved forward by this, or less (see `resumeAfterDowntime`). */
  readonly ms: number;
  /** The active games whose deadline and reminder moved. */
  readonly games: readonly string[];
  /** The pending challenges whose expiry moved. */
  readonly challenges: readonly string[];
}

export class UptimeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Records that the bot is running now (the scheduler calls this every few seconds). */
  heartbeat(): void {
    writeState(this.db, HEARTBEAT, this.clock.now());
  }

  /**
   * Clocks stop while the bot is down, however briefly. Called once at startup, before the first
   * sweep: every active game's deadline and reminder and every pending challenge's expiry move
   * forward by the time the bot was away, in one transaction with the new heartbeat. The bot was
   * last known alive at the last heartbeat, or later when the game (challenge) was written since:
   * a move made after the last heartbeat proves the bot was up then, so that game is given back
   * only the time since that move. Returns what moved, or null (first start ever).
   */
  resumeAfterDowntime(): Downtime | null {
    const now = this.clock.now();
    return this.db.transaction((tx): Downtime | null => {
      const since = readState(tx, HEARTBEAT);
      writeState(tx, HEARTBEAT, now);
      if (since === null || now <= since) return null;
      const ms = now - since;
      const gameShift = sql`(${now} - max(${since}, ${games.updatedAt}))`;
      const shiftedGames = tx
        .update(games)
        .set({
          deadlineAt: sql`${games.deadlineAt} + ${gameShift}`,
          reminderAt: sql`${games.reminderAt} + ${gameShift}`,
        })
        .where(and(eq(games.status, "active"), lte(games.updatedAt, now)))
        .returning({ id: games.id })
        .all();
      // Pending challenges wait on the same clock (a ladder challenge left unanswered is a forfeit).
      const challengeShift = sql`(${now} - max(${since}, ${challenges.createdAt}))`;
      const shiftedChallenges = tx
        .update(challenges)
        .set({ expiresAt: sql`${challenges.expiresAt} + ${challengeShift}` })
        .where(and(eq(challenges.status, "pending"), lte(challenges.createdAt, now)))
        .returning({ id: challenges.id })
        .all();
      return { since, ms, games: shiftedGames.map((g) => g.id), challenges: shiftedChallenges.map((c) => c.id) };
    }, IMMEDIATE);
  }
}
