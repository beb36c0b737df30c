/** Offer draw (`g:…:d`), and on the opponent's notice Accept draw (`g:…:da`) and Decline (`g:…:dd`). */
import { codes, gameButtonId } from "./game-button-id.ts";

export const drawId = gameButtonId(codes({ draw: "d", "draw-accept": "da", "draw-decline": "dd" }));
