/**
 * The buttons of a game's message and of its notices: `g:<gameId>:<ply>:<action>`, the ply the board
 * showed, so that a press on an older board is refused as stale and answered with the current board.
 * Each kind declares how its actions are written after the ply; the refusals every game button shares
 * (an old board, not the presser's turn) are answered here. A second press of the house just played (a
 * double click) is not an old board to show again: it gets a short word, and no image.
 */
import { moveLetter } from "../../engine/index.ts";
import { isUserError, UserError } from "../../errors.ts";
import { user } from "../../i18n/index.ts";
import type { ButtonCodec, ButtonKind } from "../../interactions/buttons/kind.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import { ephemeral, type Response } from "../../interactions/reply.ts";
import { userOf } from "../snapshot.ts";
import { currentTakeback } from "../takebacks.ts";
import { staleAnswer } from "../views/game-updates.ts";
import type { Action, GameButtonId } from "./game-button-id.ts";

/** "It is not your turn" says who is to move (a mention in an ephemeral answer pings nobody). */
function notYourTurn(ctx: HandlerContext, gameId: string): UserError {
  const game = ctx.app.games.get(gameId);
  const toMove = game ? userOf(game.row, game.state.position.toMove) : null;
  return toMove
    ? new UserError("game/not-your-turn-named", { toMove: user(toMove) })
    : new UserError("game/not-your-turn");
}

/**
 * The press was the move just made, pressed again (a double click): its board is exactly one move
 * behind, and the move recorded there is this house, by this presser. "Already played: C", privately.
 */
function alreadyPlayed(ctx: HandlerContext, id: GameButtonId): Response | null {
  const action = id.action as Action & { readonly house?: unknown };
  if (action.kind !== "move" || typeof action.house !== "number") return null;
  const game = ctx.app.games.get(id.gameId);
  const last = game?.last;
  // A takeback also moves the ply on: a press of the board before it is an old board, not a double click.
  if (!game || !last || id.ply !== game.row.ply - 1 || currentTakeback(game.row)) return null;
  if (last.house !== action.house || userOf(game.row, last.player) !== ctx.userId) return null;
  return ephemeral(ctx.t("game:stale.played", { letter: moveLetter(last.player, last.house) }));
}

/** A game button kind: its actions' codec, and its handler. */
export function gameButton<A extends Action>(
  codec: ButtonCodec<GameButtonId<A>>,
  handle: (ctx: HandlerContext, id: GameButtonId<A>) => Response | Promise<Response>,
): ButtonKind<GameButtonId<A>> {
  return {
    ...codec,
    handle: async (ctx, id) => {
      try {
        return await handle(ctx, id);
      } catch (error) {
        if (isUserError(error) && error.code === "game/stale")
          return alreadyPlayed(ctx, id) ?? staleAnswer(ctx, id.gameId);
        // A double click on the move that ended the game meets "game over" first: the same short answer.
        if (isUserError(error) && error.code === "game/over") {
          const played = alreadyPlayed(ctx, id);
          if (played) return played;
        }
        if (isUserError(error) && error.code === "game/not-your-turn") throw notYourTurn(ctx, id.gameId);
        throw error;
      }
    },
  };
}
