/**
 * Starts the bot: one discord.js client (optionally pointed at another REST base URL, such as the
 * local stand-in Discord), the interaction router and the deadline scheduler.
 */
import {
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  MessageFlags,
  Options,
  ShardClientUtil,
} from "discord.js";
import throttle from "lodash/throttle.js";
import { startDiscordActivity } from "../activity/server.ts";
import { type AiPool, type AiPoolOptions, createAiPool } from "../ai/index.ts";
import { createApp } from "../app.ts";
import { type Clock, systemClock } from "../clock.ts";
import { RoleKeeper } from "../competition/jobs/role-keeper.ts";
import { roleProblemOf } from "../competition/jobs/role-problem.ts";
import type { Db } from "../db/client.ts";
import { countActiveGames } from "../db/counts.ts";
import type { ComputerOptions } from "../games/computer.ts";
import { AnalysisJobs } from "../games/jobs/analysis-jobs.ts";
import { ComputerTurns } from "../games/jobs/computer-turns.ts";
import type { Defaults } from "../games/settings.ts";
import { localeOf, type MessageKey } from "../i18n/index.ts";
import type { App } from "../interactions/context.ts";
import { discordTranslator } from "../interactions/speech.ts";
import type { Logger } from "../logger.ts";
import { type Images, pooledImages, RenderPool, type RenderPoolOptions } from "../present/images.ts";
import { PuzzleMining } from "../puzzles/jobs/puzzle-mining.ts";
import { workerPairer } from "../tournaments/swiss-pairer.ts";
import { mainThreadIdle } from "../workers/idle-collect.ts";
import { DisplayNames } from "./display-names.ts";
import { type InteractionsServer, serveInteractions } from "./http-interactions.ts";
import { InFlight } from "./in-flight.ts";
import { separateInteractionRequests } from "./interaction-rest.ts";
import { LostPermissions } from "./lost-permissions.ts";
import { discordMessenger } from "./messenger.ts";
import { Metrics, type MetricsServer, type PoolGauge, serveMetrics } from "./metrics.ts";
import { Notices } from "./notices.ts";
import { commandLimit } from "./rate-limit.ts";
import { createRouter } from "./router.ts";
import { Scheduler } from "./scheduler.ts";
import { SweepLease } from "./sweep-lease.ts";

/** The looks for due deadlines, Nickar's moves and analyses after interactions: at most one per window. */
export const CHANGE_WINDOW_MS = 250;

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
  /** Serve Prometheus metrics and /healthz on this port (0: any free one); none when undefined. */
  readonly metricsPort?: number;
  readonly metricsHost?: string;
  /** The computer opponent's budgets, and its pool (default: a new one of `threads`, closed on stop). */
  readonly computer?: Partial<ComputerOptions> & Pick<AiPoolOptions, "threads" | "endgame" | "priority">;
  /**
   * What is wrong with the database file, or null: checked before every interaction, so that a file
   * deleted or replaced under the running bot is never silently played on (see src/db/file-watch.ts).
   */
  readonly databaseCheck?: () => string | null;
  /** Called once when the bot must stop for good (the database check failed); the caller shuts down. */
  readonly onFatal?: (reason: string) => void;
  /**
   * Mine finished games for puzzles in the AI pool's bot lane (src/puzzles/jobs/puzzle-mining.ts); the bot's
   * entry point turns it on (PUZZLE_MINING, default on), tests only where they look at it.
   */
  readonly puzzleMining?: boolean;
  /** How long a shutdown waits for the interactions in flight; default SHUTDOWN_DRAIN_MS. */
  readonly drainMs?: number;
  /**
   * Serve Discord's HTTP interactions endpoint (src/discord/http-interactions.ts) with this public
   * key, on this port (0: any free one): interactions then come over HTTP, answered by the same router.
   */
  readonly interactions?: { readonly publicKey: string; readonly port: number; readonly host?: string };
  /**
   * Serve the Activity (src/activity: the live board inside Discord) on this port (0: any free one), its
   * sign-in codes exchanged with the application's client secret.
   */
  readonly activity?: { readonly port: number; readonly host?: string; readonly clientSecret: string };
}

