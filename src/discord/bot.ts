/**
 * Starts the bot: one discord.js client (optionally pointed at another REST base URL, such as the
 * local stand-in Discord), the interaction router and the deadline scheduler.
 */
import { Client, Events, GatewayIntentBits } from "discord.js";
import { createApp } from "../app.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { type Images, pooledImages } from "../games/images.ts";
import type { Defaults } from "../games/settings.ts";
import type { App } from "../interactions/context.ts";
import type { Logger } from "../logger.ts";
import { RenderPool, type RenderPoolOptions } from "../render/pool.ts";
import { DisplayNames } from "./display-names.ts";
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
  /** How the images are drawn; by default a render pool of worker threads, closed by stop(). */
  readonly images?: Images;
  /** The render pool's size, when `images` is not given. */
  readonly renderPool?: RenderPoolOptions;
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
  const clock = options.clock ?? systemClock;
  const names = new DisplayNames({
    clock,
    fetchers: {
      // Forced, so a nickname changed since the last look-up is seen (the client has no member events).
      member: async (guildId, userId) => {
        const guild = await client.guilds.fetch(guildId);
        const member = await guild.members.fetch({ user: userId, force: true, cache: false });
        return member.displayName;
      },
      user: async (userId) => {
        const user = await client.users.fetch(userId, { force: true });
        return user.globalName ?? user.username;
      },
    },
    onError: (err, userId) => logger.debug({ err, userId }, "display name look-up failed"),
  });
  const pool = options.images ? null : new RenderPool(options.renderPool);
  const app = createApp({
    db: options.db,
    clock,
    defaults: options.defaults ?? DEFAULTS,
    images: pool ? pooledImages(pool) : options.images!,
    displayName: (guildId, userId) => names.get(guildId, userId),
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
      await pool?.close();
    },
  };
}
