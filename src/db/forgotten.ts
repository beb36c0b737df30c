/** The placeholders of forgotten players (`/nickar forget-me`, the `forgotten_players` table). */
import { count, inArray } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { forgottenPlayers } from "./schema.ts";

/** Which of `userIds` are placeholders of forgotten players. */
export function forgottenAmong(tx: Db | Tx, userIds: readonly string[]): Set<string> {
  if (userIds.length === 0) return new Set();
  const rows = tx
    .select({ placeholder: forgottenPlayers.placeholder })
    .from(forgottenPlayers)
    .where(inArray(forgottenPlayers.placeholder, [...userIds]))
    .all();
  return new Set(rows.map((r) => r.placeholder));
}

/** A new placeholder, never used before: the next number. */
export function newPlaceholder(tx: Tx, now: number): string {
  const n = (tx.select({ n: count() }).from(forgottenPlayers).get()?.n ?? 0) + 1;
  const placeholder = String(n);
  tx.insert(forgottenPlayers).values({ placeholder, forgottenAt: now }).run();
  return placeholder;
}
