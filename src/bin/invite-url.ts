/**
 * `npm run invite-url`: prints the link that adds Nickar to a server, for the configured
 * application (DISCORD_APPLICATION_ID, else looked up with DISCORD_TOKEN): scopes `bot` and
 * `applications.commands`, and the permissions the bot checks for in a game channel; with `--roles`,
 * Manage Roles too, for servers that want roles to follow the standings (`/nickar-admin roles`).
 */
import { pathToFileURL } from "node:url";
import { PermissionFlagsBits, REST, Routes } from "discord.js";
import { ConfigError, loadConfig } from "../config.ts";
import { CHANNEL_NEEDS, INVITE_PERMISSIONS } from "../interactions/permissions.ts";

/** The permissions asked for: the game channels' needs, and Manage Roles only for roles that follow the standings. */
export function invitePermissions(roles = false): bigint {
  return BigInt(INVITE_PERMISSIONS) | (roles ? PermissionFlagsBits.ManageRoles : 0n);
}

export function inviteUrl(applicationId: string, roles = false): string {
  const scope = encodeURIComponent("bot applications.commands");
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=${scope}&permissions=${invitePermissions(roles)}`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  let applicationId = config.applicationId;
  if (!applicationId) {
    if (!config.token) throw new ConfigError("Set DISCORD_APPLICATION_ID (or DISCORD_TOKEN to look it up).");
    const rest = new REST(config.apiUrl ? { api: config.apiUrl } : {}).setToken(config.token);
    applicationId = ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  }
  const roles = process.argv.includes("--roles");
  const names = [...CHANNEL_NEEDS.map((n) => n.name), ...(roles ? ["Manage Roles"] : [])];
  console.log(inviteUrl(applicationId, roles));
  console.log(`Permissions ${invitePermissions(roles)}: ${names.join(", ")}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
