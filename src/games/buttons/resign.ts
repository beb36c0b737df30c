/**
 * Resign (`g:…:r`) asks first, privately, since resigning is final; its confirmation (`g:…:rc`,
 * the same ply) resigns.
 */
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { confirmation } from "../../interactions/views/parts.ts";
import { updateGame } from "../views/game-updates.ts";
import { gameButton } from "./game-button.ts";
import type { GameButtonId } from "./game-button-id.ts";
import { resignId } from "./resign-id.ts";

type ResignId = GameButtonId<{ readonly kind: "resign" | "resign-confirm" }>;

function question(ctx: HandlerContext, id: ResignId): Response {
  // Only a player of the game, on the current board, is asked.
  ctx.app.games.forPlayer(id.gameId, ctx.userId, id.ply);
  const confirm = { ...id, action: { kind: "resign-confirm" as const } };
  return { mode: "reply", reply: confirmation(ctx.t("game:resign.question"), confirm, ctx.t("game:resign.confirm")) };
}

function resigned(ctx: HandlerContext, id: ResignId): Response {
  const game = ctx.app.games.resign(id.gameId, ctx.userId, id.ply);
  // Confirmed on the ephemeral question: that answer just says so, the board is edited.
  const onBoard = ctx.messageId === game.row.messageId;
  const reply = onBoard ? undefined : { content: ctx.t("game:resign.done"), components: [] };
  return updateGame(ctx, game, { reply, moved: true });
}

export const resign = gameButton(resignId, (ctx, id) =>
  id.action.kind === "resign" ? question(ctx, id) : resigned(ctx, id),
);
