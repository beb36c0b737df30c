/** Play on the board (`g:…:pb`): opens the Activity, the game's live board inside Discord. */
import { codes, gameButtonId } from "./game-button-id.ts";

export const boardId = gameButtonId(codes({ board: "pb" }));
