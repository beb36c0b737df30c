/**
 * The messages about a game that show more than the game itself (the series, the rating changes, the
 * ladder, the animation setting): the facts are read here, then the pure views draw them.
 */

import type { App } from "../../interactions/context.ts";
import type { Reply } from "../../interactions/reply.ts";
import { type Voice, voiceOf } from "../../interactions/views/parts.ts";
import type { GameSnapshot } from "../snapshot.ts";
import { takebackRefusal } from "../takebacks.ts";
import type { BoardFacts } from "./board-facts.ts";
import { gameReply } from "./game-board.ts";

/** The server's language, in which a game's public messages are written. */
export function serverVoice(app: Pick<App, "serverLocale">, guildId: string | null): Voice {
  return voiceOf(app.serverLocale(guildId));
}

/** Everything the game message and the ending post read from the database, read once. */
export function boardFacts(app: App, game: GameSnapshot): BoardFacts {
  const { row } = game;
  const ended = row.status === "finished";
  const ratingChanges = new Map<string, { ratingBefore: number; ratingAfter: number }>();
  if (ended && row.rated && row.voidedAt === null) {
    for (const userId of [row.southId, row.northId]) {
      const change = app.ratings.changesIn([row.id], userId).get(row.id);
      if (change) ratingChanges.set(userId, change);
    }
  }
  const ladderGame = ended && row.ladderChallengerId !== null;
  return {
    series: row.seriesId ? app.series.summary(row.seriesId) : null,
    animate: app.settings.get(row.guildId).animateMoves,
    takebacks: row.status === "active" && takebackRefusal(row, app.settings.get(row.guildId).ratedTakebacks) === null,
    ratingChanges,
    rungs: ladderGame ? app.ladders.show({ guildId: row.guildId, ruleset: row.ruleset }).rungs : null,
  };
}

/** The game message (board, buttons, narration, result), with its facts read now. */
export function gameMessage(app: App, game: GameSnapshot, extra?: string): Reply {
  return gameReply(app, game, boardFacts(app, game), serverVoice(app, game.row.guildId), extra);
}
