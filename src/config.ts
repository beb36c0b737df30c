/**
 * Configuration from the environment (and `.env`), validated once at startup. A malformed value
 * stops the bot with a message naming the variable, never the secret's value.
 */
import "dotenv/config";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { EndgameOptions } from "./ai/index.ts";
import { isRulesetId, type RulesetId } from "./engine/index.ts";
import { parseTimeLimit } from "./games/time.ts";
import { WORKER_PRIORITIES, type WorkerPriority } from "./workers/priority.ts";

/**
 * The endgame tables' sizes (docs/hosting.md): one number for every ruleset, then exceptions. abapa's 12
 * seeds beat its 10 at equal time (+102 Elo [+47, +161], a sequential test's H1, docs/benchmarks.md); in the
 * other rulesets 12 seeds showed no gain (haiti's test accepted H0), so they keep 10.
 */
const DEFAULT_ENDGAME_SEEDS = "10,abapa=12";
function parseEndgameSeeds(text: string, ctx: z.RefinementCtx): Omit<EndgameOptions, "dir"> {
  const [all, ...rest] = text.split(",").map((part) => part.trim());
  const size = (s: string | undefined) =>
    s !== undefined && /^\d{1,2}$/.test(s) && Number(s) <= 15 ? Number(s) : null;
  const seeds = size(all);
  const perRuleset: Partial<Record<RulesetId, number>> = {};
  for (const part of rest) {
    const [name, value] = part.split("=").map((s) => s.trim());
    const n = size(value);
    if (!isRulesetId(name) || n === null) {
      ctx.addIssue({ code: "custom", message: `"${part}" is not ruleset=seeds (a ruleset's name, 0 to 15)` });
      return z.NEVER;
    }
    perRuleset[name] = n;
  }
  if (seeds === null) {
    ctx.addIssue({ code: "custom", message: "must start with the seeds of every table, 0 to 15 (0: none)" });
    return z.NEVER;
  }
  return { seeds, perRuleset };
}

const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === "" ? undefined : s))
  .optional();

/** An empty variable (`RENDER_THREADS=` in .env) means "not set". */
const emptyAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const snowflake = optionalText.refine((s) => s === undefined || /^\d{1,21}$/.test(s), "must be a Discord id (digits)");

const schema = z.object({
  DISCORD_TOKEN: optionalText,
  DISCORD_APPLICATION_ID: snowflake,
  DISCORD_GUILD_ID: snowflake,
  DISCORD_API_URL: optionalText.refine((s) => s === undefined || URL.canParse(s), "must be a URL"),
  DATABASE_PATH: z.string().trim().min(1).default("./data/nickar.db"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  CHALLENGE_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(10080).default(10),
  DEFAULT_TIME_LIMIT: z
    .string()
    .default("1d")
    .refine((s) => parseTimeLimit(s) !== null, "must be a time limit like 5m, 1h, 3d (1 minute to 14 days)"),
  MAX_GAMES_PER_PLAYER: z.coerce.number().int().min(1).max(1000).default(10),
  RENDER_THREADS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(64).optional()),
  METRICS_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  COMMANDS_PER_MINUTE: z.coerce.number().int().min(0).max(1000).default(30),
  CHALLENGES_PER_HOUR: z.coerce.number().int().min(0).max(1000).default(15),
  AI_MOVE_MS: optionalText.refine(
    (s) => s === undefined || (/^\d{1,5}$/.test(s) && Number(s) >= 1 && Number(s) <= 60_000),
    "must be milliseconds, 1 to 60000",
  ),
  AI_ANALYSIS_MS: z.coerce.number().int().min(1).max(60_000).default(300),
  AI_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  WORKER_PRIORITY: z.preprocess(emptyAsUnset, z.enum(WORKER_PRIORITIES).default("low")),
  PUZZLE_MINING: z.enum(["on", "off"]).default("on"),
  ENDGAME_SEEDS: z.string().trim().default(DEFAULT_ENDGAME_SEEDS).transform(parseEndgameSeeds),
  DISCORD_PUBLIC_KEY: optionalText.refine(
    (s) => s === undefined || /^[0-9a-f]{64}$/i.test(s),
    "must be the application's public key (64 hexadecimal digits, Developer Portal > General Information)",
  ),
  INTERACTIONS_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  INTERACTIONS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  SHARDING: z
    .string()
    .trim()
    .default("off")
    .refine((s) => /^(off|auto|[1-9]\d{0,3})$/.test(s), "must be off, auto or a number of shards (1 to 9999)"),
  SHARD_SPAWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_500),
  ACTIVITY_PORT: z.preprocess(
    emptyAsUnset,
    z.union([z.literal("off"), z.coerce.number().int().min(0).max(65535)]).optional(),
  ),
  ACTIVITY_HOST: z.string().trim().min(1).default("127.0.0.1"),
  DISCORD_CLIENT_SECRET: optionalText,
});

