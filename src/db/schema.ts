/**
 * The bot's tables. One table per `sqliteTable` export; later features (ladders, series, ratings)
 * add their own exports here and a new migration with `npm run db:generate`.
 * Times are Unix milliseconds; booleans are integers (drizzle's `mode: "boolean"`).
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const GAME_STATUSES = ["active", "finished", "aborted", "cancelled"] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    /** The message carrying the board and its buttons; null until it has been posted. */
    messageId: text("message_id"),
    ruleset: text("ruleset").notNull(),
    southId: text("south_id").notNull(),
    northId: text("north_id").notNull(),
    status: text("status", { enum: GAME_STATUSES }).notNull().default("active"),
    /** JSON array of house numbers 1..6: the source of truth, replayed by the engine. */
    moves: text("moves").notNull().default("[]"),
    /** Cached position string of the current position (formatPosition), for queries and debugging. */
    position: text("position").notNull(),
    /** Number of moves played; every write checks it, so it is the optimistic-lock version. */
    ply: integer("ply").notNull().default(0),
    /** Seconds each player has for a move. */
    timeLimit: integer("time_limit").notNull(),
    /** When the player to move loses on time (null once the game is over). */
    deadlineAt: integer("deadline_at"),
    /** When to remind the player to move (half of the time limit); null once sent. */
    reminderAt: integer("reminder_at"),
    /** 0 or 1 when that player has a pending draw offer. */
    drawOfferBy: integer("draw_offer_by"),
    /** 0 = South, 1 = North, null = draw or no result. */
    winner: integer("winner"),
    /** Engine reason, or the bot's: resign, timeout, agreement, abort, cancel. */
    reason: text("reason"),
    /** Free text given by an admin who cancelled the game. */
    note: text("note"),
    rated: integer("rated", { mode: "boolean" }).notNull().default(true),
    /** The series this game belongs to (a later feature). */
    seriesId: text("series_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("games_status_deadline").on(t.status, t.deadlineAt),
    index("games_south").on(t.guildId, t.southId, t.status),
    index("games_north").on(t.guildId, t.northId, t.status),
  ],
);

export const CHALLENGE_STATUSES = ["pending", "accepted", "declined", "cancelled", "expired"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
export const FIRST_CHOICES = ["me", "them", "random"] as const;
export type FirstChoice = (typeof FIRST_CHOICES)[number];

export const challenges = sqliteTable(
  "challenges",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    messageId: text("message_id"),
    challengerId: text("challenger_id").notNull(),
    /** Null for an open challenge that anyone may accept. */
    opponentId: text("opponent_id"),
    ruleset: text("ruleset").notNull(),
    first: text("first", { enum: FIRST_CHOICES }).notNull(),
    timeLimit: integer("time_limit").notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    status: text("status", { enum: CHALLENGE_STATUSES }).notNull().default("pending"),
    gameId: text("game_id").references(() => games.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("challenges_status_expires").on(t.status, t.expiresAt)],
);

export const guildSettings = sqliteTable("guild_settings", {
  guildId: text("guild_id").primaryKey(),
  defaultRuleset: text("default_ruleset"),
  /** Seconds; null = the configured default. */
  defaultTimeLimit: integer("default_time_limit"),
  /** JSON array of channel ids where games may be started; null = everywhere. */
  allowedChannels: text("allowed_channels"),
  maxGamesPerPlayer: integer("max_games_per_player"),
  updatedAt: integer("updated_at").notNull(),
});

export type GameRow = typeof games.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type GuildSettingsRow = typeof guildSettings.$inferSelect;
