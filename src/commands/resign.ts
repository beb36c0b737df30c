import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { changedGame, gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("resign")
  .setDescription("Resign a game: your opponent wins")
  .addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  return changedGame(ctx, ctx.app.games.resign(target.row.id, ctx.userId, null), "You resigned.", true);
}

export const resign: Command = { guards: ["guild"], definition, handle, autocomplete: gameChoices };
