// The driver API under /local: act as Discord users (slash commands, autocomplete, button and
// select clicks), read channels as a given user, manage users, and stream events to the page.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type APIMessage,
  type APIRole,
  ButtonStyle,
  ComponentType,
  InteractionType,
  Locale,
  OverwriteType,
  PermissionFlagsBits,
} from "discord-api-types/v10";
import { CommandInputError, parseCommand } from "./command-parser.ts";
import type { LocalContext } from "./context.ts";
import { activityDriverRoutes } from "./driver-activity.ts";
import {
  answer,
  channelOf,
  DriverError,
  type DriverRequest,
  type DriverRoute,
  guildOf,
  type Json,
  locale,
  localeFor,
  mayUse,
  str,
  userOf,
} from "./driver-kit.ts";
import { type DriverAnswer, runInteraction } from "./driver-outcome.ts";
import { DiscordHttpError } from "./errors.ts";
import { shardOf } from "./gateway.ts";
import { endpointProblem } from "./http-delivery.ts";
import { readBody, sendJson } from "./http-io.ts";
import { interactionPayload } from "./interaction-payloads.ts";
import { matchPattern, splitPath } from "./router.ts";
import { serveEvents } from "./sse.ts";

async function command(ctx: LocalContext, { json }: DriverRequest, focused?: string): Promise<DriverAnswer> {
  const user = userOf(ctx, str(json, "user"));
  const channel = channelOf(ctx, str(json, "channel", false), str(json, "guild", false));
  const guild = ctx.store.guildOfChannel(channel.id) ?? ctx.store.primary;
  const locale = localeFor(ctx, json, user.id);
  const parsed = parseCommand(ctx.store, ctx.commands.visible(guild.id), str(json, "text"), {
    focused,
    ignoreOptionLimits: json.ignoreOptionLimits === true,
    locale,
  });
  if (!mayUse(ctx, user.id, guild.id, parsed.command)) {
    const needed = parsed.command.default_member_permissions;
    throw new DriverError(
      403,
      `${user.username} may not use /${parsed.command.name} (needs permissions ${needed}; try user "admin")`,
    );
  }
  const record = ctx.interactions.create({
    type: focused === undefined ? InteractionType.ApplicationCommand : InteractionType.ApplicationCommandAutocomplete,
    applicationId: ctx.config.applicationId,
    userId: user.id,
    channelId: channel.id,
    locale,
    commandName: parsed.fullName,
  });
  return runInteraction(ctx, record, interactionPayload(ctx, record, parsed.data));
}

type Component = Json & { type: number; custom_id?: string; label?: string; placeholder?: string };

function* components(nodes: unknown): Generator<Component> {
  if (!Array.isArray(nodes)) return;
  for (const node of nodes as Component[]) {
    yield node;
    yield* components(node.components);
    if (node.accessory) yield* components([node.accessory]);
  }
}

async function click(ctx: LocalContext, { json }: DriverRequest): Promise<DriverAnswer> {
  const user = userOf(ctx, str(json, "user"));
  const stored = ctx.store.getMessage(str(json, "message"));
  if (!stored || (stored.visibleTo !== null && stored.visibleTo !== user.id)) {
    throw new DriverError(404, `no message "${json.message}" visible to ${user.username}`);
  }
  const all = [...components(stored.message.components)];
  const selectRef = str(json, "select", false);
  let data: Json;
  if (selectRef) {
    const select = all.find(
      (c) => c.type === ComponentType.StringSelect && (c.custom_id === selectRef || c.placeholder === selectRef),
    );
    if (!select) throw new DriverError(404, `no string select "${selectRef}" on that message`);
    if (select.disabled) throw new DriverError(409, "that select menu is disabled");
    const values = Array.isArray(json.values) ? json.values.map(String) : [];
    const allowed = ((select.options as Json[] | undefined) ?? []).map((o) => String(o.value));
    const bad = values.filter((v) => !allowed.includes(v));
    if (bad.length > 0)
      throw new DriverError(400, `not options of that select: ${bad.join(", ")} (options: ${allowed.join(", ")})`);
    const min = (select.min_values as number | undefined) ?? 1;
    const max = (select.max_values as number | undefined) ?? 1;
    if (values.length < min || values.length > max)
      throw new DriverError(400, `choose between ${min} and ${max} values`);
    data = { custom_id: select.custom_id, component_type: ComponentType.StringSelect, values };
  } else {
    const ref = str(json, "button");
    const buttons = all.filter((c) => c.type === ComponentType.Button);
    let button = buttons.find((c) => c.custom_id === ref) ?? buttons.find((c) => c.label === ref);
    // A client that has not seen the bot's latest edit yet still shows (and sends) older buttons.
    if (!button && json.stale === true) {
      const earlier = [...(stored.earlierComponents ?? [])].reverse().flatMap((list) => [...components(list)]);
      button = earlier.find((c) => c.type === ComponentType.Button && c.custom_id === ref);
    }
    if (!button) {
      const names = buttons.map((b) => b.label ?? b.custom_id).join(", ") || "none";
      throw new DriverError(404, `no button "${ref}" on that message (buttons: ${names})`);
    }
    // The Discord client never sends clicks on disabled or link buttons.
    if (button.disabled) throw new DriverError(409, `button "${ref}" is disabled`);
    if (button.style === ButtonStyle.Link || button.style === ButtonStyle.Premium) {
      throw new DriverError(400, `button "${ref}" is a link; it opens ${button.url ?? "a URL"} without an interaction`);
    }
    data = { custom_id: button.custom_id, component_type: ComponentType.Button };
  }
  const record = ctx.interactions.create({
    type: InteractionType.MessageComponent,
    applicationId: ctx.config.applicationId,
    userId: user.id,
    channelId: stored.message.channel_id,
    locale: localeFor(ctx, json, user.id),
    sourceMessageId: stored.message.id,
  });
  return runInteraction(ctx, record, interactionPayload(ctx, record, data, { message: stored.message }));
}

