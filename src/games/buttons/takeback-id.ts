/** Take back (`g:…:t`), and on the opponent's notice Accept (`g:…:ta`) and Decline (`g:…:td`). */
import { codes, gameButtonId } from "./game-button-id.ts";

export const takebackId = gameButtonId(codes({ takeback: "t", "takeback-accept": "ta", "takeback-decline": "td" }));
