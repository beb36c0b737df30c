/** A house on the board: `g:<gameId>:<ply>:m:<house>`. */
import { type ActionCodec, gameButtonId } from "./game-button-id.ts";

const moveAction: ActionCodec<{ readonly kind: "move"; readonly house: number }> = {
  kinds: ["move"],
  format: (action) => `m:${action.house}`,
  parse: (fields) =>
    fields.length === 2 && fields[0] === "m" && /^[1-6]$/.test(fields[1])
      ? { kind: "move", house: Number(fields[1]) }
      : null,
};

export const moveId = gameButtonId(moveAction);
