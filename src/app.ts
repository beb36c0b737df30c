/** Wires the services over one database; used by the bot and by the tests. */
import type { Clock } from "./clock.ts";
import type { Db } from "./db/client.ts";
import { ChallengeService } from "./games/challenges.ts";
import type { Images } from "./games/images.ts";
import { GameService } from "./games/service.ts";
import { type Defaults, SettingsService } from "./games/settings.ts";
import type { App } from "./interactions/context.ts";
import { Competition } from "./ladders/competition.ts";
import { LadderService } from "./ladders/ladder-service.ts";
import { RatingService } from "./ladders/ratings.ts";
import { SeriesService } from "./ladders/series-service.ts";

export interface AppOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly defaults: Defaults;
  readonly images: Images;
  readonly displayName?: App["displayName"];
  readonly guildName?: App["guildName"];
  readonly random?: () => number;
  /** Users whose games are never rated (the bot itself, once it plays). */
  readonly bots?: ReadonlySet<string>;
}

export function createApp(options: AppOptions): App {
  const { db, clock } = options;
  const settings = new SettingsService(db, clock, options.defaults);
  // Ratings, ladders and series hear of every challenge and every game's end through these hooks.
  const competition = new Competition(settings, options.bots);
  const games = new GameService(db, clock, competition);
  return {
    games,
    challenges: new ChallengeService(db, clock, settings, competition, options.random),
    settings,
    ratings: new RatingService(db, clock),
    ladders: new LadderService(db, clock, settings),
    series: new SeriesService(db, clock, games),
    images: options.images,
    clock,
    displayName: options.displayName ?? (async () => ""),
    guildName: options.guildName ?? (async () => ""),
  };
}
