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
  readonly clock?: Clock;
  readonly renderPool?: BotOptions["renderPool"];
  readonly metricsPort?: BotOptions["metricsPort"];
  readonly metricsHost?: BotOptions["metricsHost"];
  /** The computer opponent's budgets (and pool). */
  readonly computer?: BotOptions["computer"];
  /** See BotOptions. */
  readonly databaseCheck?: BotOptions["databaseCheck"];
  readonly onFatal?: BotOptions["onFatal"];
  /** Extra options of the local Discord (timeouts, logger). */
  readonly local?: Omit<LocalDiscordOptions, "port">;
}

export interface Playground {
  readonly local: StartedLocalDiscord;
  readonly bot: Bot;
  /** The playground page, e.g. http://127.0.0.1:3000 (the real port when 0 was asked for). */
  readonly url: string;
  stop(): Promise<void>;
}

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const local = await startLocalDiscord({ ...options.local, port: options.port });
  const { apiUrl, url } = local.localDiscord;
  try {
    await deployCommands({ token: local.token, applicationId: local.applicationId, guildId: local.guildId, apiUrl });
    const bot = await startBot({
      token: local.token,
      apiUrl,
      db: options.db,
      logger: options.logger,
      defaults: options.defaults,
      clock: options.clock,
      renderPool: options.renderPool,
      metricsPort: options.metricsPort,
      metricsHost: options.metricsHost,
      computer: options.computer,
      databaseCheck: options.databaseCheck,
      onFatal: options.onFatal,
    });
    return {
      local,
      bot,
      url,
      async stop() {
        await bot.stop();
        await local.localDiscord.close();
      },
    };
  } catch (error) {
    await local.localDiscord.close();
    throw error;
  }
}
