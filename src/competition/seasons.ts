/**
 * Rating seasons of a server. Season 1 needs no row; `/nickar-admin season new` adds the next one. A game
 * belongs to the latest season that started strictly before it finished: the rule the incremental
 * update and the rebuild share, so both put every game in the same season.
 */
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { seasons } from "../db/schema.ts";

export interface Season {
  readonly number: number;
  /** Null for season 1, which has always been running. */
  readonly startedAt: number | null;
}

/** The season a game finished at `at` belongs to. */
export function seasonAt(tx: Tx | Db, guildId: string, at: number): number {
  const row = tx
    .select({ number: seasons.number })
    .from(seasons)
    .where(and(eq(seasons.guildId, guildId), lt(seasons.startedAt, at)))
    .orderBy(desc(seasons.number))
    .limit(1)
    .get();
  return row?.number ?? 1;
}

export function currentSeason(tx: Tx | Db, guildId: string): number {
  const row = tx
    .select({ number: seasons.number })
    .from(seasons)
    .where(eq(seasons.guildId, guildId))
    .orderBy(desc(seasons.number))
    .limit(1)
    .get();
  return row?.number ?? 1;
}

export function listSeasons(tx: Tx | Db, guildId: string): Season[] {
  const rows = tx.select().from(seasons).where(eq(seasons.guildId, guildId)).orderBy(seasons.number).all();
  return [{ number: 1, startedAt: null }, ...rows.map((r) => ({ number: r.number, startedAt: r.startedAt }))];
}

/** Finish times of the games of `season`: after `after` (exclusive) up to `until` (inclusive); null = open. */
export function seasonWindow(
  tx: Tx | Db,
  guildId: string,
  season: number,
): { after: number | null; until: number | null } {
  const all = listSeasons(tx, guildId);
  const start = all.find((s) => s.number === season)?.startedAt ?? null;
  const next = all.find((s) => s.number === season + 1)?.startedAt ?? null;
  return { after: start, until: next };
}

/** Starts the next season now and returns its number. */
export function startSeason(tx: Tx, guildId: string, now: number): number {
  const number = currentSeason(tx, guildId) + 1;
  tx.insert(seasons).values({ guildId, number, startedAt: now }).run();
  return number;
}
