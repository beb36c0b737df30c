/**
 * First-to-N series in the database. A series is created when its challenge is accepted (with its
 * first game); each time one of its games finishes, in that same transaction, the score is counted
 * from the games and either the series ends or its next game is created, with South alternating.
 */
import { and, asc, eq, or } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { type ChallengeRow, type GameRow, games, type SeriesRow, series } from "../db/schema.ts";
import { UserError } from "../errors.ts";
import { insertGame } from "../games/game-store.ts";
import { newId } from "../games/ids.ts";
import { user } from "../i18n/index.ts";
import { type Note, note } from "../i18n/note.ts";
import { pairLimitNote } from "./pair-limit.ts";
import { type SeriesScore, seriesScore, southForGame } from "./series.ts";

export const DEFAULT_FIRST_TO = 6;
export const MAX_FIRST_TO = 20;

export function seriesPlayers(s: SeriesRow): [string, string] {
  return [s.playerA, s.playerB];
}

/** The other player of the series. */
export function seriesOpponent(s: SeriesRow, userId: string | null): string {
  return s.playerA === userId ? s.playerB : s.playerA;
}

/** The user who won a game, or null for a draw or no result. */
export function winnerOf(row: GameRow): string | null {
  return row.winner === 0 ? row.southId : row.winner === 1 ? row.northId : null;
}

export function seriesGames(tx: Tx | Db, seriesId: string): GameRow[] {
  return tx.select().from(games).where(eq(games.seriesId, seriesId)).orderBy(asc(games.seriesGame)).all();
}

/** The score counted from the finished games (draws do not count towards the target). */
export function scoreOf(s: SeriesRow, rows: readonly GameRow[]): SeriesScore {
  const finished = rows.filter((g) => g.status === "finished").map((g) => ({ winner: winnerOf(g) }));
  return seriesScore(seriesPlayers(s), s.firstTo, finished);
}

/** A player's series in progress in a server. */
export function activeSeriesOf(tx: Tx | Db, guildId: string, userId: string): SeriesRow[] {
  return tx
    .select()
    .from(series)
    .where(
      and(
        eq(series.guildId, guildId),
        eq(series.status, "active"),
        or(eq(series.playerA, userId), eq(series.playerB, userId)),
      ),
    )
    .all();
}

export function activeSeriesBetween(tx: Tx, guildId: string, a: string, b: string): SeriesRow | null {
  return activeSeriesOf(tx, guildId, a).find((s) => seriesOpponent(s, a) === b) ?? null;
}

/** The game of the series in progress, if there is one. */
export function activeSeriesGame(tx: Tx | Db, seriesId: string): GameRow | null {
  return (
    tx
      .select()
      .from(games)
      .where(and(eq(games.seriesId, seriesId), eq(games.status, "active")))
      .get() ?? null
  );
}

export function checkSeriesChallenge(tx: Tx, guildId: string, a: string, b: string, firstTo: number | null): void {
  if (firstTo !== null && (!Number.isInteger(firstTo) || firstTo < 1 || firstTo > MAX_FIRST_TO)) {
    throw new UserError("series/first-to", { max: MAX_FIRST_TO });
  }
  if (activeSeriesBetween(tx, guildId, a, b)) {
    throw new UserError("series/running", { a: user(a), b: user(b) });
  }
}

/**
 * Creates the series of an accepted challenge; `southId` is South in its first game. `rated` is what
 * the players asked for: each game is then rated unless the pair limit is reached when it is created.
 */
export function createSeries(
  tx: Tx,
  challenge: ChallengeRow,
  acceptedBy: string,
  southId: string,
  rated: boolean,
  now: number,
): SeriesRow {
  checkSeriesChallenge(tx, challenge.guildId, challenge.challengerId, acceptedBy, challenge.firstTo);
  const northId = southId === acceptedBy ? challenge.challengerId : acceptedBy;
  return tx
    .insert(series)
    .values({
      id: newId(),
      guildId: challenge.guildId,
      channelId: challenge.channelId,
      ruleset: challenge.ruleset,
      playerA: southId,
      playerB: northId,
      firstTo: challenge.firstTo ?? DEFAULT_FIRST_TO,
      rated,
      timeLimit: challenge.timeLimit,
      createdAt: now,
    })
    .returning()
    .get();
}

function close(tx: Tx, s: SeriesRow, changes: Partial<SeriesRow>): SeriesRow | null {
  return (
    tx
      .update(series)
      .set(changes)
      .where(and(eq(series.id, s.id), eq(series.status, "active")))
      .returning()
      .get() ?? null
  );
}

/**
 * The series step of a game's end. A finished game counts (a draw too, for South's alternation);
 * an aborted or cancelled game (only an admin can cancel one) abandons the series with no result.
 * The next game of a rated series is rated only within the pair limit (`pairLimit` rated games
 * between the two in 24 hours; 0 = no limit), judged now, as for any other game. Returns the next game
 * when it created one.
 */
export function afterSeriesGame(tx: Tx, row: GameRow, now: number, pairLimit: number): GameRow | null {
  if (!row.seriesId) return null;
  const s = tx.select().from(series).where(eq(series.id, row.seriesId)).get();
  if (s?.status !== "active") return null;
  // A knockout's match must have a winner: a game without a result is played again (a player who
  // misses two in a row is withdrawn, which gives the match away: tournament-store.ts).
  if (row.status !== "finished" && !row.tournamentId) {
    close(tx, s, { status: "abandoned", finishedAt: now });
    return null;
  }
  const rows = seriesGames(tx, s.id);
  const score = scoreOf(s, rows);
  if (score.champion) {
    close(tx, s, { status: "finished", winnerId: score.champion, finishedAt: now });
    return null;
  }
  const southId = southForGame(seriesPlayers(s), rows.length);
  // A tournament's games stay out of the pair limit.
  const rated =
    s.rated &&
    (row.tournamentId !== null || pairLimitNote(tx, s.guildId, s.playerA, s.playerB, pairLimit, now) === null);
  return insertSeriesGame(tx, s, southId, rows.length + 1, rated, now, row.tournamentId, row.tournamentRound);
}

/** Game `number` of the series, South `southId`; a knockout's carries its tournament and round. */
export function insertSeriesGame(
  tx: Tx,
  s: SeriesRow,
  southId: string,
  number: number,
  rated: boolean,
  now: number,
  tournamentId: string | null = null,
  tournamentRound: number | null = null,
): GameRow {
  return insertGame(
    tx,
    {
      guildId: s.guildId,
      channelId: s.channelId,
      messageId: null,
      ruleset: s.ruleset,
      southId,
      northId: seriesOpponent(s, southId),
      timeLimit: s.timeLimit,
      rated,
      seriesId: s.id,
      seriesGame: number,
      tournamentId,
      tournamentRound,
    },
    now,
  );
}

/**
 * Why a game of a rated series is unrated, or null: the only reason is the pair limit, reached when
 * that game was created. For the game's message.
 */
export function seriesGameNote(s: SeriesRow, game: GameRow): Note | null {
  if (!s.rated || game.rated || game.seriesId !== s.id) return null;
  return note("common:note.seriesUnrated", { a: user(s.playerA), b: user(s.playerB) });
}

/** `userId` gives up the series: the opponent wins it. The game in progress is resigned by the caller. */
export function resignSeries(tx: Tx, s: SeriesRow, userId: string, now: number): SeriesRow {
  const closed = close(tx, s, { status: "resigned", winnerId: seriesOpponent(s, userId), finishedAt: now });
  if (!closed) throw new UserError("series/over");
  return closed;
}
