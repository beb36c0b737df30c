/**
 * The Drawer: Offer draw on the board (`g:…:d`; it reads Accept draw once the opponent offered), and the
 * answers on the notice that asks the opponent, Accept draw (`g:…:da`) and Decline (`g:…:dd`): the question
 * flow of question.ts.
 */
import { UserError } from "../../errors.ts";
import { answerRefusal } from "../questions.ts";
import { seatOf } from "../snapshot.ts";
import { acceptedReply, drawUpdate } from "../views/questions.ts";
import { drawId } from "./draw-id.ts";
import { questionButton } from "./question.ts";

export const draw = questionButton("draw", drawId, {
  ask: (ctx, id) => drawUpdate(ctx, ctx.app.games.draw(id.gameId, ctx.userId, id.ply)),
  accept: (ctx, id) => {
    // Offer draw and Accept draw are one service call: only an offer by the opponent is accepted here.
    const current = ctx.app.games.get(id.gameId);
    const seat = current ? seatOf(current.row, ctx.userId) : null;
    const refusal = current && seat !== null ? answerRefusal(current.row, "draw", seat, "accept") : null;
    if (refusal) throw new UserError(refusal);
    return drawUpdate(ctx, ctx.app.games.draw(id.gameId, ctx.userId, id.ply), acceptedReply(ctx, "draw"));
  },
});
