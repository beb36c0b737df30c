/** A house pressed on the board (`g:<gameId>:<ply>:m:<house>`): the move, if that board is still the current one. */
import { updateGame } from "../views/game-updates.ts";
import { type ActionCodec, gameButton } from "./game-button.ts";

const moveAction: ActionCodec<{ readonly kind: "move"; readonly house: number }> = {
  kinds: ["move"],
  format: (action) => `m:${action.house}`,
  parse: (fields) =>
    fields.length === 2 && fields[0] === "m" && /^[1-6]$/.test(fields[1])
      ? { kind: "move", house: Number(fields[1]) }
      : null,
};

export const move = gameButton(moveAction, (ctx, id) =>
  updateGame(ctx, ctx.app.games.play(id.gameId, ctx.userId, id.action.house, id.ply), { moved: true }),
);
