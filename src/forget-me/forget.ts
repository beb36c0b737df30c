/**
 * `/nickar forget-me`: a player's data deleted, in every server, in one transaction.
 *
 * What it means (docs/players.md, "Forget me"):
 * - what is in progress ends first, as if the player gave up: series in progress are resigned
 *   (with their game), other games in progress resigned, pending challenges from or to them
 *   withdrawn (cancelled);
 * - they leave every challenge ladder (the players below move up);
 * - the roles Nickar gave them are taken back first (RoleKeeper.forgetting, on the Discord side);
 * - every row that names them goes or is anonymised, table by table as src/forget-me/user-columns.ts
 *   declares: their ratings and rating history, puzzle ratings and tries, their /nickar notify choice and
 *   the record of the roles Nickar gave them are deleted, and each standings they were in is rebuilt;
 * - in everything that stays (finished games, series, challenges, their opponents' rating history,
 *   tournaments, analyses, the role rules they set as an admin) their user id is replaced by one new
 *   anonymous placeholder, so those games keep two distinct players and still count for the opponents,
 *   whose ratings do not change; the placeholder has no rating of its own and nothing links it to the account.
 * Messages already posted in channels are the server's history and are left alone.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { leaveLadder, readRungs } from "../competition/ladder-store.ts";
import { type RatingKey, rebuildRatings } from "../competition/rating-cache.ts";
import { activeSeriesGame, resignSeries } from "../competition/series-store.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { newPlaceholder } from "../db/forgotten.ts";
import { challenges, games, ladderRungs, ratings, series, tournamentPlayers, tournaments } from "../db/schema.ts";
import type { GameService } from "../games/service.ts";
import { withdraw } from "../tournaments/tournament-store.ts";
import { USER_COLUMNS } from "./user-columns.ts";

/** What forgetting a player touches, counted before (for the confirmation) or done. */
export interface ForgetSummary {
  readonly activeGames: number;
  readonly activeSeries: number;
  readonly pendingChallenges: number;
  readonly ladders: number;
  /** Standings (server, ruleset, season) the player has a rating in. */
  readonly standings: number;
  readonly finishedGames: number;
}

export interface Forgotten extends ForgetSummary {
  /** The anonymous id that took the player's place. */
  readonly placeholder: string;
  /** The games resigned (their messages need the final board). */
  readonly resignedGames: readonly string[];
}

const involves = (userId: string) => or(eq(games.southId, userId), eq(games.northId, userId));

