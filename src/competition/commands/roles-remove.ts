import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { roleMention } from "../views/roles.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:rolesRemove.name",
  "commands:rolesRemove.description",
).addRoleOption((o) => localized(o, "commands:option.role", "commands:rolesRemove.role").setRequired(true));

/** The role follows nothing any more; whoever holds it keeps it (take it away in Discord if you wish). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const role = options.getRole("role");
  if (!role) throw new UserError("roles/no-role");
  ctx.app.roles.remove(guildId, role.id);
  return {
    mode: "reply",
    reply: { content: ctx.t("replies:roles.removed", { role: roleMention(role.id) }), ephemeral: true },
  };
}

export const rolesRemove: Command = {
  definition,
  handle,
};
