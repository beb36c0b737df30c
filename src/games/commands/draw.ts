import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { user } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import type { DrawResult } from "../service.ts";
import { drawOfferedTo } from "../views/game-notices.ts";
import { drawUpdate } from "../views/game-updates.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:draw.name",
  "commands:draw.description",
).addStringOption(gameOption);

/** What the one who typed the command is told (privately): the draw agreed, or the offer made. */
function answer(ctx: HandlerContext, result: DrawResult): string {
  if (result.kind === "agreed") return ctx.t("game:draw.agreed");
  const to = drawOfferedTo(result.game);
  if (ctx.app.computer.is(to)) return ctx.t("game:draw.offeredToNickar");
  return ctx.t("game:draw.youOffered", { to: user(to), id: result.game.row.id });
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const target = resolveGame(ctx, options.getString("game"));
  const result = ctx.app.games.draw(target.row.id, ctx.userId, null);
  // As Offer draw on the board: the board shows it and the opponent is asked by a notice that pings them.
  return { ...drawUpdate(ctx, result), mode: "reply", reply: { content: answer(ctx, result), ephemeral: true } };
}

export const draw: Command = { definition, handle, autocomplete: gameChoices };
