/** Resign (`g:…:r`) and its confirmation (`g:…:rc`). */
import { codes, gameButtonId } from "./game-button-id.ts";

export const resignId = gameButtonId(codes({ resign: "r", "resign-confirm": "rc" }));
