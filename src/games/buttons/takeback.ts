/**
 * The Takebacker: Take back on the board (`g:…:t`; it reads Accept takeback once the opponent asked), and
 * the answers on the notice that asks the opponent, Accept takeback (`g:…:ta`) and Decline (`g:…:td`): the
 * question flow of question.ts. What a takeback undoes is src/games/takebacks.ts.
 */
import { acceptedReply, takebackUpdate } from "../views/questions.ts";
import { questionButton } from "./question.ts";
import { takebackId } from "./takeback-id.ts";

export const takeback = questionButton("takeback", takebackId, {
  ask: (ctx, id) => takebackUpdate(ctx, ctx.app.games.takeback(id.gameId, ctx.userId, id.ply)),
  accept: (ctx, id) =>
    takebackUpdate(ctx, ctx.app.games.acceptTakeback(id.gameId, ctx.userId, id.ply), acceptedReply(ctx, "takeback")),
});
