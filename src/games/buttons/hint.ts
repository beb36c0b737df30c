/** Hint (`g:…:h`; games against Nickar and unrated games): the engine's best move, privately. */

import { singleMoveLabel } from "../../engine/internal.ts";
import { UserError } from "../../errors.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { endgameText, scoreText } from "../views/analysis.ts";
import { gameButton } from "./game-button.ts";
import { hintId } from "./hint-id.ts";

/** Checked now, searched after the acknowledgement. */
function hintAnswer(ctx: HandlerContext, gameId: string, ply: number): Response {
  const game = ctx.app.computer.hintGame(gameId, ctx.userId);
  if (ply !== game.row.ply) throw new UserError("game/stale");
  return {
    mode: "reply",
    reply: { content: ctx.t("game:hint.thinking"), ephemeral: true },
    deferred: async () => {
      const hint = await ctx.app.computer.hint(game);
      const { history, movers, position } = game.state;
      // The move as the record will number it once played: "23. E", "23… e" (the move alone after an extra move).
      const next = { history: [...history, hint.house], movers: [...movers, position.toMove] };
      const values = {
        move: singleMoveLabel(next, next.history.length),
        why: hint.why,
        score: scoreText(hint.score, ctx.t),
      };
      // A decided endgame says so instead of an evaluation: "won endgame for South, 26–22 with best play".
      const content = hint.endgame
        ? ctx.t("game:hint.lineEndgame", { ...values, endgame: endgameText(hint.endgame, ctx.t) })
        : ctx.t("game:hint.line", values);
      return { content, ephemeral: true };
    },
  };
}

export const hint = gameButton(hintId, (ctx, id) => hintAnswer(ctx, id.gameId, id.ply));
