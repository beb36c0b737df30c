/**
 * Entry point (`npm start`). With DISCORD_TOKEN the bot runs against Discord (or DISCORD_API_URL);
 * without it, a local stand-in Discord (the playground) is started and the bot plays there.
 */
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { type Bot, startBot } from "./discord/bot.ts";
import { createLogger } from "./logger.ts";
import { type Playground, startPlayground } from "./playground.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config.databasePath);
  logger.info({ database: config.databasePath }, "database ready");
  let bot: Bot;
  let playground: Playground | null = null;
  if (config.token) {
    bot = await startBot({
      token: config.token,
      apiUrl: config.apiUrl,
      db: database.db,
      logger,
      defaults: config.defaults,
    });
  } else {
    playground = await startPlayground({ port: config.port, db: database.db, logger, defaults: config.defaults });
    bot = playground.bot;
    console.log(`Playground: ${playground.url}`);
  }
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await (playground ? playground.stop() : bot.stop());
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
