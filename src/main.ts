/**
 * Entry point (`npm start`). With DISCORD_TOKEN the bot runs against Discord (or DISCORD_API_URL);
 * without it, a local stand-in Discord (the playground) is started and the bot plays there.
 */
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { startBot } from "./discord/bot.ts";
import { createLogger } from "./logger.ts";
import { startPlayground } from "./playground.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config.databasePath);
  logger.info({ database: config.databasePath }, "database ready");
  const { db } = database;
  const { defaults } = config;
  const renderPool = { threads: config.renderThreads };
  // The playground's stop() stops its bot too.
  let running: { stop(): Promise<void> };
  if (config.token) {
    running = await startBot({ token: config.token, apiUrl: config.apiUrl, db, logger, defaults, renderPool });
  } else {
    const playground = await startPlayground({ port: config.port, db, logger, defaults, renderPool });
    console.log(`Playground: ${playground.url}`);
    running = playground;
  }
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await running.stop();
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
