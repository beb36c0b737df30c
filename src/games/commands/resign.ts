import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { changedGame } from "./changed-game.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:resign.name",
  "commands:resign.description",
).addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const game = ctx.app.games.resign(target.row.id, ctx.userId, null);
  return changedGame(ctx, game, ctx.t("replies:resign.done"), { moved: true });
}

export const resign: Command = { definition, handle, autocomplete: gameChoices };
