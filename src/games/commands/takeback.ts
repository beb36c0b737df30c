import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { user } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import type { TakebackResult } from "../service.ts";
import { requestedLetters, takebackLetters } from "../takebacks.ts";
import { takebackAskedTo } from "../views/game-notices.ts";
import { takebackUpdate } from "../views/game-updates.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:takeback.name",
  "commands:takeback.description",
).addStringOption(gameOption);

/** What the one who typed the command is told (privately): the request made, or the takeback done. */
function answer(ctx: HandlerContext, result: TakebackResult): string {
  const { game } = result;
  if (result.kind === "asked") {
    const moves = requestedLetters(game.state, game.row.takebackBy!, false).join(", ");
    return ctx.t("game:takeback.youAsked", { to: user(takebackAskedTo(game)), moves, id: game.row.id });
  }
  const moves = takebackLetters(game.state, result.undone).join(", ");
  // The one who typed it asked Nickar, which accepts at once, or accepted their opponent's request.
  return ctx.t(game.row.level !== null ? "game:takeback.nickarAccepted" : "game:takeback.youAccepted", { moves });
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const result = ctx.app.games.takeback(target.row.id, ctx.userId, null);
  // As Take back on the board: the board shows it and the opponent is asked by a notice that pings them.
  const updated = takebackUpdate(ctx, result);
  return { ...updated, mode: "reply", reply: { content: answer(ctx, result), ephemeral: true } };
}

export const takeback: Command = { definition, handle, autocomplete: gameChoices };
