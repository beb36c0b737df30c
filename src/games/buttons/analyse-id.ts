/** Analyse on a finished game: `g:…:an`. */
import { codes, gameButtonId } from "./game-button-id.ts";

export const analyseId = gameButtonId(codes({ analyse: "an" }));
