// REST: gateway discovery, users, the application, the guild and its channels and members.

import { ApplicationFlags } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import {
  cannotOpenDmWithBot,
  FieldErrors,
  missingAccess,
  unknownChannel,
  unknownGuild,
  unknownMember,
  unknownUser,
} from "./errors.ts";
import { guildObject } from "./guild-payloads.ts";
import { noContent, ok, type Route } from "./router.ts";

function applicationObject(ctx: LocalContext) {
  const { store } = ctx;
  return {
    id: store.applicationId,
    name: store.bot.username,
    icon: null,
    description: "Local stand-in application",
    summary: "",
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: "0".repeat(64),
    flags: ctx.activity.enabled ? ApplicationFlags.Embedded : 0,
    team: null,
    owner: store.users.get(store.ownerId) ?? store.bot,
    bot: store.bot,
    guild_id: store.guildId,
    approximate_guild_count: 1,
    integration_types_config: { "0": {} },
    event_webhooks_status: 1,
    tags: [],
    redirect_uris: [],
    interactions_endpoint_url: null,
  };
}

/** A GET route under `/guilds/:guild` that answers for the guilds there are (10004 for any other). */
function guildRoute(path: string, handler: Route["handler"]): Route {
  return {
    method: "GET",
    pattern: `/guilds/:guild${path}`,
    auth: true,
    handler: (ctx, request) => {
      if (!ctx.store.guilds.has(request.params.guild)) throw unknownGuild();
      return handler(ctx, request);
    },
  };
}

/** The channel in the path (a guild channel or a DM), or 10003. */
function channelOf(ctx: LocalContext, id: string) {
  const channel = ctx.store.channels.get(id) ?? ctx.store.dmChannels.get(id);
  if (!channel) throw unknownChannel();
  return channel;
}

/** The gateway's ws:// URL on the server at `baseUrl` (http://host:port). */
export function gatewayUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, "ws")}/gateway`;
}

export const coreRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/gateway/bot",
    auth: true,
    // discord.js needs session_start_limit, or login() throws a TypeError.
    handler: (ctx) =>
      ok({
        url: gatewayUrl(ctx.baseUrl()),
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      }),
  },
  { method: "GET", pattern: "/gateway", auth: false, handler: (ctx) => ok({ url: gatewayUrl(ctx.baseUrl()) }) },
  // GET /users/@me (Bot or Bearer) is in rest-activity.ts, listed before `/users/:user`.
  {
    method: "GET",
    pattern: "/users/:user",
    auth: true,
    handler: (ctx, { params }) => {
      const user = ctx.store.users.get(params.user);
      if (!user) throw unknownUser();
      return ok(user);
    },
  },
  {
    method: "POST",
    pattern: "/users/@me/channels",
    auth: true,
    // Opening a DM with a person always works; sending in it may not (403 50007 when the user does not
    // accept DMs). With a bot, Discord refuses at once: 400 50007.
    handler: async (ctx, { body }) => {
      const { json } = await body();
      const recipient = String((json as { recipient_id?: unknown } | undefined)?.recipient_id ?? "");
      const user = ctx.store.users.get(recipient);
      if (!user || user.bot) {
        const errors = new FieldErrors();
        errors.add(["recipient_id"], "NUMBER_TYPE_COERCE", `Value "${recipient}" is not snowflake.`);
        if (user?.bot) throw cannotOpenDmWithBot();
        throw errors.toError();
      }
      return ok(ctx.store.openDm(user.id));
    },
  },
  { method: "GET", pattern: "/applications/@me", auth: true, handler: (ctx) => ok(applicationObject(ctx)) },
  guildRoute("", (ctx, { query, params }) => {
    const counts = query.get("with_counts") === "true";
    const members = ctx.store.memberList(params.guild).length;
    return ok({
      ...guildObject(ctx.store, params.guild),
      ...(counts ? { approximate_member_count: members, approximate_presence_count: members } : {}),
    });
  }),
  guildRoute("/channels", (ctx, { params }) => ok(ctx.store.guildChannels(params.guild))),
  guildRoute("/roles", (ctx, { params }) => ok(ctx.store.guild(params.guild).roles)),
  // Listing members needs the GUILD_MEMBERS privileged intent enabled for the application.
  guildRoute("/members", (ctx, { query, params }) => {
    if (!ctx.config.membersIntent) throw missingAccess();
    const limit = Math.min(1000, Math.max(1, Number(query.get("limit") ?? 1)));
    const after = BigInt(query.get("after") ?? "0");
    return ok(
      ctx.store
        .memberList(params.guild)
        .filter((m) => BigInt(m.user.id) > after)
        .sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1))
        .slice(0, limit),
    );
  }),
  guildRoute("/members/:user", (ctx, { params }) => {
    const member = ctx.store.member(params.user, params.guild);
    if (!member) throw unknownMember();
    return ok(member);
  }),
  {
    method: "GET",
    pattern: "/channels/:channel",
    auth: true,
    handler: (ctx, { params }) => ok(channelOf(ctx, params.channel)),
  },
  {
    method: "POST",
    pattern: "/channels/:channel/typing",
    auth: true,
    handler: (ctx, { params }) => {
      channelOf(ctx, params.channel);
      return noContent();
    },
  },
];
