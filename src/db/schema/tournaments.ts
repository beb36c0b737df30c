/** Tournaments of every format, their entrants and pairings. */
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RulesetId } from "../../engine/index.ts";
import { series } from "./competition.ts";
import { games } from "./games.ts";

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
    /**
     * A Swiss round decided but not paired yet (a field too large to pair inside the transaction that ended the
     * round before): the round's number until the pairing job (src/tournaments/jobs/swiss-pairings.ts) has paired
     * it off the event loop and stored it; null when none waits. Durable, so a restart pairs it.
     */
    pairingRound: integer("pairing_round"),
    /** The game whose end asked for that round (its "… is over" is posted before the round), null at the start or a resume. */
    pairingByGame: text("pairing_by_game"),
  },
  (t) => [index("tournaments_guild").on(t.guildId, t.status), index("tournaments_pairing").on(t.pairingRound)],
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
