import { user } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { DrawResult } from "../service.ts";
import { askedTo, drawUpdate } from "../views/questions.ts";
import { questionCommand } from "./question.ts";

/** What the one who typed the command is told (privately): the draw agreed, or the offer made. */
function answer(ctx: HandlerContext, result: DrawResult): string {
  if (result.kind === "agreed") return ctx.t("game:draw.agreed");
  const to = askedTo(result.game, "draw");
  if (ctx.app.computer.is(to)) return ctx.t("game:draw.offeredToNickar");
  return ctx.t("game:draw.youOffered", { to: user(to), id: result.game.row.id });
}

/** As Offer draw on the board: the board shows it and the opponent is asked by a notice that pings them. */
export const draw = questionCommand(
  { name: "commands:draw.name", description: "commands:draw.description" },
  {
    ask: (ctx, gameId) => ctx.app.games.draw(gameId, ctx.userId, null),
    update: drawUpdate,
    answer,
  },
);
