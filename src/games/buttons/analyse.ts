/** Analyse (`g:…:an`, on a finished game's board): as /nickar analyse, the stored analysis or a place in the queue. */

import { analyseResponse } from "../views/analysis-request.ts";
import { analyseId } from "./analyse-id.ts";
import { gameButton } from "./game-button.ts";

export const analyse = gameButton(analyseId, (ctx, id) => analyseResponse(ctx, id.gameId));
