/**
 * The game service's reads: one game, a player's games, a channel's, the ladder's last, the history.
 * No transaction and no write: WAL readers never wait. GameService (service.ts) adds the changes.
 */
import { and, asc, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type GameRow, games } from "../db/schema.ts";
import type { Player, RulesetId } from "../engine/index.ts";
import { quoted, UserError } from "../errors.ts";
import { countGames, dueGames, gameById, playerGames, unpostedGames } from "./game-store.ts";
import { type GameSnapshot, seatOf, snapshotOf } from "./snapshot.ts";

/**
 * The one refusal for a game that cannot be found: no such id, or a game of another server (which
 * is not told apart, so ids of other servers' games give nothing away).
 */
export function gameNotFound(gameId: string): UserError {
  return new UserError("game/not-found", { id: quoted(gameId) });
}

/**
 * The checks every action of a player passes, in this order: it is their game, the game is still
 * going, and the board they acted on (`expectedPly`, null for "the current position") is current.
 * Returns their seat.
 */
export function checkPlayer(row: GameRow, userId: string, expectedPly: number | null): Player {
  const seat = seatOf(row, userId);
  if (seat === null) throw new UserError("game/not-yours");
  if (row.status !== "active") throw new UserError("game/over");
  if (expectedPly !== null && expectedPly !== row.ply) throw new UserError("game/stale");
  return seat;
}

export class GameReads {
  constructor(protected readonly db: Db) {}

  get(gameId: string): GameSnapshot | null {
    const row = gameById(this.db).get({ id: gameId });
    return row ? snapshotOf(row) : null;
  }

  /**
   * The game, which must exist and, when `here` is given, belong to that server (a null server, a
   * DM, has no games); else the one refusal, gameNotFound.
   */
  find(gameId: string, here?: { readonly guildId: string | null }): GameSnapshot {
    const game = this.get(gameId);
    if (!game || (here && game.row.guildId !== here.guildId)) throw gameNotFound(gameId);
    return game;
  }

  /** The game as `userId` may act on it now (checkPlayer), without changing it: e.g. before a confirmation. */
  forPlayer(gameId: string, userId: string, expectedPly: number | null): { seat: Player; game: GameSnapshot } {
    const game = this.find(gameId);
    return { seat: checkPlayer(game.row, userId, expectedPly), game };
  }

  /** Active games of a player in a server, oldest first. */
  activeFor(guildId: string, userId: string): GameSnapshot[] {
    return this.db
      .select()
      .from(games)
      .where(playerGames(guildId, userId, eq(games.status, "active")))
      .orderBy(asc(games.createdAt))
      .all()
      .map(snapshotOf);
  }
  /** The games in progress whose message is in a channel (their rows only: nothing is replayed). */
  activeInChannel(channelId: string): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.channelId, channelId), eq(games.status, "active")))
      .orderBy(asc(games.createdAt))
      .all();
  }

  /**
   * The game a person typed the id of, in a server: the exact id, else the id in another case (ids are
   * lowercase now, older ones mixed-case: nobody should have to type the case right).
   */
  findTyped(guildId: string, typed: string): GameSnapshot | null {
    const id = typed.trim();
    if (!id) return null;
    const exact = this.db
      .select()
      .from(games)
      .where(and(eq(games.id, id), eq(games.guildId, guildId)))
      .get();
    const row =
      exact ??
      this.db
        .select()
        .from(games)
        .where(and(sql`lower(${games.id}) = ${id.toLowerCase()}`, eq(games.guildId, guildId)))
        .get();
    return row ? snapshotOf(row) : null;
  }

  /** The ladder game of a server and ruleset that finished last, if it finished at or after `since`. */
  lastLadderGame(guildId: string, ruleset: RulesetId, since: number): GameRow | null {
    return (
      this.db
        .select()
        .from(games)
        .where(
          and(
            eq(games.guildId, guildId),
            eq(games.ruleset, ruleset),
            eq(games.status, "finished"),
            isNotNull(games.ladderChallengerId),
            gte(games.finishedAt, since),
          ),
        )
        .orderBy(desc(games.finishedAt), desc(sql`rowid`))
        .limit(1)
        .get() ?? null
    );
  }

  /** For id suggestions: the player's games first (latest first), then the server's other recent games. */
  recent(guildId: string, userId: string, limit = 25): GameRow[] {
    const mine = this.db
      .select()
      .from(games)
      .where(playerGames(guildId, userId, sql`1 = 1`))
      .orderBy(desc(games.updatedAt), desc(sql`rowid`))
      .limit(limit)
      .all();
    const others = this.db
      .select()
      .from(games)
      .where(and(eq(games.guildId, guildId), ne(games.southId, userId), ne(games.northId, userId)))
      .orderBy(desc(games.updatedAt), desc(sql`rowid`))
      .limit(limit)
      .all();
    return [...mine, ...others].slice(0, limit);
  }

  /** A player's ended games in a server, latest first, and how many there are in all. */
  history(guildId: string, userId: string, limit = 10): { rows: GameRow[]; total: number } {
    const where = playerGames(guildId, userId, ne(games.status, "active"));
    const rows = this.db
      .select()
      .from(games)
      .where(where)
      // Games that ended in the same millisecond: the one created later first.
      .orderBy(desc(games.finishedAt), desc(sql`rowid`))
      .limit(limit)
      .all();
    const total = countGames(this.db, where);
    return { rows, total };
  }

  /** Active games that have no message yet (posted by the scheduler when nobody else did), oldest first. */
  unposted(): GameRow[] {
    return unpostedGames(this.db).all();
  }

  /** The active games whose deadline or reminder is due at `now`. */
  protected dueGames(now: number): string[] {
    return dueGames(this.db)
      .all({ now })
      .map((d) => d.id);
  }
}
