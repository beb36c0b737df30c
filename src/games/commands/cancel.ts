import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { changedGame } from "./changed-game.ts";
import { anyGameChoices, gameHere, gameIdOption } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:cancel.name",
  "commands:cancel.description",
)
  .addStringOption(gameIdOption("game", "commands:shared.gameId"))
  .addStringOption((o) =>
    localized(o, "commands:option.reason", "commands:cancel.reason").setRequired(true).setMaxLength(200),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const { row } = gameHere(ctx, options.getString("game"));
  const game = ctx.app.games.cancel(row.id, options.getString("reason") ?? "");
  return changedGame(ctx, game, ctx.t("replies:cancel.done", { id: row.id }), { moved: true });
}

export const cancel: Command = {
  definition,
  handle,
  autocomplete: anyGameChoices,
};
