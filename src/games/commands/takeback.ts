import { user } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { TakebackResult } from "../service.ts";
import { requestedLetters, takebackLetters } from "../takebacks.ts";
import { askedTo, takebackUpdate } from "../views/questions.ts";
import { questionCommand } from "./question.ts";

/** What the one who typed the command is told (privately): the request made, or the takeback done. */
function answer(ctx: HandlerContext, result: TakebackResult): string {
  const { game } = result;
  if (result.kind === "asked") {
    const moves = requestedLetters(game.state, game.row.takebackBy!, false).join(", ");
    return ctx.t("game:takeback.youAsked", { to: user(askedTo(game, "takeback")), moves, id: game.row.id });
  }
  const moves = takebackLetters(game.state, result.undone).join(", ");
  // The one who typed it asked Nickar, which accepts at once, or accepted their opponent's request.
  return ctx.t(game.row.level !== null ? "game:takeback.nickarAccepted" : "game:takeback.youAccepted", { moves });
}

/** As Take back on the board: the board shows it and the opponent is asked by a notice that pings them. */
export const takeback = questionCommand(
  { name: "commands:takeback.name", description: "commands:takeback.description" },
  {
    ask: (ctx, gameId) => ctx.app.games.takeback(gameId, ctx.userId, null),
    update: (ctx, result) => takebackUpdate(ctx, result),
    answer,
  },
);
