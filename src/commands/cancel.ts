import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { anyGameChoices, changedGame, gameHere, gameIdOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("cancel")
  .setDescription("Cancel any game in this server, with no result")
  .addStringOption(gameIdOption("game", "Game id"))
  .addStringOption((o) =>
    o.setName("reason").setDescription("Why, shown on the board").setRequired(true).setMaxLength(200),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const { row } = gameHere(ctx, options.getString("game"));
  const game = ctx.app.games.cancel(row.id, options.getString("reason") ?? "");
  return changedGame(ctx, game, `Game ${row.id} cancelled.`, true);
}

export const cancel: Command = {
  admin: true,
  guards: ["guild", "manage-server"],
  definition,
  handle,
  autocomplete: anyGameChoices,
};
