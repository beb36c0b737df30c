/** Hint (`g:…:h`; games against Nickar and unrated games): the engine's best move, privately. */
import { UserError } from "../../errors.ts";
import type { HandlerContext } from "../context.ts";
import type { Response } from "../reply.ts";
import { scoreText } from "../views/analysis.ts";
import { codes, gameButton } from "./game-button.ts";

/** Checked now, searched after the acknowledgement. */
function hintAnswer(ctx: HandlerContext, gameId: string, ply: number): Response {
  const game = ctx.app.computer.hintGame(gameId, ctx.userId);
  if (ply !== game.row.ply) throw new UserError("game/stale");
  return {
    mode: "reply",
    reply: { content: ctx.t("game:hint.thinking"), ephemeral: true },
    deferred: async () => {
      const hint = await ctx.app.computer.hint(game);
      const values = {
        move: game.row.ply + 1,
        letter: hint.letter,
        why: hint.why,
        score: scoreText(hint.score, ctx.t),
      };
      return { content: ctx.t("game:hint.line", values), ephemeral: true };
    },
  };
}

export const hint = gameButton(codes({ hint: "h" }), (ctx, id) => hintAnswer(ctx, id.gameId, id.ply));
