/** Wires the services over one database; used by the bot and by the tests. */
import type { Clock } from "./clock.ts";
import type { Db } from "./db/client.ts";
import type { App } from "./discord/context.ts";
import { ChallengeService } from "./games/challenges.ts";
import type { Images } from "./games/images.ts";
import { GameService } from "./games/service.ts";
import { type Defaults, SettingsService } from "./games/settings.ts";

export interface AppOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly defaults: Defaults;
  readonly images: Images;
  readonly displayName?: App["displayName"];
  readonly random?: () => number;
}

export function createApp(options: AppOptions): App {
  const settings = new SettingsService(options.db, options.clock, options.defaults);
  return {
    games: new GameService(options.db, options.clock),
    challenges: new ChallengeService(options.db, options.clock, settings, options.random),
    settings,
    images: options.images,
    clock: options.clock,
    displayName: options.displayName ?? (async () => ""),
  };
}
