/**
 * The no-token mode of `npm start`: a local stand-in Discord, the commands registered in its one
 * server, and the bot logged into it. Also used by the end-to-end tests, so they start exactly what
 * `npm start` starts.
 */

import { type LocalDiscordOptions, type StartedLocalDiscord, startLocalDiscord } from "@nickar/local-discord";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { type Bot, type BotOptions, startBot } from "../discord/bot.ts";
import type { Defaults } from "../games/settings.ts";
import type { Logger } from "../logger.ts";
import { deployCommands } from "./deploy-commands.ts";

export interface PlaygroundOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly db: Db;
  readonly logger: Logger;
  readonly defaults?: Defaults;
  /** Default: the local Discord's clock, which the page moves forward (+1 hour, +1 day). */
  readonly clock?: Clock;
  readonly renderPool?: BotOptions["renderPool"];
  readonly metricsPort?: BotOptions["metricsPort"];
  readonly metricsHost?: BotOptions["metricsHost"];
  /** The computer opponent's budgets (and pool). */
  readonly computer?: BotOptions["computer"];
  readonly puzzleMining?: BotOptions["puzzleMining"];
  /** See BotOptions. */
  readonly databaseCheck?: BotOptions["databaseCheck"];
  readonly onFatal?: BotOptions["onFatal"];
  /** Extra options of the local Discord (timeouts, logger). */
  readonly local?: Omit<LocalDiscordOptions, "port">;
  /**
   * Where the local Discord keeps its world (users, channels, messages...) across restarts. Default:
   * beside the database, `<database file>.local-discord.json`; none for an in-memory database or null.
   */
  readonly statePath?: string | null;
  /**
   * Serve the Activity (the live board) on this port (0: a free one), signed in with the local Discord's
   * client secret and mapped as the application's Activity URL; its entry point registered too.
   */
  readonly activity?: { readonly port: number; readonly host?: string };
}

export interface Playground {
  readonly local: StartedLocalDiscord;
  readonly bot: Bot;
  /** The playground page, e.g. http://127.0.0.1:3000 (the real port when 0 was asked for). */
  readonly url: string;
  stop(): Promise<void>;
}

/** `<database file>.local-discord.json`, or undefined for an in-memory database. */
function besideDatabase(db: Db): string | undefined {
  // drizzle keeps the better-sqlite3 connection (whose `name` is the file) as `$client`; `Db` does not say so.
  const file = (db as Db & { $client?: { name?: string } }).$client?.name;
  return file && file !== ":memory:" ? `${file}.local-discord.json` : undefined;
}

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const statePath = options.statePath === undefined ? besideDatabase(options.db) : (options.statePath ?? undefined);
  const local = await startLocalDiscord({ ...options.local, port: options.port, statePath });
  const { apiUrl, url } = local.localDiscord;
  try {
    const activity = options.activity !== undefined;
    await deployCommands({
      token: local.token,
      applicationId: local.applicationId,
      guildId: local.guildId,
      apiUrl,
      activity,
    });
    const bot = await startBot({
      token: local.token,
      apiUrl,
      db: options.db,
      logger: options.logger,
      defaults: options.defaults,
      clock: options.clock ?? local.localDiscord.clock,
      renderPool: options.renderPool,
      metricsPort: options.metricsPort,
      metricsHost: options.metricsHost,
      computer: options.computer,
      puzzleMining: options.puzzleMining,
      databaseCheck: options.databaseCheck,
      onFatal: options.onFatal,
      ...(options.activity && { activity: { ...options.activity, clientSecret: local.clientSecret } }),
    });
    // The developer portal's URL mapping: the Activity's origin proxies to the bot's Activity server.
    if (bot.activityUrl) local.localDiscord.context.activity.setTarget(bot.activityUrl);
    // The page moved the clock: what fell due in the jump (a deadline, the next daily puzzle, an arena's
    // end) is done now, not when the scheduler's timer, set for the old time, fires.
    const clockMoved = () => bot.poke();
    local.localDiscord.context.events.on("clockUpdate", clockMoved);
    return {
      local,
      bot,
      url,
      async stop() {
        local.localDiscord.context.events.off("clockUpdate", clockMoved);
        await bot.stop();
        await local.localDiscord.close();
      },
    };
  } catch (error) {
    await local.localDiscord.close();
    throw error;
  }
}