/** `@everyone` or `role:<name>` for a role's overwrite; a user's name (the bot's too: `Nickar`) for a member's. */
function overwriteTarget(ctx: LocalContext, ref: string): { id: string; type: OverwriteType } {
  if (ref === "@everyone" || ref.startsWith("role:")) {
    const role = ctx.store.findRole(ref === "@everyone" ? ref : ref.slice("role:".length));
    if (!role) throw new DriverError(404, `no role "${ref}"`);
    return { id: role.id, type: OverwriteType.Role };
  }
  const user = ctx.store.findUser(ref);
  if (!user) throw new DriverError(404, `no member "${ref}" (roles are "@everyone" or "role:<name>")`);
  return { id: user.id, type: OverwriteType.Member };
}

/** Permission names (`AttachFiles`, as in PermissionFlagsBits) to bits; unknown names are refused. */
function permissionBits(value: unknown): bigint {
  if (value === undefined) return 0n;
  if (!Array.isArray(value)) throw new DriverError(400, "allow and deny are lists of permission names");
  return value.reduce<bigint>((all, name) => {
    const bit = (PermissionFlagsBits as Record<string, bigint>)[String(name)];
    if (bit === undefined) throw new DriverError(400, `unknown permission "${name}" (e.g. AttachFiles, SendMessages)`);
    return all | bit;
  }, 0n);
}

/** A role's permissions in a driver call: a list of names (as in PermissionFlagsBits) or the bitfield as a decimal string. */
function rolePermissions(value: unknown): bigint | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && /^\d{1,20}$/.test(value)) return BigInt(value);
  return permissionBits(value);
}

/** A role's color: a number or "#rrggbb". */
function roleColor(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xffffff) return value;
  if (typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value)) return Number.parseInt(value.slice(1), 16);
  throw new DriverError(400, `"color" is a number or "#rrggbb" (got ${JSON.stringify(value)})`);
}

function rolePosition(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) return value;
  throw new DriverError(400, `"position" is a whole number from 1 (just above @everyone) up`);
}

/** A role by name, id or `<@&id>` in a server; `bot` is the bot's own managed role. */
function roleOf(ctx: LocalContext, ref: string, guildId: string) {
  const role = ref.toLowerCase() === "bot" ? ctx.store.botRole(guildId) : ctx.store.findRole(ref, guildId);
  if (!role) throw new DriverError(404, `no role "${ref}"`);
  return role;
}

/** A member (a person or the bot, by name or id). */
function memberOf(ctx: LocalContext, ref: string) {
  const user = ctx.store.findUser(ref);
  if (!user) throw new DriverError(404, `no user "${ref}"`);
  return user;
}

/** A role as the driver lists it on a user. */
const roleSummary = (r: APIRole) => ({ id: r.id, name: r.name, color: r.color, position: r.position });

/**
 * Gives or takes a role as a server admin would in Discord's member settings: no hierarchy applies (the
 * admin is the owner), but @everyone and managed roles (the bot's) cannot be given or taken there either.
 */
