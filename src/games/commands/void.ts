import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { changedGame } from "./changed-game.ts";
import { anyGameChoices, gameHere, gameIdOption } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:void.name",
  "commands:void.description",
)
  .addStringOption(gameIdOption("game", "commands:shared.gameId"))
  .addStringOption((o) =>
    localized(o, "commands:option.reason", "commands:void.reason").setRequired(true).setMaxLength(200),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = gameHere(ctx, options.getString("game"));
  const game = ctx.app.games.void(target.row.id, options.getString("reason") ?? "");
  const { id, voidReason } = game.row;
  return changedGame(ctx, game, ctx.t("replies:void.done", { id, reason: voidReason ?? "" }));
}

export const voidGame: Command = {
  definition,
  handle,
  autocomplete: anyGameChoices,
};
