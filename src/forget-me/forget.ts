/**
 * `/nickar forget-me`: a player's data deleted, in every server, in one transaction.
 *
 * What it means (docs/players.md, "Forget me"):
 * - what is in progress ends first, as if the player gave up: series in progress are resigned
 *   (with their game), other games in progress resigned, pending challenges from or to them
 *   withdrawn (cancelled);
 * - they leave every challenge ladder (the players below move up);
 * - their ratings and rating history are deleted, and each standings they were in is rebuilt; their
 *   puzzle ratings and puzzle tries are deleted;
 * - in everything that stays (finished games, series, challenges, their opponents' rating
 *   history) their user id is replaced by one new anonymous placeholder, so those games keep two
 *   distinct players and still count for the opponents, whose ratings do not change; the
 *   placeholder has no rating of its own and nothing links it to the account.
 * Messages already posted in channels are the server's history and are left alone.
 */
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { leaveLadder, readRungs } from "../competition/ladder-store.ts";
import { type RatingKey, rebuildRatings } from "../competition/rating-cache.ts";
import { activeSeriesGame, resignSeries } from "../competition/series-store.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { newPlaceholder } from "../db/forgotten.ts";
import { forgetOutboxUser } from "../db/outbox.ts";
import {
  challenges,
  games,
  ladderRungs,
  players,
  puzzleAttempts,
  puzzleRatings,
  ratingChanges,
  ratings,
  series,
  tournamentPairings,
  tournamentPlayers,
  tournaments,
} from "../db/schema.ts";
import type { GameService } from "../games/service.ts";
import { user } from "../i18n/index.ts";
import { withdraw } from "../tournaments/tournament-store.ts";

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
      // 3. Ratings: theirs deleted, each standings they were in rebuilt (below, once anonymised).
      const keys: RatingKey[] = tx
        .select({ guildId: ratings.guildId, ruleset: ratings.ruleset, season: ratings.season })
        .from(ratings)
        .where(eq(ratings.userId, userId))
        .all();
      tx.delete(ratings).where(eq(ratings.userId, userId)).run();
      tx.delete(ratingChanges).where(eq(ratingChanges.userId, userId)).run();
      // Their /nickar notify choice, and their puzzles: ratings and tries (a puzzle's own rating stays).
      tx.delete(players).where(eq(players.userId, userId)).run();
      tx.delete(puzzleRatings).where(eq(puzzleRatings.userId, userId)).run();
      tx.delete(puzzleAttempts).where(eq(puzzleAttempts.userId, userId)).run();
      // The outbox's posts that name them (a withdrawal): an unsent one is never made.
      forgetOutboxUser(tx, userId);
      // 4. Everything that stays points to the placeholder instead.
      const placeholder = newPlaceholder(tx, now);
      this.replace(tx, userId, placeholder);
      for (const key of keys) rebuildRatings(tx, key, this.bots);
      return { ...before, placeholder, resignedGames };
    }, IMMEDIATE);
  }

  private replace(tx: Tx, userId: string, placeholder: string): void {
    const columns = [
      [games, games.southId, "southId"],
      [games, games.northId, "northId"],
      [games, games.ladderChallengerId, "ladderChallengerId"],
      [challenges, challenges.challengerId, "challengerId"],
      [challenges, challenges.opponentId, "opponentId"],
      [series, series.playerA, "playerA"],
      [series, series.playerB, "playerB"],
      [series, series.winnerId, "winnerId"],
      [ratingChanges, ratingChanges.opponentId, "opponentId"],
      [tournaments, tournaments.createdBy, "createdBy"],
      [tournamentPlayers, tournamentPlayers.userId, "userId"],
      [tournamentPairings, tournamentPairings.southId, "southId"],
      [tournamentPairings, tournamentPairings.northId, "northId"],
    ] as const;
    for (const [table, column, field] of columns) {
      tx.update(table)
        .set({ [field]: placeholder })
        .where(eq(column, userId))
        .run();
    }
    // Notes written by the bot (why a game is unrated) name players as {"user":"id"} (older ones,
    // and admins' notes, as <@id>).
    const notes = [
      [challenges, challenges.note, "note"],
      [games, games.note, "note"],
      [games, games.voidReason, "voidReason"],
    ] as const;
    const namings = [
      [`<@${userId}>`, `<@${placeholder}>`],
      [JSON.stringify(user(userId)), JSON.stringify(user(placeholder))],
    ] as const;
    for (const [table, column, field] of notes) {
      for (const [named, anonymous] of namings) {
        tx.update(table)
          .set({ [field]: sql`replace(${column}, ${named}, ${anonymous})` })
          .where(like(column, `%${named}%`))
          .run();
      }
    }
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
