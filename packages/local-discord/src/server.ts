// One HTTP server for everything: Discord's REST API under /api/v10, the gateway WebSocket at
// /gateway, uploaded files under /attachments, the driver API under /local and the playground at /.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApplicationFlags, GatewayIntentBits, PermissionFlagsBits } from "discord-api-types/v10";
import { WebSocketServer } from "ws";
import { ActivityRegistry } from "./activity.ts";
import { createActivityHost } from "./activity-host.ts";
import { AttachmentStore } from "./attachments.ts";
import { LocalClock } from "./clock.ts";
import { CommandRegistry } from "./commands.ts";
import type { LocalConfig, LocalContext } from "./context.ts";
import { handleDriver } from "./driver.ts";
import { LocalEvents } from "./events.ts";
import { Gateway } from "./gateway.ts";
import { endpointProblem, newSigningKeys } from "./http-delivery.ts";
import { sendJson } from "./http-io.ts";
import { InteractionRegistry } from "./interactions.ts";
import { defaultLogger, type LocalLogger } from "./logger.ts";
import { MessageService } from "./messages.ts";
import { OAuth2 } from "./oauth2.ts";
import { type Bucket, RateLimits } from "./rate-limits.ts";
import { activityRoutes } from "./rest-activity.ts";
import { commandRoutes } from "./rest-commands.ts";
import { coreRoutes, gatewayUrl } from "./rest-core.ts";
import { interactionRoutes } from "./rest-interactions.ts";
import { memberRoutes } from "./rest-members.ts";
import { messageRoutes } from "./rest-messages.ts";
import { handleRest } from "./router.ts";
import { stableSnowflake } from "./snowflake.ts";
import { attachmentsDir, readState, restoreState, StateSaver } from "./state-file.ts";
import { Store } from "./store.ts";

export interface LocalDiscordOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: "127.0.0.1" | "localhost" | "0.0.0.0";
  /** Defaults to a random fake token. */
  token?: string;
  applicationId?: string;
  /** Discord: 3000. Lower it in tests. */
  ackTimeoutMs?: number;
  /** Discord: 15 minutes. */
  tokenLifetimeMs?: number;
  /** How long /local/command waits for the edit or follow-up after a deferred response (default 15 s). */
  deferredWaitMs?: number;
  /** Largest upload per file (Discord default: 10 MiB). */
  maxAttachmentBytes?: number;
  maxAttachments?: number;
  /** Discord's per-route rate limits with 429s (default off: tests would take minutes; the playground turns them on). */
  rateLimits?: boolean;
  /** The global rate limit when `rateLimits` is on (default Discord's 50 a second; tests shorten it). */
  globalRateLimit?: Bucket;
  /** The GUILD_MEMBERS privileged intent is enabled for the application (default: no, as for a new bot). */
  membersIntent?: boolean;
  heartbeatIntervalMs?: number;
  /** How long a dropped gateway session can still RESUME (default 2 minutes). */
  resumeWindowMs?: number;
  guildName?: string;
  /** The server's language (Discord's `preferred_locale`, sent as `guild_locale`); en-US by default. */
  guildLocale?: string;
  channels?: string[];
  /** More servers besides the first (`guildName`), each with its text channels. */
  guilds?: { name: string; channels?: string[] }[];
  /**
   * Roles to create in the first server if it has none of that name (`permissions` as names of
   * PermissionFlagsBits; `position` from 1, just above @everyone; default 1, as Discord places new roles).
   */
  roles?: { name: string; permissions?: (keyof typeof PermissionFlagsBits)[]; position?: number; color?: number }[];
  /**
   * The bot's own (managed) role in the first server: its permissions (replacing the defaults: View
   * Channel, Send Messages, Manage Messages...) and its position. Applied after the state file is loaded.
   */
  botRole?: { permissions?: (keyof typeof PermissionFlagsBits)[]; position?: number };
  /** Users that exist from the start (`admin` gets the Admins role). */
  users?: string[];
  botName?: string;
  logger?: LocalLogger;
  /**
   * A JSON file that keeps the world across restarts (servers, channels, users and their settings,
   * messages with their components, pings, registered commands; attachments go in the folder
   * `<name>.attachments` beside it). Loaded at start, saved shortly after each change and on close.
   * Without it everything is in memory only.
   */
  statePath?: string;
  /** The application's OAuth2 client secret (default: a random one; see `LocalDiscord.clientSecret`). */
  clientSecret?: string;
  /**
   * Activities are enabled for the application (the EMBEDDED flag): LAUNCH_ACTIVITY, entry point
   * commands, the Activity's origin and `authorize` work only then. Default true.
   */
  activitiesEnabled?: boolean;
  /** The Activity's URL mapping target for `/` (http://host:port); also settable with PUT /local/applications/<id>/activity-url. */
  activityTarget?: string;
  /** Port of the Activity's origin (the stand-in for <app id>.discordsays.com); 0 (default) picks a free one. */
  activityPort?: number;
}

