/** Reading ratings for the commands (leaderboard, stats, history), and starting a new season. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE } from "../db/client.ts";
import { type RatingChangeRow, ratingChanges, ratings } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { changeWhere, ratingWhere } from "./rating-cache.ts";
import { currentSeason, listSeasons, type Season, startSeason } from "./seasons.ts";
import { type Entry, leaderboardEntries, type StandingRow } from "./standings.ts";
import { type PlayerStats, playerStats } from "./stats.ts";

export interface Leaderboard {
  readonly season: number;
  readonly entries: readonly Entry[];
}

export interface StatsResult {
  readonly season: number;
  readonly standing: StandingRow | null;
  readonly stats: PlayerStats;
}

export class RatingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  currentSeason(guildId: string): number {
    return currentSeason(this.db, guildId);
  }

  seasons(guildId: string): Season[] {
    return listSeasons(this.db, guildId);
  }

  /** Starts the next season: the current standings stay as they are, archived under their number. */
  /**
   * Starts the season after `after` (the season the admin confirmed to end); refused when another
   * one has begun since (two presses of the confirmation make one season, not two).
   */
  newSeason(guildId: string, after: number = this.currentSeason(guildId)): number {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const current = currentSeason(tx, guildId);
      if (current !== after) {
        throw new UserError("season/already", { current });
      }
      return startSeason(tx, guildId, now);
    }, IMMEDIATE);
  }

  leaderboard(guildId: string, ruleset: RulesetId, season = this.currentSeason(guildId)): Leaderboard {
    const rows = this.db.select().from(ratings).where(ratingWhere({ guildId, ruleset, season })).all();
    return { season, entries: leaderboardEntries(rows) };
  }

  stats(guildId: string, ruleset: RulesetId, userId: string, season = this.currentSeason(guildId)): StatsResult {
    const key = { guildId, ruleset, season };
    const standing =
      this.db
        .select()
        .from(ratings)
        .where(and(ratingWhere(key), eq(ratings.userId, userId)))
        .get() ?? null;
    const changes = this.db
      .select()
      .from(ratingChanges)
      .where(and(changeWhere(key), eq(ratingChanges.userId, userId)))
      .orderBy(asc(ratingChanges.finishedAt), asc(ratingChanges.gameId))
      .all();
    return { season, standing, stats: playerStats(changes) };
  }

  /** The ruleset a player has the most rated games in this season, or null. */
  mostPlayedRuleset(guildId: string, userId: string, season = this.currentSeason(guildId)): RulesetId | null {
    const row = this.db
      .select({ ruleset: ratings.ruleset })
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.userId, userId), eq(ratings.season, season)))
      .orderBy(desc(ratings.games), desc(ratings.reachedAt))
      .limit(1)
      .get();
    return row?.ruleset ?? null;
  }

  /** A player's rating change in each of these games (absent when the game did not count). */
  changesIn(gameIds: readonly string[], userId: string): Map<string, RatingChangeRow> {
    if (gameIds.length === 0) return new Map();
    const rows = this.db
      .select()
      .from(ratingChanges)
      .where(and(inArray(ratingChanges.gameId, [...gameIds]), eq(ratingChanges.userId, userId)))
      .all();
    return new Map(rows.map((r) => [r.gameId, r]));
  }

  /** How many players are rated in a season (any ruleset); used to say whether a season is empty. */
  playersIn(guildId: string, season: number): number {
    const row = this.db
      .select({ n: sql<number>`count(distinct ${ratings.userId})` })
      .from(ratings)
      .where(and(eq(ratings.guildId, guildId), eq(ratings.season, season)))
      .get();
    return row?.n ?? 0;
  }
}
