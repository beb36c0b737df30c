/** Wires the services over one database; used by the bot and by the tests. */

import { ChallengeService } from "./challenges/challenges.ts";
import type { Clock } from "./clock.ts";
import { Competition } from "./competition/competition.ts";
import { LadderService } from "./competition/ladder-service.ts";
import { RatingService } from "./competition/ratings.ts";
import { RoleRules } from "./competition/role-rules.ts";
import { SeriesService } from "./competition/series-service.ts";
import type { Db } from "./db/client.ts";
import { OutboxStore } from "./db/outbox.ts";
import { ForgetService } from "./forget-me/forget.ts";
import { AnalysisService } from "./games/analyses.ts";
import { Computer, type ComputerOptions } from "./games/computer.ts";
import { Launches } from "./games/launches.ts";
import { PlayerSettings } from "./games/players.ts";
import { GameService } from "./games/service.ts";
import { type Defaults, SettingsService } from "./games/settings.ts";
import { UptimeService } from "./games/uptime.ts";
import { localeOf } from "./i18n/index.ts";
import type { App } from "./interactions/context.ts";
import type { Images } from "./present/images.ts";
import { DailyPuzzles } from "./puzzles/daily-puzzles.ts";
import { PuzzleMiningStore } from "./puzzles/puzzle-mining.ts";
import { PuzzleService } from "./puzzles/puzzle-service.ts";
import type { SwissPairer } from "./tournaments/swiss-pairer.ts";
import { TournamentService } from "./tournaments/tournament-service.ts";

export interface AppOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly defaults: Defaults;
  readonly images: Images;
  readonly displayName?: App["displayName"];
  readonly guildName?: App["guildName"];
  /** A server's Discord locale as the bot knows it (from the gateway's guild data), if it does. */
  readonly guildLocale?: (guildId: string) => string | null | undefined;
  /** Why Nickar could not give or take a role now (seen from Discord's cache); null when it can. */
  readonly roleProblem?: App["roleProblem"];
  /** The role keeper's `forgetting` (the Discord side); without Discord no role was given, and `forget` just runs. */
  readonly rolesTakenBack?: App["rolesTakenBack"];
  readonly random?: () => number;
  /**
   * Nickar's own user id (the computer opponent), added once the bot has logged in: its games are never
   * rated and no clock runs while it is to move.
   */
  readonly bots?: ReadonlySet<string>;
  /** The computer opponent's search pool and budgets; without it Nickar does not play or analyse. */
  readonly computer?: ComputerOptions;
  /** The Activity is served (App.activity). */
  readonly activity?: boolean;
  /** Who pairs a large Swiss field's rounds (the bot: a worker thread); the calling thread when left out. */
  readonly swissPairer?: SwissPairer;
}

export function createApp(options: AppOptions): App {
  const { db, clock } = options;
  const settings = new SettingsService(db, clock, options.defaults);
  // Ratings, ladders and series hear of every challenge and every game's end through these hooks.
  const bots = options.bots ?? new Set<string>();
  const competition = new Competition(settings, bots);
  const games = new GameService(
    db,
    clock,
    competition,
    bots,
    (guildId, tx) => settings.get(guildId, tx).ratedTakebacks,
  );
  const computer = new Computer(db, games, bots, options.computer ?? null);
  const ratings = new RatingService(db, clock);
  const puzzles = new PuzzleService(db, clock, options.random);
  return {
    games,
    challenges: new ChallengeService(db, clock, settings, competition, options.random),
    settings,
    players: new PlayerSettings(db, clock),
    ratings,
    roles: new RoleRules(db, clock, ratings),
    roleProblem: options.roleProblem ?? (() => null),
    rolesTakenBack: options.rolesTakenBack ?? (async (_userId, forget) => forget()),
    ladders: new LadderService(db, clock, settings),
    series: new SeriesService(db, clock, games),
    tournaments: new TournamentService(db, clock, games, bots, options.swissPairer),
    forget: new ForgetService(db, clock, games, options.bots),
    puzzles,
    dailyPuzzles: new DailyPuzzles(db, clock, settings, puzzles, options.random),
    puzzleMining: new PuzzleMiningStore(db, clock),
    uptime: new UptimeService(db, clock),
    outbox: new OutboxStore(db),
    computer,
    analyses: new AnalysisService(db, clock, computer),
    images: options.images,
    activity: options.activity ?? false,
    launches: new Launches(() => clock.now()),
    clock,
    displayName: options.displayName ?? (async () => ""),
    guildName: options.guildName ?? (async () => ""),
    serverLocale: (guildId, discordLocale) => {
      if (!guildId) return "en";
      return settings.get(guildId).language ?? localeOf(discordLocale ?? options.guildLocale?.(guildId));
    },
  };
}
