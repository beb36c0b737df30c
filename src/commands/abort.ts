import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { changedGame, gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("abort")
  .setDescription("Call off a game before both players have moved (no rating change)")
  .addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const game = ctx.app.games.abort(target.row.id, ctx.userId);
  // The notice that tells both players says who called it off.
  return changedGame(
    ctx,
    game,
    "Game aborted: no result, ratings unchanged.",
    true,
    `<@${ctx.userId}> aborted the game.`,
  );
}

export const abort: Command = { guards: ["guild"], definition, handle, autocomplete: gameChoices };
