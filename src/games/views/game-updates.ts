/**
 * What a change to a game brings, whether a button or a slash command made it: the game's message
 * brought up to date, a series' next game posted, and the notices (the player to move, or both
 * players when it ended). Also the answer to a press on an old board; a draw offer's or a takeback's is
 * questions.ts.
 */

import { nextSeriesPost } from "../../competition/views/series-posts.ts";
import type { App, HandlerContext } from "../../interactions/context.ts";
import { type Edit, linkSuffix, type Notice, type Reply, type Response } from "../../interactions/reply.ts";
import { voiceOf } from "../../interactions/views/parts.ts";
import { tournamentFollowUps } from "../../tournaments/views/tournament-posts.ts";
import type { GameSnapshot } from "../snapshot.ts";
import { endingNotice } from "./ending.ts";
import { gameReply } from "./game-board.ts";
import { boardFacts, gameMessage, serverVoice } from "./game-message.ts";
import { gameNotices } from "./game-notices.ts";

/** How a change to a game is told; by default the answer is the board and nobody is notified. */
export interface GameChange {
  /** The answer on the pressed message, instead of the board. */
  readonly reply?: Reply;
  /**
   * The game moved on: a move was played, or the game ended (a resignation, an agreed draw, an abort,
   * a cancel, a time-out). The player to move is told, or both players how it ended.
   */
  readonly moved?: boolean;
  /** A line for the notice that tells how the game ended (who aborted it). */
  readonly note?: string;
}

/**
 * Updates the pressed message with the change's `reply` (default: the board), and the game's own
 * message too when the press came from another one (an ephemeral "current board", an older repost);
 * posts a series' next game once a series game ended, and the notices (see `noticesAfter`).
 */
export function updateGame(ctx: HandlerContext, game: GameSnapshot, change: GameChange = {}): Response {
  const board = gameMessage(ctx.app, game);
  const tournament = tournamentFollowUps(ctx.app, game);
  return {
    mode: "update",
    reply: change.reply ?? board,
    edits: [...gameMessageEdits(game, board, ctx.messageId), ...tournament.edits],
    posts: [...nextSeriesPost(ctx.app, game), ...tournament.posts],
    notices: noticesAfter(ctx.app, game, change),
  };
}

/** The edit that shows `board` on the game's own message, unless it has none or it is `answered` (updated anyway). */
export function gameMessageEdits(game: GameSnapshot, board: Reply, answered: string | null = null): Edit[] {
  const { channelId, messageId } = game.row;
  return messageId && messageId !== answered ? [{ ref: { channelId, messageId }, reply: board }] : [];
}

/**
 * The notices after a change to a game (see `gameNotices`; a mention notifies only in a new message),
 * and when the change `moved` it to its end, the notice telling both players how; in the server's language.
 */
export function noticesAfter(app: App, game: GameSnapshot, change: Omit<GameChange, "reply"> = {}): Notice[] {
  const { t } = serverVoice(app, game.row.guildId);
  const moved = change.moved ?? false;
  if (moved && game.row.status !== "active") return [endingNotice(app, game, boardFacts(app, game), t, change.note)];
  return gameNotices(game, moved, t);
}

/** The answer to a press on an out-of-date board: the current board, privately, with working buttons. */
export function staleAnswer(ctx: HandlerContext, gameId: string): Response {
  const game = ctx.app.games.find(gameId);
  // Only the presser sees it: in their language.
  const current = gameReply(ctx.app, game, boardFacts(ctx.app, game), voiceOf(ctx.locale));
  const elsewhere = game.row.messageId && game.row.messageId !== ctx.messageId;
  const stale = elsewhere ? ctx.t("game:stale.elsewhere", { link: linkSuffix(game.row) }) : ctx.t("game:stale.here");
  return {
    mode: "reply",
    reply: { ...current, ephemeral: true, mentions: [], content: `${stale}\n${current.content}` },
  };
}