export interface Bot {
  readonly client: Client;
  readonly app: App;
  /** Where /metrics and /healthz are served, when they are. */
  readonly metricsUrl: string | null;
  /** The HTTP interactions endpoint, when it is served. */
  readonly interactionsUrl: string | null;
  /** The Activity's server (what Discord's URL mapping points at), when it is served. */
  readonly activityUrl: string | null;
  /** Time moved under the bot (the playground's clock): look again at what is due now (deadlines, daily puzzles, arenas, roles). */
  poke(): void;
  stop(): Promise<void>;
}

/** A shutdown waits this long for the interactions in flight before it closes the connection anyway. */
export const SHUTDOWN_DRAIN_MS = 10_000;

/** The answer to an interaction that arrives while the bot is stopping. */
export const STOPPING = discordTranslator("en")("notices:bot.stopping");
/** The answer to an interaction when the database file is not the one the bot opened. */
export const DATABASE_GONE = discordTranslator("en")("notices:bot.databaseGone");

const DEFAULTS: Defaults = {
  timeLimit: 86400,
  maxGamesPerPlayer: 10,
  challengeExpiry: 10 * 60_000,
  commandsPerMinute: 30,
  challengesPerHour: 15,
};

/**
 * The name an interaction shows for its user, as the member look-up would give it: their nickname
 * in the server, else their display name, else their username.
 */
function displayNameOf(interaction: Interaction): string | null {
  const { member, user } = interaction;
  const nickname = member && ("displayName" in member ? member.displayName : member.nick);
  return nickname || user.globalName || user.username || null;
}