export interface LocalDiscord {
  /** http://host:port */
  url: string;
  /** Give this to discord.js: `new Client({ rest: { api: apiUrl } })`. */
  apiUrl: string;
  gatewayUrl: string;
  token: string;
  applicationId: string;
  /** The application's OAuth2 client secret: give it to the bot as DISCORD_CLIENT_SECRET. */
  clientSecret: string;
  /** The Activity's origin, http://host:port/ (Discord's https://<app id>.discordsays.com/). */
  activityUrl: string;
  guildId: string;
  /**
   * The playground's clock: real time until the page or POST /local/clock moves it forward (clockUpdate
   * on `context.events` says when). Give it to the bot as its clock.
   */
  clock: LocalClock;
  /** The whole in-memory state, for tests and tools. */
  context: LocalContext;
  /** The application's public key (64 hex digits): give it to the bot as DISCORD_PUBLIC_KEY. */
  publicKey: string;
  /**
   * Sets the Interactions Endpoint URL (interactions are then POSTed there, signed, instead of sent
   * over the gateway), after checking it as the Developer Portal does; null goes back to the gateway.
   * Throws with Discord's reason when the endpoint fails the check.
   */
  useInteractionsEndpoint(url: string | null): Promise<void>;
  /** Drops all gateway connections (sessions stay resumable), as a network failure would. */
  dropConnections(opts?: { terminate?: boolean; code?: number }): number;
  close(): Promise<void>;
}

const PLAYGROUND = readFileSync(new URL("./playground.html", import.meta.url), "utf8");