export interface Config {
  readonly token: string | undefined;
  readonly applicationId: string | undefined;
  readonly guildId: string | undefined;
  readonly apiUrl: string | undefined;
  readonly databasePath: string;
  readonly logLevel: string;
  readonly port: number;
  /** Render worker threads; undefined: one per core, at most one per GiB of memory (src/workers/pool.ts). */
  readonly renderThreads: number | undefined;
  /** The search and render threads' priority (WORKER_PRIORITY, default low: src/workers/priority.ts). */
  readonly workerPriority: WorkerPriority;
  /** Port of /metrics and /healthz; undefined: not served. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /** Serve the HTTP interactions endpoint with this public key (undefined: interactions over the gateway). */
  readonly publicKey: string | undefined;
  readonly interactionsPort: number;
  readonly interactionsHost: string;
  /** Shards to run through discord.js's ShardingManager: null (one process, no sharding), a number or auto. */
  readonly sharding: number | "auto" | null;
  readonly shardSpawnDelayMs: number;
  /**
   * The Activity (the live board inside Discord, src/activity): served on this port and host when
   * ACTIVITY_PORT is set; in the playground also when it is unset (any free port), so `npm start` shows
   * the board; `off` turns it off. `clientSecret` exchanges the page's sign-in codes (in the playground
   * the local Discord's own secret is used).
   */
  readonly activity: { readonly port: number; readonly host: string; readonly clientSecret?: string } | null;
  /**
   * The computer opponent's search times (ms; no move time: each level's own), threads, and endgame
   * tables (docs/hosting.md: kept in `endgame` beside the database, boards of up to `seeds` seeds; 0: none).
   */
  readonly computer: {
    readonly moveMs?: number;
    readonly analysisMs: number;
    readonly threads: number;
    readonly endgame: EndgameOptions;
    /** The search threads' priority: the same as workerPriority. */
    readonly priority: WorkerPriority;
  };
  /** Mine finished games for puzzles in the AI pool's bot lane (PUZZLE_MINING, default on). */
  readonly puzzleMining: boolean;
  readonly defaults: {
    readonly timeLimit: number;
    readonly maxGamesPerPlayer: number;
    readonly challengeExpiry: number;
    readonly commandsPerMinute: number;
    readonly challengesPerHour: number;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new ConfigError(`Invalid configuration (see .env.example):\n${problems}`);
  }
  const e = parsed.data;
  if (e.DISCORD_PUBLIC_KEY && e.SHARDING !== "off") {
    // Every interaction would reach one endpoint while Nickar's moves are run by the shard holding
    // the game's server: not built (see docs/hosting.md, Running at scale).
    throw new ConfigError(
      "Invalid configuration: DISCORD_PUBLIC_KEY (HTTP interactions) and SHARDING cannot be combined yet",
    );
  }
  if (typeof e.ACTIVITY_PORT === "number" && e.DISCORD_TOKEN && !e.DISCORD_CLIENT_SECRET) {
    throw new ConfigError(
      "Invalid configuration: ACTIVITY_PORT (the Activity) needs DISCORD_CLIENT_SECRET (Developer Portal > OAuth2) to sign players in",
    );
  }
  return {
    token: e.DISCORD_TOKEN,
    applicationId: e.DISCORD_APPLICATION_ID,
    guildId: e.DISCORD_GUILD_ID,
    apiUrl: e.DISCORD_API_URL,
    databasePath: e.DATABASE_PATH,
    logLevel: e.LOG_LEVEL,
    port: e.PORT,
    renderThreads: e.RENDER_THREADS,
    workerPriority: e.WORKER_PRIORITY,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    publicKey: e.DISCORD_PUBLIC_KEY,
    interactionsPort: e.INTERACTIONS_PORT,
    interactionsHost: e.INTERACTIONS_HOST,
    sharding: e.SHARDING === "off" ? null : e.SHARDING === "auto" ? "auto" : Number(e.SHARDING),
    shardSpawnDelayMs: e.SHARD_SPAWN_DELAY_MS,
    activity:
      e.ACTIVITY_PORT === "off" || (e.ACTIVITY_PORT === undefined && e.DISCORD_TOKEN)
        ? null
        : {
            port: e.ACTIVITY_PORT ?? 0,
            host: e.ACTIVITY_HOST,
            ...(e.DISCORD_CLIENT_SECRET && { clientSecret: e.DISCORD_CLIENT_SECRET }),
          },
    computer: {
      ...(e.AI_MOVE_MS !== undefined && { moveMs: Number(e.AI_MOVE_MS) }),
      analysisMs: e.AI_ANALYSIS_MS,
      threads: e.AI_THREADS,
      priority: e.WORKER_PRIORITY,
      endgame: {
        dir: join(e.DATABASE_PATH === ":memory:" ? "./data" : dirname(e.DATABASE_PATH), "endgame"),
        seeds: e.ENDGAME_SEEDS.seeds,
        perRuleset: e.ENDGAME_SEEDS.perRuleset,
      },
    },
    puzzleMining: e.PUZZLE_MINING === "on",
    defaults: {
      timeLimit: parseTimeLimit(e.DEFAULT_TIME_LIMIT)!,
      maxGamesPerPlayer: e.MAX_GAMES_PER_PLAYER,
      challengeExpiry: e.CHALLENGE_EXPIRY_MINUTES * 60_000,
      commandsPerMinute: e.COMMANDS_PER_MINUTE,
      challengesPerHour: e.CHALLENGES_PER_HOUR,
    },
  };
}
