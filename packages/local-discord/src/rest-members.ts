// REST: a guild member's roles, given and taken one at a time by the bot (PUT/DELETE
// /guilds/{guild.id}/members/{user.id}/roles/{role.id}), refused as Discord refuses them.
import { PermissionFlagsBits } from "discord-api-types/v10";
import type { LocalContext } from "./context.ts";
import { missingPermissions, unknownGuild, unknownMember, unknownRole } from "./errors.ts";
import { noContent, type Route, type RouteRequest } from "./router.ts";
import { checkPathSnowflakes } from "./spec-validate.ts";

/** The `X-Audit-Log-Reason` header, which clients send URL-encoded (discord.js does); null when absent. */
function auditReason(request: RouteRequest): string | null {
  const header = request.req.headers["x-audit-log-reason"];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === "") return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Checks a member-role change as Discord does, in this order: ids that are not snowflakes (400 50035),
 * the guild (10004), the member (10007), the role (10011; @everyone too, which no one can be given or
 * lose), then the bot's rights (403 50013): Manage Roles (Administrator includes it), a role that is
 * not managed (a bot's or an integration's), and a role below the bot's highest. The server's owner
 * passes the last two checks' hierarchy, as on Discord; Administrator does not.
 */
function memberRoleChange(ctx: LocalContext, request: RouteRequest, add: boolean) {
  const { params } = request;
  checkPathSnowflakes({ guild: params.guild, user: params.user, role: params.role }, ["guild", "user", "role"]);
  const { store } = ctx;
  const guild = store.guilds.get(params.guild);
  if (!guild) throw unknownGuild();
  if (!guild.members.has(params.user) || !store.users.has(params.user)) throw unknownMember();
  const role = guild.roles.find((r) => r.id === params.role);
  if (!role || role.id === guild.everyoneRoleId) throw unknownRole();
  const bot = store.bot.id;
  const permissions = store.permissions(bot, undefined, guild.id);
  if ((permissions & PermissionFlagsBits.ManageRoles) === 0n) throw missingPermissions();
  if (role.managed) throw missingPermissions();
  if (bot !== guild.ownerId && role.position >= store.highestPosition(bot, guild.id)) throw missingPermissions();
  store.setMemberRole(params.user, role.id, add, guild.id, { userId: bot, reason: auditReason(request) });
  return noContent();
}

export const memberRoutes: Route[] = [
  {
    method: "PUT",
    pattern: "/guilds/:guild/members/:user/roles/:role",
    auth: true,
    handler: (ctx, request) => memberRoleChange(ctx, request, true),
  },
  {
    method: "DELETE",
    pattern: "/guilds/:guild/members/:user/roles/:role",
    auth: true,
    handler: (ctx, request) => memberRoleChange(ctx, request, false),
  },
];