function changeRole(ctx: LocalContext, userRef: string, roleRef: string, add: boolean, guildRef: string) {
  const guild = guildOf(ctx, guildRef);
  const user = memberOf(ctx, userRef);
  const role = roleOf(ctx, roleRef, guild.id);
  if (role.id === guild.everyoneRoleId)
    throw new DriverError(400, "everyone has @everyone; it cannot be given or taken");
  if (role.managed)
    throw new DriverError(400, `"${role.name}" is managed by Discord (a bot's role); it cannot be given or taken`);
  const changed = ctx.store.setMemberRole(user.id, role.id, add, guild.id);
  return answer({ user: user.username, changed, roles: ctx.store.memberRoles(user.id, guild.id).map(roleSummary) });
}

/** A user as the driver lists them: the Discord user, plus their local settings, roles (in the first server) and unread pings. */
function userInfo(ctx: LocalContext, userId: string) {
  const user = ctx.store.users.get(userId)!;
  return {
    ...user,
    admin: ctx.store.isAdmin(userId),
    roles: ctx.store.memberRoles(userId).map(roleSummary),
    dms: ctx.store.acceptsDms(userId),
    locale: ctx.store.localeOf(userId),
    unreadPings: ctx.store.pingsOf(userId).length,
    /** The user's DM channel with the bot, once the bot opened one. */
    dmChannelId: ctx.store.dmOf(userId)?.id ?? null,
  };
}

/** The channel whose pings a user reads: a guild text channel (name, #name, id) or `"dm"`, their DM channel. */
function readChannel(ctx: LocalContext, userId: string, ref: string): string | undefined {
  if (!ref) return undefined;
  const dm = ctx.store.dmOf(userId);
  if (ref === "dm" || ref === dm?.id) {
    if (!dm) throw new DriverError(404, "the bot has no direct messages with that user");
    return dm.id;
  }
  return channelOf(ctx, ref).id;
}

function knownUser(ctx: LocalContext, ref: string) {
  const user = ctx.store.findUser(ref);
  if (!user || user.bot) throw new DriverError(404, `no user "${ref}"`);
  return user;
}

function asUser(ctx: LocalContext, query: URLSearchParams): string | null {
  const name = query.get("as");
  if (!name) return null;
  const user = ctx.store.findUser(name);
  if (!user) throw new DriverError(404, `no user "${name}"`);
  return user.id;
}

