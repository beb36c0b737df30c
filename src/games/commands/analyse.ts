import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { analyseResponse } from "../views/analysis-request.ts";
import { gameHere, gameIdOption } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:analyse.name",
  "commands:analyse.description",
).addStringOption(gameIdOption("game", "commands:shared.gameId"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  return analyseResponse(ctx, gameHere(ctx, options.getString("game")).row.id);
}

export const analyse: Command = { definition, handle };
