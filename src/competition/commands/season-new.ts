import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
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
  definition,
  handle,
};
