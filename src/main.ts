/**
 * Entry point (`npm start`). With DISCORD_TOKEN the bot runs against Discord (or DISCORD_API_URL);
 * without it, a local stand-in Discord (the playground) is started and the bot plays there.
 */
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { deployCommands } from "./deploy-commands.ts";
import { type Bot, startBot } from "./discord/bot.ts";
import { type StartedLocalDiscord, startLocalDiscord } from "./local/index.ts";
import { createLogger } from "./logger.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config.databasePath);
  logger.info({ database: config.databasePath }, "database ready");
  let bot: Bot;
  let local: StartedLocalDiscord | null = null;
  if (config.token) {
    bot = await startBot({
      token: config.token,
      apiUrl: config.apiUrl,
      db: database.db,
      logger,
      defaults: config.defaults,
    });
  } else {
    local = await startLocalDiscord({ port: config.port });
    const { apiUrl } = local.localDiscord;
    await deployCommands({ token: local.token, applicationId: local.applicationId, guildId: local.guildId, apiUrl });
    bot = await startBot({ token: local.token, apiUrl, db: database.db, logger, defaults: config.defaults });
    console.log(`Playground: http://127.0.0.1:${config.port}`);
  }
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await bot.stop();
    await local?.localDiscord.close();
    database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
