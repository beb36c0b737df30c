import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { rulesText } from "../views/roles.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:rolesList.name",
  "commands:rolesList.description",
);

/** The server's role rules, and any that Discord refused (with why, in plain words). */
function handle(ctx: HandlerContext): Response {
  const content = rulesText(ctx.app.roles.list(requireGuild(ctx)), ctx.t);
  return { mode: "reply", reply: { content, ephemeral: true } };
}

export const rolesList: Command = {
  definition,
  handle,
};
