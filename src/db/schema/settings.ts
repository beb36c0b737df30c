/** A server's settings. */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { RulesetId } from "../../engine/index.ts";
import type { Locale } from "../../i18n/index.ts";

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
