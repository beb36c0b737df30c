/**
 * The bot's tables. One table per `sqliteTable` export; a change here needs a new migration made with
 * `npx drizzle-kit generate --name <name>`.
 * Times are Unix milliseconds; booleans are integers (drizzle's `mode: "boolean"`).
 */
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { EngineReason, Player, RulesetId } from "../engine/index.ts";
import type { Locale } from "../i18n/index.ts";

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
    /** The Swiss tournament this game is a pairing of (src/ladders/tournament-store.ts), and its round (1-based). */
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

export const CHALLENGE_STATUSES = ["pending", "accepted", "declined", "cancelled", "expired"] as const;
export const FIRST_CHOICES = ["me", "them", "random"] as const;
export type FirstChoice = (typeof FIRST_CHOICES)[number];
/** A plain game, a challenge-ladder game, or a first-to-N series. */
export const CHALLENGE_KINDS = ["game", "ladder", "series"] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

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
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    first: text("first", { enum: FIRST_CHOICES }).notNull(),
    timeLimit: integer("time_limit").notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    kind: text("kind", { enum: CHALLENGE_KINDS }).notNull().default("game"),
    /** Wins needed to take a series (kind "series"). */
    firstTo: integer("first_to"),
    /** Why the terms differ from what was asked, e.g. played unrated because of the daily pair limit. */
    note: text("note"),
    status: text("status", { enum: CHALLENGE_STATUSES }).notNull().default("pending"),
    gameId: text("game_id").references(() => games.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [
    index("challenges_status_expires").on(t.status, t.expiresAt),
    // The challenge rate limit counts a player's recent challenges in a server.
    index("challenges_challenger_created").on(t.guildId, t.challengerId, t.createdAt),
  ],
);

/** Who may create a tournament (`/nickar-admin settings tournaments:`). */
export const TOURNAMENT_CREATORS = ["managers", "everyone"] as const;
export type TournamentCreators = (typeof TOURNAMENT_CREATORS)[number];

export const guildSettings = sqliteTable("guild_settings", {
  guildId: text("guild_id").primaryKey(),
  defaultRuleset: text("default_ruleset").$type<RulesetId>(),
  /** Seconds; null = the configured default. */
  defaultTimeLimit: integer("default_time_limit"),
  /** JSON array of channel ids where games may be started; null = everywhere. */
  allowedChannels: text("allowed_channels"),
  maxGamesPerPlayer: integer("max_games_per_player"),
  /** Rated games two players may start against each other in 24 hours (0 = no limit); null = default. */
  ratedPairsPerDay: integer("rated_pairs_per_day"),
  ladderEnabled: integer("ladder_enabled", { mode: "boolean" }),
  /** Days without ladder activity after which a player drops off the ladder. */
  ladderInactiveDays: integer("ladder_inactive_days"),
  /** Show each move as an animation (GIF) on the game message instead of a still image. */
  animateMoves: integer("animate_moves", { mode: "boolean" }),
  /** Slash commands and button presses (moves aside) a player may use per minute; 0 = no limit; null = default. */
  commandsPerMinute: integer("commands_per_minute"),
  /** Challenges a player may make per hour (of any kind); 0 = no limit; null = default. */
  challengesPerHour: integer("challenges_per_hour"),
  /** The language of the server's public messages ("en", "da", "fr"); null = the server's Discord locale. */
  language: text("language").$type<Locale>(),
  /** Who may create a tournament: "managers" (Manage Server) or "everyone"; null = managers. */
  tournamentCreators: text("tournament_creators", { enum: TOURNAMENT_CREATORS }),
  /** Takebacks allowed in rated games too (`/nickar-admin settings takebacks:`); null = no. */
  ratedTakebacks: integer("rated_takebacks", { mode: "boolean" }),
  /** Where the daily puzzle is posted (`/nickar-admin settings daily_puzzle_channel:`); null = no daily puzzle. */
  dailyPuzzleChannel: text("daily_puzzle_channel"),
  /** When, in minutes after midnight UTC (`daily_puzzle_time:`); null = 12:00 UTC. */
  dailyPuzzleMinute: integer("daily_puzzle_minute"),
  updatedAt: integer("updated_at").notNull(),
});

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

/**
 * Players who used `/nickar forget-me`: their user id was replaced everywhere by `placeholder`, a
 * small number ("1", "2", ...) that no Discord account has (real ids are snowflakes of 17 digits or
 * more), so their games keep two distinct seats. The original user id is not kept anywhere.
 */
export const forgottenPlayers = sqliteTable("forgotten_players", {
  placeholder: text("placeholder").primaryKey(),
  forgottenAt: integer("forgotten_at").notNull(),
});

export type GameRow = typeof games.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type RatingChangeRow = typeof ratingChanges.$inferSelect;
export type LadderRungRow = typeof ladderRungs.$inferSelect;
export type SeriesRow = typeof series.$inferSelect;

