/** Rematch on a finished game: `g:…:rm`. */
import { codes, gameButtonId } from "../../games/buttons/game-button-id.ts";

export const rematchId = gameButtonId(codes({ rematch: "rm" }));