/** The playground's clock: its time and how far ahead of real time it is. */
function clockInfo(ctx: LocalContext) {
  const now = ctx.clock.now();
  return { now, iso: new Date(now).toISOString(), offsetMs: ctx.clock.offsetMs };
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** How far to move the clock: milliseconds, or a duration such as "90m", "1h", "1d". */
function advanceMs(value: unknown): number {
  if (typeof value === "number") return value;
  const m = typeof value === "string" ? /^(\d+)(ms|s|m|h|d)$/.exec(value.trim()) : null;
  if (!m)
    throw new DriverError(
      400,
      `"advance" is milliseconds or a duration like "1h", "1d" (got ${JSON.stringify(value)})`,
    );
  return Number(m[1]) * DURATION_UNITS[m[2]];
}

const routes: DriverRoute[] = [
  ...activityDriverRoutes,
  ["POST", "/local/command", (ctx, r) => command(ctx, r)],
  ["POST", "/local/autocomplete", (ctx, r) => command(ctx, r, str(r.json, "focused"))],
  ["POST", "/local/click", click],
  [
    "GET",
    "/local/channels",
    (ctx, { query }) =>
      answer(
        ctx.store
          .textChannels(guildOf(ctx, query.get("guild")).id)
          .map((c) => ({ id: c.id, name: (c as { name?: string }).name ?? c.id })),
      ),
  ],
  [
    "GET",
    "/local/guilds",
    (ctx) => {
      const { count } = ctx.gateway.shards();
      return answer(
        [...ctx.store.guilds.values()].map((g) => ({ id: g.id, name: g.name, shard: shardOf(g.id, count) })),
      );
    },
  ],
  [
    "POST",
    "/local/guilds",
    (ctx, { json }) => {
      const channels = Array.isArray(json.channels) ? json.channels.map(String) : ["games", "general"];
      const guild = ctx.store.addGuild(str(json, "name"), channels);
      return answer({ id: guild.id, name: guild.name, shard: shardOf(guild.id, ctx.gateway.shards().count) });
    },
  ],
  [
    "GET",
    "/local/channels/:channel/messages",
    (ctx, { params, query }) => {
      const channel = channelOf(ctx, params.channel, query.get("guild"));
      const list: APIMessage[] = ctx.store.channelMessages(channel.id, asUser(ctx, query)).map((m) => m.message);
      return answer(list);
    },
  ],
  [
    "POST",
    "/local/channels/:channel/permissions",
    (ctx, { params, json }) => {
      const channel = channelOf(ctx, params.channel, str(json, "guild", false));
      const target = overwriteTarget(ctx, str(json, "target"));
      const updated = ctx.store.setOverwrite(channel.id, target, permissionBits(json.allow), permissionBits(json.deny));
      return answer({
        id: updated.id,
        permission_overwrites: "permission_overwrites" in updated ? updated.permission_overwrites : [],
      });
    },
  ],
  ["GET", "/local/users", (ctx) => answer(ctx.store.humanUsers().map((u) => userInfo(ctx, u.id)))],
  [
    "POST",
    "/local/users",
    (ctx, { json }) => {
      const { user, created } = ctx.store.ensureUser(str(json, "name"), { admin: json.admin === true });
      if (typeof json.dms === "boolean") ctx.store.setAcceptsDms(user.id, json.dms);
      if (typeof json.locale === "string") ctx.store.setLocale(user.id, locale(json.locale));
      return answer(userInfo(ctx, user.id), created ? 201 : 200);
    },
  ],
  ["GET", "/local/roles", (ctx, { query }) => answer(ctx.store.rolesByPosition(guildOf(ctx, query.get("guild")).id))],
  [
    "POST",
    "/local/roles",
    (ctx, { json }) => {
      const guild = guildOf(ctx, str(json, "guild", false));
      const input = {
        name: str(json, "name"),
        permissions: rolePermissions(json.permissions),
        position: rolePosition(json.position),
        color: roleColor(json.color),
      };
      try {
        return answer(ctx.store.createRole(input, guild.id), 201);
      } catch (error) {
        throw new DriverError(409, (error as Error).message);
      }
    },
  ],
  [
    "GET",
    "/local/audit-log",
    (ctx, { query }) => {
      const guildId = guildOf(ctx, query.get("guild")).id;
      return answer(ctx.store.auditLog.filter((e) => e.guildId === guildId));
    },
  ],
  [
    "POST",
    "/local/roles/:role",
    (ctx, { params, json }) => {
      const guild = guildOf(ctx, str(json, "guild", false));
      const role = roleOf(ctx, params.role, guild.id);
      const input = {
        permissions: rolePermissions(json.permissions),
        position: rolePosition(json.position),
        color: roleColor(json.color),
      };
      if (role.id === guild.everyoneRoleId && input.position !== undefined)
        throw new DriverError(400, "@everyone is always at position 0");
      return answer(ctx.store.updateRole(role.id, input, guild.id));
    },
  ],
  [
    "GET",
    "/local/users/:user/roles",
    (ctx, { params, query }) =>
      answer(
        ctx.store.memberRoles(memberOf(ctx, params.user).id, guildOf(ctx, query.get("guild")).id).map(roleSummary),
      ),
  ],
  [
    "POST",
    "/local/users/:user/roles",
    (ctx, { params, json }) =>
      changeRole(ctx, params.user, str(json, "role"), json.remove !== true, str(json, "guild", false)),
  ],
  [
    "DELETE",
    "/local/users/:user/roles/:role",
    (ctx, { params, query }) => changeRole(ctx, params.user, params.role, false, query.get("guild") ?? ""),
  ],
  [
    "GET",
    "/local/users/:user/pings",
    (ctx, { params, query }) => {
      const user = knownUser(ctx, params.user);
      const pings = ctx.store.pingsOf(user.id, query.get("all") === "true");
      return answer({ user: user.username, unread: ctx.store.pingsOf(user.id).length, pings });
    },
  ],
  [
    "POST",
    "/local/users/:user/pings/read",
    (ctx, { params, json }) => {
      const user = knownUser(ctx, params.user);
      const channelId = readChannel(ctx, user.id, str(json, "channel", false));
      return answer({ read: ctx.store.readPings(user.id, channelId), unread: ctx.store.pingsOf(user.id).length });
    },
  ],
  [
    "GET",
    "/local/users/:user/dms",
    (ctx, { params }) => {
      const dm = ctx.store.dmOf(knownUser(ctx, params.user).id);
      return answer(dm ? ctx.store.channelMessages(dm.id, null).map((m) => m.message) : []);
    },
  ],
  [
    "GET",
    "/local/interactions/:id",
    (ctx, { params }) => {
      const record = ctx.interactions.get(params.id);
      if (!record) throw new DriverError(404, `no interaction "${params.id}"`);
      const { id, type, userId, channelId, createdAt, ackDeadline, ackedAt, lateCallbacks, ack, errors } = record;
      return answer({ id, type, userId, channelId, createdAt, ackDeadline, ackedAt, lateCallbacks, ack, errors });
    },
  ],
  [
    "GET",
    "/local/commands",
    (ctx, { query }) => {
      const guildId = guildOf(ctx, query.get("guild")).id;
      const as = asUser(ctx, query);
      // ?as=<user>: only the commands that user's client lists (their permissions allow them).
      return answer(ctx.commands.visible(guildId).filter((c) => as === null || mayUse(ctx, as, guildId, c)));
    },
  ],
  [
    "GET",
    "/local/info",
    (ctx) =>
      answer({
        guild: { id: ctx.store.guildId, name: ctx.store.guildName },
        bot: ctx.store.bot,
        applicationId: ctx.config.applicationId,
        /** Discord's locales, which users may choose. */
        locales: Object.values(Locale),
        botConnected: ctx.gateway.isBotOnline(),
        botResumable: ctx.gateway.hasLiveSession(),
        gateway: { ...ctx.gateway.stats, shards: ctx.gateway.shards() },
        clock: clockInfo(ctx),
        rateLimits: ctx.rateLimits ? { limited: ctx.rateLimits.limited, exhausted: ctx.rateLimits.exhausted } : null,
        interactions: {
          endpoint: ctx.endpoint.url,
          publicKey: ctx.endpoint.keys.publicKeyHex,
          delivered: ctx.endpoint.delivered,
        },
      }),
  ],
  [
    "POST",
    "/local/interactions-endpoint",
    async (ctx, { json }) => {
      // As in the Developer Portal: the URL is saved only when the endpoint passes Discord's check.
      const url = typeof json.url === "string" && json.url !== "" ? json.url : null;
      const problem = url ? await endpointProblem(ctx.endpoint.keys, url) : null;
      if (problem) throw new DriverError(400, `Discord would not accept ${url}: ${problem}`);
      ctx.endpoint.url = url;
      return answer({ endpoint: url });
    },
  ],
  ["GET", "/local/clock", (ctx) => answer(clockInfo(ctx))],
  [
    "POST",
    "/local/clock",
    (ctx, { json }) => {
      try {
        ctx.clock.advance(advanceMs(json.advance));
      } catch (error) {
        throw new DriverError(400, (error as Error).message);
      }
      return answer(clockInfo(ctx));
    },
  ],
  ["GET", "/local/gaps", (ctx) => answer(Object.fromEntries(ctx.gaps))],
  [
    "POST",
    "/local/gateway/drop",
    (ctx, { json }) => answer({ dropped: ctx.gateway.dropConnections({ terminate: json.terminate === true }) }),
  ],
  [
    "POST",
    "/local/gateway/reconnect",
    (ctx) => {
      ctx.gateway.requestReconnect();
      return answer({ ok: true });
    },
  ],
  [
    "GET",
    "/local/events",
    (ctx, { req, res, query }) => {
      serveEvents(ctx, req, res, asUser(ctx, query));
      return null;
    },
  ],
];

export async function handleDriver(ctx: LocalContext, req: IncomingMessage, res: ServerResponse, url: URL) {
  const segments = splitPath(url.pathname);
  const found = routes
    .map(([method, pattern, handler]) => ({ method, handler, params: matchPattern(pattern, segments) }))
    .filter((r) => r.params !== null);
  const route = found.find((r) => r.method === req.method);
  try {
    if (!route) {
      req.resume();
      throw new DriverError(found.length > 0 ? 405 : 404, `no driver route ${req.method} ${url.pathname}`);
    }
    let json: Json = {};
    if (req.method === "POST" || req.method === "PUT") {
      const body = await readBody(req, { maxFileBytes: 1, maxJsonBytes: 1024 * 1024 });
      json = (body.json ?? {}) as Json;
    }
    const result = await route.handler(ctx, { params: route.params!, query: url.searchParams, json, req, res });
    if (result) sendJson(res, result.status, result.body);
  } catch (error) {
    const status = error instanceof DriverError ? error.status : error instanceof DiscordHttpError ? error.status : 400;
    const message = (error as Error).message;
    if (!(error instanceof DriverError || error instanceof CommandInputError || error instanceof DiscordHttpError)) {
      ctx.logger.warn({ err: error, path: url.pathname }, "driver request failed");
    }
    sendJson(res, status, { ok: false, error: { message } });
  }
}
