/** The games (the move list is the truth), their analyses, and the bot's own state. */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { EngineReason, Player, RulesetId } from "../../engine/index.ts";

/** Why the bot (not the engine) ended a game. */
/** `no-first-move`: aborted because the player to move never made a first move in time. */
export type BotReason = "resign" | "timeout" | "agreement" | "abort" | "no-first-move" | "cancel";
/** Why a game ended: the engine's reason or the bot's. */
export type GameReason = EngineReason | BotReason;

export const GAME_STATUSES = ["active", "finished", "aborted", "cancelled"] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** The computer opponent's strengths (src/ai's LEVELS; repeated here because src/db sits below src/ai). */
export const COMPUTER_LEVELS = ["easy", "medium", "hard", "expert"] as const;
export type ComputerLevel = (typeof COMPUTER_LEVELS)[number];

export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    /** The message carrying the board and its buttons; null until it has been posted. */
    messageId: text("message_id"),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    southId: text("south_id").notNull(),
    northId: text("north_id").notNull(),
    status: text("status", { enum: GAME_STATUSES }).notNull().default("active"),
    /** JSON array of house numbers 1..6: the source of truth, replayed by the engine. */
    moves: text("moves").notNull().default("[]"),
    /** Cached position string of the current position (formatPosition), for queries and debugging. */
    position: text("position").notNull(),
    /**
     * The game's version: one more at each move and at each takeback, so it never comes back to an earlier
     * value (a board drawn before a takeback stays out of date). Every write checks it: the optimistic lock.
     * Without takebacks it is the number of moves; the number of moves is always the move list's length.
     */
    ply: integer("ply").notNull().default(0),
    /** Seconds each player has for a move. */
    timeLimit: integer("time_limit").notNull(),
    /** When the player to move loses on time (null once the game is over). */
    deadlineAt: integer("deadline_at"),
    /** When to remind the player to move (half of the time limit); null once sent. */
    reminderAt: integer("reminder_at"),
    /** 0 or 1 when that player has a pending draw offer. */
    drawOfferBy: integer("draw_offer_by").$type<Player>(),
    /** The ply at which South, and North, last offered a draw (null: never): offers are limited (games/draw-offers.ts). */
    southDrawOfferPly: integer("south_draw_offer_ply"),
    northDrawOfferPly: integer("north_draw_offer_ply"),
    /** 0 or 1 when that player asks to take back their last move (games/takebacks.ts); null: no request. */
    takebackBy: integer("takeback_by").$type<Player>(),
    /** The ply at which South, and North, last asked for a takeback (null: never): requests are limited. */
    southTakebackPly: integer("south_takeback_ply"),
    northTakebackPly: integer("north_takeback_ply"),
    /** How many of South's, and North's, requests were accepted (the record's tags say so). */
    southTakebacks: integer("south_takebacks").notNull().default(0),
    northTakebacks: integer("north_takebacks").notNull().default(0),
    /** The last takeback: the ply it wrote (current while `ply` is still that) and the houses it undid (JSON). */
    takenBackAt: integer("taken_back_at"),
    takenBackMoves: text("taken_back_moves"),
    /** 0 = South, 1 = North, null = draw or no result. */
    winner: integer("winner").$type<Player>(),
    /** Engine reason, or the bot's: resign, timeout, agreement, abort, cancel. */
    reason: text("reason").$type<GameReason>(),
    /** Free text given by an admin who cancelled the game. */
    note: text("note"),
    rated: integer("rated", { mode: "boolean" }).notNull().default(true),
    /** The first-to-N series this game belongs to. */
    seriesId: text("series_id"),
    /** 1-based number of the game within its series. */
    seriesGame: integer("series_game"),
    /** Set for a ladder game: who challenged (a win for them moves them up the ladder). */
    ladderChallengerId: text("ladder_challenger_id"),
    /** An admin voided this finished game: it keeps its result but no longer counts for ratings. */
    voidedAt: integer("voided_at"),
    voidReason: text("void_reason"),
    /** Set when one player is Nickar itself (the computer opponent): its strength. Such games are unrated. */
    level: text("level", { enum: COMPUTER_LEVELS }),
    /** The Swiss tournament this game is a pairing of (src/tournaments/tournament-store.ts), and its round (1-based). */
    tournamentId: text("tournament_id"),
    tournamentRound: integer("tournament_round"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("games_status_deadline").on(t.status, t.deadlineAt),
    index("games_south").on(t.guildId, t.southId, t.status),
    index("games_north").on(t.guildId, t.northId, t.status),
    index("games_series").on(t.seriesId),
    index("games_rated_replay").on(t.guildId, t.ruleset, t.status, t.finishedAt),
    index("games_tournament").on(t.tournamentId, t.tournamentRound),
  ],
);

/**
 * Small values the bot keeps across restarts, by key. `heartbeat`: when the bot was last known to be
 * running (Unix ms), so that at startup the time it was down can be given back to the players' clocks.
 */
export const botState = sqliteTable("bot_state", {
  key: text("key").primaryKey(),
  value: integer("value").notNull(),
});

export const ANALYSIS_STATUSES = ["queued", "running", "done", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/**
 * The engine's analysis of a finished game (`/nickar analyse`, the Analyse button): one per game, so a
 * second request is answered from here. Queued and running rows are the queue (one running per server),
 * picked up again after a restart.
 */
export const analyses = sqliteTable(
  "analyses",
  {
    gameId: text("game_id")
      .primaryKey()
      .references(() => games.id),
    guildId: text("guild_id").notNull(),
    /** The message that shows the progress and then the result. */
    channelId: text("channel_id").notNull(),
    messageId: text("message_id"),
    requestedBy: text("requested_by").notNull(),
    status: text("status", { enum: ANALYSIS_STATUSES }).notNull(),
    /** Search time per position, milliseconds. */
    budgetMs: integer("budget_ms").notNull(),
    /** Positions to analyse (the plies of the game plus the start) and how many are done. */
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    /** JSON: the engine's score and best move for each position (see src/games/analysis.ts). */
    positions: text("positions"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("analyses_queue").on(t.status, t.guildId, t.createdAt)],
);

export type GameRow = typeof games.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;