export const NOTIFY_CHOICES = ["channel", "dm", "off"] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

/** What a player chose for themselves (every server alike): how their turn is announced. */
export const players = sqliteTable("players", {
  userId: text("user_id").primaryKey(),
  /** Turn notices in the game's channel (the default), by direct message, or none. */
  notify: text("notify", { enum: NOTIFY_CHOICES }).notNull().default("channel"),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Short messages that pinged someone (a turn notice) and are replaced by the next one with the same
 * key, so a channel does not fill up with them: the previous one is deleted when the next is posted.
 */
export const notices = sqliteTable(
  "notices",
  {
    messageId: text("message_id").primaryKey(),
    /** What the notice is about, e.g. `game:<id>`: one live notice (per recipient) per key. */
    key: text("key").notNull(),
    channelId: text("channel_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("notices_key").on(t.key)],
);

export type PlayerRow = typeof players.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;

export const TOURNAMENT_STATUSES = ["open", "running", "paused", "finished", "cancelled"] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_FORMATS = ["swiss", "arena", "knockout"] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/**
 * A tournament (issue #22): a Swiss, an arena or a knockout of series. Its games point here with
 * `games.tournament_id` and `games.tournament_round` (a Swiss round, an arena's pairing wave, a
 * knockout round); its pairings (byes included) are `tournament_pairings`. Results are read from the
 * games and series: the move list stays the truth.
 */
export const tournaments = sqliteTable(
  "tournaments",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id").notNull(),
    channelId: text("channel_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    format: text("format", { enum: TOURNAMENT_FORMATS }).notNull().default("swiss"),
    status: text("status", { enum: TOURNAMENT_STATUSES }).notNull().default("open"),
    /** Planned rounds (Swiss); the bracket's rounds (knockout, known at the start); 0 for an arena. */
    rounds: integer("rounds").notNull(),
    /** An arena's length in minutes; null for the other formats. */
    minutes: integer("minutes"),
    /** When an arena stops pairing (its start plus its minutes); null before the start and for the other formats. */
    endsAt: integer("ends_at"),
    /** A knockout's series length (first to this many wins); null for the other formats. */
    firstTo: integer("first_to"),
    /** The round paired last (0 before the start); an arena's pairing waves are counted as rounds. */
    currentRound: integer("current_round").notNull().default(0),
    /** Seconds per move in its games. */
    timeLimit: integer("time_limit").notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    /** Swiss: the top seed's side in round 1, South (TRF `XXC white1`) or North (`black1`). */
    firstSide: text("first_side", { enum: ["S", "N"] })
      .notNull()
      .default("S"),
    /** When the organiser wants it started (the scheduler will start it; null: started by hand). */
    startAt: integer("start_at"),
    createdBy: text("created_by").notNull(),
    /** The announcement message (sign-up, standings); null until posted. */
    messageId: text("message_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
    /** The game whose end finished the tournament (its answer posts the final standings); null otherwise. */
    finishedByGame: text("finished_by_game"),
  },
  (t) => [index("tournaments_guild").on(t.guildId, t.status)],
);

/** The entrants of a tournament. */
export const tournamentPlayers = sqliteTable(
  "tournament_players",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    userId: text("user_id").notNull(),
    joinedAt: integer("joined_at").notNull(),
    /** The first round the player is paired in (a late entry joins with zero points). */
    joinedRound: integer("joined_round").notNull(),
    /** Rating in the tournament's ruleset when it started (or when they joined late): the seeding. */
    rating: real("rating").notNull(),
    withdrawn: integer("withdrawn", { mode: "boolean" }).notNull().default(false),
    withdrawnAt: integer("withdrawn_at"),
    /** Games missed in a row (lost on time without a move): two withdraw the player. */
    missed: integer("missed").notNull().default(0),
    /** An arena player who paused: not paired until they come back (their score stays). */
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] })],
);

/**
 * One row per board of a round, or per bye (`northId` and `gameId` null: scored as a win). In a
 * knockout, one row per match of the bracket (`board` is its place in the round, from 1), with its
 * series (`gameId` is the series' first game); a bye's row has no north.
 */
export const tournamentPairings = sqliteTable(
  "tournament_pairings",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id),
    round: integer("round").notNull(),
    /** 1-based board number in the round; the bye comes last. */
    board: integer("board").notNull(),
    southId: text("south_id").notNull(),
    northId: text("north_id"),
    gameId: text("game_id").references(() => games.id),
    seriesId: text("series_id").references(() => series.id),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.round, t.board] })],
);

export type TournamentRow = typeof tournaments.$inferSelect;
export type TournamentPlayerRow = typeof tournamentPlayers.$inferSelect;
export type TournamentPairingRow = typeof tournamentPairings.$inferSelect;

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

export const PUZZLE_SOURCES = ["starter", "game"] as const;

