/**
 * Starts the bot: one discord.js client (optionally pointed at another REST base URL, such as the
 * local stand-in Discord), the interaction router and the deadline scheduler.
 */
import { Client, Events, GatewayIntentBits } from "discord.js";
import { createApp } from "../app.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { type Images, rendererImages } from "../games/images.ts";
import type { Defaults } from "../games/settings.ts";
import type { App } from "../interactions/context.ts";
import type { Logger } from "../logger.ts";
import { discordMessenger } from "./messenger.ts";
import { createRouter } from "./router.ts";
import { Scheduler } from "./scheduler.ts";

export interface BotOptions {
  readonly token: string;
  /** REST base URL including `/api`, e.g. http://127.0.0.1:3000/api; default discord.com. */
  readonly apiUrl?: string;
  readonly db: Db;
  readonly clock?: Clock;
  readonly logger: Logger;
  readonly defaults?: Defaults;
  readonly images?: Images;
}

export interface Bot {
  readonly client: Client;
  readonly app: App;
  stop(): Promise<void>;
}

const DEFAULTS: Defaults = { timeLimit: 86400, maxGamesPerPlayer: 10, challengeExpiry: 10 * 60_000 };

export async function startBot(options: BotOptions): Promise<Bot> {
  const { logger } = options;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(options.apiUrl && { rest: { api: options.apiUrl } }),
  });
  const names = new Map<string, string>();
  const displayName = async (guildId: string | null, userId: string): Promise<string> => {
    const key = `${guildId}:${userId}`;
    const cached = names.get(key);
    if (cached !== undefined) return cached;
    let name = "";
    try {
      const guild = guildId ? await client.guilds.fetch(guildId) : null;
      const member = guild ? await guild.members.fetch(userId) : null;
      name = member?.displayName ?? "";
      if (!name) {
        const user = await client.users.fetch(userId);
        name = user.globalName ?? user.username;
      }
    } catch (err) {
      logger.debug({ err, userId }, "no display name");
    }
    names.set(key, name);
    return name;
  };
  const app = createApp({
    db: options.db,
    clock: options.clock ?? systemClock,
    defaults: options.defaults ?? DEFAULTS,
    images: options.images ?? rendererImages,
    displayName,
  });
  const messenger = discordMessenger(client, logger);
  const scheduler = new Scheduler(app, messenger, logger);
  const route = createRouter({ app, messenger, logger, onChange: () => scheduler.poke() });
  client.on(Events.InteractionCreate, (interaction) => void route(interaction));
  client.on(Events.Error, (err) => logger.error({ err }, "discord client error"));
  client.once(Events.ClientReady, (ready) => {
    logger.info({ user: ready.user.tag }, "bot ready");
    scheduler.start();
  });
  await client.login(options.token);
  return {
    client,
    app,
    async stop() {
      scheduler.stop();
      await client.destroy();
    },
  };
}
