import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { user } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { changedGame } from "./changed-game.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:abort.name",
  "commands:abort.description",
).addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const game = ctx.app.games.abort(target.row.id, ctx.userId);
  // The notice that tells both players (in the server's language) says who called it off.
  const note = ctx.tServer("replies:abort.who", { user: user(ctx.userId) });
  return changedGame(ctx, game, ctx.t("replies:abort.done"), { moved: true, note });
}

export const abort: Command = { definition, handle, autocomplete: gameChoices };
