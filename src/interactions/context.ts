/** What every handler gets: who acted, where, and the services. No discord.js objects. */

import type { ChallengeService } from "../challenges/challenges.ts";
import type { Clock } from "../clock.ts";
import type { LadderService } from "../competition/ladder-service.ts";
import type { RatingService } from "../competition/ratings.ts";
import type { RoleProblem, RoleRules } from "../competition/role-rules.ts";
import type { SeriesService } from "../competition/series-service.ts";
import type { OutboxStore } from "../db/outbox.ts";
import type { ForgetService } from "../forget-me/forget.ts";
import type { AnalysisService } from "../games/analyses.ts";
import type { Computer } from "../games/computer.ts";
import type { Launches } from "../games/launches.ts";
import type { PlayerSettings } from "../games/players.ts";
import type { GameService } from "../games/service.ts";
import type { SettingsService } from "../games/settings.ts";
import type { UptimeService } from "../games/uptime.ts";
import type { Locale, Translate } from "../i18n/index.ts";
import type { Images } from "../present/images.ts";
import type { DailyPuzzles } from "../puzzles/daily-puzzles.ts";
import type { PuzzleMiningStore } from "../puzzles/puzzle-mining.ts";
import type { PuzzleService } from "../puzzles/puzzle-service.ts";
import type { TournamentService } from "../tournaments/tournament-service.ts";

export interface App {
  readonly games: GameService;
  readonly challenges: ChallengeService;
  readonly settings: SettingsService;
  readonly players: PlayerSettings;
  readonly ratings: RatingService;
  readonly ladders: LadderService;
  readonly series: SeriesService;
  /** Swiss tournaments (`/nickar-tournament`, the announcement's buttons). */
  readonly tournaments: TournamentService;
  /** Server roles that follow the standings (`/nickar-admin roles`); src/competition/jobs/role-keeper.ts applies them. */
  readonly roles: RoleRules;
  /**
   * Why Nickar cannot give or take `roleId` in the server now, as Discord would refuse it: no Manage
   * Roles, the role at or above Nickar's highest, a role Discord manages, or no such role; null when it can.
   */
  readonly roleProblem: (guildId: string, roleId: string) => RoleProblem | null;
  /**
   * `/nickar forget-me`: runs `forget` once every role Nickar gave `userId` (in every server) is taken back
   * through Discord, no role being given to them meanwhile (src/competition/jobs/role-keeper.ts, `forgetting`).
   */
  readonly rolesTakenBack: <T>(userId: string, forget: () => T) => Promise<T>;
  readonly forget: ForgetService;
  /** Puzzles: tries, puzzle ratings, leaderboards (`/nickar-puzzle`). */
  readonly puzzles: PuzzleService;
  /** Each server's daily puzzle (`/nickar-admin settings daily_puzzle:`). */
  readonly dailyPuzzles: DailyPuzzles;
  /** Which finished games were mined for puzzles, and how far. */
  readonly puzzleMining: PuzzleMiningStore;
  /** The posts transactions decided, sent after their commit (src/discord/outbox-sender.ts). */
  readonly outbox: OutboxStore;
  /** The heartbeat and the clocks given back after the bot was down. */
  readonly uptime: UptimeService;
  /** Nickar itself as a player (the computer opponent): its moves, draw answers, hints. */
  readonly computer: Computer;
  readonly analyses: AnalysisService;
  readonly images: Images;
  /** The Activity (the live board inside Discord, src/activity) is served: game messages offer Play on the board. */
  readonly activity: boolean;
  /** The game each player last opened the Activity from, per channel (Play on the board). */
  readonly launches: Launches;
  readonly clock: Clock;
  /** A user's display name in a server, for the board image; falls back to the side name. */
  readonly displayName: (guildId: string | null, userId: string) => Promise<string>;
  /** A server's name (for an exported record); "" when it cannot be found. */
  readonly guildName: (guildId: string) => Promise<string>;
  /**
   * The language of a server's public messages: its `/nickar-admin settings language`, else its
   * Discord locale (`discordLocale` when the caller has it, as an interaction does; else as the bot
   * last saw it), else English. In direct messages (null) English.
   */
  readonly serverLocale: (guildId: string | null, discordLocale?: string | null) => Locale;
}

export interface HandlerContext {
  readonly userId: string;
  readonly guildId: string | null;
  readonly channelId: string;
  /** The message the pressed button is on; null for slash commands. */
  readonly messageId: string | null;
  /** The member has Manage Server in this server. */
  readonly canManageGuild: boolean;
  /** What the bot itself may do in this channel (the interaction's `app_permissions`); null when unknown. */
  readonly appPermissions: bigint | null;
  /** The acting user's language (their Discord locale): for ephemeral replies. */
  readonly locale: Locale;
  /** The server's language (see App.serverLocale): for public messages (boards, narration, challenges). */
  readonly serverLocale: Locale;
  /** The server's Discord locale as one of ours (what `serverLocale` is when no language is set). */
  readonly discordServerLocale: Locale;
  /** Translates into `locale`: for ephemeral replies. */
  readonly t: Translate;
  /** Translates into `serverLocale`: for public messages. */
  readonly tServer: Translate;
  readonly app: App;
}

/** The options of a slash command, as discord.js's option resolver offers them. */
export interface CommandOptions {
  getString(name: string): string | null;
  getInteger(name: string): number | null;
  getBoolean(name: string): boolean | null;
  getUser(name: string): { readonly id: string; readonly bot: boolean } | null;
  getChannel(name: string): { readonly id: string } | null;
  getRole(name: string): { readonly id: string } | null;
}
