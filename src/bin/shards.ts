/**
 * Sharding (SHARDING=auto or a number): discord.js's ShardingManager starts one process per shard,
 * each running src/bin/main.ts as a bot for its share of the servers (discord.js tells it its shard ids
 * through SHARDING_MANAGER, SHARDS and SHARD_COUNT; Discord sends each server's events and
 * interactions to shard `(guild_id >> 22) % shard_count`). Every shard uses the one SQLite file in
 * WAL mode: game writes are conditional on the ply, so two processes can never both play a move,
 * and the scheduler's sweeps run in the one shard that holds the sweep lease (src/discord/sweep-lease.ts).
 * A shard that dies is started again by the manager (`respawn`).
 *
 * This process (the manager) only checks and migrates the database before the shards start, so
 * they never race to migrate, and records its own pid for `npm run restore`.
 */
import { fileURLToPath } from "node:url";
import { ShardingManager } from "discord.js";
import type { Logger } from "../logger.ts";

/** What the manager sends a shard to stop it gracefully. */
export const SHUTDOWN_MESSAGE = { nickar: "shutdown" } as const;
/** A shard still running this long after being asked to stop is killed. */
const SHARD_STOP_MS = 30_000;

export interface ShardsOptions {
  readonly token: string;
  /** REST base including /api (the local Discord's, or discord.com's when undefined). */
  readonly apiUrl: string | undefined;
  /** How many shards: a number, or "auto" for Discord's recommendation (GET /gateway/bot). */
  readonly count: number | "auto";
  /** Wait between two shards' starts: Discord allows one IDENTIFY per 5 seconds (max_concurrency 1). */
  readonly spawnDelayMs: number;
  readonly logger: Logger;
}

export interface RunningShards {
  readonly count: number;
  /** Stops every shard gracefully (each finishes its interactions and its sweep) and waits for them. */
  stop(): Promise<void>;
}

/** Discord's recommended number of shards for this bot (`shards` of GET /gateway/bot). */
async function recommendedShards(token: string, apiUrl: string | undefined): Promise<number> {
  const response = await fetch(`${apiUrl ?? "https://discord.com/api"}/v10/gateway/bot`, {
    headers: { authorization: `Bot ${token}` },
  });
  if (!response.ok) throw new Error(`GET /gateway/bot answered ${response.status}`);
  const { shards } = (await response.json()) as { shards?: number };
  if (!Number.isInteger(shards) || (shards as number) < 1) throw new Error("GET /gateway/bot gave no shard count");
  return shards as number;
}

export async function runShards(options: ShardsOptions): Promise<RunningShards> {
  const { logger } = options;
  const count = options.count === "auto" ? await recommendedShards(options.token, options.apiUrl) : options.count;
  // The shards run what this process runs: the compiled build (dist/bin/main.js), or the TypeScript
  // entry point with tsx's loader.
  const compiled = import.meta.url.endsWith(".js");
  const manager = new ShardingManager(fileURLToPath(new URL(compiled ? "./main.js" : "./main.ts", import.meta.url)), {
    totalShards: count,
    token: options.token,
    mode: "process",
    respawn: true,
    execArgv: compiled ? [] : ["--import", "tsx"],
  });
  manager.on("shardCreate", (shard) => {
    logger.info({ shard: shard.id, of: count }, "shard started");
    shard.on("death", () => {
      if (manager.respawn) logger.warn({ shard: shard.id }, "shard died; the manager starts it again");
    });
  });
  await manager.spawn({ amount: count, delay: options.spawnDelayMs, timeout: 120_000 });
  logger.info({ shards: count }, "all shards ready");
  return {
    count,
    async stop() {
      manager.respawn = false;
      await Promise.all(
        [...manager.shards.values()].map(async (shard) => {
          const child = shard.process;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          // A message rather than SIGTERM: a shard that also got the terminal's SIGINT would take a
          // second signal as "exit at once" (see src/bin/main.ts).
          await shard.send(SHUTDOWN_MESSAGE).catch(() => child.kill("SIGTERM"));
          const late = setTimeout(() => child.kill("SIGKILL"), SHARD_STOP_MS);
          await exited;
          clearTimeout(late);
        }),
      );
    },
  };
}
