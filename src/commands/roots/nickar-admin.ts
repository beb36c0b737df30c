/**
 * The /nickar-admin table: the admins' subcommands, then the season and roles groups, in the order Discord
 * shows them, with their guards. All run in a server; those that are an admin's whole are guarded by
 * MANAGE_SERVER (settings and the lists check it for the part that needs it, or not at all).
 */
import { rolesList } from "../../competition/commands/roles-list.ts";
import { rolesRemove } from "../../competition/commands/roles-remove.ts";
import { rolesSet } from "../../competition/commands/roles-set.ts";
import { seasonList } from "../../competition/commands/season-list.ts";
import { seasonNew } from "../../competition/commands/season-new.ts";
import { cancel } from "../../games/commands/cancel.ts";
import { voidGame } from "../../games/commands/void.ts";
import type { RootTable } from "../command.ts";
import { ADMIN_COMMAND_NAME } from "../groups.ts";
import { GUILD, MANAGE_SERVER } from "../guards.ts";
import { adminSettings } from "../settings.ts";

export const nickarAdmin: RootTable = {
  name: ADMIN_COMMAND_NAME,
  guards: [GUILD],
  subcommands: [
    { command: cancel, guards: [MANAGE_SERVER] },
    { command: voidGame, guards: [MANAGE_SERVER] },
    // Anyone may read the settings; changing them needs Manage Server (the handler checks).
    { command: adminSettings },
  ],
  groups: [
    {
      name: "season",
      texts: { name: "commands:group.season.name", description: "commands:group.season.description" },
      subcommands: [{ command: seasonNew, guards: [MANAGE_SERVER] }, { command: seasonList }],
    },
    {
      name: "roles",
      texts: { name: "commands:group.roles.name", description: "commands:group.roles.description" },
      subcommands: [
        { command: rolesSet, guards: [MANAGE_SERVER] },
        { command: rolesRemove, guards: [MANAGE_SERVER] },
        { command: rolesList, guards: [MANAGE_SERVER] },
      ],
    },
  ],
};
