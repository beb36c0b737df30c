import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { anyGameChoices, changedGame, gameHere, gameIdOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("void")
  .setDescription("A finished game stops counting for ratings")
  .addStringOption(gameIdOption("game", "Game id"))
  .addStringOption((o) => o.setName("reason").setDescription("Why").setRequired(true).setMaxLength(200));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = gameHere(ctx, options.getString("game"));
  const game = ctx.app.games.void(target.row.id, options.getString("reason") ?? "");
  const { id, voidReason } = game.row;
  return changedGame(ctx, game, `Game \`${id}\` is void (${voidReason}): ratings were recomputed without it.`);
}

export const voidGame: Command = {
  admin: true,
  guards: ["guild", "manage-server"],
  definition,
  handle,
  autocomplete: anyGameChoices,
};
