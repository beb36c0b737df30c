// REST: gateway discovery, users, the application, the guild and its channels and members.

import type { LocalContext } from "./context.ts";
import { unknownChannel, unknownGuild, unknownMember, unknownUser } from "./errors.ts";
import { guildObject } from "./guild-payloads.ts";
import { noContent, ok, type Route } from "./router.ts";

export function applicationObject(ctx: LocalContext) {
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
    flags: 0,
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

function guildOf(ctx: LocalContext, id: string) {
  if (id !== ctx.store.guildId) throw unknownGuild();
}

export const coreRoutes: Route[] = [
  {
    method: "GET",
    pattern: "/gateway/bot",
    auth: true,
    // discord.js needs session_start_limit, or login() throws a TypeError.
    handler: (ctx) =>
      ok({
        url: gatewayUrl(ctx),
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      }),
  },
  { method: "GET", pattern: "/gateway", auth: false, handler: (ctx) => ok({ url: gatewayUrl(ctx) }) },
  { method: "GET", pattern: "/users/@me", auth: true, handler: (ctx) => ok(ctx.store.bot) },
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
  { method: "GET", pattern: "/applications/@me", auth: true, handler: (ctx) => ok(applicationObject(ctx)) },
  {
    method: "GET",
    pattern: "/guilds/:guild",
    auth: true,
    handler: (ctx, { params, query }) => {
      guildOf(ctx, params.guild);
      const counts = query.get("with_counts") === "true";
      const members = ctx.store.memberList().length;
      return ok({
        ...guildObject(ctx.store),
        ...(counts ? { approximate_member_count: members, approximate_presence_count: members } : {}),
      });
    },
  },
  {
    method: "GET",
    pattern: "/guilds/:guild/channels",
    auth: true,
    handler: (ctx, { params }) => {
      guildOf(ctx, params.guild);
      return ok([...ctx.store.channels.values()]);
    },
  },
  {
    method: "GET",
    pattern: "/guilds/:guild/roles",
    auth: true,
    handler: (ctx, { params }) => {
      guildOf(ctx, params.guild);
      return ok(ctx.store.roles);
    },
  },
  {
    method: "GET",
    pattern: "/guilds/:guild/members",
    auth: true,
    handler: (ctx, { params, query }) => {
      guildOf(ctx, params.guild);
      const limit = Math.min(1000, Math.max(1, Number(query.get("limit") ?? 1)));
      const after = BigInt(query.get("after") ?? "0");
      return ok(
        ctx.store
          .memberList()
          .filter((m) => BigInt(m.user.id) > after)
          .sort((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1))
          .slice(0, limit),
      );
    },
  },
  {
    method: "GET",
    pattern: "/guilds/:guild/members/:user",
    auth: true,
    handler: (ctx, { params }) => {
      guildOf(ctx, params.guild);
      const member = ctx.store.member(params.user);
      if (!member) throw unknownMember();
      return ok(member);
    },
  },
  {
    method: "GET",
    pattern: "/channels/:channel",
    auth: true,
    handler: (ctx, { params }) => {
      const channel = ctx.store.channels.get(params.channel);
      if (!channel) throw unknownChannel();
      return ok(channel);
    },
  },
  {
    method: "POST",
    pattern: "/channels/:channel/typing",
    auth: true,
    handler: (ctx, { params }) => {
      if (!ctx.store.channels.has(params.channel)) throw unknownChannel();
      return noContent();
    },
  },
];

function gatewayUrl(ctx: LocalContext): string {
  return `${ctx.baseUrl().replace(/^http/, "ws")}/gateway`;
}
