import { SlashCommandSubcommandBuilder } from "discord.js";
import { analyseResponse } from "../interactions/analysis-view.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { gameHere } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("analyse")
  .setDescription("The engine's analysis of a finished game")
  .addStringOption((o) => o.setName("game").setDescription("Game id").setRequired(true));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  return analyseResponse(ctx, gameHere(ctx, options.getString("game")).row.id);
}

export const analyse: Command = { guards: ["guild"], definition, handle };
