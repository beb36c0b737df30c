/** A house pressed on the board (`g:<gameId>:<ply>:m:<house>`): the move, if that board is still the current one. */
import { updateGame } from "../views/game-updates.ts";
import { gameButton } from "./game-button.ts";
import { moveId } from "./move-id.ts";

export const move = gameButton(moveId, (ctx, id) =>
  updateGame(ctx, ctx.app.games.play(id.gameId, ctx.userId, id.action.house, id.ply), { moved: true }),
);
