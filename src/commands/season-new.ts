import { SlashCommandSubcommandBuilder } from "discord.js";
import type { HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { seasonQuestion } from "../interactions/views/season.ts";
import type { Command } from "./command.ts";
import { localized } from "./localize.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:seasonNew.name",
  "commands:seasonNew.description",
);

function handle(ctx: HandlerContext): Response {
  return seasonQuestion(ctx);
}

export const seasonNew: Command = {
  admin: true,
  guards: ["guild", "manage-server"],
  group: "season",
  definition,
  handle,
};
