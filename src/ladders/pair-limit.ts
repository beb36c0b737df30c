/**
 * Anti-abuse: two players may start at most N rated games against each other in any 24 hours (a
 * server setting, 0 = no limit). Further games are not refused but played unrated, and the
 * challenge or the start of the game says so. Aborted and cancelled games do not count.
 */
import { and, eq, gt, inArray, or } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { games } from "../db/schema.ts";
import { countGames } from "../games/service.ts";

export const PAIR_WINDOW_MS = 24 * 60 * 60_000;

export function ratedGamesBetween(tx: Tx, guildId: string, a: string, b: string, now: number): number {
  return countGames(
    tx,
    and(
      eq(games.guildId, guildId),
      eq(games.rated, true),
      inArray(games.status, ["active", "finished"]),
      gt(games.createdAt, now - PAIR_WINDOW_MS),
      or(and(eq(games.southId, a), eq(games.northId, b)), and(eq(games.southId, b), eq(games.northId, a))),
    ),
  );
}

/** Null when another rated game is allowed, else the reason it will be unrated. */
export function pairLimitNote(
  tx: Tx,
  guildId: string,
  a: string,
  b: string,
  limit: number,
  now: number,
): string | null {
  if (limit <= 0) return null;
  const count = ratedGamesBetween(tx, guildId, a, b, now);
  if (count < limit) return null;
  return `Unrated: <@${a}> and <@${b}> have already started ${count} rated game${count === 1 ? "" : "s"} against each other in the last 24 hours (this server allows ${limit}).`;
}
