/**
 * What Discord would refuse before Nickar asks, read from the client's cache (the server's roles and
 * Nickar's own member come with the server over the gateway): the Manage Roles permission, a role at or
 * above Nickar's highest (Discord's role order), a role Discord manages, or no such role.
 */
import { type Client, PermissionFlagsBits } from "discord.js";
import type { RoleProblem } from "../role-rules.ts";

export function roleProblemOf(client: Client, guildId: string, roleId: string): RoleProblem | null {
  const guild = client.guilds.cache.get(guildId);
  // Not in the cache (another shard's server): Discord itself will say.
  if (!guild) return null;
  const role = guild.roles.cache.get(roleId);
  if (!role) return "unknown-role";
  if (role.managed || role.id === guild.id) return "managed";
  const me = guild.members.me;
  if (!me) return null;
  if (!me.permissions.has(PermissionFlagsBits.ManageRoles)) return "no-manage-roles";
  if (role.position >= me.roles.highest.position) return "above-nickar";
  return null;
}