export async function startBot(options: BotOptions): Promise<Bot> {
  const { logger } = options;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // No message cache: every board edit and follow-up answers with its message, which discord.js
    // kept, 200 per channel (a board's buttons and attachment each), though the bot never reads them
    // back (it edits and deletes by id, and a pressed button carries its message).
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    ...(options.apiUrl && { rest: { api: options.apiUrl } }),
  });
  const stopInteractionRest = separateInteractionRequests(client.rest, () => client.application?.id ?? null);
  const clock = options.clock ?? systemClock;
  const names = new DisplayNames({
    clock,
    fetchers: {
      // Forced, so a nickname changed since the last look-up is seen (the client has no member events).
      member: async (guildId, userId) => {
        const guild = await client.guilds.fetch(guildId);
        // Nickar's own member comes with the server (and its updates): no request.
        if (userId === client.user?.id && guild.members.me) return guild.members.me.displayName;
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
  // Nickar's own user id joins once it has logged in: its games are unrated and it plays them.
  const bots = new Set<string>();
  // Its threads, endgame tables and priority are among the computer's options (BotOptions.computer).
  const ownPool: AiPool | null = options.computer?.pool ? null : createAiPool(options.computer ?? {});
  // The endgame tables are read, or built the first time, in the background (the pool's bot lane):
  // Nickar plays with search alone until each is ready.
  ownPool
    ?.prepareEndgames?.((report) =>
      logger.info(
        { ...report, exact: `${((100 * report.exact) / report.boards).toFixed(1)}%` },
        report.built ? "endgame table built" : "endgame table read",
      ),
    )
    .catch((err) => logger.warn({ err }, "endgame tables not ready: the search plays without them"));
  const pool = options.computer?.pool ?? (ownPool as AiPool);
  // Games against Nickar render in the bot lane of the render pool.
  const renderPool = options.images ? null : new RenderPool(options.renderPool);
  const swissPairer = workerPairer(); // a large Swiss field's rounds: a thread of their own (swiss-rounds.ts)
  const app = createApp({
    db: options.db,
    clock,
    bots,
    computer: { ...options.computer, pool },
    defaults: options.defaults ?? DEFAULTS,
    images: renderPool ? pooledImages(renderPool, (id) => bots.has(id)) : options.images!,
    displayName: (guildId, userId) => names.get(guildId, userId),
    guildLocale: (guildId) => client.guilds.cache.get(guildId)?.preferredLocale,
    guildName: async (guildId) => (await client.guilds.fetch(guildId).catch(() => null))?.name ?? "",
    roleProblem: (guildId, roleId) => roleProblemOf(client, guildId, roleId),
    rolesTakenBack: (userId, forget) => roles.forgetting(userId, forget),
    activity: options.activity !== undefined,
    swissPairer,
  });
  // A channel refusing the bot's messages (a permission taken away mid-game) is reported to its players.
  const messenger = discordMessenger(client, logger, (channelId) => void lost.refused(channelId));
  const lost = new LostPermissions(
    options.db,
    app.games,
    messenger,
    (channelId) => {
      const channel = client.channels.cache.get(channelId);
      const me = client.user;
      return channel && me && "permissionsFor" in channel ? (channel.permissionsFor(me)?.bitfield ?? null) : null;
    },
    clock,
    logger,
    bots,
    (guildId) => app.serverLocale(guildId),
  );
  const notices = new Notices(options.db, app.players, messenger, clock, logger, bots);
  // Roles that follow the standings: kept in step after every change, mended at start-up.
  // A refusal's report is in the outbox: the scheduler's sweep sends it.
  const roles = new RoleKeeper(
    app,
    client.rest,
    logger,
    (guildId) => owns(guildId),
    () => scheduler?.poke(),
  );
  let stopping = false;
  let fatal: string | null = null;
  const metrics =
    options.metricsPort === undefined
      ? null
      : new Metrics({
          activeGames: () => countActiveGames(options.db),
          pools: (): Record<string, PoolGauge> => ({
            ...(renderPool && { render: renderPool.stats() }),
            search: { threads: pool.liveThreads, queued: pool.queuedByLane() },
          }),
          problem: () =>
            fatal ?? (stopping ? "stopping" : client.isReady() ? null : "not connected to Discord's gateway"),
        });
  metrics?.watch(client);
  // Anything that changed may give Nickar a move to make, or start the next analysis. At most once
  // per CHANGE_WINDOW_MS under load (at once when quiet, then once at the window's end): each look is
  // a few queries, and after every interaction they were a large share of the main thread's work.
  const changed = throttle(
    () => {
      try {
        scheduler?.poke();
        turns.poke();
        analyses.poke();
        roles.poke();
        mining?.poke();
      } catch (err) {
        logger.error({ err }, "could not look for due work after a change");
      }
    },
    CHANGE_WINDOW_MS,
    { leading: true, trailing: true },
  );
  const newScheduler = () =>
    new Scheduler(
      app,
      messenger,
      logger,
      notices,
      () => {
        turns.poke();
        analyses.poke();
        roles.poke();
      },
      (ms) => metrics?.schedulerLag(ms),
    );
  // Started once ready: by this process, or (with sharding) by whichever shard holds the sweep lease.
  let scheduler: Scheduler | null = null;
  const lease = client.shard
    ? new SweepLease(options.db, clock, logger, () => {
        scheduler = newScheduler();
        return scheduler;
      })
    : null;
  // With sharding, Nickar's moves and analyses are run by the shard that holds the game's server.
  const owns = (guildId: string) => {
    const shard = client.shard;
    return !shard || shard.ids.includes(ShardClientUtil.shardIdForGuildId(guildId, shard.count));
  };
  const turns = new ComputerTurns(app, messenger, logger, changed, undefined, notices, owns);
  const analyses = new AnalysisJobs(app, messenger, logger, owns);
  const mining = options.puzzleMining
    ? new PuzzleMining(app, pool, logger, owns, undefined, () => mainThreadIdle.quiet())
    : null;
  const route = createRouter({
    app,
    messenger,
    notices,
    logger,
    onChange: changed,
    admit: commandLimit(app),
    onError: (code) => metrics?.error(code),
  });
  const inFlight = new InFlight();
  client.on(Events.InteractionCreate, (interaction) => {
    mainThreadIdle.busy();
    // The names the interaction shows are the freshest there are: the board needs no look-up for them.
    names.seen(interaction.guildId, interaction.user.id, displayNameOf(interaction));
    if (!stopping && !fatal) {
      const problem = options.databaseCheck?.() ?? null;
      if (problem) {
        fatal = problem;
        if (options.onFatal) options.onFatal(problem);
        else logger.fatal({ problem }, "the database file changed under the running bot");
      }
    }
    inFlight.track(
      stopping || fatal
        ? refuse(interaction, fatal ? "notices:bot.databaseGone" : "notices:bot.stopping")
        : route(interaction),
    );
  });
  client.on(Events.Error, (err) => logger.error({ err }, "discord client error"));
  client.once(Events.ClientReady, (ready) => {
    bots.add(ready.user.id);
    logger.info({ user: ready.user.tag, shards: client.shard?.ids ?? null }, "bot ready");
    if (lease) lease.start();
    else {
      scheduler = newScheduler();
      scheduler.start();
    }
    // Searches cut off by a restart resume here.
    turns.poke();
    analyses.start();
    void roles.mend();
    mining?.poke();
  });
  let metricsServer: MetricsServer | null = null;
  if (metrics) {
    metricsServer = await serveMetrics(metrics, options.metricsPort!, options.metricsHost);
    logger.info({ url: metricsServer.url }, "metrics served");
  }
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(options.token);
  const activityServer = options.activity
    ? await startDiscordActivity(options.activity, options.apiUrl ?? "https://discord.com/api", {
        app,
        discord: { messenger, notices, onChange: changed, track: (work) => inFlight.track(work) },
        clientId: () => client.application?.id ?? null,
        logger,
      })
    : null;
  let interactionsServer: InteractionsServer | null = null;
  if (options.interactions) {
    // Only once the client is ready: its caches (guilds, channels) are then those a gateway interaction finds.
    await ready;
    interactionsServer = await serveInteractions({ client, logger, ...options.interactions });
    logger.info({ url: interactionsServer.url }, "interactions endpoint served");
  }
  return {
    client,
    app,
    metricsUrl: metricsServer?.url ?? null,
    interactionsUrl: interactionsServer?.url ?? null,
    activityUrl: activityServer?.url ?? null,
    poke: changed,
    /**
     * Graceful stop: new interactions are answered "restarting" and not handled, the ones in flight
     * finish (up to `drainMs`), the scheduler's sweep in progress finishes and no other starts, then
     * the connection closes. The caller closes the database after this.
     */
    async stop() {
      if (stopping) return;
      stopping = true;
      // No new moves from the Activity; those under way are waited for with the interactions in flight.
      await activityServer?.close();
      // No new searches: those cut off here resume at the next start (all they need is in the database).
      changed.cancel();
      turns.stop();
      analyses.stop();
      const rolesStopped = roles.stop();
      mining?.stop();
      const busy = inFlight.size;
      const [drained] = await Promise.all([
        inFlight.drain(options.drainMs ?? SHUTDOWN_DRAIN_MS),
        lease ? lease.stop() : scheduler?.stop(),
        rolesStopped,
      ]);
      if (drained.finished) logger.info({ inFlight: busy }, "interactions in flight finished; scheduler stopped");
      else logger.warn({ inFlight: busy, left: drained.left }, "shutdown did not wait for every interaction");
      // HTTP interactions that came meanwhile were answered "restarting"; now nothing more is taken.
      await interactionsServer?.close();
      await client.destroy();
      stopInteractionRest();
      await Promise.all([ownPool?.close(), renderPool?.close(), swissPairer.close(), metricsServer?.close()]);
    },
  };
}

/** Answers privately without handling (the bot is stopping); autocomplete gets no suggestions. */
async function refuse(interaction: Interaction, key: MessageKey): Promise<void> {
  if (interaction.isAutocomplete()) await interaction.respond([]);
  else if (interaction.isRepliable()) {
    const content = discordTranslator(localeOf(interaction.locale))(key);
    await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  }
}
