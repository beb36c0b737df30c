import { SlashCommandSubcommandBuilder } from "discord.js";
import type { HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { rulesText } from "../interactions/views/roles.ts";
import type { Command } from "./command.ts";
import { ADMIN_COMMAND_NAME } from "./groups.ts";
import { localized } from "./localize.ts";
import { requireGuild } from "./shared.ts";

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
  root: ADMIN_COMMAND_NAME,
  guards: ["guild", "manage-server"],
  group: "roles",
  definition,
  handle,
};
