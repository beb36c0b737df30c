/** Puzzles, tries, puzzle ratings, the daily puzzle and the mining record. */
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RulesetId } from "../../engine/index.ts";

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
    /**
     * What each wrong move runs into (docs/puzzles.md, "Refutations"), space-separated `step:line`: the
     * solution's index of the solver's move it replaces, then the wrong move and the engine's line after it
     * as digits ("0:43 0:2563"). Empty for a puzzle mined before refutations were kept.
     */
    refutations: text("refutations").notNull().default(""),
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
    /** The deviation after a rated try (null before this was kept): the chart's band, the "?" of provisional. */
    deviationAfter: real("deviation_after"),
    /** The daily puzzle's day (YYYY-MM-DD) when it was started from that post. */
    dailyDate: text("daily_date"),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    /**
     * The try's latest private message and how to edit it: an ephemeral message can be edited only through
     * the token of an interaction that answered with it (15 minutes from `messageAt`, the interaction's
     * creation). `messageRef` is the webhook's name for it: a follow-up's id, or "@original". Set when the
     * try is shown (daily tries aside); a try counted as missed has its buttons taken off through them.
     */
    messageRef: text("message_ref"),
    messageToken: text("message_token"),
    messageAt: integer("message_at"),
    /** Failed because the player took another puzzle (counted as missed), not by a move or Show solution. */
    missed: integer("missed", { mode: "boolean" }).notNull().default(false),
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
