/** Animate (`g:…:a`): the last move as an animation, privately. */

import { singleMoveLabel } from "../../engine/internal.ts";
import { UserError } from "../../errors.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { narration, playerNames } from "../views/game-board.ts";
import { animateId } from "./animate-id.ts";
import { gameButton } from "./game-button.ts";

function animation(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.find(gameId);
  if (!game.last) throw new UserError("game/no-moves");
  return {
    mode: "reply",
    reply: {
      content: ctx.t("game:animate.move", {
        move: singleMoveLabel(game.state, game.state.ply),
        narration: narration(game, ctx.t) ?? "",
      }),
      ephemeral: true,
      mentions: [],
      image: async () => {
        const names = await playerNames(ctx.app, game);
        const look = { locale: ctx.locale };
        const data = await ctx.app.images.moveGif(game, names, look);
        const description = await ctx.app.images.boardAlt(game, names, look);
        return data ? { name: `nickar-${game.row.id}-${game.row.ply}.gif`, data, description } : null;
      },
    },
  };
}

export const animate = gameButton(animateId, (ctx, id) => animation(ctx, id.gameId));
