/** Hint: `g:…:h`. */
import { codes, gameButtonId } from "./game-button-id.ts";

export const hintId = gameButtonId(codes({ hint: "h" }));
