/**
 * Takebacks: Take back on the board (`g:…:t`; it reads Accept takeback once the opponent asked), and the
 * answers on the notice that asks the opponent, Accept takeback (`g:…:ta`) and Decline (`g:…:td`). As
 * the draw's buttons (draw.ts); what a takeback undoes is src/games/takebacks.ts.
 */

import { user } from "../../i18n/index.ts";
import { linkSuffix } from "../../interactions/reply.ts";
import { turnNotice } from "../views/game-notices.ts";
import { takebackUpdate, updateGame } from "../views/game-updates.ts";
import { gameButton } from "./game-button.ts";
import { takebackId } from "./takeback-id.ts";

export const takeback = gameButton(takebackId, (ctx, id) => {
  switch (id.action.kind) {
    case "takeback":
      return takebackUpdate(ctx, ctx.app.games.takeback(id.gameId, ctx.userId, id.ply));
    case "takeback-accept": {
      // Only a request of the opponent's can be accepted here (Take back on the board would make one).
      const result = ctx.app.games.acceptTakeback(id.gameId, ctx.userId, id.ply);
      const reply = { content: ctx.tServer("game:takeback.accepted", { player: user(ctx.userId) }), components: [] };
      return takebackUpdate(ctx, result, reply);
    }
    case "takeback-decline": {
      const game = ctx.app.games.declineTakeback(id.gameId, ctx.userId, id.ply);
      const declined = updateGame(ctx, game, {
        reply: {
          content: ctx.tServer("game:takeback.declined", { player: user(ctx.userId), link: linkSuffix(game.row) }),
          components: [],
          mentions: [],
        },
      });
      // The request's notice gives way to the player to move's, as after a move.
      return { ...declined, notices: [turnNotice(game, ctx.tServer)] };
    }
  }
});