export class ForgetService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: GameService,
    /** The users whose games are never rated (as for the competition hooks). */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

  /** What `forget` would do now. */
  preview(userId: string): ForgetSummary {
    return this.summary(this.db, userId);
  }

  forget(userId: string): Forgotten {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const before = this.summary(tx, userId);
      const resignedGames: string[] = [];
      // 1. What is in progress ends as if the player gave up. Tournaments first: an entry in one still open
      // is deleted, and in one under way the player is withdrawn before their game is resigned below, so a
      // round that the resignation ends is paired without them (not with their placeholder).
      const entries = tx
        .select({ id: tournaments.id, status: tournaments.status })
        .from(tournamentPlayers)
        .innerJoin(tournaments, eq(tournaments.id, tournamentPlayers.tournamentId))
        .where(and(eq(tournamentPlayers.userId, userId), inArray(tournaments.status, ["open", "running", "paused"])))
        .all();
      for (const entry of entries) {
        if (entry.status !== "open") withdraw(tx, entry.id, userId, now);
        else {
          const theirs = and(eq(tournamentPlayers.tournamentId, entry.id), eq(tournamentPlayers.userId, userId));
          tx.delete(tournamentPlayers).where(theirs).run();
        }
      }
      const running = tx
        .select()
        .from(series)
        .where(and(eq(series.status, "active"), or(eq(series.playerA, userId), eq(series.playerB, userId))))
        .all();
      for (const s of running) {
        const resigned = resignSeries(tx, s, userId, now);
        const game = activeSeriesGame(tx, resigned.id);
        if (game) resignedGames.push(this.games.resign(game.id, userId, null).row.id);
      }
      const active = tx
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.status, "active"), involves(userId)))
        .all();
      for (const { id } of active) resignedGames.push(this.games.resign(id, userId, null).row.id);
      tx.update(challenges)
        .set({ status: "cancelled" })
        .where(
          and(
            eq(challenges.status, "pending"),
            or(eq(challenges.challengerId, userId), eq(challenges.opponentId, userId)),
          ),
        )
        .run();
      // 2. Off every ladder, the players below moving up.
      const rungs = tx.select().from(ladderRungs).where(eq(ladderRungs.userId, userId)).all();
      for (const { guildId, ruleset } of rungs) {
        const key = { guildId, ruleset };
        leaveLadder(tx, key, readRungs(tx, key), userId);
      }
      // 3. The standings they were in, rebuilt below once their ratings are gone and their games anonymised.
      const keys: RatingKey[] = tx
        .select({ guildId: ratings.guildId, ruleset: ratings.ruleset, season: ratings.season })
        .from(ratings)
        .where(eq(ratings.userId, userId))
        .all();
      // 4. Every table that names them (src/forget-me/user-columns.ts): their own rows deleted, the id in the
      // rows that stay replaced by the placeholder.
      const placeholder = newPlaceholder(tx, now);
      forgetEverywhere(tx, userId, placeholder);
      for (const key of keys) rebuildRatings(tx, key, this.bots);
      return { ...before, placeholder, resignedGames };
    }, IMMEDIATE);
  }

  private summary(tx: Db | Tx, userId: string): ForgetSummary {
    const gameCount = (status: "active" | "ended") =>
      tx
        .select({ id: games.id })
        .from(games)
        .where(
          and(
            involves(userId),
            status === "active"
              ? eq(games.status, "active")
              : inArray(games.status, ["finished", "aborted", "cancelled"]),
          ),
        )
        .all().length;
    return {
      activeGames: gameCount("active"),
      activeSeries: tx
        .select({ id: series.id })
        .from(series)
        .where(and(eq(series.status, "active"), or(eq(series.playerA, userId), eq(series.playerB, userId))))
        .all().length,
      pendingChallenges: tx
        .select({ id: challenges.id })
        .from(challenges)
        .where(
          and(
            eq(challenges.status, "pending"),
            or(eq(challenges.challengerId, userId), eq(challenges.opponentId, userId)),
          ),
        )
        .all().length,
      ladders: tx.select({ r: ladderRungs.rung }).from(ladderRungs).where(eq(ladderRungs.userId, userId)).all().length,
      standings: tx.select({ r: ratings.rating }).from(ratings).where(eq(ratings.userId, userId)).all().length,
      finishedGames: gameCount("ended"),
    };
  }
}

/** `userId` at digit boundaries in free text: `<@id>`, `{"user":"id"}`, never part of a longer snowflake. */
function naming(userId: string): RegExp {
  return new RegExp(`(?<![0-9])${userId.replace(/[^0-9A-Za-z]/g, "\\$&")}(?![0-9])`, "g");
}

/**
 * Every column of USER_COLUMNS: the player's own rows first deleted, then their id replaced by the placeholder
 * in the rows that stay, and in free text. Written against the declaration (not table by table) so that a
 * table declared there is forgotten here with nothing more to write.
 */
function forgetEverywhere(tx: Tx, userId: string, placeholder: string): void {
  const columns = USER_COLUMNS.flatMap(({ table, columns }) =>
    columns.map(([column, fate]) => ({ table, column, fate })),
  );
  for (const { table, column, fate } of columns) {
    if (fate === "delete") tx.run(sql`DELETE FROM ${table} WHERE ${column} = ${userId}`);
  }
  for (const { table, column, fate } of columns) {
    const name = sql.identifier(column.name);
    if (fate === "placeholder") tx.run(sql`UPDATE ${table} SET ${name} = ${placeholder} WHERE ${column} = ${userId}`);
    if (fate !== "text") continue;
    // SQLite has no regular expressions: the rows that contain the id are read, and rewritten where it names them.
    const rows = tx.all<{ id: number; text: string }>(
      sql`SELECT rowid AS id, ${column} AS text FROM ${table} WHERE instr(${column}, ${userId}) > 0`,
    );
    const pattern = naming(userId);
    for (const row of rows) {
      const text = row.text.replace(pattern, placeholder);
      if (text !== row.text) tx.run(sql`UPDATE ${table} SET ${name} = ${text} WHERE rowid = ${row.id}`);
    }
  }
}
