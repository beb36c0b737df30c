/** The game message of a game: reads what it shows besides the game (series, settings), then draws it. */
import type { GameSnapshot } from "../games/snapshot.ts";
import type { App } from "./context.ts";
import type { Reply } from "./reply.ts";
import { type BoardFacts, gameReply } from "./views.ts";

/** The series and the server's animation setting, for the game message. */
export function boardFacts(app: App, game: GameSnapshot): BoardFacts {
  const { row } = game;
  return {
    series: row.seriesId ? app.series.summary(row.seriesId) : null,
    animate: app.settings.get(row.guildId).animateMoves,
  };
}

/** The game message (board, buttons, narration), with its facts read now. */
export function gameMessage(app: App, game: GameSnapshot, extra?: string): Reply {
  return gameReply(app, game, boardFacts(app, game), extra);
}
