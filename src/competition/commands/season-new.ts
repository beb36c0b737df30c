import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { ADMIN_COMMAND_NAME } from "../../commands/groups.ts";
import { localized } from "../../commands/localize.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { seasonQuestion } from "../views/season.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:seasonNew.name",
  "commands:seasonNew.description",
);

function handle(ctx: HandlerContext): Response {
  return seasonQuestion(ctx);
}

export const seasonNew: Command = {
  root: ADMIN_COMMAND_NAME,
  guards: ["guild", "manage-server"],
  group: "season",
  definition,
  handle,
};
