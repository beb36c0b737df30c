/**
 * A lease in the `bot_state` table: which process holds a job for all the processes on this file
 * (with sharding, the scheduler's sweeps run in one shard only), until when. Taking it, renewing
 * it and handing it over are one IMMEDIATE transaction each, so two processes never both hold it;
 * a holder that dies simply stops renewing, and once `until` has passed another process takes it.
 *
 * Two integer rows (`<name>_holder`, `<name>_until`) rather than a table of their own: the lease
 * is two numbers, and `bot_state` already holds the bot's other named values.
 */
import { inArray } from "drizzle-orm";
import { readState, writeState } from "./bot-state.ts";
import { type Db, IMMEDIATE } from "./client.ts";
import { botState } from "./schema.ts";

export interface LeaseState {
  readonly holder: number;
  readonly until: number;
}

export function readLease(db: Db, name: string): LeaseState | null {
  const holder = readState(db, `${name}_holder`);
  const until = readState(db, `${name}_until`);
  return holder === null || until === null ? null : { holder, until };
}

/**
 * Takes or renews the lease for `holder` until `now + ttlMs` when it is free, expired or already
 * held by `holder`; returns whether `holder` holds it now. Throws SQLITE_BUSY when another
 * connection holds the write lock longer than the busy timeout (the caller tries again later).
 */
export function takeLease(db: Db, name: string, holder: number, now: number, ttlMs: number): boolean {
  return db.transaction((tx) => {
    const current = {
      holder: readState(tx, `${name}_holder`),
      until: readState(tx, `${name}_until`),
    };
    const free = current.holder === null || current.until === null || current.until <= now;
    if (!free && current.holder !== holder) return false;
    writeState(tx, `${name}_holder`, holder);
    writeState(tx, `${name}_until`, now + ttlMs);
    return true;
  }, IMMEDIATE);
}

/** Gives the lease up, if `holder` holds it, so that another process can take it at once. */
export function releaseLease(db: Db, name: string, holder: number): void {
  db.transaction((tx) => {
    if (readState(tx, `${name}_holder`) !== holder) return;
    tx.delete(botState)
      .where(inArray(botState.key, [`${name}_holder`, `${name}_until`]))
      .run();
  }, IMMEDIATE);
}