export async function createLocalDiscord(options: LocalDiscordOptions = {}): Promise<LocalDiscord> {
  const host = options.host ?? "127.0.0.1";
  const config: LocalConfig = {
    token: options.token ?? `local.${randomBytes(18).toString("base64url")}.${randomBytes(20).toString("base64url")}`,
    applicationId: options.applicationId ?? stableSnowflake("application"),
    ackTimeoutMs: options.ackTimeoutMs ?? 3000,
    tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60_000,
    deferredWaitMs: options.deferredWaitMs ?? 15_000,
    maxAttachmentBytes: options.maxAttachmentBytes ?? 10 * 1024 * 1024,
    maxAttachments: options.maxAttachments ?? 10,
    membersIntent: options.membersIntent ?? false,
    clientSecret: options.clientSecret ?? randomBytes(24).toString("base64url"),
  };
  const activitiesEnabled = options.activitiesEnabled ?? true;
  let baseUrl = "";
  let activityUrl = "";
  const events = new LocalEvents();
  const logger = options.logger ?? defaultLogger();
  const store = new Store(events, {
    guildName: options.guildName ?? "Nickar Local",
    guildLocale: options.guildLocale ?? "en-US",
    channels: options.channels ?? ["games", "general"],
    users: options.users ?? ["alice", "bob", "admin"],
    botName: options.botName ?? "Nickar",
    applicationId: config.applicationId,
  });
  for (const guild of options.guilds ?? []) store.addGuild(guild.name, guild.channels ?? ["games", "general"]);
  const { statePath } = options;
  const saved = statePath ? readState(statePath, logger) : null;
  const attachments = new AttachmentStore(() => baseUrl, statePath ? attachmentsDir(statePath) : null, logger);
  const gateway = new Gateway({
    token: config.token,
    store,
    events,
    logger,
    applicationFlags: activitiesEnabled ? ApplicationFlags.Embedded : 0,
    url: () => gatewayUrl(baseUrl),
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    resumeWindowMs: options.resumeWindowMs ?? 120_000,
    privilegedIntents: config.membersIntent ? GatewayIntentBits.GuildMembers : 0,
  });
  const clock = new LocalClock(events);
  const activity = new ActivityRegistry(config.applicationId, events, {
    enabled: activitiesEnabled,
    target: options.activityTarget,
  });
  const context: LocalContext = {
    config,
    store,
    events,
    clock,
    commands: new CommandRegistry(config.applicationId, events, () => activity.enabled),
    interactions: new InteractionRegistry(config),
    messages: new MessageService(store, attachments),
    attachments,
    gateway,
    logger,
    baseUrl: () => baseUrl,
    rateLimits: options.rateLimits ? new RateLimits(Date.now, options.globalRateLimit) : null,
    gaps: new Map(),
    endpoint: { url: null, keys: newSigningKeys(), delivered: 0 },
    activity,
    oauth2: new OAuth2(config, () => clock.now()),
    activityUrl: () => activityUrl,
  };
  const routes = [
    ...activityRoutes,
    ...coreRoutes,
    ...memberRoutes,
    ...commandRoutes,
    ...messageRoutes,
    ...interactionRoutes,
  ];

  const server = createServer((req, res) => {
    handle(context, routes, req, res).catch((error) => {
      logger.error({ err: error }, "local Discord request failed");
      if (!res.headersSent) sendJson(res, 400, { code: 0, message: "Local Discord internal error" });
      else res.end();
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path !== "/gateway") return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => gateway.accept(ws));
  });

  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host;
  baseUrl = `http://${reachable}:${port}`;
  const activityHost = createActivityHost(context);
  try {
    await listen(activityHost.server, options.activityPort ?? 0, host);
  } catch (error) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  activityUrl = `http://${reachable}:${(activityHost.server.address() as AddressInfo).port}/`;
  // Nothing has been served yet: the saved world is in place before the first request.
  const world = { store, commands: context.commands, attachments, clock: context.clock, events, baseUrl, logger };
  if (saved) restoreState(saved, world);
  // After the saved world: the options say what the server's roles must be now.
  const bits = (names: readonly (keyof typeof PermissionFlagsBits)[]) =>
    names.reduce((all, name) => all | PermissionFlagsBits[name], 0n);
  for (const role of options.roles ?? []) {
    if (store.findRole(role.name)) continue;
    store.createRole({ ...role, permissions: role.permissions ? bits(role.permissions) : undefined });
  }
  if (options.botRole) {
    const { permissions, position } = options.botRole;
    store.updateRole(store.botRole().id, { permissions: permissions ? bits(permissions) : undefined, position });
  }
  const saver = statePath ? new StateSaver(statePath, world) : null;

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}/api`,
    gatewayUrl: gatewayUrl(baseUrl),
    token: config.token,
    applicationId: config.applicationId,
    clientSecret: config.clientSecret,
    activityUrl,
    guildId: store.guildId,
    clock: context.clock,
    context,
    publicKey: context.endpoint.keys.publicKeyHex,
    async useInteractionsEndpoint(url) {
      const problem = url ? await endpointProblem(context.endpoint.keys, url) : null;
      if (problem) throw new Error(`Discord would not accept ${url} as the Interactions Endpoint URL: ${problem}`);
      context.endpoint.url = url;
    },
    dropConnections: (opts) => gateway.dropConnections(opts),
    close: async () => {
      gateway.close();
      context.interactions.close();
      wss.close();
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), activityHost.close()]);
      await saver?.close();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

async function handle(
  ctx: LocalContext,
  routes: Parameters<typeof handleRest>[1],
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? "/", ctx.baseUrl());
  const path = url.pathname;
  if (path.startsWith("/api/v10/")) return handleRest(ctx, routes, req, res, url, path.slice("/api/v10".length));
  // Discord's OAuth2 documentation names the token URL without a version.
  if (path === "/api/oauth2/token") return handleRest(ctx, routes, req, res, url, "/oauth2/token");
  if (path.startsWith("/api/")) {
    req.resume();
    ctx.logger.warn({ path }, "local Discord only speaks API v10");
    return sendJson(res, 404, { code: 0, message: "404: Not Found" });
  }
  if (path.startsWith("/local/")) return handleDriver(ctx, req, res, url);
  req.resume();
  if (path.startsWith("/attachments/") && req.method === "GET") {
    const file = await ctx.attachments.get(path);
    if (!file) return sendJson(res, 404, { code: 0, message: "404: Not Found" });
    res.writeHead(200, {
      "content-type": file.contentType,
      "content-length": file.data.length,
      "cache-control": "max-age=86400",
    });
    return res.end(file.data);
  }
  if (path === "/favicon.ico") {
    res.writeHead(204);
    return res.end();
  }
  if (path === "/" && req.method === "GET") {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
    return res.end(PLAYGROUND);
  }
  sendJson(res, 404, { code: 0, message: "404: Not Found" });
}
