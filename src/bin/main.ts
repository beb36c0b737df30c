/**
 * Entry point (`npm start`). With DISCORD_TOKEN the bot runs against Discord (or DISCORD_API_URL);
 * without it, a local stand-in Discord (the playground) is started and the bot plays there.
 *
 * Shutdown (SIGTERM, SIGINT): the bot stops taking interactions, lets those in flight finish, stops
 * the scheduler, and the database is closed last; a second signal exits at once. A database file
 * deleted or replaced under the running bot stops it the same way, with exit code 3.
 */
import { ConfigError, loadConfig } from "../config.ts";
import { markRunning, markStopped } from "../db/bot-state.ts";
import { openDatabase } from "../db/client.ts";
import { DatabaseFileWatch } from "../db/file-watch.ts";
import { DatabaseDamagedError } from "../db/integrity.ts";
import { startBot } from "../discord/bot.ts";
import { createLogger } from "../logger.ts";
import { mainThreadIdle } from "../workers/idle-collect.ts";
import { runShards, SHUTDOWN_MESSAGE } from "./shards.ts";

/** Exit code when the database file changed under the bot. */
export const EXIT_DATABASE_CHANGED = 3;
/** How often the database file's identity is checked besides before every interaction. */
const WATCH_EVERY = 5_000;

/** This process's shard when discord.js's ShardingManager started it (see src/bin/shards.ts), else null. */
const SHARD = process.env.SHARDING_MANAGER === "true" ? Number(process.env.SHARDS) : null;

/** The ShardingManager's process: checks and migrates the database, then runs the shards. */
async function manageShards(config: ReturnType<typeof loadConfig>, logger: ReturnType<typeof createLogger>) {
  const database = openDatabase(config.databasePath);
  logger.info({ database: config.databasePath }, "database ready (quick_check ok); starting the shards");
  markRunning(database.db, process.pid);
  const shards = await runShards({
    token: config.token!,
    apiUrl: config.apiUrl,
    count: config.sharding!,
    spawnDelayMs: config.shardSpawnDelayMs,
    logger,
  });
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "stopping the shards");
      void shards.stop().then(() => {
        markStopped(database.db);
        database.close();
        logger.info("shutdown complete");
        logger.flush();
        setTimeout(() => process.exit(0), 100).unref();
      });
    });
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (config.token && config.sharding !== null && SHARD === null) return manageShards(config, logger);
  const database = openDatabase(config.databasePath);
  const watch = config.databasePath === ":memory:" ? null : new DatabaseFileWatch(config.databasePath);
  logger.info({ database: config.databasePath }, "database ready (quick_check ok)");
  const { db } = database;
  const { defaults, computer } = config;
  // With sharding the manager's pid is the one recorded (it outlives its shards).
  if (SHARD === null) markRunning(db, process.pid);
  const renderPool = { threads: config.renderThreads, priority: config.workerPriority };
  // Each shard serves its own metrics, on METRICS_PORT + its shard id.
  const metricsPort =
    config.metricsPort !== undefined && config.metricsPort !== 0 && SHARD !== null
      ? config.metricsPort + SHARD
      : config.metricsPort;
  const metrics = { metricsPort, metricsHost: config.metricsHost };

  let shuttingDown = false;
  let fatal: (reason: string) => void = () => {};
  const databaseCheck = () => watch?.problem() ?? null;
  const onFatal = (reason: string) => fatal(reason);
  // The playground's stop() stops its bot too.
  let running: { stop(): Promise<void> };
  // What the bot gets in either mode.
  const { puzzleMining } = config;
  const bot = { db, logger, defaults, renderPool, ...metrics, computer, puzzleMining, databaseCheck, onFatal };
  if (config.token) {
    const interactions = config.publicKey
      ? { publicKey: config.publicKey, port: config.interactionsPort, host: config.interactionsHost }
      : undefined;
    const { activity } = config;
    running = await startBot({
      ...bot,
      token: config.token,
      apiUrl: config.apiUrl,
      interactions,
      // loadConfig refuses ACTIVITY_PORT without DISCORD_CLIENT_SECRET when there is a token.
      ...(activity?.clientSecret && { activity: { ...activity, clientSecret: activity.clientSecret } }),
    });
  } else {
    // Loaded only here: a bot that runs against Discord never uses the local Discord (its server, its
    // checks against Discord's API schema), and used to load all of it. It is a TypeScript package, so
    // run from the compiled build (dist/) it needs tsx's loader first.
    if (import.meta.url.endsWith(".js")) (await import("tsx/esm/api")).register();
    const { startPlayground } = await import("./playground.ts");
    // People play at people's pace: Discord's rate limits apply, as they would on a server.
    const playground = await startPlayground({
      ...bot,
      port: config.port,
      local: { rateLimits: true },
      ...(config.activity && { activity: { port: config.activity.port, host: config.activity.host } }),
    });
    console.log(`Playground: ${playground.url}`);
    running = playground;
  }

  const shutdown = async (why: string, exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    clearInterval(watcher);
    logger.info({ why }, "shutting down");
    mainThreadIdle.close();
    try {
      await running.stop();
    } catch (err) {
      logger.error({ err }, "stopping the bot failed");
    }
    // The file may be gone or another one: nothing more is written to it then.
    if (exitCode === 0 && SHARD === null) markStopped(db);
    database.close();
    logger.info({ exitCode }, "shutdown complete");
    // Let pino write its last lines before the process ends.
    logger.flush();
    process.exitCode = exitCode;
    setTimeout(() => process.exit(exitCode), 100).unref();
  };
  fatal = (reason) => {
    logger.fatal({ reason }, "the database file is not the one Nickar opened: stopping rather than play on");
    void shutdown(reason, EXIT_DATABASE_CHANGED);
  };
  const watcher = setInterval(() => {
    const problem = databaseCheck();
    if (problem) fatal(problem);
  }, WATCH_EVERY);
  // A shard is stopped by its manager with a message (src/bin/shards.ts).
  process.on("message", (message: { nickar?: string } | null) => {
    if (message?.nickar === SHUTDOWN_MESSAGE.nickar) void shutdown("asked by the shard manager", 0);
  });
  // A shard whose manager is gone stops too: a new manager would start its shards again.
  if (SHARD !== null) process.on("disconnect", () => void shutdown("the shard manager is gone", 0));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (!shuttingDown) return void shutdown(signal, 0);
      logger.warn({ signal }, "second signal: exiting without waiting");
      process.exit(1);
    });
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DatabaseDamagedError;
  console.error(known ? error.message : error);
  process.exit(known && error instanceof DatabaseDamagedError ? 2 : 1);
});
