import { SlashCommandSubcommandBuilder } from "discord.js";
import { analyseResponse } from "../interactions/analysis-request.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { localized } from "./localize.ts";
import { gameHere, gameIdOption } from "./shared.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:analyse.name",
  "commands:analyse.description",
).addStringOption(gameIdOption("game", "commands:shared.gameId"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  return analyseResponse(ctx, gameHere(ctx, options.getString("game")).row.id);
}

export const analyse: Command = { guards: ["guild"], definition, handle };
