/**
 * The Drawer: Offer draw on the board (`g:…:d`; it reads Accept draw once the opponent offered), and
 * the answers on the notice that asks the opponent, Accept draw (`g:…:da`) and Decline (`g:…:dd`).
 */

import { opponent } from "../../engine/index.ts";
import { UserError } from "../../errors.ts";
import { user } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import { linkSuffix, type Response } from "../../interactions/reply.ts";
import { seatOf } from "../snapshot.ts";
import { turnNotice } from "../views/game-notices.ts";
import { drawUpdate, updateGame } from "../views/game-updates.ts";
import { drawId } from "./draw-id.ts";
import { gameButton } from "./game-button.ts";
import type { GameButtonId } from "./game-button-id.ts";

type DrawId = GameButtonId<{ readonly kind: "draw" | "draw-accept" | "draw-decline" }>;

/** Accept draw on the notice: only an offer by the opponent can be accepted (Offer draw would make one). */
function accept(ctx: HandlerContext, id: DrawId): Response {
  const current = ctx.app.games.get(id.gameId);
  const seat = current ? seatOf(current.row, ctx.userId) : null;
  if (current && seat !== null && current.row.drawOfferBy !== opponent(seat)) {
    throw new UserError(current.row.drawOfferBy === seat ? "draw/own-offer" : "draw/none-to-accept");
  }
  const result = ctx.app.games.draw(id.gameId, ctx.userId, id.ply);
  const reply = { content: ctx.tServer("game:draw.accepted", { player: user(ctx.userId) }), components: [] };
  return updateGame(ctx, result.game, { reply, moved: true });
}

function decline(ctx: HandlerContext, id: DrawId): Response {
  const game = ctx.app.games.declineDraw(id.gameId, ctx.userId, id.ply);
  const declined = updateGame(ctx, game, {
    reply: {
      content: ctx.tServer("game:draw.declined", { player: user(ctx.userId), link: linkSuffix(game.row) }),
      components: [],
      mentions: [],
    },
  });
  // The offer's notice gives way to the player to move's, as after a move.
  return { ...declined, notices: [turnNotice(game, ctx.tServer)] };
}

export const draw = gameButton(drawId, (ctx, id) => {
  switch (id.action.kind) {
    case "draw":
      return drawUpdate(ctx, ctx.app.games.draw(id.gameId, ctx.userId, id.ply));
    case "draw-accept":
      return accept(ctx, id);
    case "draw-decline":
      return decline(ctx, id);
  }
});