/**
 * Puzzles (docs/puzzles.md): the shipped starter set, loaded the first time one is asked for, and the ones
 * mined from this bot's finished games. `moves` and `solution` are houses as digits ("3415"); `themes`
 * space-separated. A puzzle's rating moves with every rated attempt, as a player's does.
 */
export const puzzles = sqliteTable(
  "puzzles",
  {
    id: text("id").primaryKey(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    moves: text("moves").notNull(),
    solution: text("solution").notNull(),
    solverMoves: integer("solver_moves").notNull(),
    themes: text("themes").notNull(),
    rating: real("rating").notNull(),
    deviation: real("deviation").notNull(),
    volatility: real("volatility").notNull(),
    /** Rated attempts, and how many of them solved it. */
    attempts: integer("attempts").notNull().default(0),
    solves: integer("solves").notNull().default(0),
    sourceKind: text("source_kind", { enum: PUZZLE_SOURCES }).notNull(),
    /** The game it was mined from, and that game's server (a link to it is shown only there). */
    sourceGameId: text("source_game_id"),
    sourceGuildId: text("source_guild_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("puzzles_ruleset_rating").on(t.ruleset, t.rating)],
);

/** A player's puzzle rating in one ruleset, and their streak of puzzles solved in a row there. */
export const puzzleRatings = sqliteTable(
  "puzzle_ratings",
  {
    userId: text("user_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    rating: real("rating").notNull(),
    deviation: real("deviation").notNull(),
    volatility: real("volatility").notNull(),
    attempts: integer("attempts").notNull(),
    solved: integer("solved").notNull(),
    streak: integer("streak").notNull(),
    bestStreak: integer("best_streak").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ruleset] })],
);

export const PUZZLE_ATTEMPT_STATUSES = ["open", "solved", "failed"] as const;
export type PuzzleAttemptStatus = (typeof PUZZLE_ATTEMPT_STATUSES)[number];

/**
 * One try at a puzzle: `step` is how far into the solution the player is (the index of the solver's next
 * move), the ply of this little game: a press for another step is out of date. Rated only when it is the
 * player's first try at that puzzle.
 */
export const puzzleAttempts = sqliteTable(
  "puzzle_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    /** Where it was started (null: a direct message); the server's puzzle leaderboard counts these. */
    guildId: text("guild_id"),
    puzzleId: text("puzzle_id").notNull(),
    ruleset: text("ruleset").$type<RulesetId>().notNull(),
    /** The theme the player asked for (kept for the Next puzzle button), or null. */
    theme: text("theme"),
    step: integer("step").notNull(),
    status: text("status", { enum: PUZZLE_ATTEMPT_STATUSES }).notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull(),
    ratingBefore: real("rating_before").notNull(),
    ratingAfter: real("rating_after"),
    /** The daily puzzle's day (YYYY-MM-DD) when it was started from that post. */
    dailyDate: text("daily_date"),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("puzzle_attempts_user").on(t.userId, t.puzzleId),
    index("puzzle_attempts_guild").on(t.guildId, t.ruleset),
  ],
);

/** A server's puzzle of the day: its post, the counts it shows, and whether its solution was posted. */
export const dailyPuzzles = sqliteTable(
  "daily_puzzles",
  {
    guildId: text("guild_id").notNull(),
    /** The day, YYYY-MM-DD in UTC. */
    date: text("date").notNull(),
    puzzleId: text("puzzle_id").notNull(),
    channelId: text("channel_id").notNull(),
    messageId: text("message_id"),
    /** Players who solved it, and who tried it (from this post), as last counted. */
    solved: integer("solved").notNull().default(0),
    tried: integer("tried").notNull().default(0),
    /** The counts the message shows, and when it was last edited to show them (at most once a minute). */
    shownSolved: integer("shown_solved").notNull().default(0),
    shownTried: integer("shown_tried").notNull().default(0),
    shownAt: integer("shown_at").notNull().default(0),
    /** When the solution was posted (the next day); null before. */
    solutionAt: integer("solution_at"),
    postedAt: integer("posted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.date] })],
);

export const PUZZLE_MINING_STATUSES = ["running", "done", "failed"] as const;

/**
 * Finished games mined for puzzles, in node-bounded steps in the AI pool's bot lane: `nextPly` is where
 * the next step starts, so a restart resumes there.
 */
export const puzzleMining = sqliteTable("puzzle_mining", {
  gameId: text("game_id").primaryKey(),
  status: text("status", { enum: PUZZLE_MINING_STATUSES }).notNull(),
  nextPly: integer("next_ply").notNull(),
  steps: integer("steps").notNull(),
  nodes: integer("nodes").notNull(),
  ms: integer("ms").notNull(),
  found: integer("found").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export type PuzzleRow = typeof puzzles.$inferSelect;
export type PuzzleAttemptRow = typeof puzzleAttempts.$inferSelect;
export type DailyPuzzleRow = typeof dailyPuzzles.$inferSelect;
