/** Animate the last move: `g:…:a`. */
import { codes, gameButtonId } from "./game-button-id.ts";

export const animateId = gameButtonId(codes({ animate: "a" }));
