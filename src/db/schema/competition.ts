/** Seasons, ratings (a cache), the ladders, series, and the roles that follow the standings. */
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RulesetId } from "../../engine/index.ts";
import { games } from "./games.ts";

/**
 * Seasons after the first: season 1 has no row. A game belongs to the latest season that started
 * strictly before it finished, so a season started in the same millisecond never takes it.
 */
export const seasons = sqliteTable(
  "seasons",
  {
    guildId: text("guild_id").notNull(),
    number: integer("number").notNull(),
    startedAt: integer("started_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.number] })],
);

/**
 * Current Glicko-2 ratings per server, ruleset and season. A cache: `rating_changes` and this table
 * are rebuilt by replaying the finished, rated, non-voided games in finish order. Rows of earlier
 * seasons are never touched by new games, so they are the archived standings.
 */
export const ratings = sqliteTable(
  "ratings",
  {
    guildId: text("guild_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    season: integer("season").notNull(),
    userId: text("user_id").notNull(),
    rating: real("rating").notNull(),
    deviation: real("deviation").notNull(),
    volatility: real("volatility").notNull(),
    games: integer("games").notNull(),
    wins: integer("wins").notNull(),
    draws: integer("draws").notNull(),
    losses: integer("losses").notNull(),
    /** When the current rating was reached (finish time of the last rated game): the last tie-break. */
    reachedAt: integer("reached_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.ruleset, t.season, t.userId] })],
);

/** One row per player per rated game: the rating before and after (history, chart, best win). A cache. */
export const ratingChanges = sqliteTable(
  "rating_changes",
  {
    gameId: text("game_id")
      .notNull()
      .references(() => games.id),
    userId: text("user_id").notNull(),
    guildId: text("guild_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    season: integer("season").notNull(),
    opponentId: text("opponent_id").notNull(),
    /** 1 win, 0.5 draw, 0 loss. */
    score: real("score").$type<0 | 0.5 | 1>().notNull(),
    ratingBefore: real("rating_before").notNull(),
    deviationBefore: real("deviation_before").notNull(),
    ratingAfter: real("rating_after").notNull(),
    deviationAfter: real("deviation_after").notNull(),
    /** The opponent's rating before the game (for "best win"). */
    opponentRating: real("opponent_rating").notNull(),
    finishedAt: integer("finished_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index("rating_changes_player").on(t.guildId, t.ruleset, t.season, t.userId, t.finishedAt),
  ],
);

/** The challenge ladder of a server and ruleset: rung 1 is the top. */
export const ladderRungs = sqliteTable(
  "ladder_rungs",
  {
    guildId: text("guild_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    userId: text("user_id").notNull(),
    rung: integer("rung").notNull(),
    joinedAt: integer("joined_at").notNull(),
    /** Joining, challenging, answering and playing a ladder game count as activity. */
    lastActiveAt: integer("last_active_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.ruleset, t.userId] })],
);

export const SERIES_STATUSES = ["active", "finished", "resigned", "abandoned"] as const;

/** A first-to-N match: its games point here with `games.series_id`; the score is counted from them. */
export const series = sqliteTable(
  "series",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    /** South of the first game; South alternates from there. */
    playerA: text("player_a").notNull(),
    playerB: text("player_b").notNull(),
    firstTo: integer("first_to").notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    timeLimit: integer("time_limit").notNull(),
    status: text("status", { enum: SERIES_STATUSES }).notNull().default("active"),
    winnerId: text("winner_id"),
    createdAt: integer("created_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("series_guild").on(t.guildId, t.status)],
);

export type RatingChangeRow = typeof ratingChanges.$inferSelect;
export type LadderRungRow = typeof ladderRungs.$inferSelect;
export type SeriesRow = typeof series.$inferSelect;

export const ROLE_RULE_KINDS = ["rating", "top", "ladder-top", "series-champion"] as const;
export type RoleRuleKind = (typeof ROLE_RULE_KINDS)[number];

/**
 * A server role that follows the standings (`/nickar-admin roles`, issue #24): held by the players with
 * a rating of at least `value` in the ruleset (`rating`), the `value` best of its leaderboard (`top`), the
 * top rung of its ladder (`ladder-top`), or the winner of the latest first-to-`value` series
 * (`series-champion`, any ruleset when null). One rule per role.
 */
export const roleRules = sqliteTable(
  "role_rules",
  {
    guildId: text("guild_id").notNull(),
    roleId: text("role_id").notNull(),
    kind: text("kind", { enum: ROLE_RULE_KINDS }).notNull(),
    ruleset: text("ruleset").$type<RulesetId>(),
    value: integer("value"),
    /** Where the rule was set: a refused change is reported there, once. */
    channelId: text("channel_id").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    /** Why Discord refused the last change (its code), reported once; null while it works. */
    failure: text("failure"),
    failedAt: integer("failed_at"),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.roleId] })],
);

/** Who Nickar gave a rule's role to: what it takes away when they no longer qualify (and nothing else). */
export const roleGrants = sqliteTable(
  "role_grants",
  {
    guildId: text("guild_id").notNull(),
    roleId: text("role_id").notNull(),
    userId: text("user_id").notNull(),
    grantedAt: integer("granted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.roleId, t.userId] })],
);

export type RoleRuleRow = typeof roleRules.$inferSelect;
