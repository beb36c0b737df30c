/**
 * Anti-abuse: two players may start at most N rated games against each other in any 24 hours (a
 * server setting, 0 = no limit). Further games are not refused but played unrated, and the
 * challenge or the start of the game says so. Aborted and cancelled games do not count, nor do
 * tournament games (paired by the tournament, not chosen). Every game
 * is judged when it is created: a challenge's game when it is accepted (whatever the challenge
 * said), and each game of a series when that game is created.
 */
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { type ChallengeRow, games } from "../db/schema.ts";
import { countGames } from "../games/game-store.ts";
import { user } from "../i18n/index.ts";
import { type Note, note, readNote } from "../i18n/note.ts";

export const PAIR_WINDOW_MS = 24 * 60 * 60_000;

export function ratedGamesBetween(tx: Tx | Db, guildId: string, a: string, b: string, now: number): number {
  return countGames(
    tx,
    and(
      eq(games.guildId, guildId),
      eq(games.rated, true),
      // A tournament's pairings are not the players' choice: they neither use up the limit nor are limited.
      isNull(games.tournamentId),
      inArray(games.status, ["active", "finished"]),
      gt(games.createdAt, now - PAIR_WINDOW_MS),
      or(and(eq(games.southId, a), eq(games.northId, b)), and(eq(games.southId, b), eq(games.northId, a))),
    ),
  );
}

/** Notes stored before the catalogues (plain English) start so. */
const LEGACY_NOTE_START = "Unrated: ";

/**
 * Whether the challenger asked for rated games: a challenge made unrated by the pair limit still
 * did (it says so in its note), and is rated after all if the limit allows it on acceptance.
 */
export function askedRated(challenge: Pick<ChallengeRow, "rated" | "note">): boolean {
  if (challenge.rated) return true;
  if (!challenge.note) return false;
  const stored = readNote(challenge.note);
  return typeof stored === "string" ? stored.startsWith(LEGACY_NOTE_START) : stored.key === "common:note.pairLimit";
}

/** Null when another rated game is allowed, else the reason it will be unrated. */
export function pairLimitNote(tx: Tx, guildId: string, a: string, b: string, limit: number, now: number): Note | null {
  if (limit <= 0) return null;
  const count = ratedGamesBetween(tx, guildId, a, b, now);
  if (count < limit) return null;
  return note("common:note.pairLimit", { a: user(a), b: user(b), count, limit });
}

/** Told when a game is rated after all: its challenge was made unrated by the limit, which no longer applies. */
export function ratedAgainNote(a: string, b: string, limit: number): Note {
  if (limit <= 0) return note("common:note.ratedAgainNoLimit");
  return note("common:note.ratedAgain", { a: user(a), b: user(b), count: limit });
}
